"""Katan's `hard` level: determinized rollouts over the seat's view.

At a decision worth weighing (`search_candidates`), the hidden cards are
dealt several times consistently with the view (`determinize`), and in every
deal each candidate is played and followed by a short rollout in which every
seat plays the default AI, to the end of the seat's next turn; the position
there is scored (`search_value`) and the candidate with the best mean wins.
Every candidate meets the same deals, the same dice and the same policy
seeds, so the comparison measures the moves and not the luck.

The budget is counted in rollouts, so a decision is a function of the view,
the legal moves and the seed alone, however loaded the machine; the clock is
only a safety net, set far above a decision's normal cost.
"""

import random
import time
from collections.abc import Sequence
from typing import Final

from engine.katan import rules
from engine.katan.ai import KatanPlayer
from engine.katan.determinize import determinize
from engine.katan.moves import Move
from engine.katan.search_candidates import candidates
from engine.katan.search_value import value
from engine.katan.state import OVER, SETUP_ROAD, SETUP_SETTLEMENT, KatanState
from engine.katan.view import KatanView

ROLLOUTS: Final = 96
"""Rollouts per decision, shared among the candidates (at least `MIN_DEALS` each)."""
MIN_DEALS: Final = 6
STEPS: Final = 600
"""Moves a rollout may take at most (a turn of offers and counters is long)."""
SAFETY_SECONDS: Final = 8.0
"""Past this a decision stops with what it has: never reached on a normal
machine (a decision costs well under a second), so it cannot change a choice there."""


class HardPlayer:
    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        default = KatanPlayer(self._seed).choose(view, seat, legal)
        st = view.state
        if st.ck is not None or st.sea is not None or len(legal) == 1:
            return default
        moves = candidates(st, seat, legal, default)
        if len(moves) == 1:
            return default
        deals = max(MIN_DEALS, ROLLOUTS // len(moves))
        totals = [0.0] * len(moves)
        started = time.monotonic()
        for _ in range(deals):
            world = determinize(st, seat, self._rng)
            policy_seed = self._rng.getrandbits(62)
            for i, move in enumerate(moves):
                trial = world.copy()
                rules.step(trial, seat, move, None)
                totals[i] += _rollout(trial, seat, policy_seed)
            if time.monotonic() - started > SAFETY_SECONDS:
                break
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        return moves[best]


def _rollout(st: KatanState, seat: int, seed: int) -> float:
    """Play every seat with the default AI to the end of `seat`'s next turn
    (from setup: to the end of the first round after it), and score it."""
    policy = KatanPlayer(seed)
    if st.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        stop = st.seats
    else:
        stop = st.turn + ((seat - st.current - 1) % st.seats) + 1
    for _ in range(STEPS):
        if st.phase == OVER or st.turn > stop:
            break
        mover = rules.to_move(st)
        assert mover is not None
        legal = rules.legal_moves(st, mover)
        view = KatanView(mover, st, mover)
        rules.step(st, mover, policy.choose(view, mover, legal), None)
    return value(st, seat)
