"""How the Seafarers AIs spend on the maps' own builds and answer the sea's
chores: wonder stages, fortress raids, canal units, gold and chest picks,
and discards that keep what a ship or a wonder needs.

The app's opponent (the seed document's *How the AI plays it*) raids and
builds wonder stages whenever it can pay, and digs likewise; the default
level spends only when it pays: never setting back a city or settlement a
card from paid, never raiding a fortress a rival's ship also sits beside
unless it can take it this turn (a raid short of the last one hands the
fortress to whoever raids next), and digging where its own towns gain the
fields.
"""

from collections.abc import Sequence

from engine.katan import ai as base_ai
from engine.katan import rules
from engine.katan.cities import ai_measures as ck_measures
from engine.katan.cities import ai_trade as ck_trade
from engine.katan.moves import (
    BANK_TRADE,
    BUILD_WONDER,
    DIG_CANAL,
    PICK,
    RAID_FORTRESS,
    Kinds,
    Move,
    discard_move,
)
from engine.katan.sea import scenarios
from engine.katan.sea.ai_values import Goal, Plan, spoils


def cards_of(plan: Plan) -> list[int]:
    st = plan.st
    w = st.width
    return st.hands[plan.seat * w : (plan.seat + 1) * w]


def padded(cards: list[int]) -> list[int]:
    """A hand as wide as the Cities & Knights measures read (they serve both)."""
    return cards + [0] * (ck_measures.WIDTH - len(cards))


def strength(plan: Plan, hex_id: int) -> int:
    return plan.sea.fortresses[plan.st.board.fortress_hexes.index(hex_id)]


def urgent(plan: Plan, kinds: Kinds) -> Move | None:
    """What pays at once whatever else is planned: the wonder's last stage
    (it wins the game) and the raid that takes a fortress (two points and an
    island for three cards)."""
    if BUILD_WONDER in kinds and plan.sea.wonders[plan.seat] == scenarios.WONDER_STAGES - 1:
        return kinds[BUILD_WONDER][0]
    for m in kinds.get(RAID_FORTRESS, ()):
        if strength(plan, m[1]) == 1:
            return m
    return None


def spend(plan: Plan, kinds: Kinds, goals: list[Goal], app: bool) -> Move | None:
    """A wonder stage, a raid or a unit of canal, once the turn's cities and
    settlements are done."""
    cards = cards_of(plan)
    if BUILD_WONDER in kinds:
        cost = scenarios.WONDER_COSTS[plan.sea.wonders[plan.seat]]
        if app or not spoils(cards, cost, goals):
            return kinds[BUILD_WONDER][0]
    raids = kinds.get(RAID_FORTRESS)
    if raids:
        if app:
            return raids[0]
        raid = _raid(plan, raids, cards)
        if raid is not None and not spoils(cards, scenarios.RAID_COST, goals):
            return raid
    digs = kinds.get(DIG_CANAL)
    if digs:
        if app:
            return digs[0]
        point = plan.sea.dug[plan.seat] % 2 == 1
        if point or not spoils(cards, scenarios.DIG_COST, goals):
            return max(digs, key=lambda m: _dig_value(plan, m[1]))
    return None


def _raid(plan: Plan, raids: list[Move], cards: list[int]) -> Move | None:
    """The weakest fortress, unless a rival's ship beside it could take it
    after this raid and the seat cannot finish it this turn."""
    m = min(raids, key=lambda m: strength(plan, m[1]))
    left = strength(plan, m[1])
    payable = min(cards[k] // c for k, c in enumerate(scenarios.RAID_COST) if c)
    edges = sum(1 << e for e in plan.top.hex_edges[m[1]])
    rivals = any(plan.sea.ships[t] & edges for t in range(plan.st.seats) if t != plan.seat)
    return m if not rivals or payable >= left else None


def _dig_value(plan: Plan, hex_id: int) -> float:
    """Units already dug (the fields come sooner) times the seat's share of
    the towns that will farm them."""
    st = plan.st
    corners = plan.top.hex_corner_mask[hex_id]
    mine = theirs = 0
    for t in range(st.seats):
        weight = (st.towns[t] & corners).bit_count() + 2 * (st.cities[t] & corners).bit_count()
        if t == plan.seat:
            mine += weight
        else:
            theirs += weight
    units = plan.sea.canal[st.board.canal_hexes.index(hex_id)]
    return (units + 1) * (mine - 0.5 * theirs)


def bank_trade(
    plan: Plan, sea_goals: list[Goal], goals: list[Goal], legal: Sequence[Move]
) -> Move | None:
    """A bank trade towards one of the sea's goals that completes it this
    turn and gives nothing a city or settlement a card from paid needs."""
    st = plan.st
    if not sea_goals:
        return None
    cards = cards_of(plan)
    if st.ck is not None:
        move = ck_trade.bank_trade(st, plan.seat, sea_goals, legal)
    else:
        five = [(c[:5], weight) for c, weight in sea_goals]
        move = base_ai._bank_trade(st, plan.seat, cards, five)
    if move is None or move not in legal or move[0] != BANK_TRADE:
        return None
    give = [0] * st.width
    give[move[1]] = rules.ratios(st, plan.seat)[move[1]]
    return None if spoils(cards, tuple(give), goals) else move


# ---- chores -----------------------------------------------------------------------------


def pick(plan: Plan, legal: Sequence[Move], goals: list[Goal]) -> Move:
    """The resource the goals want most; between equals, the scarcest the
    seat produces least of."""
    values = ck_measures.card_values(padded(cards_of(plan)), goals)
    picks = [m for m in legal if m[0] == PICK]
    if not picks:
        return legal[0]

    def worth(m: Move) -> float:
        r = m[1]
        return values[r] + 0.01 * plan.weights[r] / (1 + 10 * plan.have[r])

    return max(picks, key=worth)


def discard(plan: Plan, due: int, legal: Sequence[Move], goals: list[Goal]) -> Move:
    """The cards whose loss sets the goals back least, ships and wonders included."""
    st = plan.st
    counts = ck_measures.least_valued(padded(cards_of(plan)), goals, due)[: st.width]
    move = discard_move(counts)
    return move if rules.why_not(st, plan.seat, move) is None else legal[0]
