"""The terminal's text pictures, drawn from the wire JSON as a phone receives it."""

import pytest

from engine.protocol import TableConfig
from engine.registry import game_ids, get_game
from frontends.terminal import pictures
from frontends.terminal.pictures import Seen, generic, picture_for
from frontends.terminal.render import is_over, render


def view_json(game_id: str, seat: int) -> str:
    game = get_game(game_id)
    state = game.initial_state(TableConfig(game=game_id, seed=1786000000123))
    return game.encode_view(game.view_for(state, seat))


NAMES = ("Ana", "Bo", "Cy", "Di")


def test_euchre_shows_the_up_card_and_only_the_viewers_hand_in_peoples_words() -> None:
    text = render("euchre", view_json("euchre", 1), Seen(1, NAMES))
    assert text.startswith("Euchre · hand 1 · Ana dealt · bidding: order up the turned card")
    assert "Score: Blue 0 · Orange 0 · first to 10 · you play for Orange with Di" in text
    assert "Turned up: J♠" in text
    assert "Your hand: A♦ 9♦ J♥ J♦ K♦" in text
    assert "BID_ROUND" not in text and "seat" not in text


def test_sequence_draws_the_apps_board_with_chips() -> None:
    text = render("sequence", view_json("sequence", 1), Seen(1, NAMES))
    rows = text.splitlines()
    assert rows[2].split() == ["0", "··", "10♣", "6♦", "4♣", "7♣", "8♥", "9♠", "10♣", "10♥", "··"]
    assert "Your hand: 10♠ 3♥ J♣ K♦ J♠ A♠ 7♦" in text
    assert text.startswith("Sequence · you play for Orange") and "Ana to play." in text
    own = render("sequence", view_json("sequence", 0), Seen(0, NAMES))
    assert not own.endswith("to play."), "at our turn the menu under it says so, once"


def test_katan_lists_seats_in_colours_hand_and_the_island() -> None:
    text = render("katan", view_json("katan", 2), Seen(2, NAMES))
    assert text.startswith("Katan · setting up · first to 10 points\nWaiting for Ana to place")
    assert "  White (w) you: 0 points, 0 cards, 0 development cards, road 0" in text
    assert "▶ Blue (b) Ana: 0 points" in text and "your hand: nothing" in text
    assert "lumber" in text and "robber" in text and "3:1" in text
    assert max(len(line) for line in text.splitlines() if "·" in line or "|" in line) <= 80


def test_the_end_is_the_final_phase_of_each_game() -> None:
    assert is_over('{"phase":"GAME_OVER"}') and is_over('{"phase":"over"}')
    assert not is_over('{"phase":"PLAYING"}') and not is_over("not json")


def test_every_registered_game_has_a_picture_and_a_strangers_game_a_summary() -> None:
    for game_id in game_ids():
        assert picture_for(game_id) is not generic
        assert render(game_id, view_json(game_id, 0), Seen(0))
    text = render("chess", '{"phase":"move","turn":3,"seed":9,"log":["e4"]}', Seen(1))
    assert text.startswith("Seat 2: phase move, turn 3") and "seed" not in text


def test_a_registered_game_without_a_picture_module_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pictures, "game_ids", lambda: ("katan", "go"))
    pictures.picture_for.cache_clear()
    try:
        with pytest.raises(pictures.NoPicture, match=r"frontends\.terminal\.pictures\.go"):
            pictures.picture_for("go")
    finally:
        pictures.picture_for.cache_clear()
