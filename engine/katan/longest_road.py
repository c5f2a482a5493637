"""Longest Road: the longest trail through one seat's roads (RULINGS 3 and 4).

A trail uses no road twice but may pass a crossing twice, so a ring of six
around a hex counts six and two rings sharing a side count eleven; a fork
counts only its longer arm because a trail cannot go back along a road. An
opponent's building is a wall: a trail may end at it but never pass through.

Only seats a move can affect are recomputed (the builder of a road, and the
owners of roads through a crossing that just gained an opponent's building).
"""

from engine.katan.components import LONGEST_ROAD_MIN
from engine.katan.geometry import Topology, bits

Local = dict[int, list[tuple[int, int]]]


def longest_trail(topology: Topology, roads: int, walls: int, floor: int = 0) -> int:
    """Length of the longest trail over the edges in `roads` (`floor`: see
    `trail_length`)."""
    ends = topology.edge_ends
    adj: Local = {}
    rest = roads
    while rest:
        low = rest & -rest
        rest ^= low
        a, b = ends[low.bit_length() - 1]
        adj.setdefault(a, []).append((low, b))
        adj.setdefault(b, []).append((low, a))
    return trail_length(adj, walls, floor)


def trail_length(adj: Local, walls: int, floor: int = 0, most: int = -1) -> int:
    """The longest trail of a graph given as crossing -> [(edge bit, other end)]
    (Seafarers measures roads and ships together on a graph of its own).

    A trail may end at a wall but not pass it, so each wall acts as one dead
    end per edge into it; split that way the graph falls into pieces, and
    the longest trail is the longest of any piece's. A piece without a cycle
    (most networks: roads rarely close a ring) is a tree, where a trail
    cannot visit a crossing twice, so its longest trail is its longest path,
    found by two sweeps; only a piece with a cycle is searched trail by trail,
    and only while it could still beat the longest found.

    `floor` is a length some trail of the graph is known to reach (the seat's
    route before it laid one more piece, which cannot shorten it): a piece
    that cannot beat it is not measured, and it is the answer when none does.
    `most`, when given, is a length no trail of the graph passes: a search
    that reaches it stops there.
    """
    best = floor
    done = 0
    for n, links in adj.items():
        if done >> n & 1:
            continue
        if walls >> n & 1:
            # A road between two walls is a piece of its own, one road long;
            # every other piece is entered from a crossing that is no wall.
            if best == 0 and any(walls >> other & 1 for _, other in links):
                best = 1
            continue
        nodes, edges, dead_ends, odd = _piece(adj, walls, n)
        done |= nodes
        roads = edges.bit_count()
        if roads <= best:
            continue
        if roads == nodes.bit_count() + dead_ends - 1:
            length = _longest_path(adj, walls, n)
        else:
            # Where an odd number of roads meet (a dead end is one road), a
            # trail leaves one unused unless it starts or ends there, and an
            # unused road serves two such places at most.
            bound = roads - max(0, (odd + dead_ends - 2) // 2)
            if 0 <= most < bound:
                bound = most
            if bound <= best:
                continue
            length = _search(adj, walls, nodes, bound, best)
        if length > best:
            best = length
    return best


def _piece(adj: Local, walls: int, start: int) -> tuple[int, int, int, int]:
    """The crossings (no wall) joined to `start` without passing a wall, their
    roads as a mask, how many of those roads end at a wall, and how many of
    the crossings have an odd number of roads."""
    nodes = 1 << start
    edges = 0
    dead_ends = 0
    odd = 0
    stack = [start]
    while stack:
        links = adj[stack.pop()]
        odd += len(links) & 1
        for bit, other in links:
            if edges & bit:
                continue
            edges |= bit
            if walls >> other & 1:
                dead_ends += 1
            elif not nodes >> other & 1:
                nodes |= 1 << other
                stack.append(other)
    return nodes, edges, dead_ends, odd


def _longest_path(adj: Local, walls: int, start: int) -> int:
    """The longest path of a tree piece: the farthest end from any crossing is
    one end of a longest path, and the farthest from it is the other."""
    _, end, via = _farthest(adj, walls, start, 0)
    if walls >> end & 1:
        # The far end is a wall: the path starts on the one road into it.
        for bit, other in adj[end]:
            if bit == via:
                return 1 + _farthest(adj, walls, other, via)[0]
    return _farthest(adj, walls, end, 0)[0]


def _farthest(adj: Local, walls: int, start: int, skip: int) -> tuple[int, int, int]:
    """In a tree piece, the distance to the crossing farthest from `start` (not
    along road `skip`), that crossing and the road that reaches it."""
    best, end, via = 0, start, 0
    stack = [(start, skip, 0)]
    while stack:
        node, came, dist = stack.pop()
        dist += 1
        for bit, other in adj[node]:
            if bit == came:
                continue
            if dist > best:
                best, end, via = dist, other, bit
            if not walls >> other & 1:
                stack.append((other, bit, dist))
    return best, end, via


def _search(adj: Local, walls: int, nodes: int, bound: int, best: int) -> int:
    """A piece with a cycle: the longest of its trails if longer than `best`
    (else `best`), searched from each crossing where a trail may start until
    one is as long as `bound`, which none can pass.

    Trees hanging off the piece's cycles are dead ends: a trail that enters
    one cannot come back, so it goes no deeper than the tree's deepest
    crossing. Peeled off leaf by leaf, each tree becomes one chain of that
    depth into a dead end, and only the cyclic core is searched trail by
    trail (the trees' own longest paths counted as they are peeled).

    A longest trail that is not closed starts and ends at a dead end or at a
    crossing where an odd number of the seat's roads meet (otherwise an
    unused road there would lengthen it), and a closed one that passes such a
    crossing could be lengthened too; so it runs from branch to branch (or
    dead end) along whole chains of two-road crossings, and the search steps
    a chain at a time. A core with no branch is a simple ring."""
    core, hanging, best = _peel(adj, walls, nodes, best)
    dead = max(core) + 1  # one crossing number for every dead end
    chains: dict[int, list[tuple[int, int, int]]] = {}
    searched = 0
    odd = 0
    dead_ends = 0
    for n, links in core.items():
        trees = hanging.get(n, ())
        if len(links) == 2 and not trees:
            continue
        out = [_chain(core, hanging, bit, node) for bit, node in links]
        out.extend((path, depth, dead) for depth, path in trees)
        dead_ends += len(trees)
        for mask, _, _ in out:
            searched |= mask
        odd += len(out) & 1
        chains[n] = out
    if not chains:
        return max(best, len(core))
    bound = min(bound, searched.bit_count() - max(0, (odd + dead_ends - 2) // 2))
    if bound <= best:
        return best
    top = [best]
    dead_end = 1 << dead
    for n, out in chains.items():
        if _trail(chains, dead_end, searched, n, 0, 0, top, bound):
            break
        for mask, steps, end in out:
            if end == dead:
                # From the dead end along this chain, then on from n.
                if steps > top[0]:
                    top[0] = steps
                if _trail(chains, dead_end, searched, n, mask, steps, top, bound):
                    return top[0]
    return top[0]


def _peel(
    adj: Local, walls: int, nodes: int, best: int
) -> tuple[Local, dict[int, list[tuple[int, int]]], int]:
    """The piece's cyclic core (crossing -> its roads to other core crossings),
    the trees hanging off each core crossing as (depth, roads of the deepest
    path), and `best` raised to the longest path within any one tree (a
    trail that never reaches the core: it turns at a fork of the tree). A
    road into a wall is a tree of depth one. (Two trees at one core crossing,
    which a crossing of three roads cannot have, the search would join.)"""
    core: Local = {}
    hanging: dict[int, list[tuple[int, int]]] = {}
    for n in bits(nodes):
        links = []
        for bit, other in adj[n]:
            if walls >> other & 1:
                hanging.setdefault(n, []).append((1, bit))
            else:
                links.append((bit, other))
        core[n] = links
    leaves = [n for n, links in core.items() if len(links) == 1]
    while leaves:
        leaf = leaves.pop()
        bit, stem = core.pop(leaf)[0]
        depth, path = 0, 0
        trees = hanging.pop(leaf, None)
        if trees:
            trees.sort(reverse=True)
            depth, path = trees[0]
            if len(trees) > 1 and depth + trees[1][0] > best:
                best = depth + trees[1][0]
        left = core[stem] = [link for link in core[stem] if link[0] != bit]
        hanging.setdefault(stem, []).append((depth + 1, path | bit))
        if len(left) == 1:
            leaves.append(stem)
    return core, hanging, best


def _chain(
    core: Local, hanging: dict[int, list[tuple[int, int]]], bit: int, node: int
) -> tuple[int, int, int]:
    """The chain leaving a branch along road `bit` to `node`: its roads as a
    mask, its length and the branch where it ends."""
    mask, steps, came = bit, 1, bit
    while True:
        links = core[node]
        if len(links) != 2 or node in hanging:
            return mask, steps, node
        came, node = links[1] if links[0][0] == came else links[0]
        mask |= came
        steps += 1


def _trail(
    chains: dict[int, list[tuple[int, int, int]]],
    walls: int,
    edges: int,
    node: int,
    used: int,
    length: int,
    top: list[int],
    bound: int,
) -> bool:
    """Every trail on from `node` (`length` long so far) over chains not in
    `used`, raising `top[0]` to the longest; a branch whose unused roads
    cannot take it past `top[0]` is not walked. True once `bound` is reached."""
    for mask, steps, end in chains[node]:
        if used & mask:
            continue
        total = length + steps
        if total > top[0]:
            top[0] = total
            if total >= bound:
                return True
        if walls >> end & 1:
            continue
        now = used | mask
        if total + (edges & ~now).bit_count() > top[0] and _trail(
            chains, walls, edges, end, now, total, top, bound
        ):
            return True
    return False


def trail_from(adj: Local, walls: int, start: int, need: int) -> bool:
    """Whether a trail of `need` roads or more starts at `start` (a crossing
    that is no wall): walked road by road, stopping at the first."""
    if need <= 0:
        return True
    stack = [(start, 0, 0)]
    while stack:
        node, used, length = stack.pop()
        for bit, other in adj.get(node, ()):
            if used & bit:
                continue
            if length + 1 >= need:
                return True
            if not walls >> other & 1:
                stack.append((other, used | bit, length + 1))
    return False


def award_holder(lengths: list[int], holder: int) -> int:
    """Who holds Longest Road after lengths change (RULINGS 4).

    The holder keeps it while still at least tied for longest with five or
    more; otherwise a sole longest road of five or more takes it, and a tie
    among the longest leaves it unheld until one seat is strictly longest.
    """
    best = max(lengths)
    if holder >= 0 and lengths[holder] >= LONGEST_ROAD_MIN and lengths[holder] == best:
        return holder
    if best >= LONGEST_ROAD_MIN and lengths.count(best) == 1:
        return lengths.index(best)
    return -1
