"""Gold fields: when their number rolls, each town beside one chooses a
resource (a city two), after the ordinary production and in seat order from
the roller, as far as the bank holds; the robber stops a gold field; and a
setup settlement collects nothing from gold."""

from engine.katan import chores, crafted, rules
from engine.katan.components import GOLD, ORE, RESOURCES
from engine.katan.moves import BUILD_SETTLEMENT, PICK
from engine.katan.sea import atlas
from engine.katan.sea.atlas import MAP_NAMES
from engine.katan.state import CHORE, MAIN, SETUP_SETTLEMENT, KatanState, setup_seat
from tests.sea_support import (
    apply,
    blank,
    empty_bank_but,
    hand,
    legal_now,
    new_game,
    refused,
    rolled,
)

MAP = "heading_for_new_shores"


def gold_field(st: KatanState) -> int:
    return next(h for h in st.board.land_hexes if st.board.terrain[h] == GOLD)


def around_gold() -> tuple[KatanState, int]:
    """Seat 2 to roll; seats 3, 0 (settlements) and 1 (a city) on three
    corners of a gold field; seat 0 also on a plain hex of the same number."""
    st = blank(MAP)
    gold = gold_field(st)
    top = st.board.topology
    corners = top.hex_corners[gold]
    crafted.settle(st, 3, corners[0])
    crafted.settle(st, 0, corners[2])
    crafted.city(st, 1, corners[4])
    number = st.board.numbers[gold]
    plain = next(
        h
        for h in st.board.land_hexes
        if st.board.terrain[h] < RESOURCES
        and st.board.numbers[h] == number
        and not top.hex_corner_mask[h] & st.blocked
    )
    crafted.settle(st, 0, top.hex_corners[plain][0])
    st.current = 2
    return st, plain


def test_gold_pays_a_choice_after_production_in_seat_order_from_the_roller() -> None:
    st, plain = around_gold()
    number = st.board.numbers[gold_field(st)]
    after, _ = rolled(st, number)
    assert after.phase == CHORE
    assert after.chores == (
        (chores.PICK, 3, 1, chores.PICK_SOURCES.index("gold")),
        (chores.PICK, 0, 1, chores.PICK_SOURCES.index("gold")),
        (chores.PICK, 1, 2, chores.PICK_SOURCES.index("gold")),
    )
    # The ordinary production is dealt before anyone chooses.
    assert hand(after, 0)[st.board.terrain[plain]] == 1
    assert rules.to_move(after) == 3
    assert {m[1] for m in legal_now(after)} == set(range(RESOURCES))
    refused(after, 0, (PICK, ORE), "not seat 0's turn; the table waits on seat 3")
    after = apply(after, 3, (PICK, ORE))
    after = apply(after, 0, (PICK, ORE))
    after = apply(after, 1, (PICK, ORE))
    assert rules.to_move(after) == 1  # a city chooses twice
    after = apply(after, 1, (PICK, 0))
    assert after.phase == MAIN and after.current == 2
    assert [hand(after, t)[ORE] for t in range(4)] == [1, 1, 0, 1]
    assert hand(after, 1)[0] == 1


def test_a_short_bank_limits_the_gold_choice() -> None:
    st, _ = around_gold()
    empty_bank_but(st, ORE, seat=2)
    st.hands[2 * st.width + ORE] += st.bank[ORE] - 2
    st.bank[ORE] = 2
    after, _ = rolled(st, st.board.numbers[gold_field(st)])
    assert legal_now(after) == [(PICK, ORE)]
    refused(after, 3, (PICK, 0), "The bank holds no lumber")
    after = apply(after, 3, (PICK, ORE))
    after = apply(after, 0, (PICK, ORE))
    # The bank is empty: the city's two picks are dropped, and the turn goes on.
    assert after.phase == MAIN and after.chores == ()
    assert hand(after, 1)[ORE] == 0 and after.bank[ORE] == 0


def test_the_robber_on_a_gold_field_stops_it() -> None:
    st, _ = around_gold()
    st.robber = gold_field(st)
    after, _ = rolled(st, st.board.numbers[gold_field(st)])
    assert after.phase == MAIN and after.chores == ()


def test_a_setup_settlement_beside_gold_collects_nothing_from_it() -> None:
    st = new_game(MAP)
    gold = gold_field(st)
    top = st.board.topology
    node = next(
        n
        for n in top.hex_corners[gold]
        if any(st.board.terrain[h] < RESOURCES for h in top.node_hexes[n])
    )
    # No map lets a start crossing touch gold; the rule holds should one ever do.
    for name in MAP_NAMES:
        board = atlas.deal(name, 1).board
        for h in board.land_hexes:
            if board.terrain[h] == GOLD:
                assert not board.topology.hex_corner_mask[h] & board.start_nodes, name
    st.setup_step = st.seats
    st.current = setup_seat(st.seats, st.setup_step)
    assert st.phase == SETUP_SETTLEMENT
    rules.step(st, st.current, (BUILD_SETTLEMENT, node), None)
    paid = [st.board.terrain[h] for h in top.node_hexes[node] if st.board.terrain[h] < RESOURCES]
    got = hand(st, st.current)
    assert sum(got) == len(paid) and all(got[r] == paid.count(r) for r in range(RESOURCES))
    assert st.chores == ()
