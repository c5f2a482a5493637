"""The overrule judge (`bench.judge`): playouts share their chance between
the two moves, an overrule's gain is the difference of their wins, and the
report's mean and standard error are of those gains."""

import statistics

import pytest

from bench.judge import OPTIONS, Judged, gain, judge_game, playout, report
from engine.katan import rules
from engine.katan.ai import KatanPlayer
from engine.katan.game import KATAN
from engine.katan.state import MAIN, KatanState
from engine.katan.view import KatanView
from engine.protocol import TableConfig


def _main_position() -> tuple[KatanState, int]:
    """A base game played by `normal` to a main phase a few turns in."""
    st = KATAN.initial_state(TableConfig(game="katan", seed=11))
    player = KatanPlayer(5)
    while not (st.phase == MAIN and st.turn >= 12):
        mover = rules.to_move(st)
        assert mover is not None
        legal = rules.legal_moves(st, mover)
        st = KATAN.apply(st, mover, player.choose(KatanView(mover, st, mover), mover, legal)).state
    seat = rules.to_move(st)
    assert seat is not None
    return st, seat


def test_a_playout_is_a_function_of_its_seed_and_leaves_the_position_alone() -> None:
    st, seat = _main_position()
    before = (st.seed, st.counter, st.hands[:], st.phase)
    move = rules.legal_moves(st, seat)[0]
    results = {s: playout(st, seat, move, s) for s in range(12)}
    assert results == {s: playout(st, seat, move, s) for s in range(12)}
    assert (st.seed, st.counter, st.hands[:], st.phase) == before
    # Reseeded chance decides games: the seat neither always wins nor always loses.
    assert len(set(results.values())) == 2


def test_a_move_judged_against_itself_gains_nothing() -> None:
    st, seat = _main_position()
    for move in rules.legal_moves(st, seat)[:3]:
        assert gain(st, seat, move, move, 6, 100) == 0


def test_every_overrule_of_a_game_is_judged() -> None:
    judged = judge_game(("base", 0, 2))
    assert judged, "hard overrules normal somewhere in a whole game"
    for j in judged:
        assert j.game == 0
        assert j.gain in (-1.0, -0.5, 0.0, 0.5, 1.0)
        assert j.default and j.chosen
    assert [j.turn for j in judged] == sorted(j.turn for j in judged)


def test_the_report_gives_the_mean_gain_its_standard_error_and_the_kinds() -> None:
    judged = [
        Judged(0, 3, "END_TURN", "BUILD_ROAD", 0.25),
        Judged(0, 5, "END_TURN", "BUILD_ROAD", -0.05),
        Judged(1, 2, "ROLL", "PLAY_KNIGHT", 0.1),
    ]
    lines = report(judged)
    gains = [0.25, -0.05, 0.1]
    se = statistics.stdev(gains) / 3**0.5
    assert lines[0] == f"3 overrules, mean gain {statistics.mean(gains):+.4f} (se {se:.4f})"
    assert lines[1] == "     2  +0.100  END_TURN -> BUILD_ROAD"
    assert lines[2] == "     1  +0.100  ROLL -> PLAY_KNIGHT"
    assert report([]) == ["no overrules"]


@pytest.mark.parametrize("name", ["cities", "seafarers", "sea_cities"])
def test_every_rule_set_has_a_table_to_be_judged_at(name: str) -> None:
    st = KATAN.initial_state(TableConfig(game="katan", seed=1, options=OPTIONS[name]))
    assert (st.ck is not None) == ("cities" in name)
    assert (st.sea is not None) == (name in ("seafarers", "sea_cities"))
