"""Domestic trade (RULINGS 6): offers to one seat or to everyone, answers in
seat order, counters, the offerer's choice, withdrawal; and the refusals."""

import json

import pytest

from engine.errors import IllegalMove
from engine.katan import moves as mv
from engine.katan.audit import problems
from engine.katan.components import OFFERS_PER_TURN, RESOURCES
from engine.katan.crafted import blank, give
from engine.katan.game import KATAN
from engine.katan.state import COUNTERS, MAIN, OFFER, ROLL, KatanState


def leg(**cards: int) -> tuple[int, ...]:
    names = ("lumber", "brick", "wool", "grain", "ore")
    return tuple(cards.get(n, 0) for n in names)


def offer(to: int, give_: tuple[int, ...], want: tuple[int, ...]) -> mv.Move:
    return mv.offer_move(to, give_, want)


def apply(st: KatanState, seat: int, move: mv.Move) -> KatanState:
    after = KATAN.apply(st, seat, move).state
    assert problems(after) == []
    return after


def refused(st: KatanState, seat: int, move: mv.Move, words: str) -> None:
    with pytest.raises(IllegalMove, match=words):
        KATAN.apply(st, seat, move)


def hand(st: KatanState, seat: int) -> list[int]:
    return st.hands[seat * RESOURCES : (seat + 1) * RESOURCES]


def table() -> KatanState:
    st = blank()
    give(st, 0, wool=3, lumber=1)
    give(st, 1, ore=2)
    give(st, 3, ore=1, grain=2)  # seat 2 holds nothing and is skipped
    return st


def test_an_offer_to_everyone_asks_in_seat_order_skipping_empty_hands() -> None:
    st = apply(table(), 0, offer(-1, leg(wool=2), leg(ore=1)))
    assert st.phase == OFFER and KATAN.to_move(st) == 1
    st = apply(st, 1, mv.M_DECLINE)
    assert KATAN.to_move(st) == 3
    st = apply(st, 3, mv.M_ACCEPT)
    assert st.phase == MAIN and st.offer is None
    assert hand(st, 0) == [1, 0, 1, 0, 1] and hand(st, 3) == [0, 0, 2, 2, 0]


def test_the_first_accept_wins() -> None:
    st = apply(table(), 0, offer(-1, leg(wool=1), leg(ore=1)))
    st = apply(st, 1, mv.M_ACCEPT)
    assert st.phase == MAIN and hand(st, 1) == [0, 0, 1, 0, 1] and hand(st, 3)[4] == 1


def test_an_offer_nobody_takes_lapses() -> None:
    t = KATAN.apply(table(), 0, offer(-1, leg(wool=1), leg(ore=1)))
    st = apply(t.state, 1, mv.M_DECLINE)
    last = KATAN.apply(st, 3, mv.M_DECLINE)
    assert last.state.phase == MAIN
    assert any(e.kind == "offer_lapsed" for e in last.events)
    assert hand(last.state, 0) == hand(table(), 0)


def test_an_addressed_offer_asks_only_the_addressee() -> None:
    st = apply(table(), 0, offer(3, leg(wool=1), leg(grain=1)))
    assert KATAN.to_move(st) == 3
    st = apply(st, 3, mv.M_DECLINE)
    assert st.phase == MAIN


def test_counters_then_the_offerer_takes_one() -> None:
    st = apply(table(), 0, offer(-1, leg(wool=2), leg(ore=1)))
    counter1 = mv.counter_move(leg(ore=2), leg(wool=3))
    refused(st, 1, mv.counter_move(leg(ore=1), leg(wool=2)), "accept it instead")
    refused(st, 1, mv.counter_move(leg(grain=1), leg(wool=1)), "do not hold 1 grain")
    st = apply(st, 1, counter1)
    st = apply(st, 3, mv.counter_move(leg(grain=1), leg(wool=1)))
    assert st.phase == COUNTERS and KATAN.to_move(st) == 0
    legal = KATAN.legal_moves(st, 0)
    assert mv.TAKE_MOVES[1] in legal and mv.TAKE_MOVES[3] in legal and mv.M_DISMISS in legal
    refused(st, 0, mv.TAKE_MOVES[2], "Seat 2 made no counter-offer")
    st = apply(st, 0, mv.TAKE_MOVES[1])
    assert st.phase == MAIN
    assert hand(st, 0) == [1, 0, 0, 0, 2] and hand(st, 1) == [0, 0, 3, 0, 0]


def test_the_offerer_may_dismiss_the_counters() -> None:
    st = apply(table(), 0, offer(-1, leg(wool=1), leg(ore=1)))
    st = apply(st, 1, mv.counter_move(leg(ore=1), leg(wool=2)))
    st = apply(st, 3, mv.M_DECLINE)
    st = apply(st, 0, mv.M_DISMISS)
    assert st.phase == MAIN and hand(st, 0) == hand(table(), 0)


def test_a_counter_the_offerer_cannot_pay_cannot_be_taken() -> None:
    st = apply(table(), 0, offer(1, leg(wool=1), leg(ore=1)))
    st = apply(st, 1, mv.counter_move(leg(ore=2), leg(wool=4)))
    assert mv.TAKE_MOVES[1] not in KATAN.legal_moves(st, 0)
    refused(st, 0, mv.TAKE_MOVES[1], "do not hold 4 wool")


def test_the_offerer_may_withdraw_while_another_seat_is_asked() -> None:
    st = apply(table(), 0, offer(-1, leg(wool=1), leg(ore=1)))
    assert KATAN.to_move(st) == 1
    assert KATAN.legal_moves(st, 0) == [mv.M_WITHDRAW]
    refused(st, 1, mv.M_WITHDRAW, "no open offer to withdraw")
    refused(st, 0, mv.M_END, "you may only withdraw it")
    st = apply(st, 0, mv.M_WITHDRAW)
    assert st.phase == MAIN and st.offer is None and KATAN.to_move(st) == 0


def test_offers_a_turn_are_capped_and_counted_in_public() -> None:
    """Lapsed and withdrawn offers count alike: the cap exists so a turn ends."""
    st = apply(table(), 0, offer(-1, leg(wool=1), leg(ore=1)))
    st = apply(apply(st, 1, mv.M_DECLINE), 3, mv.M_DECLINE)
    assert st.phase == MAIN and st.offers == 1
    for made in range(2, OFFERS_PER_TURN + 1):
        st = apply(apply(st, 0, offer(3, leg(wool=1), leg(ore=1))), 0, mv.M_WITHDRAW)
        assert st.offers == made
    assert not any(m[0] == mv.OFFER for m in KATAN.legal_moves(st, 0))
    refused(st, 0, offer(1, leg(lumber=1), leg(ore=1)), f"made {OFFERS_PER_TURN} offers this turn")
    seen = json.loads(KATAN.encode_view(KATAN.view_for(st, 2)))
    assert seen["offers_this_turn"] == OFFERS_PER_TURN
    st = apply(st, 0, mv.M_END)
    assert st.offers == 0 and KATAN.view_for(st, 1).state.offers == 0


def test_answering_is_only_for_the_seat_asked() -> None:
    st = apply(table(), 0, offer(-1, leg(wool=1), leg(ore=1)))
    refused(st, 3, mv.M_ACCEPT, "waits on seat 1")
    refused(st, 1, mv.M_END, "Answer seat 0's offer first")


def test_accepting_needs_the_cards_asked_for() -> None:
    st = apply(table(), 0, offer(-1, leg(wool=1), leg(ore=1, grain=1)))
    assert mv.M_ACCEPT not in KATAN.legal_moves(st, 1)
    refused(st, 1, mv.M_ACCEPT, "do not hold 1 grain and 1 ore")
    st = apply(st, 1, mv.M_DECLINE)
    assert mv.M_ACCEPT in KATAN.legal_moves(st, 3)


@pytest.mark.parametrize(
    ("move", "words"),
    [
        (offer(-1, leg(wool=4), leg(ore=1)), "do not hold 4 wool"),
        (offer(-1, leg(wool=1), leg(wool=1, ore=1)), "both sides"),
        (offer(-1, leg(), leg(ore=1)), "cards on both sides"),
        (offer(0, leg(wool=1), leg(ore=1)), "not another seat"),
        (offer(2, leg(wool=1), leg(ore=1)), "Seat 2 holds no cards"),
        (offer(5, leg(wool=1), leg(ore=1)), "not another seat"),
        (offer(-1, leg(wool=-1), leg(ore=1)), "from 0 to 19"),
    ],
)
def test_bad_offers_are_refused(move: mv.Move, words: str) -> None:
    refused(table(), 0, move, words)


def test_no_trading_before_the_roll() -> None:
    st = table()
    st.phase, st.rolled = ROLL, False
    refused(st, 0, offer(-1, leg(wool=1), leg(ore=1)), "Roll the dice first")


def test_the_move_list_always_has_an_example_offer_and_counter() -> None:
    st = table()
    offers = [m for m in KATAN.legal_moves(st, 0) if m[0] == mv.OFFER]
    assert offers == [offer(-1, leg(wool=1), leg(brick=1))]
    st = apply(st, 0, offers[0])
    answers = KATAN.legal_moves(st, 1)
    assert mv.M_DECLINE in answers
    assert any(m[0] == mv.COUNTER for m in answers)
