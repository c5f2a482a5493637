"""Issue 13, defect 10: `Game.apply` given any malformed move, by any seat, in
positions reached by self-play, refuses it with `IllegalMove` (never an
`IndexError` or `TypeError` from deep inside a refusal path) and leaves the
state exactly as it was.

Frontends decode moves before applying them, but the AI runner, tests and
future frontends hand `apply` values directly, and a refusal path that
crashes on a value it did not expect is a crash on input."""

from typing import Any

from fuzz.common import positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalMove
from engine.euchre.moves import CallTrump, DefendAlone, Discard, FarmersHand, OrderUp, PlayCard
from engine.katan import moves as katan_moves
from engine.registry import get_game
from engine.sequence.moves import Move as SequenceMove

EXAMPLES = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)


def refuses_or_plays(game_id: str, state: Any, move: Any) -> None:
    """For every seat: a legal `move` applies; anything that is not equal to a
    legal move is refused with `IllegalMove`; a refusal leaves the state
    untouched. (A value equal to a legal move but built of other types, like
    `True` for `1`, may go either way, but never raises anything else.)"""
    game = get_game(game_id)
    before = game.encode_state(state)
    for seat in range(game.seat_count(state)):
        equal = [m for m in game.legal_moves(state, seat) if m == move]
        exact = any(repr(m) == repr(move) for m in equal)
        try:
            game.apply(state, seat, move)
        except IllegalMove as exc:
            assert not exact, f"{move!r} is legal for seat {seat} but was refused"
            assert exc.reason, "a refusal says why"
            assert game.encode_state(state) == before, f"{move!r} by seat {seat} changed it"
        else:
            assert equal, f"{move!r} was applied for seat {seat} but is not legal"


SMALL = st.integers(-3, 130) | st.integers()
ANYTHING = st.recursive(
    st.none() | st.booleans() | SMALL | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner),
    max_leaves=6,
)

KATAN_MOVES = (
    st.lists(SMALL, max_size=9).map(tuple) | st.lists(ANYTHING, max_size=4).map(tuple) | ANYTHING
)
"""Int tuples mostly (a move's shape), and anything at all: `([1],)` once
raised TypeError from the card-leg fitting before any check."""

EUCHRE_MOVES = (
    ANYTHING
    | st.builds(PlayCard, ANYTHING)
    | st.builds(PlayCard, SMALL)
    | st.builds(Discard, SMALL | ANYTHING)
    | st.builds(OrderUp, ANYTHING)
    | st.builds(CallTrump, SMALL | ANYTHING, ANYTHING)
    | st.builds(DefendAlone)
    | st.builds(FarmersHand)
)

SEQUENCE_MOVES = (
    ANYTHING
    | st.builds(
        SequenceMove,
        st.sampled_from(["place", "remove", "exchange"]) | ANYTHING,
        SMALL | ANYTHING,
        SMALL | ANYTHING,
    )
    # A plain tuple equals a NamedTuple move with the same fields.
    | st.tuples(st.sampled_from(["place", "remove", "exchange"]), SMALL, SMALL | st.none())
)

EUCHRE_TOGGLES = (("defend_alone", True), ("farmers_hand", True))


@EXAMPLES
@given(index=st.integers(0, 10_000), move=KATAN_MOVES)
def test_katan_refuses_any_tuple_or_object(index: int, move: Any) -> None:
    states = positions("katan")
    refuses_or_plays("katan", states[index % len(states)], move)


def test_katan_refuses_the_reported_trade_everywhere() -> None:
    """The issue's example, a bank trade for resource 7, and its neighbours,
    in every position rather than where hypothesis happens to look."""
    trade = katan_moves.BANK_TRADE
    for move in [(trade, 7, 0), (trade, 0, 7), (trade, -1, 0), (trade, 0, 2**40), (trade,)]:
        for state in positions("katan"):
            refuses_or_plays("katan", state, move)


@EXAMPLES
@given(index=st.integers(0, 10_000), move=EUCHRE_MOVES, toggles=st.booleans())
def test_euchre_refuses_any_object(index: int, move: Any, toggles: bool) -> None:
    states = positions("euchre", EUCHRE_TOGGLES if toggles else ())
    refuses_or_plays("euchre", states[index % len(states)], move)


@EXAMPLES
@given(index=st.integers(0, 10_000), move=SEQUENCE_MOVES)
def test_sequence_refuses_any_object(index: int, move: Any) -> None:
    states = positions("sequence")
    refuses_or_plays("sequence", states[index % len(states)], move)


def test_the_positions_cover_the_game() -> None:
    """The states come from real play, through more than one phase."""
    for game_id in ("katan", "euchre", "sequence"):
        game = get_game(game_id)
        states = positions(game_id)
        assert len(states) > 20
        assert len({game.to_move(s) for s in states}) > 1
