"""`plgames play` in German through a pseudo-terminal: the environment's
LANG chooses the language, `--language` overrides it, and `language en` at
the prompt switches the session; Katan's picture (with both expansions) is
German too, legend, seats, barbarians and sea."""

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

from test_terminal_pty import read_until


def play(
    tmp_path: Path, env: dict[str, str], *flags: str, game: str = "euchre"
) -> tuple[int, subprocess.Popen[bytes]]:
    main, child = pty.openpty()
    socket = str(tmp_path / "none.sock")  # no daemon there: the table is hosted in-process
    command = ["play", game, "--socket", socket, "--think", "0", "--name", "Tess", *flags]
    process = subprocess.Popen(
        [sys.executable, "-m", "daemon.cli", *command],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        close_fds=True,
    )
    os.close(child)
    return main, process


def environment(**overrides: str) -> dict[str, str]:
    kept = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return {**kept, "NO_COLOR": "1", **overrides}


def test_a_german_terminal_reads_german_and_switches_to_english(tmp_path: Path) -> None:
    main, process = play(tmp_path, environment(LANG="de_DE.UTF-8"))
    try:
        shown = read_until(main, b"move> ").decode()
        assert "Das Spiel beginnt. In Spielreihenfolge:" in shown and "Tess (du)" in shown
        assert "Deine Hand:" in shown and "Stand:" in shown and "Du bist am Zug." in shown
        moves = ("Passen", "spielen", "ablegen")  # a bid, a card, or the dealer's discard
        assert any(word in shown for word in moves), "the moves in German"
        assert "Your hand" not in shown and "Your move" not in shown
        os.write(main, b"hilfe\n")
        assert "ist kein Zug: tipp" in read_until(main, b"move> ").decode()
        os.write(main, b"language en\n")
        assert "From now on I speak English with you." in read_until(main, b"move> ").decode()
        os.write(main, b"quit\n")
        said = read_until(main, b"ends here.").decode()
        assert "You left. The table was running in this terminal, so it ends here." in said
        assert process.wait(30) == 0
    finally:
        process.kill()
        os.close(main)


def test_the_language_flag_overrides_the_environment(tmp_path: Path) -> None:
    main, process = play(tmp_path, environment(LANG="en_US.UTF-8"), "--language", "de")
    try:
        shown = read_until(main, b"move> ").decode()
        assert "Du bist am Zug." in shown and "Your move" not in shown
        os.write(main, b"quit\n")
        assert "Du bist gegangen." in read_until(main, b"endet er hier.").decode()
        assert process.wait(30) == 0
    finally:
        process.kill()
        os.close(main)


def test_a_german_terminal_draws_katan_with_its_expansions_in_german(tmp_path: Path) -> None:
    rules = ("--option", "expansions=cities_and_knights,seafarers", "--option", "map=four_islands")
    main, process = play(tmp_path, environment(LANG="de_DE.UTF-8"), *rules, game="katan")
    try:
        shown = read_until(main, b"move> ").decode()
        assert "Katan (Städte & Ritter + Seefahrer) · Aufbau · Ziel 14 Punkte" in shown
        assert "Brett: b Straße, B Siedlung, BB Stadt, # Stadtmauer, * Metropole" in shown
        assert "(der Buchstabe ist die Farbe)." in shown
        assert "Barbaren 7 Schritte entfernt · Angriffe bisher 0" in shown
        assert "Ausbauten Handel 0, Politik 0, Wissenschaft 0 · 0 Stadtmauern" in shown
        assert "Du bist dran: eine Siedlung setzen." in shown
        assert "Meer: " in shown and "deine Hand: nichts" in shown
        for english in ("Board:", "Waiting for", "Barbarians", "tracks trade", "your hand"):
            assert english not in shown, english
        os.write(main, b"language en\n")
        read_until(main, b"move> ")
        os.write(main, b"show\n")
        again = read_until(main, b"move> ").decode()
        assert "Board: b road" in again and "Waiting for you to place a settlement." in again
        os.write(main, b"quit\n")
        assert process.wait(30) == 0
    finally:
        process.kill()
        os.close(main)


SPOT = re.compile(r"\x1b\[1;97;45m#?(\d+)\x1b\[0m")
"""A number the board offers, as a terminal in colour shows it."""


def test_a_german_terminal_lists_sequence_moves_in_german_and_takes_their_numbers(
    tmp_path: Path,
) -> None:
    main, process = play(tmp_path, environment(LANG="de_DE.UTF-8"), game="sequence")
    try:
        shown = read_until(main, b"move> ").decode()
        first = re.search(r"^ +1\. (\S+) auf Feld (\d+) spielen\r?$", shown, re.MULTILINE)
        assert first, shown[-1500:]
        assert " on " not in shown.split("Du bist am Zug.")[-1], "no English move in the list"
        os.write(main, b"1\n")
        card, square = first.groups()
        assert f"Tess spielt {card} auf Feld {square}." in read_until(main, b"move> ").decode()
        os.write(main, b"quit\n")
        assert process.wait(30) == 0
    finally:
        process.kill()
        os.close(main)


def test_a_german_terminal_lists_katan_moves_in_german_and_takes_board_numbers(
    tmp_path: Path,
) -> None:
    """Both rounds of setup by the numbers drawn on the board (in colour, so
    the offered ones can be read), then the first turn's letters."""
    colour = {k: v for k, v in environment(LANG="de_DE.UTF-8").items() if k != "NO_COLOR"}
    main, process = play(tmp_path, colour, game="katan")
    try:
        shown = read_until(main, b"move> ").decode()
        for _round in range(2):
            assert re.search(r"^  Siedlung bauen: (\d+ Orte|[\d, ]+)", shown, re.MULTILINE)
            crossing = SPOT.findall(shown.split("Katan ·")[-1])[-1]
            os.write(main, f"{crossing}\n".encode())
            shown = read_until(main, b"move> ").decode()
            assert f"Tess baut eine Siedlung auf Kreuzung {crossing}." in shown
            roads = re.search(r"^  Straße bauen: (\d+)", shown, re.MULTILINE)
            assert roads, shown[-1500:]
            os.write(main, f"{roads.group(1)}\n".encode())
            shown = read_until(main, b"move> ").decode()
        assert re.search(r"^ +a\. Würfeln\r?$", shown, re.MULTILINE), shown[-1500:]
        os.write(main, b"a\n")
        shown = read_until(main, b"move> ").decode()
        assert "Zug beenden" in shown or "Räuber versetzen auf Feld" in shown, shown[-1500:]
        listing = shown.split("Du bist am Zug.")[-1]
        for english in ("end turn", "build road", "move robber", "buy a development card"):
            assert english not in listing, english
        os.write(main, b"quit\n")
        assert process.wait(30) == 0
    finally:
        process.kill()
        os.close(main)
