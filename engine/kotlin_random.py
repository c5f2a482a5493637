"""Kotlin's `Random(seed: Long)` (XorWow) and the app's shuffle, bit for bit.

Deals must match the app's for the same seed (NATIVE.md §7), so this is a port
of kotlin-stdlib's generator rather than Python's `random`.
"""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = 0xFFFFFFFF


def _signed(value: int) -> int:
    value &= _MASK
    return value - 0x1_0000_0000 if value & 0x8000_0000 else value


class KotlinRandom:
    """`kotlin.random.XorWowRandom` seeded the way `Random(seed: Long)` seeds it."""

    __slots__ = ("_addend", "_v", "_w", "_x", "_y", "_z")

    def __init__(self, seed: int) -> None:
        seed &= 0xFFFF_FFFF_FFFF_FFFF
        seed1 = seed & _MASK
        seed2 = (seed >> 32) & _MASK
        self._x = seed1
        self._y = seed2
        self._z = 0
        self._w = 0
        self._v = ~seed1 & _MASK
        self._addend = ((seed1 << 10) ^ (seed2 >> 4)) & _MASK
        for _ in range(64):
            self.next_int()

    def next_int(self) -> int:
        """The next 32-bit signed value."""
        t = self._x
        t ^= t >> 2
        self._x = self._y
        self._y = self._z
        self._z = self._w
        v0 = self._v
        self._w = v0
        t = (t ^ (t << 1) ^ v0 ^ (v0 << 4)) & _MASK
        self._v = t
        self._addend = (self._addend + 362437) & _MASK
        return _signed(t + self._addend)

    def next_bits(self, bits: int) -> int:
        value = self.next_int() & _MASK
        return 0 if bits == 0 else value >> (32 - bits)

    def next_int_until(self, until: int) -> int:
        """A value in [0, until), consuming values exactly as Kotlin does."""
        if until <= 0:
            raise ValueError(f"until must be positive, got {until}")
        if until & (until - 1) == 0:
            return self.next_bits(until.bit_length() - 1)
        while True:
            bits = (self.next_int() & _MASK) >> 1
            r = bits % until
            if _signed(bits - r + (until - 1)) >= 0:
                return r


def shuffled(items: Sequence[T], rng: KotlinRandom) -> list[T]:
    """The app's `shuffledWith`: Fisher-Yates from the top, down to index 0 inclusive."""
    out = list(items)
    for i in range(len(out) - 1, -1, -1):
        j = rng.next_int_until(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def add_long(a: int, b: int) -> int:
    """64-bit two's-complement addition, as Kotlin's `Long + Long`."""
    total = (a + b) & 0xFFFF_FFFF_FFFF_FFFF
    return total - (1 << 64) if total & (1 << 63) else total
