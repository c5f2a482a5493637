"""The stores (SQLite and PostgreSQL) and a daemon restarting on them (issues 3 and 19)."""

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from daemon.ai import decision_seed, make_runner
from daemon.backends import open_store
from daemon.core import Daemon
from daemon.model import (
    Actor,
    Identity,
    Origin,
    PacingPolicy,
    Seat,
    Status,
    StepKind,
    StepRecord,
    TableMeta,
    TablePolicy,
    TimerPolicy,
)
from daemon.sqlite_store import SqliteStore
from daemon.store import StoreError
from engine.protocol import TableConfig
from engine.registry import get_game

ANA = Identity(frontend="local", user="ana")
FAST = TablePolicy(
    pacing=PacingPolicy(think_seconds=0, hold_seconds=0), timer=TimerPolicy(turn_seconds=None)
)


def meta(table_id: str) -> TableMeta:
    return TableMeta(
        id=table_id,
        code=table_id[:5].upper(),
        name=table_id,
        game="euchre",
        seed=1,
        origin=Origin(frontend="local"),
        seats=[Seat() for _ in range(4)],
        created_at=0.0,
    )


def step(ply: int) -> StepRecord:
    return StepRecord(ply=ply, kind=StepKind.ADVANCE, actor=Actor.HOST, at=float(ply))


async def until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    """Poll a condition (real time passes here: the store writes on its thread)."""
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.005)


async def test_steps_snapshots_and_refusals(store_target: str) -> None:
    store = open_store(store_target)
    await store.open()
    await store.create_table(meta("a"))
    with pytest.raises(StoreError):
        await store.create_table(meta("a"))
    for ply in range(5):
        await store.append_step("a", step(ply), "state-after-3" if ply == 2 else None)
    with pytest.raises(StoreError):
        await store.append_step("a", step(4), None)  # a step is stored once
    with pytest.raises(StoreError, match="gap"):
        await store.append_step("a", step(9), None)
    loaded = await store.load("a")
    assert loaded is not None and loaded.snapshot == (3, "state-after-3")
    assert [s.ply for s in loaded.steps] == [3, 4]
    assert [s.ply for s in await store.steps("a")] == list(range(5))
    finished = meta("b").model_copy(update={"status": Status.FINISHED})
    await store.create_table(finished)
    assert [t.meta.id for t in await store.load_open()] == ["a"]
    with pytest.raises(StoreError):
        await store.append_step("nowhere", step(0), None)
    with pytest.raises(StoreError):
        await store.save_meta(meta("nowhere"))
    await store.close()
    with pytest.raises(StoreError, match="closed"):
        await store.load("a")


async def test_sqlite_writes_ahead(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "db.sqlite")
    await store.open()
    await store.close()
    with sqlite3.connect(tmp_path / "db.sqlite") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_concurrent_writes_share_commits(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "db.sqlite")
    await store.open()
    ids = [f"t{i}" for i in range(20)]
    for table_id in ids:
        await store.create_table(meta(table_id))
    before = store.commits
    for ply in range(10):
        await asyncio.gather(*(store.append_step(t, step(ply), None) for t in ids))
    assert store.steps_written == 200
    assert store.commits - before < 200  # group commit: one fsync serves many tables
    await store.close()


async def test_a_restarted_daemon_resumes_every_open_table(store_target: str) -> None:
    store = open_store(store_target)
    await store.open()
    daemon = Daemon(store, policy=FAST, snapshot_every=2)
    waiting = await daemon.open_table("euchre", origin=Origin(frontend="local"))
    await waiting.join(ANA, "Ana", seat=0)
    await waiting.start()
    await until(lambda: waiting.to_move() == 0)
    await waiting.act(waiting.game.legal_moves(waiting.state, 0)[0], identity=ANA)
    await until(lambda: waiting.to_move() == 0)
    lobby = await daemon.open_table("sequence", origin=Origin(frontend="local"))
    await lobby.join(ANA, "Ana")
    before = {t.code: (t.version, t.state_digest(), t.status) for t in (waiting, lobby)}
    await daemon.shutdown()

    store = open_store(store_target)
    await store.open()
    again = Daemon(store, policy=FAST, snapshot_every=2)
    assert await again.resume() == 2
    for code, (version, digest, status) in before.items():
        table = again.table(code)
        assert (table.version, table.state_digest(), table.status) == (version, digest, status)
    table = again.table(waiting.code)
    assert table.meta.seats[0].identity == ANA and table.to_move() == 0
    assert (await store.load(table.meta.id)).snapshot is not None  # type: ignore[union-attr]
    await table.act(table.game.legal_moves(table.state, 0)[0], identity=ANA)
    await table.leave(ANA)  # the AI finishes the game after the restart
    await until(lambda: table.status == Status.FINISHED)
    await again.shutdown()


@pytest.mark.parametrize("kind", ["thread", "process"])
async def test_ai_off_the_event_loop_chooses_a_legal_move(kind: str) -> None:
    game = get_game("sequence")
    state = game.initial_state(TableConfig(game="sequence", seed=3))
    seat = game.to_move(state)
    view = game.view_for(state, seat)
    legal = game.view_legal_moves(view, seat)
    runner = make_runner(kind, workers=1)  # type: ignore[arg-type]
    try:
        move, took = await runner.choose(
            "sequence", "normal", decision_seed(3, seat, 0), view, seat, legal
        )
    finally:
        await runner.close()
    assert move in legal and took >= 0
