"""Issue 18, off the event loop: AI decisions shared fairly between tables.

A fake runner holds every decision until the test lets it go, so what is
checked is the order things happen in, never how long they take.
"""

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from daemon import lag_bench
from daemon.ai import AiScheduler, Decided, InlineAi, ProcessAi, ThreadAi, choose, scheduler_for
from daemon.clock import FakeClock, settle
from daemon.config import AiConfig
from daemon.core import Daemon
from daemon.model import Identity, Origin, PacingPolicy, RefusalCode, Refused, TablePolicy
from daemon.store import MemoryStore
from daemon.table import Table
from engine.katan import moves as katan_moves
from engine.protocol import TableConfig
from engine.registry import get_game

ANA = Identity(frontend="discord", user="ana")
ORIGIN = Origin(frontend="discord")


class Held:
    """A runner whose decisions start at once and end when the test says:
    it records which table asked (by the seed's owner) and how many are in
    flight per table, and decides as the `normal` level would."""

    def __init__(self) -> None:
        self.running: list[tuple[Any, asyncio.Event]] = []
        self.started: list[Any] = []
        self.in_flight: dict[Any, int] = {}
        self.most: dict[Any, int] = {}
        self.owner: dict[int, Any] = {}
        """Seed → table id, filled by `Tagged`."""

    async def choose(
        self, game_id: str, level: str, seed: int, view: Any, seat: int, legal: Sequence[Any]
    ) -> tuple[Any, float]:
        key = self.owner.get(seed, seed)
        release = asyncio.Event()
        self.running.append((key, release))
        self.started.append(key)
        self.in_flight[key] = self.in_flight.get(key, 0) + 1
        self.most[key] = max(self.most.get(key, 0), self.in_flight[key])
        try:
            await release.wait()
        finally:
            self.in_flight[key] -= 1
            self.running.remove((key, release))
        if game_id == "test":
            return None, 0.0
        return choose(game_id, "normal", seed, view, seat, legal), 0.0

    def release(self, key: Any) -> None:
        next(event for k, event in self.running if k == key).set()

    async def close(self) -> None:
        return None


class Tagged(AiScheduler):
    """Tells the held runner which table each decision is for."""

    def __init__(self, held: Held, **kwargs: Any) -> None:
        super().__init__(InlineAi(), search=held, **kwargs)
        self.held = held

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
        self.held.owner[seed] = table
        return await super().choose(table, person, game_id, level, seed, view, seat, legal)


async def ask(scheduler: AiScheduler, table: str, person: bool = False, seed: int = 0) -> Any:
    return await scheduler.choose(table, person, "test", "hard", seed, None, 0, [])


async def test_a_table_waits_for_its_own_decision_though_a_worker_is_free() -> None:
    held = Held()
    scheduler = AiScheduler(InlineAi(), search=held, slots=3)
    held.owner = {1: "a", 2: "a", 3: "b"}
    asks = [
        asyncio.create_task(ask(scheduler, t, seed=s)) for t, s in (("a", 1), ("a", 2), ("b", 3))
    ]
    await settle()
    assert held.started == ["a", "b"]  # a's second decision waits for its first
    held.release("a")
    await settle()
    assert held.started == ["a", "b", "a"]
    held.release("a")
    held.release("b")
    await asyncio.gather(*asks)
    assert held.most == {"a": 1, "b": 1}


async def test_a_table_with_a_person_gets_the_next_worker_before_ai_tables() -> None:
    held = Held()
    scheduler = AiScheduler(InlineAi(), search=held, slots=1)
    held.owner = {1: "ai-1", 2: "ai-2", 3: "ai-3", 4: "person"}
    asks = [asyncio.create_task(ask(scheduler, f"ai-{s}", seed=s)) for s in (1, 2, 3)]
    await settle()
    asks.append(asyncio.create_task(ask(scheduler, "person", person=True, seed=4)))
    await settle()
    for key in ("ai-1", "person", "ai-2", "ai-3"):
        assert held.started[-1] == key
        held.release(key)
        await settle()
    await asyncio.gather(*asks)
    assert held.started == ["ai-1", "person", "ai-2", "ai-3"]


async def test_a_search_nobody_waits_for_still_holds_its_tables_place() -> None:
    """A stopped driver cannot stop its running search; the table it comes
    back to must not start a second one beside it."""
    held = Held()
    scheduler = AiScheduler(InlineAi(), search=held, slots=2)
    held.owner = {1: "a", 2: "a"}
    first = asyncio.create_task(ask(scheduler, "a", seed=1))
    await settle()
    first.cancel()
    await settle()
    second = asyncio.create_task(ask(scheduler, "a", seed=2))
    await settle()
    assert held.started == ["a"] and first.cancelled()
    held.release("a")  # the abandoned search ends
    await settle()
    assert held.started == ["a", "a"]
    held.release("a")
    await second
    assert held.most == {"a": 1}
    await scheduler.close()


async def test_a_waiter_that_gives_up_passes_its_place_on() -> None:
    held = Held()
    scheduler = AiScheduler(InlineAi(), search=held, slots=1)
    held.owner = {1: "a", 2: "b", 3: "c"}
    asks = [
        asyncio.create_task(ask(scheduler, t, seed=s)) for t, s in (("a", 1), ("b", 2), ("c", 3))
    ]
    await settle()
    asks[1].cancel()
    held.release("a")
    await settle()
    assert held.started == ["a", "c"]
    held.release("c")
    await asyncio.gather(asks[0], asks[2])
    assert scheduler.slots.idle


async def daemon_with(held: Held, clock: FakeClock) -> Daemon:
    policy = TablePolicy(ai_level="hard", pacing=PacingPolicy(think_seconds=0, hold_seconds=0))
    return Daemon(MemoryStore(), clock=clock, ai=Tagged(held, slots=1), policy=policy)


async def test_two_ai_tables_take_turns_at_one_worker_one_decision_each() -> None:
    held = Held()
    daemon = await daemon_with(held, FakeClock())
    tables = [await daemon.open_table("katan", origin=ORIGIN, seed=s) for s in (1, 2)]
    for table in tables:
        await table.start()
    ids = [t.meta.id for t in tables]
    for _ in range(12):
        await settle()
        # One decision runs, and the other table's waits for the worker.
        assert len(held.running) == 1 and daemon.services.ai.slots.waiting == 1
        held.release(held.running[0][0])
    await settle()
    assert held.started[:12] == ids * 6
    assert held.most == {ids[0]: 1, ids[1]: 1}
    assert all(t.version >= 5 for t in tables)
    for key, _ in list(held.running):
        held.release(key)
    await daemon.shutdown()


async def test_a_person_is_answered_while_the_ai_at_their_table_thinks() -> None:
    held = Held()
    daemon = await daemon_with(held, FakeClock())
    table: Table = await daemon.open_table("katan", origin=ORIGIN, seed=3)
    await table.join(ANA, "Ana", seat=3)
    await table.start()
    await settle()
    assert held.started == [table.meta.id] and table.to_move() == 0
    version = table.version
    view = table.view_for(3)  # the person's view, while seat 0 thinks
    assert view is not None
    with pytest.raises(Refused) as refused:
        await table.act(katan_moves.M_END, identity=ANA)
    assert refused.value.code == RefusalCode.NOT_YOUR_TURN
    assert table.version == version  # the AI's move has not landed yet
    held.release(table.meta.id)
    await settle()
    assert table.version == version + 1
    waited = daemon.metrics.registry.get_sample_value(
        "plgames_ai_wait_seconds_count", {"game": "katan", "person": "true"}
    )
    assert waited is not None and waited >= 1
    for key, _ in list(held.running):
        held.release(key)
    await daemon.shutdown()


async def test_the_daemon_searches_in_worker_processes_and_the_rest_stays_cheap() -> None:
    scheduler = scheduler_for(AiConfig(workers=2))
    try:
        assert isinstance(scheduler.search, ProcessAi) and scheduler.search.workers == 2
        assert isinstance(scheduler.runner, ThreadAi)
        assert scheduler.search_levels == {"hard"} and scheduler.slots.count == 2
        assert scheduler.per_table == 1
    finally:
        await scheduler.close()


WORKER = """
import asyncio, os, sys
from daemon.ai import ProcessAi

async def main() -> None:
    pool = ProcessAi(1)
    loop = asyncio.get_running_loop()
    print(await loop.run_in_executor(pool._pool, os.getpid), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def gone(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status  # exited, not yet reaped by its new parent


def test_a_killed_daemon_leaves_no_worker_behind(tmp_path: Path) -> None:
    daemon = subprocess.Popen(
        [sys.executable, "-c", WORKER], stdout=subprocess.PIPE, text=True, cwd=tmp_path
    )
    try:
        assert daemon.stdout is not None
        worker = int(daemon.stdout.readline())
        assert worker != daemon.pid and not gone(worker)
    finally:
        os.kill(daemon.pid, signal.SIGKILL)
        daemon.wait()
    for _ in range(600):
        if gone(worker):
            return
        time.sleep(0.05)
    os.kill(worker, signal.SIGKILL)
    raise AssertionError("the worker outlived its daemon")


def test_the_lag_bench_plays_and_measures_at_its_smallest_size() -> None:
    figures = lag_bench.run(tables=1, seconds=0.5, workers=1)
    assert figures["lag_tables"] == 1 and figures["lag_requests"] > 0
    assert figures["lag_loop_max_ms"] >= figures["lag_loop_p95_ms"] >= figures["lag_loop_p50_ms"]
    assert figures["lag_request_max_ms"] >= figures["lag_request_p95_ms"] > 0


async def test_a_worker_that_dies_is_replaced_and_the_decision_asked_again() -> None:
    game = get_game("sequence")
    state = game.initial_state(TableConfig(game="sequence", seed=3))
    seat = game.to_move(state)
    view = game.view_for(state, seat)
    legal = game.view_legal_moves(view, seat)
    runner = ProcessAi(1)
    try:
        first, _ = await runner.choose("sequence", "normal", 5, view, seat, legal)
        worker = await asyncio.get_running_loop().run_in_executor(runner._pool, os.getpid)
        os.kill(worker, signal.SIGKILL)
        again, _ = await runner.choose("sequence", "normal", 5, view, seat, legal)
        assert again == first
        now = await asyncio.get_running_loop().run_in_executor(runner._pool, os.getpid)
        assert now != worker
    finally:
        await runner.close()
