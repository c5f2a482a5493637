"""Cities & Knights: the chore queue, what each seat's view may show, the JSON,
and moves that do not belong to the table."""

import json

import pytest
from cities_support import ON_HILLS_3, W, apply, blank, ck, new_game, refused, rolled

from engine.errors import IllegalMove
from engine.katan import crafted
from engine.katan.cities import crafted as ck_crafted
from engine.katan.cities.components import (
    COMMERCIAL_HARBOR,
    PROGRESS_NAMES,
    SABOTEUR,
    SPY,
    WARLORD,
    WEDDING,
)
from engine.katan.game import KATAN
from engine.katan.moves import (
    BUY_DEV,
    DISCARD,
    END_TURN,
    HAND_OVER,
    HARBOR_GIVE,
    HIRE_KNIGHT,
    PLAY_COMMERCIAL_HARBOR,
    PLAY_KNIGHT,
    PLAY_SABOTEUR,
    PLAY_WEDDING,
)
from engine.katan.state import CHORE, MAIN, KatanState
from engine.protocol import TableConfig

POLITICS_GATE = 1


def test_a_chore_waits_on_the_seat_it_names_whoever_is_on_turn() -> None:
    st = blank()
    ck_crafted.progress(st, 0, SABOTEUR)
    crafted.settle(st, 1, ON_HILLS_3)
    crafted.give(st, 1, wool=4, cloth=2)
    crafted.give(st, 2, ore=1)
    crafted.settle(st, 2, 15)
    after = apply(st, 0, (PLAY_SABOTEUR,))
    assert after.phase == CHORE and after.back == MAIN
    assert KATAN.to_move(after) == 1
    for seat in (0, 2, 3):
        assert KATAN.legal_moves(after, seat) == []
    refused(after, 0, (END_TURN,), "table waits on seat 1")
    legal = KATAN.legal_moves(after, 1)
    assert legal and all(m[0] == DISCARD and sum(m[1:]) == 3 for m in legal)
    for move in legal:  # every example answer is accepted
        assert KATAN.apply(after, 1, move).state.phase == MAIN
    refused(after, 1, (DISCARD, 0, 0, 4, 0, 0, 0, 0, 0), "exactly 3")
    refused(after, 1, (DISCARD, 0, 0, 0, 3, 0, 0, 0, 0), "You hold only 0 grain")


def test_chores_queue_in_order_and_the_turn_resumes_after_the_last() -> None:
    st = blank()
    ck_crafted.progress(st, 0, COMMERCIAL_HARBOR, WEDDING)
    crafted.give(st, 0, wool=2)
    crafted.city(st, 1, ON_HILLS_3)
    crafted.give(st, 1, coin=3)
    crafted.city(st, 2, 15)
    crafted.give(st, 2, paper=3)
    after = apply(st, 0, (PLAY_WEDDING,))
    assert [c[:2] for c in after.chores] == [(3, 1), (3, 2)]
    state_json = json.loads(KATAN.encode_state(after))
    assert state_json["phase"] == "chore" and state_json["resume"] == "main"
    assert state_json["chores"][0] == {"chore": "hand_over", "seat": 1, "to": 0, "count": 2}
    again = KATAN.decode_state(KATAN.encode_state(after))
    assert again.chores == after.chores and KATAN.to_move(again) == 1
    after = apply(after, 1, (HAND_OVER, 0, 0, 0, 0, 0, 0, 2, 0))
    assert KATAN.to_move(after) == 2
    after = apply(after, 2, (HAND_OVER, 0, 0, 0, 0, 0, 0, 0, 2))
    assert after.phase == MAIN and KATAN.to_move(after) == 0
    after = apply(after, 0, (PLAY_COMMERCIAL_HARBOR,))
    after = apply(after, 0, (HARBOR_GIVE, 2))
    # Seat 1's commodity comes back before seat 2 is offered anything.
    assert [c[:3] for c in after.chores] == [(11, 1, 0), (10, 0, 2)]


# ---- views ------------------------------------------------------------------------------


def test_other_seats_progress_cards_are_counts_and_the_decks_are_hidden() -> None:
    st = blank()
    ck_crafted.progress(st, 0, SPY, WARLORD)
    ck_crafted.progress(st, 2, WEDDING)
    for seat in (1, 2, 3, None):
        view = KATAN.view_for(st, seat)
        part = view.state.ck
        assert part.progress[0] == (-1, -1)
        assert all(all(c == -1 for c in deck) for deck in part.decks)
        assert [len(d) for d in part.decks] == [len(d) for d in ck(st).decks]
        assert view.state.seed == 0 and view.state.counter == 0
        text = KATAN.encode_view(view)
        data = json.loads(text)["cities"]
        assert data["seats"][0]["progress_cards"] == 2
        assert "progress" not in data["seats"][0]
        assert data["decks"] == {"trade": 18, "politics": 15, "science": 18}
        assert "spy" not in text and "warlord" not in text
    mine = json.loads(KATAN.encode_view(KATAN.view_for(st, 0)))["cities"]["seats"][0]
    assert mine["progress"] == ["spy", "warlord"]
    full = json.loads(KATAN.encode_state(st))["cities"]
    assert set(full["decks"]["politics"]) <= set(PROGRESS_NAMES)
    assert len(full["decks"]["politics"]) == 15


def test_a_private_draw_is_narrated_to_the_drawer_alone() -> None:
    st = blank()
    ck_crafted.levels(st, 1, politics=1)
    ck_crafted.on_top(st, SPY)
    _, events = rolled(st, 5, 1, POLITICS_GATE)
    draws = [e for e in events if e.kind == "progress_draw"]
    assert len(draws) == 2
    for seat in range(4):
        seen = [e.text for e in draws if e.visible_to(seat)]
        assert len(seen) == 1
        assert ("Spy" in seen[0]) == (seat == 1)
    assert not any("Spy" in e.text for e in draws if e.visible_to(None))


def test_legal_moves_from_each_seats_view_equal_those_from_the_state() -> None:
    st = new_game(seed=5)
    seen = 0
    for move_no in range(4000):
        seat = KATAN.to_move(st)
        if seat is None:
            break
        for t in range(st.seats):
            view = KATAN.view_for(st, t)
            assert KATAN.view_legal_moves(view, t) == KATAN.legal_moves(st, t), move_no
        legal = KATAN.legal_moves(st, seat)
        st = KATAN.apply(st, seat, legal[(move_no * 7919) % len(legal)]).state
        seen += st.phase == CHORE
    assert seen


# ---- moves that are not this table's -----------------------------------------------------


def test_development_cards_are_refused_and_expansion_moves_need_the_expansion() -> None:
    st = blank()
    crafted.give(st, 0, wool=1, grain=1, ore=1)
    for move in ((BUY_DEV,), (PLAY_KNIGHT,)):
        with pytest.raises(IllegalMove, match="no development cards"):
            KATAN.apply(st, 0, move)
    base = KATAN.initial_state(TableConfig(game="katan", seed=1))
    with pytest.raises(IllegalMove, match="Cities & Knights move; this table does not play it"):
        KATAN.apply(base, 0, (HIRE_KNIGHT, 3))
    with pytest.raises(IllegalMove, match="has 8 values, not 3"):
        KATAN.apply(st, 0, (DISCARD, 1, 0, 0))
    assert len(st.hands) == 4 * W


def state_in_every_phase() -> list[KatanState]:
    """A played game's states, one per phase reached (for the JSON round trip)."""
    st = new_game(seed=11, seats=3)
    found: dict[int, KatanState] = {}
    for move_no in range(3000):
        seat = KATAN.to_move(st)
        if seat is None:
            break
        found.setdefault(st.phase, st)
        legal = KATAN.legal_moves(st, seat)
        st = KATAN.apply(st, seat, legal[(move_no * 104729) % len(legal)]).state
    return list(found.values())


def test_states_round_trip_through_json_in_every_phase() -> None:
    states = state_in_every_phase()
    assert len(states) >= 6
    for st in states:
        text = KATAN.encode_state(st)
        again = KATAN.decode_state(text)
        assert KATAN.encode_state(again) == text
        for seat in range(st.seats):
            assert KATAN.encode_view(KATAN.view_for(again, seat)) == KATAN.encode_view(
                KATAN.view_for(st, seat)
            )
