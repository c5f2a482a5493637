"""Views hide what a seat may not know (RULINGS 17), yet a seat's legal moves
from its view equal those from the full state."""

import json
import random

import pytest

from engine.katan import moves as mv
from engine.katan.components import DEV_KINDS, KNIGHT, RESOURCES, VICTORY_POINT
from engine.katan.crafted import blank, give, give_dev
from engine.katan.game import KATAN
from engine.katan.state import OVER, KatanState
from engine.protocol import TableConfig

SEED = 987_654_321_987


def crafted() -> KatanState:
    st = blank(seed=SEED)
    give(st, 0, wool=2, ore=1)
    give(st, 1, lumber=3)
    give_dev(st, 1, VICTORY_POINT)
    give_dev(st, 2, KNIGHT, 2)
    st.counter = 4242
    return st


def test_other_hands_and_cards_are_counts_only() -> None:
    st = crafted()
    view = KATAN.view_for(st, 0).state
    assert view.hands[:RESOURCES] == [0, 0, 2, 0, 1]
    assert view.hands[RESOURCES:] == [0] * (3 * RESOURCES)
    assert view.devs[DEV_KINDS:] == [0] * (3 * DEV_KINDS)
    assert view.redaction is not None
    assert view.redaction.hand_sizes == [3, 3, 0, 0]
    assert view.redaction.dev_sizes == [0, 1, 2, 0]
    assert view.redaction.deck_size == 22
    assert view.deck == [0] * DEV_KINDS and view.seed == 0 and view.counter == 0


def test_the_view_json_carries_no_seed_counter_deck_or_hidden_hand() -> None:
    st = crafted()
    text = KATAN.encode_view(KATAN.view_for(st, 0))
    data = json.loads(text)
    assert str(SEED) not in text and "4242" not in text
    assert "seed" not in text and "counter" not in text
    assert data["v"] == 1 and data["viewer"] == 0 and data["development_deck"] == 22
    me, other = data["players"][0], data["players"][1]
    assert me["hand"] == {"lumber": 0, "brick": 0, "wool": 2, "grain": 0, "ore": 1}
    assert "hand" not in other and "development_hand" not in other
    assert other["cards"] == 3 and other["development_cards"] == 1
    assert other["points"] == 0, "an unplayed victory point card stays hidden"
    spectator = json.loads(KATAN.encode_view(KATAN.view_for(st, None)))
    assert all("hand" not in p for p in spectator["players"])


def test_victory_point_cards_are_revealed_when_the_game_ends() -> None:
    st = crafted()
    st.phase, st.winner = OVER, 0
    data = json.loads(KATAN.encode_view(KATAN.view_for(st, 0)))
    assert data["players"][1]["victory_point_cards"] == 1
    assert data["winner"] == 0 and data["to_move"] is None


def test_private_events_have_an_audience_and_a_public_twin() -> None:
    st = blank()
    give(st, 0, wool=1, grain=1, ore=1)
    events = KATAN.apply(st, 0, mv.M_BUY).events
    private = [e for e in events if e.audience is not None]
    public = [e for e in events if e.audience is None]
    assert private and private[0].audience == frozenset({0})
    assert public[0].text == "Seat 0 bought a development card"
    assert not private[0].visible_to(1) and private[0].visible_to(0)


def test_legal_moves_from_the_view_equal_those_from_the_state() -> None:
    rng = random.Random(8)
    for seed in (3, 4, 5, 6):
        st = KATAN.initial_state(TableConfig(game="katan", seed=seed, seats=3 + seed % 4))
        while st.phase != OVER:
            seat = KATAN.to_move(st)
            assert seat is not None
            legal = KATAN.legal_moves(st, seat)
            view = KATAN.view_for(st, seat)
            assert KATAN.view_to_move(view) == seat
            assert KATAN.view_legal_moves(view, seat) == legal
            if st.offer is not None:
                offerer = st.current
                offerer_view = KATAN.view_for(st, offerer)
                assert KATAN.view_legal_moves(offerer_view, offerer) == KATAN.legal_moves(
                    st, offerer
                )
            st = KATAN.apply(st, seat, legal[rng.randrange(len(legal))]).state


@pytest.mark.parametrize("seats", [4, 6])
def test_every_move_is_narrated_and_secrets_stay_in_private_events(seats: int) -> None:
    """Six seats add the special building phase, where a card bought stays secret."""
    rng = random.Random(2)
    st = KATAN.initial_state(TableConfig(game="katan", seed=31, seats=seats))
    while st.phase != OVER:
        seat = KATAN.to_move(st)
        assert seat is not None
        legal = KATAN.legal_moves(st, seat)
        step = KATAN.apply(st, seat, legal[rng.randrange(len(legal))])
        public = [e for e in step.events if e.audience is None]
        assert public, KATAN.move_label(legal[0])
        for event in step.events:
            if event.audience is not None:
                twin = [e for e in public if e.kind == event.kind]
                assert twin and all(e.data.keys() <= {"from"} for e in twin)
        st = step.state
