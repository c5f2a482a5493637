"""Katan's colours and the words printed on its hexes.

Every colour here comes with a second cue (a word, a marking, a shape or a
count), so no fact on the island depends on colour alone.
"""

from typing import Final

from engine.katan.components import GOLD, RESOURCE_NAMES, RESOURCES, TERRAIN_NAMES
from renderers import style
from renderers.style import TEAM_STYLES, Mark, TeamStyle, hex_rgb

BROWN: Final = TeamStyle("Brown", "N", hex_rgb("#5C3A1E"), hex_rgb("#FFFFFF"), Mark.DIAMOND)
"""The extension's sixth colour, dark enough to stand apart from the hills'
brick red; its diamond marking tells it from orange where hue fails."""
SEAT_STYLES: Final = (
    TEAM_STYLES[0],
    TEAM_STYLES[1],
    TEAM_STYLES[4],
    TEAM_STYLES[3],
    TEAM_STYLES[2],
    BROWN,
)
"""Blue, orange, white and pink for the usual four seats: apart for every common
colour-vision deficiency and off the island's greens, golds and greys. Five and
six seats add the extension's green and brown, each with its own marking."""

TERRAIN_FILL: Final = (
    hex_rgb("#2F7A3B"),  # forest
    hex_rgb("#B5552B"),  # hills
    hex_rgb("#A6CF6B"),  # pasture
    hex_rgb("#EDC54A"),  # fields
    hex_rgb("#8E919C"),  # mountains
    hex_rgb("#E2D2A2"),  # desert
    hex_rgb("#3A76B0"),  # sea
    hex_rgb("#C9962A"),  # gold
    hex_rgb("#B4BAC2"),  # fog (face down)
    hex_rgb("#C7A27C"),  # village
    hex_rgb("#5E5650"),  # fortress
    hex_rgb("#7DB6D8"),  # canal
)
"""Indexed by terrain kind (engine.katan.components), Seafarers' kinds included."""
TERRAIN_INK: Final = (
    style.LIGHT_INK,
    style.LIGHT_INK,
    style.INK,
    style.INK,
    style.INK,
    style.INK,
    style.LIGHT_INK,
    style.INK,
    style.INK,
    style.INK,
    style.LIGHT_INK,
    style.INK,
)
TERRAIN_WORDS: Final = tuple(
    RESOURCE_NAMES[t] if t < RESOURCES else TERRAIN_NAMES[t] for t in range(len(TERRAIN_NAMES))
)
"""What a hex says: the resource it yields (as printed on the cards), else the
terrain's name ("desert", "gold", "fog", …)."""

GOOD_FILL: Final = (
    *TERRAIN_FILL[:RESOURCES],
    hex_rgb("#B79FD9"),  # cloth
    hex_rgb("#B08D57"),  # coin
    hex_rgb("#EFE6CF"),  # paper
)
"""Card kinds in a hand: a resource in its terrain's colour, then the commodities."""
GOOD_INK: Final = (*TERRAIN_INK[:RESOURCES], style.INK, style.INK, style.INK)

TRACK_FILL: Final = (hex_rgb("#F2C230"), hex_rgb("#3F7FD6"), hex_rgb("#3E9B4F"))
"""Trade yellow, politics blue, science green, as the improvement tracks are printed."""
TRACK_INK: Final = (style.INK, style.LIGHT_INK, style.LIGHT_INK)
TRACK_LETTERS: Final = ("T", "P", "S")
"""Printed on every track-coloured mark, so the track reads without its colour."""

SEA_BACK: Final = hex_rgb("#2F6AA3")
SHORE: Final = hex_rgb("#D8C792")
TOKEN: Final = hex_rgb("#F6EBCF")
RED_NUMBER: Final = hex_rgb("#C8102E")
ROBBER_FILL: Final = hex_rgb("#262626")
STONE: Final = hex_rgb("#77716A")
"""City walls."""
SHIP_FILL: Final = hex_rgb("#3B2A1E")
"""The barbarians' ship and the event die's ship face."""
ATTACK: Final = hex_rgb("#B3261E")
"""The track's last cell, where the barbarians land."""

CLOTH_FILL: Final = GOOD_FILL[RESOURCES]
"""A village's cloth tag, in the colour of the cloth cards."""
DUG_FILL: Final = hex_rgb("#7A5230")
"""A canal unit dug: turned earth, against the white of one still to dig."""
CHIP_FILL: Final = (style.CARD_FACE, hex_rgb("#9ED0E6"), TERRAIN_FILL[GOLD])
"""The tribe's chips: a point white, a harbour sea-blue, gold in the gold field's colour."""
WONDER_FILL: Final = hex_rgb("#8C6BB1")
"""A wonder stage built: marble-violet, against the white of one still to build."""
