"""Whether a move is a move of this table at all, before any rule is asked.

A move arrives as a tuple from a frontend, a stored log or an AI; its kind,
length and every value's range are checked against the move-kind table
(`kinds.TABLE`) for this table's map, seats and hands, so a malformed tuple
is refused with a reason instead of reaching a rule as an IndexError. The
allowed ranges are computed once per map, seat count and hand width.
"""

from typing import Final

from engine.katan.kinds import (
    ADDRESSEE,
    CARDS,
    CROSSING,
    EDGE,
    HEX,
    SEAT,
    TABLE,
    VICTIM,
    field_range,
    size,
)
from engine.katan.moves import KINDS, Move
from engine.katan.state import KatanState

RULE_SET_TITLES: Final = {
    "base": "the base game",
    "cities_and_knights": "Cities & Knights",
    "seafarers": "Seafarers",
}

Shape = tuple[int, tuple[tuple[int, range], ...]] | None
"""A kind's length and the allowed range of each value the table bounds
(card counts are the rules' to judge); None for a kind of a rule set the
table does not play."""

_SHAPES: dict[tuple[object, int, int, frozenset[str]], tuple[Shape, ...]] = {}
"""Per map, seat count, hand width and rule sets: each kind's shape."""


def _shapes(st: KatanState) -> tuple[Shape, ...]:
    top = st.board.topology
    names = st.ruleset.names
    key = (top, st.seats, st.width, names)
    found = _SHAPES.get(key)
    if found is None:
        sizes = (st.seats, top.node_count, top.edge_count, len(top.hexes), st.width)
        rows: list[Shape] = []
        for kind in TABLE:
            checks: list[tuple[int, range]] = []
            at = 1
            for f in kind.fields:
                n = size(f.kind, st.width)
                if f.kind != CARDS:
                    checks.extend((at + k, field_range(f.kind, *sizes)) for k in range(n))
                at += n
            played = kind.rule_set in names
            rows.append((kind.length(st.width), tuple(checks)) if played else None)
        found = _SHAPES[key] = tuple(rows)
    return found


def why_malformed(st: KatanState, seat: int, move: object) -> str | None:
    """Why `move` is not a move of this table at all (wrong shape, a value out
    of range, a rule set not played here), before any rule is asked. Every
    checked move passes here, so a well-formed one costs one pass over its
    kind's ranges; the reason is worked out only for a move that fails."""
    if not isinstance(move, tuple) or not move or type(kind := move[0]) is not int:
        return _reason(st, seat, move)
    if not 0 <= kind < KINDS or not 0 <= seat < st.seats:
        return _reason(st, seat, move)
    shape = _shapes(st)[kind]
    if shape is None or len(move) != shape[0]:
        return _reason(st, seat, move)
    for v in move:
        if type(v) is not int:
            return _reason(st, seat, move)
    for at, allowed in shape[1]:
        if move[at] not in allowed:
            return _reason(st, seat, move)
    return None


def _reason(st: KatanState, seat: int, move: object) -> str | None:
    if (
        not isinstance(move, tuple)
        or not move
        or not all(type(v) is int for v in move)
        or not 0 <= move[0] < KINDS
    ):
        return "That is not a Katan move."
    kind = TABLE[move[0]]
    shape = _shapes(st)[move[0]]
    if shape is None:
        return _not_played(kind.name, kind.rule_set)
    length, checks = shape
    if len(move) != length:
        return f"A {kind.name} move has {length - 1} values, not {len(move) - 1}."
    if not 0 <= seat < st.seats:
        return f"There is no seat {seat} at this table."
    for at, allowed in checks:
        if move[at] not in allowed:
            return _out_of_range(st, move, at, allowed)
    return None


def _not_played(name: str, rule_set: str) -> str:
    return f"{name} is a {RULE_SET_TITLES[rule_set]} move; this table does not play it."


def _out_of_range(st: KatanState, move: Move, at: int, allowed: range) -> str:
    kind = TABLE[move[0]]
    value = move[at]
    i = 1
    for f in kind.fields:
        n = size(f.kind, st.width)
        if i <= at < i + n:
            break
        i += n
    if f.kind in (EDGE, CROSSING, HEX):
        return f"There is no {f.kind} {value}."
    if f.kind == ADDRESSEE:
        return f"Seat {value} is not another seat at this table."
    if f.kind in (SEAT, VICTIM):
        return f"There is no seat {value} at this table."
    if not allowed:
        return f"A {kind.name} move's {f.name} names nothing at this table."
    last = allowed.stop - 1
    return f"A {kind.name} move's {f.name} runs from {allowed.start} to {last}, not {value}."
