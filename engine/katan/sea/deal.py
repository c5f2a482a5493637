"""The per-seed deal of a Seafarers map: the public board and the hidden piles.

The board part (terrain, numbers, harbours) draws from the deal stream, like
the base game's; the hidden parts (the fog pile, the chests, the canal's
numbers, the tribe's chips) draw from a stream of their own, so what lies
face down never shifts what lies face up, and a map's piles can change
without reshuffling its islands.

Only `SeaDeal.board` is public. The rest belongs in the state's hidden part:
a view must never carry it (RULINGS 17).
"""

from dataclasses import dataclass
from functools import cache
from typing import Final

from engine.katan.components import CANAL, DESERT, FOG, FORTRESS, GOLD, SEA, VILLAGE
from engine.katan.geometry import Topology
from engine.katan.maps import Board, deal_tokens
from engine.katan.rng import DEAL, Stream
from engine.katan.sea.mapfile import NUMBERED_CODES, SEA_CODES, MapError, SeaMap

HIDDEN: Final = 0x5EA
"""Stream of the hidden piles (the deal is `rng.DEAL`, play `rng.PLAY`)."""

_FIXED: Final = {"D": DESERT, "G": GOLD, "F": FOG, "V": VILLAGE, "X": FORTRESS, "C": CANAL}
_HARBOUR_LAND: Final = "RK"
"""Land a harbour may face: plain land, not desert, gold, fog, village, fortress or canal."""


@dataclass(frozen=True)
class SeaDeal:
    """A dealt Seafarers map. `board` is public; every other field is the
    rule set's to keep in the state (the first three hidden from every seat)."""

    board: Board
    fog_pile: tuple[tuple[int, int], ...]
    """(terrain, number) per fog tile in the order they are found: a find takes the next."""
    chests: tuple[tuple[int, int], ...]
    """(fog hex, chest kind per `mapfile.CHEST_NAMES`), face down until the hex is found."""
    canal_numbers: tuple[tuple[int, int], ...]
    """(canal hex, the number its fields get once dug out)."""
    chips: tuple[tuple[int, int], ...]
    """(chip hex, chip kind per `mapfile.CHIP_NAMES`). The rules document has them face
    up; they are dealt apart from the board so the rule set decides what views show."""
    village_cloth: tuple[tuple[int, int], ...]
    """(village hex, its starting stock of cloth)."""
    fortress_strength: tuple[tuple[int, int], ...]
    """(fortress hex, its starting strength)."""


class Layout:
    """What a map fixes, as hex and edge ids of its topology: computed once per map."""

    __slots__ = (
        "by_code",
        "chip_hexes",
        "harbour_edges",
        "pirate_start",
        "robber_start",
        "sea",
        "start_hexes",
        "topology",
    )

    def __init__(self, sea: SeaMap) -> None:
        self.sea = sea
        top = self.topology = Topology(sea.hexes)
        codes = [sea.codes[c] for c in top.hexes]
        self.by_code: dict[str, tuple[int, ...]] = {
            code: tuple(h for h, c in enumerate(codes) if c == code) for code in set(codes)
        }
        deserts, canals = self.ids("Dd"), self.ids("Cc")
        self.robber_start = deserts[0] if deserts else canals[0] if canals else -1
        self.start_hexes = tuple(h for h, c in enumerate(codes) if c.isupper())
        self.chip_hexes = self.ids("k")
        self.pirate_start = self.ids("*")[0]
        # Any board of this map has these islands and start crossings.
        plain = tuple(SEA if c in SEA_CODES else DESERT for c in codes)
        shape = self.board(plain, (0,) * len(codes), ())
        home = set(shape.start_islands)
        self.harbour_edges: tuple[int, ...] = tuple(
            e
            for ring in top.coast_rings
            for e in ring
            for h in top.edge_hexes[e]
            if top.hex_land[h]
            and codes[h].upper() in _HARBOUR_LAND
            and (sea.harbour_coast == "all" or shape.island_of[h] in home)
        )
        self._check(shape)

    def ids(self, codes: str) -> tuple[int, ...]:
        """The hexes drawn with any of `codes`, in id order."""
        return tuple(sorted(h for c in codes for h in self.by_code.get(c, ())))

    def board(
        self,
        terrain: tuple[int, ...],
        numbers: tuple[int, ...],
        harbours: tuple[tuple[int, int], ...],
    ) -> Board:
        return Board(
            self.sea.name,
            self.topology,
            terrain,
            numbers,
            harbours,
            start_hexes=self.start_hexes,
            chip_hexes=self.chip_hexes,
            pirate_start=self.pirate_start,
            robber_start=self.robber_start,
        )

    def _check(self, shape: Board) -> None:
        """What the file alone cannot show: it takes the islands."""
        name = self.sea.name
        for h in self.chip_hexes:
            if self.topology.hex_corner_mask[h] & shape.start_nodes:
                raise MapError(f"{name}: chip hex {h} is beside a start crossing")
        for h in self.ids("x"):
            if shape.island_of[h] in shape.start_islands:
                raise MapError(f"{name}: fortress hex {h} is on a start island")
        if len(self.harbour_edges) < 2 * len(self.sea.harbours):
            raise MapError(
                f"{name}: {len(self.sea.harbours)} harbours on "
                f"{len(self.harbour_edges)} coastal edges; they would touch"
            )


@cache
def layout(sea: SeaMap) -> Layout:
    return Layout(sea)


def rebuild(
    sea: SeaMap,
    terrain: tuple[int, ...],
    numbers: tuple[int, ...],
    harbours: tuple[tuple[int, int], ...],
) -> Board:
    """The board of a stored game, from its public JSON and its map."""
    return layout(sea).board(terrain, numbers, harbours)


def deal(sea: SeaMap, seed: int) -> SeaDeal:
    """The board and the hidden piles of `sea` for this seed."""
    lay = layout(sea)
    top = lay.topology
    rng = Stream(seed, DEAL)
    terrain = [SEA] * len(top.hexes)
    for code, kind in _FIXED.items():
        for h in lay.ids(code + code.lower()):
            terrain[h] = kind
    for codes, pool in (("R", sea.home_terrain), ("rk", sea.isle_terrain)):
        shuffled = list(pool)
        rng.shuffle(shuffled)
        for h, t in zip(lay.ids(codes), shuffled, strict=True):
            terrain[h] = t
    numbered = list(lay.ids(NUMBERED_CODES + NUMBERED_CODES.lower()))
    numbers = deal_tokens(rng, sea.name, top, numbered, sea.tokens)
    edges = _harbour_edges(rng, top, lay.harbour_edges, len(sea.harbours))
    kinds = list(sea.harbours)
    rng.shuffle(kinds)
    board = rebuild(sea, tuple(terrain), tuple(numbers), tuple(zip(edges, kinds, strict=True)))

    hidden = Stream(seed, HIDDEN)
    tiles, tokens = list(sea.fog_pile), list(sea.fog_tokens)
    hidden.shuffle(tiles)
    hidden.shuffle(tokens)
    fog = list(board.fog_hexes)
    hidden.shuffle(fog)
    chests = list(sea.chests)
    hidden.shuffle(chests)
    chips = list(sea.chips)
    hidden.shuffle(chips)
    canal = list(sea.canal_tokens)
    hidden.shuffle(canal)
    return SeaDeal(
        board=board,
        fog_pile=tuple(zip(tiles, tokens, strict=True)),
        chests=tuple(sorted(zip(fog, chests, strict=False))),
        canal_numbers=tuple(zip(board.canal_hexes, canal, strict=True)),
        chips=tuple(zip(board.chip_hexes, chips, strict=True)),
        village_cloth=tuple((h, sea.village_cloth) for h in board.village_hexes),
        fortress_strength=tuple((h, sea.fortress_strength) for h in board.fortress_hexes),
    )


def _harbour_edges(rng: Stream, top: Topology, coast: tuple[int, ...], count: int) -> list[int]:
    """`count` coastal edges, no two sharing a crossing, spread round the coast.

    The coast (ring after ring) is cut into `count` equal arcs from a seeded
    starting point and each arc gives one edge, tried in a seeded order and
    backtracking if a choice leaves a later arc nothing clear: harbours never
    bunch on one shore, and the search always succeeds when any spread does.
    """
    n = len(coast)
    offset = rng.below(n)
    arcs = []
    for i in range(count):
        arc = [coast[(offset + j) % n] for j in range(i * n // count, (i + 1) * n // count)]
        rng.shuffle(arc)
        arcs.append(arc)
    chosen: list[int] = []

    def extend(used: int) -> bool:
        if len(chosen) == count:
            return True
        for e in arcs[len(chosen)]:
            ends = top.edge_end_mask[e]
            if not ends & used:
                chosen.append(e)
                if extend(used | ends):
                    return True
                chosen.pop()
        return False

    if not extend(0):
        raise ValueError(f"no spread of {count} harbours on this coast")
    return chosen
