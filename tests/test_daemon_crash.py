"""The crash test (issue 3, item 5): SIGKILL the daemon mid-play, restart it, and
check that every table is the replay of its stored log and that nothing anyone
was told about is missing.

A real `plgames serve` runs in a subprocess with AI-only tables and tables
where this test plays scripted people over the control socket. It is killed
at random moments in several rounds; after each restart the test compares
what the daemon reports with a from-scratch replay of the database, and every
move it had acknowledged with the stored log.
"""

import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from daemon.control import call
from daemon.model import StepRecord, TableMeta
from daemon.table import replay_step
from engine.protocol import TableConfig
from engine.registry import get_game

ROUNDS = 5


@dataclass
class Seen:
    """What the daemon told us about one table before it was killed."""

    acks: dict[int, tuple[int, str]] = field(default_factory=dict)
    """version after the move → (seat, move) for every acknowledged scripted move."""
    digests: dict[int, str] = field(default_factory=dict)
    """version → state digest, from `show` answers."""


def start(state: Path, **settings: str) -> subprocess.Popen[bytes]:
    """`plgames serve` on `state`; `settings` are PLGAMES_ variables over the
    quiet defaults (tests/crashloop.py turns the LAN and Telegram on)."""
    env = {
        **os.environ,
        "PLGAMES_HTTP__ENABLED": "false",
        "PLGAMES_LAN__ENABLED": "false",
        "PLGAMES_LOG__FORMAT": "json",
        "PLGAMES_TABLES__PACING__THINK_SECONDS": "0.01",
        "PLGAMES_TABLES__PACING__HOLD_SECONDS": "0",
        "PLGAMES_TABLES__TIMER__TURN_SECONDS": "3600",
        "PLGAMES_STORAGE__SNAPSHOT_EVERY": "16",
    }
    env.pop("PLGAMES_CONFIG", None)
    env.update(settings)
    log = (state.parent / "daemon.log").open("ab")
    return subprocess.Popen(
        [sys.executable, "-m", "daemon.cli", "serve", "--state-dir", str(state)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def ask(sock: Path, **request: Any) -> dict[str, Any]:
    answer = call(sock, request)
    assert answer["ok"], answer
    return answer


def wait_ready(sock: Path, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the daemon exited while starting"
        try:
            call(sock, {"cmd": "tables"}, timeout=2)
            return
        except OSError:
            time.sleep(0.02)
    raise AssertionError("the daemon did not open its control socket")


def stored(db: Path | str) -> dict[str, tuple[TableMeta, list[StepRecord]]]:
    """Every table's row and log, by join code: from the SQLite file, or from
    PostgreSQL when `db` is its URL (tests/test_daemon_failover.py)."""
    if isinstance(db, str):
        with psycopg.connect(db) as pg:
            metas = [
                TableMeta.model_validate_json(m) for (m,) in pg.execute("SELECT meta FROM tables")
            ]
            rows = pg.execute("SELECT * FROM steps ORDER BY table_id, ply").fetchall()
    else:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            metas = [
                TableMeta.model_validate_json(m) for (m,) in conn.execute("SELECT meta FROM tables")
            ]
            rows = conn.execute("SELECT * FROM steps ORDER BY table_id, ply").fetchall()
    logs: dict[str, list[StepRecord]] = {}
    for table_id, p, k, s, m, a, t in rows:
        logs.setdefault(table_id, []).append(
            StepRecord(ply=p, kind=k, seat=s, move=m, actor=a, at=t)
        )
    return {meta.code: (meta, logs.get(meta.id, [])) for meta in metas}


def replay_digest(meta: TableMeta, steps: list[StepRecord]) -> str:
    game = get_game(meta.game)
    config = TableConfig(
        game=meta.game, options=meta.options, seats=len(meta.seats), seed=meta.seed
    )
    state = game.initial_state(config)
    for step in steps:
        state = replay_step(game, state, step).state
    return hashlib.sha256(game.encode_state(state).encode()).hexdigest()


def test_sigkill_at_random_points_loses_nothing_acknowledged(tmp_path: Path) -> None:
    state = tmp_path / "state"
    sock, db = state / "control.sock", state / "plgames.db"
    rng = random.Random()
    seen: dict[str, Seen] = {}
    people: dict[str, list[str]] = {}
    resumed = 0
    proc = start(state)
    try:
        wait_ready(sock, proc)
        for _ in range(ROUNDS):
            keep_tables_in_play(sock, seen, people)
            kill_at = time.monotonic() + rng.uniform(0.15, 0.9)
            while time.monotonic() < kill_at:
                play_a_little(sock, seen, people)
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)

            proc = start(state)
            wait_ready(sock, proc)
            resumed += check(sock, db, seen)

        assert resumed > 0, "some kills landed mid-game"
        assert sum(len(s.acks) for s in seen.values()) > 0, "the scripted people made moves"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def keep_tables_in_play(sock: Path, seen: dict[str, Seen], people: dict[str, list[str]]) -> None:
    """Three AI-only tables and two with scripted people, all mid-game, so each
    kill lands during play; finished ones are replaced."""
    rows = ask(sock, cmd="tables")["tables"]
    playing = {t["code"]: t["game"] for t in rows if t["status"] == "playing"}
    for code in set(people) - set(playing):
        del people[code]
    have = [(game, people.get(code, [])) for code, game in playing.items()]
    wanted: list[tuple[str, list[str]]] = [("euchre", []), ("sequence", []), ("euchre", [])]
    wanted += [("euchre", ["ana", "bo"]), ("sequence", ["cy"])]
    for game, users in wanted:
        if (game, users) in have:
            have.remove((game, users))
            continue
        code = ask(sock, cmd="new", game=game)["code"]
        for user in users:
            ask(sock, cmd="join", code=code, user=user)
        ask(sock, cmd="start", code=code)
        seen[code] = Seen()
        if users:
            people[code] = users


def play_a_little(sock: Path, seen: dict[str, Seen], people: dict[str, list[str]]) -> None:
    """One pass: each scripted person whose turn it is moves; every table is looked at."""
    try:
        for code, users in people.items():
            for user in users:
                view = ask(sock, cmd="view", code=code, user=user)
                if view["legal"]:
                    move = view["legal"][0]
                    answer = call(sock, {"cmd": "move", "code": code, "user": user, "move": move})
                    if answer["ok"]:
                        seen[code].acks[answer["version"]] = (view["seat"], move)
        for code in seen:
            shown = call(sock, {"cmd": "show", "code": code})
            if shown["ok"]:  # finished tables are forgotten after a restart
                seen[code].digests[shown["version"]] = shown["digest"]
    except OSError:
        pass  # the kill can land mid-call: that answer was never received


def check(socks: Path | Sequence[Path], db: Path | str, seen: dict[str, Seen]) -> int:
    """Compare the restarted daemon (or the daemons sharing one database) and
    what it said before with the stored log; returns how many tables it resumed."""
    # What the restarted daemon holds, atomically per table, before reading the log
    # (it keeps playing, and the log only grows).
    # Finished tables are not reloaded: the log alone is checked for them.
    now = {}
    for sock in [socks] if isinstance(socks, Path) else socks:
        held = {row["code"] for row in ask(sock, cmd="tables")["tables"]}
        now |= {code: ask(sock, cmd="show", code=code) for code in seen if code in held}
    logs = stored(db)
    for code, info in seen.items():
        meta, steps = logs[code]
        assert code in now or not meta.status.open, f"{code} was not resumed"
        if code in now:
            shown = now[code]
            assert shown["version"] <= len(steps)
            prefix = steps[: shown["version"]]
            assert shown["digest"] == replay_digest(meta, prefix), f"{code} differs from replay"
        for version, (seat, move) in info.acks.items():
            step = steps[version - 1]
            assert (step.seat, step.move) == (seat, move), f"{code}: acknowledged move lost"
        for version, digest in info.digests.items():
            assert version <= len(steps), f"{code}: step {version} was reported, not stored"
            assert digest == replay_digest(meta, steps[:version]), f"{code}: log disagrees"
        info.digests.clear()  # checked once; keeps later rounds quick
    return len(now)
