"""Several daemons on one PostgreSQL database: this daemon's share of the tables.

Every table is served by exactly one daemon, the holder of its lease
(`PostgresStore`). The keeper renews this daemon's leases a few times per
lease period, gives up (without writing) any table another daemon took over,
lets go of finished ones, and claims open tables whose lease expired: those
of a daemon that stopped or died. A claimed table is restored from its log
like a table after a restart, so the takeover bound is one lease period plus
one renewal interval, and fencing makes sure the old holder stores nothing
more once it is taken. Before a claimed table is restored, the chat
frontends load the ids of the messages posted for it (`Router.taking`), so
its board goes on being edited where the old holder left it.
"""

import asyncio
import contextlib
import logging
import time

from daemon.core import Daemon
from daemon.postgres_store import PostgresStore
from daemon.store import StoreError

log = logging.getLogger("plgames.cluster")


class LeaseKeeper:
    def __init__(self, daemon: Daemon, store: PostgresStore) -> None:
        self.daemon = daemon
        self.store = store
        self.every = store.lease_seconds / 3
        self.renewed_at: float | None = None
        """Monotonic time of the last renewal that reached the database."""
        self._task: asyncio.Task[None] | None = None

    @property
    def healthy(self) -> bool:
        """Whether this daemon's leases are surely still its own."""
        return self.renewed_at is not None and (
            time.monotonic() - self.renewed_at < self.store.lease_seconds
        )

    def start(self) -> None:
        self.renewed_at = time.monotonic()  # resume() has just claimed
        self._task = asyncio.create_task(self._run(), name="lease keeper")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.round()
            except StoreError as exc:
                log.error("leases: the database did not answer (%s); trying again", exc)
            except Exception:
                log.exception("leases: a round failed; trying again")

    async def round(self) -> None:
        """Renew, give up what was lost, let go of what ended, claim the orphans."""
        began = time.monotonic()
        lost = await self.store.renew()
        self.renewed_at = began
        held = self.store.held
        # Lost at a renewal, or found lost by a write the fence refused.
        lost |= {i for i, t in self.daemon.tables.items() if t.status.open and i not in held}
        for table_id in lost:
            log.warning("table %s was taken over by another daemon", table_id)
            self.daemon.metrics.leases_lost.inc()
            await self.daemon.forget(table_id)
        for table_id in held:
            table = self.daemon.tables.get(table_id)
            if table is None or not table.status.open:
                await self.store.let_go(table_id)
                if self.daemon.router is not None:
                    await self.daemon.router.forget_posted(table_id)
        if self.daemon.services.closing:
            return
        claimed = await self.store.claim()
        if claimed and self.daemon.router is not None:
            await self.daemon.router.taking([s.meta.id for s in claimed])
        for stored in claimed:
            if self.daemon.adopt(stored):
                self.daemon.metrics.takeovers.inc()
                log.info("took over table %s", stored.meta.code)
