"""Keeping under a platform's message rate for one chat.

The layer already merges narration so a turn costs a few messages; this gate
is for the adapter's send loop, so a burst (a whole table's deliveries after
a restart) is spread out instead of being answered with HTTP 429s.
"""

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable


class RateGate:
    """At most `per_minute` sends per key (a chat id) in any 60-second window."""

    def __init__(
        self,
        per_minute: int,
        *,
        now: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if per_minute < 1:
            raise ValueError("per_minute must be at least 1")
        self._limit = per_minute
        self._now = now
        self._sleep = sleep
        self._sent: dict[str, deque[float]] = {}

    def delay(self, key: str) -> float:
        """Seconds to wait before the next send to `key` is within the rate."""
        sent = self._sent.get(key)
        if sent is None:
            return 0.0
        now = self._now()
        while sent and now - sent[0] >= 60.0:
            sent.popleft()
        if len(sent) < self._limit:
            return 0.0
        return 60.0 - (now - sent[0])

    async def wait(self, key: str) -> None:
        """Wait until a send to `key` is allowed, and count it."""
        while (pause := self.delay(key)) > 0:
            await self._sleep(pause)
        self._sent.setdefault(key, deque()).append(self._now())
