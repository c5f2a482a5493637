"""Katan moves as JSON, read off the move-kind table (docs/katan-json.md).

`{"move": name, field: value, ...}` with the fields `kinds.TABLE` lists for
the kind, in that order: ids as numbers, seats as numbers (null for nobody
or everyone), card kinds, tracks and progress cards by name, a leg of cards
as an object of counts. Decoding names the first thing wrong; it needs no
table, so a leg is as wide as the names it uses (eight once a commodity is
named) and `kinds.fit` widens it for a Cities & Knights table.
"""

from typing import Any, Final

from engine.errors import BadMove
from engine.jsonwire import dumps, loads
from engine.katan.cities.components import PROGRESS_NAMES, TRACK_NAMES
from engine.katan.components import CARD_NAMES, RESOURCE_NAMES, RESOURCES
from engine.katan.kinds import (
    BY_NAME,
    CARDS,
    COMMODITY,
    GOOD,
    NULLABLE,
    PAIR,
    PAIRS,
    PROGRESS,
    RESOURCE,
    TABLE,
    TRACK,
    values,
)
from engine.katan.moves import Move

Json = dict[str, Any]

COMMODITY_NAMES: Final = CARD_NAMES[RESOURCES:]


def move_json(move: Move) -> Json:
    kind = TABLE[move[0]]
    out: Json = {"move": kind.name}
    found = values(move)
    for f in kind.fields:
        value = found[f.name]
        if isinstance(value, tuple):
            if f.kind == CARDS:
                out[f.name] = {CARD_NAMES[r]: n for r, n in enumerate(value)}
            else:
                out[f.name] = [CARD_NAMES[v] for v in value]
        elif f.kind in NULLABLE:
            out[f.name] = value if value >= 0 else None
        elif f.kind in (RESOURCE, COMMODITY, GOOD):
            out[f.name] = CARD_NAMES[value]
        elif f.kind == TRACK:
            out[f.name] = TRACK_NAMES[value]
        elif f.kind == PROGRESS:
            out[f.name] = PROGRESS_NAMES[value]
        else:
            out[f.name] = value
    return out


def encode_move(move: Move) -> str:
    return dumps(move_json(move))


def decode_move(text: str) -> Move:
    """Parse a move's JSON; `BadMove` names the first thing wrong with it."""
    try:
        data = loads(text)
    except ValueError:
        raise BadMove('A Katan move is a JSON object like {"move":"roll"}.') from None
    if not isinstance(data, dict) or not isinstance(data.get("move"), str):
        raise BadMove('A Katan move is a JSON object with a "move" name.')
    name = data["move"]
    kind = BY_NAME.get(name)
    if kind is None:
        raise BadMove(f"Unknown move {name!r}; the moves are {', '.join(BY_NAME)}.")
    names = [f.name for f in kind.fields]
    extra = set(data) - {"move", *names}
    if extra:
        raise BadMove(f"A {name} move has no field {sorted(extra)[0]!r}.")
    missing = [n for n in names if n not in data]
    if missing:
        raise BadMove(f"A {name} move needs {', '.join(repr(n) for n in missing)}.")
    legs = [_leg(data[f.name], f.name) for f in kind.fields if f.kind == CARDS]
    width = (
        len(CARD_NAMES) if any(any(leg[RESOURCES:]) or wide for leg, wide in legs) else RESOURCES
    )
    out: list[int] = [kind.code]
    leg_at = 0
    for f in kind.fields:
        value = data[f.name]
        if f.kind == CARDS:
            out.extend(legs[leg_at][0][:width])
            leg_at += 1
        elif f.kind in PAIRS:
            out.extend(_pair(value, f.name, f.kind))
        elif f.kind in NULLABLE:
            out.append(-1 if value is None else _int(value, f.name))
        elif f.kind in (RESOURCE, COMMODITY, GOOD):
            out.append(_card(value, f.kind))
        elif f.kind == TRACK:
            out.append(_named(value, TRACK_NAMES, "track"))
        elif f.kind == PROGRESS:
            out.append(_named(value, PROGRESS_NAMES, "progress card"))
        else:
            out.append(_int(value, f.name))
    return tuple(out)


def _int(value: Any, name: str) -> int:
    if type(value) is not int:
        raise BadMove(f"{name!r} must be a whole number.")
    return value


def _card(value: Any, kind: str) -> int:
    if kind == RESOURCE:
        if value not in RESOURCE_NAMES:
            raise BadMove(
                f"{value!r} is not a resource; the resources are {', '.join(RESOURCE_NAMES)}."
            )
        return RESOURCE_NAMES.index(value)
    allowed = COMMODITY_NAMES if kind == COMMODITY else CARD_NAMES
    if value not in allowed:
        what = "commodity" if kind == COMMODITY else "card"
        raise BadMove(f"{value!r} is not a {what}; they are {', '.join(allowed)}.")
    return CARD_NAMES.index(value)


def _named(value: Any, names: tuple[str, ...], what: str) -> int:
    if value not in names:
        raise BadMove(f"{value!r} is not a {what}; they are {', '.join(names)}.")
    return names.index(value)


def _pair(value: Any, name: str, kind: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        what = "resources" if kind == PAIR else "cards"
        raise BadMove(f'{name!r} names two {what}, like ["wool", "ore"].')
    card = RESOURCE if kind == PAIR else GOOD
    a, b = sorted(_card(v, card) for v in value)
    return a, b


def _leg(value: Any, name: str) -> tuple[list[int], bool]:
    """Counts by card name (names left out count zero), and whether any
    commodity was named (so the leg is eight cards wide)."""
    if not isinstance(value, dict):
        raise BadMove(f'{name!r} is an object of counts, like {{"wool": 2}}.')
    counts = [0] * len(CARD_NAMES)
    wide = False
    for key, n in value.items():
        if key not in CARD_NAMES:
            raise BadMove(
                f"{key!r} is not a resource; the resources are {', '.join(RESOURCE_NAMES)}."
            )
        if type(n) is not int or n < 0:
            raise BadMove(f"{name!r}: the count of {key} must be a whole number, 0 or more.")
        r = CARD_NAMES.index(key)
        counts[r] = n
        wide = wide or r >= RESOURCES
    return counts, wide
