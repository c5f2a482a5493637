"""One test (or a few) per rule of the base game, on crafted positions."""

from itertools import pairwise

import pytest

from engine.errors import BadOptions, IllegalMove
from engine.katan import moves as mv
from engine.katan import production, rules
from engine.katan.audit import problems
from engine.katan.components import (
    BRICK,
    DEV_DECK,
    DEV_KINDS,
    GENERIC_HARBOUR,
    GRAIN,
    KNIGHT,
    LUMBER,
    MONOPOLY,
    ORE,
    RESOURCES,
    ROAD_BUILDING,
    WOOL,
    YEAR_OF_PLENTY,
)
from engine.katan.crafted import blank, city, give, give_dev, path, played, road, settle
from engine.katan.game import KATAN
from engine.katan.state import (
    DISCARD,
    FREE_ROADS,
    MAIN,
    OVER,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    KatanState,
    hand_size,
)
from engine.protocol import TableConfig


def apply(st: KatanState, seat: int, move: mv.Move) -> KatanState:
    """The checked protocol entry point; the original state must not change."""
    before = KATAN.encode_state(st)
    after = KATAN.apply(st, seat, move).state
    assert KATAN.encode_state(st) == before
    assert problems(after) == []
    return after


def refused(st: KatanState, seat: int, move: mv.Move, words: str) -> None:
    with pytest.raises(IllegalMove, match=words):
        KATAN.apply(st, seat, move)


def hand(st: KatanState, seat: int) -> list[int]:
    return st.hands[seat * RESOURCES : (seat + 1) * RESOURCES]


def new_game(seats: int = 4, seed: int = 1, **options: int) -> KatanState:
    return KATAN.initial_state(TableConfig(game="katan", seed=seed, seats=seats, options=options))


# ---- options ----------------------------------------------------------------------


def test_options_defaults_and_refusals() -> None:
    options, seats = KATAN.prepare(TableConfig(game="katan", seed=1))
    assert seats == 4
    assert options.model_dump() == {
        "players": None,
        "expansions": (),
        "map": None,
        "canal_target": False,
        "points_to_win": 10,
        "award_points": 2,
    }
    assert KATAN.prepare(TableConfig(game="katan", seed=1, seats=3))[1] == 3
    for bad, words in [
        ({"points_to_win": 2}, "points_to_win: must be a whole number from 3 to 20"),
        ({"points_to_win": 21}, "points_to_win"),
        ({"award_points": 3}, "award_points: must be 2 or 5"),
        ({"players": 7}, "players: must be 3, 4, 5 or 6"),
        ({"colour": "red"}, "colour: unknown option"),
    ]:
        with pytest.raises(BadOptions, match=words):
            KATAN.prepare(TableConfig(game="katan", seed=1, options=bad))
    with pytest.raises(BadOptions, match="needs 4, 3, 5, 6 seats, not 7"):
        KATAN.prepare(TableConfig(game="katan", seed=1, seats=7))
    with pytest.raises(BadOptions, match="needs 3 seats, not 4"):
        KATAN.prepare(TableConfig(game="katan", seed=1, seats=4, options={"players": 3}))


def test_options_reach_the_state() -> None:
    st = new_game(3, points_to_win=12, award_points=5)
    assert (st.seats, st.target, st.award) == (3, 12, 5)


# ---- setup ----------------------------------------------------------------------------


def test_setup_runs_in_snake_order_with_second_settlement_income() -> None:
    st = new_game(3)
    order = []
    second: dict[int, int] = {}
    while st.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        seat = KATAN.to_move(st)
        assert seat is not None
        move = KATAN.legal_moves(st, seat)[0]
        if st.phase == SETUP_SETTLEMENT:
            order.append(seat)
            if seat in order[:-1]:
                second[seat] = move[1]
        st = apply(st, seat, move)
    assert order == [0, 1, 2, 2, 1, 0]
    assert st.phase == ROLL and st.current == 0 and st.turn == 1
    for seat, node in second.items():
        # Only the second settlement paid: one card per producing hex around it.
        producing = [h for h in st.board.topology.node_hexes[node] if st.board.terrain[h] < 5]
        assert hand_size(st, seat) == len(producing)


def test_setup_distance_rule_and_road_beside_the_new_settlement() -> None:
    st = new_game()
    top = st.board.topology
    st = apply(st, 0, mv.SETTLEMENT_MOVES[10])
    neighbour = top.node_nodes[10][0]
    refused(st, 0, mv.ROAD_MOVES[top.node_edges[40][0]], "must touch the settlement just placed")
    st = apply(st, 0, mv.ROAD_MOVES[top.node_edges[10][0]])
    refused(st, 1, mv.SETTLEMENT_MOVES[neighbour], "distance rule")
    refused(st, 1, mv.SETTLEMENT_MOVES[10], "already built on")
    assert mv.SETTLEMENT_MOVES[neighbour] not in KATAN.legal_moves(st, 1)


def test_the_second_settlement_pays_only_what_the_bank_holds() -> None:
    st = new_game(3)
    for _ in range(3):
        seat = KATAN.to_move(st)
        assert seat is not None
        st = apply(st, seat, KATAN.legal_moves(st, seat)[0])
        st = apply(st, seat, KATAN.legal_moves(st, seat)[0])
    seat = KATAN.to_move(st)
    assert seat == 2
    node = KATAN.legal_moves(st, seat)[-1][1]
    kinds = [st.board.terrain[h] for h in st.board.topology.node_hexes[node]]
    first = next(k for k in kinds if k < RESOURCES)
    st.bank[first] = 0
    st = KATAN.apply(st, seat, mv.SETTLEMENT_MOVES[node]).state
    assert hand(st, seat)[first] == 0


# ---- rolling and production -----------------------------------------------------------


def test_rolls_come_from_the_seed_and_counter() -> None:
    a = blank(seed=5)
    a.phase, a.rolled = ROLL, False
    b = a.copy()
    rolls_a, rolls_b = [], []
    for st, out in ((a, rolls_a), (b, rolls_b)):
        for _ in range(30):
            rules.step(st, 0, mv.M_ROLL, None)
            out.append(st.dice)
            st.phase, st.rolled = ROLL, False
    assert rolls_a == rolls_b
    assert len(set(rolls_a)) > 10
    assert a.counter == 30
    other = blank(seed=6)
    other.phase, other.rolled = ROLL, False
    rolls_c = []
    for _ in range(30):
        rules.step(other, 0, mv.M_ROLL, None)
        rolls_c.append(other.dice)
        other.phase, other.rolled = ROLL, False
    assert rolls_c != rolls_a


def _hex_with(st: KatanState, number: int) -> int:
    return next(h for h, n in enumerate(st.board.numbers) if n == number)


def test_production_pays_one_per_settlement_two_per_city_and_not_under_the_robber() -> None:
    st = blank()
    h = _hex_with(st, 12)  # the only hex with a 12
    res = st.board.terrain[h]
    corners = st.board.topology.hex_corners[h]
    settle(st, 1, corners[0])
    city(st, 2, corners[3])
    production.roll_dice(st, 6, 6, None)
    assert (hand(st, 1)[res], hand(st, 2)[res]) == (1, 2)
    assert st.phase == MAIN
    st.robber = h
    production.roll_dice(st, 6, 6, None)
    assert (hand(st, 1)[res], hand(st, 2)[res]) == (1, 2)


def test_bank_short_for_one_seat_pays_what_is_left() -> None:
    """RULINGS 2: a lone claimant takes what remains."""
    st = blank()
    h = _hex_with(st, 10)
    res = st.board.terrain[h]
    city(st, 1, st.board.topology.hex_corners[h][0])
    st.bank[res] = 1
    st.hands[3 * RESOURCES + res] = 18
    production.roll_dice(st, 5, 5, None)
    assert hand(st, 1)[res] == 1 and st.bank[res] == 0


def test_bank_short_for_two_seats_pays_nobody() -> None:
    st = blank()
    h = _hex_with(st, 10)
    res = st.board.terrain[h]
    corners = st.board.topology.hex_corners[h]
    settle(st, 1, corners[0])
    settle(st, 2, corners[3])
    st.bank[res] = 1
    st.hands[3 * RESOURCES + res] = 18
    events: list[object] = []
    production.roll_dice(st, 5, 5, events)  # type: ignore[arg-type]
    assert hand(st, 1)[res] == 0 and hand(st, 2)[res] == 0 and st.bank[res] == 1
    assert any("short" in e.text for e in events)  # type: ignore[attr-defined]


# ---- the seven ------------------------------------------------------------------------


def test_a_seven_makes_eight_and_nine_card_hands_discard_four() -> None:
    st = blank()
    give(st, 1, lumber=4, brick=4)
    give(st, 2, wool=5, grain=4)
    give(st, 3, ore=7)
    production.roll_dice(st, 3, 4, None)
    assert st.phase == DISCARD
    assert st.discards == [0, 4, 4, 0]
    assert KATAN.to_move(st) == 1
    refused(st, 1, mv.discard_move((1, 1, 0, 0, 0)), "exactly 4")
    refused(st, 1, mv.discard_move((0, 0, 4, 0, 0)), "only 0 wool")
    refused(st, 0, mv.M_END, "waits on seat 1")
    st = apply(st, 1, mv.discard_move((2, 2, 0, 0, 0)))
    assert KATAN.to_move(st) == 2
    st = apply(st, 2, mv.discard_move((0, 0, 3, 1, 0)))
    assert st.phase == ROBBER and KATAN.to_move(st) == 0
    assert hand_size(st, 1) == 4 and hand_size(st, 2) == 5


def test_the_robber_must_move_and_steals_one_random_card_from_an_adjacent_seat() -> None:
    st = blank()
    target = next(h for h in st.board.land_hexes if h != st.robber)
    corners = st.board.topology.hex_corners[target]
    settle(st, 1, corners[0])
    settle(st, 2, corners[3])
    give(st, 1, wool=2)
    production.roll_dice(st, 3, 4, None)
    assert st.phase == ROBBER
    refused(st, 0, (mv.MOVE_ROBBER, st.robber, -1), "different hex")
    refused(st, 0, (mv.MOVE_ROBBER, target, -1), "Choose whom to rob: seat 1")
    refused(st, 0, (mv.MOVE_ROBBER, target, 2), "holds no cards")
    refused(st, 0, (mv.MOVE_ROBBER, target, -5), "no seat -5")
    legal = KATAN.legal_moves(st, 0)
    assert (mv.MOVE_ROBBER, target, 1) in legal
    assert (mv.MOVE_ROBBER, target, 2) not in legal
    after = KATAN.apply(st, 0, (mv.MOVE_ROBBER, target, 1))
    assert hand(after.state, 0)[WOOL] == 1 and hand(after.state, 1)[WOOL] == 1
    assert after.state.robber == target and after.state.phase == MAIN
    private = [e for e in after.events if e.kind == "steal" and e.audience is not None]
    public = [e for e in after.events if e.kind == "steal" and e.audience is None]
    assert private[0].audience == frozenset({0, 1}) and "wool" in private[0].text
    assert "wool" not in public[0].text


def test_the_robber_on_an_empty_hex_steals_nothing() -> None:
    st = blank()
    production.roll_dice(st, 3, 4, None)
    target = next(h for h in st.board.land_hexes if h != st.robber)
    assert (mv.MOVE_ROBBER, target, -1) in KATAN.legal_moves(st, 0)
    st = apply(st, 0, (mv.MOVE_ROBBER, target, -1))
    assert st.phase == MAIN


# ---- building -------------------------------------------------------------------------


def test_building_costs_are_paid_to_the_bank() -> None:
    st = blank()
    settle(st, 0, 10)
    give(st, 0, lumber=2, brick=2, wool=1, grain=3, ore=3)
    st = apply(st, 0, mv.ROAD_MOVES[st.board.topology.node_edges[10][0]])
    assert hand(st, 0) == [1, 1, 1, 3, 3]
    st = apply(st, 0, mv.CITY_MOVES[10])
    assert hand(st, 0) == [1, 1, 1, 1, 0] and st.points[0] == 2
    refused(st, 0, mv.CITY_MOVES[10], "costs 2 grain and 3 ore")
    refused(st, 0, mv.M_BUY, "costs 1 wool, 1 grain and 1 ore")
    assert st.bank[LUMBER] == 18 and st.bank[ORE] == 19 and st.bank[GRAIN] == 18


def test_settlements_need_a_road_and_the_distance_rule() -> None:
    st = blank()
    top = st.board.topology
    settle(st, 0, 10)
    a = top.node_nodes[10][0]
    b = next(n for n in top.node_nodes[a] if n != 10)
    road(st, 0, *path(st, 10, a, b))
    give(st, 0, lumber=3, brick=3, wool=3, grain=3)
    refused(st, 0, mv.SETTLEMENT_MOVES[a], "distance rule")
    far = next(n for n in range(54) if not st.blocked >> n & 1 and not st.reach[0] >> n & 1)
    refused(st, 0, mv.SETTLEMENT_MOVES[far], "not at the end of one of your roads")
    st = apply(st, 0, mv.SETTLEMENT_MOVES[b])
    assert st.points[0] == 2


def _spread(st: KatanState, count: int, avoid: int = 0) -> list[int]:
    """Free crossings obeying the distance rule among themselves."""
    out: list[int] = []
    blocked = st.blocked | avoid
    for n in range(st.board.topology.node_count):
        if not blocked >> n & 1:
            out.append(n)
            blocked |= st.board.topology.node_block_mask[n]
            if len(out) == count:
                break
    return out


def test_settlement_and_city_limits() -> None:
    st = blank()
    top = st.board.topology
    home = 10
    a = top.node_nodes[home][0]
    b = next(n for n in top.node_nodes[a] if n != home)
    settle(st, 0, home)
    road(st, 0, *path(st, home, a, b))
    settle(st, 0, *_spread(st, 4, avoid=top.node_block_mask[b]))
    give(st, 0, lumber=1, brick=1, wool=1, grain=9, ore=12)
    refused(st, 0, mv.SETTLEMENT_MOVES[b], "no settlements left")
    towns = [n for n in range(54) if st.towns[0] >> n & 1]
    for n in towns[:4]:
        st = apply(st, 0, mv.CITY_MOVES[n])
    refused(st, 0, mv.CITY_MOVES[towns[4]], "no cities left")
    # Raising cities returned settlements to the supply: one may be laid again.
    st = apply(st, 0, mv.SETTLEMENT_MOVES[b])
    assert st.towns[0].bit_count() == 2 and st.cities[0].bit_count() == 4


def test_road_limit_is_fifteen() -> None:
    st = blank()
    top = st.board.topology
    settle(st, 0, 0)
    edges: list[int] = []
    queue, seen = [0], {0}
    while len(edges) < 15:
        n = queue.pop(0)
        for e in top.node_edges[n]:
            if e not in edges and len(edges) < 15:
                edges.append(e)
            other = top.other_end(e, n)
            if other not in seen:
                seen.add(other)
                queue.append(other)
    road(st, 0, *edges)
    give(st, 0, lumber=1, brick=1)
    assert not any(m[0] == mv.BUILD_ROAD for m in KATAN.legal_moves(st, 0))
    open_edge = next(iter(e for e in range(72) if st.frontier[0] >> e & 1))
    refused(st, 0, mv.ROAD_MOVES[open_edge], "no roads left")


def test_an_opponents_building_is_a_wall_for_roads() -> None:
    st = blank()
    top = st.board.topology
    home, a, b = top.hex_corners[top.index_of_hex[(0, 0)]][:3]
    settle(st, 0, home)
    road(st, 0, *path(st, home, a, b))
    settle(st, 1, b)  # an opponent settles at the end of our road
    give(st, 0, lumber=1, brick=1)
    beyond = next(e for e in top.node_edges[b] if not st.paved >> e & 1)
    refused(st, 0, mv.ROAD_MOVES[beyond], "pass an opponent's building")
    assert mv.ROAD_MOVES[beyond] not in KATAN.legal_moves(st, 0)
    branch = next(e for e in top.node_edges[a] if not st.paved >> e & 1)
    assert mv.ROAD_MOVES[branch] in KATAN.legal_moves(st, 0)


def test_a_settlement_placed_across_an_opponents_road_breaks_it() -> None:
    st = blank()
    top = st.board.topology
    line = coast_chain(st, 6)
    i = next(k for k in (3, 2, 4) if len(top.node_edges[line[k]]) == 3)
    settle(st, 0, line[0])
    road(st, 0, *path(st, *line))
    assert st.road_len[0] == 6
    side = next(n for n in top.node_nodes[line[i]] if n not in line)
    road(st, 1, *path(st, side, line[i]))
    give(st, 1, lumber=1, brick=1, wool=1, grain=1)
    st.current = 1
    st = apply(st, 1, mv.SETTLEMENT_MOVES[line[i]])
    assert st.road_len[0] == max(i, 6 - i)
    # Our network stops at the new settlement: no road from its far side through it.
    far_side = path(st, line[i], line[i + 1])[0]
    assert not st.paved & ~st.roads[0] >> far_side & 1


def coast_chain(st: KatanState, roads: int) -> list[int]:
    """`roads + 1` consecutive crossings along the coast."""
    top = st.board.topology
    ring = top.coast_rings[0]
    shared = [(set(top.edge_ends[a]) & set(top.edge_ends[b])).pop() for a, b in pairwise(ring)]
    chain = [top.other_end(ring[0], shared[0]), *shared]
    return chain[: roads + 1]


# ---- development cards ----------------------------------------------------------------


def test_the_deck_holds_the_published_25_cards() -> None:
    assert DEV_DECK == (14, 2, 2, 2, 5) and sum(DEV_DECK) == 25
    st = blank(target=20)
    for _ in range(25):
        give(st, 0, wool=1, grain=1, ore=1)
        st = KATAN.apply(st, 0, mv.M_BUY).state
    assert tuple(st.devs[:DEV_KINDS]) == DEV_DECK
    give(st, 0, wool=1, grain=1, ore=1)
    refused(st, 0, mv.M_BUY, "deck is empty")


def test_a_card_bought_this_turn_is_refused() -> None:
    st = blank()
    give_dev(st, 0, KNIGHT, bought_now=True)
    refused(st, 0, mv.M_KNIGHT, "bought your Knight this turn")
    assert mv.M_KNIGHT not in KATAN.legal_moves(st, 0)
    st = apply(st, 0, mv.M_END)
    for seat in (1, 2, 3):
        st = apply(st, seat, mv.M_ROLL) if st.phase == ROLL else st
        st = _finish_turn(st, seat)
    assert st.current == 0 and mv.M_KNIGHT in KATAN.legal_moves(st, 0)


def _finish_turn(st: KatanState, seat: int) -> KatanState:
    while st.phase != OVER and KATAN.to_move(st) is not None and st.current == seat:
        who = KATAN.to_move(st)
        assert who is not None
        legal = KATAN.legal_moves(st, who)
        move = mv.M_END if mv.M_END in legal else legal[0]
        st = KATAN.apply(st, who, move).state
    return st


def test_two_monopoly_plays_in_one_turn_are_refused() -> None:
    st = blank()
    give_dev(st, 0, MONOPOLY, 2)
    give(st, 1, wool=3)
    give(st, 2, wool=1, ore=2)
    st = apply(st, 0, mv.MONOPOLY_MOVES[WOOL])
    assert hand(st, 0)[WOOL] == 4 and hand(st, 1)[WOOL] == 0 and hand(st, 2)[ORE] == 2
    refused(st, 0, mv.MONOPOLY_MOVES[ORE], "already played a development card this turn")


def test_a_card_may_be_played_before_the_roll() -> None:
    """RULINGS 5: a knight before the roll, then back to the roll."""
    st = blank()
    st.phase, st.rolled = ROLL, False
    give_dev(st, 0, KNIGHT)
    st = apply(st, 0, mv.M_KNIGHT)
    assert st.phase == ROBBER
    target = next(h for h in st.board.land_hexes if h != st.robber)
    st = apply(st, 0, (mv.MOVE_ROBBER, target, -1))
    assert st.phase == ROLL
    refused(st, 0, mv.M_END, "Roll the dice first")


def test_victory_point_cards_are_never_played_and_win_at_once_when_bought() -> None:
    st = blank(target=3)
    for card in (KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY):
        give_dev(st, 3, card, DEV_DECK[card])  # only victory points left to draw
    settle(st, 0, *_spread(st, 2))
    give(st, 0, wool=1, grain=1, ore=1)
    after = KATAN.apply(st, 0, mv.M_BUY)
    assert after.state.phase == OVER and after.state.winner == 0
    assert st.points[0] == 2 and rules.total_points(after.state, 0) == 3
    win = next(e for e in after.events if e.kind == "win")
    assert "1 of them from victory point cards" in win.text
    assert not any(mv.PLAY_KNIGHT <= m[0] <= mv.PLAY_MONOPOLY for m in KATAN.legal_moves(st, 0))


def test_road_building_lays_two_free_roads_and_may_stop_early() -> None:
    st = blank()
    top = st.board.topology
    settle(st, 0, 10)
    give_dev(st, 0, ROAD_BUILDING, 2)
    st = apply(st, 0, mv.M_ROAD_BUILDING)
    assert st.phase == FREE_ROADS and st.free_roads == 2
    first = top.node_edges[10][0]
    st = apply(st, 0, mv.ROAD_MOVES[first])
    assert hand_size(st, 0) == 0 and st.free_roads == 1
    st = apply(st, 0, mv.M_STOP_ROADS)
    assert st.phase == MAIN and st.roads[0].bit_count() == 1


def test_free_roads_allow_nothing_but_roads_or_stopping() -> None:
    st = blank()
    settle(st, 0, 10)
    give_dev(st, 0, ROAD_BUILDING, 1)
    give(st, 0, wool=1, grain=1, ore=1)
    st = apply(st, 0, mv.M_ROAD_BUILDING)
    assert st.phase == FREE_ROADS
    refused(st, 0, mv.M_BUY, "free roads")
    refused(st, 0, mv.M_END, "free roads")


def test_year_of_plenty_takes_two_from_the_bank_if_it_holds_them() -> None:
    st = blank()
    give_dev(st, 0, YEAR_OF_PLENTY)
    st.bank[ORE] = 1
    st.hands[1 * RESOURCES + ORE] = 18
    refused(st, 0, (mv.PLAY_PLENTY, ORE, ORE), "does not hold two ore")
    refused(st, 0, (mv.PLAY_PLENTY, ORE, BRICK), "in resource order")
    assert (mv.PLAY_PLENTY, ORE, ORE) not in KATAN.legal_moves(st, 0)
    st = apply(st, 0, (mv.PLAY_PLENTY, BRICK, ORE))
    assert hand(st, 0) == [0, 1, 0, 0, 1]


def test_largest_army_first_to_three_and_stolen_only_by_more() -> None:
    st = blank()
    for seat in (0, 1):
        played(st, seat, KNIGHT, 2)
    give_dev(st, 0, KNIGHT)
    st = apply(st, 0, mv.M_KNIGHT)
    assert st.army == 0 and st.points[0] == 2
    st.current = 1
    st.phase, st.dev_played = MAIN, False
    give_dev(st, 1, KNIGHT, 2)
    st = apply(st, 1, mv.M_KNIGHT)
    assert st.army == 0, "a tie leaves Largest Army where it is"
    st = _rob_anywhere(st, 1)
    st.dev_played = False
    st = apply(st, 1, mv.M_KNIGHT)
    assert st.army == 1 and st.points == [0, 2, 0, 0]


def _rob_anywhere(st: KatanState, seat: int) -> KatanState:
    move = next(m for m in KATAN.legal_moves(st, seat) if m[0] == mv.MOVE_ROBBER)
    return apply(st, seat, move)


# ---- maritime trade -----------------------------------------------------------------------


def test_bank_trades_at_four_three_and_two_to_one() -> None:
    st = blank()
    give(st, 0, lumber=4, wool=3)
    refused(st, 0, mv.BANK_MOVES[WOOL][ORE], "at 4:1")
    st = apply(st, 0, mv.BANK_MOVES[LUMBER][ORE])
    assert hand(st, 0) == [0, 0, 3, 0, 1]
    board = st.board
    generic = next(e for e, k in board.harbours if k == GENERIC_HARBOUR)
    settle(st, 0, board.topology.edge_ends[generic][1])
    assert rules.ratios(st, 0) == (3, 3, 3, 3, 3)
    wool_harbour = next(e for e, k in board.harbours if k == WOOL)
    settle(st, 0, board.topology.edge_ends[wool_harbour][0])
    assert rules.ratios(st, 0) == (3, 3, 2, 3, 3)
    st = apply(st, 0, mv.BANK_MOVES[WOOL][GRAIN])
    assert hand(st, 0)[WOOL] == 1 and hand(st, 0)[GRAIN] >= 1
    refused(st, 0, (mv.BANK_TRADE, ORE, ORE), "one resource for another")


# ---- winning ------------------------------------------------------------------------------


def test_the_win_is_checked_after_a_build() -> None:
    st = blank(target=6)
    top = st.board.topology
    home, a, b = top.hex_corners[top.index_of_hex[(0, 0)]][:3]
    settle(st, 0, home)
    road(st, 0, *path(st, home, a, b))
    city(st, 0, *_spread(st, 2, avoid=top.node_block_mask[b]))
    give(st, 0, lumber=1, brick=1, wool=1, grain=1)
    assert rules.total_points(st, 0) == 5
    after = KATAN.apply(st, 0, mv.SETTLEMENT_MOVES[b])
    assert after.state.phase == OVER and KATAN.outcome(after.state) is not None
    assert any(e.kind == "win" for e in after.events)
    assert KATAN.legal_moves(after.state, 0) == []
    assert KATAN.to_move(after.state) is None
    refused(after.state, 0, mv.M_END, "game is over")


def test_a_seat_at_the_target_wins_when_its_turn_arrives() -> None:
    """Seat 0 breaks seat 2's road on its own turn; seat 1 becomes the sole
    longest road, reaches the target, and wins when its turn arrives."""
    st = blank(target=4)
    top = st.board.topology
    line2 = coast_chain(st, 6)
    i = next(k for k in (3, 2, 4) if len(top.node_edges[line2[k]]) == 3)
    road(st, 2, *path(st, *line2))
    settle(st, 2, line2[0])
    line1 = coast_chain(st, 20)[15:21]
    road(st, 1, *path(st, *line1))
    settle(st, 1, line1[0], line1[4])
    assert st.longest == 2 and rules.total_points(st, 1) == 2
    side = next(n for n in top.node_nodes[line2[i]] if n not in line2)
    road(st, 0, *path(st, side, line2[i]))
    give(st, 0, lumber=1, brick=1, wool=1, grain=1)
    st = apply(st, 0, mv.SETTLEMENT_MOVES[line2[i]])
    assert st.longest == 1 and rules.total_points(st, 1) == 4
    assert st.phase == MAIN, "seat 1 does not win on seat 0's turn"
    st = apply(st, 0, mv.M_END)
    assert st.phase == OVER and st.winner == 1


def test_award_points_option_gives_five() -> None:
    st = blank(award=5)
    played(st, 0, KNIGHT, 2)
    give_dev(st, 0, KNIGHT)
    st = apply(st, 0, mv.M_KNIGHT)
    assert st.points[0] == 5


# ---- refusals in general --------------------------------------------------------------------


def test_moves_out_of_turn_or_malformed_are_refused_with_reasons() -> None:
    st = blank()
    refused(st, 1, mv.M_END, "not seat 1's turn")
    refused(st, 0, (99,), "not a Katan move")
    refused(st, 0, (mv.BUILD_ROAD,), "has 1 values, not 0")
    refused(st, 0, mv.M_ROLL, "already rolled")
    refused(st, 7, mv.M_END, "no seat 7")


def test_enumerated_moves_are_exactly_the_ones_check_accepts() -> None:
    """For every enumerable move (all but offers, counters and discards), legal
    iff listed, over a spread of positions from random play."""
    import random

    rng = random.Random(3)
    st = new_game(4, seed=11)
    seen = 0
    while st.phase != OVER and seen < 400:
        seat = KATAN.to_move(st)
        assert seat is not None
        legal = KATAN.legal_moves(st, seat)
        listed = set(legal)
        for move in _enumerable(st):
            ok = rules.why_not(st, seat, move) is None
            assert ok == (move in listed), (KATAN.move_label(move), st.phase)
        for move in legal:
            assert rules.why_not(st, seat, move) is None, KATAN.move_label(move)
        st = KATAN.apply(st, seat, legal[rng.randrange(len(legal))]).state
        seen += 1


def _enumerable(st: KatanState) -> list[mv.Move]:
    out: list[mv.Move] = [
        mv.M_ROLL,
        mv.M_END,
        mv.M_BUY,
        mv.M_KNIGHT,
        mv.M_ROAD_BUILDING,
        mv.M_ACCEPT,
        mv.M_DECLINE,
        mv.M_DISMISS,
        mv.M_STOP_ROADS,
        *mv.ROAD_MOVES[:72],
        *mv.SETTLEMENT_MOVES[:54],
        *mv.CITY_MOVES[:54],
        *mv.PLENTY_MOVES,
        *mv.MONOPOLY_MOVES,
        *(m for row in mv.BANK_MOVES for m in row),
        *mv.TAKE_MOVES[: st.seats],
    ]
    for h in range(19):
        for v in range(-1, st.seats):
            out.append((mv.MOVE_ROBBER, h, v))
    return out
