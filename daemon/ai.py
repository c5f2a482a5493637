"""Where AI decisions run: inline, on a thread, or in worker processes.

A player is built per decision from (game, level, seed derived from the table
seed, seat and ply), so a decision depends only on its inputs: it can run in
any process, and a table resumed after a crash makes the same choice again.
"""

import asyncio
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Literal, Protocol

from engine.registry import get_game

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


class ProcessAi:
    """Runs in a pool of worker processes: searches use other cores."""

    def __init__(self, workers: int) -> None:
        self._pool = ProcessPoolExecutor(max_workers=workers)

    async def choose(
        self, game_id: str, level: str, seed: int, view: Any, seat: int, legal: Sequence[Any]
    ) -> tuple[Any, float]:
        began = time.perf_counter()
        loop = asyncio.get_running_loop()
        move = await loop.run_in_executor(
            self._pool, choose, game_id, level, seed, view, seat, list(legal)
        )
        return move, time.perf_counter() - began

    async def close(self) -> None:
        await asyncio.to_thread(self._pool.shutdown, wait=True, cancel_futures=True)


def make_runner(kind: Literal["inline", "thread", "process"], workers: int = 1) -> AiRunner:
    if kind == "inline":
        return InlineAi()
    if kind == "thread":
        return ThreadAi()
    return ProcessAi(workers)
