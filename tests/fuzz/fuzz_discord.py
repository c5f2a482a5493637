"""Discord's interactions and messages as they reach the bot: the real
discord.py client against the fake gateway, fed slash commands with any
text, presses of any component on any of the bot's messages, stale or
someone else's (Discord delivers presses only for components a message
has, so custom ids are the bot's own; forged tokens are the chat layer
target's and Telegram's), and messages that mention the bot with any content.

Documented outcomes: every interaction is acknowledged and answered by the
chat layer; nothing logs an error except Discord itself refusing a call (an
`HTTPException` from the fake)."""

import contextlib
import tempfile
from pathlib import Path
from typing import Any

import discord
from discord_fake import Interaction, Message
from discord_world import World, open_and_start, world

from fuzz.common import Reader, errors, on_close, run, seed

STRING_OPTIONS = (("move", "text"), ("join", "code"), ("spectate", "code"), ("help", "topic"))
WAIT = 10.0


class _World:
    def __init__(self) -> None:
        self.stack: contextlib.AsyncExitStack | None = None
        self.here: World | None = None
        self.inputs = 0
        self._dir = tempfile.TemporaryDirectory(prefix="fuzz-discord-")

    async def close(self) -> None:
        if self.stack is not None:
            await self.stack.aclose()
        self.stack = self.here = None

    async def ready(self) -> World:
        self.inputs += 1
        if self.here is None or self.inputs % 300 == 0 or not self._playing():
            await self.close()
            self.stack = contextlib.AsyncExitStack()
            state = Path(self._dir.name) / str(self.inputs)
            state.mkdir()
            self.here = await self.stack.enter_async_context(world(state))
            await open_and_start(self.here, "euchre")
        return self.here

    def _playing(self) -> bool:
        assert self.here is not None and self.here.daemon is not None
        return any(t.status.value == "playing" for t in self.here.daemon.tables.values())


_WORLD = _World()
on_close(_WORLD.close)


def _components(here: World) -> list[tuple[Message, str, str | None]]:
    """Every press Discord would deliver: a button of any message the bot
    posted (stale ones too), or one option of a select."""
    found: list[tuple[Message, str, str | None]] = []
    for message in here.fake.messages.values():
        for row in message.components:
            for item in row.get("components", []):
                if item.get("type") == 2 and "custom_id" in item:
                    found.append((message, item["custom_id"], None))
                for option in item.get("options", []):
                    found.append((message, item["custom_id"], option["value"]))
    return found[-64:]


async def _answered(here: World, done: Interaction) -> None:
    await here.fake.until(lambda: done.answered.is_set(), WAIT)


async def _act(data: bytes) -> None:
    here = await _WORLD.ready()
    fake = here.fake
    reader = Reader(data)
    kind = reader.byte() % 3
    users = [u for u in fake.users.values() if not u.bot and u.name != "owner"]
    user = reader.pick(users)
    channels = [c for c in fake.channels.values() if c.type in (0, 11)]
    where = reader.pick(channels)
    if kind == 0:
        sub, option = reader.pick(STRING_OPTIONS)
        text = reader.text()[:200] or "x"  # Discord enforces the option's length
        done = await fake.slash(user, where, "plgames", sub, **{option: text})
        await _answered(here, done)
    elif kind == 1:
        shown = _components(here)
        if not shown:
            return
        message, custom_id, value = reader.pick(shown)
        values = None if value is None else [value]
        done = await fake.click(user, message, custom_id, values, forged=True)
        await _answered(here, done)
    else:
        text = reader.text()
        before = len(fake.requests)
        await fake.say(user, where, f"<@{fake.bot.id}> {text}")
        if text.strip():
            with contextlib.suppress(AssertionError, TimeoutError):
                await fake.until(lambda: len(fake.requests) > before, 2.0)


def _platform_refusal(record: Any) -> bool:
    error = record.exc_info[1] if record.exc_info else None
    while error is not None and not isinstance(error, discord.HTTPException):
        error = error.__cause__ or getattr(error, "original", None)
    return error is not None


def discord_(data: bytes) -> None:
    handler = errors()
    run(_act(data), timeout=60)
    handler.records = [r for r in handler.records if not _platform_refusal(r)]
    handler.check(data[:200])


def seeds() -> list[bytes]:
    lines = ["pass", "status", "help", "play JH", "join ABCDE", "order up"]
    return [
        *(seed(0, u, 1, s, line) for u, line in enumerate(lines) for s in range(4)),
        *(seed(1, u, 1, m) for u in range(3) for m in range(0, 64, 5)),
        *(seed(2, u, 1, "hand") for u in range(3)),
    ]


TARGETS = {"discord": discord_}
SEEDS = {"discord": seeds()}
