"""Shared helpers for the Seafarers rule tests (tests/test_sea_rules_*.py).

Positions are crafted on a map's seed-1 board (`blank`), and the places a
test needs are found by what they are (a coastal crossing of the home
island, a ship route from it to an isle) rather than by id, so a test reads
as the rule it checks and survives a map drawn again. Moves go through the
checked protocol entry point (`apply`), which must leave the original state
untouched and the result sound by `audit.problems`.
"""

import random
from collections import deque
from collections.abc import Iterator
from typing import Final

import pytest

from engine.errors import IllegalMove
from engine.katan import crafted, production, rules
from engine.katan.audit import problems
from engine.katan.cities import roll as cities_roll
from engine.katan.cities.crafted import before_roll as cities_before_roll
from engine.katan.cities.state import CitiesPart
from engine.katan.components import CARD_NAMES, RESOURCES
from engine.katan.game import KATAN
from engine.katan.geometry import bits
from engine.katan.moves import END_TURN, Move
from engine.katan.network import own_buildings
from engine.katan.sea.cities import SEA_CITIES_RULES
from engine.katan.sea.crafted import before_roll
from engine.katan.sea.crafted import ship as crafted_ship
from engine.katan.sea.rules import SEA_RULES
from engine.katan.sea.state import SeaPart
from engine.katan.state import OVER, KatanState
from engine.protocol import Event, TableConfig

SEAFARERS: Final = "seafarers"
WITH_CITIES: Final = "cities_and_knights,seafarers"


def blank(map_name: str, seats: int = 4, cities: bool = False, target: int = 12) -> KatanState:
    """Seat 0's first turn after setup, dice rolled, nothing on the board."""
    ruleset = SEA_CITIES_RULES if cities else SEA_RULES
    return crafted.blank(seats=seats, target=target, ruleset=ruleset, map_name=map_name)


def new_game(map_name: str, seed: int = 1, seats: int = 4, cities: bool = False) -> KatanState:
    options = {"expansions": WITH_CITIES if cities else SEAFARERS, "map": map_name}
    return KATAN.initial_state(TableConfig(game="katan", seed=seed, seats=seats, options=options))


def random_moves(
    games: tuple[tuple[str, int, bool], ...], moves: int
) -> Iterator[tuple[str, int, KatanState, Move]]:
    """Uniform-random games of the given (map, seed, with Cities & Knights),
    stepped in place: (map, move number, the state after it, the move) for
    each move, up to `moves` a game."""
    for name, seed, cities in games:
        st = new_game(name, seed, cities=cities)
        rng = random.Random(seed)
        for move_no in range(moves):
            if st.phase == OVER:
                break
            seat = rules.to_move(st)
            assert seat is not None
            legal = rules.legal_moves(st, seat)
            move = legal[rng.randrange(len(legal))]
            rules.step(st, seat, move, None)
            yield name, move_no, st, move


def sea(st: KatanState) -> SeaPart:
    part: SeaPart = st.sea
    return part


def ck(st: KatanState) -> CitiesPart:
    part: CitiesPart = st.ck
    return part


# ---- moves through the checked entry point ------------------------------------------------


def apply(st: KatanState, seat: int, move: Move) -> KatanState:
    """The checked entry point; the original is unchanged and the result sound."""
    return play(st, seat, move)[0]


def play(st: KatanState, seat: int, move: Move) -> tuple[KatanState, tuple[Event, ...]]:
    before = KATAN.encode_state(st)
    assert move in KATAN.legal_moves(st, seat), move
    step = KATAN.apply(st, seat, move)
    assert KATAN.encode_state(st) == before
    wrong = problems(step.state)
    assert not wrong, wrong
    return step.state, step.events


def refused(st: KatanState, seat: int, move: Move, words: str) -> None:
    """The move is refused with a reason containing `words`, and changes nothing."""
    before = KATAN.encode_state(st)
    with pytest.raises(IllegalMove, match=words):
        KATAN.apply(st, seat, move)
    assert KATAN.encode_state(st) == before
    assert move not in KATAN.legal_moves(st, seat)


def legal(st: KatanState, seat: int, kind: int) -> list[Move]:
    return [m for m in KATAN.legal_moves(st, seat) if m[0] == kind]


def end_turn(st: KatanState) -> KatanState:
    """The seat on turn ends it; the next seat is to roll."""
    return apply(st, st.current, (END_TURN,))


def rolled(st: KatanState, total: int) -> tuple[KatanState, tuple[Event, ...]]:
    """A copy of `st` with the seat on turn's roll of `total` staged and resolved
    (with Cities & Knights, a yellow gate on the event die)."""
    new = st.copy()
    events: list[Event] = []
    first = min(6, total - 1)
    if new.ck is None:
        before_roll(new)
        production.roll_dice(new, first, total - first, events)
    else:
        cities_before_roll(new)
        cities_roll.resolve(new, first, total - first, 0, events)
    wrong = problems(new)
    assert not wrong, wrong
    return new, tuple(events)


def hand(st: KatanState, seat: int) -> list[int]:
    return st.hands[seat * st.width : (seat + 1) * st.width]


def cards(st: KatanState, **names: int) -> list[int]:
    """A count per card kind of the table's hands, by name (`cards(st, wool=1)`)."""
    out = [0] * st.width
    for name, n in names.items():
        out[CARD_NAMES.index(name)] = n
    return out


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [e.kind for e in events]


def take_all(st: KatanState, resource: int, seat: int = 3) -> None:
    """Empty the bank of one resource into a seat's hand."""
    st.hands[seat * st.width + resource] += st.bank[resource]
    st.bank[resource] = 0


def empty_bank_but(st: KatanState, *kept: int, seat: int = 3) -> None:
    """Every resource but `kept` handed to a seat, so the bank holds only those."""
    for r in range(RESOURCES):
        if r not in kept:
            take_all(st, r, seat)


# ---- places found by what they are --------------------------------------------------------


def home(st: KatanState) -> int:
    """The (first) start island."""
    return st.board.start_islands[0]


def isles(st: KatanState) -> list[int]:
    """Islands that are not start islands, largest first."""
    others = [i for i in range(len(st.board.islands)) if i not in st.board.start_islands]
    return sorted(others, key=lambda i: -len(st.board.islands[i]))


def corners(st: KatanState, island: int) -> int:
    """Crossings touching a land hex of the island."""
    out = 0
    for h in st.board.islands[island]:
        out |= st.board.topology.hex_corner_mask[h]
    return out


def coast(st: KatanState, island: int) -> list[int]:
    """Crossings of the island that touch the sea, in id order."""
    top = st.board.topology
    return [
        n
        for n in bits(corners(st, island))
        if any(not top.hex_land[h] for h in top.node_hexes[n])
        and any(st.board.island_of[h] == island for h in top.node_hexes[n])
    ]


def inland(st: KatanState, island: int) -> list[int]:
    """Crossings of the island that touch only its land."""
    top = st.board.topology
    return [
        n
        for n in bits(corners(st, island))
        if all(st.board.island_of[h] == island for h in top.node_hexes[n])
    ]


def sea_path(st: KatanState, start: int, island: int, avoid: int = 0) -> tuple[list[int], int]:
    """The fewest ship edges from crossing `start` to a coastal crossing of
    `island`, never on an edge in `avoid`; returns (edges in order, the
    crossing reached)."""
    return sea_path_to(st, start, corners(st, island), avoid)


def sea_path_to(st: KatanState, start: int, goal: int, avoid: int = 0) -> tuple[list[int], int]:
    """The fewest empty ship edges from crossing `start` to one in the mask
    `goal`, never on an edge in `avoid`; returns (edges in order, the crossing
    reached)."""
    top = st.board.topology
    wet = sum(1 << e for e, w in enumerate(top.edge_sea) if w)
    allowed = wet & ~avoid & ~st.paved
    came: dict[int, tuple[int, int]] = {start: (-1, -1)}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        if node != start and goal >> node & 1:
            end = node
            edges = []
            while came[node][0] >= 0:
                prev, edge = came[node]
                edges.append(edge)
                node = prev
            return edges[::-1], end
        for bit, other in top.node_adj[node]:
            if allowed & bit and other not in came:
                came[other] = (node, bit.bit_length() - 1)
                todo.append(other)
    raise AssertionError(f"no sea route from {start} to {bin(goal)}")


def landing(st: KatanState, seat: int, goal: int, settle: bool = True) -> int:
    """Give the seat a town on a free home coast crossing and a line of ships
    from it to a crossing in the mask `goal` (that may take a settlement,
    with `settle`); returns that crossing (the seat holds a settlement's cost)."""
    free = goal & ~st.blocked & ~st.closed if settle else goal
    for node in coast(st, home(st)):
        if st.blocked >> node & 1:
            continue
        try:
            path, end = sea_path_to(st, node, free)
        except AssertionError:
            continue
        if len(path) >= 2:
            crafted.settle(st, seat, node)
            crafted_ship(st, seat, *path)
            crafted.give(st, seat, lumber=1, brick=1, wool=1, grain=1)
            return end
    raise AssertionError("no landing")


def out_to_sea(st: KatanState, start: int, length: int, avoid: int = 0) -> list[int]:
    """`length` ship edges in a line from `start`, each onto a crossing that
    touches no land (open water), never reusing a crossing."""
    top = st.board.topology
    path: list[int] = []
    seen = {start}
    node = start
    for _ in range(length):
        edge, node = next(
            (e, top.other_end(e, node))
            for e in top.node_edges[node]
            if top.edge_sea[e]
            and not avoid >> e & 1
            and not top.node_land[top.other_end(e, node)]
            and top.other_end(e, node) not in seen
        )
        seen.add(node)
        path.append(edge)
    return path


def road_from(st: KatanState, node: int) -> int:
    """A land edge at `node` (a road may lie there)."""
    top = st.board.topology
    return next(
        e for e in top.node_edges[node] if top.road_edges >> e & 1 and not st.paved >> e & 1
    )


def ship_from(st: KatanState, node: int) -> int:
    """A sea edge at `node` with nothing on it."""
    top = st.board.topology
    return next(e for e in top.node_edges[node] if top.edge_sea[e] and not st.paved >> e & 1)


def route(st: KatanState, seat: int) -> int:
    """The seat's route length as the rules keep it, checked against a slow
    search of every trail (`brute_route`)."""
    walls = st.ruleset.walls(st, seat)
    assert st.road_len[seat] == brute_route(st, seat, walls)
    return st.road_len[seat]


def brute_route(st: KatanState, seat: int, walls: int) -> int:
    """Every trail over the seat's roads and ships walked from every crossing:
    switching between road and ship only at its own town, never through a wall."""
    top = st.board.topology
    towns = own_buildings(st, seat)
    links: dict[int, list[tuple[int, int, bool]]] = {}
    for mask, is_ship in ((st.roads[seat], False), (sea(st).ships[seat], True)):
        for e in bits(mask):
            a, b = top.edge_ends[e]
            links.setdefault(a, []).append((1 << e, b, is_ship))
            links.setdefault(b, []).append((1 << e, a, is_ship))

    def walk(node: int, used: int, was: bool | None) -> int:
        if was is not None and walls >> node & 1:
            return 0
        switch = was is None or towns >> node & 1
        best = 0
        for bit, other, is_ship in links[node]:
            if not used & bit and (switch or is_ship == was):
                best = max(best, 1 + walk(other, used | bit, is_ship))
        return best

    return max((walk(n, 0, None) for n in links), default=0)


def legal_now(st: KatanState) -> list[Move]:
    """The legal moves of the seat the table waits on."""
    seat = rules.to_move(st)
    assert seat is not None
    return rules.legal_moves(st, seat)


def sea_tree(st: KatanState, start: int, count: int) -> list[int]:
    """`count` empty sea edges spreading from `start`, each joined to the ones
    before it (a fleet laid in this order is always connected)."""
    top = st.board.topology
    out: list[int] = []
    reached = {start}
    todo = deque([start])
    while todo and len(out) < count:
        node = todo.popleft()
        for e in top.node_edges[node]:
            other = top.other_end(e, node)
            fits = len(out) < count and top.edge_sea[e] and not st.paved >> e & 1
            if fits and other not in reached:
                reached.add(other)
                todo.append(other)
                out.append(e)
    assert len(out) == count
    return out


def turn_of(st: KatanState, seat: int, total: int = 6) -> KatanState:
    """Turns end, each next seat rolling `total`, until `seat` has rolled."""
    while True:
        st = end_turn(st)
        st = rolled(st, total)[0]
        if st.current == seat:
            return st


def clear_hand(st: KatanState, seat: int) -> None:
    """The seat's cards back to the bank."""
    w = st.width
    for r in range(w):
        st.bank[r] += st.hands[seat * w + r]
        st.hands[seat * w + r] = 0
