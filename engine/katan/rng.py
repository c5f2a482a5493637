"""The engine's only source of chance: a pure function of (seed, stream, counter).

Every random event (the board deal, each roll, each development card drawn,
each stolen card) is `draw(seed, stream, counter, n)` with a counter kept in
the state, so a game replays exactly from its seed and moves, a state copy
carries its whole future, and nothing depends on a global generator.

The mixer is SplitMix64 (Steele, Lea & Flood 2014) applied to
`seed + stream * K1 + counter * K2`: one multiply-xorshift chain per draw, a
few hundred nanoseconds in CPython, with no generator object to build or copy.
The modulo bias on a 64-bit output is below 2^-58 for any n used here.
"""

from collections.abc import MutableSequence
from typing import Final, TypeVar

T = TypeVar("T")

MASK64: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_STREAM: Final = 0xD1B54A32D192ED03

DEAL: Final = 1
"""Stream of the board deal; the play stream is 0."""
PLAY: Final = 0


def draw(seed: int, stream: int, counter: int, n: int) -> int:
    """A uniform int in [0, n) for the counter-th draw of a stream."""
    z = (seed + stream * _STREAM + (counter + 1) * _GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) % n


class Stream:
    """Sequential draws from one stream, for setup code that needs many (the deal)."""

    __slots__ = ("counter", "seed", "stream")

    def __init__(self, seed: int, stream: int) -> None:
        self.seed = seed
        self.stream = stream
        self.counter = 0

    def below(self, n: int) -> int:
        value = draw(self.seed, self.stream, self.counter, n)
        self.counter += 1
        return value

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
