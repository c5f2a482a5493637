"""Katan's names of things in the reader's language, for the chat and the
terminal alike: the engines name cards, tracks, progress cards and the
Forgotten Tribe's chips in English (the grammar reads those words in every
language), and these tables, in the engines' order, say them in the
reader's (tests/test_i18n_katan.py holds each to the engine's tuple)."""

from typing import Final

from languages import N_, _

DEV_SAID: Final = (
    N_("Knight"),
    N_("Road Building"),
    N_("Year of Plenty"),
    N_("Monopoly"),
    N_("Victory Point"),
)
"""`DEV_LABELS`, the development cards, as a person reads them."""
CARD_SAID: Final = (
    N_("lumber"),
    N_("brick"),
    N_("wool"),
    N_("grain"),
    N_("ore"),
    N_("cloth"),
    N_("coin"),
    N_("paper"),
)
"""`CARD_NAMES` as a person reads them, in their language (the grammar reads
the English names in every language)."""
TRACK_SAID: Final = (N_("trade"), N_("politics"), N_("science"))
"""`TRACK_NAMES`, Cities & Knights' city tracks, as a person reads them."""
COLOUR_SAID: Final = (N_("yellow"), N_("blue"), N_("green"))
"""`TRACK_COLOURS`: the colour of each track's deck and gate."""
PROGRESS_SAID: Final = (
    N_("Alchemist"),
    N_("Crane"),
    N_("Engineer"),
    N_("Inventor"),
    N_("Irrigation"),
    N_("Medicine"),
    N_("Mining"),
    N_("Printer"),
    N_("Road Building"),
    N_("Smith"),
    N_("Bishop"),
    N_("Constitution"),
    N_("Deserter"),
    N_("Diplomat"),
    N_("Intrigue"),
    N_("Saboteur"),
    N_("Spy"),
    N_("Warlord"),
    N_("Wedding"),
    N_("Commercial Harbor"),
    N_("Master Merchant"),
    N_("Merchant"),
    N_("Merchant Fleet"),
    N_("Resource Monopoly"),
    N_("Trade Monopoly"),
)
"""`PROGRESS_TITLES` (in `PROGRESS_NAMES` order) as a person reads them; the
grammar reads the English names (`play crane`)."""
CHIP_SAID: Final = (N_("point"), N_("harbour"), N_("gold"))
"""`CHIP_NAMES`: the Forgotten Tribe's gifts."""
TERRAIN_SAID: Final = (
    N_("forest"),
    N_("hills"),
    N_("pasture"),
    N_("fields"),
    N_("mountains"),
    N_("desert"),
    N_("sea"),
    N_("gold"),
    N_("fog"),
    N_("village"),
    N_("fortress"),
    N_("canal"),
)
"""`TERRAIN_NAMES`: what a hex is, as the narration names it."""
LEVEL_SAID: Final = (N_("basic"), N_("strong"), N_("mighty"))
"""A knight's strength, 1 to 3."""
CHEST_SAID: Final = (N_("goods"), N_("choice"), N_("development"), N_("roads"))
"""`CHEST_NAMES`: what a treasure chest holds."""


def card_said(kind: int) -> str:
    """One card kind in the reader's language: `wool`, `Wolle`."""
    return _(CARD_SAID[kind])


def card_title(kind: int) -> str:
    """A card kind as a label begins it: `Wool`, `Wolle`."""
    said = card_said(kind)
    return said[:1].upper() + said[1:]


def progress_said(card: int) -> str:
    return _(PROGRESS_SAID[card])


def track_said(track: int) -> str:
    return _(TRACK_SAID[track])
