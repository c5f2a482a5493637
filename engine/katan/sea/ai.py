"""The Seafarers AIs: the default level's play at a table with the sea, and the
app's opponent (the seed document's *How the AI plays it*) for the "app"
level.

Both decide from the seat's view alone and remember nothing between
decisions (the daemon builds a fresh player for each one). The sea's part
wraps the AI of the rule set beneath (the base game's, or Cities & Knights'),
which still makes every other decision on the legal moves without the
sea's: it settles first and sails second. Where the inner AI would end its
turn, buy a card, offer a trade or lay a road, the sea's builds are weighed
first: a wonder stage, a raid or a unit of canal, a ship towards a spot
worth having within five steps (the island bonus, villages with cloth,
untaken chips and standing fortresses as lures), never ahead of a
development card, and bank trades towards them. Picks from gold, chips and
chests take what the goals need most.

The default level does better than the app's opponent where the seed
document says the app stops: it sails a ship it launched earlier when that
brings its fleet nearer a better spot (once a turn, from a route's open
end), it moves the pirate instead of the robber when blocking a leader's
route by sea or robbing a ship owner pays more, it reaches for new islands
harder, it spends on wonders, raids and the canal only where that pays
(`ai_scenario`), its setup, roads, cities and discards count gold, fog,
villages and the sea beyond the coast (and, without Cities & Knights,
grain and ore once more), and after a declined domestic offer it makes the
next card-for-card one, towards a goal a card or two short, up to the
rules' three a turn (offers
of two cards for one were tried and dropped: against three app baselines
they lost about seven points of win rate, feeding the rivals). With Cities
& Knights beneath, its knights also guard what it holds at sea and chase
the pirate off its fleet (`ai_knights`).
"""

import random
from collections.abc import Callable, Sequence
from typing import Final

from engine.katan import ai as base_ai
from engine.katan import chores
from engine.katan.ai import KatanPlayer
from engine.katan.cities import ai_measures as ck_measures
from engine.katan.components import (
    DISCARD_OVER,
    GRAIN,
    OFFERS_PER_TURN,
    ORE,
    RESOURCES,
    ROAD_COST,
)
from engine.katan.evaluate import hand_of, missing, node_yield
from engine.katan.geometry import bits
from engine.katan.moves import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_SHIP,
    BUY_DEV,
    CHASE_PIRATE,
    END_TURN,
    HIRE_KNIGHT,
    M_STOP_ROADS,
    MOVE_PIRATE,
    MOVE_SHIP,
    OFFER,
    ONE,
    PLACE_KNIGHT,
    Kinds,
    Move,
    by_kind,
    offer_move,
)
from engine.katan.sea import ai_app, ai_knights, ai_pirate, ai_scenario
from engine.katan.sea.ai_scenario import cards_of
from engine.katan.sea.ai_values import (
    APP_STYLE,
    DEFAULT_STYLE,
    SECOND,
    SHIP_DISCOUNT,
    Goal,
    Plan,
    spoils,
    widen,
)
from engine.katan.sea.rules import SEA_KINDS
from engine.katan.sea.ships import SHIP_COST
from engine.katan.state import (
    CHORE,
    FREE_ROADS,
    MAIN,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    KatanState,
    hand_size,
)
from engine.katan.state import DISCARD as P_DISCARD
from engine.katan.view import KatanView

Decide = Callable[[KatanView, int, Sequence[Move]], Move]

YIELDS: Final = frozenset({END_TURN, BUY_DEV, BUILD_ROAD, OFFER})
"""The inner AI's moves the sea's builds are weighed against."""
SAIL_MARGIN: Final = 0.5
"""How much a sail must add to the fleet's reach to be worth the turn's one sail."""
ROAD_GO: Final = 4.0
"""A road worth this much is laid even while a settlement spot is open (a
step to Longest route, say), when it costs no near build a card."""
GOLD_CITY: Final = 1.15
"""A gold pip under a city, against a resource pip (the choice doubles too)."""
CITY_PIPS: Final = 0.6
"""Setup's extra weight per pip of grain and ore, without Cities & Knights:
the cities and development cards the app's opponents won with are paid in
them."""


class SeaPlayer:
    """Seafarers' decisions around `inner`, the rule set beneath's AI (which
    sees only the legal moves that are not the sea's); `app` plays as the
    app's opponent does."""

    def __init__(self, rng: random.Random, inner: Decide, app: bool = False) -> None:
        self._rng = rng
        self._inner = inner
        self._app = app

    def choose(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        st = view.state
        phase = st.phase
        land = [m for m in legal if m[0] not in SEA_KINDS]
        if phase == MAIN:
            return self._main(view, seat, legal, land)
        if phase == FREE_ROADS:
            return _free_pieces(self._plan(st, seat), legal)
        if phase == ROBBER:
            if self._app or not any(m[0] == MOVE_PIRATE for m in legal):
                return self._inner(view, seat, land)
            return ai_pirate.choose(self._plan(st, seat), legal)
        if phase == CHORE and st.chores[0][0] == chores.PICK:
            plan = self._plan(st, seat)
            return ai_scenario.pick(plan, legal, self._goals(plan))
        if self._app:
            return self._inner(view, seat, land)
        if phase == CHORE and st.chores[0][0] == chores.PLACE_KNIGHT:
            refuges = [m for m in legal if m[0] == PLACE_KNIGHT]
            if refuges:
                return ai_knights.post(self._plan(st, seat), refuges)
        if phase == CHORE and st.chores[0][0] == chores.DISCARD:
            plan = self._plan(st, seat)
            return ai_scenario.discard(plan, st.chores[0][2], legal, self._goals(plan))
        if phase == P_DISCARD:
            plan = self._plan(st, seat)
            return ai_scenario.discard(plan, st.discards[seat], legal, self._goals(plan))
        if phase == SETUP_SETTLEMENT:
            return self._setup(self._plan(st, seat), legal)
        if phase == SETUP_ROAD:
            roads = [m for m in legal if m[0] == BUILD_ROAD]
            if roads:
                road, value = self._plan(st, seat).best_of(roads, ship=False)
                if value > 0:
                    return road
        chasers = [m for m in legal if m[0] == CHASE_PIRATE]
        if phase == ROLL and chasers:
            chase = ai_knights.chase(self._plan(st, seat), chasers)
            if chase is not None:
                return chase
        return self._inner(view, seat, land)

    def _plan(self, st: KatanState, seat: int) -> Plan:
        return Plan(st, seat, APP_STYLE if self._app else DEFAULT_STYLE)

    def _goals(self, plan: Plan) -> list[Goal]:
        return plan.goals(_ship_outlook(plan))

    # ---- setup -------------------------------------------------------------------------

    def _setup(self, plan: Plan, legal: Sequence[Move]) -> Move:
        """The base AI's measure (weighted pips, variety, a second settlement
        completing the mix, room to grow) with the sea's extras in the spot
        value, and what the coast reaches by sea; with Cities & Knights the
        city also for its commodities, without them grain and ore once more."""
        st, seat = plan.st, plan.seat
        first = not (st.towns[seat] | st.cities[seat])
        have = plan.have
        coast = plan.style.coast
        spots = []
        for m in legal:
            node = m[1]
            pips = node_yield(st, node)
            value = plan.settle_value(node)
            value += 1.2 * (sum(1 for p in pips if p) + (plan.gold_pips(node) > 0))
            if not first:
                combined = [have[r] * 36 + pips[r] for r in range(RESOURCES)]
                value += plan.style.mix * sum(1 for c in combined if c)
            value += 0.15 * base_ai._expansion(st, node)
            spots.append((value, pips, self._rng.random() * 1e-3, m))
        # What the coast reaches by sea is the costly part (a search over the
        # sea from each spot), and is bounded by the best crossing there is:
        # it is measured best spot first, only while it could still decide.
        ceiling = coast * SHIP_DISCOUNT[1] * (1 + SECOND) * plan.top_value() + 1e-6
        scored = [
            (self._finish(st, m, pips, value, luck), value, pips, luck, m)
            for value, pips, luck, m in spots
        ]
        best, best_value = legal[0], -1e9
        for bound, value, pips, luck, m in sorted(scored, key=lambda s: -s[0]):
            if bound + ceiling <= best_value:
                break
            value += coast * _sea_reach(plan, m[1])
            value = self._finish(st, m, pips, value, luck)
            if value > best_value or (value == best_value and legal.index(m) < legal.index(best)):
                best, best_value = m, value
        return best

    @staticmethod
    def _finish(st: KatanState, m: Move, pips: list[int], value: float, luck: float) -> float:
        """A setup spot's value after the coast's: with Cities & Knights the
        city also for its commodities, without them grain and ore once more;
        then the tie-break."""
        if st.ck is not None:
            value = ck_measures.setup_commodities(st, m[1], m[0] == BUILD_CITY, pips, value)
        else:
            value += CITY_PIPS * (pips[GRAIN] + pips[ORE])
        return value + luck

    # ---- the turn ----------------------------------------------------------------------

    def _main(self, view: KatanView, seat: int, legal: Sequence[Move], land: list[Move]) -> Move:
        st = view.state
        plan = self._plan(st, seat)
        kinds = by_kind(legal)
        urgent = ai_scenario.urgent(plan, kinds)
        if urgent is not None:
            return urgent
        if not self._app:
            lead = _takes_lead(plan, kinds)
            if lead is not None:
                return lead
            chase = ai_knights.chase(plan, kinds.get(CHASE_PIRATE, []))
            if chase is not None:
                return chase
        inner = self._inner(view, seat, land)
        if inner[0] == END_TURN and not self._app and st.ck is None:
            inner = _further_offer(st, seat) or inner
        kind = inner[0]
        if kind == HIRE_KNIGHT and not self._app:
            return ai_knights.post(plan, kinds[HIRE_KNIGHT])
        if kind == BUILD_SETTLEMENT:
            return max(kinds[BUILD_SETTLEMENT], key=lambda m: plan.settle_value(m[1]))
        if kind == BUILD_CITY and not self._app:
            return _city(plan, kinds[BUILD_CITY], inner)
        if kind not in YIELDS:
            return inner
        outlook = _ship_outlook(plan)
        goals = plan.goals(outlook)
        spend = ai_scenario.spend(plan, kinds, goals, self._app)
        if spend is not None:
            return spend
        if not self._app:
            sail = _sail(plan, kinds)
            if sail is not None:
                return sail
        road: Move | None = None
        road_value = 0.0
        if BUILD_ROAD in kinds and not self._app:
            road, road_value = plan.best_of(kinds[BUILD_ROAD], ship=False)
        ship = _ship(plan, kinds, goals, kind, road_value)
        if ship is not None:
            return ship
        if kind == BUILD_ROAD:
            return road if road is not None else inner
        if kind == END_TURN and outlook < plan.style.ship_worth:
            far = _far_ship(plan, kinds)
            if far is not None:
                return far
        if road is not None and road_value >= 1.0 and _road_now(plan, road_value, goals):
            return road
        if kind != BUY_DEV:
            sea_goals = plan.sea_goals(outlook)
            trade = ai_scenario.bank_trade(plan, sea_goals, goals, legal)
            if trade is not None:
                return trade
        return inner


def app_choose(
    rng: random.Random,
    base: KatanPlayer,
    plain: Decide,
    view: KatanView,
    seat: int,
    legal: Sequence[Move],
) -> Move:
    """The app-like baseline at a Seafarers table: the sea as the app plays it
    over the app's land game (`ai_app` without Cities & Knights, `plain`, the
    Cities & Knights baseline, with it)."""
    if view.state.ck is None:

        def inner(v: KatanView, s: int, moves: Sequence[Move]) -> Move:
            return ai_app.decide(base, v, s, moves)

        return SeaPlayer(rng, inner, app=True).choose(view, seat, legal)
    return SeaPlayer(rng, plain, app=True).choose(view, seat, legal)


def _further_offer(st: KatanState, seat: int) -> Move | None:
    """Where the base AI ends its turn (its one offer made, or none of use
    to its first two goals), the next of the card-for-card offers that
    bring one of its first three goals nearer, up to the rules' cap: first
    those that complete a goal a card short, then those for a card of a
    goal two short. The public count of offers made picks it, so a declined
    one is not made again. Against three app baselines the first kind took
    the win rate from 29.4% to 32.7% (4,000 games of seeds other than the
    bench's): every accepted trade completes a build a turn or more sooner.
    The second kind, with grain and ore weighed in setup (`CITY_PIPS`), took
    it from 33.2% to 36.3% over 3,000 games of tuning seeds."""
    if st.offers >= OFFERS_PER_TURN:
        return None
    if not any(hand_size(st, t) for t in range(st.seats) if t != seat):
        return None
    hand = hand_of(st, seat)
    goals = [cost for cost, _ in base_ai._goals(st, seat)[:3]]
    gaps = [missing(hand, cost) for cost in goals]
    offers: list[Move] = []
    for gap in (1, 2):
        for cost, short in zip(goals, gaps, strict=True):
            if short != gap:
                continue
            spare = base_ai._surplus(hand, cost)
            gives = sorted((r for r in range(RESOURCES) if spare[r]), key=lambda r: -spare[r])
            for want in (r for r in range(RESOURCES) if cost[r] > hand[r]):
                for give in gives:
                    offer = offer_move(-1, ONE[give], ONE[want])
                    if offer not in offers:
                        offers.append(offer)
                        if len(offers) > st.offers:
                            # The offers made so far come first: this is the next.
                            return offer
    return None


def _ship_outlook(plan: Plan) -> float:
    """The best ship the seat could build now, money aside."""
    edges = plan.sea.frontier[plan.seat] & ~plan.pirate
    return max((plan.ship_value(e) for e in bits(edges)), default=0.0)


def _ship(plan: Plan, kinds: Kinds, goals: list[Goal], inner: int, road: float) -> Move | None:
    """A ship towards the best spot within reach by sea, when it is worth
    having: instead of a road only when it reaches more, never at the cost
    of a city or settlement a card from paid, and ahead of a development
    card only while an island is unclaimed and the style allows (the app's
    opponent does; the default level never does: the cards' points and army
    were what the app's opponent won with when ships came first)."""
    if inner == BUY_DEV and not (plan.style.ship_before_card and plan.bonus_in_play()):
        return None
    moves = kinds.get(BUILD_SHIP)
    if not moves:
        return None
    ship, value = plan.best_of(moves, ship=True)
    if value < plan.style.ship_worth or value <= road:
        return None
    if spoils(cards_of(plan), widen(SHIP_COST, plan.st.width), goals):
        return None
    return ship


def _far_ship(plan: Plan, kinds: Kinds) -> Move | None:
    """With nothing else to build, nothing worth a ship within reach and more
    cards than a seven spares, the ship that brings the fleet nearest a free
    crossing or a standing fortress farther out (a seat whose coast is full
    would otherwise stop scoring; spent earlier, the cards buy more)."""
    moves = kinds.get(BUILD_SHIP)
    if not moves or hand_size(plan.st, plan.seat) <= DISCARD_OVER:
        return None
    distance = plan.sea_distances()
    near = plan.through(plan.sea.ships[plan.seat])
    now = min((distance.get(n, 1 << 30) for n in bits(near)), default=1 << 30)
    best: Move | None = None
    best_distance = now
    for m in moves:
        for end in plan.top.edge_ends[m[1]]:
            d = distance.get(end, 1 << 30)
            if not near >> end & 1 and d < best_distance:
                best, best_distance = m, d
    return best


def _road_now(plan: Plan, value: float, goals: list[Goal]) -> bool:
    """A road when no settlement spot is open, or when it is worth `ROAD_GO`
    (a step to Longest route, say) and costs no near build a card."""
    if not plan.spot_open():
        return True
    return value >= ROAD_GO and not spoils(cards_of(plan), ROAD_COST, goals)


def _takes_lead(plan: Plan, kinds: Kinds) -> Move | None:
    """The road or ship that takes Longest route now: two points for two cards."""
    full = plan.style.route
    if not full or plan.st.longest == plan.seat:
        return None
    for kind, ship in ((BUILD_ROAD, False), (BUILD_SHIP, True)):
        for m in kinds.get(kind, ()):
            if plan.route_gain(m[1], ship) >= full:
                return m
    return None


def _sail(plan: Plan, kinds: Kinds) -> Move | None:
    """Sail a launched ship where the fleet then reaches more; not while the
    longest route hangs on one piece."""
    moves = kinds.get(MOVE_SHIP)
    if not moves:
        return None
    st, seat = plan.st, plan.seat
    if st.longest == seat:
        rivals = max(st.road_len[t] for t in range(st.seats) if t != seat)
        if st.road_len[seat] <= rivals + 1:
            return None
    fleet = plan.sea.ships[seat]
    best: Move | None = None
    best_value = plan.fleet_value(fleet) + SAIL_MARGIN
    by_ship: dict[int, list[int]] = {}
    for m in moves:
        by_ship.setdefault(m[1], []).append(m[2])
    for edge, targets in by_ship.items():
        rest = fleet & ~(1 << edge)
        ranked = sorted(targets, key=lambda to: -plan.ship_value(to, rest))[:3]
        for to in ranked:
            value = plan.fleet_value(rest | 1 << to)
            if value > best_value:
                best, best_value = (MOVE_SHIP, edge, to), value
    return best


def _city(plan: Plan, cities: list[Move], inner: Move) -> Move:
    """The inner AI's city, unless a crossing on gold pays more: a city there
    doubles the choice."""
    if not any(plan.gold_pips(m[1]) for m in cities):
        return inner
    st = plan.st
    if st.ck is not None:
        return max(
            cities,
            key=lambda m: ck_measures.city_yield(st, m[1]) + 2 * GOLD_CITY * plan.gold_pips(m[1]),
        )
    return max(cities, key=lambda m: sum(node_yield(st, m[1])) + GOLD_CITY * plan.gold_pips(m[1]))


def _free_pieces(plan: Plan, legal: Sequence[Move]) -> Move:
    """Road Building: the road or ship that reaches most."""
    kinds = by_kind(legal)
    options: list[tuple[float, Move]] = []
    if BUILD_ROAD in kinds:
        road, value = plan.best_of(kinds[BUILD_ROAD], ship=False)
        options.append((value, road))
    if BUILD_SHIP in kinds:
        ship, value = plan.best_of(kinds[BUILD_SHIP], ship=True)
        options.append((value, ship))
    if not options:
        return M_STOP_ROADS if M_STOP_ROADS in legal else legal[0]
    return max(options, key=lambda o: o[0])[1]


def _sea_reach(plan: Plan, node: int) -> float:
    """What a settlement's coast reaches by sea, its own crossing aside."""
    first = 0
    for bit, other in plan.top.node_adj[node]:
        if plan.open_sea & bit:
            first |= 1 << other
    if not first:
        return 0.0
    return plan.reach(first, plan.open_sea, SHIP_DISCOUNT[1:], seen=1 << node)
