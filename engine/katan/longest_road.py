"""Longest Road: the longest trail through one seat's roads (RULINGS 3 and 4).

A trail uses no road twice but may pass a crossing twice, so a ring of six
around a hex counts six and two rings sharing a side count eleven; a fork
counts only its longer arm because a trail cannot go back along a road. An
opponent's building is a wall: a trail may end at it but never pass through.

Only seats a move can affect are recomputed (the builder of a road, and the
owners of roads through a crossing that just gained an opponent's building).
"""

from engine.katan.components import LONGEST_ROAD_MIN
from engine.katan.geometry import Topology

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


def trail_length(adj: Local, walls: int, floor: int = 0) -> int:
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
            if bound <= best:
                continue
            length = _search(adj, walls, nodes, edges, bound, best)
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


def _search(adj: Local, walls: int, nodes: int, edges: int, bound: int, best: int) -> int:
    """A piece with a cycle: the longest of its trails if longer than `best`
    (else `best`), searched from each crossing where a trail may start until
    one is as long as `bound`, which none can pass. A longest trail that is
    not closed starts and ends at a wall or at a crossing where an odd number
    of the seat's roads meet (otherwise an unused road there would lengthen
    it), and a closed one that passes such a crossing could be lengthened
    too; so it runs from branch to branch (or wall) along whole chains of
    two-road crossings, and the search steps a chain at a time. A piece with
    no branch is a simple ring, as long as its road count."""
    chains: dict[int, list[tuple[int, int, int]]] = {}
    rest = nodes
    while rest:
        low = rest & -rest
        rest ^= low
        n = low.bit_length() - 1
        if len(adj[n]) != 2:
            chains[n] = _chains_from(adj, walls, n)
    if not chains:
        return max(best, nodes.bit_count())
    top = [best]
    for n, out in chains.items():
        if _trail(chains, walls, edges, n, 0, 0, top, bound):
            break
        for mask, steps, end in out:
            if walls >> end & 1:
                # From the wall at this chain's end, along it, then on from n.
                if steps > top[0]:
                    top[0] = steps
                if _trail(chains, walls, edges, n, mask, steps, top, bound):
                    return top[0]
    return top[0]


def _chains_from(adj: Local, walls: int, branch: int) -> list[tuple[int, int, int]]:
    """The chains leaving a branch: (their roads as a mask, their length, the
    branch or wall where each ends)."""
    out = []
    for bit, node in adj[branch]:
        mask, steps, came = bit, 1, bit
        while not walls >> node & 1:
            links = adj[node]
            if len(links) != 2:
                break
            came, node = links[1] if links[0][0] == came else links[0]
            mask |= came
            steps += 1
        out.append((mask, steps, node))
    return out


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
