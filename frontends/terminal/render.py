"""Text pictures of a seat's view, from the JSON the host sends (NATIVE.md §5).

The terminal client sees exactly what a phone sees, so it draws from the wire
JSON, not from engine objects: Euchre and Sequence in the app's JSON, any
other game (Katan) from its documented JSON, summarised generically.
"""

import json
from collections.abc import Sequence
from typing import Any

from engine.cards import label
from engine.sequence.board import BOARDS, FREE

_RANKS = {
    "TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5", "SIX": "6", "SEVEN": "7", "EIGHT": "8",
    "NINE": "9", "TEN": "10", "JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A",
}  # fmt: skip
_SUITS = {"CLUBS": "♣", "DIAMONDS": "♦", "HEARTS": "♥", "SPADES": "♠"}
_LOG_LINES = 6


def card(value: Any) -> str:
    if not isinstance(value, dict):
        return "—"
    return _RANKS.get(str(value.get("rank")), "?") + _SUITS.get(str(value.get("suit")), "?")


def cards(values: Sequence[Any]) -> str:
    return " ".join(card(c) for c in values) or "(none)"


def _log(view: dict[str, Any]) -> list[str]:
    lines = [str(line) for line in view.get("log", [])][-_LOG_LINES:]
    return ["", *(f"  | {line}" for line in lines)] if lines else []


def euchre(view: dict[str, Any], seat: int) -> str:
    trump = view.get("trump")
    lines = [
        f"Euchre · hand {view['handNumber'] + 1} · dealer seat {view['dealer']} · {view['phase']}",
        f"Score: team 0 (seats 0+2) {view['scores'][0]} · team 1 (seats 1+3) {view['scores'][1]}"
        f" · to {view['options']['pointsToWin']}",
    ]
    if trump:
        alone = "" if view.get("aloneSeat") is None else f", seat {view['aloneSeat']} alone"
        lines.append(f"Trump {_SUITS[trump]} named by seat {view['maker']}{alone}")
    if view.get("upCard"):
        lines.append(f"Up card: {card(view['upCard'])}")
    if view.get("turnedDown"):
        lines.append(f"Turned down: {card(view['turnedDown'])}")
    for title, key in (("Trick", "trick"), ("Last trick", "completedTrick")):
        played = view.get(key) or []
        if played:
            shown = ", ".join(f"seat {p['seat']} {card(p['card'])}" for p in played)
            lines.append(f"{title}: {shown}")
    lines.append(f"Tricks won: {view['tricksWon']} · cards held: {view['handCounts']}")
    lines.append(f"Your hand (seat {seat}): {cards(view['hands'][seat])}")
    return "\n".join(lines + _log(view))


def _board_labels(view: dict[str, Any]) -> list[str]:
    """The card printed on each cell, from the engine's copy of the board in play."""
    board = BOARDS.get(view["options"].get("board", "app"), BOARDS["app"])
    return ["··" if c == FREE else label(c) for c in board.cards]


def _cell(view: dict[str, Any], index: int, board: Sequence[str]) -> str:
    chip = int(view["chips"][index])
    if chip >= 0:
        return f"{{{chip}}}" if view["locked"][index] else f"[{chip}]"
    return board[index]


def sequence(view: dict[str, Any], seat: int) -> str:
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
    return "\n".join(lines + _log(view))


def _count(counts: dict[str, int] | None) -> str:
    shown = [f"{n} {name}" for name, n in (counts or {}).items() if n]
    return ", ".join(shown) or "nothing"


def katan(view: dict[str, Any], seat: int) -> str:
    """Katan's documented JSON (docs/katan-json.md): seats, hand, buildings, board."""
    dice = view.get("dice")
    rolled = f" · dice {dice[0]}+{dice[1]}" if dice else ""
    lines = [
        f"Katan · turn {view['turn']} · seat {view['current']} plays · {view['phase']}{rolled}"
        f" · robber on hex {view['robber']} · first to {view['points_to_win']}"
    ]
    awards = {view.get("longest_road"): "longest road", view.get("largest_army"): "largest army"}
    for player in view["players"]:
        who = "you" if player["seat"] == seat else f"seat {player['seat']}"
        extra = [award for holder, award in awards.items() if holder == player["seat"]]
        lines.append(
            f"  {who}: {player['points']} points, {player['cards']} cards, "
            f"{player['development_cards']} development, road {player['road_length']}"
            + (f" ({', '.join(extra)})" if extra else "")
        )
        if player["seat"] == seat and "hand" in player:
            lines.append(f"  your hand: {_count(player['hand'])}")
            lines.append(f"  your development cards: {_count(player.get('development_hand'))}")
    mine = [b for b in view.get("buildings", []) if b["seat"] == seat]
    built = ", ".join(f"{b['kind']} {b['crossing']}" for b in mine) or "none"
    roads = [r["edge"] for r in view.get("roads", []) if r["seat"] == seat]
    lines.append(f"  your buildings: {built} · roads: {', '.join(map(str, roads)) or 'none'}")
    offer = view.get("offer")
    if offer:
        to = "everyone" if offer.get("to") is None else f"seat {offer['to']}"
        lines.append(
            f"Offer from seat {offer['from']} to {to}: "
            f"{_count(offer['give'])} for {_count(offer['want'])}"
        )
    hexes = view["board"]["hexes"]
    shown = [f"{h['id']}:{h['terrain']}{'' if h['number'] is None else h['number']}" for h in hexes]
    lines.append("Hexes: " + " ".join(shown))
    if view.get("winner") is not None:
        lines.append(f"Seat {view['winner']} wins.")
    return "\n".join(lines)


def generic(view: dict[str, Any], seat: int) -> str:
    """A game without its own picture yet: its simple fields and recent log."""
    simple = {k: v for k, v in view.items() if isinstance(v, str | int | float | bool)}
    lines = [f"seat {seat}: " + ", ".join(f"{k} {v}" for k, v in simple.items() if k != "seed")]
    return "\n".join(lines + _log(view))


_PICTURES = {"euchre": euchre, "sequence": sequence, "katan": katan}
_OVER = {"GAME_OVER", "over"}
"""The final phase in each game's JSON (the app's, and Katan's own)."""


def render(game_id: str, state_json: str, seat: int) -> str:
    view: dict[str, Any] = json.loads(state_json)
    return _PICTURES.get(game_id, generic)(view, seat)


def is_over(state_json: str) -> bool:
    try:
        view = json.loads(state_json)
    except ValueError:
        return False
    return isinstance(view, dict) and view.get("phase") in _OVER
