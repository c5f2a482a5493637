"""The moves a search weighs at a decision: the default AI's choice and the few
alternatives worth a rollout each.

A Katan decision can have hundreds of legal moves (every road, every bank
trade, example offers), most of them pointless; rollouts are the search's
whole budget, so only the plausible ones are weighed: the best few places by
the default AI's own measures, each kind of build, buying, each card that can
be played, the bank trades towards a build, ending the turn. Decisions with
nothing to weigh (a roll without a knight, a discard, a free road) are left to
the default AI.

The expansions add kinds of move the base game's measures know nothing of
(knights, improvements, progress cards, ships, the canal); there the default
AI itself names each kind's best move (`expansion_candidates`): asked to
choose among one kind's moves alone, it ranks them by its own measures. Asked
about a kind it would not play now, it names the end of its turn instead, so
a kind it passes over still gets one move that stands for it (`_declined`):
without that, a turn the default AI ends with a knight to wake, a card to
play or a trade to make was never weighed against its end.
"""

from collections.abc import Callable, Sequence
from typing import Final

from engine.katan import ai
from engine.katan.cities import ai_measures as ck_measures
from engine.katan.cities import ai_trade as ck_trade
from engine.katan.components import RESOURCES
from engine.katan.evaluate import hand_of, missing, node_yield, production, resource_weights
from engine.katan.evaluate import spot_value as rate_spot
from engine.katan.moves import (
    BANK_TRADE,
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    COUNTER,
    M_ACCEPT,
    M_BUY,
    M_DECLINE,
    M_END,
    M_KNIGHT,
    M_ROAD_BUILDING,
    M_ROLL,
    MOVE_ROBBER,
    OFFER,
    PLAY_MONOPOLY,
    PLAY_PLENTY,
    Move,
)
from engine.katan.state import MAIN, ROBBER, ROLL, SETUP_SETTLEMENT, KatanState
from engine.katan.state import OFFER as OFFER_PHASE

SETUP_SPOTS: Final = 6
ROBBER_SPOTS: Final = 4
SPOTS: Final = 2
ROADS: Final = 2
TRADES: Final = 3


def candidates(st: KatanState, seat: int, legal: Sequence[Move], default: Move) -> list[Move]:
    """`default` first, then the alternatives, each once; one move means no search."""
    out = [default]
    phase = st.phase
    if phase == SETUP_SETTLEMENT:
        weights = resource_weights(st)
        have = production(st, seat, robbed=False)
        ranked = sorted(legal, key=lambda m: -rate_spot(st, seat, m[1], weights, have))
        out += ranked[:SETUP_SPOTS]
    elif phase == ROLL:
        out += [m for m in (M_ROLL, M_KNIGHT) if m in legal]
    elif phase == ROBBER:
        spots = [m for m in legal if m[0] == MOVE_ROBBER]
        out += sorted(spots, key=lambda m: -ai._robber(st, seat, m))[:ROBBER_SPOTS]
    elif phase == OFFER_PHASE:
        out += [m for m in (M_ACCEPT, M_DECLINE) if m in legal]
    elif phase == MAIN:
        out += _main(st, seat, legal)
    return list(dict.fromkeys(out))


def expansion_candidates(
    st: KatanState,
    seat: int,
    legal: Sequence[Move],
    default: Move,
    best_of: Callable[[list[Move]], Move],
) -> list[Move]:
    """`default` first, then the best setup crossings and robber hexes by the
    base game's measures, then the default AI's pick of each other kind of
    move (`best_of` one kind's moves); one move means no search."""
    out = [default]
    if st.phase == SETUP_SETTLEMENT:
        weights = resource_weights(st)
        have = production(st, seat, robbed=False)
        spots = [m for m in legal if m[0] == BUILD_SETTLEMENT]
        out += sorted(spots, key=lambda m: -rate_spot(st, seat, m[1], weights, have))[:SETUP_SPOTS]
    elif st.phase == ROBBER:
        spots = [m for m in legal if m[0] == MOVE_ROBBER]
        out += sorted(spots, key=lambda m: -ai._robber(st, seat, m))[:ROBBER_SPOTS]
    by_kind: dict[int, list[Move]] = {}
    for m in legal:
        by_kind.setdefault(m[0], []).append(m)
    if len(by_kind) > 1:
        for kind, moves in sorted(by_kind.items()):
            if kind == default[0]:
                continue
            pick = best_of(moves)
            out.append(pick)
            if pick[0] != kind:
                out += _declined(st, seat, kind, moves)
    return list(dict.fromkeys(out))


def _declined(st: KatanState, seat: int, kind: int, moves: list[Move]) -> list[Move]:
    """A kind the default AI would not play now (it names the end of the turn
    instead) is still weighed where one move stands for it: the only move of
    its kind, the bank trade its goals rank first, the road towards the best
    place to settle. Offers and cards with many targets are left out: no one
    move of theirs speaks for the rest. (Improvements need no case: asked
    among improvements alone, the default AI always names one.)"""
    if kind in (OFFER, COUNTER):
        return []
    if len(moves) == 1:
        return moves
    if st.ck is not None and kind == BANK_TRADE:
        wanted = ck_measures.goals(st, seat)
        trade = ck_trade.bank_trade(st, seat, wanted, moves, most=RESOURCES)
        return [] if trade is None else [trade]
    if kind == BUILD_ROAD:
        return _roads(st, seat, moves, resource_weights(st), production(st, seat))[:1]
    return []


def _main(st: KatanState, seat: int, legal: Sequence[Move]) -> list[Move]:
    weights = resource_weights(st)
    have = production(st, seat)
    hand = hand_of(st, seat)
    by_kind: dict[int, list[Move]] = {}
    for m in legal:
        by_kind.setdefault(m[0], []).append(m)
    out: list[Move] = [M_END]
    cities = by_kind.get(BUILD_CITY, [])
    out += sorted(cities, key=lambda m: -sum(node_yield(st, m[1])))[:SPOTS]
    spots = by_kind.get(BUILD_SETTLEMENT, [])
    out += sorted(spots, key=lambda m: -rate_spot(st, seat, m[1], weights, have))[:SPOTS]
    out += _roads(st, seat, by_kind.get(BUILD_ROAD, []), weights, have)
    out += [m for m in (M_BUY, M_KNIGHT, M_ROAD_BUILDING) if m in legal]
    goals = ai._goals(st, seat)
    for m in by_kind.get(PLAY_PLENTY, []):
        after = hand[:]
        after[m[1]] += 1
        after[m[2]] += 1
        if any(missing(after, cost) == 0 < missing(hand, cost) for cost, _ in goals):
            out.append(m)
    need = ai._most_needed(hand, goals)
    out += [m for m in by_kind.get(PLAY_MONOPOLY, []) if m[1] == need]
    out += _trades(hand, by_kind.get(BANK_TRADE, []), goals)
    return out


def _roads(
    st: KatanState,
    seat: int,
    roads: list[Move],
    weights: list[float],
    have: list[float],
) -> list[Move]:
    """The roads leading to the best places to settle within three roads."""
    if not roads:
        return []
    top = st.board.topology
    walls = st.built & ~(st.towns[seat] | st.cities[seat])

    def reach(m: Move) -> float:
        edge = m[1]
        return max(
            ai._reach_value(st, seat, end, edge, weights, have, walls)
            for end in top.edge_ends[edge]
        )

    return sorted(roads, key=lambda m: (-reach(m), m[1]))[:ROADS]


def _trades(hand: list[int], trades: list[Move], goals: list[ai.Goal]) -> list[Move]:
    """Bank trades that bring a goal closer: a card it lacks for one it has to spare."""
    out: list[Move] = []
    for cost, _ in goals[:2]:
        short = [max(0, cost[r] - hand[r]) for r in range(RESOURCES)]
        spare = [max(0, hand[r] - cost[r]) for r in range(RESOURCES)]
        for m in trades:
            if short[m[2]] and spare[m[1]] and m not in out:
                out.append(m)
    return sorted(out, key=lambda m: -hand[m[1]])[:TRADES]
