"""What `make bench` measures for Katan: speed beside catanatron, the cost of a
state copy, the AI's decision time and its strength.

This is a harness, not part of the game: it is the one Katan module that
reads the clock, and nothing in the engine imports it.

Speed is measured the way catanatron plays: one state stepped in place, a
uniformly random legal move per decision, and the same action set (catanatron's
random players make no domestic offers, so ours skip the example offer), so
`decisions_ratio` and `games_ratio` compare like with like. Two more loops show
the rest: `trading_*` lets our random players offer (every answer is a cheap
decision, so those games are longer and their decision rate higher), and
`protocol_decisions_per_s` goes through the protocol with a state copy and
narrated events per move, which is what the daemon pays.
"""

import random
import statistics
import time
from typing import Any

from engine.katan import rules
from engine.katan.game import KATAN
from engine.katan.moves import OFFER
from engine.katan.state import OVER, KatanState
from engine.protocol import TableConfig
from engine.selfplay import play


def run(games: int) -> dict[str, float]:
    """Every number, from `games` games of each kind (500 for the recorded figures)."""
    out: dict[str, float] = {}
    out.update(_random_speed(games, offers=False))
    out.update(_random_speed(games, offers=True))
    out.update(_protocol_speed(max(1, games // 5)))
    out.update(_catanatron_speed(games))
    if "catanatron_decisions_per_s" in out:
        out["decisions_ratio"] = out["random_decisions_per_s"] / out["catanatron_decisions_per_s"]
        out["games_ratio"] = out["random_games_per_s"] / out["catanatron_games_per_s"]
    out["state_copy_us"] = _copy_cost()
    out.update(_strength(games))
    return out


def _new(seed: int) -> KatanState:
    return KATAN.initial_state(TableConfig(game="katan", seed=seed))


def _random_speed(games: int, offers: bool) -> dict[str, float]:
    prefix = "trading_" if offers else "random_"
    states = [_new(seed) for seed in range(1, games + 1)]
    decisions = 0
    start = time.perf_counter()
    for seed, st in enumerate(states, 1):
        pick = random.Random(seed).random
        while st.phase != OVER:
            seat = rules.to_move(st)
            assert seat is not None
            legal = rules.legal_moves(st, seat)
            if not offers and legal[-1][0] == OFFER:
                legal.pop()
            rules.step(st, seat, legal[int(pick() * len(legal))], None)
            decisions += 1
    elapsed = time.perf_counter() - start
    return {
        f"{prefix}decisions_per_s": decisions / elapsed,
        f"{prefix}games_per_s": games / elapsed,
        f"{prefix}decisions_per_game": decisions / games,
    }


def _protocol_speed(games: int) -> dict[str, float]:
    decisions = 0
    start = time.perf_counter()
    for seed in range(1, games + 1):
        st = _new(seed)
        pick = random.Random(seed).random
        while not KATAN.is_finished(st):
            seat = KATAN.to_move(st)
            assert seat is not None
            legal = KATAN.legal_moves(st, seat)
            st = KATAN.apply_legal(st, seat, legal[int(pick() * len(legal))]).state
            decisions += 1
    return {"protocol_decisions_per_s": decisions / (time.perf_counter() - start)}


def _catanatron_speed(games: int) -> dict[str, float]:
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return {}
    colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    decisions = unfinished = 0
    start = time.perf_counter()
    for seed in range(1, games + 1):
        game: Any = Game([RandomPlayer(c) for c in colours], seed=seed)
        if game.play() is None:
            unfinished += 1
        decisions += len(game.state.actions)
    elapsed = time.perf_counter() - start
    return {
        "catanatron_decisions_per_s": decisions / elapsed,
        "catanatron_games_per_s": games / elapsed,
        "catanatron_decisions_per_game": decisions / games,
        "catanatron_unfinished_games": float(unfinished),
    }


def _copy_cost() -> float:
    """Microseconds per copy of a mid-game state (the median of several runs)."""
    st = _new(7)
    pick = random.Random(7).random
    for _ in range(400):
        seat = rules.to_move(st)
        assert seat is not None
        legal = rules.legal_moves(st, seat)
        rules.step(st, seat, legal[int(pick() * len(legal))], None)
    rounds = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(20_000):
            st.copy()
        rounds.append((time.perf_counter() - start) / 20_000 * 1e6)
    return statistics.median(rounds)


def _strength(games: int) -> dict[str, float]:
    """Four-seat games of the default AI against three random players and
    against three builders, rotating its seat; its decision times are kept."""
    times: list[float] = []
    out: dict[str, float] = {}
    for opponent in ("random", "builder"):
        wins = 0
        for index in range(games):
            seat = index % 4
            players: list[Any] = [KATAN.player(opponent, 1000 * index + s) for s in range(4)]
            players[seat] = _Timed(KATAN.player("katan", 1000 * index + seat), times)
            result = play(KATAN, TableConfig(game="katan", seed=100_000 + index), players)
            assert result.outcome is not None
            wins += result.outcome.winners == (seat,)
        out[f"ai_win_rate_vs_{opponent}"] = wins / games
    times.sort()
    out["ai_p95_decision_ms"] = times[int(0.95 * (len(times) - 1))] * 1e3
    out["ai_max_decision_ms"] = times[-1] * 1e3
    return out


class _Timed:
    """Wraps a player to record how long each decision takes."""

    def __init__(self, player: Any, times: list[float]) -> None:
        self._player = player
        self._times = times

    def choose(self, view: Any, seat: int, legal: Any) -> Any:
        start = time.perf_counter()
        move = self._player.choose(view, seat, legal)
        self._times.append(time.perf_counter() - start)
        return move


if __name__ == "__main__":
    for name, value in run(50).items():
        print(f"{name:40} {value:,.2f}")
