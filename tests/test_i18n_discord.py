"""Languages through the Discord fake: the slash commands carry German
descriptions for German clients, a person whose client is German (the
interaction's `locale` "de") reads their private panel in German while an
English one at the same table reads English, and `/plgames language`
switches."""

from pathlib import Path

from discord_fake import Message
from discord_world import Person, eventually, labels, quiet, seat_and_start, world


def shown(message: Message) -> str:
    embeds = " ".join(f"{e.get('title', '')} {e.get('description', '')}" for e in message.embeds)
    return f"{message.content} {embeds} {' '.join(labels(message))}"


async def test_a_german_client_reads_german_and_can_switch(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        fake = here.fake
        bo = Person(here, fake.add_user("Bo"))
        ana = Person(here, fake.add_user("Ana", locale="de"))
        thread = await seat_and_start(here, [bo, ana], "euchre")
        # The table's chat reads the table's language: its opener's.
        board = (await eventually(lambda: here.boards(thread)))[-1]
        assert "My hand and moves" in labels(board)
        hers, his = await ana.open_panel(thread), await bo.open_panel(thread)
        assert "Deine Hand:" in shown(hers) and "Your hand" not in shown(hers)
        assert "Stand:" in shown(hers) and "Score:" in shown(his)
        assert "Your hand:" in shown(his) and "Deine Hand" not in shown(his)

        said = await ana.slash(thread, "language", code="en")
        await quiet(here)
        replies = " ".join(shown(m) for m in said.replies)
        assert "From now on I speak English with you" in replies
        assert "Your hand:" in shown(await ana.open_panel(thread))


async def test_the_slash_commands_are_described_in_german(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        commands = await eventually(lambda: here.fake.commands.get(here.guild.id))
        (plgames,) = commands
        assert plgames["description_localizations"]["de"].startswith("Katan, Euchre und Sequence")
        by_name = {c["name"]: c for c in plgames["options"]}
        assert by_name["hand"]["description_localizations"]["de"] == (
            "Deine Karten und Züge, privat"
        )
        assert (
            "name_localizations" not in by_name["hand"] or not by_name["hand"]["name_localizations"]
        ), "command names stay the grammar's English words"
        assert {c["value"] for c in by_name["language"]["options"][0]["choices"]} == {
            "en",
            "de",
            "auto",
        }


async def test_the_new_commands_rules_and_maps_are_named_in_german(tmp_path: Path) -> None:
    """Discord shows a choice's `name_localizations` to a client in that
    locale; the value, which is what the command receives, stays."""
    async with world(tmp_path) as here:
        (plgames,) = await eventually(lambda: here.fake.commands.get(here.guild.id))
        new = next(c for c in plgames["options"] if c["name"] == "new")
        options = {o["name"]: o for o in new["options"]}
        rules = {c["value"]: c for c in options["rules"]["choices"]}
        maps = {c["value"]: c for c in options["map"]["choices"]}
        assert rules["-"]["name"] == "Base game"
        assert rules["-"]["name_localizations"] == {"de": "Grundspiel"}
        assert rules["cities_and_knights"]["name_localizations"]["de"] == "Städte & Ritter"
        fog = maps["fog_islands"]
        assert fog["name"].startswith("The Fog Islands: A home island")
        assert fog["name_localizations"]["de"] == (
            "Die Nebelinseln: Eine Heimatinsel, ein Inselchen und eine Nebelbank, "
            "die belohnt, wer ihr Land…"
        ), "cut at a word to Discord's 100 characters"
        for choice in [*rules.values(), *maps.values()]:
            german = choice["name_localizations"]["de"]
            assert german != choice["name"] and 1 <= len(german) <= 100, choice
        assert here.fake.violations == []
