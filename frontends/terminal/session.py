"""A person at a table through the app's protocol, in a terminal.

The terminal client is one more protocol client: it says hello like the app
(plus `"client"`, so it may sit at tables the app cannot play), draws each
state as text, numbers the legal moves and sends the chosen one as an intent.
Input and output are injected, so a test can play a whole game from a script.
"""

import asyncio
import contextlib
import json
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from engine.errors import EngineError
from engine.registry import get_game
from frontends.native.messages import (
    Hello,
    Intent,
    Lobby,
    Message,
    Ping,
    Pong,
    Rejected,
    Start,
    State,
    Undecodable,
    Welcome,
    decode,
)
from frontends.terminal.render import is_over, render

CLIENT = "plgames-terminal/1"
HELP = """Type the number of a move to play it.
  help       this text
  show       draw the table again
  moves      list your moves again
  {...}      send a move's JSON as it is (for moves the list only samples, like trades)
  quit       leave the table (the AI plays your seat until you come back)"""

Ask = Callable[[str], Awaitable[str | None]]
"""Prompt and read one line; None at end of input."""
Say = Callable[[str], None]


def new_device_id() -> str:
    """An id in the app's shape (16 hex digits) for this terminal."""
    return uuid.uuid4().hex[:16]


class Session:
    """One connection to a table, played from `ask`/`say` until the game ends."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        name: str,
        device: str,
        ask: Ask,
        say: Say,
    ) -> None:
        self._reader = reader
        self._writer = writer
        self._name = name
        self._device = device
        self._ask = ask
        self._say = say
        self._game_id = ""
        self._seat: int | None = None
        self._state: State | None = None
        self._log_seen = 0
        """Log lines already on screen, so AI moves print as one line each."""

    async def run(self) -> int:
        """Play until the game is over (0), or the host refuses or leaves (1)."""
        await self._send(
            Hello(peerId=self._device, displayName=self._name, protocol=2, client=CLIENT)
        )
        try:
            while (message := await self._receive()) is not None:
                if (done := await self._on(message)) is not None:
                    return done
        finally:
            self._writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await self._writer.wait_closed()
        self._say("The connection to the host was lost.")
        return 1

    async def _on(self, message: Message) -> int | None:
        if isinstance(message, Welcome):
            if not message.accepted:
                self._say(f"Refused: {message.reason or 'The host declined.'}")
                return 1
            self._say(f"Joined {message.hostName}. Waiting for the game to start…")
        elif isinstance(message, Lobby):
            seats = ", ".join(f"{s.seat}: {s.name}" for s in message.seats)
            self._say(f"At the table: {seats}")
        elif isinstance(message, Start):
            self._start(message)
        elif isinstance(message, State):
            return await self._on_state(message)
        elif isinstance(message, Rejected):
            self._say(f"Refused: {message.reason}")
            if self._state is not None and self._state.legalMoves:
                return await self._on_state(self._state)
        return None

    def _show(self, state: State, seat: int) -> None:
        """The whole table when it is our move or the game is over; otherwise
        only what happened since (games without a log are drawn whole)."""
        log = json.loads(state.stateJson).get("log")
        if isinstance(log, list) and not state.legalMoves and not is_over(state.stateJson):
            fresh = log[self._log_seen :] if len(log) >= self._log_seen else log
            for line in fresh:
                self._say(f"  | {line}")
            self._log_seen = len(log)
            return
        self._say(render(self._game_id, state.stateJson, seat))
        if isinstance(log, list):
            self._log_seen = len(log)

    def _start(self, start: Start) -> None:
        """Our seat is the one holding our device id, as the app finds it."""
        self._game_id = start.config.gameId
        self._seat = next((s.seat for s in start.config.seats if s.deviceId == self._device), None)
        names = ", ".join(f"{s.seat}: {s.name}" for s in start.config.seats)
        self._say(f"The game begins ({self._game_id}). Seats: {names}")

    async def _on_state(self, state: State) -> int | None:
        if self._seat is None:  # came back to a match after missing its start
            self._seat = state.yourSeat
        self._state = state
        self._show(state, self._seat)
        if is_over(state.stateJson):
            self._say("The game is over.")
            return 0
        if state.legalMoves:
            return await self._choose(state)
        return None

    def _engine(self) -> Any:
        try:
            return get_game(self._game_id)
        except EngineError:
            return None

    def _labels(self, moves: list[str]) -> list[str]:
        game = self._engine()
        labels = []
        for text in moves:
            try:
                labels.append(game.move_label(game.decode_move(text)) if game else text)
            except (EngineError, ValueError):
                labels.append(text)
        return labels

    def _list(self, state: State) -> None:
        lines = [f"{i:>3}. {label}" for i, label in enumerate(self._labels(state.legalMoves), 1)]
        self._say("Your move:\n" + "\n".join(lines))

    async def _choose(self, state: State) -> int | None:
        self._list(state)
        for _ in range(1000):
            line = await self._ask("move> ")
            if line is None or line.strip().lower() in ("quit", "exit"):
                return 1
            text = line.strip()
            if text.lower() in ("help", "?"):
                self._say(HELP)
            elif text.lower() == "show":
                self._say(render(self._game_id, state.stateJson, self._seat or 0))
            elif text.lower() == "moves":
                self._list(state)
            elif text.startswith("{"):
                await self._send(Intent(moveJson=text))
                return None
            elif text.isdigit() and 1 <= int(text) <= len(state.legalMoves):
                await self._send(Intent(moveJson=state.legalMoves[int(text) - 1]))
                return None
            elif text:
                self._say(
                    f"{text!r} is not a move: type a number from 1 to "
                    f"{len(state.legalMoves)}, or help."
                )
        return 1

    async def _send(self, message: Message) -> None:
        self._writer.write(message.encode().encode("utf-8") + b"\n")
        await self._writer.drain()

    async def _receive(self) -> Message | None:
        """The next message for us; pings are answered here as the app's link does."""
        while True:
            raw = await self._line()
            if not raw:
                return None
            try:
                message = decode(raw.strip())
            except Undecodable:
                continue
            if isinstance(message, Ping):
                await self._send(Pong())
                continue
            return message

    async def _line(self) -> bytes:
        """The next line (b"" at the end of the link). One longer than the
        reader's limit is skipped and said, not fatal: the daemon never sends
        one, but whatever is at the other end may."""
        skipping = False
        while True:
            try:
                raw = await self._reader.readuntil(b"\n")
            except asyncio.IncompleteReadError as exc:  # the link ended
                return b"" if skipping else exc.partial
            except asyncio.LimitOverrunError as exc:
                await self._reader.readexactly(exc.consumed)  # already buffered
                skipping = True
                continue
            except (ConnectionError, OSError):
                return b""
            if not skipping:
                return raw
            skipping = False
            self._say("(The host sent a line too long to read; it was skipped.)")
