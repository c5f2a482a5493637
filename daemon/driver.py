"""The match driver: what moves a table along when no person does.

It starts a lobby by its start policy, plays the AI seats (off the event loop,
paced so a chat is not flooded), takes host steps, keeps turn timers and
expiries, and finishes the game. Every move it makes goes through the table's
choke point like a person's, naming the version it decided on, so a decision
overtaken by a person's move is refused as stale instead of applied.
"""

import asyncio
import contextlib
import logging
import math
from typing import TYPE_CHECKING, Any

from daemon.ai import decision_seed
from daemon.delivery import ClockNotice
from daemon.model import Actor, RefusalCode, Refused, Status, TurnClock
from daemon.publishing import flush, notify, on_clock_is_human
from daemon.store import StoreError
from daemon.timeouts import expiry_move, lapse_move, pass_move

if TYPE_CHECKING:
    from daemon.table import Table

log = logging.getLogger("plgames.table")

STORE_RETRY_SECONDS = 5.0


class MatchDriver:
    """One table's driving task; the table owns it and starts and stops it."""

    def __init__(self, table: "Table") -> None:
        self.table = table
        self._task: asyncio.Task[None] | None = None
        self._countdown_end: float | None = None
        self._last_think = 0.0

    def run(self) -> None:
        """Start (or resume) driving this table: lobby start policy, AI, timers."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drive(), name=f"table-{self.table.code}")

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
                if self.table.meta.status == Status.PLAYING:
                    await self._play()
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                unavailable = isinstance(exc, StoreError) or (
                    isinstance(exc, Refused) and exc.code == RefusalCode.UNAVAILABLE
                )
                if not unavailable:
                    log.exception(
                        "table %s: the driver failed; it waits for an admin", self.table.code
                    )
                    return
                # The disk is full or failing: nothing was applied; try again later.
                log.error("table %s: cannot store (%s); retrying", self.table.code, exc)
                await self.table.services.clock.sleep(STORE_RETRY_SECONDS)

    async def _lobby(self) -> None:
        policy = self.table.meta.policy.start
        while self.table.meta.status == Status.LOBBY:
            expires_in = self._left(
                self.table.meta.created_at, self.table.meta.policy.expiry.lobby_seconds
            )
            if expires_in is not None and expires_in <= 0:
                span = _span(self.table.meta.policy.expiry.lobby_seconds)
                await self.table.end(f"Nobody started this table within {span}, so it was closed.")
                return
            humans = sum(1 for s in self.table.meta.seats if s.identity is not None)
            if policy.mode == "countdown" and humans:
                now = self.table.services.clock.monotonic()
                if self._countdown_end is None:
                    self._countdown_end = now + policy.countdown_seconds
                    notify(self.table, f"The game starts in {policy.countdown_seconds:g} seconds.")
                if now >= self._countdown_end:
                    async with self.table.lock:
                        if self.table.meta.status == Status.LOBBY:
                            await self.table.start_locked()
                    break
                await self._until_changed(_soonest(self._countdown_end - now, expires_in))
            else:
                self._countdown_end = None
                await self._until_changed(expires_in)

    def _left(self, since: float | None, limit: float) -> float | None:
        """Seconds until `limit` seconds after the wall time `since`; None: no limit."""
        if since is None or not limit:
            return None
        return since + limit - self.table.services.clock.time()

    async def _play(self) -> None:
        game, pacing = self.table.game, self.table.meta.policy.pacing
        self.table.announced = None
        while self.table.meta.status == Status.PLAYING:
            state = self.table.state
            idle = self._left(
                self.table.meta.absent_since, self.table.meta.policy.expiry.idle_seconds
            )
            if idle is not None and idle <= 0:
                span = _span(self.table.meta.policy.expiry.idle_seconds)
                await self.table.end(f"Everyone left this table over {span} ago, so it was closed.")
                return
            if self.table.announced is None and not on_clock_is_human(self.table):
                # The first deal, or everyone's view again after a restart; a
                # person on turn is announced with their deadline instead.
                flush(self.table)
            if game.is_finished(state):
                await self._finish()
                return
            if game.can_advance(state):
                flush(self.table)
                version = self.table.version
                await self.table.services.clock.sleep(pacing.hold_seconds)
                await self.table.advance(version)
                continue
            seat = game.to_move(state)
            if seat is None:
                log.error("table %s waits on nobody but cannot advance", self.table.code)
                await self._until_changed(None)
                continue
            if not self.table.meta.seats[seat].human:
                if not pacing.batch or any(p.actor not in _QUIET for p in self.table.pending):
                    flush(self.table)
                await self._ai_turn(seat, pacing.think_seconds)
                continue
            await self._human_turn(seat)

    async def _ai_turn(self, seat: int, think: float) -> None:
        version = self.table.version
        move = await self._ai_move(seat)
        if move == self.table.game.lapse_move(self.table.state, seat):
            # A chance let go by (five AIs passing up the special building
            # phase after every turn) shows nothing to follow: no pause.
            think = 0.0
        # Pace against the search: a slow search is not followed by a full pause too.
        await self.table.services.clock.sleep(max(0.0, think - self._last_think))
        try:
            await self.table.act(move, seat=seat, actor=Actor.AI, expect=version)
        except Refused as exc:
            if exc.code == RefusalCode.UNAVAILABLE:
                raise

    async def _ai_move(self, seat: int) -> Any:
        view = self.table.game.view_for(self.table.state, seat)
        legal = self.table.game.view_legal_moves(view, seat)
        seed = decision_seed(self.table.meta.seed, seat, self.table.version)
        person = any(s.human for s in self.table.meta.seats)
        decided = await self.table.services.ai.choose(
            self.table.meta.id,
            person,
            self.table.game.id,
            self.table.meta.seats[seat].level
            or self.table.meta.policy.ai_level
            or self.table.game.default_level,
            seed,
            view,
            seat,
            legal,
        )
        # A person waited through the queue as well as the search.
        self._last_think = decided.waited + decided.thought
        metrics = self.table.services.metrics
        metrics.ai_think.labels(self.table.game.id).observe(decided.thought)
        metrics.ai_wait.labels(self.table.game.id, str(person).lower()).observe(decided.waited)
        return decided.move

    async def _human_turn(self, seat: int) -> None:
        timer = self.table.meta.policy.timer
        clock = self.table.services.clock
        version = self.table.version
        expiry = expiry_move(self.table.game, self.table.state, seat)
        lapse = None if expiry is not None else lapse_move(self.table.game, self.table.state, seat)
        if lapse is not None:
            # A chance between turns waits as an answer does, and silence lets
            # it go by without a miss: people who are there but have nothing
            # to build must not lose their seat to the AI for it.
            expiry = lapse
        seconds = timer.seconds_for(answering=expiry is not None)
        self.table.turn_deadline = await self._deadline(seat, version, seconds)
        if not self._still_waiting(seat, version):
            return  # the person moved while the deadline was being stored
        if self.table.pending or self.table.announced != (version, seat, True):
            flush(self.table)
        deadline = warn_at = None
        if self.table.turn_deadline is not None and seconds is not None:
            deadline = clock.monotonic() + (self.table.turn_deadline - clock.time())
            if 0 < timer.warn_seconds < seconds:
                warn_at = deadline - timer.warn_seconds
        doing = "answer" if expiry is not None else "move"
        while self._still_waiting(seat, version):
            now = clock.monotonic()
            if deadline is not None and now >= deadline:
                await self._time_out(seat, version, expiry, lapsed=lapse is not None)
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
        held = self.table.meta.turn_clock
        if held is not None and (held.version, held.seat) == (version, seat):
            return held.deadline
        deadline = self.table.services.clock.time() + seconds
        self.table.meta.turn_clock = TurnClock(version=version, seat=seat, deadline=deadline)
        await self.table.services.store.save_meta(self.table.meta)
        return deadline

    def _still_waiting(self, seat: int, version: int) -> bool:
        return (
            self.table.meta.status == Status.PLAYING
            and self.table.version == version
            and self.table.meta.seats[seat].human
        )

    async def _time_out(self, seat: int, version: int, expiry: Any, lapsed: bool) -> None:
        """Make the move the timer's policy says; an expired request answers as
        it must (`expiry`, a chance between turns lapses: the AI does not build
        with a person's cards) and, being an answer by silence, is not a miss."""
        timer = self.table.meta.policy.timer
        move = expiry
        if move is None and timer.on_timeout == "pass":
            move = pass_move(self.table.game, self.table.state, seat)
        if move is None:
            move = await self._ai_move(seat)
        if not self._still_waiting(seat, version):
            return  # the person moved while the AI was deciding
        async with self.table.lock:
            try:
                await self.table.act_locked(move, None, seat, Actor.TIMER, version)
            except Refused as exc:
                if exc.code == RefusalCode.UNAVAILABLE:
                    raise
                return  # stale: the person got there first
            # The step is stored before the miss is counted: a crash in between
            # forgets a miss rather than counting one twice.
            if expiry is not None:
                if lapsed:
                    self._clock_notice(seat, "timeout", "Time is up; you let this chance go by.")
                    return
                said = self.table.game.move_label(expiry)
                self._clock_notice(seat, "timeout", f'Time is up; no answer counts as "{said}".')
                return
            holder = self.table.meta.seats[seat]
            holder.misses += 1
            self._clock_notice(seat, "timeout", "Time is up; a move was made for you.")
            if holder.misses >= timer.max_misses:
                holder.away = True
                self._clock_notice(seat, "to_ai", "The AI plays your seat until you make a move.")
            await self.table.save("")

    def _clock_notice(self, seat: int, kind: Any, text: str) -> None:
        identity = self.table.meta.seats[seat].identity
        if identity is not None:
            notice = ClockNotice(
                self.table.ref(), seat, identity, kind, self.table.turn_deadline, text
            )
            self.table.services.hub.send(identity.frontend, notice)

    async def _finish(self) -> None:
        async with self.table.lock:
            outcome = self.table.game.outcome(self.table.state)
            self.table.meta.status = Status.FINISHED
            self.table.meta.ended_at = self.table.services.clock.time()
            self.table.meta.result = outcome.summary if outcome else "The game is over."
            self.table.meta.winners = list(outcome.winners) if outcome else []
            flush(self.table)
            await self.table.save(self.table.meta.result)

    async def _until_changed(self, timeout: float | None) -> None:
        """Wait for a change at the table or `timeout` seconds on the table's clock."""
        self.table.changed.clear()
        waiter = asyncio.ensure_future(self.table.changed.wait())
        waits: set[asyncio.Future[Any]] = {waiter}
        if timeout is not None:
            waits.add(asyncio.ensure_future(self.table.services.clock.sleep(timeout)))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()


_QUIET = (Actor.AI, Actor.HOST)
"""Steps that may wait to be published with the rest of an AI run."""


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
