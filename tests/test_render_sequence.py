"""The Sequence board image and text, judged by what they show where."""

import re
from typing import Any

import pytest
from render_probe import near, pixel, play, read_marker, rgb, same_region

from engine.cards import label, parse_code
from engine.protocol import TableConfig
from engine.registry import get_game
from engine.sequence.board import BOARDS, FREE
from engine.sequence.geometry import CELLS
from engine.sequence.state import SequenceState
from renderers import sequence as render
from renderers import style
from renderers.cache import PngCache
from renderers.sequence import sequence_spots
from renderers.style import TEAM_STYLES

GAME = get_game("sequence")
NAMES = ["Ana", "Bo", "Cy"]


def _state(seed: int = 2, moves: int = 60, **options: Any) -> SequenceState:
    state: SequenceState = play(
        GAME, TableConfig(game="sequence", seed=seed, options=options), moves, "normal"
    )
    return state


@pytest.fixture(scope="module")
def midgame() -> SequenceState:
    """Both teams hold a sequence and the game goes on (seed 2, 60 moves)."""
    state = _state()
    assert state.sequences_by_team == [1, 1] and state.last_placed_cell is not None
    return state


def _grid(text: str) -> list[list[str]]:
    """The ten rows of the text's board, each a list of ten square tokens."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.split()[:2] == ["0", "1"])
    return [line.split()[1:] for line in lines[top + 1 : top + 11]]


def _tile_probe(cell: int) -> tuple[float, float]:
    """Bottom-left of a square: clear of its label, chip and rounded corner."""
    x0, _, _, y1 = render.cell_box(cell)
    return x0 + 8, y1 - 8


def test_image_is_phone_sized_and_palette_reduced(midgame: SequenceState) -> None:
    png = render.render_png(GAME.view_for(midgame, 0), 0, cache=None)
    image = rgb(png)
    assert image.size == (1200, 900)
    assert png[25] == 3, "a flat board is stored as a palette PNG"
    assert len(png) < 250_000


def test_every_chip_shows_its_teams_colour_and_empty_squares_show_none(
    midgame: SequenceState,
) -> None:
    image = rgb(render.render_png(GAME.view_for(midgame, 0), 0, cache=None))
    cards = midgame.board.cards
    for cell in range(CELLS):
        if cards[cell] == FREE:
            continue
        seen = pixel(image, render.chip_probe(cell))
        team = midgame.chips[cell]
        if team >= 0:
            assert near(seen, TEAM_STYLES[team].fill), (cell, seen)
        else:
            assert near(seen, style.CARD_FACE), (cell, seen)


def test_locked_squares_are_tinted_and_the_last_chip_is_ringed(midgame: SequenceState) -> None:
    image = rgb(render.render_png(GAME.view_for(midgame, 1), 1, cache=None))
    for cell in range(CELLS):
        if midgame.board.cards[cell] == FREE:
            continue
        tile = pixel(image, _tile_probe(cell))
        assert near(tile, style.CARD_FACE) != midgame.locked[cell], cell
    last = midgame.last_placed_cell
    assert last is not None
    for cell in range(CELLS):
        x0, y0, _, y1 = render.cell_box(cell)
        ring = pixel(image, (x0 + 0.5, (y0 + y1) / 2))
        assert near(ring, style.HIGHLIGHT) == (cell == last), cell


def test_sequences_drawn_are_the_locked_lines(midgame: SequenceState) -> None:
    lines = render.locked_lines(render.scene(GAME.view_for(midgame, 0), 0))
    teams = sorted(team for team, _ in lines)
    assert teams == [0, 1]
    for team, window in lines:
        assert all(midgame.locked[c] for c in window)
        assert {midgame.chips[c] for c in window if midgame.board.cards[c] != FREE} == {team}


def _markers(image: Any) -> set[int]:
    return {
        cell
        for cell in range(CELLS)
        if near(
            pixel(
                image,
                (
                    render.marker_centre(cell)[0] + render.MARKER_RADIUS * 0.9,
                    render.marker_centre(cell)[1],
                ),
            ),
            style.MARKER_EDGE,
        )
    }


def test_markers_sit_on_exactly_the_legal_squares_with_the_menu_numbers(
    midgame: SequenceState,
) -> None:
    seat = GAME.to_move(midgame)
    assert seat is not None
    view = GAME.view_for(midgame, seat)
    spots = sequence_spots(GAME.view_legal_moves(view, seat))
    image = rgb(render.render_png(view, seat, spots=spots, cache=None))
    legal_cells = {m.cell for m in GAME.view_legal_moves(view, seat) if m.cell is not None}
    assert _markers(image) == legal_cells
    numbers = [number for number, _ in spots.numbered()]
    for number, cell in spots.numbered():
        assert number == cell, "a square's number is its cell id, as in the move labels"
        centre = render.marker_centre(cell)
        assert read_marker(image, centre, render.MARKER_RADIUS, numbers) == number
        assert all(m.cell == cell for m in spots.moves_at(number))


def test_overlay_for_one_picked_card_marks_only_its_squares(midgame: SequenceState) -> None:
    seat = GAME.to_move(midgame)
    assert seat is not None
    view = GAME.view_for(midgame, seat)
    legal = GAME.view_legal_moves(view, seat)
    card = next(m.card for m in legal if m.kind == "place" and m.card % 13 != 9)
    spots = sequence_spots(legal, card)
    image = rgb(render.render_png(view, seat, spots=spots, selected=card, cache=None))
    assert _markers(image) == {m.cell for m in legal if m.card == card and m.cell is not None}
    index = view.hands[seat].index(card)
    x0, y0, _, y1 = render.hand_card_box(index)
    assert near(pixel(image, (x0 - 3, (y0 + y1) / 2)), style.HIGHLIGHT)


def test_two_seats_differ_only_in_their_own_hands(midgame: SequenceState) -> None:
    images = [render.picture(render.scene(GAME.view_for(midgame, s), s)) for s in (0, 1)]
    assert midgame.hands[0] != midgame.hands[1]
    assert not same_region(images[0], images[1], render.HAND_REGION)
    x0 = int(render.HAND_REGION[0])
    for box in ((0, 0, x0, 900), (x0, 0, 1200, render.HAND_REGION[1])):
        assert same_region(images[0], images[1], box)


def test_an_unredacted_state_draws_exactly_what_the_view_draws(midgame: SequenceState) -> None:
    """Even handed the full state (others' hands, the draw pile, the seed) by
    mistake, the image is the seat's view's image, byte for byte."""
    for seat in (0, 1, None):
        leaked = render.render_png(midgame, seat, cache=None)
        assert leaked == render.render_png(GAME.view_for(midgame, seat), seat, cache=None)


def test_spectators_see_no_hand(midgame: SequenceState) -> None:
    image = rgb(render.render_png(GAME.view_for(midgame, None), None, cache=None))
    x0, y0, x1, y1 = render.hand_card_box(0)
    assert near(pixel(image, ((x0 + x1) / 2, (y0 + y1) / 2)), style.PANEL)
    assert "Hand of" not in render.render_text(GAME.view_for(midgame, None), None)


@pytest.mark.parametrize("board", ["app", "classic"])
def test_squares_show_the_layouts_cards(board: str) -> None:
    """The card labels of squares of one card look alike and those of different
    cards do not: the picture follows the layout, for both layouts."""
    view = GAME.view_for(
        GAME.initial_state(TableConfig(game="sequence", seed=5, options={"board": board})), None
    )
    image = rgb(render.render_png(view, None, cache=None))
    crops: dict[bytes, set[int]] = {}
    for cell in range(CELLS):
        x0, y0, x1, _ = render.cell_box(cell)
        label_area = (int(x0), int(y0), int(x1), int(y0 + render.CELL * 0.4))
        crops.setdefault(image.crop(label_area).tobytes(), set()).add(cell)
    cards = BOARDS[board].cards
    expected = {frozenset(c for c in range(CELLS) if cards[c] == card) for card in set(cards)}
    assert {frozenset(cells) for cells in crops.values()} == expected
    first_row = _grid(render.render_text(view, None))[0]
    assert first_row == ["**"] + [label(c) for c in cards[1:9]] + ["**"]


def test_three_teams_draw_green(midgame: SequenceState) -> None:
    state = _state(seed=1, moves=30, teamCount=3)
    image = rgb(render.render_png(GAME.view_for(state, 2), 2, cache=None))
    green = [c for c in range(CELLS) if state.chips[c] == 2]
    assert green
    for cell in green:
        assert near(pixel(image, render.chip_probe(cell)), TEAM_STYLES[2].fill)


def test_text_and_image_agree(midgame: SequenceState) -> None:
    seat = GAME.to_move(midgame)
    assert seat is not None
    view = GAME.view_for(midgame, seat)
    spots = sequence_spots(GAME.view_legal_moves(view, seat))
    text = render.render_text(view, seat, spots=spots, names=NAMES)
    image = rgb(render.render_png(view, seat, spots=spots, names=NAMES, cache=None))
    plain = rgb(render.render_png(view, seat, names=NAMES, cache=None))

    letters = {s.letter: team for team, s in enumerate(TEAM_STYLES)}
    for row, tokens in enumerate(_grid(text)):
        assert len(tokens) == 10
        for col, token in enumerate(tokens):
            cell = row * 10 + col
            if token == "**":
                assert midgame.board.cards[cell] == FREE
            elif token[0] in letters and parse_code(token) is None:
                team = letters[token[0]]
                assert near(pixel(plain, render.chip_probe(cell)), TEAM_STYLES[team].fill)
                assert ("*" in token) == (
                    not near(pixel(plain, _tile_probe(cell)), style.CARD_FACE)
                )
            else:
                assert near(pixel(plain, render.chip_probe(cell)), style.CARD_FACE)

    hand = re.search(r"Hand of \w+: (.*)\.", text)
    assert hand is not None
    assert hand.group(1).split() == [label(c) for c in view.hands[seat]]
    for i in range(len(view.hands[seat]) + 1):
        x0, _, _, y1 = render.hand_card_box(i)
        drawn = near(pixel(image, (x0 + 6, y1 - 6)), style.CARD_FACE, 4)
        assert drawn == (i < len(view.hands[seat])), i

    choices = re.search(r"Squares to choose: (.*)\.", text)
    assert choices is not None
    listed = [int(n) for n in choices.group(1).split()]
    assert listed == [number for number, _ in spots.numbered()]
    assert _markers(image) == set(listed)


def test_the_cache_draws_an_unchanged_board_once(midgame: SequenceState) -> None:
    cache = PngCache()
    view = GAME.view_for(midgame, 0)
    first = render.render_png(view, 0, cache=cache)
    view.log = [*view.log, "a line the image does not show"]
    assert render.render_png(view, 0, cache=cache) is first
    assert cache.stats().hits == 1
    view.chips = view.chips[:]
    view.chips[next(c for c in range(CELLS) if view.chips[c] < 0 and c not in (0, 9, 90, 99))] = 1
    assert render.render_png(view, 0, cache=cache) != first
    assert cache.stats().misses == 2


def test_game_over_says_who_won() -> None:
    state = _state(seed=3, moves=200)
    assert state.winner == 1
    text = render.render_text(GAME.view_for(state, 0), 0)
    assert "Orange wins" in text.splitlines()[0]
