"""Durable, event-sourced table storage behind one interface.

A table is its metadata row (config with seed, seats, status) plus the ordered
log of applied steps, with a snapshot of the full state every so many steps so
loading does not replay a whole match. The daemon acknowledges a step to
anyone only after `append_step` has returned, so whatever a person saw is on
disk. SQLite is the default; a PostgreSQL store implements the same methods.
"""

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from daemon.model import StepRecord, TableMeta


@dataclass(slots=True)
class StoredTable:
    """A table as loaded: the steps after `snapshot` rebuild its state.

    `snapshot` is `(ply, state_text)`: the full encoded state after the first
    `ply` steps, or None to start from the initial state.
    """

    meta: TableMeta
    snapshot: tuple[int, str] | None = None
    steps: list[StepRecord] = field(default_factory=list)


class StoreError(Exception):
    """The store could not do what was asked; the caller must not acknowledge."""


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


class MemoryStore(Store):
    """A store that forgets on exit: for tests on a fake clock, where a write
    must not leave the event loop (no thread, no I/O)."""

    def __init__(self) -> None:
        self._meta: dict[str, str] = {}
        self._steps: dict[str, list[StepRecord]] = {}
        self._snapshots: dict[str, tuple[int, str]] = {}

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
