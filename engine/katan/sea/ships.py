"""Ships: building, sailing and the networks they make with roads (the
longest route over both is `route.py`'s).

A ship lies on an edge that touches the sea and joins the seat's fleet or one
of its towns; an opponent's town is a wall. Roads and ships join only at a
town of the seat's own, so a ship's end extends the fleet, never the roads,
and the longest route may change between road and ship only at such a town.
Once a turn a ship at the open end of a route may sail to any edge it could
be built on with it lifted off; never one built this turn, and never off or
onto the pirate's edges.
"""

from functools import cache

from engine.katan import network
from engine.katan.components import ROAD_PIECES, cards_text
from engine.katan.events import Events, say
from engine.katan.geometry import Topology, bits
from engine.katan.moves import BUILD_SHIP, MOVE_SHIP, Move
from engine.katan.sea.route import sailed_route
from engine.katan.sea.state import SeaPart
from engine.katan.state import KatanState
from engine.katan.turns import pays, spend

SHIP_COST = (1, 0, 1, 0, 0)
"""1 lumber and 1 wool."""
SHIP_PIECES = 15


def part(st: KatanState) -> SeaPart:
    sea: SeaPart = st.sea
    return sea


@cache
def sea_edges(top: Topology) -> int:
    """Edges a ship may lie on: any that touches the sea."""
    return sum(1 << e for e, wet in enumerate(top.edge_sea) if wet)


@cache
def sea_hexes(top: Topology) -> tuple[int, ...]:
    return tuple(h for h, land in enumerate(top.hex_land) if not land)


@cache
def hex_edge_masks(top: Topology) -> tuple[int, ...]:
    """Per hex, its six edges as a mask."""
    return tuple(sum(1 << e for e in edges) for edges in top.hex_edges)


def pirate_edges(st: KatanState) -> int:
    """The six edges round the pirate's hex: no ship is built, sails or leaves there."""
    pirate = part(st).pirate
    if pirate < 0:
        return 0
    return hex_edge_masks(st.board.topology)[pirate]


def reach_of(top: Topology, edges: int) -> int:
    return union(top.edge_end_mask, edges)


def union(masks: tuple[int, ...], chosen: int) -> int:
    """The union of `masks[i]` over the set bits i of `chosen` (the rules' inner loop)."""
    out = 0
    while chosen:
        low = chosen & -chosen
        out |= masks[low.bit_length() - 1]
        chosen ^= low
    return out


def frontier_of(st: KatanState, seat: int) -> int:
    """The sea edges the seat may build a ship on, from scratch (the
    incremental value's reference)."""
    top = st.board.topology
    walls = st.ruleset.walls(st, seat)
    through = network.own_buildings(st, seat) | (part(st).reach[seat] & ~walls)
    return union(top.node_edge_mask, through) & ~st.paved & sea_edges(top)


def road_frontier(st: KatanState, seat: int) -> int:
    """Road edges joined to the seat's roads or towns (a ship's end is not a road's)."""
    top = st.board.topology
    walls = st.ruleset.walls(st, seat)
    through = network.own_buildings(st, seat) | (reach_of(top, st.roads[seat]) & ~walls)
    return union(top.node_edge_mask, through) & ~st.paved & top.road_edges


# ---- building -----------------------------------------------------------------------------


def build_moves(st: KatanState, seat: int, out: list[Move], free: bool = False) -> None:
    sea = part(st)
    if sea.ships[seat].bit_count() >= SHIP_PIECES:
        return
    if not free and not pays(st, seat, SHIP_COST):
        return
    out.extend((BUILD_SHIP, e) for e in bits(sea.frontier[seat] & ~pirate_edges(st)))


def why_build(st: KatanState, seat: int, edge: int, free: bool) -> str | None:
    sea = part(st)
    top = st.board.topology
    if sea.ships[seat].bit_count() >= SHIP_PIECES:
        return f"You have no ships left to place ({SHIP_PIECES} at most)."
    if not free and not pays(st, seat, SHIP_COST):
        return f"A ship costs {cards_text(SHIP_COST)}."
    if not sea_edges(top) >> edge & 1:
        return f"Edge {edge} touches no sea; ships sail on the water."
    if st.paved >> edge & 1:
        return f"Edge {edge} already has a road or a ship."
    if pirate_edges(st) >> edge & 1:
        return f"The pirate guards edge {edge}."
    if not sea.frontier[seat] >> edge & 1:
        return (
            f"Edge {edge} is not joined to your fleet or to a town of yours"
            " (a ship cannot start from a road without a town)."
        )
    return None


def place(
    st: KatanState, seat: int, edge: int, ev: Events, fresh: bool = True, route: int = -1
) -> None:
    """Lay a ship and update both networks, the route and its award (`route`:
    the route's length with the ship laid where the caller knows it; else it
    is measured, from the old route for a new ship, which only lengthens it,
    and from nothing otherwise)."""
    sea = part(st)
    top = st.board.topology
    bit = 1 << edge
    sea.ships[seat] |= bit
    st.paved |= bit
    for t in range(st.seats):
        st.frontier[t] &= ~bit
        sea.frontier[t] &= ~bit
    ends = top.edge_end_mask[edge]
    sea.reach[seat] |= ends
    st.reach[seat] |= ends
    if fresh:
        sea.fresh |= bit
    walls = st.ruleset.walls(st, seat)
    open_sea = ~st.paved & sea_edges(top)
    for end in top.edge_ends[edge]:
        if not walls >> end & 1:
            sea.frontier[seat] |= top.node_edge_mask[end] & open_sea
    if route < 0:
        route = st.ruleset.route_length(st, seat, walls, st.road_len[seat] if fresh else 0)
    st.road_len[seat] = route
    network.update_longest(st, ev)
    st.ruleset.after_edge(st, seat, edge, ev)


def step_build(st: KatanState, seat: int, edge: int, free: bool, ev: Events) -> None:
    if not free:
        spend(st, seat, SHIP_COST)
    if ev is not None:
        extra = " (free)" if free else ""
        say(
            ev,
            "build_ship",
            f"Seat {seat} built a ship on edge {edge}{extra}",
            seat,
            {"edge": edge},
        )
    place(st, seat, edge, ev)


# ---- sailing ------------------------------------------------------------------------------


def open_end(st: KatanState, seat: int, edge: int) -> bool:
    """Whether one end of the ship touches nothing else of the seat's: no other
    ship, no town (and with Cities & Knights, no knight of its own)."""
    top = st.board.topology
    fleet = part(st).ships[seat] & ~(1 << edge)
    anchored = network.own_buildings(st, seat) | st.ruleset.ship_anchors(st, seat)
    for end in top.edge_ends[edge]:
        if not anchored >> end & 1 and not top.node_edge_mask[end] & fleet:
            return True
    return False


def lands(st: KatanState, seat: int, edge: int, to: int) -> bool:
    """Whether the ship on `edge` may sail to `to`: an edge it could be built
    on lifted off, so open sea off the pirate's edges with an end at a town of
    the seat's or at the rest of its fleet (where no opponent's town stands)."""
    top = st.board.topology
    bit = 1 << to
    if to == edge or st.paved & bit or pirate_edges(st) & bit or not sea_edges(top) & bit:
        return False
    fleet = part(st).ships[seat] & ~(1 << edge)
    own = network.own_buildings(st, seat)
    walls = st.ruleset.walls(st, seat)
    node_edge = top.node_edge_mask
    return any(
        own >> end & 1 or (node_edge[end] & fleet and not walls >> end & 1)
        for end in top.edge_ends[to]
    )


def sail_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    """Every ship at an open end with every edge `lands` allows it, in one
    pass: the whole fleet reaches the seat's sea frontier (kept up to date
    as pieces come and go), and for each ship only what lifting it loses
    comes off, the ends of its own that nothing else of the seat's keeps."""
    sea = part(st)
    if sea.sailed:
        return
    fleet = sea.ships[seat]
    pirate = pirate_edges(st)
    ships = fleet & ~sea.fresh & ~pirate
    if not ships:
        return
    top = st.board.topology
    node_edge, edge_ends, node_adj = top.node_edge_mask, top.edge_ends, top.node_adj
    own = network.own_buildings(st, seat)
    anchored = own | st.ruleset.ship_anchors(st, seat)
    walls = st.ruleset.walls(st, seat)
    kept_ends = own | walls
    through = own | (sea.reach[seat] & ~walls)
    reached = sea.frontier[seat] & ~pirate
    while ships:
        low = ships & -ships
        ships ^= low
        edge = low.bit_length() - 1
        others = fleet & ~low
        sails = False
        lost = 0
        for end in edge_ends[edge]:
            if not node_edge[end] & others:
                if not anchored >> end & 1:
                    sails = True
                if not kept_ends >> end & 1:
                    lost |= 1 << end
        if not sails:
            continue
        edges = reached
        if lost:
            kept = through & ~lost
            for end in edge_ends[edge]:
                if lost >> end & 1:
                    for bit, other in node_adj[end]:
                        if not kept >> other & 1:
                            edges &= ~bit
        to = edges
        while to:
            first = to & -to
            out.append((MOVE_SHIP, edge, first.bit_length() - 1))
            to ^= first


def why_sail(st: KatanState, seat: int, edge: int, to: int) -> str | None:
    sea = part(st)
    if not sea.ships[seat] >> edge & 1:
        return f"You have no ship on edge {edge}."
    if sea.sailed:
        return "You have sailed a ship this turn already (once a turn)."
    if sea.fresh >> edge & 1:
        return f"Your ship on edge {edge} was built this turn; it may sail from your next turn."
    if pirate_edges(st) >> edge & 1:
        return f"The pirate holds your ship on edge {edge}."
    if not open_end(st, seat, edge):
        return f"Your ship on edge {edge} is inside a route; only a route's open end may sail."
    if not lands(st, seat, edge, to):
        return (
            f"Your ship cannot sail to edge {to}: it must join your fleet or a town of yours there."
        )
    return None


def step_sail(st: KatanState, seat: int, edge: int, to: int, ev: Events) -> None:
    sea = part(st)
    before = st.road_len[seat]
    lift(st, seat, edge)
    sea.sailed = True
    if ev is not None:
        say(
            ev,
            "move_ship",
            f"Seat {seat} sailed a ship from {edge} to {to}",
            seat,
            {"from": edge, "to": to},
        )
    place(st, seat, to, ev, fresh=False, route=sailed_route(st, seat, to, before))


def lift(st: KatanState, seat: int, edge: int) -> None:
    """Take the ship off `edge`, which every seat's frontier may now take (a
    coastal edge takes a road too), and which the sailor's fleet no longer
    reaches past its own ends. Nobody's route changes but the sailor's, and
    `place` measures that once the ship lies on its new edge."""
    sea = part(st)
    top = st.board.topology
    node_edge, node_adj = top.node_edge_mask, top.node_adj
    bit = 1 << edge
    sea.ships[seat] &= ~bit
    st.paved &= ~bit
    fleet = sea.ships[seat]
    own = network.own_buildings(st, seat)
    walls = st.ruleset.walls(st, seat)
    for end in top.edge_ends[edge]:
        around = node_edge[end]
        if around & fleet:
            continue
        # No ship of the seat's touches this end now: the fleet's reach loses
        # it, and where no town of the seat's keeps it either, so does the
        # sea frontier round it (but for edges whose other end still joins).
        end_bit = 1 << end
        sea.reach[seat] &= ~end_bit
        if not around & st.roads[seat]:
            st.reach[seat] &= ~end_bit
        if own & end_bit or walls & end_bit:
            continue
        kept = own | (sea.reach[seat] & ~walls)
        for link, other in node_adj[end]:
            if not kept >> other & 1:
                sea.frontier[seat] &= ~link
    # Every seat's frontiers (the sailor's too) only gain the freed edge,
    # where one of its ends lets that seat through.
    road = top.road_edges & bit
    for t in range(st.seats):
        own = network.own_buildings(st, t)
        walls = st.ruleset.walls(st, t)
        roads, fleet = st.roads[t], sea.ships[t]
        for end in top.edge_ends[edge]:
            if own >> end & 1:
                st.frontier[t] |= road
                sea.frontier[t] |= bit
            elif not walls >> end & 1:
                around = node_edge[end]
                if around & roads:
                    st.frontier[t] |= road
                if around & fleet:
                    sea.frontier[t] |= bit


def free_count(st: KatanState, seat: int) -> int:
    """Pieces left for Road Building: roads and ships together."""
    left = ROAD_PIECES - st.roads[seat].bit_count()
    return left + SHIP_PIECES - part(st).ships[seat].bit_count()
