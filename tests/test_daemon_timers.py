"""Turn timers, AI pacing and host-step holds, all on a fake clock (issue 3, item 3)."""

from typing import Any

from daemon.clock import FakeClock, settle
from daemon.core import Daemon
from daemon.delivery import ClockNotice, Delivery, SeatUpdate
from daemon.model import (
    Actor,
    Identity,
    Origin,
    PacingPolicy,
    Status,
    TablePolicy,
    TimerPolicy,
)
from daemon.store import MemoryStore
from daemon.table import Table

ANA = Identity(frontend="discord", user="ana")


class Recorder:
    name = "discord"

    def __init__(self) -> None:
        self.got: list[Delivery] = []

    async def start(self, daemon: Any) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def deliver(self, delivery: Delivery) -> None:
        self.got.append(delivery)

    def clock_notices(self) -> list[str]:
        return [d.kind for d in self.got if isinstance(d, ClockNotice)]


async def setup(
    timer: TimerPolicy, pacing: PacingPolicy | None = None, game: str = "euchre"
) -> tuple[Daemon, FakeClock, Recorder, Table]:
    clock = FakeClock()
    pacing = pacing or PacingPolicy(think_seconds=0, hold_seconds=0)
    daemon = Daemon(MemoryStore(), clock=clock, policy=TablePolicy(timer=timer, pacing=pacing))
    recorder = Recorder()
    await daemon.add_frontend(recorder)
    table = await daemon.open_table(game, origin=Origin(frontend="discord"), seed=11)
    await table.join(ANA, "Ana", seat=0)
    await table.start()
    await settle()
    return daemon, clock, recorder, table


async def until_anas_turn(table: Table, clock: FakeClock) -> None:
    for _ in range(200):
        await settle()
        if table.to_move() == 0 and table.meta.seats[0].human:
            return
        await clock.advance(1)
    raise AssertionError("never Ana's turn")


async def test_warning_then_the_ai_moves_then_the_seat_goes_to_the_ai() -> None:
    timer = TimerPolicy(turn_seconds=60, warn_seconds=15, on_timeout="ai", max_misses=2)
    daemon, clock, rec, table = await setup(timer)
    await until_anas_turn(table, clock)
    update = [d for d in rec.got if isinstance(d, SeatUpdate) and d.on_clock][-1]
    assert update.deadline == clock.time() + 60 and update.legal
    version = table.version
    await clock.advance(44.9)
    assert rec.clock_notices() == [] and table.version == version
    await clock.advance(0.1)
    assert rec.clock_notices() == ["warning"]
    await clock.advance(14.9)
    assert table.version == version
    await clock.advance(0.1)
    assert rec.clock_notices() == ["warning", "timeout"]
    steps = await daemon.store.steps(table.meta.id)
    assert steps[version].actor == Actor.TIMER and steps[version].seat == 0
    assert table.meta.seats[0].misses == 1 and table.meta.seats[0].human

    await until_anas_turn(table, clock)
    await clock.advance(60)
    assert rec.clock_notices()[-3:] == ["warning", "timeout", "to_ai"]
    assert table.meta.seats[0].identity == ANA and not table.meta.seats[0].human
    await clock.advance(600)  # the AI keeps playing for her, no timers any more
    assert rec.clock_notices().count("timeout") == 2


async def test_acting_again_takes_the_seat_back_from_the_ai() -> None:
    timer = TimerPolicy(turn_seconds=10, warn_seconds=0, max_misses=1)
    pacing = PacingPolicy(think_seconds=5, hold_seconds=0)
    daemon, clock, _, table = await setup(timer, pacing)
    await until_anas_turn(table, clock)
    await clock.advance(10)
    assert not table.meta.seats[0].human
    for _ in range(100):  # her seat's turn comes round while the AI "thinks" for it
        await settle()
        if table.to_move() == 0:
            break
        await clock.advance(5)
    move = table.game.legal_moves(table.state, 0)[0]
    await table.act(move, identity=ANA)
    assert table.meta.seats[0].human and table.meta.seats[0].misses == 0
    version = table.version
    await clock.advance(5)  # the AI's decision for seat 0 is stale now and dropped
    steps = await daemon.store.steps(table.meta.id)
    assert [s.actor for s in steps if s.ply == version - 1] == [Actor.HUMAN]
    assert all(not (s.seat == 0 and s.ply >= version and s.actor == Actor.AI) for s in steps)


async def test_moving_in_time_resets_the_timer() -> None:
    timer = TimerPolicy(turn_seconds=30, warn_seconds=10, max_misses=1)
    _, clock, rec, table = await setup(timer)
    for _ in range(3):
        await until_anas_turn(table, clock)
        await clock.advance(25)
        await table.act(table.game.legal_moves(table.state, 0)[0], identity=ANA)
    assert rec.clock_notices() == ["warning"] * 3
    assert table.meta.seats[0].human


async def test_pass_policy_uses_the_games_timeout_move_when_it_has_one() -> None:
    timer = TimerPolicy(turn_seconds=5, warn_seconds=0, on_timeout="pass", max_misses=5)
    daemon, clock, _, table = await setup(timer)
    chosen: list[Any] = []

    def timeout_move(state: Any, seat: int) -> Any:
        move = table.game.legal_moves(state, seat)[-1]
        chosen.append(move)
        return move

    table.game.timeout_move = timeout_move  # type: ignore[attr-defined]
    try:
        await until_anas_turn(table, clock)
        await clock.advance(5)
    finally:
        del table.game.timeout_move  # type: ignore[attr-defined]
    steps = await daemon.store.steps(table.meta.id)
    timed = [s for s in steps if s.actor == Actor.TIMER]
    assert chosen and [s.move for s in timed] == [table.game.encode_move(chosen[0])]


async def test_a_scored_hand_is_held_before_the_next_deal() -> None:
    timer = TimerPolicy(turn_seconds=None)
    pacing = PacingPolicy(think_seconds=0, hold_seconds=3)
    clock = FakeClock()
    daemon = Daemon(MemoryStore(), clock=clock, policy=TablePolicy(timer=timer, pacing=pacing))
    table = await daemon.open_table("euchre", origin=Origin(frontend="x"), seed=5)
    await table.start()
    for _ in range(1000):  # an all-AI hand plays out without the clock moving
        if table.game.can_advance(table.state):
            break
        await settle(1)
    assert table.game.can_advance(table.state)
    await settle()
    version = table.version
    await clock.advance(2.9)
    assert table.version == version
    await clock.advance(0.1)
    assert table.version > version
    for _ in range(200):
        if table.status == Status.FINISHED:
            break
        await clock.advance(3)
    assert table.status == Status.FINISHED
