"""Reading a Seafarers map file (TOML, one per map) into a checked `SeaMap`.

A map is data a person edits: a small header of pools and counts, and the
board drawn as text, one character per hex, odd rows indented by one space so
the text looks like the board (the parser reads each hex's place from its
column, so any consistent indentation works). The codes:

    ~  sea                          *  sea where the pirate starts (exactly one)
    R  land from the terrain pool   D  desert            G  gold field
    F  fog                          V  cloth village     x  pirate fortress
    C  canal tile                   k  land from the pool carrying a tribe chip

Upper case marks a start hex (SeaStart: setup settlements go on its corners,
and its island is a start island, worth no bonus); lower case is land to
sail to, and a fortress or a chip is only ever that. `R` hexes take the
`home_terrain` pool and `r`/`k` hexes the `isle_terrain` pool. Every land
hex must have all six neighbours drawn, so each coast has sea for ships on
its far side.

Everything a map states is checked here, once, with the file's name in the
reason: the deal can then trust the map.
"""

import tomllib
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.katan.components import (
    GOLD,
    HARBOUR_NAMES,
    RESOURCES,
    TERRAIN_NAMES,
)
from engine.katan.geometry import DIRECTIONS, Coord
from engine.katan.maps import RED_NUMBERS

SEA_CODES: Final = "~*"
PIRATE_CODE: Final = "*"
LAND_CODES: Final = "RDGFVXCK"
NUMBERED_CODES: Final = "RKGV"
"""Land that carries a public number token."""
NEVER_START: Final = "KX"
"""Codes never on a start hex: a chip beside a start, a fortress on a start island."""

CHEST_NAMES: Final = ("goods", "choice", "development", "roads")
"""Treasure chests: a brick, a wool and a grain; a resource of choice; a
development card; two lumber and two brick standing in for two roads."""
CHIP_NAMES: Final = ("point", "harbour", "gold")
"""The Forgotten Tribe's chips: a victory point; 3:1 at the bank; two resources of choice."""
FOG_TERRAINS: Final = (*TERRAIN_NAMES[:RESOURCES], TERRAIN_NAMES[GOLD])
"""What a fog tile may turn out to be: a producing terrain or a gold field."""


class _Header(BaseModel):
    """The file's keys; anything unknown is refused, not ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(pattern=r"^[a-z_]+$")
    title: str = Field(min_length=1)
    description: str = Field(min_length=1, max_length=90)
    """One line for a lobby menu."""
    design: str = Field(min_length=1)
    """Where the layout comes from (docs/seafarers.md prints it)."""
    home_terrain: dict[str, int] = Field(default_factory=dict)
    isle_terrain: dict[str, int] = Field(default_factory=dict)
    tokens: list[int]
    harbours: list[str]
    harbour_coast: Literal["home", "all"]
    """Whose coasts the harbours go on: the start islands', or every island's."""
    fog_pile: dict[str, int] = Field(default_factory=dict)
    fog_tokens: list[int] = Field(default_factory=list)
    chests: list[str] = Field(default_factory=list)
    chips: list[str] = Field(default_factory=list)
    fortress_strength: int = Field(default=0, ge=0)
    village_cloth: int = Field(default=0, ge=0)
    canal_tokens: list[int] = Field(default_factory=list)
    seats: list[int] = Field(default_factory=lambda: [4, 3], min_length=1)
    """The seat counts the map is laid out for, the default first."""
    map: str


@dataclass(frozen=True, eq=False)
class SeaMap:
    """One Seafarers map as its file states it, terrain and kinds as ints
    (compared and hashed by identity: each map is loaded once)."""

    name: str
    title: str
    description: str
    design: str
    codes: dict[Coord, str]
    """The grid code of every drawn hex."""
    home_terrain: tuple[int, ...]
    isle_terrain: tuple[int, ...]
    tokens: tuple[int, ...]
    harbours: tuple[int, ...]
    harbour_coast: str
    fog_pile: tuple[int, ...]
    """Terrains under the fog (resources and gold), as the file lists them."""
    fog_tokens: tuple[int, ...]
    chests: tuple[int, ...]
    chips: tuple[int, ...]
    fortress_strength: int
    village_cloth: int
    canal_tokens: tuple[int, ...]
    seats: tuple[int, ...]

    @property
    def hexes(self) -> dict[Coord, bool]:
        """Land (True) and sea (False), for the topology."""
        return {c: code not in SEA_CODES for c, code in self.codes.items()}

    def count(self, codes: str) -> int:
        """How many drawn hexes carry one of `codes` (case as given)."""
        return sum(1 for code in self.codes.values() if code in codes)


class MapError(ValueError):
    """A map file that cannot be played, with the file and the reason."""


def load(path: Traversable) -> SeaMap:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        header = _Header.model_validate(raw)
    except (tomllib.TOMLDecodeError, ValidationError) as e:
        raise MapError(f"{path.name}: {e}") from e
    try:
        return _checked(header)
    except ValueError as e:
        raise MapError(f"{path.name}: {e}") from e


def parse_grid(text: str) -> dict[Coord, str]:
    """Each hex's code by axial coordinates: row r is the line, and a hex's
    column x on it is 2q + r up to one parity shared by every hex."""
    lines = text.strip("\n").splitlines()
    cells: dict[Coord, str] = {}
    parity: int | None = None
    for r, line in enumerate(lines):
        for x, ch in enumerate(line):
            if ch == " ":
                continue
            if ch.upper() not in LAND_CODES and ch not in SEA_CODES:
                raise ValueError(f"map row {r + 1}: unknown hex code {ch!r}")
            if parity is None:
                parity = (x - r) % 2
            if (x - r) % 2 != parity:
                raise ValueError(f"map row {r + 1}, column {x + 1}: off the hex grid")
            cells[((x - r - parity) // 2, r)] = ch
    return cells


def _pool(counts: dict[str, int], names: tuple[str, ...], what: str) -> tuple[int, ...]:
    out: list[int] = []
    for name, n in counts.items():
        if name not in names:
            raise ValueError(f"{what}: {name!r} is not one of {', '.join(names)}")
        if n < 0:
            raise ValueError(f"{what}: a negative count for {name}")
        out += [TERRAIN_NAMES.index(name)] * n
    return tuple(out)


def _kinds(values: list[str], names: tuple[str, ...], what: str) -> tuple[int, ...]:
    for v in values:
        if v not in names:
            raise ValueError(f"{what}: {v!r} is not one of {', '.join(names)}")
    return tuple(names.index(v) for v in values)


def _numbers(values: list[int], what: str) -> tuple[int, ...]:
    for v in values:
        if not 2 <= v <= 12 or v == 7:
            raise ValueError(f"{what}: {v} is not a number token (2-6, 8-12)")
    return tuple(values)


def _seats(values: list[int]) -> tuple[int, ...]:
    if any(not 3 <= v <= 6 for v in values) or len(set(values)) != len(values):
        raise ValueError(f"seats: {values} are not different counts from 3 to 6")
    return tuple(values)


def _checked(h: _Header) -> SeaMap:
    codes = parse_grid(h.map)
    resources = TERRAIN_NAMES[:RESOURCES]
    sea = SeaMap(
        name=h.name,
        title=h.title,
        description=h.description,
        design=h.design,
        codes=codes,
        home_terrain=_pool(h.home_terrain, resources, "home_terrain"),
        isle_terrain=_pool(h.isle_terrain, resources, "isle_terrain"),
        tokens=_numbers(h.tokens, "tokens"),
        harbours=_kinds(h.harbours, HARBOUR_NAMES, "harbours"),
        harbour_coast=h.harbour_coast,
        fog_pile=_pool(h.fog_pile, FOG_TERRAINS, "fog_pile"),
        fog_tokens=_numbers(h.fog_tokens, "fog_tokens"),
        chests=_kinds(h.chests, CHEST_NAMES, "chests"),
        chips=_kinds(h.chips, CHIP_NAMES, "chips"),
        fortress_strength=h.fortress_strength,
        village_cloth=h.village_cloth,
        canal_tokens=_numbers(h.canal_tokens, "canal_tokens"),
        seats=_seats(h.seats),
    )
    _check_shape(sea)
    _check_counts(sea)
    return sea


def _check_shape(sea: SeaMap) -> None:
    codes = sea.codes
    if sea.count(PIRATE_CODE) != 1:
        raise ValueError("the map needs exactly one '*', the pirate's sea hex")
    for (q, r), code in codes.items():
        if code in SEA_CODES:
            continue
        if code in NEVER_START:
            raise ValueError(f"hex ({q}, {r}): {code!r} cannot be a start hex")
        for dq, dr in DIRECTIONS:
            if (q + dq, r + dr) not in codes:
                raise ValueError(f"land hex ({q}, {r}) is at the edge: draw the sea around it")
    if not any(code.isupper() for code in codes.values() if code not in SEA_CODES):
        raise ValueError("no start hex (upper case)")


def _check_counts(sea: SeaMap) -> None:
    pairs = (
        ("home_terrain", len(sea.home_terrain), sea.count("R"), "'R' hexes"),
        ("isle_terrain", len(sea.isle_terrain), sea.count("rk"), "'r' and 'k' hexes"),
        ("tokens", len(sea.tokens), sea.count("RrKkGgVv"), "numbered hexes"),
        ("fog_pile", len(sea.fog_pile), sea.count("Ff"), "fog hexes"),
        ("fog_tokens", len(sea.fog_tokens), sea.count("Ff"), "fog hexes"),
        ("chips", len(sea.chips), sea.count("k"), "chip hexes"),
        ("canal_tokens", len(sea.canal_tokens), sea.count("Cc"), "canal tiles"),
    )
    for key, have, want, what in pairs:
        if have != want:
            raise ValueError(f"{key}: {have} for {want} {what}")
    if len(sea.chests) > sea.count("Ff"):
        raise ValueError(f"chests: {len(sea.chests)} for {sea.count('Ff')} fog hexes")
    gold = sea.fog_pile.count(GOLD)
    if gold != len(sea.fog_pile) // 5:
        raise ValueError(f"fog_pile: {gold} gold in {len(sea.fog_pile)}; one in every five")
    if any(t in RED_NUMBERS for t in sea.canal_tokens):
        raise ValueError("canal_tokens: no 6 or 8 (a dug tile joins the numbers unchecked)")
    if bool(sea.count("Xx")) != bool(sea.fortress_strength):
        raise ValueError("fortress_strength goes with fortresses, and only with them")
    if bool(sea.count("Vv")) != bool(sea.village_cloth):
        raise ValueError("village_cloth goes with villages, and only with them")
    if not sea.harbours:
        raise ValueError("harbours: a map needs some")
