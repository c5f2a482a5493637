"""Katan from its documented JSON (docs/katan-json.md): who plays and what the
table waits on, each seat in its colour, the island as text with the places
the person may choose numbered by their ids, and their hand; with Cities &
Knights the barbarians, tracks and progress cards, with Seafarers the map's
own counts."""

from typing import Any, Final

from frontends.terminal.pictures import Seen
from frontends.terminal.pictures.canvas import colour_name, letter, paint, seat_ink
from frontends.terminal.pictures.common import who
from frontends.terminal.pictures.katan_board import draw_board
from frontends.terminal.words import points
from renderers.words import plural

PHASES: Final = {
    "setup_settlement": "to place a settlement",
    "setup_road": "to place a road beside it",
    "roll": "to roll the dice",
    "discard": "to discard",
    "robber": "to move the robber",
    "main": "to build, trade or end the turn",
    "free_roads": "to build the free roads",
    "offer": "to answer a trade offer",
    "counters": "to weigh the counter-offers",
    "special_build": "to build or buy before the next turn (special building phase)",
}
"""What the seat to move is asked, by phase."""

CHORES: Final = {
    "discard": "to discard {due} cards",
    "lose_city": "to choose a city to lose",
    "give_back": "to give back a progress card",
    "hand_over": "to hand over {count} cards",
    "metropolis": "to place a metropolis",
    "place_knight": "to place a displaced knight",
    "remove_knight": "to remove a knight",
    "choose_deck": "to choose a progress deck",
    "spy": "to take a progress card",
    "master_merchant": "to take two cards",
    "harbor": "to trade with the Commercial Harbor",
    "return": "to give back a commodity",
    "smith": "to promote knights",
    "pick": "to pick {count} resources",
    "produce": "to collect",
    "seven": "to move the robber or the pirate",
}


def picture(view: dict[str, Any], seen: Seen) -> str:
    lines = [_heading(view, seen)]
    cities = view.get("cities")
    if cities:
        lines.append(_barbarians(cities))
    for player in view["players"]:
        lines += _seat(view, player, seen)
    lines.append("")
    lines += draw_board(view, seen.spots, colour=seen.colour)
    lines.append(_legend(view, seen))
    if view.get("sea"):
        lines.append(_sea(view["sea"]))
    offer = view.get("offer")
    if offer:
        to = "everyone" if offer.get("to") is None else who(seen, offer["to"])
        verb = "offer" if offer["from"] == seen.seat else "offers"
        lines.append(
            f"{_named(seen, offer['from'])} {verb} {_count(offer['give'])}"
            f" for {_count(offer['want'])} to {to}."
        )
    if view.get("winner") is not None:
        winner = view["players"][view["winner"]]
        lines.append(f"{_named(seen, view['winner'])} wins with {points(winner['points'])}.")
    return "\n".join(lines)


def _named(seen: Seen, seat: int) -> str:
    """ "You" or the name, capitalised to open a sentence."""
    said = who(seen, seat)
    return said[:1].upper() + said[1:]


def _heading(view: dict[str, Any], seen: Seen) -> str:
    played = view.get("expansions") or []
    rules = " + ".join(str(e).replace("_", " ").title().replace(" And ", " & ") for e in played)
    parts = [f"Katan ({rules})" if rules else "Katan"]
    parts.append(f"turn {view['turn']}" if view["turn"] else "setting up")
    parts.append(f"first to {points(view['points_to_win'])}")
    dice = view.get("dice")
    if dice:
        parts.append(f"dice {dice[0]} + {dice[1]} = {dice[0] + dice[1]}")
    return " · ".join(parts) + "\n" + _waiting(view, seen)


def _waiting(view: dict[str, Any], seen: Seen) -> str:
    """Whom the table waits on and for what, as a sentence."""
    if view.get("winner") is not None or view["phase"] == "over":
        return "The game is over."
    chores = [c for c in view.get("chores") or [] if c.get("seat") is not None]
    if chores:
        chore = chores[0]
        asked = CHORES.get(chore["chore"], "to " + chore["chore"].replace("_", " "))
        values = {k: v for k, v in chore.items() if k not in ("chore", "seat")}
        try:
            asked = asked.format(**values)
        except (KeyError, IndexError):
            asked = asked.split(" {")[0]
        return f"Waiting for {who(seen, chore['seat'])} {asked}."
    seat = view.get("to_move")
    if seat is None:
        seat = view["current"]
    asked = PHASES.get(view["phase"], "to play")
    return f"Waiting for {who(seen, seat)} {asked}."


def _count(counts: dict[str, int] | None) -> str:
    shown = [f"{n} {name}" for name, n in (counts or {}).items() if n]
    return ", ".join(shown) or "nothing"


def _seat(view: dict[str, Any], player: dict[str, Any], seen: Seen) -> list[str]:
    seat = player["seat"]
    tag = paint(f"{colour_name(seat)} ({letter(seat)})", "1;" + seat_ink(seat), seen.colour)
    awards = [
        award
        for key, award in (("longest_road", "Longest Road"), ("largest_army", "Largest Army"))
        if view.get(key) == seat
    ]
    turn = "▶ " if seat == view.get("current") else "  "
    lines = [
        f"{turn}{tag} {who(seen, seat)}: {points(player['points'])}, "
        f"{plural(player['cards'], 'card')}, "
        f"{plural(player['development_cards'], 'development card')}, "
        f"road {player['road_length']}" + (f" · {', '.join(awards)}" if awards else "")
    ]
    cities, sea = view.get("cities"), view.get("sea")
    if cities:
        lines += _cities_seat(cities, seat)
    if sea:
        lines += _sea_seat(sea, seat)
    if seat == seen.seat and "hand" in player:
        lines.append(f"    your hand: {_count(player['hand'])}")
        if not cities:
            lines.append(f"    your development cards: {_count(player.get('development_hand'))}")
        else:
            row: dict[str, Any] = next(
                (r for r in cities.get("seats", []) if r["seat"] == seat), {}
            )
            named = ", ".join(str(c).replace("_", " ") for c in row.get("progress", []))
            lines.append(f"    your progress cards: {named or 'none'}")
    return lines


def _barbarians(cities: dict[str, Any]) -> str:
    event = cities.get("event")
    die = f" · event die: {str(event).replace('_', ' ')}" if event else ""
    awake = "awake" if cities.get("robber_awake") else "asleep until the first attack"
    steps = plural(cities["barbarians"], "step")
    return f"Barbarians {steps} away · attacks so far {cities['attacks']} · robber {awake}{die}"


def _cities_seat(cities: dict[str, Any], seat: int) -> list[str]:
    row = next((r for r in cities.get("seats", []) if r["seat"] == seat), None)
    if row is None:
        return []
    tracks = ", ".join(f"{k} {v}" for k, v in row["improvements"].items())
    knights = sum(1 for k in cities.get("knights", []) if k["seat"] == seat)
    return [
        f"    tracks {tracks} · {plural(len(row.get('walls', [])), 'wall')}"
        f" · {plural(knights, 'knight')} · {plural(row['progress_cards'], 'progress card')}"
    ]


_SEA_COUNTS: Final = (
    ("cloth", "cloth"),
    ("fortresses_taken", "fortresses taken"),
    ("wonder", "wonder stages"),
    ("canal_dug", "canal dug"),
)


def _sea_seat(sea: dict[str, Any], seat: int) -> list[str]:
    ships = sum(1 for s in sea.get("ships", []) if s["seat"] == seat)
    row: dict[str, Any] = next((r for r in sea.get("seats", []) if r["seat"] == seat), {})
    counts = [f"{name} {row[key]}" for key, name in _SEA_COUNTS if row.get(key)]
    if row.get("tribe"):
        counts.append("chips " + ", ".join(map(str, row["tribe"])))
    return [f"    {plural(ships, 'ship')}" + (f" · {', '.join(counts)}" if counts else "")]


def _sea(sea: dict[str, Any]) -> str:
    pirate = sea.get("pirate")
    parts = [f"the pirate is on hex {pirate}" if pirate is not None else "no pirate"]
    if sea.get("fog_left"):
        parts.append(f"fog tiles still face down {sea['fog_left']}")
    if sea.get("chests_left"):
        parts.append(f"chests unopened {sea['chests_left']}")
    if sea.get("sailed_this_turn"):
        parts.append("a ship has sailed this turn")
    return "Sea: " + " · ".join(parts)


def _legend(view: dict[str, Any], seen: Seen) -> str:
    """What the letters on the board mean, and what the highlighted numbers are."""
    parts = ["b road", "B settlement", "BB city"]
    if view.get("cities"):
        parts += ["# walls", "* metropolis", "bk2 knight (K active)"]
    if view.get("sea"):
        parts.append("b~ ship")
    text = "Board: " + ", ".join(parts) + " (the letter is the colour)."
    if seen.spots:
        text += "\nNumbers on corners and sides (#N in a hex) are places you may choose."
    return text
