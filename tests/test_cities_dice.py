"""Cities & Knights: the dice, production, progress draws, the barbarians and the seven."""

from cities_support import (
    DESERT,
    FOREST_4,
    HILLS_3,
    ON_FIELDS_3,
    ON_FOREST_4,
    ON_HILLS_3,
    ON_MOUNTAINS_2,
    ON_PASTURE_4,
    ON_PASTURE_11,
    apply,
    blank,
    cards,
    ck,
    hand,
    kinds,
    refused,
    rolled,
)

from engine.katan import crafted
from engine.katan.cities import crafted as ck_crafted
from engine.katan.cities.components import (
    CONSTITUTION,
    CRANE,
    MEDICINE,
    MERCHANT,
    MINING,
    POLITICS,
    SCIENCE,
    SPY,
    TRADE,
    WARLORD,
    WEDDING,
)
from engine.katan.game import KATAN
from engine.katan.moves import (
    CHASE_ROBBER,
    CHOOSE_DECK,
    DISCARD,
    GIVE_BACK_PROGRESS,
    LOSE_CITY,
    MOVE_ROBBER,
    PICK,
    PLAY_BISHOP,
)
from engine.katan.state import CHORE, MAIN, ROBBER, KatanState

SHIP = 3
TRADE_GATE, POLITICS_GATE, SCIENCE_GATE = 0, 1, 2


# ---- production --------------------------------------------------------------------------


def test_cities_produce_a_resource_and_its_commodity() -> None:
    st = blank()
    crafted.city(st, 0, ON_FOREST_4[0])
    crafted.city(st, 1, ON_PASTURE_4[0])
    crafted.settle(st, 2, 45)  # pasture 4, pasture 6, hills 9
    after, _ = rolled(st, 1, 3, SHIP)
    assert hand(after, 0) == cards(lumber=1, paper=1)
    assert hand(after, 1) == cards(wool=1, cloth=1)
    assert hand(after, 2) == cards(wool=1)
    assert after.bank[7] == 11 and after.bank[5] == 11

    st = blank()
    crafted.city(st, 0, ON_MOUNTAINS_2)
    after, _ = rolled(st, 1, 1, SHIP)
    assert hand(after, 0) == cards(ore=1, coin=1)

    st = blank()
    crafted.city(st, 0, ON_HILLS_3)
    crafted.city(st, 1, ON_FIELDS_3)
    after, _ = rolled(st, 1, 2, SHIP)
    assert hand(after, 0) == cards(brick=2)
    assert hand(after, 1) == cards(grain=2)


def test_bank_short_of_a_card_for_one_seat_pays_what_is_left() -> None:
    st = blank()
    crafted.city(st, 0, ON_HILLS_3)
    crafted.give(st, 3, brick=18)  # one brick left, two owed to seat 0 alone
    after, _ = rolled(st, 1, 2, SHIP)
    assert hand(after, 0) == cards(brick=1) and after.bank[1] == 0

    st = blank()
    crafted.city(st, 1, *ON_PASTURE_4)
    crafted.give(st, 3, cloth=11)  # commodities too: one cloth left, two owed
    after, _ = rolled(st, 1, 3, SHIP)
    assert hand(after, 1) == cards(wool=2, cloth=1) and after.bank[5] == 0


def test_bank_short_for_two_seats_pays_neither_commodities_included() -> None:
    st = blank()
    crafted.city(st, 0, ON_PASTURE_4[0])
    crafted.city(st, 1, 45)  # also on pasture 4
    crafted.give(st, 3, cloth=11)  # one cloth left, one owed to each
    after, events = rolled(st, 2, 2, SHIP)
    assert hand(after, 0) == cards(wool=1)
    assert hand(after, 1) == cards(wool=1)
    assert after.bank[5] == 1
    assert "bank_short" in kinds(events)

    st = blank()
    crafted.settle(st, 0, ON_FOREST_4[0])
    crafted.city(st, 1, 10)  # forest 4 and pasture 11
    crafted.give(st, 3, lumber=18)  # one lumber left, one owed to each
    after, _ = rolled(st, 2, 2, SHIP)
    assert hand(after, 0) == cards()
    assert hand(after, 1) == cards(paper=1)
    assert after.bank[0] == 1


def test_aqueduct_pays_a_resource_of_choice_when_the_dice_pay_nothing() -> None:
    st = blank()
    crafted.city(st, 0, ON_FOREST_4[0])
    crafted.city(st, 1, ON_HILLS_3)
    crafted.city(st, 2, ON_PASTURE_11)
    ck_crafted.levels(st, 0, science=3)
    ck_crafted.levels(st, 1, science=3)
    ck_crafted.levels(st, 2, science=2)
    after, _ = rolled(st, 2, 2, SHIP)  # a 4: only seat 0's city pays
    assert after.phase == CHORE
    assert [c[:2] for c in after.chores] == [(13, 1)]  # only seat 1 (science 3, paid nothing)
    assert KATAN.to_move(after) == 1
    refused(after, 1, (PICK, 5), "Choose a resource")
    after = apply(after, 1, (PICK, 4))
    assert hand(after, 1) == cards(ore=1)
    assert after.phase == MAIN and not after.chores

    # A seven pays nobody, but the aqueduct is for production rolls only.
    after, _ = rolled(st, 3, 4, SHIP)
    assert not after.chores and after.phase == MAIN


# ---- the event die and progress draws ----------------------------------------------------


def test_a_gate_deals_progress_cards_by_the_red_die_in_turn_order_from_the_roller() -> None:
    st = blank()
    st.current = 2
    ck_crafted.levels(st, 0, politics=2)
    ck_crafted.levels(st, 1, politics=1)
    ck_crafted.levels(st, 2, politics=3)
    ck_crafted.levels(st, 3, trade=5)
    ck_crafted.on_top(st, SPY, WARLORD, WEDDING)
    after, _ = rolled(st, 5, 2, POLITICS_GATE)
    # Red 2: politics 2 and 3 draw, politics 1 does not; seat 2 rolled, so it draws first.
    assert [ck(after).progress[t] for t in range(4)] == [(WARLORD,), (), (SPY,), ()]

    after, _ = rolled(st, 5, 1, POLITICS_GATE)
    # Red 1: every politics level draws, in the order 2, 3, 0, 1.
    assert [ck(after).progress[t] for t in range(4)] == [(WARLORD,), (WEDDING,), (SPY,), ()]

    after, _ = rolled(st, 5, 4, POLITICS_GATE)
    assert all(not ck(after).progress[t] for t in range(4))
    after, _ = rolled(st, 1, 1, TRADE_GATE)
    assert ck(after).progress[3] == (ck(st).decks[TRADE][0],)


def test_a_point_card_drawn_is_laid_face_up_at_once() -> None:
    st = blank()
    ck_crafted.levels(st, 1, politics=1)
    ck_crafted.on_top(st, CONSTITUTION)
    after, events = rolled(st, 5, 1, POLITICS_GATE)
    assert ck(after).progress[1] == ()
    assert ck(after).face_up[1] == 1 and after.points[1] == st.points[1] + 1
    assert "progress_point" in kinds(events)


def test_a_fifth_progress_card_is_given_back_at_once_before_production() -> None:
    st = blank()
    crafted.city(st, 1, ON_FOREST_4[0])
    ck_crafted.levels(st, 1, science=1)
    ck_crafted.progress(st, 1, CRANE, CRANE, MEDICINE, MEDICINE)
    ck_crafted.on_top(st, MINING)
    after, _ = rolled(st, 3, 1, SCIENCE_GATE)  # a 4: the gate draws, then forest 4 pays
    assert len(ck(after).progress[1]) == 5
    assert after.phase == CHORE and KATAN.to_move(after) == 1
    assert hand(after, 1) == cards()  # production waits behind the chore
    refused(after, 0, (GIVE_BACK_PROGRESS, CRANE), "not seat 0's turn")
    refused(after, 1, (GIVE_BACK_PROGRESS, WARLORD), "Give back one progress card")
    after = apply(after, 1, (GIVE_BACK_PROGRESS, CRANE))
    assert sorted(ck(after).progress[1]) == sorted((CRANE, MEDICINE, MEDICINE, MINING))
    assert ck(after).decks[SCIENCE][-1] == CRANE
    assert hand(after, 1) == cards(lumber=1, paper=1)
    assert after.phase == MAIN


# ---- the barbarians ----------------------------------------------------------------------


def near(st: KatanState) -> KatanState:
    ck_crafted.barbarians(st, 1)
    return st


def test_the_ship_sails_one_step_nearer() -> None:
    st = blank()
    after, events = rolled(st, 5, 3, SHIP)
    assert ck(after).barbarians == 6 and ck(after).attacks == 0
    assert "barbarians" in kinds(events)
    after, _ = rolled(st, 5, 3, TRADE_GATE)
    assert ck(after).barbarians == 7


def test_barbarians_beaten_with_one_top_defender() -> None:
    st = near(blank())
    crafted.city(st, 0, ON_FOREST_4[0])
    crafted.city(st, 1, ON_HILLS_3)
    ck_crafted.knight(st, 0, 30, level=2, active=True)
    ck_crafted.knight(st, 1, 40, level=1, active=True)
    ck_crafted.knight(st, 2, 44, level=3, active=False)  # asleep: no help
    after, events = rolled(st, 6, 4, SHIP)  # a 10 pays nobody here
    part = ck(after)
    assert part.defenders == [1, 0, 0, 0]
    assert after.points[0] == st.points[0] + 1
    assert part.active == [0, 0, 0, 0]  # every knight stands down
    assert part.barbarians == 7 and part.attacks == 1
    assert "defender" in kinds(events)
    assert not after.chores and after.phase == MAIN


def test_barbarians_beaten_with_a_tie_each_tied_seat_chooses_a_deck() -> None:
    st = near(blank())
    st.current = 1
    crafted.city(st, 0, ON_FOREST_4[0])
    crafted.city(st, 1, ON_HILLS_3)
    ck_crafted.knight(st, 0, 30, level=1, active=True)
    ck_crafted.knight(st, 2, 40, level=1, active=True)
    ck_crafted.knight(st, 3, 44, level=1, active=False)
    ck_crafted.on_top(st, CRANE, MERCHANT)
    science, trade = CRANE, MERCHANT
    after, _ = rolled(st, 2, 2, SHIP)  # a 4: seat 0's city will pay after the chores
    assert ck(after).defenders == [0, 0, 0, 0]
    # In turn order from the roller (seat 1): seat 2, then seat 0.
    assert [c[:2] for c in after.chores] == [(7, 2), (7, 0), (14, -1)]
    assert hand(after, 0) == cards()
    refused(after, 0, (CHOOSE_DECK, TRADE), "not seat 0's turn")
    after = apply(after, 2, (CHOOSE_DECK, SCIENCE))
    after = apply(after, 0, (CHOOSE_DECK, TRADE))
    assert ck(after).progress[2] == (science,) and ck(after).progress[0] == (trade,)
    assert hand(after, 0) == cards(lumber=1, paper=1)
    assert after.phase == MAIN and after.points == st.points


def test_barbarians_win_several_least_contributors_each_lose_a_city_of_their_choice() -> None:
    st = near(blank())
    crafted.city(st, 0, ON_FOREST_4[0])
    crafted.city(st, 1, ON_HILLS_3, ON_FIELDS_3)
    ck_crafted.wall(st, 1, ON_FIELDS_3)
    crafted.city(st, 2, ON_PASTURE_11)
    ck_crafted.knight(st, 0, 30, level=1, active=True)
    # Seat 3 owns no city: it contributed nothing but is not liable.
    after, events = rolled(st, 2, 2, SHIP)
    assert [c[:2] for c in after.chores] == [(1, 1), (1, 2), (14, -1)]
    assert "barbarians_win" in kinds(events)
    assert KATAN.legal_moves(after, 1) == [(LOSE_CITY, ON_HILLS_3), (LOSE_CITY, ON_FIELDS_3)]
    refused(after, 1, (LOSE_CITY, ON_PASTURE_11), "Choose one of your cities")
    after = apply(after, 1, (LOSE_CITY, ON_FIELDS_3))
    after = apply(after, 2, (LOSE_CITY, ON_PASTURE_11))
    assert after.cities[1] == 1 << ON_HILLS_3 and after.towns[1] == 1 << ON_FIELDS_3
    assert ck(after).walls[1] == 0  # the wall went with the city
    assert after.towns[2] == 1 << ON_PASTURE_11 and not after.cities[2]
    assert after.points[1] == st.points[1] - 1 and after.points[2] == st.points[2] - 1
    assert after.cities[0] == st.cities[0]
    assert ck(after).active == [0, 0, 0, 0]
    assert hand(after, 0) == cards(lumber=1, paper=1)


def test_the_least_contribution_counts_only_seats_that_own_a_city() -> None:
    st = near(blank())
    crafted.city(st, 0, ON_FOREST_4[0])
    crafted.city(st, 1, ON_HILLS_3)
    crafted.city(st, 2, ON_PASTURE_11)
    ck_crafted.knight(st, 1, 30, level=1, active=True)
    ck_crafted.knight(st, 2, 40, level=1, active=True)
    ck_crafted.knight(st, 0, 44, level=2, active=False)
    after, _ = rolled(st, 5, 5, SHIP)
    assert [c[:2] for c in after.chores] == [(1, 0), (14, -1)]


def test_a_seat_holding_only_metropolises_is_immune() -> None:
    st = near(blank())
    crafted.city(st, 1, ON_HILLS_3)
    ck_crafted.metropolis(st, 1, POLITICS, ON_HILLS_3)
    crafted.city(st, 2, ON_PASTURE_11)
    crafted.city(st, 0, ON_FIELDS_3)
    ck_crafted.knight(st, 2, 40, level=1, active=True)
    ck_crafted.knight(st, 0, 44, level=1, active=True)
    after, _ = rolled(st, 5, 5, SHIP)  # 3 cities (a metropolis is one) against 2
    # Seat 1 contributed least but holds only a metropolis; seats 0 and 2 tie on 1.
    assert [c[:2] for c in after.chores] == [(1, 0), (1, 2), (14, -1)]
    assert ck(after).metropolis[POLITICS] == ON_HILLS_3

    ck_crafted.knight(st, 2, 45, level=1, active=True)
    after, _ = rolled(st, 5, 5, SHIP)  # 3 against 3: Catan holds
    assert ck(after).defenders == [0, 0, 1, 0]


def test_a_city_lost_with_no_settlement_piece_left_is_razed() -> None:
    st = near(blank())
    crafted.settle(st, 1, 0, 2, 15, 26, 47)
    crafted.city(st, 1, ON_HILLS_3)
    after, _ = rolled(st, 5, 5, SHIP)
    after = apply(after, 1, (LOSE_CITY, ON_HILLS_3))
    assert not after.cities[1] and not after.built >> ON_HILLS_3 & 1
    assert after.points[1] == st.points[1] - 2
    assert not after.blocked >> 7 & 1  # the neighbouring crossing is free to settle again


def test_a_city_lost_to_the_barbarians_produces_as_a_settlement_on_that_roll() -> None:
    st = near(blank())
    crafted.city(st, 1, ON_FOREST_4[0])
    after, events = rolled(st, 2, 2, SHIP)  # the event die first: the ship lands
    assert "barbarians_win" in kinds(events) and "produce" not in kinds(events)
    assert after.phase == CHORE and KATAN.to_move(after) == 1
    assert hand(after, 1) == cards()
    refused(after, 0, (LOSE_CITY, ON_FOREST_4[0]), "table waits on seat 1")
    after = apply(after, 1, (LOSE_CITY, ON_FOREST_4[0]))
    assert hand(after, 1) == cards(lumber=1)
    assert after.phase == MAIN


# ---- the seven and the robber ------------------------------------------------------------


def test_the_robber_sleeps_until_the_first_attack_a_seven_only_discards() -> None:
    st = blank()
    assert st.robber == -1
    crafted.give(st, 1, lumber=5, cloth=4)
    after, _ = rolled(st, 3, 4, SHIP)
    assert [c[:3] for c in after.chores] == [(0, 1, 4)]
    after = apply(after, 1, (DISCARD, 1, 0, 0, 0, 0, 3, 0, 0))
    assert after.phase == MAIN and after.robber == -1
    assert hand(after, 1) == cards(lumber=4, cloth=1)

    ck_crafted.knight(st, 0, 21, level=1, active=True)  # beside the desert
    ck_crafted.progress(st, 0, 10)  # Bishop
    refused(st, 0, (CHASE_ROBBER, 21), "robber sleeps")
    refused(st, 0, (PLAY_BISHOP, FOREST_4), "sleeps until the barbarians")


def test_the_robber_is_on_the_board_once_the_barbarians_have_attacked() -> None:
    st = near(blank())
    after, _ = rolled(st, 5, 5, SHIP)
    assert ck(after).attacks == 1 and after.robber == DESERT
    after, _ = rolled(after, 3, 4, TRADE_GATE)
    assert after.phase == ROBBER
    after = apply(after, 0, (MOVE_ROBBER, FOREST_4, -1))
    assert after.robber == FOREST_4 and after.phase == MAIN


def test_a_seven_discards_above_seven_plus_two_per_wall() -> None:
    st = blank()
    crafted.city(st, 1, ON_HILLS_3, ON_FIELDS_3)
    ck_crafted.wall(st, 1, ON_HILLS_3, ON_FIELDS_3)
    crafted.give(st, 1, brick=6, coin=5)  # 11: limit 11
    crafted.city(st, 2, ON_PASTURE_11)
    ck_crafted.wall(st, 2, ON_PASTURE_11)
    crafted.give(st, 2, wool=6, paper=4)  # 10: limit 9
    crafted.give(st, 3, grain=8)  # 8: limit 7
    crafted.give(st, 0, ore=7)  # 7: limit 7
    after, _ = rolled(st, 3, 4, SHIP)
    assert [c[:3] for c in after.chores] == [(0, 2, 5), (0, 3, 4)]
    assert KATAN.to_move(after) == 2
    refused(after, 2, (DISCARD, 0, 0, 4, 0, 0, 0, 0, 0), "exactly 5")
    after = apply(after, 2, (DISCARD, 0, 0, 1, 0, 0, 0, 0, 4))
    after = apply(after, 3, (DISCARD, 0, 0, 0, 4, 0, 0, 0, 0))
    assert after.phase == MAIN


def test_the_aqueduct_and_robber_hex() -> None:
    """The robber's hex pays nothing, so an aqueduct there still pays its owner."""
    st = blank()
    ck_crafted.awake(st, FOREST_4)
    crafted.city(st, 0, ON_FOREST_4[0])
    ck_crafted.levels(st, 0, science=3)
    after, _ = rolled(st, 2, 2, SHIP)
    assert hand(after, 0) == cards() and [c[:2] for c in after.chores] == [(13, 0)]


def test_a_seven_on_the_attack_roll_counts_walls_after_the_loss_then_moves_the_robber() -> None:
    st = near(blank())
    crafted.city(st, 1, ON_HILLS_3, ON_FIELDS_3)
    ck_crafted.wall(st, 1, ON_HILLS_3, ON_FIELDS_3)
    crafted.give(st, 1, cloth=10)  # within 7 + 4, but not within 7 + 2
    after, _ = rolled(st, 3, 4, SHIP)
    assert [c[:2] for c in after.chores] == [(1, 1), (15, -1)]
    after = apply(after, 1, (LOSE_CITY, ON_HILLS_3))
    assert ck(after).walls[1] == 1 << ON_FIELDS_3
    assert [c[:3] for c in after.chores] == [(0, 1, 5)]
    after = apply(after, 1, (DISCARD, 0, 0, 0, 0, 0, 5, 0, 0))
    # The attack woke the robber, so this very seven moves it; it robs commodities too.
    assert after.phase == ROBBER
    after = apply(after, 0, (MOVE_ROBBER, HILLS_3, 1))
    assert hand(after, 0) == cards(cloth=1) and hand(after, 1) == cards(cloth=4)
