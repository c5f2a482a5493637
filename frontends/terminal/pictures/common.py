"""What the terminal's pictures share: cards as the app's JSON names them,
and the last lines of a game's log."""

from collections.abc import Sequence
from typing import Any

_RANKS = {
    "TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5", "SIX": "6", "SEVEN": "7", "EIGHT": "8",
    "NINE": "9", "TEN": "10", "JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A",
}  # fmt: skip
SUITS = {"CLUBS": "♣", "DIAMONDS": "♦", "HEARTS": "♥", "SPADES": "♠"}
_LOG_LINES = 6


def card(value: Any) -> str:
    if not isinstance(value, dict):
        return "—"
    return _RANKS.get(str(value.get("rank")), "?") + SUITS.get(str(value.get("suit")), "?")


def cards(values: Sequence[Any]) -> str:
    return " ".join(card(c) for c in values) or "(none)"


def log(view: dict[str, Any]) -> list[str]:
    lines = [str(line) for line in view.get("log", [])][-_LOG_LINES:]
    return ["", *(f"  | {line}" for line in lines)] if lines else []
