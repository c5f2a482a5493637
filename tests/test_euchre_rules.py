"""Euchre's rules as the app plays them: ports of the app's EuchreRulesTest
(NATIVE §8) and the transitions, quirks and log lines of NATIVE §5.2.7."""

import random
from collections.abc import Callable

import pytest

from engine.cards import Card, Rank, Suit, card, label, parse_code, rank_value
from engine.errors import IllegalMove
from engine.euchre.game import EUCHRE
from engine.euchre.moves import (
    CALL_TRUMP,
    ORDER_UP,
    PASS,
    PLAY,
    CallTrump,
    Discard,
    EuchreMove,
    PlayCard,
)
from engine.euchre.options import EuchreOptions
from engine.euchre.ranking import DECKS, EFFECTIVE_SUIT, STRENGTH, is_trump
from engine.euchre.rules import playable_cards, shuffled_deck
from engine.euchre.state import EuchreState, Phase, Played, partner
from engine.protocol import TableConfig

SPADES, CLUBS, HEARTS, DIAMONDS = Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS


def c(text: str) -> Card:
    parsed = parse_code(text)
    assert parsed is not None, text
    return parsed


def cards(text: str) -> list[Card]:
    return [c(t) for t in text.split()]


def start(seed: int = 42, **options: object) -> EuchreState:
    return EUCHRE.initial_state(TableConfig(game="euchre", options=options, seed=seed))


def step(state: EuchreState, move: EuchreMove, seat: int | None = None) -> EuchreState:
    who = EUCHRE.to_move(state) if seat is None else seat
    assert who is not None
    return EUCHRE.apply(state, who, move).state


def refusal(state: EuchreState, seat: int, move: EuchreMove) -> str:
    """The reason `apply` gives for refusing a move (and that it did refuse it)."""
    with pytest.raises(IllegalMove) as err:
        EUCHRE.apply(state, seat, move)
    return err.value.reason


def playing_state(
    hands: list[list[Card]],
    trump: Suit,
    trick: list[Played] | None = None,
    turn: int = 0,
    maker: int = 0,
    alone_seat: int | None = None,
) -> EuchreState:
    """A hand already in play, as the app's test builds one (dealer 3)."""
    return EuchreState(
        options=EuchreOptions(),
        seed=1,
        hand_number=0,
        dealer=3,
        phase=Phase.PLAYING,
        hands=hands,
        hand_counts=[len(h) for h in hands],
        up_card=None,
        turned_down=None,
        trump=trump,
        maker=maker,
        alone_seat=alone_seat,
        turn=turn,
        passes=0,
        trick=trick or [],
        completed_trick=[],
        leader=turn,
        tricks_won=[0, 0, 0, 0],
        scores=[0, 0],
        last_trick_winner=None,
        log=[],
    )


Pick = Callable[[EuchreState, int], Card]


def first_playable(state: EuchreState, seat: int) -> Card:
    return playable_cards(state, seat)[0]


def play_out(state: EuchreState, pick: Pick) -> EuchreState:
    for _ in range(100):
        if state.phase != Phase.PLAYING:
            return state
        seat = EUCHRE.to_move(state)
        assert seat is not None
        state = step(state, PLAY[pick(state, seat)], seat)
    raise AssertionError("the hand did not end")


# ---- deck and ranking --------------------------------------------------------------


def test_24_card_deck_runs_nine_to_ace() -> None:
    deck = DECKS[24]
    assert len(deck) == 24 and len(set(deck)) == 24
    assert all(rank_value(x) >= 9 for x in deck)


def test_32_card_deck_runs_seven_to_ace() -> None:
    deck = DECKS[32]
    assert len(deck) == 32 and len(set(deck)) == 32
    assert any(rank_value(x) == 7 for x in deck)
    assert min(rank_value(x) for x in deck) == 7


def test_left_bower_counts_as_trump_not_its_printed_suit() -> None:
    left = card(Rank.JACK, CLUBS)
    assert EFFECTIVE_SUIT[SPADES][left] == SPADES
    assert is_trump(SPADES, left)
    assert not is_trump(HEARTS, left)


def test_right_bower_outranks_left_bower_which_outranks_the_ace_of_trump() -> None:
    strength = STRENGTH[SPADES][SPADES]
    assert strength[c("JS")] > strength[c("JC")] > strength[c("AS")] > strength[c("KS")]


def test_off_suit_card_cannot_win_a_trick() -> None:
    assert STRENGTH[SPADES][HEARTS][c("AD")] == 0
    assert STRENGTH[SPADES][HEARTS][c("9H")] > 0


def test_left_bower_must_be_played_when_trump_is_led() -> None:
    hands = [[], cards("JC KH"), [], []]
    state = playing_state(hands, SPADES, [Played(0, c("9S"))], turn=1)
    assert playable_cards(state, 1) == [c("JC")]
    assert EUCHRE.legal_moves(state, 1) == [PLAY[c("JC")]]


def test_left_bower_does_not_satisfy_following_its_printed_suit() -> None:
    hands = [[], cards("JC KH"), [], []]
    state = playing_state(hands, SPADES, [Played(0, c("9C"))], turn=1)
    assert playable_cards(state, 1) == cards("JC KH")


# ---- bidding -----------------------------------------------------------------------


def test_ordering_up_sets_trump_and_sends_the_dealer_to_discard() -> None:
    state = start()
    assert state.up_card is not None
    up_suit = state.up_card // 13
    after = step(state, ORDER_UP[False])
    assert after.phase == Phase.DEALER_DISCARD
    assert after.trump == up_suit
    assert after.turn == after.dealer == 0
    assert len(after.hands[0]) == 6 and after.hands[0][-1] == state.up_card
    assert after.hand_counts == [6, 5, 5, 5]
    assert after.up_card is None


def test_dealer_discard_returns_the_hand_to_five_cards_and_starts_play() -> None:
    state = step(start(), ORDER_UP[False])
    first = EUCHRE.legal_moves(state, state.dealer)[0]
    assert isinstance(first, Discard)
    state = step(state, first)
    assert state.phase == Phase.PLAYING
    assert len(state.hands[state.dealer]) == 5
    assert first.card not in state.hands[state.dealer]
    assert state.turn == state.leader == (state.dealer + 1) % 4
    assert state.log[-1] == "Dealer discards."


def test_four_passes_turn_the_card_down_and_open_the_second_round() -> None:
    state = start()
    up = state.up_card
    assert up is not None
    for _ in range(4):
        state = step(state, PASS)
    assert state.phase == Phase.BID_ROUND_2
    assert state.turned_down == up and state.up_card is None
    assert state.passes == 0 and state.turn == 1
    assert state.log[-2:] == ["Seat 0 passes.", f"{label(up)} turned down."]
    callable_suits = {m.suit for m in EUCHRE.legal_moves(state, 1) if isinstance(m, CallTrump)}
    assert callable_suits == set(Suit) - {Suit(up // 13)}


def test_stick_the_dealer_removes_the_dealers_option_to_pass() -> None:
    state = start(stickTheDealer=True)
    for _ in range(7):
        state = step(state, PASS)
    assert state.turn == state.dealer
    moves = EUCHRE.legal_moves(state, state.dealer)
    assert PASS not in moves
    assert moves and all(isinstance(m, CallTrump) for m in moves)
    assert refusal(state, state.dealer, PASS) == "The dealer is stuck and must name trump."


def test_without_stick_the_dealer_a_passed_out_hand_is_redealt() -> None:
    state = start(stickTheDealer=False)
    for _ in range(8):
        state = step(state, PASS)
    assert state.phase == Phase.BID_ROUND_1
    assert state.dealer == 1 and state.hand_number == 1
    assert state.turn == state.leader == 2
    # The thrown-in hand uses up hand number 1 and writes no "Hand 2" line.
    assert state.log[-2:] == ["Seat 0 passes.", "Hand thrown in; redealing."]
    assert not any(line.startswith("Hand 2") for line in state.log)
    deck = shuffled_deck(42, 1, 24)
    assert state.hands == [deck[0:5], deck[5:10], deck[10:15], deck[15:20]]
    assert state.up_card == deck[20] and state.turned_down is None


def test_calling_trump_in_round_two_starts_play() -> None:
    state = start()
    for _ in range(5):
        state = step(state, PASS)
    assert state.turn == 2
    state = step(state, CALL_TRUMP[HEARTS][False])
    assert state.phase == Phase.PLAYING
    assert state.trump == HEARTS and state.maker == 2 and state.alone_seat is None
    assert state.turn == state.leader == 1 and state.passes == 0
    assert state.log[-1] == "Seat 2 names ♥."
    assert state.turned_down is not None  # kept until the next deal, as the app does


def test_legal_moves_without_going_alone() -> None:
    state = start(allowGoingAlone=False)
    assert EUCHRE.legal_moves(state, 1) == [ORDER_UP[False], PASS]
    assert refusal(state, 1, ORDER_UP[True]) == "Going alone is not allowed at this table."
    for _ in range(4):
        state = step(state, PASS)
    moves = EUCHRE.legal_moves(state, 1)
    assert all(isinstance(m, CallTrump) and not m.alone for m in moves[:-1])
    assert len(moves) == 4 and moves[-1] == PASS
    lone_call = CALL_TRUMP[CLUBS][True]  # J♦ was turned down, so clubs may be named
    assert refusal(state, 1, lone_call) == "Going alone is not allowed at this table."


def test_nobody_but_the_seat_on_turn_has_moves() -> None:
    state = start()
    assert [len(EUCHRE.legal_moves(state, seat)) for seat in range(4)] == [0, 3, 0, 0]


# ---- going alone -------------------------------------------------------------------


def test_going_alone_sits_the_partner_out() -> None:
    state = start()
    bidder = state.turn
    state = step(state, ORDER_UP[True])
    assert state.log[-1] == f"Seat {bidder} orders up ♦ and goes alone."
    state = step(state, EUCHRE.legal_moves(state, state.dealer)[0])
    assert state.alone_seat == bidder
    assert state.sitting_out() == (partner(bidder),)
    assert state.active_seat_count() == 3
    assert state.hands[partner(bidder)] == [] and state.hand_counts[partner(bidder)] == 0
    seen = set()
    while state.phase == Phase.PLAYING:
        seat = EUCHRE.to_move(state)
        assert seat is not None
        seen.add(seat)
        state = step(state, EUCHRE.legal_moves(state, seat)[0])
        if state.completed_trick:
            assert len(state.completed_trick) == 3
    assert partner(bidder) not in seen
    assert sum(state.tricks_won) == 5


def test_a_sitting_out_dealer_still_discards() -> None:
    state = step(start(), PASS)  # seat 1
    state = step(state, ORDER_UP[True])  # seat 2, whose partner deals
    assert state.phase == Phase.DEALER_DISCARD and state.turn == 0
    assert len(state.hands[0]) == 6
    state = step(state, EUCHRE.legal_moves(state, 0)[0])
    assert state.phase == Phase.PLAYING
    assert state.hands[0] == [] and state.hand_counts == [0, 5, 5, 5]
    assert state.turn == state.leader == 1
    # `passes` is not reset by ordering up, only when play begins.
    assert state.passes == 0


def test_passes_survive_an_order_up() -> None:
    state = step(step(start(), PASS), PASS)
    state = step(state, ORDER_UP[False])
    assert state.passes == 2


# ---- scoring -----------------------------------------------------------------------

STRONG = "JS JC AS KS QS"
HEARTS5 = "9H 10H QH KH AH"
DIAMONDS5 = "9D 10D QD KD AD"
CLUBS5 = "9C 10C QC KC AC"


def test_taking_all_five_tricks_scores_two() -> None:
    hands = [cards(STRONG), cards(HEARTS5), cards(DIAMONDS5), cards(CLUBS5)]
    state = play_out(playing_state(hands, SPADES), first_playable)
    assert state.tricks_won[0] == 5
    assert state.scores == [2, 0]
    assert state.phase == Phase.HAND_OVER
    assert state.log[-1] == "Team 0 took 5 tricks for 2 point(s)."


def test_taking_all_five_tricks_alone_scores_four() -> None:
    hands = [cards(STRONG), cards(HEARTS5), [], cards(CLUBS5)]
    state = play_out(playing_state(hands, SPADES, alone_seat=0), first_playable)
    assert state.tricks_won == [5, 0, 0, 0]
    assert state.scores == [4, 0]
    assert state.log[-1] == "Team 0 took 5 tricks for 4 point(s)."


def test_three_tricks_alone_score_one() -> None:
    hands = [cards("JS JC AS 9H 10H"), cards("9C 10C AH KH QH"), [], cards("9D 10D QD KD AD")]
    state = play_out(playing_state(hands, SPADES, alone_seat=0), first_playable)
    assert state.tricks_won[0] == 3
    assert state.scores == [1, 0]
    assert state.log[-1] == "Team 0 took 3 tricks for 1 point(s)."


def test_failing_to_take_three_tricks_hands_the_defenders_two_points() -> None:
    hands = [cards(HEARTS5), cards(STRONG), cards(DIAMONDS5), cards(CLUBS5)]

    def seat_1_trumps_in(state: EuchreState, seat: int) -> Card:
        playable = playable_cards(state, seat)
        if seat == 1:
            return max(playable, key=lambda x: STRENGTH[SPADES][SPADES][x])
        return playable[0]

    state = play_out(playing_state(hands, SPADES), seat_1_trumps_in)
    assert state.phase == Phase.HAND_OVER
    assert state.tricks_won[0] + state.tricks_won[2] < 3
    assert state.scores == [0, 2]
    assert state.log[-1] == "Team 0 is euchred — team 1 scores 2."


def test_reaching_points_to_win_ends_the_game() -> None:
    hands = [cards(STRONG), cards(HEARTS5), cards(DIAMONDS5), cards(CLUBS5)]
    state = playing_state(hands, SPADES)
    state.options = EuchreOptions(pointsToWin=2)
    state = play_out(state, first_playable)
    assert state.phase == Phase.GAME_OVER
    assert state.log[-2:] == ["Team 0 took 5 tricks for 2 point(s).", "Team 0 wins."]
    assert EUCHRE.is_finished(state) and not EUCHRE.can_advance(state)
    assert EUCHRE.to_move(state) is None
    outcome = EUCHRE.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0, 2) and outcome.winning_team == 0 and not outcome.draw
    assert outcome.scores == (2, 0)
    assert outcome.summary == "Team 0 wins 2–0."
    behind = state.copy()
    behind.scores = [1, 3]
    lost = EUCHRE.outcome(behind)
    assert lost is not None and lost.summary == "Team 1 wins 3–1."  # the winner's score first
    assert refusal(state, 0, PASS) == "The game is over."
    with pytest.raises(IllegalMove) as err:
        EUCHRE.advance(state)
    assert err.value.reason == "The game is over."


def test_the_host_deals_the_next_hand() -> None:
    hands = [cards(STRONG), cards(HEARTS5), cards(DIAMONDS5), cards(CLUBS5)]
    state = play_out(playing_state(hands, SPADES), first_playable)
    assert EUCHRE.to_move(state) is None and EUCHRE.can_advance(state)
    assert EUCHRE.outcome(state) is None
    nxt, events = EUCHRE.advance(state)
    assert nxt.dealer == 0 and nxt.hand_number == 1 and nxt.phase == Phase.BID_ROUND_1
    assert nxt.scores == [2, 0] and nxt.turn == nxt.leader == 1
    assert nxt.log[-1] == "Hand 2 — dealer is seat 0."
    assert [e.text for e in events] == ["Hand 2 — dealer is seat 0."]
    deck = shuffled_deck(1, 1, 24)
    assert nxt.hands[3] == deck[15:20] and nxt.up_card == deck[20]
    with pytest.raises(IllegalMove) as err:
        EUCHRE.advance(nxt)
    assert err.value.reason == "Nothing to advance: the table is waiting on a seat."


# ---- the table between tricks ------------------------------------------------------


def test_a_finished_trick_stays_on_the_table_until_the_next_card_is_played() -> None:
    hands = [cards("AS 9H"), cards("9S 10H"), cards("10S QH"), cards("QS KH")]
    state = playing_state(hands, SPADES)
    for _ in range(4):
        seat = EUCHRE.to_move(state)
        assert seat is not None
        state = step(state, PLAY[state.hands[seat][0]], seat)
    assert state.trick == []
    assert [p.card for p in state.completed_trick] == cards("AS 9S 10S QS")
    assert state.last_trick_winner == 0 and state.turn == state.leader == 0
    assert state.log[-1] == "Seat 0 takes the trick."
    state = step(state, PLAY[c("9H")], 0)
    assert state.completed_trick == []


def test_a_fresh_hand_starts_with_nothing_held_on_the_table() -> None:
    state = start()
    assert state.completed_trick == [] and state.trick == []
    state = step(state, ORDER_UP[False])
    state = step(state, EUCHRE.legal_moves(state, state.dealer)[0])
    assert state.completed_trick == []


# ---- whole games -------------------------------------------------------------------


@pytest.mark.parametrize("iteration", range(25))
def test_random_legal_play_always_reaches_a_winner(iteration: int) -> None:
    rng = random.Random(iteration)
    state = start(seed=iteration)
    for _ in range(5000):
        if EUCHRE.is_finished(state):
            break
        if EUCHRE.can_advance(state):
            state = EUCHRE.advance(state).state
            continue
        seat = EUCHRE.to_move(state)
        assert seat is not None
        legal = EUCHRE.legal_moves(state, seat)
        assert legal, f"seat {seat} had no legal move in {state.phase.name}"
        state = step(state, rng.choice(legal), seat)
    assert EUCHRE.is_finished(state)
    assert max(state.scores) >= state.options.points_to_win


def test_ai_play_always_reaches_a_winner() -> None:
    ai = EUCHRE.player("normal", 0)
    for seed in range(500, 510):
        state = start(seed=seed)
        for _ in range(5000):
            if EUCHRE.is_finished(state):
                break
            if EUCHRE.can_advance(state):
                state = EUCHRE.advance(state).state
                continue
            seat = EUCHRE.to_move(state)
            assert seat is not None
            view = EUCHRE.view_for(state, seat)
            legal = EUCHRE.legal_moves(state, seat)
            move = ai.choose(view, seat, EUCHRE.view_legal_moves(view, seat))
            assert move in legal
            state = step(state, move, seat)
        assert EUCHRE.is_finished(state), f"game {seed} did not finish"


def test_a_seat_view_hides_every_other_hand_but_keeps_the_counts() -> None:
    state = start()
    view = EUCHRE.view_for(state, 2)
    assert view.hands[2] == state.hands[2] and len(view.hands[2]) == 5
    assert view.hands[0] == view.hands[1] == view.hands[3] == []
    assert view.hand_counts == [5, 5, 5, 5]
    assert state.hands[0] != []  # the full state is not touched


def test_state_and_moves_survive_a_round_trip() -> None:
    state = start()
    assert EUCHRE.decode_state(EUCHRE.encode_state(state)) == state
    moves = [PASS, ORDER_UP[True], CALL_TRUMP[HEARTS][False], Discard(c("9C")), PLAY[c("AS")]]
    assert [EUCHRE.decode_move(EUCHRE.encode_move(m)) for m in moves] == moves


def test_illegal_moves_are_rejected_and_change_nothing() -> None:
    state = start()
    before = EUCHRE.encode_state(state)
    assert refusal(state, 2, PASS) == "It is not seat 2's turn; the table waits on seat 1."
    assert EUCHRE.encode_state(state) == before
    assert not EUCHRE.is_legal(state, 2, PASS)
    assert EUCHRE.is_legal(state, 1, PASS)


# ---- reasons, labels and events ----------------------------------------------------


def test_why_illegal_gives_specific_reasons() -> None:
    state = start()  # seed 42: up card J♦, seat 1 holds A♦ J♥ K♦ 10♥ J♠

    def reason(s: EuchreState, move: EuchreMove) -> str:
        seat = EUCHRE.to_move(s)
        assert seat is not None
        return refusal(s, seat, move)

    assert reason(state, PLAY[c("AD")]) == "Trump is not settled: order up J♦ or pass."
    assert reason(state, CALL_TRUMP[SPADES][False]) == "Trump is not settled: order up J♦ or pass."
    round2 = state
    for _ in range(4):
        round2 = step(round2, PASS)
    assert reason(round2, CALL_TRUMP[DIAMONDS][False]) == "♦ was turned down; name another suit."
    assert reason(round2, ORDER_UP[False]) == "The turned card is down: name a suit or pass."
    discard = step(state, ORDER_UP[False])
    assert reason(discard, PLAY[discard.hands[0][0]]) == "The dealer must discard a card first."
    assert reason(discard, Discard(c("JS"))) == "You do not hold J♠."
    play = step(discard, Discard(discard.hands[0][0]))
    assert reason(play, PASS) == "Trump is settled; play a card."
    assert reason(play, PLAY[c("AS")]) == "You do not hold A♠."


def test_must_follow_reason_names_the_led_suit() -> None:
    hands = [[], cards("9H KC"), [], []]
    state = playing_state(hands, SPADES, [Played(0, c("AH"))], turn=1)
    assert refusal(state, 1, PLAY[c("KC")]) == "You must follow ♥."
    trump_led = playing_state([[], cards("JC KH"), [], []], SPADES, [Played(0, c("9S"))], turn=1)
    assert refusal(trump_led, 1, PLAY[c("KH")]) == "You must follow ♠."


def test_move_labels() -> None:
    labels = [
        EUCHRE.move_label(m)
        for m in (
            PASS,
            ORDER_UP[False],
            ORDER_UP[True],
            CALL_TRUMP[HEARTS][False],
            CALL_TRUMP[HEARTS][True],
            Discard(c("9C")),
            PlayCard(c("JS")),
        )
    ]
    assert labels == [
        "pass",
        "order up",
        "order up alone",
        "call ♥",
        "call ♥ alone",
        "discard 9♣",
        "play J♠",
    ]


def test_events_narrate_and_keep_the_discard_private() -> None:
    state = step(start(), ORDER_UP[False])
    discard = state.hands[0][1]
    after, events = EUCHRE.apply(state, 0, Discard(discard))
    private = [e for e in events if e.audience is not None]
    public = [e for e in events if e.audience is None]
    assert [(e.text, e.audience) for e in private] == [
        (f"You discard {label(discard)}.", frozenset({0}))
    ]
    assert [e.text for e in public] == ["Dealer discards."]
    assert all(label(discard) not in e.text for e in public)
    assert not private[0].visible_to(1) and not private[0].visible_to(None)
    played, events = EUCHRE.apply(after, 1, PLAY[after.hands[1][0]])
    assert [(e.kind, e.text, e.seat) for e in events] == [
        ("play", f"Seat 1 plays {label(after.hands[1][0])}.", 1)
    ]
    assert played.log == after.log  # a card played writes no log line, as in the app
