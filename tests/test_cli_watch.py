"""`plgames watch`: one AI-only game of any rule set, said in words or as JSON."""

import json

import pytest

from daemon.cli import main
from engine.katan.sea.atlas import MAP_NAMES


def _watch(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["watch", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "one JSON object on one line"
    data: dict[str, object] = json.loads(out)
    return data


def test_a_cities_and_knights_game_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = _watch(capsys, "katan", "--option", "expansions=cities_and_knights", "--seed", "3")
    points = data["points"]
    assert isinstance(points, list) and len(points) == 4
    winner = data["winner"]
    assert isinstance(winner, int) and points[winner] >= 13
    assert points[winner] == max(points)
    assert isinstance(data["moves"], int) and isinstance(data["turns"], int)
    assert 0 < data["turns"] < data["moves"]
    events = data["events"]
    assert isinstance(events, dict)
    played = {k for k in events if k.startswith("progress:")}
    assert played and all(k.split(":")[1].islower() for k in played)
    assert "play_progress" not in events, "a card played is counted under its own name"
    assert events["end_turn"] == data["turns"] - 1


def test_seats_and_a_seafarers_map(capsys: pytest.CaptureFixture[str]) -> None:
    data = _watch(
        capsys,
        "katan",
        "--seats",
        "3",
        "--option",
        "expansions=seafarers",
        "--option",
        "map=fog_islands",
        "--level",
        "random",
        "--seed",
        "5",
    )
    points = data["points"]
    assert isinstance(points, list) and len(points) == 3
    events = data["events"]
    assert isinstance(events, dict) and events.get("build_ship", 0) > 0


RULE_SETS = [("seafarers", 12), ("cities_and_knights,seafarers", 14)]
"""Seafarers alone and with Cities & Knights, each with its default target."""


@pytest.mark.parametrize(("expansions", "target"), RULE_SETS, ids=["seafarers", "with_cities"])
@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_seafarers_map_with_the_default_ai(
    capsys: pytest.CaptureFixture[str], name: str, expansions: str, target: int
) -> None:
    sea = ("--option", f"expansions={expansions}", "--option", f"map={name}")
    data = _watch(capsys, "katan", *sea, "--seed", "2")
    points, winner, events = data["points"], data["winner"], data["events"]
    assert isinstance(points, list) and len(points) == 4
    assert isinstance(winner, int) and isinstance(events, dict)
    assert points[winner] >= target or events.get("wonder", 0) >= 4, "the target, or a wonder"
    assert events.get("end_turn", 0) == data["turns"] - 1
    if "cities_and_knights" in expansions:
        assert events.get("hire_knight", 0) > 0 and events.get("barbarians", 0) > 0, events
        assert any(k.startswith("progress:") for k in events), "progress cards played"


def test_a_team_game_names_both_winners(capsys: pytest.CaptureFixture[str]) -> None:
    data = _watch(capsys, "euchre", "--seed", "2")
    winners = data["winners"]
    assert data["winner"] is None and isinstance(winners, list) and len(winners) == 2


def test_a_bad_option_is_refused_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "katan", "--option", "expansions=bogus"]) == 2
    assert "'bogus' is not an expansion" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="KEY=VALUE"):
        main(["watch", "katan", "--option", "nonsense"])
