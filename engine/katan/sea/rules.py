"""Seafarers as a rule set: where it changes the base game (`RuleSet`).

The board is a map (engine/katan/sea/maps) with sea, islands and the
scenario's hexes; ships join the roads as a second network; the pirate
joins the robber on a seven or a Knight; gold fields pay a choice; the first
settlement on a new island scores two; the fog, villages, chips, fortresses,
wonders and canal are the maps' own. The rules live in this package's
modules; this class routes the base game's seams to them. Stacked over
Cities & Knights (`SeaCitiesRules`) each override hands on through super().
"""

from typing import Any, ClassVar

from engine.katan import answers, network
from engine.katan.chores import Handler
from engine.katan.components import FOG, FORTRESS, ROAD_PIECES
from engine.katan.events import Events, say
from engine.katan.geometry import Topology
from engine.katan.kinds import BASE, SEAFARERS
from engine.katan.maps import Board
from engine.katan.moves import (
    BUILD_SHIP,
    BUILD_WONDER,
    CHASE_PIRATE,
    DIG_CANAL,
    MOVE_PIRATE,
    MOVE_SHIP,
    PIRATE_MOVES,
    RAID_FORTRESS,
    Move,
)
from engine.katan.robber import steal
from engine.katan.rules import used_free_road
from engine.katan.ruleset import RuleSet
from engine.katan.sea import atlas, islands, route, scenarios, ships
from engine.katan.sea.discovery import PICK_GOLD, explore
from engine.katan.sea.state import SeaPart, new_part
from engine.katan.sea.wire import part_json, read_part
from engine.katan.state import FREE_ROADS, MAIN, ROLL, KatanState, hand_size

SEA_KINDS = frozenset({BUILD_SHIP, MOVE_SHIP, MOVE_PIRATE, RAID_FORTRESS, BUILD_WONDER, DIG_CANAL})


def part(st: KatanState) -> SeaPart:
    sea: SeaPart = st.sea
    return sea


def sea_only(top: Topology) -> int:
    """Crossings that touch no land: a ship passes them, nothing is built there."""
    return sum(1 << n for n, land in enumerate(top.node_land) if not land)


def pirate_victims(st: KatanState, seat: int, hex_id: int) -> list[int]:
    """Opponents with a ship on an edge of the hex and at least one card."""
    edges = ships.hex_edge_masks(st.board.topology)[hex_id]
    sea = part(st)
    return [t for t in range(st.seats) if t != seat and sea.ships[t] & edges and hand_size(st, t)]


class SeaRules(RuleSet):
    names: ClassVar[frozenset[str]] = frozenset({BASE, SEAFARERS})
    expansions: ClassVar[tuple[str, ...]] = (SEAFARERS,)
    chores: ClassVar[dict[int, Handler]] = dict(answers.SHARED)
    free_pieces: ClassVar[frozenset[int]] = frozenset({BUILD_SHIP})

    # ---- the board ---------------------------------------------------------------------

    def deal(self, map_name: str | None, seed: int, seats: int) -> Board:
        """The map's own board: a map plays only the seat counts it lists."""
        return atlas.deal(map_name, seed).board

    def special_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        super().special_moves(st, seat, out)
        ships.build_moves(st, seat, out)

    def special_kinds(self) -> frozenset[int]:
        return super().special_kinds() | {BUILD_SHIP}

    def map_topology(self, map_name: str) -> Topology | None:
        return atlas.topology(map_name)

    def rebuild_board(
        self,
        map_name: str,
        terrain: tuple[int, ...],
        numbers: tuple[int, ...],
        harbours: tuple[tuple[int, int], ...],
    ) -> Board | None:
        if map_name not in atlas.ALL_MAPS:
            return None
        return atlas.rebuild(map_name, terrain, numbers, harbours)

    def start(self, st: KatanState) -> None:
        super().start(st)
        board = st.board
        dealt = atlas.deal(board.map_name, st.seed)
        sea = new_part(st.seats, len(board.islands), board.pirate_start)
        sea.fog_pile = dealt.fog_pile
        sea.chests = dealt.chests
        sea.chips = dealt.chips
        sea.villages = [cloth for _, cloth in dealt.village_cloth]
        sea.fortresses = [strength for _, strength in dealt.fortress_strength]
        sea.canal_numbers = dealt.canal_numbers
        sea.canal = [0] * len(board.canal_hexes)
        st.sea = sea
        if st.ck is None:
            st.robber = board.robber_start
        st.closed = self.closed(st)

    def closed(self, st: KatanState) -> int:
        return super().closed(st) | sea_only(st.board.topology) | scenarios.fortress_closed(st)

    def setup_spots(self, st: KatanState, seat: int) -> int:
        return st.board.start_nodes & ~st.blocked & ~st.closed

    def why_closed(self, st: KatanState, node: int) -> str:
        if sea_only(st.board.topology) >> node & 1:
            return f"Crossing {node} touches no land."
        if scenarios.fortress_closed(st) >> node & 1:
            return f"A pirate fortress still holds the island of crossing {node}."
        return super().why_closed(st, node)

    # ---- the turn ----------------------------------------------------------------------

    def turn_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        super().turn_moves(st, seat, out)
        ships.build_moves(st, seat, out)
        ships.sail_moves(st, seat, out)
        scenarios.raid_moves(st, seat, out)
        scenarios.wonder_moves(st, seat, out)
        scenarios.dig_moves(st, seat, out)

    def handles(self, kind: int) -> bool:
        return kind in SEA_KINDS or kind == CHASE_PIRATE or super().handles(kind)

    def why_turn(self, st: KatanState, seat: int, move: Move) -> str | None:
        kind = move[0]
        if kind == CHASE_PIRATE:
            return "Knights come with Cities & Knights; this table plays Seafarers without it."
        if kind not in SEA_KINDS:
            return super().why_turn(st, seat, move)
        free = st.phase == FREE_ROADS
        if kind == BUILD_SHIP:
            return ships.why_build(st, seat, move[1], free)
        if free:
            return "Place your free roads or ships (or stop placing them) first."
        if kind == MOVE_SHIP:
            return ships.why_sail(st, seat, move[1], move[2])
        if kind == RAID_FORTRESS:
            return scenarios.why_raid(st, seat, move[1])
        if kind == BUILD_WONDER:
            return scenarios.why_wonder(st, seat)
        if kind == DIG_CANAL:
            return scenarios.why_dig(st, seat, move[1])
        return "Move the pirate only when the robber would move (a seven or a Knight)."

    def step_turn(self, st: KatanState, seat: int, move: Move, ev: Events) -> None:
        kind = move[0]
        if kind not in SEA_KINDS:
            super().step_turn(st, seat, move, ev)
        elif kind == BUILD_SHIP:
            free = st.phase == FREE_ROADS
            ships.step_build(st, seat, move[1], free, ev)
            if free:
                used_free_road(st, seat)
        elif kind == MOVE_SHIP:
            ships.step_sail(st, seat, move[1], move[2], ev)
        elif kind == RAID_FORTRESS:
            scenarios.raid(st, seat, move[1], ev)
        elif kind == BUILD_WONDER:
            scenarios.build_wonder(st, seat, ev)
        elif kind == DIG_CANAL:
            scenarios.dig(st, seat, move[1], ev)
        else:
            self._move_pirate(st, seat, move, ev)

    def end_turn(self, st: KatanState) -> None:
        sea = part(st)
        sea.fresh = 0
        sea.sailed = False
        super().end_turn(st)

    # ---- the robber and the pirate -------------------------------------------------------

    def robber_hexes(self, st: KatanState) -> tuple[int, ...]:
        return st.board.robber_hexes

    def why_not_robber_hex(self, st: KatanState, hex_id: int) -> str:
        terrain = st.board.terrain[hex_id]
        if not st.board.topology.hex_land[hex_id]:
            return f"Hex {hex_id} is at sea: the robber stays on land (the pirate sails)."
        if terrain == FOG:
            return f"Hex {hex_id} is still under the fog; the robber goes there once it is found."
        if terrain == FORTRESS:
            return f"A pirate fortress stands on hex {hex_id}; the robber goes there once it falls."
        return super().why_not_robber_hex(st, hex_id)

    def pirate_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        pirate = part(st).pirate
        if pirate < 0:
            return
        top = st.board.topology
        around = ships.hex_edge_masks(top)
        fleets = 0
        for t, fleet in enumerate(part(st).ships):
            if t != seat:
                fleets |= fleet
        for h in ships.sea_hexes(top):
            if h == pirate:
                continue
            row = PIRATE_MOVES[h]
            if around[h] & fleets:
                victims = pirate_victims(st, seat, h)
                if victims:
                    out.extend(row[v + 1] for v in victims)
                    continue
            out.append(row[0])

    def why_pirate(self, st: KatanState, seat: int, move: Move) -> str | None:
        if move[0] != MOVE_PIRATE:
            return "Move the robber or the pirate first."
        pirate = part(st).pirate
        hex_id, victim = move[1], move[2]
        if pirate < 0:
            return "This map has no pirate."
        if st.board.topology.hex_land[hex_id]:
            return f"Hex {hex_id} is land; the pirate sails the sea."
        if hex_id == pirate:
            return "The pirate must move to a different hex."
        victims = pirate_victims(st, seat, hex_id)
        if victim < 0:
            if victims:
                return "Choose whom to rob: " + ", ".join(f"seat {v}" for v in victims) + "."
            return None
        if victim not in victims:
            return f"Seat {victim} has no ship beside hex {hex_id} or holds no cards."
        return None

    def _move_pirate(self, st: KatanState, seat: int, move: Move, ev: Events) -> None:
        hex_id, victim = move[1], move[2]
        part(st).pirate = hex_id
        if ev is not None:
            say(
                ev, "pirate", f"Seat {seat} moved the pirate to hex {hex_id}", seat, {"hex": hex_id}
            )
        if victim >= 0:
            steal(st, seat, victim, ev)
        st.phase = MAIN if st.rolled else ROLL

    # ---- networks ----------------------------------------------------------------------

    def route_length(self, st: KatanState, seat: int, walls: int, floor: int = 0) -> int:
        return route.route_length(st, seat, walls, floor)

    def remeasure(self, st: KatanState, seat: int) -> None:
        st.frontier[seat] = ships.road_frontier(st, seat)
        part(st).frontier[seat] = ships.frontier_of(st, seat)
        st.road_len[seat] = self.route_length(st, seat, self.walls(st, seat))

    def reach(self, st: KatanState, seat: int) -> int:
        return super().reach(st, seat) | part(st).reach[seat]

    def free_road_count(self, st: KatanState, seat: int, count: int) -> int:
        return min(count, ships.free_count(st, seat))

    def can_pave(self, st: KatanState, seat: int) -> bool:
        roads = st.roads[seat].bit_count() < ROAD_PIECES and bool(st.frontier[seat])
        out: list[Move] = []
        ships.build_moves(st, seat, out, free=True)
        return roads or bool(out)

    def free_road_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        ships.build_moves(st, seat, out, free=True)

    def after_edge(self, st: KatanState, seat: int, edge: int, ev: Events) -> None:
        sea = part(st)
        for t in range(st.seats):
            sea.frontier[t] &= ~(1 << edge)
        explore(st, seat, edge, ev)
        super().after_edge(st, seat, edge, ev)

    def after_settlement(self, st: KatanState, seat: int, node: int, ev: Events) -> None:
        top = st.board.topology
        sea = part(st)
        sea.frontier[seat] |= top.node_edge_mask[node] & ~st.paved & ships.sea_edges(top)
        around = top.node_edge_mask[node]
        if around & sea.ships[seat] and around & st.roads[seat]:
            # A town of its own joins the seat's road and ship there into one
            # route, which can only lengthen it.
            walls = self.walls(st, seat)
            st.road_len[seat] = self.route_length(st, seat, walls, st.road_len[seat])
            network.update_longest(st, ev)
        islands.settled(st, seat, node, ev)
        super().after_settlement(st, seat, node, ev)

    def after_production(self, st: KatanState, total: int, paid: int, ev: Events) -> None:
        """Villages pay cloth, then gold fields a choice each, in seat order from
        the roller, then whatever the rule set beneath pays (the aqueduct)."""
        paid |= scenarios.villages_pay(st, total, ev)
        gold = st.board.gold_producers[total]
        if gold:
            picks = [0] * st.seats
            for hex_id, corners in gold:
                if hex_id == st.robber:
                    continue
                for t in range(st.seats):
                    picks[t] += (st.towns[t] & corners).bit_count() + 2 * (
                        st.cities[t] & corners
                    ).bit_count()
            for t in scenarios.in_turn_order(st):
                if picks[t]:
                    answers.queue_pick(st, t, picks[t], PICK_GOLD)
                    paid |= 1 << t
        super().after_production(st, total, paid, ev)

    # ---- trade and scoring -----------------------------------------------------------------

    def ratios(self, st: KatanState, seat: int) -> tuple[int, ...]:
        out = super().ratios(st, seat)
        if islands.has_harbour_chip(st, seat):
            out = tuple(min(r, 3) for r in out)
        return out

    def extra_points(self, st: KatanState, seat: int) -> int:
        return (
            islands.points(st, seat) + scenarios.points(st, seat) + super().extra_points(st, seat)
        )

    def rebuild(self, st: KatanState) -> None:
        super().rebuild(st)
        sea = part(st)
        top = st.board.topology
        for t in range(st.seats):
            sea.reach[t] = ships.reach_of(top, sea.ships[t])
            st.reach[t] |= sea.reach[t]
            st.paved |= sea.ships[t]

    def problems(self, st: KatanState, out: list[str]) -> None:
        sea = part(st)
        top = st.board.topology
        wet = ships.sea_edges(top)
        fleets = 0
        for t in range(st.seats):
            fleet = sea.ships[t]
            if fleet.bit_count() > ships.SHIP_PIECES:
                out.append(f"seat {t} has {fleet.bit_count()} ships")
            if fleet & ~wet:
                out.append(f"seat {t} has a ship on dry land")
            if fleet & (fleets | st.roads[t]):
                out.append(f"seat {t}'s ship shares an edge")
            fleets |= fleet
        for t in range(st.seats):
            if fleets & st.roads[t]:
                out.append(f"a ship and seat {t}'s road share an edge")
            # The fleet's reach and sea frontier are kept up to date move by
            # move (a sail changes them where it happens): from scratch here.
            if sea.reach[t] != ships.reach_of(top, sea.ships[t]):
                out.append(f"seat {t}'s fleet reach {sea.reach[t]} is not its ships' ends")
            elif sea.frontier[t] != ships.frontier_of(st, t):
                out.append(
                    f"seat {t}'s sea frontier: incremental {sea.frontier[t]}"
                    f" != recomputed {ships.frontier_of(st, t)}"
                )
        if sea.pirate >= 0 and top.hex_land[sea.pirate]:
            out.append("the pirate is on land")
        unfound = len(st.board.fog_hexes)
        if sea.fog_pile and len(sea.fog_pile) < unfound:
            out.append(f"{unfound} fog hexes but {len(sea.fog_pile)} tiles left")
        if len(sea.fortresses) != len(st.board.fortress_hexes):
            out.append("fortress strengths do not match the fortresses")
        super().problems(st, out)

    def redact(self, view: KatanState, st: KatanState, seat: int | None) -> None:
        """The fog pile, the chests and the canal's numbers stay face down."""
        sea = part(view)
        sea.fog_pile = ((-1, -1),) * len(sea.fog_pile)
        sea.chests = ((-1, -1),) * len(sea.chests)
        sea.canal_numbers = tuple((h, -1) for h, _ in sea.canal_numbers)
        super().redact(view, st, seat)

    def part_json(self, st: KatanState, viewer: int | None, full: bool) -> dict[str, Any]:
        return {**part_json(st, viewer, full), **super().part_json(st, viewer, full)}

    def read_part(self, st: KatanState, data: dict[str, Any]) -> None:
        super().read_part(st, data)
        read_part(st, data)


SEA_RULES = SeaRules()
