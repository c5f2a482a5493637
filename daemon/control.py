"""The admin control socket: a unix socket only the daemon's user can open.

The admin CLI talks to the running daemon here instead of opening the
database behind its back, so every change (ending a table, kicking a seat)
goes through the same locks and is published like any other. One JSON object
a line each way. The `local` commands (join, view, move) seat the socket's
user as the identity `local:<user>`: a scripted player for tests and demos.
"""

import asyncio
import contextlib
import json
import logging
import os
import socket
import stat
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from daemon.core import Daemon
from daemon.model import Identity, Origin, RefusalCode, Refused, StartPolicy
from daemon.table import Table
from engine.jsonwire import loads

log = logging.getLogger("plgames.control")

LOCAL = "local"
MAX_LINE = 1 << 20

Handler = Callable[[Daemon, dict[str, Any]], Awaitable[dict[str, Any]]]


def summary(table: Table, now: float) -> dict[str, Any]:
    """One table as the admin list shows it."""
    seats = []
    for index, seat in enumerate(table.meta.seats):
        kind = "ai" if seat.identity is None else ("away" if seat.away else "human")
        who = str(seat.identity) if seat.identity else ""
        seats.append({"seat": index, "kind": kind, "who": who, "name": seat.name})
    age = None if table.last_step_at is None else round(now - table.last_step_at, 1)
    return {
        "code": table.code,
        "name": table.meta.name,
        "game": table.meta.game,
        "status": table.status.value,
        "origin": table.meta.origin.frontend,
        "seats": seats,
        "to_move": table.to_move(),
        "version": table.version,
        "last_move_age": age,
        "result": table.meta.result,
    }


async def _tables(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    now = daemon.services.clock.time()
    rows = [summary(t, now) for t in daemon.tables.values()]
    return {"tables": rows}


async def _show(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    table = daemon.table(req["code"])
    shown = summary(table, daemon.services.clock.time())
    shown["recent"] = list(table.recent)
    shown["digest"] = table.state_digest()
    return shown


async def _new(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    policy = daemon.policy
    if "start" in req:
        start = StartPolicy.model_validate(req["start"])
        policy = policy.model_copy(update={"start": start})
    table = await daemon.open_table(
        req["game"],
        origin=Origin(frontend=req.get("origin", LOCAL), place=req.get("place", "")),
        options=req.get("options") or {},
        seats=req.get("seats"),
        name=req.get("name", ""),
        policy=policy,
    )
    return {"code": table.code, "name": table.meta.name}


async def _lan_open(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    """Open a LAN table for phones (and `plgames play`): the LAN frontend's own command."""
    lan: Any = daemon.frontend("native")
    if lan is None:
        raise Refused(RefusalCode.UNAVAILABLE, "The LAN frontend is off (lan.enabled = false).")
    answer: dict[str, Any] = await lan.command(req)
    return answer


async def _start(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    await daemon.table(req["code"]).start()
    return {}


async def _end(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    table = daemon.table(req["code"])
    await table.end(req.get("reason") or "Ended by an admin.")
    return {"status": table.status.value}


async def _kick(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    kicked = await daemon.table(req["code"]).kick(int(req["seat"]))
    return {"kicked": str(kicked) if kicked else None}


def _local(req: dict[str, Any]) -> Identity:
    return Identity(frontend=LOCAL, user=str(req["user"]))


async def _join(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    seat = await daemon.table(req["code"]).join(
        _local(req), req.get("name") or str(req["user"]), seat=req.get("seat")
    )
    return {"seat": seat}


async def _leave(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    return {"seat": await daemon.table(req["code"]).leave(_local(req))}


async def _view(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    table = daemon.table(req["code"])
    seat = table.seat_of(_local(req))
    if seat is None:
        return {"seat": None, "status": table.status.value, "version": table.version}
    async with table.lock:  # one consistent picture, not a view and moves of two states
        answer: dict[str, Any] = {"seat": seat, "status": table.status.value}
        answer["version"] = table.version
        answer["to_move"] = table.to_move()
        legal = []
        if table.state is not None:
            answer["view"] = table.game.encode_view(table.view_for(seat))
            if table.to_move() == seat:
                legal = [
                    table.game.encode_move(m) for m in table.game.legal_moves(table.state, seat)
                ]
        answer["legal"] = legal
    return answer


async def _move(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    table = daemon.table(req["code"])
    version = await table.act(req["move"], identity=_local(req), expect=req.get("expect"))
    return {"version": version}


async def _log(daemon: Daemon, req: dict[str, Any]) -> dict[str, Any]:
    table = daemon.table(req["code"])
    steps = await daemon.store.steps(table.meta.id)
    return {"steps": [s.model_dump(mode="json") for s in steps]}


COMMANDS: dict[str, Handler] = {
    "tables": _tables,
    "show": _show,
    "new": _new,
    "lan_open": _lan_open,
    "start": _start,
    "end": _end,
    "kick": _kick,
    "join": _join,
    "leave": _leave,
    "view": _view,
    "move": _move,
    "log": _log,
}


class ControlServer:
    def __init__(self, daemon: Daemon, path: Path) -> None:
        self.daemon = daemon
        self.path = path
        self._server: asyncio.Server | None = None
        self._clients: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists() or self.path.is_symlink():
            if not stat.S_ISSOCK(self.path.lstat().st_mode):
                raise RuntimeError(f"{self.path} exists and is not a socket")
            self.path.unlink()  # left by a daemon that was killed
        old = os.umask(0o177)  # owner-only from the moment it exists, not after a chmod
        try:
            self._server = await asyncio.start_unix_server(self._client, self.path, limit=MAX_LINE)
        finally:
            os.umask(old)
        os.chmod(self.path, 0o600)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        for task in list(self._clients):
            task.cancel()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._clients.add(task)
        try:
            while line := await reader.readline():
                writer.write(json.dumps(await self._answer(line)).encode() + b"\n")
                await writer.drain()
        except (ConnectionError, ValueError, asyncio.LimitOverrunError):
            pass
        finally:
            if task is not None:
                self._clients.discard(task)
            writer.close()

    async def _answer(self, line: bytes) -> dict[str, Any]:
        try:
            req = loads(line)
            handler = COMMANDS.get(req.get("cmd", "")) if isinstance(req, dict) else None
            if handler is None:
                return {
                    "ok": False,
                    "error": f"unknown command; the commands are {', '.join(COMMANDS)}",
                }
            return {"ok": True, **await handler(self.daemon, req)}
        except Refused as exc:
            return {"ok": False, "code": exc.code.value, "error": exc.reason}
        except (KeyError, TypeError, ValueError) as exc:
            return {"ok": False, "error": f"bad request: {type(exc).__name__}: {exc}"}
        except Exception as exc:
            log.exception("control command failed")
            return {"ok": False, "error": f"internal error: {exc}"}


def call(path: Path, request: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
    """Send one command to a running daemon and return its answer (for the CLI)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(str(path))
        sock.sendall(json.dumps(request).encode() + b"\n")
        buffer = b""
        while not buffer.endswith(b"\n"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            buffer += chunk
    answer: dict[str, Any] = json.loads(buffer)
    return answer
