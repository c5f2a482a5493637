"""The Seafarers AIs: the default level ("katan" at a table with the sea,
`sea.ai.SeaPlayer`) and the app-like baseline ("app", `sea.ai.app_choose`).

Whole seeded games on every map (3 and 4 seats, the two levels mixed, a
fresh player with a new seed for every decision as the daemon builds them)
check that both only ever make legal moves and that the games finish, and
that the baseline keeps to what the app's opponent does: it never sails a
ship nor moves the pirate, where the default level does both. Twin states
that differ only in what a seat may not see (other hands, the development
deck, the fog pile's order, where the chests lie, the canal's numbers, the
seed and counter) must draw the same decision from it. Crafted positions
check the behaviours the module docstrings name: sailing a launched ship
nearer a better spot, the pirate instead of the robber when it blocks and
robs more, the raid that takes a fortress, the winning wonder stage, the
ship that brings a stranded fleet nearer a fortress, and gold picks.
"""

import random
from collections import deque
from functools import cache
from typing import Final

import pytest

from engine.katan import chores, crafted
from engine.katan import moves as mv
from engine.katan.audit import problems
from engine.katan.cities import crafted as ck_crafted
from engine.katan.components import DISCARD_OVER, GOLD
from engine.katan.evaluate import node_yield
from engine.katan.game import KATAN
from engine.katan.geometry import bits
from engine.katan.sea import ai as sea_ai
from engine.katan.sea.ai_values import APP_STYLE, DEFAULT_STYLE, Plan
from engine.katan.sea.crafted import ship
from engine.katan.sea.scenarios import WONDER_COSTS, WONDER_STAGES
from engine.katan.sea.ships import reach_of, union
from engine.katan.sea.state import SeaPart
from engine.katan.state import CHORE, OVER, ROBBER, SETUP_SETTLEMENT, KatanState, hand_size
from engine.protocol import TableConfig
from engine.selfplay import play
from tests.katan_twins import deal_hidden_cards
from tests.sea_support import (
    SEAFARERS,
    WITH_CITIES,
    apply,
    blank,
    clear_hand,
    coast,
    corners,
    hand,
    home,
    isles,
    landing,
    new_game,
    out_to_sea,
    random_moves,
    road_from,
    rolled,
    sea,
    sea_path,
    sea_path_to,
)
from tests.test_cities_ai import Fresh, Record

NAMES: Final = ("lumber", "brick", "wool", "grain", "ore")


def _game(
    map_name: str, seed: int, levels: tuple[str, ...], record: Record, cities: bool = False
) -> KatanState:
    players = [Fresh(level, seed * 10 + s, record) for s, level in enumerate(levels)]
    options = {"expansions": WITH_CITIES if cities else SEAFARERS, "map": map_name}
    config = TableConfig(game="katan", seed=seed, seats=len(levels), options=options)
    result = play(KATAN, config, players, max_moves=20_000)
    assert result.outcome is not None, (map_name, seed, "no winner")
    (winner,) = result.outcome.winners
    st = result.state
    assert st.phase == OVER and st.winner == winner
    wonder = sea(st).wonders[winner] == WONDER_STAGES
    assert wonder or result.outcome.scores[winner] >= st.target
    assert not problems(st)
    return st


GAMES: Final = (
    ("heading_for_new_shores", 51, ("katan", "app", "katan")),
    ("four_islands", 52, ("app", "katan", "app", "katan")),
    ("through_the_desert", 53, ("katan", "katan", "app")),
    ("fog_islands", 54, ("app", "katan", "katan", "app")),
    ("cloth_for_catan", 55, ("katan", "app", "app")),
    ("forgotten_tribe", 56, ("katan", "app", "katan", "app")),
    ("pirate_islands", 57, ("app", "katan", "katan")),
    ("wonders_of_catan", 58, ("katan", "app", "app", "katan")),
    ("treasure_islands", 59, ("app", "app", "katan")),
    ("oases", 60, ("katan", "app", "katan", "app")),
    ("great_canal", 61, ("app", "katan", "app")),
)


@cache
def mixed_games() -> Record:
    """One game on every map, each with both levels seated, a few more on the
    default map: every decision recorded."""
    record: Record = []
    for map_name, seed, levels in GAMES:
        _game(map_name, seed, levels, record)
    for seed in range(62, 68):
        levels = ("katan", "app") * 2 if seed % 2 else ("app", "katan", "katan")
        _game("heading_for_new_shores", seed, levels, record)
    return record


# ---- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize(("map_name", "seed", "levels"), GAMES)
def test_whole_games_only_legal_moves(map_name: str, seed: int, levels: tuple[str, ...]) -> None:
    """`play` applies every move through the checked entry point, so an illegal
    move would raise; the game must end with a winner at the target (or with
    the last wonder stage)."""
    record: Record = []
    _game(map_name, seed, levels, record)
    assert {level for level, *_ in record} == set(levels)


@pytest.mark.parametrize(
    ("map_name", "seed", "levels"),
    [
        ("pirate_islands", 71, ("katan", "app", "katan")),
        ("fog_islands", 72, ("app", "katan", "app", "katan")),
    ],
)
def test_whole_games_with_cities_and_knights(
    map_name: str, seed: int, levels: tuple[str, ...]
) -> None:
    """Beneath the sea the Cities & Knights AIs: still only legal moves."""
    record: Record = []
    _game(map_name, seed, levels, record, cities=True)
    assert {level for level, *_ in record} == set(levels)


def test_the_baseline_never_sails_nor_moves_the_pirate() -> None:
    """The app's opponent stops where the seed document says; the default level
    does both in the same games."""
    record = mixed_games()
    app = {move[0] for level, _, _, move in record if level == "app"}
    default = {move[0] for level, _, _, move in record if level == "katan"}
    assert mv.BUILD_SHIP in app and mv.MOVE_ROBBER in app
    assert not app & {mv.MOVE_SHIP, mv.MOVE_PIRATE}
    assert {mv.MOVE_SHIP, mv.MOVE_PIRATE, mv.BUILD_SHIP} <= default


# ---- what the view hides ---------------------------------------------------------------------


def hidden_twin(st: KatanState, seat: int, rng: random.Random) -> KatanState:
    """A state that differs from `st` only in what `seat` may not see: the other
    seats' cards dealt afresh (each keeps its count, the kinds' totals stay),
    their development cards swapped with cards of the deck (never one bought
    this turn, nor a victory point, which could end the game), the fog pile
    shuffled, the chests under other fog hexes, the canal's numbers swapped
    round, another seed and counter."""
    twin = st.copy()
    deal_hidden_cards(twin, seat, rng)
    part: SeaPart = twin.sea
    part.fog_pile = tuple(rng.sample(part.fog_pile, len(part.fog_pile)))
    if part.chests:
        under = rng.sample(st.board.fog_hexes, len(part.chests))
        kinds = rng.sample([k for _, k in part.chests], len(part.chests))
        part.chests = tuple(sorted(zip(under, kinds, strict=True)))
    numbers = rng.sample([n for _, n in part.canal_numbers], len(part.canal_numbers))
    part.canal_numbers = tuple(
        (h, n) for (h, _), n in zip(part.canal_numbers, numbers, strict=True)
    )
    return twin


def differences(st: KatanState, twin: KatanState) -> set[str]:
    """What a twin changed, beyond the seed and counter it always changes."""
    a: SeaPart = st.sea
    b: SeaPart = twin.sea
    found = {
        "hands": st.hands != twin.hands,
        "development cards": st.devs != twin.devs,
        "fog pile": a.fog_pile != b.fog_pile,
        "chests": a.chests != b.chests,
        "canal": a.canal_numbers != b.canal_numbers,
    }
    return {name for name, differs in found.items() if differs}


HIDDEN: Final = {
    "fog_islands": "fog pile",
    "treasure_islands": "chests",
    "great_canal": "canal",
    "oases": "chests",
}
"""What each twin game's map hides besides the hands."""


@pytest.mark.parametrize("level", ["katan", "app"])
@pytest.mark.parametrize(
    ("map_name", "seats"),
    [("fog_islands", 4), ("treasure_islands", 3), ("great_canal", 4), ("oases", 3)],
)
def test_it_decides_from_its_view_alone(level: str, map_name: str, seats: int) -> None:
    """At every decision of a whole game, a twin state differing only in hidden
    information gives the same view (as sent, and as the AI holds it in
    memory: the stored form of the view's state), the same legal moves and
    the same choice."""
    rng = random.Random(3)
    options = {"expansions": SEAFARERS, "map": map_name}
    st = KATAN.initial_state(TableConfig(game="katan", seed=41, seats=seats, options=options))
    players = [KATAN.player(level, s) for s in range(seats)]
    changed: dict[str, int] = {}
    while not KATAN.is_finished(st):
        seat = KATAN.to_move(st)
        assert seat is not None
        view = KATAN.view_for(st, seat)
        legal = KATAN.view_legal_moves(view, seat)
        twin = hidden_twin(st, seat, rng)
        assert not problems(twin)
        for name in differences(st, twin):
            changed[name] = changed.get(name, 0) + 1
        twin_view = KATAN.view_for(twin, seat)
        assert KATAN.encode_view(twin_view) == KATAN.encode_view(view)
        assert KATAN.encode_state(twin_view.state) == KATAN.encode_state(view.state), "in memory"
        assert KATAN.view_legal_moves(twin_view, seat) == legal
        decision = KATAN.player(level, 7).choose(view, seat, legal)
        assert KATAN.player(level, 7).choose(twin_view, seat, legal) == decision
        st = KATAN.apply(st, seat, players[seat].choose(view, seat, legal)).state
    # Fewer than the decisions: hands the table can name are dealt as they are.
    assert changed.get("hands", 0) > 40, changed
    assert changed.get(HIDDEN[map_name], 0) > 20, changed
    assert changed.get("development cards", 0), changed


# ---- crafted positions ----------------------------------------------------------------------
# Places are found by what they are (tests/sea_support.py), on each map's seed-1 board.

MAP: Final = "heading_for_new_shores"


def decide(st: KatanState, seat: int, level: str = "katan") -> mv.Move:
    view = KATAN.view_for(st, seat)
    legal = KATAN.view_legal_moves(view, seat)
    move = KATAN.player(level, 1).choose(view, seat, legal)
    KATAN.check(st, seat, move)
    return move


def ships_to(st: KatanState, seat: int, goal: int) -> int | None:
    """The fewest further ships from the seat's towns and fleet to a crossing in
    the mask `goal`, over empty sea edges and never on past an opponent's town
    (None: no way there)."""
    top = st.board.topology
    walls = st.ruleset.walls(st, seat)
    fleet = sea(st).ships[seat]
    start = st.towns[seat] | st.cities[seat] | reach_of(top, fleet) & ~walls
    wet = sum(1 << e for e, w in enumerate(top.edge_sea) if w) & ~st.paved
    steps = dict.fromkeys(bits(start), 0)
    todo = deque(bits(start))
    while todo:
        node = todo.popleft()
        if goal >> node & 1:
            return steps[node]
        if walls >> node & 1:
            continue
        for bit, other in top.node_adj[node]:
            if wet & bit and other not in steps:
                steps[other] = steps[node] + 1
                todo.append(other)
    return None


def island_corners(st: KatanState, island: int) -> int:
    top = st.board.topology
    out = 0
    for h in st.board.islands[island]:
        out |= top.hex_corner_mask[h]
    return out


def launched(bent: bool) -> tuple[KatanState, int]:
    """Seat 0 with a settlement on the home coast four ships from the largest
    isle (and far from the others) and, built on earlier turns, two ships
    along the way and a third that either turns off it (`bent`) or goes on;
    returns that third ship's edge."""
    st = blank(MAP)
    top = st.board.topology
    isle, *others = isles(st)
    node = next(
        n
        for n in coast(st, home(st))
        if len(sea_path(st, n, isle)[0]) == 4
        and all(len(sea_path(st, n, i)[0]) > 8 for i in others)
    )
    path, _ = sea_path(st, node, isle)
    crafted.settle(st, 0, node)
    ship(st, 0, *path[:2])
    if not bent:
        ship(st, 0, path[2])
        return st, path[2]
    (end,) = set(top.edge_ends[path[1]]) - set(top.edge_ends[path[0]])
    turn = next(
        e for e in top.node_edges[end] if top.edge_sea[e] and not st.paved >> e & 1 and e != path[2]
    )
    ship(st, 0, turn)
    return st, turn


def test_the_default_level_sails_a_launched_ship_nearer_a_better_spot() -> None:
    st, turn = launched(bent=True)
    isle = island_corners(st, isles(st)[0])
    move = decide(st, 0)
    assert move[0] == mv.MOVE_SHIP and move[1] == turn
    after = apply(st, 0, move)
    before, now = ships_to(st, 0, isle), ships_to(after, 0, isle)
    assert before is not None and now is not None and now < before
    assert sea(after).sailed
    assert decide(st, 0, "app")[0] != mv.MOVE_SHIP, "the app's opponent never sails"
    straight, _ = launched(bent=False)
    assert decide(straight, 0)[0] != mv.MOVE_SHIP, "a sail that gains nothing is not made"


def pirate_or_robber(ships: int) -> tuple[KatanState, int]:
    """Seat 0 to move the robber or the pirate after a seven. Seat 1 holds three
    ore and its one settlement on the poorest home coast crossing four ships
    from the largest isle, with `ships` ships along the way; returns that
    crossing."""
    st = blank(MAP)
    isle = isles(st)[0]
    far = [n for n in coast(st, home(st)) if len(sea_path(st, n, isle)[0]) == 4]
    node = min(far, key=lambda n: sum(node_yield(st, n)))
    path, _ = sea_path(st, node, isle)
    crafted.settle(st, 1, node)
    ship(st, 1, *path[:ships])
    crafted.give(st, 1, ore=3)
    seven, _ = rolled(st, 7)
    assert seven.phase == ROBBER
    return seven, node


def test_the_default_level_moves_the_pirate_when_that_blocks_and_robs_more() -> None:
    st, _ = pirate_or_robber(ships=1)
    move = decide(st, 0)
    assert move[0] == mv.MOVE_PIRATE and move[2] == 1, "it robs the ship owner from the sea"
    after = apply(st, 0, move)
    fleet = sea(st).ships[1]
    assert Plan(after, 1).fleet_value(fleet) < Plan(st, 1).fleet_value(fleet), "and blocks it"
    assert hand(after, 0) == [0, 0, 0, 0, 1]
    assert decide(st, 0, "app")[0] == mv.MOVE_ROBBER, "the app's opponent never moves the pirate"
    bare, _ = pirate_or_robber(ships=0)
    assert decide(bare, 0)[0] == mv.MOVE_ROBBER, "with no ship to rob from the sea, the robber"


def beside_a_fortress(strength: int) -> tuple[KatanState, int]:
    """Pirate Islands: seat 0's ship beside the first fortress, left at
    `strength`; seat 0 holds a raid's cost and a city's, with a settlement to
    raise. Returns the fortress hex."""
    st = blank("pirate_islands")
    fortress = st.board.fortress_hexes[0]
    top = st.board.topology
    landfall = landing(st, 0, top.hex_corner_mask[fortress], settle=False)
    wall = next(
        e
        for e in top.hex_edges[fortress]
        if top.edge_sea[e] and top.edge_end_mask[e] >> landfall & 1 and not st.paved >> e & 1
    )
    ship(st, 0, wall)
    sea(st).fortresses[0] = strength
    clear_hand(st, 0)
    crafted.give(st, 0, wool=1, grain=3, ore=4)
    return st, fortress


@pytest.mark.parametrize("level", ["katan", "app"])
def test_the_raid_that_takes_a_fortress_is_made_at_once(level: str) -> None:
    st, fortress = beside_a_fortress(strength=1)
    assert decide(st, 0, level) == (mv.RAID_FORTRESS, fortress)
    after = apply(st, 0, (mv.RAID_FORTRESS, fortress))
    assert sea(after).taken[0] == 1 and after.points[0] == st.points[0] + 2
    stronger, _ = beside_a_fortress(strength=3)
    assert decide(stronger, 0, level)[0] == mv.BUILD_CITY, "a raid short of it waits on the city"


def wonder_at(stage: int) -> KatanState:
    """Wonders of Catan: seat 0 with a city, a settlement, `stage` stages of its
    wonder built, and the next stage's cost and a city's in hand."""
    st = blank("wonders_of_catan")
    spots = coast(st, home(st))
    crafted.city(st, 0, spots[0])
    crafted.settle(st, 0, next(n for n in spots if not (st.blocked | st.closed) >> n & 1))
    sea(st).wonders[0] = stage
    st.points[0] += stage
    cost = WONDER_COSTS[stage]
    crafted.give(st, 0, **{NAMES[r]: n for r, n in enumerate(cost) if n})
    crafted.give(st, 0, grain=max(0, 2 - cost[3]), ore=max(0, 3 - cost[4]))
    assert not problems(st)
    return st


@pytest.mark.parametrize("level", ["katan", "app"])
def test_the_last_wonder_stage_is_built_as_soon_as_it_is_affordable(level: str) -> None:
    st = wonder_at(WONDER_STAGES - 1)
    assert decide(st, 0, level) == (mv.BUILD_WONDER,)
    after = apply(st, 0, (mv.BUILD_WONDER,))
    assert after.phase == OVER and after.winner == 0
    earlier = wonder_at(WONDER_STAGES - 2)
    assert decide(earlier, 0, level)[0] == mv.BUILD_CITY, "an earlier stage waits on the city"


def stranded(town: int) -> KatanState:
    """Pirate Islands: seat 0's settlement on the home coast crossing `town`,
    every other crossing of the home coast taken or next to a town, so the
    only targets by sea are the fortresses' corners; seat 0 holds a ship's
    cost."""
    st = blank("pirate_islands", target=20)
    crafted.settle(st, 0, town)
    seat = 1
    for node in coast(st, home(st)):
        if (st.blocked | st.closed) >> node & 1:
            continue
        while st.towns[seat].bit_count() + st.cities[seat].bit_count() == 9:
            seat += 1
        if st.towns[seat].bit_count() < 5:
            crafted.settle(st, seat, node)
        else:
            crafted.city(st, seat, node)
    crafted.give(st, 0, lumber=1, wool=1)
    assert not problems(st)
    return st


def fortress_corners(st: KatanState) -> int:
    top = st.board.topology
    out = 0
    for h in st.board.fortress_hexes:
        out |= top.hex_corner_mask[h]
    return out


def _beside(st: KatanState, hex_id: int) -> bool:
    return any(sea(st).ships[0] >> e & 1 for e in st.board.topology.hex_edges[hex_id])


def test_a_fleet_with_nothing_near_worth_a_ship_heads_for_a_fortress_farther_out() -> None:
    """`_far_ship`: once the seat holds more cards than a seven spares,
    ship after ship brings the fleet a step nearer the
    fortresses, until one lies beside a fortress and the raids may begin. The
    town is one whose way out by sea no opponent's town lengthens:
    `Plan.sea_distances` does not count such walls, and the fleet can go
    astray there."""
    first = blank("pirate_islands")
    corners = fortress_corners(first)
    st = next(
        st
        for st in map(stranded, coast(first, home(first)))
        if (ships_to(st, 0, corners) or 0) >= 6
        and ships_to(st, 0, corners)
        == len(sea_path_to(st, st.towns[0].bit_length() - 1, corners)[0])
    )
    free = st.board.topology.land_nodes & ~st.blocked & ~st.closed
    assert not any(free >> n & 1 for n in coast(st, home(st))), "the home coast is full"
    assert sea_ai._ship_outlook(Plan(st, 0)) < DEFAULT_STYLE.ship_worth, "no ship is worth it"
    distance = ships_to(st, 0, corners)
    # Longest route out of reach too (a ship that would take it is worth one):
    # a rival's line of ships, nowhere near seat 0's way out.
    way = sea_path_to(st, st.towns[0].bit_length() - 1, corners)[0]
    keep_clear = union(st.board.topology.edge_end_mask, sum(1 << e for e in way))
    for town in bits(st.towns[1]):
        try:
            line = out_to_sea(st, town, 10)
        except StopIteration:
            continue
        if not union(st.board.topology.edge_end_mask, sum(1 << e for e in line)) & keep_clear:
            ship(st, 1, *line)
            break
    assert st.longest == 1 and st.road_len[1] == 10
    assert ships_to(st, 0, corners) == distance
    assert distance is not None
    assert decide(st, 0) == mv.M_END, "with a hand a seven spares, the cards wait for better"
    built = 0
    for _ in range(100):
        if any(_beside(st, h) for h in st.board.fortress_hexes):
            break
        while hand_size(st, 0) <= DISCARD_OVER:
            crafted.give(st, 0, lumber=1, wool=1)
        move = decide(st, 0)
        assert move != mv.M_END, "a hand a seven would cut is spent"
        st = apply(st, 0, move)
        if move[0] != mv.BUILD_SHIP:  # a trade or a card: the spare cards put to use first
            continue
        built += 1
        assert built <= distance + 1, "to a corner, then one along the fortress at most"
        assert ships_to(st, 0, corners) == max(0, distance - built), "each ship a step nearer"
    assert built and any(_beside(st, h) for h in st.board.fortress_hexes)
    crafted.give(st, 0, grain=1, ore=1)
    kinds: list[int] = []
    while mv.RAID_FORTRESS not in kinds and len(kinds) < 10:
        move = decide(st, 0)
        kinds.append(move[0])
        assert move != mv.M_END, ("the raid is paid for first", kinds)
        st = apply(st, 0, move)
    assert kinds[-1] == mv.RAID_FORTRESS, ("and the raids begin", kinds)


def gold_corner(st: KatanState) -> tuple[int, int]:
    """A gold field and a corner of it where no other hex shares its number."""
    top = st.board.topology
    for h in st.board.land_hexes:
        if st.board.terrain[h] != GOLD:
            continue
        number = st.board.numbers[h]
        for node in top.hex_corners[h]:
            if all(x == h or st.board.numbers[x] != number for x in top.node_hexes[node]):
                return h, node
    raise AssertionError("no gold field")


@pytest.mark.parametrize("level", ["katan", "app"])
def test_a_gold_pick_takes_the_card_a_city_lacks(level: str) -> None:
    st = blank(MAP)
    gold, node = gold_corner(st)
    crafted.settle(st, 0, node)
    crafted.give(st, 0, grain=2, ore=2)
    st.current = 1
    after, _ = rolled(st, st.board.numbers[gold])
    assert after.phase == CHORE and after.chores[0][:3] == (chores.PICK, 0, 1)
    assert hand(after, 0) == [0, 0, 0, 2, 2]
    assert decide(after, 0, level) == (mv.PICK, NAMES.index("ore"))


@pytest.mark.parametrize("level", ["katan", "app"])
def test_a_gold_pick_takes_the_card_the_winning_wonder_stage_lacks(level: str) -> None:
    """A city is paid for already; the last stage lacks a brick."""
    st = wonder_at(WONDER_STAGES - 1)
    crafted.give(st, 0, brick=-1)
    gold, node = gold_corner(st)
    crafted.city(st, 0, node)
    st.current = 1
    after, _ = rolled(st, st.board.numbers[gold])
    assert after.phase == CHORE and after.chores[0][:3] == (chores.PICK, 0, 2)
    assert hand(after, 0) == [0, 0, 0, 2, 3]
    assert decide(after, 0, level) == (mv.PICK, NAMES.index("brick"))


# ---- knights at sea (with Cities & Knights) --------------------------------------------------


def knight_by_the_pirate(city: bool) -> tuple[KatanState, int]:
    """Seafarers with Cities & Knights after the first barbarian attack: seat 0
    with a town on the home coast four ships from the largest isle, two ships
    out and an active knight at their end, the pirate on the sea hex ahead of
    it where it holds the fleet back most. With `city`, the town is a city and the
    barbarians land next roll, so the knight is all that keeps it. Returns
    the knight's crossing."""
    st = blank(MAP, cities=True, target=14)
    top = st.board.topology
    isle = isles(st)[0]
    node = next(n for n in coast(st, home(st)) if len(sea_path(st, n, isle)[0]) == 4)
    path, _ = sea_path(st, node, isle)
    (crafted.city if city else crafted.settle)(st, 0, node)
    ship(st, 0, *path[:2])
    (end,) = set(top.edge_ends[path[1]]) & set(top.edge_ends[path[2]])
    ck_crafted.knight(st, 0, end, active=True)
    ck_crafted.awake(st)
    if city:
        ck_crafted.barbarians(st, 0)
    fleet = sea(st).ships[0]

    def held_back(h: int) -> float:
        sea(st).pirate = h
        return Plan(st, 0).fleet_value(fleet)

    sea(st).pirate = min((h for h in top.node_hexes[end] if not top.hex_land[h]), key=held_back)
    return st, end


def test_a_knight_chases_the_pirate_off_the_fleets_way() -> None:
    st, end = knight_by_the_pirate(city=False)
    fleet = sea(st).ships[0]
    plan = Plan(st, 0)
    assert plan.fleet_value(fleet, 0) > plan.fleet_value(fleet), "the pirate holds the fleet back"
    assert decide(st, 0) == (mv.CHASE_PIRATE, end)
    assert decide(st, 0, "app")[0] != mv.CHASE_PIRATE, "the app's opponent never chases it"
    guarded, end = knight_by_the_pirate(city=True)
    assert (mv.CHASE_PIRATE, end) in KATAN.legal_moves(guarded, 0)
    assert decide(guarded, 0)[0] != mv.CHASE_PIRATE, "not with the barbarians at the city"


def contested_isle(rival: bool) -> tuple[KatanState, int]:
    """Seat 0 with a town on the largest isle and, from its home coast town, a
    road inland and a line of ships ending on a free crossing of that isle;
    with `rival`, seat 1's ships end there too. Seat 0 holds a knight's cost
    and nothing else to build. Returns the crossing."""
    st = blank(MAP, cities=True, target=14)
    top = st.board.topology
    isle = isles(st)[0]
    spot = landing(st, 0, corners(st, isle))
    (harbour,) = bits(st.towns[0])
    crafted.road(st, 0, road_from(st, harbour))
    town = next(
        n
        for n in bits(corners(st, isle) & ~st.blocked)
        if n != spot and not top.node_block_mask[spot] >> n & 1
    )
    crafted.settle(st, 0, town)
    if rival:
        start = next(n for n in coast(st, home(st)) if not st.blocked >> n & 1)
        path, end = sea_path_to(st, start, 1 << spot)
        assert end == spot
        crafted.settle(st, 1, start)
        ship(st, 1, *path)
    clear_hand(st, 0)
    crafted.give(st, 0, wool=1, ore=1)
    return st, spot


def test_a_knight_guards_the_crossing_a_rivals_fleet_reaches_on_the_seats_isle() -> None:
    """The Cities & Knights AI alone would post it at the road's end, beside
    the seat's home fields."""
    st, spot = contested_isle(rival=True)
    assert st.reach[1] >> spot & 1 and (mv.HIRE_KNIGHT, spot) in KATAN.legal_moves(st, 0)
    assert decide(st, 0) == (mv.HIRE_KNIGHT, spot)
    quiet, spot = contested_isle(rival=False)
    move = decide(quiet, 0)
    assert move[0] == mv.HIRE_KNIGHT and move[1] != spot, "unthreatened, it stays at home"


# ---- domestic offers -------------------------------------------------------------------------


def test_after_a_declined_offer_the_default_level_makes_the_next_one() -> None:
    """Seat 0 (a town, no roads) holds two brick, a grain and an ore: a wool
    short of a development card and a lumber short of a road. Each offer of
    the turn is the next card-for-card trade towards those, up to the
    rules' three; the app's opponent makes one."""
    st = blank(MAP)
    crafted.settle(st, 0, coast(st, home(st))[0])
    clear_hand(st, 0)
    crafted.give(st, 0, brick=2, grain=1, ore=1)
    crafted.give(st, 1, wool=1)

    def offer(give: str, want: str) -> mv.Move:
        return mv.offer_move(-1, mv.ONE[NAMES.index(give)], mv.ONE[NAMES.index(want)])

    made = []
    for count in range(4):
        st.offers = count
        made.append(decide(st, 0))
    assert made == [
        offer("brick", "wool"),
        offer("brick", "lumber"),
        offer("grain", "lumber"),
        mv.M_END,
    ]
    st.offers = 1
    assert decide(st, 0, "app") == mv.M_END
    # A brick and an ore: only the road, the third goal, is a card short.
    # The base AI offers for its first two goals alone; this level still
    # offers, then for either card the development card lacks (two short),
    # paying with the brick it can spare, not the ore the card needs.
    st.offers = 0
    clear_hand(st, 0)
    crafted.give(st, 0, brick=1, ore=1)
    made = []
    for count in range(3):
        st.offers = count
        made.append(decide(st, 0))
    assert made == [offer("ore", "lumber"), offer("brick", "wool"), offer("brick", "grain")]
    st.offers = 1
    assert decide(st, 0, "app") == mv.M_END


def test_the_default_levels_first_settlement_weighs_grain_and_ore(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 18's board: with grain and ore weighed once more, the first
    settlement takes a crossing of 5 grain and 7 ore pips over one of 8
    brick and 4 wool pips that the measure alone prefers."""
    st = new_game(MAP, 18)
    assert st.phase == SETUP_SETTLEMENT and KATAN.to_move(st) == 0
    chosen = decide(st, 0)
    monkeypatch.setattr(sea_ai, "CITY_PIPS", 0.0)
    plain = decide(st, 0)
    assert node_yield(st, chosen[1]) == [0, 0, 0, 5, 7]
    assert node_yield(st, plain[1]) == [0, 8, 4, 0, 0]


def lead_by_one_ship() -> tuple[KatanState, int]:
    """Seat 1 holds Longest route with five ships out to sea; seat 0, on turn,
    has five ships of its own in a line from its town and a ship's cards only.
    Returns the edge that makes seat 0's line six long."""
    st = blank(MAP)
    top = st.board.topology
    lines = {}
    for node in coast(st, home(st)):
        try:
            lines[node] = out_to_sea(st, node, 6)
        except StopIteration:
            continue
    reach = {n: union(top.edge_end_mask, sum(1 << e for e in line)) for n, line in lines.items()}
    mine, theirs = next(
        (a, b)
        for a in lines
        for b in lines
        if not reach[a] & reach[b] and not top.node_block_mask[a] >> b & 1
    )
    crafted.settle(st, 1, theirs)
    ship(st, 1, *lines[theirs][:5])
    crafted.settle(st, 0, mine)
    ship(st, 0, *lines[mine][:5])
    assert st.longest == 1 and st.road_len[0] == st.road_len[1] == 5
    clear_hand(st, 0)
    crafted.give(st, 0, lumber=1, wool=1)
    return st, lines[mine][5]


def test_the_default_level_builds_the_ship_that_takes_longest_route() -> None:
    """Two points for two cards: the default level weighs Longest route's
    award (a ship that takes it is built at once; the app's opponent does not
    look)."""
    st, lead = lead_by_one_ship()
    assert decide(st, 0) == (mv.BUILD_SHIP, lead)
    after = apply(st, 0, (mv.BUILD_SHIP, lead))
    assert after.longest == 0 and after.road_len[0] == 6
    kinds: dict[int, list[mv.Move]] = {}
    for m in KATAN.legal_moves(st, 0):
        kinds.setdefault(m[0], []).append(m)
    assert sea_ai._takes_lead(Plan(st, 0, APP_STYLE), kinds) is None


def test_the_route_with_one_more_piece_is_the_route_measured_whole() -> None:
    """`Plan._route_with` measures a piece joined at one end by asking whether
    a longest trail starts where it joins; on states of random games of three
    maps (both expansions on one), for every seat and every edge it could
    build on, that is the route measured whole with the piece laid."""
    checked = 0
    games = (
        ("heading_for_new_shores", 5, False),
        ("forgotten_tribe", 6, False),
        ("fog_islands", 7, True),
    )
    for name, move_no, st, _ in random_moves(games, 3000):
        if move_no % 25:
            continue
        for t in range(st.seats):
            plan = Plan(st, t)
            before = st.road_len[t]
            for mask, is_ship in ((st.frontier[t], False), (sea(st).frontier[t], True)):
                for edge in bits(mask):
                    whole = st.copy()
                    pieces = sea(whole).ships if is_ship else whole.roads
                    pieces[t] |= 1 << edge
                    walls = whole.ruleset.walls(whole, t)
                    expected = whole.ruleset.route_length(whole, t, walls)
                    assert plan._route_with(edge, is_ship, before) == expected, (name, t, edge)
                    checked += 1
    assert checked > 2000
