"""The SQLite store: one writer thread, WAL, and group commit.

All statements run on one thread with one connection, so the event loop never
blocks on the disk. Requests that queue up while a commit is in progress are
written together in the next transaction (each in its own savepoint, so one
bad request fails alone) and acknowledged together after that one commit:
with `synchronous=FULL` every acknowledged step has been fsynced, and many
busy tables cost one fsync per batch instead of one per move.
"""

import asyncio
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

from daemon.model import Identity, Status, StepRecord, TableMeta
from daemon.store import (
    Store,
    StoredTable,
    StoreError,
    Tally,
    ranked,
    result_rows,
    step_from_row,
    step_row,
)

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    meta TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL,
    ply INTEGER NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER,
    move TEXT,
    actor TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, ply)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT PRIMARY KEY,
    ply INTEGER NOT NULL,
    state TEXT NOT NULL
) WITHOUT ROWID;
"""
MIGRATIONS = {
    2: """
CREATE INDEX IF NOT EXISTS tables_by_code ON tables (code);
CREATE TABLE IF NOT EXISTS results (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    frontend TEXT NOT NULL,
    community TEXT NOT NULL,
    game TEXT NOT NULL,
    ended_at REAL NOT NULL,
    who_frontend TEXT NOT NULL,
    who_user TEXT NOT NULL,
    name TEXT NOT NULL,
    won INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS results_by_community ON results (frontend, community);
CREATE INDEX IF NOT EXISTS results_by_person ON results (who_frontend, who_user, ended_at);
""",
}
"""Schema changes by the version they bring a database to, applied in order
on open. Version 2 keeps finished tables' results for statistics; tables that
finished before it have none (their rows did not record the winners)."""
SCHEMA_VERSION = max(MIGRATIONS)
OPEN_STATUSES = tuple(s.value for s in Status if s.open)

_Job = tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any], asyncio.AbstractEventLoop]


class SqliteStore(Store):
    def __init__(self, path: Path, synchronous: Literal["full", "normal"] = "full") -> None:
        self.path = path
        self._synchronous = synchronous
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.commits = 0
        """Transactions committed; with `steps_written`, shows how much group commit saves."""
        self.steps_written = 0

    # ---- lifecycle -------------------------------------------------------------

    async def open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        loop = asyncio.get_running_loop()
        self._thread = threading.Thread(
            target=self._run, args=(ready, loop), name="plgames-sqlite", daemon=True
        )
        self._thread.start()
        await ready

    async def close(self) -> None:
        thread = self._thread
        if thread is None:
            return
        self._thread = None
        self._jobs.put(None)
        await asyncio.to_thread(thread.join)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={self._synchronous.upper()}")
        conn.execute("PRAGMA foreign_keys=ON")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer plgames (schema {version}, "
                f"this one knows {SCHEMA_VERSION})"
            )
        conn.executescript(SCHEMA)
        for target in sorted(MIGRATIONS):
            if version < target:
                conn.executescript(
                    f"BEGIN; {MIGRATIONS[target]} PRAGMA user_version={target}; COMMIT;"
                )
        return conn

    def _run(self, ready: asyncio.Future[None], loop: asyncio.AbstractEventLoop) -> None:
        try:
            conn = self._connect()
        except Exception as exc:  # the opener must hear why, not a dead thread
            loop.call_soon_threadsafe(_settle, ready, None, exc)
            return
        loop.call_soon_threadsafe(_settle, ready, None, None)
        try:
            while True:
                first = self._jobs.get()
                if first is None:
                    return
                batch = [first]
                stop = False
                while True:
                    try:
                        more = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                        break
                    batch.append(more)
                self._commit(conn, batch)
                if stop:
                    return
        finally:
            conn.close()

    def _commit(self, conn: sqlite3.Connection, batch: list[_Job]) -> None:
        outcomes: list[tuple[Any, BaseException | None]] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
            for fn, _, _ in batch:
                conn.execute("SAVEPOINT job")
                try:
                    outcomes.append((fn(conn), None))
                    conn.execute("RELEASE job")
                except Exception as exc:
                    conn.execute("ROLLBACK TO job")
                    conn.execute("RELEASE job")
                    outcomes.append((None, _as_store_error(exc)))
            conn.execute("COMMIT")
            self.commits += 1
        except Exception as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            failed = _as_store_error(exc)
            outcomes = [(None, failed)] * len(batch)
        for (_, future, loop), (result, error) in zip(batch, outcomes, strict=True):
            loop.call_soon_threadsafe(_settle, future, result, error)

    async def _do(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        if self._thread is None:
            raise StoreError("the store is closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((fn, future, loop))
        return await future

    # ---- writes ----------------------------------------------------------------

    async def create_table(self, meta: TableMeta) -> None:
        row = (meta.id, meta.code, meta.game, meta.status.value, meta.model_dump_json())
        await self._do(lambda c: c.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?)", row))

    async def save_meta(self, meta: TableMeta) -> None:
        row = (meta.code, meta.game, meta.status.value, meta.model_dump_json(), meta.id)

        results = result_rows(meta)

        def write(conn: sqlite3.Connection) -> None:
            cur = conn.execute(
                "UPDATE tables SET code = ?, game = ?, status = ?, meta = ? WHERE id = ?", row
            )
            if cur.rowcount != 1:
                raise StoreError(f"no table {meta.id} to update")
            if results:
                conn.execute("DELETE FROM results WHERE table_id = ?", (meta.id,))
                conn.executemany(
                    "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", results
                )

        await self._do(write)

    async def append_step(self, table_id: str, step: StepRecord, snapshot: str | None) -> None:
        row = step_row(table_id, step)

        def write(conn: sqlite3.Connection) -> None:
            if step.ply > 0:
                before = conn.execute(
                    "SELECT 1 FROM steps WHERE table_id = ? AND ply = ?", (table_id, step.ply - 1)
                ).fetchone()
                if before is None:
                    raise StoreError(f"table {table_id}: step {step.ply} would leave a gap")
            elif conn.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone() is None:
                raise StoreError(f"no table {table_id} to add a step to")
            conn.execute("INSERT INTO steps VALUES (?, ?, ?, ?, ?, ?, ?)", row)
            if snapshot is not None:
                conn.execute(
                    "INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?)",
                    (table_id, step.ply + 1, snapshot),
                )
            self.steps_written += 1

        await self._do(write)

    # ---- reads -----------------------------------------------------------------

    async def load_open(self) -> list[StoredTable]:
        marks = ", ".join("?" for _ in OPEN_STATUSES)

        def read(conn: sqlite3.Connection) -> list[StoredTable]:
            found: dict[str, StoredTable] = {}
            for table_id, meta in conn.execute(
                f"SELECT id, meta FROM tables WHERE status IN ({marks})", OPEN_STATUSES
            ):
                found[table_id] = StoredTable(TableMeta.model_validate_json(meta))
            for table_id, ply, state in conn.execute(
                "SELECT s.table_id, s.ply, s.state FROM snapshots s JOIN tables t "
                f"ON t.id = s.table_id WHERE t.status IN ({marks})",
                OPEN_STATUSES,
            ):
                found[table_id].snapshot = (ply, state)
            for row in conn.execute(
                "SELECT st.* FROM steps st JOIN tables t ON t.id = st.table_id "
                "LEFT JOIN snapshots sn ON sn.table_id = st.table_id "
                f"WHERE t.status IN ({marks}) AND st.ply >= coalesce(sn.ply, 0) "
                "ORDER BY st.table_id, st.ply",
                OPEN_STATUSES,
            ):
                found[row[0]].steps.append(step_from_row(row))
            return list(found.values())

        return await self._do(read)

    async def load(self, table_id: str) -> StoredTable | None:
        def read(conn: sqlite3.Connection) -> StoredTable | None:
            meta = conn.execute("SELECT meta FROM tables WHERE id = ?", (table_id,)).fetchone()
            if meta is None:
                return None
            snap = conn.execute(
                "SELECT ply, state FROM snapshots WHERE table_id = ?", (table_id,)
            ).fetchone()
            start = snap[0] if snap else 0
            rows = conn.execute(
                "SELECT * FROM steps WHERE table_id = ? AND ply >= ? ORDER BY ply",
                (table_id, start),
            )
            return StoredTable(
                TableMeta.model_validate_json(meta[0]),
                (snap[0], snap[1]) if snap else None,
                [step_from_row(r) for r in rows],
            )

        return await self._do(read)

    async def steps(self, table_id: str) -> list[StepRecord]:
        def read(conn: sqlite3.Connection) -> list[StepRecord]:
            rows = conn.execute("SELECT * FROM steps WHERE table_id = ? ORDER BY ply", (table_id,))
            return [step_from_row(r) for r in rows]

        return await self._do(read)

    # ---- records and statistics ----------------------------------------------------------

    async def by_code(self, code: str) -> list[TableMeta]:
        def read(conn: sqlite3.Connection) -> list[TableMeta]:
            rows = conn.execute("SELECT meta FROM tables WHERE code = ?", (code,))
            return [TableMeta.model_validate_json(m) for (m,) in rows]

        found = await self._do(read)
        return sorted(found, key=lambda m: m.created_at, reverse=True)

    async def tallies(
        self, frontend: str, *, community: str | None = None, identity: Identity | None = None
    ) -> list[Tally]:
        where = ["frontend = ?"]
        args: list[str] = [frontend]
        if community is not None:
            where.append("community = ?")
            args.append(community)
        if identity is not None:
            where.append("who_frontend = ? AND who_user = ?")
            args += [identity.frontend, identity.user]
        # SQLite gives a bare column the value of the row max() picked: the
        # name of each person's latest game.
        query = (
            "SELECT who_frontend, who_user, name, game, count(*), sum(won), max(ended_at) "
            f"FROM results WHERE {' AND '.join(where)} GROUP BY who_frontend, who_user, game"
        )

        def read(conn: sqlite3.Connection) -> list[Tally]:
            return [
                Tally(Identity(frontend=f, user=u), name, game, played, won)
                for f, u, name, game, played, won, _ in conn.execute(query, args)
            ]

        return ranked(await self._do(read))

    async def games_played(self, frontend: str, community: str) -> dict[str, int]:
        def read(conn: sqlite3.Connection) -> dict[str, int]:
            rows = conn.execute(
                "SELECT game, count(DISTINCT table_id) FROM results "
                "WHERE frontend = ? AND community = ? GROUP BY game",
                (frontend, community),
            )
            return dict(rows.fetchall())

        return await self._do(read)

    async def latest_finished(self, identity: Identity) -> TableMeta | None:
        def read(conn: sqlite3.Connection) -> TableMeta | None:
            found = conn.execute(
                "SELECT t.meta FROM results r JOIN tables t ON t.id = r.table_id "
                "WHERE r.who_frontend = ? AND r.who_user = ? ORDER BY r.ended_at DESC LIMIT 1",
                (identity.frontend, identity.user),
            ).fetchone()
            return None if found is None else TableMeta.model_validate_json(found[0])

        return await self._do(read)


def _as_store_error(exc: BaseException) -> StoreError:
    return exc if isinstance(exc, StoreError) else StoreError(f"{type(exc).__name__}: {exc}")


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)
