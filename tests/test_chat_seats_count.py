"""The seat count of a Katan table in chat: the setup buttons ask for it
(the counts the rules and map are laid out for, a Seafarers map for three or
four saying where five and six play), and the lobby's settings change it
until the game begins: people keep their seats, a table never gets fewer
seats than people, and a count the options do not allow is refused with the
reason. Through the in-memory chat and the Telegram and Discord fakes."""

from pathlib import Path

import pytest
from chat_support import FakeChat, Posted, daemon_with_chat
from discord_world import Person, eventually, labels, world
from telegram_fake import FakeTelegram, Message, User
from telegram_support import hosted
from test_chat_boards import press_setting, settings_of
from test_chat_tables import press as paging

from daemon.core import Daemon
from daemon.model import Identity, Status
from daemon.table import Table
from engine.katan.options import KatanOptions
from frontends.chat import Place, Sender
from frontends.chat.presenters.katan.tables import LARGE_ONLY

ANA, BO, CY, DI = (Sender(str(n), name) for n, name in enumerate(("Ana", "Bo", "Cy", "Di"), 1))
GROUP = Place("group-1")


def shown(post: Posted) -> list[str]:
    menu = post.message.menu
    assert menu is not None, post.message.text
    return [c.label for c in menu.choices()]


async def press(chat: FakeChat, user: Sender, post: Posted, label: str) -> None:
    await paging(chat, user, post, label)


def latest(chat: FakeChat, words: str) -> Posted:
    return [p for p in chat.posted.values() if words in p.message.text][-1]


async def lobby_table(daemon: Daemon) -> Table:
    (table,) = [t for t in daemon.tables.values() if t.status == Status.LOBBY]
    return table


def seated(table: Table) -> list[str]:
    return [s.name for s in table.meta.seats if s.identity is not None]


async def test_setup_asks_the_seats_the_map_is_laid_out_for() -> None:
    daemon, _, chat = await daemon_with_chat()
    await chat.type(ANA, "new katan", GROUP)
    post = latest(chat, "New Katan table")
    await press(chat, ANA, post, "Seafarers")
    assert "New Shores for Six: Five or six seats" in post.message.text, "offered, described"
    await press(chat, ANA, post, "The Fog Islands")
    assert "How many seats?" in post.message.text
    assert shown(post)[:2] == ["3 seats", "4 seats (default)"]
    assert "5 seats" not in shown(post) and LARGE_ONLY in post.message.text
    await press(chat, ANA, post, "◂ Back")
    await press(chat, ANA, post, "New Shores for Six")
    assert shown(post)[:2] == ["5 seats", "6 seats (default)"]
    assert LARGE_ONLY not in post.message.text
    await press(chat, ANA, post, "5 seats")
    await press(chat, ANA, post, "12 points (default)")
    table = await lobby_table(daemon)
    assert isinstance(table.options, KatanOptions)
    assert len(table.meta.seats) == 5 and table.options.players == 5
    assert table.options.map == "new_shores_six"
    # Without Seafarers every count is offered.
    await chat.type(BO, "new katan", GROUP)
    post = latest(chat, "New Katan table")
    await press(chat, BO, post, "Cities & Knights")
    assert shown(post)[:4] == ["3 seats", "4 seats (default)", "5 seats", "6 seats"]
    await press(chat, BO, post, "6 seats")
    await press(chat, BO, post, "13 points (default)")
    six = next(t for t in daemon.tables.values() if t is not table)
    assert len(six.meta.seats) == 6 and six.options.expansions == ("cities_and_knights",)
    await daemon.shutdown(0.1)


async def test_settings_change_the_seats_and_people_keep_theirs() -> None:
    daemon, _, chat = await daemon_with_chat()
    await chat.type(ANA, "new katan players=6", GROUP)
    table = await lobby_table(daemon)
    await chat.type(BO, f"join {table.code} 6", GROUP)
    assert table.meta.seats[5].name == "Bo"
    await chat.type(ANA, "settings", GROUP)
    menu = latest(chat, "Settings of")
    assert "• Seats: 6" in menu.message.text
    await press(chat, ANA, menu, "Seats −1")
    assert len(table.meta.seats) == 5 and table.meta.options["players"] == 5
    assert seated(table) == ["Ana", "Bo"], "Bo sat past the new last seat: moved, not dropped"
    assert table.meta.seats[1].name == "Bo"
    assert "• Seats: 5" in menu.message.text
    lobby = latest(chat, "join code")
    assert "Seats: 1: Ana, 2: Bo, 3:" in lobby.message.text and "5:" in lobby.message.text
    assert "6:" not in lobby.message.text
    for person in (CY, DI):
        await chat.type(person, f"join {table.code}", GROUP)
    await press(chat, ANA, menu, "Seats −1")
    await press(chat, ANA, menu, "Seats −1")
    assert "4 people sit at" in menu.message.text and "at least 4 seats" in menu.message.text
    assert len(table.meta.seats) == 4 and seated(table) == ["Ana", "Bo", "Cy", "Di"]
    # Only the opener, and never past the game's counts.
    await press(chat, BO, menu, "Seats +1")
    assert len(table.meta.seats) == 4
    for _ in range(3):
        await press(chat, ANA, menu, "Seats +1")
    assert len(table.meta.seats) == 6 and table.meta.options["players"] == 6
    assert "played by 3 to 6 seats" in menu.message.text
    await chat.type(ANA, "start", GROUP)
    assert table.status == Status.PLAYING and table.state.seats == 6
    await press(chat, ANA, menu, "Seats −1")
    assert len(table.meta.seats) == 6 and table.state.seats == 6
    await daemon.shutdown(0.1)


async def test_a_seafarers_map_for_three_or_four_refuses_five_with_the_reason() -> None:
    daemon, _, chat = await daemon_with_chat()
    await chat.type(ANA, "new katan expansions=seafarers map=fog_islands", GROUP)
    table = await lobby_table(daemon)
    await chat.type(ANA, "settings", GROUP)
    menu = latest(chat, "Settings of")
    await press(chat, ANA, menu, "Seats +1")
    assert len(table.meta.seats) == 4 and "played by 3 to 4 seats" in menu.message.text
    await press(chat, ANA, menu, "Seats −1")
    assert len(table.meta.seats) == 3 and table.meta.options["map"] == "fog_islands"
    # A typed count the map has no layout for names the map that has one.
    said = await chat.type(ANA, "new katan expansions=seafarers map=oases players=6", GROUP)
    assert "6 seats play map new_shores_six" in said[-1].message.text
    # A bare count with Seafarers gets the map for it, as players=6 does.
    await chat.type(CY, "new katan expansions=seafarers 6", Place("group-3"))
    six = next(
        t for t in daemon.tables.values() if t.meta.creator and t.meta.creator.user == CY.user
    )
    assert len(six.meta.seats) == 6 and six.meta.options["map"] == "new_shores_six"
    # A game with one seat count has no seats to change.
    await chat.type(BO, "new euchre", Place("group-2"))
    await chat.type(BO, "settings", Place("group-2"))
    assert "Seats" not in " ".join(shown(latest(chat, "Settings of Euchre")))
    await daemon.shutdown(0.1)


# ---- the real adapters' fakes --------------------------------------------------------------


def texts(message: Message) -> list[str]:
    return [str(b.get("text")) for b in message.buttons]


async def tap(fake: FakeTelegram, user: User, message: Message, label: str) -> None:
    fake.press(user, message, next(b for b in message.buttons if b["text"] == label))
    await fake.settled()


async def test_telegram_asks_the_seats_and_changes_them_in_the_settings(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo = fake.user("Ana"), fake.user("Bo")
        group = fake.group("Game night", ana, bo)
        fake.say(ana, "/new katan", group)
        asked = await fake.wait_for(
            lambda: next((m for m in fake.shown(group) if "Which rules?" in str(m.text)), None),
            what="the rules question",
        )
        await tap(fake, ana, asked, "Base game (default)")
        await fake.wait_for(lambda: "How many seats?" in str(asked.text), what="the seats")
        assert texts(asked)[:4] == ["3 seats", "4 seats (default)", "5 seats", "6 seats"]
        await tap(fake, ana, asked, "6 seats")
        await tap(fake, ana, asked, "10 points (default)")
        assert host.daemon is not None
        table = await fake.wait_for(
            lambda: next(iter(host.daemon.tables.values()), None) if host.daemon else None,
            what="the table",
        )
        assert len(table.meta.seats) == 6
        menu = await settings_of(fake, ana, group)
        await press_setting(fake, ana, menu, "Seats −1")
        await fake.wait_for(lambda: len(table.meta.seats) == 5, what="five seats")
        assert table.meta.options["players"] == 5
        await fake.wait_for(lambda: "• Seats: 5" in str(menu.text), what="the menu")
        await fake.settled()
        assert not fake.unanswered()


async def test_discord_asks_the_seats_and_changes_them_in_the_settings(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        ana = Person(here, here.fake.add_user("ana"))
        asked = await ana.slash(here.channel, "new", game="katan")
        menu = await eventually(lambda: asked.replies and asked.replies[-1])
        await ana.press(menu, "Seafarers")
        await eventually(lambda: "Which Seafarers map?" in menu.content)
        await ana.press(menu, "New Shores for Six")
        await eventually(lambda: "How many seats?" in menu.content)
        assert labels(menu)[:2] == ["5 seats", "6 seats (default)"]
        await ana.press(menu, "6 seats (default)")
        await eventually(lambda: "How many points win?" in menu.content)
        await ana.press(menu, "12 points (default)")
        table = await eventually(lambda: next(iter(here.daemon.tables.values()), None))
        assert len(table.meta.seats) == 6 and table.meta.options["map"] == "new_shores_six"
        said = await ana.slash(here.channel, "settings")
        settings = await eventually(lambda: said.replies and said.replies[-1])
        await ana.press(settings, "Seats −1")
        await eventually(lambda: len(table.meta.seats) == 5)
        await eventually(lambda: "• Seats: 5" in settings.content)
        await ana.press(settings, "Seats −1")
        await eventually(lambda: "played by 5 to 6 seats" in settings.content)
        assert len(table.meta.seats) == 5
        assert table.seat_of(Identity(frontend="discord", user=ana.user.id)) == 0
        assert here.fake.violations == []


pytestmark = pytest.mark.timeout(180)
