"""Katan's JSON: the stored state, a seat's view, and moves (docs/katan-json.md).

Katan has no app client to match, so the shape is ours: names rather than
numbers for resources, terrain and phases, ids for hexes, crossings and edges
as `geometry` numbers them, and a `v` version field on states and views. The
stored state keeps only primary facts (hands, pieces, award holders, the
deal); everything derived is recomputed on decoding and audited, so a
damaged or hand-edited state is refused rather than played.
"""

import json
from collections.abc import Mapping
from typing import Any, Final

from engine.errors import BadMove, BadState
from engine.jsonwire import dumps
from engine.katan import moves as mv
from engine.katan.audit import problems, rebuild
from engine.katan.components import (
    DEV_KINDS,
    DEV_NAMES,
    HARBOUR_NAMES,
    RESOURCE_NAMES,
    RESOURCES,
    TERRAIN_NAMES,
)
from engine.katan.geometry import bits
from engine.katan.maps import MAPS, Board, topology_of
from engine.katan.moves import Move
from engine.katan.options import AWARD_POINTS, POINTS_MAX, POINTS_MIN, SEAT_COUNTS
from engine.katan.state import PHASE_NAMES, KatanState, new_state
from engine.katan.view import KatanView

VERSION: Final = 1

Json = dict[str, Any]


def _cards(counts: tuple[int, ...] | list[int]) -> Json:
    return {RESOURCE_NAMES[r]: counts[r] for r in range(RESOURCES)}


def _devs(counts: list[int]) -> Json:
    return {DEV_NAMES[k]: counts[k] for k in range(DEV_KINDS)}


def _seat_slice(values: list[int], seat: int, width: int) -> list[int]:
    return values[seat * width : (seat + 1) * width]


def _board_json(board: Board) -> Json:
    top = board.topology
    return {
        "map": board.map_name,
        "hexes": [
            {
                "id": h,
                "q": q,
                "r": r,
                "terrain": TERRAIN_NAMES[board.terrain[h]],
                "number": board.numbers[h] or None,
            }
            for h, (q, r) in enumerate(top.hexes)
        ],
        "harbours": [
            {"edge": edge, "kind": HARBOUR_NAMES[kind], "ratio": 2 if kind < RESOURCES else 3}
            for edge, kind in board.harbours
        ],
    }


def _offer_json(st: KatanState) -> Json | None:
    if st.offer is None:
        return None
    give, want = mv.offer_legs(st.offer)
    return {
        "from": st.current,
        "to": st.offer[1] if st.offer[1] >= 0 else None,
        "give": _cards(give),
        "want": _cards(want),
        "asked": st.asked if st.asked >= 0 else None,
        "counters": [
            {"seat": c[0], "give": _cards(c[1:6]), "want": _cards(c[6:11])} for c in st.counters
        ],
    }


def _table_json(st: KatanState) -> Json:
    """The public table: what every view and the stored state share."""
    placed: list[tuple[int, int, str]] = []
    for t in range(st.seats):
        placed.extend((n, t, "settlement") for n in bits(st.towns[t]))
        placed.extend((n, t, "city") for n in bits(st.cities[t]))
    buildings = [{"crossing": n, "seat": t, "kind": kind} for n, t, kind in sorted(placed)]
    roads = [
        {"edge": e, "seat": t}
        for e, t in sorted((e, t) for t in range(st.seats) for e in bits(st.roads[t]))
    ]
    return {
        "phase": PHASE_NAMES[st.phase],
        "turn": st.turn,
        "current": st.current,
        "dice": list(st.dice) if st.dice[0] else None,
        "rolled": st.rolled,
        "development_played": st.dev_played,
        "free_roads": st.free_roads,
        "robber": st.robber,
        "buildings": buildings,
        "roads": roads,
        "bank": _cards(st.bank),
        "longest_road": st.longest if st.longest >= 0 else None,
        "largest_army": st.army if st.army >= 0 else None,
        "offer": _offer_json(st),
        "offers_this_turn": st.offers,
        "winner": st.winner if st.winner >= 0 else None,
    }


# ---- views ------------------------------------------------------------------


def view_json(view: KatanView) -> Json:
    st = view.state
    assert st.redaction is not None
    red = st.redaction
    players = []
    for t in range(st.seats):
        player: Json = {
            "seat": t,
            "points": st.points[t],
            "cards": red.hand_sizes[t],
            "development_cards": red.dev_sizes[t],
            "played": _devs(_seat_slice(st.played, t, DEV_KINDS)),
            "road_length": st.road_len[t],
            "pieces_left": {
                "roads": 15 - st.roads[t].bit_count(),
                "settlements": 5 - st.towns[t].bit_count(),
                "cities": 4 - st.cities[t].bit_count(),
            },
            "must_discard": st.discards[t],
        }
        if t == view.seat:
            player["hand"] = _cards(_seat_slice(st.hands, t, RESOURCES))
            player["development_hand"] = _devs(_seat_slice(st.devs, t, DEV_KINDS))
            player["bought_this_turn"] = _devs(st.fresh)
        if st.winner >= 0:
            player["victory_point_cards"] = st.devs[t * DEV_KINDS + 4]
        players.append(player)
    return {
        "v": VERSION,
        "game": "katan",
        "viewer": view.seat,
        "seats": st.seats,
        "points_to_win": st.target,
        "award_points": st.award,
        "to_move": view.to_move,
        "board": _board_json(st.board),
        **_table_json(st),
        "development_deck": red.deck_size,
        "players": players,
    }


def encode_view(view: KatanView) -> str:
    return dumps(view_json(view))


# ---- full state (storage only) ------------------------------------------------


def state_json(st: KatanState) -> Json:
    return {
        "v": VERSION,
        "game": "katan",
        "seats": st.seats,
        "points_to_win": st.target,
        "award_points": st.award,
        "seed": st.seed,
        "counter": st.counter,
        "board": _board_json(st.board),
        **_table_json(st),
        "setup_step": st.setup_step,
        "last_settlement": st.last_settlement,
        "development_deck": _devs(st.deck),
        "bought_this_turn": _devs(st.fresh),
        "players": [
            {
                "seat": t,
                "hand": _cards(_seat_slice(st.hands, t, RESOURCES)),
                "development_hand": _devs(_seat_slice(st.devs, t, DEV_KINDS)),
                "played": _devs(_seat_slice(st.played, t, DEV_KINDS)),
                "must_discard": st.discards[t],
            }
            for t in range(st.seats)
        ],
    }


def encode_state(st: KatanState) -> str:
    return dumps(state_json(st))


def decode_state(text: str) -> KatanState:
    try:
        data = json.loads(text)
        st = _state_from(data)
    except BadState:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise BadState(f"not a Katan state: {exc!s}") from None
    wrong = problems(st)
    if wrong:
        raise BadState("inconsistent Katan state: " + "; ".join(wrong))
    return st


def _state_from(data: Any) -> KatanState:
    if not isinstance(data, dict) or data.get("game") != "katan":
        raise BadState("not a Katan state")
    if data.get("v") != VERSION:
        raise BadState(f"Katan state version {data.get('v')!r} is not {VERSION}")
    b = data["board"]
    spec = MAPS.get(b["map"])
    if spec is None:
        raise BadState(f"unknown map {b['map']!r}")
    top = topology_of(spec)
    terrain = tuple(TERRAIN_NAMES.index(h["terrain"]) for h in b["hexes"])
    numbers = tuple(h["number"] or 0 for h in b["hexes"])
    harbours = tuple((h["edge"], HARBOUR_NAMES.index(h["kind"])) for h in b["harbours"])
    if len(terrain) != len(top.hexes):
        raise BadState("the board does not match its map")
    board = Board(spec.name, top, terrain, numbers, harbours)
    seats, target, award = data["seats"], data["points_to_win"], data["award_points"]
    if (
        seats not in SEAT_COUNTS
        or not POINTS_MIN <= target <= POINTS_MAX
        or award not in AWARD_POINTS
    ):
        raise BadState("the state's seats, points to win or award points are out of range")
    st = new_state(board, seats, target, award, data["seed"])
    st.counter = data["counter"]
    st.phase = PHASE_NAMES.index(data["phase"])
    st.turn = data["turn"]
    st.current = data["current"]
    st.setup_step = data["setup_step"]
    st.last_settlement = data["last_settlement"]
    st.rolled = bool(data["rolled"])
    dice = data["dice"]
    st.dice = (int(dice[0]), int(dice[1])) if dice else (0, 0)
    st.dev_played = bool(data["development_played"])
    st.free_roads = data["free_roads"]
    st.robber = data["robber"]
    st.bank = _counts(data["bank"], RESOURCE_NAMES)
    st.deck = _counts(data["development_deck"], DEV_NAMES)
    st.fresh = _counts(data["bought_this_turn"], DEV_NAMES)
    for p in data["players"]:
        t = p["seat"]
        st.hands[t * RESOURCES : (t + 1) * RESOURCES] = _counts(p["hand"], RESOURCE_NAMES)
        st.devs[t * DEV_KINDS : (t + 1) * DEV_KINDS] = _counts(p["development_hand"], DEV_NAMES)
        st.played[t * DEV_KINDS : (t + 1) * DEV_KINDS] = _counts(p["played"], DEV_NAMES)
        st.discards[t] = p["must_discard"]
    for building in data["buildings"]:
        bit = 1 << building["crossing"]
        if building["kind"] == "city":
            st.cities[building["seat"]] |= bit
        else:
            st.towns[building["seat"]] |= bit
    for road in data["roads"]:
        st.roads[road["seat"]] |= 1 << road["edge"]
    st.longest = -1 if data["longest_road"] is None else data["longest_road"]
    st.army = -1 if data["largest_army"] is None else data["largest_army"]
    st.winner = -1 if data["winner"] is None else data["winner"]
    # States stored before the count existed lack it; their turn's offers are
    # forgotten, which at worst allows that turn a few more.
    st.offers = data.get("offers_this_turn", 0)
    if type(st.offers) is not int:
        raise BadState("offers_this_turn must be a whole number")
    offer = data["offer"]
    if offer is not None:
        to = -1 if offer["to"] is None else offer["to"]
        give = tuple(_counts(offer["give"], RESOURCE_NAMES))
        want = tuple(_counts(offer["want"], RESOURCE_NAMES))
        st.offer = mv.offer_move(to, give, want)
        st.asked = -1 if offer["asked"] is None else offer["asked"]
        st.counters = tuple(
            (
                c["seat"],
                *_counts(c["give"], RESOURCE_NAMES),
                *_counts(c["want"], RESOURCE_NAMES),
            )
            for c in offer["counters"]
        )
    rebuild(st)
    return st


def _counts(obj: Mapping[str, Any], names: tuple[str, ...]) -> list[int]:
    if set(obj) != set(names):
        raise BadState(f"expected counts of {', '.join(names)}")
    values = [obj[name] for name in names]
    if not all(type(v) is int for v in values):
        raise BadState("counts must be whole numbers")
    return values


# ---- moves ---------------------------------------------------------------------


def move_json(move: Move) -> Json:
    kind = move[0]
    out: Json = {"move": mv.KIND_NAMES[kind]}
    if kind == mv.BUILD_ROAD:
        out["edge"] = move[1]
    elif kind in (mv.BUILD_SETTLEMENT, mv.BUILD_CITY):
        out["crossing"] = move[1]
    elif kind == mv.PLAY_PLENTY:
        out["resources"] = [RESOURCE_NAMES[move[1]], RESOURCE_NAMES[move[2]]]
    elif kind == mv.PLAY_MONOPOLY:
        out["resource"] = RESOURCE_NAMES[move[1]]
    elif kind == mv.MOVE_ROBBER:
        out["hex"] = move[1]
        out["rob"] = move[2] if move[2] >= 0 else None
    elif kind == mv.DISCARD:
        out["cards"] = _cards(move[1:6])
    elif kind == mv.BANK_TRADE:
        out["give"] = RESOURCE_NAMES[move[1]]
        out["get"] = RESOURCE_NAMES[move[2]]
    elif kind == mv.OFFER:
        give, want = mv.offer_legs(move)
        out["to"] = move[1] if move[1] >= 0 else None
        out["give"] = _cards(give)
        out["want"] = _cards(want)
    elif kind == mv.COUNTER:
        give, want = mv.counter_legs(move)
        out["give"] = _cards(give)
        out["want"] = _cards(want)
    elif kind == mv.TAKE_COUNTER:
        out["seat"] = move[1]
    return out


def encode_move(move: Move) -> str:
    return dumps(move_json(move))


_FIELDS: Final = {
    mv.BUILD_ROAD: ("edge",),
    mv.BUILD_SETTLEMENT: ("crossing",),
    mv.BUILD_CITY: ("crossing",),
    mv.PLAY_PLENTY: ("resources",),
    mv.PLAY_MONOPOLY: ("resource",),
    mv.MOVE_ROBBER: ("hex", "rob"),
    mv.DISCARD: ("cards",),
    mv.BANK_TRADE: ("give", "get"),
    mv.OFFER: ("to", "give", "want"),
    mv.COUNTER: ("give", "want"),
    mv.TAKE_COUNTER: ("seat",),
}


def decode_move(text: str) -> Move:
    """Parse a move's JSON; `BadMove` names the first thing wrong with it."""
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMove('A Katan move is a JSON object like {"move":"roll"}.') from None
    if not isinstance(data, dict) or not isinstance(data.get("move"), str):
        raise BadMove('A Katan move is a JSON object with a "move" name.')
    name = data["move"]
    if name not in mv.KIND_NAMES:
        raise BadMove(f"Unknown move {name!r}; the moves are {', '.join(mv.KIND_NAMES)}.")
    kind = mv.KIND_NAMES.index(name)
    fields = _FIELDS.get(kind, ())
    extra = set(data) - {"move", *fields}
    if extra:
        raise BadMove(f"A {name} move has no field {sorted(extra)[0]!r}.")
    missing = [f for f in fields if f not in data]
    if missing:
        raise BadMove(f"A {name} move needs {', '.join(repr(f) for f in missing)}.")
    if kind == mv.BUILD_ROAD:
        return (kind, _int(data, "edge"))
    if kind in (mv.BUILD_SETTLEMENT, mv.BUILD_CITY):
        return (kind, _int(data, "crossing"))
    if kind == mv.PLAY_PLENTY:
        pair = data["resources"]
        if not isinstance(pair, list) or len(pair) != 2:
            raise BadMove('Year of Plenty names two resources, like ["wool", "ore"].')
        a, b = sorted(_resource(v) for v in pair)
        return (kind, a, b)
    if kind == mv.PLAY_MONOPOLY:
        return (kind, _resource(data["resource"]))
    if kind == mv.MOVE_ROBBER:
        rob = data["rob"]
        return (kind, _int(data, "hex"), -1 if rob is None else _int(data, "rob"))
    if kind == mv.DISCARD:
        return mv.discard_move(_leg(data["cards"], "cards"))
    if kind == mv.BANK_TRADE:
        return (kind, _resource(data["give"]), _resource(data["get"]))
    if kind == mv.OFFER:
        to = -1 if data["to"] is None else _int(data, "to")
        return mv.offer_move(to, _leg(data["give"], "give"), _leg(data["want"], "want"))
    if kind == mv.COUNTER:
        return mv.counter_move(_leg(data["give"], "give"), _leg(data["want"], "want"))
    if kind == mv.TAKE_COUNTER:
        return (kind, _int(data, "seat"))
    return (kind,)


def _int(data: Json, name: str) -> int:
    value = data[name]
    if type(value) is not int:
        raise BadMove(f"{name!r} must be a whole number.")
    return value


def _resource(value: Any) -> int:
    if value not in RESOURCE_NAMES:
        raise BadMove(
            f"{value!r} is not a resource; the resources are {', '.join(RESOURCE_NAMES)}."
        )
    return RESOURCE_NAMES.index(value)


def _leg(value: Any, name: str) -> tuple[int, ...]:
    """Cards by resource name; names left out count zero."""
    if not isinstance(value, dict):
        raise BadMove(f'{name!r} is an object of counts, like {{"wool": 2}}.')
    counts = [0] * RESOURCES
    for key, n in value.items():
        r = _resource(key)
        if type(n) is not int or n < 0:
            raise BadMove(f"{name!r}: the count of {key} must be a whole number, 0 or more.")
        counts[r] = n
    return tuple(counts)
