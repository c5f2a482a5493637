"""Road networks: where a seat may pave, what blocks it, and Longest Road.

Every rule set lays pieces through these functions, so the incremental masks
(`reach`, `frontier`, `built`, `blocked`) and the road lengths stay right
whatever stands on a crossing: a building, a knight (Cities & Knights) or a
town at a ship's end (Seafarers). What counts as a wall, and how a route is
measured, is the rule set's call (`RuleSet.walls`, `RuleSet.route_length`).
"""

from engine.katan.events import Events, say
from engine.katan.geometry import bits
from engine.katan.longest_road import award_holder
from engine.katan.state import KatanState


def own_buildings(st: KatanState, seat: int) -> int:
    return st.towns[seat] | st.cities[seat]


def frontier_of(st: KatanState, seat: int) -> int:
    """The seat's buildable road edges, from scratch (the incremental value's reference)."""
    top = st.board.topology
    walls = st.ruleset.walls(st, seat)
    through = own_buildings(st, seat) | (st.reach[seat] & ~walls)
    edges = 0
    for n in bits(through):
        edges |= top.node_edge_mask[n]
    return edges & ~st.paved & top.road_edges


def place_road(st: KatanState, seat: int, edge: int, ev: Events) -> None:
    """Lay a road and update networks, Longest Road and its award."""
    top = st.board.topology
    bit = 1 << edge
    st.roads[seat] |= bit
    st.paved |= bit
    frontier = st.frontier
    for t in range(st.seats):
        frontier[t] &= ~bit
    st.reach[seat] |= top.edge_end_mask[edge]
    blocked_for_me = st.ruleset.walls(st, seat)
    open_edges = ~st.paved & top.road_edges
    for end in top.edge_ends[edge]:
        if not blocked_for_me >> end & 1:
            frontier[seat] |= top.node_edge_mask[end] & open_edges
    # A new road only lengthens the route: pieces that cannot beat it are skipped.
    st.road_len[seat] = st.ruleset.route_length(st, seat, blocked_for_me, st.road_len[seat])
    update_longest(st, ev)
    st.ruleset.after_edge(st, seat, edge, ev)


def place_settlement(st: KatanState, seat: int, node: int, ev: Events) -> None:
    """Place a settlement; it may cut opponents' networks and roads."""
    top = st.board.topology
    bit = 1 << node
    st.towns[seat] |= bit
    st.built |= bit
    st.blocked |= top.node_block_mask[node]
    st.points[seat] += 1
    st.frontier[seat] |= top.node_edge_mask[node] & ~st.paved & top.road_edges
    cut(st, seat, node, ev)
    st.ruleset.after_settlement(st, seat, node, ev)


def cut(st: KatanState, seat: int, node: int, ev: Events) -> None:
    """A piece of `seat` now stands on `node`: opponents' networks through it
    are cut there (their frontier and road length shrink)."""
    bit = 1 << node
    changed = False
    for t in range(st.seats):
        if t != seat and st.reach[t] & bit:
            st.ruleset.remeasure(st, t)
            changed = True
    if changed:
        update_longest(st, ev)


def reopen(st: KatanState, node: int, ev: Events) -> None:
    """A piece left `node`: every network through it is measured again."""
    bit = 1 << node
    changed = False
    for t in range(st.seats):
        if st.reach[t] & bit:
            st.ruleset.remeasure(st, t)
            changed = True
    if changed:
        update_longest(st, ev)


def update_longest(st: KatanState, ev: Events) -> None:
    old = st.longest
    new = award_holder(st.road_len, old)
    if new == old:
        return
    if old >= 0:
        st.points[old] -= st.award
    if new >= 0:
        st.points[new] += st.award
    st.longest = new
    if ev is not None:
        if new >= 0:
            say(ev, "longest_road", f"Seat {new} now holds Longest Road", new)
        else:
            say(ev, "longest_road", "Nobody holds Longest Road now", None)
