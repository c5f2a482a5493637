"""Seafarers' part of a Katan state (`KatanState.sea`): ships, the pirate, the
islands' bonuses, and whatever the map's scenario keeps.

Ships are an edge mask per seat with their own reach and frontier (roads
and ships join only at the seat's own town, so the two networks grow from
different ends). The scenario fields are empty on maps that do not use
them. Hidden from every view: the fog pile, the chests under the fog and
the canal tiles' numbers (`rules.SeaRules.redact`).
"""

ROBBER_PIECE = 0
PIRATE_PIECE = 1
PIECE_NAMES = ("robber", "pirate")


class SeaPart:
    __slots__ = (
        "bonus",
        "canal",
        "canal_numbers",
        "chased",
        "chests",
        "chips",
        "cloth",
        "dug",
        "fog_pile",
        "fortresses",
        "found",
        "fresh",
        "frontier",
        "pirate",
        "raided",
        "reach",
        "sailed",
        "ships",
        "taken",
        "tribe",
        "villages",
        "wonders",
    )

    ships: list[int]
    """Per seat, the edges holding its ships."""
    reach: list[int]
    """Per seat, the crossings its ships touch."""
    frontier: list[int]
    """Per seat, the sea edges it may build a ship on (the pirate aside)."""
    fresh: int
    """Edges of ships built this turn: they may not sail until the next."""
    sailed: bool
    """The seat on turn has moved its one ship this turn."""
    pirate: int
    """The sea hex the pirate is on (-1: the map has none)."""
    chased: int
    """The piece a knight chased (Cities & Knights), the only one this robber
    phase moves: ROBBER_PIECE or PIRATE_PIECE; -1 after a seven, either."""
    bonus: list[int]
    """Per island, the seat that first settled it for the bonus (-1: nobody, or a start island)."""
    fog_pile: tuple[tuple[int, int], ...]
    """(terrain, number) of the tiles still face down, the next find first."""
    found: int
    """Fog hexes turned over so far."""
    chests: tuple[tuple[int, int], ...]
    """(fog hex, chest kind) still unopened."""
    chips: tuple[tuple[int, int], ...]
    """(hex, chip kind) still untaken (the Forgotten Tribe)."""
    tribe: list[tuple[int, ...]]
    """Per seat, the chip kinds it took."""
    villages: list[int]
    """Cloth left in each village (in `board.village_hexes` order)."""
    cloth: list[int]
    """Per seat, cloth tokens scored (two are a point)."""
    fortresses: list[int]
    """Strength left of each fortress (in `board.fortress_hexes` order; 0: taken)."""
    taken: list[int]
    """Per seat, fortresses taken."""
    raided: list[int]
    """Per seat, raids made (for the record)."""
    wonders: list[int]
    """Per seat, wonder stages built (0..4)."""
    canal_numbers: tuple[tuple[int, int], ...]
    """(canal hex, the number its fields get once dug out)."""
    canal: list[int]
    """Units dug in each canal tile (in `board.canal_hexes` order; 3 finish it)."""
    dug: list[int]
    """Per seat, canal units dug (two are a point)."""

    def copy(self) -> "SeaPart":
        c = SeaPart.__new__(SeaPart)
        c.ships = self.ships[:]
        c.reach = self.reach[:]
        c.frontier = self.frontier[:]
        c.fresh = self.fresh
        c.sailed = self.sailed
        c.pirate = self.pirate
        c.chased = self.chased
        c.bonus = self.bonus[:]
        c.fog_pile = self.fog_pile
        c.found = self.found
        c.chests = self.chests
        c.chips = self.chips
        c.tribe = self.tribe[:]
        c.villages = self.villages[:]
        c.cloth = self.cloth[:]
        c.fortresses = self.fortresses[:]
        c.taken = self.taken[:]
        c.raided = self.raided[:]
        c.wonders = self.wonders[:]
        c.canal_numbers = self.canal_numbers
        c.canal = self.canal[:]
        c.dug = self.dug[:]
        return c


def new_part(seats: int, islands: int, pirate: int) -> SeaPart:
    p = SeaPart.__new__(SeaPart)
    p.ships = [0] * seats
    p.reach = [0] * seats
    p.frontier = [0] * seats
    p.fresh = 0
    p.sailed = False
    p.pirate = pirate
    p.chased = -1
    p.bonus = [-1] * islands
    p.fog_pile = ()
    p.found = 0
    p.chests = ()
    p.chips = ()
    p.tribe = [()] * seats
    p.villages = []
    p.cloth = [0] * seats
    p.fortresses = []
    p.taken = [0] * seats
    p.raided = [0] * seats
    p.wonders = [0] * seats
    p.canal_numbers = ()
    p.canal = []
    p.dug = [0] * seats
    return p
