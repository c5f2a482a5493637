"""The full state of a Katan game, laid out for speed.

Per-seat facts are flat lists of ints (hands are `seats * 5` long, resource
r of seat s at `s * 5 + r`); sets of crossings and edges are int bitmasks, so
a copy is a handful of list slices and most rule checks are a few bit
operations. Nothing here is a pydantic model or a dataclass: `copy` is what
search calls thousands of times a second.

A *view* of the state for one seat is the same class with what that seat may
not know blanked out (other hands and development cards zeroed, the deck's
composition, the seed and the counter cleared) and the public counts kept in
`redaction`; the rule functions read counts through `hand_size`,
`dev_size` and `deck_size`, so they work on either.
"""

from typing import TYPE_CHECKING, Any, Final

from engine.katan.components import DEV_KINDS, RESOURCES, VICTORY_POINT
from engine.katan.maps import Board

if TYPE_CHECKING:
    from engine.katan.ruleset import RuleSet

SETUP_SETTLEMENT: Final = 0
SETUP_ROAD: Final = 1
ROLL: Final = 2
DISCARD: Final = 3
ROBBER: Final = 4
MAIN: Final = 5
FREE_ROADS: Final = 6
OFFER: Final = 7
COUNTERS: Final = 8
OVER: Final = 9
CHORE: Final = 10
"""Waiting on the seat the first chore names (`KatanState.chores`)."""
SPECIAL: Final = 11
"""Five or six seats: after a turn, each other seat in order may build and buy
(`special`); `asked` is the seat building, `current` the seat whose turn ended."""
PHASE_NAMES: Final = (
    "setup_settlement",
    "setup_road",
    "roll",
    "discard",
    "robber",
    "main",
    "free_roads",
    "offer",
    "counters",
    "over",
    "chore",
    "special_build",
)


class Redaction:
    """Public counts standing in for what a view blanks out."""

    __slots__ = ("deck_size", "dev_sizes", "hand_sizes")

    def __init__(self, hand_sizes: list[int], dev_sizes: list[int], deck_size: int) -> None:
        self.hand_sizes = hand_sizes
        self.dev_sizes = dev_sizes
        self.deck_size = deck_size


class KatanState:
    """Everything about one game. Mutated in place only by `rules.step`;
    the protocol layer copies before it steps, so callers see values."""

    __slots__ = (
        "army",
        "asked",
        "award",
        "back",
        "bank",
        "blocked",
        "board",
        "built",
        "chores",
        "cities",
        "ck",
        "closed",
        "counter",
        "counters",
        "current",
        "deck",
        "dev_played",
        "devs",
        "dice",
        "discards",
        "free_roads",
        "fresh",
        "frontier",
        "hands",
        "known",
        "last_settlement",
        "longest",
        "offer",
        "offers",
        "paved",
        "phase",
        "played",
        "points",
        "reach",
        "redaction",
        "road_len",
        "roads",
        "robber",
        "rolled",
        "ruleset",
        "sea",
        "seats",
        "seed",
        "setup_step",
        "target",
        "towns",
        "turn",
        "width",
        "winner",
    )

    board: Board
    ruleset: "RuleSet"
    """The rule sets in play and their seams; shared, like the board."""
    width: int
    """Card kinds in a hand: 5 resources, or 8 with Cities & Knights' commodities."""
    seats: int
    target: int
    award: int
    seed: int
    counter: int
    """Play-stream draws so far (dice, development cards, steals)."""
    phase: int
    current: int
    """The seat whose turn it is (in setup: the seat placing)."""
    turn: int
    """Turns begun since setup; 0 during setup."""
    setup_step: int
    last_settlement: int
    rolled: bool
    dice: tuple[int, int]
    dev_played: bool
    free_roads: int
    robber: int
    hands: list[int]
    """`seats * width` counts, card kind k of seat s at `s * width + k`."""
    known: list[int]
    """Laid out like `hands`: cards every seat knows each seat holds, from
    what the table has seen (`engine.katan.known`); a lower bound of its
    hand, public.
    Empty in a search's deal, whose rollouts never read it."""
    bank: list[int]
    deck: list[int]
    """Development cards left, per kind (drawn at random, so there is no order)."""
    devs: list[int]
    """Development cards held, `seats * 5`, victory points included."""
    fresh: list[int]
    """Development cards the current seat bought this turn, per kind."""
    played: list[int]
    """Development cards played, `seats * 5` (knights count towards Largest Army)."""
    roads: list[int]
    towns: list[int]
    """Settlements per seat (crossing bitmask)."""
    cities: list[int]
    reach: list[int]
    """Crossings touched by each seat's roads."""
    frontier: list[int]
    """Edges each seat may pave now: empty, and joined to its network without
    passing an opponent's building."""
    built: int
    blocked: int
    """Crossings where the distance rule forbids a settlement."""
    closed: int
    """Crossings a rule set closes to new settlements (a knight stands there, a
    fortress holds the island, no land touches it); 0 in the base game."""
    paved: int
    road_len: list[int]
    longest: int
    army: int
    points: list[int]
    """Public points: buildings and awards (victory point cards are hidden)."""
    discards: list[int]
    """Cards each seat still owes after a seven."""
    offer: tuple[int, ...] | None
    """The open domestic offer, as the offer move the current seat made."""
    offers: int
    """Domestic offers the seat on turn has made this turn. Public, like every
    offer, so a player deciding from its view alone can tell it has already
    offered (the AI's one offer a turn); the rules cap it at `OFFERS_PER_TURN`."""
    asked: int
    """The seat asked to answer the open offer, or building in the special
    building phase; -1 otherwise."""
    counters: tuple[tuple[int, ...], ...]
    """Counter-offers so far: (seat, gives × 5, wants × 5)."""
    winner: int
    chores: tuple[tuple[int, ...], ...]
    """Answers owed, in order: (chore kind, seat, values...); the first one's
    seat is the one the table waits on (phase CHORE)."""
    back: int
    """The phase to resume when the chores are done."""
    ck: Any
    """Cities & Knights' part (`cities.state.CitiesPart`), None without it."""
    sea: Any
    """Seafarers' part (`sea.state.SeaPart`), None without it."""
    redaction: Redaction | None

    def copy(self) -> "KatanState":
        c = KatanState.__new__(KatanState)
        c.board = self.board
        c.ruleset = self.ruleset
        c.width = self.width
        c.seats = self.seats
        c.target = self.target
        c.award = self.award
        c.seed = self.seed
        c.counter = self.counter
        c.phase = self.phase
        c.current = self.current
        c.turn = self.turn
        c.setup_step = self.setup_step
        c.last_settlement = self.last_settlement
        c.rolled = self.rolled
        c.dice = self.dice
        c.dev_played = self.dev_played
        c.free_roads = self.free_roads
        c.robber = self.robber
        c.hands = self.hands[:]
        c.known = self.known[:]
        c.bank = self.bank[:]
        c.deck = self.deck[:]
        c.devs = self.devs[:]
        c.fresh = self.fresh[:]
        c.played = self.played[:]
        c.roads = self.roads[:]
        c.towns = self.towns[:]
        c.cities = self.cities[:]
        c.reach = self.reach[:]
        c.frontier = self.frontier[:]
        c.built = self.built
        c.blocked = self.blocked
        c.closed = self.closed
        c.paved = self.paved
        c.road_len = self.road_len[:]
        c.longest = self.longest
        c.army = self.army
        c.points = self.points[:]
        c.discards = self.discards[:]
        c.offer = self.offer
        c.offers = self.offers
        c.asked = self.asked
        c.counters = self.counters
        c.winner = self.winner
        c.chores = self.chores
        c.back = self.back
        c.ck = None if self.ck is None else self.ck.copy()
        c.sea = None if self.sea is None else self.sea.copy()
        c.redaction = self.redaction
        return c


def new_state(
    board: Board, seats: int, target: int, award: int, seed: int, ruleset: "RuleSet"
) -> KatanState:
    """The state before the first setup placement; the rule set adds its part."""
    st = KatanState.__new__(KatanState)
    st.board = board
    st.ruleset = ruleset
    width = st.width = ruleset.width
    st.seats = seats
    st.target = target
    st.award = award
    st.seed = seed
    st.counter = 0
    st.phase = SETUP_SETTLEMENT
    st.current = 0
    st.turn = 0
    st.setup_step = 0
    st.last_settlement = -1
    st.rolled = False
    st.dice = (0, 0)
    st.dev_played = False
    st.free_roads = 0
    st.robber = board.robber_start
    st.hands = [0] * (seats * width)
    st.known = [0] * (seats * width)
    st.bank = [ruleset.bank_start(seats, k) for k in range(width)]
    st.deck = list(ruleset.deck(seats))
    st.devs = [0] * (seats * DEV_KINDS)
    st.fresh = [0] * DEV_KINDS
    st.played = [0] * (seats * DEV_KINDS)
    st.roads = [0] * seats
    st.towns = [0] * seats
    st.cities = [0] * seats
    st.reach = [0] * seats
    st.frontier = [0] * seats
    st.built = 0
    st.blocked = 0
    st.closed = 0
    st.paved = 0
    st.road_len = [0] * seats
    st.longest = -1
    st.army = -1
    st.points = [0] * seats
    st.discards = [0] * seats
    st.offer = None
    st.offers = 0
    st.asked = -1
    st.counters = ()
    st.winner = -1
    st.chores = ()
    st.back = MAIN
    st.ck = None
    st.sea = None
    st.redaction = None
    ruleset.start(st)
    return st


def hand_size(st: KatanState, seat: int) -> int:
    """Cards held (resources and commodities)."""
    if st.redaction is not None:
        return st.redaction.hand_sizes[seat]
    w = st.width
    i = seat * w
    h = st.hands
    if w == RESOURCES:
        return h[i] + h[i + 1] + h[i + 2] + h[i + 3] + h[i + 4]
    return sum(h[i : i + w])


def dev_size(st: KatanState, seat: int) -> int:
    if st.redaction is not None:
        return st.redaction.dev_sizes[seat]
    i = seat * DEV_KINDS
    return sum(st.devs[i : i + DEV_KINDS])


def deck_size(st: KatanState) -> int:
    if st.redaction is not None:
        return st.redaction.deck_size
    return sum(st.deck)


def total_points(st: KatanState, seat: int) -> int:
    """Public points plus the seat's hidden victory point cards (as far as known)."""
    return st.points[seat] + st.devs[seat * DEV_KINDS + VICTORY_POINT]


def setup_seat(seats: int, step: int) -> int:
    """Snake order: 0, 1, …, n-1, n-1, …, 1, 0."""
    return step if step < seats else 2 * seats - 1 - step
