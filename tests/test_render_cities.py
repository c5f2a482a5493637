"""Cities & Knights on the Katan image and in its text, judged by what they show where."""

import re

import pytest
from PIL import Image, ImageChops
from render_probe import check_labels, near, pixel, rgb, same_region

from engine.katan import chores
from engine.katan import moves as mv
from engine.katan.cities.components import (
    EVENT_SHIP,
    KNIGHT_LEVELS,
    LEVELS,
    PROGRESS_KINDS,
    PROGRESS_TITLES,
    TRACKS,
)
from engine.katan.components import CANAL, FOG, FORTRESS, GOLD, SEA, VILLAGE
from engine.katan.game import KATAN
from engine.katan.geometry import bits
from engine.katan.kinds import TABLE
from engine.katan.maps import Board
from engine.katan.sea.atlas import MAP_NAMES
from engine.katan.sea.atlas import deal as sea_deal
from engine.katan.state import CHORE, KatanState
from engine.katan.view import KatanView, view_legal_moves
from engine.protocol import TableConfig
from renderers import katan as render
from renderers import style
from renderers.draw import Canvas, Point
from renderers.katan.phrases import CHORE_VERB
from renderers.katan.places import PLACES, kind_spots, source

NAMES = ["Ana", "Bo", "Cy", "Dee"]
PLACING = sorted(k.code for k in TABLE if PLACES[k.code] and k.rule_set == "cities_and_knights")
"""Every Cities & Knights kind that points at a crossing, an edge or a hex."""


def _config(seed: int) -> TableConfig:
    return TableConfig(game="katan", seed=seed, options={"expansions": "cities_and_knights"})


def _rich(st: KatanState) -> bool:
    ck = st.ck
    return (
        any(ck.walls)
        and any(m >= 0 for m in ck.metropolis)
        and any(ck.active)
        and sum(k.bit_count() for k in ck.knights) > sum(a.bit_count() for a in ck.active)
        and ck.merchant >= 0
        and st.robber >= 0
    )


class Seen:
    """Seeded random self-play, keeping the first position of each kind wanted."""

    def __init__(self) -> None:
        self.by_kind: dict[int, KatanState] = {}
        self.rich: KatanState | None = None
        self.asleep_robber: KatanState | None = None
        self.progress: KatanState | None = None

    def done(self) -> bool:
        return set(PLACING) - {mv.PLACE_METROPOLIS} <= set(self.by_kind) and None not in (
            self.rich,
            self.asleep_robber,
            self.progress,
        )


@pytest.fixture(scope="module")
def seen() -> Seen:
    found = Seen()
    for seed in range(20, 40):
        state = KATAN.initial_state(_config(seed))
        players = [KATAN.player("random", seed + s) for s in range(state.seats)]
        for _ in range(3000):
            if KATAN.is_finished(state) or found.done():
                break
            if KATAN.can_advance(state):
                state = KATAN.advance(state).state
                continue
            seat = KATAN.to_move(state)
            assert seat is not None
            legal = KATAN.legal_moves(state, seat)
            for move in legal:
                found.by_kind.setdefault(move[0], state)
            ck = state.ck
            if found.rich is None and _rich(state):
                found.rich = state
            if found.asleep_robber is None and state.turn > 2 and not ck.attacks:
                found.asleep_robber = state
            if (
                found.progress is None
                and len(ck.progress[seat]) >= 2
                and any(ck.progress[seat ^ 1])
            ):
                found.progress = state
            view = KATAN.view_for(state, seat)
            state = KATAN.apply(state, seat, players[seat].choose(view, seat, legal)).state
        if found.done():
            return found
    raise AssertionError("seeded play never reached every position the tests need")


@pytest.fixture(scope="module")
def rich(seen: Seen) -> KatanState:
    """Knights active and asleep, walls, a metropolis, the merchant, the robber awake."""
    assert seen.rich is not None
    return seen.rich


def _picture(state: KatanState, seat: int | None, **kwargs: object) -> Image.Image:
    return render.picture(render.scene(KATAN.view_for(state, seat), **kwargs))  # type: ignore[arg-type]


def _layout(state: KatanState) -> render.Layout:
    return render.scene_layout(render.scene(KATAN.view_for(state, None)))


def _grey(value: tuple[int, int, int]) -> float:
    r, g, b = value
    return 0.299 * r + 0.587 * g + 0.114 * b


# ---- pieces on the island ----------------------------------------------------------------


def _crafted_knights(rich: KatanState) -> tuple[KatanState, list[tuple[int, int, int, bool]]]:
    """Every seat with a knight of every level, active and asleep in turn, on
    free crossings apart from each other: (seat, node, level, active)."""
    st = rich.copy()
    ck = st.ck
    ck.knights = [0] * len(ck.knights)
    ck.active = [0] * st.seats
    topology = st.board.topology
    taken = st.built
    placed: list[tuple[int, int, int, bool]] = []
    for node in range(topology.node_count):
        if len(placed) == st.seats * KNIGHT_LEVELS:
            break
        near_taken = taken & (topology.node_block_mask[node] | 1 << node)
        if near_taken or not topology.land_nodes >> node & 1:
            continue
        seat, level = len(placed) % st.seats, len(placed) // st.seats
        active = len(placed) % 2 == 0
        ck.knights[seat * KNIGHT_LEVELS + level] |= 1 << node
        if active:
            ck.active[seat] |= 1 << node
        taken |= 1 << node
        placed.append((seat, node, level + 1, active))
    assert len(placed) == st.seats * KNIGHT_LEVELS
    return st, placed


def _read_badge(image: Image.Image, centre: Point, size: float) -> int:
    half = int(size * 0.07)
    ox, oy = int(centre[0]) - half, int(centre[1]) - half
    crop = image.crop((ox, oy, ox + 2 * half, oy + 2 * half)).convert("L")
    scores = {}
    for strength in (1, 2, 3):
        # Drawn here, not by the renderer: a digit on a white disc, as a person reads it.
        canvas = Canvas(2 * half, 2 * half, (255, 255, 255))
        at = (centre[0] - ox, centre[1] - oy)
        canvas.circle(at, size * 0.1, fill=style.CARD_FACE, outline=style.INK, width=1.5)
        canvas.text(at, str(strength), size * 0.15, style.INK, bold=True)
        diff = ImageChops.difference(crop, canvas.reduced().convert("L"))
        scores[strength] = sum(i * n for i, n in enumerate(diff.histogram()))
    return min(scores, key=lambda k: scores[k])


def test_knights_show_owner_strength_and_whether_active(rich: KatanState) -> None:
    state, placed = _crafted_knights(rich)
    image = _picture(state, None)
    lay = _layout(state)
    for seat, node, level, active in placed:
        fill = render.SEAT_STYLES[seat].fill
        assert near(pixel(image, render.knight_probe(lay, node)), fill), (seat, node)
        assert _read_badge(image, render.badge_centre(lay, node), lay.size) == level, node
        halo = pixel(image, render.halo_probe(lay, node))
        rim = pixel(image, render.halo_probe(lay, node, rim=True))
        if active:
            assert near(halo, style.HIGHLIGHT), node
            # Not by colour alone: a bright ring inside a dark one, in grey too.
            assert _grey(halo) - _grey(rim) > 120, node
    for seat, node, level, active in placed:
        if active:
            continue
        # An asleep knight draws nothing beyond its disc: the ring's place shows
        # what lies under it when the knight is not there at all.
        gone = state.copy()
        gone.ck.knights[seat * KNIGHT_LEVELS + level - 1] &= ~(1 << node)
        bare = _picture(gone, None)
        for on_rim in (False, True):
            probe = render.halo_probe(lay, node, on_rim)
            assert pixel(image, probe) == pixel(bare, probe), node


def test_walls_metropolises_and_knights_are_where_the_view_says(rich: KatanState) -> None:
    image = _picture(rich, None)
    lay = _layout(rich)
    ck = rich.ck
    metropolis = {node: track for track, node in enumerate(ck.metropolis) if node >= 0}
    for seat in range(rich.seats):
        fill = render.SEAT_STYLES[seat].fill
        for node in bits(rich.cities[seat]):
            assert near(pixel(image, render.building_probe(lay, node, True)), fill), node
            walled = bool(ck.walls[seat] >> node & 1)
            assert near(pixel(image, render.wall_probe(lay, node)), render.STONE, 12) == walled
            tower = pixel(image, render.tower_probe(lay, node))
            if node in metropolis:
                assert near(tower, render.TRACK_FILL[metropolis[node]], 12), node
            else:
                assert not any(near(tower, fill, 12) for fill in render.TRACK_FILL), node
        for level in range(KNIGHT_LEVELS):
            for node in bits(ck.knights[seat * KNIGHT_LEVELS + level]):
                assert near(pixel(image, render.knight_probe(lay, node)), fill), node
                halo = pixel(image, render.halo_probe(lay, node))
                assert near(halo, style.HIGHLIGHT) == bool(ck.active[seat] >> node & 1), node
    for seat in range(rich.seats):
        for node in bits(rich.towns[seat]):
            assert not near(pixel(image, render.wall_probe(lay, node)), render.STONE, 12), node
    merchant = render.merchant_probe(lay, ck.merchant)
    assert near(pixel(image, merchant), render.SEAT_STYLES[ck.merchant_owner].fill)
    gone = rich.copy()
    gone.ck.merchant = -1
    assert not near(
        pixel(_picture(gone, None), merchant), render.SEAT_STYLES[ck.merchant_owner].fill
    )


def test_the_text_states_what_the_pixels_show(rich: KatanState) -> None:
    view = KATAN.view_for(rich, None)
    text = render.render_text(view, names=NAMES)
    image = _picture(rich, None)
    lay = _layout(rich)
    ck = rich.ck
    walls_seen = 0
    for line in text.splitlines():
        found = re.match(r"(\w+)'s (.*)\.$", line)
        if not found:
            continue
        seat = NAMES.index(found.group(1))
        for part in found.group(2).split("; "):
            if part.startswith("walls "):
                for node in map(int, part.split()[1:]):
                    assert near(pixel(image, render.wall_probe(lay, node)), render.STONE, 12)
                    walls_seen += 1
            else:
                for node, level, state in re.findall(r"(\d+) (basic|strong|mighty) (\w+)", part):
                    place = int(node)
                    fill = render.SEAT_STYLES[seat].fill
                    assert near(pixel(image, render.knight_probe(lay, place)), fill)
                    halo = near(pixel(image, render.halo_probe(lay, place)), style.HIGHLIGHT)
                    assert halo == (state == "active")
                    strength = ("basic", "strong", "mighty").index(level) + 1
                    assert _read_badge(image, render.badge_centre(lay, place), lay.size) == strength
    assert walls_seen == sum(w.bit_count() for w in ck.walls) > 0
    for track, node in enumerate(ck.metropolis):
        if node >= 0:
            owner = NAMES[ck.metropolis_owner[track]]
            assert re.search(
                rf"\b{('trade', 'politics', 'science')[track]} {owner} at {node}\b", text
            )
    assert f"{ck.merchant} " in text and f"merchant ({NAMES[ck.merchant_owner]})" in text
    assert f"{ck.barbarians} step" in text and f"{ck.attacks} attack" in text
    for seat in range(rich.seats):
        levels = ", ".join(
            f"{name} {ck.levels[seat * TRACKS + t]}"
            for t, name in enumerate(("trade", "politics", "science"))
        )
        assert f"improvements {levels}" in text
        assert f"{len(ck.progress[seat])} progress card" in text


# ---- the strip and the panel ------------------------------------------------------------


def test_barbarian_track_and_event_die(rich: KatanState) -> None:
    for steps, event in ((7, -1), (4, 1), (1, EVENT_SHIP), (3, 0), (5, 2)):
        state = rich.copy()
        state.ck.barbarians = steps
        state.ck.event = event
        image = _picture(state, None)
        for cell in range(8):
            x0, y0, _, _ = render.barbarian_cell(cell)
            corner = pixel(image, (x0 + 4, y0 + 4))
            assert near(corner, style.HIGHLIGHT) == (cell == steps), (steps, cell)
        x0, y0, x1, y1 = render.event_die_box()
        face = pixel(image, (x0 + 4, (y0 + y1) / 2))
        if 0 <= event < EVENT_SHIP:
            assert near(face, render.TRACK_FILL[event], 12)
        else:
            assert near(face, style.CARD_FACE, 12)
            inside = image.crop((int(x0) + 6, int(y0) + 6, int(x1) - 6, int(y1) - 6)).convert("L")
            dark = sum(inside.histogram()[:80])
            assert (dark > 20) == (event == EVENT_SHIP), event
        text = render.render_text(KATAN.view_for(state, None))
        assert f"Barbarians: {steps} step" in text
        words = {-1: None, 0: "trade gate", 1: "politics gate", 2: "science gate", 3: "ship"}
        assert (f"Event die: {words[event]}." in text) == (event >= 0)


def test_the_robber_waits_beside_the_board_before_the_first_attack(seen: Seen) -> None:
    state = seen.asleep_robber
    assert state is not None and state.robber == -1 and state.ck.attacks == 0
    image = _picture(state, None)
    lay = _layout(state)
    for h, terrain in enumerate(state.board.terrain):
        if terrain == SEA:
            continue
        rx, ry = render.robber_centre(lay, h)
        assert not near(pixel(image, (rx, ry + lay.size * 0.15)), render.ROBBER_FILL, 16), h
    text = render.render_text(KATAN.view_for(state, None))
    assert "the robber waits beside the board" in text
    assert " robber" not in text.split("Hexes: ")[1].splitlines()[0]


def test_improvement_tracks_fill_one_pip_per_level(rich: KatanState) -> None:
    state = rich.copy()
    for seat in range(state.seats):
        for track in range(TRACKS):
            state.ck.levels[seat * TRACKS + track] = (seat * 2 + track) % (LEVELS + 1)
    image = _picture(state, 0)
    for seat in range(state.seats):
        for track in range(TRACKS):
            level = state.ck.levels[seat * TRACKS + track]
            for step in range(1, LEVELS + 1):
                drawn = pixel(image, render.track_pip(seat, track, step))
                assert near(drawn, render.TRACK_FILL[track], 16) == (step <= level), (
                    seat,
                    track,
                    step,
                )
                assert near(drawn, style.CARD_FACE, 16) == (step > level)


# ---- numbered spots ---------------------------------------------------------------------


def _metropolis_chore(rich: KatanState) -> KatanState:
    seat = next(
        t
        for t in range(rich.seats)
        if rich.cities[t] & ~sum(1 << n for n in rich.ck.metropolis if n >= 0)
    )
    state = rich.copy()
    track = next(t for t in range(TRACKS) if state.ck.metropolis[t] < 0)
    state.chores = ((chores.METROPOLIS, seat, track),)
    state.back, state.phase = state.phase, CHORE
    return state


@pytest.mark.parametrize("code", PLACING, ids=lambda c: TABLE[c].name)
def test_markers_sit_on_exactly_the_legal_places_of_every_kind(
    seen: Seen, rich: KatanState, code: int
) -> None:
    state = _metropolis_chore(rich) if code == mv.PLACE_METROPOLIS else seen.by_kind[code]
    seat = KATAN.to_move(state)
    assert seat is not None
    view = KATAN.view_for(state, seat)
    legal = view_legal_moves(view, seat)
    first = next(m for m in legal if m[0] == code)
    origin = source(first)
    spots = kind_spots(legal, code, origin if origin >= 0 else None)
    assert len(spots) > 0
    assert all(number == place for number, place in spots.numbered())
    image = rgb(render.render_png(view, spots=spots, names=NAMES, cache=None))
    look = render.closeup(render.scene(view, spots=spots))
    check_labels(image, look, spots)
    lay = look.layout
    numbers = [n for n, _ in spots.numbered()]
    text = render.render_text(view, spots=spots, names=NAMES)
    listed = re.search(r"to choose(?: for the (?:knight at|hex) (\d+))?: ([\d ]+)\.", text)
    assert listed is not None and listed.group(2).split() == [str(n) for n in numbers]
    if origin >= 0:
        # The knight (or hex) the numbers belong to is ringed, and named in the text.
        assert listed.group(1) == str(origin)
        ring = _ring_probe(lay, spots.kind, origin)
        assert near(pixel(image, ring), style.MARKER_EDGE)
        assert not near(
            pixel(image, _ring_probe(lay, spots.kind, spots.spots[0].place)), style.MARKER_EDGE
        )
    else:
        assert listed.group(1) is None


def _ring_probe(lay: render.Layout, kind: str, place: int) -> Point:
    if kind == "hex":
        x, y = lay.hexes[place]
        return x, y - lay.size * 0.375
    x, y = lay.crossings[place]
    return x, y - lay.size * 0.315


def test_every_kind_that_points_at_a_place_is_covered() -> None:
    names = {TABLE[c].name for c in PLACING}
    assert {
        "hire_knight",
        "activate_knight",
        "promote_knight",
        "move_knight",
        "chase_robber",
        "build_wall",
        "place_knight",
        "place_metropolis",
        "lose_city",
        "remove_knight",
        "play_bishop",
        "play_merchant",
        "play_inventor",
        "play_diplomat",
    } <= names
    assert kind_spots(
        [(mv.MOVE_KNIGHT, 4, 9), (mv.MOVE_KNIGHT, 5, 9)], mv.MOVE_KNIGHT, 4
    ).numbered() == ((9, 9),)


# ---- what a seat may know ----------------------------------------------------------------


def _with_other_cards(state: KatanState, seat: int) -> KatanState:
    """The same game with `seat` holding different progress cards, as many."""
    other = state.copy()
    hand = other.ck.progress[seat]
    other.ck.progress[seat] = tuple((c + 7) % PROGRESS_KINDS for c in hand)
    assert other.ck.progress[seat] != hand
    return other


def test_views_that_differ_only_in_hidden_cards_draw_alike(seen: Seen) -> None:
    state = seen.progress
    assert state is not None
    holder = next(t for t in range(state.seats) if state.ck.progress[t])
    other = _with_other_cards(state, holder)
    for seat in [None, *range(state.seats)]:
        if seat == holder:
            continue
        a, b = (_picture(s, seat, names=NAMES) for s in (state, other))
        assert ImageChops.difference(a, b).getbbox() is None, seat
        texts = [render.render_text(KATAN.view_for(s, seat), names=NAMES) for s in (state, other)]
        assert texts[0] == texts[1]
    mine = [_picture(s, holder, names=NAMES) for s in (state, other)]
    hand_top = render.hand_card_box(0, cities=True)[1] - 30
    assert same_region(mine[0], mine[1], (0, 0, render.PANEL[0], render.HEIGHT))
    assert same_region(mine[0], mine[1], (render.PANEL[0], 0, render.WIDTH, hand_top))
    assert not same_region(mine[0], mine[1], (render.PANEL[0], hand_top, render.WIDTH, 880))


def test_no_other_seats_progress_card_is_named(seen: Seen) -> None:
    state = seen.progress
    assert state is not None
    for seat in [None, *range(state.seats)]:
        text = render.render_text(KATAN.view_for(state, seat), names=NAMES)
        own = {PROGRESS_TITLES[c] for c in state.ck.progress[seat]} if seat is not None else set()
        named = {title for title in PROGRESS_TITLES if re.search(rf"\b{title}\b", text)}
        assert named == own, seat
        drawn = render.scene(KATAN.view_for(state, seat))
        assert drawn.ck is not None and drawn.ck.spied is None
        assert drawn.ck.hand == (state.ck.progress[seat] if seat is not None else ())
        assert list(drawn.ck.progress) == [len(h) for h in state.ck.progress]


def test_an_unredacted_state_draws_exactly_what_the_view_draws(seen: Seen) -> None:
    state = seen.progress
    assert state is not None
    for seat in (0, 1, None):
        view = KATAN.view_for(state, seat)
        leaky = KatanView(seat, state, view.to_move)
        assert render.render_png(leaky, cache=None) == render.render_png(view, cache=None)
        assert render.render_text(leaky) == render.render_text(view)


def test_the_spy_alone_sees_its_targets_cards(seen: Seen) -> None:
    state = seen.progress
    assert state is not None
    target = next(t for t in range(state.seats) if state.ck.progress[t])
    spy = (target + 1) % state.seats
    spying = state.copy()
    spying.chores = ((chores.SPY, spy, target),)
    spying.back, spying.phase = spying.phase, CHORE
    titles = ", ".join(PROGRESS_TITLES[c] for c in state.ck.progress[target])
    line = f"{NAMES[target]}'s progress cards (spied): {titles}."
    for seat in range(state.seats):
        text = render.render_text(KATAN.view_for(spying, seat), names=NAMES)
        assert (line in text) == (seat == spy), seat
    assert f"{NAMES[spy]} to take a spied card" in text


# ---- the viewer's hand and status ---------------------------------------------------------


def test_commodities_and_progress_cards_in_the_private_hand(seen: Seen) -> None:
    state = seen.progress
    assert state is not None
    seat = next(t for t in range(state.seats) if len(state.ck.progress[t]) >= 2)
    view = KATAN.view_for(state, seat)
    image = _picture(state, seat, names=NAMES)
    hand = state.hands[seat * state.width : (seat + 1) * state.width]
    assert len(hand) == 8
    for kind, count in enumerate(hand):
        x0, y0, _, _ = render.hand_card_box(kind, cities=True)
        assert near(pixel(image, (x0 + 3, y0 + 30)), render.GOOD_FILL[kind], 8) == (count > 0)
    for i, _ in enumerate(state.ck.progress[seat]):
        x0, y0, _, _ = render.progress_box(i)
        assert near(pixel(image, (x0 + 2, y0 + 12)), style.CARD_BACK, 8)
    x0, y0, _, _ = render.progress_box(len(state.ck.progress[seat]))
    assert not near(pixel(image, (x0 + 2, y0 + 12)), style.CARD_BACK, 8)
    text = render.render_text(view, names=NAMES)
    titles = ", ".join(PROGRESS_TITLES[c] for c in state.ck.progress[seat])
    assert f"progress cards: {titles}." in text
    assert render.scene(view).ck is not None


@pytest.mark.parametrize("kind", sorted(CHORE_VERB), ids=lambda k: chores.CHORE_NAMES[k])
def test_every_chore_says_whom_the_table_waits_on(rich: KatanState, kind: int) -> None:
    state = rich.copy()
    state.chores = ((kind, 2, 0, 0, 0),)
    state.back, state.phase = state.phase, CHORE
    text = render.render_text(KATAN.view_for(state, None), names=NAMES)
    assert text.splitlines()[0].split(". ")[1].startswith(f"Cy {CHORE_VERB[kind]}")


# ---- Seafarers' terrains ----------------------------------------------------------------


def test_seafarers_terrains_draw_with_their_own_fill_word_and_marking(rich: KatanState) -> None:
    board = rich.board
    kinds = (GOLD, FOG, VILLAGE, FORTRESS, CANAL)
    land = [h for h, t in enumerate(board.terrain) if t != SEA][: len(kinds)]
    terrain, numbers = list(board.terrain), list(board.numbers)
    for h, kind in zip(land, kinds, strict=True):
        terrain[h] = kind
        numbers[h] = 0 if kind in (FOG, FORTRESS) else numbers[h]
    state = rich.copy()
    state.robber = -1
    state.ck.merchant = -1
    state.board = Board(
        board.map_name, board.topology, tuple(terrain), tuple(numbers), board.harbours
    )
    image = _picture(state, None)
    lay = _layout(state)
    marks: list[Image.Image] = []
    for h, kind in zip(land, kinds, strict=True):
        x, y = lay.hexes[h]
        s = lay.size
        assert near(pixel(image, (x - s * 0.6, y - s * 0.1)), render.TERRAIN_FILL[kind], 8), kind
        lower = image.crop(
            (int(x - s * 0.35), int(y + s * 0.32), int(x + s * 0.35), int(y + s * 0.66))
        )
        marks.append(lower.convert("L").point(lambda v: 255 if v > 100 else 0))
    for i, a in enumerate(marks):
        for b in marks[i + 1 :]:
            assert ImageChops.difference(a, b).getbbox() is not None
    text = render.render_text(KATAN.view_for(state, None))
    for h, kind in zip(land, kinds, strict=True):
        assert re.search(rf"\b{h} {render.TERRAIN_WORDS[kind]}\b", text)


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_seafarers_map_draws_each_hex_in_its_terrain(name: str) -> None:
    state = KATAN.initial_state(TableConfig(game="katan", seed=5))
    state.board = sea_deal(name, 3).board
    state.robber = -1
    lay = _layout(state)
    image = _picture(state, None)
    for h, terrain in enumerate(state.board.terrain):
        x, y = lay.hexes[h]
        probe = (x - lay.size * 0.6, y - lay.size * 0.1)
        assert near(pixel(image, probe), render.TERRAIN_FILL[terrain], 8), (h, terrain)


def test_palettes_cover_every_terrain_and_card() -> None:
    assert len(render.TERRAIN_FILL) == len(render.TERRAIN_WORDS) == CANAL + 1
    assert len(render.GOOD_FILL) == 8
    assert len(set(render.TERRAIN_FILL)) == len(render.TERRAIN_FILL)
