"""Katan from its documented JSON (docs/katan-json.md): who plays and what the
table waits on, each seat in its colour, the island as text with the places
the person may choose numbered by their ids, and their hand; with Cities &
Knights the barbarians, tracks and progress cards, with Seafarers the map's
own counts."""

from typing import Any, Final

from engine.katan.cities.components import PROGRESS_NAMES, TRACK_NAMES
from engine.katan.components import CARD_NAMES
from engine.katan.sea.mapfile import CHIP_NAMES
from frontends.terminal.pictures import Seen
from frontends.terminal.pictures.canvas import colour_name, letter, paint, seat_ink
from frontends.terminal.pictures.common import who
from frontends.terminal.pictures.katan_board import draw_board
from languages import N_, _, ngettext
from renderers.katan_words import CARD_SAID, CHIP_SAID, PROGRESS_SAID, TRACK_SAID

PHASES: Final = {
    "setup_settlement": N_("to place a settlement"),
    "setup_road": N_("to place a road beside it"),
    "roll": N_("to roll the dice"),
    "discard": N_("to discard"),
    "robber": N_("to move the robber"),
    "main": N_("to build, trade or end the turn"),
    "free_roads": N_("to build the free roads"),
    "offer": N_("to answer a trade offer"),
    "counters": N_("to weigh the counter-offers"),
    "special_build": N_("to build or buy before the next turn (special building phase)"),
}
"""What the seat to move is asked, by phase."""

CHORES: Final = {
    "lose_city": N_("to choose a city to lose"),
    "give_back": N_("to give back a progress card"),
    "metropolis": N_("to place a metropolis"),
    "place_knight": N_("to place a displaced knight"),
    "remove_knight": N_("to remove a knight"),
    "choose_deck": N_("to choose a progress deck"),
    "spy": N_("to take a progress card"),
    "master_merchant": N_("to take two cards"),
    "harbor": N_("to trade with the Commercial Harbor"),
    "return": N_("to give back a commodity"),
    "smith": N_("to promote knights"),
    "produce": N_("to collect"),
    "seven": N_("to move the robber or the pirate"),
}
"""What a chore asks of its seat, by the chore's name (the counted ones are in
`_chore`)."""
EXPANSIONS: Final = {
    "cities_and_knights": N_("Cities & Knights"),
    "seafarers": N_("Seafarers"),
}
AWARDS: Final = (("longest_road", N_("Longest Road")), ("largest_army", N_("Largest Army")))


def _points(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


def _said(names: tuple[str, ...], said: tuple[str, ...], name: str) -> str:
    """An engine's English name in the reader's language (as it is, if unknown)."""
    return _(said[names.index(name)]) if name in names else name.replace("_", " ")


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
        lines.append(_offer(offer, seen))
    if view.get("winner") is not None:
        winner = view["winner"]
        score = _points(view["players"][winner]["points"])
        if winner == seen.seat:
            lines.append(_("You win with {points}.").format(points=score))
        else:
            said = _("{name} wins with {points}.")
            lines.append(said.format(name=who(seen, winner), points=score))
    return "\n".join(lines)


def _offer(offer: dict[str, Any], seen: Seen) -> str:
    give, want = _count(offer["give"]), _count(offer["want"])
    to = offer.get("to")
    if to is None:
        whom = _("to everyone")
    elif to == seen.seat:
        whom = _("to you")
    else:
        whom = _("to {name}").format(name=who(seen, to))
    if offer["from"] == seen.seat:
        return _("You offer {give} for {want} {to}.").format(give=give, want=want, to=whom)
    said = _("{name} offers {give} for {want} {to}.")
    return said.format(name=who(seen, offer["from"]), give=give, want=want, to=whom)


def _heading(view: dict[str, Any], seen: Seen) -> str:
    played = [str(e) for e in view.get("expansions") or []]
    rules = " + ".join(
        _(EXPANSIONS[e]) if e in EXPANSIONS else e.replace("_", " ").title() for e in played
    )
    parts = [_("Katan ({rules})").format(rules=rules) if rules else "Katan"]
    if view["turn"]:
        parts.append(_("turn {turn}").format(turn=view["turn"]))
    else:
        parts.append(_("setting up"))
    parts.append(_("first to {points}").format(points=_points(view["points_to_win"])))
    dice = view.get("dice")
    if dice:
        said = _("dice {yellow} + {red} = {total}")
        parts.append(said.format(yellow=dice[0], red=dice[1], total=dice[0] + dice[1]))
    return " · ".join(parts) + "\n" + _waiting(view, seen)


def _chore(chore: dict[str, Any]) -> str:
    """What a chore asks, counts in their plural."""
    kind = chore["chore"]
    if kind == "discard" and isinstance(chore.get("due"), int):
        count = chore["due"]
        return ngettext("to discard {count} card", "to discard {count} cards", count).format(
            count=count
        )
    if kind == "hand_over" and isinstance(chore.get("count"), int):
        count = chore["count"]
        said = ngettext("to hand over {count} card", "to hand over {count} cards", count)
        return said.format(count=count)
    if kind == "pick" and isinstance(chore.get("count"), int):
        count = chore["count"]
        said = ngettext("to pick {count} resource", "to pick {count} resources", count)
        return said.format(count=count)
    if kind in CHORES:
        return _(CHORES[kind])
    return _("to answer ({chore})").format(chore=kind.replace("_", " "))


def _waiting(view: dict[str, Any], seen: Seen) -> str:
    """Whom the table waits on and for what, as a sentence."""
    if view.get("winner") is not None or view["phase"] == "over":
        return _("The game is over.")
    chores = [c for c in view.get("chores") or [] if c.get("seat") is not None]
    if chores:
        seat, asked = chores[0]["seat"], _chore(chores[0])
    else:
        seat = view.get("to_move")
        if seat is None:
            seat = view["current"]
        phase = view["phase"]
        asked = _(PHASES[phase]) if phase in PHASES else _("to play")
    if seat == seen.seat:
        return _("Waiting for you {asked}.").format(asked=asked)
    return _("Waiting for {name} {asked}.").format(name=who(seen, seat), asked=asked)


def _count(counts: dict[str, int] | None) -> str:
    shown = [f"{n} {_said(CARD_NAMES, CARD_SAID, name)}" for name, n in (counts or {}).items() if n]
    return ", ".join(shown) or _("nothing")


def _seat(view: dict[str, Any], player: dict[str, Any], seen: Seen) -> list[str]:
    seat = player["seat"]
    tag = paint(f"{_(colour_name(seat))} ({letter(seat)})", "1;" + seat_ink(seat), seen.colour)
    awards = [_(award) for key, award in AWARDS if view.get(key) == seat]
    turn = "▶ " if seat == view.get("current") else "  "
    cards, devs = player["cards"], player["development_cards"]
    said = _("{name}: {points}, {cards}, {devs}, road {length}").format(
        name=who(seen, seat),
        points=_points(player["points"]),
        cards=ngettext("{count} card", "{count} cards", cards).format(count=cards),
        devs=ngettext("{count} development card", "{count} development cards", devs).format(
            count=devs
        ),
        length=player["road_length"],
    )
    lines = [f"{turn}{tag} {said}" + (f" · {', '.join(awards)}" if awards else "")]
    cities, sea = view.get("cities"), view.get("sea")
    if cities:
        lines += _cities_seat(cities, seat)
    if sea:
        lines += _sea_seat(sea, seat)
    if seat == seen.seat and "hand" in player:
        lines.append("    " + _("your hand: {cards}").format(cards=_count(player["hand"])))
        if not cities:
            held = _count(player.get("development_hand"))
            lines.append("    " + _("your development cards: {cards}").format(cards=held))
        else:
            row: dict[str, Any] = next(
                (r for r in cities.get("seats", []) if r["seat"] == seat), {}
            )
            named = ", ".join(
                _said(PROGRESS_NAMES, PROGRESS_SAID, str(c)) for c in row.get("progress", [])
            )
            said = _("your progress cards: {cards}").format(cards=named or _("none"))
            lines.append("    " + said)
    return lines


def _barbarians(cities: dict[str, Any]) -> str:
    event = cities.get("event")
    steps = cities["barbarians"]
    said = ngettext(
        "Barbarians {count} step away · attacks so far {attacks} · robber {robber}",
        "Barbarians {count} steps away · attacks so far {attacks} · robber {robber}",
        steps,
    )
    robber = _("awake") if cities.get("robber_awake") else _("asleep until the first attack")
    text = said.format(count=steps, attacks=cities["attacks"], robber=robber)
    if event:
        text += " · " + _("event die: {face}").format(face=_gate(str(event)))
    return text


GATES: Final = {
    "gate_trade": N_("trade gate"),
    "gate_politics": N_("politics gate"),
    "gate_science": N_("science gate"),
    "ship": N_("ship"),
}
"""The event die's faces (the wire's names) as the barbarians' line says them."""


def _gate(face: str) -> str:
    return _(GATES[face]) if face in GATES else face.replace("_", " ")


def _cities_seat(cities: dict[str, Any], seat: int) -> list[str]:
    row = next((r for r in cities.get("seats", []) if r["seat"] == seat), None)
    if row is None:
        return []
    tracks = ", ".join(
        f"{_said(TRACK_NAMES, TRACK_SAID, k)} {v}" for k, v in row["improvements"].items()
    )
    knights = sum(1 for k in cities.get("knights", []) if k["seat"] == seat)
    walls, progress = len(row.get("walls", [])), row["progress_cards"]
    said = _("tracks {tracks} · {walls} · {knights} · {progress}").format(
        tracks=tracks,
        walls=ngettext("{count} wall", "{count} walls", walls).format(count=walls),
        knights=ngettext("{count} knight", "{count} knights", knights).format(count=knights),
        progress=ngettext("{count} progress card", "{count} progress cards", progress).format(
            count=progress
        ),
    )
    return ["    " + said]


_SEA_COUNTS: Final = (
    ("cloth", N_("cloth {count}")),
    ("fortresses_taken", N_("fortresses taken {count}")),
    ("wonder", N_("wonder stages {count}")),
    ("canal_dug", N_("canal dug {count}")),
)


def _sea_seat(sea: dict[str, Any], seat: int) -> list[str]:
    ships = sum(1 for s in sea.get("ships", []) if s["seat"] == seat)
    row: dict[str, Any] = next((r for r in sea.get("seats", []) if r["seat"] == seat), {})
    counts = [_(said).format(count=row[key]) for key, said in _SEA_COUNTS if row.get(key)]
    if row.get("tribe"):
        chips = ", ".join(_said(CHIP_NAMES, CHIP_SAID, str(c)) for c in row["tribe"])
        counts.append(_("chips {chips}").format(chips=chips))
    said = ngettext("{count} ship", "{count} ships", ships).format(count=ships)
    return ["    " + said + (f" · {', '.join(counts)}" if counts else "")]


def _sea(sea: dict[str, Any]) -> str:
    pirate = sea.get("pirate")
    if pirate is not None:
        parts = [_("the pirate is on hex {hex}").format(hex=pirate)]
    else:
        parts = [_("no pirate")]
    if sea.get("fog_left"):
        parts.append(_("fog tiles still face down {count}").format(count=sea["fog_left"]))
    if sea.get("chests_left"):
        parts.append(_("chests unopened {count}").format(count=sea["chests_left"]))
    if sea.get("sailed_this_turn"):
        parts.append(_("a ship has sailed this turn"))
    return _("Sea: {facts}").format(facts=" · ".join(parts))


def _legend(view: dict[str, Any], seen: Seen) -> str:
    """What the letters on the board mean, and what the highlighted numbers are."""
    parts = [_("b road"), _("B settlement"), _("BB city")]
    if view.get("cities"):
        parts += [_("# walls"), _("* metropolis"), _("bk2 knight (K active)")]
    if view.get("sea"):
        parts.append(_("b~ ship"))
    text = _("Board: {pieces} (the letter is the colour).").format(pieces=", ".join(parts))
    if seen.spots:
        text += "\n" + _("Numbers on corners and sides (#N in a hex) are places you may choose.")
    return text
