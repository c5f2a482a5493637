"""Katan's numbered spots read on a phone.

A chat app shows a photo about 360 px wide and Telegram recompresses it, so
each overlay here is sent through a JPEG round trip, scaled to 360 px as a
phone shows it, and the height of each label's digits is read back from the
pixels. The positions are the most crowded ones: every first settlement's
crossing on each rule set and map, every sea hex for the pirate, the edges
of a long fleet. The old overlays (the whole board, markers the size of a
crossing's share of it) measured 0 to 4 px here, the digits blurred grey.
"""

from collections.abc import Callable
from typing import Final

import pytest
from render_probe import (
    PHONE_WIDTH,
    as_on_phone,
    check_labels,
    first_where,
    ink_height,
    overlapping,
    rgb,
)

from engine.katan import moves as mv
from engine.katan.game import KATAN
from engine.katan.sea import atlas
from engine.katan.state import KatanState
from engine.katan.view import view_legal_moves
from engine.protocol import TableConfig
from renderers import katan as render
from renderers.katan.closeup import RIM, has_closeup
from renderers.spots import Spots

DIGITS: Final = 10
"""The least digit height, in px at phone width, that reads without zooming."""

RULE_SETS: Final = {
    "base": {},
    "cities": {"expansions": "cities_and_knights"},
    **{name: {"expansions": "seafarers", "map": name} for name in atlas.MAP_NAMES},
    "great_canal_cities": {"expansions": "seafarers,cities_and_knights", "map": "great_canal"},
}


def _first(options: dict[str, str], seed: int = 2) -> KatanState:
    state = KATAN.initial_state(TableConfig(game="katan", seed=seed, options=options))
    while KATAN.can_advance(state):
        state = KATAN.advance(state).state
    return state


def _played(options: dict[str, str], want: Callable[[list[mv.Move]], bool]) -> KatanState:
    """The first position of seeded random play where the seat to move has `want`."""
    config = TableConfig(game="katan", seed=2, options=options)
    state: KatanState = first_where(KATAN, config, lambda st, seat, legal: want(legal))
    return state


def _check_phone(state: KatanState, action: str) -> tuple[list[int], int]:
    """Every label is drawn whole, apart from the others, shows its spot's
    number and reads at least `DIGITS` px high on a phone; the digit heights
    measured, and how many labels there are."""
    seat = KATAN.to_move(state)
    assert seat is not None
    view = KATAN.view_for(state, seat)
    spots: Spots[mv.Move] = render.katan_spots(view_legal_moves(view, seat), action)
    png = render.render_png(view, spots=spots, cache=None)
    drawn = render.scene(view, spots=spots)
    assert has_closeup(drawn)
    look = render.closeup(drawn)
    image = rgb(png)
    assert image.size == (look.width, look.height)
    check_labels(image, look, spots)
    assert overlapping(q.box for q in look.labels) == []
    for q in look.labels:
        others = [o for o in look.labels if o is not q]
        assert not any(
            o.box[0] <= q.anchor[0] <= o.box[2] and o.box[1] <= q.anchor[1] <= o.box[3]
            for o in others
        )
    phone = as_on_phone(png)
    k = PHONE_WIDTH / image.width
    heights = []
    for q in look.labels:
        x0, y0, x1, y1 = q.box
        inner = (x0 + RIM + 1, y0 + RIM + 1, x1 - RIM - 1, y1 - RIM - 1)
        heights.append(ink_height(phone, tuple(v * k for v in inner)))  # type: ignore[arg-type]
    assert min(heights) >= DIGITS, sorted(heights)
    return heights, len(look.labels)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_first_settlement_reads_at_phone_width(rules: str) -> None:
    """The first settlement may go on any crossing of the home islands: the
    most labels an overlay ever holds (88 on the Four Islands)."""
    _, count = _check_phone(_first(RULE_SETS[rules]), "settlement")
    assert count >= 40


def test_every_sea_hex_for_the_pirate_reads_at_phone_width() -> None:
    state = _played(
        RULE_SETS["heading_for_new_shores"],
        lambda legal: any(m[0] == mv.MOVE_PIRATE for m in legal),
    )
    _, count = _check_phone(state, "pirate")
    assert count >= 50


def test_a_fleet_s_edges_read_at_phone_width() -> None:
    state = _played(
        RULE_SETS["four_islands"], lambda legal: sum(m[0] == mv.BUILD_SHIP for m in legal) >= 8
    )
    _check_phone(state, "ship")


def test_the_public_board_and_a_hand_without_spots_are_not_close_ups() -> None:
    state = _first(RULE_SETS["oases"])
    for seat in (None, 0):
        drawn = render.scene(KATAN.view_for(state, seat))
        assert not has_closeup(drawn)
        assert render.picture(drawn).size == (render.WIDTH, render.HEIGHT)
