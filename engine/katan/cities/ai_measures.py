"""What the Cities & Knights AIs measure, from a seat's view only: eight-card
hands, what each seat's buildings produce, what a hand is saving for, how near
the barbarians are and how much knight strength a seat should stand, and what
a knight is worth on a crossing.

Everything here reads public facts (the board, pieces, levels, counts) and the
seat's own hand, so both levels can call it on the view they are given and
learn nothing they may not. The base game's measures (`evaluate.py`) are
reused where they carry over: weighted pips, spot values, node yields.
"""

from collections.abc import Sequence
from functools import cache
from math import comb
from typing import Final

from engine.katan.cities.components import (
    ABILITY_LEVEL,
    ACTIVATE_COST,
    CITY_PRODUCE,
    KNIGHT_COST,
    KNIGHT_LEVELS,
    LEVELS,
    METROPOLIS_LEVEL,
    TRACK_GOOD,
    TRACKS,
    WALL_COST,
    WALL_HAND_BONUS,
    WALL_PIECES,
)
from engine.katan.cities.improvements import metropolises
from engine.katan.cities.state import CitiesPart, knights_of, strength
from engine.katan.components import (
    CITY_COST,
    CITY_PIECES,
    DISCARD_OVER,
    PIPS,
    RESOURCES,
    ROAD_COST,
    ROAD_PIECES,
    SETTLEMENT_COST,
    SETTLEMENT_PIECES,
)
from engine.katan.evaluate import hex_pips, paying_hexes, resource_weights, spot_value
from engine.katan.state import KatanState, hand_size

WIDTH: Final = 8
"""Cards in a Cities & Knights hand: five resources, then cloth, coin, paper."""

Cost = tuple[int, ...]
Goal = tuple[Cost, float]
"""An eight-card cost the seat is saving for, and how much it matters."""


def widen(cost: tuple[int, ...]) -> Cost:
    return (*cost, *(0,) * (WIDTH - len(cost)))


CITY: Final = widen(CITY_COST)
SETTLEMENT: Final = widen(SETTLEMENT_COST)
ROAD: Final = widen(ROAD_COST)
KNIGHT: Final = widen(KNIGHT_COST)
ACTIVATE: Final = widen(ACTIVATE_COST)
WALL: Final = widen(WALL_COST)


def part(st: KatanState) -> CitiesPart:
    ck: CitiesPart = st.ck
    return ck


def hand(st: KatanState, seat: int) -> list[int]:
    """The seat's cards (only its own are known in its view)."""
    w = st.width
    return st.hands[seat * w : (seat + 1) * w]


def short(cards: Sequence[int], cost: Cost) -> int:
    """Cards missing to pay `cost`, commodities included."""
    missing = 0
    for k, c in _sparse(cost)[0]:
        if c > cards[k]:
            missing += c - cards[k]
    return missing


def level(st: KatanState, seat: int, track: int) -> int:
    return part(st).levels[seat * TRACKS + track]


def _improve_costs() -> tuple[tuple[Cost, ...], ...]:
    out = []
    for track in range(TRACKS):
        costs = []
        for done in range(LEVELS + 1):
            cost = [0] * WIDTH
            cost[TRACK_GOOD[track]] = done + 1
            costs.append(tuple(cost))
        out.append(tuple(costs))
    return tuple(out)


IMPROVE_COSTS: Final = _improve_costs()
"""Per track and level reached, the next level's cost (built once: the AI
asks for them at nearly every decision)."""


def improve_cost(st: KatanState, seat: int, track: int) -> Cost:
    return IMPROVE_COSTS[track][level(st, seat, track)]


# ---- production ------------------------------------------------------------------------


def output(st: KatanState, seat: int, robbed: bool = True) -> list[float]:
    """Expected cards of each kind per roll: a settlement's resource, a city's
    resource and commodity (or two of the resource on hills and fields)."""
    out = [0.0] * WIDTH
    for t, p in paying_hexes(st, st.towns[seat], robbed):
        out[t] += p / 36
    for t, p in paying_hexes(st, st.cities[seat], robbed):
        for kind, count in CITY_PRODUCE[t]:
            out[kind] += count * p / 36
    return out


def city_yield(st: KatanState, node: int) -> float:
    """What a city on `node` collects, weighted: commodities count more than a
    second resource because they buy improvements."""
    total = 0.0
    top = st.board.topology
    for h in top.node_hexes[node]:
        t = st.board.terrain[h]
        if t < RESOURCES:
            p = PIPS[st.board.numbers[h]]
            total += p * (2.3 if len(CITY_PRODUCE[t]) == 2 else 2.0)
    return total


def good_weights(st: KatanState) -> list[float]:
    """The base game's scarcity weights, with the commodities weighted like
    the resource whose terrain makes them."""
    w = resource_weights(st)
    return [*w, w[2], w[4], w[0]]


# ---- goals -------------------------------------------------------------------------------


def spot_open(st: KatanState, seat: int) -> bool:
    """Whether the seat's roads reach a crossing a settlement may take."""
    free = st.reach[seat] & ~(st.blocked | st.closed) & st.board.topology.land_nodes
    return bool(free)


def track_value(st: KatanState, seat: int, track: int, made: list[float] | None = None) -> float:
    """How much the next level of a track is worth to the seat: the level-3
    ability, the metropolis it races for, and what its commodity output feeds."""
    ck = part(st)
    levels = ck.levels
    mine = levels[seat * TRACKS + track]
    if mine >= LEVELS:
        return 0.0
    nxt = mine + 1
    value = 0.5
    if nxt == ABILITY_LEVEL:
        value += (0.45, 0.25, 0.4)[track]
    best_other = -1
    for t in range(st.seats):
        if t != seat and levels[t * TRACKS + track] > best_other:
            best_other = levels[t * TRACKS + track]
    holder = ck.metropolis_owner[track]
    if holder == seat:
        if mine == METROPOLIS_LEVEL and best_other >= METROPOLIS_LEVEL:
            value += 0.6  # level 5 makes the metropolis safe
        else:
            value -= 0.2
    elif best_other < LEVELS:
        # A metropolis is still to be won: at 4 if nobody holds it, at 5 if its holder is on 4.
        goal = METROPOLIS_LEVEL if holder < 0 and ck.claims[track] < 0 else LEVELS
        if mine < goal:
            ahead = mine >= best_other
            value += (0.45 if ahead else 0.2) + 0.15 * nxt
    if made is None:
        made = output(st, seat)
    return value + 2.0 * made[TRACK_GOOD[track]]


def goals(st: KatanState, seat: int) -> list[Goal]:
    """What the seat is saving for, most valuable first."""
    out: list[Goal] = []
    towns = st.towns[seat].bit_count()
    cities = st.cities[seat].bit_count()
    if towns and cities < CITY_PIECES:
        out.append((CITY, 1.1))
    if towns + cities < SETTLEMENT_PIECES + CITY_PIECES and towns < SETTLEMENT_PIECES:
        if spot_open(st, seat):
            out.append((SETTLEMENT, 1.0))
        elif st.roads[seat].bit_count() < ROAD_PIECES:
            out.append((ROAD, 0.45))
    if cities:
        made = output(st, seat)
        for track in range(TRACKS):
            value = track_value(st, seat, track, made)
            if value:
                out.append((improve_cost(st, seat, track), min(1.0, 0.35 * value)))
    ck = part(st)
    asleep = knights_of(ck, seat) & ~ck.active[seat]
    rolls = window(st, seat)
    if defence_need(st, seat, rolls):
        out.append((ACTIVATE if asleep else KNIGHT, 0.9))
    elif asleep and defence_need(st, seat, rolls + st.seats):
        out.append((ACTIVATE, 0.6))
    elif potential(ck, seat) < 2:
        out.append((KNIGHT, 0.6))
    if part(st).walls[seat].bit_count() < WALL_PIECES and st.cities[seat] & ~part(st).walls[seat]:
        out.append((WALL, 0.25))
    out.sort(key=lambda g: -g[1])
    return out


_SPARSE: dict[Cost, tuple[tuple[tuple[int, int], ...], int]] = {}
"""Each cost's nonzero entries and size, worked out once per cost."""


def _sparse(cost: Cost) -> tuple[tuple[tuple[int, int], ...], int]:
    found = _SPARSE.get(cost)
    if found is None:
        pairs = tuple((k, c) for k, c in enumerate(cost) if c)
        found = _SPARSE[cost] = (pairs, sum(cost))
    return found


DONE: Final = 0.5
"""The bonus, by weight, for a goal paid in full: a build the seat can make now
is worth more than its cards' share suggests."""


def _progress(paid: int, size: int) -> float:
    return paid * paid / (size * size) + (DONE if paid == size else 0.0)


def hand_score(cards: Sequence[int], wanted: list[Goal]) -> float:
    """How far the hand goes towards the goals: each goal's share paid, by its
    weight (squared, so a nearly paid goal counts most, and more again once
    paid in full); a card that serves two goals is worth keeping twice over."""
    score = 0.01 * sum(cards)
    for cost, weight in wanted:
        pairs, size = _sparse(cost)
        paid = size
        for k, c in pairs:
            if cards[k] < c:
                paid -= c - cards[k]
        score += weight * _progress(paid, size)
    return score


def card_values(cards: Sequence[int], wanted: list[Goal]) -> list[float]:
    """What one more card of each kind adds to the hand's score."""
    out = [0.01] * WIDTH
    for cost, weight in wanted:
        pairs, size = _sparse(cost)
        paid = size
        for k, c in pairs:
            if cards[k] < c:
                paid -= c - cards[k]
        if paid == size:
            continue
        gain = weight * (_progress(paid + 1, size) - _progress(paid, size))
        for k, c in pairs:
            if cards[k] < c:
                out[k] += gain
    return out


def least_valued(cards: list[int], wanted: list[Goal], count: int) -> list[int]:
    """The `count` cards whose loss hurts the goals least, one at a time (ties
    go to the kind held most): for discards, gifts and give-backs."""
    left = cards[:]
    out = [0] * WIDTH
    for _ in range(count):
        best_k, best = -1, -1e9
        for k in range(WIDTH):
            if left[k]:
                left[k] -= 1
                score = hand_score(left, wanted) + 0.001 * left[k]
                left[k] += 1
                if score > best:
                    best_k, best = k, score
        if best_k < 0:
            break
        left[best_k] -= 1
        out[best_k] += 1
    return out


def hand_limit(st: KatanState, seat: int) -> int:
    return DISCARD_OVER + WALL_HAND_BONUS * part(st).walls[seat].bit_count()


# ---- the barbarians ----------------------------------------------------------------------

SHIP_CHANCE: Final = 0.5
"""Three of the event die's six faces are the ship."""
THREAT: Final = 0.1
"""The chance of an attack before the seat can act again above which it arms."""


@cache
def attack_chance(steps: int, rolls: int) -> float:
    """The chance that `rolls` rolls bring at least `steps` ships (kept: the
    AI asks it several times a decision, always of a few small numbers)."""
    if steps <= 0:
        return 1.0
    if steps > rolls:
        return 0.0
    return sum(comb(rolls, k) for k in range(steps, rolls + 1)) * SHIP_CHANCE**rolls


def window(st: KatanState, seat: int) -> int:
    """Rolls the seat must stand through before it can act again: the others'
    before its next turn, and its own if it has not rolled yet."""
    own = seat == st.current and not st.rolled
    return st.seats - 1 + own


def potential(ck: CitiesPart, seat: int) -> int:
    """Strength the seat could stand with every knight it has awake."""
    i = seat * KNIGHT_LEVELS
    k = ck.knights
    return k[i].bit_count() + 2 * k[i + 1].bit_count() + 3 * k[i + 2].bit_count()


def defence_target(st: KatanState, seat: int, rolls: int) -> int:
    """The active strength the seat should stand when an attack may come
    before it acts again: enough that Catan holds on the knights awake now, or
    that it is not among the least contributors even if every rival wakes all
    its knights (a lost city is the heaviest blow of the game). 0 when no
    attack is near or the seat has no city to lose."""
    ck = part(st)
    if attack_chance(ck.barbarians, rolls) < THREAT:
        return 0
    # A lost attack takes a city, never a metropolis: who has only
    # metropolises has nothing to lose.
    cities = st.cities
    immune = metropolises(ck)
    if not cities[seat] & ~immune:
        return 0
    hold = 0
    rivals = []
    for t in range(st.seats):
        hold += cities[t].bit_count()
        if t != seat:
            hold -= strength(ck, t)
            if cities[t] & ~immune:
                rivals.append(potential(ck, t))
    return max(0, min(hold, min(rivals) + 1) if rivals else hold)


def defence_need(st: KatanState, seat: int, rolls: int) -> int:
    """Active strength the seat should add now (`defence_target`)."""
    return max(0, defence_target(st, seat, rolls) - strength(part(st), seat))


def defender_gap(st: KatanState, seat: int, rolls: int) -> int:
    """Active strength that would make the seat the sole Defender of Catan (a
    point) when an attack is likely before it acts again and Catan would hold;
    0 when it is out of reach or not worth it."""
    ck = part(st)
    if attack_chance(ck.barbarians, rolls) < 0.45:
        return 0
    mine = strength(ck, seat)
    others = [t for t in range(st.seats) if t != seat]
    top = max(potential(ck, t) for t in others)
    gap = top + 1 - mine
    barbarians = sum(c.bit_count() for c in st.cities)
    total = sum(strength(ck, t) for t in others) + top + 1
    if gap <= 0 or gap > 2 or total < barbarians:
        return 0
    return gap


# ---- knights on the board ------------------------------------------------------------------


def knight_spot(st: KatanState, seat: int, node: int) -> float:
    """What a knight of the seat is worth on a crossing: beside its own
    producing hexes it can chase the robber off them; on a crossing an opponent
    could settle or pave through it blocks them; on a spot the seat wants for
    itself it is in the way."""
    top = st.board.topology
    value = 0.0
    mine = st.towns[seat] | st.cities[seat]
    for h in top.node_hexes[node]:
        corners = top.hex_corner_mask[h]
        if mine & corners:
            value += 0.15 * hex_pips(st, h, robbed=False)
    open_spot = not (st.blocked | st.closed) >> node & 1 and top.land_nodes >> node & 1
    if open_spot:
        weights = resource_weights(st)
        for t in range(st.seats):
            if t != seat and st.reach[t] >> node & 1:
                value += 0.25 * spot_value(st, t, node, weights, [0.1] * RESOURCES)
        if st.reach[seat] >> node & 1:
            value -= 0.3 * spot_value(st, seat, node, weights, [0.1] * RESOURCES)
    for t in range(st.seats):
        if t != seat and st.frontier[t] & top.node_edge_mask[node]:
            value += 0.8
    return value


def others_cards(st: KatanState, seat: int) -> int:
    """Cards the other seats hold (a public count)."""
    return sum(hand_size(st, t) for t in range(st.seats) if t != seat)


def setup_commodities(
    st: KatanState, node: int, city: bool, pips: Sequence[int], value: float
) -> float:
    """`value` plus a setup spot's worth for the commodities to come: grain
    and ore for the city, and, when the piece is the city itself, the pips of
    the hexes a city makes a commodity on (added one by one, so every
    decision stays what it was)."""
    value += 0.12 * (pips[3] + pips[4])
    if city:
        board = st.board
        for h in board.topology.node_hexes[node]:
            t = board.terrain[h]
            if t < RESOURCES and len(CITY_PRODUCE[t]) == 2:
                value += 0.35 * PIPS[board.numbers[h]]
    return value
