"""The eleven Seafarers maps by option value, loaded from their files once.

The `map` option, the lobby menus and the docs read `MAP_NAMES` and each
map's title and one-line description from here; the rule set asks for a
map's topology, its deal per seed, and a stored board's rebuild.
"""

from functools import cache
from importlib.resources import files
from typing import Final

from engine.katan.geometry import Topology
from engine.katan.maps import Board
from engine.katan.sea import deal as dealing
from engine.katan.sea.mapfile import SeaMap, load

MAP_NAMES: Final = (
    "heading_for_new_shores",
    "four_islands",
    "through_the_desert",
    "fog_islands",
    "cloth_for_catan",
    "forgotten_tribe",
    "pirate_islands",
    "wonders_of_catan",
    "treasure_islands",
    "oases",
    "great_canal",
)
"""The `map` option's values for three or four seats, in menu order; the first is
the default."""
DEFAULT_MAP: Final = MAP_NAMES[0]
LARGE_MAP_NAMES: Final = ("new_shores_six",)
"""The maps laid out for five or six seats (each file lists its `seats`)."""
LARGE_DEFAULT: Final = LARGE_MAP_NAMES[0]
ALL_MAPS: Final = MAP_NAMES + LARGE_MAP_NAMES


@cache
def sea_map(name: str) -> SeaMap:
    """The map called `name` (KeyError for a name that is not one of them)."""
    if name not in ALL_MAPS:
        raise KeyError(f"no Seafarers map {name!r}; the maps are {', '.join(ALL_MAPS)}")
    loaded = load(files("engine.katan.sea") / "maps" / f"{name}.toml")
    if loaded.name != name:
        raise ValueError(f"{name}.toml names itself {loaded.name!r}")
    return loaded


def menu(seats: int | None = None) -> tuple[tuple[str, str, str], ...]:
    """(option value, title, one-line description) per map a table of `seats`
    can play (None: the maps for three or four), default first."""
    names = MAP_NAMES if seats is None else maps_for(seats)
    return tuple((m.name, m.title, m.description) for m in map(sea_map, names))


def maps_for(seats: int) -> tuple[str, ...]:
    """The maps laid out for a seat count."""
    return tuple(name for name in ALL_MAPS if seats in sea_map(name).seats)


def topology(name: str) -> Topology | None:
    """The topology of a Seafarers map (None: not a Seafarers map)."""
    return dealing.layout(sea_map(name)).topology if name in ALL_MAPS else None


def deal(name: str | None, seed: int) -> dealing.SeaDeal:
    """The board and hidden piles of a map for a seed (None: the default map)."""
    return dealing.deal(sea_map(name or DEFAULT_MAP), seed)


def rebuild(
    name: str,
    terrain: tuple[int, ...],
    numbers: tuple[int, ...],
    harbours: tuple[tuple[int, int], ...],
) -> Board:
    """A stored game's board from its JSON (KeyError: not a Seafarers map)."""
    return dealing.rebuild(sea_map(name), terrain, numbers, harbours)
