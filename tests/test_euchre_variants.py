"""The RULINGS 13 toggles: defend alone and farmer's hand. Off, nothing differs
from the app; on, their phases, scoring, redaction and AI choices."""

import json

from engine.cards import Card, Suit, code, parse_code
from engine.errors import IllegalMove
from engine.euchre.ai import EuchreAi
from engine.euchre.game import EUCHRE
from engine.euchre.moves import (
    DEFEND_ALONE,
    DISCARD,
    FARMERS_HAND,
    ORDER_UP,
    PASS,
    PLAY,
    Discard,
    EuchreMove,
)
from engine.euchre.options import EuchreOptions
from engine.euchre.rules import playable_cards, shuffled_deck
from engine.euchre.state import EuchreState, Phase
from engine.protocol import TableConfig

FARMER_SEED = 19
"""Hand 0 of seed 19: seat 3 holds 9♥ 9♠ 9♦ 10♥ 10♠; the kitty is J♣ J♦ K♣."""


def c(text: str) -> Card:
    parsed = parse_code(text)
    assert parsed is not None
    return parsed


def cards(text: str) -> list[Card]:
    return [c(t) for t in text.split()]


def start(seed: int = 42, **options: object) -> EuchreState:
    return EUCHRE.initial_state(TableConfig(game="euchre", options=options, seed=seed))


def apply(state: EuchreState, *moves: EuchreMove) -> EuchreState:
    for move in moves:
        seat = EUCHRE.to_move(state)
        assert seat is not None
        state = EUCHRE.apply(state, seat, move).state
    return state


def refusal(state: EuchreState, seat: int, move: EuchreMove) -> str:
    try:
        EUCHRE.apply(state, seat, move)
    except IllegalMove as exc:
        return exc.reason
    raise AssertionError(f"{move} was accepted")


def lone_order_by_seat_1(**options: object) -> EuchreState:
    """Seed 42: seat 1 orders J♦ up alone, the dealer (seat 0) discards its first card."""
    state = apply(start(**options), ORDER_UP[True])
    return apply(state, DISCARD[state.hands[0][0]])


# ---- defend alone ------------------------------------------------------------------


def test_without_the_toggle_a_lone_call_goes_straight_to_play() -> None:
    state = lone_order_by_seat_1()
    assert state.phase == Phase.PLAYING and state.lone_defender is None
    assert "loneDefender" not in EUCHRE.encode_view(EUCHRE.view_for(state, 1))


def test_defenders_are_offered_to_defend_alone_in_turn_from_the_makers_left() -> None:
    state = lone_order_by_seat_1(defendAlone=True)
    assert state.phase == Phase.DEFEND_ALONE and EUCHRE.to_move(state) == 2
    assert EUCHRE.legal_moves(state, 2) == [DEFEND_ALONE, PASS]
    assert EUCHRE.legal_moves(state, 3) == []
    state = apply(state, PASS)
    assert state.log[-1] == "Seat 2 declines to defend alone."
    assert state.phase == Phase.DEFEND_ALONE and EUCHRE.to_move(state) == 0
    state = apply(state, PASS)
    assert state.phase == Phase.PLAYING and state.lone_defender is None
    assert state.turn == state.leader == 1  # seat 3 sits out, so seat 1 leads
    assert state.sitting_out() == (3,)


def test_a_lone_defender_sits_its_partner_out_too() -> None:
    state = lone_order_by_seat_1(defendAlone=True)
    state, events = EUCHRE.apply(state, 2, DEFEND_ALONE)
    assert [e.text for e in events] == ["Seat 2 defends alone."]
    assert state.lone_defender == 2 and state.phase == Phase.PLAYING
    assert state.sitting_out() == (3, 0) and state.active_seat_count() == 2
    assert state.hands[0] == [] and state.hands[3] == [] and state.hand_counts == [0, 5, 5, 0]
    assert state.turn == state.leader == 1
    seats = set()
    while state.phase == Phase.PLAYING:
        seat = EUCHRE.to_move(state)
        assert seat is not None
        seats.add(seat)
        state = apply(state, EUCHRE.legal_moves(state, seat)[0])
        if state.completed_trick:
            assert len(state.completed_trick) == 2
    assert seats == {1, 2}
    assert state.tricks_won[0] == state.tricks_won[3] == 0
    assert state.tricks_won[1] + state.tricks_won[2] == 5


def test_euchring_a_lone_hand_alone_scores_four() -> None:
    weak = cards("9H 10H QH KH AH")
    strong = cards("JS JC AS KS QS")
    state = EuchreState(
        options=EuchreOptions(defendAlone=True),
        seed=1,
        hand_number=0,
        dealer=3,
        phase=Phase.PLAYING,
        hands=[weak, strong, [], []],
        hand_counts=[5, 5, 0, 0],
        up_card=None,
        turned_down=None,
        trump=Suit.SPADES,
        maker=0,
        alone_seat=0,
        turn=0,
        passes=0,
        trick=[],
        completed_trick=[],
        leader=0,
        tricks_won=[0, 0, 0, 0],
        scores=[0, 0],
        last_trick_winner=None,
        log=[],
        lone_defender=1,
    )
    while state.phase == Phase.PLAYING:
        seat = EUCHRE.to_move(state)
        assert seat is not None
        state = apply(state, PLAY[playable_cards(state, seat)[-1]])
    assert state.tricks_won[1] == 5
    assert state.scores == [0, 4]
    assert state.log[-1] == "Team 0 is euchred — team 1 scores 4."
    encoded = json.loads(EUCHRE.encode_view(EUCHRE.view_for(state, 0)))
    assert list(encoded)[-2:] == ["log", "loneDefender"] and encoded["loneDefender"] == 1
    assert encoded["options"]["defendAlone"] is True


def test_defend_alone_is_only_offered_against_a_lone_maker() -> None:
    state = apply(start(defendAlone=True), ORDER_UP[False])
    state = apply(state, DISCARD[state.hands[0][0]])
    assert state.phase == Phase.PLAYING
    assert refusal(state, 1, DEFEND_ALONE) == "Trump is settled; play a card."


def test_the_ai_defends_alone_only_with_a_hand_it_would_make_trump_with() -> None:
    state = lone_order_by_seat_1(defendAlone=True)  # diamonds are trump
    ai = EuchreAi("normal")
    view = EUCHRE.view_for(state, 2)
    assert ai.choose(view, 2, EUCHRE.view_legal_moves(view, 2)) == PASS
    view.hands[2] = cards("JD JH AD KD 9C")
    assert ai.choose(view, 2, EUCHRE.view_legal_moves(view, 2)) == DEFEND_ALONE


# ---- farmer's hand -----------------------------------------------------------------


def test_without_the_toggle_a_farmers_hand_is_just_a_bad_hand() -> None:
    state = start(FARMER_SEED)
    assert state.phase == Phase.BID_ROUND_1 and state.kitty == []
    assert "kitty" not in EUCHRE.encode_state(state)


def test_the_farmer_is_offered_the_exchange_before_the_bidding() -> None:
    state = start(FARMER_SEED, farmersHand=True)
    deck = shuffled_deck(FARMER_SEED, 0, 24)
    assert state.hands[3] == deck[15:20]
    assert " ".join(code(x) for x in state.hands[3]) == "9H 9S 9D 10H 10S"
    assert state.kitty == deck[21:24]
    assert state.phase == Phase.FARMERS_HAND and EUCHRE.to_move(state) == 3
    assert EUCHRE.legal_moves(state, 3) == [FARMERS_HAND, PASS]
    assert state.leader == 1


def test_keeping_the_hand_opens_the_bidding() -> None:
    state = apply(start(FARMER_SEED, farmersHand=True), PASS)
    assert state.log[-1] == "Seat 3 keeps the hand."
    assert state.phase == Phase.BID_ROUND_1 and state.turn == 1 and state.passes == 0


def test_the_exchange_takes_the_kitty_and_returns_three_cards() -> None:
    state = start(FARMER_SEED, farmersHand=True)
    kitty = state.kitty[:]
    state = apply(state, FARMERS_HAND)
    assert state.phase == Phase.FARMER_DISCARD and state.turn == 3
    assert state.log[-1] == "Seat 3 shows a farmer's hand and takes the kitty."
    assert state.hands[3][5:] == kitty and state.kitty == []
    assert state.hand_counts[3] == 8
    assert EUCHRE.legal_moves(state, 3) == [Discard(x) for x in state.hands[3]]
    returned = [c("9H"), c("9S"), c("9D")]
    for i, card in enumerate(returned):
        state, events = EUCHRE.apply(state, 3, Discard(card))
        private = [e for e in events if e.audience is not None]
        assert [e.audience for e in private] == [frozenset({3})]
        assert all(code(card) not in e.text for e in events if e.audience is None)
        if i < 2:
            assert state.phase == Phase.FARMER_DISCARD
            assert refusal(state, 3, PASS) == f"Return {2 - i} more card(s) to the kitty first."
    assert state.kitty == returned
    assert state.hands[3] == [c("10H"), c("10S"), *kitty]
    assert state.log[-1] == "Seat 3 returns three cards to the kitty."
    assert state.phase == Phase.BID_ROUND_1 and state.turn == 1


def test_the_kitty_is_stored_but_never_shown() -> None:
    state = apply(start(FARMER_SEED, farmersHand=True), FARMERS_HAND)
    stored = json.loads(EUCHRE.encode_state(state))
    assert list(stored)[-2:] == ["log", "kitty"] and stored["kitty"] == []
    state = apply(state, DISCARD[c("9H")])
    stored = json.loads(EUCHRE.encode_state(state))
    assert stored["kitty"] == [{"rank": "NINE", "suit": "HEARTS"}]
    assert EUCHRE.decode_state(EUCHRE.encode_state(state)) == state
    for seat in (None, 0, 1, 2, 3):
        view = EUCHRE.view_for(state, seat)
        assert view.kitty == []
        assert "kitty" not in json.loads(EUCHRE.encode_view(view))


def test_a_farmers_hand_can_only_be_exchanged_when_dealt() -> None:
    state = start(42, farmersHand=True)
    assert state.phase == Phase.BID_ROUND_1
    assert refusal(state, 1, FARMERS_HAND) == "Trump is not settled: order up J♦ or pass."


def test_the_ai_exchanges_and_keeps_its_highest_cards() -> None:
    state = start(FARMER_SEED, farmersHand=True)
    ai = EuchreAi("normal")
    for _ in range(4):
        seat = EUCHRE.to_move(state)
        assert seat == 3
        view = EUCHRE.view_for(state, seat)
        state = apply(state, ai.choose(view, seat, EUCHRE.view_legal_moves(view, seat)))
    assert sorted(state.hands[3]) == sorted(cards("10H 10S JC JD KC"))
    assert state.phase == Phase.BID_ROUND_1
