"""The Katan scene in words: the image's facts line by line, for logs,
terminals and screen readers."""

from engine.katan.cities.components import TRACK_NAMES, TRACKS
from engine.katan.components import CARD_NAMES, DEV_LABELS, GENERIC_HARBOUR, SEA, cards_text
from engine.katan.geometry import bits
from renderers.katan.model import CitiesScene, KatanScene
from renderers.katan.palette import SEAT_STYLES, TERRAIN_WORDS
from renderers.katan.phrases import (
    awards,
    barbarian_words,
    event_words,
    fleet_words,
    holders,
    knights_of,
    offer_words,
    progress_names,
    status,
    strength,
)
from renderers.words import plural


def text(s: KatanScene) -> str:
    """The same facts as the image, compact: status, seats, the dealt island,
    buildings by seat, the bank, the viewer's hand and the choices."""
    ck = s.ck
    roll = f" Last roll {sum(s.dice)} ({s.dice[0]}+{s.dice[1]})." if s.dice else ""
    rules = ", Cities & Knights" if ck is not None else ""
    event = f" Event die: {event_words(ck.event)}." if ck is not None and ck.event >= 0 else ""
    lines = [f"Katan, {s.map_name} map{rules}, {s.target} points to win. {status(s)}.{roll}{event}"]
    if ck is not None:
        lines.append(f"Barbarians: {barbarian_words(s)}.")
    for seat, summary in enumerate(s.seats):
        extra = awards(s, seat)
        head = f"{s.names[seat]} ({SEAT_STYLES[seat].name}): {plural(summary.points, 'point')}, "
        if ck is None:
            body = (
                f"{plural(summary.cards, 'card')}, "
                f"{plural(summary.developments, 'development card')}, "
                f"{plural(summary.knights, 'knight')} played, road {summary.road_length}"
            )
        else:
            levels = ", ".join(
                f"{TRACK_NAMES[t]} {ck.levels[seat * TRACKS + t]}" for t in range(TRACKS)
            )
            body = (
                f"{plural(summary.cards, 'card')}, {plural(ck.progress[seat], 'progress card')}, "
                f"road {summary.road_length}; improvements {levels}"
            )
        lines.append(head + body + (f"; {', '.join(extra)}" if extra else "") + ".")
    lines.append("Hexes: " + ", ".join(_hexes(s)) + ".")
    topology = s.board.topology
    harbours = []
    for edge, kind in s.harbours:
        a, b = topology.edge_ends[edge]
        what = "3:1" if kind == GENERIC_HARBOUR else f"2:1 {TERRAIN_WORDS[kind]}"
        harbours.append(f"{what} at {a}/{b}")
    lines.append("Harbours (crossings): " + ", ".join(harbours) + ".")
    for seat in range(len(s.seats)):
        parts = []
        for word, mask in (
            ("settlements", s.towns[seat]),
            ("cities", s.cities[seat]),
            ("roads", s.roads[seat]),
        ):
            if mask:
                parts.append(f"{word} {' '.join(str(i) for i in bits(mask))}")
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
        if ck is not None and ck.spied is not None:
            seat, cards = ck.spied
            lines.append(f"{s.names[seat]}'s progress cards (spied): {progress_names(cards)}.")
    if s.spots:
        places = {"crossing": "Crossings", "edge": "Edges", "hex": "Hexes"}[s.spot_kind]
        whose = ""
        if s.spot_source >= 0:
            whose = f" for the {'hex' if s.spot_kind == 'hex' else 'knight at'} {s.spot_source}"
        lines.append(f"{places} to choose{whose}: {' '.join(str(n) for n, _ in s.spots)}.")
    return "\n".join(lines)


def _hexes(s: KatanScene) -> list[str]:
    island = []
    ck = s.ck
    for h, terrain in enumerate(s.terrain):
        if terrain == SEA:
            continue
        number = f" {s.numbers[h]}" if s.numbers[h] else ""
        robber = " robber" if h == s.robber else ""
        merchant = ""
        if ck is not None and h == ck.merchant:
            merchant = f" merchant ({s.names[ck.merchant_owner]})"
        island.append(f"{h} {TERRAIN_WORDS[terrain]}{number}{robber}{merchant}")
    return island


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
