"""Narration: a run of events becomes a few readable lines."""

from engine.protocol import Event
from frontends.chat.narration import narrate

NAMES = ("Ana", "Bo", "Cy", "Di")


def test_a_run_of_ai_plays_is_one_line_with_names() -> None:
    events = [
        Event("play", "Seat 1 plays 9♠.", 1),
        Event("play", "Seat 2 plays A♠.", 2),
        Event("play", "Seat 3 plays 10♠.", 3),
        Event("trick", "Seat 2 takes the trick.", 2),
    ]
    assert narrate(events, NAMES) == [
        "Bo plays 9♠; Cy plays A♠; Di plays 10♠.",
        "Cy takes the trick.",
    ]


def test_twenty_moves_become_a_few_lines_latest_kept() -> None:
    kinds = ("roll", "produce", "build", "end_turn")
    events = [Event(kinds[i % 4], f"Seat {i % 4} did thing {i}", i % 4) for i in range(20)]
    lines = narrate(events, NAMES, max_lines=4)
    assert len(lines) == 5
    assert lines[0] == "… 16 earlier lines of play."
    assert lines[-1] == "Di did thing 19."


def test_repeats_are_dropped_and_long_lines_split() -> None:
    same = [Event("pass", "Seat 1 passes.", 1)] * 3
    assert narrate(same, NAMES) == ["Bo passes."]
    long = [Event("produce", f"Seat {i % 4} received {'x' * 60} {i}", i % 4) for i in range(8)]
    lines = narrate(long, NAMES, max_lines=0)
    assert len(lines) > 1 and all(len(line) < 400 for line in lines)


def test_a_character_budget_keeps_the_newest() -> None:
    events = [Event(f"k{i}", f"Seat 0 did {i} " + "y" * 40, 0) for i in range(10)]
    lines = narrate(events, NAMES, max_chars=200)
    assert len("\n".join(lines)) <= 200
    assert lines[-1].startswith("Ana did 9")
    assert lines[0].startswith("…")


def test_nothing_to_say() -> None:
    assert narrate([], NAMES) == []
    assert narrate([Event("x", "  ", None)], NAMES) == []


def test_the_apps_team_lines_read_with_colours_and_plain_plurals() -> None:
    events = [
        Event("hand_scored", "Team 0 took 3 tricks for 1 point(s).", None),
        Event("euchred", "Team 1 is euchred — team 0 scores 2.", None),
        Event("game_over", "Team 1 took 5 tricks for 2 point(s).", None),
    ]
    assert narrate(events, NAMES) == [
        "Blue took 3 tricks for 1 point.",
        "Orange is euchred — Blue scores 2.",
        "Orange took 5 tricks for 2 points.",
    ]
