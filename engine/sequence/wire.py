"""The app's Sequence JSON (NATIVE.md §5.3.3–5.3.4), byte for byte.

Encoding builds dicts in the app's declaration order for `jsonwire.dumps`;
decoding goes through pydantic for states and by hand for moves, so a bad move
from a client gets a reason naming exactly what is wrong.
"""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.cards import Card, Rank, Suit, card, from_json, to_json
from engine.errors import BadMove, BadState
from engine.jsonwire import dumps, loads
from engine.sequence.geometry import CELLS
from engine.sequence.moves import EXCHANGE, KINDS, PLACE, REMOVE, Move
from engine.sequence.options import SequenceOptions
from engine.sequence.state import Phase, SequenceState

# ---- states --------------------------------------------------------------------


def state_json(state: SequenceState) -> str:
    """A state or a view as the app's `stateJson`; a view is already redacted."""
    return dumps(
        {
            "options": state.options.app_json(),
            "seed": state.seed,
            "teams": list(state.teams),
            "chips": state.chips,
            "locked": state.locked,
            "hands": [[to_json(c) for c in hand] for hand in state.hands],
            "handCounts": state.hand_counts,
            "drawPile": [to_json(c) for c in state.draw_pile],
            "discardPile": [to_json(c) for c in state.discard_pile],
            "turn": state.turn,
            "sequencesByTeam": state.sequences_by_team,
            "winner": state.winner,
            "phase": state.phase.value,
            "exchangedThisTurn": state.exchanged_this_turn,
            "lastPlacedCell": state.last_placed_cell,
            "log": state.log,
        }
    )


class _CardJson(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)
    rank: Literal[
        "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT",
        "NINE", "TEN", "JACK", "QUEEN", "KING", "ACE",
    ]  # fmt: skip
    suit: Literal["CLUBS", "DIAMONDS", "HEARTS", "SPADES"]

    def card(self) -> Card:
        return card(Rank[self.rank], Suit[self.suit])


class _StateJson(BaseModel):
    """Every key required, as the app's decoder requires them; extras ignored."""

    model_config = ConfigDict(extra="ignore", strict=True)
    options: dict[str, Any]
    seed: int
    teams: list[int]
    chips: list[int] = Field(min_length=CELLS, max_length=CELLS)
    locked: list[bool] = Field(min_length=CELLS, max_length=CELLS)
    hands: list[list[_CardJson]]
    handCounts: list[int]
    drawPile: list[_CardJson]
    discardPile: list[_CardJson]
    turn: int
    sequencesByTeam: list[int]
    winner: int | None
    phase: Literal["PLAYING", "GAME_OVER"]
    exchangedThisTurn: bool
    lastPlacedCell: int | None
    log: list[str]


def parse_state(text: str) -> SequenceState:
    """A stored state (or a view); `BadState` says what does not fit."""
    try:
        raw = _StateJson.model_validate_json(text)
        options = SequenceOptions.model_validate(raw.options)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "state"
        raise BadState(f"not a Sequence state: {where}: {first['msg']}") from None
    players = options.players
    problems = [
        (len(raw.teams) != players, f"teams has {len(raw.teams)} seats, not {players}"),
        (len(raw.hands) != players, f"hands has {len(raw.hands)} seats, not {players}"),
        (len(raw.handCounts) != players, f"handCounts has {len(raw.handCounts)} seats"),
        (
            raw.teams != [s % options.team_count for s in range(players)],
            "teams must be seat % teamCount",
        ),
        (
            any(not -1 <= chip < options.team_count for chip in raw.chips),
            "chips must be -1 or a team",
        ),
        (len(raw.sequencesByTeam) != options.team_count, "sequencesByTeam needs one per team"),
        (not 0 <= raw.turn < players, f"turn {raw.turn} is not a seat"),
        (
            raw.winner is not None and not 0 <= raw.winner < options.team_count,
            f"winner {raw.winner} is not a team",
        ),
        (
            raw.lastPlacedCell is not None and not 0 <= raw.lastPlacedCell < CELLS,
            f"lastPlacedCell {raw.lastPlacedCell} is not a square",
        ),
    ]
    for bad, reason in problems:
        if bad:
            raise BadState(f"not a Sequence state: {reason}")
    return SequenceState(
        options=options,
        seed=raw.seed,
        teams=tuple(raw.teams),
        chips=raw.chips,
        locked=raw.locked,
        hands=[[c.card() for c in hand] for hand in raw.hands],
        hand_counts=raw.handCounts,
        draw_pile=[c.card() for c in raw.drawPile],
        discard_pile=[c.card() for c in raw.discardPile],
        turn=raw.turn,
        sequences_by_team=raw.sequencesByTeam,
        winner=raw.winner,
        phase=Phase(raw.phase),
        exchanged_this_turn=raw.exchangedThisTurn,
        last_placed_cell=raw.lastPlacedCell,
        log=raw.log,
    )


# ---- moves ---------------------------------------------------------------------

_KINDS_TEXT = ", ".join(f'"{kind}"' for kind in KINDS)


def move_json(move: Move) -> str:
    out: dict[str, Any] = {"type": move.kind, "card": to_json(move.card)}
    if move.kind != "exchange":
        out["cell"] = move.cell
    return dumps(out)


def parse_move(text: str) -> Move:
    """A move as the app writes it: `type` anywhere, unknown keys ignored."""
    try:
        raw = loads(text)
    except (TypeError, ValueError):
        raise BadMove('a move must be JSON text such as {"type":"exchange",...}') from None
    if not isinstance(raw, dict):
        raise BadMove(f"a move must be a JSON object, not {type(raw).__name__}")
    kind = raw.get("type")
    if kind not in KINDS:
        got = "no type" if kind is None else f"type {kind!r}"
        raise BadMove(f"a move needs a type of {_KINDS_TEXT}; this one has {got}")
    if "card" not in raw:
        raise BadMove(f'a {kind} move needs a "card"')
    c = from_json(raw["card"])
    if kind == "exchange":
        return EXCHANGE[c]
    cell = raw.get("cell")
    if cell is None:
        raise BadMove(f'a {kind} move needs a "cell" (a square 0 to 99)')
    if not isinstance(cell, int) or isinstance(cell, bool):
        raise BadMove(f'"cell" must be a whole number 0 to 99, not {cell!r}')
    if not 0 <= cell < CELLS:
        raise BadMove(f'"cell" must be a square 0 to 99, not {cell}')
    return (PLACE if kind == "place" else REMOVE)[c][cell]
