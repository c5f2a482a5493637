"""Five and six seats in the Katan image: the extension's island fitted into a
taller sea, the fifth and sixth seats' green and brown on every piece, and a
panel whose six rows sit above the bank and the hand (read from the pixels)."""

import json

import pytest
from PIL import Image
from render_probe import near, pieces_in_their_colours, pixel, play, rgb

from engine.katan.game import KATAN
from engine.katan.geometry import bits
from engine.katan.state import SPECIAL, KatanState
from engine.protocol import TableConfig
from frontends.terminal.pictures import Seen
from frontends.terminal.pictures.canvas import letter
from frontends.terminal.pictures.katan import picture
from renderers import katan as render
from renderers.katan.geometry import (
    CITIES_BANK_TOP,
    CITIES_ISLAND,
    HEIGHT,
    ISLAND,
    grown,
    grown_box,
    hand_card_box,
    seat_box,
)
from renderers.katan.palette import BROWN
from renderers.style import TEAM_STYLES


@pytest.fixture(scope="module")
def six() -> KatanState:
    """Seed 2 at six seats after 700 decisions of the strong AI: every seat has
    built, green and brown among them."""
    state: KatanState = play(KATAN, TableConfig(game="katan", seed=2, seats=6), 700, "katan")
    assert all(state.towns[t] | state.cities[t] for t in range(6))
    return state


def _image(state: KatanState, seat: int | None) -> Image.Image:
    return rgb(render.render_png(KATAN.view_for(state, seat), cache=None))


def test_the_sixth_seat_is_brown_and_the_fifth_green() -> None:
    assert render.SEAT_STYLES[4] == TEAM_STYLES[2] and TEAM_STYLES[2].name == "Green"
    assert render.SEAT_STYLES[5] == BROWN
    marks = {s.mark for s in render.SEAT_STYLES}
    assert len(marks) == 6, "every seat has its own marking besides its colour"


def test_the_image_grows_by_two_rows_and_every_piece_shows_its_owner(six: KatanState) -> None:
    image = _image(six, None)
    extra = grown(6)
    assert extra > 0 and image.size == (1200, HEIGHT + extra)
    lay = render.layout(six.board.topology, six.board.harbours, grown_box(ISLAND, extra))
    seen = pieces_in_their_colours(image, lay, six)
    assert seen > 40
    bottom = max(y for _, y in lay.hexes)
    assert bottom > HEIGHT - 100, "the island uses the taller sea"


def test_six_seat_rows_sit_between_the_status_and_the_hand(six: KatanState) -> None:
    image = _image(six, 0)
    last = seat_box(5)
    hand = hand_card_box(0, extra=grown(6))
    assert last[3] + 40 < hand[1]
    for seat in range(6):
        x0, y0, _, _ = seat_box(seat)
        house = pixel(image, (x0 + 16, y0 + 30))  # the row's house, clear of its marking
        assert near(house, render.SEAT_STYLES[seat].fill, 40), seat
    edge = pixel(image, (hand[0], (hand[1] + hand[3]) / 2))
    assert sum(edge) < 3 * 180, "the hand's first card is outlined where the hand moved"


def test_cities_and_knights_at_six_seats_keeps_its_bank_below_the_rows() -> None:
    config = TableConfig(
        game="katan", seed=3, seats=6, options={"expansions": "cities_and_knights"}
    )
    state: KatanState = play(KATAN, config, 300, "katan")
    image = _image(state, 1)
    extra = grown(6, cities=True)
    assert image.size == (1200, HEIGHT + extra)
    assert seat_box(5, cities=True)[3] < CITIES_BANK_TOP + extra
    lay = render.layout(state.board.topology, state.board.harbours, grown_box(CITIES_ISLAND, extra))
    for seat in range(6):
        for node in bits(state.towns[seat]):
            assert near(
                pixel(image, render.building_probe(lay, node, False)), render.SEAT_STYLES[seat].fill
            )


def test_the_text_names_the_map_and_the_sixth_colour(six: KatanState) -> None:
    text = render.render_text(KATAN.view_for(six, None))
    assert "5–6 player map" in text
    assert "Seat 6 (Brown)" in text and "Seat 5 (Green)" in text


def test_the_terminal_draws_six_seats_with_their_own_letters(six: KatanState) -> None:
    view = json.loads(KATAN.encode_view(KATAN.view_for(six, 0)))
    text = picture(view, Seen(seat=0))
    assert "Green (g) seat 5" in text and "Brown (r) seat 6" in text
    assert len({letter(seat) for seat in range(6)}) == 6


def test_the_terminal_says_who_may_build_in_the_special_building_phase() -> None:
    st = KATAN.initial_state(TableConfig(game="katan", seed=4, seats=5))
    while st.phase != SPECIAL:
        seat = KATAN.to_move(st)
        assert seat is not None
        st = KATAN.apply(st, seat, KATAN.legal_moves(st, seat)[0]).state
    view = json.loads(KATAN.encode_view(KATAN.view_for(st, st.asked)))
    text = picture(view, Seen(seat=st.asked))
    assert "Waiting for you to build or buy before the next turn" in text
