"""Cities & Knights: hiring, waking, promoting and moving knights, driving off
weaker ones, chasing the robber, and a knight standing as a wall."""

from cities_support import apply, blank, cards, ck, hand, refused

from engine.katan import crafted
from engine.katan.cities import crafted as ck_crafted
from engine.katan.cities.state import level_at
from engine.katan.game import KATAN
from engine.katan.moves import (
    ACTIVATE_KNIGHT,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    CHASE_ROBBER,
    END_TURN,
    HIRE_KNIGHT,
    MOVE_KNIGHT,
    MOVE_ROBBER,
    PLACE_KNIGHT,
    PROMOTE_KNIGHT,
    ROLL,
)
from engine.katan.state import CHORE, MAIN, ROBBER, KatanState
from engine.katan.state import ROLL as P_ROLL

FIELDS_9 = 10
"""Hex 10 (fields 9): corners 19, 25, 31, 36, 30, 24."""


def network() -> KatanState:
    """Seat 0: a settlement on 19 with roads 19-24-30-35; seat 1: a settlement on
    41 with roads 41-36-30 (so 30 and 36 are seat 1's refuges)."""
    st = blank()
    crafted.settle(st, 0, 19)
    crafted.road(st, 0, *crafted.path(st, 19, 24, 30, 35))
    crafted.settle(st, 1, 41)
    crafted.road(st, 1, *crafted.path(st, 41, 36, 30))
    return st


# ---- hiring ------------------------------------------------------------------------------


def test_hire_a_basic_knight_at_the_end_of_a_road() -> None:
    st = network()
    crafted.give(st, 0, wool=3, ore=3)
    hires = [m for m in KATAN.legal_moves(st, 0) if m[0] == HIRE_KNIGHT]
    assert sorted(hires) == [(HIRE_KNIGHT, n) for n in (24, 30, 35)]
    after = apply(st, 0, (HIRE_KNIGHT, 24))
    assert level_at(ck(after), 0, 24) == 1 and not ck(after).active[0]
    assert hand(after, 0) == cards(wool=2, ore=2)
    assert after.closed >> 24 & 1
    refused(after, 0, (HIRE_KNIGHT, 24), "not empty")
    refused(after, 0, (HIRE_KNIGHT, 19), "not empty")
    refused(after, 0, (HIRE_KNIGHT, 40), "not at the end of one of your roads")
    after = apply(after, 0, (HIRE_KNIGHT, 35))
    refused(after, 0, (HIRE_KNIGHT, 30), "Both your basic knights")
    poor = network()
    crafted.give(poor, 0, wool=1)
    refused(poor, 0, (HIRE_KNIGHT, 24), "costs 1 wool and 1 ore")


def test_hiring_and_promoting_wait_for_the_roll_waking_does_not() -> None:
    st = network()
    crafted.give(st, 0, wool=2, ore=2, grain=1)
    ck_crafted.knight(st, 0, 24)
    ck_crafted.before_roll(st)
    refused(st, 0, (HIRE_KNIGHT, 30), "Roll the dice first")
    refused(st, 0, (PROMOTE_KNIGHT, 24), "Roll the dice first")
    after = apply(st, 0, (ACTIVATE_KNIGHT, 24))
    assert after.phase == P_ROLL and ck(after).active[0] == 1 << 24


# ---- waking and acting -------------------------------------------------------------------


def test_a_knight_woken_this_turn_cannot_act_until_the_next() -> None:
    st = network()
    ck_crafted.knight(st, 0, 24)
    crafted.give(st, 0, grain=2)
    refused(st, 0, (MOVE_KNIGHT, 24, 35), "not active")
    after = apply(st, 0, (ACTIVATE_KNIGHT, 24))
    assert hand(after, 0) == cards(grain=1)
    refused(after, 0, (ACTIVATE_KNIGHT, 24), "already active")
    refused(after, 0, (MOVE_KNIGHT, 24, 35), "woke this turn")
    after = apply(after, 0, (END_TURN,))
    assert ck(after).woke == 0 and ck(after).active[0] == 1 << 24
    after.current = 0  # seat 0's next turn, before its roll
    moves = KATAN.legal_moves(after, 0)
    assert (MOVE_KNIGHT, 24, 35) in moves and (ROLL,) in moves


def test_knights_act_before_the_roll() -> None:
    st = network()
    ck_crafted.knight(st, 0, 24, active=True)
    ck_crafted.before_roll(st)
    after = apply(st, 0, (MOVE_KNIGHT, 24, 35))
    assert after.phase == P_ROLL and level_at(ck(after), 0, 35) == 1
    assert not ck(after).active[0]  # it rests after moving
    crafted.give(after, 0, grain=1)
    after = apply(after, 0, (ACTIVATE_KNIGHT, 35))
    refused(after, 0, (MOVE_KNIGHT, 35, 24), "woke this turn")
    apply(after, 0, (ROLL,))


def test_a_knight_moves_along_its_own_roads_only() -> None:
    st = network()
    ck_crafted.knight(st, 0, 24, active=True)
    moves = sorted(m for m in KATAN.legal_moves(st, 0) if m[0] == MOVE_KNIGHT)
    assert moves == [(MOVE_KNIGHT, 24, 30), (MOVE_KNIGHT, 24, 35)]
    refused(st, 0, (MOVE_KNIGHT, 24, 36), "cannot be reached along your roads")
    refused(st, 0, (MOVE_KNIGHT, 24, 19), "Crossing 19 is taken")  # its own settlement
    ck_crafted.knight(st, 1, 30, level=1)
    # Seat 1's knight on 30 is a wall: 35 lies beyond it.
    refused(st, 0, (MOVE_KNIGHT, 24, 35), "cannot be reached")


# ---- promotion ---------------------------------------------------------------------------


def test_promotion_once_a_turn_keeping_the_knights_state() -> None:
    st = network()
    ck_crafted.knight(st, 0, 24, active=True)
    crafted.give(st, 0, wool=3, ore=3)
    after = apply(st, 0, (PROMOTE_KNIGHT, 24))
    assert level_at(ck(after), 0, 24) == 2 and ck(after).active[0] == 1 << 24
    assert hand(after, 0) == cards(wool=2, ore=2)
    refused(after, 0, (PROMOTE_KNIGHT, 24), "promoted this turn already")
    ck_crafted.levels(after, 0, politics=3)
    refused(after, 0, (PROMOTE_KNIGHT, 24), "promoted this turn already")
    after = apply(after, 0, (END_TURN,))
    assert ck(after).promoted == 0


def test_a_mighty_knight_needs_politics_three_and_a_free_piece() -> None:
    st = network()
    ck_crafted.knight(st, 0, 24, level=2)
    crafted.give(st, 0, wool=2, ore=2)
    ck_crafted.levels(st, 0, politics=2)
    refused(st, 0, (PROMOTE_KNIGHT, 24), "needs level 3 of politics")
    ck_crafted.levels(st, 0, politics=3)
    after = apply(st, 0, (PROMOTE_KNIGHT, 24))
    assert level_at(ck(after), 0, 24) == 3
    refused(after, 0, (PROMOTE_KNIGHT, 24), "cannot rise further")

    full = network()
    crafted.give(full, 0, wool=2, ore=2)
    ck_crafted.knight(full, 0, 24, level=1)
    ck_crafted.knight(full, 0, 30, level=2)
    ck_crafted.knight(full, 0, 35, level=2)
    refused(full, 0, (PROMOTE_KNIGHT, 24), "Both your strong knights")


# ---- displacing --------------------------------------------------------------------------


def test_a_stronger_knight_drives_off_a_weaker_one_which_its_owner_moves() -> None:
    st = network()
    ck_crafted.knight(st, 0, 24, level=2, active=True)
    ck_crafted.knight(st, 1, 30, level=1, active=True)
    after = apply(st, 0, (MOVE_KNIGHT, 24, 30))
    assert level_at(ck(after), 0, 30) == 2 and not ck(after).active[0]
    assert after.phase == CHORE and KATAN.to_move(after) == 1
    assert sorted(KATAN.legal_moves(after, 1)) == [(PLACE_KNIGHT, 36)]
    refused(after, 0, (END_TURN,), "table waits on seat 1")
    refused(after, 1, (PLACE_KNIGHT, 24), "Place your knight")
    after = apply(after, 1, (PLACE_KNIGHT, 36))
    assert level_at(ck(after), 1, 36) == 1 and ck(after).active[1] == 1 << 36
    assert after.phase == MAIN and KATAN.to_move(after) == 0


def test_only_a_strictly_weaker_knight_can_be_driven_off() -> None:
    st = network()
    ck_crafted.knight(st, 0, 24, level=2, active=True)
    ck_crafted.knight(st, 1, 30, level=2)
    refused(st, 0, (MOVE_KNIGHT, 24, 30), "not weaker than yours")


def test_a_driven_off_knight_without_a_refuge_is_lost() -> None:
    st = blank()
    crafted.settle(st, 0, 19)
    crafted.road(st, 0, *crafted.path(st, 19, 24, 30))
    ck_crafted.knight(st, 0, 24, level=3, active=True)
    ck_crafted.knight(st, 1, 30, level=2)  # seat 1 has no road there
    after = apply(st, 0, (MOVE_KNIGHT, 24, 30))
    assert after.phase == MAIN and not after.chores
    assert level_at(ck(after), 0, 30) == 3
    assert ck(after).knights[3:6] == [0, 0, 0]


# ---- the robber --------------------------------------------------------------------------


def test_an_active_knight_beside_the_robber_chases_it() -> None:
    st = network()
    ck_crafted.awake(st, FIELDS_9)
    ck_crafted.knight(st, 0, 24, active=True)
    ck_crafted.knight(st, 0, 35, active=True)
    chases = [m for m in KATAN.legal_moves(st, 0) if m[0] == CHASE_ROBBER]
    assert chases == [(CHASE_ROBBER, 24)]
    refused(st, 0, (CHASE_ROBBER, 35), "not beside the robber")
    after = apply(st, 0, (CHASE_ROBBER, 24))
    assert after.phase == ROBBER and not ck(after).active[0] >> 24 & 1
    refused(after, 0, (MOVE_ROBBER, FIELDS_9, -1), "different hex")
    after = apply(after, 0, (MOVE_ROBBER, 14, -1))
    assert after.robber == 14 and after.phase == MAIN


def test_chasing_the_robber_before_the_roll_returns_to_the_roll() -> None:
    st = network()
    ck_crafted.awake(st, FIELDS_9)
    ck_crafted.knight(st, 0, 24, active=True)
    ck_crafted.before_roll(st)
    after = apply(st, 0, (CHASE_ROBBER, 24))
    after = apply(after, 0, (MOVE_ROBBER, 14, -1))
    assert after.phase == P_ROLL


# ---- a knight is a wall ------------------------------------------------------------------


def test_roads_cannot_pass_an_opposing_knight_and_nothing_settles_on_one() -> None:
    st = network()
    crafted.give(st, 0, lumber=2, brick=2, wool=1, grain=1)
    assert (BUILD_ROAD, crafted.path(st, 35, 40)[0]) in KATAN.legal_moves(st, 0)
    ck_crafted.knight(st, 1, 35)
    refused(st, 0, (BUILD_ROAD, crafted.path(st, 35, 40)[0]), "opponent's building or knight")
    mine = network()
    crafted.give(mine, 0, lumber=1, brick=1, wool=1, grain=1)
    ck_crafted.knight(mine, 0, 35)
    refused(mine, 0, (BUILD_SETTLEMENT, 35), "A knight stands on crossing 35")


def test_a_knight_cuts_longest_road() -> None:
    st = blank()
    crafted.settle(st, 0, 0)
    crafted.road(st, 0, *crafted.path(st, 0, 3, 7, 11, 16, 21, 27))
    crafted.settle(st, 1, 17)
    crafted.road(st, 1, *crafted.path(st, 17, 12, 7))
    assert st.longest == 0 and st.award == 2
    points = st.points[0]
    st.current = 1
    crafted.give(st, 1, wool=1, ore=1)
    after = apply(st, 1, (HIRE_KNIGHT, 7))
    assert after.road_len[0] == 4 and after.longest == -1
    assert after.points[0] == points - 2
