"""Katan: the island on any map of the shared geometry, the pieces, the robber,
the bank, each seat's public summary and the viewer's own hand; with Cities &
Knights also the barbarians and the event die, knights, walls, metropolises,
the merchant, improvements, commodities and progress cards; with Seafarers
the sea and its ships, the pirate, the fog face down, villages, chips,
fortresses, wonders and the canal.

`render_png` and `render_text` are the entry points; the modules hold one
idea each: `model` (the scene: what is drawn, the cache key), `geometry`
(where, in output pixels), `palette`, `island` (terrain and harbours),
`figures` (the pieces), `ships` (ships and the pirate), `scenario` (the
scenario's counts on their hexes), `barbarians`, `panel`, `hand`, `image`
(the layers in order), `transcript` (the text), `phrases` (words both share)
and `places` (which place a move points at).
"""

from collections.abc import Sequence
from typing import Final

from engine.katan.moves import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_SHIP,
    DIG_CANAL,
    MOVE_PIRATE,
    MOVE_ROBBER,
    MOVE_SHIP,
    RAID_FORTRESS,
    Move,
)
from engine.katan.view import KatanView
from renderers.cache import PNG_CACHE, PngCache
from renderers.katan.closeup import Closeup, Label, closeup
from renderers.katan.geometry import (
    CITIES_ISLAND,
    HEIGHT,
    ISLAND,
    PANEL,
    SHIP_WIDTH,
    STRIP,
    WIDTH,
    Layout,
    badge_centre,
    bank_box,
    barbarian_cell,
    building_probe,
    canal_pip,
    chip_box,
    edge_middle,
    event_die_box,
    fresh_probe,
    halo_probe,
    hand_card_box,
    knight_probe,
    layout,
    marker_centre,
    merchant_probe,
    on_ship,
    picked_box,
    pirate_probe,
    progress_box,
    road_probes,
    robber_centre,
    seat_box,
    ship_probe,
    stock_box,
    strength_centre,
    token_centre,
    tower_probe,
    wall_probe,
    wonder_pip,
)
from renderers.katan.image import draw, picture, scene_layout
from renderers.katan.model import CitiesScene, KatanScene, SeaScene, SeatSummary, scene
from renderers.katan.palette import (
    CHIP_FILL,
    CLOTH_FILL,
    DUG_FILL,
    GOOD_FILL,
    RED_NUMBER,
    ROBBER_FILL,
    SEAT_STYLES,
    STONE,
    TERRAIN_FILL,
    TERRAIN_INK,
    TERRAIN_WORDS,
    TRACK_FILL,
    WONDER_FILL,
)
from renderers.katan.panel import track_pip
from renderers.katan.places import kind_spots, source_spots
from renderers.katan.transcript import text
from renderers.spots import Spots

__all__ = [
    "CHIP_FILL",
    "CITIES_ISLAND",
    "CLOTH_FILL",
    "DUG_FILL",
    "GOOD_FILL",
    "HEIGHT",
    "ISLAND",
    "PANEL",
    "RED_NUMBER",
    "ROBBER_FILL",
    "SEAT_STYLES",
    "SHIP_WIDTH",
    "STONE",
    "STRIP",
    "TERRAIN_FILL",
    "TERRAIN_INK",
    "TERRAIN_WORDS",
    "TRACK_FILL",
    "WIDTH",
    "WONDER_FILL",
    "CitiesScene",
    "Closeup",
    "KatanScene",
    "Label",
    "Layout",
    "SeaScene",
    "SeatSummary",
    "badge_centre",
    "bank_box",
    "barbarian_cell",
    "building_probe",
    "canal_pip",
    "chip_box",
    "closeup",
    "draw",
    "edge_middle",
    "event_die_box",
    "fresh_probe",
    "halo_probe",
    "hand_card_box",
    "katan_spots",
    "knight_probe",
    "layout",
    "marker_centre",
    "merchant_probe",
    "on_ship",
    "picked_box",
    "picture",
    "pirate_probe",
    "progress_box",
    "render_png",
    "render_text",
    "road_probes",
    "robber_centre",
    "scene",
    "scene_layout",
    "seat_box",
    "ship_probe",
    "stock_box",
    "strength_centre",
    "text",
    "token_centre",
    "tower_probe",
    "track_pip",
    "wall_probe",
    "wonder_pip",
]


def render_png(
    view: KatanView,
    *,
    spots: Spots[Move] | None = None,
    names: Sequence[str] | None = None,
    cache: PngCache | None = PNG_CACHE,
) -> bytes:
    """The island as `view.seat` sees it; with `spots`, that seat's overlay."""
    drawn = scene(view, spots=spots, names=names)
    return draw(drawn) if cache is None else cache.get_or_draw(drawn, draw)


def render_text(
    view: KatanView,
    *,
    spots: Spots[Move] | None = None,
    names: Sequence[str] | None = None,
) -> str:
    return text(scene(view, spots=spots, names=names))


ACTIONS: Final = {
    "road": BUILD_ROAD,
    "settlement": BUILD_SETTLEMENT,
    "city": BUILD_CITY,
    "robber": MOVE_ROBBER,
    "ship": BUILD_SHIP,
    "sail": MOVE_SHIP,
    "pirate": MOVE_PIRATE,
    "raid": RAID_FORTRESS,
    "dig": DIG_CANAL,
}
"""The choices made by pointing at the island: the base game's, then Seafarers'."""


def katan_spots(legal: Sequence[Move], action: str, origin: int | None = None) -> Spots[Move]:
    """The places `action` may go now, numbered by edge, crossing or hex id, as
    the move labels name them ("build road 12"). A robber's or pirate's hex
    carries one move per seat it could rob. "sail" takes two steps: without
    `origin` its spots are the ships that may sail (their edges), with it
    the edges that ship may sail to."""
    code = ACTIONS[action]
    if code == MOVE_SHIP and origin is None:
        return source_spots(legal, code)
    return kind_spots(legal, code, origin)
