"""Katan's `hard` level: determinized rollouts over the seat's view, in every
rule set.

At a decision worth weighing (`search_candidates`), the hidden cards are
dealt several times consistently with the view (`determinize`: resource and
development cards, and the expansions' progress cards, fog, chests and canal
numbers), and in every deal each candidate is played and followed by a short
rollout in which every seat plays the rule set's default AI, to the end of
the seat's next turn; the position there is scored (`search_value`). Every
candidate meets the same deals, the same dice seed and the same policy
seeds, so the gain of a move over the default AI's own choice is measured
deal by deal, with most of the luck taken out (a candidate that draws one
card more than another meets other dice from then on: tying the dice to the
turn made the gains no less noisy, so the engine's one draw counter stays).

The rollouts go where they tell: after a third and after two thirds of the
deals the worse half of the candidates is dropped (successive halving), so
the close calls get the most deals. A move then overrules the default AI's
only when its mean gain clears zero by `MARGIN` standard errors: the best of
several noisy means is the likeliest to be lucky, and the default AI is a
good move far more often than not. Without the margin, nine or ten deals a
candidate picked lucky moves often enough to cost games (40 against 49 wins in
the same 100 tuning games; docs/BENCHMARKS.md, *Katan ladder*).

The budget is counted in deals, so a decision is a function of the view,
the legal moves and the seed alone, however loaded the machine; the clock is
only a safety net, set far above a decision's normal cost.
"""

import random
import time
from collections.abc import Sequence
from functools import partial
from typing import Final

from engine.katan import rules
from engine.katan.ai import KatanPlayer
from engine.katan.determinize import determinize
from engine.katan.moves import Move
from engine.katan.search_candidates import candidates, expansion_candidates
from engine.katan.search_value import value
from engine.katan.state import OVER, SETUP_ROAD, SETUP_SETTLEMENT, KatanState
from engine.katan.view import KatanView

ROLLOUTS: Final = 123
"""Deals per decision, shared among the candidates (at least `MIN_DEALS` each):
what a decision would roll out if no candidate were dropped. Halving drops
about half of them twice, so a decision plays about 60 % of this."""
MIN_DEALS: Final = 6
MARGIN: Final = 1.0
"""Standard errors by which a move's mean gain over the default AI's choice
must clear zero before the search overrules it."""
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
        normal = KatanPlayer(self._seed)
        default = normal.choose(view, seat, legal)
        st = view.state
        if len(legal) == 1:
            return default
        if st.ck is None and st.sea is None:
            moves = candidates(st, seat, legal, default)
        else:
            moves = expansion_candidates(
                st, seat, legal, default, partial(normal.choose, view, seat)
            )
        if len(moves) == 1:
            return default
        deals = max(MIN_DEALS, ROLLOUTS // len(moves))
        scores: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        started = time.monotonic()
        for d in range(deals):
            world = determinize(st, seat, self._rng)
            policy_seed = self._rng.getrandbits(62)
            for i in alive:
                trial = world.copy()
                rules.step(trial, seat, moves[i], None)
                scores[i].append(_rollout(trial, seat, policy_seed))
            if d + 1 in (deals // 3, 2 * deals // 3) and len(alive) > 2:
                alive = _better_half(scores, alive)
            if time.monotonic() - started > SAFETY_SECONDS:
                break
        return moves[_pick(scores, alive)]


def _gains(scores: list[list[float]], i: int) -> list[float]:
    """Candidate `i`'s score less the default AI's choice's, deal by deal."""
    n = len(scores[i])
    return [a - b for a, b in zip(scores[i], scores[0][:n], strict=True)]


def _better_half(scores: list[list[float]], alive: list[int]) -> list[int]:
    """The better half of the candidates still weighed, by mean gain; the
    default AI's choice always stays, as what the others are measured against."""
    ranked = sorted(alive, key=lambda i: (-sum(_gains(scores, i)) / len(scores[i]), i))
    keep = ranked[: max(2, (len(ranked) + 1) // 2)]
    return sorted(set(keep) | {0})


def _pick(scores: list[list[float]], alive: list[int]) -> int:
    """The candidate with the best mean gain among those whose gain clears
    zero by `MARGIN` standard errors; else the default AI's choice (0)."""
    best, best_mean = 0, 0.0
    for i in alive[1:]:
        gains = _gains(scores, i)
        n = len(gains)
        mean = sum(gains) / n
        spread = (sum((g - mean) ** 2 for g in gains) / max(n - 1, 1)) ** 0.5
        if mean > MARGIN * spread / n**0.5 and mean > best_mean:
            best, best_mean = i, mean
    return best


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
        if not legal:
            # A deal the view cannot rule out can leave a seat owing what it
            # was not dealt (a commodity for Commercial Harbor): score it here.
            break
        view = KatanView(mover, st, mover)
        rules.step(st, mover, policy.choose(view, mover, legal), None)
    return value(st, seat)
