"""The strength ladder `make bench` prints per card game: every level against
the game's default level, with 95% intervals and each level's decision times.

Each pairing plays the same seeds with the challenger's seats rotated (Sequence
seat 0 and 1 in turn, Euchre's partnership on seats 0/2 and 1/3 in turn,
Katan's one challenger through seats 0 to 3 against three of the default), so
neither side owns the first move. In a game of more than two sides a level is
first played against random players too (`CHECKED_AGAINST_RANDOM`): a baseline
that does no better than random there proves nothing against the default.
Every decision's player is built from (level, seed) as the daemon builds it,
and its wall time is recorded per level: the p95 is what a person at the table
waits, on whatever else the machine runs.
"""

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.protocol import Game, TableConfig
from engine.registry import get_game
from engine.selfplay import play

Z95 = 1.96
CHECKED_AGAINST_RANDOM = {"katan"}
"""Games whose ladder also plays each level but `hard` against random players
(`hard` is the default's wrapper: its check is the default's)."""


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate: sound at 0% and 100% too."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + Z95 * Z95 / (2 * games)) / (1 + Z95 * Z95 / games)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + Z95 * Z95 / (4 * games * games))
    half /= 1 + Z95 * Z95 / games
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(slots=True)
class _Seat:
    """A seat of `level` that builds a fresh player per decision, as the
    daemon does, and clocks each decision."""

    game: Game[Any, Any, Any]
    level: str
    base: int
    times: list[float] = field(default_factory=list)

    def choose(self, view: Any, seat: int, legal: Sequence[Any]) -> Any:
        started = time.perf_counter()
        seed = self.base * 1_000_003 + len(self.times)
        move = self.game.player(self.level, seed).choose(view, seat, legal)
        self.times.append(time.perf_counter() - started)
        return move


def pairing(
    game_id: str, level: str, against: str, seeds: range, times: dict[str, list[float]]
) -> float:
    """The share of games the team playing `level` wins against `against` (a
    draw counts half), one game per seed; decision times are added to `times`
    per level."""
    game = get_game(game_id)
    score = 0.0
    for seed in seeds:
        options: dict[str, Any] = {}
        seats = game.seat_counts(game.parse_options(options))[0]
        teams = game.teams(game.parse_options(options), seats)
        team_count = max(teams) + 1
        challenger = seed % team_count
        players = [
            _Seat(game, level if teams[s] == challenger else against, seed * 16 + s)
            for s in range(seats)
        ]
        config = TableConfig(game=game_id, seed=seed, options=options)
        outcome = play(game, config, players, checked=False).outcome
        assert outcome is not None
        score += 0.5 if outcome.draw else float(outcome.winning_team == challenger)
        for p in players:
            times.setdefault(p.level, []).extend(p.times)
    return score / len(seeds)


def _figure(
    game_id: str, level: str, against: str, games: int, times: dict[str, list[float]]
) -> dict[str, float]:
    """One pairing's win rate and 95% interval, printed as it finishes."""
    started = time.perf_counter()
    rate = pairing(game_id, level, against, range(games), times)
    low, high = wilson(rate * games, games)
    print(
        f"  {level:>8} vs {against}: {rate:6.1%}  (95% {low:.1%}\u2013{high:.1%})"
        f"  {time.perf_counter() - started:,.0f} s",
        flush=True,
    )
    key = f"ladder_{level}_vs_{against}"
    return {key: rate, f"{key}_low95": low, f"{key}_high95": high}


def p95_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[int(0.95 * (len(ordered) - 1))] * 1e3 if ordered else 0.0


def run(game_id: str, games: int, levels: Sequence[str] = ()) -> dict[str, float]:
    """Every level (or those of `levels`) against the default, printed as it
    finishes, as figures."""
    game = get_game(game_id)
    default = game.default_level
    chosen = [lv for lv in game.levels if not levels or lv in levels]
    times: dict[str, list[float]] = {}
    out: dict[str, float] = {}
    print(f"  ladder: each level against {default!r}, {games} games a pairing, seats rotated")
    if game_id in CHECKED_AGAINST_RANDOM:
        for level in chosen:
            if level not in ("random", "hard"):
                out.update(_figure(game_id, level, "random", games, times))
    for level in chosen:
        if level != default:
            out.update(_figure(game_id, level, default, games, times))
    for level in chosen:
        if level in times:
            out[f"ladder_{level}_p95_decision_ms"] = p95_ms(times[level])
            print(
                f"  {level:>8} decision time p95 {p95_ms(times[level]):8.2f} ms "
                f"over {len(times[level]):,} decisions",
                flush=True,
            )
    return out
