"""Katan from its documented JSON (docs/katan-json.md): seats, hand, buildings,
board; with Cities & Knights the barbarians, knights, tracks and progress
cards, with Seafarers the ships, the pirate and the map's own counts, and
whatever chore the table waits on."""

from typing import Any


def _count(counts: dict[str, int] | None) -> str:
    shown = [f"{n} {name}" for name, n in (counts or {}).items() if n]
    return ", ".join(shown) or "nothing"


def _who(seat: Any, viewer: int) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def picture(view: dict[str, Any], seat: int) -> str:
    """Katan's documented JSON (docs/katan-json.md): seats, hand, buildings, board."""
    dice = view.get("dice")
    rolled = f" · dice {dice[0]}+{dice[1]}" if dice else ""
    played = view.get("expansions") or []
    rules = f" ({' + '.join(str(e).replace('_', ' ') for e in played)})" if played else ""
    robber = view.get("robber")
    where = f"robber on hex {robber}" if robber is not None and robber >= 0 else "no robber yet"
    lines = [
        f"Katan{rules} · turn {view['turn']} · seat {view['current']} plays · {view['phase']}"
        f"{rolled} · {where} · first to {view['points_to_win']}"
    ]
    cities = view.get("cities")
    sea = view.get("sea")
    if cities:
        lines += _barbarians(cities)
    awards = {view.get("longest_road"): "longest road", view.get("largest_army"): "largest army"}
    for player in view["players"]:
        who = _who(player["seat"], seat)
        extra = [award for holder, award in awards.items() if holder == player["seat"]]
        lines.append(
            f"  {who}: {player['points']} points, {player['cards']} cards, "
            f"{player['development_cards']} development, road {player['road_length']}"
            + (f" ({', '.join(extra)})" if extra else "")
        )
        if cities:
            lines += _cities_seat(cities, player["seat"], seat)
        if sea:
            lines += _sea_seat(sea, player["seat"])
        if player["seat"] == seat and "hand" in player:
            lines.append(f"  your hand: {_count(player['hand'])}")
            if not cities:
                lines.append(f"  your development cards: {_count(player.get('development_hand'))}")
    mine = [b for b in view.get("buildings", []) if b["seat"] == seat]
    built = ", ".join(f"{b['kind']} {b['crossing']}" for b in mine) or "none"
    roads = [r["edge"] for r in view.get("roads", []) if r["seat"] == seat]
    lines.append(f"  your buildings: {built} · roads: {', '.join(map(str, roads)) or 'none'}")
    if sea:
        lines += _sea(sea, seat)
    offer = view.get("offer")
    if offer:
        to = "everyone" if offer.get("to") is None else f"seat {offer['to']}"
        lines.append(
            f"Offer from seat {offer['from']} to {to}: "
            f"{_count(offer['give'])} for {_count(offer['want'])}"
        )
    for chore in view.get("chores") or []:
        if chore.get("seat") is None:
            continue
        values = ", ".join(f"{k} {v}" for k, v in chore.items() if k not in ("chore", "seat"))
        lines.append(
            f"Waiting on {_who(chore['seat'], seat)}: {chore['chore'].replace('_', ' ')}"
            + (f" ({values})" if values else "")
        )
    hexes = [h for h in view["board"]["hexes"] if h["terrain"] != "sea"]
    shown = [
        f"{h['id']}:{h['terrain']}{'' if h.get('number') is None else h['number']}" for h in hexes
    ]
    lines.append("Hexes: " + " ".join(shown))
    if view.get("winner") is not None:
        lines.append(f"Seat {view['winner']} wins.")
    return "\n".join(lines)


def _barbarians(cities: dict[str, Any]) -> list[str]:
    event = cities.get("event")
    die = f" · event die: {str(event).replace('_', ' ')}" if event else ""
    awake = "awake" if cities.get("robber_awake") else "asleep until the first attack"
    return [
        f"Barbarians {cities['barbarians']} step{'' if cities['barbarians'] == 1 else 's'} away"
        f" · attacks so far {cities['attacks']}"
        f" · robber {awake}{die}"
    ]


def _cities_seat(cities: dict[str, Any], who: int, viewer: int) -> list[str]:
    row = next((r for r in cities.get("seats", []) if r["seat"] == who), None)
    if row is None:
        return []
    tracks = ", ".join(f"{k} {v}" for k, v in row["improvements"].items())
    knights = [
        f"{k['crossing']}:{('basic', 'strong', 'mighty')[k['level'] - 1]}"
        + ("*" if k["active"] else "")
        for k in cities.get("knights", [])
        if k["seat"] == who
    ]
    walls = ", ".join(map(str, row.get("walls", []))) or "none"
    lines = [
        f"    tracks {tracks} · walls {walls} · knights {' '.join(knights) or 'none'}"
        f" (* active) · progress cards {row['progress_cards']}"
    ]
    if who == viewer and row.get("progress"):
        named = ", ".join(str(c).replace("_", " ") for c in row["progress"])
        lines.append(f"  your progress cards: {named}")
    return lines


def _sea_seat(sea: dict[str, Any], who: int) -> list[str]:
    ships = [s["edge"] for s in sea.get("ships", []) if s["seat"] == who]
    row: dict[str, Any] = next((r for r in sea.get("seats", []) if r["seat"] == who), {})
    counts = [
        f"{name} {row[key]}"
        for key, name in (
            ("cloth", "cloth"),
            ("fortresses_taken", "fortresses"),
            ("wonder", "wonder stage"),
            ("canal_dug", "canal dug"),
        )
        if row.get(key)
    ]
    if row.get("tribe"):
        counts.append("chips " + ", ".join(map(str, row["tribe"])))
    return [
        f"    ships: {', '.join(map(str, ships)) or 'none'}"
        + (f" · {', '.join(counts)}" if counts else "")
    ]


def _sea(sea: dict[str, Any], seat: int) -> list[str]:
    pirate = sea.get("pirate")
    parts = [f"pirate on hex {pirate}" if pirate is not None else "no pirate"]
    if sea.get("fog_left"):
        parts.append(f"fog tiles still face down {sea['fog_left']}")
    if sea.get("chests_left"):
        parts.append(f"chests unopened {sea['chests_left']}")
    if sea.get("sailed_this_turn"):
        parts.append("a ship has sailed this turn")
    return ["Sea: " + " · ".join(parts)]
