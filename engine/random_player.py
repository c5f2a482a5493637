"""The random player every game offers: the floor an AI must beat."""

import random
from collections.abc import Sequence
from typing import Generic, TypeVar

M = TypeVar("M")


class RandomPlayer(Generic[M]):
    """Picks uniformly among the legal moves from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: object, seat: int, legal: Sequence[M]) -> M:
        return legal[self._rng.randrange(len(legal))]
