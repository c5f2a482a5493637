"""The Euchre table image and text, judged by what they show where."""

import re

import pytest
from PIL import Image
from render_probe import near, pixel, read_marker, rgb, same_region

from engine.cards import Rank, Suit, card, label
from engine.euchre.moves import (
    DEFEND_ALONE,
    PASS,
    CallTrump,
    Discard,
    EuchreMove,
    OrderUp,
    PlayCard,
)
from engine.euchre.state import EuchreState, Phase
from engine.protocol import TableConfig
from engine.registry import get_game
from renderers import euchre as render
from renderers import style
from renderers.euchre import euchre_spots

GAME = get_game("euchre")
SEED = 1786000000123
NAMES = ["Ana", "Bo", "Cy", "Dee"]
NINE_CLUBS = card(Rank.NINE, Suit.CLUBS)


def _after(*moves: EuchreMove) -> EuchreState:
    """The app's documented deal (NATIVE §5.2.9) after these moves, in turn order."""
    state: EuchreState = GAME.initial_state(TableConfig(game="euchre", seed=SEED))
    for move in moves:
        seat = GAME.to_move(state)
        assert seat is not None
        state = GAME.apply(state, seat, move).state
    return state


def _first_legal(state: EuchreState, count: int) -> EuchreState:
    for _ in range(count):
        seat = GAME.to_move(state)
        assert seat is not None
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0]).state
    return state


@pytest.fixture(scope="module")
def playing() -> EuchreState:
    """Seat 3 ordered up spades, the dealer dropped 9♣, seat 1 led: two cards down."""
    state = _first_legal(_after(PASS, PASS, OrderUp(False), Discard(NINE_CLUBS)), 2)
    assert state.phase is Phase.PLAYING and len(state.trick) == 2
    return state


def _back_probe(pos: int, index: int, count: int) -> tuple[float, float]:
    x0, y0, _, _ = render.back_box(pos, index, count)
    return (x0 + 4, y0 + 39) if pos == render.NORTH else (x0 + 39, y0 + 4)


def _backs_shown(image: Image.Image, pos: int) -> int:
    """How many backs a hidden hand shows: backs overlap by a fixed step, so the
    run of non-felt pixels across the hand's region gives the count."""
    x0, y0, x1, y1 = render.backs_region(pos)
    if pos == render.NORTH:
        line = [(float(x), (y0 + y1) / 2) for x in range(int(x0), int(x1))]
    else:
        line = [((x0 + x1) / 2, float(y)) for y in range(int(y0), int(y1))]
    covered = [i for i, at in enumerate(line) if not near(pixel(image, at), render.TABLE_FELT, 8)]
    if not covered:
        return 0
    extent = covered[-1] - covered[0] + 1
    return round((extent - render.BACK_SHORT) / render.BACK_STEP) + 1


def _face(image: Image.Image, box: tuple[float, float, float, float], tolerance: int = 4) -> bool:
    x0, _, _, y1 = box
    return near(pixel(image, (x0 + 6, y1 - 6)), style.CARD_FACE, tolerance)


def test_viewer_sees_its_own_faces_and_only_backs_elsewhere(playing: EuchreState) -> None:
    for seat in range(4):
        image = rgb(render.render_png(GAME.view_for(playing, seat), seat, cache=None))
        hand = playing.hands[seat]
        for i in range(len(hand)):
            assert _face(image, render.hand_card_box(i, len(hand)))
        for other in range(4):
            if other == seat:
                continue
            pos = (other - seat) % 4
            count = playing.hand_counts[other]
            for i in range(count):
                assert near(pixel(image, _back_probe(pos, i, count)), style.CARD_BACK)
            assert _backs_shown(image, pos) == count
            x0, y0, x1, y1 = render.backs_region(pos)
            assert not _face(image, (x0, y0, x1, y1))


def test_an_unredacted_state_draws_exactly_what_the_view_draws(playing: EuchreState) -> None:
    for seat in (0, 1, 2, 3, None):
        leaked = render.render_png(playing, seat, cache=None)
        assert leaked == render.render_png(GAME.view_for(playing, seat), seat, cache=None)


def test_two_seats_show_hidden_hands_identically() -> None:
    """Seats 0 and 2 hold different cards; where each sees the other seats'
    hands (five cards each, before the first lead), the two pictures agree."""
    state = _after(PASS, PASS, OrderUp(False), Discard(NINE_CLUBS))
    assert state.hand_counts == [5, 5, 5, 5] and state.hands[0] != state.hands[2]
    images = [render.picture(render.scene(GAME.view_for(state, s), s)) for s in (0, 2)]
    for pos in (render.WEST, render.NORTH, render.EAST):
        assert same_region(images[0], images[1], render.backs_region(pos))
    assert not same_region(images[0], images[1], (20, render.HAND_Y, 880, 880))


def test_markers_on_exactly_the_playable_cards_with_menu_numbers() -> None:
    state = _first_legal(_after(PASS, PASS, OrderUp(False), Discard(NINE_CLUBS)), 3)
    seat = GAME.to_move(state)
    assert seat is not None
    view = GAME.view_for(state, seat)
    legal = GAME.view_legal_moves(view, seat)
    spots = euchre_spots(legal, view.hands[seat])
    playable = {m.card for m in legal if isinstance(m, PlayCard)}
    assert 0 < len(playable) < len(view.hands[seat]), "some cards must be unplayable here"
    image = rgb(render.render_png(view, seat, spots=spots, cache=None))
    hand = view.hands[seat]
    for i, c in enumerate(hand):
        cx, cy = render.marker_centre(i, len(hand))
        ring = pixel(image, (cx + render.MARKER_RADIUS * 0.9, cy))
        assert near(ring, style.MARKER_EDGE) == (c in playable), label(c)
        assert _face(image, render.hand_card_box(i, len(hand))) == (c in playable)
        if c in playable:
            number = read_marker(image, (cx, cy), render.MARKER_RADIUS, range(1, 6))
            assert number == i + 1, "a card's number is its place in the hand"
            assert spots.moves_at(number) == (PlayCard(c),)


def test_the_dealer_discarding_has_six_numbered_cards() -> None:
    state = _after(PASS, PASS, OrderUp(False))
    view = GAME.view_for(state, 0)
    spots = euchre_spots(GAME.view_legal_moves(view, 0), view.hands[0])
    assert len(spots) == 6
    image = rgb(render.render_png(view, 0, spots=spots, cache=None))
    for i in range(6):
        cx, cy = render.marker_centre(i, 6)
        assert read_marker(image, (cx, cy), render.MARKER_RADIUS, range(1, 7)) == i + 1


def test_up_card_then_turned_down_card() -> None:
    bidding = GAME.view_for(_after(), 1)
    image = rgb(render.render_png(bidding, 1, cache=None))
    assert _face(image, render.UP_CARD_BOX)
    assert "Up card: J♠" in render.render_text(bidding, 1)

    round_two = GAME.view_for(_after(PASS, PASS, PASS, PASS), 1)
    assert round_two.phase is Phase.BID_ROUND_2
    image = rgb(render.render_png(round_two, 1, cache=None))
    assert not _face(image, render.UP_CARD_BOX), "the turned-down card is greyed"
    assert not _face(image, render.UP_CARD_BOX, 0)
    assert "Turned down: J♠" in render.render_text(round_two, 1)


def test_completed_trick_shows_who_took_it() -> None:
    state = _first_legal(_after(PASS, PASS, OrderUp(False), Discard(NINE_CLUBS)), 4)
    assert not state.trick and len(state.completed_trick) == 4
    winner = state.last_trick_winner
    assert winner is not None
    image = rgb(render.render_png(GAME.view_for(state, 0), 0, cache=None))
    for seat in range(4):
        x0, y0, _, y1 = render.trick_box((seat - 0) % 4)
        ring = pixel(image, (x0 - 2, (y0 + y1) / 2))
        assert near(ring, style.HIGHLIGHT) == (seat == winner)
    text = render.render_text(GAME.view_for(state, 0), 0, names=NAMES)
    assert f"Last trick, taken by {NAMES[winner]}" in text


def test_lone_hand_sits_the_partner_out() -> None:
    state = _after(PASS, PASS, PASS, PASS, CallTrump(Suit.HEARTS, True))
    maker = state.maker
    assert maker == 1 and state.alone_seat == 1
    partner = 3
    image = rgb(render.render_png(GAME.view_for(state, 0), 0, cache=None))
    assert _backs_shown(image, (partner - 0) % 4) == 0
    assert _backs_shown(image, (maker - 0) % 4) == 5
    text = render.render_text(GAME.view_for(state, 0), 0)
    assert "Maker: Seat 2, alone" in text and "Seat 4 Orange 0 cards 0 tricks (sits out)" in text


def test_text_and_image_agree(playing: EuchreState) -> None:
    seat = GAME.to_move(playing)
    assert seat is not None
    view = GAME.view_for(playing, seat)
    text = render.render_text(view, seat, names=NAMES)
    image = rgb(render.render_png(view, seat, names=NAMES, cache=None))

    counts = dict(re.findall(r"(\w+) (?:Blue|Orange) (\d+) cards?", text))
    for other, name in enumerate(NAMES):
        if other != seat:
            assert _backs_shown(image, (other - seat) % 4) == int(counts[name])
    trick = re.search(r"Trick: (.*)\.", text)
    assert trick is not None
    on_table = {NAMES.index(p.split()[0]) for p in trick.group(1).split(", ")}
    assert on_table == {p.seat for p in playing.trick}
    for other in range(4):
        assert _face(image, render.trick_box((other - seat) % 4)) == (other in on_table)
    hand = re.search(r"Hand of \w+: (.*)\.", text)
    assert hand is not None
    assert hand.group(1).split() == [label(c) for c in view.hands[seat]]
    assert "trump ♠" in text and "Maker: Dee" in text


def test_spectator_sees_seat_zero_at_the_bottom_face_down(playing: EuchreState) -> None:
    view = GAME.view_for(playing, None)
    image = rgb(render.render_png(view, None, cache=None))
    count = playing.hand_counts[0]
    for i in range(count):
        x0, y0, x1, _ = render.hand_card_box(i, count)
        assert near(pixel(image, ((x0 + x1) / 2, y0 + 8)), style.CARD_BACK)
    assert "Hand of" not in render.render_text(view, None)


def test_a_whole_game_renders_in_every_phase() -> None:
    config = TableConfig(game="euchre", seed=7, options={"pointsToWin": 3})
    state = GAME.initial_state(config)
    players = [GAME.player("random", seat) for seat in range(4)]
    seen: set[Phase] = set()
    for step in range(2000):
        if step % 7 == 0 or GAME.is_finished(state) or state.phase not in seen:
            seen.add(state.phase)
            seat = GAME.to_move(state)
            render.render_png(GAME.view_for(state, seat), seat, cache=None)
            assert render.render_text(GAME.view_for(state, seat), seat)
        if GAME.is_finished(state):
            break
        if GAME.can_advance(state):
            state = GAME.advance(state).state
            continue
        seat = GAME.to_move(state)
        assert seat is not None
        view = GAME.view_for(state, seat)
        move = players[seat].choose(view, seat, GAME.view_legal_moves(view, seat))
        state = GAME.apply(state, seat, move).state
    assert seen >= {Phase.BID_ROUND_1, Phase.PLAYING, Phase.HAND_OVER, Phase.GAME_OVER}
    assert "wins" in render.render_text(GAME.view_for(state, None), None)


def test_a_lone_defender_sits_its_partner_out() -> None:
    """The `defendAlone` toggle (RULINGS 13): both partners of the lone players
    sit out, and a seat sitting out has no hand to draw."""
    config = TableConfig(game="euchre", seed=SEED, options={"defendAlone": True})
    state = GAME.initial_state(config)
    for move in (PASS, PASS, PASS, PASS, CallTrump(Suit.HEARTS, True)):
        seat = GAME.to_move(state)
        assert seat is not None
        state = GAME.apply(state, seat, move).state
    assert state.phase is Phase.DEFEND_ALONE
    assert "Seat 3 to choose" in render.render_text(GAME.view_for(state, 2), 2)
    state = GAME.apply(state, 2, DEFEND_ALONE).state
    view = GAME.view_for(state, 0)
    image = rgb(render.render_png(view, 0, cache=None))
    assert not _face(image, render.hand_card_box(0, 5))
    assert _backs_shown(image, render.NORTH) == 5 and _backs_shown(image, render.WEST) == 5
    assert _backs_shown(image, render.EAST) == 0
    text = render.render_text(view, 0)
    assert "Defends alone: Seat 3" in text and "Seat 1 Blue 0 cards 0 tricks (sits out)" in text
