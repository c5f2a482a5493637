"""A six-seat Katan game in a Discord channel: two people (slash commands and
board buttons, DMs and their menus) and four of the daemon's AIs play the extension's
island to the end through the real discord.py client and the fake Discord,
the special building phase included, and the audit finds nothing hidden
reaching anyone it was hidden from."""

from pathlib import Path

import pytest
from discord_leaks import words
from discord_world import Person, seat_and_start, world
from test_discord_play import finish_and_check

from engine.katan.state import SPECIAL

pytestmark = pytest.mark.timeout(120)


async def test_two_people_and_four_ais_play_six_seat_katan(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        fake = here.fake
        people = [
            Person(here, fake.add_user("ana", dms_open=False), "slash"),
            Person(here, fake.add_user("bo"), "dm"),
        ]
        thread = await seat_and_start(here, people, "katan", points=3, more="players=6")
        table = here.table()
        assert len(table.meta.seats) == 6
        assert [s.human for s in table.meta.seats].count(True) == 2
        assert table.state.board.map_name == "large"
        seen: list[int] = []

        def watch() -> None:
            if table.state.phase == SPECIAL:
                seen.append(table.state.asked)

        table.subscribe(watch)
        table, _ = await finish_and_check(here, people, thread, least=30)
        humans = {t for t, s in enumerate(table.meta.seats) if s.human}
        assert set(seen) & humans, "people were asked in the special building phase"
        told = "\n".join(t for r in fake.sent() for t in words(r.body))
        assert "special building phase" in told
