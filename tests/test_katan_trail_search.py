"""The longest trail's fast paths (tree pieces by two sweeps, pieces with a
cycle a chain at a time, pieces skipped by their bound) against the plainest
search there is: every trail from every crossing, a road at a time."""

import random

import pytest

from engine.katan.crafted import blank
from engine.katan.geometry import Topology
from engine.katan.longest_road import Local, longest_trail, trail_from, trail_length
from engine.katan.sea import atlas
from engine.katan.sea.route import mixed_trail, tree_route

TOPOLOGIES = (blank().board.topology, atlas.topology("fog_islands"))


def walk(adj: Local, walls: int, node: int, used: int = 0) -> int:
    """The longest trail from `node` over roads not in `used`, a road at a time."""
    best = 0
    for bit, other in adj[node]:
        if not used & bit:
            length = 1 if walls >> other & 1 else 1 + walk(adj, walls, other, used | bit)
            best = max(best, length)
    return best


def plain(adj: Local, walls: int) -> int:
    """Every trail from every crossing; one may end at a wall but not pass it."""
    return max((walk(adj, walls, n) for n in adj), default=0)


def network(top: Topology, rng: random.Random) -> tuple[int, int]:
    """Roads grown from a random edge, with rings round a few hexes (so some
    pieces have cycles), and walls on some of their crossings."""
    ends = top.edge_end_mask
    edges = 1 << rng.randrange(len(ends))
    for _ in range(rng.randint(0, 24)):
        touched = 0
        for e in range(len(ends)):
            if edges >> e & 1:
                touched |= ends[e]
        near = [e for e in range(len(ends)) if not edges >> e & 1 and ends[e] & touched]
        if near and rng.random() < 0.85:
            edges |= 1 << rng.choice(near)
        else:
            edges |= 1 << rng.randrange(len(ends))
    for _ in range(rng.randint(0, 3)):
        for e in top.hex_edges[rng.randrange(len(top.hex_edges))]:
            if rng.random() < 0.9:
                edges |= 1 << e
    walls = 0
    for e in range(len(ends)):
        if edges >> e & 1 and rng.random() < 0.1:
            walls |= ends[e] & -ends[e]
    return edges, walls


def adjacency(top: Topology, edges: int) -> Local:
    adj: Local = {}
    for e, (a, b) in enumerate(top.edge_ends):
        if edges >> e & 1:
            adj.setdefault(a, []).append((1 << e, b))
            adj.setdefault(b, []).append((1 << e, a))
    return adj


@pytest.mark.parametrize("top", TOPOLOGIES, ids=("base", "fog_islands"))
def test_roads_measure_as_the_plain_search_does(top: Topology) -> None:
    rng = random.Random(18)
    for _ in range(150):
        edges, walls = network(top, rng)
        assert longest_trail(top, edges, walls) == plain(adjacency(top, edges), walls)


def test_roads_and_ships_measure_as_the_plain_search_does() -> None:
    """Seafarers' graph: a crossing split in two but at the seat's towns;
    where no piece closes a ring, measured in one sweep too (`tree_route`)."""
    top = TOPOLOGIES[1]
    rng = random.Random(19)
    wet = top.node_count
    kinds: set[bool] = set()
    for _ in range(150):
        edges, walls = network(top, rng)
        ships = sum(
            1 << e for e in range(len(top.edge_ends)) if edges >> e & 1 and rng.random() < 0.5
        )
        roads = edges & ~ships
        towns = sum(1 << n for n in range(wet) if not walls >> n & 1 and rng.random() < 0.2)
        adj: Local = {}
        for mask, shift in ((roads, 0), (ships, wet)):
            for e, (a, b) in enumerate(top.edge_ends):
                if mask >> e & 1:
                    a += 0 if towns >> a & 1 else shift
                    b += 0 if towns >> b & 1 else shift
                    adj.setdefault(a, []).append((1 << e, b))
                    adj.setdefault(b, []).append((1 << e, a))
        expected = plain(adj, walls | walls << wet)
        assert mixed_trail(top, roads, ships, towns, walls) == expected
        assert trail_length(adj, walls | walls << wet) == expected
        ringed = has_ring(adj, walls | walls << wet)
        assert tree_route(top, roads, ships, towns, walls) == (-1 if ringed else expected)
        kinds.add(ringed)
    assert kinds == {True, False}, "both trees and rings were measured"


def has_ring(adj: Local, walls: int) -> bool:
    """Whether a road joins two crossings (no walls) already joined: a road
    into a wall ends there, so it never closes a ring."""
    root: dict[int, int] = {}

    def find(n: int) -> int:
        while root.get(n, n) != n:
            n = root[n]
        return n

    for n, links in adj.items():
        for _, other in links:
            if n < other and not walls >> n & 1 and not walls >> other & 1:
                a, b = find(n), find(other)
                if a == b:
                    return True
                root[a] = b
    return False


def arm(
    top: Topology, rng: random.Random, start: int, length: int, taken: set[int]
) -> tuple[int, int]:
    """The roads of a walk of up to `length` from `start` through crossings
    not yet `taken` (which it takes), and where it ends."""
    edges, node = 0, start
    for _ in range(length):
        steps = [(bit, other) for bit, other in top.node_adj[node] if other not in taken]
        if not steps:
            break
        bit, node = rng.choice(steps)
        edges |= bit
        taken.add(node)
    return edges, node


def test_a_fork_hanging_off_a_ring_may_hold_the_longest_trail() -> None:
    """A tree hanging off a ring is searched as one chain as deep as the tree,
    so a trail from one arm of a fork to the other, which never reaches the
    ring, is counted as the tree is peeled. A ring of six, a stem out of it
    and two arms from the stem's end (some ending at a wall): the longest
    trail runs tip to tip, or down the longer arm and the stem and round the
    ring."""
    top = TOPOLOGIES[1]
    rng = random.Random(22)
    tip_to_tip = 0
    for _ in range(80):
        ring = top.hex_edges[rng.randrange(len(top.hex_edges))]
        taken = {n for e in ring for n in top.edge_ends[e]}
        stem, fork = arm(top, rng, rng.choice(sorted(taken)), rng.randint(1, 3), taken)
        edges, walls, arms = sum(1 << e for e in ring) | stem, 0, []
        for _ in range(2):
            roads, tip = arm(top, rng, fork, rng.randint(6, 12), taken)
            edges |= roads
            arms.append(roads.bit_count())
            if roads and rng.random() < 0.3:
                walls |= 1 << tip
        expected = max(sum(arms), max(arms) + stem.bit_count() + 6)
        assert plain(adjacency(top, edges), walls) == expected
        assert longest_trail(top, edges, walls) == expected
        tip_to_tip += sum(arms) > max(arms) + stem.bit_count() + 6
    assert tip_to_tip >= 10, "few networks where the arms alone hold the longest trail"


@pytest.mark.parametrize("top", TOPOLOGIES, ids=("base", "fog_islands"))
def test_a_known_floor_skips_pieces_but_never_changes_the_length(top: Topology) -> None:
    """A road or ship laid only lengthens a route, so the rules measure the new
    one with the old as a floor: any floor up to the true length gives the
    true length (pieces that cannot beat it skipped), a higher one itself."""
    rng = random.Random(20)
    for _ in range(150):
        edges, walls = network(top, rng)
        true = plain(adjacency(top, edges), walls)
        for floor in {0, true // 2, max(true - 1, 0), true, true + 2}:
            assert longest_trail(top, edges, walls, floor) == max(true, floor), floor


@pytest.mark.parametrize("top", TOPOLOGIES, ids=("base", "fog_islands"))
def test_a_trail_from_one_crossing_is_found_as_long_as_the_plain_walk_finds(
    top: Topology,
) -> None:
    """`trail_from` says whether a trail of a length starts at a crossing:
    yes up to the longest the plain walk finds from there, no beyond."""
    rng = random.Random(21)
    for _ in range(60):
        edges, walls = network(top, rng)
        adj = adjacency(top, edges)
        for n in adj:
            if walls >> n & 1:
                continue
            longest = walk(adj, walls, n)
            assert trail_from(adj, walls, n, longest)
            assert not trail_from(adj, walls, n, longest + 1)
