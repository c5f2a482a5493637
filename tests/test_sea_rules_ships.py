"""Seafarers ships: building from a town or the fleet, an opponent's town as a
wall, roads and ships joining only at a town of one's own, the 15-ship limit,
Road Building with roads and ships, and sailing (once a turn, from a route's
open end, never a ship built this turn)."""

from engine.katan import crafted, rules
from engine.katan.audit import problems
from engine.katan.components import (
    LUMBER,
    ROAD_BUILDING,
    ROAD_PIECES,
    WOOL,
)
from engine.katan.geometry import bits
from engine.katan.moves import (
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_SHIP,
    MOVE_SHIP,
    PLAY_ROAD_BUILDING,
    STOP_ROADS,
)
from engine.katan.sea.crafted import ship
from engine.katan.sea.ships import SHIP_PIECES
from engine.katan.state import FREE_ROADS, MAIN, KatanState
from tests.sea_support import (
    apply,
    blank,
    coast,
    hand,
    home,
    isles,
    legal,
    out_to_sea,
    random_moves,
    refused,
    sea,
    sea_path,
    sea_tree,
    turn_of,
)

MAP = "heading_for_new_shores"


def harbour_town() -> tuple[KatanState, int]:
    """Seat 0 with a settlement on a home coast crossing at least three ship
    edges from the largest isle."""
    st = blank(MAP)
    node = next(n for n in coast(st, home(st)) if len(sea_path(st, n, isles(st)[0])[0]) >= 3)
    crafted.settle(st, 0, node)
    return st, node


def test_a_ship_costs_a_lumber_and_a_wool_and_lies_on_a_sea_edge_at_a_town() -> None:
    st, node = harbour_town()
    top = st.board.topology
    at_town = {e for e in top.node_edges[node] if top.edge_sea[e]}
    refused(st, 0, (BUILD_SHIP, min(at_town)), "A ship costs 1 lumber and 1 wool")
    crafted.give(st, 0, lumber=1, wool=1)
    assert {m[1] for m in legal(st, 0, BUILD_SHIP)} == at_town
    dry = next(e for e in range(top.edge_count) if not top.edge_sea[e])
    refused(st, 0, (BUILD_SHIP, dry), f"Edge {dry} touches no sea")
    far = out_to_sea(st, coast(st, isles(st)[0])[0], 1)[0]
    refused(st, 0, (BUILD_SHIP, far), "not joined to your fleet or to a town of yours")
    edge = min(at_town)
    after = apply(st, 0, (BUILD_SHIP, edge))
    assert sea(after).ships[0] == 1 << edge
    assert hand(after, 0) == [0] * 5
    assert after.bank[LUMBER] == st.bank[LUMBER] + 1 and after.bank[WOOL] == st.bank[WOOL] + 1
    assert sea(after).fresh == 1 << edge


def test_the_fleet_grows_from_its_own_end_and_an_opponents_town_is_a_wall() -> None:
    st, node = harbour_town()
    path, landfall = sea_path(st, node, isles(st)[0])
    ship(st, 0, *path[:-1])
    crafted.give(st, 0, lumber=2, wool=2)
    assert (BUILD_SHIP, path[-1]) in legal(st, 0, BUILD_SHIP)
    st = apply(st, 0, (BUILD_SHIP, path[-1]))
    top = st.board.topology
    beyond = [e for e in top.node_edges[landfall] if top.edge_sea[e] and e != path[-1]]
    assert beyond and all((BUILD_SHIP, e) in legal(st, 0, BUILD_SHIP) for e in beyond)
    crafted.settle(st, 1, landfall)
    for e in beyond:
        refused(st, 0, (BUILD_SHIP, e), "not joined")


def test_a_road_cannot_start_from_a_ships_end_until_a_town_of_yours_stands_there() -> None:
    st, node = harbour_town()
    path, landfall = sea_path(st, node, isles(st)[0])
    ship(st, 0, *path)
    top = st.board.topology
    road = next(e for e in top.node_edges[landfall] if top.road_edges >> e & 1)
    crafted.give(st, 0, lumber=2, brick=2, wool=1, grain=1)
    refused(st, 0, (BUILD_ROAD, road), "not joined to your roads or buildings")
    # A settlement may stand at a ship route's end, and then the road may start there.
    st = apply(st, 0, (BUILD_SETTLEMENT, landfall))
    assert (BUILD_ROAD, road) in legal(st, 0, BUILD_ROAD)
    apply(st, 0, (BUILD_ROAD, road))


def test_a_ship_cannot_start_from_a_roads_end_without_a_town() -> None:
    st, node = harbour_town()
    top = st.board.topology
    # A road along the shore from the town: its far end touches the sea too.
    shore = next(
        e
        for e in top.node_edges[node]
        if top.road_edges >> e & 1
        and top.edge_sea[e]
        and top.node_land[top.other_end(e, node)]
        and any(
            top.edge_sea[f] and not top.road_edges >> f & 1
            for f in top.node_edges[top.other_end(e, node)]
        )
    )
    crafted.road(st, 0, shore)
    end = top.other_end(shore, node)
    wet = next(f for f in top.node_edges[end] if top.edge_sea[f] and not top.road_edges >> f & 1)
    crafted.give(st, 0, lumber=1, wool=1)
    refused(st, 0, (BUILD_SHIP, wet), "a ship cannot start from a road without a town")
    # The coastal edge holds the road; it takes no ship as well, and no road lies at sea.
    refused(st, 0, (BUILD_SHIP, shore), f"Edge {shore} already has a road or a ship")
    crafted.give(st, 0, brick=1)
    refused(st, 0, (BUILD_ROAD, wet), f"Edge {wet} is at sea; roads go on land")


def test_no_more_than_fifteen_ships() -> None:
    st, node = harbour_town()
    fleet = sea_tree(st, node, SHIP_PIECES + 1)
    ship(st, 0, *fleet[:SHIP_PIECES])
    crafted.give(st, 0, lumber=1, wool=1)
    assert legal(st, 0, BUILD_SHIP) == []
    refused(st, 0, (BUILD_SHIP, fleet[-1]), "no ships left to place \\(15 at most\\)")


def road_building(st: KatanState) -> KatanState:
    crafted.give_dev(st, 0, ROAD_BUILDING)
    st = apply(st, 0, (PLAY_ROAD_BUILDING,))
    assert st.phase == FREE_ROADS and st.free_roads == 2
    return st


def test_road_building_lays_two_ships_or_a_road_and_a_ship_for_nothing() -> None:
    st, node = harbour_town()
    top = st.board.topology
    free = road_building(st)
    kinds = {m[0] for m in legal(free, 0, BUILD_SHIP) + legal(free, 0, BUILD_ROAD)}
    assert kinds == {BUILD_SHIP, BUILD_ROAD}
    first, second = out_to_sea(st, node, 2)
    two = apply(apply(free, 0, (BUILD_SHIP, first)), 0, (BUILD_SHIP, second))
    assert two.phase == MAIN and sea(two).ships[0] == 1 << first | 1 << second
    assert hand(two, 0) == [0] * 5
    road = next(e for e in top.node_edges[node] if top.road_edges >> e & 1)
    mixed = apply(apply(free, 0, (BUILD_ROAD, road)), 0, (BUILD_SHIP, first))
    assert mixed.phase == MAIN and mixed.roads[0] == 1 << road and sea(mixed).ships[0] == 1 << first


def test_road_building_with_every_road_laid_still_lays_ships() -> None:
    st, node = harbour_town()
    top = st.board.topology
    # Fifteen roads elsewhere on the home island, as if laid before.
    roads = [e for e in range(top.edge_count) if top.road_edges >> e & 1 and not top.edge_sea[e]]
    crafted.road(st, 0, *[e for e in roads if not top.edge_end_mask[e] >> node & 1][:ROAD_PIECES])
    free = road_building(st)
    assert legal(free, 0, BUILD_ROAD) == []
    assert legal(free, 0, BUILD_SHIP)
    refused(free, 0, (BUILD_ROAD, roads[-1]), "no roads left")
    after = apply(free, 0, legal(free, 0, BUILD_SHIP)[0])
    assert after.phase == FREE_ROADS and after.free_roads == 1
    assert apply(after, 0, (STOP_ROADS,)).phase == MAIN


def sailing_position() -> tuple[KatanState, list[int], int]:
    """Seat 0's town on the coast and a line of three ships out from it,
    all laid before this turn."""
    st, node = harbour_town()
    line = out_to_sea(st, node, 3)
    ship(st, 0, *line)
    return st, line, node


def test_only_the_open_end_of_a_route_sails_and_only_where_a_ship_could_be_built() -> None:
    st, line, node = sailing_position()
    top = st.board.topology
    sails = legal(st, 0, MOVE_SHIP)
    assert {m[1] for m in sails} == {line[-1]}
    refused(st, 0, (MOVE_SHIP, line[1], line[-1]), "inside a route")
    refused(st, 0, (MOVE_SHIP, line[0], line[-1]), "inside a route")
    # Lifted off, the end ship may go anywhere joined to the rest of the fleet or the town.
    rest = st.copy()
    rest_fleet = sea(rest).ships[0] & ~(1 << line[-1])
    joined = set()
    for n in (node, *(x for e in line[:-1] for x in top.edge_ends[e])):
        joined |= {e for e in top.node_edges[n] if top.edge_sea[e] and not rest_fleet >> e & 1}
    joined.discard(line[-1])
    assert {m[2] for m in sails} == joined
    far = out_to_sea(st, coast(st, isles(st)[0])[0], 1)[0]
    refused(st, 0, (MOVE_SHIP, line[-1], far), "must join your fleet or a town of yours")
    to = max(joined)
    after = apply(st, 0, (MOVE_SHIP, line[-1], to))
    assert sea(after).ships[0] == (sea(st).ships[0] & ~(1 << line[-1])) | 1 << to
    assert sea(after).sailed


def test_a_ship_sails_once_a_turn_and_never_the_turn_it_is_built() -> None:
    st, line, node = sailing_position()
    crafted.give(st, 0, lumber=1, wool=1)
    new = next(
        e for e in sorted(set(st.board.topology.node_edges[node])) if sea(st).frontier[0] >> e & 1
    )
    st = apply(st, 0, (BUILD_SHIP, new))
    refused(st, 0, (MOVE_SHIP, new, line[-1]), "built this turn; it may sail from your next turn")
    dest = next(m for m in legal(st, 0, MOVE_SHIP) if m[1] == line[-1])
    st = apply(st, 0, dest)
    assert legal(st, 0, MOVE_SHIP) == []
    refused(st, 0, (MOVE_SHIP, dest[2], line[-1]), "sailed a ship this turn already")
    again = turn_of(st, 0)
    assert not sea(again).sailed and sea(again).fresh == 0
    assert legal(again, 0, MOVE_SHIP)


def test_the_audit_finds_a_fleet_reach_or_a_sea_frontier_kept_wrong() -> None:
    """A sail updates the fleet's reach and sea frontier where it happens
    rather than from scratch, so the audit the self-play runs rebuilds both."""
    st, line, _ = sailing_position()
    assert problems(st) == []
    far = out_to_sea(st, coast(st, isles(st)[0])[0], 1)[0]
    drifted = st.copy()
    sea(drifted).frontier[0] |= 1 << far
    assert any("seat 0's sea frontier" in p for p in problems(drifted))
    lost = st.copy()
    end = st.board.topology.edge_ends[line[-1]][0]
    sea(lost).reach[0] &= ~(1 << end)
    assert any("seat 0's fleet reach" in p for p in problems(lost))


def test_the_sails_listed_are_exactly_the_sails_accepted_in_random_games() -> None:
    """The legal list gathers every ship's destinations in one pass and the
    check reads one edge's ends (`lands`): on states of random games with
    both expansions and without, every ship to every edge is listed exactly
    when the rules accept it."""
    compared = 0
    games = (
        ("four_islands", 5, False),
        ("forgotten_tribe", 6, False),
        ("heading_for_new_shores", 7, True),
    )
    for name, move_no, st, _ in random_moves(games, 3000):
        seat = rules.to_move(st)
        if st.phase != MAIN or move_no % 5 or seat is None:
            continue
        listed = {m for m in rules.legal_moves(st, seat) if m[0] == MOVE_SHIP}
        for edge in bits(sea(st).ships[seat]):
            for to in range(st.board.topology.edge_count):
                move = (MOVE_SHIP, edge, to)
                accepted = rules.why_not(st, seat, move) is None
                assert accepted == (move in listed), (name, move_no, move)
        compared += len(listed)
    assert compared > 500
