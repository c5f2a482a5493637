"""Defect 3 of issue 13: deeply nested JSON made every move decoder raise
`RecursionError`. The phone now gets "Unreadable move.", nothing logs a
traceback, and the admin `move` answers the normal refusal."""

import asyncio
import json
import logging
import socket
from pathlib import Path

import pytest
from native_support import QUICK, AppClient

from daemon.control import ControlServer, call
from daemon.core import Daemon
from daemon.model import Origin
from daemon.store import MemoryStore
from engine.errors import BadMove
from engine.jsonwire import MAX_DEPTH, TooDeep, loads, too_deep
from engine.registry import get_game
from frontends.native.host import LanHost
from frontends.native.link import LinkLimits
from frontends.native.messages import UNREADABLE_MOVE, Undecodable, decode
from frontends.native.tcp import TcpListener

DEEP = 5_000
"""Far past the interpreter's recursion limit (about 1,000 levels), and a line
short enough for the LAN link (64 KB)."""

NESTED_MOVES = [
    "[" * DEEP + "]" * DEEP,
    '{"type":"play","card":' + "[" * DEEP + "]" * DEEP + "}",
    '{"move":"discard","cards":' + '{"a":' * DEEP + "1" + "}" * DEEP + "}",
    "[" * DEEP,  # never closed: still refused, not a RecursionError
]


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_nesting_is_measured_outside_strings_only() -> None:
    assert loads(nested(MAX_DEPTH)) is not None
    with pytest.raises(TooDeep):
        loads(nested(MAX_DEPTH + 1))
    with pytest.raises(TooDeep):
        loads(nested(MAX_DEPTH + 1).encode())
    brackets_in_a_string = '["' + "[{" * DEEP + '\\"' + '"]'
    assert loads(brackets_in_a_string) == ["[{" * DEEP + '"']
    assert not too_deep('"' + "[" * DEEP)  # an unterminated string: the decoder says why
    with pytest.raises(ValueError):
        loads('"' + "[" * DEEP)


@pytest.mark.parametrize("game_id", ["katan", "euchre", "sequence"])
@pytest.mark.parametrize("text", NESTED_MOVES, ids=["array", "field", "object", "unclosed"])
def test_every_game_refuses_deep_moves_with_its_normal_reason(game_id: str, text: str) -> None:
    game = get_game(game_id)
    with pytest.raises(BadMove) as deep:
        game.decode_move(text)
    with pytest.raises(BadMove) as broken:
        game.decode_move("{")
    assert deep.value.reason.split(":")[0] == broken.value.reason.split(":")[0]


def test_the_native_decoder_drops_a_deep_envelope_as_bad_json() -> None:
    with pytest.raises(Undecodable) as raised:
        decode('{"t":"intent","moveJson":"{}","pad":' + nested(DEEP) + "}")
    assert raised.value.kind == "json"


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    logged = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not logged, [r.getMessage() for r in logged]


async def test_the_phone_is_told_unreadable_move_and_nothing_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    daemon = Daemon(MemoryStore(), policy=QUICK)
    table = await daemon.open_table("euchre", origin=Origin(frontend="native"), seats=4)
    host = LanHost(table, name="Pi", limits=LinkLimits())
    listener = TcpListener(host, ["127.0.0.1"])
    await listener.start()
    phone = await AppClient.connect("127.0.0.1", listener.port)
    try:
        await phone.hello("phone-1", "Ann")
        assert (await phone.until("welcome")).accepted
        await table.start()
        await phone.until("state")
        for text in NESTED_MOVES:
            await phone.intent(text)
            assert (await phone.until("rejected")).reason == UNREADABLE_MOVE
        # A deep envelope is dropped like any bad line, and the link still works.
        await phone.send_line('{"t":"intent","moveJson":"{}","x":' + nested(DEEP) + "}")
        await phone.intent("{")
        assert (await phone.until("rejected")).reason == UNREADABLE_MOVE
        no_tracebacks(caplog)
    finally:
        await phone.close()
        host.close()
        await listener.close()
        await daemon.shutdown(0.1)


async def test_the_admin_move_answers_the_normal_refusal(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    daemon = Daemon(MemoryStore(), policy=QUICK)
    control = ControlServer(daemon, tmp_path / "control.sock")
    await control.start()

    async def ask(**request: object) -> dict[str, object]:
        return await asyncio.to_thread(call, control.path, request)

    try:
        code = (await ask(cmd="new", game="sequence", seats=2))["code"]
        assert (await ask(cmd="join", code=code, user="ana", seat=0))["ok"]
        assert (await ask(cmd="start", code=code))["ok"]
        for text in NESTED_MOVES:
            answer = await ask(cmd="move", code=code, user="ana", move=text)
            assert answer["ok"] is False
            assert answer["code"] == "unreadable", answer
            assert str(answer["error"]).startswith("Unreadable move:"), answer
        deep_request = '{"cmd":"tables","x":' + nested(DEEP) + "}"
        answer = await asyncio.to_thread(call_raw, control.path, deep_request)
        assert answer["ok"] is False
        assert str(answer["error"]).startswith("bad request:"), answer
        no_tracebacks(caplog)
    finally:
        await control.stop()
        await daemon.shutdown(0.1)


def call_raw(path: Path, line: str) -> dict[str, object]:
    """One request line as written, not built by `call` (which would refuse to
    encode it)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(10)
        sock.connect(str(path))
        sock.sendall(line.encode() + b"\n")
        buffer = b""
        while not buffer.endswith(b"\n"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            buffer += chunk
    answer: dict[str, object] = json.loads(buffer)
    return answer
