"""Katan's numbered spots read on a phone.

A chat app shows a photo about 360 px wide and Telegram recompresses it, so
each overlay here is sent through a JPEG round trip, scaled to 360 px as a
phone shows it, and the height of each label's digits is read back from the
pixels. The positions are the most crowded ones: every first settlement's
crossing on each rule set and map, every sea hex for the pirate, the edges
of a long fleet. The old overlays (the whole board, markers the size of a
crossing's share of it) measured 0 to 4 px here, the digits blurred grey.
The hand's strip under the map is read back the same way: each count, each
card's words, and only the viewer's own cards.
"""

from collections.abc import Callable
from typing import Final

import pytest
from PIL import Image, ImageChops
from render_probe import (
    PHONE_WIDTH,
    as_on_phone,
    check_labels,
    first_where,
    ink_height,
    overlapping,
    rgb,
    same_region,
)

from engine.katan import moves as mv
from engine.katan.cities.components import PROGRESS_KINDS, PROGRESS_TITLES
from engine.katan.components import DEV_KINDS, DEV_LABELS
from engine.katan.game import KATAN
from engine.katan.sea import atlas
from engine.katan.state import KatanState
from engine.katan.view import KatanView, view_legal_moves
from engine.protocol import TableConfig
from renderers import katan as render
from renderers.draw import Box, Canvas
from renderers.katan.closeup import RIM, Chip, HandStrip, Tile, draw_hand, draw_tile, has_closeup
from renderers.katan.palette import GOOD_FILL
from renderers.spots import Spots
from renderers.style import CARD_FACE, RGB

DIGITS: Final = 10
"""The least digit height, in px at phone width, that reads without zooming."""
WORDS: Final = 9
"""The least height of a card's name or title at phone width, capitals and
descenders included (words are read whole, so they may be smaller than digits)."""

RULE_SETS: Final = {
    "base": {},
    "cities": {"expansions": "cities_and_knights"},
    **{name: {"expansions": "seafarers", "map": name} for name in atlas.MAP_NAMES},
    "great_canal_cities": {"expansions": "seafarers,cities_and_knights", "map": "great_canal"},
}


def _first(options: dict[str, str], seed: int = 2) -> KatanState:
    state = KATAN.initial_state(TableConfig(game="katan", seed=seed, options=options))
    while KATAN.can_advance(state):
        state = KATAN.advance(state).state
    return state


def _played(options: dict[str, str], want: Callable[[list[mv.Move]], bool]) -> KatanState:
    """The first position of seeded random play where the seat to move has `want`."""
    config = TableConfig(game="katan", seed=2, options=options)
    state: KatanState = first_where(KATAN, config, lambda st, seat, legal: want(legal))
    return state


def _check_phone(state: KatanState, action: str) -> tuple[list[int], int]:
    """Every label is drawn whole, apart from the others, shows its spot's
    number and reads at least `DIGITS` px high on a phone; the digit heights
    measured, and how many labels there are."""
    seat = KATAN.to_move(state)
    assert seat is not None
    view = KATAN.view_for(state, seat)
    spots: Spots[mv.Move] = render.katan_spots(view_legal_moves(view, seat), action)
    png = render.render_png(view, spots=spots, cache=None)
    drawn = render.scene(view, spots=spots)
    assert has_closeup(drawn)
    look = render.closeup(drawn)
    image = rgb(png)
    assert image.size == (look.width, look.height)
    check_labels(image, look, spots)
    assert overlapping(q.box for q in look.labels) == []
    for q in look.labels:
        others = [o for o in look.labels if o is not q]
        assert not any(
            o.box[0] <= q.anchor[0] <= o.box[2] and o.box[1] <= q.anchor[1] <= o.box[3]
            for o in others
        )
    phone = as_on_phone(png)
    k = PHONE_WIDTH / image.width
    heights = []
    for q in look.labels:
        x0, y0, x1, y1 = q.box
        inner = (x0 + RIM + 1, y0 + RIM + 1, x1 - RIM - 1, y1 - RIM - 1)
        heights.append(ink_height(phone, tuple(v * k for v in inner)))  # type: ignore[arg-type]
    assert min(heights) >= DIGITS, sorted(heights)
    return heights, len(look.labels)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_first_settlement_reads_at_phone_width(rules: str) -> None:
    """The first settlement may go on any crossing of the home islands: the
    most labels an overlay ever holds (88 on the Four Islands)."""
    _, count = _check_phone(_first(RULE_SETS[rules]), "settlement")
    assert count >= 40


def test_every_sea_hex_for_the_pirate_reads_at_phone_width() -> None:
    state = _played(
        RULE_SETS["heading_for_new_shores"],
        lambda legal: any(m[0] == mv.MOVE_PIRATE for m in legal),
    )
    _, count = _check_phone(state, "pirate")
    assert count >= 50


def test_a_fleet_s_edges_read_at_phone_width() -> None:
    state = _played(
        RULE_SETS["four_islands"], lambda legal: sum(m[0] == mv.BUILD_SHIP for m in legal) >= 8
    )
    _check_phone(state, "ship")


def test_the_public_board_and_a_hand_without_spots_are_not_close_ups() -> None:
    state = _first(RULE_SETS["oases"])
    for seat in (None, 0):
        drawn = render.scene(KATAN.view_for(state, seat))
        assert not has_closeup(drawn)
        assert render.picture(drawn).size == (render.WIDTH, render.HEIGHT)


# ---- the hand's strip ------------------------------------------------------------------


def _holding(options: dict[str, str]) -> KatanState:
    """A position after the setup where the seat to move may build a road
    and holds cards of three kinds or more and development or progress cards."""

    def want(state: KatanState, seat: int, legal: list[mv.Move]) -> bool:
        hand = state.hands[seat * state.width : (seat + 1) * state.width]
        held = (
            len(state.ck.progress[seat])
            if state.ck is not None
            else sum(state.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS])
        )
        roads = any(m[0] == mv.BUILD_ROAD for m in legal)
        return roads and sum(1 for n in hand if n) >= 3 and held >= 1

    config = TableConfig(game="katan", seed=2, options=options)
    state: KatanState = first_where(KATAN, config, want)
    return state


def _overlay(state: KatanState, seat: int) -> tuple[bytes, HandStrip]:
    view = KATAN.view_for(state, seat)
    spots: Spots[mv.Move] = render.katan_spots(view_legal_moves(view, seat), "road")
    strip = render.closeup(render.scene(view, spots=spots)).hand
    assert strip is not None
    return render.render_png(view, spots=spots, cache=None), strip


def _inset(box: Box, by: float) -> Box:
    return box[0] + by, box[1] + by, box[2] - by, box[3] - by


def _picture(state: KatanState, seat: int) -> Image.Image:
    """The overlay before PNG encoding, for comparing regions."""
    view = KATAN.view_for(state, seat)
    spots: Spots[mv.Move] = render.katan_spots(view_legal_moves(view, seat), "road")
    return render.picture(render.scene(view, spots=spots))


def _shown_height(image: Image.Image, box: Box, ground: RGB) -> int:
    """The height in px of whatever stands out from `ground` inside `box`."""
    x0, y0, x1, y1 = (round(v) for v in box)
    crop = image.crop((x0, y0, x1, y1)).convert("RGB")
    rows = [
        y
        for y in range(crop.height)
        if any(_far(crop.getpixel((x, y)), ground) for x in range(crop.width))  # type: ignore[arg-type]
    ]
    return rows[-1] - rows[0] + 1 if rows else 0


def _far(colour: tuple[int, int, int], ground: RGB) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, ground, strict=True)) > 150


def _read_count(image: Image.Image, tile: Tile) -> int:
    """The count a tile shows: the candidate whose freshly drawn tile matches
    the picture best over the tile's white part."""
    x0, y0, x1, y1 = (int(v) for v in tile.digits)
    crop = image.crop((x0, y0, x1, y1))
    best, best_score = -1, float("inf")
    for count in range(20):
        canvas = Canvas(image.width, image.height, CARD_FACE)
        draw_tile(canvas, Tile(tile.kind, count, tile.box, tile.digits))
        fresh = canvas.reduced().crop((x0, y0, x1, y1))
        diff = ImageChops.difference(crop, fresh).convert("L").histogram()
        score = sum(i * n for i, n in enumerate(diff))
        if score < best_score:
            best, best_score = count, score
    return best


def _read_chip(image: Image.Image, chip: Chip, candidates: list[str]) -> str:
    """The words on a chip, among `candidates` drawn in its place."""
    x0, y0, x1, y1 = (int(v) for v in chip.box)
    crop = image.crop((x0, y0, x1, y1))
    best, best_score = "", float("inf")
    for text in candidates:
        canvas = Canvas(image.width, image.height, CARD_FACE)
        strip = HandStrip(y0 - 1.0, y1 - y0 + 2.0, (), (Chip(text, chip.box, chip.held),))
        draw_hand(canvas, strip)
        fresh = canvas.reduced().crop((x0, y0, x1, y1))
        diff = ImageChops.difference(crop, fresh).convert("L").histogram()
        score = sum(i * n for i, n in enumerate(diff))
        if score < best_score:
            best, best_score = text, score
    return best


@pytest.mark.parametrize("rules", ["base", "cities", "four_islands"])
def test_the_hand_strip_shows_the_seat_s_cards_legibly(rules: str) -> None:
    """Each count is read back off the pixels and equals the seat's hand;
    each chip names one of its development or progress cards; at phone
    width the counts read like the labels and the words at `WORDS` px."""
    state = _holding(RULE_SETS[rules])
    seat = KATAN.to_move(state)
    assert seat is not None
    png, strip = _overlay(state, seat)
    image = rgb(png)
    hand = state.hands[seat * state.width : (seat + 1) * state.width]
    assert [t.count for t in strip.tiles] == hand
    assert [_read_count(image, t) for t in strip.tiles] == hand
    if state.ck is not None:
        titles = [PROGRESS_TITLES[c] for c in state.ck.progress[seat]]
        candidates = list(PROGRESS_TITLES)
    else:
        devs = state.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS]
        titles = [f"{n} × {DEV_LABELS[k]}" for k, n in enumerate(devs) if n]
        candidates = [f"{n} × {label}" for label in DEV_LABELS for n in range(1, 6)]
    assert [_read_chip(image, c, candidates) for c in strip.chips] == titles
    phone = as_on_phone(png)
    k = PHONE_WIDTH / image.width

    def small(box: Box) -> Box:
        return box[0] * k, box[1] * k, box[2] * k, box[3] * k

    counts = [ink_height(phone, small(_inset(t.digits, 3))) for t in strip.tiles]
    assert min(counts) >= DIGITS, counts
    names = [_shown_height(phone, small(_inset(t.band, 3)), GOOD_FILL[t.kind]) for t in strip.tiles]
    chips = [_shown_height(phone, small(_inset(c.box, 5)), CARD_FACE) for c in strip.chips]
    assert min(names + chips) >= WORDS, (names, chips)


def _other_cards(state: KatanState, seat: int, hand: bool = True) -> KatanState:
    """The same game with `seat`'s cards of other kinds, as many of each
    sort: what a rival cannot tell apart. Without `hand`, only its
    development or progress cards (so its legal moves stay the same)."""
    other = state.copy()
    w = state.width
    if hand:
        held = other.hands[seat * w : (seat + 1) * w]
        other.hands[seat * w : (seat + 1) * w] = held[1:] + held[:1]
    devs = other.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS]
    other.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS] = devs[1:] + devs[:1]
    if other.ck is not None:
        cards = other.ck.progress[seat]
        other.ck.progress[seat] = tuple((c + 7) % PROGRESS_KINDS for c in cards)
    return other


@pytest.mark.parametrize("rules", ["base", "cities"])
def test_the_strip_shows_the_viewer_s_cards_and_no_one_else_s(rules: str) -> None:
    """Another seat's cards changed (as many of them) leave the close-up
    byte for byte; the viewer's own change the strip and nothing above it;
    and a full, unredacted state draws exactly what the view draws."""
    state = _holding(RULE_SETS[rules])
    seat = KATAN.to_move(state)
    assert seat is not None
    rival = next(
        t
        for t in range(state.seats)
        if t != seat and any(state.hands[t * state.width : (t + 1) * state.width])
    )
    png, strip = _overlay(state, seat)
    assert _overlay(_other_cards(state, rival), seat)[0] == png
    a, b = (_picture(s, seat) for s in (state, _other_cards(state, seat, hand=False)))
    assert same_region(a, b, (0, 0, a.width, strip.top))
    assert not same_region(a, b, (0, strip.top, a.width, a.height))
    view = KATAN.view_for(state, seat)
    spots: Spots[mv.Move] = render.katan_spots(view_legal_moves(view, seat), "road")
    leaky = KatanView(seat, state, view.to_move)
    assert render.render_png(leaky, spots=spots, cache=None) == png
