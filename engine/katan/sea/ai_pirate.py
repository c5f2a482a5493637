"""The robber or the pirate: which to move on a seven or a Knight, and where.

The app's opponent always moves the robber. The default level weighs the
best robber move against the best pirate move on one scale, each as what
changes: the robber's block on its new hex less the block it lifts from
its old one (the base AI's measure, leaders weighted, its own hexes four
times over), against the pirate's block of the opponents' routes by sea
(what their fleets reach with the pirate on the new hex rather than the
old, leaders weighted) plus what the seat's own fleet gains as the pirate
leaves it. Either robs the same way, so a ship owner who leads is worth
robbing from the sea when no town of theirs is open to the robber.
"""

from collections.abc import Sequence
from typing import Final

from engine.katan import ai as base_ai
from engine.katan.moves import MOVE_PIRATE, MOVE_ROBBER, Move
from engine.katan.sea.ai_values import Plan
from engine.katan.state import hand_size, total_points

PIRATE_SCALE: Final = 0.8
"""A route's reach lost to the pirate, against production lost to the robber."""
OWN: Final = 2.0
"""How much the seat's own fleet counts beside an opponent's."""
MARGIN: Final = 1.0
"""How much better the pirate must be before the robber stays put."""


def choose(plan: Plan, legal: Sequence[Move]) -> Move:
    st, seat = plan.st, plan.seat
    robbers = [m for m in legal if m[0] == MOVE_ROBBER]
    pirates = [m for m in legal if m[0] == MOVE_PIRATE]
    if not pirates:
        return max(robbers, key=lambda m: base_ai._robber(st, seat, m)) if robbers else legal[0]
    best_pirate, pirate_score = _best_pirate(plan, pirates)
    if not robbers:
        return best_pirate
    best_robber = max(robbers, key=lambda m: base_ai._robber(st, seat, m))
    lifted = base_ai._robber(st, seat, (MOVE_ROBBER, st.robber, -1)) if st.robber >= 0 else 0.0
    robber_score = base_ai._robber(st, seat, best_robber) - lifted
    return best_pirate if pirate_score > robber_score + MARGIN else best_robber


def pirate_block(plan: Plan, hex_id: int) -> int:
    return sum(1 << e for e in plan.top.hex_edges[hex_id])


def _best_pirate(me: Plan, pirates: list[Move]) -> tuple[Move, float]:
    """The pirate move that blocks the leaders' launching edges most, less what
    it costs the seat's own fleet, plus the robbery. A hex beside none of a
    fleet's ships or launching edges leaves that fleet as if the pirate were
    gone."""
    st, seat = me.st, me.seat
    here = me.sea.pirate
    now = pirate_block(me, here) if here >= 0 else 0
    plans = [me] + [Plan(st, t, me.style) for t in range(st.seats) if t != seat]
    weights = [-OWN] + [1 + 0.3 * total_points(st, p.seat) for p in plans[1:]]
    rings = [p.sea.frontier[p.seat] | p.sea.ships[p.seat] for p in plans]
    free = [p.fleet_value(p.sea.ships[p.seat], 0) for p in plans]
    old = [
        p.fleet_value(p.sea.ships[p.seat], now) if ring & now else value
        for p, ring, value in zip(plans, rings, free, strict=True)
    ]
    blocks: dict[int, float] = {}

    def block(hex_id: int) -> float:
        found = blocks.get(hex_id)
        if found is None:
            edges = pirate_block(me, hex_id)
            found = 0.0
            for k, p in enumerate(plans):
                after = p.fleet_value(p.sea.ships[p.seat], edges) if rings[k] & edges else free[k]
                found += weights[k] * (old[k] - after)
            found *= PIRATE_SCALE
            blocks[hex_id] = found
        return found

    def score(m: Move) -> float:
        value = block(m[1])
        victim = m[2]
        if victim >= 0:
            value += 0.5 * min(hand_size(st, victim), 8) + 0.5 * total_points(st, victim)
        return value

    best = max(pirates, key=score)
    return best, score(best)
