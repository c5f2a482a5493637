"""One client connection: newline-delimited JSON over any asyncio stream.

TCP and Bluetooth RFCOMM hand this class the same (reader, writer) pair, so the
framing, the heartbeat and every defence against a misbehaving peer live here
once. Each defence keeps memory bounded and never lets one link stall the
table or the other links:

* a line longer than `max_line` closes the link (no app message comes near it,
  and buffering it would be unbounded), and the link never sends one either;
* invalid UTF-8, invalid JSON and unknown message types are dropped, as the
  app's own reader drops them, and each kind is logged once per link;
* messages are handled one at a time from a short inbox; a peer that outruns
  it, or the per-link rate, is simply read more slowly (TCP pushes back on it),
  so a flood costs neither memory nor other links' turns, and a fast but
  honest client loses nothing;
* a peer that never says hello is closed after `hello_timeout`;
* protocol-2 links get the app's heartbeat (ping every 5 s, closed after 25 s
  of silence); protocol-1 clients never ping, so they are never timed out;
* writes go through an outbox; while the peer's socket is full, a newer
  `state`, `lobby`, `ping` or `pong` takes the place of an unsent one of its
  kind (in place, so order is kept), so a peer that stops reading costs at most
  one view. A peer that keeps up gets every message: a re-seat `state` and the
  `state` answering the `resync` sent right behind it are two (NATIVE.md §4.6).
  One whose socket stays full for `write_timeout` is closed, and its transport
  aborted: a graceful close would wait for a drain that never comes, keeping
  the socket and its descriptor.
"""

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from frontends.native.messages import Message, Ping, Pong, Undecodable, decode

log = logging.getLogger(__name__)

_COALESCED = frozenset({"state", "lobby", "ping", "pong"})


@dataclass(frozen=True, slots=True)
class LinkLimits:
    """Every bound a link enforces; tests shorten the times."""

    max_line: int = 64 * 1024
    hello_timeout: float = 10.0
    ping_interval: float = 5.0
    silence_limit: float = 25.0
    probe_timeout: float = 3.0
    """How long `answers` waits for a pinged protocol-2 peer to say anything."""
    write_timeout: float = 30.0
    max_queued: int = 64
    inbox: int = 16
    rate: float = 20.0
    burst: float = 40.0


Handler = Callable[["Link", Message], Awaitable[None]]


class Link:
    """A framed, supervised connection; the host sees only decoded messages."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        peer: str,
        limits: LinkLimits | None = None,
        label: str = "",
    ) -> None:
        self.peer = peer
        """The host-side id of the far end: an IP address, or a MAC over Bluetooth."""
        self.protocol: int | None = None
        """The version the client said in its hello; None until it said one."""
        self.identified = False
        self.close_reason: str | None = None
        self._reader = reader
        self._writer = writer
        self._limits = limits or LinkLimits()
        self._label = label or peer
        self._loop = asyncio.get_running_loop()
        self.opened = self._loop.time()
        """When the connection was accepted (the loop's clock)."""
        self._last_heard = self.opened
        self._heartbeat = False
        self._watch_task: asyncio.Task[None] | None = None
        self._outbox: deque[tuple[str | None, bytes]] = deque()
        self._wake = asyncio.Event()
        self._inbox: asyncio.Queue[Message] = asyncio.Queue(self._limits.inbox)
        self._tokens = self._limits.burst
        self._refilled = self._last_heard
        self._closing = False
        self._flush_on_close = False
        self._abort = False
        """Close by aborting the transport: the peer is not reading, so a
        graceful close would hold the socket until it does."""
        self._closed = asyncio.Event()
        self._logged: set[str] = set()
        self._probes: list[asyncio.Future[bool]] = []
        """`answers` calls waiting for the peer to say something."""
        self.dropped: dict[str, int] = {}
        """Count of ignored input by kind ("utf8", "json", "type", "fields")."""
        self.throttled = 0
        """Messages that had to wait for the per-link rate."""
        self.unsent = 0
        """Messages never sent because their line was longer than `max_line`."""

    # ---- lifetime --------------------------------------------------------------

    async def run(self, handle: Handler) -> None:
        """Serve the link until it ends, handing each message to `handle` in order.

        Returns once the link is closed and its socket released, whoever
        closed it: the peer, a limit, or the host.
        """
        writer_task = asyncio.create_task(self._write(), name=f"link-write {self._label}")
        tasks = [
            asyncio.create_task(self._read(), name=f"link-read {self._label}"),
            asyncio.create_task(self._dispatch(handle), name=f"link-handle {self._label}"),
            writer_task,
        ]
        self._watch_task = asyncio.create_task(self._watch(), name=f"link-watch {self._label}")
        try:
            await self._closed.wait()
        finally:
            self._closing = True
            self._wake.set()
            self._watch_task.cancel()
            tasks.append(self._watch_task)
            for task in tasks:
                if task is not writer_task:
                    task.cancel()
            if self._flush_on_close:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await asyncio.wait_for(writer_task, self._limits.write_timeout)
            writer_task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self._release()

    async def _release(self) -> None:
        """Free the socket now: gracefully when the peer reads (so what was
        written reaches it), else by aborting, which drops the unsent bytes."""
        transport = self._writer.transport
        if self._abort:
            transport.abort()
        else:
            self._writer.close()
        try:
            await asyncio.wait_for(self._writer.wait_closed(), 1.0)
        except TimeoutError:
            transport.abort()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._writer.wait_closed(), 1.0)
        except Exception:  # the peer reset it: it is closed all the same
            transport.abort()

    async def turn_away(self, message: Message, reason: str) -> None:
        """Answer a connection that is not let in with one line, then close it
        without ever serving it (a cap is reached: NATIVE.md §0, bad input)."""
        self.close_reason = reason
        self._closed.set()
        self._writer.write(message.encode().encode("utf-8") + b"\n")
        await self._release()

    def close(self, reason: str, *, flush: bool = False) -> None:
        """End the link; with `flush`, messages already sent go out first
        (a refusal must reach the client before the socket closes)."""
        if self._closed.is_set():
            return
        self.close_reason = reason
        self._flush_on_close = flush
        # Links that never said hello are closed quietly: a flood of bare
        # connections must not become a flood of log lines.
        log.log(
            logging.INFO if self.identified else logging.DEBUG,
            "link %s closed: %s",
            self._label,
            reason,
        )
        self._closed.set()
        self._settle_probes(False)

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    @property
    def alive(self) -> bool:
        """Open and heard from (any line, a pong included) within the silence
        limit: the app's own test for a live link (NATIVE.md §1.3)."""
        quiet = self._loop.time() - self._last_heard
        return not self._closed.is_set() and quiet <= self._limits.silence_limit

    async def answers(self) -> bool:
        """Ping a protocol-2 peer and say whether it answers (any line) within
        `probe_timeout`. The app answers a ping at once, from its transport
        (NATIVE.md §1.3), so a phone that is there says so, and a link left
        half-open by a phone that went away stays silent."""
        if self._closed.is_set():
            return False
        heard: asyncio.Future[bool] = self._loop.create_future()
        self._probes.append(heard)
        self.send(Ping())
        try:
            return await asyncio.wait_for(heard, self._limits.probe_timeout)
        except TimeoutError:
            return False
        finally:
            if heard in self._probes:
                self._probes.remove(heard)

    def _settle_probes(self, heard: bool) -> None:
        probes, self._probes = self._probes, []
        for probe in probes:
            if not probe.done():
                probe.set_result(heard)

    @property
    def backlogged(self) -> bool:
        """The peer's socket is full: the kernel refused bytes we wrote, so
        they wait in the transport, and what is sent now waits in the outbox."""
        return self._writer.transport.get_write_buffer_size() > 0

    def identify(self, protocol: int) -> None:
        """The client said hello with `protocol`: stop the hello clock, and run
        the app's heartbeat if the client speaks version 2 or later."""
        self.protocol = protocol
        self.identified = True
        self._heartbeat = protocol >= 2
        self._last_heard = self._loop.time()
        if self._watch_task is not None and not self._closed.is_set():
            self._watch_task.cancel()
            self._watch_task = asyncio.create_task(self._watch(), name=f"link-watch {self._label}")

    # ---- sending ---------------------------------------------------------------

    def send(self, message: Message) -> None:
        """Queue a message; never blocks, and never queues without bound."""
        if self._closing or self._closed.is_set():
            return
        line = message.encode().encode("utf-8")
        if len(line) > self._limits.max_line:
            # No message of ours comes near the limit once names are capped;
            # one that does is a bug, and must not break the peer's reader.
            self.unsent += 1
            log.error(
                "link %s: not sending a %s line of %d bytes (the limit is %d)",
                self._label,
                message.t,
                len(line),
                self._limits.max_line,
            )
            return
        key = message.t if message.t in _COALESCED else None
        # One unsent pong answers every ping before it, however fast they came.
        if key is not None and (self.backlogged or key == "pong"):
            for index in range(len(self._outbox) - 1, -1, -1):
                if self._outbox[index][0] == key:
                    self._outbox[index] = (key, line + b"\n")
                    return
        self._outbox.append((key, line + b"\n"))
        if len(self._outbox) > self._limits.max_queued:
            self._abort = True
            self.close(f"stopped reading ({len(self._outbox)} messages waiting)")
            return
        self._wake.set()

    async def _write(self) -> None:
        try:
            while True:
                while not self._outbox:
                    if self._closing:
                        return
                    self._wake.clear()
                    await self._wake.wait()
                _, data = self._outbox.popleft()
                self._writer.write(data)
                try:
                    await asyncio.wait_for(self._writer.drain(), self._limits.write_timeout)
                except TimeoutError:
                    self._abort = True
                    self.close("stopped reading (socket full)")
                    return
        except (ConnectionError, OSError) as exc:
            self._abort = True
            self.close(f"write failed: {exc}")

    # ---- receiving -------------------------------------------------------------

    async def _read(self) -> None:
        limit = self._limits.max_line
        rest = b""
        try:
            while True:
                chunk = await self._reader.read(65536)
                if not chunk:
                    self.close("end of stream")
                    return
                self._last_heard = self._loop.time()
                self._settle_probes(True)
                *lines, rest = (rest + chunk.replace(b"\r", b"\n")).split(b"\n")
                for line in lines:
                    message = self._line(line) if line else None
                    if self._closed.is_set():
                        return
                    if message is not None:
                        await self._admit(message)
                if len(rest) > limit:
                    self._line(rest)
                    return
        except (ConnectionError, OSError) as exc:
            self.close(f"read failed: {exc}")

    def _line(self, raw: bytes) -> Message | None:
        """Decode one line; heartbeat messages are dealt with here and now."""
        if len(raw) > self._limits.max_line:
            self._bad("oversize", f"a line longer than {self._limits.max_line} bytes")
            self.close(f"line longer than {self._limits.max_line} bytes")
            return None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            self._bad("utf8", str(exc))
            return None
        if not text.strip():
            return None
        try:
            message = decode(text)
        except Undecodable as exc:
            self._bad(exc.kind, str(exc))
            return None
        if isinstance(message, Ping):
            self.send(Pong())
            return None
        if isinstance(message, Pong):
            return None
        return message

    async def _admit(self, message: Message) -> None:
        """Queue a message for the handler, pausing the reader while the peer is
        over its rate or the inbox is full."""
        if (wait := self._token_wait()) > 0:
            self.throttled += 1
            if "flood" not in self._logged:
                self._logged.add("flood")
                log.warning(
                    "link %s: more than %g messages a second; reading it more slowly",
                    self._label,
                    self._limits.rate,
                )
            await asyncio.sleep(wait)
        await self._inbox.put(message)
        self._last_heard = self._loop.time()  # received long ago, but not silence

    def _token_wait(self) -> float:
        """Take a token from the rate bucket: 0 if there was one, else the
        seconds until there is (the bucket then owes it)."""
        now = self._loop.time()
        rate = self._limits.rate
        self._tokens = min(self._limits.burst, self._tokens + (now - self._refilled) * rate)
        self._refilled = now
        self._tokens -= 1
        return 0.0 if self._tokens >= 0 else -self._tokens / rate

    async def _dispatch(self, handle: Handler) -> None:
        while True:
            message = await self._inbox.get()
            try:
                await handle(self, message)
            except Exception:
                log.exception("link %s: handling %s failed", self._label, message.t)

    def _bad(self, kind: str, detail: str) -> None:
        self.dropped[kind] = self.dropped.get(kind, 0) + 1
        if kind not in self._logged:
            self._logged.add(kind)
            log.warning(
                "link %s: ignoring %s input (%s); further ones not logged",
                self._label,
                kind,
                detail,
            )

    # ---- supervision -----------------------------------------------------------

    async def _watch(self) -> None:
        """Before hello: the hello clock. After a v2 hello: the app's heartbeat
        loop (sleep, give up on silence, else ping). After a v1 hello: nothing."""
        limits = self._limits
        if not self.identified:
            await asyncio.sleep(limits.hello_timeout)
            self.close(f"no hello within {limits.hello_timeout:g} s")
            return
        while self._heartbeat:
            await asyncio.sleep(limits.ping_interval)
            if self._loop.time() - self._last_heard > limits.silence_limit:
                self.close(f"silent for more than {limits.silence_limit:g} s")
                return
            self.send(Ping())
