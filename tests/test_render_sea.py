"""Seafarers on the Katan image and in its text, judged by what they show where.

Positions come from seeded random self-play on the maps, and where play
rarely reaches a scenario's moment (a raid, a dug canal) from crafted
positions laid through the rules' own bookkeeping (tests/sea_support.py).
"""

import re
from collections.abc import Callable
from typing import Final

import pytest
from PIL import Image, ImageChops
from render_probe import check_labels, first_where, near, pixel, rgb
from sea_support import blank, new_game, sea

from engine.katan import chores
from engine.katan import moves as mv
from engine.katan.components import FOG
from engine.katan.crafted import give, settle
from engine.katan.game import KATAN
from engine.katan.geometry import bits
from engine.katan.sea import atlas
from engine.katan.sea.crafted import ship as lay_ship
from engine.katan.sea.mapfile import CHIP_NAMES
from engine.katan.sea.scenarios import CANAL_UNITS, WONDER_STAGES
from engine.katan.state import CHORE, KatanState
from engine.katan.view import KatanView, view_legal_moves
from engine.protocol import TableConfig
from renderers import katan as render
from renderers import style
from renderers.katan.geometry import SOURCE_RING
from renderers.katan.island import SEA_DETAIL
from renderers.katan.palette import ATTACK
from renderers.spots import Spots

NAMES = ["Ana", "Bo", "Cy", "Dee"]
TITLES: Final = {name: title for name, title, _ in atlas.menu()}


def _config(name: str, seed: int, cities: bool = False) -> TableConfig:
    expansions = "seafarers,cities_and_knights" if cities else "seafarers"
    return TableConfig(game="katan", seed=seed, options={"expansions": expansions, "map": name})


def _picture(state: KatanState, seat: int | None, **kwargs: object) -> Image.Image:
    return render.picture(render.scene(KATAN.view_for(state, seat), **kwargs))  # type: ignore[arg-type]


def _text(state: KatanState, seat: int | None, **kwargs: object) -> str:
    return render.render_text(KATAN.view_for(state, seat), names=NAMES, **kwargs)  # type: ignore[arg-type]


def _layout(state: KatanState) -> render.Layout:
    return render.scene_layout(render.scene(KATAN.view_for(state, None)))


def _played(
    name: str,
    seed: int,
    done: Callable[[KatanState, int, list[mv.Move]], bool],
    cities: bool = False,
) -> KatanState:
    """The first position of seeded random self-play where `done(state, seat, legal)`."""
    state: KatanState = first_where(KATAN, _config(name, seed, cities), done)
    return state


def _fleets(state: KatanState, seat: int, legal: list[mv.Move]) -> bool:
    """Three seats at sea, one of them with a ship that may sail two places."""
    ships = sea(state).ships
    origins = [m[1] for m in legal if m[0] == mv.MOVE_SHIP]
    return sum(1 for mask in ships if mask) >= 3 and any(origins.count(o) >= 2 for o in origins)


@pytest.fixture(scope="module")
def fleets() -> KatanState:
    return _played("heading_for_new_shores", 4, _fleets)


# ---- ships and the pirate -----------------------------------------------------------------


def _sea_edges_clear(state: KatanState, lay: render.Layout) -> list[int]:
    """Edges between two sea hexes with nothing on or beside them, away from the
    pirate and the harbour tokens: where a ship's probe would show open water."""
    top = state.board.topology
    part = sea(state)
    taken = state.paved | sum(part.ships)
    near_taken = 0
    for e in bits(taken):
        for end in top.edge_ends[e]:
            near_taken |= top.node_edge_mask[end]
    out = []
    for e, hexes in enumerate(top.edge_hexes):
        if len(hexes) < 2 or any(top.hex_land[h] for h in hexes) or near_taken >> e & 1:
            continue
        if part.pirate in hexes:
            continue
        x, y = render.edge_middle(lay, e)
        tokens = lay.harbour_tokens.values()
        if any(abs(x - tx) + abs(y - ty) < lay.size * 1.2 for tx, ty in tokens):
            continue
        out.append(e)
    return out


def test_ships_lie_on_their_edges_in_their_owners_colour(fleets: KatanState) -> None:
    image = _picture(fleets, None)
    lay = _layout(fleets)
    colours = [s.fill for s in render.SEAT_STYLES[: fleets.seats]]
    seen = 0
    for seat, mask in enumerate(sea(fleets).ships):
        for edge in bits(mask):
            assert near(pixel(image, render.ship_probe(lay, edge)), colours[seat]), (seat, edge)
            seen += 1
    assert seen >= 3
    bare = _sea_edges_clear(fleets, lay)
    assert len(bare) > 20
    for edge in bare:
        probe = pixel(image, render.ship_probe(lay, edge))
        assert not any(near(probe, fill, 10) for fill in colours), edge
    text = _text(fleets, None)
    for seat, mask in enumerate(sea(fleets).ships):
        if mask:
            assert re.search(
                rf"{NAMES[seat]} built: .*ships {' '.join(map(str, bits(mask)))}", text
            )
        assert f"{mask.bit_count()} ship" in text.splitlines()[1 + seat]


def test_a_ship_reads_apart_from_a_road_on_the_same_edge(fleets: KatanState) -> None:
    """The same coastal edge as a road and as a ship: the ship is the wider piece
    (its hull shows the seat's colour where a road leaves the shore showing) and
    has dark thwarts across its stern where a road is plain colour."""
    state = fleets.copy()
    top = state.board.topology
    edge = next(
        e
        for e, hexes in enumerate(top.edge_hexes)
        if top.road_edges >> e & 1
        and top.edge_sea[e]
        and not state.paved >> e & 1
        and not any(sea(state).ships[t] >> e & 1 for t in range(state.seats))
    )
    as_road, as_ship = state.copy(), state.copy()
    as_road.roads[0] |= 1 << edge
    sea(as_ship).ships[0] |= 1 << edge
    lay = _layout(state)
    fill = render.SEAT_STYLES[0].fill
    wide = render.on_ship(lay, edge, 0.14, 0.14)
    thwart = render.on_ship(lay, edge, -render.SHIP_WIDTH / 2 * 0.62, 0)
    ship, road = _picture(as_ship, None), _picture(as_road, None)
    assert near(pixel(ship, wide), fill) and not near(pixel(road, wide), fill, 10)
    assert near(pixel(road, thwart), fill) and near(pixel(ship, thwart), style.INK, 40)


def test_a_ship_built_this_turn_has_a_yellow_rim(fleets: KatanState) -> None:
    state = fleets.copy()
    part = sea(state)
    owner = next(t for t in range(state.seats) if part.ships[t])
    ships = bits(part.ships[owner])
    part.fresh = 1 << ships[0]
    image = _picture(state, None)
    lay = _layout(state)
    assert near(pixel(image, render.fresh_probe(lay, ships[0])), style.HIGHLIGHT)
    for other in bits(sum(part.ships) & ~part.fresh):
        assert not near(pixel(image, render.fresh_probe(lay, other)), style.HIGHLIGHT, 30), other
    assert f"built this turn: {ships[0]})" in _text(state, None)


def test_the_pirate_is_on_its_hex_and_nowhere_else(fleets: KatanState) -> None:
    """Its black hull on its hex; every other sea hex as it is with no pirate."""
    top = fleets.board.topology
    lay = _layout(fleets)
    waters = [h for h, land in enumerate(top.hex_land) if not land]
    gone = fleets.copy()
    sea(gone).pirate = -1
    empty = _picture(gone, None)
    for pirate in (waters[0], waters[len(waters) // 2], waters[-1], sea(fleets).pirate):
        state = fleets.copy()
        sea(state).pirate = pirate
        image = _picture(state, None)
        for h in waters:
            probe = render.pirate_probe(lay, h)
            if h == pirate:
                assert near(pixel(image, probe), render.ROBBER_FILL, 16), h
                assert not near(pixel(empty, probe), render.ROBBER_FILL, 16), h
            else:
                assert pixel(image, probe) == pixel(empty, probe), h
        assert f"Pirate: hex {pirate}." in _text(state, None)
    assert "No pirate." in _text(gone, None)


# ---- the fog and what stays hidden ---------------------------------------------------------


def _shuffled_secrets(state: KatanState) -> KatanState:
    """The same game with every hidden thing another way: the fog pile reversed
    and its tiles swapped for others, the chests moved and changed, the canal's
    numbers changed. Nothing face up differs."""
    other = state.copy()
    part = sea(other)
    pile = [(t, 12 - n if n else 0) for t, n in reversed(part.fog_pile)]
    part.fog_pile = tuple((pile[-1][0], n) if i == 0 else (t, n) for i, (t, n) in enumerate(pile))
    part.chests = tuple(((h + 1) % 90, (k + 1) % 4) for h, k in part.chests)
    part.canal_numbers = tuple((h, 3 if n != 3 else 11) for h, n in part.canal_numbers)
    assert (part.fog_pile, part.chests, part.canal_numbers) != (
        sea(state).fog_pile,
        sea(state).chests,
        sea(state).canal_numbers,
    ) or not (part.fog_pile or part.chests or part.canal_numbers)
    return other


@pytest.mark.parametrize("name", ["fog_islands", "treasure_islands", "oases", "great_canal"])
def test_hidden_piles_draw_nothing_and_say_nothing(name: str) -> None:
    """Views of games that differ only in the fog pile, the chests or the canal's
    numbers are the same picture and the same text, for every seat and a
    spectator, and so is the full state handed over by mistake."""
    state = _played(
        name,
        3,
        lambda st, seat, legal: st.turn > 12 and bool(sea(st).fog_pile or sea(st).canal_numbers),
    )
    assert sea(state).fog_pile or sea(state).canal_numbers
    other = _shuffled_secrets(state)
    for seat in [None, *range(state.seats)]:
        a, b = (_picture(s, seat, names=NAMES) for s in (state, other))
        assert ImageChops.difference(a, b).getbbox() is None, seat
        assert _text(state, seat) == _text(other, seat), seat
        view = KATAN.view_for(state, seat)
        leaky = KatanView(seat, state, view.to_move)
        assert render.render_png(leaky, cache=None) == render.render_png(view, cache=None)
        assert render.render_text(leaky) == render.render_text(view)
    text = _text(state, None)
    for h, number in sea(state).canal_numbers:
        assert not re.search(rf"\b{h} canal {number}\b", text)


def test_fog_hexes_are_face_down_until_found() -> None:
    state = _played("fog_islands", 3, lambda st, seat, legal: sea(st).found >= 1)
    lay = _layout(state)
    image = _picture(state, None)
    dealt = atlas.deal("fog_islands", 3).board.fog_hexes
    fog = [h for h in dealt if state.board.terrain[h] == FOG]
    found = [h for h in dealt if state.board.terrain[h] != FOG]
    assert found and fog and len(fog) == len(sea(state).fog_pile)
    for h in dealt:
        x, y = lay.hexes[h]
        fill = render.TERRAIN_FILL[state.board.terrain[h]]
        assert near(pixel(image, (x - lay.size * 0.6, y - lay.size * 0.1)), fill, 8), h
    text = _text(state, None)
    assert f"Fog: {sea(state).found} found, {len(fog)} face down (" in text
    for h in fog:
        assert re.search(rf"\b{h} fog\b", text)
    for h in found:
        words = render.TERRAIN_WORDS[state.board.terrain[h]]
        assert re.search(rf"\b{h} {words} {state.board.numbers[h]}\b", text)


# ---- numbered spots -------------------------------------------------------------------------


def _check_markers(view: KatanView, spots: Spots[mv.Move]) -> tuple[Image.Image, str]:
    assert all(number == place for number, place in spots.numbered())
    image = rgb(render.render_png(view, spots=spots, names=NAMES, cache=None))
    check_labels(image, render.closeup(render.scene(view, spots=spots)), spots)
    numbers = [n for n, _ in spots.numbered()]
    text = render.render_text(view, spots=spots, names=NAMES)
    listed = re.search(r"to choose(?: for the (?:ship at|hex) (\d+))?: ([\d ]+)\.", text)
    assert listed is not None and listed.group(2).split() == [str(n) for n in numbers]
    return image, text


def _seat_view(state: KatanState) -> tuple[KatanView, int, list[mv.Move]]:
    seat = KATAN.to_move(state)
    assert seat is not None
    view = KATAN.view_for(state, seat)
    return view, seat, view_legal_moves(view, seat)


def test_ship_spots_are_the_edges_a_ship_may_be_built_on() -> None:
    state = _played(
        "four_islands", 2, lambda st, seat, legal: sum(m[0] == mv.BUILD_SHIP for m in legal) >= 3
    )
    view, _, legal = _seat_view(state)
    spots = render.katan_spots(legal, "ship")
    assert {p for _, p in spots.numbered()} == {m[1] for m in legal if m[0] == mv.BUILD_SHIP}
    _, text = _check_markers(view, spots)
    assert "Edges to choose: " in text


def test_sailing_is_chosen_in_two_steps_ship_then_destination(fleets: KatanState) -> None:
    view, _, legal = _seat_view(fleets)
    sails = [m for m in legal if m[0] == mv.MOVE_SHIP]
    first = render.katan_spots(legal, "sail")
    assert first.kind == "edge" and {p for _, p in first.numbered()} == {m[1] for m in sails}
    assert render.scene(view, spots=first).spot_source == -1
    _, text = _check_markers(view, first)
    assert "for the ship" not in text
    origins = [m[1] for m in sails]
    ship = max(origins, key=origins.count)
    second = render.katan_spots(legal, "sail", ship)
    assert {p for _, p in second.numbered()} == {m[2] for m in sails if m[1] == ship}
    image, text = _check_markers(view, second)
    assert f"Edges to choose for the ship at {ship}: " in text
    lay = render.closeup(render.scene(view, spots=second)).layout
    assert near(pixel(image, render.on_ship(lay, ship, 0, SOURCE_RING - 0.025)), style.MARKER_EDGE)
    for place in {m[2] for m in sails if m[1] == ship}:
        assert not near(
            pixel(image, render.on_ship(lay, place, 0, SOURCE_RING - 0.025)), style.MARKER_EDGE
        )


def test_pirate_spots_are_the_sea_hexes_it_may_go_to() -> None:
    state = _played(
        "heading_for_new_shores",
        2,
        lambda st, seat, legal: any(m[0] == mv.MOVE_PIRATE for m in legal),
    )
    view, _, legal = _seat_view(state)
    spots = render.katan_spots(legal, "pirate")
    places = {p for _, p in spots.numbered()}
    assert places == {m[1] for m in legal if m[0] == mv.MOVE_PIRATE}
    assert sea(state).pirate not in places
    assert not any(state.board.topology.hex_land[h] for h in places)
    _check_markers(view, spots)
    assert "robber or the pirate" in render.render_text(view)


def _beside_fortress() -> KatanState:
    """Seat 0 with a ship beside each fortress and a raid's cards in hand."""
    state = blank("pirate_islands")
    top = state.board.topology
    for h in state.board.fortress_hexes:
        edge = next(e for e in top.hex_edges[h] if top.edge_sea[e])
        lay_ship(state, 0, edge)
    give(state, 0, wool=1, grain=1, ore=1)
    return state


def _beside_canal() -> KatanState:
    """Seat 0 with a settlement on two canal tiles' corners and a unit's cards."""
    state = blank("great_canal")
    top = state.board.topology
    a, b = state.board.canal_hexes[:2]
    node = next(n for n in bits(top.hex_corner_mask[a] & top.hex_corner_mask[b]))
    settle(state, 0, node)
    give(state, 0, brick=1, ore=1)
    return state


@pytest.mark.parametrize(
    ("action", "code", "make"),
    [("raid", mv.RAID_FORTRESS, _beside_fortress), ("dig", mv.DIG_CANAL, _beside_canal)],
)
def test_raid_and_dig_spots_are_their_hexes(
    action: str, code: int, make: Callable[[], KatanState]
) -> None:
    state = make()
    view, _, legal = _seat_view(state)
    spots = render.katan_spots(legal, action)
    assert len(spots) >= 2
    assert {p for _, p in spots.numbered()} == {m[1] for m in legal if m[0] == code}
    _check_markers(view, spots)


# ---- the scenario's counts ----------------------------------------------------------------


def _only_inside(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float]) -> bool:
    """The pictures differ, and only inside `box`."""
    diff = ImageChops.difference(a, b).getbbox()
    x0, y0, x1, y1 = box
    return (
        diff is not None
        and x0 - 1 <= diff[0]
        and y0 - 1 <= diff[1]
        and diff[2] <= x1 + 1
        and diff[3] <= y1 + 1
    )


def test_villages_show_their_cloth_left() -> None:
    state = blank("cloth_for_catan")
    part = sea(state)
    part.villages = [0, 2, 5, 6][: len(part.villages)]
    lay = _layout(state)
    image = _picture(state, None)
    for h, cloth in zip(state.board.village_hexes, part.villages, strict=True):
        x0, y0, x1, y1 = render.stock_box(lay, h)
        assert near(pixel(image, (x0 + 3, (y0 + y1) / 2)), render.CLOTH_FILL, 12), h
        more = state.copy()
        sea(more).villages[state.board.village_hexes.index(h)] = cloth + 1
        assert _only_inside(image, _picture(more, None), (x0, y0, x1, y1)), h
    text = _text(state, None)
    for h, cloth in zip(state.board.village_hexes, part.villages, strict=True):
        assert re.search(rf"\b{h} village \d+ \({cloth} cloth left\)", text)


def test_fortresses_show_their_strength() -> None:
    state = blank("pirate_islands")
    sea(state).fortresses = [3, 1]
    lay = _layout(state)
    image = _picture(state, None)
    for i, h in enumerate(state.board.fortress_hexes):
        x, y = render.strength_centre(lay, h)
        r = lay.size * 0.19
        assert near(pixel(image, (x - r * 0.7, y)), ATTACK, 12), h
        weaker = state.copy()
        sea(weaker).fortresses[i] -= 1
        assert _only_inside(image, _picture(weaker, None), (x - r, y - r, x + r, y + r)), h
    text = _text(state, None)
    for h, strength in zip(state.board.fortress_hexes, (3, 1), strict=True):
        assert f"{h} fortress (strength {strength})" in text


def test_canal_tiles_fill_a_box_per_unit_dug() -> None:
    state = blank("great_canal")
    part = sea(state)
    part.canal = [u % CANAL_UNITS for u in range(len(part.canal))]
    lay = _layout(state)
    image = _picture(state, None)
    for h, dug in zip(state.board.canal_hexes, part.canal, strict=True):
        for unit in range(CANAL_UNITS):
            drawn = pixel(image, render.canal_pip(lay, h, unit))
            assert near(drawn, render.DUG_FILL, 12) == (unit < dug), (h, unit)
            assert near(drawn, style.CARD_FACE, 12) == (unit >= dug), (h, unit)
    text = _text(state, None)
    for h, dug in zip(state.board.canal_hexes, part.canal, strict=True):
        assert f"{h} canal ({dug} of {CANAL_UNITS} dug)" in text


def test_tribe_chips_wait_on_their_hexes_until_taken() -> None:
    state = blank("forgotten_tribe")
    part = sea(state)
    lay = _layout(state)
    image = _picture(state, None)
    assert len(part.chips) == 4
    for h, kind in part.chips:
        x0, y0, x1, y1 = render.chip_box(lay, h)
        assert near(pixel(image, (x0 + 4, (y0 + y1) / 2)), render.CHIP_FILL[kind], 12), h
    (taken_hex, taken_kind), *left = part.chips
    after = state.copy()
    sea(after).chips = tuple(left)
    sea(after).tribe[1] = (taken_kind,)
    changed = ImageChops.difference(image, _picture(after, None))
    island = changed.crop((0, 0, int(render.PANEL[0]), render.HEIGHT)).getbbox()
    x0, y0, x1, y1 = render.chip_box(lay, taken_hex)
    assert island is not None
    assert (
        x0 - 1 <= island[0] and island[2] <= x1 + 1 and y0 - 1 <= island[1] and island[3] <= y1 + 1
    )
    text = _text(after, None)
    hexes = text.split("Hexes: ")[1].splitlines()[0]
    assert re.search(rf"\b{taken_hex} \w+ \d+(,|\.)", hexes)
    for h, kind in left:
        assert re.search(rf"\b{h} \w+ \d+ \(chip: {CHIP_NAMES[kind]}\)", hexes)
    assert f"chips {CHIP_NAMES[taken_kind]}" in text.splitlines()[2]


def test_wonder_stages_fill_their_boxes_per_seat() -> None:
    state = blank("wonders_of_catan")
    sea(state).wonders = [0, 1, 3, WONDER_STAGES]
    image = _picture(state, 0)
    for seat, built in enumerate(sea(state).wonders):
        for stage in range(1, WONDER_STAGES + 1):
            x0, y0, x1, y1 = render.wonder_pip(seat, stage)
            drawn = pixel(image, ((x0 + x1) / 2, (y0 + y1) / 2))
            assert near(drawn, render.WONDER_FILL, 12) == (stage <= built), (seat, stage)
        assert f"wonder {built} of {WONDER_STAGES}" in _text(state, 0).splitlines()[1 + seat]
    plain = blank("four_islands")
    assert "wonder" not in _text(plain, 0)


def test_island_bonuses_and_scenario_counts_in_the_seat_rows() -> None:
    state = blank("cloth_for_catan")
    part = sea(state)
    others = [i for i in range(len(state.board.islands)) if i not in state.board.start_islands]
    part.bonus[others[0]] = 2
    part.bonus[others[1]] = 2
    part.cloth = [0, 3, 1, 0]
    text = _text(state, None)
    rows = text.splitlines()[1:5]
    assert "2 islands +4" in rows[2] and "island" not in rows[0]
    assert [re.search(r"(\d+) cloth", row).group(1) for row in rows] == ["0", "3", "1", "0"]  # type: ignore[union-attr]
    hexes = " ".join(map(str, state.board.islands[others[0]]))
    assert f"Island bonuses: Cy (hexes {hexes})" in text
    picture = _picture(state, None)
    other = state.copy()
    sea(other).cloth[1] = 5
    assert _only_inside(picture, _picture(other, None), render.seat_box(1, sea=True))


# ---- the panel, the maps, the phone ---------------------------------------------------------


@pytest.mark.parametrize("name", atlas.MAP_NAMES)
def test_every_map_fits_the_sea_at_phone_size(name: str) -> None:
    """The whole map and its harbours lie inside the sea, clear of the panel,
    with hexes big enough to read at a third of the image's width (the
    overlay's labels are judged at phone width in test_render_phone.py)."""
    for cities in (False, True):
        state = new_game(name, cities=cities)
        lay = _layout(state)
        area = render.CITIES_ISLAND if cities else render.ISLAND
        x0, y0, x1, y1 = area
        assert lay.size >= 44
        for cx, cy in lay.hexes:
            assert x0 <= cx - lay.size * 0.87 and cx + lay.size * 0.87 <= x1
            assert y0 <= cy - lay.size and cy + lay.size <= y1
        r = lay.size * 0.3 * SEA_DETAIL
        for tx, ty in lay.harbour_tokens.values():
            assert x0 <= tx - r and tx + r <= x1 and y0 <= ty - r and ty + r <= y1
        png = render.render_png(KATAN.view_for(state, 0), names=NAMES, cache=None)
        assert rgb(png).size == (render.WIDTH, render.HEIGHT) and len(png) < 250_000


@pytest.mark.parametrize("name", atlas.MAP_NAMES)
def test_the_map_is_named_by_its_title(name: str) -> None:
    state = new_game(name)
    text = _text(state, 0)
    assert text.startswith(f"Katan, {TITLES[name]} (Seafarers), 12 points to win.")
    assert name not in text


def test_seafarers_with_cities_and_knights_draws_both(fleets: KatanState) -> None:
    state = _played(
        "great_canal",
        5,
        lambda st, seat, legal: st.turn > 20 and sum(bool(m) for m in sea(st).ships) >= 2,
        cities=True,
    )
    image = _picture(state, None)
    lay = _layout(state)
    x0, y0, _, _ = render.barbarian_cell(state.ck.barbarians)
    assert near(pixel(image, (x0 + 4, y0 + 4)), style.HIGHLIGHT)
    for seat, mask in enumerate(sea(state).ships):
        for edge in bits(mask):
            assert near(pixel(image, render.ship_probe(lay, edge)), render.SEAT_STYLES[seat].fill)
    text = _text(state, None)
    assert text.startswith(f"Katan, {TITLES['great_canal']} (Seafarers, Cities & Knights), ")
    assert "Barbarians: " in text and "canal " in text


# ---- the Master Merchant ---------------------------------------------------------------------


def test_the_master_merchant_alone_sees_its_victims_hand() -> None:
    state = blank("heading_for_new_shores", cities=True)
    give(state, 1, lumber=2, ore=1, cloth=1)
    give(state, 3, wool=2, ore=1, cloth=1)
    state.chores = ((chores.MASTER_MERCHANT, 0, 1),)
    state.back, state.phase = state.phase, CHORE
    victim = state.hands[state.width : 2 * state.width]
    image = _picture(state, 0, names=NAMES)
    for kind, count in enumerate(victim):
        x0, y0, _, y1 = render.picked_box(kind, render.progress_box(0)[1] + 4)
        drawn = pixel(image, (x0 + 3, (y0 + y1) / 2))
        assert near(drawn, render.GOOD_FILL[kind], 8) == (count > 0), kind
    line = "Bo's hand (to take two): 2 lumber, 1 ore and 1 cloth."
    swapped = state.copy()  # Bo's and Dee's hands change places: counts and bank alike
    w = state.width
    swapped.hands[w : 2 * w] = state.hands[3 * w : 4 * w]
    swapped.hands[3 * w : 4 * w] = state.hands[w : 2 * w]
    for seat in [None, *range(state.seats)]:
        text = _text(state, seat)
        assert (line in text) == (seat == 0), seat
        if seat in (None, 2):
            a, b = (_picture(s, seat, names=NAMES) for s in (state, swapped))
            assert ImageChops.difference(a, b).getbbox() is None, seat
        view = KATAN.view_for(state, seat)
        leaky = KatanView(seat, state, view.to_move)
        assert render.render_png(leaky, cache=None) == render.render_png(view, cache=None)
    assert "Ana to take two cards" in _text(state, None)
