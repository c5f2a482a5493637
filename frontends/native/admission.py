"""Connection caps for the LAN tables: overall, per table and per remote address.

Every open connection costs a file descriptor, and the daemon's descriptors are
shared by every table, the store and the admin socket: left uncapped, idle
connections to one table (a thousand take seconds to open) lock out all of
them. So a connection is counted from the moment it is accepted, and one past a
cap is answered with a reason and closed before it costs anything more. Under
pressure, a link that has been connected for a while without saying hello (the
app says it at once) makes room for the newcomer instead of holding its place
until its hello clock runs out.

Refusals come in bursts; each burst is logged once when it begins and once,
with its counts, when it has been quiet for `quiet` seconds.
"""

import asyncio
import logging
import resource
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from frontends.native.link import Link

log = logging.getLogger(__name__)

RESERVED_FILES = 256
"""Descriptors kept for everything but LAN links: the store, the admin socket,
mDNS, the chat frontends' HTTP connections, Bluetooth."""

Within = Callable[[Link], bool]
"""Whether a counted link is in the scope of one cap."""

BUSY = "This table has too many connections right now; try again shortly."


@dataclass(frozen=True, slots=True)
class AdmissionLimits:
    """The caps (from `[lan]` in the config; tests shrink them)."""

    total: int = 1024
    per_table: int = 32
    per_address: int = 16
    crowded_hello: float = 2.0
    """Under pressure, a link silent this long since it connected gives way."""


def files_allow(total: int) -> int:
    """`total` cut to what the open-file limit leaves after `RESERVED_FILES`
    (at systemd's default of 1,024, a cap of 1,024 links is no cap at all)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return total
    return max(1, min(total, soft - RESERVED_FILES))


class Admission:
    """Counts the live links of every LAN table; refuses past the caps."""

    def __init__(self, limits: AdmissionLimits | None = None, *, quiet: float = 10.0) -> None:
        limits = limits or AdmissionLimits()
        total = files_allow(limits.total)
        if total < limits.total:
            log.warning(
                "lan.max_links = %d, but the open-file limit leaves room for %d links; "
                "serving at most %d (raise LimitNOFILE=, as deploy/plgames.service does)",
                limits.total,
                total,
                total,
            )
        self.limits = limits
        self.total = total
        """The overall cap in force."""
        self.quiet = quiet
        self._links: dict[Link, object] = {}
        """Every counted link, and the table it came to."""
        self._by_table: Counter[object] = Counter()
        self._by_address: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()
        """Connections refused in the current burst, by cap."""
        self.evicted = 0
        self._burst: asyncio.TimerHandle | None = None
        self._last_refusal = 0.0

    def __len__(self) -> int:
        return len(self._links)

    def enter(self, link: Link, table: object) -> str | None:
        """Count `link` as a connection to `table`, or say why it may not be one."""
        limits = self.limits
        scopes: tuple[tuple[str, int, int, Within], ...] = (
            ("overall", self.total, len(self._links), lambda other: True),
            (
                "per table",
                limits.per_table,
                self._by_table[table],
                lambda other: self._links[other] is table,
            ),
            (
                "per address",
                limits.per_address,
                self._by_address[link.peer],
                lambda other: other.peer == link.peer,
            ),
        )
        for scope, cap, used, within in scopes:
            if used >= cap and not self._make_room(within):
                self._refuse(scope, cap, link.peer)
                return BUSY
        self._links[link] = table
        self._by_table[table] += 1
        self._by_address[link.peer] += 1
        return None

    def leave(self, link: Link) -> None:
        """The link has ended (or was made to give way): it no longer counts."""
        table = self._links.pop(link, None)
        if table is None:
            return
        self._by_table[table] -= 1
        self._by_address[link.peer] -= 1
        if not self._by_table[table]:
            del self._by_table[table]
        if not self._by_address[link.peer]:
            del self._by_address[link.peer]

    def _make_room(self, within: Within) -> bool:
        """Close the longest-connected link in the scope that has not said
        hello in `crowded_hello` seconds; False if there is none."""
        now = asyncio.get_running_loop().time()
        idle = [
            link
            for link in self._links
            if within(link)
            and not link.identified
            and now - link.opened >= self.limits.crowded_hello
        ]
        if not idle:
            return False
        oldest = min(idle, key=lambda link: link.opened)
        oldest.close("no hello, and the connection caps are reached")
        self.leave(oldest)
        self.evicted += 1
        return True

    def _refuse(self, scope: str, cap: int, peer: str) -> None:
        loop = asyncio.get_running_loop()
        self._last_refusal = loop.time()
        if not self.refused:
            log.warning(
                "refusing LAN connections: the %s cap of %d is reached (first from %s); "
                "further refusals are counted and reported when they stop",
                scope,
                cap,
                peer,
            )
            self._burst = loop.call_later(self.quiet, self._burst_check)
        self.refused[scope] += 1

    def _burst_check(self) -> None:
        loop = asyncio.get_running_loop()
        waited = loop.time() - self._last_refusal
        if waited < self.quiet:
            self._burst = loop.call_later(self.quiet - waited, self._burst_check)
            return
        counts = ", ".join(f"{n} {scope}" for scope, n in sorted(self.refused.items()))
        log.warning(
            "refused %d LAN connections in that burst (%s); %d links now open",
            sum(self.refused.values()),
            counts,
            len(self._links),
        )
        self.refused.clear()
        self._burst = None

    def close(self) -> None:
        if self._burst is not None:
            self._burst.cancel()
            self._burst = None
