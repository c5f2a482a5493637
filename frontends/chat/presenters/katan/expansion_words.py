"""The expansions' parts of a caption and a hand, in words.

Everything here but the progress cards is public (knights, walls, tracks,
ships, cloth, chips, wonder stages): the hand text shows the seat's own, the
caption what concerns everyone (how near the barbarians are). A seat's
progress cards are named to it alone: other seats' are blanked in its view.
"""

from typing import Final

from engine.katan.cities.components import TRACKS, WALL_PIECES
from engine.katan.cities.state import CitiesPart, knights_of, level_at, strength
from engine.katan.geometry import bits
from engine.katan.sea.scenarios import WONDER_STAGES
from engine.katan.sea.ships import SHIP_PIECES
from engine.katan.sea.state import SeaPart
from engine.katan.state import KatanState
from languages import N_, _, ngettext
from renderers.katan_words import CHIP_SAID, progress_said, track_said

KNIGHTS: Final = (
    (N_("basic at {spot} (active)"), N_("basic at {spot} (asleep)")),
    (N_("strong at {spot} (active)"), N_("strong at {spot} (asleep)")),
    (N_("mighty at {spot} (active)"), N_("mighty at {spot} (asleep)")),
)
"""A knight by its level (1..3) and whether it is active."""


def barbarians(st: KatanState) -> str:
    """How near the barbarians are, and how the attack would go today."""
    ck: CitiesPart = st.ck
    cities = sum(c.bit_count() for c in st.cities)
    knights = sum(strength(ck, t) for t in range(st.seats))
    said = ngettext(
        "Barbarians {steps} step away: {cities} against {knights}.",
        "Barbarians {steps} steps away: {cities} against {knights}.",
        ck.barbarians,
    )
    return said.format(
        steps=ck.barbarians,
        cities=ngettext("{count} city", "{count} cities", cities).format(count=cities),
        knights=ngettext("{count} active knight", "{count} active knights", knights).format(
            count=knights
        ),
    )


def cities_lines(st: KatanState, seat: int) -> list[str]:
    ck: CitiesPart = st.ck
    cards = [progress_said(c) for c in ck.progress[seat] if c >= 0]
    said = _("Your progress cards: {cards}.")
    lines = [said.format(cards=", ".join(cards)) if cards else ""]
    levels = ", ".join(f"{track_said(t)} {ck.levels[seat * TRACKS + t]}" for t in range(TRACKS))
    lines.append(_("Improvements: {levels}.").format(levels=levels))
    knights = []
    for node in bits(knights_of(ck, seat)):
        active, asleep = KNIGHTS[level_at(ck, seat, node) - 1]
        knights.append(_(active if ck.active[seat] >> node & 1 else asleep).format(spot=node))
    if knights:
        lines.append(_("Your knights: {knights}.").format(knights="; ".join(knights)))
    walls = ck.walls[seat].bit_count()
    extras = []
    if walls:
        extras.append(_("walls {count} of {most}").format(count=walls, most=WALL_PIECES))
    if ck.face_up[seat]:
        count = ck.face_up[seat]
        extras.append(
            ngettext("{count} point card", "{count} point cards", count).format(count=count)
        )
    if ck.defenders[seat]:
        extras.append(_("Defender of Catan ×{count}").format(count=ck.defenders[seat]))
    if ck.merchant_owner == seat and ck.merchant >= 0:
        extras.append(_("the merchant on hex {hex}").format(hex=ck.merchant))
    if extras:
        lines.append(_("Also: {things}.").format(things=", ".join(extras)))
    return lines


def _points(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


def sea_lines(st: KatanState, seat: int) -> list[str]:
    sea: SeaPart = st.sea
    ships = sea.ships[seat].bit_count()
    said = _("Ships: {ships} on the board, {left} left")
    parts = [said.format(ships=ships, left=SHIP_PIECES - ships)]
    if sea.cloth[seat]:
        said = _("cloth {count} ({points})")
        parts.append(said.format(count=sea.cloth[seat], points=_points(sea.cloth[seat] // 2)))
    if sea.tribe[seat]:
        chips = ", ".join(_(CHIP_SAID[c]) for c in sea.tribe[seat])
        parts.append(_("tribe chips: {chips}").format(chips=chips))
    if sea.taken[seat]:
        parts.append(_("fortresses taken {count}").format(count=sea.taken[seat]))
    if sea.wonders[seat]:
        said = _("wonder stage {stage} of {stages}")
        parts.append(said.format(stage=sea.wonders[seat], stages=WONDER_STAGES))
    if sea.dug[seat]:
        said = _("canal dug {count} ({points})")
        parts.append(said.format(count=sea.dug[seat], points=_points(sea.dug[seat] // 2)))
    return ["; ".join(parts) + "."]
