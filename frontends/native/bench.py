"""Loopback load test of the LAN frontend for `make bench`.

Up to 50 Euchre tables, four protocol-2 clients each (200 clients at full size),
every seat a person so every move is an intent over TCP, against the real
daemon (SQLite, `synchronous=full`, in a temporary directory). The clients run
in a separate process so the daemon's memory is measured alone. Figures:
intent-to-state latency (from writing an intent to reading the state it
caused) p50/p99, intents per second, and the daemon process's peak RSS.
Everything is on 127.0.0.1 and bounded: one game per table, pointsToWin 5,
and a hard time limit.
"""

import asyncio
import multiprocessing
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from daemon.ai import InlineAi
from daemon.config import LanConfig, LanTableSpec
from daemon.core import Daemon
from daemon.model import PacingPolicy, StartPolicy, TablePolicy, TimerPolicy
from daemon.sqlite_store import SqliteStore
from frontends.native.lan import LanFrontend
from frontends.native.messages import Hello, Intent, Ping, Pong, State, decode

SEATS = 4
MAX_TABLES = 50
LIMIT_SECONDS = 600.0


def run(games: int) -> dict[str, float]:
    """`games` tables (at most 50), each playing one game to its end."""
    return asyncio.run(_bench(max(1, min(MAX_TABLES, games))))


def _rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _bench(tables: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.db")
        await store.open()
        fast = PacingPolicy(think_seconds=0, hold_seconds=0, batch=False)
        daemon = Daemon(store, ai=InlineAi(), policy=TablePolicy(pacing=fast))
        lan = LanFrontend(
            LanConfig(
                interfaces=["127.0.0.1"],
                advertise=False,
                pacing=fast,
                timer=TimerPolicy(turn_seconds=None),
                linger_seconds=60,
                max_links_per_address=tables * SEATS,  # every client is on loopback
            )
        )
        await daemon.add_frontend(lan)
        before = _rss_mib()
        ports = []
        for index in range(tables):
            spec = LanTableSpec(
                game="euchre",
                name=f"bench {index}",
                options={"pointsToWin": 5},
                start=StartPolicy(mode="when_full", humans=SEATS),
            )
            ports.append((await lan.open_table(spec)).port)
        peak = before
        context = multiprocessing.get_context("spawn")
        results: Any = context.Queue()
        clients = context.Process(target=_clients_main, args=(ports, results), daemon=True)
        began = time.perf_counter()
        clients.start()
        answer = asyncio.create_task(asyncio.to_thread(results.get, True, LIMIT_SECONDS))
        while not answer.done():
            peak = max(peak, _rss_mib())
            await asyncio.wait({answer}, timeout=0.25)
        latencies, finished = answer.result()
        elapsed = time.perf_counter() - began
        clients.join(10)
        await daemon.shutdown(2.0)
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {
        "tables": float(tables),
        "clients": float(tables * SEATS),
        "games_finished": float(finished),
        "intents": float(len(latencies)),
        "intents_per_s": len(latencies) / elapsed,
        "intent_to_state_p50_ms": cuts[49] * 1000,
        "intent_to_state_p99_ms": cuts[98] * 1000,
        "daemon_rss_before_mib": before,
        "daemon_rss_peak_mib": peak,
    }


def _clients_main(ports: list[int], results: Any) -> None:
    """The client process: every seat of every table, until every game ends."""
    results.put(asyncio.run(_clients(ports)))


async def _clients(ports: list[int]) -> tuple[list[float], int]:
    latencies: list[float] = []
    players = [
        _player(port, f"{port:05d}{seat:011d}", seat, latencies)
        for port in ports
        for seat in range(SEATS)
    ]
    async with asyncio.timeout(LIMIT_SECONDS - 30):
        ended = await asyncio.gather(*players)
    return latencies, sum(ended) // SEATS


async def _player(port: int, device: str, seat: int, latencies: list[float]) -> int:
    """One phone: answers pings, plays a random legal move whenever it may."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    rng = random.Random(device)

    def send(message: Any) -> None:
        writer.write(message.encode().encode() + b"\n")

    send(Hello(peerId=device, displayName=f"P{seat}", protocol=2))
    sent_at: float | None = None
    acted_on = 0
    try:
        while raw := await reader.readline():
            message = decode(raw.rstrip(b"\n"))
            if isinstance(message, Ping):
                send(Pong())
            if not isinstance(message, State):
                continue
            if sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if '"phase":"GAME_OVER"' in message.stateJson:
                return 1
            if message.legalMoves and message.seq != acted_on:
                acted_on = message.seq
                sent_at = time.perf_counter()
                send(Intent(moveJson=rng.choice(message.legalMoves)))
    finally:
        writer.close()
    return 0
