"""The eleven Seafarers maps: each board is the one the rules document describes,
and every seed from 1 to 200 deals a legal one, the same for the same seed."""

import tomllib
from collections import Counter
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from pathlib import Path

import pytest

from engine.katan.components import (
    CANAL,
    DESERT,
    FOG,
    FORTRESS,
    GOLD,
    RESOURCES,
    SEA,
    VILLAGE,
)
from engine.katan.geometry import bits
from engine.katan.maps import Board
from engine.katan.sea import atlas
from engine.katan.sea.deal import SeaDeal
from engine.katan.sea.mapfile import CHEST_NAMES, CHIP_NAMES

SEEDS = range(1, 201)
SEATS = 4


@cache
def dealt(name: str, seed: int) -> SeaDeal:
    return atlas.deal(name, seed)


def kinds(board: Board, island: int) -> Counter[int]:
    return Counter(board.terrain[h] for h in board.islands[island])


def starts(board: Board) -> list[int]:
    return list(board.start_islands)


def others(board: Board) -> list[int]:
    return [i for i in range(len(board.islands)) if i not in board.start_islands]


def sizes(board: Board, islands: list[int]) -> list[int]:
    return sorted(len(board.islands[i]) for i in islands)


# ---- each map is its description (rules-katan-seafarers.md, The maps) ----------------


def _new_shores(b: Board) -> None:
    """A 21-hex home island with one desert; small islands of 3, 3 and 2, gold on two."""
    assert sizes(b, starts(b)) == [21]
    assert kinds(b, starts(b)[0])[DESERT] == 1
    assert sizes(b, others(b)) == [2, 3, 3]
    assert sorted(kinds(b, i)[GOLD] for i in others(b)) == [0, 1, 1]


def _four_islands(b: Board) -> None:
    """Four six-hex start islands and two one-hex gold islets."""
    assert sizes(b, starts(b)) == [6, 6, 6, 6]
    assert sizes(b, others(b)) == [1, 1]
    assert all(kinds(b, i) == {GOLD: 1} for i in others(b))


def _through_the_desert(b: Board) -> None:
    """A 25-hex island with a seven-hex desert cutting it in two; three islets, gold."""
    (home,) = starts(b)
    assert len(b.islands[home]) == 25
    desert = {h for h in b.islands[home] if b.terrain[h] == DESERT}
    assert len(desert) == 7
    rest = [h for h in b.islands[home] if h not in desert]
    assert len(_parts(b, rest)) >= 2  # the desert cuts across: the far side is apart
    assert len(others(b)) == 3
    assert sum(kinds(b, i)[GOLD] for i in others(b)) >= 1
    # Nobody starts beyond the desert: SeaStart keeps to one side.
    near = max(_parts(b, rest), key=len)
    far_nodes = 0
    for h in rest:
        if h not in near:
            far_nodes |= b.topology.hex_corner_mask[h]
    near_nodes = 0
    for h in near:
        near_nodes |= b.topology.hex_corner_mask[h]
    assert b.start_nodes & far_nodes == 0
    assert b.start_nodes & near_nodes == near_nodes


def _fog_islands(b: Board) -> None:
    """A 13-hex home island with one desert, a two-hex islet and a 14-hex bank of fog."""
    assert sizes(b, starts(b)) == [13]
    assert kinds(b, starts(b)[0])[DESERT] == 1
    assert sorted((len(b.islands[i]), kinds(b, i)[FOG]) for i in others(b)) == [(2, 0), (14, 14)]


def _cloth(b: Board) -> None:
    """A 17-hex main island, an eastern isle, two islets, four coastal villages."""
    assert sizes(b, starts(b)) == [17]
    isles = others(b)
    assert len(isles) == 3
    (east,) = [i for i in isles if len(b.islands[i]) > 2]
    assert min(x for x, _ in _coords(b, east)) > max(x for x, _ in _coords(b, starts(b)[0]))
    assert len(b.village_hexes) == 4
    for h in b.village_hexes:
        assert b.island_of[h] in isles
        assert any(b.terrain[n] == SEA for n in b.topology.hex_neighbours[h])


def _tribe(b: Board) -> None:
    """A 17-hex home island and three isles carrying four chips."""
    assert sizes(b, starts(b)) == [17]
    assert len(others(b)) == 3
    assert len(b.chip_hexes) == 4
    assert {b.island_of[h] for h in b.chip_hexes} <= set(others(b))


def _pirate_islands(b: Board) -> None:
    """An 18-hex home island; isles of five and four hexes, each with one fortress."""
    assert sizes(b, starts(b)) == [18]
    assert sizes(b, others(b)) == [4, 5]
    assert all(kinds(b, i)[FORTRESS] == 1 for i in others(b))
    for h in b.fortress_hexes:  # raided from a ship beside it
        assert any(b.terrain[n] == SEA for n in b.topology.hex_neighbours[h])


def _wonders(b: Board) -> None:
    """A 13-hex start island with a desert, a 12-hex island and gold islets."""
    assert sizes(b, starts(b)) == [13]
    assert kinds(b, starts(b)[0])[DESERT] == 1
    isles = others(b)
    assert [len(b.islands[i]) for i in isles if len(b.islands[i]) > 2] == [12]
    islets = [i for i in isles if len(b.islands[i]) <= 2]
    assert len(islets) >= 2
    assert all(kinds(b, i)[GOLD] >= 1 for i in islets)


def _treasure(b: Board) -> None:
    """A 15-hex home island and four fog isles: eight hexes of fog in all."""
    assert sizes(b, starts(b)) == [15]
    assert len(others(b)) == 4
    assert all(set(kinds(b, i)) == {FOG} for i in others(b))
    assert len(b.fog_hexes) == 8


def _oases(b: Board) -> None:
    """One 37-hex island, mostly desert, with three oases (fog) inside it."""
    assert [len(i) for i in b.islands] == [37]
    assert starts(b) == [0]
    dry = sum(1 for h in b.land_hexes if b.terrain[h] in (DESERT, FOG))
    assert dry > 37 / 2
    assert len(b.fog_hexes) == 3
    for h in b.fog_hexes:  # inside the desert, not on the coast
        assert all(b.terrain[n] != SEA for n in b.topology.hex_neighbours[h])


def _great_canal(b: Board) -> None:
    """A 25-hex island split by a row of five canal tiles, and gold islets."""
    (home,) = starts(b)
    assert len(b.islands[home]) == 25
    assert len(b.canal_hexes) == 5
    assert len({b.topology.hexes[h][1] for h in b.canal_hexes}) == 1  # one row
    rest = [h for h in b.islands[home] if h not in b.canal_hexes]
    assert len(_parts(b, rest)) == 2
    assert others(b)
    assert all(kinds(b, i)[GOLD] == len(b.islands[i]) for i in others(b))


DESCRIPTIONS: dict[str, Callable[[Board], None]] = {
    "heading_for_new_shores": _new_shores,
    "four_islands": _four_islands,
    "through_the_desert": _through_the_desert,
    "fog_islands": _fog_islands,
    "cloth_for_catan": _cloth,
    "forgotten_tribe": _tribe,
    "pirate_islands": _pirate_islands,
    "wonders_of_catan": _wonders,
    "treasure_islands": _treasure,
    "oases": _oases,
    "great_canal": _great_canal,
}


def _parts(b: Board, hexes: list[int]) -> list[set[int]]:
    """`hexes` split into side-joined groups."""
    left, out = set(hexes), []
    while left:
        todo = [left.pop()]
        part = set(todo)
        while todo:
            for n in b.topology.hex_neighbours[todo.pop()]:
                if n in left:
                    left.discard(n)
                    part.add(n)
                    todo.append(n)
        out.append(part)
    return out


def _coords(b: Board, island: int) -> list[tuple[int, int]]:
    """Screen-ish coordinates (2q + r, r) of an island's hexes."""
    return [
        (2 * b.topology.hexes[h][0] + b.topology.hexes[h][1], b.topology.hexes[h][1])
        for h in b.islands[island]
    ]


def test_the_eleven_maps_are_the_option_values() -> None:
    assert tuple(DESCRIPTIONS) == atlas.MAP_NAMES
    assert atlas.DEFAULT_MAP == "heading_for_new_shores"
    for name, title, line in atlas.menu():
        assert name in DESCRIPTIONS and title and line and "\n" not in line


@pytest.mark.parametrize("name", atlas.MAP_NAMES)
def test_the_board_is_the_maps_description(name: str) -> None:
    DESCRIPTIONS[name](dealt(name, 1).board)


@pytest.mark.parametrize("name", atlas.MAP_NAMES)
def test_the_scenario_pieces_are_dealt_as_the_rules_say(name: str) -> None:
    sea = atlas.sea_map(name)
    for seed in (1, 2, 3):
        d = dealt(name, seed)
        b = d.board
        fog = set(b.fog_hexes)
        # The fog pile: one tile per fog hex, resources with one gold in every five.
        assert len(d.fog_pile) == len(fog)
        assert sum(1 for t, _ in d.fog_pile if t == GOLD) == len(fog) // 5
        assert all(t < RESOURCES or t == GOLD for t, _ in d.fog_pile)
        assert all(2 <= n <= 12 and n != 7 for _, n in d.fog_pile)
        # Chests lie face down on distinct fog hexes.
        chest_hexes = [h for h, _ in d.chests]
        assert len(set(chest_hexes)) == len(chest_hexes) and set(chest_hexes) <= fog
        assert all(0 <= k < len(CHEST_NAMES) for _, k in d.chests)
        # A chip per chip hex; canal numbers per canal tile; stock per village; strength.
        assert sorted(h for h, _ in d.chips) == sorted(b.chip_hexes)
        assert all(0 <= k < len(CHIP_NAMES) for _, k in d.chips)
        assert sorted(h for h, _ in d.canal_numbers) == sorted(b.canal_hexes)
        assert [h for h, _ in d.village_cloth] == list(b.village_hexes)
        assert all(n == sea.village_cloth > 0 for _, n in d.village_cloth)
        assert all(n == sea.fortress_strength > 0 for _, n in d.fortress_strength)
        assert [h for h, _ in d.fortress_strength] == list(b.fortress_hexes)
    if name == "forgotten_tribe":
        assert Counter(k for _, k in dealt(name, 1).chips) == Counter(
            CHIP_NAMES.index(k) for k in ("point", "harbour", "gold", "point")
        )
    if name == "treasure_islands":
        assert len(dealt(name, 1).chests) == 5
    if name == "oases":
        assert sorted(h for h, _ in dealt(name, 1).chests) == sorted(dealt(name, 1).board.fog_hexes)


# ---- seeds 1..200 give legal boards ---------------------------------------------------


def _numbered(terrain: int) -> bool:
    return terrain < RESOURCES or terrain in (GOLD, VILLAGE)


@pytest.mark.parametrize("name", atlas.MAP_NAMES)
def test_every_seed_deals_a_legal_board(name: str) -> None:
    sea = atlas.sea_map(name)
    top = atlas.topology(name)
    assert top is not None
    boards = set()
    for seed in SEEDS:
        d = dealt(name, seed)
        b = d.board
        assert b.topology is top
        # Terrain: the fixed hexes and the two pools, nothing else.
        land = Counter(b.terrain[h] for h in b.land_hexes)
        pools = Counter(sea.home_terrain) + Counter(sea.isle_terrain)
        assert +Counter({t: n for t, n in land.items() if t < RESOURCES}) == pools
        assert all(not top.hex_land[h] for h, t in enumerate(b.terrain) if t == SEA)
        # Tokens on every numbered hex and only there, from the map's pool.
        for h, t in enumerate(b.terrain):
            assert bool(b.numbers[h]) == _numbered(t), (seed, h)
        assert Counter(n for n in b.numbers if n) == Counter(sea.tokens)
        red = {h for h, n in enumerate(b.numbers) if n in (6, 8)}
        for h in red:
            assert not red & set(top.hex_neighbours[h]), (seed, h)
        _harbours_legal(b, sea.harbours, sea.harbour_coast)
        # The hidden piles are the map's, reshuffled.
        assert Counter(t for t, _ in d.fog_pile) == Counter(sea.fog_pile)
        assert Counter(n for _, n in d.fog_pile) == Counter(sea.fog_tokens)
        assert Counter(k for _, k in d.chests) == Counter(sea.chests)
        assert Counter(n for _, n in d.canal_numbers) == Counter(sea.canal_tokens)
        boards.add((b.terrain, b.numbers, b.harbours))
    assert len(boards) == len(SEEDS)


def _harbours_legal(b: Board, pool: tuple[int, ...], coast: str) -> None:
    top = b.topology
    edges = [e for e, _ in b.harbours]
    assert sorted(k for _, k in b.harbours) == sorted(pool)
    assert len(set(edges)) == len(edges)
    used = 0
    for e in edges:
        assert e in top.coast and top.edge_land[e] and top.edge_sea[e]
        assert not used & top.edge_end_mask[e], "two harbours share a crossing"
        used |= top.edge_end_mask[e]
        (h,) = [h for h in top.edge_hexes[e] if top.hex_land[h]]
        assert b.terrain[h] < RESOURCES
        if coast == "home":
            assert b.island_of[h] in b.start_islands


def _room(b: Board) -> int:
    """Settlements that fit on the start crossings under the distance rule (greedy)."""
    free, n = b.start_nodes, 0
    for node in bits(b.start_nodes):
        if free >> node & 1:
            free &= ~b.topology.node_block_mask[node]
            n += 1
    return n


@pytest.mark.parametrize("name", atlas.MAP_NAMES)
def test_the_start_has_room_for_every_seat(name: str) -> None:
    b = dealt(name, 1).board
    assert _room(b) >= 2 * SEATS
    assert b.start_nodes & ~b.topology.land_nodes == 0
    for h in b.fog_hexes:
        assert not b.start_nodes & b.topology.hex_corner_mask[h]
    for h in b.chip_hexes:
        assert not b.start_nodes & b.topology.hex_corner_mask[h]


@pytest.mark.parametrize("name", atlas.MAP_NAMES)
def test_the_topology_is_sound_and_every_island_is_reachable_by_ship(name: str) -> None:
    b = dealt(name, 1).board
    top = b.topology
    for e in range(top.edge_count):
        a, z = top.edge_ends[e]
        assert a != z and e in top.node_edges[a] and e in top.node_edges[z]
        assert top.edge_land[e] or top.edge_sea[e]
        assert top.edge_land[e] == any(top.hex_land[h] for h in top.edge_hexes[e])
    for n in range(top.node_count):
        assert 2 <= len(top.node_edges[n]) <= 3
        assert top.node_land[n] == any(top.hex_land[h] for h in top.node_hexes[n])
        if top.node_land[n]:
            assert any(top.edge_land[e] for e in top.node_edges[n])
        islands = {b.island_of[h] for h in top.node_hexes[n] if top.hex_land[h]}
        assert len(islands) <= 1, "two islands share a crossing"
    for island in b.islands:
        coast = [e for h in island for e in top.hex_edges[h] if e in top.coast]
        assert coast
        assert all(top.edge_land[e] and top.edge_sea[e] for e in coast)
    # From any start island, ships along sea edges reach every island's shore.
    reached = b.start_nodes & -b.start_nodes
    frontier = [reached.bit_length() - 1]
    while frontier:
        n = frontier.pop()
        for e in top.node_edges[n]:
            m = top.other_end(e, n)
            if top.edge_sea[e] and not reached >> m & 1:
                reached |= 1 << m
                frontier.append(m)
    for island in b.islands:
        assert any(reached & top.hex_corner_mask[h] for h in island)
    assert not top.hex_land[b.pirate_start]
    if b.robber_start >= 0:
        assert b.terrain[b.robber_start] in (DESERT, CANAL)
    else:
        assert DESERT not in b.terrain and CANAL not in b.terrain


def test_robber_hexes_leave_out_fog_and_fortresses() -> None:
    for name in ("fog_islands", "pirate_islands", "oases"):
        b = dealt(name, 5).board
        shut = set(b.fog_hexes) | set(b.fortress_hexes)
        assert shut
        assert set(b.robber_hexes) == set(b.land_hexes) - shut


def test_gold_producers_are_the_gold_fields_by_number() -> None:
    b = dealt("heading_for_new_shores", 9).board
    listed = {h: n for n, fields in enumerate(b.gold_producers) for h, _ in fields}
    assert listed == {h: b.numbers[h] for h in b.land_hexes if b.terrain[h] == GOLD}
    assert len(listed) == 2
    for fields in b.gold_producers:
        for h, corners in fields:
            assert corners == b.topology.hex_corner_mask[h]
    assert all(t != GOLD for fields in b.producers for _, t, _ in fields)


@pytest.mark.parametrize("name", atlas.MAP_NAMES)
def test_the_same_seed_deals_the_same_board_and_piles(name: str) -> None:
    a, z = atlas.deal(name, 77), atlas.deal(name, 77)
    assert a is not z
    assert (a.board.terrain, a.board.numbers, a.board.harbours) == (
        z.board.terrain,
        z.board.numbers,
        z.board.harbours,
    )
    assert (a.fog_pile, a.chests, a.canal_numbers, a.chips) == (
        z.fog_pile,
        z.chests,
        z.canal_numbers,
        z.chips,
    )


def test_hidden_piles_vary_with_the_seed() -> None:
    piles = {dealt("fog_islands", s).fog_pile for s in range(1, 41)}
    chests = {dealt("treasure_islands", s).chests for s in range(1, 41)}
    canal = {dealt("great_canal", s).canal_numbers for s in range(1, 41)}
    assert len(piles) == 40 and len(chests) > 30 and len(canal) > 30


def test_a_stored_board_rebuilds_to_the_dealt_one() -> None:
    for name in atlas.MAP_NAMES:
        b = dealt(name, 12).board
        again = atlas.rebuild(name, b.terrain, b.numbers, b.harbours)
        for slot in Board.__slots__:
            assert getattr(again, slot) == getattr(b, slot), (name, slot)


def test_unknown_map_names_are_refused() -> None:
    with pytest.raises(KeyError, match="no Seafarers map 'atlantis'"):
        atlas.sea_map("atlantis")
    assert atlas.topology("atlantis") is None
    assert atlas.topology("standard") is None
    assert atlas.deal(None, 3).board.map_name == atlas.DEFAULT_MAP


def test_the_docs_draw_every_map_as_its_file_does() -> None:
    page = (Path(__file__).parent.parent / "docs" / "seafarers.md").read_text()
    for name in atlas.MAP_NAMES:
        sea = atlas.sea_map(name)
        drawn = tomllib.loads((files("engine.katan.sea") / "maps" / f"{name}.toml").read_text())
        assert f"```text\n{drawn['map'].rstrip()}\n```" in page, name
        assert f"> {sea.description}" in page and f"(`{name}`)" in page
        assert sea.design in page
