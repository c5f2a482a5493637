"""Katan, Euchre and Sequence played to the end in a Discord channel.

The real discord.py client (inside the Discord frontend) talks to the fake
Discord on loopback; three people play through slash commands, buttons and
ephemeral menus, one seat is the daemon's AI. Afterwards every recorded
request is checked: nothing hidden reached anyone it was hidden from, and
the fake saw no breach of Discord's rules (acknowledgement within 3 seconds,
component limits, ephemeral rules).
"""

from pathlib import Path

import pytest
from discord_fake import Channel
from discord_leaks import assert_no_leaks
from discord_world import Person, World, open_and_start, play_to_the_end, world

pytestmark = pytest.mark.timeout(120)


async def finish_and_check(here: World, people: list[Person], thread: Channel) -> None:
    await play_to_the_end(here, people, thread)
    table = here.table()
    assert here.daemon is not None
    steps = await here.daemon.store.steps(table.id)
    assert assert_no_leaks(here.fake, table, steps) > 20
    assert here.fake.violations == []
    late = [i for i in here.fake.interactions.values() if i.response is None]
    assert late == [], "every interaction is acknowledged"


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
