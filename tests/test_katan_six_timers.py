"""The special building phase against the clock, on the daemon's fake clock:
a person asked to build waits as an answer does (`answer_seconds`), and when
the time runs out the chance goes by (under either timer policy, never an AI
build with their cards) without counting as a miss, since someone at the
table may simply have nothing to build; an absent person still goes to the AI
through their own turns' time-outs, and the AI then builds for their seat too.
AI seats pass the phase up without the table's pause, so five AIs do not add
five pauses a turn."""

from collections.abc import Sequence
from typing import Any, Literal

import pytest
from test_daemon_timers import Recorder

from daemon.ai import InlineAi
from daemon.clock import FakeClock, settle
from daemon.core import Daemon
from daemon.delivery import ClockNotice, SeatUpdate
from daemon.model import Actor, Identity, Origin, PacingPolicy, TablePolicy, TimerPolicy
from daemon.store import MemoryStore
from daemon.table import Table
from engine.katan import moves as mv
from engine.katan.game import KATAN
from engine.katan.state import SPECIAL, KatanState

ANA = Identity(frontend="discord", user="ana")


class Asked(InlineAi):
    """The inline AI, noting each seat it is asked to build for in the phase."""

    def __init__(self) -> None:
        self.building: list[int] = []

    async def choose(
        self, game_id: str, level: str, seed: int, view: Any, seat: int, legal: Sequence[Any]
    ) -> tuple[Any, float]:
        if view.state.phase == SPECIAL:
            self.building.append(seat)
        return await super().choose(game_id, level, seed, view, seat, legal)


async def until_ana_may_build(table: Table) -> None:
    """Ana plays her own turns at once (ending them as soon as she may)
    until the special building phase asks her."""
    for _ in range(5000):
        await settle(3)
        state: KatanState = table.state
        if table.to_move() != 0:
            continue
        if state.phase == SPECIAL:
            await settle()  # the driver announces the wait with its deadline
            return
        legal = table.game.legal_moves(state, 0)
        await table.act(mv.M_END if mv.M_END in legal else legal[0], identity=ANA)
    raise AssertionError("the special building phase never asked Ana")


@pytest.mark.parametrize("on_timeout", ["ai", "pass"])
async def test_a_timed_out_special_phase_goes_by_and_is_no_miss(
    on_timeout: Literal["ai", "pass"],
) -> None:
    timer = TimerPolicy(
        turn_seconds=60, answer_seconds=20, warn_seconds=0, on_timeout=on_timeout, max_misses=2
    )
    clock, ai = FakeClock(), Asked()
    pacing = PacingPolicy(think_seconds=0, hold_seconds=0)
    policy = TablePolicy(timer=timer, pacing=pacing, ai_level="random")
    daemon = Daemon(MemoryStore(), clock=clock, ai=ai, policy=policy)
    rec = Recorder()
    await daemon.add_frontend(rec)
    table = await daemon.open_table(
        "katan", origin=Origin(frontend="discord"), options={"players": 5}, seed=7
    )
    await table.join(ANA, "Ana", seat=0)
    await table.start()
    await until_ana_may_build(table)
    version, hands = table.version, list(table.state.hands)
    update = [d for d in rec.got if isinstance(d, SeatUpdate) and d.identity == ANA][-1]
    assert update.on_clock and update.deadline == clock.time() + 20, "an answer's time"
    await clock.advance(19)
    assert table.version == version
    await clock.advance(1)
    step = (await daemon.store.steps(table.meta.id))[version]
    assert (step.seat, step.actor) == (0, Actor.TIMER)
    assert step.move == table.game.encode_move(mv.M_END), "done building, not a build"
    assert 0 not in ai.building, "the AI was not asked to build with Ana's cards"
    width = len(hands) // 5
    assert list(table.state.hands)[:width] == hands[:width], "Ana's cards are all hers still"
    assert table.meta.seats[0].misses == 0 and table.meta.seats[0].human, "no miss"
    told = [(d.kind, d.text) for d in rec.got if isinstance(d, ClockNotice)]
    assert told == [("timeout", "Time is up; you let this chance go by.")]
    # She stays away: her own turns time out, and after two the AI takes her seat.
    for _ in range(40):
        if table.meta.seats[0].away:
            break
        await clock.advance(20)
    assert table.meta.seats[0].away
    told = [(d.kind, d.text) for d in rec.got if isinstance(d, ClockNotice)]
    misses = [text for kind, text in told if kind == "timeout" and "made for you" in text]
    assert len(misses) == 2 and told[-1][0] == "to_ai", told  # chances gone by are no misses
    for _ in range(400):
        await settle(3)
        if 0 in ai.building:
            break
    assert 0 in ai.building, "away, Ana's seat builds by the AI as it plays her turns"
    await daemon.shutdown()


async def test_ai_seats_pass_the_phase_up_without_the_tables_pause() -> None:
    """Six AI seats, a 100 s pause per move on the fake clock: every step
    after a pause but the passes of the special building phase, which follow
    the step before them at once."""
    clock = FakeClock()
    pacing = PacingPolicy(think_seconds=100, hold_seconds=0)
    policy = TablePolicy(timer=TimerPolicy(turn_seconds=None), pacing=pacing, ai_level="random")
    daemon = Daemon(MemoryStore(), clock=clock, policy=policy)
    table = await daemon.open_table(
        "katan", origin=Origin(frontend="discord"), options={"players": 6}, seed=3
    )
    await table.start()
    for _ in range(2):
        await clock.advance(10_000)
    steps = await daemon.store.steps(table.meta.id)
    state = KATAN.initial_state(table.config)
    passes = paced = 0
    for index, step in enumerate(steps):
        assert step.seat is not None and step.move is not None
        move = KATAN.decode_move(step.move)
        if index:
            gap = step.at - steps[index - 1].at
            if move == KATAN.lapse_move(state, step.seat):
                passes += 1
                assert gap == 0, "a pass in the special building phase waits for nothing"
            else:
                paced += 1
                assert gap > 50, "every other AI move keeps the table's pace"
        state = KATAN.apply(state, step.seat, move).state
    assert passes > 20 and paced > 50, (passes, paced)  # into the main game
    await daemon.shutdown()
