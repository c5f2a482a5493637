"""The Katan island image and text, judged by what they show where."""

import re
from functools import cache

import pytest
from PIL import Image
from render_probe import check_labels, near, pieces_in_their_colours, pixel, play, rgb, same_region

from engine.katan.components import DEV_KINDS, RESOURCE_NAMES, RESOURCES, SEA, VICTORY_POINT
from engine.katan.game import KATAN
from engine.katan.maps import RED_NUMBERS
from engine.katan.state import KatanState
from engine.katan.view import KatanView, view_legal_moves
from engine.protocol import TableConfig
from renderers import katan as render
from renderers.katan import katan_spots

NAMES = ["Ana", "Bo", "Cy", "Dee"]
LATE = 350
"""Decisions into a game of the default AI where every kind of piece stands."""


@cache
def late() -> tuple[int, KatanState]:
    """The first seed from 17 whose game, LATE decisions in, goes on with cities,
    Longest Road and Largest Army held by two seats, and a road the seat to move
    may build (a seed, not a fixed one: the AI's play changes as it improves)."""
    for seed in range(17, 60):
        state: KatanState = play(KATAN, TableConfig(game="katan", seed=seed), LATE, "normal")
        seat = KATAN.to_move(state)
        if seat is None or not any(state.cities) or min(state.longest, state.army) < 0:
            continue
        roads = katan_spots(view_legal_moves(KATAN.view_for(state, seat), seat), "road")
        if state.longest != state.army and len(roads) > 0:
            return seed, state
    raise AssertionError("no seeded game reached the position wanted")


@pytest.fixture(scope="module")
def built() -> KatanState:
    return late()[1]


def _layout(state: KatanState) -> render.Layout:
    return render.layout(state.board.topology, state.board.harbours)


def _image(state: KatanState, seat: int | None, **kwargs: object) -> Image.Image:
    return rgb(render.render_png(KATAN.view_for(state, seat), cache=None, **kwargs))  # type: ignore[arg-type]


def test_island_is_phone_sized_and_small(built: KatanState) -> None:
    png = render.render_png(KATAN.view_for(built, None), cache=None)
    assert rgb(png).size == (1200, 900)
    assert len(png) < 250_000


def test_every_piece_shows_its_owners_colour(built: KatanState) -> None:
    image = _image(built, None)
    lay = _layout(built)
    seen = pieces_in_their_colours(image, lay, built)
    topology = built.board.topology
    paved = sum(built.roads)
    occupied = sum(built.towns) | sum(built.cities)
    bare = [
        n
        for n in range(topology.node_count)
        if not occupied >> n & 1 and not paved & topology.node_edge_mask[n]
    ]
    colours = [s.fill for s in render.SEAT_STYLES[: built.seats]]
    for node in bare:
        for city in (False, True):
            probe = pixel(image, render.building_probe(lay, node, city))
            assert not any(near(probe, fill, 10) for fill in colours), node
    assert seen > 30


def test_the_robber_and_the_red_numbers(built: KatanState) -> None:
    image = _image(built, None)
    lay = _layout(built)
    for h, terrain in enumerate(built.board.terrain):
        if terrain == SEA:
            continue
        rx, ry = render.robber_centre(lay, h)
        body = pixel(image, (rx, ry + lay.size * 0.15))
        assert near(body, render.ROBBER_FILL, 16) == (h == built.robber), h
        number = built.board.numbers[h]
        if not number:
            continue
        cx, cy = render.token_centre(lay, h)
        r = lay.size * 0.3
        token = image.crop(
            (int(cx - r * 0.7), int(cy - r * 0.7), int(cx + r * 0.7), int(cy + r * 0.8))
        )
        reds = sum(
            1
            for x in range(token.width)
            for y in range(token.height)
            if near(pixel(token, (x, y)), render.RED_NUMBER, 30)
        )
        assert (reds > 20) == (number in RED_NUMBERS), (h, number, reds)


@pytest.mark.parametrize(
    ("moves", "action", "kind"),
    [(0, "settlement", "crossing"), (1, "road", "edge"), (LATE, "road", "edge")],
)
def test_markers_sit_on_exactly_the_legal_spots_with_their_ids(
    moves: int, action: str, kind: str
) -> None:
    config = TableConfig(game="katan", seed=late()[0])
    state: KatanState = play(KATAN, config, moves, "normal")
    seat = KATAN.to_move(state)
    assert seat is not None
    view = KATAN.view_for(state, seat)
    spots = katan_spots(view_legal_moves(view, seat), action)
    assert len(spots) > 0
    assert spots.kind == kind and all(number == place for number, place in spots.numbered())
    image = rgb(render.render_png(view, spots=spots, cache=None))
    check_labels(image, render.closeup(render.scene(view, spots=spots)), spots)


def test_robber_overlay_marks_the_hexes_it_may_go_to() -> None:
    state: KatanState | None = None
    for moves in range(60, LATE):
        config = TableConfig(game="katan", seed=late()[0])
        candidate: KatanState = play(KATAN, config, moves, "normal")
        seat = KATAN.to_move(candidate)
        if seat is not None and any(m[0] == 10 for m in KATAN.legal_moves(candidate, seat)):
            state = candidate
            break
    assert state is not None
    seat = KATAN.to_move(state)
    assert seat is not None
    view = KATAN.view_for(state, seat)
    spots = katan_spots(view_legal_moves(view, seat), "robber")
    image = rgb(render.render_png(view, spots=spots, cache=None))
    check_labels(image, render.closeup(render.scene(view, spots=spots)), spots)
    assert state.robber not in {p for _, p in spots.numbered()}


def test_two_seats_differ_only_in_their_own_hands(built: KatanState) -> None:
    a, b = (render.picture(render.scene(KATAN.view_for(built, s))) for s in (0, 1))
    assert built.hands[0:5] != built.hands[5:10]
    assert same_region(a, b, render.ISLAND)
    for seat in range(built.seats):
        # Seat 1 sees its own victory point cards in its points; nobody else does.
        if seat != 1:
            assert same_region(a, b, render.seat_box(seat))
    hand_top = render.hand_card_box(0)[1] - 40
    assert not same_region(a, b, (render.PANEL[0], hand_top, render.PANEL[2], 880))


def test_an_unredacted_state_draws_exactly_what_the_view_draws(built: KatanState) -> None:
    """Handed the full state (every hand, the deck, the seed) by mistake, the
    renderer still draws only what the seat's view shows."""
    for seat in (0, 3, None):
        view = KATAN.view_for(built, seat)
        leaky = KatanView(seat, built, view.to_move)
        assert render.render_png(leaky, cache=None) == render.render_png(view, cache=None)


def test_hand_cards_and_text_agree(built: KatanState) -> None:
    seat = 0
    view = KATAN.view_for(built, seat)
    image = rgb(render.render_png(view, names=NAMES, cache=None))
    text = render.render_text(view, names=NAMES)
    hand = built.hands[seat * RESOURCES : (seat + 1) * RESOURCES]
    for r in range(RESOURCES):
        x0, y0, _, _ = render.hand_card_box(r)
        drawn = near(pixel(image, (x0 + 4, y0 + 40)), render.TERRAIN_FILL[r], 8)
        assert drawn == (hand[r] > 0), RESOURCE_NAMES[r]
        if hand[r]:
            assert f"{hand[r]} {RESOURCE_NAMES[r]}" in text
    devs = built.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS]
    assert ("development cards: none" in text) == (sum(devs) == 0)


def test_text_lists_what_the_image_shows(built: KatanState) -> None:
    text = render.render_text(KATAN.view_for(built, None), names=NAMES)
    image = _image(built, None, names=NAMES)
    lay = _layout(built)
    for line in text.splitlines():
        built_line = re.match(r"(\w+) built: (.*)\.", line)
        if not built_line:
            continue
        seat = NAMES.index(built_line.group(1))
        fill = render.SEAT_STYLES[seat].fill
        for part in built_line.group(2).split("; "):
            word, *ids = part.split()
            for place in map(int, ids):
                probes = (
                    render.road_probes(lay, place)
                    if word == "roads"
                    else (render.building_probe(lay, place, word == "cities"),)
                )
                assert any(near(pixel(image, p), fill) for p in probes), (word, place)
    robber = re.search(r"(\d+) \w+(?: \d+)? robber", text)
    assert robber is not None and int(robber.group(1)) == built.robber
    held = f"Longest Road: {NAMES[built.longest]}; Largest Army: {NAMES[built.army]}"
    assert held in text
    points = [int(p) for p in re.findall(r"\): (\d+) points?", text)]
    assert points == built.points, "a spectator sees public points only"


def test_the_viewer_counts_its_hidden_victory_points() -> None:
    state: KatanState | None = None
    for seed in range(1, 40):
        candidate: KatanState = play(KATAN, TableConfig(game="katan", seed=seed), 300, "normal")
        cards = [candidate.devs[s * DEV_KINDS + VICTORY_POINT] for s in range(candidate.seats)]
        if any(cards) and not KATAN.is_finished(candidate):
            state = candidate
            break
    assert state is not None
    seat = next(s for s in range(state.seats) if state.devs[s * DEV_KINDS + VICTORY_POINT])
    own = render.scene(KATAN.view_for(state, seat))
    other = render.scene(KATAN.view_for(state, (seat + 1) % state.seats))
    vp = state.devs[seat * DEV_KINDS + VICTORY_POINT]
    assert own.seats[seat].points == state.points[seat] + vp
    assert other.seats[seat].points == state.points[seat]
