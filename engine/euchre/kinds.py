"""Every Euchre move kind, described once: its fields, label, command and JSON.

The move label, the app's JSON (`wire.py`), the malformed-move check and the
chat grammar all read this table instead of keeping a `match` over the move
classes each. A kind's *fields* are its dataclass attributes, in the order
the app writes them: a flag (`alone`), a suit or a card. Two templates say a
move in words: `label` for menus and narration ("call ♥ alone"), `say` for
the command the chat grammar reads back ("call hearts alone"); `{name}` is a
field and `[...]` is left out when a flag inside it is false.
"""

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.cards import Suit, code, label
from engine.euchre.moves import (
    CALL_TRUMP,
    DEFEND_ALONE,
    DISCARD,
    FARMERS_HAND,
    ORDER_UP,
    PASS,
    PLAY,
    CallTrump,
    DefendAlone,
    Discard,
    EuchreMove,
    FarmersHand,
    OrderUp,
    Pass,
    PlayCard,
)

FLAG: Final = "flag"
"""True or false; said as the field's name (`alone`) when true."""
SUIT: Final = "suit"
CARD: Final = "card"

SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
"""How a command names a suit (the app's JSON uses the enum names)."""


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    """The dataclass attribute, the JSON key and the `{name}` of the templates."""
    kind: str


@dataclass(frozen=True, slots=True)
class MoveKind:
    name: str
    """The app's JSON discriminator (`type`)."""
    cls: type
    fields: tuple[Field, ...]
    make: Callable[..., EuchreMove]
    """The prebuilt move with these field values."""
    label: str
    say: str
    """The canonical chat command; its first words are the kind's verb."""
    words: tuple[str, ...] = ()
    """Other verbs the grammar accepts for the kind."""


def _k(
    name: str,
    cls: type,
    fields: str,
    make: Callable[..., EuchreMove],
    label: str,
    say: str,
    words: tuple[str, ...] = (),
) -> MoveKind:
    parsed = tuple(Field(*part.split(":")) for part in fields.split())
    return MoveKind(name, cls, parsed, make, label, say, words)


TABLE: Final[tuple[MoveKind, ...]] = (
    _k("pass", Pass, "", lambda: PASS, "pass", "pass"),
    _k(
        "order_up",
        OrderUp,
        "alone:flag",
        lambda alone: ORDER_UP[alone],
        "order up[ {alone}]",
        "order up[ {alone}]",
        ("order", "pick", "pickup", "up", "alone"),
    ),
    _k(
        "call_trump",
        CallTrump,
        "suit:suit alone:flag",
        lambda suit, alone: CALL_TRUMP[suit][alone],
        "call {suit}[ {alone}]",
        "call {suit}[ {alone}]",
        ("name",),
    ),
    _k(
        "discard",
        Discard,
        "card:card",
        lambda card: DISCARD[card],
        "discard {card}",
        "discard {card}",
        ("throw",),
    ),
    _k("play", PlayCard, "card:card", lambda card: PLAY[card], "play {card}", "play {card}"),
    _k(
        "defend_alone",
        DefendAlone,
        "",
        lambda: DEFEND_ALONE,
        "defend alone",
        "defend alone",
        ("defend",),
    ),
    _k(
        "farmers_hand",
        FarmersHand,
        "",
        lambda: FARMERS_HAND,
        "exchange farmer's hand",
        "farmer",
        ("farmers", "exchange"),
    ),
)
"""In the app's order of move types."""

BY_TYPE: Final[Mapping[str, MoveKind]] = {k.name: k for k in TABLE}
BY_CLASS: Final[Mapping[type, MoveKind]] = {k.cls: k for k in TABLE}


def kind_of(move: EuchreMove) -> MoveKind:
    return BY_CLASS[type(move)]


def values(move: EuchreMove) -> dict[str, Any]:
    return {f.name: getattr(move, f.name) for f in kind_of(move).fields}


def valid(kind: str, value: object) -> bool:
    """Whether `value` has the type and range a field of `kind` holds."""
    if kind == FLAG:
        return type(value) is bool
    if kind == SUIT:
        return type(value) is Suit
    return type(value) is int and 0 <= value < 52


def is_move(value: object) -> bool:
    """Whether `value` is a Euchre move with fields of the right types and
    ranges. `Game.apply` is handed values no decoder made (an AI, a test, a
    future frontend), and the refusal paths read these fields."""
    kind = BY_CLASS.get(type(value))
    return kind is not None and all(valid(f.kind, getattr(value, f.name)) for f in kind.fields)


# ---- words -------------------------------------------------------------------------------


def value_words(f: Field, value: Any, spoken: bool) -> str:
    if f.kind == FLAG:
        return f.name if value else ""
    if f.kind == SUIT:
        return SUIT_NAMES[value] if spoken else Suit(value).symbol
    return code(value) if spoken else label(value)


_SLOT: Final = re.compile(r"\{(\w+)\}")
_OPTIONAL: Final = re.compile(r"\[([^\]]*)\]")


def fill(template: str, move: EuchreMove, spoken: bool) -> str:
    """A template with the move's values put in; an optional part whose flag
    is false is left out."""
    kind = kind_of(move)
    found = values(move)
    fields = {f.name: f for f in kind.fields}

    def absent(part: str) -> bool:
        return any(fields[n].kind == FLAG and not found[n] for n in _SLOT.findall(part))

    text = _OPTIONAL.sub(lambda m: "" if absent(m.group(1)) else m.group(1), template)
    return _SLOT.sub(lambda m: value_words(fields[m.group(1)], found[m.group(1)], spoken), text)


def move_label(move: EuchreMove) -> str:
    """Menu text: "pass", "order up alone", "call ♥", "discard 9♣", "play J♠"."""
    return fill(kind_of(move).label, move, spoken=False)


def command(move: EuchreMove) -> str:
    """The chat command: "order up alone", "call hearts", "play JS", "farmer"."""
    return fill(kind_of(move).say, move, spoken=True)
