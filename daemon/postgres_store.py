"""The PostgreSQL store: the SQLite store's semantics on a shared server.

For an operator who outgrows one machine: several daemons use one database
(docs/scaling.md). A step is acknowledged once its transaction has committed
on the server, as with SQLite; the server's own durability settings
(`synchronous_commit`) decide what survives a crash of the server itself. A
pool of connections lets busy tables write at once: the server does the
group commit SQLite's writer thread does by hand.

With an `owner` (the daemon's name), every open table is leased to one
daemon at a time (`leases`, docs/scaling.md): the store claims tables whose
lease is free or expired, renews its own, and fences every write on the
epoch it claimed, so a daemon that lost a table (paused past its lease, then
woke up) cannot store one more step of it. LAN tables are claimed only by
the daemon that served them: phones reach only the network they are on.

The schema is migrated by yoyo (plain SQL files under
`daemon/migrations/postgresql/`, applied in order under yoyo's lock, so
daemons starting together do not race). Connection failures and constraint
violations come out as `StoreError`, never half-written.
"""

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import TypeVar

import psycopg
from psycopg.rows import TupleRow
from psycopg_pool import AsyncConnectionPool
from yoyo import get_backend, read_migrations  # type: ignore[import-untyped]

from daemon.model import Identity, Status, StepRecord, TableMeta
from daemon.store import (
    CodeTaken,
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
Conn = psycopg.AsyncConnection[TupleRow]
OPEN_STATUSES = [s.value for s in Status if s.open]
MIGRATIONS = "migrations/postgresql"


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def migrate(url: str) -> list[str]:
    """Bring the database at `url` to this build's schema; the migrations applied.

    Blocking (yoyo is synchronous): call it off the event loop.
    """
    rest = url.partition("://")[2]
    backend = get_backend(f"postgresql+psycopg://{rest}")
    folder = resources.files("daemon") / MIGRATIONS
    migrations = read_migrations(str(folder))
    with backend.lock():
        todo = backend.to_apply(migrations)
        backend.apply_migrations(todo)
    return [m.id for m in todo]


STAY_HOME = ("native",)
"""Frontends whose tables only the daemon that served them may take back: the
app's LAN and Bluetooth tables (`frontends.native`), whose phones reach only
that daemon's network."""
CLAIM_BATCH = 500
"""Tables nobody holds that one claim takes at most (a lease keeper claims
every third of a lease period)."""


class LeaseLost(StoreError):
    """Another daemon serves this table now; this one must let it go."""


class PostgresStore(Store):
    def __init__(
        self,
        url: str,
        *,
        pool_size: int = 10,
        owner: str | None = None,
        lease_seconds: float = 10.0,
    ) -> None:
        if not is_postgres_url(url):
            raise StoreError(f"not a PostgreSQL URL: {url!r} (postgresql://...)")
        self.url = url
        self.owner = owner
        self.lease_seconds = lease_seconds
        self._pool: AsyncConnectionPool[Conn] | None = None
        self._pool_size = pool_size
        self._epochs: dict[str, int] = {}
        """Table id → the lease epoch this daemon claimed it at."""
        self._resumed = False
        """Whether the first claim (a restart's, taking this daemon's own
        tables back) is done: later claims take only other daemons' orphans,
        or a table this daemon is creating right now, committed but not yet
        in `_epochs`, would be claimed again at a new epoch and its own
        writes refused."""
        self.steps_written = 0

    # ---- lifecycle -------------------------------------------------------------

    async def open(self) -> None:
        try:
            await asyncio.to_thread(migrate, self.url)
        except Exception as exc:
            raise StoreError(f"cannot migrate {self._where}: {exc}") from None
        pool: AsyncConnectionPool[Conn] = AsyncConnectionPool(
            self.url, min_size=1, max_size=self._pool_size, open=False, timeout=10.0
        )
        try:
            await pool.open(wait=True, timeout=10.0)
        except Exception as exc:
            await pool.close()
            raise StoreError(f"cannot connect to {self._where}: {exc}") from None
        self._pool = pool

    async def close(self) -> None:
        if self._pool is not None and self.owner is not None:
            with contextlib.suppress(StoreError):  # else they expire on their own
                await self.release()
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    @property
    def _where(self) -> str:
        """The URL without its password, for messages."""
        head, at, tail = self.url.rpartition("@")
        return f"{head.split(':', 2)[0]}://…@{tail}" if at else self.url

    async def _do(self, fn: Callable[[Conn], Awaitable[T]]) -> T:
        """Run `fn` in one transaction on a pooled connection."""
        pool = self._pool
        if pool is None:
            raise StoreError("the store is closed")
        try:
            async with pool.connection() as conn, conn.transaction():
                return await fn(conn)
        except StoreError:
            raise
        except (psycopg.Error, OSError, TimeoutError) as exc:
            raise StoreError(f"{type(exc).__name__}: {exc}") from None

    # ---- writes ----------------------------------------------------------------

    async def create_table(self, meta: TableMeta) -> None:
        row = (meta.id, meta.code, meta.game, meta.status.value, meta.model_dump_json())

        async def write(conn: Conn) -> None:
            try:
                await conn.execute("INSERT INTO tables VALUES (%s, %s, %s, %s, %s)", row)
            except psycopg.errors.UniqueViolation as exc:
                if exc.diag.constraint_name == "tables_open_code":
                    raise CodeTaken(f"join code {meta.code} is taken") from None
                raise StoreError(f"table {meta.id} exists") from None
            if self.owner is not None:
                await conn.execute(
                    "INSERT INTO leases VALUES (%s, %s, 1, now() + make_interval(secs => %s))",
                    (meta.id, self.owner, self.lease_seconds),
                )

        await self._do(write)
        if self.owner is not None:
            self._epochs[meta.id] = 1

    async def save_meta(self, meta: TableMeta) -> None:
        row = (meta.code, meta.game, meta.status.value, meta.model_dump_json(), meta.id)
        results = [(*r[:-1], bool(r[-1])) for r in result_rows(meta)]

        async def write(conn: Conn) -> None:
            await self._fence(conn, meta.id)
            cur = await conn.execute(
                "UPDATE tables SET code = %s, game = %s, status = %s, meta = %s WHERE id = %s", row
            )
            if cur.rowcount != 1:
                raise StoreError(f"no table {meta.id} to update")
            if results:
                await conn.execute("DELETE FROM results WHERE table_id = %s", (meta.id,))
                async with conn.cursor() as many:
                    await many.executemany(
                        "INSERT INTO results VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                        results,
                    )

        await self._do(write)

    async def append_step(self, table_id: str, step: StepRecord, snapshot: str | None) -> None:
        row = step_row(table_id, step)

        async def write(conn: Conn) -> None:
            await self._fence(conn, table_id)
            cur = await conn.execute(
                "SELECT coalesce(max(ply) + 1, 0) FROM steps WHERE table_id = %s", (table_id,)
            )
            found = await cur.fetchone()
            due = 0 if found is None else int(found[0])
            if step.ply > due:
                raise StoreError(f"table {table_id}: step {step.ply} would leave a gap")
            if step.ply < due:
                raise StoreError(f"table {table_id}: step {step.ply} is stored already")
            await conn.execute("INSERT INTO steps VALUES (%s, %s, %s, %s, %s, %s, %s)", row)
            if snapshot is not None:
                await conn.execute(
                    "INSERT INTO snapshots VALUES (%s, %s, %s) ON CONFLICT (table_id) "
                    "DO UPDATE SET ply = excluded.ply, state = excluded.state",
                    (table_id, step.ply + 1, snapshot),
                )

        await self._do(write)
        self.steps_written += 1

    async def _fence(self, conn: Conn, table_id: str) -> None:
        """Refuse a write unless this daemon still holds the table's lease at
        the epoch it claimed. The row is locked (shared) until the write
        commits, so a takeover waits for it and then sees it in the log."""
        if self.owner is None:
            return
        epoch = self._epochs.get(table_id)
        cur = await conn.execute(
            "SELECT 1 FROM leases WHERE table_id = %s AND owner = %s AND epoch = %s FOR SHARE",
            (table_id, self.owner, epoch),
        )
        if epoch is None or await cur.fetchone() is None:
            self._epochs.pop(table_id, None)
            raise LeaseLost(f"table {table_id} is served by another daemon now")

    # ---- leases ----------------------------------------------------------------

    @property
    def held(self) -> set[str]:
        """The tables this daemon holds the lease of."""
        return set(self._epochs)

    async def claim(self, limit: int | None = CLAIM_BATCH) -> list[StoredTable]:
        """Take the lease of at most `limit` open tables that nobody holds
        (free or expired), and at the first claim of this daemon's own from
        before a restart, and load them; another daemon claiming at the same
        time gets each table or not, never both. The limit shares out a
        takeover of many tables among the daemons still running instead of
        landing it on the first to look."""
        owner = self.owner
        if owner is None:
            raise StoreError("only a daemon with a name claims tables")
        resuming = not self._resumed

        async def take(conn: Conn) -> list[StoredTable]:
            cur = await conn.execute(
                "SELECT t.id FROM tables t JOIN leases l ON l.table_id = t.id "
                "WHERE %(resuming)s AND l.owner = %(me)s AND t.status = ANY(%(open)s) "
                "AND NOT t.id = ANY(%(held)s) "
                "UNION ALL (SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id "
                "WHERE t.status = ANY(%(open)s) AND (l.table_id IS NULL OR (l.expires_at < now() "
                "AND l.owner <> %(me)s "
                "AND NOT (t.meta::jsonb -> 'origin' ->> 'frontend') = ANY(%(home)s))) "
                "ORDER BY random() LIMIT %(limit)s)",
                {
                    "resuming": resuming,
                    "me": owner,
                    "open": OPEN_STATUSES,
                    "held": list(self._epochs),
                    "limit": limit,
                    "home": list(STAY_HOME),
                },
            )
            # Rows are locked in id order by every claim and renewal, so two
            # daemons claiming at once wait for each other but never deadlock.
            wanted = sorted(table_id for (table_id,) in await cur.fetchall())
            cur = await conn.execute(
                "INSERT INTO leases SELECT id, %s, 1, now() + make_interval(secs => %s) "
                "FROM unnest(%s::text[]) AS id ORDER BY id ON CONFLICT (table_id) DO UPDATE "
                "SET owner = excluded.owner, epoch = leases.epoch + 1, "
                "expires_at = excluded.expires_at "
                "WHERE leases.owner = excluded.owner OR leases.expires_at < now() "
                "RETURNING table_id, epoch",
                (owner, self.lease_seconds, wanted),
            )
            taken = {table_id: int(epoch) for table_id, epoch in await cur.fetchall()}
            self._epochs.update(taken)
            found: dict[str, StoredTable] = {}
            cur = await conn.execute(
                "SELECT id, meta FROM tables WHERE id = ANY(%s)", (list(taken),)
            )
            for table_id, meta in await cur.fetchall():
                found[table_id] = StoredTable(TableMeta.model_validate_json(meta))
            return await _fill(conn, found)

        claimed = await self._do(take)
        self._resumed = True
        return claimed

    async def renew(self) -> set[str]:
        """Extend this daemon's leases; the tables it no longer holds."""
        owner = self.owner
        if owner is None or not self._epochs:
            return set()
        mine = dict(self._epochs)

        async def extend(conn: Conn) -> set[str]:
            cur = await conn.execute(
                "UPDATE leases SET expires_at = now() + make_interval(secs => %s) "
                "WHERE table_id IN (SELECT table_id FROM leases WHERE owner = %s "
                "AND table_id = ANY(%s) ORDER BY table_id FOR UPDATE) "
                "RETURNING table_id, epoch",
                (self.lease_seconds, owner, list(mine)),
            )
            kept = {table_id for table_id, epoch in await cur.fetchall() if mine[table_id] == epoch}
            return set(mine) - kept

        lost = await self._do(extend)
        for table_id in lost:
            self._epochs.pop(table_id, None)
        return lost

    async def let_go(self, table_id: str) -> None:
        """Stop holding a table (it finished): its lease row goes."""
        if self.owner is None or self._epochs.pop(table_id, None) is None:
            return

        async def drop(conn: Conn) -> None:
            await conn.execute(
                "DELETE FROM leases WHERE table_id = %s AND owner = %s", (table_id, self.owner)
            )

        await self._do(drop)

    async def release(self) -> None:
        """A clean stop: every lease expires now, so other daemons take the
        tables at once (LAN tables wait for this daemon to come back)."""
        self._epochs.clear()

        async def expire(conn: Conn) -> None:
            await conn.execute(
                "UPDATE leases SET expires_at = now() WHERE owner = %s", (self.owner,)
            )

        await self._do(expire)

    # ---- reads -----------------------------------------------------------------

    async def load_open(self) -> list[StoredTable]:
        if self.owner is not None:
            return await self.claim()

        async def read(conn: Conn) -> list[StoredTable]:
            found: dict[str, StoredTable] = {}
            cur = await conn.execute(
                "SELECT id, meta FROM tables WHERE status = ANY(%s)", (OPEN_STATUSES,)
            )
            for table_id, meta in await cur.fetchall():
                found[table_id] = StoredTable(TableMeta.model_validate_json(meta))
            return await _fill(conn, found)

        return await self._do(read)

    async def load(self, table_id: str) -> StoredTable | None:
        async def read(conn: Conn) -> StoredTable | None:
            cur = await conn.execute("SELECT meta FROM tables WHERE id = %s", (table_id,))
            meta = await cur.fetchone()
            if meta is None:
                return None
            found = {table_id: StoredTable(TableMeta.model_validate_json(meta[0]))}
            return (await _fill(conn, found))[0]

        return await self._do(read)

    async def steps(self, table_id: str) -> list[StepRecord]:
        async def read(conn: Conn) -> list[StepRecord]:
            cur = await conn.execute(
                "SELECT * FROM steps WHERE table_id = %s ORDER BY ply", (table_id,)
            )
            return [step_from_row(r) for r in await cur.fetchall()]

        return await self._do(read)

    # ---- records and statistics ----------------------------------------------------------

    async def by_code(self, code: str) -> list[TableMeta]:
        async def read(conn: Conn) -> list[TableMeta]:
            cur = await conn.execute("SELECT meta FROM tables WHERE code = %s", (code,))
            return [TableMeta.model_validate_json(m) for (m,) in await cur.fetchall()]

        found = await self._do(read)
        return sorted(found, key=lambda m: m.created_at, reverse=True)

    async def tallies(
        self, frontend: str, *, community: str | None = None, identity: Identity | None = None
    ) -> list[Tally]:
        where = ["frontend = %s"]
        args: list[str] = [frontend]
        if community is not None:
            where.append("community = %s")
            args.append(community)
        if identity is not None:
            where.append("who_frontend = %s AND who_user = %s")
            args += [identity.frontend, identity.user]
        query = (
            "SELECT who_frontend, who_user, (array_agg(name ORDER BY ended_at DESC))[1], game, "
            "count(*), sum(won::int) "
            f"FROM results WHERE {' AND '.join(where)} GROUP BY who_frontend, who_user, game"
        )

        async def read(conn: Conn) -> list[Tally]:
            cur = await conn.execute(query, args)
            return [
                Tally(Identity(frontend=f, user=u), name, game, int(played), int(won))
                for f, u, name, game, played, won in await cur.fetchall()
            ]

        return ranked(await self._do(read))

    async def games_played(self, frontend: str, community: str) -> dict[str, int]:
        async def read(conn: Conn) -> dict[str, int]:
            cur = await conn.execute(
                "SELECT game, count(DISTINCT table_id) FROM results "
                "WHERE frontend = %s AND community = %s GROUP BY game",
                (frontend, community),
            )
            return {game: int(n) for game, n in await cur.fetchall()}

        return await self._do(read)

    async def latest_finished(self, identity: Identity) -> TableMeta | None:
        async def read(conn: Conn) -> TableMeta | None:
            cur = await conn.execute(
                "SELECT t.meta FROM results r JOIN tables t ON t.id = r.table_id "
                "WHERE r.who_frontend = %s AND r.who_user = %s "
                "ORDER BY r.ended_at DESC LIMIT 1",
                (identity.frontend, identity.user),
            )
            found = await cur.fetchone()
            return None if found is None else TableMeta.model_validate_json(found[0])

        return await self._do(read)


async def _fill(conn: Conn, found: dict[str, StoredTable]) -> list[StoredTable]:
    """Add each table's snapshot and the steps after it."""
    ids = list(found)
    cur = await conn.execute(
        "SELECT table_id, ply, state FROM snapshots WHERE table_id = ANY(%s)", (ids,)
    )
    for table_id, ply, state in await cur.fetchall():
        found[table_id].snapshot = (ply, state)
    cur = await conn.execute(
        "SELECT st.* FROM steps st LEFT JOIN snapshots sn ON sn.table_id = st.table_id "
        "WHERE st.table_id = ANY(%s) AND st.ply >= coalesce(sn.ply, 0) "
        "ORDER BY st.table_id, st.ply",
        (ids,),
    )
    for row in await cur.fetchall():
        found[row[0]].steps.append(step_from_row(row))
    return list(found.values())
