"""Bluetooth RFCOMM for the app's first generation (NATIVE.md §1.6).

Over Bluetooth the app speaks exactly the LAN protocol, so this module only
gets connected RFCOMM sockets and hands them to the same `Link`/`LanHost` code
as TCP; the peer id is the phone's MAC address. There are two ways to get
those sockets, tried in this order:

1. BlueZ's D-Bus `ProfileManager1.RegisterProfile` (needs `dbus-fast` and a
   running `bluetoothd`): BlueZ publishes the SDP record, listens on the
   channel, and passes each accepted connection's file descriptor to our
   `Profile1.NewConnection`. No Bluetooth support in Python is needed.
2. The standard library's `socket.AF_BLUETOOTH` listener, with the SDP record
   published by PyBluez's `advertise_service`.

One configured LAN table is served over Bluetooth (an RFCOMM service has one
UUID per host, unlike mDNS instances), following it as it is reopened.
"""

import asyncio
import importlib.util
import logging
import socket
from collections.abc import Callable
from typing import Any

from daemon.config import BluetoothConfig
from frontends.native.host import LanHost
from frontends.native.link import Link

log = logging.getLogger(__name__)

SERVICE_NAME = "ProLibertateGames"
SERVICE_UUID = "8f1d5a20-3a4e-4b26-9d31-6c0d2f7a91b4"
PROFILE_PATH = "/org/plgames/rfcomm"

Route = Callable[[], LanHost | None]
"""The host of the table Bluetooth serves now, or None while none is open."""


def missing_support() -> list[str]:
    """What this host lacks for Bluetooth, in words an operator can act on."""
    if importlib.util.find_spec("dbus_fast") is not None:
        return []
    have_socket = hasattr(socket, "AF_BLUETOOTH")
    have_pybluez = importlib.util.find_spec("bluetooth") is not None
    if have_socket and have_pybluez:
        return []
    missing = [
        "dbus-fast, to register the service with BlueZ "
        "(pip install 'plgames[bluetooth]'; needs bluetoothd running)"
    ]
    if not have_socket:
        missing.append(
            "or else both socket.AF_BLUETOOTH (this Python was built without "
            "Bluetooth sockets: use one built against the BlueZ headers, as Debian's is) "
            "and PyBluez for the service record"
        )
    else:
        missing.append("or else PyBluez (pip install pybluez) for the service record")
    return missing


async def serve_connected(route: Route, sock: socket.socket, peer: str) -> None:
    """Run one accepted RFCOMM connection as a link of the routed table."""
    host = route()
    if host is None:
        log.info("Bluetooth connection from %s refused: no table is open", peer)
        sock.close()
        return
    reader, writer = await asyncio.open_connection(sock=sock)
    link = Link(reader, writer, peer=peer, limits=host.limits, label=f"{peer} rfcomm")
    await host.serve(link)


def mac_from_device_path(path: str) -> str:
    """BlueZ names a device `/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF`."""
    tail = path.rsplit("/", 1)[-1]
    return tail.removeprefix("dev_").replace("_", ":") if tail.startswith("dev_") else path


class Bluetooth:
    """The running RFCOMM service: one of the two ways above, started and stopped."""

    def __init__(self, config: BluetoothConfig, route: Route) -> None:
        self.config = config
        self._route = route
        self._tasks: set[asyncio.Task[None]] = set()
        self._bus: Any = None
        self._server: asyncio.Server | None = None

    async def start(self) -> None:
        """Start serving, or raise `RuntimeError` saying exactly what is missing."""
        if missing := missing_support():
            raise RuntimeError("Bluetooth is configured but this host lacks " + "; ".join(missing))
        if importlib.util.find_spec("dbus_fast") is not None:
            await self._start_bluez()
        else:
            await self._start_socket()
        log.info("Bluetooth: %s on RFCOMM channel %d", SERVICE_NAME, self.config.channel)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._bus is not None:
            self._bus.disconnect()
            self._bus = None
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    def accept(self, sock: socket.socket, peer: str) -> None:
        """Serve a connected socket in the background (both ways end here)."""
        task = asyncio.create_task(serve_connected(self._route, sock, peer), name=f"bt {peer}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _start_bluez(self) -> None:
        from dbus_fast import BusType, Variant
        from dbus_fast.aio import MessageBus

        try:
            bus = await MessageBus(bus_type=BusType.SYSTEM, negotiate_unix_fd=True).connect()
        except Exception as exc:
            raise RuntimeError(
                f"Bluetooth: cannot reach BlueZ on the system D-Bus ({exc}); is bluetoothd running?"
            ) from None
        self._bus = bus
        bus.export(PROFILE_PATH, make_profile(self.accept))
        try:
            introspection = await bus.introspect("org.bluez", "/org/bluez")
            manager = bus.get_proxy_object("org.bluez", "/org/bluez", introspection)
            profiles: Any = manager.get_interface("org.bluez.ProfileManager1")
            await profiles.call_register_profile(
                PROFILE_PATH,
                SERVICE_UUID,
                {
                    "Name": Variant("s", SERVICE_NAME),
                    "Role": Variant("s", "server"),
                    "Channel": Variant("q", self.config.channel),
                    "RequireAuthentication": Variant("b", True),
                    "RequireAuthorization": Variant("b", False),
                    "AutoConnect": Variant("b", False),
                },
            )
        except Exception as exc:
            await self.stop()
            raise RuntimeError(f"Bluetooth: BlueZ refused the RFCOMM profile ({exc})") from None

    async def _start_socket(self) -> None:
        import bluetooth  # type: ignore[import-not-found]  # PyBluez, for the SDP record

        listener = socket.socket(socket.AF_BLUETOOTH, socket.SOCK_STREAM, socket.BTPROTO_RFCOMM)
        listener.bind((socket.BDADDR_ANY, self.config.channel))
        listener.listen(8)

        async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            peername = writer.get_extra_info("peername")
            peer = str(peername[0]) if peername else "?"
            host = self._route()
            if host is None:
                writer.close()
                return
            link = Link(reader, writer, peer=peer, limits=host.limits, label=f"{peer} rfcomm")
            await host.serve(link)

        self._server = await asyncio.start_server(on_connect, sock=listener)
        bluetooth.advertise_service(
            listener,
            SERVICE_NAME,
            service_id=SERVICE_UUID,
            service_classes=[SERVICE_UUID, bluetooth.SERIAL_PORT_CLASS],
            profiles=[bluetooth.SERIAL_PORT_PROFILE],
        )


def make_profile(accept: Callable[[socket.socket, str], None]) -> Any:
    """BlueZ's `org.bluez.Profile1`, built on demand so dbus-fast stays optional."""
    from dbus_fast.annotations import DBusDict, DBusObjectPath, DBusUnixFd
    from dbus_fast.service import ServiceInterface, dbus_method

    class Profile(ServiceInterface):
        def __init__(self) -> None:
            super().__init__("org.bluez.Profile1")

        @dbus_method()
        def Release(self) -> None:
            log.info("Bluetooth: BlueZ released the profile")

        @dbus_method()
        def NewConnection(
            self, device: DBusObjectPath, fd: DBusUnixFd, properties: DBusDict
        ) -> None:
            # The descriptor is ours now: the socket object owns and closes it.
            accept(socket.socket(fileno=fd), mac_from_device_path(device))

        @dbus_method()
        def RequestDisconnection(self, device: DBusObjectPath) -> None:
            log.info("Bluetooth: %s asked to disconnect", mac_from_device_path(device))

    return Profile()
