"""Opening Katan tables on Telegram with a rule set and a map: `/new katan`
alone asks by buttons (the rules, with Seafarers the map with its one-line
description, the points from the rule set's menu); `/new katan
expansions=… map=…` opens at once. The lobby names the choice and carries
the invite link."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from telegram_fake import FakeTelegram, Message, User
from telegram_support import Host, hosted

from engine.katan.options import KatanOptions


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    async with hosted(tmp_path) as running:
        yield running


def texts(message: Message) -> list[str]:
    return [str(b.get("text")) for b in message.buttons]


async def press_through(fake: FakeTelegram, user: User, message: Message, label: str) -> None:
    """Press `label`, paging forward until the menu shows it."""
    for _ in range(6):
        if label in texts(message):
            fake.press(user, message, next(b for b in message.buttons if b["text"] == label))
            await fake.settled()
            return
        forward = [t for t in texts(message) if t.endswith("▸") and "/" in t]
        assert forward, (label, texts(message))
        fake.press(user, message, forward[0])
        await fake.settled()
    raise AssertionError(f"{label} never shown: {texts(message)}")


async def test_new_katan_alone_asks_then_opens_in_the_group(host: Host) -> None:
    fake = host.fake
    ana, bo = fake.user("Ana"), fake.user("Bo")
    group = fake.group("Game night", ana, bo)
    fake.say(ana, "/new katan", group)
    asked = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if "Which rules?" in str(m.text)), None),
        what="the rules question",
    )
    assert host.daemon is not None and not host.daemon.tables
    await press_through(fake, ana, asked, "Seafarers")
    await fake.wait_for(lambda: "Which Seafarers map?" in str(asked.text), what="the maps")
    assert "The Fog Islands: A home island, an islet, and a bank of fog" in str(asked.text)
    await press_through(fake, bo, asked, "The Fog Islands")
    await fake.wait_for(lambda: "How many seats?" in str(asked.text), what="the seats")
    await press_through(fake, bo, asked, "4 seats (default)")
    await fake.wait_for(lambda: "How many points win?" in str(asked.text), what="the points")
    await press_through(fake, ana, asked, "12 points (default)")
    lobby = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if "join code" in str(m.text)), None),
        what="the lobby",
    )
    (table,) = host.daemon.tables.values()
    assert isinstance(table.options, KatanOptions)
    assert table.options.expansions == ("seafarers",) and table.options.map == "fog_islands"
    assert table.options.points_to_win == 12
    assert "Seafarers: The Fog Islands · 12 points to win" in str(lobby.text)
    assert "Invite link: https://t.me/" in str(lobby.text)
    assert not fake.unanswered()


async def test_new_with_the_options_typed_opens_at_once(host: Host) -> None:
    fake = host.fake
    ana = fake.user("Ana")
    fake.say(ana, "/start")
    fake.say(ana, "/new katan expansions=cities_and_knights points_to_win=10")
    lobby = await fake.wait_for(
        lambda: next((m for m in fake.shown(fake.dm(ana)) if "join code" in str(m.text)), None),
        what="the lobby",
    )
    assert "Cities & Knights · 10 points to win" in str(lobby.text)
    fake.say(ana, "/new katan expansions=seafarers map=atlantis")
    refused = await fake.wait_for(
        lambda: next((m for m in fake.shown(fake.dm(ana)) if "atlantis" in str(m.text)), None),
        what="the refusal",
    )
    assert "is not a Seafarers map" in str(refused.text)
    assert host.daemon is not None and len(host.daemon.tables) == 1
