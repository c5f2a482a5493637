"""The app's own decoders for Euchre and Sequence JSON (NATIVE.md §5), as models.

Written from the specification, not from our engines, so a state the daemon
sends is checked the way the app would check it: every key without a default is
required (nullable ones too), enums by name, strict JSON types, unknown keys
ignored, moves discriminated by "type".
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Suit = Literal["CLUBS", "DIAMONDS", "HEARTS", "SPADES"]
Rank = Literal[
    "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "JACK", "QUEEN",
    "KING", "ACE",
]  # fmt: skip
Int = Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]


class _App(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)


class Card(_App):
    rank: Rank
    suit: Suit


class PlayedCard(_App):
    seat: Int
    card: Card


class EuchreOptions(_App):
    deckSize: Literal[24, 32] = 24
    stickTheDealer: bool = True
    allowGoingAlone: bool = True
    pointsToWin: Annotated[int, Field(gt=0)] = 10


class EuchreState(_App):
    options: EuchreOptions
    seed: int
    handNumber: Int
    dealer: Int
    phase: Literal[
        "BID_ROUND_1", "BID_ROUND_2", "DEALER_DISCARD", "PLAYING", "HAND_OVER", "GAME_OVER"
    ]
    hands: list[list[Card]]
    handCounts: list[Int]
    upCard: Card | None
    turnedDown: Card | None
    trump: Suit | None
    maker: Int | None
    aloneSeat: Int | None
    turn: Int
    passes: Int
    trick: list[PlayedCard]
    completedTrick: list[PlayedCard] = []
    leader: Int
    tricksWon: list[Int]
    scores: list[Int]
    lastTrickWinner: Int | None
    log: list[str]


class Pass(_App):
    type: Literal["pass"]


class OrderUp(_App):
    type: Literal["order_up"]
    alone: bool


class CallTrump(_App):
    type: Literal["call_trump"]
    suit: Suit
    alone: bool


class Discard(_App):
    type: Literal["discard"]
    card: Card


class Play(_App):
    type: Literal["play"]
    card: Card


EuchreMove = Annotated[Pass | OrderUp | CallTrump | Discard | Play, Field(discriminator="type")]


class SequenceOptions(_App):
    teamCount: Literal[2, 3] = 2
    playersPerTeam: Annotated[int, Field(ge=1)] = 1
    sequencesToWin: Annotated[int, Field(ge=1)] = 2
    deadCardExchange: bool = True


class SequenceState(_App):
    options: SequenceOptions
    seed: int
    teams: list[Int]
    chips: Annotated[list[Int], Field(min_length=100, max_length=100)]
    locked: Annotated[list[bool], Field(min_length=100, max_length=100)]
    hands: list[list[Card]]
    handCounts: list[Int]
    drawPile: list[Card]
    discardPile: list[Card]
    turn: Int
    sequencesByTeam: list[Int]
    winner: Int | None
    phase: Literal["PLAYING", "GAME_OVER"]
    exchangedThisTurn: bool
    lastPlacedCell: Int | None
    log: list[str]


class Place(_App):
    type: Literal["place"]
    card: Card
    cell: Int


class Remove(_App):
    type: Literal["remove"]
    card: Card
    cell: Int


class Exchange(_App):
    type: Literal["exchange"]
    card: Card


SequenceMove = Annotated[Place | Remove | Exchange, Field(discriminator="type")]

STATES: dict[str, type[_App]] = {"euchre": EuchreState, "sequence": SequenceState}
MOVES: dict[str, TypeAdapter[object]] = {
    "euchre": TypeAdapter(EuchreMove),
    "sequence": TypeAdapter(SequenceMove),
}


def check_state(game: str, state_json: str, legal: list[str]) -> str:
    """Decode a state and its moves as the app would; return the phase."""
    state = STATES[game].model_validate_json(state_json)
    for move in legal:
        MOVES[game].validate_json(move)
    phase: str = state.phase  # type: ignore[attr-defined]
    return phase
