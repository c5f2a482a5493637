"""`plgames serve`: the daemon as a systemd service (or in a terminal).

Start order: store, tables resumed, frontends, control socket, HTTP, then
READY=1. Stop order on SIGTERM/SIGINT: STOPPING=1, no new admin commands or
intents, in-flight steps finish and are stored, queued deliveries go out,
everything closes, exit 0 — or exit 1 if that takes longer than
`shutdown_seconds`, so systemd does not wait on a stuck stop.
"""

import asyncio
import contextlib
import logging
import os
import signal
import time
from importlib import import_module
from typing import TYPE_CHECKING, Any

import sdnotify  # type: ignore[import-untyped]
from aiohttp import web

from daemon.ai import scheduler_for
from daemon.backends import store_for
from daemon.config import Settings
from daemon.control import ControlServer
from daemon.core import Daemon

if TYPE_CHECKING:
    from daemon.cluster import LeaseKeeper
    from daemon.routing import Router

log = logging.getLogger("plgames.service")

FRONTENDS: dict[str, str] = {
    "lan": "frontends.native.lan:build",
    "telegram": "frontends.telegram:build",
    "discord": "frontends.discord:build",
}
"""Frontend name → "module:factory" building it from (settings, daemon).

Imported by name so the daemon loads only the frontends it runs. One that is
switched on but not in this table is reported at start and skipped, so a
config written for a newer build does not stop an older one. Bluetooth is
served by the LAN frontend (the same tables, another transport).
"""


class Service:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.started = time.monotonic()
        self.stopping = asyncio.Event()
        self.ready = asyncio.Event()
        self.http_port: int | None = None
        self.notifier = sdnotify.SystemdNotifier()
        if self.notifier.socket is not None:
            # Its sends run on the event loop: a reader that falls behind must
            # cost a dropped ping, never a stalled daemon.
            self.notifier.socket.setblocking(False)
        store = store_for(settings)
        self.daemon = Daemon(
            store,
            ai=scheduler_for(settings.ai),
            policy=settings.tables,
            snapshot_every=settings.storage.snapshot_every,
            keep_ended=settings.keep_ended,
        )
        self.control = ControlServer(self.daemon, settings.socket_path)
        self.keeper: LeaseKeeper | None = None
        self.router: Router | None = None
        if settings.storage.url is not None:
            from daemon import cluster, postgres_store, routing

            assert isinstance(store, postgres_store.PostgresStore)
            self.keeper = cluster.LeaseKeeper(self.daemon, store)
            self.router = routing.Router(
                store.url,
                settings.cluster.name,
                lambda request: self.control.answer(request, forwarding=False),
                self.daemon.metrics,
            )
            router = self.daemon.router = self.router
            self.control.forward = lambda request: router.forward(request, "control")
        self._http: web.AppRunner | None = None

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, self.stopping.set)
        await self.start()
        watchdog = asyncio.create_task(self._watchdog())
        await self.stopping.wait()
        log.info("stopping")
        self.notifier.notify("STOPPING=1")
        watchdog.cancel()
        try:
            async with asyncio.timeout(self.settings.shutdown_seconds):
                await self.stop()
        except TimeoutError:
            log.error("stop took longer than %ss; exiting anyway", self.settings.shutdown_seconds)
            return 1
        log.info("stopped")
        return 0

    async def start(self) -> None:
        settings = self.settings
        os.umask(0o077)  # the database holds every table's seed: nobody else reads it
        settings.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        await self.daemon.store.open()
        resumed = await self.daemon.resume()
        if self.keeper is not None:
            self.keeper.start()
        if self.router is not None:
            await self.router.start()
        await self._frontends()
        await self.control.start()
        if settings.http.enabled:
            await self._start_http()
        self.notifier.notify(f"READY=1\nSTATUS=Serving {len(self.daemon.tables)} tables")
        self.ready.set()
        log.info(
            "ready",
            extra={
                "state_dir": str(settings.state_dir.resolve()),
                "database": "postgresql" if settings.storage.url else str(settings.database),
                "control_socket": str(settings.socket_path),
                "http": f"{settings.http.host}:{self.http_port}" if self.http_port else "off",
                "resumed": resumed,
                "frontends": ",".join(n for n, on in settings.frontends().items() if on),
            },
        )
        if self.settings.lan.enabled:
            log.info(
                "to play from this machine: .venv/bin/plgames play euchre (or sequence, katan); "
                "phones: the app's 'Join a game nearby'; tables: plgames tables"
            )
        else:
            log.info(
                "to play from this machine: plgames table new euchre; "
                "plgames table join CODE --as NAME; plgames table view CODE --as NAME; "
                "plgames table move CODE MOVE --as NAME"
            )

    async def stop(self) -> None:
        await self.control.stop()
        if self.router is not None:
            await self.router.stop()
        if self.keeper is not None:
            await self.keeper.stop()
        await self.daemon.shutdown(drain_seconds=self.settings.shutdown_seconds / 2)
        if self._http is not None:
            await self._http.cleanup()

    async def _frontends(self) -> None:
        if self.settings.bluetooth.enabled and not self.settings.lan.enabled:
            log.warning("bluetooth is on but lan is off: Bluetooth tables are LAN tables")
        for name, on in self.settings.frontends().items():
            if not on:
                continue
            where = FRONTENDS.get(name)
            if where is None:
                log.warning("frontend %s is switched on but not part of this build", name)
                continue
            module, factory = where.split(":")
            build: Any = getattr(import_module(module), factory)
            await self.daemon.add_frontend(build(self.settings, self.daemon))

    async def _watchdog(self) -> None:
        """Ping systemd from the event loop itself, so a stuck loop stops the
        pings and systemd restarts the service."""
        usec = os.environ.get("WATCHDOG_USEC")
        if not usec or os.environ.get("WATCHDOG_PID", str(os.getpid())) != str(os.getpid()):
            return
        interval = int(usec) / 1e6 / 2
        while True:
            self.notifier.notify("WATCHDOG=1")
            await asyncio.sleep(interval)

    # ---- /healthz and /metrics -----------------------------------------------------

    async def _start_http(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        app.router.add_get("/metrics", self._metrics)
        self._http = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._http.setup()
        site = web.TCPSite(self._http, self.settings.http.host, self.settings.http.port)
        await site.start()
        self.http_port = int(self._http.addresses[0][1])

    async def _healthz(self, request: web.Request) -> web.Response:
        healthy = self.ready.is_set() and not self.stopping.is_set()
        body = {
            "status": "ok" if healthy else "stopping",
            "uptime_seconds": round(time.monotonic() - self.started, 1),
            "tables": {s.value: n for s, n in self.daemon.count_by_status().items()},
        }
        return web.json_response(body, status=200 if healthy else 503)

    async def _readyz(self, request: web.Request) -> web.Response:
        """Whether to send this daemon work (a load balancer's check): started,
        not stopping, and, on PostgreSQL, its leases renewed within a lease
        period (a daemon cut off from the database is alive but not ready)."""
        reasons = []
        if not self.ready.is_set():
            reasons.append("starting")
        if self.stopping.is_set():
            reasons.append("stopping")
        if self.keeper is not None and not self.keeper.healthy:
            reasons.append("the database has not answered within a lease period")
        body = {"ready": not reasons, "reasons": reasons, "name": self.settings.cluster.name}
        return web.json_response(body, status=503 if reasons else 200)

    async def _metrics(self, request: web.Request) -> web.Response:
        return web.Response(
            body=self.daemon.metrics.render(),
            headers={"Content-Type": "text/plain; version=0.0.4; charset=utf-8"},
        )


def serve(settings: Settings) -> int:
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(Service(settings).run())
    return 0
