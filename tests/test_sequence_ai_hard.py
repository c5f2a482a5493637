"""Sequence's `hard` level: it wins when it can, blocks what would lose, is a
pure function of its view and seed, and no level peeks (issue 18). Its strength
against `normal` is a bench figure (docs/BENCHMARKS.md), not a test."""

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, parse_code
from engine.protocol import TableConfig
from engine.random_player import RandomPlayer
from engine.selfplay import play
from engine.sequence.ai_hard import HardSequenceAi
from engine.sequence.game import SEQUENCE
from engine.sequence.moves import EXCHANGE, PLACE, REMOVE
from engine.sequence.state import SequenceState

SHAPES = [{}, {"teamCount": 3}, {"teamCount": 2, "playersPerTeam": 2}, {"board": "classic"}]


def card(text: str) -> Card:
    c = parse_code(text)
    assert c is not None
    return c


def reached(shape: dict[str, object], seed: int, steps: int, moves_seed: int) -> SequenceState:
    rng = random.Random(moves_seed)
    state = SEQUENCE.initial_state(TableConfig(game="sequence", seed=seed, options=shape))
    for _ in range(steps):
        if SEQUENCE.is_finished(state):
            break
        seat = state.turn
        state = SEQUENCE.apply(state, seat, rng.choice(SEQUENCE.legal_moves(state, seat))).state
    return state


def redealt(state: SequenceState, seat: int, rng: random.Random) -> SequenceState:
    """The same table for `seat`: the other hands and the draw pile shuffled
    together and dealt back in the same sizes, and another seed."""
    hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    hidden += state.draw_pile
    rng.shuffle(hidden)
    hands = [
        hand if s == seat else [hidden.pop() for _ in hand] for s, hand in enumerate(state.hands)
    ]
    return replace(state, seed=state.seed + 1, hands=hands, draw_pile=hidden)


@settings(max_examples=30, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    seed=st.integers(min_value=0, max_value=2**40),
    steps=st.integers(min_value=0, max_value=120),
    moves_seed=st.integers(min_value=0, max_value=2**32),
    reshuffle=st.integers(min_value=0, max_value=2**32),
    decision_seed=st.integers(min_value=0, max_value=2**63 - 1),
)
def test_no_level_reads_what_its_seat_cannot_see(
    shape: dict[str, object],
    seed: int,
    steps: int,
    moves_seed: int,
    reshuffle: int,
    decision_seed: int,
) -> None:
    """Handed the whole state instead of its view, every level chooses the same
    move with the same seed whatever the hidden cards are: re-dealt, they leave
    the seat's view unchanged and so must leave its choice unchanged."""
    state = reached(shape, seed, steps, moves_seed)
    if SEQUENCE.is_finished(state):
        return
    seat = state.turn
    other = redealt(state, seat, random.Random(reshuffle))
    assert SEQUENCE.view_for(other, seat) == SEQUENCE.view_for(state, seat)
    legal = SEQUENCE.legal_moves(state, seat)
    for level in SEQUENCE.levels:
        first = SEQUENCE.player(level, decision_seed).choose(state, seat, legal)
        again = SEQUENCE.player(level, decision_seed).choose(other, seat, legal)
        assert first == again, level


def position(hand: list[str], mine: list[int], theirs: list[int]) -> SequenceState:
    state = SEQUENCE.initial_state(TableConfig(game="sequence", seed=3))
    chips = [-1] * 100
    for cell in mine:
        chips[cell] = 0
    for cell in theirs:
        chips[cell] = 1
    state.chips = chips
    state.hands[0] = [card(c) for c in hand]
    state.turn = 0
    return state


def decide(state: SequenceState, seed: int = 1) -> object:
    view = SEQUENCE.view_for(state, 0)
    return HardSequenceAi(seed).choose(view, 0, SEQUENCE.view_legal_moves(view, 0))


def test_hard_completes_its_winning_sequence() -> None:
    # Team 0 already has one sequence; 41 42 43 44 + the card for 45 wins.
    state = position(["JD", "2C"], [41, 42, 43, 44], [])
    state.sequences_by_team = [1, 0]
    to_45 = state.board.cards[45]
    state.hands[0] = [card("2C"), to_45]
    assert decide(state) == PLACE[to_45][45]


def test_hard_blocks_an_open_four_of_the_rival() -> None:
    """The rival holds 51 52 53 54: placing on 50 or 55 (one is on the board
    for each of the seat's cards) or taking a chip away must be chosen."""
    state = position([], [], [51, 52, 53, 54])
    block = state.board.cards[55]
    state.hands[0] = [card("JS"), block]
    state.hands[0] += [c for c in (card("2C"), card("3D")) if c not in state.hands[0]]
    move = decide(state)
    assert move in {PLACE[block][55], *(REMOVE[card("JS")][x] for x in (51, 52, 53, 54))}


def test_hard_trades_a_dead_card_first() -> None:
    state = position([], [], [])
    dead = card("5H")
    for cell in state.board.squares[dead]:
        state.chips[cell] = 1
    state.hands[0] = [card("2C"), dead]
    assert decide(state) == EXCHANGE[dead]


def test_hard_is_a_pure_function_of_view_and_seed() -> None:
    state = reached({}, 9, 30, 4)
    view = SEQUENCE.view_for(state, state.turn)
    legal = SEQUENCE.view_legal_moves(view, state.turn)
    assert len({HardSequenceAi(5).choose(view, state.turn, legal) for _ in range(3)}) == 1


def test_hard_beats_a_random_player() -> None:
    for seed in range(2):
        players = [HardSequenceAi(seed), RandomPlayer(seed)]
        if seed % 2:
            players.reverse()
        outcome = play(SEQUENCE, TableConfig(game="sequence", seed=seed), players).outcome
        assert outcome is not None and outcome.winning_team == seed % 2
