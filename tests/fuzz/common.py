"""What the fuzz targets share: structure read from raw bytes, positions
reached by self-play, one event loop, and the rule that nothing logs an error.

A target is a function of one `bytes` input that returns normally for every
input, raising only when the code under test broke a promise: an exception
other than the documented ones, an error logged, or an answer of the wrong
shape. atheris calls it with coverage-guided inputs; the suite calls it with
hypothesis's.
"""

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from engine.protocol import TableConfig
from engine.registry import get_game

T = TypeVar("T")

Target = Callable[[bytes], None]


class Reader:
    """Takes choices off the front of an input and the rest as text, so one
    byte string drives a structured case and a mutation of it stays close."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            return 0
        self.pos += 1
        return self.data[self.pos - 1]

    def pick(self, choices: Sequence[T]) -> T:
        return choices[self.byte() % len(choices)]

    def chunk(self) -> bytes:
        """Bytes up to the next NUL (or the end)."""
        end = self.data.find(b"\0", self.pos)
        end = len(self.data) if end < 0 else end
        found = self.data[self.pos : end]
        self.pos = end + 1
        return found

    def text(self) -> str:
        """The next chunk as text; invalid UTF-8 becomes lone surrogates, which a
        JSON `\\ud800` escape from a platform can also produce."""
        return self.chunk().decode("utf-8", "surrogateescape")


def seed(*parts: bytes | str | int) -> bytes:
    """A seed input in `Reader` layout: ints are choice bytes, the rest chunks."""
    out = bytearray()
    for part in parts:
        if isinstance(part, int):
            out.append(part % 256)
        else:
            out += (part.encode() if isinstance(part, str) else part) + b"\0"
    return bytes(out)


@functools.cache
def positions(game_id: str, options: tuple[tuple[str, Any], ...] = ()) -> tuple[Any, ...]:
    """Every 7th position of two seeded random self-play games, and where
    they ended: bids, tricks, robber steps, trades, game over."""
    game = get_game(game_id)
    found: list[Any] = []
    for seed_ in (1, 2):
        config = TableConfig(game=game_id, options=dict(options), seats=None, seed=seed_)
        state = game.initial_state(config)
        seats = game.seat_count(state)
        players = [game.player("random", seed_ * 10 + s) for s in range(seats)]
        for ply in range(600):
            if game.is_finished(state):
                break
            if game.can_advance(state):
                state = game.advance(state).state
                continue
            if ply % 7 == 0:
                found.append(state)
            seat = game.to_move(state)
            assert seat is not None
            view = game.view_for(state, seat)
            move = players[seat].choose(view, seat, game.view_legal_moves(view, seat))
            state = game.apply(state, seat, move).state
        found.append(state)
    return tuple(found)


class Errors(logging.Handler):
    """Every record at ERROR or above, or carrying a traceback, from any logger."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)

    def check(self, case: object) -> None:
        """Fail (and forget) if anything was logged as an error since the last check."""
        found, self.records = self.records, []
        if found:
            first = found[0]
            detail = self.format(first) if first.exc_info else first.getMessage()
            raise AssertionError(f"{case!r} logged an error: {detail}")


@functools.cache
def errors() -> Errors:
    handler = Errors()
    handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    return handler


@functools.cache
def loop() -> asyncio.AbstractEventLoop:
    """One loop for every input: daemons and fake platforms stay up between them."""
    return asyncio.new_event_loop()


def run(coroutine: Awaitable[T], timeout: float = 30.0) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coroutine, timeout)

    return loop().run_until_complete(bounded())


_CLOSERS: list[Callable[[], Awaitable[None]]] = []


def on_close(closer: Callable[[], Awaitable[None]]) -> None:
    """Register what `close` must stop (a world a target keeps between inputs)."""
    _CLOSERS.append(closer)


async def _cancel_the_rest() -> None:
    """What the libraries leave behind (discord.py's view timers)."""
    left = asyncio.all_tasks() - {asyncio.current_task()}
    for task in left:
        task.cancel()
    await asyncio.gather(*left, return_exceptions=True)


def close() -> None:
    """Stop every kept world, close the loop and detach the error log: the
    suite calls this once its fuzz tests are done."""
    if loop.cache_info().currsize:
        for closer in _CLOSERS:
            loop().run_until_complete(closer())
        loop().run_until_complete(_cancel_the_rest())
        loop().run_until_complete(loop().shutdown_asyncgens())
        loop().close()
        loop.cache_clear()
    if errors.cache_info().currsize:
        logging.getLogger().removeHandler(errors())
        errors.cache_clear()
