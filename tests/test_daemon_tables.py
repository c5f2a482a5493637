"""Tables, seats and identities, the choke point, deliveries, and tables nobody
uses (issue 3, items 1, 2, 4).

Everything here runs on a fake clock with an in-memory store and inline AI,
so a whole match is driven by loop iterations, never by waiting.
"""

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from daemon.clock import FakeClock, settle
from daemon.core import Daemon
from daemon.delivery import Delivery, PublicUpdate, SeatUpdate, TableNotice
from daemon.driver import STORE_RETRY_SECONDS
from daemon.model import (
    ExpiryPolicy,
    Identity,
    Origin,
    PacingPolicy,
    RefusalCode,
    Refused,
    StartPolicy,
    Status,
    TablePolicy,
    TimerPolicy,
)
from daemon.sqlite_store import SqliteStore
from daemon.store import MemoryStore, StoreError
from daemon.table import Table, replay_step

SEED = 7_777_777_777_777  # long enough that it cannot appear in a view by chance
ANA = Identity(frontend="discord", user="ana")
BO = Identity(frontend="telegram", user="bo")
EVE = Identity(frontend="discord", user="eve")


class Recorder:
    """A frontend that keeps whatever it is handed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.got: list[Delivery] = []

    async def start(self, daemon: Any) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def deliver(self, delivery: Delivery) -> None:
        self.got.append(delivery)

    def seat_updates(self, identity: Identity) -> list[SeatUpdate]:
        return [d for d in self.got if isinstance(d, SeatUpdate) and d.identity == identity]


def policy(**pacing: Any) -> TablePolicy:
    return TablePolicy(
        pacing=PacingPolicy(**{"think_seconds": 0, "hold_seconds": 0, **pacing}),
        timer=TimerPolicy(turn_seconds=None),
    )


async def daemon_with(
    *names: str, table_policy: TablePolicy | None = None
) -> tuple[Daemon, FakeClock, dict[str, Recorder]]:
    clock = FakeClock()
    daemon = Daemon(MemoryStore(), clock=clock, policy=table_policy or policy())
    recorders = {name: Recorder(name) for name in names}
    for recorder in recorders.values():
        await daemon.add_frontend(recorder)
    return daemon, clock, recorders


async def open_table(daemon: Daemon, game: str = "euchre", **kw: Any) -> Table:
    return await daemon.open_table(
        game, origin=Origin(frontend="discord", place="#games"), seed=SEED, **kw
    )


async def play_humans(table: Table, people: dict[int, Identity], limit: int = 5000) -> None:
    """Play every human seat with its first legal move until the game ends."""
    for _ in range(limit):
        await settle(3)
        if table.status != Status.PLAYING:
            await settle()  # let the frontends' pumps take the last deliveries
            return
        seat = table.to_move()
        if seat is not None and seat in people and table.meta.seats[seat].human:
            move = table.game.legal_moves(table.state, seat)[0]
            await table.act(move, identity=people[seat])
    raise AssertionError("the game did not end")


async def test_lifecycle_mixed_frontends_to_the_end() -> None:
    daemon, _, rec = await daemon_with("discord", "telegram")
    table = await open_table(daemon)
    assert table.status == Status.LOBBY and table.to_move() is None
    assert len(table.code) == 5
    assert await table.join(ANA, "Ana") == 0
    assert await table.join(BO, "Bo", seat=2) == 2
    await table.start()
    assert table.status == Status.PLAYING
    await play_humans(table, {0: ANA, 2: BO})
    assert table.status == Status.FINISHED
    assert table.meta.result
    steps = await daemon.store.steps(table.meta.id)
    assert len(steps) == table.version
    # The table is its config plus its log: a replay lands on the same state.
    state = table.game.initial_state(table.config)
    for step in steps:
        state = replay_step(table.game, state, step).state
    assert table.game.encode_state(state) == table.game.encode_state(table.state)
    # Each person heard about it on their own frontend only.
    assert rec["discord"].seat_updates(ANA) and not rec["discord"].seat_updates(BO)
    assert rec["telegram"].seat_updates(BO) and not rec["telegram"].seat_updates(ANA)
    notices = [d.text for d in rec["discord"].got if isinstance(d, TableNotice)]
    assert "Ana joins the table." in notices and table.meta.result in notices
    assert daemon.table(table.code.lower()) is table
    with pytest.raises(Refused) as refused:
        await table.act("{}", identity=ANA)
    assert refused.value.code == RefusalCode.NOT_PLAYING


async def test_only_the_bound_identity_acts_for_a_seat() -> None:
    daemon, _, _ = await daemon_with("discord", "telegram")
    table = await open_table(daemon)
    await table.join(ANA, "Ana", seat=0)
    await table.join(BO, "Bo", seat=2)
    await table.start()
    while table.to_move() not in (0, 2):
        await settle(1)
    seat = table.to_move()
    owner, other = (ANA, BO) if seat == 0 else (BO, ANA)
    move = table.game.legal_moves(table.state, seat)[0]
    version = table.version
    cases = [
        (dict(identity=EVE), RefusalCode.NOT_SEATED, "You are not seated at this table."),
        (dict(identity=other, seat=seat), RefusalCode.NOT_YOUR_SEAT, f"Seat {seat} is not yours"),
        (dict(identity=other), RefusalCode.NOT_YOUR_TURN, "It is not your turn."),
    ]
    for kwargs, code, reason in cases:
        with pytest.raises(Refused) as refused:
            await table.act(move, **kwargs)
        assert refused.value.code == code and refused.value.reason.startswith(reason)
    with pytest.raises(Refused) as refused:
        await table.act("not json", identity=owner)
    assert refused.value.code == RefusalCode.UNREADABLE
    assert table.version == version  # refusals change nothing
    assert await table.act(table.game.encode_move(move), identity=owner) == version + 1


async def test_illegal_move_is_refused_with_the_engines_reason() -> None:
    daemon, _, _ = await daemon_with("discord")
    table = await open_table(daemon, "sequence")
    await table.join(ANA, "Ana", seat=0)
    await table.start()
    while table.to_move() != 0:
        await settle(1)
    legal = table.game.legal_moves(table.state, 0)
    other_seat = table.game.legal_moves(_with_turn(table, 1), 1)
    wrong = next(m for m in other_seat if m not in legal)
    with pytest.raises(Refused) as refused:
        await table.act(wrong, identity=ANA)
    assert refused.value.code == RefusalCode.ILLEGAL and refused.value.reason


def _with_turn(table: Table, seat: int) -> Any:
    """Seat 1's moves from its own position, which seat 0 cannot make."""
    state = table.state
    while table.game.to_move(state) != seat:
        mover = table.game.to_move(state)
        state = table.game.apply(state, mover, table.game.legal_moves(state, mover)[0]).state
    return state


async def test_leaving_hands_the_seat_to_the_ai_and_coming_back_takes_it() -> None:
    daemon, _, _ = await daemon_with("discord")
    table = await open_table(daemon, policy=policy(think_seconds=1))
    await table.join(ANA, "Ana", seat=0)
    await table.leave(ANA)
    assert table.meta.seats[0].identity is None  # in the lobby, leaving frees the seat
    await table.join(ANA, "Ana", seat=0)
    await table.start()
    await table.leave(ANA)
    assert table.meta.seats[0].identity == ANA and not table.meta.seats[0].human
    assert await table.join(EVE, "Eve") == 1  # the AI seat held for Ana is not free
    assert await table.join(ANA, "Ana") == 0
    assert table.meta.seats[0].human
    kicked = await table.kick(1)
    assert kicked == EVE and table.meta.seats[1].identity is None
    with pytest.raises(Refused) as refused:
        await table.join(EVE, "Eve")
    assert refused.value.code == RefusalCode.BANNED


async def test_deliveries_respect_audiences_and_never_carry_the_seed() -> None:
    daemon, _, rec = await daemon_with("discord")
    table = await open_table(daemon, "sequence")
    await table.join(ANA, "Ana", seat=0)
    await table.spectate(EVE)
    await table.start()
    await play_humans(table, {0: ANA})
    got = rec["discord"].got
    seat_updates = rec["discord"].seat_updates(ANA)
    public = [d for d in got if isinstance(d, PublicUpdate)]
    assert seat_updates and public
    private_seen = 0
    for update in seat_updates:
        assert update.seat == 0
        for event in update.events:
            assert event.visible_to(0)
            private_seen += event.audience is not None
        assert str(SEED) not in table.game.encode_view(update.view)
        assert update.view.seed == 0
        assert bool(update.legal) == update.on_clock
    assert private_seen, "the seat saw its own private events"
    for update in public:
        assert all(e.audience is None for e in update.events)
        assert str(SEED) not in table.game.encode_view(update.view)
        assert update.view.seed == 0
        assert update.spectators == (EVE,)
        assert all(not hand for hand in update.view.hands)


async def test_an_ai_run_between_human_turns_is_one_delivery() -> None:
    daemon, clock, rec = await daemon_with("discord", table_policy=policy(think_seconds=2))
    table = await open_table(daemon)
    await table.join(ANA, "Ana", seat=0)
    await table.start()
    for _ in range(40):  # a few rounds of bidding and tricks
        await settle()
        if table.to_move() == 0:
            before = len(rec["discord"].seat_updates(ANA))
            await table.act(table.game.legal_moves(table.state, 0)[0], identity=ANA)
            await settle()
            mine = rec["discord"].seat_updates(ANA)[before:]
            assert len(mine) == 1 and [s.seat for s in mine[0].steps] == [0]
            continue
        version = table.version
        await clock.advance(1.9)
        assert table.version == version  # the AI is still "thinking"
        await clock.advance(0.1)
    runs = [u for u in rec["discord"].seat_updates(ANA) if len(u.steps) > 1]
    assert runs, "several AI moves reached the person as one delivery"
    for update in runs:
        assert all(step.seat != 0 for step in update.steps)


async def test_concurrent_intents_are_serialised_and_tables_do_not_block_each_other() -> None:
    daemon, _, _ = await daemon_with("discord")
    table = await open_table(daemon)
    other = await open_table(daemon)
    await table.join(ANA, "Ana", seat=0)
    await other.join(ANA, "Ana", seat=0)
    await table.start()
    await other.start()
    while table.to_move() != 0 or other.to_move() != 0:
        await settle(1)
    moves = table.game.legal_moves(table.state, 0)[:2]
    version = table.version
    results = await asyncio.gather(
        *(table.act(m, identity=ANA) for m in moves), return_exceptions=True
    )
    assert sum(isinstance(r, int) for r in results) == 1
    assert table.version == version + 1
    async with table.lock:  # one table busy (as if storing) ...
        mine = other.game.legal_moves(other.state, 0)[0]
        assert await other.act(mine, identity=ANA) > 0  # ... the other carries on


async def test_start_policies_and_admission() -> None:
    daemon, clock, _ = await daemon_with("discord")
    when_full = await open_table(
        daemon, policy=TablePolicy(start=StartPolicy(mode="when_full", humans=2, late_join=False))
    )
    await when_full.join(ANA, "Ana")
    assert when_full.status == Status.LOBBY
    await when_full.join(BO, "Bo")
    assert when_full.status == Status.PLAYING
    with pytest.raises(Refused) as refused:
        await when_full.join(EVE, "Eve")
    assert refused.value.code == RefusalCode.ALREADY_STARTED
    assert await when_full.join(ANA, "Ana") == 0  # people already seated may come back

    countdown = await open_table(
        daemon, policy=TablePolicy(start=StartPolicy(mode="countdown", countdown_seconds=10))
    )
    await clock.advance(60)
    assert countdown.status == Status.LOBBY  # nobody yet: the countdown has not begun
    await countdown.join(ANA, "Ana")
    await clock.advance(9.5)
    assert countdown.status == Status.LOBBY
    await clock.advance(0.5)
    assert countdown.status == Status.PLAYING

    toggles = await open_table(daemon, options={"defendAlone": True})
    reason = toggles.game.app_compatible(toggles.options)  # type: ignore[attr-defined]
    assert reason
    with pytest.raises(Refused) as refused:
        await toggles.join(EVE, "Eve", admit=lambda meta: reason)
    assert refused.value.code == RefusalCode.NOT_ADMITTED and refused.value.reason == reason

    with pytest.raises(Refused) as refused:
        await daemon.open_table("euchre", origin=Origin(frontend="x"), options={"bogus": 1})
    assert refused.value.code == RefusalCode.BAD_OPTIONS and "bogus" in refused.value.reason


async def test_admin_end_abandons_and_stops_the_driver() -> None:
    daemon, clock, _ = await daemon_with("discord", table_policy=policy(think_seconds=1))
    table = await open_table(daemon)
    await table.start()
    await clock.advance(3)
    version = table.version
    await table.end()
    assert table.status == Status.ABANDONED
    await clock.advance(30)
    assert table.version == version
    assert (await daemon.store.load(table.meta.id)).meta.status == Status.ABANDONED  # type: ignore[union-attr]


class FlakyStore(MemoryStore):
    """A store whose disk is full until the test says otherwise."""

    failing = False

    async def append_step(self, table_id: str, step: Any, snapshot: str | None) -> None:
        if self.failing:
            raise StoreError("disk full")
        await super().append_step(table_id, step, snapshot)


async def test_a_move_that_cannot_be_stored_is_not_made() -> None:
    clock, store = FakeClock(), FlakyStore()
    daemon = Daemon(store, clock=clock, policy=policy())
    table = await open_table(daemon)
    await table.join(ANA, "Ana", seat=0)
    await table.start()
    while table.to_move() != 0:
        await settle(1)
    store.failing = True
    version, digest = table.version, table.state_digest()
    with pytest.raises(Refused) as refused:
        await table.act(table.game.legal_moves(table.state, 0)[0], identity=ANA)
    assert refused.value.code == RefusalCode.UNAVAILABLE
    assert (table.version, table.state_digest()) == (version, digest)
    await table.leave(ANA)  # the AI's turn now: its moves fail too, and are retried
    await clock.advance(STORE_RETRY_SECONDS * 3)
    assert table.version == version
    store.failing = False
    await clock.advance(STORE_RETRY_SECONDS)
    assert table.version > version


# ---- tables nobody uses ------------------------------------------------------------------


def expiring(lobby: float = 0, idle: float = 0, think: float = 0) -> TablePolicy:
    return policy(think_seconds=think).model_copy(
        update={"expiry": ExpiryPolicy(lobby_seconds=lobby, idle_seconds=idle)}
    )


async def test_a_lobby_nobody_starts_is_abandoned_and_its_frontends_told() -> None:
    daemon, clock, rec = await daemon_with("discord", "telegram")
    table = await open_table(daemon, policy=expiring(lobby=3600))
    forever = await open_table(daemon, policy=expiring(lobby=0))
    await table.join(BO, "Bo")
    await clock.advance(3599)
    assert table.status == Status.LOBBY
    await clock.advance(1)
    assert table.status == Status.ABANDONED and forever.status == Status.LOBBY
    said = "Nobody started this table within 1 hour, so it was closed."
    assert table.meta.result == said
    for frontend in ("discord", "telegram"):  # the origin's, and Bo's
        notices = [d for d in rec[frontend].got if isinstance(d, TableNotice)]
        assert (notices[-1].text, notices[-1].table.status) == (said, Status.ABANDONED)
    assert (await daemon.store.load(table.meta.id)).meta.status == Status.ABANDONED  # type: ignore[union-attr]
    with pytest.raises(Refused):
        await table.join(ANA, "Ana")


async def test_a_lobby_that_expired_while_the_daemon_was_down_closes_on_resume() -> None:
    daemon, clock, _ = await daemon_with("discord")
    table = await open_table(daemon, policy=expiring(lobby=3600))
    await clock.advance(600)
    await daemon.shutdown()
    later = FakeClock(start=0, wall_offset=clock.time() + 3000)
    again = Daemon(daemon.store, clock=later, policy=policy())
    await again.resume()
    await settle()
    assert again.table(table.code).status == Status.ABANDONED


async def test_a_table_everyone_left_is_abandoned_unless_someone_returns() -> None:
    daemon, clock, rec = await daemon_with("discord", "telegram")
    table = await open_table(daemon, policy=expiring(idle=60, think=5))
    exhibition = await open_table(daemon, policy=expiring(idle=60, think=5))
    await table.join(ANA, "Ana", seat=0)
    await table.join(BO, "Bo", seat=2)
    await table.start()
    await exhibition.start()
    await table.leave(ANA)
    await clock.advance(100)  # Bo is still there
    assert table.status == Status.PLAYING and table.meta.absent_since is None
    await table.leave(BO)
    left_at = clock.time()
    assert table.meta.absent_since == left_at
    await clock.advance(40)
    await table.join(BO, "Bo")  # back in time: the idle clock stops
    assert table.meta.absent_since is None
    await table.leave(BO)
    await clock.advance(55)
    assert table.status == Status.PLAYING  # the AI kept every seat going meanwhile
    await clock.advance(10)
    assert table.status == Status.ABANDONED
    assert table.meta.result == "Everyone left this table over 1 minute ago, so it was closed."
    notices = [d.text for d in rec["telegram"].got if isinstance(d, TableNotice)]
    assert notices[-1] == table.meta.result
    # Nobody ever sat at the exhibition: it is not "everyone left", it plays on.
    assert exhibition.status == Status.PLAYING and exhibition.meta.absent_since is None


async def test_a_failing_frontend_is_counted_and_the_table_carries_on() -> None:
    class Broken(Recorder):
        async def deliver(self, delivery: Delivery) -> None:
            raise RuntimeError("the chat API is down")

    daemon, _, rec = await daemon_with("discord")
    await daemon.add_frontend(Broken("telegram"))
    metrics = daemon.metrics.render().decode()
    assert 'plgames_frontend_errors_total{frontend="telegram"} 0.0' in metrics
    table = await open_table(daemon)
    await table.join(ANA, "Ana", seat=0)
    await table.join(BO, "Bo", seat=2)
    await table.start()
    await table.leave(BO)
    await play_humans(table, {0: ANA})
    assert table.status == Status.FINISHED
    errors = daemon.metrics.registry.get_sample_value(
        "plgames_frontend_errors_total", {"frontend": "telegram"}
    )
    assert errors and errors > 0 and rec["discord"].seat_updates(ANA)


async def test_the_creator_is_stored_with_the_table_and_old_rows_still_load(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.sqlite"
    store = SqliteStore(path)
    await store.open()
    daemon = Daemon(store, clock=FakeClock(), policy=policy())
    table = await daemon.open_table(
        "euchre", origin=Origin(frontend="discord", place="#games"), creator=ANA
    )
    anonymous = await open_table(daemon)  # opened by an admin: no creator
    assert table.meta.creator == ANA and anonymous.meta.creator is None
    assert table.seat_of(ANA) is None  # opening does not seat anyone
    await daemon.shutdown()

    # A row stored before tables remembered their creator loads with none.
    old = anonymous.meta.model_dump(mode="json", exclude={"creator"})
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE tables SET meta = ? WHERE id = ?", (json.dumps(old), old["id"]))

    store = SqliteStore(path)
    await store.open()
    again = Daemon(store, clock=FakeClock(), policy=policy())
    assert await again.resume() == 2
    assert again.table(table.code).meta.creator == ANA
    assert again.table(anonymous.code).meta.creator is None
    await again.shutdown()
