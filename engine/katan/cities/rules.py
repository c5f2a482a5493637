"""Cities & Knights as a rule set: where it changes the base game (`RuleSet`).

No development cards and no Largest Army; a city as the second setup piece;
three dice and the barbarians; knights, walls, improvements and progress
cards as the turn's own moves; commodities in every hand (eight card kinds);
a knight is a wall; points from metropolises, defenders, point cards and the
merchant. The rules themselves live in this package's modules; this class
only routes the base game's seams to them.
"""

from typing import Any, ClassVar

from engine.katan import devcards
from engine.katan.chores import MASTER_MERCHANT, SPY, Handler
from engine.katan.cities import improvements, knights, progress, roll
from engine.katan.cities.answers import HANDLERS
from engine.katan.cities.components import (
    ABILITY_LEVEL,
    COMMODITY_START,
    GOODS,
    PROGRESS_COUNT,
    PROGRESS_KINDS,
    PROGRESS_TRACK,
    TRACKS,
    TRADE,
)
from engine.katan.cities.state import CitiesPart, all_knights, knights_of, new_part
from engine.katan.cities.wire import part_json, read_part
from engine.katan.components import DEV_KINDS, GENERIC_HARBOUR, RESOURCES
from engine.katan.events import Events
from engine.katan.kinds import BASE, CITIES
from engine.katan.moves import (
    ACTIVATE_KNIGHT,
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_WALL,
    CHASE_ROBBER,
    HIRE_KNIGHT,
    IMPROVE,
    MOVE_KNIGHT,
    PROMOTE_KNIGHT,
    Move,
)
from engine.katan.rng import Stream
from engine.katan.ruleset import RuleSet
from engine.katan.state import KatanState

NO_DEVELOPMENT_CARDS = (0,) * DEV_KINDS
PROGRESS_STREAM = 2
"""The rng stream of the progress decks' shuffle (the deal is 1, play 0)."""
KNIGHT_KINDS = frozenset({HIRE_KNIGHT, ACTIVATE_KNIGHT, PROMOTE_KNIGHT, MOVE_KNIGHT, CHASE_ROBBER})
BEFORE_ROLL = frozenset({ACTIVATE_KNIGHT, MOVE_KNIGHT, CHASE_ROBBER}) | progress.KINDS
TURN_KINDS = KNIGHT_KINDS | progress.KINDS | {BUILD_WALL, IMPROVE} | devcards.KINDS
SPECIAL_KINDS = frozenset(
    {BUILD_ROAD, BUILD_SETTLEMENT, BUILD_CITY, BUILD_WALL, IMPROVE}
    | {HIRE_KNIGHT, ACTIVATE_KNIGHT, PROMOTE_KNIGHT}
)
"""The special building phase's moves: build, raise, improve and equip knights;
no progress cards, no knight moves, no trade."""


def part(st: KatanState) -> CitiesPart:
    ck: CitiesPart = st.ck
    return ck


def shuffled_decks(seed: int) -> list[tuple[int, ...]]:
    """The three progress decks, each shuffled from the table's seed."""
    rng = Stream(seed, PROGRESS_STREAM)
    decks: list[tuple[int, ...]] = []
    for track in range(TRACKS):
        cards = [
            c
            for c in range(PROGRESS_KINDS)
            if PROGRESS_TRACK[c] == track
            for _ in range(PROGRESS_COUNT[c])
        ]
        rng.shuffle(cards)
        decks.append(tuple(cards))
    return decks


class CitiesRules(RuleSet):
    names: ClassVar[frozenset[str]] = frozenset({BASE, CITIES})
    expansions: ClassVar[tuple[str, ...]] = (CITIES,)
    width: ClassVar[int] = GOODS
    wall_words: ClassVar[str] = "building or knight"
    before_roll_text: ClassVar[str] = "or act with a knight, or play a progress card"
    chores: ClassVar[dict[int, Handler]] = HANDLERS

    def start(self, st: KatanState) -> None:
        st.ck = new_part(st.seats, shuffled_decks(st.seed))
        st.robber = -1  # the robber is off the board until the barbarians first attack

    def setup_piece(self, st: KatanState) -> int:
        return BUILD_CITY if st.setup_step >= st.seats else BUILD_SETTLEMENT

    def why_closed(self, st: KatanState, node: int) -> str:
        return f"A knight stands on crossing {node}."

    # ---- the turn ----------------------------------------------------------------------

    def before_roll_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        knights.action_moves(st, seat, out, rolled=False)
        progress.plays(st, seat, out, rolled=False)

    def turn_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        improvements.wall_moves(st, seat, out)
        knights.action_moves(st, seat, out, rolled=True)
        improvements.improve_moves(st, seat, out)
        progress.plays(st, seat, out, rolled=True)

    def handles(self, kind: int) -> bool:
        return kind in TURN_KINDS

    def before_roll(self, kind: int) -> bool:
        return kind in BEFORE_ROLL

    def why_turn(self, st: KatanState, seat: int, move: Move) -> str | None:
        kind = move[0]
        if kind in devcards.KINDS and kind not in progress.KINDS:
            return "Cities & Knights has no development cards: progress cards replace them."
        if kind in progress.KINDS:
            return progress.why_not(st, seat, move, st.rolled)
        if kind in KNIGHT_KINDS:
            return knights.why_not(st, seat, move)
        if kind == BUILD_WALL:
            return improvements.why_wall(st, seat, move[1])
        return improvements.why_improve(st, seat, move[1])

    def step_turn(self, st: KatanState, seat: int, move: Move, ev: Events) -> None:
        kind = move[0]
        if kind in progress.KINDS:
            progress.step(st, seat, move, ev)
        elif kind in KNIGHT_KINDS:
            knights.step(st, seat, move, ev)
        elif kind == BUILD_WALL:
            improvements.step_wall(st, seat, move, ev)
        else:
            improvements.step_improve(st, seat, move, ev)

    def end_turn(self, st: KatanState) -> None:
        ck = part(st)
        ck.woke = 0
        ck.promoted = 0
        ck.fleet = -1

    def roll(self, st: KatanState, ev: Events) -> None:
        roll.roll(st, None, ev)

    def after_production(self, st: KatanState, total: int, paid: int, ev: Events) -> None:
        roll.aqueducts(st, paid)

    def after_city(self, st: KatanState, seat: int, node: int, ev: Events) -> None:
        improvements.city_built(st, seat, ev)

    # ---- networks and trade --------------------------------------------------------------

    def walls(self, st: KatanState, seat: int) -> int:
        """Opponents' buildings and knights."""
        return super().walls(st, seat) | (all_knights(part(st)) & ~knights_of(part(st), seat))

    def ratios(self, st: KatanState, seat: int) -> tuple[int, ...]:
        ck = part(st)
        out = list(super().ratios(st, seat))
        generic = st.board.harbour_access[GENERIC_HARBOUR] & (st.towns[seat] | st.cities[seat])
        goods = 2 if ck.levels[seat * TRACKS + TRADE] >= ABILITY_LEVEL else (3 if generic else 4)
        out.extend([goods] * (GOODS - RESOURCES))
        if ck.merchant_owner == seat and ck.merchant >= 0:
            out[st.board.terrain[ck.merchant]] = 2
        if ck.fleet >= 0 and seat == st.current:
            out[ck.fleet] = 2
        return tuple(out)

    def bank_start(self, seats: int, kind: int) -> int:
        """Commodities stay 12 of each at every table size (docs/katan.md)."""
        return super().bank_start(seats, kind) if kind < RESOURCES else COMMODITY_START

    def deck(self, seats: int) -> tuple[int, ...]:
        return NO_DEVELOPMENT_CARDS

    def special_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        improvements.wall_moves(st, seat, out)
        knights.hire_moves(st, seat, out)
        knights.activate_moves(st, seat, out)
        knights.promote_moves(st, seat, out)
        improvements.improve_moves(st, seat, out)

    def special_kinds(self) -> frozenset[int]:
        return SPECIAL_KINDS

    # ---- scoring and the record ------------------------------------------------------------

    def extra_points(self, st: KatanState, seat: int) -> int:
        ck = part(st)
        return (
            2 * ck.metropolis_owner.count(seat)
            + ck.defenders[seat]
            + ck.face_up[seat]
            + (ck.merchant_owner == seat)
        )

    def closed(self, st: KatanState) -> int:
        return super().closed(st) | all_knights(part(st))

    def problems(self, st: KatanState, out: list[str]) -> None:
        from engine.katan.cities.audit import problems

        problems(st, out)

    def redact(self, view: KatanState, st: KatanState, seat: int | None) -> None:
        """Decks and other seats' progress cards become unknown cards (-1), counts
        kept; the Spy sees its target's cards, the Master Merchant its victim's."""
        ck = part(view)
        ck.decks = [(-1,) * len(d) for d in ck.decks]
        shown = -1
        cards_shown = -1
        if st.chores and st.chores[0][1] == seat:
            chore = st.chores[0]
            if chore[0] == SPY:
                shown = chore[2]
            elif chore[0] == MASTER_MERCHANT:
                cards_shown = chore[2]
        ck.progress = [
            hand if t in (seat, shown) else (-1,) * len(hand) for t, hand in enumerate(ck.progress)
        ]
        if cards_shown >= 0:
            w = st.width
            i = cards_shown * w
            view.hands[i : i + w] = st.hands[i : i + w]

    def part_json(self, st: KatanState, viewer: int | None, full: bool) -> dict[str, Any]:
        return part_json(st, viewer, full)

    def read_part(self, st: KatanState, data: dict[str, Any]) -> None:
        read_part(st, data)


CITIES_RULES = CitiesRules()
