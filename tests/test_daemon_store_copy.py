"""`plgames store copy` and `migrate`: an SQLite operator moves to PostgreSQL (issue 19)."""

import asyncio
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from daemon.cli import main
from daemon.core import Daemon
from daemon.model import Identity, Origin, PacingPolicy, Status, TablePolicy, TimerPolicy
from daemon.postgres_store import PostgresStore
from daemon.sqlite_store import SqliteStore

ANA = Identity(frontend="discord", user="ana")
FAST = TablePolicy(
    pacing=PacingPolicy(think_seconds=0, hold_seconds=0), timer=TimerPolicy(turn_seconds=None)
)


async def until(condition: Callable[[], bool], seconds: float = 30.0) -> None:
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.005)


async def a_played_database(path: Path) -> dict[str, tuple[int, str, Status]]:
    """One finished table (with a result), one mid-game, one lobby; their fingerprints."""
    store = SqliteStore(path)
    await store.open()
    daemon = Daemon(store, policy=FAST, snapshot_every=7)
    origin = Origin(frontend="discord", place="c", community="g")
    done = await daemon.open_table("sequence", origin=origin)
    await done.join(ANA, "Ana", seat=0)
    await done.start()
    await done.leave(ANA)  # the AI plays it to the end
    await until(lambda: done.status == Status.FINISHED)
    waiting = await daemon.open_table("euchre", origin=origin)
    await waiting.join(ANA, "Ana", seat=0)
    await waiting.start()
    await until(lambda: waiting.to_move() == 0)
    lobby = await daemon.open_table("katan", origin=origin)
    tables = (done, waiting, lobby)
    seen = {t.meta.id: (t.version, t.state_digest(), t.status) for t in tables}
    await daemon.shutdown()
    return seen


async def test_copy_then_resume_on_postgres(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "plgames.db"
    seen = await a_played_database(source)
    assert await asyncio.to_thread(main, ["store", "copy", str(source), "--to", pg_url]) == 0

    sqlite, postgres = SqliteStore(source), PostgresStore(pg_url)
    await sqlite.open()
    await postgres.open()
    for table_id in seen:
        assert await postgres.steps(table_id) == await sqlite.steps(table_id)
        assert await postgres.load(table_id) == await sqlite.load(table_id)
    assert await postgres.tallies("discord") == await sqlite.tallies("discord")
    assert len(await postgres.tallies("discord")) == 1
    await sqlite.close()

    daemon = Daemon(postgres, policy=FAST)
    assert await daemon.resume() == 2
    for table in daemon.tables.values():
        assert (table.version, table.state_digest(), table.status) == seen[table.meta.id]
    await daemon.shutdown()


def test_copy_refuses_a_target_with_tables_and_changes_nothing(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "plgames.db"
    asyncio.run(a_played_database(source))
    assert main(["store", "copy", str(source), "--to", pg_url]) == 0
    with psycopg.connect(pg_url) as conn:
        before = conn.execute("SELECT count(*) FROM steps").fetchone()
    with pytest.raises(SystemExit, match="already holds 3 tables"):
        main(["store", "copy", str(source), "--to", pg_url])
    with pytest.raises(SystemExit, match="no SQLite database"):
        main(["store", "copy", str(tmp_path / "missing.db"), "--to", pg_url])
    with pytest.raises(SystemExit, match="PostgreSQL"):
        main(["store", "copy", str(source), "--to", str(tmp_path / "other.db")])
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT count(*) FROM steps").fetchone() == before


def test_migrate_is_idempotent(pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["store", "migrate", "--url", pg_url]) == 0
    assert (
        "applied 5 migrations: 0001_tables_steps_results, 0002_leases, 0003_relay, "
        "0004_open_codes_unique, 0005_chat_messages" in capsys.readouterr().out
    )
    assert main(["store", "migrate", "--url", pg_url]) == 0
    assert "none needed" in capsys.readouterr().out
