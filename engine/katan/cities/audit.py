"""Cities & Knights' invariants, in words: the 54 progress cards conserved,
pieces within their limits, walls and metropolises on their owners' cities."""

from engine.katan.chores import GIVE_BACK
from engine.katan.cities.components import (
    BARBARIAN_START,
    CONSTITUTION,
    KNIGHT_LEVELS,
    KNIGHTS_PER_LEVEL,
    LEVELS,
    METROPOLIS_LEVEL,
    PRINTER,
    PROGRESS_COUNT,
    PROGRESS_HAND,
    PROGRESS_KINDS,
    TRACKS,
    WALL_PIECES,
)
from engine.katan.cities.state import CitiesPart, all_knights, knights_of
from engine.katan.state import KatanState


def problems(st: KatanState, out: list[str]) -> None:
    ck: CitiesPart = st.ck
    n = st.seats
    held = [0] * PROGRESS_KINDS
    for pile in (*ck.decks, *ck.progress):
        for card in pile:
            held[card] += 1
    for card in range(PROGRESS_KINDS):
        if card in (PRINTER, CONSTITUTION):
            continue
        if held[card] != PROGRESS_COUNT[card]:
            out.append(
                f"progress card {card}: {held[card]} in decks and hands, not {PROGRESS_COUNT[card]}"
            )
    points_cards = held[PRINTER] + held[CONSTITUTION] + sum(ck.face_up)
    if points_cards != PROGRESS_COUNT[PRINTER] + PROGRESS_COUNT[CONSTITUTION]:
        out.append(f"{points_cards} point progress cards, not 2")
    if any(card in hand for hand in ck.progress for card in (PRINTER, CONSTITUTION)):
        out.append("a point progress card is in a hand")
    giving_back = {c[1] for c in st.chores if c[0] == GIVE_BACK}
    occupied = st.built
    for t in range(n):
        if len(ck.progress[t]) > PROGRESS_HAND and t not in giving_back:
            out.append(f"seat {t} holds {len(ck.progress[t])} progress cards")
        mine = knights_of(ck, t)
        for level in range(KNIGHT_LEVELS):
            mask = ck.knights[t * KNIGHT_LEVELS + level]
            if mask.bit_count() > KNIGHTS_PER_LEVEL:
                out.append(f"seat {t} has {mask.bit_count()} knights of level {level + 1}")
            for other in range(level + 1, KNIGHT_LEVELS):
                if mask & ck.knights[t * KNIGHT_LEVELS + other]:
                    out.append(f"seat {t} has two knights on one crossing")
        if mine & occupied:
            out.append(f"a knight of seat {t} shares a crossing with a piece")
        occupied |= mine
        if ck.active[t] & ~mine:
            out.append(f"seat {t} has an active knight where it has none")
        if ck.walls[t] & ~st.cities[t] or ck.walls[t].bit_count() > WALL_PIECES:
            out.append(f"seat {t}'s walls are not on its cities (or too many)")
        for track in range(TRACKS):
            if not 0 <= ck.levels[t * TRACKS + track] <= LEVELS:
                out.append(f"seat {t}'s improvement level out of range")
    for track in range(TRACKS):
        owner, node = ck.metropolis_owner[track], ck.metropolis[track]
        if (owner < 0) != (node < 0):
            out.append(f"metropolis {track} has an owner but no city, or a city but no owner")
        elif owner >= 0:
            if not st.cities[owner] >> node & 1:
                out.append(f"metropolis {track} is not on its owner's city")
            if ck.levels[owner * TRACKS + track] < METROPOLIS_LEVEL:
                out.append(f"metropolis {track}'s owner is below level {METROPOLIS_LEVEL}")
    built = [m for m in ck.metropolis if m >= 0]
    if len(built) != len(set(built)):
        out.append("a city carries two metropolises")
    if not 0 < ck.barbarians <= BARBARIAN_START:
        out.append(f"the barbarians are {ck.barbarians} steps away")
    if not ck.attacks and st.robber >= 0:
        out.append("the robber is on the board before the first attack")
    if all_knights(ck) & ~st.closed:
        out.append("a knight's crossing is open to settlements")
