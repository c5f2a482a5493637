"""Katan's JSON: the stored state and a seat's view (docs/katan-json.md); moves
are in `movewire`.

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

from engine.errors import BadState
from engine.jsonwire import dumps
from engine.katan import moves as mv
from engine.katan.audit import problems, rebuild
from engine.katan.chores import CHORE_FIELDS, CHORE_NAMES
from engine.katan.components import (
    CARD_NAMES,
    DEV_KINDS,
    DEV_NAMES,
    HARBOUR_NAMES,
    LARGE_TABLE,
    RESOURCES,
    TERRAIN_NAMES,
)
from engine.katan.geometry import bits
from engine.katan.maps import Board
from engine.katan.options import AWARD_POINTS, POINTS_MIN, SEAT_COUNTS, TARGET_MAX
from engine.katan.rulesets import BY_EXPANSIONS, ruleset
from engine.katan.state import CHORE, PHASE_NAMES, SPECIAL, KatanState, new_state
from engine.katan.view import KatanView

VERSION: Final = 1
"""The base game's states and views; a table with an expansion writes version 2,
which adds `expansions` and each expansion's part (docs/katan-json.md)."""
VERSION_EXPANSIONS: Final = 2

Json = dict[str, Any]


def _cards(counts: tuple[int, ...] | list[int]) -> Json:
    return {CARD_NAMES[r]: counts[r] for r in range(len(counts))}


def _version(st: KatanState) -> Json:
    if not st.ruleset.expansions:
        return {"v": VERSION, "game": "katan"}
    return {"v": VERSION_EXPANSIONS, "game": "katan", "expansions": list(st.ruleset.expansions)}


def _devs(counts: list[int]) -> Json:
    return {DEV_NAMES[k]: counts[k] for k in range(DEV_KINDS)}


def _seat_slice(values: list[int], seat: int, width: int) -> list[int]:
    """The seat's `width` values of a per-seat flat list."""
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
    w = st.width
    return {
        "from": st.current,
        "to": st.offer[1] if st.offer[1] >= 0 else None,
        "give": _cards(give),
        "want": _cards(want),
        "asked": st.asked if st.asked >= 0 else None,
        "counters": [
            {"seat": c[0], "give": _cards(c[1 : 1 + w]), "want": _cards(c[1 + w :])}
            for c in st.counters
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
        "robber": st.robber if st.robber >= 0 else None,
        "buildings": buildings,
        "roads": roads,
        "bank": _cards(st.bank),
        "longest_road": st.longest if st.longest >= 0 else None,
        "largest_army": st.army if st.army >= 0 else None,
        "offer": _offer_json(st),
        "offers_this_turn": st.offers,
        "winner": st.winner if st.winner >= 0 else None,
        **(_chores_json(st) if st.ruleset.expansions else {}),
        **(_special_json(st) if st.seats >= LARGE_TABLE else {}),
    }


def _special_json(st: KatanState) -> Json:
    """Five or six seats: the seat building in the special building phase (also
    while a chore interrupts it), else null."""
    building = st.phase == SPECIAL or (st.phase == CHORE and st.back == SPECIAL)
    return {"special_builder": st.asked if building else None}


def _chores_json(st: KatanState) -> Json:
    """The chore queue (public: who must answer what), and the phase after it."""
    return {
        "chores": [
            {
                "chore": CHORE_NAMES[c[0]],
                "seat": c[1] if c[1] >= 0 else None,
                **dict(zip(CHORE_FIELDS[c[0]], c[2:], strict=True)),
            }
            for c in st.chores
        ],
        "resume": PHASE_NAMES[st.back],
    }


def _chores_from(data: Json) -> tuple[tuple[int, ...], ...]:
    out = []
    for c in data["chores"]:
        kind = CHORE_NAMES.index(c["chore"])
        seat = -1 if c["seat"] is None else c["seat"]
        values = [c[name] for name in CHORE_FIELDS[kind]]
        if not all(type(v) is int for v in [seat, *values]):
            raise BadState("chore values must be whole numbers")
        out.append((kind, seat, *values))
    return tuple(out)


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
            player["hand"] = _cards(_seat_slice(st.hands, t, st.width))
            player["development_hand"] = _devs(_seat_slice(st.devs, t, DEV_KINDS))
            player["bought_this_turn"] = _devs(st.fresh)
        if st.winner >= 0:
            player["victory_point_cards"] = st.devs[t * DEV_KINDS + 4]
        players.append(player)
    return {
        **_version(st),
        "viewer": view.seat,
        "seats": st.seats,
        "points_to_win": st.target,
        "award_points": st.award,
        "to_move": view.to_move,
        "board": _board_json(st.board),
        **_table_json(st),
        "development_deck": red.deck_size,
        "players": players,
        **st.ruleset.part_json(st, view.seat, full=False),
    }


def encode_view(view: KatanView) -> str:
    return dumps(view_json(view))


# ---- full state (storage only) ------------------------------------------------


def state_json(st: KatanState) -> Json:
    return {
        **_version(st),
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
                "hand": _cards(_seat_slice(st.hands, t, st.width)),
                "known_cards": _cards(_seat_slice(st.known, t, st.width)),
                "development_hand": _devs(_seat_slice(st.devs, t, DEV_KINDS)),
                "played": _devs(_seat_slice(st.played, t, DEV_KINDS)),
                "must_discard": st.discards[t],
            }
            for t in range(st.seats)
        ],
        **st.ruleset.part_json(st, None, full=True),
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
    version = data.get("v")
    if version not in (VERSION, VERSION_EXPANSIONS):
        raise BadState(f"Katan state version {version!r} is not {VERSION} or {VERSION_EXPANSIONS}")
    expansions = tuple(data.get("expansions", ())) if version == VERSION_EXPANSIONS else ()
    if version == VERSION_EXPANSIONS and not expansions:
        raise BadState(f"a Katan state of version {version} names its expansions")
    if expansions not in BY_EXPANSIONS:
        raise BadState(f"unknown expansions {list(expansions)!r}")
    rules_in_play = ruleset(expansions)
    b = data["board"]
    terrain = tuple(TERRAIN_NAMES.index(h["terrain"]) for h in b["hexes"])
    numbers = tuple(h["number"] or 0 for h in b["hexes"])
    harbours = tuple((h["edge"], HARBOUR_NAMES.index(h["kind"])) for h in b["harbours"])
    top = rules_in_play.map_topology(b["map"])
    if top is None:
        raise BadState(f"unknown map {b['map']!r}")
    if len(terrain) != len(top.hexes):
        raise BadState("the board does not match its map")
    board = rules_in_play.rebuild_board(b["map"], terrain, numbers, harbours)
    assert board is not None
    seats, target, award = data["seats"], data["points_to_win"], data["award_points"]
    if (
        seats not in SEAT_COUNTS
        or not POINTS_MIN <= target <= TARGET_MAX
        or award not in AWARD_POINTS
    ):
        raise BadState("the state's seats, points to win or award points are out of range")
    st = new_state(board, seats, target, award, data["seed"], rules_in_play)
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
    st.robber = -1 if data["robber"] is None else data["robber"]
    names = CARD_NAMES[: st.width]
    st.bank = _counts(data["bank"], names)
    st.deck = _counts(data["development_deck"], DEV_NAMES)
    st.fresh = _counts(data["bought_this_turn"], DEV_NAMES)
    for p in data["players"]:
        t = p["seat"]
        st.hands[t * st.width : (t + 1) * st.width] = _counts(p["hand"], names)
        if "known_cards" in p:
            # (States stored before the table kept count of them know none.)
            st.known[t * st.width : (t + 1) * st.width] = _counts(p["known_cards"], names)
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
        give = tuple(_counts(offer["give"], names))
        want = tuple(_counts(offer["want"], names))
        st.offer = mv.offer_move(to, give, want)
        st.asked = -1 if offer["asked"] is None else offer["asked"]
        st.counters = tuple(
            (
                c["seat"],
                *_counts(c["give"], names),
                *_counts(c["want"], names),
            )
            for c in offer["counters"]
        )
    if rules_in_play.expansions:
        st.chores = _chores_from(data)
        st.back = PHASE_NAMES.index(data["resume"])
    if seats >= LARGE_TABLE and data["special_builder"] is not None:
        st.asked = data["special_builder"]
        if type(st.asked) is not int or not 0 <= st.asked < seats:
            raise BadState("special_builder must be a seat")
    rules_in_play.read_part(st, data)
    rebuild(st)
    return st


def _counts(obj: Mapping[str, Any], names: tuple[str, ...]) -> list[int]:
    if set(obj) != set(names):
        raise BadState(f"expected counts of {', '.join(names)}")
    values = [obj[name] for name in names]
    if not all(type(v) is int for v in values):
        raise BadState("counts must be whole numbers")
    return values
