"""Daemon benchmarks for `make bench`: throughput, idle cost and restart time.

Each figure runs the real daemon (SQLite with `synchronous=full` in a
temporary directory, real clock, no think time) rather than a model of it:

- all-AI tables driven to completion per second (Euchre, every table at once);
- Python heap per idle table: a started table waiting on a person's turn,
  timer running (tracemalloc, so SQLite's own cache is not counted);
- restart time: open the store and resume N stored unfinished tables, each a
  Euchre game some 30 steps in, waiting on a person.
"""

import asyncio
import tempfile
import time
import tracemalloc
from pathlib import Path

from daemon.ai import InlineAi
from daemon.core import Daemon
from daemon.model import Identity, Origin, PacingPolicy, Status, TablePolicy
from daemon.sqlite_store import SqliteStore
from daemon.table import Table

PERSON = Identity(frontend="bench", user="p")
FAST = TablePolicy(pacing=PacingPolicy(think_seconds=0, hold_seconds=0))
ORIGIN = Origin(frontend="bench")


async def _until(condition: object, seconds: float = 600) -> None:
    assert callable(condition)
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.01)


async def _daemon(path: Path) -> Daemon:
    store = SqliteStore(path)
    await store.open()
    return Daemon(store, ai=InlineAi(), policy=FAST)


async def ai_tables_per_second(folder: Path, tables: int) -> dict[str, float]:
    daemon = await _daemon(folder / "ai.db")
    opened = [await daemon.open_table("euchre", origin=ORIGIN) for _ in range(tables)]
    began = time.perf_counter()
    await asyncio.gather(*(t.start() for t in opened))
    await _until(lambda: all(t.status == Status.FINISHED for t in opened))
    seconds = time.perf_counter() - began
    steps = sum(t.version for t in opened)
    store = daemon.store
    assert isinstance(store, SqliteStore)
    per_commit = store.steps_written / max(1, store.commits)
    await daemon.shutdown()
    return {
        "daemon_ai_tables_per_second": tables / seconds,
        "daemon_ai_steps_per_second": steps / seconds,
        "daemon_store_steps_per_commit": per_commit,
    }


async def _idle_tables(daemon: Daemon, count: int, moves: int = 0) -> list[Table]:
    """Tables with a person in seat 0, waiting on that person after `moves` of theirs."""
    tables = []
    for _ in range(count):
        table = await daemon.open_table("euchre", origin=ORIGIN)
        await table.join(PERSON, "P", seat=0)
        await table.start()
        tables.append(table)

    async def play(table: Table) -> None:
        for _ in range(moves):
            await _until(lambda: table.to_move() == 0)
            await table.act(table.game.legal_moves(table.state, 0)[0], identity=PERSON)

    await asyncio.gather(*(play(t) for t in tables))
    await _until(lambda: all(t.to_move() == 0 for t in tables))
    return tables


async def idle_table_memory(folder: Path, tables: int) -> dict[str, float]:
    daemon = await _daemon(folder / "idle.db")
    await _idle_tables(daemon, 5)  # imports, caches and first-use costs out of the way
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    idle = await _idle_tables(daemon, tables)
    await asyncio.sleep(0.05)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(idle) == tables
    await daemon.shutdown()
    return {"daemon_idle_table_kib": (after - before) / tables / 1024}


async def restart_seconds(folder: Path, tables: int) -> dict[str, float]:
    path = folder / "restart.db"
    daemon = await _daemon(path)
    stored = await _idle_tables(daemon, tables, moves=8)
    steps = sum(t.version for t in stored)
    await daemon.shutdown()
    began = time.perf_counter()
    again = await _daemon(path)
    resumed = await again.resume()
    await asyncio.sleep(0)  # every driver has run up to its first wait
    seconds = time.perf_counter() - began
    assert resumed == tables
    await again.shutdown()
    return {
        "daemon_restart_seconds": seconds,
        "daemon_restart_tables": float(tables),
        "daemon_restart_steps_per_table": steps / tables,
    }


def run(ai_tables: int = 20, idle_tables: int = 300, stored_tables: int = 1000) -> dict[str, float]:
    async def measure() -> dict[str, float]:
        figures: dict[str, float] = {}
        with tempfile.TemporaryDirectory(prefix="plgames-bench-") as folder:
            figures |= await ai_tables_per_second(Path(folder), ai_tables)
            figures |= await idle_table_memory(Path(folder), idle_tables)
            figures |= await restart_seconds(Path(folder), stored_tables)
        return figures

    return asyncio.run(measure())


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name:32} {value:12.3f}")
