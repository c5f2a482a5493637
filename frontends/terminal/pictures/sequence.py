"""Sequence from the app's JSON: the board as rows of cells and the hand."""

from collections.abc import Sequence
from typing import Any

from engine.cards import label
from engine.sequence.board import BOARDS, FREE
from frontends.terminal.pictures.common import card, cards, log


def _board_labels(view: dict[str, Any]) -> list[str]:
    """The card printed on each cell, from the engine's copy of the board in play."""
    board = BOARDS.get(view["options"].get("board", "app"), BOARDS["app"])
    return ["··" if c == FREE else label(c) for c in board.cards]


def _cell(view: dict[str, Any], index: int, board: Sequence[str]) -> str:
    chip = int(view["chips"][index])
    if chip >= 0:
        return f"{{{chip}}}" if view["locked"][index] else f"[{chip}]"
    return board[index]


def picture(view: dict[str, Any], seat: int) -> str:
    """The board as 10 rows of cells: a card, `[t]` a team's chip, `{t}` a locked one."""
    board = _board_labels(view)
    teams = view["teams"]
    lines = [
        f"Sequence · you are team {teams[seat]} · sequences {view['sequencesByTeam']}"
        f" · first to {view['options']['sequencesToWin']} · {view['phase']}",
        "     " + " ".join(f"{c:>4}" for c in range(10)),
    ]
    for row in range(10):
        cells = " ".join(f"{_cell(view, row * 10 + c, board):>4}" for c in range(10))
        lines.append(f"{row * 10:>3}  {cells}")
    discard = view.get("discardPile") or []
    lines.append(f"Last discard: {card(discard[-1]) if discard else '(none)'}")
    if view.get("lastPlacedCell") is not None:
        lines.append(f"Last chip placed on {view['lastPlacedCell']}")
    lines.append(f"Your hand (seat {seat}): {cards(view['hands'][seat])}")
    return "\n".join(lines + log(view))
