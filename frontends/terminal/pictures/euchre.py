"""Euchre from the app's JSON: the bidding, the trick, the score and the hand."""

from typing import Any

from frontends.terminal.pictures.common import SUITS, card, cards, log


def picture(view: dict[str, Any], seat: int) -> str:
    trump = view.get("trump")
    lines = [
        f"Euchre · hand {view['handNumber'] + 1} · dealer seat {view['dealer']} · {view['phase']}",
        f"Score: team 0 (seats 0+2) {view['scores'][0]} · team 1 (seats 1+3) {view['scores'][1]}"
        f" · to {view['options']['pointsToWin']}",
    ]
    if trump:
        alone = "" if view.get("aloneSeat") is None else f", seat {view['aloneSeat']} alone"
        lines.append(f"Trump {SUITS[trump]} named by seat {view['maker']}{alone}")
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
    return "\n".join(lines + log(view))
