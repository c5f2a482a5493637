"""Euchre's JSON: byte for byte the app's (NATIVE §2, §5.2.2–5.2.3).

Encoding builds dicts in the app's declaration order and hands them to
`engine.jsonwire.dumps`, which is what makes the bytes equal. Decoding is
forgiving where kotlinx is (unknown keys, the discriminator anywhere) and
strict where it is (required fields, enum names, JSON types), and every
refusal names what was wrong.
"""

from typing import Annotated, Any, Final

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from engine.cards import Card, Suit, from_json, to_json
from engine.errors import BadMove, BadState
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
from engine.euchre.options import EuchreOptions
from engine.euchre.state import EuchreState, Phase, Played
from engine.jsonwire import dumps, loads

# ---- moves -----------------------------------------------------------------------


def move_to_json(move: EuchreMove) -> dict[str, Any]:
    """The app's move object, discriminator first."""
    match move:
        case Pass():
            return {"type": "pass"}
        case OrderUp(alone=alone):
            return {"type": "order_up", "alone": alone}
        case CallTrump(suit=suit, alone=alone):
            return {"type": "call_trump", "suit": suit.name, "alone": alone}
        case Discard(card=c):
            return {"type": "discard", "card": to_json(c)}
        case PlayCard(card=c):
            return {"type": "play", "card": to_json(c)}
        case DefendAlone():
            return {"type": "defend_alone"}
        case FarmersHand():
            return {"type": "farmers_hand"}


def encode_move(move: EuchreMove) -> str:
    return dumps(move_to_json(move))


_TYPES: Final = (
    "pass",
    "order_up",
    "call_trump",
    "discard",
    "play",
    "defend_alone",
    "farmers_hand",
)


def decode_move(text: str) -> EuchreMove:
    """Parse a move as the app writes it; `BadMove` says what is wrong."""
    try:
        value = loads(text)
    except (ValueError, TypeError) as exc:
        raise BadMove(f"a move must be JSON text: {exc}") from None
    if not isinstance(value, dict):
        raise BadMove('a move must be a JSON object with a "type"')
    kind = value.get("type")
    if kind is None:
        raise BadMove(f'the move has no "type"; expected one of {", ".join(_TYPES)}')
    if kind not in _TYPES:
        raise BadMove(f"unknown move type {kind!r}; expected one of {', '.join(_TYPES)}")
    if kind == "pass":
        return PASS
    if kind == "order_up":
        return ORDER_UP[_flag(value, kind)]
    if kind == "call_trump":
        suit = _field(value, kind, "suit")
        if not isinstance(suit, str) or suit not in Suit.__members__:
            names = ", ".join(Suit.__members__)
            raise BadMove(f"call_trump: unknown suit {suit!r}; expected one of {names}")
        return CALL_TRUMP[Suit[suit]][_flag(value, kind)]
    if kind == "defend_alone":
        return DEFEND_ALONE
    if kind == "farmers_hand":
        return FARMERS_HAND
    raw_card = _field(value, kind, "card")
    try:
        c = from_json(raw_card)
    except BadMove as exc:
        raise BadMove(f"{kind}: {exc.reason}") from None
    return DISCARD[c] if kind == "discard" else PLAY[c]


def _field(value: dict[str, Any], kind: str, name: str) -> Any:
    if name not in value:
        raise BadMove(f'{kind}: the field "{name}" is required')
    return value[name]


def _flag(value: dict[str, Any], kind: str) -> bool:
    alone = _field(value, kind, "alone")
    if not isinstance(alone, bool):
        raise BadMove(f'{kind}: "alone" must be true or false, not {alone!r}')
    return alone


# ---- states and views ------------------------------------------------------------


def _played(trick: list[Played]) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "card": to_json(p.card)} for p in trick]


def state_to_json(state: EuchreState, *, storage: bool) -> dict[str, Any]:
    """The app's state object. The toggles' fields follow `log`, only when their
    toggle is on; `storage` adds what no seat may see (the kitty)."""
    out: dict[str, Any] = {
        "options": state.options.to_wire(),
        "seed": state.seed,
        "handNumber": state.hand_number,
        "dealer": state.dealer,
        "phase": state.phase.name,
        "hands": [[to_json(c) for c in hand] for hand in state.hands],
        "handCounts": state.hand_counts[:],
        "upCard": None if state.up_card is None else to_json(state.up_card),
        "turnedDown": None if state.turned_down is None else to_json(state.turned_down),
        "trump": None if state.trump is None else state.trump.name,
        "maker": state.maker,
        "aloneSeat": state.alone_seat,
        "turn": state.turn,
        "passes": state.passes,
        "trick": _played(state.trick),
        "completedTrick": _played(state.completed_trick),
        "leader": state.leader,
        "tricksWon": state.tricks_won[:],
        "scores": state.scores[:],
        "lastTrickWinner": state.last_trick_winner,
        "log": state.log[:],
    }
    if state.options.defend_alone:
        out["loneDefender"] = state.lone_defender
    if storage and state.options.farmers_hand:
        out["kitty"] = [to_json(c) for c in state.kitty]
    return out


def encode_state(state: EuchreState) -> str:
    return dumps(state_to_json(state, storage=True))


def encode_view(view: EuchreState) -> str:
    return dumps(state_to_json(view, storage=False))


def _card(value: Any) -> Card:
    try:
        return from_json(value)
    except BadMove as exc:
        raise ValueError(exc.reason) from None


def _enum_name(names: tuple[str, ...]) -> Any:
    def check(value: Any) -> Any:
        if value is not None and value not in names:
            raise ValueError(f"expected one of {', '.join(names)}, got {value!r}")
        return value

    return check


WireCard = Annotated[int, BeforeValidator(_card)]
Seat = Annotated[int, Field(ge=0, le=3)]
PhaseName = Annotated[str, BeforeValidator(_enum_name(tuple(Phase.__members__)))]
SuitName = Annotated[str | None, BeforeValidator(_enum_name(tuple(Suit.__members__)))]


class _PlayedWire(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    seat: Seat
    card: WireCard


class _StateWire(BaseModel):
    """The state JSON as read back; unknown keys are ignored, as kotlinx does."""

    model_config = ConfigDict(extra="ignore", strict=True)

    options: EuchreOptions
    seed: int
    handNumber: int = Field(ge=0)
    dealer: Seat
    phase: PhaseName
    hands: list[list[WireCard]] = Field(min_length=4, max_length=4)
    handCounts: list[int] = Field(min_length=4, max_length=4)
    upCard: WireCard | None
    turnedDown: WireCard | None
    trump: SuitName
    maker: Seat | None
    aloneSeat: Seat | None
    turn: Seat
    passes: int = Field(ge=0)
    trick: list[_PlayedWire]
    completedTrick: list[_PlayedWire] = Field(default_factory=list)
    leader: Seat
    tricksWon: list[int] = Field(min_length=4, max_length=4)
    scores: list[int] = Field(min_length=2, max_length=2)
    lastTrickWinner: Seat | None
    log: list[str]
    loneDefender: Seat | None = None
    kitty: list[WireCard] = Field(default_factory=list)


def decode_state(text: str) -> EuchreState:
    """A stored state (or a view) back into a state; `BadState` names the fault."""
    try:
        w = _StateWire.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "state"
        raise BadState(f"{where}: {first['msg']}") from None
    return EuchreState(
        options=w.options,
        seed=w.seed,
        hand_number=w.handNumber,
        dealer=w.dealer,
        phase=Phase[w.phase],
        hands=w.hands,
        hand_counts=w.handCounts,
        up_card=w.upCard,
        turned_down=w.turnedDown,
        trump=None if w.trump is None else Suit[w.trump],
        maker=w.maker,
        alone_seat=w.aloneSeat,
        turn=w.turn,
        passes=w.passes,
        trick=[Played(p.seat, p.card) for p in w.trick],
        completed_trick=[Played(p.seat, p.card) for p in w.completedTrick],
        leader=w.leader,
        tricks_won=w.tricksWon,
        scores=w.scores,
        last_trick_winner=w.lastTrickWinner,
        log=w.log,
        lone_defender=w.loneDefender,
        kitty=w.kitty,
    )
