"""The app's opponent beneath the sea: the base game's decisions of the
app-like Seafarers baseline ("app" level, no Cities & Knights).

The seed documents describe the app's computer opponent (rules-katan-base.md,
*The computer opponent*); Seafarers is that game plus the sea, so the
baseline's land game follows it, taking its measures from the base AI as
the Cities & Knights baseline does ("settles and raises cities as the base
AI does"): the same setup, city and settlement choices, roads and robber.
Where the app's order differs from the default level's, it keeps the app's:
in its turn it raises a city, builds a settlement, plays a knight it holds,
plays Year of Plenty or Monopoly when it closes a gap and Road Building when
roads are of use, buys a development card, builds a road towards a spot
worth settling, trades at the bank only when that completes a build this
turn, makes one domestic offer that closes a build, and ends the turn. It
never counters an offer (it accepts what takes its goals further) and
discards wool, then brick, lumber, grain and ore.
"""

from collections.abc import Sequence
from typing import Final

from engine.katan import ai as base_ai
from engine.katan import rules
from engine.katan.ai import KatanPlayer
from engine.katan.components import RESOURCES, WOOL
from engine.katan.evaluate import hand_of, node_yield, production, resource_weights, spot_value
from engine.katan.moves import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    M_ACCEPT,
    M_BUY,
    M_DECLINE,
    M_END,
    M_KNIGHT,
    Move,
    discard_move,
    offer_legs,
)
from engine.katan.state import DISCARD as P_DISCARD
from engine.katan.state import MAIN, OFFER, KatanState, total_points
from engine.katan.view import KatanView

DISCARD_ORDER: Final = (WOOL, 1, 0, 3, 4)
"""What the app's opponent throws away first: wool, brick, lumber, grain, ore."""


def decide(base: KatanPlayer, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
    st = view.state
    if st.phase == MAIN:
        return _main(base, st, seat, legal)
    if st.phase == P_DISCARD:
        return _discard(st, seat, legal)
    if st.phase == OFFER:
        return _answer(st, seat, legal)
    return base.decide(view, seat, legal)


def _main(base: KatanPlayer, st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
    kinds = {m[0] for m in legal}
    if BUILD_CITY in kinds:
        cities = [m for m in legal if m[0] == BUILD_CITY]
        return max(cities, key=lambda m: sum(node_yield(st, m[1])))
    if BUILD_SETTLEMENT in kinds:
        weights = resource_weights(st)
        have = production(st, seat)
        spots = [m for m in legal if m[0] == BUILD_SETTLEMENT]
        return max(spots, key=lambda m: spot_value(st, seat, m[1], weights, have))
    if M_KNIGHT in legal:
        return M_KNIGHT
    hand = hand_of(st, seat)
    goals = base_ai._goals(st, seat)
    card = base._play_card(st, seat, legal, kinds, hand, goals)
    if card is not None:
        return card
    if M_BUY in legal:
        return M_BUY
    if BUILD_ROAD in kinds and base_ai._wants_road(st, seat, hand):
        road = base_ai._best_road(st, seat, legal)
        if road is not None:
            return road
    trade = base_ai._bank_trade(st, seat, hand, goals)
    if trade is not None and trade in legal:
        return trade
    if not st.offers:
        offer = base_ai._offer(st, seat, hand, goals)
        if offer is not None:
            return offer
    return M_END


def _discard(st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
    hand = hand_of(st, seat)
    counts = [0] * RESOURCES
    due = st.discards[seat]
    for r in DISCARD_ORDER:
        take = min(hand[r], due)
        counts[r] += take
        due -= take
    move = discard_move(counts)
    return move if rules.why_not(st, seat, move) is None else legal[0]


def _answer(st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
    """Accept what takes its goals further, as the app does: no counters and
    none of the default AI's guard against fishing (engine/katan/trade_guard.py)."""
    if M_ACCEPT not in legal or st.offer is None:
        return M_DECLINE
    if total_points(st, st.current) >= st.target - 2:
        return M_DECLINE
    give, want = offer_legs(st.offer)
    hand = hand_of(st, seat)
    goals = base_ai._goals(st, seat)
    after = [hand[r] + give[r] - want[r] for r in range(RESOURCES)]
    better = base_ai._hand_score(after, goals) > base_ai._hand_score(hand, goals) + 0.05
    return M_ACCEPT if better else M_DECLINE
