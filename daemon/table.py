"""One table at run time: its state, seats and choke point.

Every change to a table — a person's move, an AI move, a timer's move, a host
step, a join, a start — happens under the table's one lock, so intents that
race are served one at a time and each sees the state the previous one left.
Tables have separate locks and tasks, so one busy table never holds up another.

A step is applied to a copy, stored, and only then becomes the table's state
and is published: nobody hears of a move that a crash could take back.
"""

import asyncio
import contextlib
import hashlib
import logging
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from daemon.ai import AiScheduler
from daemon.clock import Clock
from daemon.delivery import (
    Hub,
    TableRef,
)
from daemon.driver import MatchDriver
from daemon.metrics import Metrics
from daemon.model import (
    Actor,
    Identity,
    RefusalCode,
    Refused,
    Seat,
    Status,
    StepKind,
    StepRecord,
    TableMeta,
    TablePolicy,
)
from daemon.publishing import Applied, notify, publish_public, send_seat, tell_listeners
from daemon.store import Store, StoredTable, StoreError
from engine.errors import EngineError, IllegalMove
from engine.protocol import Game, GameOptions, TableConfig, Transition

log = logging.getLogger("plgames.table")

RESTARTING = "The host is restarting; try again shortly."
UNAVAILABLE = "The move could not be saved, so it was not made; try again."


Admission = Callable[[TableMeta], str | None]
"""A frontend's own condition for seating someone: None to admit, else the reason."""


@dataclass(slots=True)
class Services:
    """What every table shares with the daemon."""

    store: Store
    clock: Clock
    ai: AiScheduler
    hub: Hub
    metrics: Metrics
    snapshot_every: int = 50
    closing: bool = False


class Table:
    def __init__(
        self,
        services: Services,
        meta: TableMeta,
        game: Game[Any, Any, Any],
        *,
        state: Any = None,
        version: int = 0,
    ) -> None:
        self.services = services
        self.meta = meta
        self.game = game
        self.options: GameOptions = game.parse_options(meta.options)
        self.state = state
        self.version = version
        self.lock = asyncio.Lock()
        self.last_step_at: float | None = None
        self.recent: deque[str] = deque(maxlen=8)
        """The latest public narration, for `plgames table show`."""
        self.turn_deadline: float | None = None
        self.changed = asyncio.Event()
        self.pending: list[Applied] = []
        self.announced: tuple[int, int | None, bool] | None = None
        self.listeners: list[Callable[[], None]] = []
        self.driver = MatchDriver(self)

    # ---- building ----------------------------------------------------------------

    @classmethod
    def restore(cls, services: Services, stored: StoredTable, game: Game[Any, Any, Any]) -> "Table":
        """Rebuild a table from its snapshot and the steps after it."""
        meta = stored.meta
        table = cls(services, meta, game)
        if meta.status == Status.LOBBY and not stored.steps and stored.snapshot is None:
            return table
        if stored.snapshot is not None:
            table.version, text = stored.snapshot
            table.state = game.decode_state(text)
        else:
            table.state = game.initial_state(table.config)
        for step in stored.steps:
            if step.ply != table.version:
                raise ValueError(f"table {meta.id}: step {step.ply} where {table.version} was due")
            table.state = replay_step(game, table.state, step).state
            table.version += 1
            table.last_step_at = step.at
        return table

    @property
    def config(self) -> TableConfig:
        return TableConfig(
            game=self.meta.game,
            options=self.meta.options,
            seats=len(self.meta.seats),
            seed=self.meta.seed,
        )

    @property
    def id(self) -> str:
        return self.meta.id

    @property
    def code(self) -> str:
        return self.meta.code

    @property
    def status(self) -> Status:
        return self.meta.status

    def ref(self) -> TableRef:
        m = self.meta
        return TableRef(m.id, m.code, m.name, m.game, m.origin, m.status, self.version)

    # ---- reading (frontends and the admin CLI) -----------------------------------

    def to_move(self) -> int | None:
        """The seat the table waits on now; None in the lobby, at the end or before a host step."""
        if self.state is None or self.meta.status != Status.PLAYING:
            return None
        if self.game.is_finished(self.state) or self.game.can_advance(self.state):
            return None
        return self.game.to_move(self.state)

    def view_for(self, seat: int | None) -> Any:
        """A seat's (or, with None, a spectator's) redacted view of the current state."""
        if self.state is None:
            raise Refused(RefusalCode.NOT_PLAYING, "The game has not started yet.")
        return self.game.view_for(self.state, seat)

    def seat_of(self, identity: Identity) -> int | None:
        """The seat this identity holds, or held and may take back."""
        return self.meta.seat_of(identity)

    def state_digest(self) -> str:
        """A fingerprint of the full state, to compare with a replay without
        showing the state (which holds the seed)."""
        text = "" if self.state is None else self.game.encode_state(self.state)
        return hashlib.sha256(text.encode()).hexdigest()

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call `listener` after every publication and every seat or status
        change (for frontends that pull views instead of taking deliveries)."""
        self.listeners.append(listener)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self.listeners.remove(listener)

        return unsubscribe

    # ---- seats -----------------------------------------------------------------

    async def join(
        self,
        identity: Identity,
        name: str,
        *,
        seat: int | None = None,
        admit: Admission | None = None,
    ) -> int:
        """Seat a person, or give them back the seat they left; refuse with a reason."""
        async with self.lock:
            self._accepting()
            meta = self.meta
            if not meta.status.open:
                raise Refused(RefusalCode.NOT_PLAYING, "This table has ended.")
            if identity in meta.banned:
                raise Refused(RefusalCode.BANNED, "You were removed from this table.")
            held = meta.seat_of(identity)
            if held is not None:
                mine = meta.seats[held]
                if mine.away:
                    mine.away = False
                    mine.misses = 0
                    await self.save(f"{mine.name or identity} is back at the table.")
                if meta.status == Status.PLAYING:
                    send_seat(self, held)  # a returning person needs the position now
                return held
            if admit is not None and (reason := admit(meta)) is not None:
                raise Refused(RefusalCode.NOT_ADMITTED, reason)
            if meta.status == Status.PLAYING and not meta.policy.start.late_join:
                raise Refused(
                    RefusalCode.ALREADY_STARTED, "The game at this table has already started."
                )
            free = [i for i, s in enumerate(meta.seats) if s.identity is None]
            if seat is not None:
                if not 0 <= seat < len(meta.seats):
                    raise Refused(
                        RefusalCode.NOT_YOUR_SEAT,
                        f"There is no seat {seat}; seats are 0 to {len(meta.seats) - 1}.",
                    )
                if seat not in free:
                    raise Refused(RefusalCode.TABLE_FULL, f"Seat {seat} is taken.")
                free = [seat]
            if not free:
                raise Refused(RefusalCode.TABLE_FULL, "The table is full.")
            taken = meta.seats[free[0]]
            taken.identity = identity
            taken.name = name or identity.user
            taken.away = False
            taken.misses = 0
            await self.save(f"{taken.name} joins the table.")
            if meta.status == Status.PLAYING:
                send_seat(self, free[0])
            elif self._wanted_humans_reached():
                await self.start_locked()
            return free[0]

    async def leave(self, identity: Identity) -> int:
        """Hand the person's seat to the AI; mid-match they may come back to it."""
        async with self.lock:
            self._accepting()
            index = self.meta.seat_of(identity)
            if index is None:
                raise Refused(RefusalCode.NOT_SEATED, "You are not seated at this table.")
            seat = self.meta.seats[index]
            name = seat.name
            if self.meta.status == Status.LOBBY:
                seat.identity, seat.name, seat.away, seat.misses = None, "", False, 0
            else:
                seat.away = True
            await self.save(f"{name} left seat {index}; the AI plays it.")
            return index

    async def kick(self, index: int) -> Identity | None:
        """Unseat whoever holds seat `index` for good: the AI plays it and that
        identity cannot join this table again."""
        async with self.lock:
            if not 0 <= index < len(self.meta.seats):
                raise Refused(RefusalCode.NOT_YOUR_SEAT, f"There is no seat {index}.")
            seat = self.meta.seats[index]
            kicked = seat.identity
            if kicked is None:
                return None
            name = seat.name
            self.meta.banned.append(kicked)
            seat.identity, seat.name, seat.away, seat.misses = None, "", False, 0
            await self.save(f"{name} was removed from seat {index}; the AI plays it.")
            return kicked

    async def spectate(self, identity: Identity) -> None:
        async with self.lock:
            if identity not in self.meta.spectators:
                self.meta.spectators.append(identity)
                await self.save("")
            if self.state is not None:
                publish_public(self, (), [identity.frontend])

    async def resize(self, count: int, *, options: Mapping[str, Any], notice: str = "") -> None:
        """Give a lobby `count` seats with `options` (a game whose options
        name the seat count, as Katan's `players`, changes both at once).
        Nobody loses a seat: someone sitting past the new last seat moves to
        a free one, and fewer seats than people is refused."""
        async with self.lock:
            self._accepting()
            if self.meta.status != Status.LOBBY:
                raise Refused(
                    RefusalCode.ALREADY_STARTED, "The game has begun: its seats are fixed now."
                )
            seats = self.meta.seats
            people = sum(1 for s in seats if s.identity is not None)
            if count < people:
                raise Refused(
                    RefusalCode.TABLE_FULL,
                    f"{people} people sit at this table, so it cannot have fewer seats.",
                )
            config = TableConfig(
                game=self.meta.game, options=dict(options), seats=count, seed=self.meta.seed
            )
            try:
                parsed, _ = self.game.prepare(config)
            except EngineError as exc:
                raise Refused(RefusalCode.BAD_OPTIONS, exc.reason) from None
            kept, moving = seats[:count], [s for s in seats[count:] if s.identity is not None]
            free = [i for i, s in enumerate(kept) if s.identity is None]
            for index, person in zip(free, moving, strict=False):
                kept[index] = person
            self.meta.seats = kept + [Seat() for _ in range(count - len(kept))]
            self.options = parsed
            self.meta.options = parsed.model_dump(mode="json", by_alias=True)
            await self.save(notice)
            if self._wanted_humans_reached():
                await self.start_locked()

    async def configure(
        self,
        *,
        options: Mapping[str, Any] | None = None,
        policy: TablePolicy | None = None,
        levels: Mapping[int, str | None] | None = None,
        notice: str = "",
    ) -> None:
        """Change a lobby's game options, policy or seats' AI levels (a chat's
        settings menu). Checked as a new table's would be, all or nothing:
        a refusal names what is wrong and changes nothing."""
        async with self.lock:
            self._accepting()
            if self.meta.status != Status.LOBBY:
                raise Refused(
                    RefusalCode.ALREADY_STARTED, "The game has begun: its settings are fixed now."
                )
            parsed = self.options
            if options is not None:
                config = TableConfig(
                    game=self.meta.game,
                    options=dict(options),
                    seats=len(self.meta.seats),
                    seed=self.meta.seed,
                )
                try:
                    parsed, _ = self.game.prepare(config)
                except EngineError as exc:
                    raise Refused(RefusalCode.BAD_OPTIONS, exc.reason) from None
            aliases = self.game.level_aliases
            if policy is not None and policy.ai_level is not None:
                named = aliases.get(policy.ai_level, policy.ai_level)
                policy = policy.model_copy(update={"ai_level": named})
            levels = {
                i: level if level is None else aliases.get(level, level)
                for i, level in (levels or {}).items()
            }
            wanted = [policy.ai_level if policy else None, *levels.values()]
            for level in wanted:
                if level is not None and level not in self.game.levels:
                    raise Refused(
                        RefusalCode.BAD_OPTIONS,
                        f"{self.game.title} has no AI level {level!r}; "
                        f"the levels are {', '.join(self.game.levels)}.",
                    )
            for index in levels or {}:
                if not 0 <= index < len(self.meta.seats):
                    raise Refused(RefusalCode.NOT_YOUR_SEAT, f"There is no seat {index + 1}.")
            self.options = parsed
            self.meta.options = parsed.model_dump(mode="json", by_alias=True)
            if policy is not None:
                self.meta.policy = policy
            for index, level in (levels or {}).items():
                self.meta.seats[index].level = level
            await self.save(notice)

    # ---- lifecycle ---------------------------------------------------------------

    async def start(self) -> None:
        async with self.lock:
            self._accepting()
            if self.meta.status != Status.LOBBY:
                raise Refused(RefusalCode.ALREADY_STARTED, "This table has already started.")
            await self.start_locked()

    async def start_locked(self) -> None:
        self.state = self.game.initial_state(self.config)
        self.version = 0
        self.meta.status = Status.PLAYING
        self.meta.started_at = self.services.clock.time()
        await self.save("The game begins.")

    async def end(self, reason: str = "Ended by an admin.") -> None:
        """Abandon the table: nobody can act at it any more."""
        async with self.lock:
            if not self.meta.status.open:
                return
            self.meta.status = Status.ABANDONED
            self.meta.ended_at = self.services.clock.time()
            self.meta.result = reason
            await self.save(reason)
        await self.stop()

    # ---- the choke point -----------------------------------------------------------

    async def act(
        self,
        move: Any,
        *,
        identity: Identity | None = None,
        seat: int | None = None,
        actor: Actor = Actor.HUMAN,
        expect: int | None = None,
    ) -> int:
        """Apply one move for a seat, store it, and return the table's new version.

        A person's intent names its identity (and, optionally, the seat it
        thinks it holds); the AI and timers name the seat and the version
        they decided on, so a decision made on a state that has since changed
        is refused as stale instead of applied to the wrong position. `move`
        is a move object or its wire text.
        """
        async with self.lock:
            return await self.act_locked(move, identity, seat, actor, expect)

    async def act_locked(
        self,
        move: Any,
        identity: Identity | None,
        seat: int | None,
        actor: Actor,
        expect: int | None,
    ) -> int:
        self._accepting()
        meta = self.meta
        if meta.status != Status.PLAYING or self.state is None:
            text = (
                "The game has not started yet."
                if meta.status == Status.LOBBY
                else "The game is over."
            )
            raise self._refuse(RefusalCode.NOT_PLAYING, text)
        if expect is not None and expect != self.version:
            raise self._refuse(RefusalCode.STALE, "The table moved on before this move arrived.")
        if actor == Actor.HUMAN:
            own = None if identity is None else meta.seat_of(identity)
            if own is None:
                raise self._refuse(RefusalCode.NOT_SEATED, "You are not seated at this table.")
            if seat is not None and seat != own:
                raise self._refuse(
                    RefusalCode.NOT_YOUR_SEAT,
                    f"Seat {seat} is not yours; you sit in seat {own}.",
                )
            seat = own
        elif seat is None or (actor == Actor.AI and meta.seats[seat].human):
            raise self._refuse(RefusalCode.STALE, "That seat is no longer played by the AI.")
        if self.game.is_finished(self.state):
            raise self._refuse(RefusalCode.NOT_PLAYING, "The game is over.")
        if not self.game.may_act(self.state, seat):
            raise self._refuse(RefusalCode.NOT_YOUR_TURN, "It is not your turn.")
        if isinstance(move, str):
            try:
                move = self.game.decode_move(move)
            except (EngineError, ValueError) as exc:
                reason = exc.reason if isinstance(exc, EngineError) else str(exc)
                raise self._refuse(RefusalCode.UNREADABLE, f"Unreadable move: {reason}") from None
        try:
            transition = self.game.apply(self.state, seat, move)
        except IllegalMove as exc:
            raise self._refuse(RefusalCode.ILLEGAL, exc.reason) from None
        if actor == Actor.HUMAN and (meta.seats[seat].away or meta.seats[seat].misses):
            meta.seats[seat].away = False
            meta.seats[seat].misses = 0
            await self.save("")
        step = StepRecord(
            ply=self.version,
            kind=StepKind.MOVE,
            seat=seat,
            move=self.game.encode_move(move),
            actor=actor,
            at=self.services.clock.time(),
        )
        await self._commit(step, transition)
        return self.version

    async def advance(self, expect: int) -> None:
        """Take a host step (a new deal) nobody is asked for."""
        async with self.lock:
            if self.meta.status != Status.PLAYING or self.version != expect:
                return
            if not self.game.can_advance(self.state):
                return
            transition = self.game.advance(self.state)
            step = StepRecord(
                ply=self.version,
                kind=StepKind.ADVANCE,
                actor=Actor.HOST,
                at=self.services.clock.time(),
            )
            await self._commit(step, transition)

    async def _commit(self, step: StepRecord, transition: Transition[Any]) -> None:
        """Store, then adopt: a cancelled caller still finishes an in-flight
        write, so memory and disk never disagree about the last step."""
        snapshot = None
        if (step.ply + 1) % self.services.snapshot_every == 0:
            snapshot = self.game.encode_state(transition.state)
        began = time.perf_counter()
        write = asyncio.ensure_future(self.services.store.append_step(self.meta.id, step, snapshot))
        try:
            await asyncio.shield(write)
            self.services.metrics.store_seconds.observe(time.perf_counter() - began)
        except asyncio.CancelledError:
            await asyncio.wait([write])
            if not write.cancelled() and write.exception() is None:
                self._adopt(step, transition)
            raise
        except StoreError as exc:
            log.error("table %s: step %d not stored: %s", self.code, step.ply, exc)
            raise self._refuse(RefusalCode.UNAVAILABLE, UNAVAILABLE) from None
        self._adopt(step, transition)

    def _adopt(self, step: StepRecord, transition: Transition[Any]) -> None:
        self.state = transition.state
        self.version = step.ply + 1
        self.last_step_at = step.at
        self.pending.append(Applied(step.ply, step.seat, transition.events, step.actor))
        self.recent.extend(e.text for e in transition.events if e.audience is None)
        self.services.metrics.moves.labels(self.meta.game, step.actor.value).inc()
        self.changed.set()

    def _accepting(self) -> None:
        if self.services.closing:
            raise self._refuse(
                RefusalCode.SHUTTING_DOWN, "The host is restarting; try again shortly."
            )

    def _refuse(self, code: RefusalCode, reason: str) -> Refused:
        self.services.metrics.refusals.labels(code.value).inc()
        return Refused(code, reason)

    async def save(self, notice: str) -> None:
        """Store the table's row, then tell everyone at the table what changed."""
        self._note_presence()
        await self.services.store.save_meta(self.meta)
        self.changed.set()
        if notice:
            notify(self, notice)
        tell_listeners(self)

    def _note_presence(self) -> None:
        """Start (or stop) the idle clock of a table everyone has left; it is
        stored with the seats so a restart does not reset it."""
        seats = self.meta.seats
        deserted = (
            self.meta.status == Status.PLAYING
            and not any(s.human for s in seats)
            and any(s.identity is not None for s in seats)
        )
        if not deserted:
            self.meta.absent_since = None
        elif self.meta.absent_since is None:
            self.meta.absent_since = self.services.clock.time()

    def _wanted_humans_reached(self) -> bool:
        policy = self.meta.policy.start
        if policy.mode != "when_full":
            return False
        wanted = policy.humans or len(self.meta.seats)
        return sum(1 for s in self.meta.seats if s.identity is not None) >= wanted

    # ---- driving ------------------------------------------------------------------

    def run(self) -> None:
        """Start (or resume) driving this table: lobby start policy, AI, timers."""
        self.driver.run()

    async def stop(self) -> None:
        """Stop driving; a step being stored is finished first (see `_commit`)."""
        await self.driver.stop()


def replay_step(game: Game[Any, Any, Any], state: Any, step: StepRecord) -> Transition[Any]:
    """Re-apply one stored step (checked, so a corrupt log is caught, not trusted)."""
    if step.kind == StepKind.ADVANCE:
        return game.advance(state)
    if step.seat is None or step.move is None:
        raise ValueError(f"step {step.ply} is a move without a seat or a move")
    return game.apply(state, step.seat, game.decode_move(step.move))
