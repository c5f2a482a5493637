"""The pieces and cards Cities & Knights adds, as small ints after the base game's.

A hand with this rule set is eight cards wide: the five resources, then the
three commodities (cloth, coin, paper), so every base mechanism that moves
cards (discards, steals, trades, the bank) works on commodities unchanged.
Each improvement track is tied to one commodity and one progress deck.
"""

from typing import Final

from engine.katan.components import CARD_NAMES, FIELDS, FOREST, HILLS, MOUNTAINS, PASTURE

CLOTH: Final = 5
COIN: Final = 6
PAPER: Final = 7
GOODS: Final = 8
"""Card kinds in a Cities & Knights hand: resources 0..4, commodities 5..7."""
COMMODITIES: Final = (CLOTH, COIN, PAPER)
GOOD_NAMES: Final = CARD_NAMES
COMMODITY_START: Final = 12

TRADE: Final = 0
POLITICS: Final = 1
SCIENCE: Final = 2
TRACKS: Final = 3
TRACK_NAMES: Final = ("trade", "politics", "science")
TRACK_COLOURS: Final = ("yellow", "blue", "green")
TRACK_GOOD: Final = (CLOTH, COIN, PAPER)
"""The commodity each track's improvements are bought with."""
LEVELS: Final = 5
ABILITY_LEVEL: Final = 3
"""Level 3 gives the track's ability: 2:1 commodities, mighty knights, the aqueduct."""
METROPOLIS_LEVEL: Final = 4

CITY_PRODUCE: Final = {
    FOREST: ((FOREST, 1), (PAPER, 1)),
    PASTURE: ((PASTURE, 1), (CLOTH, 1)),
    MOUNTAINS: ((MOUNTAINS, 1), (COIN, 1)),
    HILLS: ((HILLS, 2),),
    FIELDS: ((FIELDS, 2),),
}
"""What a city collects from each terrain."""

WALL_COST: Final = (0, 2, 0, 0, 0)
KNIGHT_COST: Final = (0, 0, 1, 0, 1)
"""Hiring and promoting: 1 wool and 1 ore."""
ACTIVATE_COST: Final = (0, 0, 0, 1, 0)
WALL_PIECES: Final = 3
KNIGHTS_PER_LEVEL: Final = 2
KNIGHT_LEVELS: Final = 3
"""Basic (1), strong (2) and mighty (3) knights; their strength is the level."""
WALL_HAND_BONUS: Final = 2

BARBARIAN_START: Final = 7
"""Steps from Catan; a ship on the event die moves them one nearer."""
EVENT_SHIP: Final = 3
EVENT_FACES: Final = 6
"""Faces 0..2 are gates (trade, politics, science), 3..5 the barbarian ship."""

PROGRESS_HAND: Final = 4

# Progress cards, by deck: science (green), politics (blue), trade (yellow).
ALCHEMIST: Final = 0
CRANE: Final = 1
ENGINEER: Final = 2
INVENTOR: Final = 3
IRRIGATION: Final = 4
MEDICINE: Final = 5
MINING: Final = 6
PRINTER: Final = 7
ROAD_BUILDING_CARD: Final = 8
SMITH: Final = 9
BISHOP: Final = 10
CONSTITUTION: Final = 11
DESERTER: Final = 12
DIPLOMAT: Final = 13
INTRIGUE: Final = 14
SABOTEUR: Final = 15
SPY: Final = 16
WARLORD: Final = 17
WEDDING: Final = 18
COMMERCIAL_HARBOR: Final = 19
MASTER_MERCHANT: Final = 20
MERCHANT: Final = 21
MERCHANT_FLEET: Final = 22
RESOURCE_MONOPOLY: Final = 23
TRADE_MONOPOLY: Final = 24
PROGRESS_KINDS: Final = 25
PROGRESS_NAMES: Final = (
    "alchemist",
    "crane",
    "engineer",
    "inventor",
    "irrigation",
    "medicine",
    "mining",
    "printer",
    "road_building",
    "smith",
    "bishop",
    "constitution",
    "deserter",
    "diplomat",
    "intrigue",
    "saboteur",
    "spy",
    "warlord",
    "wedding",
    "commercial_harbor",
    "master_merchant",
    "merchant",
    "merchant_fleet",
    "resource_monopoly",
    "trade_monopoly",
)
PROGRESS_TITLES: Final = tuple(n.replace("_", " ").title() for n in PROGRESS_NAMES)
PROGRESS_COUNT: Final = (2, 2, 1, 2, 2, 2, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2, 3, 2, 2, 2, 2, 6, 2, 4, 2)
"""Copies of each card: 18 per deck, 54 in all."""
PROGRESS_TRACK: Final = (SCIENCE,) * 10 + (POLITICS,) * 9 + (TRADE,) * 6
"""The deck (by track) each card belongs to."""
FACE_UP: Final = (PRINTER, CONSTITUTION)
"""Victory point cards: laid face up when drawn, never held."""
BEFORE_ROLL_ONLY: Final = (ALCHEMIST,)
AFTER_ATTACK_ONLY: Final = (BISHOP,)
"""The Bishop moves the robber, which sleeps until the first barbarian attack."""

TARGETS: Final = (8, 10, 13, 15)
"""The points-to-win menu; 13 is the default."""
