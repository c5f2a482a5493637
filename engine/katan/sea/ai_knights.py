"""Knights at sea (Seafarers with Cities & Knights): where the default level
hires a knight (or places one displaced), and when one chases the pirate.

The Cities & Knights AI beneath places knights for the land alone: beside
its producing hexes, across rivals' road ends and the spots they could
take. At sea the same knight does more. An opponent's knight is a wall for
ships as for roads, so one at the end of a rival's ship line stops that
fleet short; an island where the seat has a town is settled once and for
all by whoever lands there next, so a knight on an open crossing of it
that a rival's roads or ships reach keeps the island the seat's; and a
knight on a corner of a sea hex the seat's own ships line can chase the
pirate off it when a seven or a rival's knight parks it there. The inner AI
never chases the pirate at all (the move is not the land's): an active
knight beside it does, when the pirate holds the seat's fleet back and the
coming barbarians can spare the knight, the same test as its chases of the
robber.
"""

from collections.abc import Sequence
from typing import Final

from engine.katan.cities import ai_measures as ck_measures
from engine.katan.cities.state import level_at, strength
from engine.katan.geometry import bits
from engine.katan.moves import Move
from engine.katan.sea.ai_values import Plan
from engine.katan.sea.islands import island_at

SHIP_WALL: Final = 0.8
"""A rival's ship line ending at the crossing: the knight stops it, as the
inner AI counts a rival's road end."""
ISLAND_GUARD: Final = 1.5
"""An open crossing a rival reaches on an island where the seat has a town."""
PIRATE_WATCH: Final = 0.3
"""Per ship of the seat's on a sea hex's edges: a knight on its corner can
chase the pirate off them."""
CHASE_GAIN: Final = 1.0
"""What the fleet must gain (its reach by sea, in spot-value units) for a
knight to chase the pirate."""


def spot(plan: Plan, node: int) -> float:
    """The inner AI's worth of a knight on `node`, with the sea's."""
    st, seat = plan.st, plan.seat
    top = plan.top
    value = ck_measures.knight_spot(st, seat, node)
    ends = top.node_edge_mask[node]
    rivals = [t for t in range(st.seats) if t != seat]
    value += SHIP_WALL * sum(1 for t in rivals if plan.sea.frontier[t] & ends)
    if plan.free >> node & 1 and any(st.reach[t] >> node & 1 for t in rivals):
        island = island_at(st, node)
        if island not in st.board.start_islands and island in _settled_islands(plan):
            value += ISLAND_GUARD
    ships = plan.sea.ships[seat]
    watch = 0
    for h in top.node_hexes[node]:
        if not top.hex_land[h]:
            watch = max(watch, sum(1 for e in top.hex_edges[h] if ships >> e & 1))
    return value + PIRATE_WATCH * watch


def _settled_islands(plan: Plan) -> set[int]:
    st = plan.st
    return {island_at(st, n) for n in bits(st.towns[plan.seat] | st.cities[plan.seat])}


def post(plan: Plan, moves: Sequence[Move]) -> Move:
    """The best crossing for a knight hired, or displaced and placed again."""
    return max(moves, key=lambda m: spot(plan, m[1]))


def chase(plan: Plan, moves: Sequence[Move]) -> Move | None:
    """The knight that chases the pirate off the seat's fleet, the weakest
    the coming attack can spare; none when the pirate blocks nothing of the
    seat's or every knight is needed against the barbarians."""
    if not moves:
        return None
    fleet = plan.sea.ships[plan.seat]
    if plan.fleet_value(fleet, 0) - plan.fleet_value(fleet) < CHASE_GAIN:
        return None
    st, seat = plan.st, plan.seat
    ck = ck_measures.part(st)
    need = ck_measures.defence_target(st, seat, ck_measures.window(st, seat))
    spare = strength(ck, seat) - need
    chasers = [m for m in moves if level_at(ck, seat, m[1]) <= spare]
    if not chasers:
        return None
    return min(chasers, key=lambda m: level_at(ck, seat, m[1]))
