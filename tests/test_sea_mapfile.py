"""A map file is refused with its name and the reason whenever it could not be
played as drawn, and read exactly when it can."""

from pathlib import Path

import pytest

from engine.katan.components import FOREST, GOLD, HILLS
from engine.katan.sea import atlas
from engine.katan.sea.deal import deal, layout
from engine.katan.sea.mapfile import MapError, SeaMap, load, parse_grid

GRID = """
~ ~ ~ ~
 ~ R R ~
~ ~ ~ *
"""


def tiny(**changes: str) -> str:
    keys = {
        "name": '"tiny"',
        "title": '"Tiny"',
        "description": '"Two hexes."',
        "design": '"a test"',
        "home_terrain": "{ forest = 1, hills = 1 }",
        "tokens": "[5, 9]",
        "harbours": '["any"]',
        "harbour_coast": '"home"',
        "map": f"'''{GRID}'''",
    }
    keys.update(changes)
    return "\n".join(f"{k} = {v}" for k, v in keys.items() if v) + "\n"


def read(tmp_path: Path, text: str) -> SeaMap:
    path = tmp_path / "tiny.toml"
    path.write_text(text)
    return load(path)


def load_tiny(tmp_path: Path, **changes: str) -> SeaMap:
    return read(tmp_path, tiny(**changes))


def refused(tmp_path: Path, text: str, reason: str) -> None:
    with pytest.raises(MapError, match=reason) as caught:
        read(tmp_path, text)
    assert str(caught.value).startswith("tiny.toml: ")


def test_a_small_map_reads_as_drawn(tmp_path: Path) -> None:
    sea = load_tiny(tmp_path)
    assert sea.codes[(1, 1)] == "R" and sea.codes[(2, 1)] == "R" and sea.codes[(0, 1)] == "~"
    assert sum(sea.hexes.values()) == 2 and len(sea.hexes) == 12
    assert sorted(sea.home_terrain) == [FOREST, HILLS]
    board = deal(sea, 4).board
    assert sorted(board.numbers[h] for h in board.land_hexes) == [5, 9]
    assert len(board.harbours) == 1 and board.start_islands == (0,)


def test_the_grid_reads_any_consistent_indent_and_refuses_what_is_off_it() -> None:
    flush = parse_grid("~ ~\n ~ R\n")
    shifted = parse_grid(" ~ ~\n~ R\n")
    assert flush[(0, 1)] == "~" and shifted[(0, 1)] == "R"
    with pytest.raises(ValueError, match="row 2, column 1: off the hex grid"):
        parse_grid("~ ~\n~~\n")
    with pytest.raises(ValueError, match="unknown hex code 'Q'"):
        parse_grid("~ Q\n")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"tokens": "[5]"}, "tokens: 1 for 2 numbered hexes"),
        ({"tokens": "[5, 7]"}, "tokens: 7 is not a number token"),
        ({"home_terrain": "{ forest = 3 }"}, "home_terrain: 3 for 2 'R' hexes"),
        ({"home_terrain": "{ wood = 1, hills = 1 }"}, "'wood' is not one of"),
        ({"harbours": '["rum"]'}, "harbours: 'rum' is not one of"),
        ({"harbours": "[]"}, "harbours: a map needs some"),
        ({"harbour_coast": '"east"'}, "harbour_coast"),
        ({"colour": '"blue"'}, "colour"),
        ({"title": ""}, "title"),
        ({"map": "'''\n~ ~ ~ ~\n ~ R R\n~ ~ ~ *\n'''"}, "at the edge: draw the sea around it"),
        ({"map": "'''\n~ ~ ~ ~\n ~ R R ~\n~ ~ ~ ~\n'''"}, "exactly one '\\*'"),
        ({"map": "'''\n~ ~ ~ ~\n ~ r r ~\n~ ~ ~ *\n'''"}, "no start hex"),
        ({"map": "'''\n~ ~ ~ ~\n ~ R K ~\n~ ~ ~ *\n'''"}, "'K' cannot be a start hex"),
        ({"fog_pile": "{ forest = 1 }", "fog_tokens": "[4]"}, "fog_pile: 1 for 0 fog hexes"),
        ({"chests": '["goods"]'}, "chests: 1 for 0 fog hexes"),
        ({"village_cloth": "6"}, "village_cloth goes with villages"),
        ({"canal_tokens": "[4]"}, "canal_tokens: 1 for 0 canal tiles"),
    ],
)
def test_a_map_that_cannot_be_played_is_refused(
    tmp_path: Path, change: dict[str, str], reason: str
) -> None:
    refused(tmp_path, tiny(**change), reason)


def test_not_toml_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, "name = \n", "Invalid value")


FOG_GRID = """
~ ~ ~ ~ ~ ~ ~ ~
 ~ R R ~ f f f ~
~ ~ ~ ~ f f ~ *
 ~ ~ ~ ~ ~ ~ ~ ~
"""


def test_the_fog_pile_holds_one_gold_in_every_five(tmp_path: Path) -> None:
    base = {"map": f"'''{FOG_GRID}'''", "fog_tokens": "[3, 4, 5, 9, 10]"}
    refused(
        tmp_path,
        tiny(**base, fog_pile="{ forest = 5 }"),
        "fog_pile: 0 gold in 5; one in every five",
    )
    sea = load_tiny(tmp_path, **base, fog_pile="{ forest = 4, gold = 1 }")
    assert sorted(sea.fog_pile) == [FOREST] * 4 + [GOLD]


def test_canal_numbers_are_never_red(tmp_path: Path) -> None:
    grid = "'''\n~ ~ ~ ~ ~\n ~ R R C ~\n~ ~ ~ ~ *\n'''"
    refused(tmp_path, tiny(map=grid, canal_tokens="[6]"), "canal_tokens: no 6 or 8")
    assert load_tiny(tmp_path, map=grid, canal_tokens="[4]").canal_tokens == (4,)


def test_what_needs_the_islands_is_checked_when_the_map_is_laid_out(tmp_path: Path) -> None:
    # A chip on the start island's shore would be taken by a setup settlement.
    beside = load_tiny(
        tmp_path,
        map="'''\n~ ~ ~ ~ ~\n ~ R R k ~\n~ ~ ~ ~ *\n'''",
        isle_terrain="{ mountains = 1 }",
        tokens="[5, 9, 10]",
        chips='["point"]',
    )
    with pytest.raises(MapError, match=r"chip hex \d+ is beside a start crossing"):
        layout(beside)
    # A fortress island that is a start island could never be settled.
    fort = load_tiny(
        tmp_path,
        map="'''\n~ ~ ~ ~ ~\n ~ R R x ~\n~ ~ ~ ~ *\n'''",
        fortress_strength="3",
    )
    with pytest.raises(MapError, match=r"fortress hex \d+ is on a start island"):
        layout(fort)
    crowded = load_tiny(tmp_path, harbours='["any", "any", "any", "any", "any", "any"]')
    with pytest.raises(MapError, match="6 harbours on 10 coastal edges"):
        layout(crowded)


def test_every_shipped_map_reads_and_names_itself() -> None:
    for name in atlas.MAP_NAMES:
        sea = atlas.sea_map(name)
        assert sea.name == name
        assert sea is atlas.sea_map(name)  # loaded once
