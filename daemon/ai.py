"""Where AI decisions run: inline, on a thread, or in worker processes, and
how the tables share them.

A player is built per decision from (game, level, seed derived from the table
seed, seat and ply), so a decision depends only on its inputs: it can run in
any process, and a table resumed after a crash makes the same choice again.

Searches (`hard`) take a core for up to a second, so they go to a pool of
worker processes while the event loop keeps answering every frontend; the
heuristic levels cost well under a millisecond and stay cheap where they run.
`AiScheduler` is the one door the tables use: it lets each table have one
decision in flight, and hands the pool's places to tables with people first,
so twenty tables of AIs playing each other cannot make a person wait behind
their queue.
"""

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Collection, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import wait
from typing import TYPE_CHECKING, Any, Literal, Protocol

from engine.registry import get_game

if TYPE_CHECKING:
    from daemon.config import AiConfig

log = logging.getLogger("plgames.ai")

MASK = 2**63 - 1


def decision_seed(table_seed: int, seat: int, ply: int) -> int:
    """A per-decision seed that differs by seat and ply but never equals the
    table seed, so nothing derived from it reveals the deal."""
    return (
        (table_seed ^ 0x5DEECE66D) * 6364136223846793005 + ply * 1442695040888963407 + seat
    ) & MASK


def choose(game_id: str, level: str, seed: int, view: Any, seat: int, legal: Sequence[Any]) -> Any:
    """One decision; a module-level function so a process pool can pickle it."""
    return get_game(game_id).player(level, seed).choose(view, seat, legal)


class AiRunner(Protocol):
    async def choose(
        self, game_id: str, level: str, seed: int, view: Any, seat: int, legal: Sequence[Any]
    ) -> tuple[Any, float]:
        """The chosen move and the seconds the decision took."""

    async def close(self) -> None: ...


class InlineAi:
    """Runs on the event loop: for fast players, tests and benchmarks."""

    async def choose(
        self, game_id: str, level: str, seed: int, view: Any, seat: int, legal: Sequence[Any]
    ) -> tuple[Any, float]:
        began = time.perf_counter()
        move = choose(game_id, level, seed, view, seat, legal)
        return move, time.perf_counter() - began

    async def close(self) -> None:
        return None


class ThreadAi:
    """Runs on a worker thread, so a long search does not stall other tables'
    I/O (it still shares the GIL; use processes for heavy search)."""

    async def choose(
        self, game_id: str, level: str, seed: int, view: Any, seat: int, legal: Sequence[Any]
    ) -> tuple[Any, float]:
        began = time.perf_counter()
        move = await asyncio.to_thread(choose, game_id, level, seed, view, seat, legal)
        return move, time.perf_counter() - began

    async def close(self) -> None:
        return None


def _leave_with_parent() -> None:
    """A worker exits when the daemon does, however it ended: a SIGKILLed
    daemon must not leave its pool idling forever (workers block on a queue
    whose other end they hold themselves, so they never see it close)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class ProcessAi:
    """Runs in a pool of worker processes: searches use other cores.

    Workers are forked from a fork server that has imported the engines,
    never from the daemon itself, whose threads could hold a lock at the
    fork that the child would then wait on forever. As with any pool that
    does not fork its caller, a script that runs the daemon keeps its top
    level under `if __name__ == "__main__":` (workers import the main module).

    A worker that dies (the kernel's OOM killer, a crash) breaks the whole
    pool; a new one takes its place and the decision is asked again, which
    gives the same move, since a decision depends only on its inputs.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["daemon.ai", "engine.registry"])
        return ProcessPoolExecutor(
            max_workers=self.workers, mp_context=context, initializer=_leave_with_parent
        )

    async def choose(
        self, game_id: str, level: str, seed: int, view: Any, seat: int, legal: Sequence[Any]
    ) -> tuple[Any, float]:
        began = time.perf_counter()
        args = (game_id, level, seed, view, seat, list(legal))
        pool = self._pool
        try:
            move = await self._run(pool, args)
        except BrokenProcessPool:
            if self._pool is pool:  # the first decision to hear of it replaces it
                log.warning("an AI worker process died; starting a new pool")
                self._pool = self._new_pool()
                pool.shutdown(wait=False, cancel_futures=True)
            move = await self._run(self._pool, args)
        return move, time.perf_counter() - began

    @staticmethod
    async def _run(pool: ProcessPoolExecutor, args: tuple[Any, ...]) -> Any:
        """Submitted from a thread: a submit may start a worker, and the
        first starts the fork server too, which blocks for most of a second."""
        submitted = await asyncio.to_thread(pool.submit, choose, *args)
        return await asyncio.wrap_future(submitted)

    async def close(self) -> None:
        await asyncio.to_thread(self._pool.shutdown, wait=True, cancel_futures=True)


Executor = Literal["inline", "thread", "process"]


def make_runner(kind: Executor, workers: int = 1) -> AiRunner:
    if kind == "inline":
        return InlineAi()
    if kind == "thread":
        return ThreadAi()
    return ProcessAi(workers)


class Places:
    """A semaphore that serves people first: `count` places, handed to waiting
    tables with a person before tables of AIs alone, each group in order of
    arrival (so no table is passed over for long)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._free = count
        self._queue: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    @property
    def waiting(self) -> int:
        return sum(1 for _, _, place in self._queue if not place.done())

    @property
    def idle(self) -> bool:
        return self._free == self.count and not self.waiting

    async def take(self, person: bool) -> None:
        if self._free and not self._queue:
            self._free -= 1
            return
        place: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (0 if person else 1, next(self._arrivals), place)
        heapq.heappush(self._queue, entry)
        try:
            await place
        except asyncio.CancelledError:
            if place.cancelled():
                if entry in self._queue:
                    self._queue.remove(entry)
                    heapq.heapify(self._queue)
            else:
                self.give()  # handed over just as the waiter gave up: pass it on
            raise

    def give(self) -> None:
        while self._queue:
            place = heapq.heappop(self._queue)[2]
            if not place.done():  # a waiter cancelled but not yet gone is passed over
                place.set_result(None)
                return
        self._free += 1


@dataclass(frozen=True, slots=True)
class Decided:
    move: Any
    thought: float
    """Seconds the decision itself took."""
    waited: float
    """Seconds it waited first: for its table's earlier decision and for a worker."""


class AiScheduler:
    """The tables' one door to the AI.

    Each table has at most `per_table` decisions in flight. A decision whose
    table stopped waiting for it (its driver was stopped) keeps its table's
    place until the worker is done with it, since a running search cannot be
    interrupted: a resumed table never has more searches going than that.
    Decisions at `search_levels` run on `search`, `slots` at a time (the
    pool's workers); the other levels' decisions are cheap and run on
    `runner` at once.
    """

    def __init__(
        self,
        runner: AiRunner,
        *,
        search: AiRunner | None = None,
        search_levels: Collection[str] = ("hard",),
        slots: int = 1,
        per_table: int = 1,
    ) -> None:
        self.runner = runner
        self.search = search
        self.search_levels = frozenset(search_levels)
        self.slots = Places(slots)
        self.per_table = per_table
        self._tables: dict[str, Places] = {}
        self._running: set[asyncio.Future[tuple[Any, float]]] = set()

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
        """A move for `seat` at `table`; `person`: someone sits there, so the
        decision goes before those of tables where only AIs play."""
        began = time.perf_counter()
        search = self.search if level in self.search_levels else None
        own = self._tables.setdefault(table, Places(self.per_table))
        try:
            await own.take(person)
        except asyncio.CancelledError:
            self._forget(table, own)
            raise
        if search is not None:
            try:
                await self.slots.take(person)
            except asyncio.CancelledError:
                self._give(table, own)
                raise
        waited = time.perf_counter() - began
        runner = search or self.runner
        work = asyncio.ensure_future(runner.choose(game_id, level, seed, view, seat, legal))
        self._running.add(work)
        work.add_done_callback(partial(self._finished, table, own, search is not None))
        move, thought = await asyncio.shield(work)
        return Decided(move, thought, waited)

    def _finished(
        self, table: str, own: Places, searched: bool, work: "asyncio.Future[Any]"
    ) -> None:
        self._running.discard(work)
        if not work.cancelled():
            work.exception()  # the caller saw it, or nobody waits for it any more
        if searched:
            self.slots.give()
        self._give(table, own)

    def _give(self, table: str, own: Places) -> None:
        own.give()
        self._forget(table, own)

    def _forget(self, table: str, own: Places) -> None:
        if own.idle and self._tables.get(table) is own:
            del self._tables[table]

    async def close(self) -> None:
        """Let decisions nobody waits for any more finish, then close the runners."""
        await asyncio.gather(*self._running, return_exceptions=True)
        await self.runner.close()
        if self.search is not None and self.search is not self.runner:
            await self.search.close()


def scheduler_for(config: "AiConfig") -> AiScheduler:
    """The daemon's scheduler from its `[ai]` settings; both kinds of
    decision share one pool when both run in processes."""
    runner = make_runner(config.executor, config.workers)
    search = runner
    if config.search_executor != config.executor:
        search = make_runner(config.search_executor, config.workers)
    return AiScheduler(
        runner,
        search=search,
        search_levels=config.search_levels,
        slots=config.workers if config.search_executor == "process" else 1,
        per_table=config.per_table,
    )
