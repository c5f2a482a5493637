"""The protocol's own promises: readable refusals and a registry by id."""

import pytest
from pydantic import ValidationError

from engine.errors import BadOptions
from engine.protocol import Event, TableConfig
from engine.registry import game_ids, get_game


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(BadOptions) as err:
        get_game("chess")
    assert "chess" in err.value.reason
    for game_id in game_ids():
        assert game_id in err.value.reason


def test_seed_must_fit_a_kotlin_long() -> None:
    TableConfig(game="euchre", seed=2**63 - 1)
    with pytest.raises(ValidationError):
        TableConfig(game="euchre", seed=2**63)


def test_private_events_are_visible_only_to_their_audience() -> None:
    public = Event(kind="roll", text="Seat 1 rolled 8", seat=1)
    private = Event(kind="draw", text="You drew 7♦", seat=1, audience=frozenset({1}))
    assert public.visible_to(None) and public.visible_to(3)
    assert private.visible_to(1)
    assert not private.visible_to(0)
    assert not private.visible_to(None)


def test_a_public_twin_is_hidden_from_the_private_audience() -> None:
    twin = Event(kind="draw", text="Seat 1 draws a card.", seat=1, hidden_from=frozenset({1}))
    assert twin.visible_to(0) and twin.visible_to(None)
    assert not twin.visible_to(1)


@pytest.mark.parametrize("game_id", ["euchre", "sequence", "katan"])
def test_every_seat_reads_each_fact_once(game_id: str) -> None:
    """Along a whole self-played game, no seat sees both a private event and its twin."""
    game = get_game(game_id)
    config = TableConfig(game=game_id, seed=11)
    _, seats = game.prepare(config)
    players = [game.player("random", seat) for seat in range(seats)]
    state = game.initial_state(config)
    private_seen = 0
    for _ in range(400):
        if game.is_finished(state):
            break
        if game.can_advance(state):
            state = game.advance(state).state
            continue
        seat = game.to_move(state)
        assert seat is not None
        view = game.view_for(state, seat)
        move = players[seat].choose(view, seat, game.view_legal_moves(view, seat))
        state, events = game.apply(state, seat, move)
        for viewer in range(seats):
            kinds = [e.kind for e in events if e.visible_to(viewer)]
            private = [e.kind for e in events if e.audience and viewer in e.audience]
            private_seen += len(private)
            for kind in private:
                assert kinds.count(kind) == 1, (viewer, [e.text for e in events])
    assert private_seen > 0
