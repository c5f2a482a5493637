"""Euchre: the table from one seat's view.

The viewer sits at the bottom with its hand face up; the other three seats show
only card backs, as many as they hold. Around them: the current trick (or the
trick just won), the up card or the turned-down card, trump, maker and lone
hand, tricks and score. A spectator sees seat 0 at the bottom and no faces.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from engine.cards import Card, Suit, label
from engine.euchre.moves import Discard, EuchreMove, PlayCard
from engine.euchre.state import EuchreState, Phase
from renderers import pieces, style
from renderers.cache import PNG_CACHE, PngCache
from renderers.draw import Box, Canvas, Point, encode_png
from renderers.spots import Spots, number_spots
from renderers.style import TEAM_STYLES
from renderers.words import plural, seat_names

WIDTH: Final = 1200
HEIGHT: Final = 900
TABLE: Final = (20.0, 20.0, 880.0, 880.0)
PANEL: Final = (900.0, 20.0, 1180.0, 880.0)
CENTRE: Final = (450.0, 430.0)
HAND_W: Final = 104
HAND_H: Final = 146
HAND_STEP: Final = 114
HAND_Y: Final = 716
TRICK_W: Final = 90
TRICK_H: Final = 126
BACK_LONG: Final = 78
BACK_SHORT: Final = 56
BACK_STEP: Final = 30
MARKER_RADIUS: Final = 20

SOUTH, WEST, NORTH, EAST = range(4)
"""Positions around the table as the viewer sees it; seat + 1 sits to the left."""

PHASE_TEXT: Final = {
    Phase.BID_ROUND_1: "Bidding, round 1",
    Phase.BID_ROUND_2: "Bidding, round 2",
    Phase.DEALER_DISCARD: "Dealer discards",
    Phase.PLAYING: "Playing",
    Phase.HAND_OVER: "Hand over",
    Phase.GAME_OVER: "Game over",
    Phase.FARMERS_HAND: "Farmer's hand offered",
    Phase.FARMER_DISCARD: "Farmer returns cards",
    Phase.DEFEND_ALONE: "Deciding whether to defend alone",
}


@dataclass(frozen=True, slots=True)
class EuchreScene:
    """Everything the Euchre image shows, and nothing else (the cache key)."""

    viewer: int | None
    bottom: int
    """The seat drawn at the bottom: the viewer, or seat 0 for a spectator."""
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    """The viewer's own cards; empty for a spectator."""
    hand_counts: tuple[int, ...]
    phase: Phase
    hand_number: int
    dealer: int
    turn: int | None
    up_card: Card | None
    turned_down: Card | None
    trump: Suit | None
    maker: int | None
    alone: int | None
    lone_defender: int | None
    sitting_out: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    completed: tuple[tuple[int, Card], ...]
    """The trick just won, shown while no card of the next one is down."""
    last_winner: int | None
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    points_to_win: int
    spots: tuple[tuple[int, int], ...]
    """(number, card) markers on the viewer's playable or discardable cards."""


def scene(
    view: EuchreState,
    viewer: int | None,
    *,
    spots: Spots[EuchreMove] | None = None,
    names: Sequence[str] | None = None,
) -> EuchreScene:
    """Reduce a view to what is drawn; only `hands[viewer]` is ever read."""
    waiting = view.phase not in (Phase.HAND_OVER, Phase.GAME_OVER)
    return EuchreScene(
        viewer=viewer,
        bottom=0 if viewer is None else viewer,
        names=seat_names(names, 4),
        hand=tuple(view.hands[viewer]) if viewer is not None else (),
        hand_counts=tuple(view.hand_counts),
        phase=view.phase,
        hand_number=view.hand_number,
        dealer=view.dealer,
        turn=view.turn if waiting else None,
        up_card=view.up_card,
        turned_down=view.turned_down,
        trump=view.trump,
        maker=view.maker,
        alone=view.alone_seat,
        lone_defender=view.lone_defender,
        sitting_out=view.sitting_out(),
        trick=tuple((p.seat, p.card) for p in view.trick),
        completed=tuple((p.seat, p.card) for p in view.completed_trick) if not view.trick else (),
        last_winner=view.last_trick_winner,
        tricks_won=tuple(view.tricks_won),
        scores=tuple(view.scores),
        points_to_win=view.options.points_to_win,
        spots=spots.numbered() if spots is not None else (),
    )


def render_png(
    view: EuchreState,
    viewer: int | None,
    *,
    spots: Spots[EuchreMove] | None = None,
    names: Sequence[str] | None = None,
    cache: PngCache | None = PNG_CACHE,
) -> bytes:
    drawn = scene(view, viewer, spots=spots, names=names)
    return draw(drawn) if cache is None else cache.get_or_draw(drawn, draw)


def render_text(
    view: EuchreState,
    viewer: int | None,
    *,
    spots: Spots[EuchreMove] | None = None,
    names: Sequence[str] | None = None,
) -> str:
    return text(scene(view, viewer, spots=spots, names=names))


# ---- geometry (output pixels; tests read the PNG at these points) ------------


def position(s: EuchreScene, seat: int) -> int:
    return (seat - s.bottom) % 4


def hand_card_box(index: int, count: int) -> Box:
    x0 = CENTRE[0] - (count - 1) * HAND_STEP / 2 - HAND_W / 2 + index * HAND_STEP
    return x0, HAND_Y, x0 + HAND_W, HAND_Y + HAND_H


def marker_centre(index: int, count: int) -> Point:
    _, y0, x1, _ = hand_card_box(index, count)
    return x1 - MARKER_RADIUS - 6, y0 + MARKER_RADIUS + 6


def backs_region(pos: int) -> Box:
    """Where a hidden hand's backs are drawn (no seat's cards ever show here)."""
    if pos == NORTH:
        return CENTRE[0] - 120, 36, CENTRE[0] + 120, 36 + BACK_LONG
    x0 = 40.0 if pos == WEST else TABLE[2] - 20 - BACK_LONG
    return x0, 310, x0 + BACK_LONG, 310 + BACK_SHORT + 5 * BACK_STEP


def back_box(pos: int, index: int, count: int) -> Box:
    if pos == NORTH:
        x0 = CENTRE[0] - ((count - 1) * BACK_STEP + BACK_SHORT) / 2 + index * BACK_STEP
        return x0, 36, x0 + BACK_SHORT, 36 + BACK_LONG
    rx0, ry0, rx1, _ = backs_region(pos)
    span = (count - 1) * BACK_STEP + BACK_SHORT
    y0 = ry0 + (BACK_SHORT + 5 * BACK_STEP - span) / 2 + index * BACK_STEP
    return rx0, y0, rx1, y0 + BACK_SHORT


def plate_box(pos: int) -> Box:
    w, h = 230.0, 54.0
    cx, cy = {
        SOUTH: (CENTRE[0], 680.0),
        NORTH: (CENTRE[0], 150.0),
        WEST: (40 + w / 2, 260.0),
        EAST: (TABLE[2] - 20 - w / 2, 260.0),
    }[pos]
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def trick_box(pos: int) -> Box:
    cx, cy = CENTRE
    dx, dy = {SOUTH: (0, 118), NORTH: (0, -118), WEST: (-120, 0), EAST: (120, 0)}[pos]
    x, y = cx + dx, cy + dy
    return x - TRICK_W / 2, y - TRICK_H / 2, x + TRICK_W / 2, y + TRICK_H / 2


UP_CARD_BOX: Final = (
    CENTRE[0] - TRICK_W / 2,
    CENTRE[1] - TRICK_H / 2,
    CENTRE[0] + TRICK_W / 2,
    CENTRE[1] + TRICK_H / 2,
)


# ---- the image ---------------------------------------------------------------


TABLE_FELT: Final = style.hex_rgb("#2E6B4A")
DIM: Final = (30, 30, 30, 110)


def draw(s: EuchreScene) -> bytes:
    return encode_png(picture(s))


def picture(s: EuchreScene) -> Image.Image:
    """The image before PNG encoding: what tests compare pixel for pixel."""
    canvas = Canvas(WIDTH, HEIGHT, style.BACKGROUND)
    canvas.rect(TABLE, fill=TABLE_FELT, outline=style.hex_rgb("#173626"), width=6, radius=40)
    for seat in range(4):
        _seat(canvas, s, seat)
    _centre(canvas, s)
    _hand(canvas, s)
    _panel(canvas, s)
    return canvas.reduced()


def _seat(canvas: Canvas, s: EuchreScene, seat: int) -> None:
    pos = position(s, seat)
    box = plate_box(pos)
    x0, y0, x1, y1 = box
    on_turn = s.turn == seat
    canvas.rect(
        box,
        fill=style.HIGHLIGHT if on_turn else style.PANEL,
        outline=style.INK,
        width=2 if on_turn else 1,
        radius=10,
    )
    team = TEAM_STYLES[seat % 2]
    pieces.chip(canvas, (x0 + 22, (y0 + y1) / 2), 13, team)
    name = s.names[seat]
    canvas.text(
        (x0 + 42, y0 + 17), name, 18, style.INK, anchor="lm", bold=True, max_width=x1 - x0 - 50
    )
    canvas.text((x0 + 42, y0 + 39), _seat_tags(s, seat), 13, style.INK, anchor="lm")
    if pos == SOUTH:
        return
    count = 0 if seat in s.sitting_out else s.hand_counts[seat]
    for i in range(count):
        pieces.card_back(canvas, back_box(pos, i, count))


def _seat_tags(s: EuchreScene, seat: int) -> str:
    tags = []
    if seat == s.dealer:
        tags.append("dealer")
    if seat == s.maker:
        tags.append("maker, alone" if seat == s.alone else "maker")
    if seat == s.lone_defender:
        tags.append("defends alone")
    if seat in s.sitting_out:
        tags.append("sits out")
    tags.append(plural(s.tricks_won[seat], "trick"))
    return " · ".join(tags)


def _centre(canvas: Canvas, s: EuchreScene) -> None:
    if s.trick:
        for order, (seat, c) in enumerate(s.trick):
            box = trick_box(position(s, seat))
            pieces.card_face(canvas, box, c)
            if order == 0:
                _caption(canvas, box, "led")
        return
    if s.completed:
        for seat, c in s.completed:
            box = trick_box(position(s, seat))
            pieces.card_face(canvas, box, c)
            if seat == s.last_winner:
                x0, y0, x1, y1 = box
                pieces.highlight_ring(canvas, (x0 - 5, y0 - 5, x1 + 5, y1 + 5), 4)
        if s.last_winner is not None:
            canvas.text(CENTRE, f"{s.names[s.last_winner]} took it", 17, style.LIGHT_INK, bold=True)
        return
    if s.up_card is not None:
        pieces.card_face(canvas, UP_CARD_BOX, s.up_card)
        _caption(canvas, UP_CARD_BOX, "up card")
    elif s.turned_down is not None and s.phase is Phase.BID_ROUND_2:
        pieces.card_face(canvas, UP_CARD_BOX, s.turned_down)
        canvas.rect(UP_CARD_BOX, fill=DIM, radius=8)
        x0, y0, x1, y1 = UP_CARD_BOX
        canvas.line([(x0 + 8, y1 - 8), (x1 - 8, y0 + 8)], style.INK, 6)
        _caption(canvas, UP_CARD_BOX, "turned down")


def _caption(canvas: Canvas, box: Box, words: str) -> None:
    x0, _, x1, y1 = box
    canvas.text(((x0 + x1) / 2, y1 + 14), words, 15, style.LIGHT_INK, bold=True)


def _hand(canvas: Canvas, s: EuchreScene) -> None:
    if s.viewer is None:
        count = 0 if s.bottom in s.sitting_out else s.hand_counts[s.bottom]
        for i in range(count):
            pieces.card_back(canvas, hand_card_box(i, count))
        return
    numbers = {c: n for n, c in s.spots}
    for i, c in enumerate(s.hand):
        box = hand_card_box(i, len(s.hand))
        pieces.card_face(canvas, box, c)
        if s.spots and c not in numbers:
            canvas.rect(box, fill=DIM, radius=9)
        if c in numbers:
            pieces.marker(canvas, marker_centre(i, len(s.hand)), MARKER_RADIUS, numbers[c])


def _panel(canvas: Canvas, s: EuchreScene) -> None:
    x0, y0, x1, _ = PANEL
    left = x0 + 16
    canvas.rect(PANEL, fill=style.PANEL, outline=style.PANEL_EDGE, width=2, radius=12)
    canvas.text((left, y0 + 20), "Euchre", 28, style.INK, anchor="lt", bold=True)
    canvas.text(
        (left, y0 + 56),
        f"hand {s.hand_number + 1} · {s.points_to_win} points to win",
        16,
        style.MUTED,
        anchor="lt",
    )
    y = y0 + 96
    for team in (0, 1):
        team_style = TEAM_STYLES[team]
        pieces.chip(canvas, (left + 16, y + 16), 16, team_style)
        canvas.text((left + 42, y + 16), team_style.name, 20, style.INK, anchor="lm", bold=True)
        canvas.text((x1 - 16, y + 16), str(s.scores[team]), 30, style.INK, anchor="rm", bold=True)
        members = (
            f"{s.names[team]} & {s.names[team + 2]} · {plural(_team_tricks(s, team), 'trick')}"
        )
        canvas.text((left, y + 46), members, 15, style.INK, anchor="lm", max_width=x1 - left - 12)
        y += 76
    y += 10
    canvas.text((left, y), "Trump", 18, style.MUTED, anchor="lm")
    if s.trump is None:
        canvas.text((x1 - 16, y), "not named", 18, style.INK, anchor="rm", bold=True)
    else:
        ink = style.RED_SUIT if s.trump.is_red else style.BLACK_SUIT
        canvas.rect(
            (x1 - 76, y - 30, x1 - 16, y + 30),
            fill=style.CARD_FACE,
            outline=style.CARD_EDGE,
            radius=8,
        )
        canvas.text((x1 - 46, y), s.trump.symbol, 44, ink)
    y += 50
    for line in _facts(s):
        canvas.text((left, y), line, 17, style.INK, anchor="lm", max_width=x1 - left - 12)
        y += 28
    status = _status(s)
    canvas.rect((x0 + 6, y - 4, x1 - 6, y + 40), fill=style.HIGHLIGHT, radius=8)
    canvas.text(
        (left, y + 18), status, 18, style.INK, anchor="lm", bold=True, max_width=x1 - left - 12
    )


def _team_tricks(s: EuchreScene, team: int) -> int:
    return s.tricks_won[team] + s.tricks_won[team + 2]


def _facts(s: EuchreScene) -> list[str]:
    phase = PHASE_TEXT[s.phase]
    if s.phase is Phase.PLAYING:
        phase = f"Playing trick {min(5, sum(s.tricks_won) + 1)} of 5"
    lines = [phase, f"Dealer: {s.names[s.dealer]}"]
    if s.maker is not None:
        alone = ", alone" if s.alone is not None else ""
        lines.append(f"Maker: {s.names[s.maker]}{alone}")
    if s.lone_defender is not None:
        lines.append(f"Defends alone: {s.names[s.lone_defender]}")
    if s.up_card is not None:
        lines.append(f"Up card: {label(s.up_card)}")
    if s.turned_down is not None:
        lines.append(f"Turned down: {label(s.turned_down)}")
    return lines


def _status(s: EuchreScene) -> str:
    if s.phase is Phase.GAME_OVER:
        winner = 0 if s.scores[0] >= s.scores[1] else 1
        return f"{TEAM_STYLES[winner].name} wins"
    if s.turn is None:
        return "Next deal coming"
    verb = "to play" if s.phase is Phase.PLAYING else "to choose"
    if s.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
        verb = "to bid"
    elif s.phase in (Phase.DEALER_DISCARD, Phase.FARMER_DISCARD):
        verb = "to discard"
    return f"{s.names[s.turn]} {verb}"


# ---- the text ----------------------------------------------------------------


def text(s: EuchreScene) -> str:
    """The same facts as the image, compact."""
    score = ", ".join(
        f"{TEAM_STYLES[t].name} ({s.names[t]} & {s.names[t + 2]}) {s.scores[t]}" for t in (0, 1)
    )
    lines = [f"Euchre, hand {s.hand_number + 1}: {score} (to {s.points_to_win})."]
    trump = s.trump.symbol if s.trump is not None else "not named"
    lines.append(f"{'; '.join(_facts(s))}; trump {trump}. {_status(s)}.")
    lines.append(
        "Seats: "
        + "; ".join(
            f"{s.names[seat]} {TEAM_STYLES[seat % 2].name} "
            f"{plural(0 if seat in s.sitting_out else s.hand_counts[seat], 'card')} "
            f"{plural(s.tricks_won[seat], 'trick')}"
            + (" (sits out)" if seat in s.sitting_out else "")
            for seat in range(4)
        )
    )
    if s.trick:
        played = ", ".join(f"{s.names[seat]} {label(c)}" for seat, c in s.trick)
        lines.append(f"Trick: {played}.")
    elif s.completed and s.last_winner is not None:
        played = ", ".join(f"{s.names[seat]} {label(c)}" for seat, c in s.completed)
        lines.append(f"Last trick, taken by {s.names[s.last_winner]}: {played}.")
    if s.viewer is not None:
        hand = " ".join(label(c) for c in s.hand) or "(empty)"
        lines.append(f"Hand of {s.names[s.viewer]}: {hand}.")
    if s.spots:
        lines.append("Choices: " + " ".join(f"{n}={label(c)}" for n, c in s.spots) + ".")
    return "\n".join(lines)


def euchre_spots(legal: Sequence[EuchreMove], hand: Sequence[Card]) -> Spots[EuchreMove]:
    """Cards in `hand` the seat may play or discard now, numbered by position in
    the hand (1 at the left, as drawn). Bids are menu choices, not spots."""

    def card_of(move: EuchreMove) -> int | None:
        return move.card if isinstance(move, Discard | PlayCard) else None

    return number_spots("card", legal, card_of, lambda c: list(hand).index(c) + 1)
