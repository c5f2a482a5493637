"""Katan's island as text: hexes with what they yield and their number, the
robber and pirate, harbours, pieces in seat letters (and colours on a
terminal), and the ids of the places a person may choose now.

Positions come from the engine's own geometry (`engine.katan.geometry`):
the view gives each hex's axial (q, r), and `Topology` names crossings and
edges by the same integer keys and ids the engine uses, so the number drawn
at a corner is the crossing id the move names ("build settlement 12"). A
crossing key (Q, R) sits at (Q, R)/3 in hex units and an edge key at (Q, R)/2,
so everything lands on a grid of whole characters: columns follow 2Q + R,
and each row of hexes takes four lines (top corner, upper slants, upper side
corners, middle), the next row's lines closing this one.

Two widths: hexes 12 characters wide where the map fits 80 columns (the base
island), else 10 (Seafarers' maps, cropped to the land and the sea that holds
something).
"""

from collections.abc import Callable, Collection, Mapping
from functools import cache
from typing import Any, Final

from engine.katan.components import CARD_NAMES
from engine.katan.geometry import Topology
from engine.katan.kinds import CROSSING, EDGE, HEX
from engine.katan.sea.mapfile import CHIP_NAMES
from frontends.terminal.pictures.canvas import (
    DIM_INK,
    RED_INK,
    SEA_INK,
    SPOT_INK,
    Canvas,
    letter,
    seat_ink,
)
from languages import N_, _
from renderers.katan_words import CARD_SAID, CHIP_SAID

COLUMNS: Final = 80
WIDTHS: Final = (12, 10)

YIELDS: Final = {
    "forest": N_("lumber"),
    "hills": N_("brick"),
    "pasture": N_("wool"),
    "fields": N_("grain"),
    "mountains": N_("ore"),
    "desert": N_("desert"),
    "gold": N_("gold"),
    "fog": N_("fog ?"),
    "village": N_("village"),
    "fortress": N_("fort"),
    "canal": N_("canal"),
}
"""What a hex is called on the board: what it yields, as the hand names it."""


def fitted(text: str, room: int) -> str:
    """`text` in `room` characters: a longer word (a translation, `Getreide`
    in a narrow hex) is cut and ends in a full stop, so it reads as cut."""
    return text if len(text) <= room else text[: room - 1] + "."


Place = tuple[int, int]
"""(line, column) on the canvas."""


@cache
def topology(hexes: tuple[tuple[int, int, bool], ...]) -> Topology:
    """The engine's geometry for the hexes the view lists (land or sea)."""
    return Topology({(q, r): land for q, r, land in hexes})


def board_topology(view: Mapping[str, Any]) -> Topology:
    hexes = view["board"]["hexes"]
    return topology(tuple((h["q"], h["r"], h["terrain"] != "sea") for h in hexes))


def _line(twice_r: int) -> int:
    """The text line of a place `twice_r` half-units of crossing R down."""
    row = (twice_r + 4) // 6
    return 4 * row + {-4: 0, -3: 1, -2: 2, 0: 3}[twice_r - 6 * row]


class _Grid:
    """Where a hex, a crossing and an edge sit at one hex width."""

    def __init__(self, top: Topology, width: int) -> None:
        self.top = top
        self.width = width

    def hex_centre(self, q: int, r: int) -> Place:
        return 4 * r + 3, (2 * q + r) * self.width // 2

    def crossing(self, node: int) -> Place:
        q, r = self.top.node_key[node]
        return _line(2 * r), (2 * q + r) * self.width // 6

    def edge(self, edge: int) -> Place:
        q, r = self.top.edge_key[edge]
        return _line(3 * r), (2 * q + r) * self.width // 4

    def stroke(self, edge: int) -> str:
        """The edge's own line: `|`, `/` or `\\`, from where its ends sit."""
        a, b = (self.crossing(n) for n in self.top.edge_ends[edge])
        if a[1] == b[1]:
            return "|"
        return "\\" if (b[1] - a[1]) * (b[0] - a[0]) > 0 else "/"


def draw_board(
    view: Mapping[str, Any],
    spots: Mapping[str, Collection[int]],
    *,
    colour: bool,
) -> list[str]:
    """The island, with `spots` (place kind → ids) numbered where they are."""
    top = board_topology(view)
    for width in WIDTHS:
        grid = _Grid(top, width)
        canvas = _draw(view, spots, grid)
        left, right = canvas.span()
        if right - left < COLUMNS:
            return canvas.lines(colour)
    # Still too wide: 80 columns centred on the land. What is cut off is
    # open sea (a far pirate, a far ship); the text below the board names it.
    land = [grid.crossing(n)[1] for n in range(top.node_count) if top.node_land[n]]
    middle = (min(land) + max(land)) // 2
    return canvas.lines(colour, middle - COLUMNS // 2, middle + COLUMNS // 2 - 1)


def _draw(view: Mapping[str, Any], spots: Mapping[str, Collection[int]], grid: _Grid) -> Canvas:
    top, canvas = grid.top, Canvas()
    hexes = view["board"]["hexes"]
    sea = view.get("sea") or {}
    ships = {s["edge"]: s["seat"] for s in sea.get("ships", [])}
    for e in range(top.edge_count):
        if top.edge_land[e]:
            canvas.centred(*grid.edge(e), grid.stroke(e), DIM_INK)
    for n in range(top.node_count):
        if top.node_land[n]:
            canvas.centred(*grid.crossing(n), "·", DIM_INK)
    for h in hexes:
        _hex(canvas, grid, view, h, h["id"] in spots.get(HEX, ()))
    for road in view.get("roads", []):
        seat = road["seat"]
        canvas.centred(*grid.edge(road["edge"]), letter(seat), "1;" + seat_ink(seat))
    for edge, seat in ships.items():
        canvas.centred(*grid.edge(edge), letter(seat) + "~", "1;" + seat_ink(seat))
    for crossing, (text, seat) in _pieces(view).items():
        canvas.centred(*grid.crossing(crossing), text, "1;" + seat_ink(seat))
    for e in spots.get(EDGE, ()):
        canvas.centred(*grid.edge(e), str(e), SPOT_INK)
    for n in spots.get(CROSSING, ()):
        canvas.centred(*grid.crossing(n), str(n), SPOT_INK)
    _harbours(canvas, grid, view)
    return canvas


def _pieces(view: Mapping[str, Any]) -> dict[int, tuple[str, int]]:
    """What stands on each crossing: `B` a settlement, `BB` a city (`BB#`
    walled, `BB*` a metropolis), `bk1`/`bK1` a knight asleep/active and its
    strength. Roads are the lower-case letter, so the two never read alike."""
    cities = view.get("cities") or {}
    walls = {c for row in cities.get("seats", []) for c in row.get("walls", [])}
    metropolises = {m["crossing"] for m in cities.get("metropolises", [])}
    out: dict[int, tuple[str, int]] = {}
    for b in view.get("buildings", []):
        mark = letter(b["seat"]).upper()
        if b["kind"] != "settlement":
            mark += mark + ("*" if b["crossing"] in metropolises else "")
            mark += "#" if b["crossing"] in walls else ""
        out[b["crossing"]] = (mark, b["seat"])
    for k in cities.get("knights", []):
        mark = letter(k["seat"]) + ("K" if k["active"] else "k") + str(k["level"])
        out[k["crossing"]] = (mark, k["seat"])
    return out


def _hex(
    canvas: Canvas, grid: _Grid, view: Mapping[str, Any], h: Mapping[str, Any], spot: bool
) -> None:
    line, column = grid.hex_centre(h["q"], h["r"])
    terrain = h["terrain"]
    below = _below(view, h)
    if terrain != "sea":
        named = _(YIELDS[terrain]) if terrain in YIELDS else terrain
        canvas.centred(line - 1, column, fitted(named, grid.width - 3))
        number = h.get("number")
        if number is not None:
            canvas.centred(line, column, str(number), RED_INK if number in (6, 8) else "")
    elif below:
        canvas.centred(line, column, "~", SEA_INK)
    if spot:
        mark = below[:1].upper() if below in (_("robber"), _("pirate")) else ""
        canvas.centred(line + 1, column, f"{mark} #{h['id']}".strip(), SPOT_INK)
    elif below:
        ink = "1" if below == _("robber") else ""
        canvas.centred(line + 1, column, fitted(below, grid.width - 3), ink)


def _chip(v: dict[str, Any]) -> str:
    chip = str(v["chip"])
    named = _(CHIP_SAID[CHIP_NAMES.index(chip)]) if chip in CHIP_NAMES else chip
    return _("chip {chip}").format(chip=named)


_SCENARIO: Final[tuple[tuple[str, Callable[[dict[str, Any]], str]], ...]] = (
    ("villages", lambda v: _("{cloth} cloth").format(cloth=v["cloth"])),
    ("fortresses", lambda v: _("str {strength}").format(strength=v["strength"])),
    ("canal", lambda v: _("{dug}/3 dug").format(dug=v["dug"])),
    ("chips", _chip),
)
"""A Seafarers scenario's count on its hex, in the hex's third line."""


def _below(view: Mapping[str, Any], h: Mapping[str, Any]) -> str:
    """The hex's third line: the robber or pirate, else what a scenario keeps there."""
    sea = view.get("sea") or {}
    hex_id = h["id"]
    if view.get("robber") == hex_id:
        return _("robber")
    if sea.get("pirate") == hex_id:
        return _("pirate")
    merchant = (view.get("cities") or {}).get("merchant")
    if merchant and merchant.get("hex") == hex_id:
        return _("merch.{letter}").format(letter=letter(merchant["seat"]))
    for key, words in _SCENARIO:
        found = next((v for v in sea.get(key, []) if v.get("hex") == hex_id), None)
        if found is not None:
            return words(found)
    return ""


def _harbours(canvas: Canvas, grid: _Grid, view: Mapping[str, Any]) -> None:
    """Each harbour in the sea hex off its edge, on the side toward the edge:
    its ratio and (2:1) the resource it takes, each where it leaves a space
    clear of everything else (drawn last, so it never covers a piece or a
    number)."""
    top = grid.top
    for harbour in view["board"].get("harbours", []):
        edge = harbour["edge"]
        land = next(top.hexes[h] for h in top.edge_hexes[edge] if top.hex_land[h])
        key = top.edge_key[edge]
        sea_line, sea_column = grid.hex_centre(key[0] - land[0], key[1] - land[1])
        edge_line, edge_column = grid.edge(edge)
        first = sea_line + (edge_line > sea_line) - (edge_line < sea_line)
        second = sea_line if first != sea_line else sea_line - 1
        words = [f"{harbour['ratio']}:1"]
        kind = str(harbour["kind"])
        if kind != "any":
            words.append(_(CARD_SAID[CARD_NAMES.index(kind)]) if kind in CARD_NAMES else kind)
        for line, text in zip((first, second), words, strict=False):
            start = edge_column - 2 - len(text) if edge_column > sea_column else edge_column + 3
            if canvas.free(line, start - 1, len(text) + 2):
                canvas.put(line, start, text, SEA_INK)
