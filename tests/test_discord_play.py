"""Katan, Euchre and Sequence played to the end in a Discord channel.

The real discord.py client (inside the Discord frontend) talks to the fake
Discord on loopback; three people play through slash commands, buttons and
ephemeral menus, one seat is the daemon's AI. Afterwards every recorded
request is checked: nothing hidden reached anyone it was hidden from, and
the fake saw no breach of Discord's rules (acknowledgement within 3 seconds,
component limits, ephemeral rules).

Katan's expansions are played by two people and two AIs on a pinned seed
(`katan_leaks.WHOLE_GAMES`: Cities & Knights, Seafarers' Fog Islands, and
both together on Treasure Islands), and the audit checks their secrets too:
progress cards, fog, chests, canal numbers.
"""

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord_world
import pytest
from discord_fake import Channel, FakeDiscord
from discord_leaks import assert_no_leaks, stamp, words
from discord_world import (
    POLICY,
    Person,
    World,
    eventually,
    open_and_start,
    play_to_the_end,
    seat_and_start,
    world,
)
from katan_leaks import POINTS, WHOLE_GAMES, Secrets, WholeGame, assert_whole_game

from daemon.table import Table
from frontends.chat.layer import ChatLayer
from renderers.words import spoken

pytestmark = pytest.mark.timeout(120)


async def finish_and_check(
    here: World,
    people: list[Person],
    thread: Channel,
    versions: dict[int, int] | None = None,
    least: int = 20,
) -> tuple[Table, list[Any]]:
    """Play to the end, then check every request the bot made.

    The frontend may lag well behind the table (it draws a picture for each
    update while the AIs move at once): its last delivery, the result's
    notice, is waited for and the daemon stopped, so the end of the game is
    checked too and nothing is sent after the check."""
    await play_to_the_end(here, people, thread)
    table = here.table()
    assert here.daemon is not None
    steps = await here.daemon.store.steps(table.id)
    assert table.meta.result
    result = spoken(table.meta.result, ChatLayer._names(table))
    assert "Seat " not in result, "the notice names people, not seats"
    await eventually(lambda: any(result in m.content for m in here.fake.public_messages(thread)))
    await here.halt()
    assert assert_no_leaks(here.fake, table, steps, versions) > least
    assert here.fake.violations == []
    late = [i for i in here.fake.interactions.values() if i.response is None]
    assert late == [], "every interaction is acknowledged"
    return table, steps


async def test_euchre_to_the_end(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        people, thread = await open_and_start(here, "euchre", points=3)
        await finish_and_check(here, people, thread)


async def test_sequence_to_the_end(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        people, thread = await open_and_start(here, "sequence", teams=2, team_size=2, sequences=1)
        await finish_and_check(here, people, thread)


async def test_katan_to_the_end(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        people, thread = await open_and_start(here, "katan", points=3)
        await finish_and_check(here, people, thread)


async def open_for_two(here: World, **options: Any) -> tuple[list[Person], Channel]:
    """Ana opens a Katan table with `/plgames new`, Bo presses Join, Ana
    presses Start: the other two seats stay the daemon's AIs."""
    fake = here.fake
    people = [
        Person(here, fake.add_user("ana", dms_open=False), "slash"),
        Person(here, fake.add_user("bo"), "dm"),
    ]
    return people, await seat_and_start(here, people, "katan", **options)


def ways(fake: FakeDiscord, person: Person) -> set[str]:
    """How a person made moves: `typed` (`/plgames move`, or a message that
    mentions the bot) and `pressed` (on their own menu: ephemeral, or a DM)."""
    found = set()
    for done in fake.interactions.values():
        if done.user is not person.user:
            continue
        if done.type == 2 and done.data["options"][0]["name"] == "move":
            found.add("typed")
        if done.type == 3 and done.message is not None and done.message.audience == person.user.id:
            found.add("pressed")
    mention = f"<@{fake.bot.id}>"
    if any(m.author is person.user and mention in m.content for m in fake.messages.values()):
        found.add("typed")
    return found


@pytest.mark.parametrize("game", WHOLE_GAMES, ids=[g.name for g in WHOLE_GAMES])
async def test_two_people_and_two_ais_play_an_expansion_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: WholeGame
) -> None:
    """`katan_leaks.WHOLE_GAMES`, opened with `/plgames new` in the channel."""
    # Pins the table's seed and nothing else: discord.py draws its message
    # nonces from `secrets.randbits` too (the audit would find the seed in them).
    monkeypatch.setattr("daemon.core.secrets", SimpleNamespace(randbits=lambda bits: game.seed))
    # Everyone plays Katan's own AI, which uses the expansions' knights,
    # progress cards and ships (the builder and random levels hardly do).
    monkeypatch.setitem(discord_world.BRAINS, "katan", "katan")
    policy = POLICY.model_copy(update={"ai_level": "katan"})
    async with world(tmp_path, policy=policy) as here:
        fake = here.fake
        versions = stamp(
            fake, lambda: here.table().version if here.daemon and here.daemon.tables else 0
        )
        options = game.options()
        rules = options.pop("expansions")
        people, thread = await open_for_two(here, points=POINTS, rules=rules, **options)
        table = here.table()
        assert table.meta.seed == game.seed
        assert [s.human for s in table.meta.seats] == [True, True, False, False]
        table, steps = await finish_and_check(here, people, thread, versions, least=50)

        assert table.game.is_finished(table.state)
        # The end is told once: the final board becomes the game's summary,
        # with its Rematch button (late updates may still have edited the
        # board before it to show the win, never posted more).
        ended = [m for m in fake.public_messages(thread) if " wins" in m.content]
        summaries = [m for m in ended if "Rematch" in str(m.components)]
        assert len(summaries) == 1 and " is over." in summaries[0].content, ended
        assert len(ended) <= 2, ended
        assert [ways(fake, p) for p in people] == [{"typed", "pressed"}] * 2
        private = {p.user.id for p in people}
        told = "\n".join(t for r in fake.sent() if r.audience in private for t in words(r.body))
        replayed = Secrets.replayed(table, steps)
        assert_whole_game(game, replayed, told, table.version, [0, 1])
