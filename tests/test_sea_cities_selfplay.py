"""Seafarers with Cities & Knights, whole games on every map: 300 with random
seats and 30 with the default AI in every seat, each finishing with a
winner, with both expansions' ledgers after every move (cards, commodities
among them, conserved; ships, roads, towns, knights and walls within their
limits; the fog pile, cloth, fortresses and canal units accounted for; the
54 progress cards across decks, hands and face-up; points from scratch),
the full audit and a JSON round trip every few hundred moves.

The games are tests/test_sea_selfplay.py's: random ones stepped in place,
every `VIEWED`-th through every seat's view and the checked entry point,
AI ones deciding from their views. Each map's games run as `BLOCKS` tests
so the suite's two workers share them evenly.
"""

import pytest

from engine.katan.cities.components import COIN
from engine.katan.game import KATAN
from engine.katan.sea.atlas import MAP_NAMES
from engine.katan.sea.ships import SHIP_PIECES
from engine.protocol import TableConfig
from tests.cities_support import CARDS_START, PROGRESS_TOTAL
from tests.sea_support import WITH_CITIES
from tests.test_sea_selfplay import (
    AI_GAMES,
    RANDOM_GAMES,
    ai_game,
    blocks,
    config,
    ledger,
    play_random,
    start_of,
)

BLOCKS = 3
"""Each map's random games run as this many tests (20 to 30 seconds each)."""
RANDOM_TARGETS = (14, 10, 14, 12)
"""The random games' targets, from the menu (10, 12, 14, 16): the default
in half of them. Not 16: random seats take long to get there (the
barbarians, never met by their knights, pull their cities down again and
again), Heading for New Shores seed 8006 took 35,862 moves, and the AI
games play to 16 on every map."""
AI_TARGETS = (14, 10, 14, 16)
"""The AI games' targets: the default in half of them, 10 and 16 in the rest."""


def combined(name: str, index: int, targets: tuple[int, ...]) -> TableConfig:
    return config(name, index, targets, WITH_CITIES)


@pytest.mark.parametrize("block", blocks(RANDOM_GAMES, BLOCKS))
@pytest.mark.parametrize("name", MAP_NAMES)
def test_random_games_finish_with_a_winner(name: str, block: range) -> None:
    for index in block:
        play_random(combined(name, index, RANDOM_TARGETS), index)


@pytest.mark.parametrize("name", MAP_NAMES)
def test_ai_games_finish_with_a_winner(name: str) -> None:
    for index in range(AI_GAMES):
        ai_game(combined(name, index, AI_TARGETS), index)


def test_the_per_move_ledger_sees_both_expansions() -> None:
    st = KATAN.initial_state(combined("treasure_islands", 1, RANDOM_TARGETS))
    start = start_of(st)
    assert start.cards == CARDS_START and start.fog > 0
    assert ledger(st, start) == []
    coin = st.copy()
    coin.bank[COIN] -= 1
    assert ledger(coin, start) == [
        f"cards {(19,) * 5 + (12, 11, 12)} (bank + hands), not {CARDS_START}"
    ]
    extra = st.copy()
    extra.ck.progress[1] = (0,)
    assert ledger(extra, start) == [f"{PROGRESS_TOTAL + 1} progress cards, not {PROGRESS_TOTAL}"]
    crowded = st.copy()
    crowded.ck.knights[0] = 0b111
    assert ledger(crowded, start) == [
        "knights or walls beyond their limits (or a wall off its city)"
    ]
    fleet = st.copy()
    fleet.sea.ships[1] = (1 << (SHIP_PIECES + 1)) - 1
    assert ledger(fleet, start) == ["pieces beyond their limits"]
    pile = st.copy()
    pile.sea.fog_pile = pile.sea.fog_pile[1:]
    assert ledger(pile, start) == [f"fog: {start.fog} hexes, {start.fog - 1} tiles, 0 found"]
    point = st.copy()
    point.points[2] += 1
    assert ledger(point, start) == ["seat 2: points 1, not 0"]
