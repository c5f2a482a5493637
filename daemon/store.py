"""Durable, event-sourced table storage behind one interface.

A table is its metadata row (config with seed, seats, status) plus the ordered
log of applied steps, with a snapshot of the full state every so many steps so
loading does not replay a whole match. The daemon acknowledges a step to
anyone only after `append_step` has returned, so whatever a person saw is on
disk. SQLite is the default; a PostgreSQL store implements the same methods.

A finished table stays stored as its record (row and steps), and its seated
people are kept as results (who sat, who won, where it was played) written
with the row that finishes it, so statistics are queries, not replays. The
queries are the store's own (`tallies`, `games_played`, `latest_finished`,
`by_code`), so another backend answers them in its own SQL.
"""

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from daemon.model import Identity, Status, StepRecord, TableMeta


@dataclass(slots=True)
class StoredTable:
    """A table as loaded: the steps after `snapshot` rebuild its state.

    `snapshot` is `(ply, state_text)`: the full encoded state after the first
    `ply` steps, or None to start from the initial state.
    """

    meta: TableMeta
    snapshot: tuple[int, str] | None = None
    steps: list[StepRecord] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Tally:
    """One person's finished games of one game, within the scope asked."""

    identity: Identity
    name: str
    """The name they sat down with at their latest such game."""
    game: str
    played: int
    won: int


@dataclass(frozen=True, slots=True)
class Result:
    """One person's seat at a finished table: a results row."""

    table_id: str
    frontend: str
    community: str
    game: str
    ended_at: float
    seat: int
    identity: Identity
    name: str
    won: bool


def results_of(meta: TableMeta) -> list[Result]:
    """The results rows a finished table's row stands for (none before the end)."""
    if meta.status != Status.FINISHED:
        return []
    origin = meta.origin
    return [
        Result(
            meta.id,
            origin.frontend,
            origin.community,
            meta.game,
            meta.ended_at or meta.created_at,
            index,
            seat.identity,
            seat.name,
            index in meta.winners,
        )
        for index, seat in enumerate(meta.seats)
        if seat.identity is not None
    ]


def result_rows(meta: TableMeta) -> list[tuple[str, int, str, str, str, float, str, str, str, int]]:
    """`results_of` as the rows of the results table (both SQL stores' layout)."""
    return [
        (
            r.table_id,
            r.seat,
            r.frontend,
            r.community,
            r.game,
            r.ended_at,
            r.identity.frontend,
            r.identity.user,
            r.name,
            int(r.won),
        )
        for r in results_of(meta)
    ]


def step_row(table_id: str, step: StepRecord) -> tuple[Any, ...]:
    """A step as a row of the steps table (both SQL stores' layout)."""
    return (table_id, step.ply, step.kind.value, step.seat, step.move, step.actor.value, step.at)


def step_from_row(row: Sequence[Any]) -> StepRecord:
    _, ply, kind, seat, move, actor, at = row
    return StepRecord(ply=ply, kind=kind, seat=seat, move=move, actor=actor, at=at)


def ranked(tallies: list[Tally]) -> list[Tally]:
    """Most wins first, then most games, then by name: the leaderboard's order."""
    return sorted(tallies, key=lambda t: (-t.won, -t.played, t.name, t.game, str(t.identity)))


def tally(rows: list[Result]) -> list[Tally]:
    """Results summed per person and game, `ranked`, each under the name of
    their latest game."""
    played: Counter[tuple[Identity, str]] = Counter()
    won: Counter[tuple[Identity, str]] = Counter()
    latest: dict[tuple[Identity, str], Result] = {}
    for row in rows:
        key = (row.identity, row.game)
        played[key] += 1
        won[key] += row.won
        if key not in latest or row.ended_at >= latest[key].ended_at:
            latest[key] = row
    return ranked([Tally(i, latest[i, g].name, g, n, won[i, g]) for (i, g), n in played.items()])


class StoreError(Exception):
    """The store could not do what was asked; the caller must not acknowledge."""


class CodeTaken(StoreError):
    """Another daemon's open table has this join code; draw another."""


class Store(ABC):
    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None:
        """Flush and release; every awaited write before this is durable."""

    @abstractmethod
    async def create_table(self, meta: TableMeta) -> None: ...

    @abstractmethod
    async def save_meta(self, meta: TableMeta) -> None: ...

    @abstractmethod
    async def append_step(self, table_id: str, step: StepRecord, snapshot: str | None) -> None:
        """Store one step (its ply must be the next); `snapshot` is the state after it."""

    @abstractmethod
    async def load_open(self) -> list[StoredTable]:
        """Every table still in its lobby or playing, ready to resume."""

    @abstractmethod
    async def load(self, table_id: str) -> StoredTable | None: ...

    @abstractmethod
    async def steps(self, table_id: str) -> list[StepRecord]:
        """The whole log, for audits and for checking a replay."""

    # ---- records and statistics ---------------------------------------------------------

    @abstractmethod
    async def by_code(self, code: str) -> list[TableMeta]:
        """Every stored table that had this join code, newest first: codes are
        reused once a table is over, so the caller tells them apart."""

    @abstractmethod
    async def tallies(
        self, frontend: str, *, community: str | None = None, identity: Identity | None = None
    ) -> list[Tally]:
        """Finished games per person and game on one frontend, ordered as
        `tally` orders them: within one community (None: anywhere), for one
        person (None: everyone)."""

    @abstractmethod
    async def games_played(self, frontend: str, community: str) -> dict[str, int]:
        """Finished tables with a person seated, per game, in one community."""

    @abstractmethod
    async def latest_finished(self, identity: Identity) -> TableMeta | None:
        """The last finished table this person sat at to the end."""


class MemoryStore(Store):
    """A store that forgets on exit: for tests on a fake clock, where a write
    must not leave the event loop (no thread, no I/O)."""

    def __init__(self) -> None:
        self._meta: dict[str, str] = {}
        self._steps: dict[str, list[StepRecord]] = {}
        self._snapshots: dict[str, tuple[int, str]] = {}
        self._results: dict[str, list[Result]] = {}

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def create_table(self, meta: TableMeta) -> None:
        if meta.id in self._meta:
            raise StoreError(f"table {meta.id} exists")
        self._meta[meta.id] = meta.model_dump_json()
        self._steps[meta.id] = []

    async def save_meta(self, meta: TableMeta) -> None:
        self._meta[meta.id] = meta.model_dump_json()
        if rows := results_of(meta):
            self._results[meta.id] = rows

    async def append_step(self, table_id: str, step: StepRecord, snapshot: str | None) -> None:
        log = self._steps[table_id]
        if step.ply != len(log):
            raise StoreError(f"table {table_id}: step {step.ply} after {len(log)} steps")
        log.append(step)
        if snapshot is not None:
            self._snapshots[table_id] = (step.ply + 1, snapshot)

    async def load_open(self) -> list[StoredTable]:
        found = [await self.load(table_id) for table_id in self._meta]
        return [t for t in found if t is not None and t.meta.status.open]

    async def load(self, table_id: str) -> StoredTable | None:
        if table_id not in self._meta:
            return None
        meta = TableMeta.model_validate_json(self._meta[table_id])
        snapshot = self._snapshots.get(table_id)
        start = snapshot[0] if snapshot else 0
        return StoredTable(meta, snapshot, self._steps[table_id][start:])

    async def steps(self, table_id: str) -> list[StepRecord]:
        return list(self._steps.get(table_id, []))

    async def by_code(self, code: str) -> list[TableMeta]:
        found = [TableMeta.model_validate_json(m) for m in self._meta.values()]
        return sorted(
            (m for m in found if m.code == code), key=lambda m: m.created_at, reverse=True
        )

    async def tallies(
        self, frontend: str, *, community: str | None = None, identity: Identity | None = None
    ) -> list[Tally]:
        return tally(
            [
                row
                for rows in self._results.values()
                for row in rows
                if row.frontend == frontend
                and (community is None or row.community == community)
                and (identity is None or row.identity == identity)
            ]
        )

    async def games_played(self, frontend: str, community: str) -> dict[str, int]:
        games: Counter[str] = Counter()
        for rows in self._results.values():
            if rows[0].frontend == frontend and rows[0].community == community:
                games[rows[0].game] += 1
        return dict(games)

    async def latest_finished(self, identity: Identity) -> TableMeta | None:
        mine = [r for rows in self._results.values() for r in rows if r.identity == identity]
        if not mine:
            return None
        last = max(mine, key=lambda r: r.ended_at)
        return TableMeta.model_validate_json(self._meta[last.table_id])
