"""What the terminal's pictures share: cards as the app's JSON names them,
and who a seat or a team is to the person looking."""

from collections.abc import Sequence
from typing import Any

from frontends.terminal.pictures import Seen
from frontends.terminal.pictures.canvas import colour_name, paint, seat_ink
from frontends.terminal.words import seat_name
from languages import _

_RANKS = {
    "TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5", "SIX": "6", "SEVEN": "7", "EIGHT": "8",
    "NINE": "9", "TEN": "10", "JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A",
}  # fmt: skip
SUITS = {"CLUBS": "♣", "DIAMONDS": "♦", "HEARTS": "♥", "SPADES": "♠"}


def card(value: Any) -> str:
    if not isinstance(value, dict):
        return "—"
    return _RANKS.get(str(value.get("rank")), "?") + SUITS.get(str(value.get("suit")), "?")


def cards(values: Sequence[Any]) -> str:
    return " ".join(card(c) for c in values) or _("(none)")


def who(seen: Seen, seat: int) -> str:
    """ "you", or the seat's name."""
    return _("you") if seat == seen.seat else seat_name(seen.names, seat)


def team(seen: Seen, index: int) -> str:
    """A team by its colour (in colour on a terminal), as every frontend shows it."""
    return paint(_(colour_name(index)), "1;" + seat_ink(index), seen.colour)


def score_line(scores: Sequence[int], seen: Seen) -> str:
    """ "Blue 7 · Orange 3": highest first, so the leader reads first."""
    ranked = sorted(range(len(scores)), key=lambda t: (-scores[t], t))
    return " · ".join(f"{team(seen, t)} {scores[t]}" for t in ranked)


def result(scores: Sequence[int], winner: int, seen: Seen) -> str:
    """ "Blue wins 10–7": the winner and its score first."""
    ranked = sorted(enumerate(scores), key=lambda pair: -pair[1])
    others = "–".join(str(score) for t, score in ranked if t != winner)
    said = _("{team} wins {score}–{others}.")
    return said.format(team=team(seen, winner), score=scores[winner], others=others)
