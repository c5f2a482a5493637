"""Public-information measures the AIs share: what a crossing is worth, what
each seat produces, how far a hand is from a build.

Everything here reads only what a view shows (board, buildings, robber,
counts), so an AI calling it from its own view learns nothing it may not.
"""

from engine.katan.components import (
    GENERIC_HARBOUR,
    PIPS,
    RESOURCES,
)
from engine.katan.geometry import bits
from engine.katan.state import KatanState


def hex_pips(st: KatanState, hex_id: int, robbed: bool = True) -> int:
    """Rolls out of 36 that pay the hex; the robber's hex pays none when `robbed`."""
    board = st.board
    if board.terrain[hex_id] >= RESOURCES or (robbed and hex_id == st.robber):
        return 0
    return PIPS[board.numbers[hex_id]]


def resource_weights(st: KatanState) -> list[float]:
    """Scarce resources are worth more (`maps.Board.weights`): a list of
    the seat's own, since callers extend and slice it."""
    return list(st.board.weights)


def paying_hexes(st: KatanState, nodes: int, robbed: bool = True) -> list[tuple[int, int]]:
    """(resource, pips) of every hex that pays a building on the crossings of
    `nodes`, once per building beside it (the robber's hex pays none when
    `robbed`): what every rule set's production measure adds up."""
    board = st.board
    node_hexes = board.topology.node_hexes
    terrain, numbers = board.terrain, board.numbers
    robber = st.robber if robbed else -1
    out = []
    for n in bits(nodes):
        for h in node_hexes[n]:
            t = terrain[h]
            if t < RESOURCES and h != robber:
                p = PIPS[numbers[h]]
                if p:
                    out.append((t, p))
    return out


def production(st: KatanState, seat: int, robbed: bool = True) -> list[float]:
    """Expected cards of each resource per roll for the seat's buildings."""
    out = [0.0] * RESOURCES
    for t, p in paying_hexes(st, st.towns[seat], robbed):
        out[t] += p / 36
    for t, p in paying_hexes(st, st.cities[seat], robbed):
        out[t] += 2 * p / 36
    return out


def node_yield(st: KatanState, node: int) -> list[int]:
    """Pips per resource a building on the crossing would collect (robber ignored)."""
    out = [0] * RESOURCES
    for h in st.board.topology.node_hexes[node]:
        t = st.board.terrain[h]
        if t < RESOURCES:
            out[t] += PIPS[st.board.numbers[h]]
    return out


def spot_value(
    st: KatanState, seat: int, node: int, weights: list[float], have: list[float]
) -> float:
    """How much a settlement on `node` adds: weighted pips, more for resources
    the seat does not produce yet, plus a harbour the seat could use."""
    pips = node_yield(st, node)
    value = 0.0
    for r in range(RESOURCES):
        if pips[r]:
            scarcity = 1.6 if have[r] < 0.05 else (1.2 if have[r] < 0.12 else 1.0)
            value += pips[r] * weights[r] * scarcity
    kind = st.board.node_harbour_ratio[node]
    if kind == GENERIC_HARBOUR:
        value += 1.5
    elif kind >= 0:
        value += 0.8 + 12 * have[kind] + pips[kind] * 0.3
    return value


def missing(hand: list[int], cost: tuple[int, ...]) -> int:
    """Cards short of paying `cost` from `hand` (a plain loop: the AIs ask
    it of every goal at nearly every decision)."""
    short = 0
    for r in range(RESOURCES):
        if cost[r] > hand[r]:
            short += cost[r] - hand[r]
    return short


def hand_of(st: KatanState, seat: int) -> list[int]:
    return st.hands[seat * RESOURCES : (seat + 1) * RESOURCES]
