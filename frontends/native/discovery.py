"""mDNS/DNS-SD: announcing open LAN tables and finding them (NATIVE.md §1.1).

The app resolves `_plgames._tcp` services one at a time and shows the text
after "@ " as the host's name, so each open table is its own instance,
`ProLibertateGames @ <table name>`, with an IPv4 address and the table's port.
The app reads no TXT records; ours carry the game, the join code and the free
seats for `plgames discover`, kept current as people sit down. Zeroconf is
only ever bound to the configured interfaces.
"""

import asyncio
import dataclasses
import socket
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from daemon.config import APP_SERVICE_PREFIX, MAX_NAME_BYTES

SERVICE_TYPE = "_plgames._tcp.local."
PREFIX = APP_SERVICE_PREFIX


def instance_name(table_name: str) -> str:
    """The instance label for a table, its name cut to fit on a UTF-8 boundary."""
    raw = table_name.strip().encode()[:MAX_NAME_BYTES]
    return PREFIX + raw.decode("utf-8", errors="ignore").strip()


def display_name(instance: str) -> str:
    """What the app lists for an instance: the text after the first "@ "."""
    _, sep, rest = instance.partition("@ ")
    return rest.strip() if sep and rest.strip() else instance


ALL = "0.0.0.0"
"""In `lan.interfaces`: every IPv4 interface of the host (a deployed daemon)."""


def zeroconf_interfaces(interfaces: Sequence[str]) -> InterfaceChoice | list[str]:
    return InterfaceChoice.All if ALL in interfaces else list(interfaces)


def advertised_addresses(interfaces: Sequence[str]) -> list[str]:
    """The A records of an announcement: the listed addresses, or with `0.0.0.0`
    every non-loopback IPv4 address the host has."""
    if ALL not in interfaces:
        return list(interfaces)
    found = [
        str(ip.ip)
        for adapter in ifaddr.get_adapters()
        for ip in adapter.ips
        if ip.is_IPv4 and not str(ip.ip).startswith("127.")
    ]
    return found or ["127.0.0.1"]


def _server_name() -> str:
    host = "".join(c if c.isalnum() or c == "-" else "-" for c in socket.gethostname())
    return f"{host.strip('-') or 'plgames'}.local."


class Advertiser:
    """One zeroconf responder for every open LAN table of the daemon."""

    def __init__(self, interfaces: Sequence[str]) -> None:
        self._addresses = advertised_addresses(interfaces)
        self._zeroconf = AsyncZeroconf(
            interfaces=zeroconf_interfaces(interfaces), ip_version=IPVersion.V4Only
        )
        self._server = _server_name()

    def _info(self, name: str, port: int, properties: Mapping[str, str]) -> AsyncServiceInfo:
        return AsyncServiceInfo(
            SERVICE_TYPE,
            name,
            addresses=[socket.inet_aton(a) for a in self._addresses],
            port=port,
            server=self._server,
            properties=dict(properties),
        )

    async def register(
        self, table_name: str, port: int, properties: Mapping[str, str] | None = None
    ) -> AsyncServiceInfo:
        """Announce a table; a clash with another host's instance gets a " (2)"-style
        suffix from zeroconf, as Android's NSD would give it."""
        info = self._info(f"{instance_name(table_name)}.{SERVICE_TYPE}", port, properties or {})
        await self._zeroconf.async_register_service(info, allow_name_change=True)
        return info

    async def update(
        self, info: AsyncServiceInfo, properties: Mapping[str, str]
    ) -> AsyncServiceInfo:
        """The same instance with new TXT records (seats taken or freed)."""
        fresh = self._info(info.name, info.port or 0, properties)
        await self._zeroconf.async_update_service(fresh)
        return fresh

    async def unregister(self, info: AsyncServiceInfo) -> None:
        await self._zeroconf.async_unregister_service(info)

    async def close(self) -> None:
        await self._zeroconf.async_close()


@dataclass(frozen=True, slots=True)
class Found:
    """A table seen on the network, as the app would list it."""

    instance: str
    name: str
    address: str
    port: int
    properties: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Ours: `game`, `code`, `seats`, `free`, `status` (empty from another host)."""


async def browse(interfaces: Sequence[str], seconds: float = 3.0) -> list[Found]:
    """Listen for `seconds` and resolve every table announced meanwhile."""
    zeroconf = AsyncZeroconf(
        interfaces=zeroconf_interfaces(interfaces), ip_version=IPVersion.V4Only
    )
    seen: asyncio.Queue[str] = asyncio.Queue()

    def on_change(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is not ServiceStateChange.Removed and "plgames" in service_type:
            seen.put_nowait(name)

    browser = AsyncServiceBrowser(zeroconf.zeroconf, [SERVICE_TYPE], handlers=[on_change])
    found: dict[str, Found] = {}
    try:
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while (left := end - loop.time()) > 0:
            try:
                name = await asyncio.wait_for(seen.get(), left)
            except TimeoutError:
                break
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            if await info.async_request(zeroconf.zeroconf, 3000) and info.port:
                addresses = info.parsed_addresses(IPVersion.V4Only)
                if addresses:
                    instance = name.removesuffix("." + SERVICE_TYPE)
                    properties = {
                        k.decode(errors="replace"): (v or b"").decode(errors="replace")
                        for k, v in info.properties.items()
                    }
                    found[name] = Found(
                        instance, display_name(instance), addresses[0], info.port, properties
                    )
    finally:
        await browser.async_cancel()
        await zeroconf.async_close()
    return sorted(found.values(), key=lambda f: (f.name, f.port))
