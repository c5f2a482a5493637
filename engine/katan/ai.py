"""The default Katan AI ("katan" level): a one-move-deep planner over public
information and its own hand.

It decides from its seat's view only. Each turn it picks a goal (city,
settlement, development card, or the road towards a settlement spot), spends
toward it, and uses trades only when they complete a build: bank trades at
its best harbour ratio, at most one domestic offer a turn, and counters when
a counter would complete a build (RULINGS 6). Setup rates crossings by
weighted pips, resource variety, scarcity and harbours; the robber goes
where it blocks the most opposing production, weighted towards the leaders;
discards keep what the goals need.
"""

import random
from collections.abc import Sequence
from typing import Final

from engine.katan import rules
from engine.katan.components import (
    CITY_COST,
    CITY_PIECES,
    DEV_COST,
    DEV_KINDS,
    KNIGHT,
    LARGEST_ARMY_MIN,
    RESOURCES,
    ROAD_COST,
    ROAD_PIECES,
    SETTLEMENT_COST,
    SETTLEMENT_PIECES,
)
from engine.katan.evaluate import (
    hand_of,
    hex_pips,
    missing,
    node_yield,
    production,
    resource_weights,
    spot_value,
)
from engine.katan.moves import (
    BANK_TRADE,
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    M_ACCEPT,
    M_BUY,
    M_DECLINE,
    M_DISMISS,
    M_END,
    M_KNIGHT,
    M_ROAD_BUILDING,
    M_ROLL,
    M_STOP_ROADS,
    MOVE_ROBBER,
    ONE,
    PLAY_MONOPOLY,
    PLAY_PLENTY,
    TAKE_COUNTER,
    Move,
    counter_move,
    discard_move,
    offer_legs,
    offer_move,
)
from engine.katan.special_ai import build_or_pass
from engine.katan.state import (
    COUNTERS,
    FREE_ROADS,
    MAIN,
    OFFER,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL,
    KatanState,
    deck_size,
    hand_size,
    total_points,
)
from engine.katan.state import DISCARD as P_DISCARD
from engine.katan.trade_guard import refuses
from engine.katan.view import KatanView

Goal = tuple[tuple[int, ...], float]

ROAD_SPOT_DISCOUNT: Final[tuple[float, ...]] = (1.0, 0.55, 0.3)
"""What a settlement spot one, two or three roads away is worth to a road."""


class KatanPlayer:
    """Remembers nothing between decisions: the daemon builds a fresh player for
    each one (so play replays after a restart), and a memory held here, such as
    "I have offered this turn", would be lost and the offer repeated forever.
    Whatever a decision needs from earlier in the turn is public state in the
    view (`offers` for the one offer a turn)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        if view.state.phase == SPECIAL:
            return build_or_pass(self._choose, view, seat, legal)
        return self._choose(view, seat, legal)

    def _choose(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        if view.state.sea is not None:
            # Imported here: the Seafarers AI builds on this module's pieces.
            from engine.katan.sea.ai import SeaPlayer

            return SeaPlayer(self._rng, self.decide).choose(view, seat, legal)
        return self.decide(view, seat, legal)

    def decide(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        """Every decision but the sea's: the base game, or Cities & Knights."""
        st = view.state
        if st.ck is not None:
            # Imported here: the Cities & Knights AI builds on this module's pieces.
            from engine.katan.cities.ai import CitiesPlayer

            return CitiesPlayer(rng=self._rng).choose(view, seat, legal)
        phase = st.phase
        if phase == SETUP_SETTLEMENT:
            return self._setup_settlement(st, seat, legal)
        if phase in (SETUP_ROAD, FREE_ROADS):
            return _best_road(st, seat, legal) or (
                M_STOP_ROADS if M_STOP_ROADS in legal else legal[0]
            )
        if phase == ROLL:
            return M_KNIGHT if M_KNIGHT in legal and _knight_now(st, seat) else M_ROLL
        if phase == P_DISCARD:
            return _discard(st, seat, legal)
        if phase == ROBBER:
            return max(
                (m for m in legal if m[0] == MOVE_ROBBER), key=lambda m: _robber(st, seat, m)
            )
        if phase == OFFER:
            return _answer(st, seat, legal)
        if phase == COUNTERS:
            return _take_counter(st, seat, legal)
        if phase == MAIN:
            return self._main(st, seat, legal)
        return legal[0]

    # ---- setup -----------------------------------------------------------------

    def _setup_settlement(self, st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
        weights = resource_weights(st)
        have = production(st, seat, robbed=False)
        first = not (st.towns[seat] | st.cities[seat])
        best, best_value = legal[0], -1.0
        for m in legal:
            node = m[1]
            value = spot_value(st, seat, node, weights, have)
            pips = node_yield(st, node)
            kinds = sum(1 for p in pips if p)
            value += 1.2 * kinds
            if not first:
                # The second settlement completes the mix: brick and lumber to expand,
                # grain and ore to grow into cities.
                combined = [have[r] * 36 + pips[r] for r in range(RESOURCES)]
                value += 2.0 * sum(1 for c in combined if c)
            value += 0.15 * _expansion(st, node)
            value += self._rng.random() * 1e-3
            if value > best_value:
                best, best_value = m, value
        return best

    # ---- the main phase ---------------------------------------------------------

    def _main(self, st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
        weights = resource_weights(st)
        have = production(st, seat)
        hand = hand_of(st, seat)
        kinds = {m[0] for m in legal}

        if BUILD_CITY in kinds:
            cities = [m for m in legal if m[0] == BUILD_CITY]
            return max(cities, key=lambda m: sum(node_yield(st, m[1])))
        if BUILD_SETTLEMENT in kinds:
            spots = [m for m in legal if m[0] == BUILD_SETTLEMENT]
            return max(spots, key=lambda m: spot_value(st, seat, m[1], weights, have))

        goals = _goals(st, seat)
        card = self._play_card(st, seat, legal, kinds, hand, goals)
        if card is not None:
            return card

        trade = _bank_trade(st, seat, hand, goals)
        if trade is not None and trade in legal:
            return trade

        if BUILD_ROAD in kinds and _wants_road(st, seat, hand):
            road = _best_road(st, seat, legal)
            if road is not None:
                return road

        if M_BUY in legal and _buy_ok(hand, goals):
            return M_BUY

        if not st.offers:
            offer = _offer(st, seat, hand, goals)
            if offer is not None:
                return offer
        return M_END

    def _play_card(
        self,
        st: KatanState,
        seat: int,
        legal: Sequence[Move],
        kinds: set[int],
        hand: list[int],
        goals: list[Goal],
    ) -> Move | None:
        if M_KNIGHT in legal and _knight_now(st, seat):
            return M_KNIGHT
        if PLAY_PLENTY in kinds:
            for cost, _ in goals:
                short = missing(hand, cost)
                if 0 < short <= 2:
                    for m in legal:
                        if m[0] == PLAY_PLENTY:
                            after = hand[:]
                            after[m[1]] += 1
                            after[m[2]] += 1
                            if missing(after, cost) == 0:
                                return m
        if PLAY_MONOPOLY in kinds:
            others = sum(hand_size(st, t) for t in range(st.seats) if t != seat)
            if others >= 3 * (st.seats - 1):
                need = _most_needed(hand, goals)
                if need >= 0:
                    return (PLAY_MONOPOLY, need)
        if M_ROAD_BUILDING in legal and not st.reach[seat] & ~st.blocked and st.frontier[seat]:
            return M_ROAD_BUILDING
        return None


# ---- goals and hands ------------------------------------------------------------


def _goals(st: KatanState, seat: int) -> list[Goal]:
    """What the seat is saving for, most valuable first, with a weight each."""
    out: list[Goal] = []
    spot = bool(st.reach[seat] & ~st.blocked & st.board.topology.land_nodes)
    towns = st.towns[seat].bit_count()
    if towns and st.cities[seat].bit_count() < CITY_PIECES:
        out.append((CITY_COST, 1.0))
    if towns < SETTLEMENT_PIECES:
        if spot:
            out.append((SETTLEMENT_COST, 1.05))
        elif st.roads[seat].bit_count() < ROAD_PIECES:
            out.append((ROAD_COST, 0.5))
    if deck_size(st):
        out.append((DEV_COST, 0.55))
    out.sort(key=lambda g: -g[1])
    return out


def _hand_score(hand: list[int], goals: list[Goal]) -> float:
    best = 0.0
    for cost, weight in goals:
        size = sum(cost)
        progress = weight * (1 - missing(hand, cost) / size)
        if progress > best:
            best = progress
    return best + 0.01 * sum(hand)


def _most_needed(hand: list[int], goals: list[Goal]) -> int:
    for cost, _ in goals:
        short = [cost[r] - hand[r] for r in range(RESOURCES)]
        r = max(range(RESOURCES), key=lambda k: short[k])
        if short[r] > 0:
            return r
    return -1


def _surplus(hand: list[int], cost: tuple[int, ...]) -> list[int]:
    return [max(0, hand[r] - cost[r]) for r in range(RESOURCES)]


def _bank_trade(st: KatanState, seat: int, hand: list[int], goals: list[Goal]) -> Move | None:
    """The first bank trade of a sequence that completes a goal this turn."""
    ratio = rules.ratios(st, seat)
    for cost, _ in goals[:2]:
        short = [max(0, cost[r] - hand[r]) for r in range(RESOURCES)]
        need = sum(short)
        if not need:
            continue
        spare = _surplus(hand, cost)
        trades = sum(spare[r] // ratio[r] for r in range(RESOURCES))
        if trades < need:
            continue
        want = next(r for r in range(RESOURCES) if short[r])
        if not st.bank[want]:
            continue
        give = max(
            (r for r in range(RESOURCES) if spare[r] >= ratio[r]),
            key=lambda r: spare[r] - ratio[r],
        )
        return (BANK_TRADE, give, want)
    return None


def _buy_ok(hand: list[int], goals: list[Goal]) -> bool:
    """Buy a card unless it spends what a near-complete city or settlement needs."""
    for cost, weight in goals:
        if weight >= 1.0 and missing(hand, cost) <= 1:
            after = [hand[r] - DEV_COST[r] for r in range(RESOURCES)]
            if missing(after, cost) > missing(hand, cost):
                return False
    return True


def _offer(st: KatanState, seat: int, hand: list[int], goals: list[Goal]) -> Move | None:
    """One card the goal does not need for one card it lacks, to everyone."""
    if not any(hand_size(st, t) for t in range(st.seats) if t != seat):
        return None
    for cost, _ in goals[:2]:
        short = [max(0, cost[r] - hand[r]) for r in range(RESOURCES)]
        if sum(short) != 1:
            continue
        spare = _surplus(hand, cost)
        if not any(spare):
            continue
        give = max(range(RESOURCES), key=lambda r: spare[r])
        want = short.index(1)
        return offer_move(-1, ONE[give], ONE[want])
    return None


# ---- answering offers -------------------------------------------------------------


def _answer(st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
    offer = st.offer
    assert offer is not None
    give, want = offer_legs(offer)
    offerer = st.current
    if total_points(st, offerer) >= st.target - 2:
        return M_DECLINE
    hand = hand_of(st, seat)
    goals = _goals(st, seat)
    before = _hand_score(hand, goals)
    if M_ACCEPT in legal:
        after = [hand[r] + give[r] - want[r] for r in range(RESOURCES)]
        completes = any(missing(after, cost) == 0 < missing(hand, cost) for cost, _ in goals)
        points = total_points(st, offerer), total_points(st, seat)
        better = _hand_score(after, goals) > before + 0.05
        if better and not refuses(sum(give), sum(want), *points, completes):
            return M_ACCEPT
    counter = _counter(hand, goals, give)
    if counter is not None and rules.why_not(st, seat, counter) is None:
        return counter
    return M_DECLINE


def _counter(hand: list[int], goals: list[Goal], offered: tuple[int, ...]) -> Move | None:
    """Ask for one offered card the goal lacks, paying one card it can spare,
    when that card completes the goal (RULINGS 6)."""
    for cost, _ in goals[:2]:
        short = [max(0, cost[r] - hand[r]) for r in range(RESOURCES)]
        if sum(short) != 1:
            continue
        need = short.index(1)
        if not offered[need]:
            continue
        spare = _surplus(hand, cost)
        payable = [r for r in range(RESOURCES) if spare[r] and r != need]
        if not payable:
            continue
        pay = max(payable, key=lambda r: spare[r])
        return counter_move(ONE[pay], ONE[need])
    return None


def _take_counter(st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
    hand = hand_of(st, seat)
    goals = _goals(st, seat)
    best, best_score = M_DISMISS, _hand_score(hand, goals) + 0.05
    for m in legal:
        if m[0] != TAKE_COUNTER:
            continue
        for c in st.counters:
            if c[0] == m[1]:
                after = [hand[r] + c[1 + r] - c[6 + r] for r in range(RESOURCES)]
                score = _hand_score(after, goals)
                if score > best_score:
                    best, best_score = m, score
    return best


# ---- discards, robber, knights ----------------------------------------------------


def _discard(st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
    """Drop one card at a time, always the one whose loss hurts the goals least."""
    hand = hand_of(st, seat)
    goals = _goals(st, seat)
    counts = [0] * RESOURCES
    for _ in range(st.discards[seat]):
        best_r, best_score = -1, -1.0
        for r in range(RESOURCES):
            if hand[r]:
                hand[r] -= 1
                score = _hand_score(hand, goals) + 0.001 * hand[r]
                hand[r] += 1
                if score > best_score:
                    best_r, best_score = r, score
        hand[best_r] -= 1
        counts[best_r] += 1
    move = discard_move(counts)
    return move if rules.why_not(st, seat, move) is None else legal[0]


def _robber(st: KatanState, seat: int, move: Move) -> float:
    hex_id, victim = move[1], move[2]
    corners = st.board.topology.hex_corner_mask[hex_id]
    pips = hex_pips(st, hex_id, robbed=False)
    score = 0.0
    for t in range(st.seats):
        weight = (st.towns[t] & corners).bit_count() + 2 * (st.cities[t] & corners).bit_count()
        if t == seat:
            score -= 4.0 * weight * pips
        else:
            score += weight * pips * (1 + 0.3 * total_points(st, t))
    if victim >= 0:
        score += 0.5 * min(hand_size(st, victim), 8) + 0.5 * total_points(st, victim)
    return score


def _knight_now(st: KatanState, seat: int) -> bool:
    """Play a knight when the robber sits on our production or when it wins or
    secures Largest Army."""
    corners = st.board.topology.hex_corner_mask[st.robber]
    if (st.towns[seat] | st.cities[seat]) & corners and hex_pips(st, st.robber, robbed=False):
        return True
    mine = st.played[seat * DEV_KINDS + KNIGHT] + 1
    holder = st.army
    if holder != seat and mine >= LARGEST_ARMY_MIN:
        return holder < 0 or mine > st.played[holder * DEV_KINDS + KNIGHT]
    return False


# ---- roads --------------------------------------------------------------------------


def _wants_road(st: KatanState, seat: int, hand: list[int]) -> bool:
    """Roads when no settlement spot is open, or when lumber and brick are plentiful."""
    if not st.reach[seat] & ~st.blocked & st.board.topology.land_nodes:
        return True
    return hand[0] >= 3 and hand[1] >= 3


def _best_road(st: KatanState, seat: int, legal: Sequence[Move]) -> Move | None:
    roads = [m for m in legal if m[0] == BUILD_ROAD]
    if not roads:
        return None
    weights = resource_weights(st)
    have = production(st, seat)
    top = st.board.topology
    mine = st.towns[seat] | st.cities[seat]
    walls = st.built & ~mine
    best, best_value = roads[0], -1.0
    for m in roads:
        edge = m[1]
        value = 0.0
        for end in top.edge_ends[edge]:
            value = max(value, _reach_value(st, seat, end, edge, weights, have, walls))
        value += 0.3 * (st.road_len[seat] >= 4)
        if value > best_value:
            best, best_value = m, value
    return best


def _reach_value(
    st: KatanState,
    seat: int,
    start: int,
    via: int,
    weights: list[float],
    have: list[float],
    walls: int,
) -> float:
    """The best settlement spot within three roads of `start`, discounted by distance."""
    top = st.board.topology
    best = 0.0
    frontier = [(start, via)]
    seen = {start}
    for depth in range(len(ROAD_SPOT_DISCOUNT)):
        nxt = []
        for node, came in frontier:
            if walls >> node & 1:
                continue
            if not st.blocked >> node & 1 and top.land_nodes >> node & 1:
                value = ROAD_SPOT_DISCOUNT[depth] * spot_value(st, seat, node, weights, have)
                best = max(best, value)
            for e in top.node_edges[node]:
                if e != came and not st.paved >> e & 1:
                    other = top.other_end(e, node)
                    if other not in seen:
                        seen.add(other)
                        nxt.append((other, e))
        frontier = nxt
    return best


def _expansion(st: KatanState, node: int) -> float:
    """Pips of the free crossings two roads from `node`: room to grow."""
    top = st.board.topology
    total = 0.0
    for a in top.node_nodes[node]:
        for b in top.node_nodes[a]:
            if b != node and not st.blocked >> b & 1 and not top.node_block_mask[node] >> b & 1:
                total += sum(node_yield(st, b))
    return total / 6
