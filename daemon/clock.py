"""Time as the daemon sees it, behind one small interface.

Every timer, think-time pause and host-step hold sleeps on a `Clock`, never on
`asyncio.sleep` directly, so tests drive a whole table through turn timeouts
with `FakeClock.advance` instead of waiting for real seconds.
"""

import asyncio
import heapq
import itertools
import time
from typing import Protocol


class Clock(Protocol):
    def monotonic(self) -> float:
        """Seconds on a clock that never jumps; deadlines are measured on it."""

    def time(self) -> float:
        """Wall-clock seconds since the epoch, for timestamps people read."""

    async def sleep(self, seconds: float) -> None: ...


class RealClock:
    def monotonic(self) -> float:
        return time.monotonic()

    def time(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class FakeClock:
    """A clock that moves only when a test says so.

    Sleepers park on futures ordered by deadline; `advance` wakes them one
    deadline at a time and lets the event loop run in between, so a chain of
    timers (warn, then time out, then the AI plays) fires in order.
    """

    def __init__(self, start: float = 1_000.0, wall_offset: float = 1_700_000_000.0) -> None:
        self._now = start
        self._wall_offset = wall_offset
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def monotonic(self) -> float:
        return self._now

    def time(self) -> float:
        return self._wall_offset + self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._order), future))
        await future

    async def advance(self, seconds: float) -> None:
        target = self._now + seconds
        await settle()
        while self._sleepers and self._sleepers[0][0] <= target:
            deadline, _, future = heapq.heappop(self._sleepers)
            self._now = max(self._now, deadline)
            if not future.done():
                future.set_result(None)
                await settle()
        self._now = target
        await settle()


async def settle(rounds: int = 50) -> None:
    """Let every ready task run until it parks again.

    Counting loop iterations, not seconds: with in-memory stores and inline AI
    nothing waits on anything but the loop, so a fixed number of rounds is
    enough and the result does not depend on the machine's speed.
    """
    for _ in range(rounds):
        await asyncio.sleep(0)
