"""`plgames table new katan --option expansions=… --option map=…` against a
running daemon's control socket: the table gets the rule set and the map,
and a bad option is refused with the engine's own reason."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from daemon.cli import main
from daemon.control import ControlServer
from daemon.core import Daemon
from daemon.store import MemoryStore
from engine.katan.options import KatanOptions


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[Daemon, Path]]:
    daemon = Daemon(MemoryStore())
    control = ControlServer(daemon, tmp_path / "control.sock")
    await control.start()
    try:
        yield daemon, control.path
    finally:
        await control.stop()
        await daemon.shutdown(0.1)


async def plgames(socket: Path, *args: str) -> int:
    return await asyncio.to_thread(main, [*args, "--socket", str(socket)])


async def test_options_choose_the_rule_set_and_the_map(
    served: tuple[Daemon, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    daemon, socket = served
    both = "expansions=cities_and_knights,seafarers"
    assert (
        await plgames(socket, "table", "new", "katan", "--option", both, "--option", "map=oases")
        == 0
    )
    code = capsys.readouterr().out.split()[0]
    options = daemon.table(code).options
    assert isinstance(options, KatanOptions)
    assert options.expansions == ("cities_and_knights", "seafarers")
    assert (options.map, options.points_to_win) == ("oases", 14)
    cities = ["--option", "expansions=cities_and_knights", "--option", "points_to_win=8"]
    assert await plgames(socket, "table", "new", "katan", *cities) == 0
    options = daemon.table(capsys.readouterr().out.split()[0]).options
    assert isinstance(options, KatanOptions) and options.points_to_win == 8


@pytest.mark.parametrize(
    ("option", "reason"),
    [
        ("map=oases", "map: is chosen only with the seafarers expansion"),
        ("expansions=dragons", "'dragons' is not an expansion"),
        ("points_to_win=99", "points_to_win: must be a whole number from 3 to 20"),
    ],
)
async def test_a_bad_option_is_refused_with_the_engines_reason(
    served: tuple[Daemon, Path], option: str, reason: str
) -> None:
    daemon, socket = served
    with pytest.raises(SystemExit) as refused:
        await plgames(socket, "table", "new", "katan", "--option", option)
    with pytest.raises(SystemExit) as unknown_map:
        await plgames(
            socket,
            "table",
            "new",
            "katan",
            "--option",
            "expansions=seafarers",
            "--option",
            "map=atlantis",
        )
    assert "'atlantis' is not a Seafarers map; the maps are heading_for_new_shores" in str(
        unknown_map.value
    )
    assert str(refused.value).startswith("plgames: ") and reason in str(refused.value)
    assert not daemon.tables
    with pytest.raises(SystemExit) as malformed:
        await plgames(socket, "table", "new", "katan", "--option", "expansions")
    assert "key=value" in str(malformed.value)
