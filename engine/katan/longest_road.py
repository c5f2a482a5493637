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


def longest_trail(topology: Topology, roads: int, walls: int) -> int:
    """Length of the longest trail over the edges in `roads`.

    A longest trail that is not closed starts at a wall or at a crossing where
    an odd number of the seat's roads meet (otherwise an unused road there
    would lengthen it), so only those starts are searched. A piece with no
    such crossing has only crossings of two roads: it is a simple ring, and
    its length is its road count.
    """
    ends = topology.edge_ends
    adj: Local = {}
    rest = roads
    while rest:
        low = rest & -rest
        rest ^= low
        a, b = ends[low.bit_length() - 1]
        adj.setdefault(a, []).append((low, b))
        adj.setdefault(b, []).append((low, a))
    return trail_length(adj, walls)


def trail_length(adj: Local, walls: int) -> int:
    """The longest trail of a graph given as crossing -> [(edge bit, other end)]
    (Seafarers measures roads and ships together on a graph of its own)."""
    best = 0
    covered = 0
    for n, links in adj.items():
        if len(links) != 2 or walls >> n & 1:
            length = _walk(adj, walls, n, 0)
            if length > best:
                best = length
            if not covered >> n & 1:
                covered |= _piece(adj, n)
    if len(adj) != covered.bit_count():
        # Pieces not reached from a start are rings: walk each one's length.
        for n in adj:
            if not covered >> n & 1:
                piece = _piece(adj, n)
                covered |= piece
                best = max(best, piece.bit_count())
    return best


def _walk(adj: Local, walls: int, node: int, used: int) -> int:
    best = 0
    for bit, other in adj[node]:
        if not used & bit:
            length = 1 if walls >> other & 1 else 1 + _walk(adj, walls, other, used | bit)
            if length > best:
                best = length
    return best


def _piece(adj: Local, start: int) -> int:
    """Crossings joined to `start` by the seat's roads, as a bitmask."""
    seen = 1 << start
    stack = [start]
    while stack:
        for _, other in adj[stack.pop()]:
            if not seen >> other & 1:
                seen |= 1 << other
                stack.append(other)
    return seen


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
