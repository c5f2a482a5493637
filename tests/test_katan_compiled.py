"""The optional compiled build (`deploy/compile_engine.py`, mypyc) plays exactly
like the Python sources: the same seeded games of every rule set (at three
and four seats, and at five and six with the special building phase), with
random seats and with the default AI, reach the same final state through the same
narration, and the same malformed moves are refused with the same reasons.

The build runs into a scratch copy of the engine (about a minute of one core),
so the rest of the suite keeps testing the sources; a subprocess with that
copy first on its path plays the games there and reports their digests.
"""

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.errors import EngineError
from engine.katan.game import KATAN
from engine.protocol import TableConfig

REPO = Path(__file__).resolve().parents[1]
RULE_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"expansions": "cities_and_knights"},
    {"expansions": "seafarers", "map": "heading_for_new_shores"},
    {"expansions": "seafarers", "map": "fog_islands"},
    {"expansions": "seafarers,cities_and_knights", "map": "treasure_islands"},
    {"players": 6},
    {"expansions": "seafarers,cities_and_knights", "map": "new_shores_six", "players": 5},
)
RANDOM_GAMES = 4
AI_GAMES = 1
MALFORMED: tuple[Any, ...] = ((), (999,), ([1],), "road 5", (0, -1, 7), (True,))
"""Probed every 50 moves: each must be refused the same way in both builds."""


def digest(options: dict[str, Any], seed: int, ai: bool) -> str:
    """Plays one game to its end and hashes what it said and where it ended."""
    seats = None if "players" in options else 3 + seed % 2
    config = TableConfig(game="katan", seed=seed, seats=seats, options=options)
    st = KATAN.initial_state(config)
    players = [KATAN.player("katan", seed * 10 + s) for s in range(st.seats)] if ai else []
    pick = random.Random(seed)
    said = hashlib.sha256()
    moves = 0
    while not KATAN.is_finished(st) and moves < 20_000:
        seat = KATAN.to_move(st)
        assert seat is not None
        if moves % 50 == 0:
            for bad in MALFORMED:
                try:
                    KATAN.apply(st, seat, bad)
                except EngineError as refused:
                    said.update(str(refused).encode())
        legal = KATAN.legal_moves(st, seat)
        if ai:
            move = players[seat].choose(KATAN.view_for(st, seat), seat, legal)
        else:
            move = legal[pick.randrange(len(legal))]
        transition = KATAN.apply(st, seat, move)
        st = transition.state
        for event in transition.events:
            said.update(event.text.encode())
        moves += 1
    said.update(KATAN.encode_state(st).encode())
    return f"{moves}:{said.hexdigest()}"


def digests() -> dict[str, str]:
    return {
        f"{n}/{seed}/{ai}": digest(options, seed, ai)
        for n, options in enumerate(RULE_SETS)
        for ai, count in ((False, RANDOM_GAMES), (True, AI_GAMES))
        for seed in range(1, count + 1)
    }


@pytest.mark.timeout(1800)  # a C build and two replays: minutes on a loaded machine
def test_the_compiled_build_plays_every_rule_set_exactly_like_the_sources(
    tmp_path: Path,
) -> None:
    subprocess.run(
        [sys.executable, str(REPO / "deploy" / "compile_engine.py"), "--into", str(tmp_path)],
        check=True,
        capture_output=True,
        timeout=900,
    )
    probe = (
        "import json, sys; sys.path.insert(1, sys.argv[1]); "
        "import engine.katan.rules as r; assert r.__file__.endswith('.so'), r.__file__; "
        "from test_katan_compiled import digests; print(json.dumps(digests()))"
    )
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", probe, str(REPO / "tests")],
        env=env,
        cwd=tmp_path,  # `-c` puts the working directory first on the path
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    compiled = json.loads(done.stdout)
    assert compiled == digests()
    assert len(compiled) == len(RULE_SETS) * (RANDOM_GAMES + AI_GAMES)
