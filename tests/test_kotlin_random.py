"""NATIVE.md §7.5: the generator reproduces the real kotlin-stdlib outputs."""

import pytest

from engine.kotlin_random import KotlinRandom, add_long, shuffled

VECTORS = [
    (0, [-1934310868, 1409199696, -649160781, -1454478562, -1464141532], [4, 1, 0, 15, 400965107]),
    (1, [600123930, -1531902544, -527218591, -1598672019, -541439398], [5, 0, 0, 6, 571871807]),
    (42, [972016666, 1740578880, -408207414, -112774692, 1162768683], [3, 6, 0, 14, 581384341]),
    (-1, [-280203964, -1115932487, -2122700674, 1389910083, 1386645512], [6, 6, 0, 1, 693322756]),
    (
        1723000000000,
        [179752320, 1692129730, 60463797, 1043782980, -1478161437],
        [0, 2, 0, 18, 972441411],
    ),
    (
        1786000000123,
        [239113378, -1162427916, -1131908971, -270234725, -2083660817],
        [9, 6, 0, 5, 193627740],
    ),
]


@pytest.mark.parametrize(("seed", "ints", "bounded"), VECTORS)
def test_vectors(seed: int, ints: list[int], bounded: list[int]) -> None:
    rng = KotlinRandom(seed)
    assert [rng.next_int() for _ in range(5)] == ints
    rng = KotlinRandom(seed)
    bounds = [10, 7, 1, 24, 1073741827]
    assert [rng.next_int_until(b) for b in bounds] == bounded


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    items = list(range(30))
    a = shuffled(items, KotlinRandom(5))
    b = shuffled(items, KotlinRandom(5))
    assert a == b
    assert sorted(a) == items
    assert a != items


def test_long_addition_wraps() -> None:
    assert add_long(2**63 - 1, 1) == -(2**63)
    assert add_long(1786000000123, 7919) == 1786000008042
