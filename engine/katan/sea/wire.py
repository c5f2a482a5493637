"""Seafarers' part of Katan's JSON (docs/katan-json.md, version 2).

Views show the ships, the pirate, the bonuses and every scenario count, and
only how many fog tiles and chests are left; the stored state adds the fog
pile, the chests and the canal tiles' numbers. The board itself (found fog
hexes, a taken fortress, a dug canal) is the base game's `board` object.
"""

from typing import Any

from engine.errors import BadState
from engine.katan.components import TERRAIN_NAMES
from engine.katan.geometry import bits
from engine.katan.sea.mapfile import CHEST_NAMES, CHIP_NAMES
from engine.katan.sea.state import PIECE_NAMES, SeaPart, new_part
from engine.katan.state import KatanState

Json = dict[str, Any]


def part_json(st: KatanState, viewer: int | None, full: bool) -> Json:
    sea: SeaPart = st.sea
    n = st.seats
    board = st.board
    out: Json = {
        "ships": sorted(
            ({"edge": e, "seat": t} for t in range(n) for e in bits(sea.ships[t])),
            key=lambda s: s["edge"],
        ),
        "ships_built_this_turn": bits(sea.fresh),
        "sailed_this_turn": sea.sailed,
        "pirate": sea.pirate if sea.pirate >= 0 else None,
        "chased": PIECE_NAMES[sea.chased] if sea.chased >= 0 else None,
        "island_bonus": [{"island": i, "seat": t} for i, t in enumerate(sea.bonus) if t >= 0],
        "fog_left": len(sea.fog_pile),
        "fog_found": sea.found,
        "chests_left": len(sea.chests),
        "chips": [{"hex": h, "chip": CHIP_NAMES[k]} for h, k in sea.chips],
        "villages": [
            {"hex": h, "cloth": sea.villages[i]} for i, h in enumerate(board.village_hexes)
        ],
        "fortresses": [
            {"hex": h, "strength": sea.fortresses[i]} for i, h in enumerate(board.fortress_hexes)
        ],
        "canal": [{"hex": h, "dug": sea.canal[i]} for i, h in enumerate(board.canal_hexes)],
        "seats": [
            {
                "seat": t,
                "tribe": [CHIP_NAMES[k] for k in sea.tribe[t]],
                "cloth": sea.cloth[t],
                "fortresses_taken": sea.taken[t],
                "raids": sea.raided[t],
                "wonder": sea.wonders[t],
                "canal_dug": sea.dug[t],
            }
            for t in range(n)
        ],
    }
    if full:
        out["fog_pile"] = [
            {"terrain": TERRAIN_NAMES[terrain], "number": number}
            for terrain, number in sea.fog_pile
        ]
        out["chests"] = [{"hex": h, "chest": CHEST_NAMES[k]} for h, k in sea.chests]
        out["canal_numbers"] = [{"hex": h, "number": number} for h, number in sea.canal_numbers]
    return {"sea": out}


def read_part(st: KatanState, data: Json) -> None:
    s = data["sea"]
    board = st.board
    sea = new_part(st.seats, len(board.islands), -1 if s["pirate"] is None else _int(s["pirate"]))
    for ship in s["ships"]:
        sea.ships[_int(ship["seat"])] |= 1 << _int(ship["edge"])
    for e in s["ships_built_this_turn"]:
        sea.fresh |= 1 << _int(e)
    sea.sailed = bool(s["sailed_this_turn"])
    chased = s.get("chased")
    if chased is not None and chased not in PIECE_NAMES:
        raise BadState("'chased' must be the robber, the pirate or null")
    sea.chased = -1 if chased is None else PIECE_NAMES.index(chased)
    for b in s["island_bonus"]:
        sea.bonus[_int(b["island"])] = _int(b["seat"])
    sea.found = _int(s["fog_found"])
    sea.fog_pile = tuple(
        (TERRAIN_NAMES.index(f["terrain"]), _int(f["number"])) for f in s["fog_pile"]
    )
    sea.chests = tuple((_int(c["hex"]), CHEST_NAMES.index(c["chest"])) for c in s["chests"])
    sea.chips = tuple((_int(c["hex"]), CHIP_NAMES.index(c["chip"])) for c in s["chips"])
    sea.villages = [_int(v["cloth"]) for v in s["villages"]]
    sea.fortresses = [_int(f["strength"]) for f in s["fortresses"]]
    sea.canal = [_int(c["dug"]) for c in s["canal"]]
    sea.canal_numbers = tuple((_int(c["hex"]), _int(c["number"])) for c in s["canal_numbers"])
    for row in s["seats"]:
        t = _int(row["seat"])
        sea.tribe[t] = tuple(CHIP_NAMES.index(k) for k in row["tribe"])
        sea.cloth[t] = _int(row["cloth"])
        sea.taken[t] = _int(row["fortresses_taken"])
        sea.raided[t] = _int(row["raids"])
        sea.wonders[t] = _int(row["wonder"])
        sea.dug[t] = _int(row["canal_dug"])
    if len(sea.villages) != len(board.village_hexes) or len(sea.canal) != len(board.canal_hexes):
        raise BadState("the villages or canal tiles do not match the board")
    st.sea = sea


def _int(value: Any) -> int:
    if type(value) is not int:
        raise BadState("Seafarers values must be whole numbers")
    return value
