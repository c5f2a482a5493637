"""The LAN frontend: daemon tables served to phones over TCP and announced by mDNS.

Each open LAN table gets its own port and its own mDNS instance for the whole
match, so phones can reconnect; when the table ends the instance is withdrawn
at once (no newcomers), the links stay a short while so every phone sees the
final state, then the port closes and a phone's reconnect attempts fail fast
(NATIVE.md §0, §4.7). Tables listed in the config are kept open: when one
ends, a fresh one opens under the same name.
"""

import asyncio
import contextlib
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from zeroconf.asyncio import AsyncServiceInfo

from daemon.config import BluetoothConfig, LanConfig, LanTableSpec
from daemon.core import Daemon
from daemon.delivery import SeatUpdate
from daemon.model import (
    Origin,
    StartPolicy,
    TablePolicy,
)
from daemon.table import Table
from frontends.native.admission import Admission, AdmissionLimits
from frontends.native.bluetooth import Bluetooth
from frontends.native.discovery import ALL, Advertiser
from frontends.native.host import FRONTEND, LanHost
from frontends.native.link import LinkLimits
from frontends.native.tcp import TcpListener

log = logging.getLogger(__name__)


@dataclass(slots=True)
class LanTable:
    """A daemon table as the LAN sees it: its host, port and announcement."""

    table: Table
    host: LanHost
    listener: TcpListener
    advert: AsyncServiceInfo | None
    closed: asyncio.Event = field(default_factory=asyncio.Event)
    announced: dict[str, str] = field(default_factory=dict)
    """The TXT records last announced (`discover`'s game, code and seats)."""

    @property
    def port(self) -> int:
        return self.listener.port


class LanFrontend:
    """The daemon's `native` frontend for TCP (Bluetooth feeds the same hosts)."""

    name = FRONTEND

    def __init__(self, config: LanConfig, bluetooth: BluetoothConfig | None = None) -> None:
        self.config = config
        self.bluetooth_config = bluetooth or BluetoothConfig()
        if self.bluetooth_config.enabled and self._spec_named(self.bluetooth_config.table) is None:
            names = ", ".join(repr(s.name) for s in config.tables) or "none are configured"
            raise ValueError(
                f"bluetooth.table: {self.bluetooth_config.table!r} is not the name of a "
                f"[[lan.tables]] entry ({names})"
            )
        self.bluetooth: Bluetooth | None = None
        self.admission = Admission(
            AdmissionLimits(
                total=config.max_links,
                per_table=config.max_links_per_table,
                per_address=config.max_links_per_address,
                crowded_hello=config.crowded_hello_seconds,
            )
        )
        """The connection caps, shared by every LAN table and Bluetooth."""
        self._daemon: Daemon | None = None
        self._advertiser: Advertiser | None = None
        self._tables: dict[str, LanTable] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def tables(self) -> tuple[LanTable, ...]:
        return tuple(self._tables.values())

    def find(self, name: str) -> LanTable | None:
        """The open LAN table of that name (Bluetooth serves one by name)."""
        return next((t for t in self._tables.values() if t.host.name == name), None)

    async def start(self, daemon: Any) -> None:
        """Serve the native tables the daemon resumed, then open the configured ones."""
        self._daemon = daemon
        if self.config.advertise:
            self._advertiser = Advertiser(self.config.interfaces)
        for table in list(daemon.tables.values()):
            if table.meta.origin.frontend == FRONTEND and table.status.open:
                spec = self._spec_named(table.meta.origin.place)
                await self.serve(table, port=spec.port if spec else 0)
        for spec in self.config.tables:
            self._spawn(self._keep_open(spec), f"lan-keep {spec.name}")
        if self.bluetooth_config.enabled:
            await self._start_bluetooth()

    async def _start_bluetooth(self) -> None:
        """Bluetooth failing to start is reported and the rest carries on."""
        name = self.bluetooth_config.table

        def route() -> LanHost | None:
            lan = self.find(name)
            return None if lan is None else lan.host

        bluetooth = Bluetooth(self.bluetooth_config, route)
        try:
            await bluetooth.start()
        except RuntimeError as exc:
            log.error("%s; the other frontends carry on without it", exc)
            return
        self.bluetooth = bluetooth

    async def stop(self) -> None:
        if self.bluetooth is not None:
            await self.bluetooth.stop()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for lan in list(self._tables.values()):
            await self._close(lan)
        if self._advertiser is not None:
            await self._advertiser.close()
        self.admission.close()

    async def deliver(self, delivery: Any) -> None:
        """A seat's events go to its host to narrate (to terminal clients);
        the views themselves the hosts read when their table tells them it
        changed. Nothing here may wait: see `LanHost.narrate`."""
        if isinstance(delivery, SeatUpdate) and delivery.events:
            lan = self._tables.get(delivery.table.id)
            if lan is not None:
                lan.host.narrate(delivery.seat, delivery.events)

    async def open_table(self, spec: LanTableSpec) -> LanTable:
        """Open a new daemon table for phones (from the config or the admin CLI)."""
        if self._daemon is None:
            raise RuntimeError("the LAN frontend has not been started")
        level = spec.ai_level or self.config.ai_level
        policy = TablePolicy(
            start=spec.start, timer=self.config.timer, pacing=self.config.pacing, ai_level=level
        )
        table = await self._daemon.open_table(
            spec.game,
            origin=Origin(frontend=FRONTEND, place=spec.name),
            options=spec.options,
            seats=spec.seats,
            name=spec.name,
            policy=policy,
        )
        return await self.serve(table, port=spec.port)

    async def command(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The admin socket's `lan_open` (and `plgames play`): open a LAN table
        and say where to join it. Keys: game, and optionally name, options,
        seats, start (a start policy) or humans (start when that many sit)."""
        if "start" in request:
            start = StartPolicy.model_validate(request["start"])
        else:
            start = StartPolicy(mode="when_full", humans=int(request.get("humans") or 1))
        spec = LanTableSpec(
            game=str(request["game"]),
            name=str(request.get("name") or self.config.name),
            options=dict(request.get("options") or {}),
            seats=request.get("seats"),
            start=start,
        )
        lan = await self.open_table(spec)
        address = next((a for a in self.config.interfaces if a != ALL), "127.0.0.1")
        return {"code": lan.table.code, "name": lan.host.name, "address": address, "port": lan.port}

    async def serve(self, table: Table, *, port: int = 0) -> LanTable:
        """Put any open daemon table on the LAN under its own name and port."""
        host = LanHost(
            table,
            name=table.meta.name,
            limits=LinkLimits(
                hello_timeout=self.config.hello_timeout_seconds,
                write_timeout=self.config.write_timeout_seconds,
            ),
            v1_resend_delay=self.config.v1_resend_seconds,
            admission=self.admission,
        )
        listener = TcpListener(host, self.config.interfaces)
        announced = announcement(table)
        try:
            await listener.start(port)
            advert = None
            if self._advertiser is not None:
                advert = await self._advertiser.register(table.meta.name, listener.port, announced)
        except BaseException:
            host.close()
            await listener.close()
            raise
        lan = LanTable(table, host, listener, advert, announced=announced)
        self._tables[table.meta.id] = lan
        unsubscribe = table.subscribe(lambda: self._reannounce(lan))
        self._spawn(self._unsubscribe_when_closed(lan, unsubscribe), f"lan-txt {host.name}")
        log.info("LAN table %r on port %d (%s)", host.name, listener.port, table.game.id)
        self._spawn(self._retire(lan), f"lan-retire {host.name}")
        return lan

    def _reannounce(self, lan: LanTable) -> None:
        """Seats taken or the game started: announce the new counts."""
        fresh = announcement(lan.table)
        if fresh != lan.announced and lan.advert is not None:
            lan.announced = fresh
            self._spawn(self._update_advert(lan, fresh), f"lan-txt {lan.host.name}")

    async def _update_advert(self, lan: LanTable, properties: dict[str, str]) -> None:
        advert = lan.advert
        if advert is None or self._advertiser is None:
            return
        try:
            lan.advert = await self._advertiser.update(advert, properties)
        except Exception:  # the table stays joinable; only `discover`'s counts are stale
            log.warning("LAN table %r: its announcement was not updated", lan.host.name)

    async def _unsubscribe_when_closed(self, lan: LanTable, unsubscribe: Any) -> None:
        try:
            await lan.closed.wait()
        finally:
            unsubscribe()

    async def _retire(self, lan: LanTable) -> None:
        await lan.host.ended.wait()
        await self._withdraw(lan)
        await asyncio.sleep(self.config.linger_seconds)
        await self._close(lan)

    async def _withdraw(self, lan: LanTable) -> None:
        advert, lan.advert = lan.advert, None
        if advert is not None and self._advertiser is not None:
            with contextlib.suppress(Exception):
                await self._advertiser.unregister(advert)

    async def _close(self, lan: LanTable) -> None:
        await self._withdraw(lan)
        lan.host.close()
        await lan.listener.close()
        self._tables.pop(lan.table.meta.id, None)
        lan.closed.set()

    async def _keep_open(self, spec: LanTableSpec) -> None:
        """Keep one open table of this spec: reopen it each time it ends."""
        while True:
            lan = self.find(spec.name)
            if lan is None:
                try:
                    lan = await self.open_table(spec)
                except Exception:
                    log.exception("LAN table %r could not be opened; not retrying", spec.name)
                    return
            await lan.closed.wait()

    def _spec_named(self, name: str) -> LanTableSpec | None:
        return next((s for s in self.config.tables if s.name == name), None)

    def _spawn(self, coro: Any, name: str) -> None:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def announcement(table: Table) -> dict[str, str]:
    """A table's TXT records: what `plgames discover` lists besides its name."""
    seats = table.meta.seats
    free = sum(1 for s in seats if s.identity is None) if table.status == "lobby" else 0
    return {
        "game": table.game.id,
        "code": table.code,
        "seats": str(len(seats)),
        "free": str(free),
        "status": str(table.status),
    }


def build(settings: Any, daemon: Any) -> LanFrontend:
    """The service's factory for the `lan` frontend: the `[lan]` and `[bluetooth]`
    sections of the daemon's settings, read with this frontend's own rules."""
    return LanFrontend(
        settings.lan,
        settings.bluetooth,
    )
