"""Whole games: a thousand seeded self-play games end cleanly, a seed and a move
list replay exactly, and no view leaks what its seat may not see (RULINGS 17)."""

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import from_json
from engine.protocol import SEED_MAX, SEED_MIN, TableConfig
from engine.random_player import RandomPlayer
from engine.selfplay import play, replay
from engine.sequence.game import SEQUENCE
from engine.sequence.moves import Move
from engine.sequence.state import SequenceState

SHAPES: list[dict[str, Any]] = [
    {},
    {"teamCount": 3},
    {"playersPerTeam": 2},
    {"teamCount": 3, "playersPerTeam": 2},
    {"playersPerTeam": 3},
    {"board": "classic"},
    {"deadCardExchange": False},
    {},
    {"teamCount": 2, "playersPerTeam": 4, "sequencesToWin": 1},
    {"teamCount": 3, "deadCardExchange": False, "sequencesToWin": 3},
]


def seats_of(options: dict[str, Any]) -> int:
    return SEQUENCE.seat_counts(SEQUENCE.parse_options(options))[0]


def test_a_thousand_seeded_games_finish_without_an_illegal_move() -> None:
    levels = SEQUENCE.levels
    results: Counter[str] = Counter()
    seat_counts: Counter[int] = Counter()
    for game in range(1000):
        options = SHAPES[game % len(SHAPES)]
        seats = seats_of(options)
        players = [SEQUENCE.player(levels[(game + 3 * s) % 4], game * 16 + s) for s in range(seats)]
        config = TableConfig(game="sequence", seed=game * 7919 - 500_000, options=options)
        played = play(SEQUENCE, config, players, checked=True)
        assert SEQUENCE.is_finished(played.state)
        outcome = played.outcome
        assert outcome is not None
        assert (outcome.winning_team is None) == outcome.draw
        if outcome.draw:
            results["draw"] += 1
        else:
            results["win"] += 1
            assert max(outcome.scores) >= played.state.options.sequences_to_win
        seat_counts[seats] += 1
    assert set(seat_counts) == {2, 3, 4, 6, 8}
    assert results["win"] > 800 and results["draw"] > 0, results


def test_a_seed_and_its_moves_replay_to_the_same_state() -> None:
    for seed, options in enumerate(SHAPES):
        config = TableConfig(game="sequence", seed=seed * 1_000_003, options=options)
        players = [SEQUENCE.player("random", seed + s) for s in range(seats_of(options))]
        played = play(SEQUENCE, config, players)
        again = play(
            SEQUENCE, config, [SEQUENCE.player("random", seed + s) for s in range(len(players))]
        )
        assert again.moves == played.moves
        rebuilt = replay(SEQUENCE, config, played.moves)
        assert SEQUENCE.encode_state(rebuilt) == SEQUENCE.encode_state(played.state)
        # The stored form replays too: encoded moves and states decode to the same game.
        moves = [(seat, SEQUENCE.decode_move(SEQUENCE.encode_move(m))) for seat, m in played.moves]
        assert replay(SEQUENCE, config, moves) == played.state
        assert SEQUENCE.decode_state(SEQUENCE.encode_state(played.state)) == played.state


def random_position(seed: int, options: dict[str, Any], steps: int) -> SequenceState:
    config = TableConfig(game="sequence", seed=seed, options=options)
    state = SEQUENCE.initial_state(config)
    players: list[RandomPlayer[Move]] = [RandomPlayer(seed + s) for s in range(seats_of(options))]
    for _ in range(steps):
        seat = SEQUENCE.to_move(state)
        if seat is None:
            break
        move = players[seat].choose(state, seat, SEQUENCE.legal_moves(state, seat))
        state = SEQUENCE.apply(state, seat, move).state
    return state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(SEED_MIN, SEED_MAX),
    options=st.sampled_from(SHAPES),
    steps=st.integers(0, 250),
)
def test_views_hide_other_hands_the_draw_pile_and_the_seed(
    seed: int, options: dict[str, Any], steps: int
) -> None:
    state = random_position(seed, options, steps)
    seats = len(state.hands)
    if not SEQUENCE.is_finished(state):
        assert SEQUENCE.legal_moves(state, state.turn), "the seat on turn can always move"
    for viewer in [None, *range(seats)]:
        view = SEQUENCE.view_for(state, viewer)
        text = SEQUENCE.encode_view(view)
        data = json.loads(text)
        assert data["seed"] == 0
        assert data["drawPile"] == []
        for seat, hand in enumerate(data["hands"]):
            if seat == viewer:
                assert [from_json(c) for c in hand] == state.hands[seat]
            else:
                assert hand == []
        assert data["handCounts"] == [len(h) for h in state.hands]
        assert [from_json(c) for c in data["discardPile"]] == state.discard_pile
        assert data["log"] == state.log
        if abs(seed) > 10**6:
            assert str(seed) not in text
        if viewer is not None:
            # A seat's view is all it needs to list its moves.
            assert SEQUENCE.view_legal_moves(view, viewer) == SEQUENCE.legal_moves(state, viewer)
    full = json.loads(SEQUENCE.encode_state(state))
    assert full["seed"] == seed
    assert len(full["drawPile"]) == len(state.draw_pile)
