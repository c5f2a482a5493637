"""Turn timers, answer timeouts, AI pacing and host-step holds, all on a fake clock
(issue 3, items 3 and 5: timers resume after a restart with the time they had left)."""

from collections.abc import Sequence
from typing import Any

from daemon.ai import InlineAi
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
from engine.euchre.moves import PASS
from engine.katan import moves as katan_moves
from engine.katan import state as katan_state
from engine.katan.components import RESOURCES

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


# ---- turn timers across a restart ----------------------------------------------------


def later_clock(clock: FakeClock, down: float) -> FakeClock:
    """The next process's clock: wall time went on by `down` seconds while its
    monotonic clock starts somewhere else entirely."""
    return FakeClock(start=5.0, wall_offset=clock.time() + down - 5.0)


async def restart(
    daemon: Daemon, clock: FakeClock, down: float, timer: TimerPolicy
) -> tuple[Daemon, FakeClock, Recorder]:
    await daemon.shutdown()
    clock = later_clock(clock, down)
    policy = TablePolicy(timer=timer, pacing=PacingPolicy(think_seconds=0, hold_seconds=0))
    again = Daemon(daemon.store, clock=clock, policy=policy)
    recorder = Recorder()
    await again.add_frontend(recorder)
    assert await again.resume() == 1
    await settle()
    return again, clock, recorder


async def test_a_restart_keeps_the_time_left_on_a_turn() -> None:
    timer = TimerPolicy(turn_seconds=60, warn_seconds=15, max_misses=2)
    daemon, clock, _, table = await setup(timer)
    await until_anas_turn(table, clock)
    deadline, version = clock.time() + 60, table.version
    await clock.advance(30)
    # Down for 20 s: 10 s are left, less than the warning's 15, so it comes at once.
    daemon, clock, rec = await restart(daemon, clock, 20, timer)
    table = daemon.table(table.code)
    update = [d for d in rec.got if isinstance(d, SeatUpdate) and d.on_clock][-1]
    assert update.deadline == deadline and table.turn_deadline == deadline
    assert [(d.kind, d.text) for d in rec.got if isinstance(d, ClockNotice)] == [
        ("warning", "10 seconds left to move.")
    ]
    await clock.advance(9.9)
    assert table.version == version
    await clock.advance(0.1)
    assert rec.clock_notices() == ["warning", "timeout"]
    steps = await daemon.store.steps(table.meta.id)
    assert steps[version].actor == Actor.TIMER and steps[version].seat == 0
    await daemon.shutdown()


async def test_a_deadline_that_passed_while_down_fires_on_resume_and_misses_count_on() -> None:
    timer = TimerPolicy(turn_seconds=60, warn_seconds=0, on_timeout="pass", max_misses=2)
    daemon, clock, _, table = await setup(timer)
    await until_anas_turn(table, clock)
    await clock.advance(60)  # the first miss, before the restart
    assert table.meta.seats[0].misses == 1
    await until_anas_turn(table, clock)
    version = table.version
    legal = table.game.legal_moves(table.state, 0)
    await clock.advance(1)
    daemon, clock, rec = await restart(daemon, clock, 3600, timer)
    table = daemon.table(table.code)
    # Without the clock moving: the turn is over, played by the table's policy,
    # and this second miss in a row hands the seat to the AI.
    assert table.version > version
    assert rec.clock_notices() == ["timeout", "to_ai"]
    assert table.meta.seats[0].identity == ANA and not table.meta.seats[0].human
    step = (await daemon.store.steps(table.meta.id))[version]
    assert step.actor == Actor.TIMER and step.seat == 0
    # Her cards are on the table now: no pass exists, so the policy falls back to the AI.
    assert PASS not in legal and step.move in {table.game.encode_move(m) for m in legal}
    await daemon.shutdown()


# ---- the pass policy and requests that expire --------------------------------------------


async def test_pass_policy_passes_in_euchre_bidding() -> None:
    timer = TimerPolicy(turn_seconds=5, warn_seconds=0, on_timeout="pass", max_misses=5)
    daemon, clock, _, table = await setup(timer)
    await until_anas_turn(table, clock)
    while PASS not in table.game.legal_moves(table.state, 0):  # she deals first: play on
        await table.act(table.game.legal_moves(table.state, 0)[0], identity=ANA)
        await until_anas_turn(table, clock)
    version = table.version
    await clock.advance(5)
    step = (await daemon.store.steps(table.meta.id))[version]
    assert (step.actor, step.move) == (Actor.TIMER, table.game.encode_move(PASS))


class WouldTrade(InlineAi):
    """An AI that accepts every offer and takes every counter it may, and notes
    being asked to answer either."""

    def __init__(self) -> None:
        self.answered: list[int] = []

    async def choose(
        self, game_id: str, level: str, seed: int, view: Any, seat: int, legal: Sequence[Any]
    ) -> tuple[Any, float]:
        takes = [m for m in legal if m[0] in (katan_moves.ACCEPT, katan_moves.TAKE_COUNTER)]
        if takes or katan_moves.M_DECLINE in legal or katan_moves.M_DISMISS in legal:
            self.answered.append(seat)
        if takes:
            return takes[0], 0.0
        return await super().choose(game_id, level, seed, view, seat, legal)


def tradable_offer(state: Any) -> Any | None:
    """One card from seat 0 to seat 1 for one of hers, where she could accept
    or counter with a third kind of card, if there is such an offer now."""
    n = RESOURCES
    mine, hers = state.hands[0:n], state.hands[n : 2 * n]
    for give in range(n):
        for want in range(n):
            third = any(hers[r] for r in range(n) if r not in (give, want))
            if give != want and mine[give] and hers[want] and third:
                one = [tuple(int(r == k) for r in range(n)) for k in (give, want)]
                return katan_moves.offer_move(1, one[0], one[1])
    return None


async def test_unanswered_katan_offers_and_counters_expire_as_declines_not_ai_trades() -> None:
    timer = TimerPolicy(
        turn_seconds=300, warn_seconds=5, answer_seconds=20, on_timeout="ai", max_misses=1
    )
    clock, ai = FakeClock(), WouldTrade()
    policy = TablePolicy(
        timer=timer, pacing=PacingPolicy(think_seconds=0, hold_seconds=0), ai_level="random"
    )
    daemon = Daemon(MemoryStore(), clock=clock, ai=ai, policy=policy)
    rec = Recorder()
    await daemon.add_frontend(rec)
    table = await daemon.open_table("katan", origin=Origin(frontend="discord"), seed=3)
    bo = Identity(frontend="discord", user="bo")
    await table.join(bo, "Bo", seat=0)
    await table.join(ANA, "Ana", seat=1)
    await table.start()
    people = {0: bo, 1: ANA}
    offer = None
    for _ in range(3000):  # the two people play quickly (no clock) until Bo can offer
        await settle(3)
        seat, state = table.to_move(), table.state
        if seat not in people:
            continue
        if seat == 0 and state.phase == katan_state.MAIN:
            offer = tradable_offer(state)
            if offer is not None:
                break
        legal = table.game.legal_moves(state, seat)
        move = katan_moves.M_END if katan_moves.M_END in legal else legal[0]
        await table.act(move, identity=people[seat])
    assert offer is not None, "Bo never had a trade Ana could accept"
    await table.act(offer, identity=bo)
    await settle()
    version = table.version
    assert table.to_move() == 1 and katan_moves.M_ACCEPT in table.game.legal_moves(table.state, 1)
    update = [d for d in rec.got if isinstance(d, SeatUpdate) and d.identity == ANA][-1]
    assert update.on_clock and update.deadline == clock.time() + 20  # the answer timeout
    await clock.advance(15)
    assert rec.clock_notices() == ["warning"] and table.version == version
    await clock.advance(5)
    step = (await daemon.store.steps(table.meta.id))[version]
    assert (step.seat, step.actor) == (1, Actor.TIMER)
    assert step.move == table.game.encode_move(katan_moves.M_DECLINE)
    assert 1 not in ai.answered  # nobody asked the AI, which would have accepted
    assert table.state.offer is None and table.to_move() == 0  # the offer is closed
    # Silence is an answer, not an absence: Ana keeps her seat and her record.
    assert table.meta.seats[1].human and table.meta.seats[1].misses == 0
    assert rec.clock_notices() == ["warning", "timeout"]

    # Again, and Ana counters: the counter waits on Bo, who says nothing now.
    await table.act(offer, identity=bo)
    legal = table.game.legal_moves(table.state, 1)
    await table.act(next(m for m in legal if m[0] == katan_moves.COUNTER), identity=ANA)
    await settle()
    version = table.version
    legal = table.game.legal_moves(table.state, 0)
    assert table.to_move() == 0 and any(m[0] == katan_moves.TAKE_COUNTER for m in legal)
    await clock.advance(20)
    step = (await daemon.store.steps(table.meta.id))[version]
    assert (step.seat, step.actor) == (0, Actor.TIMER)
    assert step.move == table.game.encode_move(katan_moves.M_DISMISS)
    assert 0 not in ai.answered and not table.state.counters
    assert table.meta.seats[0].human and table.meta.seats[0].misses == 0
    await daemon.shutdown()
