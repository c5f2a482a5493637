"""The Katan scene in words: the image's facts line by line, for logs,
terminals and screen readers."""

from engine.katan.cities.components import TRACK_NAMES, TRACKS
from engine.katan.components import CARD_NAMES, DEV_LABELS, GENERIC_HARBOUR, SEA, cards_text
from engine.katan.geometry import bits
from engine.katan.sea.mapfile import CHIP_NAMES
from engine.katan.sea.scenarios import CANAL_UNITS
from renderers.katan.model import CitiesScene, KatanScene, SeaScene
from renderers.katan.palette import SEAT_STYLES, TERRAIN_WORDS
from renderers.katan.phrases import (
    awards,
    barbarian_words,
    event_words,
    fleet_words,
    fog_words,
    holders,
    knights_of,
    map_words,
    offer_words,
    progress_names,
    rules_words,
    sea_facts,
    status,
    strength,
    wonder_words,
)
from renderers.words import plural


def text(s: KatanScene) -> str:
    """The same facts as the image, compact: status, seats, the dealt island,
    buildings by seat, the bank, the viewer's hand and the choices."""
    ck = s.ck
    roll = f" Last roll {sum(s.dice)} ({s.dice[0]}+{s.dice[1]})." if s.dice else ""
    sea = s.sea
    if sea is None:
        rules = ", Cities & Knights" if ck is not None else ""
    else:
        rules = f" ({', '.join(rules_words(s).split(' · '))})"
    event = f" Event die: {event_words(ck.event)}." if ck is not None and ck.event >= 0 else ""
    where = map_words(s)
    lines = [f"Katan, {where}{rules}, {s.target} points to win. {status(s)}.{roll}{event}"]
    if ck is not None:
        lines.append(f"Barbarians: {barbarian_words(s)}.")
    for seat, summary in enumerate(s.seats):
        extra = awards(s, seat)
        head = f"{s.names[seat]} ({SEAT_STYLES[seat].name}): {plural(summary.points, 'point')}, "
        route = "road" if sea is None else "route"
        if ck is None:
            body = (
                f"{plural(summary.cards, 'card')}, "
                f"{plural(summary.developments, 'development card')}, "
                f"{plural(summary.knights, 'knight')} played, {route} {summary.road_length}"
            )
        else:
            levels = ", ".join(
                f"{TRACK_NAMES[t]} {ck.levels[seat * TRACKS + t]}" for t in range(TRACKS)
            )
            body = (
                f"{plural(summary.cards, 'card')}, {plural(ck.progress[seat], 'progress card')}, "
                f"{route} {summary.road_length}; improvements {levels}"
            )
        if sea is not None:
            fleet = sea_facts(s, seat)
            if sea.wonders:
                fleet.insert(1, wonder_words(sea, seat))
            body += "; " + ", ".join(fleet)
        lines.append(head + body + (f"; {', '.join(extra)}" if extra else "") + ".")
    lines.append("Hexes: " + ", ".join(_hexes(s)) + ".")
    topology = s.board.topology
    harbours = []
    for edge, kind in s.harbours:
        a, b = topology.edge_ends[edge]
        what = "3:1" if kind == GENERIC_HARBOUR else f"2:1 {TERRAIN_WORDS[kind]}"
        harbours.append(f"{what} at {a}/{b}")
    lines.append("Harbours (crossings): " + ", ".join(harbours) + ".")
    if sea is not None:
        lines.extend(_sea_board(s, sea))
    for seat in range(len(s.seats)):
        parts = []
        for word, mask in (
            ("settlements", s.towns[seat]),
            ("cities", s.cities[seat]),
            ("roads", s.roads[seat]),
            ("ships", sea.ships[seat] if sea is not None else 0),
        ):
            if mask:
                parts.append(f"{word} {' '.join(str(i) for i in bits(mask))}")
        if sea is not None and sea.ships[seat] & sea.fresh:
            parts[-1] += (
                f" (built this turn: {' '.join(map(str, bits(sea.ships[seat] & sea.fresh)))})"
            )
        if parts:
            lines.append(f"{s.names[seat]} built: {'; '.join(parts)}.")
        if ck is not None:
            lines.extend(_cities_seat(s, ck, seat))
    if ck is not None:
        lines.extend(_cities_board(s, ck))
    bank = ", ".join(f"{CARD_NAMES[r]} {s.bank[r]}" for r in range(len(s.bank)))
    if ck is None:
        lines.append(f"Bank: {bank}; development cards {s.deck}.")
    else:
        decks = ", ".join(f"{TRACK_NAMES[t]} {ck.decks[t]}" for t in range(TRACKS))
        lines.append(f"Bank: {bank}; progress decks {decks}.")
    lines.append(f"{holders(s)}.")
    if s.offer is not None:
        lines.append(f"{offer_words(s)}.")
    if s.viewer is not None:
        lines.append(_hand(s))
        if ck is not None and ck.picked is not None:
            seat, cards = ck.picked
            lines.append(f"{s.names[seat]}'s hand (to take two): {cards_text(cards)}.")
        if ck is not None and ck.spied is not None:
            seat, cards = ck.spied
            lines.append(f"{s.names[seat]}'s progress cards (spied): {progress_names(cards)}.")
    if s.spots:
        places = {"crossing": "Crossings", "edge": "Edges", "hex": "Hexes"}[s.spot_kind]
        whose = ""
        if s.spot_source >= 0:
            source = {"hex": "hex", "edge": "ship at", "crossing": "knight at"}[s.spot_kind]
            whose = f" for the {source} {s.spot_source}"
        lines.append(f"{places} to choose{whose}: {' '.join(str(n) for n, _ in s.spots)}.")
    return "\n".join(lines)


def _hexes(s: KatanScene) -> list[str]:
    island = []
    ck = s.ck
    counts = _counts(s.sea) if s.sea is not None else {}
    for h, terrain in enumerate(s.terrain):
        if terrain == SEA:
            continue
        number = f" {s.numbers[h]}" if s.numbers[h] else ""
        robber = " robber" if h == s.robber else ""
        merchant = ""
        if ck is not None and h == ck.merchant:
            merchant = f" merchant ({s.names[ck.merchant_owner]})"
        count = f" {counts[h]}" if h in counts else ""
        island.append(f"{h} {TERRAIN_WORDS[terrain]}{number}{count}{robber}{merchant}")
    return island


def _counts(sea: SeaScene) -> dict[int, str]:
    """What the scenario adds to a hex's words: cloth left, strength, units dug, a chip."""
    out = {h: f"({cloth} cloth left)" for h, cloth in sea.villages}
    out.update((h, f"(strength {strength})") for h, strength in sea.fortresses)
    out.update((h, f"({dug} of {CANAL_UNITS} dug)") for h, dug in sea.canal)
    out.update((h, f"(chip: {CHIP_NAMES[kind]})") for h, kind in sea.chips)
    return out


def _sea_board(s: KatanScene, sea: SeaScene) -> list[str]:
    """The pirate, the island bonuses taken and the fog."""
    lines = [f"Pirate: hex {sea.pirate}." if sea.pirate >= 0 else "No pirate."]
    start = s.board.start_islands
    bonuses = [
        f"{s.names[seat]} (hexes {' '.join(map(str, s.board.islands[i]))})"
        for i, seat in enumerate(sea.bonus)
        if seat >= 0
    ]
    if len(start) < len(s.board.islands):
        lines.append(f"Island bonuses: {'; '.join(bonuses) or 'none taken yet'}.")
    if sea.fog_left or sea.found:
        fog = fog_words(sea)
        lines.append(f"{fog[0].upper()}{fog[1:]}.")
    return lines


def _cities_seat(s: KatanScene, ck: CitiesScene, seat: int) -> list[str]:
    """A seat's walls and knights, by crossing."""
    parts = []
    if ck.walls[seat]:
        parts.append("walls " + " ".join(str(n) for n in bits(ck.walls[seat])))
    knights = knights_of(ck, seat)
    if knights:
        parts.append(f"knights {', '.join(knights)} (active strength {strength(ck, seat)})")
    return [f"{s.names[seat]}'s {'; '.join(parts)}."] if parts else []


def _cities_board(s: KatanScene, ck: CitiesScene) -> list[str]:
    metropolises = []
    for track in range(TRACKS):
        owner, node = ck.metropolis_owner[track], ck.metropolis[track]
        if owner >= 0:
            metropolises.append(f"{TRACK_NAMES[track]} {s.names[owner]} at {node}")
        elif ck.claims[track] >= 0:
            metropolises.append(f"{TRACK_NAMES[track]} owed to {s.names[ck.claims[track]]}")
    lines = [f"Metropolises: {'; '.join(metropolises) or 'none'}."]
    if ck.merchant >= 0:
        lines.append(f"Merchant: hex {ck.merchant}, {s.names[ck.merchant_owner]}'s.")
    fleet = fleet_words(ck)
    if fleet:
        lines.append(f"{fleet}.")
    return lines


def _hand(s: KatanScene) -> str:
    assert s.viewer is not None
    own = f"Hand of {s.names[s.viewer]}: {cards_text(s.hand)}; "
    if s.ck is not None:
        return own + f"progress cards: {progress_names(s.ck.hand)}."
    devs = ", ".join(
        f"{n} {DEV_LABELS[k]}" + (f" ({s.fresh[k]} new)" if s.fresh and s.fresh[k] else "")
        for k, n in enumerate(s.devs)
        if n
    )
    return own + f"development cards: {devs or 'none'}."
