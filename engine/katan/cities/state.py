"""Cities & Knights' part of a Katan state (`KatanState.ck`), laid out like the rest:
flat lists of ints per seat and crossing bitmasks, so a copy is a few slices.

Knights are three bitmasks per seat (basic, strong, mighty) plus one mask of
which stand active; walls a mask per seat; the progress decks are ordered
tuples (top first), hidden from every view, and each hand a tuple of card
kinds. Everything a view may show is public here except `decks` and other
seats' `progress` hands, which `rules.CitiesRules.redact` blanks.
"""

from engine.katan.cities.components import BARBARIAN_START, KNIGHT_LEVELS, TRACKS


class CitiesPart:
    __slots__ = (
        "active",
        "attacks",
        "barbarians",
        "claims",
        "decks",
        "defenders",
        "event",
        "face_up",
        "fleet",
        "knights",
        "levels",
        "merchant",
        "merchant_owner",
        "metropolis",
        "metropolis_owner",
        "progress",
        "promoted",
        "walls",
        "woke",
    )

    barbarians: int
    """Steps the barbarian ship still has to sail (it attacks on reaching 0)."""
    attacks: int
    """Attacks so far; the robber is awake once there has been one."""
    event: int
    """The event die of the last roll (-1 before any): 0..2 a gate, 3 the ship."""
    levels: list[int]
    """`seats * 3` improvement levels, track t of seat s at `s * 3 + t`."""
    metropolis: list[int]
    """Per track, the crossing carrying its metropolis (-1: none built)."""
    metropolis_owner: list[int]
    claims: list[int]
    """Per track, a seat that earned the metropolis with no city to carry it (-1)."""
    walls: list[int]
    """Per seat, the crossings of its cities that carry a wall."""
    knights: list[int]
    """`seats * 3` crossing masks: seat s's knights of level l+1 at `s * 3 + l`."""
    active: list[int]
    """Per seat, the crossings of its knights that stand active."""
    woke: int
    """Crossings of knights activated this turn (they may not act until next turn)."""
    promoted: int
    """Crossings of knights promoted this turn (once a turn each)."""
    decks: list[tuple[int, ...]]
    """Per track, the progress deck, top card first."""
    progress: list[tuple[int, ...]]
    """Per seat, the progress cards in hand (never the face-up ones)."""
    face_up: list[int]
    """Per seat, Printer and Constitution cards laid face up (a point each)."""
    defenders: list[int]
    """Per seat, Defender of Catan cards (a point each)."""
    merchant: int
    """The hex the merchant stands on (-1: not in play)."""
    merchant_owner: int
    fleet: int
    """The card kind the seat on turn trades 2:1 this turn (Merchant Fleet), or -1."""

    def copy(self) -> "CitiesPart":
        c = CitiesPart.__new__(CitiesPart)
        c.barbarians = self.barbarians
        c.attacks = self.attacks
        c.event = self.event
        c.levels = self.levels[:]
        c.metropolis = self.metropolis[:]
        c.metropolis_owner = self.metropolis_owner[:]
        c.claims = self.claims[:]
        c.walls = self.walls[:]
        c.knights = self.knights[:]
        c.active = self.active[:]
        c.woke = self.woke
        c.promoted = self.promoted
        c.decks = self.decks[:]
        c.progress = self.progress[:]
        c.face_up = self.face_up[:]
        c.defenders = self.defenders[:]
        c.merchant = self.merchant
        c.merchant_owner = self.merchant_owner
        c.fleet = self.fleet
        return c


def new_part(seats: int, decks: list[tuple[int, ...]]) -> CitiesPart:
    p = CitiesPart.__new__(CitiesPart)
    p.barbarians = BARBARIAN_START
    p.attacks = 0
    p.event = -1
    p.levels = [0] * (seats * TRACKS)
    p.metropolis = [-1] * TRACKS
    p.metropolis_owner = [-1] * TRACKS
    p.claims = [-1] * TRACKS
    p.walls = [0] * seats
    p.knights = [0] * (seats * KNIGHT_LEVELS)
    p.active = [0] * seats
    p.woke = 0
    p.promoted = 0
    p.decks = decks
    p.progress = [()] * seats
    p.face_up = [0] * seats
    p.defenders = [0] * seats
    p.merchant = -1
    p.merchant_owner = -1
    p.fleet = -1
    return p


def knights_of(part: CitiesPart, seat: int) -> int:
    """Every crossing holding one of the seat's knights."""
    i = seat * KNIGHT_LEVELS
    k = part.knights
    return k[i] | k[i + 1] | k[i + 2]


def all_knights(part: CitiesPart) -> int:
    out = 0
    for mask in part.knights:
        out |= mask
    return out


def level_at(part: CitiesPart, seat: int, node: int) -> int:
    """The level (1..3) of the seat's knight on `node`, 0 if none."""
    i = seat * KNIGHT_LEVELS
    for level in range(KNIGHT_LEVELS):
        if part.knights[i + level] >> node & 1:
            return level + 1
    return 0


def owner_at(part: CitiesPart, node: int, seats: int) -> int:
    """The seat whose knight stands on `node`, or -1."""
    bit = 1 << node
    for t in range(seats):
        if knights_of(part, t) & bit:
            return t
    return -1


def strength(part: CitiesPart, seat: int) -> int:
    """The seat's active knights' strength (basic 1, strong 2, mighty 3)."""
    i = seat * KNIGHT_LEVELS
    active = part.active[seat]
    k = part.knights
    return (
        (k[i] & active).bit_count()
        + 2 * (k[i + 1] & active).bit_count()
        + 3 * (k[i + 2] & active).bit_count()
    )
