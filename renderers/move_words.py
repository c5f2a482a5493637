"""Moves in people's words, for the menus of every frontend.

The engines label their moves once, in English (`kinds.move_label`): those
labels are also the words the chat grammar reads, so they stay. What a menu
shows a person is said here, in the reader's language: Euchre's and
Sequence's few moves by their own texts, Katan's from its kind table, whose
labels are marked for the catalog where the engine defines them.
"""

from collections.abc import Callable

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
from engine.katan import kinds
from engine.katan.moves import Move as KatanMove
from engine.sequence.moves import Move as SequenceMove
from languages import _
from renderers.katan.places import PLACE_KINDS
from renderers.katan_words import card_said, progress_said, track_said


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


def sequence_move(move: SequenceMove) -> str:
    """A move as a menu shows it (the engine's `move_label` is the grammar's
    English, `play 9♥ on 12`)."""
    card = label(move.card)
    if move.kind == "place":
        return _("Play {card} on {cell}").format(card=card, cell=move.cell)
    if move.kind == "remove":
        return _("Remove the chip on {cell} with {card}").format(card=card, cell=move.cell)
    return _("Exchange dead {card}").format(card=card)


def _cards_said(counts: tuple[int, ...]) -> str:
    """`2 Wolle und 1 Erz`: the engine's `cards_text` in the reader's words."""
    parts = [f"{n} {card_said(kind)}" for kind, n in enumerate(counts) if n]
    if not parts:
        return _("nothing")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + _(" and ") + parts[-1]


def _value_said(
    kind: str, value: int | tuple[int, ...], seat_word: Callable[[int], str], spoken: bool
) -> str:
    """`kinds.value_words` for a reader: cards, tracks and progress cards in
    their language (a label never takes the command form, so `spoken` is
    not read)."""
    if kind == kinds.CARDS:
        assert isinstance(value, tuple)
        return _cards_said(value)
    if kind in kinds.PAIRS:
        assert isinstance(value, tuple)
        return card_said(value[0]) + _(" and ") + card_said(value[1])
    assert isinstance(value, int)
    if kind in (kinds.SEAT, kinds.VICTIM, kinds.ADDRESSEE):
        if value < 0:
            return _("everyone") if kind == kinds.ADDRESSEE else _("nobody")
        return seat_word(value)
    if kind in (kinds.RESOURCE, kinds.COMMODITY, kinds.GOOD):
        return card_said(value)
    if kind == kinds.TRACK:
        return track_said(value)
    if kind == kinds.PROGRESS:
        return progress_said(value)
    return str(value)


def _seat(seat: int) -> str:
    """The engine's way to name a seat, which `renderers.words.spoken` then
    turns into the seat's name."""
    return f"Seat {seat}"


def katan_move(move: KatanMove) -> str:
    """A Katan move as a menu shows it: its kind's label from the catalog,
    its values in the reader's words, seats as `Seat N` for `spoken` to name."""
    template = _(kinds.TABLE[move[0]].label)
    return kinds.fill(template, move, _seat, spoken=False, words=_value_said)


def katan_heading(code: int) -> str:
    """What moves of a kind that points at one place are listed under
    ("build road", „Straße bauen“): its label up to the place."""
    kind = kinds.TABLE[code]
    place = next(f.name for f in reversed(kind.fields) if f.kind in PLACE_KINDS)
    return _(kind.label).split("{" + place + "}")[0].rstrip(" :")
