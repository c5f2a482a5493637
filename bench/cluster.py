"""PostgreSQL and several daemons, for `make bench` (docs/BENCHMARKS.md, docs/scaling.md).

Runs on a throwaway PostgreSQL server of its own (tests/pg_support.py) with
fsync and synchronous commit ON, as a production server would be, on loopback:

- steps stored per second through the store interface, SQLite (`synchronous
  = full`) and PostgreSQL, with many tables writing at once;
- takeover time: three `plgames serve` share busy tables; the one serving
  the most is SIGKILLed; seconds until every table it served is served again
  (p50 and p95 over the kills, with `cluster.lease_seconds` as given);
- forwarded-request latency: `show` through the admin socket of the daemon
  serving the table, and through another daemon, which forwards it;
- 10,000 tables (Euchre, started, waiting on a person) shared out among three
  daemons from a cold start: seconds until all are served, and resident
  memory per table (each daemon's RSS over its RSS with no tables).
"""

import asyncio
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from daemon.ai import InlineAi
from daemon.control import call
from daemon.core import Daemon
from daemon.model import (
    Actor,
    Identity,
    Origin,
    PacingPolicy,
    Seat,
    StepKind,
    StepRecord,
    TableMeta,
    TablePolicy,
    TimerPolicy,
)
from daemon.postgres_store import PostgresStore
from daemon.sqlite_store import SqliteStore
from daemon.store import Store
from tests.pg_support import PgServer

PERSON = Identity(frontend="bench", user="p")
QUIET = TablePolicy(
    pacing=PacingPolicy(think_seconds=0, hold_seconds=0), timer=TimerPolicy(turn_seconds=None)
)


def _meta(table_id: str) -> TableMeta:
    return TableMeta(
        id=table_id,
        code=table_id[-5:],
        name=table_id,
        game="euchre",
        seed=1,
        origin=Origin(frontend="bench"),
        seats=[Seat() for _ in range(4)],
        created_at=0.0,
    )


async def steps_per_second(store: Store, tables: int = 100, steps: int = 50) -> float:
    await store.open()
    ids = [f"t{i:05d}" for i in range(tables)]
    for table_id in ids:
        await store.create_table(_meta(table_id))

    async def play(table_id: str) -> None:
        for ply in range(steps):
            step = StepRecord(ply=ply, kind=StepKind.ADVANCE, actor=Actor.HOST, at=float(ply))
            await store.append_step(table_id, step, "snapshot" if ply % 50 == 49 else None)

    began = time.perf_counter()
    await asyncio.gather(*(play(t) for t in ids))
    seconds = time.perf_counter() - began
    await store.close()
    return tables * steps / seconds


# ---- daemons in processes --------------------------------------------------------------


def _spawn(root: Path, name: str, url: str, lease: float) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "PLGAMES_HTTP__ENABLED": "false",
        "PLGAMES_LAN__ENABLED": "false",
        "PLGAMES_LOG__LEVEL": "warning",
        "PLGAMES_STORAGE__URL": url,
        "PLGAMES_STORAGE__POOL_SIZE": "4",
        "PLGAMES_CLUSTER__NAME": name,
        "PLGAMES_CLUSTER__LEASE_SECONDS": str(lease),
        "PLGAMES_TABLES__PACING__THINK_SECONDS": "0.05",
        "PLGAMES_TABLES__PACING__HOLD_SECONDS": "0",
    }
    env.pop("PLGAMES_CONFIG", None)
    (root / name).mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "daemon.cli", "serve", "--state-dir", str(root / name)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=(root / f"{name}.log").open("ab"),
    )
    sock = root / name / "control.sock"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            call(sock, {"cmd": "tables"}, 30)
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"daemon {name} did not start: see {root / name}.log")


def _held(root: Path, names: list[str]) -> dict[str, set[str]]:
    found = {}
    for name in names:
        rows = call(root / name / "control.sock", {"cmd": "tables"}, 60)["tables"]
        found[name] = {r["code"] for r in rows if r["status"] in ("lobby", "playing")}
    return found


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def takeovers(root: Path, url: str, kills: int, lease: float) -> dict[str, float]:
    names = ["a", "b", "c"]
    procs = {n: _spawn(root, n, url, lease) for n in names}
    rng = random.Random(1)
    times: list[float] = []
    try:
        for name in names:
            for _ in range(10):  # AI-only Euchre tables, playing throughout
                code = call(root / name / "control.sock", {"cmd": "new", "game": "euchre"})["code"]
                call(root / name / "control.sock", {"cmd": "start", "code": code})
        for _ in range(kills):
            time.sleep(rng.uniform(1, 2))
            held = _held(root, list(procs))
            victim = max(held, key=lambda n: len(held[n]))
            orphans = held[victim]
            procs.pop(victim).send_signal(signal.SIGKILL)
            began = time.monotonic()
            while not orphans <= set().union(*_held(root, list(procs)).values()):
                time.sleep(0.02)
            times.append(time.monotonic() - began)
            procs[victim] = _spawn(root, victim, url, lease)
    finally:
        for proc in procs.values():
            proc.kill()
            proc.wait()
    return {
        "cluster_lease_seconds": lease,
        "cluster_takeover_p50_seconds": _percentile(times, 0.5),
        "cluster_takeover_p95_seconds": _percentile(times, 0.95),
        "cluster_takeover_kills": float(len(times)),
    }


def forwarding(root: Path, url: str, asks: int = 300) -> dict[str, float]:
    procs = [_spawn(root, n, url, 10.0) for n in ("f1", "f2")]
    one, two = root / "f1" / "control.sock", root / "f2" / "control.sock"
    try:
        code = call(one, {"cmd": "new", "game": "euchre"})["code"]
        figures = {}
        for label, sock in (("direct", one), ("forwarded", two)):
            took = []
            for _ in range(asks):
                began = time.perf_counter()
                assert call(sock, {"cmd": "show", "code": code})["ok"]
                took.append(time.perf_counter() - began)
            figures[f"cluster_{label}_show_p50_ms"] = _percentile(took, 0.5) * 1000
            figures[f"cluster_{label}_show_p95_ms"] = _percentile(took, 0.95) * 1000
        return figures
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


async def _waiting_tables(url: str, count: int) -> None:
    """`count` started Euchre tables, each waiting on the person in seat 0,
    stored by one daemon that then stops cleanly (its leases expire at once)."""
    store = PostgresStore(url, owner="seeder", lease_seconds=60, pool_size=8)
    await store.open()
    daemon = Daemon(store, ai=InlineAi(), policy=QUIET)
    made = 0
    while made < count:
        batch = min(200, count - made)
        tables = [
            await daemon.open_table("euchre", origin=Origin(frontend="bench")) for _ in range(batch)
        ]
        for table in tables:
            await table.join(PERSON, "P", seat=0)
            await table.start()
        async with asyncio.timeout(600):
            while not all(t.to_move() == 0 for t in tables):
                await asyncio.sleep(0.01)
        for table in tables:
            await daemon.forget(table.meta.id)  # keep the seeder's memory flat
        made += batch
    await daemon.shutdown()


def ten_thousand(root: Path, url: str, tables: int) -> dict[str, float]:
    names = ["m1", "m2", "m3"]
    empty = _spawn(root, "m0", url, 3.0)
    time.sleep(1)
    base = _rss_kib(empty.pid)
    empty.kill()
    empty.wait()
    asyncio.run(_waiting_tables(url, tables))
    began = time.monotonic()
    procs = {n: _spawn(root, n, url, 3.0) for n in names}
    try:
        while sum(len(h) for h in _held(root, names).values()) < tables:
            time.sleep(0.5)
        spread = time.monotonic() - began
        time.sleep(2)
        held = _held(root, names)
        rss = {n: _rss_kib(p.pid) for n, p in procs.items()}
    finally:
        for proc in procs.values():
            proc.kill()
            proc.wait()
    per_table = sum(rss[n] - base for n in names) / tables
    return {
        "cluster_tables": float(tables),
        "cluster_tables_per_daemon_min": float(min(len(h) for h in held.values())),
        "cluster_tables_per_daemon_max": float(max(len(h) for h in held.values())),
        "cluster_spread_seconds": spread,
        "cluster_daemon_rss_empty_mib": base / 1024,
        "cluster_rss_per_table_kib": per_table,
    }


def run(kills: int = 8, tables: int = 10_000) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="plgames-cluster-") as folder:
        root = Path(folder)
        server = PgServer(fsync=True).start()
        try:
            figures["store_sqlite_steps_per_second"] = asyncio.run(
                steps_per_second(SqliteStore(root / "bench.db"))
            )
            figures["store_postgres_steps_per_second"] = asyncio.run(
                steps_per_second(PostgresStore(server.new_database(), pool_size=10))
            )
            figures |= forwarding(root, server.new_database())
            figures |= takeovers(root, server.new_database(), kills, lease=3.0)
            figures |= ten_thousand(root, server.new_database(), tables)
        finally:
            server.stop()
    return figures


if __name__ == "__main__":
    for name, value in run(*(int(a) for a in sys.argv[1:3])).items():
        print(f"{name:40} {value:12.3f}")
