"""Euchre's `hard` level: what it infers from a view, deals consistent with
it, and no peeking by any level (issue 18). Its strength against `normal` is a
bench figure (docs/BENCHMARKS.md), not a test."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.cards import Card, Suit, parse_code
from engine.euchre import rules
from engine.euchre.ai import EuchreAi
from engine.euchre.ai_hard import HardEuchreAi
from engine.euchre.ai_playout import finish_hand
from engine.euchre.ai_unseen import deal_hidden, unseen
from engine.euchre.game import EUCHRE
from engine.euchre.moves import PLAY
from engine.euchre.ranking import DECKS, EFFECTIVE_SUIT
from engine.euchre.state import EuchreState, Phase, Played
from engine.protocol import TableConfig
from engine.random_player import RandomPlayer
from engine.selfplay import play


def card(text: str) -> Card:
    c = parse_code(text)
    assert c is not None
    return c


def reached(seed: int, options: dict[str, object], steps: int, moves_seed: int) -> EuchreState:
    """A position random play reaches; a hand never ends on it, so it waits on a seat."""
    rng = random.Random(moves_seed)
    state = EUCHRE.initial_state(TableConfig(game="euchre", options=options, seed=seed))
    for _ in range(steps):
        if EUCHRE.can_advance(state):
            state = EUCHRE.advance(state).state
        seat = EUCHRE.to_move(state)
        if seat is None:
            break
        state = EUCHRE.apply(state, seat, rng.choice(EUCHRE.legal_moves(state, seat))).state
    if EUCHRE.can_advance(state):
        state = EUCHRE.advance(state).state
    return state


def redealt(state: EuchreState, seat: int, rng: random.Random) -> EuchreState:
    """The same table for `seat`: every card it cannot see (others' hands, the
    kitty) shuffled among the same places, and another seed."""
    hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    hidden += state.kitty
    rng.shuffle(hidden)
    other = state.copy()
    other.seed = state.seed + 1
    for s in range(4):
        if s != seat:
            other.hands[s] = [hidden.pop() for _ in state.hands[s]]
    other.kitty = [hidden.pop() for _ in state.kitty]
    return other


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    steps=st.integers(min_value=0, max_value=60),
    moves_seed=st.integers(min_value=0, max_value=2**32),
    toggles=st.sampled_from([{}, {"defendAlone": True}, {"farmersHand": True}]),
    reshuffle=st.integers(min_value=0, max_value=2**32),
    decision_seed=st.integers(min_value=0, max_value=2**63 - 1),
)
def test_no_level_reads_what_its_seat_cannot_see(
    seed: int,
    steps: int,
    moves_seed: int,
    toggles: dict[str, object],
    reshuffle: int,
    decision_seed: int,
) -> None:
    """Handed the whole state instead of its view, every level chooses the same
    move with the same seed whatever the hidden cards are: re-dealt, they leave
    the seat's view unchanged and so must leave its choice unchanged."""
    state = reached(seed, toggles, steps, moves_seed)
    seat = EUCHRE.to_move(state)
    if seat is None:
        return
    other = redealt(state, seat, random.Random(reshuffle))
    assert EUCHRE.view_for(other, seat) == EUCHRE.view_for(state, seat)
    legal = EUCHRE.legal_moves(state, seat)
    for level in EUCHRE.levels:
        first = EUCHRE.player(level, decision_seed).choose(state.copy(), seat, legal)
        again = EUCHRE.player(level, decision_seed).choose(other.copy(), seat, legal)
        assert first == again, level


def test_what_is_unseen_and_the_voids_come_from_the_tricks_on_show() -> None:
    state = reached(11, {}, 200, 3)
    rng = random.Random(4)
    while not (state.phase == Phase.PLAYING and state.completed_trick):
        if EUCHRE.can_advance(state):
            state = EUCHRE.advance(state).state
        seat = EUCHRE.to_move(state)
        assert seat is not None
        state = EUCHRE.apply(state, seat, rng.choice(EUCHRE.legal_moves(state, seat))).state
    seat = EUCHRE.to_move(state)
    assert seat is not None
    view = EUCHRE.view_for(state, seat)
    info = unseen(view, seat)
    in_hands = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    assert in_hands <= set(info.pool)
    shown = {p.card for p in state.completed_trick} | set(view.hands[seat])
    assert not shown & set(info.pool)
    assert state.trump is not None
    effective = EFFECTIVE_SUIT[state.trump]
    for s in range(4):
        assert not {effective[c] for c in state.hands[s]} & info.voids[s]


def test_a_seat_that_failed_to_follow_is_never_dealt_the_suit() -> None:
    view = EUCHRE.initial_state(TableConfig(game="euchre", seed=5))
    view.phase, view.trump, view.maker = Phase.PLAYING, Suit.SPADES, 1
    view.hands = [[card("9S"), card("10S"), card("QS"), card("KS")], [], [], []]
    view.hand_counts = [4, 3, 3, 3]
    # Seat 2 threw a club on a heart.
    view.trick = [Played(1, card("AH")), Played(2, card("9C")), Played(3, card("9H"))]
    view.leader, view.turn = 1, 0
    info = unseen(view, 0)
    assert info.voids[2] == {Suit.HEARTS} and not info.voids[1] and not info.voids[3]
    assert view.up_card is not None and view.up_card not in info.pool
    for k in range(50):
        dealt = deal_hidden(view, 0, info, random.Random(k))
        assert all(EFFECTIVE_SUIT[Suit.SPADES][c] != Suit.HEARTS for c in dealt.hands[2])
        held = [c for hand in dealt.hands for c in hand]
        assert len(held) == len(set(held)) == 13
        assert set(held) <= set(DECKS[24]) - {card(c) for c in ["AH", "9C", "9H"]}


def test_hard_is_a_pure_function_of_view_and_seed() -> None:
    state = reached(21, {}, 9, 2)
    seat = EUCHRE.to_move(state)
    assert seat is not None
    view = EUCHRE.view_for(state, seat)
    legal = EUCHRE.view_legal_moves(view, seat)
    choices = {HardEuchreAi(7).choose(view, seat, legal) for _ in range(3)}
    assert len(choices) == 1


def test_hard_wins_the_trick_with_the_nine_and_keeps_the_bower_for_the_last() -> None:
    """Last to play, the rivals winning: the nine of trump takes this trick as
    well as the right bower would, and only the bower is sure to take the
    last one (rivals may still hold the left bower and the top spades)."""
    view = EUCHRE.initial_state(TableConfig(game="euchre", seed=8))
    view.phase, view.trump, view.maker, view.up_card = Phase.PLAYING, Suit.SPADES, 0, None
    view.hands = [[card("9S"), card("JS")], [], [], []]
    view.hand_counts = [2, 1, 1, 1]
    view.tricks_won = [1, 1, 1, 0]
    view.trick = [Played(1, card("AH")), Played(2, card("9H")), Played(3, card("KH"))]
    view.leader, view.turn = 1, 0
    shown = {card(c) for c in ["9S", "JS", "AH", "9H", "KH"]}
    assert set(unseen(view, 0).pool) == set(DECKS[24]) - shown
    legal = EUCHRE.view_legal_moves(view, 0)
    for k in range(5):
        assert HardEuchreAi(k).choose(view, 0, legal) == PLAY[card("9S")]


def test_a_hard_partnership_beats_a_random_one() -> None:
    wins = 0
    for seed in range(2):
        hard_team = seed % 2
        players = [
            HardEuchreAi(seed * 4 + seat) if seat % 2 == hard_team else RandomPlayer(seat)
            for seat in range(4)
        ]
        config = TableConfig(game="euchre", seed=seed, options={"pointsToWin": 6})
        outcome = play(EUCHRE, config, players).outcome
        assert outcome is not None
        wins += outcome.winning_team == hard_team
    assert wins == 2


def by_the_rules(state: EuchreState, mine: int) -> int:
    """The hand finished through `rules.apply` by the `normal` AI, scored by the rules."""
    before = state.scores[:]
    policy = EuchreAi("normal")
    while state.phase == Phase.PLAYING:
        seat = state.turn
        state = rules.apply(
            state, seat, policy.choose(state, seat, rules.legal_moves(state, seat))
        )[0]
    gained = [state.scores[t] - before[t] for t in (0, 1)]
    return gained[mine] - gained[1 - mine]


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    steps=st.integers(min_value=0, max_value=80),
    moves_seed=st.integers(min_value=0, max_value=2**32),
    toggles=st.sampled_from([{}, {"defendAlone": True}, {"deckSize": 32}]),
)
def test_the_fast_playout_plays_and_scores_as_the_rules_do(
    seed: int, steps: int, moves_seed: int, toggles: dict[str, object]
) -> None:
    state = reached(seed, toggles, steps, moves_seed)
    assume(state.phase == Phase.PLAYING)
    for mine in (0, 1):
        assert finish_hand(state, mine) == by_the_rules(state, mine)
