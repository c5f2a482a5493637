"""The "build whatever is affordable" baseline the strong AI is measured against.

It settles on the richest crossing by raw pips and, every turn, builds the
first affordable thing in the order city, settlement, road, development
card (cities and settlements on their richest spots, roads anywhere legal),
until nothing is affordable. It puts the robber where it blocks the most
opposing pips, never trades and never plays a card. Three copies of it at a
table are parity (25%) for whatever sits in the fourth seat.
"""

import random
from collections.abc import Sequence

from engine.katan.evaluate import hex_pips, node_yield
from engine.katan.moves import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEV,
    DISCARD,
    M_DECLINE,
    M_DISMISS,
    M_END,
    M_ROLL,
    MOVE_ROBBER,
    Move,
)
from engine.katan.state import COUNTERS, OFFER, ROBBER, KatanState
from engine.katan.view import KatanView


class BuilderPlayer:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        st = view.state
        if st.phase == ROBBER:
            return max((m for m in legal if m[0] == MOVE_ROBBER), key=lambda m: block(st, seat, m))
        if st.phase == OFFER:
            return M_DECLINE
        if st.phase == COUNTERS:
            return M_DISMISS
        if M_ROLL in legal:
            return M_ROLL
        for kind in (BUILD_CITY, BUILD_SETTLEMENT):
            spots = [m for m in legal if m[0] == kind]
            if spots:
                return max(spots, key=lambda m: (sum(node_yield(st, m[1])), -m[1]))
        roads = [m for m in legal if m[0] == BUILD_ROAD]
        if roads:
            return roads[self._rng.randrange(len(roads))]
        for m in legal:
            if m[0] in (BUY_DEV, DISCARD):
                return m
        return M_END if M_END in legal else legal[0]


def block(st: KatanState, seat: int, move: Move) -> tuple[int, int]:
    """Opposing pips the robber would block on the move's hex, own pips counted
    against it three times over."""
    hex_id = move[1]
    corners = st.board.topology.hex_corner_mask[hex_id]
    pips = hex_pips(st, hex_id, robbed=False)
    score = 0
    for t in range(st.seats):
        weight = (st.towns[t] & corners).bit_count() + 2 * (st.cities[t] & corners).bit_count()
        score += -3 * weight * pips if t == seat else weight * pips
    return (score, -hex_id)
