"""Map specifications and the deal that turns one into a board for a seed.

A map fixes which hexes are land and sea, the terrain and number tokens to
deal onto them, and where the harbours sit; the deal shuffles terrain,
tokens and harbour kinds from the table seed. The standard island is one
map; Seafarers maps are more entries of the same shape (with sea hexes and
fixed terrain where their scenario pins it).
"""

import copy
from dataclasses import dataclass, field
from typing import Final

from engine.katan.components import (
    CANAL,
    DESERT,
    FIELDS,
    FOG,
    FOREST,
    FORTRESS,
    GENERIC_HARBOUR,
    GOLD,
    HILLS,
    LARGE_TABLE,
    MOUNTAINS,
    PASTURE,
    PIPS,
    RESOURCES,
    SEA,
    VILLAGE,
)
from engine.katan.geometry import Coord, Topology
from engine.katan.rng import DEAL, Stream

RED_NUMBERS: Final = (6, 8)


@dataclass(frozen=True)
class MapSpec:
    """What a map fixes before the deal; the deal supplies the rest per seed."""

    name: str
    hexes: dict[Coord, bool]
    terrain_pool: tuple[int, ...]
    """Terrains shuffled onto the land hexes not in `fixed`."""
    token_pool: tuple[int, ...]
    """Numbers dealt onto the producing hexes (land, not desert)."""
    harbour_edges: tuple[Coord, ...]
    """Edge positions (twice the midpoint) of the harbours, a fixed frame."""
    harbour_pool: tuple[int, ...]
    fixed: dict[Coord, int] = field(default_factory=dict)


class Board:
    """A dealt map: topology plus terrain, numbers and harbours. Immutable and
    shared by every state of a game, so copying a state never copies it.

    The keyword arguments are what a Seafarers map adds beyond its terrain
    (`engine.katan.sea`); left out, the board is one island that is all start
    and has no pirate, as the base game's is. Everything else a scenario
    needs (islands, gold, fog, villages, fortresses, canal tiles) is read off
    the topology and the terrain, so a board rebuilt from its JSON and its
    map is the board that was dealt. The board is public: the hidden parts
    of a Seafarers deal live in the state, never here."""

    __slots__ = (
        "canal_hexes",
        "chip_hexes",
        "fog_hexes",
        "fortress_hexes",
        "gold_producers",
        "harbour_access",
        "harbours",
        "island_of",
        "islands",
        "land_hexes",
        "map_name",
        "node_harbour_ratio",
        "numbers",
        "pirate_start",
        "producers",
        "robber_hexes",
        "robber_start",
        "start_islands",
        "start_nodes",
        "terrain",
        "topology",
        "village_hexes",
        "weights",
    )

    def __init__(
        self,
        spec_name: str,
        topology: Topology,
        terrain: tuple[int, ...],
        numbers: tuple[int, ...],
        harbours: tuple[tuple[int, int], ...],
        *,
        start_hexes: tuple[int, ...] | None = None,
        chip_hexes: tuple[int, ...] = (),
        pirate_start: int = -1,
        robber_start: int | None = None,
    ) -> None:
        """`start_hexes`: the land hexes whose corners take setup settlements
        (None: all of them); `robber_start` -1 keeps the robber beside the board
        until the first seven (None: the first desert, as in the base game)."""
        self.map_name = spec_name
        self.topology = topology
        self.terrain = terrain
        self.numbers = numbers
        self.harbours = harbours
        self.land_hexes: tuple[int, ...] = tuple(
            h for h, t in enumerate(terrain) if t != SEA and topology.hex_land[h]
        )
        if robber_start is None:
            deserts = [h for h in self.land_hexes if terrain[h] == DESERT]
            robber_start = deserts[0] if deserts else self.land_hexes[0]
        self.robber_start: int = robber_start
        self.pirate_start: int = pirate_start
        """The sea hex the pirate starts on (-1: a map without a pirate)."""
        self.producers: tuple[tuple[tuple[int, int, int], ...], ...] = _producers(
            self.land_hexes, terrain, numbers, topology
        )
        self.weights: tuple[float, ...] = _weights(self.land_hexes, terrain, numbers)
        """Per resource, how scarce the board makes it (`evaluate.resource_weights`)."""
        self.gold_producers: tuple[tuple[tuple[int, int], ...], ...] = _gold(
            self.land_hexes, terrain, numbers, topology
        )
        """Per number, the gold fields it pays as (hex, corner mask)."""
        self.fog_hexes = self._of_terrain(FOG)
        self.village_hexes = self._of_terrain(VILLAGE)
        self.fortress_hexes = self._of_terrain(FORTRESS)
        self.canal_hexes = self._of_terrain(CANAL)
        self.chip_hexes: tuple[int, ...] = chip_hexes
        self.robber_hexes: tuple[int, ...] = tuple(
            h for h in self.land_hexes if terrain[h] not in (FOG, FORTRESS)
        )
        """Where the robber may go at the start: a fog hex only once found and a
        fortress only once taken (the rule set adds those as they change)."""
        self.islands, self.island_of = _islands(topology, self.land_hexes)
        starts = self.land_hexes if start_hexes is None else start_hexes
        self.start_islands: tuple[int, ...] = tuple(sorted({self.island_of[h] for h in starts}))
        """Islands a seat may start on; first settling any other earns the island bonus."""
        start_nodes = 0
        for h in starts:
            start_nodes |= topology.hex_corner_mask[h]
        for h in self.fog_hexes:
            start_nodes &= ~topology.hex_corner_mask[h]
        self.start_nodes: int = start_nodes
        """Crossings a setup settlement may take (SeaStart): a corner of a start
        hex, never beside fog."""
        access = [0] * (GENERIC_HARBOUR + 1)
        for edge, kind in harbours:
            access[kind] |= topology.edge_end_mask[edge]
        self.harbour_access: tuple[int, ...] = tuple(access)
        """Per harbour kind, the crossings that use it."""
        ratio = []
        for n in range(topology.node_count):
            kinds = [k for k in range(GENERIC_HARBOUR + 1) if access[k] >> n & 1]
            ratio.append(kinds[0] if kinds else -1)
        self.node_harbour_ratio: tuple[int, ...] = tuple(ratio)
        """The harbour kind at each crossing, or -1."""

    def with_numbers(self, numbers: tuple[int, ...]) -> "Board":
        """The same board with its number tokens moved (an Inventor's swap): a new
        board, since every state of a game shares the old one."""
        new = copy.copy(self)
        new.numbers = numbers
        new.producers = _producers(self.land_hexes, self.terrain, numbers, self.topology)
        new.gold_producers = _gold(self.land_hexes, self.terrain, numbers, self.topology)
        new.weights = _weights(self.land_hexes, self.terrain, numbers)
        return new

    def _of_terrain(self, kind: int) -> tuple[int, ...]:
        return tuple(h for h in self.land_hexes if self.terrain[h] == kind)

    def pips(self, hex_id: int) -> int:
        """How many of the 36 rolls pay this hex (0 for desert and sea)."""
        if self.terrain[hex_id] >= RESOURCES:
            return 0
        return PIPS[self.numbers[hex_id]]


def _producers(
    land: tuple[int, ...], terrain: tuple[int, ...], numbers: tuple[int, ...], topology: Topology
) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per number, the (hex, resource, corner mask) of every hex it pays."""
    producers: list[list[tuple[int, int, int]]] = [[] for _ in range(13)]
    for h in land:
        if terrain[h] < RESOURCES and numbers[h]:
            producers[numbers[h]].append((h, terrain[h], topology.hex_corner_mask[h]))
    return tuple(tuple(p) for p in producers)


def _weights(
    land: tuple[int, ...], terrain: tuple[int, ...], numbers: tuple[int, ...]
) -> tuple[float, ...]:
    """Scarce resources are worth more: each weight grows as the board's total
    pips for that resource shrink (square root, so it tilts, not dominates).
    Kept on the board, which never changes, since the AIs ask at nearly every
    decision."""
    totals = [0.0] * RESOURCES
    for h in land:
        t = terrain[h]
        if t < RESOURCES:
            totals[t] += PIPS[numbers[h]]
    mean = sum(totals) / RESOURCES
    return tuple((mean / max(total, 1.0)) ** 0.5 for total in totals)


def _gold(
    land: tuple[int, ...], terrain: tuple[int, ...], numbers: tuple[int, ...], topology: Topology
) -> tuple[tuple[tuple[int, int], ...], ...]:
    gold: list[list[tuple[int, int]]] = [[] for _ in range(13)]
    for h in land:
        if terrain[h] == GOLD and numbers[h]:
            gold[numbers[h]].append((h, topology.hex_corner_mask[h]))
    return tuple(tuple(g) for g in gold)


def _islands(
    topology: Topology, land: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The land hexes grouped into islands (joined by a shared side), numbered
    in the order of their first hex, and each hex's island (-1 at sea)."""
    island_of = [-1] * len(topology.hexes)
    islands: list[tuple[int, ...]] = []
    is_land = set(land)
    for start in land:
        if island_of[start] >= 0:
            continue
        island_of[start] = len(islands)
        members, todo = [start], [start]
        while todo:
            for n in topology.hex_neighbours[todo.pop()]:
                if n in is_land and island_of[n] < 0:
                    island_of[n] = len(islands)
                    members.append(n)
                    todo.append(n)
        islands.append(tuple(sorted(members)))
    return tuple(islands), tuple(island_of)


def deal(spec: MapSpec, seed: int) -> Board:
    """Shuffle terrain, tokens and harbour kinds onto the map for this seed.

    The red numbers are placed first, on a set of pairwise non-adjacent
    producing hexes: the first such set in a seeded shuffle, found by
    backtracking, so separation is guaranteed whenever the map allows it
    (and a map that cannot separate them is refused outright).
    """
    topology = topology_of(spec)
    rng = Stream(seed, DEAL)
    terrain = [SEA] * len(topology.hexes)
    open_land = []
    for h, coord in enumerate(topology.hexes):
        if coord in spec.fixed:
            terrain[h] = spec.fixed[coord]
        elif topology.hex_land[h]:
            open_land.append(h)
    pool = list(spec.terrain_pool)
    if len(pool) != len(open_land):
        raise ValueError(f"map {spec.name}: {len(pool)} terrains for {len(open_land)} hexes")
    rng.shuffle(pool)
    for h, t in zip(open_land, pool, strict=True):
        terrain[h] = t

    producing = [h for h, t in enumerate(terrain) if t < RESOURCES]
    numbers = deal_tokens(rng, spec.name, topology, producing, spec.token_pool)

    kinds = list(spec.harbour_pool)
    rng.shuffle(kinds)
    edge_id = {k: e for e, k in enumerate(topology.edge_key)}
    harbours = tuple((edge_id[k], kind) for k, kind in zip(spec.harbour_edges, kinds, strict=True))
    return Board(spec.name, topology, tuple(terrain), tuple(numbers), harbours)


def deal_tokens(
    rng: Stream, name: str, topology: Topology, producing: list[int], pool: tuple[int, ...]
) -> list[int]:
    """The number per hex (0 where none) with `pool` dealt onto `producing`,
    no two red numbers on neighbouring hexes."""
    tokens = list(pool)
    if len(tokens) != len(producing):
        raise ValueError(f"map {name}: {len(tokens)} tokens for {len(producing)} hexes")
    red = [t for t in tokens if t in RED_NUMBERS]
    rest = [t for t in tokens if t not in RED_NUMBERS]
    order = list(producing)
    rng.shuffle(order)
    spots = _independent(order, len(red), topology.hex_neighbours)
    if spots is None:
        raise ValueError(f"map {name}: the red numbers cannot be kept apart")
    rng.shuffle(red)
    rng.shuffle(rest)
    numbers = [0] * len(topology.hexes)
    for h, t in zip(spots, red, strict=True):
        numbers[h] = t
    for h, t in zip([h for h in producing if h not in spots], rest, strict=True):
        numbers[h] = t
    return numbers


def _independent(
    order: list[int], count: int, neighbours: tuple[tuple[int, ...], ...]
) -> list[int] | None:
    """The first `count` pairwise non-adjacent hexes in `order` (backtracking)."""
    chosen: list[int] = []

    def extend(start: int) -> bool:
        if len(chosen) == count:
            return True
        for i in range(start, len(order)):
            h = order[i]
            if all(h not in neighbours[c] for c in chosen):
                chosen.append(h)
                if extend(i + 1):
                    return True
                chosen.pop()
        return False

    return chosen if extend(0) else None


_TOPOLOGIES: dict[str, Topology] = {}


def topology_of(spec: MapSpec) -> Topology:
    """The map's topology, built once per process (it never changes)."""
    topology = _TOPOLOGIES.get(spec.name)
    if topology is None:
        topology = _TOPOLOGIES[spec.name] = Topology(spec.hexes)
    return topology


def _standard() -> MapSpec:
    hexes = {(q, r): True for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2}
    topology = Topology(hexes)
    ring = topology.coast_rings[0]
    # Nine harbours around the 30 coastal edges, gaps of 3, 3, 4 repeated: no two
    # share a crossing and each third of the coast holds three.
    positions = (0, 3, 6, 10, 13, 16, 20, 23, 26)
    return MapSpec(
        name="standard",
        hexes=hexes,
        terrain_pool=(FOREST,) * 4
        + (PASTURE,) * 4
        + (FIELDS,) * 4
        + (HILLS,) * 3
        + (MOUNTAINS,) * 3
        + (DESERT,),
        token_pool=(2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12),
        harbour_edges=tuple(topology.edge_key[ring[p]] for p in positions),
        harbour_pool=tuple(range(RESOURCES)) + (GENERIC_HARBOUR,) * 4,
    )


def _large() -> MapSpec:
    """The five-to-six player extension's island: rows of 3, 4, 5, 6, 5, 4 and 3
    hexes (30), with the extension's terrain, its 28 number tokens and two more
    harbours than the base game (one wool 2:1, one 3:1)."""
    rows = {-3: (0, 2), -2: (-1, 2), -1: (-2, 2), 0: (-3, 2), 1: (-3, 1), 2: (-3, 0), 3: (-3, -1)}
    hexes = {(q, r): True for r, (first, last) in rows.items() for q in range(first, last + 1)}
    topology = Topology(hexes)
    ring = topology.coast_rings[0]
    # Eleven harbours around the 38 coastal edges, gaps of 3 and 4 in turn: no two
    # share a crossing.
    positions = (0, 3, 7, 10, 14, 17, 21, 24, 28, 31, 35)
    return MapSpec(
        name="large",
        hexes=hexes,
        terrain_pool=(FOREST,) * 6
        + (PASTURE,) * 6
        + (FIELDS,) * 6
        + (HILLS,) * 5
        + (MOUNTAINS,) * 5
        + (DESERT,) * 2,
        token_pool=(2, 2, *(n for n in (3, 4, 5, 6, 8, 9, 10, 11) for _ in range(3)), 12, 12),
        harbour_edges=tuple(topology.edge_key[ring[p]] for p in positions),
        harbour_pool=(*range(RESOURCES), PASTURE, *(GENERIC_HARBOUR,) * 5),
    )


STANDARD: Final = _standard()
LARGE: Final = _large()
"""The island of a table of five or six seats (`components.LARGE_TABLE`)."""
MAPS: Final = {STANDARD.name: STANDARD, LARGE.name: LARGE}


def island_for(seats: int) -> MapSpec:
    """The base island for a table's seat count."""
    return LARGE if seats >= LARGE_TABLE else STANDARD
