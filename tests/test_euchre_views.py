"""Redaction (RULINGS 17, NATIVE §0 and §5.2.8): over states reached by random
self-play, a view holds its own hand and public cards only, no kitty, seed 0."""

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, from_json
from engine.euchre.game import EUCHRE
from engine.euchre.state import EuchreState
from engine.protocol import SEED_MAX, TableConfig

BIG_SEEDS = st.integers(min_value=10**12, max_value=SEED_MAX)
"""Thirteen digits and more: such a run of digits cannot occur in a view by chance."""


def reached(seed: int, options: dict[str, Any], steps: int, moves_seed: int) -> EuchreState:
    rng = random.Random(moves_seed)
    state = EUCHRE.initial_state(TableConfig(game="euchre", options=options, seed=seed))
    for _ in range(steps):
        if EUCHRE.is_finished(state):
            break
        if EUCHRE.can_advance(state):
            state = EUCHRE.advance(state).state
            continue
        seat = EUCHRE.to_move(state)
        assert seat is not None
        state = EUCHRE.apply(state, seat, rng.choice(EUCHRE.legal_moves(state, seat))).state
    return state


def cards_in(value: Any) -> list[Card]:
    """Every card object anywhere in decoded JSON."""
    if isinstance(value, dict):
        if set(value) == {"rank", "suit"}:
            return [from_json(value)]
        return [c for v in value.values() for c in cards_in(v)]
    if isinstance(value, list):
        return [c for v in value for c in cards_in(v)]
    return []


@settings(max_examples=150, deadline=None)
@given(
    seed=BIG_SEEDS,
    steps=st.integers(min_value=0, max_value=400),
    moves_seed=st.integers(min_value=0, max_value=2**32),
    deck=st.sampled_from([24, 32]),
    defend_alone=st.booleans(),
    farmers_hand=st.booleans(),
)
def test_a_view_shows_its_own_hand_and_public_cards_only(
    seed: int, steps: int, moves_seed: int, deck: int, defend_alone: bool, farmers_hand: bool
) -> None:
    options = {"deckSize": deck, "defendAlone": defend_alone, "farmersHand": farmers_hand}
    state = reached(seed, options, steps, moves_seed)
    before = EUCHRE.encode_state(state)
    assert EUCHRE.decode_state(before) == state
    public = {p.card for p in state.trick + state.completed_trick}
    public |= {c for c in (state.up_card, state.turned_down) if c is not None}
    for seat in (None, 0, 1, 2, 3):
        view = EUCHRE.view_for(state, seat)
        assert view.seed == 0 and view.kitty == []
        for other in range(4):
            assert view.hands[other] == (state.hands[other] if other == seat else [])
        assert view.hand_counts == [len(h) for h in state.hands]
        text = EUCHRE.encode_view(view)
        decoded = json.loads(text)
        assert decoded["seed"] == 0 and "kitty" not in decoded
        own = set(state.hands[seat]) if seat is not None else set()
        assert set(cards_in(decoded)) <= own | public
        assert str(seed) not in text
        assert EUCHRE.decode_state(text) == view
    assert EUCHRE.encode_state(state) == before  # redaction left the state alone
