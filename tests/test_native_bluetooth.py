"""Everything above the RFCOMM socket, over socket pairs (this host has no radio).

What only a radio can test is listed in docs/bluetooth.md with the manual check.
"""

import asyncio
import importlib.util
import logging
import socket

import pytest
from native_support import QUICK, AppClient, register_nim

from daemon.config import BluetoothConfig, LanConfig, LanTableSpec
from daemon.core import Daemon
from daemon.model import Origin
from daemon.store import MemoryStore
from frontends.native import bluetooth
from frontends.native.bluetooth import (
    make_profile,
    missing_support,
    serve_connected,
)
from frontends.native.host import LanHost
from frontends.native.lan import LanFrontend

MAC = "AA:BB:CC:DD:EE:FF"


@pytest.fixture(autouse=True)
def nim(monkeypatch: pytest.MonkeyPatch) -> None:
    register_nim(monkeypatch)


async def test_an_rfcomm_connection_speaks_the_same_protocol_as_tcp() -> None:
    daemon = Daemon(MemoryStore(), policy=QUICK)
    table = await daemon.open_table("nim", origin=Origin(frontend="native"), seats=2)
    host = LanHost(table, name="Pi")
    ours, theirs = socket.socketpair()
    served = asyncio.create_task(serve_connected(lambda: host, ours, MAC))
    reader, writer = await asyncio.open_connection(sock=theirs)
    phone = AppClient(reader, writer)
    await phone.hello("9774d56d682e549c", "Bob", 1)
    assert (await phone.next()).accepted  # type: ignore[union-attr]
    lobby = await phone.next()
    assert lobby.seats[0].deviceId == "9774d56d682e549c"  # type: ignore[union-attr]
    assert [link.peer for link in host._links] == [MAC]
    host.close()
    await asyncio.wait_for(served, 5)
    await phone.close()
    await daemon.shutdown(0.1)


async def test_a_connection_while_no_table_is_open_is_closed() -> None:
    ours, theirs = socket.socketpair()
    await serve_connected(lambda: None, ours, MAC)
    assert theirs.recv(1) == b""


async def test_bluez_hands_a_connection_to_the_profile_with_the_phones_address() -> None:
    pytest.importorskip("dbus_fast", reason="the bluetooth extra is not installed")
    accepted: list[tuple[socket.socket, str]] = []
    profile = make_profile(lambda sock, peer: accepted.append((sock, peer)))
    ours, theirs = socket.socketpair()
    profile.NewConnection(f"/org/bluez/hci0/dev_{MAC.replace(':', '_')}", ours.detach(), {})
    [(sock, peer)] = accepted
    assert peer == MAC
    theirs.sendall(b"x")
    assert sock.recv(1) == b"x"
    sock.close()
    theirs.close()


def test_what_is_missing_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    monkeypatch.delattr(socket, "AF_BLUETOOTH", raising=False)
    missing = " ".join(missing_support())
    assert "dbus-fast" in missing and "AF_BLUETOOTH" in missing and "PyBluez" in missing


async def test_configured_without_support_the_lan_carries_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(bluetooth, "missing_support", lambda: ["dbus-fast (for the test)"])
    spec = LanTableSpec(game="nim", name="Kitchen", seats=2)
    lan = LanFrontend(
        LanConfig(interfaces=["127.0.0.1"], advertise=False, tables=[spec]),
        BluetoothConfig(enabled=True, table="Kitchen"),
    )
    daemon = Daemon(MemoryStore(), policy=QUICK)
    with caplog.at_level(logging.ERROR):
        await daemon.add_frontend(lan)
    assert "Bluetooth is configured but this host lacks dbus-fast (for the test)" in caplog.text
    for _ in range(500):
        if lan.tables:
            break
        await asyncio.sleep(0.01)
    phone = await AppClient.connect("127.0.0.1", lan.tables[0].port)
    await phone.hello("d", "Ann")
    assert (await phone.next()).accepted  # type: ignore[union-attr]
    await phone.close()
    await daemon.shutdown(0.1)


def test_bluetooth_must_name_a_lan_table() -> None:
    with pytest.raises(ValueError, match=r"bluetooth\.table"):
        LanFrontend(LanConfig(), BluetoothConfig(enabled=True, table="Nowhere"))
