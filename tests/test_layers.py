"""Adding a game touches one registry: every layer finds a registered game's
presenter, renderer spots and terminal picture by its id alone, says clearly
when one is missing, and asks the game itself what a timeout means. And the
daemon's command line takes the terminal's subcommands as plugins, importing
no frontend itself."""

import ast
import importlib
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from daemon.timeouts import expiry_move, pass_move
from engine.euchre.moves import PASS
from engine.katan import moves as mv
from engine.katan.crafted import blank, give
from engine.katan.game import KATAN
from engine.katan.state import FREE_ROADS
from engine.protocol import TableConfig
from engine.registry import game_ids, get_game
from frontends.chat import presenters
from frontends.chat.presenters import NoPresenter, all_presenters, presenter_for


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_is_found_by_its_id_in_every_layer(game_id: str) -> None:
    game = get_game(game_id)
    assert presenter_for(game_id).game is game
    renderer = importlib.import_module(f"renderers.{game_id}")
    assert callable(renderer.render_png) and callable(getattr(renderer, f"{game_id}_spots"))
    picture = importlib.import_module(f"frontends.terminal.pictures.{game_id}")
    assert callable(picture.picture)
    assert set(all_presenters()) == set(game_ids())


def test_a_game_without_a_presenter_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    go = SimpleNamespace(id="go", title="Go")
    monkeypatch.setattr(presenters, "get_game", lambda game_id: go)
    presenter_for.cache_clear()
    try:
        with pytest.raises(NoPresenter, match=r"Go has no chat presenter.*presenters\.go"):
            presenter_for("go")
    finally:
        presenter_for.cache_clear()


def test_the_games_say_what_a_timeout_and_an_expiry_are() -> None:
    sequence = get_game("sequence")
    state = sequence.initial_state(TableConfig(game="sequence", seed=1))
    seat = sequence.to_move(state)
    assert seat is not None
    assert sequence.timeout_move(state, seat) is None and sequence.expiry_move(state, seat) is None
    euchre = get_game("euchre")
    state = euchre.initial_state(TableConfig(game="euchre", seed=1))
    seat = euchre.to_move(state)
    assert seat is not None
    assert pass_move(euchre, state, seat) == PASS and expiry_move(euchre, state, seat) is None
    st = blank()
    give(st, 0, wool=2)
    give(st, 1, ore=1)
    assert pass_move(KATAN, st, 0) == mv.M_END
    offered = KATAN.apply(st, 0, mv.offer_move(1, (0, 0, 1, 0, 0), (0, 0, 0, 0, 1))).state
    assert expiry_move(KATAN, offered, 1) == mv.M_DECLINE
    assert expiry_move(KATAN, offered, 0) is None  # the offerer is not being asked
    st.phase, st.free_roads = FREE_ROADS, 1
    assert pass_move(KATAN, st, 0) == mv.M_STOP_ROADS


def test_a_named_move_is_used_only_while_it_is_legal() -> None:
    class Stale(SimpleNamespace):
        def timeout_move(self, state: Any, seat: int) -> Any:
            return mv.M_ROLL  # not legal mid-turn

        def expiry_move(self, state: Any, seat: int) -> Any:
            return mv.M_ACCEPT

        def is_legal(self, state: Any, seat: int, move: Any) -> bool:
            return KATAN.is_legal(state, seat, move)

    st = blank()
    game: Any = Stale()
    assert pass_move(game, st, 0) is None and expiry_move(game, st, 0) is None


# ---- the dependency direction: frontends -> daemon -> engine -------------------------------


def test_importing_the_daemons_cli_imports_no_frontend() -> None:
    probe = (
        "import sys, daemon.cli; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'frontends'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]", done.stdout


FORBIDDEN = {
    "engine": {"daemon", "frontends", "renderers"},
    "renderers": {"daemon", "frontends"},
    "daemon": {"frontends"},
}
"""Which top-level packages each layer may not import (docs/design.md, *Layers*)."""


def upward_imports(root: Path, layer: str) -> list[str]:
    wrong = []
    for path in sorted((root / layer).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            wrong += [
                f"{path.relative_to(root)}:{node.lineno} imports {name}"
                for name in names
                if name.split(".")[0] in FORBIDDEN[layer]
            ]
    return wrong


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_layer_imports_a_layer_above_it(layer: str) -> None:
    assert upward_imports(Path(__file__).resolve().parents[1], layer) == []


def test_the_layer_check_sees_an_upward_import_anywhere_in_a_module(tmp_path: Path) -> None:
    (tmp_path / "engine" / "deep").mkdir(parents=True)
    (tmp_path / "engine" / "deep" / "probe.py").write_text(
        "import os\n\ndef late() -> None:\n    import frontends.chat, json\n"
    )
    assert upward_imports(tmp_path, "engine") == ["engine/deep/probe.py:4 imports frontends.chat"]


def test_the_terminal_subcommands_come_as_entry_points_and_help_lists_them() -> None:
    from daemon.cli import COMMANDS, build_parser

    found = {e.name: e.value for e in entry_points(group=COMMANDS)}
    assert found == {"terminal": "frontends.terminal.commands:register"}
    parser = build_parser()
    shown = parser.format_help()
    for command in ("watch", "serve", "tables", "table", "discover", "join", "play"):
        assert command in shown.split("{", 1)[1].split("}", 1)[0].split(",")
    assert parser.parse_args(["join", "127.0.0.1:4000"]).target == "127.0.0.1:4000"
