"""Cities & Knights' part of Katan's JSON (docs/katan-json.md, version 2).

A view shows every public fact and the viewer's own progress cards; other
hands are counts (the Spy's target and the Master Merchant's victim are shown
to that one seat while it chooses, as the redacted view already holds them),
and the decks are sizes. The stored state adds the decks' order and every hand.
"""

from typing import Any

from engine.errors import BadState
from engine.katan.cities.components import (
    KNIGHT_LEVELS,
    PROGRESS_NAMES,
    TRACK_NAMES,
    TRACKS,
)
from engine.katan.cities.state import CitiesPart, new_part
from engine.katan.components import CARD_NAMES
from engine.katan.geometry import bits
from engine.katan.state import KatanState

Json = dict[str, Any]


def part_json(st: KatanState, viewer: int | None, full: bool) -> Json:
    ck: CitiesPart = st.ck
    n = st.seats
    knights = []
    for t in range(n):
        for level in range(KNIGHT_LEVELS):
            for node in bits(ck.knights[t * KNIGHT_LEVELS + level]):
                knights.append(
                    {
                        "crossing": node,
                        "seat": t,
                        "level": level + 1,
                        "active": bool(ck.active[t] >> node & 1),
                        "woke_this_turn": bool(ck.woke >> node & 1),
                        "promoted_this_turn": bool(ck.promoted >> node & 1),
                    }
                )
    knights.sort(key=lambda k: k["crossing"])
    seats = []
    for t in range(n):
        hand = ck.progress[t]
        row: Json = {
            "seat": t,
            "improvements": {TRACK_NAMES[k]: ck.levels[t * TRACKS + k] for k in range(TRACKS)},
            "walls": bits(ck.walls[t]),
            "progress_cards": len(hand),
            "face_up": ck.face_up[t],
            "defenders": ck.defenders[t],
        }
        if full or (hand and hand[0] >= 0):
            row["progress"] = [PROGRESS_NAMES[c] for c in hand]
        seats.append(row)
    decks: Json
    if full:
        decks = {TRACK_NAMES[k]: [PROGRESS_NAMES[c] for c in ck.decks[k]] for k in range(TRACKS)}
    else:
        decks = {TRACK_NAMES[k]: len(ck.decks[k]) for k in range(TRACKS)}
    return {
        "cities": {
            "barbarians": ck.barbarians,
            "attacks": ck.attacks,
            "robber_awake": ck.attacks > 0,
            "event": _event(ck.event),
            "knights": knights,
            "metropolises": [
                {
                    "track": TRACK_NAMES[k],
                    "seat": ck.metropolis_owner[k],
                    "crossing": ck.metropolis[k],
                }
                for k in range(TRACKS)
                if ck.metropolis_owner[k] >= 0
            ],
            "waiting_metropolises": [
                {"track": TRACK_NAMES[k], "seat": ck.claims[k]}
                for k in range(TRACKS)
                if ck.claims[k] >= 0
            ],
            "merchant": (
                {"hex": ck.merchant, "seat": ck.merchant_owner} if ck.merchant >= 0 else None
            ),
            "merchant_fleet": CARD_NAMES[ck.fleet] if ck.fleet >= 0 else None,
            "seats": seats,
            "decks": decks,
        }
    }


def _event(event: int) -> str | None:
    if event < 0:
        return None
    return "ship" if event >= TRACKS else f"gate_{TRACK_NAMES[event]}"


def read_part(st: KatanState, data: Json) -> None:
    c = data["cities"]
    ck = new_part(
        st.seats,
        [tuple(PROGRESS_NAMES.index(x) for x in c["decks"][TRACK_NAMES[k]]) for k in range(TRACKS)],
    )
    ck.barbarians = _int(c["barbarians"])
    ck.attacks = _int(c["attacks"])
    event = c["event"]
    ck.event = (
        -1 if event is None else (TRACKS if event == "ship" else TRACK_NAMES.index(event[5:]))
    )
    for k in c["knights"]:
        t, node, level = _int(k["seat"]), _int(k["crossing"]), _int(k["level"])
        bit = 1 << node
        ck.knights[t * KNIGHT_LEVELS + level - 1] |= bit
        if k["active"]:
            ck.active[t] |= bit
        if k["woke_this_turn"]:
            ck.woke |= bit
        if k["promoted_this_turn"]:
            ck.promoted |= bit
    for m in c["metropolises"]:
        track = TRACK_NAMES.index(m["track"])
        ck.metropolis[track] = _int(m["crossing"])
        ck.metropolis_owner[track] = _int(m["seat"])
    for w in c["waiting_metropolises"]:
        ck.claims[TRACK_NAMES.index(w["track"])] = _int(w["seat"])
    merchant = c["merchant"]
    if merchant is not None:
        ck.merchant, ck.merchant_owner = _int(merchant["hex"]), _int(merchant["seat"])
    fleet = c["merchant_fleet"]
    ck.fleet = -1 if fleet is None else CARD_NAMES.index(fleet)
    for row in c["seats"]:
        t = _int(row["seat"])
        for k in range(TRACKS):
            ck.levels[t * TRACKS + k] = _int(row["improvements"][TRACK_NAMES[k]])
        for node in row["walls"]:
            ck.walls[t] |= 1 << _int(node)
        ck.progress[t] = tuple(PROGRESS_NAMES.index(x) for x in row["progress"])
        ck.face_up[t] = _int(row["face_up"])
        ck.defenders[t] = _int(row["defenders"])
    st.ck = ck


def _int(value: Any) -> int:
    if type(value) is not int:
        raise BadState("Cities & Knights values must be whole numbers")
    return value
