"""Shared helpers for the Cities & Knights rule tests (tests/test_cities_*.py).

Positions are crafted on seed 1's standard board (`blank`); the hexes and
crossings the tests use are named here once, with what they produce, so a
test reads as the rule it checks. Moves go through the checked protocol
entry point (`apply`), which must leave the original state untouched and the
result sound by `audit.problems`.
"""

from typing import Final

import pytest

from engine.errors import IllegalMove
from engine.katan import crafted
from engine.katan.audit import problems
from engine.katan.chores import GIVE_BACK
from engine.katan.cities import roll
from engine.katan.cities.components import (
    COMMODITY_START,
    KNIGHTS_PER_LEVEL,
    PROGRESS_COUNT,
    PROGRESS_HAND,
    WALL_PIECES,
)
from engine.katan.cities.crafted import before_roll
from engine.katan.cities.rules import CITIES_RULES
from engine.katan.cities.state import CitiesPart
from engine.katan.components import BANK_START, CARD_NAMES, RESOURCES
from engine.katan.game import KATAN
from engine.katan.moves import Move
from engine.katan.state import KatanState
from engine.protocol import Event, TableConfig

W: Final = len(CARD_NAMES)
"""A Cities & Knights hand's width."""
CARDS_START: Final = (BANK_START,) * RESOURCES + (COMMODITY_START,) * 3
"""Every card kind's count across bank and hands: 19 of each resource, 12 of each commodity."""
PROGRESS_TOTAL: Final = sum(PROGRESS_COUNT)

# Seed 1's board: hexes by (terrain, number) and crossings that touch one hex only.
FOREST_5: Final = 0
MOUNTAINS_2: Final = 1
FOREST_4: Final = 2
HILLS_3: Final = 3
FIELDS_5: Final = 4
PASTURE_11: Final = 6
DESERT: Final = 7
MOUNTAINS_6: Final = 8
FIELDS_3: Final = 12
PASTURE_8: Final = 16
PASTURE_4: Final = 18
ON_FOREST_5: Final = (0, 3)
ON_MOUNTAINS_2: Final = 1
ON_FOREST_4: Final = (2, 6)
ON_HILLS_3: Final = 11
ON_PASTURE_11: Final = 15
ON_FIELDS_8: Final = (26, 32)
ON_FIELDS_3: Final = 38
ON_PASTURE_8: Final = (47, 51)
ON_PASTURE_4: Final = (50, 53)


def blank(seats: int = 4, target: int = 13) -> KatanState:
    """Seat 0's first turn after setup, dice rolled, nothing on the board."""
    return crafted.blank(seats=seats, target=target, ruleset=CITIES_RULES)


def new_game(seed: int = 1, seats: int = 4, **options: object) -> KatanState:
    opts = {"expansions": "cities_and_knights", **options}
    return KATAN.initial_state(TableConfig(game="katan", seed=seed, seats=seats, options=opts))


def ck(st: KatanState) -> CitiesPart:
    part: CitiesPart = st.ck
    return part


def apply(st: KatanState, seat: int, move: Move) -> KatanState:
    """The checked entry point; the original is unchanged and the result sound."""
    return play(st, seat, move)[0]


def play(st: KatanState, seat: int, move: Move) -> tuple[KatanState, tuple[Event, ...]]:
    before = KATAN.encode_state(st)
    step = KATAN.apply(st, seat, move)
    assert KATAN.encode_state(st) == before
    wrong = problems(step.state)
    assert not wrong, wrong
    return step.state, step.events


def refused(st: KatanState, seat: int, move: Move, words: str) -> None:
    """The move is refused with a reason containing `words`, and changes nothing."""
    before = KATAN.encode_state(st)
    with pytest.raises(IllegalMove, match=words):
        KATAN.apply(st, seat, move)
    assert KATAN.encode_state(st) == before
    assert move not in KATAN.legal_moves(st, seat)


def hand(st: KatanState, seat: int) -> list[int]:
    return st.hands[seat * W : (seat + 1) * W]


def cards(**names: int) -> list[int]:
    """A count per card kind, by name (`cards(wool=1, cloth=2)`)."""
    out = [0] * W
    for name, n in names.items():
        out[CARD_NAMES.index(name)] = n
    return out


def rolled(
    st: KatanState, yellow: int, red: int, event: int
) -> tuple[KatanState, tuple[Event, ...]]:
    """A copy of `st` with the seat on turn's roll staged and resolved."""
    new = st.copy()
    before_roll(new)
    events: list[Event] = []
    roll.resolve(new, yellow, red, event, events)
    wrong = problems(new)
    assert not wrong, wrong
    return new, tuple(events)


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [e.kind for e in events]


def ledger(st: KatanState) -> list[str]:
    """Cities & Knights' per-move invariants, cheaply, for whole-game tests
    (alone and at sea): the 54 progress cards across decks, hands and the
    face-up point cards, no hand of five unless one is being given back,
    knights and walls within their limits, every wall on its owner's city.
    The cards (commodities among them) and the base pieces are the caller's."""
    out: list[str] = []
    part = ck(st)
    progress = sum(map(len, part.decks)) + sum(map(len, part.progress)) + sum(part.face_up)
    if progress != PROGRESS_TOTAL:
        out.append(f"{progress} progress cards, not {PROGRESS_TOTAL}")
    hands = part.progress
    if max(map(len, hands)) > PROGRESS_HAND and not any(c[0] == GIVE_BACK for c in st.chores):
        out.append("a hand of five progress cards with none being given back")
    bits = int.bit_count
    if (
        max(map(bits, part.knights)) > KNIGHTS_PER_LEVEL
        or max(map(bits, part.walls)) > WALL_PIECES
        or any(walls & ~cities for walls, cities in zip(part.walls, st.cities, strict=True))
    ):
        out.append("knights or walls beyond their limits (or a wall off its city)")
    return out
