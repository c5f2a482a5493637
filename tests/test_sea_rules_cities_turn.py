"""Seafarers with Cities & Knights, where the two meet outside the knights: the
target, ships and the Road Building progress card, gold and the aqueduct,
island bonuses in every comparison of points, the barbarians counting
cities on every island, the fog and its chests (the seed document's "With
Cities & Knights"; the knights and the pirate are test_sea_rules_cities.py)."""

import pytest

from engine.errors import BadOptions
from engine.katan import chores, crafted
from engine.katan.cities import crafted as ck_crafted
from engine.katan.cities import roll as cities_roll
from engine.katan.cities.components import (
    EVENT_SHIP,
    MASTER_MERCHANT,
    POLITICS,
    PROGRESS_TITLES,
    ROAD_BUILDING_CARD,
    SABOTEUR,
    SPY,
    TRACKS,
    WEDDING,
)
from engine.katan.components import CARD_NAMES, GOLD, RESOURCES
from engine.katan.game import KATAN
from engine.katan.geometry import bits
from engine.katan.moves import (
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_SHIP,
    CHOOSE_DECK,
    LOSE_CITY,
    PICK,
    PLAY_MASTER_MERCHANT,
    PLAY_ROAD_BUILDING,
    PLAY_SABOTEUR,
    PLAY_WEDDING,
)
from engine.katan.options import KatanOptions
from engine.katan.rulesets import entry
from engine.katan.sea.crafted import chest, next_find, ship
from engine.katan.sea.discovery import DEVELOPMENT_CHEST, open_chest
from engine.katan.state import CHORE, FREE_ROADS, MAIN, OVER, KatanState
from engine.protocol import Event, TableConfig
from tests.sea_support import (
    WITH_CITIES,
    apply,
    blank,
    ck,
    coast,
    corners,
    hand,
    home,
    inland,
    isles,
    kinds,
    landing,
    legal,
    new_game,
    play,
    refused,
    road_from,
    sea,
    sea_path_to,
    ship_from,
)

MAP = "heading_for_new_shores"
COIN = CARD_NAMES.index("coin")
SOURCE = chores.PICK_SOURCES


def combined(map_name: str = MAP, seats: int = 4) -> KatanState:
    return blank(map_name, seats=seats, cities=True, target=14)


# ---- the target ------------------------------------------------------------------------


def test_the_target_menu_is_10_12_14_16_and_14_by_default() -> None:
    rules = entry(("seafarers", "cities_and_knights"))
    assert (rules.target, rules.menu) == (14, (10, 12, 14, 16))
    assert KatanOptions(expansions=WITH_CITIES).points_to_win == 14
    assert new_game(MAP, cities=True).target == 14
    assert KatanOptions(expansions=WITH_CITIES, points_to_win="16").points_to_win == 16


# ---- ships in a turn, and Road Building ---------------------------------------------------


def coastal_town(st: KatanState, seat: int = 0) -> int:
    """A town of the seat's on a home coast crossing with a free road edge and a
    free sea edge beside it."""
    top = st.board.topology
    town = next(
        n
        for n in coast(st, home(st))
        if not (st.blocked | st.closed) >> n & 1
        and any(top.edge_sea[e] and not top.road_edges >> e & 1 for e in top.node_edges[n])
    )
    crafted.settle(st, seat, town)
    return town


def test_a_ship_is_built_after_the_roll_like_a_road() -> None:
    st = combined()
    town = coastal_town(st)
    wet = ship_from(st, town)
    crafted.give(st, 0, lumber=1, wool=1)
    early = st.copy()
    ck_crafted.before_roll(early)
    refused(early, 0, (BUILD_SHIP, wet), "Roll")
    after = apply(st, 0, (BUILD_SHIP, wet))
    assert sea(after).ships[0] == 1 << wet
    assert hand(after, 0) == [0] * st.width


@pytest.mark.parametrize(
    "pieces", [(BUILD_ROAD, BUILD_ROAD), (BUILD_SHIP, BUILD_SHIP), (BUILD_SHIP, BUILD_ROAD)]
)
def test_the_road_building_progress_card_lays_roads_ships_or_one_of_each(
    pieces: tuple[int, int],
) -> None:
    st = combined()
    town = coastal_town(st)
    ck_crafted.progress(st, 0, ROAD_BUILDING_CARD)
    st = apply(st, 0, (PLAY_ROAD_BUILDING,))
    assert st.phase == FREE_ROADS and st.free_roads == 2
    assert legal(st, 0, BUILD_ROAD) and legal(st, 0, BUILD_SHIP)
    for kind in pieces:
        edge = road_from(st, town) if kind == BUILD_ROAD else ship_from(st, town)
        st = apply(st, 0, (kind, edge))
    assert st.phase == MAIN and ROAD_BUILDING_CARD not in ck(st).progress[0]
    assert st.roads[0].bit_count() == pieces.count(BUILD_ROAD)
    assert sea(st).ships[0].bit_count() == pieces.count(BUILD_SHIP)
    assert hand(st, 0) == [0] * st.width


# ---- gold ---------------------------------------------------------------------------------


def quiet_crossing(st: KatanState, total: int) -> int:
    """A free home crossing no hex showing `total` touches."""
    top = st.board.topology
    return next(
        n
        for n in inland(st, home(st))
        if not (st.blocked | st.closed) >> n & 1
        and all(st.board.numbers[h] != total for h in top.node_hexes[n])
    )


def test_gold_pays_after_the_roll_and_before_the_aqueduct() -> None:
    st = combined()
    gold = next(h for h in st.board.land_hexes if st.board.terrain[h] == GOLD)
    total = st.board.numbers[gold]
    crafted.city(st, 0, st.board.topology.hex_corners[gold][0])
    crafted.settle(st, 1, quiet_crossing(st, total))
    ck_crafted.levels(st, 0, science=3)
    ck_crafted.levels(st, 1, science=3)
    after, _ = rolled_with(st, total, event=0)
    # The city on gold takes two resources and, paid by the roll, no aqueduct;
    # seat 1, paid nothing, takes its aqueduct's card after the gold.
    assert after.chores == (
        (chores.PICK, 0, 2, SOURCE.index("gold")),
        (chores.PICK, 1, 1, SOURCE.index("aqueduct")),
    )
    refused(after, 0, (PICK, COIN), "Choose a resource")
    after = apply(after, 0, (PICK, 0))
    after = apply(after, 0, (PICK, 4))
    assert hand(after, 0)[0] == 1 and hand(after, 0)[4] == 1 and sum(hand(after, 0)) == 2
    assert after.chores[0][:2] == (chores.PICK, 1)


def test_the_barbarians_are_dealt_with_before_gold_pays() -> None:
    """The event die resolves before production (published order), so a city the
    barbarians take is chosen before the gold is picked."""
    st = combined()
    gold = next(h for h in st.board.land_hexes if st.board.terrain[h] == GOLD)
    crafted.city(st, 0, st.board.topology.hex_corners[gold][0])
    ck_crafted.barbarians(st, 1)
    after, _ = rolled_with(st, st.board.numbers[gold], event=EVENT_SHIP)
    assert after.chores[0] == (chores.LOSE_CITY, 0)
    assert after.chores[1][0] == chores.PRODUCE
    town = apply(after, 0, (LOSE_CITY, st.board.topology.hex_corners[gold][0]))
    # Reduced to a settlement, it now takes one resource from the gold.
    assert town.chores == ((chores.PICK, 0, 1, SOURCE.index("gold")),)


def rolled_with(st: KatanState, total: int, event: int) -> tuple[KatanState, list[Event]]:
    """A copy with the seat on turn's roll of `total` and the event die staged."""
    new = st.copy()
    ck_crafted.before_roll(new)
    events: list[Event] = []
    first = min(6, total - 1)
    cities_roll.resolve(new, first, total - first, event, events)
    return new, events


# ---- island bonuses are points like any other -----------------------------------------------


def free_inland(st: KatanState) -> int:
    """The first home crossing inland that may take a town."""
    return next(n for n in inland(st, home(st)) if not (st.blocked | st.closed) >> n & 1)


def bonus_leader() -> KatanState:
    """Seat 1 holds 4 points (a home town, a town on an isle and its bonus);
    seat 0 and seat 2 hold 3 (a city and a town) and seat 3 none. Without its
    bonus seat 1 would trail seat 0."""
    st = combined()
    landfall = landing(st, 1, corners(st, isles(st)[0]))
    crafted.settle(st, 1, landfall)
    assert sea(st).bonus.count(1) == 1
    for seat in (0, 2):
        crafted.city(st, seat, free_inland(st))
        crafted.settle(st, seat, free_inland(st))
    crafted.give(st, 1, grain=1, ore=2, coin=1)
    crafted.give(st, 2, lumber=2)
    assert st.points[:4] == [3, 4, 3, 0]
    return st


def test_a_wedding_is_paid_by_a_seat_ahead_only_by_its_island_bonus() -> None:
    st = bonus_leader()
    ck_crafted.progress(st, 0, WEDDING)
    after = apply(st, 0, (PLAY_WEDDING,))
    # Seat 1 (more points) gives two goods of its choice; seat 2 (as many) gives nothing.
    assert after.chores == ((chores.HAND_OVER, 1, 0, 2),)
    assert hand(after, 2) == hand(st, 2)


def test_a_saboteur_strikes_a_seat_level_only_through_its_island_bonus() -> None:
    st = bonus_leader()
    crafted.city(st, 3, free_inland(st))  # 2 points: fewer than seat 0's
    crafted.give(st, 3, brick=4)
    for seat in (0, 2):
        crafted.city(st, seat, next(n for n in bits(st.towns[seat])))
    crafted.give(st, 2, lumber=2)
    assert st.points[:4] == [4, 4, 4, 2]
    ck_crafted.progress(st, 0, SABOTEUR)
    after = apply(st, 0, (PLAY_SABOTEUR,))
    # Half of each hand, from the seats at least level with seat 0; never seat 3.
    assert after.chores == ((chores.DISCARD, 1, 4), (chores.DISCARD, 2, 2))


def test_a_master_merchant_may_rob_a_seat_ahead_by_its_island_bonus() -> None:
    st = bonus_leader()
    ck_crafted.progress(st, 0, MASTER_MERCHANT)
    assert legal(st, 0, PLAY_MASTER_MERCHANT) == [(PLAY_MASTER_MERCHANT, 1)]
    refused(st, 0, (PLAY_MASTER_MERCHANT, 2), "more points than you")


def test_a_town_on_a_new_island_wins_with_its_bonus_metropolis_and_all() -> None:
    st = combined()
    isle = isles(st)[0]
    landfall = landing(st, 0, corners(st, isle))
    metro = free_inland(st)
    crafted.city(st, 0, metro)
    ck_crafted.metropolis(st, 0, POLITICS, metro)
    hexes = st.board.topology.node_hexes[metro]
    ck_crafted.merchant(st, 0, next(h for h in hexes if st.board.terrain[h] < RESOURCES))
    defenders = 11 - st.points[0]
    ck(st).defenders[0] = defenders
    st.points[0] += defenders
    assert st.points[0] == 11 and defenders > 0
    # Once seat 1 has settled the isle first, the same town leaves seat 0 at 12.
    late = st.copy()
    top = st.board.topology
    crafted.settle(
        late,
        1,
        next(
            n
            for n in bits(corners(late, isle) & ~late.blocked & ~late.closed)
            if not top.node_block_mask[n] >> landfall & 1
        ),
    )
    beaten = apply(late, 0, (BUILD_SETTLEMENT, landfall))
    assert beaten.points[0] == 12 and beaten.phase == MAIN
    won, events = play(st, 0, (BUILD_SETTLEMENT, landfall))
    assert won.points[0] == 14 and won.phase == OVER and won.winner == 0
    assert "island_bonus" in kinds(events)
    assert KATAN.outcome(won) is not None


# ---- the barbarians ---------------------------------------------------------------------------


def test_the_barbarians_count_cities_on_every_island() -> None:
    st = combined()
    landfall = landing(st, 0, corners(st, isles(st)[0]))
    crafted.city(st, 0, landfall)
    crafted.city(st, 1, free_inland(st))
    ck_crafted.knight(st, 1, free_inland(st), active=True)
    ck_crafted.barbarians(st, 1)
    after, events = rolled_with(st, 6, event=EVENT_SHIP)
    attack = next(e for e in events if e.kind == "barbarians_win")
    # Two cities (one on the isle) against one knight: Catan falls, and the seat
    # with the fewest knights loses a city, the isle's being its only one.
    assert (attack.data["barbarians"], attack.data["knights"]) == (2, 1)
    assert after.chores[0] == (chores.LOSE_CITY, 0)
    assert [m[1] for m in legal(after, 0, LOSE_CITY)] == [landfall]


# ---- the fog and its chests ------------------------------------------------------------------


def fog_line(st: KatanState) -> tuple[int, list[int]]:
    """Seat 0's town and a line of ships towards the fog, its last edge not laid;
    returns (the fog hex the last edge finds, the line)."""
    top = st.board.topology
    fog = 0
    for h in st.board.fog_hexes:
        fog |= top.hex_corner_mask[h]
    town, path, end = next(
        (n, p, e) for n in coast(st, home(st)) for p, e in [sea_path_to(st, n, fog)] if len(p) >= 2
    )
    crafted.settle(st, 0, town)
    ship(st, 0, *path[:-1])
    crafted.give(st, 0, lumber=1, wool=1)
    return next(h for h in top.node_hexes[end] if h in st.board.fog_hexes), path


def test_gold_found_in_the_fog_pays_a_resource_of_choice() -> None:
    st = combined("fog_islands")
    _, path = fog_line(st)
    next_find(st, GOLD)
    after, events = play(st, 0, (BUILD_SHIP, path[-1]))
    assert "fog_found" in kinds(events)
    assert after.chores == ((chores.PICK, 0, 1, SOURCE.index("find")),)
    assert {m[1] for m in legal(after, 0, PICK)} == set(range(RESOURCES))
    refused(after, 0, (PICK, COIN), "Choose a resource")


def test_a_development_chest_gives_a_progress_card_from_the_deck_the_finder_chooses() -> None:
    st = combined("treasure_islands")
    hidden, path = fog_line(st)
    terrain, _ = next_find(st, 0)
    chest(st, hidden, DEVELOPMENT_CHEST)
    ck_crafted.on_top(st, SPY)
    after, events = play(st, 0, (BUILD_SHIP, path[-1]))
    assert hand(after, 0)[terrain] == 1  # the find's own card
    assert after.phase == CHORE and after.chores == ((chores.CHOOSE_DECK, 0),)
    assert legal(after, 0, CHOOSE_DECK) == [(CHOOSE_DECK, t) for t in range(TRACKS)]
    drawn, events = play(after, 0, (CHOOSE_DECK, POLITICS))
    assert ck(drawn).progress[0] == (SPY,) and drawn.phase == MAIN
    assert len(ck(drawn).decks[POLITICS]) == len(ck(st).decks[POLITICS]) - 1
    # The card is seat 0's alone: other seats see that a politics card was drawn.
    title = PROGRESS_TITLES[SPY]
    for seat in range(4):
        seen = [e.text for e in events if e.visible_to(seat)]
        assert any("progress card" in t for t in seen) != (seat == 0)
        assert any(title in t for t in seen) == (seat == 0)
        view = KATAN.view_for(drawn, seat)
        assert ('"spy"' in KATAN.encode_view(view)) == (seat == 0)
        assert ck(view.state).progress[0] == ((SPY,) if seat == 0 else (-1,))


def test_a_development_chest_with_every_progress_deck_empty_is_a_resource_of_choice() -> None:
    st = combined("treasure_islands")
    ck(st).decks = [(), (), ()]
    open_chest(st, 0, DEVELOPMENT_CHEST, None)
    assert st.chores == ((chores.PICK, 0, 1, SOURCE.index("chest")),)


# ---- the Great Canal's published targets --------------------------------------------------

CANAL = {"expansions": WITH_CITIES, "map": "great_canal"}


@pytest.mark.parametrize(("players", "target"), [(3, 21), (4, 18)])
def test_the_great_canal_option_plays_to_its_published_target(players: int, target: int) -> None:
    options = {**CANAL, "canal_target": "true", "players": str(players)}
    config = TableConfig(game="katan", seed=5, seats=players, options=options)
    parsed, seats = KATAN.prepare(config)
    assert isinstance(parsed, KatanOptions)
    assert (parsed.points_to_win, seats) == (target, players)
    st = KATAN.initial_state(config)
    assert st.target == target
    assert KATAN.decode_state(KATAN.encode_state(st)).target == target
    # Without the option the map plays to the rule set's target.
    assert KATAN.initial_state(TableConfig(game="katan", seed=5, options=CANAL)).target == 14


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({**CANAL, "canal_target": True}, "canal_target: needs players"),
        ({**CANAL, "map": "oases", "canal_target": True, "players": 3}, "is the Great Canal's"),
        (
            {"expansions": "seafarers", "map": "great_canal", "canal_target": True, "players": 3},
            "needs expansions=cities_and_knights,seafarers",
        ),
        (
            {**CANAL, "canal_target": True, "players": 3, "points_to_win": 14},
            r"points_to_win: is set by canal_target \(21 for 3 seats\)",
        ),
        ({**CANAL, "points_to_win": 21}, "points_to_win: must be a whole number from 3 to 20"),
        ({**CANAL, "canal_target": "maybe"}, "canal_target: must be true or false"),
    ],
)
def test_the_great_canal_option_is_refused_with_its_reason(
    options: dict[str, object], words: str
) -> None:
    with pytest.raises(BadOptions, match=words):
        KATAN.prepare(TableConfig(game="katan", seed=5, options=options))
