"""Sequence from the app's JSON: the board as rows of cells and the hand."""

from collections.abc import Sequence
from typing import Any

from engine.cards import label
from engine.sequence.board import BOARDS, FREE
from frontends.terminal.pictures import Seen
from frontends.terminal.pictures.canvas import letter, paint, seat_ink
from frontends.terminal.pictures.common import card, cards, result, score_line, team, who
from languages import _


def _board_labels(view: dict[str, Any]) -> list[str]:
    """The card printed on each cell, from the engine's copy of the board in play."""
    board = BOARDS.get(view["options"].get("board", "app"), BOARDS["app"])
    return ["··" if c == FREE else label(c) for c in board.cards]


def _cell(view: dict[str, Any], index: int, board: Sequence[str], seen: Seen) -> str:
    """A card, or a team's chip as its colour's letter (`[b]`, `{b}` locked)."""
    chip = int(view["chips"][index])
    if chip < 0:
        return f"{board[index]:>4}"
    mark = f"{{{letter(chip)}}}" if view["locked"][index] else f"[{letter(chip)}]"
    return " " + paint(mark, "1;" + seat_ink(chip), seen.colour)


def picture(view: dict[str, Any], seen: Seen) -> str:
    """The board as 10 rows of cells: a card, `[b]` a Blue chip, `{b}` a locked one."""
    board = _board_labels(view)
    teams = view["teams"]
    sequences = view["sequencesByTeam"]
    head = _("Sequence · you play for {team} · sequences {scores} · first to {target}")
    lines = [
        head.format(
            team=team(seen, teams[seen.seat]),
            scores=score_line(sequences, seen),
            target=view["options"]["sequencesToWin"],
        ),
        "     " + " ".join(f"{c:>4}" for c in range(10)),
    ]
    for row in range(10):
        cells = " ".join(_cell(view, row * 10 + c, board, seen) for c in range(10))
        lines.append(f"{row * 10:>3}  {cells}")
    discard = view.get("discardPile") or []
    last = card(discard[-1]) if discard else _("(none)")
    lines.append(_("Last card played: {card}").format(card=last))
    if view.get("lastPlacedCell") is not None:
        lines.append(_("Last chip placed on {cell}").format(cell=view["lastPlacedCell"]))
    lines.append(_("Your hand: {cards}").format(cards=cards(view["hands"][seen.seat])))
    turn = view.get("turn")
    if view.get("winner") is not None:
        lines.append(result(sequences, int(view["winner"]), seen))
    elif isinstance(turn, int) and turn != seen.seat and 0 <= turn < len(teams):
        # At our turn the menu under the picture says "Your move."
        name = who(seen, turn)
        lines.append(_("{name} to play.").format(name=name[:1].upper() + name[1:]))
    return "\n".join(lines)
