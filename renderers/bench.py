"""Render time and size per image kind for `make bench` (docs/BENCHMARKS.md).

States come from seeded self-play, sampled early, midway and late in each game,
so boards range from empty to crowded: the base game, Cities & Knights (a
seat's view: its commodities and progress cards) and Seafarers, whose games
cycle through the eleven maps. Every image is drawn afresh (no cache): the
figures are what a changed board costs.
"""

import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from engine.euchre.game import EUCHRE
from engine.katan.game import KATAN
from engine.katan.sea.atlas import MAP_NAMES
from engine.katan.view import view_legal_moves
from engine.protocol import Game, TableConfig
from engine.sequence.game import SEQUENCE
from renderers import euchre, katan, sequence

MAX_GAMES = 12
"""`make bench` asks for hundreds of games for strength figures; a dozen games
of three positions each is enough for render timings."""


def _positions(game: Game[Any, Any, Any], config: TableConfig, level: str) -> list[Any]:
    """Three states of one seeded game: a quarter, half and all the way through."""
    state = game.initial_state(config)
    players = [game.player(level, config.seed + s) for s in range(game.seat_count(state))]
    states = [state]
    while not game.is_finished(state) and len(states) < 3000:
        if game.can_advance(state):
            state = game.advance(state).state
        else:
            seat = game.to_move(state)
            assert seat is not None
            view = game.view_for(state, seat)
            move = players[seat].choose(view, seat, game.legal_moves(state, seat))
            state = game.apply_legal(state, seat, move).state
        states.append(state)
    return [states[len(states) // 4], states[len(states) // 2], states[-1]]


def _jobs(games: int) -> dict[str, list[Callable[[], bytes]]]:
    jobs: dict[str, list[Callable[[], bytes]]] = {}

    def add(kind: str, job: Callable[[], bytes]) -> None:
        jobs.setdefault(kind, []).append(job)

    for seed in range(min(games, MAX_GAMES)):
        for sq in _positions(SEQUENCE, TableConfig(game="sequence", seed=seed), "normal"):
            view = SEQUENCE.view_for(sq, sq.turn)
            cells = sequence.sequence_spots(SEQUENCE.legal_moves(sq, sq.turn))
            add("sequence_board", partial(sequence.render_png, view, None, cache=None))
            add(
                "sequence_overlay",
                partial(sequence.render_png, view, sq.turn, spots=cells, cache=None),
            )
        for eu in _positions(EUCHRE, TableConfig(game="euchre", seed=seed), "normal"):
            table = EUCHRE.view_for(eu, eu.turn)
            cards = euchre.euchre_spots(EUCHRE.legal_moves(eu, eu.turn), table.hands[eu.turn])
            add("euchre_table", partial(euchre.render_png, table, eu.turn, spots=cards, cache=None))
        for ka in _positions(KATAN, TableConfig(game="katan", seed=seed), "builder"):
            add("katan_board", partial(katan.render_png, KATAN.view_for(ka, None), cache=None))
            private = KATAN.view_for(ka, ka.current)
            roads = katan.katan_spots(view_legal_moves(private, ka.current), "road")
            add("katan_overlay", partial(katan.render_png, private, spots=roads, cache=None))
        cities = TableConfig(game="katan", seed=seed, options={"expansions": "cities_and_knights"})
        for ck in _positions(KATAN, cities, "random"):
            add(
                "cities_board",
                partial(katan.render_png, KATAN.view_for(ck, ck.current), cache=None),
            )
        for sea in _positions(KATAN, _seafarers(seed), "random"):
            add("sea_board", partial(katan.render_png, KATAN.view_for(sea, None), cache=None))
            private = KATAN.view_for(sea, sea.current)
            ships = katan.katan_spots(view_legal_moves(private, sea.current), "ship")
            add("sea_overlay", partial(katan.render_png, private, spots=ships, cache=None))
    return jobs


def _seafarers(seed: int) -> TableConfig:
    """Seed `seed`'s game on a map of its own: a dozen games draw all eleven."""
    options = {"expansions": "seafarers", "map": MAP_NAMES[seed % len(MAP_NAMES)]}
    return TableConfig(game="katan", seed=seed, options=options)


def run(games: int) -> dict[str, float]:
    """Median and 95th-percentile milliseconds and median and largest bytes per kind."""
    figures: dict[str, float] = {}
    for kind, jobs in _jobs(games).items():
        times: list[float] = []
        sizes: list[int] = []
        for job in jobs:
            start = time.perf_counter()
            png = job()
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(png))
        times.sort()
        figures[f"{kind}_median_ms"] = statistics.median(times)
        figures[f"{kind}_p95_ms"] = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        figures[f"{kind}_median_bytes"] = statistics.median(sizes)
        figures[f"{kind}_max_bytes"] = max(sizes)
    return figures
