"""Connection caps at LAN tables (issue 13, defect 6): per table, per remote
address and overall; idle unseated links make room; one log line per burst."""

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from native_support import AppClient, register_nim

from daemon.config import LanConfig, LanTableSpec
from daemon.core import Daemon
from daemon.model import PacingPolicy, StartPolicy, TimerPolicy
from daemon.store import MemoryStore
from frontends.native import admission
from frontends.native.admission import BUSY, RESERVED_FILES, files_allow
from frontends.native.lan import LanFrontend
from frontends.native.messages import Welcome, decode

UNIT = Path(__file__).resolve().parent.parent / "deploy" / "plgames.service"

Conn = tuple[asyncio.StreamReader, asyncio.StreamWriter]


@pytest.fixture(autouse=True)
def nim(monkeypatch: pytest.MonkeyPatch) -> None:
    register_nim(monkeypatch)


@asynccontextmanager
async def two_tables(**caps: object) -> AsyncIterator[tuple[LanFrontend, int, int]]:
    values: dict[str, object] = {
        "interfaces": ["127.0.0.1"],
        "advertise": False,
        "pacing": PacingPolicy(think_seconds=0, hold_seconds=0, batch=False),
        "timer": TimerPolicy(turn_seconds=None),
        "crowded_hello_seconds": 3600,
        **caps,
    }
    daemon = Daemon(MemoryStore())
    lan = LanFrontend(LanConfig.model_validate(values))
    await daemon.add_frontend(lan)
    ports = []
    for name in ("A", "B"):
        spec = LanTableSpec(game="nim", name=name, seats=2, start=StartPolicy(mode="manual"))
        ports.append((await lan.open_table(spec)).port)
    conns: list[Conn] = []
    try:
        yield lan, ports[0], ports[1]
    finally:
        for _, writer in conns:
            writer.close()
        await daemon.shutdown(0.1)


async def counted(lan: LanFrontend, n: int) -> None:
    for _ in range(1000):
        if len(lan.admission) == n:
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"{len(lan.admission)} links counted, not {n}")


async def bare(lan: LanFrontend, port: int, n: int) -> list[Conn]:
    """`n` connections that never say anything, each counted before the next."""
    made = []
    for _ in range(n):
        wanted = len(lan.admission) + 1
        made.append(await asyncio.open_connection("127.0.0.1", port))
        await counted(lan, wanted)
    return made


async def turned_away(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    line = await asyncio.wait_for(reader.readline(), 10)
    assert decode(line) == Welcome(
        hostName=decode(line).hostName, gameId="nim", accepted=False, reason=BUSY
    )  # type: ignore[union-attr]
    assert await asyncio.wait_for(reader.read(), 10) == b""
    writer.close()


async def seated(port: int, device: str) -> AppClient:
    client = await AppClient.connect("127.0.0.1", port)
    await client.hello(device, device)
    welcome = await client.next()
    assert isinstance(welcome, Welcome) and welcome.accepted, welcome
    return client


def close_all(conns: list[Conn]) -> None:
    for _, writer in conns:
        writer.close()


async def test_a_full_table_turns_newcomers_away_and_the_others_serve_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with two_tables(max_links_per_table=3) as (lan, a, b):
        idle = await bare(lan, a, 3)
        for _ in range(20):
            await turned_away(a)
        phone = await seated(b, "phone")
        assert len(lan.admission) == 4
        await phone.close()
        close_all(idle)
    starts = [r for r in caplog.records if r.getMessage().startswith("refusing LAN connections")]
    assert len(starts) == 1 and "per table cap of 3" in starts[0].getMessage()
    # Bare connections come and go without a line each; the phone's close is one.
    assert len([r for r in caplog.records if r.name == "frontends.native.link"]) <= 1


async def test_one_address_is_capped_across_tables() -> None:
    async with two_tables(max_links_per_address=2) as (lan, a, b):
        idle = await bare(lan, a, 2)
        await turned_away(b)
        idle[0][1].close()
        await counted(lan, 1)
        phone = await seated(b, "phone")
        await phone.close()
        close_all(idle[1:])


async def test_the_overall_cap_counts_every_table() -> None:
    async with two_tables(max_links=3) as (lan, a, b):
        idle = await bare(lan, a, 2) + await bare(lan, b, 1)
        await turned_away(b)
        await turned_away(a)
        close_all(idle)


async def test_at_a_cap_a_link_without_hello_makes_room_but_a_seated_one_never() -> None:
    async with two_tables(max_links_per_table=2, crowded_hello_seconds=0) as (lan, a, _):
        ann = await seated(a, "ann")
        [(idle_reader, idle_writer)] = await bare(lan, a, 1)
        bob = await seated(a, "bob")  # the idle link gives way
        assert await asyncio.wait_for(idle_reader.read(), 10) == b""
        assert lan.admission.evicted == 1
        await turned_away(a)  # both links are seated: nobody gives way
        for client in (ann, bob):
            await client.close()
        idle_writer.close()


async def test_a_burst_of_refusals_is_logged_once_then_summed_up(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="frontends.native.admission")
    async with two_tables(max_links_per_table=1) as (lan, a, _):
        lan.admission.quiet = 0.1
        idle = await bare(lan, a, 1)
        for _ in range(12):
            await turned_away(a)
        for _ in range(500):
            if any("in that burst" in r.getMessage() for r in caplog.records):
                break
            await asyncio.sleep(0.01)
        lines = [r.getMessage() for r in caplog.records]
        close_all(idle)
    assert len(lines) == 2
    assert lines[0].startswith("refusing LAN connections: the per table cap of 1")
    assert re.match(r"refused 12 LAN connections in that burst \(12 per table\)", lines[1])


def test_the_overall_cap_leaves_room_under_the_open_file_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(admission.resource, "getrlimit", lambda which: (1024, 524288))
    assert files_allow(1024) == 1024 - RESERVED_FILES
    assert files_allow(100) == 100


def test_the_unit_raises_the_open_file_limit_to_fit_the_default_caps() -> None:
    [value] = [
        line.removeprefix("LimitNOFILE=")
        for line in UNIT.read_text().splitlines()
        if line.startswith("LimitNOFILE=")
    ]
    assert int(value) >= LanConfig().max_links + RESERVED_FILES
