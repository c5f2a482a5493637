"""Helpers for the native-protocol tests: a toy game and an app-like client.

The toy game (Nim: take one or two counters, whoever takes the last wins) keeps
the host tests independent of the real engines; `AppClient` talks to a host as
the app does, byte for byte, and checks every line it receives decodes with the
app's required fields.
"""

import asyncio
import contextlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from pydantic import Field

from daemon.model import PacingPolicy, StartPolicy, TablePolicy, TimerPolicy
from engine import registry
from engine.errors import BadMove
from engine.jsonwire import dumps
from engine.protocol import Game, GameOptions, Outcome, Player, TableConfig, Transition
from frontends.native.messages import Hello, Intent, Message, Ping, Pong, Resync, decode


class NimOptions(GameOptions):
    counters: int = Field(default=7, ge=1, le=100)


@dataclass(frozen=True, slots=True)
class NimState:
    pile: int
    turn: int
    seats: int


class FirstMove:
    def choose(self, view: NimState, seat: int, legal: Sequence[int]) -> int:
        return legal[0]


class Nim(Game[NimState, int, NimState]):
    id: ClassVar[str] = "nim"
    title: ClassVar[str] = "Nim"
    Options: ClassVar[type[GameOptions]] = NimOptions
    levels: ClassVar[tuple[str, ...]] = ("random", "normal")
    default_level: ClassVar[str] = "normal"

    def seat_counts(self, options: GameOptions) -> tuple[int, ...]:
        return (2, 3)

    def teams(self, options: GameOptions, seats: int) -> tuple[int, ...]:
        return tuple(range(seats))

    def initial_state(self, config: TableConfig) -> NimState:
        options, seats = self.prepare(config)
        assert isinstance(options, NimOptions)
        return NimState(options.counters, 0, seats)

    def seat_count(self, state: NimState) -> int:
        return state.seats

    def to_move(self, state: NimState) -> int | None:
        return None if state.pile == 0 else state.turn

    def legal_moves(self, state: NimState, seat: int) -> list[int]:
        if self.to_move(state) != seat:
            return []
        return [n for n in (1, 2) if n <= state.pile]

    def apply_legal(self, state: NimState, seat: int, move: int) -> Transition[NimState]:
        return Transition(NimState(state.pile - move, (seat + 1) % state.seats, state.seats), ())

    def is_finished(self, state: NimState) -> bool:
        return state.pile == 0

    def outcome(self, state: NimState) -> Outcome | None:
        if state.pile:
            return None
        winner = (state.turn - 1) % state.seats
        return Outcome((winner,), winner, False, (), f"seat {winner} wins")

    def view_for(self, state: NimState, seat: int | None) -> NimState:
        return state

    def view_to_move(self, view: NimState) -> int | None:
        return self.to_move(view)

    def view_legal_moves(self, view: NimState, seat: int) -> list[int]:
        return self.legal_moves(view, seat)

    def encode_state(self, state: NimState) -> str:
        return self.encode_view(state)

    def decode_state(self, text: str) -> NimState:
        data = json.loads(text)
        return NimState(data["pile"], data["turn"], data["seats"])

    def encode_view(self, view: NimState) -> str:
        return dumps({"pile": view.pile, "turn": view.turn, "seats": view.seats})

    def encode_move(self, move: int) -> str:
        return dumps({"type": "take", "n": move})

    def decode_move(self, text: str) -> int:
        try:
            data = json.loads(text)
            if data["type"] != "take" or type(data["n"]) is not int or data["n"] < 1:
                raise ValueError(text)
        except (ValueError, KeyError, TypeError):
            raise BadMove(f"not a Nim move: {text!r}") from None
        n: int = data["n"]
        return n

    def move_label(self, move: int) -> str:
        return f"take {move}"

    def player(self, level: str, seed: int) -> Player[NimState, int]:
        return FirstMove()

    def app_compatible(self, options: GameOptions) -> str | None:
        """Stands in for the games' refusals of app clients (RULINGS 13, 14)."""
        assert isinstance(options, NimOptions)
        return (
            "The app cannot play Nim with more than 50 counters." if options.counters > 50 else None
        )


NIM = Nim()

QUICK = TablePolicy(
    start=StartPolicy(mode="manual", late_join=False),
    timer=TimerPolicy(turn_seconds=None),
    pacing=PacingPolicy(think_seconds=0, hold_seconds=0, batch=False),
)
"""No clocks in the protocol tests: the AI answers at once and nobody times out."""


def register_nim(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the toy game a registered game for the daemon (and its AI runner)."""
    monkeypatch.setitem(registry._WHERE, "nim", "native_support:NIM")


class AppClient:
    """A client that writes exactly what the app writes and reads as it reads."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.received: list[Message] = []
        self.protocol: int | None = None

    @classmethod
    async def connect(cls, host: str, port: int) -> "AppClient":
        reader, writer = await asyncio.open_connection(host, port)
        return cls(reader, writer)

    async def send_line(self, line: str | bytes) -> None:
        data = line.encode("utf-8") if isinstance(line, str) else line
        self.writer.write(data + b"\n")
        await self.writer.drain()

    async def hello(self, device: str, name: str, protocol: int | None = 2) -> None:
        self.protocol = protocol
        await self.send_line(Hello(peerId=device, displayName=name, protocol=protocol).encode())

    async def intent(self, move_json: str) -> None:
        await self.send_line(Intent(moveJson=move_json).encode())

    async def resync(self) -> None:
        await self.send_line(Resync().encode())

    async def next(self, timeout: float = 10.0) -> Message:
        """The next line, decoded as the app decodes it; fails on anything else.

        Pings are answered and swallowed as the app's transport does; a
        protocol-1 client would not understand one, so it must never get one.
        """
        for _ in range(10_000):
            # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a
            # cancellation that lands as the line arrives (a phone cancelled at
            # the end of a test then reads on).
            async with asyncio.timeout(timeout):
                raw = await self.reader.readline()
            assert raw.endswith(b"\n"), f"link ended: {raw!r}"
            message = decode(raw.rstrip(b"\n"))
            assert message.encode() == raw.rstrip(b"\n").decode("utf-8"), "not the app's bytes"
            if isinstance(message, Ping):
                assert self.protocol != 1, "a protocol-1 client was pinged"
                await self.send_line(Pong().encode())
                continue
            self.received.append(message)
            return message
        raise AssertionError("nothing but pings")

    async def until(self, kind: str, timeout: float = 10.0) -> Any:
        """Read until a message of type `kind` arrives; return it."""
        for _ in range(10_000):
            message = await self.next(timeout)
            if message.t == kind:
                return message
        raise AssertionError(f"no {kind} in 10,000 messages")

    async def closed(self, timeout: float = 10.0) -> bool:
        """True once the host closed the link (everything before is read)."""
        for _ in range(10_000):
            async with asyncio.timeout(timeout):
                raw = await self.reader.readline()
            if not raw:
                return True
        return False

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()
