"""Katan's `easy` level: the default AI with a beginner's habits, in every rule set.

A person new to the game should win against it some of the time without the
AI looking broken. So it plays the `normal` AI's moves, but it never proposes
a domestic trade (it still answers offers), and at a share of its choices
(where to settle, what to build, where the robber goes) it takes a plausible
move at random instead of the best one: something it could build or a place
it could go, never a bank trade or a card thrown away. Its decisions stay a
function of the view, the legal moves and its seed, as every level's are.
"""

import random
from collections.abc import Sequence
from typing import Final

from engine.katan.ai import KatanPlayer
from engine.katan.moves import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEV,
    M_END,
    MOVE_ROBBER,
    OFFER,
    Move,
)
from engine.katan.state import MAIN, ROBBER, SETUP_SETTLEMENT
from engine.katan.view import KatanView

SLIPS: Final = 0.3
"""The share of its placements and builds made at random among the sensible ones."""
PLAUSIBLE: Final = frozenset({BUILD_ROAD, BUILD_SETTLEMENT, BUILD_CITY, BUY_DEV, MOVE_ROBBER})
"""Move kinds a beginner might pick on a whim: each one does something for them."""
SLIP_PHASES: Final = frozenset({SETUP_SETTLEMENT, ROBBER, MAIN})


class EasyPlayer:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._normal = KatanPlayer(self._rng.randrange(1 << 62))

    def choose(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        if view.state.phase in SLIP_PHASES and self._rng.random() < SLIPS:
            whims = [m for m in legal if m[0] in PLAUSIBLE]
            if len(whims) > 1:
                return whims[self._rng.randrange(len(whims))]
        move = self._normal.choose(view, seat, legal)
        if move[0] == OFFER and M_END in legal:
            return M_END
        return move
