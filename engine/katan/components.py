"""The physical components of the base game as small ints, plus their names.

Resources are 0..4 and a producing terrain has the same number as the
resource it yields, so production needs no lookup table. Later rule sets add
kinds after these (gold, fog, commodities) without renumbering them.
"""

from typing import Final

LUMBER: Final = 0
BRICK: Final = 1
WOOL: Final = 2
GRAIN: Final = 3
ORE: Final = 4
RESOURCES: Final = 5
RESOURCE_NAMES: Final = ("lumber", "brick", "wool", "grain", "ore")
CARD_NAMES: Final = (*RESOURCE_NAMES, "cloth", "coin", "paper")
"""Every kind of card a hand can hold: the commodities (5..7) come with Cities & Knights."""
BANK_START: Final = 19
LARGE_TABLE: Final = 5
"""Tables of this many seats or more play the five-to-six player extension: the
larger island, a bigger bank and deck, and the special building phase."""
BANK_LARGE: Final = 24
"""The extension's 24 of each resource."""

FOREST: Final = LUMBER
HILLS: Final = BRICK
PASTURE: Final = WOOL
FIELDS: Final = GRAIN
MOUNTAINS: Final = ORE
DESERT: Final = 5
SEA: Final = 6
GOLD: Final = 7
"""Seafarers' gold field: pays a resource of the owner's choice."""
FOG: Final = 8
"""Seafarers' face-down land: what lies under it is drawn when a piece reaches it."""
VILLAGE: Final = 9
"""Cloth for Catan's village: pays cloth tokens, produces no cards."""
FORTRESS: Final = 10
"""Pirate Islands' fortress: no number, raided down to a desert."""
CANAL: Final = 11
"""The Great Canal's tile: a desert until dug out, then fields with its hidden number."""
TERRAIN_NAMES: Final = (
    "forest",
    "hills",
    "pasture",
    "fields",
    "mountains",
    "desert",
    "sea",
    "gold",
    "fog",
    "village",
    "fortress",
    "canal",
)

KNIGHT: Final = 0
ROAD_BUILDING: Final = 1
YEAR_OF_PLENTY: Final = 2
MONOPOLY: Final = 3
VICTORY_POINT: Final = 4
DEV_KINDS: Final = 5
DEV_NAMES: Final = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
DEV_LABELS: Final = ("Knight", "Road Building", "Year of Plenty", "Monopoly", "Victory Point")
DEV_DECK: Final = (14, 2, 2, 2, 5)
DEV_DECK_LARGE: Final = (20, 3, 3, 3, 5)
"""The extension's 34 cards: six more knights and one more of each progress card."""

GENERIC_HARBOUR: Final = 5
"""Harbour kinds 0..4 trade that resource 2:1; kind 5 trades anything 3:1."""
HARBOUR_NAMES: Final = (*RESOURCE_NAMES, "any")

ROAD_COST: Final = (1, 1, 0, 0, 0)
SETTLEMENT_COST: Final = (1, 1, 1, 1, 0)
CITY_COST: Final = (0, 0, 0, 2, 3)
DEV_COST: Final = (0, 0, 1, 1, 1)

ROAD_PIECES: Final = 15
SETTLEMENT_PIECES: Final = 5
CITY_PIECES: Final = 4

LONGEST_ROAD_MIN: Final = 5
LARGEST_ARMY_MIN: Final = 3
DISCARD_OVER: Final = 7
OFFERS_PER_TURN: Final = 3
"""Domestic offers a seat may make in one turn. Without a cap a turn need never
end: two seats can swap the same cards back and forth, or one seat can re-offer
a declined trade forever, so a table could stall on an AI or a script."""

PIPS: Final = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)
"""Ways to roll each total with two dice, indexed by the total."""


def cards_text(counts: tuple[int, ...] | list[int]) -> str:
    """'2 wool and 1 ore' for a count per card kind; 'nothing' when empty."""
    parts = [f"{n} {CARD_NAMES[r]}" for r, n in enumerate(counts) if n]
    if not parts:
        return "nothing"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]
