"""Sequence: the 10×10 board (app or classic layout), chips by team, locked
sequences, the last chip, the seat's hand and numbered squares to choose from.

A view becomes a `SequenceScene` (exactly what is drawn), and the image and the
text are both made from the scene, so they state the same facts.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from engine.cards import Card, label
from engine.sequence.board import BOARDS, FREE
from engine.sequence.geometry import CELLS, SIZE, WINDOWS, Window
from engine.sequence.moves import Move
from engine.sequence.state import Phase, SequenceState
from renderers import pieces, style
from renderers.cache import PNG_CACHE, PngCache
from renderers.draw import Box, Canvas, Point, encode_png
from renderers.spots import Spots, number_spots
from renderers.style import TEAM_STYLES
from renderers.words import plural, seat_names

WIDTH: Final = 1200
HEIGHT: Final = 900
BOARD_X: Final = 20
BOARD_Y: Final = 20
CELL: Final = 86
GAP: Final = 3
PANEL: Final = (900.0, 20.0, 1180.0, 880.0)
HAND_CARD_W: Final = 80
HAND_CARD_H: Final = 112
HAND_TOP: Final = 500
HAND_COLUMNS: Final = 3
CHIP_RADIUS: Final = CELL * 0.31
MARKER_RADIUS: Final = CELL * 0.24


@dataclass(frozen=True, slots=True)
class SequenceScene:
    """Everything the Sequence image shows, and nothing else (the cache key)."""

    board: str
    chips: tuple[int, ...]
    locked: tuple[bool, ...]
    last_cell: int | None
    teams: tuple[int, ...]
    """Team of each seat."""
    team_count: int
    hand_counts: tuple[int, ...]
    sequences: tuple[int, ...]
    to_win: int
    turn: int | None
    """The seat on the clock; None once the game is over."""
    winner: int | None
    finished: bool
    viewer: int | None
    hand: tuple[Card, ...]
    """The viewer's own hand; empty for a spectator."""
    discard_top: Card | None
    names: tuple[str, ...]
    spots: tuple[tuple[int, int], ...]
    """(number, cell) markers of the private overlay; empty on the public board."""
    selected: Card | None
    """The hand card the overlay is for, when the seat picked one."""


def scene(
    view: SequenceState,
    viewer: int | None,
    *,
    spots: Spots[Move] | None = None,
    selected: Card | None = None,
    names: Sequence[str] | None = None,
) -> SequenceScene:
    """Reduce a view to what is drawn.

    Only `hands[viewer]` is read: even handed an unredacted state by mistake, the
    image shows no other hand and never the draw pile.
    """
    seats = len(view.teams)
    finished = view.phase is Phase.GAME_OVER
    return SequenceScene(
        board=view.options.board,
        chips=tuple(view.chips),
        locked=tuple(view.locked),
        last_cell=view.last_placed_cell,
        teams=tuple(view.teams),
        team_count=view.options.team_count,
        hand_counts=tuple(view.hand_counts),
        sequences=tuple(view.sequences_by_team),
        to_win=view.options.sequences_to_win,
        turn=None if finished else view.turn,
        winner=view.winner,
        finished=finished,
        viewer=viewer,
        hand=tuple(view.hands[viewer]) if viewer is not None else (),
        discard_top=view.discard_pile[-1] if view.discard_pile else None,
        names=seat_names(names, seats),
        spots=spots.numbered() if spots is not None else (),
        selected=selected,
    )


def render_png(
    view: SequenceState,
    viewer: int | None,
    *,
    spots: Spots[Move] | None = None,
    selected: Card | None = None,
    names: Sequence[str] | None = None,
    cache: PngCache | None = PNG_CACHE,
) -> bytes:
    """The board as `viewer` sees it; with `spots`, that seat's private overlay."""
    drawn = scene(view, viewer, spots=spots, selected=selected, names=names)
    return draw(drawn) if cache is None else cache.get_or_draw(drawn, draw)


def render_text(
    view: SequenceState,
    viewer: int | None,
    *,
    spots: Spots[Move] | None = None,
    selected: Card | None = None,
    names: Sequence[str] | None = None,
) -> str:
    return text(scene(view, viewer, spots=spots, selected=selected, names=names))


# ---- geometry (output pixels; tests read the PNG at these points) ------------


def cell_box(cell: int) -> Box:
    row, col = divmod(cell, SIZE)
    x0 = BOARD_X + col * CELL + GAP / 2
    y0 = BOARD_Y + row * CELL + GAP / 2
    return x0, y0, x0 + CELL - GAP, y0 + CELL - GAP


def chip_centre(cell: int) -> Point:
    x0, y0, x1, y1 = cell_box(cell)
    return (x0 + x1) / 2, y0 + (y1 - y0) * 0.62


def marker_centre(cell: int) -> Point:
    """Markers sit where a chip would, so a square reads "number instead of chip"."""
    return chip_centre(cell)


def chip_probe(cell: int) -> Point:
    """A point on the chip's body clear of its marking and rim: its colour is the team's."""
    cx, cy = chip_centre(cell)
    return cx + CHIP_RADIUS * 0.72, cy


def hand_card_box(index: int) -> Box:
    row, col = divmod(index, HAND_COLUMNS)
    x0 = PANEL[0] + 10 + col * (HAND_CARD_W + 12)
    y0 = HAND_TOP + row * (HAND_CARD_H + 10)
    return x0, y0, x0 + HAND_CARD_W, y0 + HAND_CARD_H


HAND_REGION: Final = (PANEL[0], HAND_TOP - 40, PANEL[2], PANEL[3])
"""Where the seat's hand is drawn: the only region that differs between two seats' views."""


# ---- the image ---------------------------------------------------------------


BOARD_FRAME: Final = style.hex_rgb("#2C4A3A")
CORNER_TILE: Final = style.hex_rgb("#3A3A3A")
DIM: Final = (20, 20, 20, 100)


def draw(s: SequenceScene) -> bytes:
    return encode_png(picture(s))


def picture(s: SequenceScene) -> Image.Image:
    """The image before PNG encoding: what tests compare pixel for pixel."""
    canvas = Canvas(WIDTH, HEIGHT, style.BACKGROUND)
    _board(canvas, s)
    _panel(canvas, s)
    return canvas.reduced()


def _board(canvas: Canvas, s: SequenceScene) -> None:
    """Tiles, then the overlay's dimming, then chips, so a chip keeps its team's
    true colour even on a dimmed square."""
    cards = BOARDS[s.board].cards
    canvas.rect(
        (BOARD_X - 8, BOARD_Y - 8, BOARD_X + SIZE * CELL + 8, BOARD_Y + SIZE * CELL + 8),
        fill=BOARD_FRAME,
        radius=10,
    )
    for cell in range(CELLS):
        _tile(canvas, s, cell, cards[cell])
    if s.spots:
        targets = {cell for _, cell in s.spots}
        for cell in range(CELLS):
            if cell not in targets:
                canvas.rect(cell_box(cell), fill=DIM, radius=6)
    for cell in range(CELLS):
        team = s.chips[cell]
        if team >= 0:
            pieces.chip(canvas, chip_centre(cell), CHIP_RADIUS, TEAM_STYLES[team])
            if s.locked[cell]:
                canvas.circle(chip_centre(cell), CHIP_RADIUS + 3, outline=style.INK, width=3)
    _sequence_lines(canvas, s)
    if s.last_cell is not None:
        x0, y0, x1, y1 = cell_box(s.last_cell)
        pieces.highlight_ring(canvas, (x0 - 2, y0 - 2, x1 + 2, y1 + 2), 4)
    for number, cell in s.spots:
        pieces.marker(canvas, marker_centre(cell), MARKER_RADIUS, number)


def _tile(canvas: Canvas, s: SequenceScene, cell: int, card: int) -> None:
    box = cell_box(cell)
    x0, y0, x1, y1 = box
    if card == FREE:
        canvas.rect(box, fill=CORNER_TILE, radius=6)
        canvas.text(((x0 + x1) / 2, y0 + CELL * 0.36), "★", 34, style.HIGHLIGHT)
        canvas.text(((x0 + x1) / 2, y0 + CELL * 0.72), "FREE", 14, style.LIGHT_INK, bold=True)
        return
    team = s.chips[cell]
    locked = team >= 0 and s.locked[cell]
    canvas.rect(
        box, fill=_tint(TEAM_STYLES[team].fill, 0.45) if locked else style.CARD_FACE, radius=6
    )
    canvas.text(
        ((x0 + x1) / 2, y0 + CELL * 0.2), label(card), 20, pieces.suit_colour(card), bold=True
    )
    # The cell id, as text commands and move labels name the square ("play K♥ on 29").
    canvas.text((x1 - 4, y1 - 3), str(cell), 11, style.MUTED, anchor="rb")


def _tint(colour: style.RGB, amount: float) -> style.RGB:
    r, g, b = colour
    return (
        round(255 - (255 - r) * amount),
        round(255 - (255 - g) * amount),
        round(255 - (255 - b) * amount),
    )


def locked_lines(s: SequenceScene) -> list[tuple[int, Window]]:
    """(team, cells) of each line of five whose chips are all one team's and
    locked (corners count for everyone): the completed sequences, drawn as a
    bar through their chips."""
    found = []
    for window in WINDOWS:
        owners = {s.chips[c] for c in window if BOARDS[s.board].cards[c] != FREE}
        if len(owners) != 1 or not all(s.locked[c] for c in window):
            continue
        team = owners.pop()
        if team >= 0:
            found.append((team, window))
    return found


def _sequence_lines(canvas: Canvas, s: SequenceScene) -> None:
    for team, window in locked_lines(s):
        ends = [chip_centre(window[0]), chip_centre(window[-1])]
        canvas.line(ends, style.INK, 9)
        canvas.line(ends, TEAM_STYLES[team].fill, 5)


def _panel(canvas: Canvas, s: SequenceScene) -> None:
    x0, y0, x1, _ = PANEL
    canvas.rect(PANEL, fill=style.PANEL, outline=style.PANEL_EDGE, width=2, radius=12)
    left = x0 + 16
    canvas.text((left, y0 + 20), "Sequence", 28, style.INK, anchor="lt", bold=True)
    board = "app board" if s.board == "app" else "classic board"
    canvas.text((left, y0 + 56), f"{board} · {s.to_win} to win", 16, style.MUTED, anchor="lt")
    y = y0 + 92
    for team in range(s.team_count):
        y = _team_row(canvas, s, team, y)
    canvas.text(
        (left, y + 8), _status(s), 18, style.INK, anchor="lt", bold=True, max_width=x1 - left - 12
    )
    if s.discard_top is not None:
        canvas.text((left, y + 44), "Last card played", 15, style.MUTED, anchor="lt")
        pieces.card_face(canvas, (x1 - 70, y + 36, x1 - 16, y + 112), s.discard_top)
    _hand(canvas, s)


def _team_row(canvas: Canvas, s: SequenceScene, team: int, y: float) -> float:
    x0, _, x1, _ = PANEL
    left = x0 + 16
    on_turn = s.turn is not None and s.teams[s.turn] == team
    won = s.winner == team
    if on_turn or won:
        canvas.rect((x0 + 6, y - 4, x1 - 6, y + 62), fill=style.HIGHLIGHT, radius=8)
    team_style = TEAM_STYLES[team]
    pieces.chip(canvas, (left + 18, y + 22), 18, team_style)
    title = f"{team_style.name}  {s.sequences[team]}/{s.to_win}"
    canvas.text((left + 46, y + 22), title, 20, style.INK, anchor="lm", bold=True)
    seats = [seat for seat in range(len(s.teams)) if s.teams[seat] == team]
    line = " · ".join(
        ("▶ " if seat == s.turn else "") + f"{s.names[seat]} ({s.hand_counts[seat]})"
        for seat in seats
    )
    canvas.text((left, y + 48), line, 15, style.INK, anchor="lm", max_width=x1 - left - 12)
    return y + 72


def _status(s: SequenceScene) -> str:
    if s.finished:
        if s.winner is None:
            return "Blocked table: a draw"
        return f"{TEAM_STYLES[s.winner].name} wins"
    assert s.turn is not None
    return f"{s.names[s.turn]} to play"


def _hand(canvas: Canvas, s: SequenceScene) -> None:
    left = PANEL[0] + 16
    if s.viewer is None:
        canvas.text((left, HAND_TOP - 24), "Spectating: hands hidden", 16, style.MUTED, anchor="lm")
        return
    title = f"Hand of {s.names[s.viewer]}"
    canvas.text((left, HAND_TOP - 24), title, 18, style.INK, anchor="lm", bold=True, max_width=250)
    for i, c in enumerate(s.hand):
        box = hand_card_box(i)
        pieces.card_face(canvas, box, c)
        if s.selected == c:
            bx0, by0, bx1, by1 = box
            pieces.highlight_ring(canvas, (bx0 - 4, by0 - 4, bx1 + 4, by1 + 4), 3)


# ---- the text ----------------------------------------------------------------


def text(s: SequenceScene) -> str:
    """The same facts as the image, compact: header, seats, board grid, hand, choices.

    In the grid a square shows its card while empty, else the team letter
    (`*` locked in a sequence, `!` the last chip placed); `**` is a corner.
    """
    board = "app board" if s.board == "app" else "classic board"
    score = ", ".join(f"{TEAM_STYLES[t].name} {s.sequences[t]}" for t in range(s.team_count))
    lines = [f"Sequence, {board}: {score} (of {s.to_win} to win). {_status(s)}."]
    lines.append(
        "Seats: "
        + "; ".join(
            f"{s.names[seat]} {TEAM_STYLES[team].name} {plural(s.hand_counts[seat], 'card')}"
            for seat, team in enumerate(s.teams)
        )
    )
    if s.last_cell is not None:
        owner = s.chips[s.last_cell]
        who = TEAM_STYLES[owner].name if owner >= 0 else "removed since"
        lines.append(f"Last chip: {s.last_cell} ({who}).")
    if s.discard_top is not None:
        lines.append(f"Last card played: {label(s.discard_top)}.")
    cards = BOARDS[s.board].cards
    lines.append("    " + "".join(f"{col:<4}" for col in range(SIZE)).rstrip())
    for row in range(SIZE):
        cells = [_cell_text(s, row * SIZE + col, cards[row * SIZE + col]) for col in range(SIZE)]
        lines.append(f"{row * SIZE:>2}  " + "".join(f"{c:<4}" for c in cells).rstrip())
    if s.viewer is not None:
        hand = " ".join(label(c) for c in s.hand) or "(empty)"
        lines.append(f"Hand of {s.names[s.viewer]}: {hand}.")
    if s.spots:
        what = f" for {label(s.selected)}" if s.selected is not None else ""
        lines.append(f"Squares to choose{what}: {' '.join(str(n) for n, _ in s.spots)}.")
    return "\n".join(lines)


def _cell_text(s: SequenceScene, cell: int, card: int) -> str:
    if card == FREE:
        return "**"
    team = s.chips[cell]
    if team < 0:
        return label(card)
    flag = "*" if s.locked[cell] else ""
    if cell == s.last_cell:
        flag += "!"
    return TEAM_STYLES[team].letter + flag


def sequence_spots(legal: Sequence[Move], card: Card | None = None) -> Spots[Move]:
    """Squares a chip may go on or come off, numbered by cell id. With `card`,
    only that card's squares: the overlay after a person picked a card.

    Exchanging a dead card targets no square and is left to the menu.
    """

    def cell_of(move: Move) -> int | None:
        if move.cell is None or (card is not None and move.card != card):
            return None
        return move.cell

    return number_spots("cell", legal, cell_of, lambda cell: cell)
