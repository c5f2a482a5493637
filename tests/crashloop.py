"""A real `plgames serve` SIGKILLed at random moments while people play, and
the proof that nothing acknowledged was lost: the suite's crash loop
(tests/test_reliability_crashloop.py) and `make soak` (tests/soak.py).

The players:

* phones on the LAN, written from NATIVE.md (`AppClient`), at two tables
  configured with fixed ports, so they reconnect to the same place after each
  restart as the app does;
* scripted people and AI-only tables over the admin socket, as in
  tests/test_daemon_crash.py, whose helpers this reuses;
* with `telegram`, people in the fake Bot API pressing whatever buttons the
  bot shows them in their DMs, each at a table of their own.

What counts as acknowledged: a phone's move once a newer `state` arrives
after its intent (the table waits on that phone alone: no turn timers), a
scripted person's move once `move` answers, and every version `show`
reported. After every restart each table must be the replay of its stored
log, and every acknowledged move must be in it.
"""

import asyncio
import contextlib
import json
import random
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from native_support import AppClient
from test_daemon_crash import (
    Seen,
    check,
    keep_tables_in_play,
    play_a_little,
    start,
    stored,
    wait_ready,
)

from daemon.control import call

LAN_TABLES = (("euchre", 4, 2), ("sequence", 2, 1))
"""(game, seats, phones) of each LAN table; the phones start it when all sit."""


def fixed_port(rng: random.Random) -> int:
    """A free port for a LAN table to keep across restarts, below the kernel's
    ephemeral range: a port from that range may be taken, while the daemon is
    down, by any outgoing connection on the machine (its own included)."""
    low = 32768
    with contextlib.suppress(OSError, ValueError):
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    while True:
        port = rng.randrange(max(1024, low - 12000), low)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port


@dataclass
class Figures:
    kills: int = 0
    restarts: list[float] = field(default_factory=list)
    """Seconds from spawning the daemon to its control socket, every LAN port
    and (in the soak) the Telegram frontend answering."""
    lan_acked: int = 0
    admin_acked: int = 0
    telegram_moves: int = 0
    """Moves stored for seats held by Telegram people (their presses)."""
    versions_shown: int = 0
    lost: list[str] = field(default_factory=list)
    resumed: int = 0

    @property
    def acknowledged(self) -> int:
        return self.lan_acked + self.admin_acked

    def percentile(self, q: float) -> float:
        ordered = sorted(self.restarts)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


@dataclass
class Phone:
    """One phone at one LAN table, reconnecting whenever the link drops."""

    device: str
    name: str
    table: str
    port: int
    sock: Path
    rng: random.Random
    acked: list[tuple[str, int, str]] = field(default_factory=list)
    """(table code, seat, move) for every move a later state confirmed."""

    async def run(self) -> None:
        while True:
            try:
                client = await AppClient.connect("127.0.0.1", self.port)
            except OSError:
                await asyncio.sleep(0.05)
                continue
            with contextlib.suppress(
                OSError, AssertionError, TimeoutError, asyncio.IncompleteReadError, ValueError
            ):
                await self._play(client)
            with contextlib.suppress(OSError):
                await client.close()
            await asyncio.sleep(0.05)

    async def _code(self) -> str:
        """The join code of the open table with this name (a finished one is
        replaced by a fresh one of the same name on the same port)."""
        rows = (await asyncio.to_thread(call, self.sock, {"cmd": "tables"}, 5.0))["tables"]
        found = [r["code"] for r in rows if r["name"] == self.table and r["status"] == "playing"]
        if not found:
            raise ValueError("no game in play yet")
        return str(found[-1])

    async def _play(self, client: AppClient) -> None:
        await client.hello(self.device, self.name)
        if not (await client.until("welcome", timeout=30)).accepted:
            await asyncio.sleep(0.2)
            return
        code: str | None = None
        pending: tuple[int, int, str] | None = None
        while True:
            message = await client.next(timeout=60)
            if message.t == "rejected":
                pending = None
            if message.t != "state":
                continue
            if code is None:
                code = await self._code()
            if pending is not None and message.seq > pending[0]:
                self.acked.append((code, pending[1], pending[2]))
                pending = None
            if message.legalMoves and pending is None:
                move = self.rng.choice(message.legalMoves)
                pending = (message.seq, message.yourSeat, move)
                await asyncio.sleep(self.rng.uniform(0, 0.02))
                await client.intent(move)


class TelegramPeople:
    """People in the fake Bot API, each with a table in their DM with the bot."""

    def __init__(self, count: int, rng: random.Random) -> None:
        from telegram_fake import FakeTelegram

        self.fake = FakeTelegram()
        self.rng = rng
        self.count = count
        self.people: list[Any] = []
        self._said: dict[int, float] = {}
        """When each person last typed a command (typed once, then awaited)."""

    async def start(self) -> dict[str, str]:
        """Start the fake; the daemon's settings that point it there."""
        from telegram_fake import TOKEN

        await self.fake.start()
        self.people = [self.fake.user(f"Tg{i}") for i in range(self.count)]
        for person in self.people:
            self.fake.say(person, "/start")
        return {
            "PLGAMES_TELEGRAM__TOKEN": TOKEN,
            "PLGAMES_TELEGRAM__BASE_URL": self.fake.base_url,
            "PLGAMES_TELEGRAM__BASE_FILE_URL": self.fake.base_file_url,
            "PLGAMES_TELEGRAM__POLL_TIMEOUT": "1",
        }

    async def stop(self) -> None:
        await self.fake.stop()

    def polls(self) -> int:
        return sum(1 for r in self.fake.requests if r.method == "getUpdates")

    async def run(self, sock: Path) -> None:
        """Each person in turn: opens a table in their DM when they sit at none,
        begins it, and then presses a button the bot shows them (mostly on its
        newest message), never one that leaves or ends the table; the bot may
        be down for a restart meanwhile."""
        while True:
            pressed: list[Any] = []
            with contextlib.suppress(OSError):
                rows = (await asyncio.to_thread(call, sock, {"cmd": "tables"}, 5.0))["tables"]
                pressed = [q for p in self.people if (q := self._act(p, rows)) is not None]
            # As a person does: wait for the answer before pressing again (a press
            # the kill cut short is never answered; the next one goes ahead).
            with contextlib.suppress(AssertionError):
                await self.fake.wait_for(
                    lambda done=pressed: (
                        all(q.answered for q in done) and not self.fake.pending_updates
                    ),
                    timeout=3,
                )
            await asyncio.sleep(0.02)

    def _act(self, person: Any, rows: list[dict[str, Any]]) -> Any:
        """One step for `person`; the callback query if it was a press."""
        who = f"telegram:{person.id}"
        mine = [r["status"] for r in rows if any(s["who"] == who for s in r["seats"])]
        shown = [m for m in self.fake.shown(self.fake.dm(person)) if m.buttons]
        if "playing" not in mine or not shown:
            if time.monotonic() - self._said.get(person.id, 0.0) > 2:  # answered by now
                self._said[person.id] = time.monotonic()
                line = "/hand" if "playing" in mine else "/begin" if "lobby" in mine else "/new"
                self.fake.say(person, line if line != "/new" else "/new sequence")
            return None
        message = shown[-1] if self.rng.random() < 0.9 else self.rng.choice(shown)
        buttons = [
            b
            for b in message.buttons
            if "callback_data" in b and not AVOID.intersection(str(b["text"]).lower().split())
        ]
        if buttons:
            with contextlib.suppress(AssertionError):  # edited meanwhile
                return self.fake.press(person, message, self.rng.choice(buttons))
        return None


AVOID = frozenset({"leave", "end", "join", "spectate"})
"""Buttons a Telegram person in the soak leaves alone: they keep their seat."""


def lan_settings(ports: list[int]) -> dict[str, str]:
    tables = [
        {
            "game": game,
            "name": f"Soak {game}",
            "seats": seats,
            "port": port,
            "start": {"mode": "when_full", "humans": phones},
        }
        for (game, seats, phones), port in zip(LAN_TABLES, ports, strict=True)
    ]
    return {
        "PLGAMES_LAN__ENABLED": "true",
        "PLGAMES_LAN__INTERFACES": "127.0.0.1",
        "PLGAMES_LAN__ADVERTISE": "false",
        "PLGAMES_LAN__TABLES": json.dumps(tables),
        "PLGAMES_LAN__TIMER__TURN_SECONDS": "0",
        "PLGAMES_LAN__PACING__THINK_SECONDS": "0.01",
        "PLGAMES_LAN__PACING__HOLD_SECONDS": "0",
        "PLGAMES_LAN__LINGER_SECONDS": "0.2",
    }


def ready(
    sock: Path, proc: subprocess.Popen[bytes], ports: list[int], people: "TelegramPeople | None"
) -> None:
    """Until the daemon serves: its control socket, every LAN port, and (with
    Telegram people) a long poll of the Bot API from this process."""
    polls = people.polls() if people is not None else 0
    wait_ready(sock, proc)
    deadline = time.monotonic() + 30
    for port in ports:
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, f"LAN port {port} never opened"
                time.sleep(0.02)
    while people is not None and people.polls() <= polls:
        assert time.monotonic() < deadline, "the Telegram frontend never polled"
        time.sleep(0.02)


def lan_lost(db: Path, phones: list[Phone]) -> list[str]:
    """Acknowledged phone moves missing from the log: each phone's moves at a
    table must appear, in order, among the people's moves stored for its seat
    (a move applied just before a kill may be stored but never confirmed)."""
    logs = stored(db)
    lost = []
    for phone in phones:
        by_table: dict[tuple[str, int], list[str]] = {}
        for code, seat, move in phone.acked:
            by_table.setdefault((code, seat), []).append(move)
        for (code, seat), moves in by_table.items():
            _, steps = logs[code]
            made = iter(s.move for s in steps if s.seat == seat and s.actor == "human")
            missing = [m for m in moves if not any(m == s for s in made)]
            lost += [f"{phone.device} at {code} seat {seat}: {m}" for m in missing[:1]]
    return lost


async def crash_loop(
    state: Path,
    kills: int,
    *,
    seconds: float | None = None,
    telegram: int = 0,
    play: tuple[float, float] = (0.3, 1.2),
    seed: int | None = None,
) -> Figures:
    """Play and SIGKILL the daemon `kills` times (or until `seconds` pass),
    killing after a random `play` interval each round; returns the figures."""
    rng = random.Random(seed)
    sock, db = state / "control.sock", state / "plgames.db"
    ports = [fixed_port(rng) for _ in LAN_TABLES]
    settings = lan_settings(ports)
    people = TelegramPeople(telegram, rng) if telegram else None
    if people is not None:
        settings.update(await people.start())
    figures = Figures()
    seen: dict[str, Seen] = {}
    scripted: dict[str, list[str]] = {}
    phones = [
        Phone(f"phone-{game}-{n}", f"P{n}", f"Soak {game}", port, sock, random.Random(rng.random()))
        for (game, _, count), port in zip(LAN_TABLES, ports, strict=True)
        for n in range(count)
    ]
    began = time.monotonic()
    spawned = time.monotonic()
    proc = start(state, **settings)
    tasks: list[asyncio.Task[None]] = []
    try:
        await asyncio.to_thread(ready, sock, proc, ports, people)
        figures.restarts.append(time.monotonic() - spawned)
        tasks = [asyncio.create_task(p.run(), name=p.device) for p in phones]
        if people is not None:
            tasks.append(asyncio.create_task(people.run(sock), name="telegram people"))
        while figures.kills < kills and (seconds is None or time.monotonic() - began < seconds):
            await asyncio.to_thread(keep_tables_in_play, state / "control.sock", seen, scripted)
            kill_at = time.monotonic() + rng.uniform(*play)
            while time.monotonic() < kill_at:
                await asyncio.to_thread(_observe, sock, seen, scripted)
                await asyncio.sleep(0.01)
            proc.send_signal(signal.SIGKILL)
            await asyncio.to_thread(proc.wait, 10)
            figures.kills += 1
            spawned = time.monotonic()
            proc = start(state, **settings)
            await asyncio.to_thread(ready, sock, proc, ports, people)
            figures.restarts.append(time.monotonic() - spawned)
            figures.versions_shown += sum(len(s.digests) for s in seen.values())
            try:
                figures.resumed += await asyncio.to_thread(check, sock, db, seen)
            except AssertionError as exc:
                figures.lost.append(str(exc).splitlines()[0])
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.to_thread(proc.wait, 20) == 0, "the daemon did not stop cleanly"
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if people is not None:
            await people.stop()
    figures.lan_acked = sum(len(p.acked) for p in phones)
    figures.admin_acked = sum(len(s.acks) for s in seen.values())
    figures.lost += lan_lost(db, phones)
    figures.telegram_moves = telegram_moves(db)
    return figures


def _observe(sock: Path, seen: dict[str, Seen], scripted: dict[str, list[str]]) -> None:
    """The scripted people's pass, with every LAN and Telegram table watched
    too once its game began (a lobby has no state to compare), so what `show`
    reports of them is checked against the log."""
    with contextlib.suppress(OSError):
        for row in call(sock, {"cmd": "tables"}, 5.0)["tables"]:
            if row["status"] != "lobby":
                seen.setdefault(row["code"], Seen())
    play_a_little(sock, seen, scripted)


def telegram_moves(db: Path) -> int:
    count = 0
    for meta, steps in stored(db).values():
        held = {
            i for i, s in enumerate(meta.seats) if s.identity and s.identity.frontend == "telegram"
        }
        count += sum(1 for s in steps if s.seat in held and s.actor == "human")
    return count
