"""The lattice and the standard island: counts, sharing by integer position,
the coastal ring, harbours, and the seeded deal."""

from collections import Counter

import pytest

from engine.katan.components import (
    DESERT,
    FIELDS,
    FOREST,
    GENERIC_HARBOUR,
    HILLS,
    MOUNTAINS,
    PASTURE,
    RESOURCES,
    SEA,
)
from engine.katan.geometry import Topology
from engine.katan.maps import STANDARD, MapSpec, deal, topology_of

TOP = topology_of(STANDARD)


def test_standard_island_counts() -> None:
    assert len(TOP.hexes) == 19
    assert TOP.node_count == 54
    assert TOP.edge_count == 72
    assert len(TOP.coast) == 30
    assert [len(ring) for ring in TOP.coast_rings] == [30]
    assert len(deal(STANDARD, 1).harbours) == 9


def test_neighbouring_hexes_share_crossings_and_edges_exactly() -> None:
    for h, neighbours in enumerate(TOP.hex_neighbours):
        for g in neighbours:
            assert len(set(TOP.hex_corners[h]) & set(TOP.hex_corners[g])) == 2
            assert len(set(TOP.hex_edges[h]) & set(TOP.hex_edges[g])) == 1
    # Interior crossings touch three hexes; every crossing one to three.
    assert Counter(len(hs) for hs in TOP.node_hexes) == {1: 18, 2: 12, 3: 24}
    assert all(len(es) in (2, 3) for es in TOP.node_edges)


def test_edges_join_adjacent_corners_of_their_hexes() -> None:
    for h in range(len(TOP.hexes)):
        corners = TOP.hex_corners[h]
        for side, e in enumerate(TOP.hex_edges[h]):
            assert set(TOP.edge_ends[e]) == {corners[side], corners[(side + 1) % 6]}


def test_coastal_ring_is_closed_and_consecutive_edges_meet() -> None:
    ring = TOP.coast_rings[0]
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        assert set(TOP.edge_ends[a]) & set(TOP.edge_ends[b])
    assert all(len(TOP.edge_hexes[e]) == 1 for e in ring)


def test_ids_read_top_to_bottom() -> None:
    rows = [TOP.node_key[n][1] for n in range(TOP.node_count)]
    assert rows == sorted(rows)
    assert TOP.hexes[0] == (0, -2) and TOP.hexes[-1] == (0, 2)


def test_harbours_sit_on_the_coast_apart_from_each_other() -> None:
    board = deal(STANDARD, 7)
    ring = TOP.coast_rings[0]
    positions = sorted(ring.index(edge) for edge, _ in board.harbours)
    gaps = [(b - a) % 30 for a, b in zip(positions, positions[1:] + positions[:1], strict=True)]
    assert min(gaps) >= 3
    kinds = Counter(kind for _, kind in board.harbours)
    assert kinds == {**{r: 1 for r in range(RESOURCES)}, GENERIC_HARBOUR: 4}


def test_the_frame_is_fixed_and_the_kinds_shuffled() -> None:
    boards = [deal(STANDARD, seed) for seed in range(1, 30)]
    assert len({tuple(e for e, _ in b.harbours) for b in boards}) == 1
    assert len({tuple(k for _, k in b.harbours) for b in boards}) > 10


@pytest.mark.parametrize("seed", [1, 2, 99, -5, 2**63 - 1])
def test_terrain_and_tokens_are_the_published_mix(seed: int) -> None:
    board = deal(STANDARD, seed)
    assert Counter(board.terrain) == {
        FOREST: 4,
        PASTURE: 4,
        FIELDS: 4,
        HILLS: 3,
        MOUNTAINS: 3,
        DESERT: 1,
    }
    tokens = sorted(n for n in board.numbers if n)
    assert tokens == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    desert = board.terrain.index(DESERT)
    assert board.numbers[desert] == 0
    assert board.robber_start == desert


def test_six_and_eight_never_adjacent_over_seeds_1_to_500() -> None:
    for seed in range(1, 501):
        board = deal(STANDARD, seed)
        red = [h for h, n in enumerate(board.numbers) if n in (6, 8)]
        assert len(red) == 4
        for h in red:
            assert not set(TOP.hex_neighbours[h]) & set(red), seed


def test_the_deal_is_a_function_of_the_seed() -> None:
    a, b = deal(STANDARD, 42), deal(STANDARD, 42)
    assert (a.terrain, a.numbers, a.harbours) == (b.terrain, b.numbers, b.harbours)
    layouts = {(deal(STANDARD, s).terrain, deal(STANDARD, s).numbers) for s in range(1, 50)}
    assert len(layouts) == 49


def test_sea_hexes_make_ship_edges_and_open_water_crossings() -> None:
    """A later map lists its sea: the same lattice gives roads, ships and coast."""
    hexes = {(0, 0): True, (1, 0): False, (2, 0): False, (1, -1): True}
    top = Topology(hexes)
    assert sum(top.edge_land) < top.edge_count
    assert any(top.edge_sea[e] and not top.edge_land[e] for e in range(top.edge_count))
    assert any(not land for land in top.node_land)
    coastal = [e for e in top.coast if top.edge_land[e] and top.edge_sea[e]]
    assert coastal  # a coastal edge takes a road or a ship


def test_a_map_that_cannot_keep_red_numbers_apart_is_refused() -> None:
    hexes = {(0, 0): True, (1, 0): True}
    spec = MapSpec("pair", hexes, (FOREST, HILLS), (6, 8), (), ())
    with pytest.raises(ValueError, match="red numbers"):
        deal(spec, 1)


def test_sea_terrain_is_never_dealt_as_land() -> None:
    assert SEA not in deal(STANDARD, 3).terrain
