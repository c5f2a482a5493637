"""Euchre from the app's JSON: the score, the bidding, the trick (or the last
one, with its cards) and the hand, in people's words."""

from typing import Any

from frontends.terminal.pictures import Seen
from frontends.terminal.pictures.common import SUITS, card, cards, result, score_line, team, who

PHASES = {
    "BID_ROUND_1": "bidding: order up the turned card or pass",
    "BID_ROUND_2": "bidding: name a trump suit or pass",
    "DEALER_DISCARD": "the dealer discards",
    "PLAYING": "playing tricks",
    "HAND_OVER": "the hand is over",
    "GAME_OVER": "the game is over",
    "FARMERS_HAND": "a farmer's hand: exchange or keep",
    "FARMER_DISCARD": "a farmer's hand: discarding",
    "DEFEND_ALONE": "a defender may go alone",
}


def _team_of(seat: int) -> int:
    """Partners sit across: seats 1 and 3 (0 and 2 on the wire) are Blue."""
    return seat % 2


def picture(view: dict[str, Any], seen: Seen) -> str:
    trump = view.get("trump")
    scores = view["scores"]
    mine = _team_of(seen.seat)
    lines = [
        f"Euchre · hand {view['handNumber'] + 1} · {who(seen, view['dealer'])} dealt"
        f" · {PHASES.get(view['phase'], view['phase'].lower())}",
        f"Score: {score_line(scores, seen)} · first to {view['options']['pointsToWin']}"
        f" · you play for {team(seen, mine)} with {who(seen, (seen.seat + 2) % 4)}",
    ]
    if trump:
        alone = "" if view.get("aloneSeat") is None else f", {who(seen, view['aloneSeat'])} alone"
        lines.append(f"Trump {SUITS[trump]}, named by {who(seen, view['maker'])}{alone}")
    if view.get("upCard"):
        lines.append(f"Turned up: {card(view['upCard'])}")
    if view.get("turnedDown"):
        lines.append(f"Turned down: {card(view['turnedDown'])}")
    played = view.get("trick") or []
    last = view.get("completedTrick") or []
    if played:
        lines.append("This trick: " + _trick(played, seen))
    elif last:
        taker = view.get("lastTrickWinner")
        took = f" — {who(seen, taker)} took it" if taker is not None else ""
        lines.append(f"Last trick: {_trick(last, seen)}{took}")
    won = [view["tricksWon"][s] + view["tricksWon"][(s + 2) % 4] for s in (0, 1)]
    lines.append(f"Tricks this hand: {team(seen, 0)} {won[0]} · {team(seen, 1)} {won[1]}")
    lines.append(f"Your hand: {cards(view['hands'][seen.seat])}")
    if view["phase"] == "GAME_OVER":
        lines.append(result(scores, max(range(len(scores)), key=lambda t: scores[t]), seen))
    return "\n".join(lines)


def _trick(played: list[dict[str, Any]], seen: Seen) -> str:
    return ", ".join(f"{who(seen, p['seat'])} {card(p['card'])}" for p in played)
