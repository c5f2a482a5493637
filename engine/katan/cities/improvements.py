"""City walls, the three improvement tracks, and the metropolises they earn.

A track's level n costs n of its commodity and needs a city. Level 4 first
earns the track's metropolis (+2 points on one of the seat's cities); level
5 takes it from a holder still on 4. A seat with several free cities chooses
which carries it (a chore); with none it waits, and claims it with its next
city (the app's reading, which the published rules leave open).
"""

from engine.katan import chores
from engine.katan.cities.components import (
    LEVELS,
    METROPOLIS_LEVEL,
    TRACK_GOOD,
    TRACK_NAMES,
    TRACKS,
    WALL_COST,
    WALL_PIECES,
)
from engine.katan.cities.state import CitiesPart
from engine.katan.components import CARD_NAMES, cards_text
from engine.katan.events import Events, say
from engine.katan.geometry import bits
from engine.katan.moves import BUILD_WALL, IMPROVE, Move
from engine.katan.state import KatanState
from engine.katan.turns import pays, spend


def part(st: KatanState) -> CitiesPart:
    ck: CitiesPart = st.ck
    return ck


def metropolises(ck: CitiesPart) -> int:
    """Crossings carrying a metropolis."""
    out = 0
    for node in ck.metropolis:
        if node >= 0:
            out |= 1 << node
    return out


def improve_cost(st: KatanState, seat: int, track: int, discount: int = 0) -> tuple[int, ...]:
    """The commodities the next level of `track` costs (a Crane takes one off)."""
    ck = part(st)
    level = ck.levels[seat * TRACKS + track] + 1
    cost = [0] * st.width
    cost[TRACK_GOOD[track]] = max(0, level - discount)
    return tuple(cost)


# ---- legal moves ------------------------------------------------------------------------


def wall_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    ck = part(st)
    if ck.walls[seat].bit_count() >= WALL_PIECES or not pays(st, seat, WALL_COST):
        return
    out.extend((BUILD_WALL, n) for n in bits(st.cities[seat] & ~ck.walls[seat]))


def improve_moves(st: KatanState, seat: int, out: list[Move], discount: int = 0) -> None:
    if not st.cities[seat]:
        return
    ck = part(st)
    for track in range(TRACKS):
        if ck.levels[seat * TRACKS + track] < LEVELS and pays(
            st, seat, improve_cost(st, seat, track, discount)
        ):
            out.append((IMPROVE, track))


# ---- refusals ---------------------------------------------------------------------------


def why_wall(st: KatanState, seat: int, node: int, free: bool = False) -> str | None:
    ck = part(st)
    if ck.walls[seat].bit_count() >= WALL_PIECES:
        return f"You have built all {WALL_PIECES} of your walls."
    if not free and not pays(st, seat, WALL_COST):
        return f"A city wall costs {cards_text(WALL_COST)}."
    if not st.cities[seat] >> node & 1:
        return f"You have no city on crossing {node} to wall."
    if ck.walls[seat] >> node & 1:
        return f"Your city on crossing {node} already has a wall."
    return None


def why_improve(st: KatanState, seat: int, track: int, discount: int = 0) -> str | None:
    ck = part(st)
    level = ck.levels[seat * TRACKS + track]
    name = TRACK_NAMES[track]
    if level >= LEVELS:
        return f"Your {name} track is complete."
    if not st.cities[seat]:
        return "City improvements need a city."
    cost = improve_cost(st, seat, track, discount)
    if not pays(st, seat, cost):
        need = cost[TRACK_GOOD[track]]
        return f"Level {level + 1} of {name} costs {need} {CARD_NAMES[TRACK_GOOD[track]]}."
    return None


# ---- effects ----------------------------------------------------------------------------


def build_wall(st: KatanState, seat: int, node: int, free: bool, ev: Events) -> None:
    if not free:
        spend(st, seat, WALL_COST)
    part(st).walls[seat] |= 1 << node
    if ev is not None:
        say(ev, "build_wall", f"Seat {seat} built a wall at {node}", seat, {"crossing": node})


def step_wall(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    build_wall(st, seat, move[1], False, ev)


def step_improve(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    improve(st, seat, move[1], 0, ev)


def improve(st: KatanState, seat: int, track: int, discount: int, ev: Events) -> None:
    ck = part(st)
    spend(st, seat, improve_cost(st, seat, track, discount))
    i = seat * TRACKS + track
    ck.levels[i] += 1
    level = ck.levels[i]
    if ev is not None:
        say(
            ev,
            "improve",
            f"Seat {seat} raised {TRACK_NAMES[track]} to level {level}",
            seat,
            {"track": TRACK_NAMES[track], "level": level},
        )
    holder = ck.metropolis_owner[track]
    waiting = ck.claims[track]
    if level == METROPOLIS_LEVEL and holder < 0 and waiting < 0:
        claim(st, seat, track, ev)
    elif level == LEVELS and holder >= 0 and holder != seat:
        if ck.levels[holder * TRACKS + track] < LEVELS:
            drop(st, track, ev)
            claim(st, seat, track, ev)
            city_built(st, holder, ev)  # its freed city may carry a waiting claim
    elif (
        level == LEVELS
        and waiting >= 0
        and waiting != seat
        and ck.levels[waiting * TRACKS + track] < LEVELS
    ):
        ck.claims[track] = -1
        claim(st, seat, track, ev)


def free_cities(st: KatanState, seat: int) -> int:
    return st.cities[seat] & ~metropolises(part(st))


def claim(st: KatanState, seat: int, track: int, ev: Events) -> None:
    """The seat earns the track's metropolis: placed at once on its only free
    city, chosen by the seat among several, or waiting for its next city."""
    ck = part(st)
    spots = free_cities(st, seat)
    if not spots:
        ck.claims[track] = seat
        if ev is not None:
            name = TRACK_NAMES[track]
            say(ev, "metropolis_waits", f"Seat {seat}'s {name} metropolis waits for a city", seat)
        return
    ck.claims[track] = -1
    if spots.bit_count() == 1:
        place(st, seat, track, spots.bit_length() - 1, ev)
    else:
        chores.queue(st, (chores.METROPOLIS, seat, track), first=True)


def place(st: KatanState, seat: int, track: int, node: int, ev: Events) -> None:
    ck = part(st)
    ck.metropolis[track] = node
    ck.metropolis_owner[track] = seat
    st.points[seat] += 2
    if ev is not None:
        say(
            ev,
            "metropolis",
            f"Seat {seat} raised the {TRACK_NAMES[track]} metropolis at {node}",
            seat,
            {"track": TRACK_NAMES[track], "crossing": node},
        )


def drop(st: KatanState, track: int, ev: Events) -> None:
    """The track's metropolis leaves its holder's city (the city stays)."""
    ck = part(st)
    holder = ck.metropolis_owner[track]
    st.points[holder] -= 2
    ck.metropolis[track] = -1
    ck.metropolis_owner[track] = -1
    if ev is not None:
        name = TRACK_NAMES[track]
        say(ev, "metropolis_lost", f"Seat {holder} lost the {name} metropolis", holder)


def city_built(st: KatanState, seat: int, ev: Events) -> None:
    """A city newly free (just built, or freed of a metropolis) answers the
    seat's waiting metropolis claims."""
    ck = part(st)
    for track in range(TRACKS):
        if ck.claims[track] == seat and free_cities(st, seat):
            claim(st, seat, track, ev)
