"""The text grammar: the issue's example commands in positions where they are
legal, the forgiving spellings, and what a wrong command gets back."""

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.cards import parse_code
from engine.euchre.game import EUCHRE
from engine.euchre.moves import CALL_TRUMP, ORDER_UP, PASS, PLAY
from engine.euchre.state import EuchreState, Phase
from engine.katan import moves as mv
from engine.katan import production
from engine.katan.components import KNIGHT, RESOURCE_NAMES
from engine.katan.crafted import blank, give, give_dev, path, road, settle
from engine.katan.game import KATAN
from engine.katan.state import DISCARD, OFFER, ROBBER, ROLL, KatanState
from engine.protocol import TableConfig
from engine.sequence.game import SEQUENCE
from engine.sequence.moves import EXCHANGE, PLACE, REMOVE
from engine.sequence.state import SequenceState
from frontends.chat.grammar import Chosen, Drafted, Opened, Wrong, words
from frontends.chat.presenters import presenter_for

NAMES = ("ana", "bo", "cy", "di")


def leg(**cards: int) -> tuple[int, ...]:
    return tuple(cards.get(name, 0) for name in RESOURCE_NAMES)


def parse_katan(st: KatanState, seat: int, line: str) -> Any:
    view = KATAN.view_for(st, seat)
    legal = KATAN.view_legal_moves(view, seat)
    return presenter_for("katan").parse(words(line), view, seat, legal, NAMES)


def katan(build: Callable[[KatanState], None] | None = None) -> KatanState:
    st = blank()
    for seat, node in enumerate((40, 22, 31, 50)):
        settle(st, seat, node)
        give(st, seat, lumber=1)
    if build is not None:
        build(st)
    return st


def _roll_phase(st: KatanState) -> None:
    st.phase, st.rolled = ROLL, False


def _road_12(st: KatanState) -> None:
    settle(st, 0, 8)
    give(st, 0, brick=1)


def _settlement_7(st: KatanState) -> None:
    top = st.board.topology
    far = next(
        (a, b)
        for b in range(top.node_count)
        if top.edge_between(b, 7) is not None
        for a in range(top.node_count)
        if a != 7 and top.edge_between(a, b) is not None and top.edge_between(a, 7) is None
    )
    settle(st, 0, far[0])
    road(st, 0, *path(st, far[0], far[1], 7))
    give(st, 0, brick=1, wool=1, grain=1)


def _city_7(st: KatanState) -> None:
    settle(st, 0, 7)
    give(st, 0, grain=2, ore=3)


def _card(st: KatanState) -> None:
    give(st, 0, wool=1, grain=1, ore=1)
    give_dev(st, 0, KNIGHT)


def _wool(st: KatanState) -> None:
    give(st, 0, wool=4, brick=1)


@pytest.mark.parametrize(
    ("build", "line", "move"),
    [
        (_roll_phase, "roll", mv.M_ROLL),
        (_road_12, "build road 12", mv.ROAD_MOVES[12]),
        (_road_12, "Road #12", mv.ROAD_MOVES[12]),
        (_settlement_7, "build settlement 7", mv.SETTLEMENT_MOVES[7]),
        (_settlement_7, "settle seven", mv.SETTLEMENT_MOVES[7]),
        (_city_7, "city 7", mv.CITY_MOVES[7]),
        (_city_7, "/build a city 7", mv.CITY_MOVES[7]),
        (_card, "buy card", mv.M_BUY),
        (_card, "play knight", mv.M_KNIGHT),
        (_wool, "trade 4 wool for 1 ore", mv.BANK_MOVES[2][4]),
        (_wool, "trade sheep for ore", mv.BANK_MOVES[2][4]),
        (
            _wool,
            "offer 2 wool 1 brick for 1 ore to bo",
            mv.offer_move(1, leg(wool=2, brick=1), leg(ore=1)),
        ),
        (
            _wool,
            "OFFER wool, wool and brick for ore",
            mv.offer_move(-1, leg(wool=2, brick=1), leg(ore=1)),
        ),
        (None, "end", mv.M_END),
        (None, "end turn", mv.M_END),
    ],
)
def test_katan_examples(build: Any, line: str, move: mv.Move) -> None:
    st = katan(build)
    assert parse_katan(st, 0, line) == Chosen(move)
    assert KATAN.is_legal(st, 0, move)


def test_robber_steal_by_name_and_the_victim_menu() -> None:
    st = katan()
    st.current, st.phase = 1, ROBBER
    corners = st.board.topology.hex_corners[5]
    settle(st, 0, corners[0])
    settle(st, 2, corners[3])
    give(st, 2, ore=1)
    assert parse_katan(st, 1, "robber 5 steal ana") == Chosen(mv.ROBBER_MOVES[5][1])
    assert parse_katan(st, 1, "move robber to 5 rob seat 3") == Chosen(mv.ROBBER_MOVES[5][3])
    wrong_seat = parse_katan(st, 1, "robber 5 steal seat 2")  # seat 2 is the robber's own
    assert isinstance(wrong_seat, Wrong)
    assert wrong_seat.reason == "Seat 2 is not one you can choose here."
    assert parse_katan(st, 1, "robber 5") == Opened(("h5",), "Whom do you rob?")
    wrong = parse_katan(st, 1, "robber 5 steal di")
    assert isinstance(wrong, Wrong) and "ana, cy" in wrong.reason


def test_answers_to_an_offer() -> None:
    st = katan(_wool)
    give(st, 1, ore=1)
    st = KATAN.apply(st, 0, mv.offer_move(1, leg(wool=2), leg(ore=1))).state
    assert st.phase == OFFER
    assert parse_katan(st, 1, "accept") == Chosen(mv.M_ACCEPT)
    assert parse_katan(st, 1, "decline") == Chosen(mv.M_DECLINE)
    assert parse_katan(st, 1, "counter 1 lumber for 2 wool") == Chosen(
        mv.counter_move(leg(lumber=1), leg(wool=2))
    )
    assert isinstance(parse_katan(st, 1, "counter"), Drafted)
    assert parse_katan(st, 0, "withdraw") == Chosen(mv.M_WITHDRAW)
    refused = parse_katan(st, 0, "accept")
    assert isinstance(refused, Wrong) and "withdraw" in refused.forms


def test_discard_after_a_seven() -> None:
    st = katan()
    give(st, 0, ore=4, wool=4)
    st.phase, st.rolled = ROLL, False
    production.roll_dice(st, 3, 4, [])
    assert st.phase == DISCARD
    assert parse_katan(st, 0, "discard 2 ore 2 wool") == Chosen(mv.discard_move(leg(ore=2, wool=2)))
    short = parse_katan(st, 0, "discard 2 ore 1 wool")
    assert isinstance(short, Wrong) and "exactly 4" in short.reason
    assert isinstance(parse_katan(st, 0, "discard"), Drafted)


def test_a_wrong_katan_command_gets_reasons_and_forms() -> None:
    st = katan(_road_12)
    far = parse_katan(st, 0, "build road 70")
    assert isinstance(far, Wrong) and "70" in far.reason and "build road 12" in far.forms
    typo = parse_katan(st, 0, "biuld road 12")
    assert isinstance(typo, Wrong) and "build" in typo.reason
    nothing = parse_katan(st, 0, "trade 3 wool for 1 ore")
    assert isinstance(nothing, Wrong) and "4:1" in nothing.reason
    stranger = parse_katan(st, 0, "offer 1 lumber for 1 ore to zed")
    assert isinstance(stranger, Wrong) and "zed" in stranger.reason
    assert parse_katan(st, 0, "build road") == Opened(
        ("b", "rd"), "Where? The numbers on the picture are the road spots."
    )
    other_turn = parse_katan(st, 1, "end")
    assert isinstance(other_turn, Wrong) and "ana" in other_turn.reason


# ---- Euchre ---------------------------------------------------------------------------------


def euchre_until(found: Callable[[EuchreState, int], bool]) -> tuple[EuchreState, int]:
    for seed in range(200):
        state = EUCHRE.initial_state(TableConfig(game="euchre", seed=seed))
        rng = random.Random(seed)
        while not EUCHRE.is_finished(state) and state.phase != Phase.HAND_OVER:
            seat = EUCHRE.to_move(state)
            assert seat is not None
            if found(state, seat):
                return state, seat
            state = EUCHRE.apply(state, seat, rng.choice(EUCHRE.legal_moves(state, seat))).state
    raise AssertionError("no such position")


def parse_euchre(state: EuchreState, seat: int, line: str) -> Any:
    view = EUCHRE.view_for(state, seat)
    legal = EUCHRE.view_legal_moves(view, seat)
    return presenter_for("euchre").parse(words(line), view, seat, legal, NAMES)


def test_euchre_examples() -> None:
    state, seat = euchre_until(lambda s, _: s.phase == Phase.BID_ROUND_1)
    assert parse_euchre(state, seat, "pass") == Chosen(PASS)
    assert parse_euchre(state, seat, "order up") == Chosen(ORDER_UP[False])
    assert parse_euchre(state, seat, "alone") == Chosen(ORDER_UP[True])
    assert parse_euchre(state, seat, "Order it up alone") == Chosen(ORDER_UP[True])
    state, seat = euchre_until(
        lambda s, _: (
            s.phase == Phase.BID_ROUND_2 and s.turned_down is not None and s.turned_down // 13 != 2
        )
    )
    assert parse_euchre(state, seat, "call hearts") == Chosen(CALL_TRUMP[2][False])
    assert parse_euchre(state, seat, "hearts alone") == Chosen(CALL_TRUMP[2][True])
    jh = parse_code("JH")
    state, seat = euchre_until(
        lambda s, t: s.phase == Phase.PLAYING and PLAY[jh] in EUCHRE.legal_moves(s, t)
    )
    assert parse_euchre(state, seat, "play JH") == Chosen(PLAY[jh])
    assert parse_euchre(state, seat, "j♥") == Chosen(PLAY[jh])
    position = state.hands[seat].index(jh) + 1
    assert parse_euchre(state, seat, f"play {position}") == Chosen(PLAY[jh])


def test_a_wrong_euchre_command() -> None:
    state, seat = euchre_until(lambda s, _: s.phase == Phase.BID_ROUND_1)
    held = state.hands[seat][0]
    wrong = parse_euchre(state, seat, f"play {held}")
    assert isinstance(wrong, Wrong)
    trump = parse_euchre(state, seat, "call hearts")
    assert isinstance(trump, Wrong) and "order up" in trump.reason and "pass" in trump.forms
    typo = parse_euchre(state, seat, "pas")
    assert isinstance(typo, Wrong) and "pass" in typo.reason


# ---- Sequence -------------------------------------------------------------------------------


def sequence_with(hand: list[str], **chips: int) -> tuple[SequenceState, int]:
    state = SEQUENCE.initial_state(TableConfig(game="sequence", seed=3))
    seat = state.turn
    state.hands[seat] = [c for code in hand if (c := parse_code(code)) is not None]
    for cell, team in chips.items():
        state.chips[int(cell[1:])] = team
    return state, seat


def parse_sequence(state: SequenceState, seat: int, line: str) -> Any:
    view = SEQUENCE.view_for(state, seat)
    legal = SEQUENCE.view_legal_moves(view, seat)
    return presenter_for("sequence").parse(words(line), view, seat, legal, NAMES)


def test_sequence_examples() -> None:
    seven, nine, jack = parse_code("7D"), parse_code("9C"), parse_code("JS")
    assert seven is not None and nine is not None and jack is not None
    state, seat = sequence_with(["7D", "9C", "JS"], c40=1, c13=0, c89=1)
    assert parse_sequence(state, seat, "play 7D 34") == Chosen(PLACE[seven][34])
    assert parse_sequence(state, seat, "7d on 79") == Chosen(PLACE[seven][79])
    assert parse_sequence(state, seat, "remove JS 40") == Chosen(REMOVE[jack][40])
    assert parse_sequence(state, seat, "exchange 9C") == Chosen(EXCHANGE[nine])
    assert parse_sequence(state, seat, "play 7D") == Opened(("7d",), "Where should 7♦ go?")
    missing = parse_sequence(state, seat, "play 8D 35")
    assert isinstance(missing, Wrong) and "do not hold" in missing.reason
