"""Seafarers and Cities & Knights together (the seed document's "With Cities &
Knights" and RULINGS 12): both parts on one state, Seafarers' overrides first.

Knights walk along roads and ship lines alike and may stand on a sea
crossing beside one of their owner's ships; a knight at a ship line's end
closes that line (the ship there may not sail); an active knight beside the
pirate may chase it, as one beside the robber chases the robber, and the
piece chased is the only one that moves. The pirate sleeps with the robber
until the first barbarian attack, the Bishop moves the robber only, the
merchant goes on land only (both already ask for land hexes), and gold pays
resources only (a pick of a resource per settlement, two per city).
"""

from typing import ClassVar

from engine.katan.chores import Handler
from engine.katan.cities import knights
from engine.katan.cities.answers import HANDLERS
from engine.katan.cities.rules import CitiesRules
from engine.katan.cities.state import CitiesPart, knights_of
from engine.katan.events import Events, say
from engine.katan.geometry import bits
from engine.katan.kinds import BASE, CITIES, SEAFARERS
from engine.katan.moves import CHASE_PIRATE, CHASE_ROBBER, Move
from engine.katan.sea.rules import SeaRules
from engine.katan.sea.state import PIRATE_PIECE, ROBBER_PIECE, SeaPart
from engine.katan.state import FREE_ROADS, ROBBER, KatanState


def sea(st: KatanState) -> SeaPart:
    part: SeaPart = st.sea
    return part


def ck(st: KatanState) -> CitiesPart:
    part: CitiesPart = st.ck
    return part


def chase_pirate_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    """An active knight on a corner of the pirate's hex, once the pirate is awake."""
    pirate = sea(st).pirate
    if not ck(st).attacks or pirate < 0:
        return
    corners = st.board.topology.hex_corner_mask[pirate]
    out.extend((CHASE_PIRATE, n) for n in bits(knights.ready(ck(st), seat) & corners))


def why_chase_pirate(st: KatanState, seat: int, move: Move) -> str | None:
    if st.phase == FREE_ROADS:
        return "Place your free roads or ships (or stop placing them) first."
    why = knights.why_not(st, seat, move)  # the knight's own: yours, active, rested
    if why is not None:
        return why
    node, pirate = move[1], sea(st).pirate
    if not ck(st).attacks:
        return "The pirate sleeps with the robber until the barbarians first attack."
    if pirate < 0 or not st.board.topology.hex_corner_mask[pirate] >> node & 1:
        return f"Your knight on crossing {node} is not beside the pirate."
    return None


class SeaCitiesRules(SeaRules, CitiesRules):
    names: ClassVar[frozenset[str]] = frozenset({BASE, CITIES, SEAFARERS})
    expansions: ClassVar[tuple[str, ...]] = (CITIES, SEAFARERS)
    chores: ClassVar[dict[int, Handler]] = dict(HANDLERS)

    # ---- knights at sea -------------------------------------------------------------------

    def knight_posts(self, st: KatanState, seat: int) -> int:
        """Land, and the sea crossings the seat's own ships touch."""
        return super().knight_posts(st, seat) | sea(st).reach[seat]

    def ship_anchors(self, st: KatanState, seat: int) -> int:
        return knights_of(ck(st), seat)

    def knight_paths(self, st: KatanState, seat: int) -> int:
        """Knights move along the seat's roads and ship lines."""
        return st.roads[seat] | sea(st).ships[seat]

    # ---- chasing the robber or the pirate ---------------------------------------------------

    def before_roll_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        super().before_roll_moves(st, seat, out)
        chase_pirate_moves(st, seat, out)

    def turn_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        super().turn_moves(st, seat, out)
        chase_pirate_moves(st, seat, out)

    def before_roll(self, kind: int) -> bool:
        return kind == CHASE_PIRATE or super().before_roll(kind)

    def why_turn(self, st: KatanState, seat: int, move: Move) -> str | None:
        if move[0] == CHASE_PIRATE:
            return why_chase_pirate(st, seat, move)
        return super().why_turn(st, seat, move)

    def step_turn(self, st: KatanState, seat: int, move: Move, ev: Events) -> None:
        kind = move[0]
        if kind == CHASE_PIRATE:
            node = move[1]
            ck(st).active[seat] &= ~(1 << node)
            sea(st).chased = PIRATE_PIECE
            st.phase = ROBBER
            if ev is not None:
                say(
                    ev,
                    "chase_pirate",
                    f"Seat {seat}'s knight at {node} chases the pirate",
                    seat,
                    {"crossing": node},
                )
            return
        super().step_turn(st, seat, move, ev)
        if kind == CHASE_ROBBER:
            sea(st).chased = ROBBER_PIECE

    def roll(self, st: KatanState, ev: Events) -> None:
        """A seven's robber phase may move either piece, whatever a chase
        before the roll moved."""
        sea(st).chased = -1
        super().roll(st, ev)

    def end_turn(self, st: KatanState) -> None:
        sea(st).chased = -1
        super().end_turn(st)

    def why_robber(self, st: KatanState) -> str | None:
        if st.phase == ROBBER and sea(st).chased == PIRATE_PIECE:
            return "Your knight chased the pirate: move the pirate."
        return super().why_robber(st)

    def pirate_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        if ck(st).attacks and sea(st).chased != ROBBER_PIECE:
            super().pirate_moves(st, seat, out)

    def why_pirate(self, st: KatanState, seat: int, move: Move) -> str | None:
        if sea(st).chased == ROBBER_PIECE:
            return "Your knight chased the robber: move the robber."
        if not ck(st).attacks:
            return "The pirate sleeps with the robber until the barbarians first attack."
        return super().why_pirate(st, seat, move)

    def problems(self, st: KatanState, out: list[str]) -> None:
        for t in range(st.seats):
            adrift = knights_of(ck(st), t) & ~st.board.topology.land_nodes & ~sea(st).reach[t]
            if adrift:
                out.append(f"seat {t} has a knight at sea with no ship of its own beside it")
        super().problems(st, out)


SEA_CITIES_RULES = SeaCitiesRules()
