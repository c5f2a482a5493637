"""The panel beside the island: status and dice, one row per seat, the bank and
who holds what. With Cities & Knights a seat's row adds its improvement
tracks (filled pips up to its level, per lettered track), its knights and
walls, and its metropolises, defender and point cards among its awards.
"""

from engine.katan.cities.components import LEVELS, TRACK_NAMES, TRACKS
from engine.katan.components import CARD_NAMES, RESOURCES
from engine.katan.sea.scenarios import WONDER_STAGES
from renderers import style
from renderers.draw import Canvas, Point
from renderers.katan.figures import settlement
from renderers.katan.geometry import (
    CITIES_BANK_TOP,
    PANEL,
    bank_box,
    grown_box,
    seat_box,
    wonder_pip,
)
from renderers.katan.model import CitiesScene, KatanScene, SeaScene
from renderers.katan.palette import (
    GOOD_FILL,
    GOOD_INK,
    SEAT_STYLES,
    TERRAIN_FILL,
    TERRAIN_INK,
    TRACK_FILL,
    TRACK_INK,
    TRACK_LETTERS,
    WONDER_FILL,
)
from renderers.katan.phrases import (
    awards,
    fleet_words,
    fog_words,
    holders,
    knight_count,
    map_words,
    offer_words,
    rules_words,
    sea_facts,
    status,
    strength,
    wonder_words,
)
from renderers.words import plural


def panel(canvas: Canvas, s: KatanScene) -> None:
    x0, y0, x1, _ = PANEL
    left = x0 + 14
    box = grown_box(PANEL, s.extra)
    canvas.rect(box, fill=style.PANEL, outline=style.PANEL_EDGE, width=2, radius=12)
    canvas.text((left, y0 + 18), "Katan", 28, style.INK, anchor="lt", bold=True)
    rules = rules_words(s)
    if rules:
        canvas.text(
            (left + 96, y0 + 32),
            rules,
            15,
            style.MUTED,
            anchor="lm",
            bold=True,
            max_width=x1 - left - 104,
        )
    canvas.text(
        (left, y0 + 54),
        f"{map_words(s)} · {s.target} points to win",
        15,
        style.MUTED,
        anchor="lt",
        max_width=x1 - left - 12,
    )
    canvas.rect((x0 + 6, y0 + 84, x1 - 6, y0 + 140), fill=style.HIGHLIGHT, radius=8)
    canvas.text(
        (left, y0 + 112),
        status(s),
        17,
        style.INK,
        anchor="lm",
        bold=True,
        max_width=x1 - left - 96 if s.dice else x1 - left - 12,
    )
    if s.dice is not None:
        for i, value in enumerate(s.dice):
            die(canvas, (x1 - 80 + i * 38, y0 + 95), 32, value)
    if s.ck is not None:
        for seat in range(len(s.seats)):
            _cities_row(canvas, s, s.ck, seat)
        _cities_bank(canvas, s, s.ck)
        return
    for seat in range(len(s.seats)):
        if s.sea is not None:
            _sea_row(canvas, s, s.sea, seat)
        else:
            _seat_row(canvas, s, seat)
    y = seat_box(len(s.seats) - 1, sea=s.sea is not None)[3] + (14 if s.sea is None else 12)
    canvas.text((left, y), "Bank", 15, style.MUTED, anchor="lt", bold=True)
    for r in range(RESOURCES):
        box = bank_box(r, y)
        canvas.rect(box, fill=TERRAIN_FILL[r], outline=style.INK, width=1, radius=4)
        canvas.text((box[0] + 19, y + 10), str(s.bank[r]), 14, TERRAIN_INK[r], bold=True)
    lines = [f"development cards left: {s.deck}", holders(s)]
    if s.sea is not None and (s.sea.fog_left or s.sea.found):
        lines.append(_fitting(canvas, fog_words(s.sea), fog_words(s.sea, short=True), 14))
    if s.offer is not None:
        lines.append(offer_words(s))
    first, step = (34, 22) if s.sea is None else (32, 20)
    for i, line in enumerate(lines):
        y_line = y + first + i * step
        canvas.text((left, y_line), line, 14, style.INK, anchor="lt", max_width=x1 - left - 12)


def _fitting(canvas: Canvas, full: str, short: str, size: float) -> str:
    """`full` if it fits the panel's width at nearly `size`, else `short`."""
    room = PANEL[2] - PANEL[0] - 26
    return full if canvas.fit_text(full, size, room) >= size - 2 else short


def _sea_row(canvas: Canvas, s: KatanScene, sea: SeaScene, seat: int) -> None:
    """A seat's row with Seafarers: the base facts (the route over roads and
    ships), then its fleet and the scenario's counts, with its wonder's four
    stages as boxes on the map that has wonders, then its awards."""
    _row_frame(canvas, s, seat, cities=False, sea=True)
    x0, y0, x1, _ = seat_box(seat, sea=True)
    summary = s.seats[seat]
    facts = (
        f"{plural(summary.cards, 'card')} · {summary.developments} dev · "
        f"{plural(summary.knights, 'knight')} · route {summary.road_length}"
    )
    canvas.text((x0 + 10, y0 + 40), facts, 13, style.INK, anchor="lm", max_width=x1 - x0 - 20)
    line = " · ".join(sea_facts(s, seat))
    room = x1 - x0 - 20
    if sea.wonders:
        room -= 4 * 15 + 44
        built = sea.wonders[seat]
        label_x = wonder_pip(seat, 1)[0] - 6
        canvas.text((label_x, y0 + 56), "wonder", 12, style.INK, anchor="rm")
        for stage in range(1, WONDER_STAGES + 1):
            done = stage <= built
            canvas.rect(
                wonder_pip(seat, stage),
                fill=WONDER_FILL if done else style.CARD_FACE,
                outline=style.INK,
                width=1.5 if done else 1,
                radius=2,
            )
    canvas.text((x0 + 10, y0 + 56), line, 13, style.INK, anchor="lm", max_width=room)
    found = awards(s, seat)
    if found:
        canvas.text(
            (x0 + 10, y0 + 71),
            " · ".join(found),
            13,
            style.INK,
            anchor="lm",
            bold=True,
            max_width=x1 - x0 - 20,
        )


def die(canvas: Canvas, at: Point, side: float, value: int) -> None:
    x, y = at
    canvas.rect(
        (x, y, x + side, y + side),
        fill=style.CARD_FACE,
        outline=style.INK,
        width=1.5,
        radius=side * 0.18,
    )
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.27, 0.27), (0.73, 0.73)],
        3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
    }[value]
    for fx, fy in spots:
        canvas.circle((x + fx * side, y + fy * side), side * 0.09, fill=style.INK)


def _row_frame(canvas: Canvas, s: KatanScene, seat: int, cities: bool, sea: bool = False) -> None:
    """The row's card, its seat's house and name, and its points."""
    box = seat_box(seat, cities, sea)
    x0, y0, x1, _ = box
    on_turn = seat == s.to_move
    canvas.rect(
        box,
        fill=style.HIGHLIGHT if on_turn else style.CARD_FACE,
        outline=style.INK,
        width=2 if on_turn else 1,
        radius=8,
    )
    top = -3 if sea else 0
    settlement(canvas, (x0 + 22, y0 + 24 + top), 56, SEAT_STYLES[seat])
    canvas.text(
        (x0 + 44, y0 + 20 + top),
        s.names[seat],
        17,
        style.INK,
        anchor="lm",
        bold=True,
        max_width=x1 - x0 - 100,
    )
    points = str(s.seats[seat].points)
    canvas.text((x1 - 10, y0 + 22 + top), points, 26, style.INK, anchor="rm", bold=True)


def _seat_row(canvas: Canvas, s: KatanScene, seat: int) -> None:
    _row_frame(canvas, s, seat, cities=False)
    x0, y0, x1, _ = seat_box(seat)
    summary = s.seats[seat]
    facts = (
        f"{plural(summary.cards, 'card')} · {summary.developments} dev · "
        f"{plural(summary.knights, 'knight')} · road {summary.road_length}"
    )
    canvas.text((x0 + 10, y0 + 46), facts, 13, style.INK, anchor="lm", max_width=x1 - x0 - 20)
    found = awards(s, seat)
    if found:
        canvas.text(
            (x0 + 10, y0 + 62),
            " · ".join(found),
            13,
            style.INK,
            anchor="lm",
            bold=True,
            max_width=x1 - x0 - 20,
        )


def track_pip(seat: int, track: int, level: int) -> Point:
    """The centre of the pip for `level` (1..5) of a seat's improvement track."""
    x0, y0, _, _ = seat_box(seat, cities=True)
    return x0 + 30 + track * 86 + (level - 1) * 11, y0 + 60


def _cities_row(canvas: Canvas, s: KatanScene, ck: CitiesScene, seat: int) -> None:
    _row_frame(canvas, s, seat, cities=True)
    x0, y0, x1, _ = seat_box(seat, cities=True)
    summary = s.seats[seat]
    route = "route" if s.sea is not None else "road"
    facts = (
        f"{plural(summary.cards, 'card')} · {ck.progress[seat]} progress · "
        f"{route} {summary.road_length}"
    )
    canvas.text((x0 + 44, y0 + 40), facts, 13, style.INK, anchor="lm", max_width=x1 - x0 - 86)
    for track in range(TRACKS):
        level = ck.levels[seat * TRACKS + track]
        tag_x = x0 + 10 + track * 86
        canvas.rect(
            (tag_x, y0 + 52, tag_x + 14, y0 + 68),
            fill=TRACK_FILL[track],
            outline=style.INK,
            width=1,
            radius=3,
        )
        canvas.text((tag_x + 7, y0 + 60), TRACK_LETTERS[track], 11, TRACK_INK[track], bold=True)
        for step in range(1, LEVELS + 1):
            filled = step <= level
            canvas.circle(
                track_pip(seat, track, step),
                4.2,
                fill=TRACK_FILL[track] if filled else style.CARD_FACE,
                outline=style.INK,
                width=1.2 if filled else 0.8,
            )
    knights = knight_count(ck, seat)
    walls = ck.walls[seat].bit_count()
    line = [f"knights {knights}", f"active strength {strength(ck, seat)}"]
    if walls:
        line.append(plural(walls, "wall"))
    canvas.text(
        (x0 + 10, y0 + 74), " · ".join(line), 12, style.INK, anchor="lm", max_width=x1 - x0 - 20
    )
    found = awards(s, seat)
    if s.sea is not None:
        found = sea_facts(s, seat) + found
        if s.sea.wonders:
            found.insert(1, wonder_words(s.sea, seat))
    if found:
        canvas.text(
            (x0 + 10, y0 + 86),
            " · ".join(found),
            11,
            style.INK,
            anchor="lm",
            bold=True,
            max_width=x1 - x0 - 20,
        )


def _cities_bank(canvas: Canvas, s: KatanScene, ck: CitiesScene) -> None:
    x1 = PANEL[2]
    left = PANEL[0] + 14
    top = CITIES_BANK_TOP + s.extra
    decks = ", ".join(f"{TRACK_NAMES[t]} {ck.decks[t]}" for t in range(TRACKS))
    canvas.text((left, top), "Bank", 15, style.MUTED, anchor="lt", bold=True)
    canvas.text(
        (left + 44, top + 1),
        f"progress decks: {decks}",
        12,
        style.INK,
        anchor="lt",
        max_width=x1 - left - 56,
    )
    for kind in range(len(s.bank)):
        box = bank_box(kind, CITIES_BANK_TOP, cities=True, extra=s.extra)
        bx0, by0, bx1, by1 = box
        canvas.rect(box, fill=GOOD_FILL[kind], outline=style.INK, width=1, radius=4)
        middle = (bx0 + bx1) / 2
        canvas.text((middle, by0 + 12), str(s.bank[kind]), 13, GOOD_INK[kind], bold=True)
        canvas.text((middle, by1 - 8), CARD_NAMES[kind], 8, GOOD_INK[kind], max_width=bx1 - bx0 - 2)
    line = [holders(s)]
    if ck.merchant >= 0:
        line.append(f"merchant: {s.names[ck.merchant_owner]} on hex {ck.merchant}")
    fleet = fleet_words(ck)
    if fleet:
        line.append(fleet)
    y = top + 60
    canvas.text((left, y), " · ".join(line), 13, style.INK, anchor="lt", max_width=x1 - left - 12)
    if s.sea is not None and (s.sea.fog_left or s.sea.found):
        y += 20
        fog = _fitting(canvas, fog_words(s.sea), fog_words(s.sea, short=True), 13)
        canvas.text((left, y), fog, 13, style.INK, anchor="lt", max_width=x1 - left - 12)
    if s.offer is not None:
        canvas.text(
            (left, y + 20), offer_words(s), 13, style.INK, anchor="lt", max_width=x1 - left - 12
        )
