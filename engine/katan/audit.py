"""Recompute a state's bookkeeping from its primary facts, and list what is off.

The rules keep networks, Longest Road, points and masks up to date
incrementally for speed; this module derives them again from scratch (who
owns which roads and buildings, who holds which award). Decoding a stored
state rebuilds through it, and the self-play tests compare after every move.
"""

from engine.katan.components import (
    CITY_PIECES,
    DEV_KINDS,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    OFFERS_PER_TURN,
    RESOURCES,
    ROAD_PIECES,
    SETTLEMENT_PIECES,
)
from engine.katan.geometry import bits
from engine.katan.state import KatanState


def rebuild(st: KatanState) -> None:
    """Derive every incremental field from roads, buildings and award holders."""
    top = st.board.topology
    st.built = 0
    st.blocked = 0
    st.paved = 0
    for t in range(st.seats):
        mine = st.towns[t] | st.cities[t]
        st.built |= mine
        for n in bits(mine):
            st.blocked |= top.node_block_mask[n]
        st.paved |= st.roads[t]
        st.reach[t] = 0
        for e in bits(st.roads[t]):
            st.reach[t] |= top.edge_end_mask[e]
    st.ruleset.rebuild(st)
    for t in range(st.seats):
        st.ruleset.remeasure(st, t)
        st.points[t] = points_from_scratch(st, t)


def points_from_scratch(st: KatanState, seat: int) -> int:
    """Public points from the board, the award holders and the rule set's own."""
    return (
        st.towns[seat].bit_count()
        + 2 * st.cities[seat].bit_count()
        + st.award * ((st.longest == seat) + (st.army == seat))
        + st.ruleset.extra_points(st, seat)
    )


def ledger_problems(st: KatanState) -> list[str]:
    """The cheap invariants, for checking after every move of a long self-play
    run: card conservation, piece limits, and points recomputed from the
    board and the award holders."""
    out: list[str] = []
    n = st.seats
    w = st.width
    for r in range(w):
        held = sum(st.hands[t * w + r] for t in range(n))
        start = st.ruleset.bank_start(n, r)
        if held + st.bank[r] != start:
            what = "resource" if r < RESOURCES else "commodity"
            out.append(f"{what} {r}: bank {st.bank[r]} + hands {held} != {start}")
    if min(st.hands) < 0 or min(st.bank) < 0:
        out.append("a negative card count")
    if st.known and (
        min(st.known) < 0 or any(k > h for k, h in zip(st.known, st.hands, strict=True))
    ):
        out.append("a seat is known to hold cards it does not hold")
    if not 0 <= st.offers <= OFFERS_PER_TURN:
        out.append(f"{st.offers} offers this turn, outside 0 to {OFFERS_PER_TURN}")
    elif st.offers and not st.rolled:
        out.append(f"{st.offers} offers made this turn before the roll")
    deck = st.ruleset.deck(n)
    for k in range(DEV_KINDS):
        held = sum(st.devs[t * DEV_KINDS + k] + st.played[t * DEV_KINDS + k] for t in range(n))
        if held + st.deck[k] != deck[k] or st.deck[k] < 0:
            out.append(f"development card {k}: deck {st.deck[k]} + held/played {held}")
    for t in range(n):
        if st.roads[t].bit_count() > ROAD_PIECES:
            out.append(f"seat {t} has more than {ROAD_PIECES} roads")
        if st.towns[t].bit_count() > SETTLEMENT_PIECES:
            out.append(f"seat {t} has more than {SETTLEMENT_PIECES} settlements")
        if st.cities[t].bit_count() > CITY_PIECES:
            out.append(f"seat {t} has more than {CITY_PIECES} cities")
        for u in range(t + 1, n):
            if st.roads[t] & st.roads[u] or (st.towns[t] | st.cities[t]) & (
                st.towns[u] | st.cities[u]
            ):
                out.append(f"seats {t} and {u} share a spot")
        if st.towns[t] & st.cities[t]:
            out.append(f"seat {t} has a settlement and a city on one crossing")
        scratch = points_from_scratch(st, t)
        if scratch != st.points[t]:
            out.append(f"seat {t}: points {st.points[t]} but the board says {scratch}")
    st.ruleset.problems(st, out)
    return out


def problems(st: KatanState) -> list[str]:
    """Every broken invariant, in words (empty when the state is sound)."""
    out = ledger_problems(st)
    n = st.seats
    fresh = st.copy()
    rebuild(fresh)
    for name in ("built", "blocked", "closed", "paved", "reach", "frontier", "road_len", "points"):
        if getattr(fresh, name) != getattr(st, name):
            out.append(
                f"{name}: incremental {getattr(st, name)} != recomputed {getattr(fresh, name)}"
            )
    lengths = st.road_len
    if st.longest >= 0 and lengths[st.longest] < LONGEST_ROAD_MIN:
        out.append(f"seat {st.longest} holds Longest Road with {lengths[st.longest]} roads")
    if st.longest >= 0 and lengths[st.longest] < max(lengths):
        out.append(f"seat {st.longest} holds Longest Road but is not the longest")
    if st.longest < 0 and max(lengths) >= LONGEST_ROAD_MIN and lengths.count(max(lengths)) == 1:
        out.append("a sole longest road of five or more holds no award")
    knights = [st.played[t * DEV_KINDS] for t in range(n)]
    if st.army >= 0 and (knights[st.army] < LARGEST_ARMY_MIN or knights[st.army] < max(knights)):
        out.append(f"seat {st.army} holds Largest Army with {knights[st.army]} knights")
    if st.army < 0 and max(knights) >= LARGEST_ARMY_MIN:
        out.append("three or more knights played but nobody holds Largest Army")
    return out
