"""The scenarios' own mechanics (the seed document's readings): Cloth for
Catan's villages, Pirate Islands' fortresses, the Wonders of Catan and the
Great Canal."""

from engine.katan import crafted
from engine.katan.components import BRICK, DESERT, FIELDS, GRAIN, ORE, WOOL
from engine.katan.moves import (
    BUILD_SETTLEMENT,
    BUILD_WONDER,
    DIG_CANAL,
    MOVE_ROBBER,
    RAID_FORTRESS,
)
from engine.katan.sea.crafted import ship
from engine.katan.sea.scenarios import CANAL_UNITS, WONDER_COSTS
from engine.katan.state import OVER, KatanState
from tests.sea_support import (
    apply,
    blank,
    clear_hand,
    hand,
    kinds,
    landing,
    legal,
    play,
    refused,
    rolled,
    sea,
)

# ---- villages -------------------------------------------------------------------------


def village(st: KatanState) -> tuple[int, tuple[int, ...]]:
    """The first village and its corners."""
    hex_id = st.board.village_hexes[0]
    return hex_id, st.board.topology.hex_corners[hex_id]


def test_a_village_pays_a_cloth_to_each_town_beside_it_and_two_are_a_point() -> None:
    st = blank("cloth_for_catan")
    hex_id, corners = village(st)
    crafted.settle(st, 0, corners[0])
    crafted.city(st, 2, corners[2])
    number = st.board.numbers[hex_id]
    st.current = 1
    after, events = rolled(st, number)
    assert kinds(events).count("cloth") == 2
    assert sea(after).cloth == [1, 0, 1, 0]  # a city takes no more than a settlement
    assert sea(after).villages[0] == sea(st).villages[0] - 2
    assert after.points[0] == st.points[0]
    again, _ = rolled(after, number)
    assert sea(again).cloth == [2, 0, 2, 0]
    assert again.points[0] == st.points[0] + 1 and again.points[2] == st.points[2] + 1


def test_a_short_village_stock_goes_to_the_seats_nearest_the_roller() -> None:
    st = blank("cloth_for_catan")
    hex_id, corners = village(st)
    crafted.settle(st, 0, corners[0])
    crafted.settle(st, 3, corners[2])
    sea(st).villages[0] = 1
    st.current = 2  # seat 3 comes before seat 0 from seat 2's roll
    after, _ = rolled(st, st.board.numbers[hex_id])
    assert sea(after).cloth == [0, 0, 0, 1] and sea(after).villages[0] == 0
    st.current = 3
    after, _ = rolled(st, st.board.numbers[hex_id])
    assert sea(after).cloth == [0, 0, 0, 1]
    st.current = 0
    after, _ = rolled(st, st.board.numbers[hex_id])
    assert sea(after).cloth == [1, 0, 0, 0]
    # An empty village pays nobody.
    emptied, _ = rolled(after, st.board.numbers[hex_id])
    assert sea(emptied).cloth == [1, 0, 0, 0]


def test_the_robber_stops_a_village_and_the_pirate_does_not() -> None:
    st = blank("cloth_for_catan")
    hex_id, corners = village(st)
    crafted.settle(st, 0, corners[0])
    st.robber = hex_id
    after, _ = rolled(st, st.board.numbers[hex_id])
    assert sea(after).cloth == [0, 0, 0, 0]
    st.robber = -1
    top = st.board.topology
    sea(st).pirate = next(h for h in top.hex_neighbours[hex_id] if not top.hex_land[h])
    after, _ = rolled(st, st.board.numbers[hex_id])
    assert sea(after).cloth == [1, 0, 0, 0]


# ---- fortresses -------------------------------------------------------------------------


def beside_a_fortress() -> tuple[KatanState, int]:
    """Seat 0's ship on an edge of the first fortress hex; returns the hex."""
    st = blank("pirate_islands")
    fortress = st.board.fortress_hexes[0]
    top = st.board.topology
    landfall = landing(st, 0, top.hex_corner_mask[fortress], settle=False)
    wall = next(
        e
        for e in top.hex_edges[fortress]
        if top.edge_sea[e] and top.edge_end_mask[e] >> landfall & 1 and not st.paved >> e & 1
    )
    ship(st, 0, wall)
    return st, fortress


def test_a_standing_fortress_closes_its_island_to_settlements() -> None:
    st, fortress = beside_a_fortress()
    top = st.board.topology
    island = st.board.island_of[fortress]
    spot = next(
        n
        for e in range(top.edge_count)
        if sea(st).ships[0] >> e & 1
        for n in top.edge_ends[e]
        if any(st.board.island_of[h] == island for h in top.node_hexes[n])
        and not st.blocked >> n & 1
    )
    refused(st, 0, (BUILD_SETTLEMENT, spot), "A pirate fortress still holds the island")


def test_raids_wear_a_fortress_down_and_the_last_takes_it() -> None:
    st, fortress = beside_a_fortress()
    strength = sea(st).fortresses[0]
    refused(st, 0, (RAID_FORTRESS, fortress), "A raid costs 1 wool, 1 grain and 1 ore")
    refused(st, 1, (RAID_FORTRESS, fortress), "not seat 1's turn")
    clear_hand(st, 0)
    crafted.give(st, 0, wool=strength, grain=strength, ore=strength)
    for left in range(strength - 1, 0, -1):
        st = apply(st, 0, (RAID_FORTRESS, fortress))
        assert sea(st).fortresses[0] == left and st.board.terrain[fortress] != DESERT
    before = st.points[0]
    island = st.board.island_of[fortress]
    st, events = play(st, 0, (RAID_FORTRESS, fortress))
    assert "fortress_taken" in kinds(events)
    assert st.board.terrain[fortress] == DESERT and fortress not in st.board.fortress_hexes
    assert st.points[0] == before + 2 and sea(st).taken[0] == 1 and sea(st).raided[0] == strength
    assert hand(st, 0)[WOOL] == hand(st, 0)[GRAIN] == hand(st, 0)[ORE] == 0
    # The island is open to settle, still a new island for the bonus; the robber may sit there.
    top = st.board.topology
    spot = next(
        n
        for n in range(top.node_count)
        if st.reach[0] >> n & 1
        and any(st.board.island_of[h] == island for h in top.node_hexes[n])
        and not (st.blocked | st.closed) >> n & 1
    )
    crafted.give(st, 0, lumber=1, brick=1, wool=1, grain=1)
    settled = apply(st, 0, (BUILD_SETTLEMENT, spot))
    assert sea(settled).bonus[island] == 0
    seven, _ = rolled(st, 7)
    assert fortress in {m[1] for m in legal(seven, 0, MOVE_ROBBER)}


def test_a_raid_needs_a_ship_beside_the_fortress() -> None:
    st = blank("pirate_islands")
    fortress = st.board.fortress_hexes[0]
    crafted.give(st, 0, wool=1, grain=1, ore=1)
    assert legal(st, 0, RAID_FORTRESS) == []
    refused(st, 0, (RAID_FORTRESS, fortress), "You need a ship beside the fortress")
    desert = st.board.land_hexes[0]
    refused(st, 0, (RAID_FORTRESS, desert), f"no standing fortress on hex {desert}")


# ---- wonders ----------------------------------------------------------------------------


def test_a_wonder_needs_a_city_and_pays_each_stage() -> None:
    st = blank("wonders_of_catan")
    crafted.give(st, 0, lumber=1, brick=2, grain=1)
    refused(st, 0, (BUILD_WONDER,), "A wonder needs a city of yours")
    crafted.city(st, 0, st.board.topology.hex_corners[st.board.land_hexes[0]][0])
    before = st.points[0]
    st = apply(st, 0, (BUILD_WONDER,))
    assert sea(st).wonders[0] == 1 and st.points[0] == before + 1
    assert hand(st, 0) == [0, 0, 0, 0, 0]
    refused(st, 0, (BUILD_WONDER,), "Stage 2 of your wonder costs 1 brick, 1 wool and 2 ore")
    other = blank("heading_for_new_shores")
    refused(other, 0, (BUILD_WONDER,), "Wonders are built only on the Wonders of Catan map")


def test_the_fourth_stage_wins_at_once_whatever_the_target_and_off_turn_order() -> None:
    st = blank("wonders_of_catan", target=12)
    top = st.board.topology
    crafted.city(st, 1, top.hex_corners[st.board.land_hexes[0]][0])
    for cost in WONDER_COSTS:
        for r, n in enumerate(cost):
            st.bank[r] -= n
            st.hands[st.width + r] += n
    st.current = 1
    # Seat 2 reached the target on another seat's turn: it would win on its own.
    free = [n for n in range(top.node_count) if st.board.start_nodes >> n & 1]
    for _ in range(4):
        spot = next(n for n in free if not st.blocked >> n & 1)
        crafted.city(st, 2, spot)
    for _ in range(4):
        spot = next(n for n in free if not st.blocked >> n & 1)
        crafted.settle(st, 2, spot)
    assert st.points[2] >= st.target
    for stage in range(1, 4):
        st = apply(st, 1, (BUILD_WONDER,))
        assert sea(st).wonders[1] == stage and st.phase != OVER
    st, events = play(st, 1, (BUILD_WONDER,))
    assert st.phase == OVER and st.winner == 1 and st.points[1] < st.target
    assert events[-1].kind == "win" and events[-1].data["wonder"] is True


# ---- the canal --------------------------------------------------------------------------


def test_digging_the_canal_scores_every_two_units_and_a_dug_tile_becomes_fields() -> None:
    st = blank("great_canal")
    tile = next(h for h in st.board.canal_hexes if h != st.robber)
    i = st.board.canal_hexes.index(tile)
    number = dict(sea(st).canal_numbers)[tile]
    corners = st.board.topology.hex_corners[tile]
    crafted.settle(st, 0, corners[0])
    crafted.settle(st, 1, corners[3])
    refused(st, 0, (DIG_CANAL, tile), "A unit of canal costs 1 brick and 1 ore")
    crafted.give(st, 0, brick=2, ore=2)
    crafted.give(st, 1, brick=1, ore=1)
    far = next(
        h for h in st.board.canal_hexes if not st.board.topology.hex_corner_mask[h] & st.towns[0]
    )
    refused(st, 0, (DIG_CANAL, far), f"You need a settlement or city on a corner of hex {far}")
    before = st.points[0]
    st = apply(st, 0, (DIG_CANAL, tile))
    assert sea(st).canal[i] == 1 and st.points[0] == before
    st = apply(st, 0, (DIG_CANAL, tile))
    assert sea(st).canal[i] == 2 and st.points[0] == before + 1 and sea(st).dug[0] == 2
    st.current = 1
    st, events = play(st, 1, (DIG_CANAL, tile))
    assert "canal_dug" in kinds(events) and CANAL_UNITS == 3
    assert st.board.terrain[tile] == FIELDS and st.board.numbers[tile] == number
    assert tile not in st.board.canal_hexes and sea(st).dug == [2, 1, 0, 0]
    assert st.points[1] == 1
    refused(st, 1, (DIG_CANAL, tile), f"Hex {tile} is not a canal tile still to dig")
    paid, _ = rolled(st, number)
    assert hand(paid, 0)[GRAIN] == 1 and hand(paid, 1)[GRAIN] == 1
    assert hand(st, 0)[BRICK] == 0
