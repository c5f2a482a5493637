"""`make bench --only X` replaces section X in bench/results.json and keeps
every other section's figures, each with the date and baseline of its own
run; sections are fakes here, since a real one runs for minutes."""

import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import bench.__main__ as bench_main
from engine.katan import bench as katan_bench


class Sections:
    """Two fake benchmark sections whose figures the test sets before each run."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, results: Path) -> None:
        self.figures = {"alpha": {"alpha_per_s": 1.0}, "beta": {"beta_ms": 2.0}}
        self.ran: list[str] = []
        self.baseline = 1000.0
        names = {"alpha": "fake_bench_alpha", "beta": "fake_bench_beta"}
        for name, module_name in names.items():
            module = types.ModuleType(module_name)
            module.run = self._runner(name)  # type: ignore[attr-defined]
            monkeypatch.setitem(sys.modules, module_name, module)
        monkeypatch.setattr(bench_main, "SECTIONS", names)
        monkeypatch.setattr(bench_main, "TAKES_GAMES", set())
        monkeypatch.setattr(bench_main, "RESULTS", results)
        monkeypatch.setattr(bench_main, "baseline_ops_per_second", lambda: self.baseline)

    def _runner(self, name: str) -> Any:
        def run() -> dict[str, float]:
            self.ran.append(name)
            return dict(self.figures[name])

        return run


def read(path: Path) -> dict[str, Any]:
    sections: dict[str, Any] = json.loads(path.read_text())["sections"]
    return sections


def test_a_partial_run_replaces_its_sections_and_keeps_the_others(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    results = tmp_path / "results.json"
    fake = Sections(monkeypatch, results)
    assert bench_main.main([]) == 0
    first = read(results)
    assert list(first) == ["alpha", "beta"]
    assert first["beta"]["figures"] == {"beta_ms": 2.0}
    assert first["beta"]["baseline_units_per_s"] == 1000.0 and first["beta"]["run_at"]

    fake.baseline, fake.figures["alpha"] = 2000.0, {"alpha_per_s": 3.0}
    fake.ran.clear()
    assert bench_main.main(["--only", "alpha"]) == 0
    assert fake.ran == ["alpha"]
    second = read(results)
    assert second["alpha"]["figures"] == {"alpha_per_s": 3.0}
    assert second["alpha"]["baseline_units_per_s"] == 2000.0
    assert second["beta"] == first["beta"]  # its own run's date and baseline
    assert list(second) == ["alpha", "beta"]


def test_a_file_with_one_baseline_for_all_sections_keeps_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The layout before sections carried their own run's baseline."""
    results = tmp_path / "results.json"
    old = {"baseline_units_per_s": 500.0, "sections": {"beta": {"beta_ms": 7.0}}}
    results.write_text(json.dumps(old))
    Sections(monkeypatch, results)
    assert bench_main.main(["--only", "alpha"]) == 0
    sections = read(results)
    assert sections["alpha"]["figures"] == {"alpha_per_s": 1.0}
    assert sections["beta"]["figures"] == {"beta_ms": 7.0}
    assert sections["beta"]["baseline_units_per_s"] == 500.0 and sections["beta"]["run_at"]


@pytest.mark.parametrize("text", ["{not json", '{"figures": {}}', "[]"])
def test_an_unreadable_file_stops_the_run_before_it_starts_and_is_left_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, text: str
) -> None:
    results = tmp_path / "results.json"
    results.write_text(text)
    fake = Sections(monkeypatch, results)
    assert bench_main.main(["--only", "alpha"]) == 2
    assert fake.ran == [] and results.read_text() == text


def test_a_hard_figure_runs_in_parts_from_a_later_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    results = tmp_path / "results.json"
    fake = Sections(monkeypatch, results)
    calls: list[tuple[int, int]] = []

    def run(games: int, first: int = 0) -> dict[str, float]:
        calls.append((games, first))
        return {"alpha_games": float(games)}

    monkeypatch.setattr(sys.modules["fake_bench_alpha"], "run", run)
    monkeypatch.setattr(bench_main, "TAKES_FIRST", {"alpha"})
    assert bench_main.main(["--only", "alpha", "--games", "100", "--first-game", "200"]) == 0
    assert calls == [(100, 200)]
    # Elsewhere it means nothing: refused before anything runs.
    for argv in (["--first-game", "5"], ["--only", "beta", "--first-game", "5"]):
        with pytest.raises(SystemExit) as stopped:
            bench_main.main(argv)
        assert stopped.value.code == 2
    assert fake.ran == [] and calls == [(100, 200)]
    assert read(results)["alpha"]["figures"] == {"alpha_games": 100.0}


def test_the_hard_runs_count_their_games_from_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[range] = []

    def win_rate(
        level: str, opponent: str, games: int, options: dict[str, object], first: int = 0
    ) -> tuple[float, list[float]]:
        seen.append(range(first, first + games))
        return 0.5, [0.1, 0.2]

    monkeypatch.setattr(katan_bench, "_rules_win_rate", win_rate)
    figures = katan_bench.run_seafarers_hard(10, 30)
    assert seen == [range(30, 40)]
    assert figures["sea_hard_first_game"] == 30 and figures["sea_hard_games"] == 10
    assert figures["sea_hard_wins"] == 5
