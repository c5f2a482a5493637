"""Euchre's `hard` level: flat Monte Carlo over deals consistent with the view.

Each decision deals the unseen cards a fixed number of times (`ai_unseen`),
plays every legal move in every deal, and finishes the hand with the `normal`
AI in all four seats; the move with the best mean score for the seat's team
wins. Bids, discards and the toggles' offers are judged the same way as card
play, so nothing is a separate rule of thumb. The same deals serve every
candidate (common random numbers), which keeps the comparison fair with few
samples. A fixed sample count rather than a clock keeps the choice a pure
function of the view and the seed.
"""

import random
from collections.abc import Sequence
from typing import Final

from engine.euchre import rules
from engine.euchre.ai import EuchreAi
from engine.euchre.ai_playout import finish_hand, hand_points
from engine.euchre.ai_unseen import sample_states
from engine.euchre.moves import EuchreMove
from engine.euchre.state import EuchreState, Phase, team

PLAYOUTS: Final = 240
"""Playouts per decision, shared out among the candidates (at least `MIN_DEALS` deals each)."""
MIN_DEALS: Final = 16
_POLICY: Final = EuchreAi("normal")
_PLAY_OR_END: Final = frozenset({Phase.PLAYING, Phase.HAND_OVER, Phase.GAME_OVER})


class HardEuchreAi:
    """Deterministic given its seed and the view: the seed feeds the deals."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: EuchreState, seat: int, legal: Sequence[EuchreMove]) -> EuchreMove:
        if len(legal) == 1:
            return legal[0]
        deals = sample_states(view, seat, max(MIN_DEALS, PLAYOUTS // len(legal)), self._rng)
        mine = team(seat)
        best, best_total = legal[0], float("-inf")
        for move in legal:
            total = 0
            for state in deals:
                total += playout(state, seat, move, mine)
            if total > best_total:
                best, best_total = move, total
        return best


def playout(state: EuchreState, seat: int, move: EuchreMove, mine: int) -> int:
    """Points for `mine` minus points against it once `move` is made and the
    hand is finished by the `normal` AI (0 for a hand thrown in). Bidding goes
    through the rules; the tricks through `ai_playout`, which plays them alike."""
    hand = state.hand_number
    state, _ = rules.apply(state, seat, move)
    while state.phase not in _PLAY_OR_END and state.hand_number == hand:
        who = state.turn
        choice = _POLICY.choose(state, who, rules.legal_moves(state, who))
        state, _ = rules.apply(state, who, choice)
    if state.hand_number != hand:
        return 0
    if state.phase == Phase.PLAYING:
        return finish_hand(state, mine)
    return hand_points(state, state.tricks_won, mine)
