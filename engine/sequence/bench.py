"""Speed and strength figures for `make bench` (docs/BENCHMARKS.md).

Timing lives here, outside the rules, because the engine itself has no clock.
"""

import time
from collections.abc import Sequence

from engine.protocol import Player, TableConfig
from engine.random_player import RandomPlayer
from engine.selfplay import play
from engine.sequence.ai import SequenceAi
from engine.sequence.game import SEQUENCE
from engine.sequence.moves import Move
from engine.sequence.state import SequenceState

_Seat = Player[SequenceState, Move]


def _config(seed: int) -> TableConfig:
    return TableConfig(game="sequence", seed=seed)


def _games_per_second(games: int, seats: Sequence[str]) -> float:
    start = time.perf_counter()
    for seed in range(games):
        players = [SEQUENCE.player(level, seed * 7 + i) for i, level in enumerate(seats)]
        play(SEQUENCE, _config(seed), players, checked=False)
    return games / (time.perf_counter() - start)


def _costs(games: int) -> dict[str, float]:
    """Mean µs of legal_moves, apply_legal and a normal AI decision over the
    positions of random games."""
    positions: list[tuple[SequenceState, int, Move]] = []
    for seed in range(games):
        random_players: list[_Seat] = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        played = play(SEQUENCE, _config(seed), random_players, checked=False)
        state = SEQUENCE.initial_state(_config(seed))
        for seat, move in played.moves:
            positions.append((state, seat, move))
            state = SEQUENCE.apply_legal(state, seat, move).state
    views = [SEQUENCE.view_for(state, seat) for state, seat, _ in positions]
    legal = [SEQUENCE.legal_moves(state, seat) for state, seat, _ in positions]
    ai = SequenceAi("normal")

    start = time.perf_counter()
    for state, seat, _ in positions:
        SEQUENCE.legal_moves(state, seat)
    legal_us = (time.perf_counter() - start) / len(positions) * 1e6

    start = time.perf_counter()
    for state, seat, move in positions:
        SEQUENCE.apply_legal(state, seat, move)
    apply_us = (time.perf_counter() - start) / len(positions) * 1e6

    start = time.perf_counter()
    for view, (_, seat, _), moves in zip(views, positions, legal, strict=True):
        ai.choose(view, seat, moves)
    ai_us = (time.perf_counter() - start) / len(positions) * 1e6
    return {
        "legal_moves_us": legal_us,
        "apply_legal_us": apply_us,
        "ai_decision_us": ai_us,
        "moves_per_random_game": len(positions) / games,
    }


def ai_win_rate(games: int, level: str = "normal") -> float:
    """Share of two-player games the AI wins against a random player, taking
    seat 0 in even games and seat 1 in odd ones; a blocked table is no win."""
    wins = 0
    for seed in range(games):
        ai_seat = seed % 2
        players = [SEQUENCE.player(level, seed), SEQUENCE.player("random", seed)]
        if ai_seat:
            players.reverse()
        outcome = play(SEQUENCE, _config(seed), players, checked=False).outcome
        wins += outcome is not None and outcome.winning_team == ai_seat
    return wins / games


def run(games: int) -> dict[str, float]:
    speed_games = max(10, games // 10)
    figures = {
        "random_games_per_s": _games_per_second(speed_games, ("random", "random")),
        "ai_games_per_s": _games_per_second(speed_games, ("normal", "normal")),
        **_costs(speed_games),
    }
    for level in ("easy", "normal", "cautious"):
        figures[f"{level}_vs_random_win_rate"] = ai_win_rate(games, level)
    return figures
