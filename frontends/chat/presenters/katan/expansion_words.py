"""The expansions' parts of a caption and a hand, in words.

Everything here but the progress cards is public (knights, walls, tracks,
ships, cloth, chips, wonder stages): the hand text shows the seat's own, the
caption what concerns everyone (how near the barbarians are). A seat's
progress cards are named to it alone: other seats' are blanked in its view.
"""

from typing import Final

from engine.katan.cities.components import (
    PROGRESS_TITLES,
    TRACK_NAMES,
    TRACKS,
    WALL_PIECES,
)
from engine.katan.cities.state import CitiesPart, knights_of, level_at, strength
from engine.katan.geometry import bits
from engine.katan.sea.mapfile import CHIP_NAMES
from engine.katan.sea.scenarios import WONDER_STAGES
from engine.katan.sea.ships import SHIP_PIECES
from engine.katan.sea.state import SeaPart
from engine.katan.state import KatanState
from renderers.words import plural

LEVELS: Final = ("basic", "strong", "mighty")


def barbarians(st: KatanState) -> str:
    """How near the barbarians are, and how the attack would go today."""
    ck: CitiesPart = st.ck
    cities = sum(c.bit_count() for c in st.cities)
    knights = sum(strength(ck, t) for t in range(st.seats))
    steps = "1 step" if ck.barbarians == 1 else f"{ck.barbarians} steps"
    return f"Barbarians {steps} away: {cities} cities against {knights} active knights."


def cities_lines(st: KatanState, seat: int) -> list[str]:
    ck: CitiesPart = st.ck
    cards = [PROGRESS_TITLES[c] for c in ck.progress[seat] if c >= 0]
    lines = [f"Your progress cards: {', '.join(cards)}." if cards else ""]
    levels = ", ".join(f"{TRACK_NAMES[t]} {ck.levels[seat * TRACKS + t]}" for t in range(TRACKS))
    lines.append(f"Improvements: {levels}.")
    knights = []
    for node in bits(knights_of(ck, seat)):
        level = LEVELS[level_at(ck, seat, node) - 1]
        state = "active" if ck.active[seat] >> node & 1 else "asleep"
        knights.append(f"{level} at {node} ({state})")
    if knights:
        lines.append(f"Your knights: {'; '.join(knights)}.")
    walls = ck.walls[seat].bit_count()
    extras = []
    if walls:
        extras.append(f"walls {walls} of {WALL_PIECES}")
    if ck.face_up[seat]:
        extras.append(f"{ck.face_up[seat]} point card{'s' if ck.face_up[seat] > 1 else ''}")
    if ck.defenders[seat]:
        extras.append(f"Defender of Catan ×{ck.defenders[seat]}")
    if ck.merchant_owner == seat and ck.merchant >= 0:
        extras.append(f"the merchant on hex {ck.merchant}")
    if extras:
        lines.append(f"Also: {', '.join(extras)}.")
    return lines


def sea_lines(st: KatanState, seat: int) -> list[str]:
    sea: SeaPart = st.sea
    ships = sea.ships[seat].bit_count()
    parts = [f"Ships: {ships} on the board, {SHIP_PIECES - ships} left"]
    if sea.cloth[seat]:
        parts.append(f"cloth {sea.cloth[seat]} ({plural(sea.cloth[seat] // 2, 'point')})")
    if sea.tribe[seat]:
        parts.append("tribe chips: " + ", ".join(CHIP_NAMES[c] for c in sea.tribe[seat]))
    if sea.taken[seat]:
        parts.append(f"fortresses taken {sea.taken[seat]}")
    if sea.wonders[seat]:
        parts.append(f"wonder stage {sea.wonders[seat]} of {WONDER_STAGES}")
    if sea.dug[seat]:
        parts.append(f"canal dug {sea.dug[seat]} ({plural(sea.dug[seat] // 2, 'point')})")
    return ["; ".join(parts) + "."]
