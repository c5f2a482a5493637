"""Requests for a table another daemon serves are forwarded to it (issue 19).

Two `plgames serve` on one PostgreSQL database: a table opened on the first
is joined, looked at and played through the second's admin socket, and the
first (its lease holder) is the one that stores the moves.
"""

import json
import subprocess
import time
from pathlib import Path
from typing import Any

import psycopg
from test_daemon_crash import ask, start, wait_ready

from daemon.control import call
from daemon.metrics import Metrics
from daemon.routing import INLINE, Router


def spawn(root: Path, name: str, url: str) -> subprocess.Popen[bytes]:
    proc = start(
        root / name,
        PLGAMES_STORAGE__URL=url,
        PLGAMES_CLUSTER__NAME=name,
        PLGAMES_TABLES__TIMER__TURN_SECONDS="0",
        PLGAMES_CLUSTER__LEASE_SECONDS="4",
    )
    wait_ready(root / name / "control.sock", proc)
    return proc


def test_a_request_at_the_wrong_daemon_reaches_the_owner(tmp_path: Path, pg_url: str) -> None:
    procs = [spawn(tmp_path, name, pg_url) for name in ("one", "two")]
    one, two = (tmp_path / n / "control.sock" for n in ("one", "two"))
    try:
        code = ask(one, cmd="new", game="katan")["code"]
        assert code not in {t["code"] for t in ask(two, cmd="tables")["tables"]}
        assert ask(two, cmd="join", code=code, user="ana")["seat"] == 0
        ask(two, cmd="start", code=code)
        for _ in range(3):  # Katan's view is longer than a notification: relayed
            view = ask(two, cmd="view", code=code, user="ana")
            if view["legal"]:
                break
        assert view["legal"], view
        moved = ask(two, cmd="move", code=code, user="ana", move=view["legal"][0])
        shown = ask(one, cmd="show", code=code)
        assert shown["version"] >= moved["version"] >= 1
        stale = call(two, {"cmd": "move", "code": code, "user": "ana", "move": view["legal"][0]})
        assert not stale["ok"]  # refused by the owner with its reason, not lost
        nowhere = call(two, {"cmd": "show", "code": "ZZZZZ"})
        assert nowhere == {
            "ok": False,
            "code": "unknown_table",
            "error": "There is no table 'ZZZZZ'.",
        }
        with psycopg.connect(pg_url) as conn:
            owner, moves = conn.execute(
                "SELECT l.owner, count(s.ply) FROM tables t JOIN leases l ON l.table_id = t.id "
                "JOIN steps s ON s.table_id = t.id WHERE t.code = %s AND s.actor = 'human' "
                "GROUP BY l.owner",
                (code,),
            ).fetchone()
        assert (owner, moves) == ("one", 1)

        busy = ask(one, cmd="new", game="euchre")["code"]  # the AI plays every seat
        ask(two, cmd="start", code=busy)
        while ask(two, cmd="show", code=busy)["version"] < 120:
            time.sleep(0.05)
        log = ask(two, cmd="log", code=busy)
        assert len(json.dumps(log)) > INLINE  # too long to notify: it came through the relay
        assert [s["ply"] for s in log["steps"]] == list(range(len(log["steps"])))

        procs[0].kill()  # its lease runs a few seconds more: the table is on its way
        procs[0].wait()
        moving = call(two, {"cmd": "show", "code": code})  # unanswered, or "moving"
        assert moving["code"] == "unavailable" and "try again" in moving["error"]
        deadline = time.monotonic() + 30
        while not (shown := call(two, {"cmd": "show", "code": code}))["ok"]:
            assert time.monotonic() < deadline, shown
            time.sleep(0.1)
        assert code in {t["code"] for t in ask(two, cmd="tables")["tables"]}  # taken over
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(20)


async def test_a_router_listens_again_after_its_connections_broke(pg_url: str) -> None:
    """A database restart (here: every connection of the routers killed)
    costs the requests in flight, answered "try again", not the later ones."""

    async def echo(request: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "echo": request["n"]}

    a, b = (Router(pg_url, name, echo, Metrics(), timeout=2.0) for name in ("a", "b"))
    await a.start()
    await b.start()
    try:
        assert await b.ask("a", {"n": 1}, "control") == {"ok": True, "echo": 1}
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        deadline = time.monotonic() + 30
        while (answer := await b.ask("a", {"n": 2}, "control")) != {"ok": True, "echo": 2}:
            assert answer["code"] == "unavailable" and "try again" in answer["error"], answer
            assert time.monotonic() < deadline, "the routers never answered again"
    finally:
        await a.stop()
        await b.stop()
