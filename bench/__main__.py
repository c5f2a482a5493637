"""Run every benchmark and print figures beside a baseline measured in the same run.

These machines are noisy, so a raw rate means little on its own: each section
also prints its rates divided by the rate of a fixed pure-Python workload
(`baseline`), timed here, now, on the same machine. A comparison with a peer
engine goes further and interleaves the two inside its section (A B A B over
several rounds, the median ratio printed as the one figure to quote). Results
are also written to `bench/results.json` for docs/BENCHMARKS.md: each section
with the date and baseline of its own run, so a run of some sections
(`--only`) replaces their figures and keeps the others'.
"""

import argparse
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench import ladder

SECTIONS = {
    "euchre": "engine.euchre.bench",
    "sequence": "engine.sequence.bench",
    "katan": "engine.katan.bench",
    "cities": "engine.katan.bench",
    "seafarers": "engine.katan.bench",
    "sea_cities": "engine.katan.bench",
    "cities_hard": "engine.katan.bench",
    "seafarers_hard": "engine.katan.bench",
    "sea_cities_hard": "engine.katan.bench",
    "speed_vs_base": "engine.katan.bench",
    "renderers": "renderers.bench",
    "daemon": "daemon.bench",
    "lag": "daemon.lag_bench",
    "native": "frontends.native.bench",
    "cluster": "bench.cluster",
}
TAKES_GAMES = {
    "euchre",
    "sequence",
    "katan",
    "cities",
    "seafarers",
    "sea_cities",
    "cities_hard",
    "seafarers_hard",
    "sea_cities_hard",
    "speed_vs_base",
    "renderers",
    "native",
}
"""Sections whose `run` takes the game count; the others size themselves."""
TAKES_FIRST = {"cities_hard", "seafarers_hard", "sea_cities_hard"}
"""Sections that can start at a later game of their seeded series (`--first-game`)."""
LADDERS = {"euchre", "sequence", "katan"}
"""Sections followed by their game's strength ladder (`bench.ladder`)."""
RUNS = {
    "cities": "run_cities",
    "seafarers": "run_seafarers",
    "sea_cities": "run_sea_cities",
    "cities_hard": "run_cities_hard",
    "seafarers_hard": "run_seafarers_hard",
    "sea_cities_hard": "run_sea_cities_hard",
    "speed_vs_base": "run_speed_vs_base",
}
"""Sections run by a function other than their module's `run` (Katan's
expansions' figures live beside the base game's)."""

RESULTS = Path(__file__).with_name("results.json")
"""Each section's latest figures, the ones docs/BENCHMARKS.md quotes."""


def baseline_ops_per_second(seconds: float = 1.0) -> float:
    """A fixed mix of what engines do (list copies, dict lookups, small loops)."""
    rng = random.Random(7)
    data = [rng.randrange(1000) for _ in range(200)]
    table = {i: i * 3 for i in range(1000)}
    ops = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            copy = data[:]
            total = 0
            for value in copy:
                total += table[value]
            copy.sort()
        ops += 100
    return ops / (time.perf_counter() - start)


def load(path: Path) -> dict[str, Any]:
    """The sections recorded by earlier runs, by name. A file from before
    sections carried their own run's baseline gets its one baseline and its
    modification time on each section. ValueError: the file is not results."""
    if not path.exists():
        return {}
    results = json.loads(path.read_text())
    if not isinstance(results, dict) or not isinstance(results.get("sections"), dict):
        raise ValueError("no sections in it")
    sections: dict[str, Any] = results["sections"]
    if "baseline_units_per_s" in results:
        run_at = datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat(timespec="seconds")
        base = results["baseline_units_per_s"]
        return {
            name: {"run_at": run_at, "baseline_units_per_s": base, "figures": figures}
            for name, figures in sections.items()
        }
    return sections


def save(path: Path, sections: dict[str, Any]) -> None:
    """Write the sections in `SECTIONS`' order (names no longer benchmarked
    last), through a temporary file: a run interrupted while writing must
    not lose the figures of every other section."""
    order = {name: n for n, name in enumerate(SECTIONS)}
    ordered = dict(sorted(sections.items(), key=lambda item: order.get(item[0], len(order))))
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps({"sections": ordered}, indent=2) + "\n")
    os.replace(temporary, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make bench", description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="games per strength figure")
    parser.add_argument("--only", choices=sorted(SECTIONS), action="append")
    parser.add_argument(
        "--ladder-games", type=int, help="games per ladder pairing (default: --games)"
    )
    parser.add_argument(
        "--level", action="append", help="ladder levels to play (default: every level)"
    )
    parser.add_argument(
        "--first-game",
        type=int,
        default=0,
        help="start a hard strength section at this game of its seeded series, to run "
        "a long figure in parts (the parts' games and wins add up; only with --only "
        f"{', '.join(sorted(TAKES_FIRST))})",
    )
    args = parser.parse_args(argv)
    if args.first_game < 0:
        parser.error("--first-game must be 0 or more")
    if args.first_game and not (args.only and set(args.only) <= TAKES_FIRST):
        parser.error(f"--first-game needs --only with {' or '.join(sorted(TAKES_FIRST))} alone")

    # Read before running anything: hours of figures must not end unwritable.
    try:
        sections = load(RESULTS)
    except (OSError, ValueError) as exc:
        print(f"cannot read {RESULTS} ({exc}); move it away and run again", file=sys.stderr)
        return 2
    base = baseline_ops_per_second()
    print(f"baseline: {base:,.0f} workload units/s (rates below are also given per unit)")
    run_at = datetime.now(UTC).isoformat(timespec="seconds")
    ran: list[str] = []
    for name, module_name in SECTIONS.items():
        if args.only and name not in args.only:
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            print(f"\n[{name}] not built yet ({exc.name})")
            continue
        run: Callable[..., dict[str, float]] = getattr(module, RUNS.get(name, "run"))
        print(f"\n[{name}]", flush=True)
        if name in TAKES_FIRST:
            figures = run(args.games, args.first_game)
        else:
            figures = run(args.games) if name in TAKES_GAMES else run()
        if name in LADDERS:
            games = args.ladder_games or args.games
            figures.update(ladder.run(name, games, args.level or ()))
        # Saved as each section ends, so an interrupted run keeps what it measured.
        sections[name] = {"run_at": run_at, "baseline_units_per_s": base, "figures": figures}
        save(RESULTS, sections)
        ran.append(name)
        for key, value in figures.items():
            if key.startswith("ladder_"):
                continue  # printed as a table as each pairing finished
            per_unit = ""
            if key.endswith("_per_s"):
                per_unit = f"   ({value / base:.4g} per baseline unit)"
            print(f"  {key:<40} {value:>14,.3f}{per_unit}")
    if ran:
        print(f"\nwritten to {RESULTS}")
    kept = [name for name in sections if name not in ran]
    if kept:
        print(f"kept from earlier runs: {', '.join(kept)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
