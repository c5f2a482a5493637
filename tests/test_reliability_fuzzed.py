"""What the fuzzers found (issue 13, "Fuzzing"), each pinned down by name.

* The admin socket answered `internal error` (and logged a traceback) for
  requests with a wrong JSON type: a table code that is a number, a user that
  is an object, an infinite seat; `end` stored a number as the table's result.
* Telegram's webhook answered 500 (and aiohttp logged a traceback) for a body
  that is JSON but not an update.
* A LAN peer that sent a burst of pings and read every answer was closed as
  "stopped reading": each ping queued its own pong.
"""

import asyncio
import json
import logging
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from fuzz.fuzz_native import _read_all
from native_support import QUICK
from pydantic import SecretStr
from telegram_support import hosted

from daemon.control import ControlServer, call
from daemon.core import Daemon
from daemon.store import MemoryStore


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


MALFORMED: list[tuple[dict[str, Any], str]] = [
    ({"cmd": "show", "code": 5}, "code"),
    ({"cmd": "new", "game": []}, "game"),
    ({"cmd": "new", "game": "euchre", "origin": 5}, "origin"),
    ({"cmd": "new", "game": "euchre", "seats": "4"}, "seats"),
    ({"cmd": "new", "game": "euchre", "options": [1]}, "options"),
    ({"cmd": "new", "game": "euchre", "start": 5}, "start"),
    ({"cmd": "view", "code": "@", "user": {}}, "user"),
    ({"cmd": "kick", "code": "@", "seat": 1e300 * 1e300}, "seat"),
    ({"cmd": "kick", "code": "@", "seat": True}, "seat"),
    ({"cmd": "join", "code": "@", "user": "bo", "seat": "1"}, "seat"),
    ({"cmd": "move", "code": "@", "user": "ana", "move": {"type": "pass"}}, "move"),
    ({"cmd": "move", "code": "@", "user": "ana", "move": "{}", "expect": "1"}, "expect"),
    ({"cmd": "end", "code": "@", "reason": 5}, "reason"),
    ({"cmd": "lan_open"}, "game"),
]


async def test_the_admin_socket_names_the_bad_key_of_a_request(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    daemon = Daemon(MemoryStore(), policy=QUICK)
    control = ControlServer(daemon, tmp_path / "control.sock")
    await control.start()

    async def ask(request: dict[str, Any]) -> dict[str, Any]:
        return await asyncio.to_thread(call, control.path, request)

    try:
        code = (await ask({"cmd": "new", "game": "euchre"}))["code"]
        for request, key in MALFORMED:
            request = {k: code if v == "@" else v for k, v in request.items()}
            answer = await ask(request)
            assert answer["ok"] is False, (request, answer)
            assert answer["error"].startswith(f"bad request: {key}"), (request, answer)
        shown = await ask({"cmd": "show", "code": code})
        assert shown["status"] == "lobby"  # the refused `end` ended nothing
        assert not tracebacks(caplog)
        # Well-formed requests of every kind the CLI sends still work.
        assert (await ask({"cmd": "join", "code": code, "user": "ana", "seat": None}))["ok"]
        assert (await ask({"cmd": "kick", "code": code, "seat": 0}))["kicked"] == "local:ana"
        assert (await ask({"cmd": "end", "code": code, "reason": ""}))["status"] == "abandoned"
    finally:
        await control.stop()
        await daemon.shutdown(0.1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_the_webhook_answers_400_to_json_that_is_not_an_update(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}/telegram/hook"
    webhook = {
        "mode": "webhook",
        "webhook_url": url,
        "webhook_port": port,
        "webhook_secret": SecretStr("s3cret-token"),
    }
    bodies = [[], 5, {}, {"update_id": 1, "message": 5}, {"update_id": 2, "message": {}}]
    bodies.append({"update_id": 3, "callback_query": {"id": "1"}})
    headers = {"X-Telegram-Bot-Api-Secret-Token": "s3cret-token"}
    async with hosted(tmp_path, **webhook), aiohttp.ClientSession() as session:
        for body in bodies:
            async with session.post(url, data=json.dumps(body), headers=headers) as answer:
                assert answer.status == 400, body
    assert not tracebacks(caplog)


async def test_a_burst_of_pings_is_answered_not_taken_for_a_stalled_reader() -> None:
    link, handed, written = await _read_all(b'{"t":"ping"}\n' * 200 + b'{"t":"resync"}\n')
    assert link.close_reason == "end of stream"
    assert [m.t for m in handed] == ["resync"]
    pongs = written.splitlines()
    assert pongs and set(pongs) == {b'{"t":"pong"}'}
