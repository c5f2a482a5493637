"""What the Seafarers AIs measure, from a seat's view only: what a crossing is
worth with the sea's extras, how far a ship route or a road reaches towards
the best of them, and what the seat is saving for.

A crossing's worth is the base game's spot value (weighted pips, variety, a
harbour) plus what the maps add: gold pips at the best resource's weight,
the island bonus while an island is unclaimed, a village's cloth while its
stock lasts, a tribe chip nobody has taken, a canal tile still to dig, and
an average tile for every fog hex beside it. Reaching a fog hex is worth a
find on its own. The fog pile, the chests and the canal's numbers are face
down in a view, so the fog counts at an average tile, never at the one
under it.

A route's reach is a breadth-first walk over the open edges (sea for ships,
land for roads), layer by layer, a target discounted by the pieces still to
lay before one touches it; a ship beside a standing fortress is worth one
(the raids it allows). The best two targets count, the second at a third.
"""

from dataclasses import dataclass
from typing import Final

from engine.katan import ai as base_ai
from engine.katan import network
from engine.katan.cities import ai_measures as ck_measures
from engine.katan.components import (
    CANAL,
    CITY_COST,
    CITY_PIECES,
    DEV_COST,
    FOG,
    GOLD,
    LONGEST_ROAD_MIN,
    PIPS,
    ROAD_COST,
    ROAD_PIECES,
    SETTLEMENT_COST,
    SETTLEMENT_PIECES,
    VILLAGE,
)
from engine.katan.evaluate import production, resource_weights, spot_value
from engine.katan.geometry import bits
from engine.katan.longest_road import Local, trail_from
from engine.katan.sea import scenarios
from engine.katan.sea.islands import GOLD_CHIP, HARBOUR_CHIP, POINT_CHIP, island_at
from engine.katan.sea.route import mixed_graph, mixed_walls, ship_node
from engine.katan.sea.ships import SHIP_COST, SHIP_PIECES, pirate_edges, reach_of, sea_edges
from engine.katan.sea.state import SeaPart
from engine.katan.state import KatanState, deck_size

Goal = tuple[tuple[int, ...], float]

SHIP_DISCOUNT: Final = (1.0, 0.6, 0.4, 0.27, 0.18, 0.12)
"""A target by the ships still to lay before one touches it: up to five
steps from a route's open end, counting the ship being weighed."""
ROAD_DISCOUNT: Final = base_ai.ROAD_SPOT_DISCOUNT
SECOND: Final = 0.35
"""How much the second-best target of a route counts beside the best."""

POINT: Final = 4.0
"""A victory point, in spot-value units (a good spot is worth about 12)."""
CHIP_VALUES: Final = {POINT_CHIP: POINT, HARBOUR_CHIP: 2.0, GOLD_CHIP: 3.0}
CLOTH: Final = 0.6 * POINT / 2
"""A cloth token per pip of the village's number (two tokens are a point),
while the stock lasts."""
GOLD_WEIGHT: Final = 1.15
"""Gold pips count at the scarcest resource's weight, a little more for the choice."""
FOG_GUESS: Final = 2.5
"""An unfound fog hex beside a crossing: an average tile's weighted pips, less for the doubt."""
FIND_VALUE: Final = 1.2
"""Turning a fog hex over: a card, sometimes a gold choice."""
CHEST_VALUE: Final = 3.0
CANAL_LURE: Final = 2.5
"""A corner of a canal tile still to dig: a point per two units and fields after."""
ROUTE_SHARE: Final = 0.5
"""What a piece that brings Longest route a step nearer is worth, per step still to go."""
ROUTE_GOAL: Final = 0.75
"""A road or ship that takes (or keeps) Longest route, among the goals."""
FORT_LURE: Final = 7.0
"""A ship beside a standing fortress: the raids towards its two points and its island."""


@dataclass(frozen=True, slots=True)
class Style:
    """How keen a level is on the sea (the app's opponent and the default differ)."""

    island: float = 2 * POINT
    """The island bonus's two points."""
    ship_worth: float = 4.0
    """The least a ship's reach must be worth to build it."""
    ship_goal: float = 0.6
    """A ship's weight among the goals..."""
    ship_goal_bonus: float = 0.85
    """...and while an island is unclaimed."""
    coast: float = 0.15
    """How much a setup spot's reach by sea counts."""
    mix: float = 2.0
    """A second setup settlement's bonus per resource the pair produces."""
    route: float = 0.0
    """Longest route's two points, when a road or ship would take it (0: not weighed)."""
    ship_before_card: bool = True
    """A ship ahead of a development card while an island is unclaimed."""


APP_STYLE: Final = Style()
DEFAULT_STYLE: Final = Style(island=3 * POINT, ship_before_card=False, route=2 * POINT)
"""The default level reaches for new islands harder (the first town there
also opens the island's crossings to the seat before its rivals) but buys
its development cards first, and weighs Longest route's two points (the
app's opponent never looks at the route: against three of it, weighing the
award took the default level from 35.2% to 37.8% over 1,500 tuning games
and from 34.8% to 38.1% over 2,000 more; docs/BENCHMARKS.md)."""


def part(st: KatanState) -> SeaPart:
    sea: SeaPart = st.sea
    return sea


def widen(cost: tuple[int, ...], width: int) -> tuple[int, ...]:
    return (*cost, *(0,) * (width - len(cost)))


class Plan:
    """One decision's measures for one seat, each worked out when first asked
    for (a decision builds one and drops it: nothing outlives the decision)."""

    def __init__(self, st: KatanState, seat: int, style: Style = DEFAULT_STYLE) -> None:
        self.st = st
        self.style = style
        self.seat = seat
        self.sea = part(st)
        top = st.board.topology
        self.top = top
        self.weights = resource_weights(st)
        self.have = production(st, seat)
        self.walls = st.ruleset.walls(st, seat)
        self.pirate = pirate_edges(st)
        self.open_sea = sea_edges(top) & ~st.paved & ~self.pirate
        self.open_land = top.road_edges & ~st.paved
        self.free = top.land_nodes & ~st.blocked & ~st.closed
        board = st.board
        self.new_islands = {
            i
            for i, owner in enumerate(self.sea.bonus)
            if owner < 0 and i not in board.start_islands
        }
        self.fog_left = sum(1 for h in board.fog_hexes if board.terrain[h] == FOG)
        self.chest_chance = len(self.sea.chests) / self.fog_left if self.fog_left else 0.0
        self.lures = self._fortress_edges()
        self._values: dict[int, float] = {}
        self._settle: dict[int, float] = {}
        self._graph: Local | None = None
        self._starts: dict[int, bool] = {}
        self._route: tuple[float, bool] | None = None
        self._race: tuple[int, int, bool, bool] | None = None
        self._worth: int | None = None

    # ---- what a crossing is worth ------------------------------------------------------

    def _fortress_edges(self) -> int:
        """Edges beside the standing fortresses the seat has no ship beside yet."""
        top = self.top
        ships = self.sea.ships[self.seat]
        out = 0
        for h in scenarios.standing(self.st):
            mask = sum(1 << e for e in top.hex_edges[h])
            if not mask & ships:
                out |= mask
        return out

    def node_value(self, node: int) -> float:
        """A settlement there (if one may go there), plus the fog a piece there finds."""
        found = self._values.get(node)
        if found is not None:
            return found
        st = self.st
        board = st.board
        value = 0.0
        fog = sum(1 for h in self.top.node_hexes[node] if board.terrain[h] == FOG)
        if fog:
            value += fog * (FIND_VALUE + CHEST_VALUE * self.chest_chance)
        if self.free >> node & 1:
            value += self.settle_value(node)
        self._values[node] = value
        return value

    def settle_value(self, node: int) -> float:
        found = self._settle.get(node)
        if found is not None:
            return found
        value = self._settle[node] = self._settle_value(node)
        return value

    def _settle_value(self, node: int) -> float:
        st = self.st
        board = st.board
        sea = self.sea
        value = spot_value(st, self.seat, node, self.weights, self.have)
        best = max(self.weights)
        for h in self.top.node_hexes[node]:
            t = board.terrain[h]
            if t == GOLD and h != st.robber:
                value += PIPS[board.numbers[h]] * best * GOLD_WEIGHT
            elif t == FOG:
                value += FOG_GUESS
            elif t == VILLAGE:
                stock = sea.villages[board.village_hexes.index(h)]
                if stock:
                    value += CLOTH * PIPS[board.numbers[h]] * min(1.0, stock / 3)
            elif t == CANAL:
                value += CANAL_LURE
        corners = self.top.hex_corner_mask
        for h, kind in sea.chips:
            if corners[h] >> node & 1:
                value += CHIP_VALUES.get(kind, 0.0)
        if self.new_islands and island_at(st, node) in self.new_islands:
            value += self.style.island
        return value

    def worth_nodes(self) -> int:
        """The crossings `node_value` may find worth something: those a
        settlement may go on and the corners of fog still face down."""
        if self._worth is None:
            board = self.st.board
            nodes = self.free
            for h in board.fog_hexes:
                if board.terrain[h] == FOG:
                    nodes |= self.top.hex_corner_mask[h]
            self._worth = nodes
        return self._worth

    def top_value(self) -> float:
        """The most any crossing is worth, which no reach can find more than."""
        return max((self.node_value(n) for n in bits(self.worth_nodes())), default=0.0)

    def gold_pips(self, node: int) -> int:
        board = self.st.board
        return sum(
            PIPS[board.numbers[h]] for h in self.top.node_hexes[node] if board.terrain[h] == GOLD
        )

    # ---- how far a route reaches -------------------------------------------------------

    def reach(
        self, sources: int, edges: int, discount: tuple[float, ...], seen: int = 0, lures: int = 0
    ) -> float:
        """The best targets within `len(discount) - 1` pieces of `sources` over
        `edges` (`seen`: crossings not to count or cross, such as those the
        network touches already)."""
        adj = self.top.node_adj
        walls = self.walls
        known = self._values
        value = self.node_value
        seen |= sources
        layer = sources
        worth = self.worth_nodes()
        top1 = top2 = lure = 0.0
        last = len(discount) - 1
        for depth in range(last + 1):
            share = discount[depth]
            rest = layer & worth
            while rest:
                low = rest & -rest
                rest ^= low
                n = low.bit_length() - 1
                found = known.get(n)
                v = (value(n) if found is None else found) * share
                if v > top1:
                    top1, top2 = v, top1
                elif v > top2:
                    top2 = v
            if depth == last:
                break
            nxt = 0
            rest = layer & ~walls
            while rest:
                low = rest & -rest
                rest ^= low
                for bit, other in adj[low.bit_length() - 1]:
                    if edges & bit:
                        nxt |= 1 << other
                        if lures & bit:
                            lure = max(lure, FORT_LURE * discount[depth + 1])
            nxt &= ~seen
            if not nxt:
                break
            seen |= nxt
            layer = nxt
        if lure > top1:
            top1, top2 = lure, top1
        elif lure > top2:
            top2 = lure
        return top1 + SECOND * top2

    def through(self, ships: int) -> int:
        """Crossings a new ship may start from: the seat's towns and its fleet's ends."""
        st = self.st
        mine = st.towns[self.seat] | st.cities[self.seat]
        return mine | (reach_of(self.top, ships) & ~self.walls)

    def fleet_value(self, ships: int, pirate: int | None = None) -> float:
        """What the seat's ships (`ships` standing in for them) and towns reach
        by sea, with the pirate's edges (`pirate`: a different hex's) closed."""
        blocked = self.pirate if pirate is None else pirate
        paved = self.st.paved & ~self.sea.ships[self.seat] | ships
        edges = sea_edges(self.top) & ~paved & ~blocked
        value = self.reach(self.through(ships), edges, SHIP_DISCOUNT, lures=self.lures)
        fortress = self.lures_held(ships)
        return max(value, fortress + SECOND * value)

    def lures_held(self, ships: int) -> float:
        """A ship already beside a standing fortress the seat could raid."""
        top = self.top
        for h in scenarios.standing(self.st):
            if any(ships >> e & 1 for e in top.hex_edges[h]):
                return FORT_LURE
        return 0.0

    def sea_distances(self) -> dict[int, int]:
        """Ships needed to reach, by open sea, a crossing where a settlement may
        go or a corner of a standing fortress: the targets beyond `reach`'s
        horizon, each crossing's count from the nearest. An opponent's town
        is a wall: a ship ending there goes no farther."""
        targets = self.free
        for h in scenarios.standing(self.st):
            targets |= self.top.hex_corner_mask[h]
        out = {n: 0 for n in bits(targets)}
        layer = targets
        adj = self.top.node_adj
        edges = self.open_sea
        walls = self.walls
        depth = 0
        while layer:
            depth += 1
            nxt = 0
            for n in bits(layer):
                for bit, other in adj[n]:
                    if edges & bit and other not in out and not walls >> other & 1:
                        out[other] = depth
                        nxt |= 1 << other
            layer = nxt
        return out

    def ship_value(self, edge: int, ships: int | None = None) -> float:
        """A ship on `edge`: what its far end reaches by sea (with `ships` for the fleet)."""
        fleet = self.sea.ships[self.seat] if ships is None else ships
        near = self.through(fleet)
        bit = 1 << edge
        edges = self.open_sea & ~bit & ~fleet
        lure = FORT_LURE if self.lures & bit else 0.0
        best = 0.0
        for end in self.top.edge_ends[edge]:
            if not near >> end & 1:
                best = max(best, self.reach(1 << end, edges, SHIP_DISCOUNT[:-1], seen=near))
        return max(best, lure + SECOND * best) if lure else best

    def road_value(self, edge: int) -> float:
        """A road on `edge`: what its far end reaches within three roads."""
        st = self.st
        near = st.towns[self.seat] | st.cities[self.seat] | st.reach[self.seat]
        edges = self.open_land & ~(1 << edge)
        best = 0.0
        for end in self.top.edge_ends[edge]:
            if not near >> end & 1:
                best = max(best, self.reach(1 << end, edges, ROAD_DISCOUNT, seen=near))
        return best + 0.3 * (st.road_len[self.seat] >= 4)

    def route_gain(self, edge: int, ship: bool) -> float:
        """What a piece on `edge` adds towards Longest route: the award's two
        points when it takes the lead, a share of them while it closes in."""
        if self._race is None:
            self._race = self._race_now()
        before, need, held, open_race = self._race
        if not open_race:
            return 0.0
        after = self._route_with(edge, ship, before)
        if after <= before:
            return 0.0
        if held:
            return self.style.route * ROUTE_SHARE
        return self.style.route * ROUTE_SHARE ** max(0, need - after)

    def _race_now(self) -> tuple[int, int, bool, bool]:
        """The seat's route, the length that takes the award, whether the seat
        holds it, and whether one piece could matter now (a rival within a
        road of the holder's route, or the seat within three of the award)."""
        st, seat = self.st, self.seat
        before = st.road_len[seat]
        rivals = max(st.road_len[t] for t in range(st.seats) if t != seat)
        need = max(LONGEST_ROAD_MIN, rivals + 1)
        held = st.longest == seat
        closed = (held and rivals < before - 1) or (not held and before + 1 < need - 2)
        return before, need, held, not closed

    def _route_with(self, edge: int, ship: bool, before: int) -> int:
        """The seat's route with a piece on `edge`. A piece joined to the
        network at one end only is on no trail but those that start at that
        crossing, so it makes the route one longer exactly when a longest
        trail starts there; that is asked of the network once per crossing,
        and only a piece joined at both ends is measured whole."""
        st, seat = self.st, self.seat
        top = self.top
        fleet = self.sea.ships
        own = network.own_buildings(st, seat)
        mine = fleet[seat] if ship else st.roads[seat]
        joined = [n for n in top.edge_ends[edge] if own >> n & 1 or top.node_edge_mask[n] & mine]
        if len(joined) == 1 and not self.walls >> joined[0] & 1:
            node = ship_node(top, joined[0], own) if ship else joined[0]
            starts = self._starts.get(node)
            if starts is None:
                if self._graph is None:
                    self._graph = mixed_graph(top, st.roads[seat], fleet[seat], own)
                walls = mixed_walls(top, self.walls)
                starts = self._starts[node] = trail_from(self._graph, walls, node, before)
            return before + 1 if starts else before
        bit = 1 << edge
        if ship:
            fleet[seat] |= bit
        else:
            st.roads[seat] |= bit
        after = st.ruleset.route_length(st, seat, self.walls, before)
        if ship:
            fleet[seat] &= ~bit
        else:
            st.roads[seat] &= ~bit
        return after

    def route_outlook(self) -> tuple[float, bool]:
        """The most a road or ship could add towards Longest route (money
        aside), and whether that piece is a ship."""
        if self._route is None:
            self._route = self._route_outlook()
        return self._route

    def _route_outlook(self) -> tuple[float, bool]:
        st, seat = self.st, self.seat
        best = (0.0, False)
        if not self.style.route:
            return best
        if self._race is None:
            self._race = self._race_now()
        _, _, held, open_race = self._race
        if not open_race:
            return best
        # No piece adds more than the award's share while the seat holds it,
        # nor more than the award when it takes it: the first that does wins.
        ceiling = self.style.route * ROUTE_SHARE if held else self.style.route
        roads = st.frontier[seat] if st.roads[seat].bit_count() < ROAD_PIECES else 0
        ships = self.sea.frontier[seat] & ~self.pirate
        if self.sea.ships[seat].bit_count() >= SHIP_PIECES:
            ships = 0
        for mask, ship in ((roads, False), (ships, True)):
            for e in bits(mask):
                gain = self.route_gain(e, ship)
                if gain > best[0]:
                    best = (gain, ship)
                    if gain >= ceiling:
                        return best
        return best

    def best_of(self, moves: list[tuple[int, ...]], ship: bool) -> tuple[tuple[int, ...], float]:
        value = self.ship_value if ship else self.road_value
        scored = [(value(m[1]), m) for m in moves]
        if self.style.route:
            scored = [(v + self.route_gain(m[1], ship), m) for v, m in scored]
        best = max(scored, key=lambda s: s[0])
        return best[1], best[0]

    # ---- what the seat is saving for ---------------------------------------------------

    def spot_open(self) -> bool:
        return bool(self.st.reach[self.seat] & self.free)

    def bonus_in_play(self) -> bool:
        return bool(self.new_islands)

    def sea_goals(self, ship: float) -> list[Goal]:
        """The sea's own goals: a ship worth `ship`, the next wonder stage, a
        raid, a unit of canal."""
        st = self.st
        seat = self.seat
        sea = self.sea
        w = st.width
        out: list[Goal] = []
        style = self.style
        if ship >= style.ship_worth and sea.ships[seat].bit_count() < SHIP_PIECES:
            bonus = self.bonus_in_play()
            out.append((widen(SHIP_COST, w), style.ship_goal_bonus if bonus else style.ship_goal))
        gain, by_ship = self.route_outlook()
        if style.route and gain >= style.route * ROUTE_SHARE:
            piece = SHIP_COST if by_ship else ROAD_COST
            out.append((widen(piece, w), ROUTE_GOAL + gain / (3 * POINT) * 0.1))
        stage = sea.wonders[seat]
        if (
            st.board.map_name == scenarios.WONDERS_MAP
            and st.cities[seat]
            and stage < scenarios.WONDER_STAGES
        ):
            weight = 2.0 if stage == scenarios.WONDER_STAGES - 1 else 1.0 + 0.1 * stage
            out.append((widen(scenarios.WONDER_COSTS[stage], w), weight))
        if self.raid_targets():
            out.append((widen(scenarios.RAID_COST, w), 0.8))
        if self.canal_tiles():
            out.append((widen(scenarios.DIG_COST, w), 0.75))
        return out

    def raid_targets(self) -> list[int]:
        ships = self.sea.ships[self.seat]
        edges = self.top.hex_edges
        return [h for h in scenarios.standing(self.st) if any(ships >> e & 1 for e in edges[h])]

    def canal_tiles(self) -> list[int]:
        st = self.st
        mine = st.towns[self.seat] | st.cities[self.seat]
        corners = self.top.hex_corner_mask
        return [h for h in scenarios.open_canal(st) if corners[h] & mine]

    def base_goals(self) -> list[Goal]:
        """The base AI's goals, with a spot open only where a settlement may go."""
        st = self.st
        seat = self.seat
        out: list[Goal] = []
        towns = st.towns[seat].bit_count()
        if towns and st.cities[seat].bit_count() < CITY_PIECES:
            out.append((CITY_COST, 1.0))
        if towns < SETTLEMENT_PIECES:
            if self.spot_open():
                out.append((SETTLEMENT_COST, 1.05))
            elif st.roads[seat].bit_count() < ROAD_PIECES:
                out.append((ROAD_COST, 0.5))
        if deck_size(st):
            out.append((DEV_COST, 0.55))
        return out

    def goals(self, ship: float) -> list[Goal]:
        """Everything the seat saves for, as costs as wide as its hand, most
        valuable first: the rule set's own goals and the sea's."""
        st = self.st
        inner = ck_measures.goals(st, self.seat) if st.ck is not None else self.base_goals()
        out = [(widen(c, st.width), weight) for c, weight in inner]
        out.extend(self.sea_goals(ship))
        out.sort(key=lambda g: -g[1])
        return out


def short(cards: list[int], cost: tuple[int, ...]) -> int:
    """Cards missing to pay `cost` (as wide as the hand, or narrower)."""
    return sum(c - cards[k] for k, c in enumerate(cost) if c > cards[k])


def spoils(cards: list[int], cost: tuple[int, ...], goals: list[Goal]) -> bool:
    """Whether paying `cost` sets back a build of weight 1 or more that is a
    card from paid (other than `cost` itself): settling and cities come first."""
    after = cards[:]
    for k, c in enumerate(cost):
        after[k] -= c
    own = widen(cost, len(cards))
    for goal, weight in goals:
        if weight < 1.0 or goal == own:
            continue
        if short(cards, goal) <= 1 and short(after, goal) > short(cards, goal):
            return True
    return False
