"""Opening Katan tables on Discord with a rule set and a map: as slash
command choices (drawn from the engine's registries), or, with `/plgames
new game:katan` alone, by the buttons that ask for the rules, the map and
the points."""

from pathlib import Path
from typing import Any

import pytest
from discord_world import Person, eventually, labels, world

from engine.katan.options import KatanOptions
from engine.katan.rulesets import ENTRIES
from engine.katan.sea.atlas import ALL_MAPS
from engine.registry import game_ids

pytestmark = pytest.mark.timeout(120)


def new_command(fake: Any) -> dict[str, Any]:
    (command,) = [c for commands in fake.commands.values() for c in commands]
    return next(o for o in command["options"] if o["name"] == "new")


async def test_the_new_command_offers_the_registrys_games_rules_and_maps(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        options = {o["name"]: o for o in new_command(here.fake)["options"]}
        assert [c["value"] for c in options["game"]["choices"]] == list(game_ids())
        rules = [c["value"] for c in options["rules"]["choices"]]
        assert rules == ["-" if not e.expansions else ",".join(e.expansions) for e in ENTRIES]
        maps = options["map"]["choices"]
        assert [c["value"] for c in maps] == list(ALL_MAPS), "the map for six too"
        assert all(":" in c["name"] and len(c["name"]) <= 100 for c in maps), "described"
        assert here.fake.violations == []


async def test_slash_options_open_a_cities_and_knights_table(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        ana = Person(here, here.fake.add_user("ana"))
        await ana.slash(here.channel, "new", game="katan", rules="cities_and_knights", points=8)
        table = await eventually(lambda: here.daemon and next(iter(here.daemon.tables.values())))
        assert isinstance(table.options, KatanOptions)
        assert table.options.expansions == ("cities_and_knights",)
        assert table.options.points_to_win == 8
        thread = await eventually(
            lambda: next((c for c in here.fake.channels.values() if c.type == 11), None)
        )
        (lobby,) = await eventually(lambda: here.fake.public_messages(thread))
        assert "Cities & Knights · 8 points to win" in lobby.content
        await ana.slash(here.channel, "new", game="katan", rules="-", more="award_points=5")
        base = await eventually(
            lambda: next((t for t in here.daemon.tables.values() if t is not table), None)
        )
        assert base.options.expansions == () and base.options.award_points == 5
        assert here.fake.violations == []


async def test_katan_alone_asks_by_buttons_then_opens(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        ana = Person(here, here.fake.add_user("ana"))
        asked = await ana.slash(here.channel, "new", game="katan")
        menu = await eventually(lambda: asked.replies and asked.replies[-1])
        assert menu.audience == ana.user.id, "the questions are the opener's, ephemeral"
        assert "Which rules?" in menu.content and not here.daemon.tables
        assert not [c for c in here.fake.channels.values() if c.type == 11], "no thread yet"
        await ana.press(menu, "Seafarers with Cities & Knights")
        await eventually(lambda: "Which Seafarers map?" in menu.content)
        assert "The Oases" in labels(menu) and "The Oases: One vast desert" in menu.content
        await ana.press(menu, "The Oases")
        await eventually(lambda: "How many seats?" in menu.content)
        await ana.press(menu, "4 seats (default)")
        await eventually(lambda: "How many points win?" in menu.content)
        await ana.press(menu, "16 points")
        table = await eventually(lambda: next(iter(here.daemon.tables.values()), None))
        assert isinstance(table.options, KatanOptions)
        assert table.options.expansions == ("cities_and_knights", "seafarers")
        assert (table.options.map, table.options.points_to_win) == ("oases", 16)
        lobby = await eventually(
            lambda: next(
                (m for m in here.fake.public_messages(here.channel) if "join code" in m.content),
                None,
            )
        )
        assert "Seafarers with Cities & Knights: The Oases · 16 points to win" in lobby.content
        assert here.fake.violations == []
        late = [i for i in here.fake.interactions.values() if i.response is None]
        assert late == []
