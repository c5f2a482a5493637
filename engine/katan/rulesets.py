"""The one registry of Katan's rule sets: which expansions combine, what each
combination is called, its points-to-win menu, and where its rules live.

Options, the game, the chat lobbies and the docs all read this table, so a
new rule set (or combination) is one entry here plus its own package.
Rule sets load lazily: a daemon hosting only base games never imports them.
"""

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Final

from engine.katan.kinds import CITIES, SEAFARERS
from engine.katan.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class Entry:
    expansions: tuple[str, ...]
    """Sorted expansion names: the `expansions` option's value."""
    title: str
    target: int
    """Points to win by default."""
    menu: tuple[int, ...]
    """The points-to-win choices a menu offers (any whole number 3..20 is accepted)."""
    where: str
    """`module:NAME` of the RuleSet instance."""


ENTRIES: Final = (
    Entry((), "Katan", 10, (5, 8, 10, 12), "engine.katan.ruleset:BASE_GAME"),
    Entry(
        (CITIES,),
        "Katan: Cities & Knights",
        13,
        (8, 10, 13, 15),
        "engine.katan.cities.rules:CITIES_RULES",
    ),
    Entry(
        (SEAFARERS,), "Katan: Seafarers", 12, (8, 10, 12, 14), "engine.katan.sea.rules:SEA_RULES"
    ),
    Entry(
        (CITIES, SEAFARERS),
        "Katan: Seafarers with Cities & Knights",
        14,
        (10, 12, 14, 16),
        "engine.katan.sea.cities:SEA_CITIES_RULES",
    ),
)

EXPANSIONS: Final = tuple(sorted({name for e in ENTRIES for name in e.expansions}))
BY_EXPANSIONS: Final = {e.expansions: e for e in ENTRIES}


def entry(expansions: tuple[str, ...]) -> Entry:
    return BY_EXPANSIONS[tuple(sorted(expansions))]


@cache
def ruleset(expansions: tuple[str, ...]) -> RuleSet:
    """The shared RuleSet instance for a combination of expansions."""
    module, name = entry(expansions).where.split(":")
    found: RuleSet = getattr(import_module(module), name)
    return found
