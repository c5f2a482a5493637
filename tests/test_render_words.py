"""People's words for the engines' narration (renderers.words.spoken), shared
by the chat, the terminal and the daemon's replays."""

from renderers.words import spoken


def test_seats_and_teams_are_named_and_the_apps_plurals_mended() -> None:
    names = ("Ana", "", "Cy")
    said = "Seat 0 passes; seat 1's turn. Team 1 took 3 tricks for 1 point(s); team 0 scores 2."
    assert spoken(said, names) == (
        "Ana passes; seat 2's turn. Orange took 3 tricks for 1 point; Blue scores 2."
    )


def test_a_number_that_is_no_seat_or_team_is_left_alone() -> None:
    assert spoken("Seat 7 and Team 9 for 2 point(s).", ("Ana", "Bo")) == (
        "Seat 7 and Team 9 for 2 points."
    )


def test_a_frontend_may_word_teams_its_own_way() -> None:
    said = spoken("Team 0 wins; the team 1 side lost.", (), lambda team: f"team {team + 1}")
    assert said == "Team 1 wins; the team 2 side lost."
