"""Cities & Knights: the rule set that replaces development cards with knights,
commodities, city improvements and progress cards (docs/katan.md)."""
