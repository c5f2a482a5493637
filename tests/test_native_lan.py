"""LAN tables end to end on loopback: mDNS announcement, play, withdrawal, reopening."""

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from native_support import AppClient, register_nim
from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

from daemon.config import LanConfig, LanTableSpec, Settings
from daemon.control import ControlServer
from daemon.core import Daemon
from daemon.model import PacingPolicy, StartPolicy, TimerPolicy
from daemon.store import MemoryStore
from frontends.native import discovery
from frontends.native.discovery import SERVICE_TYPE, browse, display_name, instance_name
from frontends.native.lan import LanFrontend, build
from frontends.native.messages import Start

LOOPBACK = ["127.0.0.1"]
pytestmark = pytest.mark.xdist_group("mdns")
"""Tests that announce on loopback share one worker (`make test` runs several):
these count the services they see."""


@pytest.fixture(autouse=True)
def nim(monkeypatch: pytest.MonkeyPatch) -> None:
    register_nim(monkeypatch)


def config(**overrides: object) -> LanConfig:
    spec = LanTableSpec(
        game="nim",
        name="Nim — kitchen",
        options={"counters": 3},
        seats=2,
        start=StartPolicy(mode="countdown", countdown_seconds=0),
    )
    values: dict[str, object] = {
        "interfaces": LOOPBACK,
        "tables": [spec],
        "pacing": PacingPolicy(think_seconds=0, hold_seconds=0, batch=False),
        "timer": TimerPolicy(turn_seconds=None),
        "linger_seconds": 0.2,
    }
    values.update(overrides)
    return LanConfig.model_validate(values)


@pytest.fixture
async def frontend() -> AsyncIterator[LanFrontend]:
    daemon = Daemon(MemoryStore())
    lan = LanFrontend(config())
    await daemon.add_frontend(lan)
    yield lan
    await daemon.shutdown(0.1)


async def first_table(lan: LanFrontend) -> int:
    for _ in range(500):
        if lan.tables:
            return lan.tables[0].port
        await asyncio.sleep(0.01)
    raise AssertionError("no LAN table opened")


def test_instance_names_fit_an_mdns_label_and_list_as_the_app_lists_them() -> None:
    name = instance_name("Ünïcödé " * 10)
    assert len(name.encode()) <= 63
    assert display_name(instance_name("Kitchen")) == "Kitchen"
    assert display_name("No at sign") == "No at sign"


def test_the_config_refuses_what_cannot_work() -> None:
    with pytest.raises(ValueError, match="IPv4"):
        LanConfig(interfaces=["::1"])
    with pytest.raises(ValueError, match="43"):
        LanTableSpec(game="euchre", name="x" * 44)
    assert LanConfig.model_validate({"interfaces": "127.0.0.1, 127.0.0.2"}).interfaces == [
        "127.0.0.1",
        "127.0.0.2",
    ]
    spec = LanTableSpec(game="euchre", name="t", start=StartPolicy(late_join=True))
    assert spec.start.late_join is False


async def test_a_table_is_announced_played_withdrawn_and_reopened(frontend: LanFrontend) -> None:
    port = await first_table(frontend)
    # Other daemons on this machine may announce on loopback too: ours is the one on `port`.
    [found] = [f for f in await browse(LOOPBACK, seconds=1.5) if f.port == port]
    assert (found.instance, found.name, found.address, found.port) == (
        "ProLibertateGames @ Nim — kitchen",
        "Nim — kitchen",
        "127.0.0.1",
        port,
    )

    watcher = AsyncZeroconf(interfaces=LOOPBACK, ip_version=IPVersion.V4Only)
    changes: asyncio.Queue[tuple[str, ServiceStateChange]] = asyncio.Queue()

    def on_change(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        # Updates are the TXT records following the seats (for `plgames discover`).
        if (
            name.startswith("ProLibertateGames @ Nim")
            and state_change is not ServiceStateChange.Updated
        ):
            changes.put_nowait((name, state_change))

    browser = AsyncServiceBrowser(watcher.zeroconf, [SERVICE_TYPE], handlers=[on_change])
    try:
        assert (await asyncio.wait_for(changes.get(), 10))[1] is ServiceStateChange.Added
        client = await AppClient.connect(found.address, found.port)
        await client.hello("phone-1", "Ann")
        assert (await client.until("welcome")).accepted
        await client.until("start")
        for _ in range(10):  # Nim from 3 counters: at most two turns of ours
            state = await client.until("state")
            if '"pile":0' in state.stateJson:
                break
            if state.legalMoves:
                await client.intent(state.legalMoves[0])
        name, change = await asyncio.wait_for(changes.get(), 10)
        assert change is ServiceStateChange.Removed
        assert name == f"ProLibertateGames @ Nim — kitchen.{SERVICE_TYPE}"
        assert await client.closed()  # after the linger, the table's port closes
        with pytest.raises(OSError):
            await asyncio.open_connection("127.0.0.1", port)
        name, change = await asyncio.wait_for(changes.get(), 10)
        assert change is ServiceStateChange.Added  # a fresh table under the same name
        # The announcement can be heard before `register` returns to the frontend.
        assert await first_table(frontend) != port
        await client.close()
    finally:
        await browser.async_cancel()
        await watcher.async_close()


def test_the_service_builds_the_frontend_from_the_daemons_settings() -> None:
    settings = Settings(lan={"interfaces": ["127.0.0.1"], "name": "Pi"})
    lan = build(settings, None)
    assert (lan.config.interfaces, lan.config.name) == (["127.0.0.1"], "Pi")
    with pytest.raises(ValueError, match=r"bluetooth\.table"):
        build(Settings(lan={"interfaces": ["127.0.0.1"]}, bluetooth={"enabled": True}), None)


def test_all_interfaces_advertise_every_ipv4_address_but_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def adapter(*ips: str) -> SimpleNamespace:
        return SimpleNamespace(ips=[SimpleNamespace(ip=ip, is_IPv4="." in ip) for ip in ips])

    fake = [adapter("127.0.0.1", "::1"), adapter("192.0.2.7", "fe80::1")]
    monkeypatch.setattr(discovery.ifaddr, "get_adapters", lambda: fake)
    assert discovery.advertised_addresses(["0.0.0.0"]) == ["192.0.2.7"]
    assert discovery.advertised_addresses(["127.0.0.1"]) == ["127.0.0.1"]


async def test_the_admin_command_opens_a_lan_table_and_says_where(
    frontend: LanFrontend,
) -> None:
    answer = await frontend.command({"game": "nim", "options": {"counters": 2}, "seats": 2})
    assert answer["address"] == "127.0.0.1" and answer["name"] == "plgames"
    client = await AppClient.connect(answer["address"], answer["port"])
    await client.hello("phone-2", "Bo")
    assert (await client.until("welcome")).accepted
    assert isinstance(await client.until("start"), Start)  # one person wanted: it starts
    await client.close()


async def ask(path: Path, request: dict[str, object]) -> dict[str, object]:
    reader, writer = await asyncio.open_unix_connection(str(path))
    writer.write(json.dumps(request).encode() + b"\n")
    await writer.drain()
    answer: dict[str, object] = json.loads(await reader.readline())
    writer.close()
    return answer


async def test_the_control_socket_opens_lan_tables_only_when_the_lan_is_on(
    tmp_path: Path,
) -> None:
    """`plgames play` asks the running daemon over its admin socket."""
    daemon = Daemon(MemoryStore())
    control = ControlServer(daemon, tmp_path / "control.sock")
    await control.start()
    try:
        off = await ask(control.path, {"cmd": "lan_open", "game": "nim", "seats": 2})
        assert off["ok"] is False and "lan.enabled" in str(off["error"])
        await daemon.add_frontend(LanFrontend(config(tables=[])))
        on = await ask(control.path, {"cmd": "lan_open", "game": "nim", "seats": 2})
        assert on["ok"] is True and on["address"] == "127.0.0.1"
        client = await AppClient.connect("127.0.0.1", int(str(on["port"])))
        await client.hello("phone-3", "Cy")
        assert (await client.until("welcome")).accepted
        await client.close()
    finally:
        await control.stop()
        await daemon.shutdown(0.1)
