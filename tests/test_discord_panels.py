"""One live private panel per person on Discord, counted through the fake
after several turns: a panel posted anew (a turn begins, a typed move is
answered) deletes the one before it, in a DM and as an ephemeral reply,
unless the table keeps its board history; a table opened and played in a
DM keeps one panel there too."""

from pathlib import Path
from types import SimpleNamespace

import pytest
from discord_fake import EPHEMERAL, Channel, Message, Request
from discord_world import Person, World, eventually, labels, play, quiet, turns, world

from daemon.model import Status

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same deals every run (the table's seed, and nothing of discord.py's)."""
    monkeypatch.setattr("daemon.core.secrets", SimpleNamespace(randbits=lambda bits: 7))


def dms_of(here: World, person: Person) -> set[str]:
    return {c.id for c in here.fake.channels.values() if c.recipient == person.user.id}


def in_dm(here: World, person: Person) -> list[Message]:
    """The bot's messages standing in `person`'s DM now."""
    dms = dms_of(here, person)
    return [m for m in here.fake.messages.values() if m.author.bot and m.channel_id in dms]


def posted_to_dm(here: World, person: Person) -> list[Request]:
    """The messages the bot posted in `person`'s DM, deleted or not."""
    dms = dms_of(here, person)
    return [
        r
        for r in here.fake.requests
        if r.method == "POST" and r.status < 300 and r.message and r.message.channel_id in dms
    ]


def ephemeral(here: World, person: Person) -> list[Message]:
    """The bot's ephemeral replies to `person` standing now."""
    return [
        m
        for m in here.fake.messages.values()
        if m.author.bot and m.audience == person.user.id and m.flags & EPHEMERAL
    ]


async def keep_history(person: Person, where: Channel) -> None:
    """The opener turns the table's board history on in `/plgames settings`."""
    asked = await person.slash(where, "settings")
    menu: Message = await eventually(lambda: asked.replies and asked.replies[-1])
    await person.press(menu, next(x for x in labels(menu) if x.startswith("Board history")))
    await eventually(lambda: "Board history: kept" in menu.content)


@pytest.mark.parametrize("history", [False, True], ids=["one panel", "history kept"])
async def test_a_dm_and_an_ephemeral_panel_stay_one_each(tmp_path: Path, history: bool) -> None:
    async with world(tmp_path) as here:
        fake = here.fake
        ana = Person(here, fake.add_user("ana", dms_open=False), "board")
        cy = Person(here, fake.add_user("cy"), "dm")
        await ana.slash(here.channel, "new", game="euchre")
        thread: Channel = await eventually(
            lambda: next((c for c in fake.channels.values() if c.type == 11), None)
        )
        lobby = (await eventually(lambda: fake.public_messages(thread)))[0]
        table = here.table()
        await cy.press(lobby, "Join")
        await eventually(lambda: sum(s.identity is not None for s in table.meta.seats) == 2)
        if history:
            await keep_history(ana, thread)
        await ana.press(lobby, "Start")
        await eventually(lambda: table.status == Status.PLAYING)
        await play(here, [ana, cy], thread, turns(10))
        await quiet(here)

        posted = posted_to_dm(here, cy)
        assert len(posted) >= 3, "Cy's turns each posted a panel to his DM"
        standing = in_dm(here, cy)
        opened = [r for r in fake.sent() if r.method == "POST" and r.audience == ana.user.id]
        assert len(opened) >= 2, "Ana opened her ephemeral panel on each of her turns"
        if history:
            assert len(standing) == len(posted), "with history kept, none is deleted"
        else:
            assert len(standing) == 1, [m.content for m in standing]
            assert standing[0].id == posted[-1].message.id  # type: ignore[union-attr]
            assert len(ephemeral(here, ana)) == 1
        assert fake.violations == []


async def test_a_table_played_in_a_dm_keeps_one_panel_there(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        fake = here.fake
        ana = Person(here, fake.add_user("ana"), "dm")
        dm = await fake.dm_channel(ana.user)
        await fake.say(ana.user, dm, "new euchre")
        lobby = (await eventually(lambda: in_dm(here, ana)))[0]
        table = here.table()
        await ana.press(lobby, "Start")
        await eventually(lambda: table.status == Status.PLAYING)
        await play(here, [ana], dm, turns(8))
        await quiet(here)
        panels = [m for m in in_dm(here, ana) if m.attachments and m.id != lobby.id]
        assert len(posted_to_dm(here, ana)) >= 3
        assert len(panels) == 1, [m.content for m in panels]
        assert fake.violations == []
