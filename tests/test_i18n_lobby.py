"""The lobby's settings name every option a game shows there from a marked
table (`lobby.OPTION_NAMES`), so a new option of any game fails here until it
has a name to translate, and a German lobby reads German names."""

from typing import Literal, get_origin

from engine.registry import game_ids, get_game
from frontends.chat.lobby import OPTION_NAMES, _words
from languages import speaking


def test_every_option_the_settings_show_has_a_marked_name() -> None:
    shown = {
        name
        for game in game_ids()
        for name, info in get_game(game).Options.model_fields.items()
        if info.annotation in (bool, int) or get_origin(info.annotation) is Literal
    }
    assert shown == set(OPTION_NAMES), shown ^ set(OPTION_NAMES)


def test_a_german_lobby_names_the_options_in_german() -> None:
    assert _words("points_to_win") == "Points to win"
    with speaking("de"):
        assert _words("points_to_win") == "Punkte zum Sieg"
        assert _words("stick_the_dealer") == "Geber muss bestellen"
