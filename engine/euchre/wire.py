"""Euchre's JSON: byte for byte the app's (NATIVE §2, §5.2.2–5.2.3).

Encoding builds dicts in the app's declaration order (the move-kind table,
`kinds.py`, lists each kind's fields in that order) and hands them to
`engine.jsonwire.dumps`, which is what makes the bytes equal. Decoding is
forgiving where kotlinx is (unknown keys, the discriminator anywhere) and
strict where it is (required fields, enum names, JSON types), and every
refusal names what was wrong.
"""

from typing import Annotated, Any, Final

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from engine.cards import Card, Suit, from_json, to_json
from engine.errors import BadMove, BadState
from engine.euchre import kinds
from engine.euchre.kinds import BY_TYPE, CARD, FLAG, SUIT, kind_of
from engine.euchre.moves import EuchreMove
from engine.euchre.options import EuchreOptions
from engine.euchre.state import EuchreState, Phase, Played
from engine.jsonwire import dumps, loads

# ---- moves -----------------------------------------------------------------------


def _field_json(f: kinds.Field, value: Any) -> Any:
    if f.kind == SUIT:
        return Suit(value).name
    if f.kind == CARD:
        return to_json(value)
    return value


def move_to_json(move: EuchreMove) -> dict[str, Any]:
    """The app's move object, discriminator first, then the kind's fields."""
    kind = kind_of(move)
    out: dict[str, Any] = {"type": kind.name}
    for f in kind.fields:
        out[f.name] = _field_json(f, getattr(move, f.name))
    return out


def encode_move(move: EuchreMove) -> str:
    return dumps(move_to_json(move))


_TYPES: Final = ", ".join(BY_TYPE)


def decode_move(text: str) -> EuchreMove:
    """Parse a move as the app writes it; `BadMove` says what is wrong."""
    try:
        value = loads(text)
    except (ValueError, TypeError) as exc:
        raise BadMove(f"a move must be JSON text: {exc}") from None
    if not isinstance(value, dict):
        raise BadMove('a move must be a JSON object with a "type"')
    name = value.get("type")
    if name is None:
        raise BadMove(f'the move has no "type"; expected one of {_TYPES}')
    kind = BY_TYPE.get(name) if isinstance(name, str) else None
    if kind is None:
        raise BadMove(f"unknown move type {name!r}; expected one of {_TYPES}")
    return kind.make(*(_field(value, kind.name, f) for f in kind.fields))


def _field(value: dict[str, Any], kind: str, f: kinds.Field) -> Any:
    if f.name not in value:
        raise BadMove(f'{kind}: the field "{f.name}" is required')
    raw = value[f.name]
    if f.kind == FLAG:
        if not isinstance(raw, bool):
            raise BadMove(f'{kind}: "{f.name}" must be true or false, not {raw!r}')
        return raw
    if f.kind == SUIT:
        if not isinstance(raw, str) or raw not in Suit.__members__:
            names = ", ".join(Suit.__members__)
            raise BadMove(f"{kind}: unknown suit {raw!r}; expected one of {names}")
        return Suit[raw]
    try:
        return from_json(raw)
    except BadMove as exc:
        raise BadMove(f"{kind}: {exc.reason}") from None


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
