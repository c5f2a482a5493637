"""The admin socket's requests, as `ControlServer` answers each line.

Documented outcomes: every line gets a JSON object with `ok`; a refusal
carries the daemon's reason, a malformed request `bad request: …` or
`unknown command`. Never `internal error`, never a logged traceback, and the
answer always encodes (the server writes it with `json.dumps`)."""

import json
from pathlib import Path
from typing import Any

from native_support import QUICK

from daemon.control import COMMANDS, ControlServer
from daemon.core import Daemon
from daemon.model import Identity, Origin, Status
from daemon.store import MemoryStore
from fuzz.common import errors, on_close, run

RESET_EVERY = 300
GAMES = ("euchre", "sequence", "katan")


class _World:
    def __init__(self) -> None:
        self.daemon: Daemon | None = None
        self.server: ControlServer | None = None
        self.codes: list[str] = []
        self.inputs = 0

    async def ready(self) -> tuple[ControlServer, list[str]]:
        self.inputs += 1
        stale = self.inputs % RESET_EVERY == 0 or not any(
            t.status in (Status.LOBBY, Status.PLAYING) for t in self._tables()
        )
        if self.server is None or stale:
            if self.daemon is not None:
                await self.daemon.shutdown(0)
            self.daemon = Daemon(MemoryStore(), policy=QUICK)
            self.codes = []
            for index, game in enumerate(GAMES):
                table = await self.daemon.open_table(game, origin=Origin(frontend="local"))
                await table.join(Identity(frontend="local", user="ana"), "ana", seat=0)
                if index < 2:
                    await table.start()
                self.codes.append(table.code)
            # Never started: the socket path is not used by `_answer`.
            self.server = ControlServer(self.daemon, Path("/nonexistent/control.sock"))
        return self.server, self.codes

    async def close(self) -> None:
        if self.daemon is not None:
            await self.daemon.shutdown(0)
        self.daemon = self.server = None

    def _tables(self) -> list[Any]:
        return [] if self.daemon is None else list(self.daemon.tables.values())


_WORLD = _World()
on_close(_WORLD.close)


async def _ask(data: bytes) -> dict[str, Any]:
    server, codes = await _WORLD.ready()
    # `@0`…`@2` stand for the live tables' codes, which no fuzzer could guess.
    for index, code in enumerate(codes):
        data = data.replace(b"@%d" % index, code.encode())
    answer: dict[str, Any] = await server._answer(data)
    return answer


def control(data: bytes) -> None:
    handler = errors()
    answer = run(_ask(data))
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), answer
    json.dumps(answer)
    if not answer["ok"]:
        assert not str(answer.get("error", "")).startswith("internal error"), (data, answer)
    handler.check(data[:200])


def seeds() -> list[bytes]:
    requests: list[dict[str, Any]] = [
        {"cmd": "tables"},
        {"cmd": "show", "code": "@0"},
        {"cmd": "new", "game": "euchre", "seats": 4, "options": {"points_to_win": 5}},
        {"cmd": "new", "game": "katan", "start": {"mode": "manual"}, "name": "x"},
        {"cmd": "start", "code": "@2"},
        {"cmd": "end", "code": "@1", "reason": "bye"},
        {"cmd": "kick", "code": "@0", "seat": 0},
        {"cmd": "join", "code": "@2", "user": "bo", "seat": 1, "name": "Bo"},
        {"cmd": "leave", "code": "@0", "user": "ana"},
        {"cmd": "view", "code": "@0", "user": "ana"},
        {"cmd": "move", "code": "@0", "user": "ana", "move": '{"type":"pass"}', "expect": 1},
        {"cmd": "move", "code": "@1", "user": "ana", "move": '{"type":"exchange"}'},
        {"cmd": "log", "code": "@0"},
        {"cmd": "lan_open", "game": "euchre"},
        {"cmd": "export", "table": "@1"},
    ]
    assert {r["cmd"] for r in requests} == set(COMMANDS)
    return [json.dumps(r).encode() for r in requests]


TARGETS = {"control": control}
SEEDS = {"control": seeds()}
