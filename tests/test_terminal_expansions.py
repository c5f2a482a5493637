"""The terminal client plays whole Cities & Knights and Seafarers games
against three AIs, over the real protocol, from a script; its picture shows
the expansions' parts and its list offers their moves."""

import re
from collections.abc import Iterator

import pytest
from test_terminal_play import Script

from frontends.terminal.commands import play_here


class Preferring(Script):
    """Takes the first listed move matching one of `wanted` (in order of
    preference), else the first move; records what it chose."""

    def __init__(self, wanted: list[str]) -> None:
        super().__init__([])
        self.wanted = [re.compile(rf"^ *(\d+)\. ({w})", re.MULTILINE) for w in wanted]
        self.chosen: list[str] = []

    async def ask(self, prompt: str) -> str | None:
        await super().ask(prompt)
        listing = next(text for text in reversed(self.said) if text.startswith("Your move:"))
        for pattern in self.wanted:
            found = pattern.search(listing)
            if found:
                self.chosen.append(found.group(2))
                return found.group(1)
        return "1"


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The table's seed fixed (the daemon draws it from `secrets`), so the
    scripted game is the same game every run."""
    monkeypatch.setattr("daemon.core.secrets.randbits", lambda bits: 3)
    yield


async def play(options: dict[str, object], wanted: list[str]) -> tuple[str, Preferring]:
    script = Preferring(wanted)
    code = await play_here(
        "katan",
        options,
        seats=None,
        level=None,
        think=0,
        name="Tess",
        device="",
        ask=script.ask,
        say=script.say,
    )
    text = "\n".join(script.said)
    assert code == 0, text[-2000:]
    assert script.said[-1] == "The game is over."
    assert re.search(r"^Seat \d wins\.$", text, re.MULTILINE)
    return text, script


async def test_a_whole_cities_and_knights_game() -> None:
    wanted = [
        r"hire a knight at \d+",
        r"activate the knight at \d+",
        r"improve \w+",
        r"build city \d+",
        r"build a wall at \d+",
        r"roll",
    ]
    text, script = await play({"expansions": "cities_and_knights", "points_to_win": 7}, wanted)
    assert "Katan (cities and knights) · turn" in text
    assert re.search(r"^Barbarians \d steps? away · attacks so far \d", text, re.MULTILINE)
    assert re.search(r"tracks trade \d, politics \d, science \d · walls", text)
    assert any(c.startswith("build city") for c in script.chosen), "a city in setup"
    assert any(c.startswith("hire a knight") for c in script.chosen), script.chosen[-20:]
    assert any(c.startswith("improve") for c in script.chosen)
    assert re.search(r"^    tracks .* · knights \d+:basic", text, re.MULTILINE)


@pytest.mark.parametrize("map_name", ["fog_islands", "four_islands"])
async def test_a_whole_seafarers_game(map_name: str) -> None:
    wanted = [r"build ship \d+", r"sail the ship at \d+ to \d+", r"build settlement \d+", r"roll"]
    options = {"expansions": "seafarers", "map": map_name, "points_to_win": 8}
    text, script = await play(options, wanted)
    assert "Katan (seafarers) · turn" in text and "Sea: pirate on hex" in text
    assert re.search(r"^    ships: ", text, re.MULTILINE)
    if map_name == "fog_islands":  # its start is on the coast of the fog
        assert "fog tiles still face down" in text
        assert any(c.startswith("build ship") for c in script.chosen)
        assert any(c.startswith("sail the ship") for c in script.chosen)
        assert re.search(r"^    ships: \d+", text, re.MULTILINE), "a ship on the board"
