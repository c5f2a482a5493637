"""The random seat of the whole-game tests: it draws a kind of move, then a
move of that kind.

Drawn uniformly over the legal moves, a seat with knights and ships spends most
of its moves shuffling them (dozens of such moves stand against one end of the
turn), so its games run long and the rare kinds (cards, trades, the robber's
and pirate's choices) come seldom. Drawing the kind first gives each kind an
equal chance: a Seafarers with Cities & Knights game takes about a third fewer
moves and its rare moves come more often.
"""

import random
from collections.abc import Sequence

from engine.katan.moves import Move


def draw(legal: Sequence[Move], rng: random.Random) -> Move:
    """A uniformly drawn kind among the legal moves, then one of its moves."""
    kinds = sorted({move[0] for move in legal})
    kind = kinds[rng.randrange(len(kinds))]
    of_kind = [move for move in legal if move[0] == kind]
    return of_kind[rng.randrange(len(of_kind))]
