"""The terminal client plays whole Cities & Knights and Seafarers games
against three AIs, over the real protocol, from a script; its picture shows
the expansions' parts and its list offers their moves."""

import re
from collections.abc import Iterator

import pytest
from test_terminal_play import Script


class Preferring(Script):
    """Takes the first move listed of one of the `wanted` kinds (in order of
    preference): a place by its number on the board, another move by its
    letter; else the first move. Records what it chose."""

    def __init__(self, wanted: list[str]) -> None:
        super().__init__([])
        self.wanted = [
            re.compile(
                rf"^  (?P<said>{w}): (?:(?P<key>\d+)(?:,|$)|\d+ places)"
                rf"|^ +(?P<letter>[a-z]+)\. (?P<label>{w}.*)$",
                re.MULTILINE,
            )
            for w in wanted
        ]
        self.chosen: list[str] = []

    def first(self) -> str:
        listing = self.listing()
        for pattern in self.wanted:
            found = pattern.search(listing)
            if found and found.group("said"):
                key = found.group("key") or self.board_numbers()[0]
                self.chosen.append(f"{found.group('said')} {key}")
                return key
            if found:
                self.chosen.append(found.group("label"))
                return found.group("letter")
        return super().first()


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The table's seed fixed (the daemon draws it from `secrets`), so the
    scripted game is the same game every run."""
    monkeypatch.setattr("daemon.core.secrets.randbits", lambda bits: 3)
    yield


async def play(options: dict[str, object], wanted: list[str]) -> tuple[str, Preferring]:
    script = Preferring(wanted)
    code = await script.play("katan", options, level=None, colour=True)
    text = "\n".join(script.said)
    assert code == 0, text[-2000:]
    assert script.said[-1] == "The game is over."
    assert re.search(r"^(You win|Computer \d wins) with \d+ points\.$", text, re.MULTILINE)
    return text, script


async def test_a_whole_cities_and_knights_game() -> None:
    wanted = [
        r"hire a knight at",
        r"activate the knight at",
        r"improve \w+",
        r"build city",
        r"build a wall at",
        r"roll",
    ]
    text, script = await play({"expansions": "cities_and_knights", "points_to_win": 7}, wanted)
    assert "Katan (Cities & Knights) · turn" in text
    assert re.search(r"^Barbarians \d steps? away · attacks so far \d", text, re.MULTILINE)
    assert re.search(r"tracks trade \d, politics \d, science \d · \d walls?", text)
    assert any(c.startswith("build city") for c in script.chosen), "a city in setup"
    assert any(c.startswith("hire a knight") for c in script.chosen), script.chosen[-20:]
    assert any(c.startswith("improve") for c in script.chosen)
    assert re.search(r"^    tracks .* · [1-9]\d* knights? · ", text, re.MULTILINE)
    assert re.search(r"\x1b\[1;38;5;33mbk1\x1b\[0m", text), "a basic knight of Blue on the board"
    for sentence in (r"hired a knight", r"rolled \d+"):
        assert re.search(rf"^  Tess {sentence}", text, re.MULTILINE), sentence


@pytest.mark.parametrize("map_name", ["fog_islands", "four_islands"])
async def test_a_whole_seafarers_game(map_name: str) -> None:
    wanted = [r"build ship", r"sail the ship at \d+ to \d+", r"build settlement", r"roll"]
    options = {"expansions": "seafarers", "map": map_name, "points_to_win": 8}
    text, script = await play(options, wanted)
    assert "Katan (Seafarers) · turn" in text and "Sea: the pirate is on hex" in text
    assert re.search(r"^    \d+ ships?", text, re.MULTILINE)
    boards = re.findall(r"\n\n(.*?)\nBoard: ", text, re.DOTALL)
    assert boards and all(
        len(re.sub(r"\x1b\[[0-9;]*m", "", line)) <= 80
        for board in boards
        for line in board.splitlines()
    ), "the island fits 80 columns"
    if map_name == "fog_islands":  # its start is on the coast of the fog
        assert "fog tiles still face down" in text and "fog ?" in text
        assert any(c.startswith("build ship") for c in script.chosen)
        assert any(c.startswith("sail the ship") for c in script.chosen)
        assert re.search(r"^    [1-9]\d* ships?", text, re.MULTILINE), "a ship on the board"
        assert re.search(r"\x1b\[1;38;5;33mb~\x1b\[0m", text), "Blue's ship drawn on its edge"


async def test_a_whole_seafarers_with_cities_and_knights_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wanted = [r"hire a knight at", r"build ship", r"build settlement", r"build city", r"roll"]
    options = {
        "expansions": "seafarers,cities_and_knights",
        "map": "heading_for_new_shores",
        "points_to_win": 10,
    }
    # The seats' ships, knights and pirate moves are narrated between turns.
    # Whether an AI moves the pirate at all depends on its game (and on the AI
    # as it improves): the next seed is played until one game has them all.
    sentences = ("built a ship", "hired a knight", "moved the pirate", "raised \\w+ to")
    untold: list[str] = []
    for seed in (4, 5, 6):
        monkeypatch.setattr("daemon.core.secrets.randbits", lambda bits, seed=seed: seed)
        text, script = await play(options, wanted)
        assert "Katan (Cities & Knights + Seafarers) · turn" in text
        assert "Sea: the pirate is on hex" in text
        assert re.search(r"^Barbarians \d steps? away · attacks so far \d", text, re.MULTILINE)
        assert any(c.startswith("build city") for c in script.chosen), "a city in setup"
        untold = [
            sentence
            for sentence in sentences
            if not re.search(rf"^  Computer \d {sentence}", text, re.MULTILINE)
        ]
        if not untold:
            break
    assert not untold, untold
