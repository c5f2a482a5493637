"""What a Seafarers seat may know and what a stored game keeps: views hide the
fog pile, the chests and the canal tiles' numbers (and nothing of the seed
leaves), the JSON round-trips, and the default targets are 12, or 14 with
Cities & Knights."""

import json

import pytest

from engine.errors import BadOptions, BadState
from engine.katan import crafted
from engine.katan.game import KATAN
from engine.katan.sea.crafted import ship
from engine.katan.sea.state import PIRATE_PIECE
from engine.protocol import TableConfig
from tests.sea_support import (
    SEAFARERS,
    WITH_CITIES,
    blank,
    coast,
    home,
    new_game,
    out_to_sea,
    sea,
)


@pytest.mark.parametrize("name", ["fog_islands", "treasure_islands", "great_canal"])
def test_views_hide_the_fog_pile_the_chests_and_the_canal_numbers(name: str) -> None:
    st = new_game(name, seed=987_654_321)
    for seat in (0, 1, None):
        view = KATAN.view_for(st, seat).state
        assert all(tile == (-1, -1) for tile in sea(view).fog_pile)
        assert len(sea(view).fog_pile) == len(sea(st).fog_pile)
        assert all(c == (-1, -1) for c in sea(view).chests)
        assert all(n == -1 for _, n in sea(view).canal_numbers)
        assert view.seed == 0 and view.counter == 0
        text = KATAN.encode_view(KATAN.view_for(st, seat))
        part = json.loads(text)["sea"]
        assert "fog_pile" not in part and "chests" not in part and "canal_numbers" not in part
        assert part["fog_left"] == len(sea(st).fog_pile)
        assert part["chests_left"] == len(sea(st).chests)
        assert "987654321" not in text and '"seed"' not in text and '"counter"' not in text
        # The same game with the hidden piles dealt otherwise looks the same.
        other = st.copy()
        sea(other).fog_pile = sea(st).fog_pile[::-1]
        hexes = [h for h, _ in sea(st).chests]
        sea(other).chests = tuple(zip(hexes[::-1], [k for _, k in sea(st).chests], strict=True))
        numbers = [n for _, n in sea(st).canal_numbers]
        sea(other).canal_numbers = tuple(
            zip([h for h, _ in sea(st).canal_numbers], numbers[::-1], strict=True)
        )
        assert KATAN.encode_view(KATAN.view_for(other, seat)) == text
    stored = json.loads(KATAN.encode_state(st))["sea"]
    assert len(stored["fog_pile"]) == len(sea(st).fog_pile)
    assert len(stored["chests"]) == len(sea(st).chests)
    assert len(stored["canal_numbers"]) == len(sea(st).canal_numbers)


def test_a_game_with_ships_and_finds_round_trips_through_its_json() -> None:
    st = blank("fog_islands")
    town = coast(st, home(st))[0]
    crafted.settle(st, 0, town)
    ship(st, 0, *out_to_sea(st, town, 2))
    sea(st).chased = PIRATE_PIECE
    sea(st).bonus[1] = 2
    text = KATAN.encode_state(st)
    again = KATAN.decode_state(text)
    assert KATAN.encode_state(again) == text
    assert sea(again).ships == sea(st).ships and sea(again).reach == sea(st).reach
    assert sea(again).frontier == sea(st).frontier and again.road_len == st.road_len
    assert sea(again).chased == PIRATE_PIECE and sea(again).fog_pile == sea(st).fog_pile


def test_a_stored_game_with_a_broken_sea_part_is_refused() -> None:
    st = blank("fog_islands")
    data = json.loads(KATAN.encode_state(st))
    data["sea"]["chased"] = "kraken"
    with pytest.raises(BadState, match="'chased' must be the robber, the pirate or null"):
        KATAN.decode_state(json.dumps(data))
    data["sea"]["chased"] = None
    wet = [e for e, w in enumerate(st.board.topology.edge_sea) if w][:16]
    data["sea"]["ships"] = [{"edge": e, "seat": 0} for e in wet]
    with pytest.raises(BadState, match="seat 0 has 16 ships"):
        KATAN.decode_state(json.dumps(data))


def test_the_default_targets_and_the_map_option() -> None:
    def config(**options: object) -> TableConfig:
        return TableConfig(game="katan", seed=1, seats=4, options=options)

    assert KATAN.initial_state(config(expansions=SEAFARERS)).target == 12
    assert KATAN.initial_state(config(expansions=WITH_CITIES)).target == 14
    st = KATAN.initial_state(config(expansions=SEAFARERS))
    assert st.board.map_name == "heading_for_new_shores"
    with pytest.raises(BadOptions, match="is not a Seafarers map"):
        KATAN.initial_state(config(expansions=SEAFARERS, map="atlantis"))
    with pytest.raises(BadOptions, match="only with the seafarers expansion"):
        KATAN.initial_state(config(map="fog_islands"))
