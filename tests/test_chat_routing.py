"""Chat intents reach the daemon serving their table (issue 19).

Two `plgames serve` on one PostgreSQL database, both running the Telegram
frontend in webhook mode behind one address: a load balancer in this test
(as an operator's proxy would be) hands each update Telegram (the fake Bot
API) posts to the daemon the test names. A table opened through the first
daemon is started, looked at and played by a person whose every update the
balancer gives to the second: the second forwards each intent to the first,
which applies it exactly once, and the second answers the person (the
callback query, the reply). Then the first is SIGKILLed mid-game: the second
takes the table over within the lease bound, keeps every acknowledged move,
and the person's next press, on a button the first issued, plays on.
"""

import asyncio
import contextlib
import json
import secrets
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import psycopg
from aiohttp import web
from telegram_fake import TOKEN, FakeTelegram, User
from telegram_fake import Message as Shown
from telegram_support import grant
from test_daemon_crash import replay_digest, start, stored

from daemon.control import call
from frontends.chat.api import Attachment, Choice, Edit, Menu, Message, Picture, Send, Slot, Target
from frontends.chat.routed import decode, encode
from frontends.chat.tokens import SECRET_FILE

LEASE = 4.0
START = 60.0
"""Seconds a daemon may take to start on a loaded machine."""
WAIT = 30.0
SECRET = "hook-secret_1"
MOVES = 3


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Balancer:
    """What an operator puts in front of the daemons' webhooks: one public
    address; here each post goes to the daemon named in `to`."""

    def __init__(self, ports: dict[str, int]) -> None:
        self.ports = ports
        self.to = ""
        self.taken: list[tuple[str, int]] = []
        """(daemon, its HTTP status) for every update passed on."""
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/telegram/hook"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/telegram/hook", self._pass)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _pass(self, request: web.Request) -> web.Response:
        to = self.to
        target = f"http://127.0.0.1:{self.ports[to]}/telegram/hook"
        headers = {k: v for k, v in request.headers.items() if k.lower().startswith("x-telegram")}
        async with (
            aiohttp.ClientSession() as session,
            session.post(target, data=await request.read(), headers=headers) as answer,
        ):
            self.taken.append((to, answer.status))
            return web.Response(status=answer.status)


async def until(what: str, probe: Callable[[], Any], seconds: float = WAIT) -> Any:
    """`probe`'s first true answer (run in a thread: it may call a daemon)."""
    deadline = time.monotonic() + seconds
    while not (found := await asyncio.to_thread(probe)):
        assert time.monotonic() < deadline, f"waited {seconds:.0f} s for {what}"
        await asyncio.sleep(0.05)
    return found


def human_steps(url: str, code: str) -> int:
    with psycopg.connect(url, connect_timeout=10) as conn:
        row = conn.execute(
            "SELECT count(*) FROM steps s JOIN tables t ON t.id = s.table_id "
            "WHERE t.code = %s AND s.actor = 'human'",
            (code,),
        ).fetchone()
    return int(row[0]) if row else 0


def codes(sock: Path) -> set[str]:
    with contextlib.suppress(OSError, ValueError):
        return {t["code"] for t in call(sock, {"cmd": "tables"}, 5.0)["tables"]}
    return set()


async def test_a_person_plays_through_the_daemon_without_the_table(
    tmp_path: Path, pg_url: str
) -> None:
    fake = FakeTelegram()
    await fake.start()
    ports = {name: free_port() for name in ("a", "b")}
    balancer = Balancer(ports)
    await balancer.start()
    shared = secrets.token_bytes(32)  # every daemon's buttons verify on every other
    procs: dict[str, subprocess.Popen[bytes]] = {}
    socks = {name: tmp_path / name / "control.sock" for name in ports}
    try:
        for name, port in ports.items():
            (tmp_path / name).mkdir()
            (tmp_path / name / SECRET_FILE).write_bytes(shared)
            procs[name] = start(
                tmp_path / name,
                PLGAMES_STORAGE__URL=pg_url,
                PLGAMES_CLUSTER__NAME=name,
                PLGAMES_CLUSTER__LEASE_SECONDS=str(LEASE),
                PLGAMES_TELEGRAM__TOKEN=TOKEN,
                PLGAMES_TELEGRAM__BASE_URL=fake.base_url,
                PLGAMES_TELEGRAM__BASE_FILE_URL=fake.base_file_url,
                PLGAMES_TELEGRAM__MODE="webhook",
                PLGAMES_TELEGRAM__WEBHOOK_URL=balancer.url,
                PLGAMES_TELEGRAM__WEBHOOK_PORT=str(port),
                PLGAMES_TELEGRAM__WEBHOOK_SECRET=SECRET,
            )
        for name, sock in socks.items():
            proc = procs[name]

            def up(proc: subprocess.Popen[bytes] = proc, sock: Path = sock) -> bool:
                assert proc.poll() is None, "a daemon exited while starting"
                with contextlib.suppress(OSError, ValueError):
                    return bool(call(sock, {"cmd": "tables"}, 5.0)["ok"])
                return False

            await until(f"daemon {name} to start", up, START)
        await fake.wait_for(
            lambda: sum(r.method == "setWebhook" for r in fake.requests) == 2,
            timeout=WAIT,
            what="both daemons to set the webhook",
        )
        assert fake.webhook == {"url": balancer.url, "secret_token": SECRET}

        alice = fake.user("Alice")
        dm = fake.dm(alice)

        async def via(name: str, act: Callable[[], object]) -> None:
            """One update, through the balancer to daemon `name`, answered."""
            balancer.to = name
            passed = len(balancer.taken)
            act()
            await fake.wait_for(
                lambda: len(balancer.taken) > passed and not fake.unanswered(),
                timeout=WAIT,
                what=f"daemon {name} to take the update",
            )
            assert balancer.taken[-1] == (name, 200)

        await via("a", lambda: fake.say(alice, "/new euchre"))
        [code] = await until("the table on a", lambda: codes(socks["a"]))
        await via("b", lambda: fake.say(alice, "/begin"))  # b serves no table: a starts it
        shown = await until(
            "the game to start",
            lambda: (
                (s := call(socks["a"], {"cmd": "show", "code": code}))["status"] == "playing" and s
            ),
        )
        seat = next(s["seat"] for s in shown["seats"] if s["who"] == f"telegram:{alice.id}")
        told = len(fake.shown(dm))
        await via("b", lambda: fake.say(alice, "/status"))
        await fake.wait_for(lambda: len(fake.shown(dm)) > told, timeout=WAIT, what="/status")

        async def press_a_move(through: str, owner: str) -> None:
            """Alice's next move by a button of her panel, the update going to
            `through`; the move is stored once, by `owner`."""

            def turn() -> tuple[Shown, dict[str, Any], int] | None:
                now = call(socks[owner], {"cmd": "show", "code": code}, 5.0)
                if not now["ok"] or now["to_move"] != seat:
                    return None
                for message in reversed(fake.shown(dm)):
                    for button in message.buttons:
                        g = grant(button)
                        if g and g.payload.startswith("m") and g.version == now["version"]:
                            return message, button, int(now["version"])
                return None

            try:
                message, button, version = await until(f"Alice's turn at {owner}", turn, 10.0)
            except AssertionError:  # her panel of this turn was never posted (its daemon died)
                await via(through, lambda: fake.say(alice, "/hand"))
                message, button, version = await until(f"Alice's panel at {owner}", turn)
            before = human_steps(pg_url, code)
            await via(through, lambda: press(alice, message, button))
            await until(
                "the move to be stored",
                lambda: call(socks[owner], {"cmd": "show", "code": code})["version"] > version,
            )
            assert human_steps(pg_url, code) == before + 1

        def press(user: User, message: Shown, button: dict[str, Any]) -> None:
            fake.press(user, message, button)

        for _ in range(MOVES):
            await press_a_move("b", "a")
        assert code not in codes(socks["b"])  # never held by b: every intent forwarded

        # The table's daemon dies; b takes it over and the next press plays on.
        procs["a"].send_signal(signal.SIGKILL)
        procs["a"].wait(10)
        began = time.monotonic()
        await until("b to take the table over", lambda: code in codes(socks["b"]))
        assert time.monotonic() - began < LEASE * 4 / 3 + 10.0
        assert human_steps(pg_url, code) == MOVES  # every acknowledged move kept
        await press_a_move("b", "b")
        now = call(socks["b"], {"cmd": "show", "code": code})  # before the log: it only grows
        meta, steps = stored(pg_url)[code]
        assert sum(s.actor == "human" for s in steps) == MOVES + 1  # none applied twice
        assert now["version"] <= len(steps)
        assert now["digest"] == replay_digest(meta, steps[: now["version"]])
        assert all(status == 200 for _, status in balancer.taken)
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(20)
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        await balancer.stop()
        await fake.stop()


def test_an_answer_crosses_between_daemons_whole() -> None:
    """What the holder answers is what the receiver performs: every field
    of a send and an edit, the picture drawn on the way (the receiver cannot
    draw it) and a file's bytes."""
    menu = Menu(
        "Your move",
        ((Choice("T.1.2.m0.x", "Pass", "move"), Choice("T.1.2.o", "Trade", "open", "primary")),),
        (Choice("T.1.2.s3", "Spot 3", "spot", number=3),),
        "pick",
        2,
        3,
    )
    drawn = []
    picture = Picture("k1", "the board", lambda: drawn.append(1) or b"\x89PNG...")
    actions = [
        Send(
            Target("reply", chat="42", private=True),
            Message("hello", picture, menu, ("7",), silent=True),
            Slot("t1", "panel", "7"),
            replaces="99",
        ),
        Edit(
            Target("channel", chat="42"),
            "100",
            Message("record", file=Attachment("game.json", b"{}"), closes=True),
        ),
    ]
    wire = encode(actions)
    assert drawn == [1]
    back = decode(json.loads(json.dumps(wire)))
    assert [type(a) for a in back] == [Send, Edit]
    sent, edited = back
    assert isinstance(sent, Send) and isinstance(edited, Edit)
    assert (sent.to, sent.slot, sent.replaces) == (actions[0].to, actions[0].slot, "99")
    assert sent.message.menu == menu and sent.message.mentions == ("7",)
    assert sent.message.silent and sent.message.picture is not None
    assert (sent.message.picture.key, sent.message.picture.alt) == ("k1", "the board")
    assert sent.message.picture.png() == b"\x89PNG..."
    assert (edited.to, edited.message_id, edited.slot) == (actions[1].to, "100", None)
    assert edited.message.file == Attachment("game.json", b"{}") and edited.message.closes
