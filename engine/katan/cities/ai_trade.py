"""Trading in a Cities & Knights game: bank trades that complete a goal (the
commodities trade too, 2:1 with trade level 3), the one domestic offer a
turn the default AI makes when a single card is missing, and answers to the
others' offers. Hands are eight cards wide, so every leg is too.
"""

from collections.abc import Sequence

from engine.katan.cities.ai_measures import (
    WIDTH,
    Goal,
    card_values,
    hand,
    hand_score,
    others_cards,
    short,
)
from engine.katan.components import RESOURCES
from engine.katan.moves import (
    BANK_MOVES,
    M_ACCEPT,
    M_DECLINE,
    M_DISMISS,
    ONE_GOOD,
    TAKE_COUNTER,
    Move,
    offer_legs,
    offer_move,
)
from engine.katan.rules import ratios
from engine.katan.state import KatanState, total_points
from engine.katan.trade_guard import refuses

REACH = 3
"""Goals whose missing cards the bank may supply, counted from the top."""


def _keep(cost: tuple[int, ...], wanted: list[Goal]) -> list[int]:
    """Cards not to trade away while paying for `cost`: its own, and the
    commodities the seat's improvements are saving."""
    keep = list(cost)
    for other, weight in wanted:
        if weight >= 0.3:
            for k in range(RESOURCES, WIDTH):
                if other[k] > keep[k]:
                    keep[k] = other[k]
    return keep


def bank_trade(
    st: KatanState, seat: int, wanted: list[Goal], legal: Sequence[Move], most: int = 2
) -> Move | None:
    """The first trade of a sequence of at most `most` that pays for one of
    the top goals this turn, giving the cards the goals value least. (Asked
    at nearly every turn of the default AI, so what only a trade needs, the
    ratios and card values, is worked out once a goal comes within reach.)"""
    cards = hand(st, seat)
    ratio: tuple[int, ...] | None = None
    values: list[float] | None = None
    for cost, _ in wanted[:REACH]:
        missing = short(cards, cost)
        if not missing or missing > most:
            continue
        if ratio is None:
            ratio = ratios(st, seat)
        keep = _keep(cost, wanted)
        spare = [cards[k] - keep[k] if cards[k] > keep[k] else 0 for k in range(WIDTH)]
        if sum(spare[k] // ratio[k] for k in range(WIDTH)) < missing:
            continue
        want = next((k for k in range(WIDTH) if cost[k] > cards[k] and st.bank[k]), -1)
        if want < 0:
            continue
        if values is None:
            values = card_values(cards, wanted)
        move = BANK_MOVES[_given(spare, ratio, values)][want]
        if move in legal:
            return move
    return None


def _given(spare: list[int], ratio: tuple[int, ...], values: list[float]) -> int:
    """The kind a bank trade gives: the one most spare past its rate, the
    least valued of those on a tie."""
    return max(
        (k for k in range(WIDTH) if spare[k] >= ratio[k]),
        key=lambda k: (spare[k] - ratio[k], -values[k]),
    )


def offer(st: KatanState, seat: int, wanted: list[Goal]) -> Move | None:
    """One spare card for the one card a top goal lacks, to everyone."""
    if not others_cards(st, seat):
        return None
    cards = hand(st, seat)
    values = card_values(cards, wanted)
    for cost, _ in wanted[:2]:
        need = [max(0, cost[k] - cards[k]) for k in range(WIDTH)]
        if sum(need) != 1:
            continue
        keep = _keep(cost, wanted)
        spare = [k for k in range(WIDTH) if cards[k] > keep[k] and not need[k]]
        if not spare:
            continue
        give = min(spare, key=lambda k: (values[k], -cards[k]))
        return offer_move(-1, ONE_GOOD[give], ONE_GOOD[need.index(1)])
    return None


def answer(st: KatanState, seat: int, legal: Sequence[Move], wanted: list[Goal]) -> Move:
    """Accept a trade that takes the goals further, unless the offerer is
    close to winning or the trade guard refuses it; otherwise decline."""
    if st.offer is None or M_ACCEPT not in legal:
        return M_DECLINE
    if st.points[st.current] >= st.target - 2:
        return M_DECLINE
    give, want = offer_legs(st.offer)
    cards = hand(st, seat)
    after = [cards[k] + give[k] - want[k] for k in range(WIDTH)]
    completes = any(short(after, cost) == 0 < short(cards, cost) for cost, _ in wanted)
    points = total_points(st, st.current), total_points(st, seat)
    better = hand_score(after, wanted) > hand_score(cards, wanted) + 0.05
    if better and not refuses(sum(give), sum(want), *points, completes):
        return M_ACCEPT
    return M_DECLINE


def take_counter(st: KatanState, seat: int, legal: Sequence[Move], wanted: list[Goal]) -> Move:
    cards = hand(st, seat)
    best, best_score = M_DISMISS, hand_score(cards, wanted) + 0.05
    for m in legal:
        if m[0] != TAKE_COUNTER:
            continue
        for c in st.counters:
            if c[0] == m[1]:
                after = [cards[k] + c[1 + k] - c[1 + WIDTH + k] for k in range(WIDTH)]
                score = hand_score(after, wanted)
                if score > best_score:
                    best, best_score = m, score
    return best if best in legal else legal[0]
