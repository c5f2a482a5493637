"""The LAN link: bytes off the socket through the line reader (framing,
limits, UTF-8) and the app's message decoder.

Documented outcomes: a line is a message, or dropped (`Undecodable`, logged
once per kind as a warning), or too long, which closes the link; end of
stream closes it. Nothing else may escape, and every message handed to the
host is one the app could have sent."""

import asyncio
import contextlib
import socket

from frontends.native.link import Link, LinkLimits
from frontends.native.messages import (
    Bye,
    Hello,
    Intent,
    Message,
    Ping,
    Pong,
    Resync,
    Undecodable,
    decode,
)
from fuzz.common import errors, run

LIMITS = LinkLimits(max_line=512, rate=1e9, burst=1e9, hello_timeout=60)
"""A short line limit so the fuzzer reaches it; no rate limit, so no input sleeps."""


def messages(data: bytes) -> None:
    """Any line decodes to a message that re-encodes to itself, or is `Undecodable`."""
    try:
        message = decode(data)
    except Undecodable as exc:
        assert exc.kind in ("json", "type", "fields"), exc.kind
        return
    assert decode(message.encode()) == message, message


def _expected(data: bytes) -> tuple[list[Message], bool]:
    """The messages a correct reader hands over, from the spec in link.py,
    and whether a line was too long: lines end at LF or CR; empty, non-UTF-8
    and undecodable ones are dropped, pings and pongs are the link's own; the
    first over-long line, ended or not, closes the link."""
    out: list[Message] = []
    *lines, rest = data.replace(b"\r", b"\n").split(b"\n")
    for line in [*lines, rest] if len(rest) > LIMITS.max_line else lines:
        if len(line) > LIMITS.max_line:
            return out, True
        try:
            message = decode(line.decode("utf-8"))
        except (UnicodeDecodeError, Undecodable):
            continue
        if not isinstance(message, Ping | Pong):
            out.append(message)
    return out, False


async def _read_all(data: bytes) -> tuple[Link, list[Message], bytes]:
    """Serve a real link over a socket pair whose far end writes `data`, ends
    the stream and reads all the while; returns what the link handed over and
    what it wrote back."""
    loop = asyncio.get_running_loop()
    ours, theirs = socket.socketpair()
    theirs.setblocking(False)
    reader, writer = await asyncio.open_connection(sock=ours)
    handed: list[Message] = []

    async def handle(link: Link, message: Message) -> None:
        handed.append(message)

    async def send() -> None:
        with contextlib.suppress(OSError):  # the link may close before reading it all
            await loop.sock_sendall(theirs, data)
            theirs.shutdown(socket.SHUT_WR)

    written = bytearray()

    async def receive() -> None:
        with contextlib.suppress(OSError):
            while chunk := await loop.sock_recv(theirs, 65536):
                written.extend(chunk)

    peer = [asyncio.create_task(send()), asyncio.create_task(receive())]
    link = Link(reader, writer, peer="fuzz", limits=LIMITS)
    await link.run(handle)
    await asyncio.gather(*peer)
    theirs.close()
    return link, handed, bytes(written)


def lines(data: bytes) -> None:
    """A whole stream through a real `Link`: it ends cleanly, hands over a
    prefix of the messages the stream holds (a close may cut the queue), in
    order, and writes only app messages (pongs)."""
    handler = errors()
    link, handed, writer = run(_read_all(data))
    expected, too_long = _expected(data)
    reason = f"line longer than {LIMITS.max_line} bytes" if too_long else "end of stream"
    assert link.close_reason == reason, (link.close_reason, reason)
    assert handed == expected[: len(handed)], (handed, expected)
    for line in writer.splitlines():
        assert isinstance(decode(line), Pong), line
    handler.check(data[:200])


def seeds() -> dict[str, list[bytes]]:
    hello = Hello(peerId="dev-1", displayName="Ann", protocol=2).encode()
    intent = Intent(moveJson='{"type":"take","n":1}').encode()
    plain = [hello, intent, Resync().encode(), Ping().encode(), Pong().encode(), Bye().encode()]
    stream = "\n".join(plain).encode() + b"\n"
    return {
        "messages": [m.encode() for m in plain] + [b'{"t":"state","seq":1}'],
        "lines": [stream, stream.replace(b"\n", b"\r\n"), b"x" * 600 + b"\n" + stream],
    }


TARGETS = {"native_lines": lines, "native_messages": messages}
SEEDS = {"native_lines": seeds()["lines"], "native_messages": seeds()["messages"]}
