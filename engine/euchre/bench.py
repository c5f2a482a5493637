"""Euchre figures for `make bench`: engine speed and the AI's strength.

Speed is measured on real positions (those random self-play reaches), not on a
synthetic one, so the legal-move and apply costs reflect the phase mix of an
actual game.
"""

import time
from collections.abc import Sequence

from engine.euchre.game import EUCHRE
from engine.euchre.moves import EuchreMove
from engine.euchre.state import EuchreState
from engine.protocol import Player, TableConfig
from engine.selfplay import play

Position = tuple[EuchreState, int, EuchreMove]


def _config(seed: int) -> TableConfig:
    return TableConfig(game="euchre", seed=seed)


def _players(levels: Sequence[str], seed: int) -> list[Player[EuchreState, EuchreMove]]:
    return [EUCHRE.player(level, seed * 4 + seat) for seat, level in enumerate(levels)]


def _games_per_second(games: int, level: str) -> float:
    start = time.perf_counter()
    for seed in range(games):
        play(EUCHRE, _config(seed), _players([level] * 4, seed), checked=False)
    return games / (time.perf_counter() - start)


def _positions(games: int) -> list[Position]:
    """(state, seat, move) for every decision of `games` random games."""
    out: list[Position] = []
    for seed in range(games):
        players = _players(["random"] * 4, seed)
        state = EUCHRE.initial_state(_config(seed))
        while not EUCHRE.is_finished(state):
            if EUCHRE.can_advance(state):
                state = EUCHRE.advance(state).state
                continue
            seat = EUCHRE.to_move(state)
            assert seat is not None
            move = players[seat].choose(state, seat, EUCHRE.legal_moves(state, seat))
            out.append((state, seat, move))
            state = EUCHRE.apply_legal(state, seat, move).state
    return out


def ai_win_rate(games: int, level: str = "normal") -> float:
    """Share of games to 10 an AI partnership wins against a random one. The AI
    team alternates between seats 0/2 and 1/3, so it is not always first to bid."""
    wins = 0
    for seed in range(games):
        ai_team = seed % 2
        levels = [level if seat % 2 == ai_team else "random" for seat in range(4)]
        result = play(EUCHRE, _config(seed), _players(levels, seed), checked=True)
        assert result.outcome is not None
        wins += result.outcome.winning_team == ai_team
    return wins / games


def run(games: int) -> dict[str, float]:
    positions = _positions(max(1, games // 10))
    start = time.perf_counter()
    for state, seat, _ in positions:
        EUCHRE.legal_moves(state, seat)
    legal_us = (time.perf_counter() - start) / len(positions) * 1e6
    start = time.perf_counter()
    for state, seat, move in positions:
        EUCHRE.apply_legal(state, seat, move)
    apply_us = (time.perf_counter() - start) / len(positions) * 1e6
    return {
        "random_games_per_s": _games_per_second(games, "random"),
        "ai_games_per_s": _games_per_second(games, "normal"),
        "legal_moves_us": legal_us,
        "apply_legal_us": apply_us,
        "ai_vs_random_win_rate": ai_win_rate(games),
    }
