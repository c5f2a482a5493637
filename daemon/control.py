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

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from daemon.core import Daemon
from daemon.model import Identity, Origin, RefusalCode, Refused, StartPolicy
from daemon.records import find_table, record_of
from daemon.table import Table
from engine.jsonwire import loads

log = logging.getLogger("plgames.control")

LOCAL = "local"
MAX_LINE = 1 << 20

Handler = Callable[[Daemon, Any], Awaitable[dict[str, Any]]]
"""Answers one request, already validated as the command's `Request` model."""


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


class Request(BaseModel):
    """A request's keys as the CLI sends them: JSON types exactly (nothing
    coerced), unknown keys ignored, so a bad request is refused by name
    before any handler sees it."""

    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)


class AtTable(Request):
    code: str = Field(max_length=64)


class Local(AtTable):
    """The `local` commands: the socket's user, seated as `local:<user>`."""

    user: str = Field(min_length=1, max_length=64)

    @property
    def identity(self) -> Identity:
        return Identity(frontend=LOCAL, user=self.user)


class New(Request):
    game: str = Field(max_length=64)
    origin: str = Field(default=LOCAL, max_length=64)
    place: str = Field(default="", max_length=256)
    options: dict[str, Any] | None = None
    seats: int | None = Field(default=None, ge=1, le=64)
    name: str = Field(default="", max_length=200)
    start: StartPolicy | None = None


class LanOpen(Request):
    """`lan_open`: handed on to the LAN frontend, with only these keys."""

    game: str = Field(max_length=64)
    name: str | None = Field(default=None, max_length=200)
    options: dict[str, Any] | None = None
    seats: int | None = Field(default=None, ge=1, le=64)
    start: StartPolicy | None = None
    humans: int | None = Field(default=None, ge=1, le=64)


class Export(Request):
    table: str = Field(max_length=64)
    """The table's internal id, or a join code (its newest table)."""


class End(AtTable):
    reason: str | None = Field(default=None, max_length=500)


class Kick(AtTable):
    seat: int = Field(ge=0, le=1000)


class Join(Local):
    name: str | None = Field(default=None, max_length=200)
    seat: int | None = Field(default=None, ge=0, le=1000)


class Move(Local):
    move: str = Field(max_length=MAX_LINE)
    """The move's JSON text, decoded by the game (`Unreadable move` if it is not one)."""
    expect: int | None = None


async def _tables(daemon: Daemon, req: Request) -> dict[str, Any]:
    now = daemon.services.clock.time()
    rows = [summary(t, now) for t in daemon.tables.values()]
    return {"tables": rows}


async def _show(daemon: Daemon, req: AtTable) -> dict[str, Any]:
    table = daemon.table(req.code)
    shown = summary(table, daemon.services.clock.time())
    shown["recent"] = list(table.recent)
    shown["digest"] = table.state_digest()
    return shown


async def _new(daemon: Daemon, req: New) -> dict[str, Any]:
    policy = daemon.policy
    if req.start is not None:
        policy = policy.model_copy(update={"start": req.start})
    table = await daemon.open_table(
        req.game,
        origin=Origin(frontend=req.origin, place=req.place),
        options=req.options or {},
        seats=req.seats,
        name=req.name,
        policy=policy,
    )
    return {"code": table.code, "name": table.meta.name}


async def _lan_open(daemon: Daemon, req: LanOpen) -> dict[str, Any]:
    """Open a LAN table for phones (and `plgames play`): the LAN frontend's own command."""
    lan: Any = daemon.frontend("native")
    if lan is None:
        raise Refused(RefusalCode.UNAVAILABLE, "The LAN frontend is off (lan.enabled = false).")
    answer: dict[str, Any] = await lan.command(req.model_dump(exclude_none=True))
    return answer


async def _start(daemon: Daemon, req: AtTable) -> dict[str, Any]:
    await daemon.table(req.code).start()
    return {}


async def _end(daemon: Daemon, req: End) -> dict[str, Any]:
    table = daemon.table(req.code)
    await table.end(req.reason or "Ended by an admin.")
    return {"status": table.status.value}


async def _kick(daemon: Daemon, req: Kick) -> dict[str, Any]:
    kicked = await daemon.table(req.code).kick(req.seat)
    return {"kicked": str(kicked) if kicked else None}


async def _join(daemon: Daemon, req: Join) -> dict[str, Any]:
    table = daemon.table(req.code)
    seat = await table.join(req.identity, req.name or req.user, seat=req.seat)
    return {"seat": seat}


async def _leave(daemon: Daemon, req: Local) -> dict[str, Any]:
    return {"seat": await daemon.table(req.code).leave(req.identity)}


async def _view(daemon: Daemon, req: Local) -> dict[str, Any]:
    table = daemon.table(req.code)
    seat = table.seat_of(req.identity)
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


async def _move(daemon: Daemon, req: Move) -> dict[str, Any]:
    table = daemon.table(req.code)
    version = await table.act(req.move, identity=req.identity, expect=req.expect)
    return {"version": version}


async def _log(daemon: Daemon, req: AtTable) -> dict[str, Any]:
    table = daemon.table(req.code)
    steps = await daemon.store.steps(table.meta.id)
    return {"steps": [s.model_dump(mode="json") for s in steps]}


async def _export(daemon: Daemon, req: Export) -> dict[str, Any]:
    """A finished table's record (seed and all); refused while it is open."""
    record = await record_of(daemon.store, await find_table(daemon.store, req.table))
    return {"record": record.model_dump(mode="json")}


COMMANDS: dict[str, tuple[type[Request], Handler]] = {
    "tables": (Request, _tables),
    "show": (AtTable, _show),
    "new": (New, _new),
    "lan_open": (LanOpen, _lan_open),
    "start": (AtTable, _start),
    "end": (End, _end),
    "kick": (Kick, _kick),
    "join": (Join, _join),
    "leave": (Local, _leave),
    "view": (Local, _view),
    "move": (Move, _move),
    "log": (AtTable, _log),
    "export": (Export, _export),
}


class ControlServer:
    def __init__(self, daemon: Daemon, path: Path) -> None:
        self.daemon = daemon
        self.path = path
        self.forward: Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]] | None = None
        """With several daemons: a request for a table another daemon serves goes
        there (`daemon.routing`); None is "no daemon serves it"."""
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
            return await self.answer(loads(line))
        except (KeyError, TypeError, ValueError) as exc:
            return {"ok": False, "error": f"bad request: {type(exc).__name__}: {exc}"}

    async def answer(self, req: Any, *, forwarding: bool = True) -> dict[str, Any]:
        """One request's answer: from a local client, or (`forwarding` off, so
        it never goes round in circles) forwarded by another daemon."""
        try:
            cmd = req.get("cmd") if isinstance(req, dict) else None
            if not isinstance(cmd, str) or cmd not in COMMANDS:
                return {
                    "ok": False,
                    "error": f"unknown command; the commands are {', '.join(COMMANDS)}",
                }
            shape, handler = COMMANDS[cmd]
            return {"ok": True, **await handler(self.daemon, shape.model_validate(req))}
        except Refused as exc:
            if exc.code == RefusalCode.UNKNOWN_TABLE and forwarding and self.forward is not None:
                forwarded = await self.forward(req)
                if forwarded is not None:
                    return forwarded
            return {"ok": False, "code": exc.code.value, "error": exc.reason}
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"]) or "request"
            return {"ok": False, "error": f"bad request: {where}: {first['msg']}"}
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
