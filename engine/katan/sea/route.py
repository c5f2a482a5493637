"""The longest route over one seat's roads and ships (RULINGS 3 and 4 at sea).

A trail changes between roads and ships only at a town of the seat's own
and never passes an opponent's town, so it is measured on a graph where
every other crossing is split in two, a road copy and a ship copy
(`mixed_graph`). Most networks close no ring, and then each piece is a tree
whose longest trail is its longest path, found in one sweep over the
board's masks (`tree_route`); a ring is searched trail by trail
(`longest_road.trail_length`). A sail, the commonest change, is mostly
worked out from the route before it (`sailed_route`).
"""

from engine.katan import network
from engine.katan.geometry import Topology, bits
from engine.katan.longest_road import Local, longest_trail, trail_length
from engine.katan.sea.state import SeaPart
from engine.katan.state import KatanState


def route_length(st: KatanState, seat: int, walls: int, floor: int = 0) -> int:
    """The longest trail over the seat's roads and ships, changing between the
    two only at the seat's own town and never passing an opponent's piece
    (`floor`: a length it is known to reach)."""
    sea: SeaPart = st.sea
    roads, ships = st.roads[seat], sea.ships[seat]
    top = st.board.topology
    if not ships:
        return longest_trail(top, roads, walls, floor)
    towns = network.own_buildings(st, seat)
    length = tree_route(top, roads, ships, towns, walls)
    if length < 0:
        return mixed_trail(top, roads, ships, towns, walls, floor)
    return max(length, floor)


def tree_route(top: Topology, roads: int, ships: int, towns: int, walls: int) -> int:
    """The longest route where no piece of the seat's network closes a ring
    (-1 where one does): `mixed_graph`'s pieces are then trees, whose
    longest trail is their longest path, found in one sweep over the masks
    (no graph built) from each piece's crossings outward and back, each
    crossing joining the two deepest branches below it. Most networks are
    trees; rings are left to `mixed_trail`'s search."""
    count = top.node_count
    node_adj, edge_ends = top.node_adj, top.edge_ends
    both = roads | ships
    best = 0
    seen = 0  # crossings visited, a ship's copy `count` higher as in `mixed_graph`
    rest = both
    while rest:
        low = rest & -rest
        rest ^= low
        a, b = edge_ends[low.bit_length() - 1]
        if walls >> a & 1 and walls >> b & 1:
            best = max(best, 1)
            continue
        shift = count if low & ships else 0
        root = b if walls >> a & 1 else a
        if shift and not towns >> root & 1:
            root += shift
        if seen >> root & 1:
            continue
        seen |= 1 << root
        # Breadth first, so every crossing comes after the one it hangs from:
        # per crossing its parent's index, the road it came by and its two
        # deepest branches.
        order, came, parent, first, second = [root], [0], [-1], [0], [0]
        i = 0
        while i < len(order):
            node = order[i]
            if node >= count:
                node -= count
                mine = ships
            else:
                mine = both if towns >> node & 1 else roads
            skip = came[i]
            for bit, other in node_adj[node]:
                if not bit & mine or bit == skip:
                    continue
                if walls >> other & 1:
                    # A road into a wall: a branch one long that ends there.
                    if first[i] < 1:
                        first[i] = 1
                    elif second[i] < 1:
                        second[i] = 1
                    continue
                if bit & ships and not towns >> other & 1:
                    other += count
                if seen >> other & 1:
                    return -1
                seen |= 1 << other
                order.append(other)
                came.append(bit)
                parent.append(i)
                first.append(0)
                second.append(0)
            i += 1
        for j in range(len(order) - 1, -1, -1):
            deep = first[j]
            if deep + second[j] > best:
                best = deep + second[j]
            up = parent[j]
            if up >= 0:
                deep += 1
                if deep > first[up]:
                    second[up] = first[up]
                    first[up] = deep
                elif deep > second[up]:
                    second[up] = deep
    return best


def mixed_trail(
    top: Topology, roads: int, ships: int, towns: int, walls: int, floor: int = 0
) -> int:
    """Measured as a plain trail on a graph where every crossing but the seat's
    towns is split in two, one copy for its roads and one for its ships, so a
    trail changes between them only where they share a crossing."""
    return trail_length(mixed_graph(top, roads, ships, towns), mixed_walls(top, walls), floor)


def mixed_graph(top: Topology, roads: int, ships: int, towns: int) -> Local:
    """`mixed_trail`'s graph: crossing -> [(edge bit, other end)], a ship's
    crossings numbered `top.node_count` higher but at the seat's towns."""
    wet = top.node_count
    ends = top.edge_ends
    adj: Local = {}
    for mask, shift in ((roads, 0), (ships, wet)):
        for e in bits(mask):
            a, b = ends[e]
            a += 0 if towns >> a & 1 else shift
            b += 0 if towns >> b & 1 else shift
            bit = 1 << e
            adj.setdefault(a, []).append((bit, b))
            adj.setdefault(b, []).append((bit, a))
    return adj


def ship_node(top: Topology, node: int, towns: int) -> int:
    """A ship's end at `node` in `mixed_graph`: the crossing itself at a town
    of the seat's (where roads and ships meet), else its ship copy."""
    return node if towns >> node & 1 else node + top.node_count


def mixed_walls(top: Topology, walls: int) -> int:
    """`walls` in `mixed_graph`: an opponent's town stops roads and ships alike."""
    return walls | walls << top.node_count


def sailed_route(st: KatanState, seat: int, to: int, before: int) -> int:
    """The route once the ship just lifted lies on `to`, from the route
    `before` it was lifted. It left an open end, where a trail through it
    could only end, so the route without it is `before` or one less. Where it
    lands at an open end too (or a wall), a trail through it ends there
    again: the route is `before` + 1 if a trail of `before` starts where it
    joins, `before` if one of `before` - 1 does, and else the route without
    it, which no search need take past `before`. Landing between two pieces
    of the seat's, it is measured whole, from `before` - 1. Measured whole,
    a network without a ring takes one sweep (`tree_route`); only a ring
    builds `mixed_graph` to be searched."""
    top = st.board.topology
    walls = st.ruleset.walls(st, seat)
    towns = network.own_buildings(st, seat)
    sea: SeaPart = st.sea
    roads, fleet = st.roads[seat], sea.ships[seat]
    node_edge = top.node_edge_mask
    ends = top.edge_ends[to]
    joined = [
        n
        for n in ends
        if node_edge[n] & (fleet | (roads if towns >> n & 1 else 0)) and not walls >> n & 1
    ]
    if len(joined) < 2:
        # Where it joins; joined nowhere (a town of no roads or ships), either
        # end that is no wall.
        start = joined[0] if joined else ends[1] if walls >> ends[0] & 1 else ends[0]
        found = _longest_from(top, roads, fleet, towns, walls, start, before)
        if found >= before:
            return before + 1
        if found == before - 1:
            return before
    length = tree_route(top, roads, fleet | 1 << to, towns, walls)
    if length >= 0:
        return length
    adj = mixed_graph(top, roads, fleet, towns)
    walls = mixed_walls(top, walls)
    if len(joined) < 2:
        return trail_length(adj, walls, max(0, before - 1), most=before)
    a, b = (ship_node(top, n, towns) for n in ends)
    adj[a].append((1 << to, b))
    adj[b].append((1 << to, a))
    return trail_length(adj, walls, max(0, before - 1))


def _longest_from(
    top: Topology, roads: int, ships: int, towns: int, walls: int, start: int, most: int
) -> int:
    """The longest trail from crossing `start` out along the seat's ships (or
    along both at a town of its own), up to `most`: `mixed_graph`'s trail
    walked on the masks, a crossing's roads and ships meeting only at a town
    and no trail passing a wall."""
    node_adj = top.node_adj
    both = roads | ships
    best = 0
    # (crossing, on ships: its ship copy, edges used, length)
    stack = [(start, True, 0, 0)]
    while stack:
        node, wet, used, length = stack.pop()
        mine = both if towns >> node & 1 else ships if wet else roads
        for bit, other in node_adj[node]:
            if not bit & mine or used & bit:
                continue
            if length + 1 > best:
                best = length + 1
                if best >= most:
                    return best
            if not walls >> other & 1:
                stack.append((other, bool(bit & ships), used | bit, length + 1))
    return best
