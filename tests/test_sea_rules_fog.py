"""The fog and its chests: a road or ship reaching a fog hex (built, sailed or
laid free) turns it over from the hidden pile and pays its finder; a gold
find is a choice, after which Road Building resumes; nothing produces or
hosts the robber beside fog until it is found; a chest under the fog opens
at once (goods, a choice, a development card, the makings of two roads)."""

from engine.katan import chores, crafted
from engine.katan.components import (
    DESERT,
    FOG,
    FOREST,
    GOLD,
    GRAIN,
    LUMBER,
    MOUNTAINS,
    ORE,
    ROAD_BUILDING,
    WOOL,
)
from engine.katan.moves import (
    BUILD_ROAD,
    BUILD_SHIP,
    MOVE_ROBBER,
    MOVE_SHIP,
    PICK,
    PLAY_ROAD_BUILDING,
)
from engine.katan.sea.crafted import chest, next_find, ship
from engine.katan.sea.discovery import CHOICE_CHEST, DEVELOPMENT_CHEST, GOODS_CHEST, ROADS_CHEST
from engine.katan.state import CHORE, FREE_ROADS, MAIN, KatanState, dev_size
from tests.sea_support import (
    apply,
    blank,
    coast,
    hand,
    home,
    kinds,
    legal,
    play,
    rolled,
    sea,
    sea_path_to,
)

FIND = chores.PICK_SOURCES.index("find")
CHEST = chores.PICK_SOURCES.index("chest")


def fog_corners(st: KatanState) -> int:
    out = 0
    for h in st.board.fog_hexes:
        out |= st.board.topology.hex_corner_mask[h]
    return out


def short_of_the_fog(map_name: str) -> tuple[KatanState, int, int, list[int]]:
    """Seat 0's town on the home coast and ships to one edge short of the fog;
    returns (state, the town, the last edge to the fog, the fog hexes it reaches)."""
    st = blank(map_name)
    top = st.board.topology
    for node in coast(st, home(st)):
        path, end = sea_path_to(st, node, fog_corners(st))
        if len(path) >= 2:
            break
    crafted.settle(st, 0, node)
    ship(st, 0, *path[:-1])
    crafted.give(st, 0, lumber=1, wool=1)
    found = [h for h in top.node_hexes[end] if st.board.terrain[h] == FOG]
    return st, node, path[-1], found


def test_a_ship_reaching_the_fog_turns_it_over_and_pays_what_lies_there() -> None:
    st, _, edge, found = short_of_the_fog("fog_islands")
    tile = next_find(st, FOREST)
    pile = len(sea(st).fog_pile)
    after, events = play(st, 0, (BUILD_SHIP, edge))
    first = found[0]
    assert (after.board.terrain[first], after.board.numbers[first]) == tile
    assert len(sea(after).fog_pile) == pile - len(found) and sea(after).found == len(found)
    assert kinds(events).count("fog_found") == len(found)
    assert hand(after, 0)[LUMBER] >= 1
    assert after.board.terrain[first] != FOG and first not in after.board.fog_hexes
    assert st.board.terrain[first] == FOG  # the board the earlier state holds is untouched


def test_one_piece_finds_every_fog_hex_at_its_ends() -> None:
    # In play the first piece to touch the fog always touches one hex (neighbouring
    # crossings share two hexes); from a town placed beside the fog by hand, one
    # ship reaches two at once.
    st = blank("fog_islands")
    top = st.board.topology
    fog = set(st.board.fog_hexes)
    town, edge = next(
        (n, e)
        for n in range(top.node_count)
        if sum(h in fog for h in top.node_hexes[n]) == 1
        for e in top.node_edges[n]
        if top.edge_sea[e]
        and {h for h in top.node_hexes[top.other_end(e, n)] if h in fog} - set(top.node_hexes[n])
    )
    crafted.settle(st, 0, town)
    crafted.give(st, 0, lumber=1, wool=1)
    after = apply(st, 0, (BUILD_SHIP, edge))
    reached = {h for end in top.edge_ends[edge] for h in top.node_hexes[end] if h in fog}
    assert len(reached) >= 2 and sea(after).found == len(reached)
    assert all(after.board.terrain[h] != FOG for h in reached)


def test_a_ship_that_sails_into_the_fog_finds_it() -> None:
    st, town, edge, found = short_of_the_fog("fog_islands")
    top = st.board.topology
    spare = next(
        e
        for e in top.node_edges[town]
        if top.edge_sea[e] and not st.paved >> e & 1 and not top.edge_end_mask[e] & fog_corners(st)
    )
    ship(st, 0, spare)
    next_find(st, MOUNTAINS)
    assert (MOVE_SHIP, spare, edge) in legal(st, 0, MOVE_SHIP)
    after, events = play(st, 0, (MOVE_SHIP, spare, edge))
    assert "fog_found" in kinds(events)
    assert after.board.terrain[found[0]] == MOUNTAINS and hand(after, 0)[ORE] >= 1


def test_a_gold_find_is_a_choice_and_road_building_resumes_after_it() -> None:
    st, _, edge, found = short_of_the_fog("fog_islands")
    assert len(found) == 1
    next_find(st, GOLD)
    crafted.give_dev(st, 0, ROAD_BUILDING)
    st = apply(st, 0, (PLAY_ROAD_BUILDING,))
    st = apply(st, 0, (BUILD_SHIP, edge))
    assert st.phase == CHORE and st.chores == ((chores.PICK, 0, 1, FIND),)
    assert st.back == FREE_ROADS and st.free_roads == 1
    st = apply(st, 0, (PICK, GRAIN))
    assert st.phase == FREE_ROADS and hand(st, 0)[GRAIN] == 1
    second = legal(st, 0, BUILD_SHIP)[0]
    st = apply(st, 0, second)
    assert st.phase == MAIN


def test_a_gold_find_with_the_last_free_piece_ends_road_building() -> None:
    st, town, edge, _ = short_of_the_fog("fog_islands")
    next_find(st, GOLD)
    crafted.give_dev(st, 0, ROAD_BUILDING)
    st = apply(st, 0, (PLAY_ROAD_BUILDING,))
    top = st.board.topology
    road = next(
        e for e in top.node_edges[town] if top.road_edges >> e & 1 and not st.paved >> e & 1
    )
    st = apply(st, 0, (BUILD_ROAD, road))
    st = apply(st, 0, (BUILD_SHIP, edge))
    assert st.phase == CHORE and st.free_roads == 0
    st = apply(st, 0, (PICK, WOOL))
    assert st.phase == MAIN


def test_nothing_produces_or_hosts_the_robber_beside_fog_until_it_is_found() -> None:
    st, _, edge, found = short_of_the_fog("fog_islands")
    hidden = found[0]
    top = st.board.topology
    # A settlement beside the fog (no setup spot is; a later one may be).
    beside = next(n for n in top.hex_corners[hidden] if not st.blocked >> n & 1)
    crafted.settle(st, 1, beside)
    tile = next_find(st, FOREST)
    for total in range(2, 13):
        if total != 7:
            assert rolled(st, total)[0].hands[st.width : 2 * st.width] == [0] * st.width
    seven, _ = rolled(st, 7)
    assert hidden not in {m[1] for m in legal(seven, 0, MOVE_ROBBER)}
    after = apply(st, 0, (BUILD_SHIP, edge))
    paid, _ = rolled(after, tile[1])
    assert hand(paid, 1)[LUMBER] >= 1
    seven, _ = rolled(after, 7)
    assert hidden in {m[1] for m in legal(seven, 0, MOVE_ROBBER)}


def test_a_road_reaching_an_oasis_finds_it() -> None:
    st = blank("oases")
    top = st.board.topology
    oasis = st.board.fog_hexes[0]
    # A town two road edges from the oasis.
    target = top.hex_corners[oasis][0]
    start, middle = next(
        (a, m)
        for m in top.node_nodes[target]
        if not top.hex_corner_mask[oasis] >> m & 1
        for a in top.node_nodes[m]
        if a != target and not fog_corners(st) >> a & 1
    )
    crafted.settle(st, 0, start)
    crafted.road(st, 0, top.edge_between(start, middle) or 0)
    crafted.give(st, 0, lumber=1, brick=1)
    road = top.edge_between(middle, target)
    assert road is not None
    after, events = play(st, 0, (BUILD_ROAD, road))
    assert "fog_found" in kinds(events)
    assert after.board.terrain[oasis] not in (FOG, DESERT)


def chest_find(kind: int) -> tuple[KatanState, KatanState]:
    """Seat 0's ship finds a forest with a chest of `kind` under it."""
    st, _, edge, found = short_of_the_fog("treasure_islands")
    chest(st, found[0], kind)
    next_find(st, FOREST)
    after, events = play(st, 0, (BUILD_SHIP, edge))
    assert "chest" in kinds(events)
    assert found[0] not in dict(sea(after).chests)
    assert len(sea(after).chests) == len(sea(st).chests) - 1
    return st, after


def gained(before: KatanState, after: KatanState) -> list[int]:
    return [a - b for a, b in zip(hand(after, 0), hand(before, 0), strict=True)]


def test_a_goods_chest_holds_a_brick_a_wool_and_a_grain() -> None:
    before, after = chest_find(GOODS_CHEST)
    # Besides paying for the ship and finding a forest's lumber:
    assert gained(before, after) == [0, 1, 0, 1, 0]


def test_a_choice_chest_is_a_pick() -> None:
    _, after = chest_find(CHOICE_CHEST)
    assert after.phase == CHORE and after.chores == ((chores.PICK, 0, 1, CHEST),)
    assert apply(after, 0, (PICK, ORE)).phase == MAIN


def test_a_development_chest_draws_a_card_or_a_pick_when_the_deck_is_empty() -> None:
    before, after = chest_find(DEVELOPMENT_CHEST)
    assert dev_size(after, 0) == dev_size(before, 0) + 1 and after.phase == MAIN
    st, _, edge, found = short_of_the_fog("treasure_islands")
    chest(st, found[0], DEVELOPMENT_CHEST)
    for k, n in enumerate(st.deck):
        crafted.give_dev(st, 1, k, n)
    after = apply(st, 0, (BUILD_SHIP, edge))
    assert after.chores == ((chores.PICK, 0, 1, CHEST),) and dev_size(after, 0) == 0


def test_a_roads_chest_holds_two_lumber_and_two_brick() -> None:
    before, after = chest_find(ROADS_CHEST)
    # Besides paying for the ship and finding a forest's lumber:
    assert gained(before, after) == [2, 2, -1, 0, 0]
