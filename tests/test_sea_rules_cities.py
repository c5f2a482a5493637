"""Seafarers with Cities & Knights (the seed document's "With Cities &
Knights", RULINGS 12): knights on sea crossings beside their owner's ships
and along ship lines, a knight closing the ship line it stands on, chasing
the pirate, the pirate asleep with the robber until the first attack, the
Bishop moving the robber only, gold paying resources, the merchant on land,
and the fog paying a resource card."""

from engine.katan import chores, crafted
from engine.katan.cities import crafted as ck_crafted
from engine.katan.cities.components import BISHOP, INTRIGUE, MERCHANT
from engine.katan.components import CARD_NAMES, GOLD, RESOURCES
from engine.katan.geometry import bits
from engine.katan.moves import (
    BUILD_SHIP,
    CHASE_PIRATE,
    CHASE_ROBBER,
    HIRE_KNIGHT,
    MOVE_KNIGHT,
    MOVE_PIRATE,
    MOVE_ROBBER,
    MOVE_SHIP,
    PICK,
    PLAY_BISHOP,
    PLAY_INTRIGUE,
    PLAY_MERCHANT,
)
from engine.katan.sea.crafted import next_find, ship
from engine.katan.state import CHORE, MAIN, ROBBER, KatanState
from tests.sea_support import (
    apply,
    blank,
    ck,
    coast,
    corners,
    hand,
    home,
    inland,
    isles,
    landing,
    legal,
    out_to_sea,
    play,
    refused,
    road_from,
    rolled,
    sea,
    sea_path_to,
)

MAP = "heading_for_new_shores"
COIN = CARD_NAMES.index("coin")


def fleet_at_sea(seat: int = 0) -> tuple[KatanState, int, list[int], list[int]]:
    """A Seafarers & Cities game: the seat's town on the home coast and two ships
    out into open water; returns (state, the town, the ships, the crossings
    they reach in order)."""
    st = blank(MAP, cities=True, target=14)
    top = st.board.topology
    for town in coast(st, home(st)):
        try:
            line = out_to_sea(st, town, 2)
        except StopIteration:
            continue
        break
    crafted.settle(st, seat, town)
    ship(st, seat, *line)
    crossings = [town]
    for e in line:
        crossings.append(top.other_end(e, crossings[-1]))
    return st, town, line, crossings[1:]


def test_a_knight_may_stand_on_a_sea_crossing_beside_its_owners_ship() -> None:
    st, _, _, (first, last) = fleet_at_sea()
    top = st.board.topology
    assert not top.node_land[first] and not top.node_land[last]
    crafted.give(st, 0, wool=1, ore=1)
    hires = {m[1] for m in legal(st, 0, HIRE_KNIGHT)}
    assert {first, last} <= hires
    # Open water without a ship of the seat's beside it is no knight post.
    lonely = next(
        n
        for n in range(top.node_count)
        if not top.node_land[n]
        and not st.reach[0] >> n & 1
        and not st.paved & top.node_edge_mask[n]
    )
    refused(st, 0, (HIRE_KNIGHT, lonely), f"Crossing {lonely} is at sea with no ship of yours")
    after = apply(st, 0, (HIRE_KNIGHT, last))
    assert ck(after).knights[0] == 1 << last
    # Another seat's ship gives seat 0 no post.
    other, _, _, (theirs, _) = fleet_at_sea(seat=1)
    crafted.give(other, 0, wool=1, ore=1)
    refused(other, 0, (HIRE_KNIGHT, theirs), "at sea with no ship of yours")


def test_a_knight_moves_along_ship_lines() -> None:
    st, _, _, (first, last) = fleet_at_sea()
    ck_crafted.knight(st, 0, first, active=True)
    moves = legal(st, 0, MOVE_KNIGHT)
    assert (MOVE_KNIGHT, first, last) in moves
    after = apply(st, 0, (MOVE_KNIGHT, first, last))
    assert ck(after).knights[0] == 1 << last


def test_a_knight_closes_the_ship_line_it_stands_on() -> None:
    st, _, line, (_, last) = fleet_at_sea()
    assert {m[1] for m in legal(st, 0, MOVE_SHIP)} == {line[-1]}
    ck_crafted.knight(st, 0, last)
    assert legal(st, 0, MOVE_SHIP) == []
    refused(st, 0, (MOVE_SHIP, line[-1], line[0]), "inside a route")


def pirate_beside(st: KatanState, node: int) -> int:
    """Put the pirate on a sea hex at `node`; returns the hex."""
    top = st.board.topology
    hex_id = next(h for h in top.node_hexes[node] if not top.hex_land[h])
    sea(st).pirate = hex_id
    return hex_id


def test_an_active_knight_beside_the_pirate_chases_it_once_the_barbarians_have_come() -> None:
    st, _, _, (_, last) = fleet_at_sea()
    ck_crafted.knight(st, 0, last, active=True)
    pirate = pirate_beside(st, last)
    refused(st, 0, (CHASE_PIRATE, last), "The pirate sleeps with the robber")
    ck_crafted.awake(st)
    assert legal(st, 0, CHASE_PIRATE) == [(CHASE_PIRATE, last)]
    # Seat 1 has a ship on a sea hex to rob, and only a commodity in hand.
    top = st.board.topology
    other_town = coast(st, home(st))[-1]
    crafted.settle(st, 1, other_town)
    water = next(h for h in top.node_hexes[other_town] if h != pirate and not top.hex_land[h])
    ship(st, 1, next(e for e in top.hex_edges[water] if top.edge_end_mask[e] >> other_town & 1))
    crafted.give(st, 1, coin=1)
    chased = apply(st, 0, (CHASE_PIRATE, last))
    assert chased.phase == ROBBER and not ck(chased).active[0]
    assert legal(chased, 0, MOVE_ROBBER) == []
    assert (MOVE_PIRATE, water, 1) in legal(chased, 0, MOVE_PIRATE)
    refused(chased, 0, (MOVE_ROBBER, st.board.robber_hexes[0], -1), "chased the pirate")
    after = apply(chased, 0, (MOVE_PIRATE, water, 1))
    assert sea(after).pirate == water and hand(after, 0)[COIN] == 1
    assert after.phase == MAIN
    far = next(
        n
        for n in range(top.node_count)
        if top.node_land[n]
        and not top.hex_corner_mask[pirate] >> n & 1
        and not (st.built | st.blocked) >> n & 1
    )
    ck_crafted.knight(st, 0, far, active=True)
    refused(st, 0, (CHASE_PIRATE, far), "not beside the pirate")


def test_a_knight_chasing_the_robber_moves_the_robber_only() -> None:
    st = blank(MAP, cities=True, target=14)
    ck_crafted.awake(st)
    node = st.board.topology.hex_corners[st.robber][0]
    ck_crafted.knight(st, 0, node, active=True)
    chased = apply(st, 0, (CHASE_ROBBER, node))
    assert chased.phase == ROBBER
    assert legal(chased, 0, MOVE_PIRATE) == [] and legal(chased, 0, MOVE_ROBBER)
    top = st.board.topology
    water = next(h for h in range(len(top.hexes)) if not top.hex_land[h] and h != sea(st).pirate)
    refused(chased, 0, (MOVE_PIRATE, water, -1), "chased the robber")


def test_the_pirate_sleeps_with_the_robber_until_the_first_attack() -> None:
    st = blank(MAP, cities=True, target=14)
    asleep, _ = rolled(st, 7)
    assert asleep.phase == MAIN
    ck_crafted.awake(st)
    awake, _ = rolled(st, 7)
    assert awake.phase == ROBBER
    assert legal(awake, 0, MOVE_ROBBER) and legal(awake, 0, MOVE_PIRATE)


def test_the_bishop_moves_the_robber_only_and_the_merchant_goes_on_land() -> None:
    st = blank(MAP, cities=True, target=14)
    ck_crafted.awake(st)
    ck_crafted.progress(st, 0, BISHOP, MERCHANT)
    top = st.board.topology
    bishop = {m[1] for m in legal(st, 0, PLAY_BISHOP)}
    assert bishop == set(st.board.robber_hexes) - {st.robber}
    assert all(top.hex_land[h] for h in bishop)
    water = next(h for h in range(len(top.hexes)) if not top.hex_land[h])
    refused(st, 0, (PLAY_BISHOP, water), f"The robber cannot go to hex {water}")
    town = coast(st, home(st))[0]
    crafted.settle(st, 0, town)
    merchant = {m[1] for m in legal(st, 0, PLAY_MERCHANT)}
    assert merchant and all(top.hex_land[h] for h in merchant)
    assert merchant == {h for h in top.node_hexes[town] if st.board.terrain[h] < RESOURCES}


def test_gold_pays_resources_a_city_two() -> None:
    st = blank(MAP, cities=True, target=14)
    gold = next(h for h in st.board.land_hexes if st.board.terrain[h] == GOLD)
    corners = st.board.topology.hex_corners[gold]
    crafted.settle(st, 0, corners[0])
    crafted.city(st, 1, corners[3])
    after, _ = rolled(st, st.board.numbers[gold])
    assert after.phase == CHORE
    picks = [c for c in after.chores if c[0] == chores.PICK]
    assert picks == [
        (chores.PICK, 0, 1, chores.PICK_SOURCES.index("gold")),
        (chores.PICK, 1, 2, chores.PICK_SOURCES.index("gold")),
    ]
    assert {m[1] for m in legal(after, 0, PICK)} == set(range(RESOURCES))
    refused(after, 0, (PICK, COIN), "Choose a resource")


def test_the_fog_pays_a_resource_card() -> None:
    st = blank("fog_islands", cities=True, target=14)
    top = st.board.topology
    fog = 0
    for h in st.board.fog_hexes:
        fog |= top.hex_corner_mask[h]
    town, path, _ = next(
        (n, p, e) for n in coast(st, home(st)) for p, e in [sea_path_to(st, n, fog)] if len(p) >= 2
    )
    crafted.settle(st, 0, town)
    ship(st, 0, *path[:-1])
    next_find(st, CARD_NAMES.index("wool"))
    crafted.give(st, 0, lumber=1, wool=1)
    after, events = play(st, 0, (BUILD_SHIP, path[-1]))
    assert "fog_found" in [e.kind for e in events]
    # The found pasture pays a wool, never its commodity (cloth), and nothing waits.
    assert hand(after, 0) == [0, 0, 1, 0, 0, 0, 0, 0]
    assert after.phase == MAIN and after.chores == ()


def test_a_table_without_cities_and_knights_refuses_a_chase_of_the_pirate() -> None:
    st = blank(MAP)
    town = coast(st, home(st))[0]
    refused(st, 0, (CHASE_PIRATE, town), "Knights come with Cities & Knights")


def test_a_knight_is_hired_on_land_at_the_end_of_a_ship_line() -> None:
    st = blank(MAP, cities=True, target=14)
    top = st.board.topology
    landfall = landing(st, 0, corners(st, isles(st)[0]))
    assert top.node_land[landfall] and not st.roads[0]
    crafted.give(st, 0, wool=1, ore=1)
    assert (HIRE_KNIGHT, landfall) in legal(st, 0, HIRE_KNIGHT)
    after = apply(st, 0, (HIRE_KNIGHT, landfall))
    assert ck(after).knights[0] == 1 << landfall
    # Land touched by none of the seat's roads or ships is no post.
    far = next(
        n
        for n in inland(st, home(st))
        if not (st.built | st.blocked) >> n & 1 and not st.reach[0] >> n & 1
    )
    refused(st, 0, (HIRE_KNIGHT, far), "not at the end of one of your roads or ships")


def test_a_knight_walks_from_a_road_through_its_town_and_along_ships_to_an_isle() -> None:
    st = blank(MAP, cities=True, target=14)
    top = st.board.topology
    landfall = landing(st, 0, corners(st, isles(st)[0]))
    town = next(n for n in bits(st.towns[0]))
    edge = road_from(st, town)
    crafted.road(st, 0, edge)
    start = top.other_end(edge, town)
    ck_crafted.knight(st, 0, start, active=True)
    assert (MOVE_KNIGHT, start, landfall) in legal(st, 0, MOVE_KNIGHT)
    after = apply(st, 0, (MOVE_KNIGHT, start, landfall))
    assert ck(after).knights[0] == 1 << landfall and not ck(after).active[0]


def test_a_knight_on_a_ship_walls_other_fleets_and_is_in_reach_of_an_intrigue() -> None:
    st, _, _, (_, last) = fleet_at_sea(seat=1)
    top = st.board.topology
    ck_crafted.knight(st, 1, last)
    # Seat 0's ships reach seat 1's knight at sea from another side.
    free = [e for e in top.node_edges[last] if top.edge_sea[e] and not st.paved >> e & 1]
    beyond = top.other_end(free[0], last)
    town = next(n for n in coast(st, home(st)) if not (st.blocked | st.closed) >> n & 1)
    path, _ = sea_path_to(st, town, 1 << beyond, avoid=sum(1 << e for e in free))
    crafted.settle(st, 0, town)
    ship(st, 0, *path, free[0])
    # The knight is a wall: seat 0 builds no ship onward from its crossing.
    crafted.give(st, 0, lumber=1, wool=1)
    assert free[1:] and not set(free[1:]) & {m[1] for m in legal(st, 0, BUILD_SHIP)}
    # Seat 0's Intrigue reaches the knight its ship touches.
    ck_crafted.progress(st, 0, INTRIGUE)
    assert legal(st, 0, PLAY_INTRIGUE) == [(PLAY_INTRIGUE, last)]


def test_the_sleeping_pirate_still_guards_its_edges() -> None:
    st, _, _, (_, last) = fleet_at_sea()
    pirate = pirate_beside(st, last)
    assert not ck(st).attacks
    guarded = next(
        e
        for e in st.board.topology.node_edges[last]
        if e in st.board.topology.hex_edges[pirate] and not st.paved >> e & 1
    )
    crafted.give(st, 0, lumber=1, wool=1)
    refused(st, 0, (BUILD_SHIP, guarded), "The pirate guards")
