"""The TCP listener of one LAN table: one port on every configured interface.

Each table gets its own port (the app finds a table by its mDNS instance and
port), and the same port on every interface so one advertisement is right for
all of them.
"""

import asyncio
import socket
from collections.abc import Sequence

from frontends.native.host import LanHost
from frontends.native.link import Link


class TcpListener:
    """Accepts app connections for one table until closed."""

    def __init__(self, host: LanHost, interfaces: Sequence[str]) -> None:
        if not interfaces:
            raise ValueError("lan.interfaces is empty: name the addresses to listen on")
        self._host = host
        self._interfaces = tuple(interfaces)
        self._servers: list[asyncio.Server] = []
        self.port = 0

    async def start(self, port: int = 0) -> int:
        """Listen on `port` (0: any free one, the same on every interface)."""
        for address in self._interfaces:
            server = await asyncio.start_server(self._accept, address, port or self.port)
            self._servers.append(server)
            if not self.port:
                self.port = server.sockets[0].getsockname()[1]
        return self.port

    async def close(self) -> None:
        """Stop listening, so a phone's reconnect attempts fail fast (NATIVE.md §4.7)."""
        for server in self._servers:
            server.close()
        for server in self._servers:
            await server.wait_closed()
        self._servers.clear()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        sock: socket.socket | None = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        peername = writer.get_extra_info("peername")
        peer = str(peername[0]) if peername else "?"
        link = Link(reader, writer, peer=peer, limits=self._host.limits, label=f"{peer} tcp")
        await self._host.serve(link)
