"""The event loop's lag while tables of `hard` AIs play (issue 18), for `make bench`.

The daemon's core runs here, in this process, as `plgames serve` builds it:
SQLite with `synchronous=full` in a temporary directory, the real clock,
and the `[ai]` defaults (searches in the worker pool, one decision in flight
per table). `tables` Katan tables play with every seat `hard` and no pause
between moves, the harshest load they can put on the loop; one more table
has a person in seat 3 whom the bench plays at once (the normal AI's move),
so its decisions go people-first. Finished games are replaced.

Measured over `seconds`, after every table's first search:
- loop lag: a coroutine sleeps 10 ms over and over; how late it wakes.
  On a shared machine that includes time the OS gave other processes, so
  beside it is the loop thread's own CPU time in each of those windows: the
  most the daemon's own work can have delayed the wake-up;
- a request: what a person's message costs at a random table — a
  spectator's view, then a move by someone not seated, refused with its
  reason (it takes the table's lock, so it waits out a step being stored) —
  timed from being scheduled to its answer;
- how long decisions waited for a worker, at the person's table and the
  others, and the searches' own time.
"""

import argparse
import asyncio
import contextlib
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, get_args

from daemon.ai import AiScheduler, Decided, Executor, choose, make_runner
from daemon.config import AiConfig
from daemon.core import Daemon
from daemon.model import Identity, Origin, PacingPolicy, Refused, Status, TablePolicy
from daemon.sqlite_store import SqliteStore
from daemon.table import Table
from engine.katan.moves import M_END

ORIGIN = Origin(frontend="bench")
PERSON = Identity(frontend="bench", user="person")
STRANGER = Identity(frontend="bench", user="stranger")
HARD = TablePolicy(ai_level="hard", pacing=PacingPolicy(think_seconds=0, hold_seconds=0))
TICK = 0.010
"""The lag probe's sleep."""
REQUEST_EVERY = 0.020


class Recording(AiScheduler):
    """The daemon's scheduler, noting each decision's wait and search time."""

    def __init__(self, config: AiConfig) -> None:
        super().__init__(
            make_runner(config.executor, config.workers),
            search=make_runner(config.search_executor, config.workers),
            search_levels=config.search_levels,
            slots=config.workers if config.search_executor == "process" else 1,
            per_table=config.per_table,
        )
        self.waits: dict[bool, list[float]] = {True: [], False: []}
        self.thoughts: list[float] = []
        self.recording = False

    async def choose(
        self,
        table: str,
        person: bool,
        game_id: str,
        level: str,
        seed: int,
        view: Any,
        seat: int,
        legal: Sequence[Any],
    ) -> Decided:
        decided = await super().choose(table, person, game_id, level, seed, view, seat, legal)
        if self.recording:
            self.waits[person].append(decided.waited)
            self.thoughts.append(decided.thought)
        return decided


def _ms(values: list[float]) -> dict[str, float]:
    """p50, p95 and max in milliseconds."""
    if len(values) < 2:
        return {"p50": float("nan"), "p95": float("nan"), "max": float("nan")}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": cuts[49] * 1000, "p95": cuts[94] * 1000, "max": max(values) * 1000}


async def _open(daemon: Daemon, seed: int, person: bool) -> Table:
    table = await daemon.open_table("katan", origin=ORIGIN, seed=seed)
    if person:
        await table.join(PERSON, "Person", seat=3)
    await table.start()
    return table


async def _play_person(table: Table, stop: asyncio.Event) -> None:
    """The person moves as soon as it is their turn, as the normal AI would."""
    while not stop.is_set() and table.status == Status.PLAYING:
        if table.to_move() == 3:
            view = table.view_for(3)
            legal = table.game.view_legal_moves(view, 3)
            move = choose("katan", "normal", table.version, view, 3, legal)
            with contextlib.suppress(Refused):  # the table moved on: look again
                await table.act(move, identity=PERSON, expect=table.version)
        await asyncio.sleep(0.005)


async def measure(tables: int, seconds: float, config: AiConfig) -> dict[str, float]:
    loop = asyncio.get_running_loop()
    with tempfile.TemporaryDirectory(prefix="plgames-lag-") as folder:
        store = SqliteStore(Path(folder) / "lag.db")
        await store.open()
        scheduler = Recording(config)
        daemon = Daemon(store, ai=scheduler, policy=HARD)
        seeds = iter(range(1, 1_000_000))
        playing = [await _open(daemon, next(seeds), person=False) for _ in range(tables)]
        person = await _open(daemon, next(seeds), person=True)
        stop = asyncio.Event()
        people = [asyncio.create_task(_play_person(person, stop))]
        async with asyncio.timeout(600):
            while any(t.version < 2 for t in playing):  # forks and first searches done
                await asyncio.sleep(0.1)

        lags: list[float] = []
        busy: list[float] = []
        requests: list[float] = []
        rng = random.Random(7)

        async def probe() -> None:
            while not stop.is_set():
                began, cpu = time.perf_counter(), time.thread_time()
                await asyncio.sleep(TICK)
                lags.append(time.perf_counter() - began - TICK)
                busy.append(time.thread_time() - cpu)

        async def request(table: Table, began: float) -> None:
            table.view_for(None)
            with contextlib.suppress(Refused):  # "You are not seated at this table."
                await table.act(M_END, identity=STRANGER)
            requests.append(time.perf_counter() - began)

        async def ask() -> None:
            asking: set[asyncio.Task[None]] = set()
            while not stop.is_set():
                await asyncio.sleep(REQUEST_EVERY)
                table = rng.choice([*playing, person])
                task = loop.create_task(request(table, time.perf_counter()))
                asking.add(task)
                task.add_done_callback(asking.discard)
            await asyncio.gather(*asking)

        async def replace_finished() -> None:
            while not stop.is_set():
                await asyncio.sleep(0.5)
                for i, table in enumerate(playing):
                    if table.status != Status.PLAYING:
                        playing[i] = await _open(daemon, next(seeds), person=False)

        steps_before = sum(t.version for t in daemon.tables.values())
        scheduler.recording = True
        began = time.perf_counter()
        workers = [asyncio.create_task(job()) for job in (probe, ask, replace_finished)]
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*workers, *people)
        elapsed = time.perf_counter() - began
        scheduler.recording = False
        steps = sum(t.version for t in daemon.tables.values()) - steps_before
        await daemon.shutdown()

    lag, answer = _ms(lags), _ms(requests)
    person_wait, ai_wait = _ms(scheduler.waits[True]), _ms(scheduler.waits[False])
    return {
        "lag_tables": float(tables),
        "lag_workers": float(config.workers),
        "lag_seconds": elapsed,
        "lag_loop_p50_ms": lag["p50"],
        "lag_loop_p95_ms": lag["p95"],
        "lag_loop_max_ms": lag["max"],
        "lag_loop_cpu_p95_ms": _ms(busy)["p95"],
        "lag_loop_cpu_max_ms": _ms(busy)["max"],
        "lag_request_p50_ms": answer["p50"],
        "lag_request_p95_ms": answer["p95"],
        "lag_request_max_ms": answer["max"],
        "lag_requests": float(len(requests)),
        "lag_steps_per_s": steps / elapsed,
        "lag_decision_p95_ms": _ms(scheduler.thoughts)["p95"],
        "lag_person_table_wait_p95_ms": person_wait["p95"],
        "lag_ai_table_wait_p95_ms": ai_wait["p95"],
    }


def run(
    tables: int = 20,
    seconds: float = 90.0,
    workers: int | None = None,
    search_executor: Executor = "process",
) -> dict[str, float]:
    """`search_executor="thread"` is the comparison: searches beside the loop."""
    config = AiConfig(search_executor=search_executor)
    if workers is not None:
        config = config.model_copy(update={"workers": workers})
    return asyncio.run(measure(tables, seconds, config))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--workers", type=int, help="default: ai.workers' (the CPUs less one)")
    parser.add_argument("--search-executor", choices=get_args(Executor), default="process")
    args = parser.parse_args()
    figures = run(args.tables, args.seconds, args.workers, args.search_executor)
    for name, value in figures.items():
        print(f"{name:32} {value:12.3f}")
