"""The link's framing and defences, over a socket pair (what RFCOMM hands us too)."""

import asyncio
import logging
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest

from frontends.native.link import Link, LinkLimits
from frontends.native.messages import Hello, Message, Ping, Rejected, State, decode

FAST = LinkLimits(hello_timeout=0.3, ping_interval=0.05, silence_limit=0.25, write_timeout=0.5)


@dataclass
class Pair:
    link: Link
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    got: list[Message] = field(default_factory=list)
    task: asyncio.Task[None] | None = None

    async def send(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def line(self) -> Message:
        raw = await asyncio.wait_for(self.reader.readline(), 5)
        assert raw, "the link closed"
        return decode(raw)

    async def ended(self) -> None:
        assert self.task is not None
        await asyncio.wait_for(self.task, 5)


async def open_pair(limits: LinkLimits = FAST, *, slow: float = 0.0) -> Pair:
    host_sock, client_sock = socket.socketpair()
    reader, writer = await asyncio.open_connection(sock=host_sock)
    client_reader, client_writer = await asyncio.open_connection(sock=client_sock)
    pair = Pair(Link(reader, writer, peer="test", limits=limits), client_reader, client_writer)

    async def handle(link: Link, message: Message) -> None:
        pair.got.append(message)
        if isinstance(message, Hello):
            link.identify(message.protocol or 2)
        await asyncio.sleep(slow)

    pair.task = asyncio.create_task(pair.link.run(handle))
    return pair


@pytest.fixture
async def pair() -> AsyncIterator[Pair]:
    made = await open_pair()
    yield made
    made.link.close("test over")
    await made.ended()
    made.writer.close()


HELLO_V1 = b'{"t":"hello","peerId":"d1","displayName":"Bo","protocol":1}\n'
HELLO_V2 = b'{"t":"hello","peerId":"d2","displayName":"Bo","protocol":2}\n'


async def test_any_line_ending_frames_a_message_and_blank_lines_are_skipped(pair: Pair) -> None:
    await pair.send(HELLO_V1.replace(b"\n", b"\r\n") + b"\n\r\n" + b'{"t":"resync"}\r')
    await pair.send(b'{"t":"resync"}\n')
    for _ in range(100):
        if len(pair.got) == 3:
            break
        await asyncio.sleep(0.01)
    assert [m.t for m in pair.got] == ["hello", "resync", "resync"]


async def test_bad_lines_are_dropped_and_each_kind_is_logged_once(
    pair: Pair, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="frontends.native.link")
    await pair.send(HELLO_V1)
    bad = [b"\xff\xfe{}\n", b"{nope\n", b'{"t":"warp"}\n', b'{"t":"intent"}\n']
    for _ in range(3):
        for line in bad:
            await pair.send(line)
    await pair.send(b'{"t":"resync"}\n')
    for _ in range(200):
        if len(pair.got) == 2:
            break
        await asyncio.sleep(0.01)
    assert [m.t for m in pair.got] == ["hello", "resync"]
    assert pair.link.dropped == {"utf8": 3, "json": 3, "type": 3, "fields": 3}
    warnings = [r.getMessage() for r in caplog.records if "ignoring" in r.getMessage()]
    assert len(warnings) == 4
    assert not pair.link.closed


async def test_a_line_over_64_kib_closes_the_link(pair: Pair) -> None:
    await pair.send(HELLO_V1)
    await pair.send(b'{"t":"intent","moveJson":"' + b"x" * (70 * 1024))
    await pair.ended()
    assert pair.link.close_reason is not None and "longer than" in pair.link.close_reason


async def test_a_ping_is_answered_and_a_pong_is_swallowed(pair: Pair) -> None:
    await pair.send(HELLO_V1 + b'{"t":"pong"}\n{"t":"ping"}\n')
    assert (await pair.line()).t == "pong"
    assert [m.t for m in pair.got] == ["hello"]


async def test_a_client_that_never_says_hello_is_closed(pair: Pair) -> None:
    await pair.ended()
    assert pair.link.close_reason == "no hello within 0.3 s"


async def test_a_v2_link_is_pinged_and_closed_when_silent(pair: Pair) -> None:
    await pair.send(HELLO_V2)
    assert isinstance(await pair.line(), Ping)
    await pair.ended()
    assert pair.link.close_reason is not None and pair.link.close_reason.startswith("silent")


async def test_a_v2_link_that_answers_stays_open(pair: Pair) -> None:
    await pair.send(HELLO_V2)
    for _ in range(20):  # 20 pings = four times the silence limit
        assert isinstance(await pair.line(), Ping)
        await pair.send(b'{"t":"pong"}\n')
    assert not pair.link.closed


async def test_a_v1_link_is_never_pinged_nor_timed_out(pair: Pair) -> None:
    await pair.send(HELLO_V1)
    await asyncio.sleep(FAST.silence_limit * 4)
    assert not pair.link.closed
    pair.link.send(Rejected(reason="x"))
    assert (await pair.line()).t == "rejected"  # nothing (no ping) came before it


async def test_a_flood_is_read_at_the_rate_losing_nothing_and_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # 500 lines in one write against 250 a second: throttled however slow the machine.
    pair = await open_pair(LinkLimits(rate=250, burst=5, inbox=4), slow=0.001)
    await pair.send(HELLO_V1 + b'{"t":"resync"}\n' * 500 + b'{"t":"intent","moveJson":"x"}\n')
    for _ in range(1000):
        if len(pair.got) == 502:
            break
        await asyncio.sleep(0.01)
    assert [m.t for m in pair.got].count("resync") == 500 and pair.got[-1].t == "intent"
    assert pair.link.throttled > 0
    assert sum("messages a second" in r.getMessage() for r in caplog.records) == 1
    await pair.send(b'{"t":"ping"}\n')
    assert (await pair.line()).t == "pong"
    pair.link.close("test over")
    await pair.ended()


def big_state(n: int) -> State:
    return State(seq=n, yourSeat=0, stateJson="x" * 20_000, legalMoves=[])


async def test_a_client_that_stops_reading_costs_one_view_then_is_closed() -> None:
    pair = await open_pair()
    await pair.send(HELLO_V1)
    for n in range(1, 5001):  # up to 100 MB of views, far beyond any socket buffer
        pair.link.send(big_state(n))
        assert len(pair.link._outbox) <= 1
        await asyncio.sleep(0.001)
        if pair.link.closed:
            break
    await pair.ended()
    assert pair.link.close_reason is not None and "stopped reading" in pair.link.close_reason


async def test_a_client_that_stops_reading_replies_is_closed_when_too_many_wait() -> None:
    pair = await open_pair(LinkLimits(max_queued=8, write_timeout=30))
    await pair.send(HELLO_V1)
    for _ in range(400):
        pair.link.send(Rejected(reason="x" * 2000))
    await pair.ended()
    assert pair.link.close_reason is not None and "messages waiting" in pair.link.close_reason


async def test_a_refusal_is_flushed_before_the_close() -> None:
    pair = await open_pair()
    pair.link.send(Rejected(reason="no"))
    pair.link.close("refused", flush=True)
    assert (await pair.line()) == Rejected(reason="no")
    assert await asyncio.wait_for(pair.reader.readline(), 5) == b""
    await pair.ended()


def socket_full(link: Link) -> bool:
    """The kernel refused bytes the link wrote: they wait in the transport."""
    return link._writer.transport.get_write_buffer_size() > 0


async def test_a_peer_that_keeps_up_gets_every_state() -> None:
    """A re-seat `state` and the one answering the `resync` behind it are two
    (NATIVE.md §4.6): a newer state replaces an unsent one only under backpressure."""
    pair = await open_pair()
    await pair.send(HELLO_V1)
    pair.link.send(State(seq=1, yourSeat=0, stateJson="{}", legalMoves=[]))
    pair.link.send(State(seq=2, yourSeat=0, stateJson="{}", legalMoves=[]))
    assert [(await pair.line()).seq, (await pair.line()).seq] == [1, 2]  # type: ignore[union-attr]
    pair.link.close("test over")
    await pair.ended()


async def test_under_backpressure_a_newer_state_takes_the_old_ones_place() -> None:
    pair = await open_pair(LinkLimits(write_timeout=30))
    await pair.send(HELLO_V1)
    filler = Rejected(reason="f" * 60_000)
    for _ in range(500):
        if socket_full(pair.link):
            break
        pair.link.send(filler)
        await asyncio.sleep(0.01)
    assert socket_full(pair.link)
    pair.link.send(State(seq=1, yourSeat=0, stateJson="{}", legalMoves=[]))
    pair.link.send(Rejected(reason="between"))
    pair.link.send(State(seq=2, yourSeat=0, stateJson="{}", legalMoves=[]))
    after: list[tuple[str, object]] = []
    while len(after) < 2:
        message = await pair.line()
        if message != filler:
            after.append(
                (message.t, message.seq if isinstance(message, State) else message.reason)  # type: ignore[union-attr]
            )
    assert after == [("state", 2), ("rejected", "between")]
    pair.link.close("test over")
    await pair.ended()


@pytest.mark.parametrize("how", ["socket full", "messages waiting"])
async def test_a_link_closed_for_not_reading_frees_its_socket_at_once(how: str) -> None:
    if how == "socket full":
        pair = await open_pair()  # write_timeout 0.5 s
        messages: list[Message] = [big_state(n) for n in range(1, 5001)]
    else:
        pair = await open_pair(LinkLimits(max_queued=8, write_timeout=30))
        messages = [Rejected(reason="x" * 2000) for _ in range(400)]
    await pair.send(HELLO_V1)
    sock = pair.link._writer.get_extra_info("socket")
    for message in messages:
        pair.link.send(message)
        await asyncio.sleep(0.001)
        if pair.link.closed:
            break
    await pair.ended()
    assert pair.link.close_reason is not None and how in pair.link.close_reason
    assert sock.fileno() == -1  # closed although the peer never read a byte


async def test_a_line_over_the_limit_is_never_sent() -> None:
    pair = await open_pair()
    await pair.send(HELLO_V1)
    pair.link.send(State(seq=1, yourSeat=0, stateJson="x" * (65 * 1024), legalMoves=[]))
    pair.link.send(Rejected(reason="after"))
    assert await pair.line() == Rejected(reason="after")
    assert pair.link.unsent == 1 and not pair.link.closed
    pair.link.close("test over")
    await pair.ended()
