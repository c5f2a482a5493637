"""Whole games: 2,000 with random seats and 50 with AI seats, invariants checked
after every move, each finishing with a winner at the target; plus a small
sanity version of the strength targets `make bench` measures in full."""

import random

import pytest

from engine.katan.audit import ledger_problems, problems
from engine.katan.game import KATAN
from engine.katan.state import OVER, KatanState, total_points
from engine.protocol import TableConfig
from engine.selfplay import play

MAX_MOVES = 20_000


def config(index: int) -> TableConfig:
    """3 and 4 seats alternately; every third game awards 5 points (RULINGS 1)."""
    options = {"award_points": 5} if index % 3 == 0 else {}
    return TableConfig(game="katan", seed=index + 1, seats=3 + index % 2, options=options)


def finished_properly(st: KatanState) -> None:
    assert st.phase == OVER
    assert problems(st) == []
    outcome = KATAN.outcome(st)
    assert outcome is not None and outcome.winners == (st.winner,)
    assert total_points(st, st.winner) >= st.target


@pytest.mark.parametrize("block", range(4))
def test_two_thousand_random_games(block: int) -> None:
    for index in range(block * 500, (block + 1) * 500):
        rng = random.Random(index)
        st = KATAN.initial_state(config(index))
        for _ in range(MAX_MOVES):
            if st.phase == OVER:
                break
            seat = KATAN.to_move(st)
            assert seat is not None
            legal = KATAN.legal_moves(st, seat)
            st = KATAN.apply_legal(st, seat, legal[rng.randrange(len(legal))]).state
            wrong = ledger_problems(st)
            assert not wrong, (index, wrong)
            if rng.random() < 0.01:
                assert problems(st) == [], index
        finished_properly(st)


LEVELS = ("katan", "builder", "random")


def test_fifty_games_with_ai_seats() -> None:
    """Every decision from the seat's own view, every move checked."""
    for index in range(50):
        cfg = config(index)
        seats = cfg.seats or 4
        players = [KATAN.player(LEVELS[(index + s) % 3], index * 7 + s) for s in range(seats)]
        st = KATAN.initial_state(cfg)
        for _ in range(MAX_MOVES):
            if st.phase == OVER:
                break
            seat = KATAN.to_move(st)
            assert seat is not None
            view = KATAN.view_for(st, seat)
            move = players[seat].choose(view, seat, KATAN.view_legal_moves(view, seat))
            st = KATAN.apply(st, seat, move).state
            assert ledger_problems(st) == [], index
        finished_properly(st)


def win_rate(opponent: str, games: int) -> float:
    wins = 0
    for index in range(games):
        seat = index % 4
        players = [
            KATAN.player("katan" if s == seat else opponent, 1000 * index + s) for s in range(4)
        ]
        result = play(KATAN, TableConfig(game="katan", seed=5000 + index), players)
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    return wins / games


def test_the_default_ai_beats_random_and_builder_seats() -> None:
    assert win_rate("random", 20) >= 0.9
    assert win_rate("builder", 40) >= 0.35
