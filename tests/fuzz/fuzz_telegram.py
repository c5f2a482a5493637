"""Telegram's updates as they reach the bot: posted to its webhook by the
fake Bot API (a person typing, or pressing any callback data their client
makes up), or posted raw, as anything that finds the webhook's address and
secret could.

Documented outcomes: the webhook answers 200 (an update, handed on) or 400
(not an update); a message or press gets the chat layer's answer; nothing
logs an error except the platform itself refusing a call (a `TelegramError`
from the fake, as when a raw update names a chat that does not exist)."""

import contextlib
import json
import socket
import tempfile
from pathlib import Path
from typing import Any

import aiohttp
from pydantic import SecretStr
from telegram.error import TelegramError
from telegram_fake import Chat, FakeTelegram, Message, User
from telegram_support import Host

from fuzz.common import Reader, errors, on_close, run, seed

SECRET = "fuzz-secret"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _World:
    """The fake, a daemon with the Telegram frontend on a webhook, a group
    with a Euchre table in play, and its people."""

    def __init__(self) -> None:
        self.fake: FakeTelegram | None = None
        self.host: Host | None = None
        self.people: list[User] = []
        self.group: Chat | None = None
        self.url = ""
        self.inputs = 0
        self._dir = tempfile.TemporaryDirectory(prefix="fuzz-telegram-")

    async def ready(self) -> "_World":
        self.inputs += 1
        if self.host is None or self.inputs % 300 == 0 or not self._playing():
            await self._fresh()
        return self

    def _playing(self) -> bool:
        assert self.host is not None and self.host.daemon is not None
        return any(t.status.value == "playing" for t in self.host.daemon.tables.values())

    async def close(self) -> None:
        if self.host is not None:
            await self.host.stop()
        if self.fake is not None:
            await self.fake.stop()
        self.host = self.fake = None

    async def _fresh(self) -> None:
        await self.close()
        fake = FakeTelegram()  # no flood limits: inputs come faster than people type
        await fake.start()
        port = _free_port()
        self.url = f"http://127.0.0.1:{port}/telegram/hook"
        webhook = {
            "mode": "webhook",
            "webhook_url": self.url,
            "webhook_listen": "127.0.0.1",
            "webhook_port": port,
            "webhook_secret": SecretStr(SECRET),
        }
        state = Path(self._dir.name) / str(self.inputs)
        state.mkdir()
        host = Host(fake, state, **webhook)
        await host.start()
        ana, bo, cy = fake.user("Ana"), fake.user("Bo"), fake.user("Cy")
        group = fake.group("Friends", ana, bo, cy)
        self.fake, self.host, self.people, self.group = fake, host, [ana, bo, cy], group
        fake.say(ana, "/new euchre", group)
        await fake.settled()
        assert host.daemon is not None
        (table,) = host.daemon.tables.values()
        fake.say(bo, f"/join {table.code}", group)
        await fake.settled()
        fake.say(ana, "/begin", group)
        await fake.settled()

    async def settle(self) -> None:
        assert self.fake is not None and self.host is not None and self.host.frontend
        await self.fake.settled(timeout=20)
        await self.host.frontend.app.update_queue.join()
        with contextlib.suppress(AssertionError):
            await self.fake.settled(timeout=5)

    def messages(self) -> list[Message]:
        assert self.fake is not None
        return [m for m in self.fake.messages.values() if m.buttons][-8:]


_WORLD = _World()
on_close(_WORLD.close)


async def _post_raw(url: str, body: bytes) -> int:
    headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET, "Content-Type": "application/json"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, data=body, headers=headers) as response,
    ):
        return response.status


async def _act(data: bytes) -> None:
    world = await _WORLD.ready()
    fake = world.fake
    assert fake is not None and world.group is not None
    reader = Reader(data)
    kind = reader.byte() % 3
    person = reader.pick(world.people)
    if kind == 0:
        where = world.group if reader.byte() % 2 else fake.dm(person)
        text = reader.text() or "/status"
        if where.user is None and fake.privacy and not text.startswith("/"):
            text = "/" + text  # a group with privacy on only passes commands on
        fake.say(person, text, where)
    elif kind == 1:
        shown = world.messages()
        if not shown:
            return
        message = reader.pick(shown)
        buttons = [b["callback_data"] for b in message.buttons if "callback_data" in b]
        prefix = reader.pick(buttons) if buttons and reader.byte() % 2 else ""
        if message.chat.user is not None and message.chat.user != person:
            person = message.chat.user  # only a DM's owner sees its buttons
        fake.tamper(person, message, prefix + reader.text())
    else:
        status = await _post_raw(world.url, reader.chunk())
        assert status in (200, 400), f"the webhook answered {status}"
    await world.settle()


def _platform_refusal(record: Any) -> bool:
    error = record.exc_info[1] if record.exc_info else None
    return isinstance(error, TelegramError)


def telegram(data: bytes) -> None:
    handler = errors()
    run(_act(data), timeout=60)
    handler.records = [r for r in handler.records if not _platform_refusal(r)]
    handler.check(data[:200])


def seeds() -> list[bytes]:
    update = {
        "update_id": 1,
        "message": {
            "message_id": 5,
            "date": 0,
            "chat": {"id": 1000, "type": "private", "first_name": "Ana"},
            "from": {"id": 1000, "is_bot": False, "first_name": "Ana"},
            "text": "/help",
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        },
    }
    lines = ["/status", "/hand", "pass", "/help new", "/start hand_ABCDE", "/new@plgames_bot"]
    return [
        *(seed(0, p, 1, line) for p, line in enumerate(lines)),
        *(seed(1, p, i, 1, "") for p in range(3) for i in range(4)),
        seed(2, 0, json.dumps(update)),
        seed(2, 0, json.dumps({"update_id": 2, "message": {"date": 0}})),
    ]


TARGETS = {"telegram": telegram}
SEEDS = {"telegram": seeds()}
