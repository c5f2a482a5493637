"""The seams where a rule set changes the base game, and the base game's answers.

The base rules (`rules.py` and the modules it calls) run every Katan game and
ask the state's rule set at the few points an expansion changes: the roll and
production, the seven, what a turn allows, the setup pieces, what blocks a
road and how a route is measured, where the robber may go, trade ratios,
scoring, the chores it queues, and its part of the JSON and the views. A
rule set is a subclass that overrides those methods; Cities & Knights and
Seafarers stack by inheritance (the combined class lists Seafarers first, so
its overrides run and hand on to Cities & Knights through `super()`).

The methods here are the base game itself, so a base game's states, moves
and speed are what they were before the seams existed.
"""

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.katan import devcards
from engine.katan.chores import Chore, Handler
from engine.katan.components import (
    BANK_LARGE,
    BANK_START,
    BRICK,
    CARD_NAMES,
    DEV_DECK,
    DEV_DECK_LARGE,
    GENERIC_HARBOUR,
    GRAIN,
    LARGE_TABLE,
    LUMBER,
    ORE,
    ROAD_PIECES,
    WOOL,
)
from engine.katan.events import Events
from engine.katan.geometry import Topology, bits
from engine.katan.kinds import BASE
from engine.katan.longest_road import longest_trail
from engine.katan.maps import MAPS, Board, deal, island_for, topology_of
from engine.katan.moves import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEV,
    Move,
)
from engine.katan.network import frontier_of
from engine.katan.production import roll_dice, roll_two
from engine.katan.state import KatanState

SPECIAL_KINDS = frozenset({BUILD_ROAD, BUILD_SETTLEMENT, BUILD_CITY, BUY_DEV})


class RuleSet:
    """The base game. One instance per combination of rule sets, shared by
    every state that plays it (like the board)."""

    names: ClassVar[frozenset[str]] = frozenset({BASE})
    """The rule sets whose move kinds a table accepts."""
    expansions: ClassVar[tuple[str, ...]] = ()
    width: ClassVar[int] = 5
    card_names: ClassVar[tuple[str, ...]] = CARD_NAMES
    wall_words: ClassVar[str] = "building"
    """What of an opponent's stops a road, in words."""
    before_roll_text: ClassVar[str] = "or play a development card"
    """What a seat may do before its roll, for the refusal of anything else."""

    # ---- the game's shape ------------------------------------------------------------

    def deal(self, map_name: str | None, seed: int, seats: int) -> Board:
        """The board for a new game: the standard island, or the extension's for
        five or six seats (Seafarers has maps)."""
        return deal(island_for(seats), seed)

    def map_topology(self, map_name: str) -> Topology | None:
        """The topology of a map this rule set plays (None: not one of them)."""
        spec = MAPS.get(map_name)
        return None if spec is None else topology_of(spec)

    def rebuild_board(
        self,
        map_name: str,
        terrain: tuple[int, ...],
        numbers: tuple[int, ...],
        harbours: tuple[tuple[int, int], ...],
    ) -> Board | None:
        """A stored game's board from its JSON (None: not a map this rule set plays)."""
        spec = MAPS.get(map_name)
        if spec is None:
            return None
        return Board(map_name, topology_of(spec), terrain, numbers, harbours)

    def start(self, st: KatanState) -> None:
        """Add the rule set's part to a new state."""

    def setup_piece(self, st: KatanState) -> int:
        """The move kind of the piece placed at this setup step."""
        return BUILD_SETTLEMENT

    def setup_spots(self, st: KatanState, seat: int) -> int:
        """Crossings a setup piece may go on."""
        return st.board.topology.land_nodes & ~st.blocked & ~st.closed

    def why_closed(self, st: KatanState, node: int) -> str:
        """Why a crossing in `st.closed` takes no settlement."""
        return f"Crossing {node} is closed to settlements."

    # ---- what a turn allows ------------------------------------------------------------

    def before_roll_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        devcards.plays(st, seat, out)

    def turn_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        """The rule set's own moves after the roll, after building and before trades."""
        devcards.buy_move(st, seat, out)
        devcards.plays(st, seat, out)

    def handles(self, kind: int) -> bool:
        """Whether a turn move of `kind` is this rule set's (refused and applied here)."""
        return kind in devcards.KINDS

    def before_roll(self, kind: int) -> bool:
        """Whether the rule set's turn move of `kind` may be made before the roll."""
        return kind in devcards.PLAYS

    def why_turn(self, st: KatanState, seat: int, move: Move) -> str | None:
        """Why the rule set's own turn move is refused now."""
        return devcards.why_not(st, seat, move)

    def step_turn(self, st: KatanState, seat: int, move: Move, ev: Events) -> None:
        devcards.step(st, seat, move, ev)

    def end_turn(self, st: KatanState) -> None:
        """Per-turn bookkeeping the next seat starts without."""

    # ---- the roll ----------------------------------------------------------------------

    def roll(self, st: KatanState, ev: Events) -> None:
        d1, d2 = roll_two(st)
        roll_dice(st, d1, d2, ev)

    def after_production(self, st: KatanState, total: int, paid: int, ev: Events) -> None:
        """After the dice paid `paid` (a seat bitmask): gold, villages, the aqueduct."""

    def robber_hexes(self, st: KatanState) -> tuple[int, ...]:
        return st.board.land_hexes

    def why_not_robber_hex(self, st: KatanState, hex_id: int) -> str:
        """Why the robber may not go to a hex outside `robber_hexes`."""
        return f"Hex {hex_id} is not a land hex."

    def why_robber(self, st: KatanState) -> str | None:
        """Why the robber may not move in this robber phase (None: it may).
        Seafarers with Cities & Knights: a knight chased the pirate instead."""
        return None

    def pirate_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        """Seafarers' pirate moves, offered beside the robber's."""

    def why_pirate(self, st: KatanState, seat: int, move: Move) -> str | None:
        return "Move the robber first."

    # ---- networks ----------------------------------------------------------------------

    def walls(self, st: KatanState, seat: int) -> int:
        """Crossings the seat's roads cannot pass: opponents' buildings."""
        return st.built & ~(st.towns[seat] | st.cities[seat])

    def route_length(self, st: KatanState, seat: int, walls: int, floor: int = 0) -> int:
        """The seat's longest route; `floor` a length it is known to reach."""
        return longest_trail(st.board.topology, st.roads[seat], walls, floor)

    def reach(self, st: KatanState, seat: int) -> int:
        """The crossings the seat's roads touch, from scratch (Seafarers adds ships')."""
        top = st.board.topology
        out = 0
        for e in bits(st.roads[seat]):
            out |= top.edge_end_mask[e]
        return out

    def remeasure(self, st: KatanState, seat: int) -> None:
        """Recompute a seat's frontier and route after a crossing changed hands."""
        st.frontier[seat] = frontier_of(st, seat)
        st.road_len[seat] = self.route_length(st, seat, self.walls(st, seat))

    def knight_posts(self, st: KatanState, seat: int) -> int:
        """Crossings a seat's knight may stand on (Cities & Knights): land."""
        return st.board.topology.land_nodes

    def knight_paths(self, st: KatanState, seat: int) -> int:
        """The edges a seat's knights walk along (Cities & Knights): its roads."""
        return st.roads[seat]

    def ship_anchors(self, st: KatanState, seat: int) -> int:
        """Crossings besides towns where a ship's end is not open (Seafarers)."""
        return 0

    def free_road_count(self, st: KatanState, seat: int, count: int) -> int:
        return min(count, ROAD_PIECES - st.roads[seat].bit_count())

    def can_pave(self, st: KatanState, seat: int) -> bool:
        """Whether a free road could still be placed."""
        return st.roads[seat].bit_count() < ROAD_PIECES and bool(st.frontier[seat])

    free_pieces: ClassVar[frozenset[int]] = frozenset()
    """Move kinds besides roads that free roads may place (Seafarers' ships)."""

    def free_road_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        """Free pieces other than roads (Seafarers' ships)."""

    def after_edge(self, st: KatanState, seat: int, edge: int, ev: Events) -> None:
        """A road (or ship) was laid on `edge`."""

    def after_settlement(self, st: KatanState, seat: int, node: int, ev: Events) -> None:
        """A settlement was placed on `node`."""

    def after_city(self, st: KatanState, seat: int, node: int, ev: Events) -> None:
        """A city was built on `node`."""

    # ---- trade -------------------------------------------------------------------------

    def ratios(self, st: KatanState, seat: int) -> tuple[int, ...]:
        """The seat's bank ratio for giving each card kind (4, 3 or 2)."""
        mine = st.towns[seat] | st.cities[seat]
        access = st.board.harbour_access
        base = 3 if access[GENERIC_HARBOUR] & mine else 4
        return (
            2 if access[LUMBER] & mine else base,
            2 if access[BRICK] & mine else base,
            2 if access[WOOL] & mine else base,
            2 if access[GRAIN] & mine else base,
            2 if access[ORE] & mine else base,
        )

    def bank_start(self, seats: int, kind: int) -> int:
        """The bank's cards of a kind at the start (the extension's 24 at five or six)."""
        return BANK_LARGE if seats >= LARGE_TABLE else BANK_START

    def deck(self, seats: int) -> tuple[int, ...]:
        """The development deck at the start, per kind."""
        return DEV_DECK_LARGE if seats >= LARGE_TABLE else DEV_DECK

    def special_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        """The rule set's own moves in the special building phase, of `special_kinds`."""
        devcards.buy_move(st, seat, out)

    def special_kinds(self) -> frozenset[int]:
        """The move kinds of the special building phase (five or six seats): building
        and buying, never trading or playing a card; ending the phase is END_TURN."""
        return SPECIAL_KINDS

    # ---- chores ------------------------------------------------------------------------

    chores: ClassVar[Mapping[int, Handler]] = {}
    """The chore kinds the rule set queues, and what answers each."""

    def chore_moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        return self.chores[chore[0]].moves(st, seat, chore)

    def why_chore(self, st: KatanState, seat: int, chore: Chore, move: Move) -> str | None:
        return self.chores[chore[0]].why(st, seat, chore, move)

    def do_chore(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        self.chores[chore[0]].do(st, seat, chore, move, ev)

    def do_host_chore(self, st: KatanState, chore: Chore, ev: Events) -> None:
        self.chores[chore[0]].run(st, chore, ev)

    def void_chore(self, st: KatanState, chore: Chore) -> bool:
        return self.chores[chore[0]].void(st, chore)

    # ---- scoring and the record ---------------------------------------------------------

    def extra_points(self, st: KatanState, seat: int) -> int:
        """Public points the rule set adds (metropolises, island bonuses...), from scratch."""
        return 0

    def closed(self, st: KatanState) -> int:
        """Crossings closed to settlements for reasons other than the distance rule."""
        return 0

    def rebuild(self, st: KatanState) -> None:
        """Derive the rule set's incremental fields from its primary facts."""
        st.closed = self.closed(st)

    def problems(self, st: KatanState, out: list[str]) -> None:
        """Append every broken invariant of the rule set's part."""

    def redact(self, view: KatanState, st: KatanState, seat: int | None) -> None:
        """Blank in `view` what `seat` may not know of the rule set's part."""

    def part_json(self, st: KatanState, viewer: int | None, full: bool) -> dict[str, Any]:
        """The rule set's JSON keys (for a view of `viewer`, or the stored state)."""
        return {}

    def read_part(self, st: KatanState, data: dict[str, Any]) -> None:
        """Restore the rule set's part from a stored state's JSON."""


BASE_GAME = RuleSet()
