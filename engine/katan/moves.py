"""Moves as flat tuples of small ints, and their human labels.

A move is `(kind, *args)`. Tuples hash and compare fast, need no allocation
when prebuilt (every road, settlement, city and bank trade move exists once
per process), and are trivially stable across processes. Free-form moves
carry card counts inline, five per leg in resource order:

    OFFER   (OFFER, to, give×5, want×5)     to = a seat, or -1 for everyone
    COUNTER (COUNTER, give×5, want×5)       from the answering seat's side
    DISCARD (DISCARD, count×5)
"""

from typing import Final

from engine.katan.components import DEV_LABELS, RESOURCE_NAMES, RESOURCES, cards_text

Move = tuple[int, ...]

ROLL: Final = 0
END_TURN: Final = 1
BUILD_ROAD: Final = 2
BUILD_SETTLEMENT: Final = 3
BUILD_CITY: Final = 4
BUY_DEV: Final = 5
PLAY_KNIGHT: Final = 6
PLAY_ROAD_BUILDING: Final = 7
PLAY_PLENTY: Final = 8
PLAY_MONOPOLY: Final = 9
MOVE_ROBBER: Final = 10
DISCARD: Final = 11
BANK_TRADE: Final = 12
OFFER: Final = 13
ACCEPT: Final = 14
DECLINE: Final = 15
COUNTER: Final = 16
TAKE_COUNTER: Final = 17
DISMISS: Final = 18
WITHDRAW: Final = 19
STOP_ROADS: Final = 20
KIND_NAMES: Final = (
    "roll",
    "end_turn",
    "build_road",
    "build_settlement",
    "build_city",
    "buy_development",
    "play_knight",
    "play_road_building",
    "play_year_of_plenty",
    "play_monopoly",
    "move_robber",
    "discard",
    "bank_trade",
    "offer",
    "accept",
    "decline",
    "counter",
    "take_counter",
    "dismiss_counters",
    "withdraw",
    "stop_free_roads",
)
KINDS: Final = len(KIND_NAMES)
ARITY: Final = (1, 1, 2, 2, 2, 1, 1, 1, 3, 2, 3, 6, 3, 12, 1, 1, 11, 2, 1, 1, 1)
"""Length of each kind's tuple, kind included (the check that a move is well formed)."""

MAX_SPOTS: Final = 512
"""Prebuilt placement moves cover maps up to this many crossings or edges."""

M_ROLL: Final[Move] = (ROLL,)
M_END: Final[Move] = (END_TURN,)
M_BUY: Final[Move] = (BUY_DEV,)
M_KNIGHT: Final[Move] = (PLAY_KNIGHT,)
M_ROAD_BUILDING: Final[Move] = (PLAY_ROAD_BUILDING,)
M_ACCEPT: Final[Move] = (ACCEPT,)
M_DECLINE: Final[Move] = (DECLINE,)
M_DISMISS: Final[Move] = (DISMISS,)
M_WITHDRAW: Final[Move] = (WITHDRAW,)
M_STOP_ROADS: Final[Move] = (STOP_ROADS,)
ROAD_MOVES: Final[tuple[Move, ...]] = tuple((BUILD_ROAD, e) for e in range(MAX_SPOTS))
SETTLEMENT_MOVES: Final[tuple[Move, ...]] = tuple((BUILD_SETTLEMENT, n) for n in range(MAX_SPOTS))
CITY_MOVES: Final[tuple[Move, ...]] = tuple((BUILD_CITY, n) for n in range(MAX_SPOTS))
MONOPOLY_MOVES: Final[tuple[Move, ...]] = tuple((PLAY_MONOPOLY, r) for r in range(RESOURCES))
PLENTY_MOVES: Final[tuple[Move, ...]] = tuple(
    (PLAY_PLENTY, a, b) for a in range(RESOURCES) for b in range(a, RESOURCES)
)
BANK_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple((BANK_TRADE, give, get) for get in range(RESOURCES)) for give in range(RESOURCES)
)
MAX_SEATS: Final = 8
MAX_HEXES: Final = 128
ROBBER_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple((MOVE_ROBBER, h, v) for v in range(-1, MAX_SEATS)) for h in range(MAX_HEXES)
)
"""`ROBBER_MOVES[hex][victim + 1]`, victim -1 for nobody."""
TAKE_MOVES: Final[tuple[Move, ...]] = tuple((TAKE_COUNTER, s) for s in range(MAX_SEATS))
ONE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(int(r == k) for r in range(RESOURCES)) for k in range(RESOURCES)
)
"""One card of each resource, as a five-count leg."""
ONE_FOR_ONE: Final[tuple[tuple[tuple[Move, ...], ...], ...]] = tuple(
    tuple(
        tuple((OFFER, to, *ONE[give], *ONE[want]) for want in range(RESOURCES))
        for give in range(RESOURCES)
    )
    for to in range(-1, MAX_SEATS)
)
"""`ONE_FOR_ONE[to + 1][give][want]`: the example offers, prebuilt."""


def offer_move(to: int, give: tuple[int, ...], want: tuple[int, ...]) -> Move:
    return (OFFER, to, *give, *want)


def counter_move(give: tuple[int, ...], want: tuple[int, ...]) -> Move:
    return (COUNTER, *give, *want)


def discard_move(counts: tuple[int, ...] | list[int]) -> Move:
    return (DISCARD, *counts)


def offer_legs(move: Move) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(give, want) of an offer move, from the offerer's side."""
    return move[2:7], move[7:12]


def counter_legs(move: Move) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(give, want) of a counter move, from the answering seat's side."""
    return move[1:6], move[6:11]


def label(move: Move) -> str:
    """A short label in the same words as the chat command grammar."""
    kind = move[0]
    if kind == BUILD_ROAD:
        return f"build road {move[1]}"
    if kind == BUILD_SETTLEMENT:
        return f"build settlement {move[1]}"
    if kind == BUILD_CITY:
        return f"build city {move[1]}"
    if kind == PLAY_PLENTY:
        a, b = RESOURCE_NAMES[move[1]], RESOURCE_NAMES[move[2]]
        return f"play Year of Plenty for {a} and {b}"
    if kind == PLAY_MONOPOLY:
        return f"play Monopoly on {RESOURCE_NAMES[move[1]]}"
    if kind == MOVE_ROBBER:
        steal = f" and rob seat {move[2]}" if move[2] >= 0 else ""
        return f"move robber to hex {move[1]}{steal}"
    if kind == DISCARD:
        return f"discard {cards_text(move[1:6])}"
    if kind == BANK_TRADE:
        return f"trade {RESOURCE_NAMES[move[1]]} to the bank for {RESOURCE_NAMES[move[2]]}"
    if kind == OFFER:
        give, want = offer_legs(move)
        who = "everyone" if move[1] < 0 else f"seat {move[1]}"
        return f"offer {cards_text(give)} for {cards_text(want)} to {who}"
    if kind == COUNTER:
        give, want = counter_legs(move)
        return f"counter: {cards_text(give)} for {cards_text(want)}"
    if kind == TAKE_COUNTER:
        return f"take seat {move[1]}'s counter"
    return _PLAIN[kind]


_PLAIN: Final = {
    ROLL: "roll",
    END_TURN: "end turn",
    BUY_DEV: "buy a development card",
    PLAY_KNIGHT: f"play {DEV_LABELS[0]}",
    PLAY_ROAD_BUILDING: f"play {DEV_LABELS[1]}",
    ACCEPT: "accept",
    DECLINE: "decline",
    DISMISS: "dismiss the counters",
    WITHDRAW: "withdraw the offer",
    STOP_ROADS: "stop placing free roads",
}
