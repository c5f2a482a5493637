"""The longest route over roads and ships: a trail of one seat's pieces that
changes between road and ship only at a town of its own and never passes an
opponent's town; Longest Road goes by it, five or more, as before."""

from engine.katan import crafted
from engine.katan.moves import BUILD_SETTLEMENT, MOVE_SHIP
from engine.katan.sea.crafted import ship
from engine.katan.sea.route import route_length
from engine.katan.state import KatanState
from tests.sea_support import (
    apply,
    blank,
    brute_route,
    coast,
    home,
    inland,
    isles,
    out_to_sea,
    random_moves,
    route,
    sea_path,
)

MAP = "heading_for_new_shores"


def road_line(st: KatanState, start: int, length: int) -> list[int]:
    """`length` empty road edges in a line from `start`, never reusing a crossing."""
    top = st.board.topology

    def extend(node: int, path: list[int], seen: int) -> list[int] | None:
        if len(path) == length:
            return path
        for e in top.node_edges[node]:
            other = top.other_end(e, node)
            taken = st.paved >> e | st.built >> other | seen >> other
            if top.road_edges >> e & 1 and not taken & 1:
                found = extend(other, [*path, e], seen | 1 << other)
                if found is not None:
                    return found
        return None

    found = extend(start, [], 1 << start)
    assert found is not None
    return found


def test_roads_and_ships_count_together_through_a_town_of_ones_own() -> None:
    st = blank(MAP)
    town, ships = next(
        (n, line) for n in coast(st, home(st)) if (line := open_water(st, n, 3)) is not None
    )
    crafted.settle(st, 0, town)
    crafted.road(st, 0, *road_line(st, town, 3))
    ship(st, 0, *ships)
    assert route(st, 0) == 6
    assert st.longest == 0 and st.points[0] == 1 + 2


def open_water(st: KatanState, start: int, length: int) -> list[int] | None:
    try:
        return out_to_sea(st, start, length)
    except StopIteration:
        return None


def test_a_road_and_a_ship_meeting_without_a_town_do_not_join_until_one_is_built() -> None:
    st = blank(MAP)
    top = st.board.topology
    path, landfall = sea_path(st, coast(st, home(st))[0], isles(st)[1])
    assert len(path) >= 4
    crafted.settle(st, 0, coast(st, home(st))[0])
    ship(st, 0, *path)
    roads = road_line(st, landfall, 3)
    # The roads come from a town of seat 0's at their far end, on the isle.
    far = top.edge_ends[roads[-1]]
    end = far[0] if far[0] not in top.edge_ends[roads[-2]] else far[1]
    crafted.settle(st, 0, end)
    crafted.road(st, 0, *roads)
    assert route(st, 0) == max(len(path), 3)
    crafted.give(st, 0, lumber=1, brick=1, wool=1, grain=1)
    st = apply(st, 0, (BUILD_SETTLEMENT, landfall))
    assert route(st, 0) == len(path) + 3


def test_an_opponents_town_breaks_the_route_and_the_award_moves() -> None:
    st = blank(MAP)
    top = st.board.topology
    # Eight ships along the coast, every crossing on the way touching land.
    start, path = next(
        (n, p)
        for n in coast(st, home(st))
        for i in isles(st)
        if len(p := sea_path(st, n, i)[0]) == 8
        and all(top.node_land[x] for e in p for x in top.edge_ends[e])
    )
    crafted.settle(st, 0, start)
    ship(st, 0, *path)
    crossings = [start]
    for e in path:
        crossings.append(top.other_end(e, crossings[-1]))
    rival = next(n for n in inland(st, home(st)) if not st.blocked >> n & 1 and n not in crossings)
    crafted.settle(st, 2, rival)
    crafted.road(st, 2, *road_line(st, rival, 5))
    assert route(st, 0) == 8 and route(st, 2) == 5 and st.longest == 0
    crafted.settle(st, 1, crossings[4])
    assert route(st, 0) == 4
    assert st.longest == 2 and st.points[0] == 1 and st.points[2] == 1 + 2


def test_the_route_kept_is_the_longest_trail_in_random_games() -> None:
    """The rules' incremental lengths against a walk of every trail, on states
    from random games of two maps (small fleets keep the walk affordable)."""
    checked = 0
    games = (("four_islands", 1, False), ("heading_for_new_shores", 2, False))
    for name, move_no, st, _ in random_moves(games, 4000):
        if move_no % 40 == 0:
            for t in range(st.seats):
                pieces = st.roads[t].bit_count() + st.sea.ships[t].bit_count()
                if pieces <= 16:
                    walls = st.ruleset.walls(st, t)
                    assert st.road_len[t] == brute_route(st, t, walls), (name, move_no, t)
                    checked += 1
    assert checked > 100


def test_a_sail_measured_from_the_old_route_is_measured_right() -> None:
    """A sail's route is worked out from the old one (the ship leaves an open
    end, and where it lands at one, from the trails that start where it
    joins); after every sail of random games on two maps, that length is the
    one measured whole with no floor at all."""
    sails = 0
    games = (("forgotten_tribe", 3, False), ("heading_for_new_shores", 4, False))
    for name, _, st, move in random_moves(games, 6000):
        if move[0] == MOVE_SHIP:
            seat = st.current
            walls = st.ruleset.walls(st, seat)
            assert st.road_len[seat] == route_length(st, seat, walls), (name, move)
            sails += 1
    assert sails > 200
