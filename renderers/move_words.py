"""Moves in people's words, for the menus of every frontend.

The engines label their moves once, in English (`kinds.move_label`): those
labels are also the words the chat grammar reads, so they stay. What a menu
shows a person is said here, in the reader's language.
"""

from engine.cards import label
from engine.euchre.moves import (
    CallTrump,
    DefendAlone,
    Discard,
    EuchreMove,
    FarmersHand,
    OrderUp,
    PlayCard,
)
from languages import _


def euchre_move(move: EuchreMove) -> str:
    """A move as a menu shows it, in the reader's language (the engine's
    `kinds.move_label` is the English one the grammar reads)."""
    if isinstance(move, PlayCard):
        return _("Play {card}").format(card=label(move.card))
    if isinstance(move, Discard):
        return _("Discard {card}").format(card=label(move.card))
    if isinstance(move, OrderUp):
        return _("Order up alone") if move.alone else _("Order up")
    if isinstance(move, CallTrump):
        said = _("Call {suit} alone") if move.alone else _("Call {suit}")
        return said.format(suit=move.suit.symbol)
    if isinstance(move, DefendAlone):
        return _("Defend alone")
    if isinstance(move, FarmersHand):
        return _("Exchange farmer's hand")
    return _("Pass")
