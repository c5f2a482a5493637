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
