"""Moves as flat tuples of small ints: the kind codes and the prebuilt moves.

A move is `(kind, *args)`. Tuples hash and compare fast, need no allocation
when prebuilt (every road, settlement, city and bank trade move exists once
per process), and are trivially stable across processes. Free-form moves
carry card counts inline, one count per card kind of the table's hands
(five resources, eight cards with Cities & Knights), per leg:

    OFFER     (OFFER, to, give×w, want×w)     to = a seat, or -1 for everyone
    COUNTER   (COUNTER, give×w, want×w)       from the answering seat's side
    DISCARD   (DISCARD, count×w)
    HAND_OVER (HAND_OVER, count×w)

What each kind's values are, its label, words and JSON: `kinds.py`.
"""

from collections.abc import Sequence
from typing import Final

from engine.katan.components import CARD_NAMES, RESOURCES

GOODS: Final = len(CARD_NAMES)

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
# Cities & Knights: building and knights.
BUILD_WALL: Final = 21
HIRE_KNIGHT: Final = 22
ACTIVATE_KNIGHT: Final = 23
PROMOTE_KNIGHT: Final = 24
MOVE_KNIGHT: Final = 25
CHASE_ROBBER: Final = 26
IMPROVE: Final = 27
# Cities & Knights: progress cards (Road Building plays as PLAY_ROAD_BUILDING).
PLAY_ALCHEMIST: Final = 28
PLAY_CRANE: Final = 29
PLAY_ENGINEER: Final = 30
PLAY_INVENTOR: Final = 31
PLAY_IRRIGATION: Final = 32
PLAY_MEDICINE: Final = 33
PLAY_MINING: Final = 34
PLAY_SMITH: Final = 35
PLAY_BISHOP: Final = 36
PLAY_DESERTER: Final = 37
PLAY_DIPLOMAT: Final = 38
PLAY_INTRIGUE: Final = 39
PLAY_SABOTEUR: Final = 40
PLAY_SPY: Final = 41
PLAY_WARLORD: Final = 42
PLAY_WEDDING: Final = 43
PLAY_COMMERCIAL_HARBOR: Final = 44
PLAY_MASTER_MERCHANT: Final = 45
PLAY_MERCHANT: Final = 46
PLAY_MERCHANT_FLEET: Final = 47
PLAY_RESOURCE_MONOPOLY: Final = 48
PLAY_TRADE_MONOPOLY: Final = 49
# Answers to chores (the queue of things waiting on a named seat).
LOSE_CITY: Final = 50
GIVE_BACK_PROGRESS: Final = 51
HAND_OVER: Final = 52
PLACE_METROPOLIS: Final = 53
PLACE_KNIGHT: Final = 54
REMOVE_KNIGHT: Final = 55
CHOOSE_DECK: Final = 56
TAKE_PROGRESS: Final = 57
TAKE_CARDS: Final = 58
PICK: Final = 59
HARBOR_GIVE: Final = 60
RETURN_COMMODITY: Final = 61
SKIP: Final = 62
# Seafarers.
BUILD_SHIP: Final = 63
MOVE_SHIP: Final = 64
MOVE_PIRATE: Final = 65
RAID_FORTRESS: Final = 66
BUILD_WONDER: Final = 67
DIG_CANAL: Final = 68
# Seafarers with Cities & Knights.
CHASE_PIRATE: Final = 69
KINDS: Final = 70

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
    tuple((BANK_TRADE, give, get) for get in range(GOODS)) for give in range(GOODS)
)
"""`BANK_MOVES[give][get]` over every card kind (commodities trade with Cities & Knights)."""
MAX_SEATS: Final = 8
MAX_HEXES: Final = 128
ROBBER_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple((MOVE_ROBBER, h, v) for v in range(-1, MAX_SEATS)) for h in range(MAX_HEXES)
)
"""`ROBBER_MOVES[hex][victim + 1]`, victim -1 for nobody."""
PIRATE_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple((MOVE_PIRATE, h, v) for v in range(-1, MAX_SEATS)) for h in range(MAX_HEXES)
)
"""`PIRATE_MOVES[hex][victim + 1]`, as `ROBBER_MOVES` (Seafarers' pirate)."""
TAKE_MOVES: Final[tuple[Move, ...]] = tuple((TAKE_COUNTER, s) for s in range(MAX_SEATS))
ONE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(int(r == k) for r in range(RESOURCES)) for k in range(RESOURCES)
)
"""One card of each resource, as a five-count leg."""
ONE_GOOD: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(int(r == k) for r in range(GOODS)) for k in range(GOODS)
)
"""One card of each kind, as an eight-count leg (Cities & Knights hands)."""
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
    w = (len(move) - 2) >> 1
    return move[2 : 2 + w], move[2 + w :]


def counter_legs(move: Move) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(give, want) of a counter move, from the answering seat's side."""
    w = (len(move) - 1) >> 1
    return move[1 : 1 + w], move[1 + w :]


Kinds = dict[int, list[Move]]
"""Legal moves grouped by kind, as the AIs read them."""


def by_kind(legal: Sequence[Move]) -> Kinds:
    out: Kinds = {}
    for m in legal:
        out.setdefault(m[0], []).append(m)
    return out
