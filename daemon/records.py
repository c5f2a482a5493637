"""Finished games as records: what `plgames table export` writes, `plgames
replay` steps through, chat's `/record` sends and its end-of-game summary
counts; and the rematch of a finished table.

A record is the table's stored row and its whole step log. Together with the
seed in the row they rebuild every state of the game, hands and decks
included, which is why a record is only handed out once the table is over:
before that it would show what the players may not know (RULINGS 17).
"""

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from daemon.core import Daemon
from daemon.model import (
    Actor,
    Identity,
    RefusalCode,
    Refused,
    Status,
    StepKind,
    StepRecord,
    TableMeta,
)
from daemon.store import Store
from daemon.table import Table, replay_step
from engine.protocol import Event, Game, TableConfig
from engine.registry import get_game


class Record(BaseModel):
    """A game from its first step to its last, seed included: a file's content."""

    format: Literal["plgames-record"] = "plgames-record"
    version: Literal[1] = 1
    meta: TableMeta
    steps: list[StepRecord]

    @property
    def config(self) -> TableConfig:
        meta = self.meta
        return TableConfig(
            game=meta.game, options=meta.options, seats=len(meta.seats), seed=meta.seed
        )

    def names(self) -> list[str]:
        """The seats as the table called them (people by name, else `AI N`)."""
        return [
            (s.name or f"Seat {i + 1}") if s.identity is not None else f"AI {i + 1}"
            for i, s in enumerate(self.meta.seats)
        ]


def still_open(meta: TableMeta) -> str | None:
    """Why a table's record may not be handed out yet, or None once it is over."""
    if meta.status.open:
        return (
            f"{meta.name} ({meta.code}) is still {meta.status.value}: its record is kept "
            "once the game ends, because it shows every hand and the seed."
        )
    return None


async def record_of(store: Store, meta: TableMeta) -> Record:
    """The record of a table that is over; `Refused` (NOT_OVER) while it is open."""
    if (why := still_open(meta)) is not None:
        raise Refused(RefusalCode.NOT_OVER, why)
    return Record(meta=meta, steps=await store.steps(meta.id))


async def find_table(store: Store, key: str) -> TableMeta:
    """A stored table by its internal id, or by join code (the newest table
    that had it); `Refused` naming the key when there is none."""
    stored = await store.load(key)
    if stored is not None:
        return stored.meta
    found = await store.by_code(key.strip().upper())
    if not found:
        raise Refused(RefusalCode.UNKNOWN_TABLE, f"There is no stored table {key!r}.")
    return found[0]


# ---- stepping through ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """One step of a record and what it did: its events, every audience's."""

    step: StepRecord
    events: tuple[Event, ...]
    state: Any


def replayed(record: Record, game: Game[Any, Any, Any] | None = None) -> Iterator[Played]:
    """Every step of the record applied in order, checked like a resumed table's."""
    game = game or get_game(record.meta.game)
    state = game.initial_state(record.config)
    for step in record.steps:
        state, events = replay_step(game, state, step)
        yield Played(step, events, state)


@dataclass(frozen=True, slots=True)
class Story:
    """A finished game in numbers, for its summary."""

    moves: int
    turns: int
    seconds: float | None
    counts: dict[str, int]
    """Public events by kind (an event's data may name its `tally` instead)."""
    timeouts: tuple[int, ...]
    """Moves the timer made for each seat."""
    thinking: tuple[float, ...]
    """Seconds each seat was waited on for its own moves."""
    state: Any
    """The last state, in full: shown only because the game is over."""


def tell(record: Record) -> Story:
    """Count a record's moves, turns and public events (replaying it).

    A turn is counted the way `engine.selfplay.watch` counts one: by the
    game's `end_turn` events where it narrates them, else by each change of
    the seat moving.
    """
    meta = record.meta
    seats = len(meta.seats)
    counts: Counter[str] = Counter()
    timeouts = [0] * seats
    thinking = [0.0] * seats
    moves = switches = 0
    last_seat: int | None = None
    before = meta.started_at
    state = None
    for played in replayed(record):
        step = played.step
        state = played.state
        if step.kind == StepKind.MOVE and step.seat is not None:
            moves += 1
            switches += step.seat != last_seat
            last_seat = step.seat
            timeouts[step.seat] += step.actor == Actor.TIMER
            if before is not None:
                thinking[step.seat] += max(0.0, step.at - before)
        before = step.at
        for event in played.events:
            if event.visible_to(None):
                counts[str(event.data.get("tally", event.kind))] += 1
    ends = counts.get("end_turn", 0)
    seconds = None
    if meta.started_at is not None and meta.ended_at is not None:
        seconds = meta.ended_at - meta.started_at
    return Story(
        moves=moves,
        turns=ends + 1 if ends else switches,
        seconds=seconds,
        counts=dict(counts),
        timeouts=tuple(timeouts),
        thinking=tuple(thinking),
        state=state,
    )


# ---- rematch --------------------------------------------------------------------------------


async def rematch(daemon: Daemon, meta: TableMeta, by: Identity) -> tuple[Table, bool]:
    """A new table for a finished one's people: the same game, options, seat
    count, policy and place, a new seed; everyone who held a seat at the end
    (the AI may have been standing in for them) in that seat again, the AI in
    the others. It waits in the lobby, where anyone may leave, for anyone
    seated to start it. Returns (table, opened): a rematch already opened
    and still open is returned instead of opening another.

    The caller serialises presses for one table (chat holds a lock), since
    two at once would both find no rematch yet.
    """
    if meta.status != Status.FINISHED:
        raise Refused(RefusalCode.NOT_OVER, f"{meta.name} has not finished, so it has no rematch.")
    if meta.seat_of(by) is None:
        raise Refused(RefusalCode.NOT_SEATED, f"Only the people who played {meta.name} can ask.")
    linked = daemon.tables.get(meta.rematch or "")
    if linked is not None and linked.status.open:
        return linked, False
    table = await daemon.open_table(
        meta.game,
        origin=meta.origin,
        options=meta.options,
        seats=len(meta.seats),
        policy=meta.policy,
        creator=by,
    )
    for index, seat in enumerate(meta.seats):
        if seat.identity is not None:
            await table.join(seat.identity, seat.name, seat=index)
    live = daemon.tables.get(meta.id)
    stored = live.meta if live is not None else meta
    stored.rematch = meta.rematch = table.id
    await daemon.store.save_meta(stored)
    return table, True
