"""Euchre as the ProLibertate app plays it (NATIVE.md §5.2), with the optional
defend-alone and farmer's-hand toggles of RULINGS 13. See docs/euchre.md."""
