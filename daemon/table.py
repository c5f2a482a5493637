"""One table at run time: its choke point and its match driver.

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
import math
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from daemon.ai import AiRunner, decision_seed
from daemon.clock import Clock
from daemon.delivery import (
    ClockNotice,
    Hub,
    PublicUpdate,
    SeatUpdate,
    Step,
    TableNotice,
    TableRef,
)
from daemon.metrics import Metrics
from daemon.model import (
    Actor,
    Identity,
    RefusalCode,
    Refused,
    Status,
    StepKind,
    StepRecord,
    TableMeta,
    TablePolicy,
    TurnClock,
)
from daemon.store import Store, StoredTable, StoreError
from daemon.timeouts import expiry_move, pass_move
from engine.errors import EngineError, IllegalMove
from engine.protocol import Event, Game, GameOptions, TableConfig, Transition

log = logging.getLogger("plgames.table")

RESTARTING = "The host is restarting; try again shortly."
UNAVAILABLE = "The move could not be saved, so it was not made; try again."
STORE_RETRY_SECONDS = 5.0


class Applied(NamedTuple):
    """A stored step waiting to be published."""

    ply: int
    seat: int | None
    events: tuple[Event, ...]
    actor: Actor


Admission = Callable[[TableMeta], str | None]
"""A frontend's own condition for seating someone: None to admit, else the reason."""


@dataclass(slots=True)
class Services:
    """What every table shares with the daemon."""

    store: Store
    clock: Clock
    ai: AiRunner
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
        self._changed = asyncio.Event()
        self._pending: list[Applied] = []
        self._announced: tuple[int, int | None, bool] | None = None
        self._listeners: list[Callable[[], None]] = []
        self._task: asyncio.Task[None] | None = None
        self._countdown_end: float | None = None
        self._last_think = 0.0

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
        self._listeners.append(listener)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(listener)

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
                    await self._save(f"{mine.name or identity} is back at the table.")
                if meta.status == Status.PLAYING:
                    self._send_seat(held)  # a returning person needs the position now
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
            await self._save(f"{taken.name} joins the table.")
            if meta.status == Status.PLAYING:
                self._send_seat(free[0])
            elif self._wanted_humans_reached():
                await self._start_locked()
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
            await self._save(f"{name} left seat {index}; the AI plays it.")
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
            await self._save(f"{name} was removed from seat {index}; the AI plays it.")
            return kicked

    async def spectate(self, identity: Identity) -> None:
        async with self.lock:
            if identity not in self.meta.spectators:
                self.meta.spectators.append(identity)
                await self._save("")
            if self.state is not None:
                self._publish_public((), [identity.frontend])

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
            wanted = [policy.ai_level if policy else None, *(levels or {}).values()]
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
            await self._save(notice)

    # ---- lifecycle ---------------------------------------------------------------

    async def start(self) -> None:
        async with self.lock:
            self._accepting()
            if self.meta.status != Status.LOBBY:
                raise Refused(RefusalCode.ALREADY_STARTED, "This table has already started.")
            await self._start_locked()

    async def _start_locked(self) -> None:
        self.state = self.game.initial_state(self.config)
        self.version = 0
        self.meta.status = Status.PLAYING
        self.meta.started_at = self.services.clock.time()
        await self._save("The game begins.")

    async def end(self, reason: str = "Ended by an admin.") -> None:
        """Abandon the table: nobody can act at it any more."""
        async with self.lock:
            if not self.meta.status.open:
                return
            self.meta.status = Status.ABANDONED
            self.meta.ended_at = self.services.clock.time()
            self.meta.result = reason
            await self._save(reason)
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
            return await self._act_locked(move, identity, seat, actor, expect)

    async def _act_locked(
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
            await self._save("")
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

    async def _advance(self, expect: int) -> None:
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
        write = asyncio.ensure_future(self.services.store.append_step(self.meta.id, step, snapshot))
        try:
            await asyncio.shield(write)
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
        self._pending.append(Applied(step.ply, step.seat, transition.events, step.actor))
        self.recent.extend(e.text for e in transition.events if e.audience is None)
        self.services.metrics.moves.labels(self.meta.game, step.actor.value).inc()
        self._changed.set()

    def _accepting(self) -> None:
        if self.services.closing:
            raise self._refuse(
                RefusalCode.SHUTTING_DOWN, "The host is restarting; try again shortly."
            )

    def _refuse(self, code: RefusalCode, reason: str) -> Refused:
        self.services.metrics.refusals.labels(code.value).inc()
        return Refused(code, reason)

    async def _save(self, notice: str) -> None:
        """Store the table's row, then tell everyone at the table what changed."""
        self._note_presence()
        await self.services.store.save_meta(self.meta)
        self._changed.set()
        if notice:
            self._notify(notice)
        self._tell_listeners()

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

    # ---- publishing -------------------------------------------------------------

    def _audiences(self) -> dict[str, list[Identity]]:
        """Frontend name → the identities there (seated people and spectators)."""
        found: dict[str, list[Identity]] = {self.meta.origin.frontend: []}
        for seat in self.meta.seats:
            if seat.identity is not None:
                found.setdefault(seat.identity.frontend, []).append(seat.identity)
        for watcher in self.meta.spectators:
            found.setdefault(watcher.frontend, []).append(watcher)
        return found

    def _notify(self, text: str) -> None:
        ref = self.ref()
        seats = tuple(s.model_copy() for s in self.meta.seats)
        for frontend, identities in self._audiences().items():
            self.services.hub.send(frontend, TableNotice(ref, seats, text, tuple(identities)))

    def _tell_listeners(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("table %s: a listener failed", self.code)

    def _flush(self) -> None:
        """Publish the pending steps (possibly none: a fresh announcement)."""
        pending, self._pending = self._pending, []
        self._announced = (self.version, self.to_move(), self._on_clock_is_human())
        for index, seat in enumerate(self.meta.seats):
            if seat.identity is not None:
                self._send_seat(index, pending)
        self._publish_public(pending, list(self._audiences()))
        self._tell_listeners()

    def _on_clock_is_human(self) -> bool:
        waiting = self.to_move()
        return waiting is not None and self.meta.seats[waiting].human

    def _send_seat(self, index: int, pending: Sequence[Applied] = ()) -> None:
        seat = self.meta.seats[index]
        if seat.identity is None or self.state is None:
            return
        waiting = self.to_move()
        on_clock = waiting == index and seat.human
        update = SeatUpdate(
            table=self.ref(),
            seat=index,
            identity=seat.identity,
            view=self.game.view_for(self.state, index),
            steps=_visible(pending, index),
            on_clock=on_clock,
            legal=tuple(self.game.legal_moves(self.state, index)) if on_clock else (),
            deadline=self.turn_deadline if on_clock else None,
        )
        self.services.hub.send(seat.identity.frontend, update)

    def _publish_public(
        self,
        pending: Sequence[Applied],
        frontends: list[str],
    ) -> None:
        if self.state is None:
            return
        view = self.game.view_for(self.state, None)
        steps = _visible(pending, None)
        ref = self.ref()
        waiting = self.to_move()
        for frontend in frontends:
            watchers = tuple(s for s in self.meta.spectators if s.frontend == frontend)
            self.services.hub.send(frontend, PublicUpdate(ref, view, steps, waiting, watchers))

    # ---- the match driver ----------------------------------------------------------

    def run(self) -> None:
        """Start (or resume) driving this table: lobby start policy, AI, timers."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drive(), name=f"table-{self.code}")

    async def stop(self) -> None:
        """Stop driving; a step being stored is finished first (see `_commit`)."""
        task, self._task = self._task, None
        if task is None or task is asyncio.current_task():
            return
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    async def _drive(self) -> None:
        while True:
            try:
                await self._lobby()
                if self.meta.status == Status.PLAYING:
                    await self._play()
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                unavailable = isinstance(exc, StoreError) or (
                    isinstance(exc, Refused) and exc.code == RefusalCode.UNAVAILABLE
                )
                if not unavailable:
                    log.exception("table %s: the driver failed; it waits for an admin", self.code)
                    return
                # The disk is full or failing: nothing was applied; try again later.
                log.error("table %s: cannot store (%s); retrying", self.code, exc)
                await self.services.clock.sleep(STORE_RETRY_SECONDS)

    async def _lobby(self) -> None:
        policy = self.meta.policy.start
        while self.meta.status == Status.LOBBY:
            expires_in = self._left(self.meta.created_at, self.meta.policy.expiry.lobby_seconds)
            if expires_in is not None and expires_in <= 0:
                span = _span(self.meta.policy.expiry.lobby_seconds)
                await self.end(f"Nobody started this table within {span}, so it was closed.")
                return
            humans = sum(1 for s in self.meta.seats if s.identity is not None)
            if policy.mode == "countdown" and humans:
                now = self.services.clock.monotonic()
                if self._countdown_end is None:
                    self._countdown_end = now + policy.countdown_seconds
                    self._notify(f"The game starts in {policy.countdown_seconds:g} seconds.")
                if now >= self._countdown_end:
                    async with self.lock:
                        if self.meta.status == Status.LOBBY:
                            await self._start_locked()
                    break
                await self._until_changed(_soonest(self._countdown_end - now, expires_in))
            else:
                self._countdown_end = None
                await self._until_changed(expires_in)

    def _left(self, since: float | None, limit: float) -> float | None:
        """Seconds until `limit` seconds after the wall time `since`; None: no limit."""
        if since is None or not limit:
            return None
        return since + limit - self.services.clock.time()

    def _wanted_humans_reached(self) -> bool:
        policy = self.meta.policy.start
        if policy.mode != "when_full":
            return False
        wanted = policy.humans or len(self.meta.seats)
        return sum(1 for s in self.meta.seats if s.identity is not None) >= wanted

    async def _play(self) -> None:
        game, pacing = self.game, self.meta.policy.pacing
        self._announced = None
        while self.meta.status == Status.PLAYING:
            state = self.state
            idle = self._left(self.meta.absent_since, self.meta.policy.expiry.idle_seconds)
            if idle is not None and idle <= 0:
                span = _span(self.meta.policy.expiry.idle_seconds)
                await self.end(f"Everyone left this table over {span} ago, so it was closed.")
                return
            if self._announced is None and not self._on_clock_is_human():
                # The first deal, or everyone's view again after a restart; a
                # person on turn is announced with their deadline instead.
                self._flush()
            if game.is_finished(state):
                await self._finish()
                return
            if game.can_advance(state):
                self._flush()
                version = self.version
                await self.services.clock.sleep(pacing.hold_seconds)
                await self._advance(version)
                continue
            seat = game.to_move(state)
            if seat is None:
                log.error("table %s waits on nobody but cannot advance", self.code)
                await self._until_changed(None)
                continue
            if not self.meta.seats[seat].human:
                if not pacing.batch or any(p.actor not in _QUIET for p in self._pending):
                    self._flush()
                await self._ai_turn(seat, pacing.think_seconds)
                continue
            await self._human_turn(seat)

    async def _ai_turn(self, seat: int, think: float) -> None:
        version = self.version
        move = await self._ai_move(seat)
        # Pace against the search: a slow search is not followed by a full pause too.
        await self.services.clock.sleep(max(0.0, think - self._last_think))
        try:
            await self.act(move, seat=seat, actor=Actor.AI, expect=version)
        except Refused as exc:
            if exc.code == RefusalCode.UNAVAILABLE:
                raise

    async def _ai_move(self, seat: int) -> Any:
        view = self.game.view_for(self.state, seat)
        legal = self.game.view_legal_moves(view, seat)
        seed = decision_seed(self.meta.seed, seat, self.version)
        move, took = await self.services.ai.choose(
            self.game.id,
            self.meta.seats[seat].level or self.meta.policy.ai_level or self.game.default_level,
            seed,
            view,
            seat,
            legal,
        )
        self._last_think = took
        self.services.metrics.ai_think.labels(self.game.id).observe(took)
        return move

    async def _human_turn(self, seat: int) -> None:
        timer = self.meta.policy.timer
        clock = self.services.clock
        version = self.version
        expiry = expiry_move(self.game, self.state, seat)
        seconds = timer.seconds_for(answering=expiry is not None)
        self.turn_deadline = await self._deadline(seat, version, seconds)
        if not self._still_waiting(seat, version):
            return  # the person moved while the deadline was being stored
        if self._pending or self._announced != (version, seat, True):
            self._flush()
        deadline = warn_at = None
        if self.turn_deadline is not None and seconds is not None:
            deadline = clock.monotonic() + (self.turn_deadline - clock.time())
            if 0 < timer.warn_seconds < seconds:
                warn_at = deadline - timer.warn_seconds
        doing = "answer" if expiry is not None else "move"
        while self._still_waiting(seat, version):
            now = clock.monotonic()
            if deadline is not None and now >= deadline:
                await self._time_out(seat, version, expiry)
                return
            if warn_at is not None and deadline is not None and now >= warn_at:
                # After a restart the warning may come late: it says the time really left.
                warn_at = None
                self._clock_notice(seat, "warning", f"{_span(deadline - now)} left to {doing}.")
                continue
            target = warn_at if warn_at is not None else deadline
            await self._until_changed(None if target is None else target - now)

    async def _deadline(self, seat: int, version: int, seconds: float | None) -> float | None:
        """The wall-clock end of this wait: the stored one if the table was
        already waiting on this seat at this version before a restart (or a
        leave and return), else a new one, stored before anyone is told it."""
        if seconds is None:
            return None
        held = self.meta.turn_clock
        if held is not None and (held.version, held.seat) == (version, seat):
            return held.deadline
        deadline = self.services.clock.time() + seconds
        self.meta.turn_clock = TurnClock(version=version, seat=seat, deadline=deadline)
        await self.services.store.save_meta(self.meta)
        return deadline

    def _still_waiting(self, seat: int, version: int) -> bool:
        return (
            self.meta.status == Status.PLAYING
            and self.version == version
            and self.meta.seats[seat].human
        )

    async def _time_out(self, seat: int, version: int, expiry: Any) -> None:
        """Make the move the timer's policy says; an expired request answers as
        it must (`expiry`) and, being an answer by silence, is not a miss."""
        timer = self.meta.policy.timer
        move = expiry
        if move is None and timer.on_timeout == "pass":
            move = pass_move(self.game, self.state, seat)
        if move is None:
            move = await self._ai_move(seat)
        if not self._still_waiting(seat, version):
            return  # the person moved while the AI was deciding
        async with self.lock:
            try:
                await self._act_locked(move, None, seat, Actor.TIMER, version)
            except Refused as exc:
                if exc.code == RefusalCode.UNAVAILABLE:
                    raise
                return  # stale: the person got there first
            # The step is stored before the miss is counted: a crash in between
            # forgets a miss rather than counting one twice.
            if expiry is not None:
                said = self.game.move_label(expiry)
                self._clock_notice(seat, "timeout", f'Time is up; no answer counts as "{said}".')
                return
            holder = self.meta.seats[seat]
            holder.misses += 1
            self._clock_notice(seat, "timeout", "Time is up; a move was made for you.")
            if holder.misses >= timer.max_misses:
                holder.away = True
                self._clock_notice(seat, "to_ai", "The AI plays your seat until you make a move.")
            await self._save("")

    def _clock_notice(self, seat: int, kind: Any, text: str) -> None:
        identity = self.meta.seats[seat].identity
        if identity is not None:
            notice = ClockNotice(self.ref(), seat, identity, kind, self.turn_deadline, text)
            self.services.hub.send(identity.frontend, notice)

    async def _finish(self) -> None:
        async with self.lock:
            outcome = self.game.outcome(self.state)
            self.meta.status = Status.FINISHED
            self.meta.ended_at = self.services.clock.time()
            self.meta.result = outcome.summary if outcome else "The game is over."
            self.meta.winners = list(outcome.winners) if outcome else []
            self._flush()
            await self._save(self.meta.result)

    async def _until_changed(self, timeout: float | None) -> None:
        """Wait for a change at the table or `timeout` seconds on the table's clock."""
        self._changed.clear()
        waiter = asyncio.ensure_future(self._changed.wait())
        waits: set[asyncio.Future[Any]] = {waiter}
        if timeout is not None:
            waits.add(asyncio.ensure_future(self.services.clock.sleep(timeout)))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()


_QUIET = (Actor.AI, Actor.HOST)
"""Steps that may wait to be published with the rest of an AI run."""


def replay_step(game: Game[Any, Any, Any], state: Any, step: StepRecord) -> Transition[Any]:
    """Re-apply one stored step (checked, so a corrupt log is caught, not trusted)."""
    if step.kind == StepKind.ADVANCE:
        return game.advance(state)
    if step.seat is None or step.move is None:
        raise ValueError(f"step {step.ply} is a move without a seat or a move")
    return game.apply(state, step.seat, game.decode_move(step.move))


def _soonest(*timeouts: float | None) -> float | None:
    given = [t for t in timeouts if t is not None]
    return min(given) if given else None


_UNITS = (("hour", 3600), ("minute", 60), ("second", 1))


def _span(seconds: float) -> str:
    """A duration as a person says it: "30 seconds", "10 minutes", "24 hours"."""
    whole = max(1, math.ceil(round(seconds, 3)))  # 29.9999 s of a real clock is 30
    unit, size = next((u, n) for u, n in _UNITS if whole % n == 0)
    count = whole // size
    return f"{count} {unit}{'s' if count != 1 else ''}"


def _visible(pending: Sequence[Applied], seat: int | None) -> tuple[Step, ...]:
    return tuple(
        Step(ply, mover, tuple(e for e in events if e.visible_to(seat)))
        for ply, mover, events, _ in pending
    )
