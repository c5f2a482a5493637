"""Euchre from the app's JSON: the score, the bidding, the trick (or the last
one, with its cards) and the hand, in people's words."""

from typing import Any

from frontends.terminal.pictures import Seen
from frontends.terminal.pictures.common import SUITS, card, cards, result, score_line, team, who
from languages import N_, _

PHASES = {
    "BID_ROUND_1": N_("bidding: order up the turned card or pass"),
    "BID_ROUND_2": N_("bidding: name a trump suit or pass"),
    "DEALER_DISCARD": N_("the dealer discards"),
    "PLAYING": N_("playing tricks"),
    "HAND_OVER": N_("the hand is over"),
    "GAME_OVER": N_("the game is over"),
    "FARMERS_HAND": N_("a farmer's hand: exchange or keep"),
    "FARMER_DISCARD": N_("a farmer's hand: discarding"),
    "DEFEND_ALONE": N_("a defender may go alone"),
}


def _team_of(seat: int) -> int:
    """Partners sit across: seats 1 and 3 (0 and 2 on the wire) are Blue."""
    return seat % 2


def picture(view: dict[str, Any], seen: Seen) -> str:
    trump = view.get("trump")
    scores = view["scores"]
    mine = _team_of(seen.seat)
    phase = view["phase"]
    head = _("Euchre · hand {number} · {dealer} dealt · {phase}").format(
        number=view["handNumber"] + 1,
        dealer=who(seen, view["dealer"]),
        phase=_(PHASES[phase]) if phase in PHASES else phase.lower(),
    )
    score = _("Score: {scores} · first to {target} · you play for {team} with {partner}").format(
        scores=score_line(scores, seen),
        target=view["options"]["pointsToWin"],
        team=team(seen, mine),
        partner=who(seen, (seen.seat + 2) % 4),
    )
    lines = [head, score]
    if trump:
        maker = who(seen, view["maker"])
        if view.get("aloneSeat") is None:
            named = _("Trump {suit}, named by {maker}").format(suit=SUITS[trump], maker=maker)
        else:
            named = _("Trump {suit}, named by {maker}, {alone} alone").format(
                suit=SUITS[trump], maker=maker, alone=who(seen, view["aloneSeat"])
            )
        lines.append(named)
    if view.get("upCard"):
        lines.append(_("Turned up: {card}").format(card=card(view["upCard"])))
    if view.get("turnedDown"):
        lines.append(_("Turned down: {card}").format(card=card(view["turnedDown"])))
    played = view.get("trick") or []
    last = view.get("completedTrick") or []
    if played:
        lines.append(_("This trick: {cards}").format(cards=_trick(played, seen)))
    elif last:
        taker = view.get("lastTrickWinner")
        if taker is None:
            lines.append(_("Last trick: {cards}").format(cards=_trick(last, seen)))
        else:
            said = _("Last trick: {cards} — {name} took it")
            lines.append(said.format(cards=_trick(last, seen), name=who(seen, taker)))
    won = [view["tricksWon"][s] + view["tricksWon"][(s + 2) % 4] for s in (0, 1)]
    tricks = _("Tricks this hand: {blue_team} {blue} · {orange_team} {orange}")
    lines.append(
        tricks.format(
            blue_team=team(seen, 0), blue=won[0], orange_team=team(seen, 1), orange=won[1]
        )
    )
    lines.append(_("Your hand: {cards}").format(cards=cards(view["hands"][seen.seat])))
    if view["phase"] == "GAME_OVER":
        lines.append(result(scores, max(range(len(scores)), key=lambda t: scores[t]), seen))
    return "\n".join(lines)


def _trick(played: list[dict[str, Any]], seen: Seen) -> str:
    return ", ".join(f"{who(seen, p['seat'])} {card(p['card'])}" for p in played)
