"""Cities & Knights: walls, the improvement tracks, metropolises, setup, scoring
and the win on one's own turn."""

import pytest
from cities_support import (
    ON_FIELDS_3,
    ON_FOREST_4,
    ON_FOREST_5,
    ON_HILLS_3,
    ON_PASTURE_11,
    apply,
    blank,
    cards,
    ck,
    hand,
    new_game,
    refused,
    rolled,
)

from engine.errors import BadOptions
from engine.katan import crafted
from engine.katan.cities import crafted as ck_crafted
from engine.katan.cities.components import POLITICS, SCIENCE, TRADE
from engine.katan.components import RESOURCES
from engine.katan.game import KATAN
from engine.katan.moves import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_WALL,
    END_TURN,
    IMPROVE,
    PLACE_METROPOLIS,
)
from engine.katan.state import CHORE, MAIN, OVER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, KatanState
from engine.protocol import TableConfig

# ---- walls -------------------------------------------------------------------------------


def test_a_wall_costs_two_brick_goes_on_a_city_and_three_at_most() -> None:
    st = blank()
    crafted.city(st, 0, ON_HILLS_3, ON_FIELDS_3, ON_PASTURE_11, ON_FOREST_4[0])
    crafted.settle(st, 0, ON_FOREST_5[0])
    crafted.give(st, 0, brick=9)
    walls = sorted(m for m in KATAN.legal_moves(st, 0) if m[0] == BUILD_WALL)
    assert walls == sorted((BUILD_WALL, n) for n in (ON_HILLS_3, ON_FIELDS_3, ON_PASTURE_11, 2))
    refused(st, 0, (BUILD_WALL, ON_FOREST_5[0]), "no city on crossing")
    after = apply(st, 0, (BUILD_WALL, ON_HILLS_3))
    assert hand(after, 0) == cards(brick=7) and ck(after).walls[0] == 1 << ON_HILLS_3
    refused(after, 0, (BUILD_WALL, ON_HILLS_3), "already has a wall")
    after = apply(after, 0, (BUILD_WALL, ON_FIELDS_3))
    after = apply(after, 0, (BUILD_WALL, ON_PASTURE_11))
    refused(after, 0, (BUILD_WALL, ON_FOREST_4[0]), "all 3 of your walls")
    poor = blank()
    crafted.city(poor, 0, ON_HILLS_3)
    crafted.give(poor, 0, brick=1)
    refused(poor, 0, (BUILD_WALL, ON_HILLS_3), "costs 2 brick")


# ---- improvements ------------------------------------------------------------------------


def test_level_n_costs_n_of_the_tracks_commodity_and_needs_a_city() -> None:
    st = blank()
    crafted.settle(st, 0, ON_HILLS_3)
    crafted.give(st, 0, cloth=12, coin=1, paper=1)
    refused(st, 0, (IMPROVE, TRADE), "need a city")
    crafted.city(st, 0, ON_FIELDS_3)
    for level in range(1, 5):
        assert (IMPROVE, TRADE) in KATAN.legal_moves(st, 0)
        before = hand(st, 0)[5]
        st = apply(st, 0, (IMPROVE, TRADE))
        assert hand(st, 0)[5] == before - level
        assert ck(st).levels[TRADE] == level
    refused(st, 0, (IMPROVE, TRADE), "Level 5 of trade costs 5 cloth")
    crafted.give(st, 0, cloth=3)
    st = apply(st, 0, (IMPROVE, TRADE))
    assert ck(st).levels[TRADE] == 5
    refused(st, 0, (IMPROVE, TRADE), "track is complete")
    st = apply(st, 0, (IMPROVE, POLITICS))
    st = apply(st, 0, (IMPROVE, SCIENCE))
    assert hand(st, 0)[5:] == [0, 0, 0]
    refused(st, 0, (IMPROVE, SCIENCE), "Level 2 of science costs 2 paper")


# ---- metropolises ------------------------------------------------------------------------


def on_three(st: KatanState, seat: int, track: int) -> None:
    """The seat one step from the metropolis, holding the commodities for it."""
    ck_crafted.levels(st, seat, **{("trade", "politics", "science")[track]: 3})
    crafted.give(st, seat, **{("cloth", "coin", "paper")[track]: 4})


def test_the_first_to_level_four_takes_the_metropolis_on_its_only_city() -> None:
    st = blank()
    crafted.city(st, 0, ON_HILLS_3)
    on_three(st, 0, POLITICS)
    after = apply(st, 0, (IMPROVE, POLITICS))
    assert ck(after).metropolis[POLITICS] == ON_HILLS_3
    assert ck(after).metropolis_owner[POLITICS] == 0
    assert after.points[0] == st.points[0] + 2


def test_with_several_cities_the_seat_chooses_the_metropolis_site() -> None:
    st = blank()
    crafted.city(st, 0, ON_HILLS_3, ON_FIELDS_3)
    on_three(st, 0, SCIENCE)
    after = apply(st, 0, (IMPROVE, SCIENCE))
    assert after.phase == CHORE and ck(after).metropolis[SCIENCE] == -1
    assert sorted(KATAN.legal_moves(after, 0)) == [
        (PLACE_METROPOLIS, ON_HILLS_3),
        (PLACE_METROPOLIS, ON_FIELDS_3),
    ]
    refused(after, 0, (PLACE_METROPOLIS, ON_PASTURE_11), "Choose the city")
    after = apply(after, 0, (PLACE_METROPOLIS, ON_FIELDS_3))
    assert ck(after).metropolis[SCIENCE] == ON_FIELDS_3 and after.phase == MAIN
    assert after.points[0] == st.points[0] + 2


def test_level_five_takes_the_metropolis_from_a_holder_still_on_four() -> None:
    st = blank()
    crafted.city(st, 1, ON_HILLS_3)
    ck_crafted.metropolis(st, 1, TRADE, ON_HILLS_3)
    crafted.city(st, 0, ON_FIELDS_3)
    on_three(st, 0, TRADE)
    after = apply(st, 0, (IMPROVE, TRADE))  # four: the metropolis stays with seat 1
    assert ck(after).metropolis_owner[TRADE] == 1
    crafted.give(after, 0, cloth=5)
    after = apply(after, 0, (IMPROVE, TRADE))  # five: taken
    assert ck(after).metropolis == [ON_FIELDS_3, -1, -1]
    assert ck(after).metropolis_owner[TRADE] == 0
    assert after.points[1] == st.points[1] - 2 and after.points[0] == st.points[0] + 2
    assert after.cities[1] == 1 << ON_HILLS_3  # the city stays

    safe = blank()
    crafted.city(safe, 1, ON_HILLS_3)
    ck_crafted.metropolis(safe, 1, TRADE, ON_HILLS_3)
    ck_crafted.levels(safe, 1, trade=5)
    crafted.city(safe, 0, ON_FIELDS_3)
    ck_crafted.levels(safe, 0, trade=4)
    crafted.give(safe, 0, cloth=5)
    after = apply(safe, 0, (IMPROVE, TRADE))
    assert ck(after).metropolis_owner[TRADE] == 1


def test_a_claim_with_no_free_city_waits_for_the_next_city() -> None:
    st = blank()
    crafted.city(st, 0, ON_HILLS_3)
    ck_crafted.metropolis(st, 0, TRADE, ON_HILLS_3)
    crafted.settle(st, 0, ON_FIELDS_3)
    on_three(st, 0, POLITICS)
    after = apply(st, 0, (IMPROVE, POLITICS))
    assert ck(after).claims[POLITICS] == 0 and ck(after).metropolis[POLITICS] == -1
    assert after.points[0] == st.points[0]
    # Another seat reaching four meanwhile does not take the waiting claim.
    crafted.city(after, 1, ON_PASTURE_11)
    on_three(after, 1, POLITICS)
    after.current = 1
    other = apply(after, 1, (IMPROVE, POLITICS))
    assert ck(other).claims[POLITICS] == 0 and ck(other).metropolis_owner[POLITICS] == -1
    # The claim is made with the seat's next city.
    after.current = 0
    crafted.give(after, 0, grain=2, ore=3)
    built = apply(after, 0, (BUILD_CITY, ON_FIELDS_3))
    assert ck(built).metropolis[POLITICS] == ON_FIELDS_3 and ck(built).claims[POLITICS] == -1
    assert built.points[0] == after.points[0] + 1 + 2


def test_level_five_takes_a_waiting_claim() -> None:
    st = blank()
    crafted.city(st, 0, ON_HILLS_3)
    ck_crafted.metropolis(st, 0, TRADE, ON_HILLS_3)
    ck_crafted.levels(st, 0, trade=4, politics=4)
    ck(st).claims[POLITICS] = 0
    crafted.city(st, 1, ON_PASTURE_11)
    ck_crafted.levels(st, 1, politics=4)
    crafted.give(st, 1, coin=5)
    st.current = 1
    after = apply(st, 1, (IMPROVE, POLITICS))
    assert ck(after).claims[POLITICS] == -1
    assert ck(after).metropolis == [ON_HILLS_3, ON_PASTURE_11, -1]


def test_a_city_freed_of_a_metropolis_answers_the_seats_waiting_claim() -> None:
    st = blank()
    crafted.city(st, 0, ON_HILLS_3)
    ck_crafted.metropolis(st, 0, TRADE, ON_HILLS_3)
    ck_crafted.levels(st, 0, trade=4, politics=4)
    ck(st).claims[POLITICS] = 0
    crafted.city(st, 1, ON_PASTURE_11)
    ck_crafted.levels(st, 1, trade=4)
    crafted.give(st, 1, cloth=5)
    st.current = 1
    after = apply(st, 1, (IMPROVE, TRADE))
    # Seat 1 took trade from seat 0, whose city now carries the waiting politics one.
    assert ck(after).metropolis == [ON_PASTURE_11, ON_HILLS_3, -1]
    assert ck(after).metropolis_owner == [1, 0, -1] and ck(after).claims == [-1, -1, -1]
    assert after.points[0] == st.points[0]


# ---- setup and scoring -------------------------------------------------------------------


def test_the_second_setup_piece_is_a_city_paying_resources_only() -> None:
    st = new_game(seed=3, seats=3)
    assert st.target == 13 and st.award == 2
    placed = 0
    while st.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        seat = KATAN.to_move(st)
        assert seat is not None
        moves = KATAN.legal_moves(st, seat)
        if st.phase == SETUP_SETTLEMENT:
            expected = BUILD_SETTLEMENT if placed < 3 else BUILD_CITY
            assert {m[0] for m in moves} == {expected}
            if placed >= 3:
                refused(st, seat, (BUILD_SETTLEMENT, moves[0][1]), "Place a city first")
            placed += 1
        else:
            assert {m[0] for m in moves} == {BUILD_ROAD}
        st = apply(st, seat, moves[len(moves) // 2])
    assert st.phase == ROLL
    for seat in range(3):
        assert st.cities[seat].bit_count() == 1 and st.towns[seat].bit_count() == 1
        assert st.points[seat] == 3
        assert hand(st, seat)[RESOURCES:] == [0, 0, 0]
        (node,) = [n for n in range(54) if st.cities[seat] >> n & 1]
        producing = [h for h in st.board.topology.node_hexes[node] if st.board.terrain[h] < 5]
        assert sum(hand(st, seat)) == len(producing)


def test_longest_road_is_worth_two_and_award_points_five_is_refused() -> None:
    with pytest.raises(BadOptions, match="must be 2 with an expansion"):
        KATAN.prepare(
            TableConfig(
                game="katan",
                seed=1,
                options={"expansions": "cities_and_knights", "award_points": 5},
            )
        )
    st = blank()
    crafted.settle(st, 0, 0)
    crafted.road(st, 0, *crafted.path(st, 0, 3, 7, 11, 16))
    crafted.give(st, 0, lumber=1, brick=1)
    points = st.points[0]
    after = apply(st, 0, (BUILD_ROAD, crafted.path(st, 16, 21)[0]))
    assert after.longest == 0 and after.points[0] == points + 2


def twelve_points(st: KatanState, seat: int) -> None:
    """Four cities, two settlements and the trade metropolis: 12 points."""
    crafted.city(st, seat, 0, 2, 11, 15)
    crafted.settle(st, seat, 26, 38)
    ck_crafted.metropolis(st, seat, TRADE, 0)
    assert st.points[seat] == 12


def test_a_seat_wins_only_on_its_own_turn() -> None:
    st = blank()
    twelve_points(st, 1)
    ck_crafted.knight(st, 1, 44, level=3, active=True)
    ck_crafted.knight(st, 1, 48, level=1, active=True)
    ck_crafted.barbarians(st, 1)
    after, _ = rolled(st, 6, 4, 3)  # the ship lands on seat 0's roll; seat 1 defends
    assert after.points[1] == 13 and ck(after).defenders[1] == 1
    assert after.phase == MAIN and after.winner == -1
    after = apply(after, 0, (END_TURN,))
    assert after.phase == OVER and after.winner == 1
    outcome = KATAN.outcome(after)
    assert outcome is not None and outcome.winners == (1,)


def test_reaching_the_target_on_ones_own_turn_wins_at_once() -> None:
    st = blank()
    twelve_points(st, 0)
    crafted.road(st, 0, *crafted.path(st, 26, 20, 25, 31))
    crafted.give(st, 0, lumber=1, brick=1, wool=1, grain=1)
    after = apply(st, 0, (BUILD_SETTLEMENT, 31))
    assert after.phase == OVER and after.winner == 0
