"""The scenarios' own mechanics (docs/seafarers.md): Cloth for Catan's villages,
Pirate Islands' fortresses, the Wonders of Catan and the Great Canal.

These are the seed document's readings, not the printed scenarios: a village
pays cloth tokens (two are a point) to the towns beside it when its number
rolls; a fortress falls to raids from ships beside it and opens its island;
each seat builds its own wonder in four stages, the fourth winning at once;
a canal tile is dug out unit by unit by the towns on its corners.
"""

from engine.katan.components import DESERT, FIELDS, cards_text
from engine.katan.events import Events, say
from engine.katan.moves import BUILD_WONDER, DIG_CANAL, RAID_FORTRESS, Move
from engine.katan.sea.discovery import with_hex
from engine.katan.sea.state import SeaPart
from engine.katan.state import OVER, KatanState, total_points
from engine.katan.turns import pays, spend

RAID_COST = (0, 0, 1, 1, 1)
"""1 wool, 1 grain and 1 ore a raid."""
FORTRESS_POINTS = 2
WONDER_COSTS = (
    (1, 2, 0, 1, 0),
    (0, 1, 1, 0, 2),
    (1, 0, 0, 1, 3),
    (0, 1, 0, 2, 3),
)
"""Each stage's cost, in resource order (lumber, brick, wool, grain, ore)."""
WONDER_STAGES = len(WONDER_COSTS)
DIG_COST = (0, 1, 0, 0, 1)
"""1 brick and 1 ore a unit."""
CANAL_UNITS = 3


def part(st: KatanState) -> SeaPart:
    sea: SeaPart = st.sea
    return sea


def in_turn_order(st: KatanState) -> list[int]:
    return [(st.current + k) % st.seats for k in range(st.seats)]


# ---- villages -------------------------------------------------------------------------------


def villages_pay(st: KatanState, total: int, ev: Events) -> int:
    """Villages showing `total` pay a cloth to each town beside them, seats
    nearest the roller first while the stock lasts; returns the seats paid."""
    sea = part(st)
    board = st.board
    paid = 0
    for i, hex_id in enumerate(board.village_hexes):
        if board.numbers[hex_id] != total or hex_id == st.robber or not sea.villages[i]:
            continue
        corners = board.topology.hex_corner_mask[hex_id]
        for t in in_turn_order(st):
            towns = ((st.towns[t] | st.cities[t]) & corners).bit_count()
            got = min(towns, sea.villages[i])
            if got:
                sea.villages[i] -= got
                before = sea.cloth[t]
                sea.cloth[t] += got
                st.points[t] += sea.cloth[t] // 2 - before // 2
                paid |= 1 << t
                if ev is not None:
                    say(
                        ev,
                        "cloth",
                        f"Seat {t} received {got} cloth from the village on hex {hex_id}",
                        t,
                        {"hex": hex_id, "cloth": got},
                    )
    return paid


# ---- fortresses -----------------------------------------------------------------------------


def standing(st: KatanState) -> list[int]:
    """Fortress hexes still standing."""
    sea = part(st)
    return [h for i, h in enumerate(st.board.fortress_hexes) if sea.fortresses[i] > 0]


def fortress_closed(st: KatanState) -> int:
    """Crossings of the islands a standing fortress still holds."""
    board = st.board
    held = {board.island_of[h] for h in standing(st)}
    out = 0
    for h in board.land_hexes:
        if board.island_of[h] in held:
            out |= board.topology.hex_corner_mask[h]
    return out


def raid_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    if not pays(st, seat, RAID_COST):
        return
    ships = part(st).ships[seat]
    edges = st.board.topology.hex_edges
    for h in standing(st):
        if any(ships >> e & 1 for e in edges[h]):
            out.append((RAID_FORTRESS, h))


def why_raid(st: KatanState, seat: int, hex_id: int) -> str | None:
    if hex_id not in standing(st):
        return f"There is no standing fortress on hex {hex_id}."
    if not any(part(st).ships[seat] >> e & 1 for e in st.board.topology.hex_edges[hex_id]):
        return f"You need a ship beside the fortress on hex {hex_id} to raid it."
    if not pays(st, seat, RAID_COST):
        return f"A raid costs {cards_text(RAID_COST)}."
    return None


def raid(st: KatanState, seat: int, hex_id: int, ev: Events) -> None:
    sea = part(st)
    spend(st, seat, RAID_COST)
    i = st.board.fortress_hexes.index(hex_id)
    sea.fortresses[i] -= 1
    sea.raided[seat] += 1
    left = sea.fortresses[i]
    if ev is not None:
        say(
            ev,
            "raid",
            f"Seat {seat} raided the fortress on hex {hex_id}: {left} strength left",
            seat,
            {"hex": hex_id, "strength": left},
        )
    if left:
        return
    sea.taken[seat] += 1
    st.points[seat] += FORTRESS_POINTS
    fortresses = sea.fortresses
    st.board = with_hex(st.board, hex_id, DESERT, 0)
    sea.fortresses = [s for k, s in enumerate(fortresses) if k != i]
    st.closed = st.ruleset.closed(st)
    if ev is not None:
        say(
            ev,
            "fortress_taken",
            f"Seat {seat} took the fortress on hex {hex_id}: its island is open",
            seat,
            {"hex": hex_id},
        )


# ---- wonders --------------------------------------------------------------------------------


WONDERS_MAP = "wonders_of_catan"
"""The one map whose seats build wonders."""


def wonder_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    if st.board.map_name != WONDERS_MAP:
        return
    stage = part(st).wonders[seat]
    if st.cities[seat] and stage < WONDER_STAGES and pays(st, seat, WONDER_COSTS[stage]):
        out.append((BUILD_WONDER,))


def why_wonder(st: KatanState, seat: int) -> str | None:
    if st.board.map_name != WONDERS_MAP:
        return "Wonders are built only on the Wonders of Catan map."
    stage = part(st).wonders[seat]
    if stage >= WONDER_STAGES:
        return "Your wonder is complete."
    if not st.cities[seat]:
        return "A wonder needs a city of yours on the board."
    if not pays(st, seat, WONDER_COSTS[stage]):
        return f"Stage {stage + 1} of your wonder costs {cards_text(WONDER_COSTS[stage])}."
    return None


def build_wonder(st: KatanState, seat: int, ev: Events) -> None:
    sea = part(st)
    spend(st, seat, WONDER_COSTS[sea.wonders[seat]])
    sea.wonders[seat] += 1
    st.points[seat] += 1
    stage = sea.wonders[seat]
    if ev is not None:
        say(ev, "wonder", f"Seat {seat} built stage {stage} of its wonder", seat, {"stage": stage})
    if stage == WONDER_STAGES:
        st.winner = seat
        st.phase = OVER
        if ev is not None:
            say(
                ev,
                "win",
                f"Seat {seat} completes its wonder and wins with {total_points(st, seat)} points",
                seat,
                {"points": total_points(st, seat), "wonder": True},
            )


# ---- the canal ------------------------------------------------------------------------------


def open_canal(st: KatanState) -> list[int]:
    """Canal tiles not yet dug out."""
    sea = part(st)
    return [h for i, h in enumerate(st.board.canal_hexes) if sea.canal[i] < CANAL_UNITS]


def dig_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    if not pays(st, seat, DIG_COST):
        return
    mine = st.towns[seat] | st.cities[seat]
    corners = st.board.topology.hex_corner_mask
    out.extend((DIG_CANAL, h) for h in open_canal(st) if corners[h] & mine)


def why_dig(st: KatanState, seat: int, hex_id: int) -> str | None:
    if hex_id not in open_canal(st):
        return f"Hex {hex_id} is not a canal tile still to dig."
    if not st.board.topology.hex_corner_mask[hex_id] & (st.towns[seat] | st.cities[seat]):
        return f"You need a settlement or city on a corner of hex {hex_id} to dig there."
    if not pays(st, seat, DIG_COST):
        return f"A unit of canal costs {cards_text(DIG_COST)}."
    return None


def dig(st: KatanState, seat: int, hex_id: int, ev: Events) -> None:
    sea = part(st)
    spend(st, seat, DIG_COST)
    i = st.board.canal_hexes.index(hex_id)
    sea.canal[i] += 1
    sea.dug[seat] += 1
    if sea.dug[seat] % 2 == 0:
        st.points[seat] += 1
    if ev is not None:
        say(ev, "dig", f"Seat {seat} dug the canal on hex {hex_id}", seat, {"hex": hex_id})
    if sea.canal[i] < CANAL_UNITS:
        return
    number = dict(sea.canal_numbers)[hex_id]
    canal = sea.canal
    st.board = with_hex(st.board, hex_id, FIELDS, number)
    sea.canal = [u for k, u in enumerate(canal) if k != i]
    sea.canal_numbers = tuple(c for c in sea.canal_numbers if c[0] != hex_id)
    if ev is not None:
        say(
            ev,
            "canal_dug",
            f"The canal tile on hex {hex_id} is dug out: fields with {number}",
            seat,
            {"hex": hex_id, "number": number},
        )


def points(st: KatanState, seat: int) -> int:
    """Cloth, fortress, wonder and canal points, from scratch."""
    sea = part(st)
    return (
        sea.cloth[seat] // 2
        + FORTRESS_POINTS * sea.taken[seat]
        + sea.wonders[seat]
        + sea.dug[seat] // 2
    )
