"""Katan from its documented JSON (docs/katan-json.md): seats, hand, buildings, board."""

from typing import Any


def _count(counts: dict[str, int] | None) -> str:
    shown = [f"{n} {name}" for name, n in (counts or {}).items() if n]
    return ", ".join(shown) or "nothing"


def picture(view: dict[str, Any], seat: int) -> str:
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
