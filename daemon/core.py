"""The daemon's heart: every table, the services they share, and their lifecycle.

Frontends, the admin socket and tests all go through `Daemon`: it opens
tables, finds them by join code, reloads and resumes them after a restart, and
shuts them down so that no step being stored is lost.
"""

import asyncio
import logging
import secrets
import time
import uuid
from collections import Counter, deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from daemon.ai import AiRunner, AiScheduler, InlineAi
from daemon.clock import Clock, RealClock
from daemon.delivery import Frontend, Hub
from daemon.metrics import Metrics
from daemon.model import (
    Identity,
    Origin,
    RefusalCode,
    Refused,
    Seat,
    Status,
    TableMeta,
    TablePolicy,
    new_join_code,
    normalise_code,
)
from daemon.store import CodeTaken, Store, StoredTable
from daemon.table import RESTARTING, Services, Table
from engine.errors import EngineError
from engine.protocol import TableConfig
from engine.registry import get_game

if TYPE_CHECKING:
    from daemon.routing import Router

log = logging.getLogger("plgames.daemon")

CODE_TRIES = 20
"""Join codes drawn for a new table before giving up (a clash needs another
daemon's open table to hold the same five letters)."""


class Daemon:
    def __init__(
        self,
        store: Store,
        *,
        clock: Clock | None = None,
        ai: AiRunner | AiScheduler | None = None,
        policy: TablePolicy | None = None,
        snapshot_every: int = 50,
        keep_ended: int = 200,
        metrics: Metrics | None = None,
    ) -> None:
        self.metrics = metrics or Metrics()
        self.hub = Hub(on_error=lambda name: self.metrics.frontend_errors.labels(name).inc())
        self.services = Services(
            store=store,
            clock=clock or RealClock(),
            ai=ai if isinstance(ai, AiScheduler) else AiScheduler(ai or InlineAi()),
            hub=self.hub,
            metrics=self.metrics,
            snapshot_every=snapshot_every,
        )
        self.policy = policy or TablePolicy()
        self.tables: dict[str, Table] = {}
        self._by_code: dict[str, Table] = {}
        self._ended: deque[str] = deque()
        self._keep_ended = keep_ended
        self._frontends: list[Frontend] = []
        self.router: Router | None = None
        """With several daemons on one database (set by the service): passes
        intents for a table another daemon serves to it (`daemon.routing`)."""
        self.metrics.watch_tables(self.count_by_status)

    @property
    def store(self) -> Store:
        return self.services.store

    # ---- startup and shutdown ----------------------------------------------------

    async def resume(self) -> int:
        """Reload every open table from the store and drive it again; returns how many."""
        began = time.perf_counter()
        resumed = 0
        for stored in await self.store.load_open():
            resumed += self.adopt(stored, run=False)
        for table in list(self.tables.values()):
            table.run()
        log.info(
            "resumed tables",
            extra={"tables": resumed, "seconds": round(time.perf_counter() - began, 3)},
        )
        return resumed

    def adopt(self, stored: StoredTable, *, run: bool = True) -> bool:
        """Restore a stored table and drive it (after a restart, or taken over
        from another daemon); False if it cannot be rebuilt (it stays stored)."""
        try:
            table = Table.restore(self.services, stored, get_game(stored.meta.game))
        except Exception:
            log.exception("table %s could not be reloaded; it stays stored", stored.meta.id)
            return False
        self._add(table)
        if run:
            table.run()
        return True

    async def forget(self, table_id: str) -> None:
        """Stop serving a table another daemon took over, without writing."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        if self._by_code.get(table.code) is table:
            del self._by_code[table.code]
        await table.stop()

    async def add_frontend(self, frontend: Frontend) -> None:
        # A series that exists from the start at 0, so an alert on its rate
        # sees the first failure instead of a series appearing out of nowhere.
        self.metrics.frontend_errors.labels(frontend.name)
        self.hub.attach(frontend)
        await frontend.start(self)
        self._frontends.append(frontend)

    def frontend(self, name: str) -> Frontend | None:
        """A running frontend by name, for admin commands that belong to it."""
        return next((f for f in self._frontends if f.name == name), None)

    async def shutdown(self, drain_seconds: float = 3.0) -> None:
        """Stop taking intents, let steps being stored finish, publish what is
        queued, then close frontends and the store."""
        self.services.closing = True
        await asyncio.gather(*(t.stop() for t in self.tables.values()))
        for table in self.tables.values():
            async with table.lock:  # a person's move that was being stored is done now
                pass
        await self.hub.drain(drain_seconds)
        for frontend in reversed(self._frontends):
            try:
                await frontend.stop()
            except Exception:
                log.exception("frontend %s failed to stop", frontend.name)
        await self.services.ai.close()
        await self.store.close()

    # ---- tables ------------------------------------------------------------------

    async def open_table(
        self,
        game_id: str,
        *,
        origin: Origin,
        options: Mapping[str, Any] | None = None,
        seats: int | None = None,
        name: str = "",
        policy: TablePolicy | None = None,
        seed: int | None = None,
        creator: Identity | None = None,
    ) -> Table:
        """A new table in the lobby, every seat played by the AI until someone joins.

        `creator` is who asked for it (stored in `TableMeta.creator`); opening
        does not seat them."""
        if self.services.closing:
            raise Refused(RefusalCode.SHUTTING_DOWN, RESTARTING)
        policy = policy or self.policy
        try:
            game = get_game(game_id)
            seed = secrets.randbits(62) if seed is None else seed
            config = TableConfig(game=game.id, options=dict(options or {}), seats=seats, seed=seed)
            parsed, count = game.prepare(config)
        except EngineError as exc:
            raise Refused(RefusalCode.BAD_OPTIONS, exc.reason) from None
        level = policy.ai_level or game.default_level
        level = game.level_aliases.get(level, level)
        if level not in game.levels:
            raise Refused(
                RefusalCode.BAD_OPTIONS,
                f"ai_level: {game.title} has no AI level {level!r}; "
                f"the levels are {', '.join(game.levels)}",
            )
        policy = policy.model_copy(update={"ai_level": level})
        meta = TableMeta(
            id=uuid.uuid4().hex,
            code="",
            name=name,
            game=game.id,
            options=parsed.model_dump(mode="json", by_alias=True),
            seed=seed,
            origin=origin,
            creator=creator,
            policy=policy,
            seats=[Seat() for _ in range(count)],
            created_at=self.services.clock.time(),
        )
        for _ in range(CODE_TRIES):
            meta.code = code = new_join_code(set(self._by_code))
            meta.name = name or f"{game.title} {code}"
            try:
                await self.store.create_table(meta)
                break
            except CodeTaken:
                continue  # another daemon's open table has it
        else:
            raise Refused(RefusalCode.UNAVAILABLE, "No free join code was found; try again.")
        table = Table(self.services, meta, game)
        self._add(table)
        table.run()
        log.info(
            "table opened",
            extra={"table": code, "game": game.id, "seats": count, "origin": origin.frontend},
        )
        return table

    def table(self, code: str) -> Table:
        """The table with this join code, or a refusal a person can read."""
        table = self._by_code.get(normalise_code(code))
        if table is None:
            raise Refused(RefusalCode.UNKNOWN_TABLE, f"There is no table {code!r}.")
        return table

    def count_by_status(self) -> dict[Status, int]:
        return dict(Counter(t.status for t in self.tables.values()))

    def _add(self, table: Table) -> None:
        self.tables[table.meta.id] = table
        self._by_code[table.code] = table
        table.subscribe(lambda: self._retire_if_ended(table))

    def _retire_if_ended(self, table: Table) -> None:
        """Keep the latest ended tables in memory for late readers, forget older ones."""
        if table.status.open or table.meta.id in self._ended:
            return
        self._ended.append(table.meta.id)
        while len(self._ended) > self._keep_ended:
            old = self.tables.pop(self._ended.popleft(), None)
            if old is not None and self._by_code.get(old.code) is old:
                del self._by_code[old.code]
