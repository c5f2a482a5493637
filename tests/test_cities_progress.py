"""Cities & Knights: every one of the 25 progress-card kinds, each target rule."""

from cities_support import (
    DESERT,
    FIELDS_5,
    FOREST_4,
    FOREST_5,
    MOUNTAINS_2,
    MOUNTAINS_6,
    ON_FOREST_5,
    ON_HILLS_3,
    ON_PASTURE_11,
    PASTURE_11,
    W,
    apply,
    blank,
    cards,
    ck,
    hand,
    play,
    refused,
    rolled,
)

from engine.katan import crafted
from engine.katan.cities import crafted as ck_crafted
from engine.katan.cities.components import (
    ALCHEMIST,
    BISHOP,
    COMMERCIAL_HARBOR,
    CONSTITUTION,
    CRANE,
    DESERTER,
    DIPLOMAT,
    ENGINEER,
    INTRIGUE,
    INVENTOR,
    IRRIGATION,
    MASTER_MERCHANT,
    MEDICINE,
    MERCHANT,
    MERCHANT_FLEET,
    MINING,
    POLITICS,
    PRINTER,
    PROGRESS_KINDS,
    RESOURCE_MONOPOLY,
    ROAD_BUILDING_CARD,
    SABOTEUR,
    SCIENCE,
    SMITH,
    SPY,
    TRADE_MONOPOLY,
    WARLORD,
    WEDDING,
)
from engine.katan.cities.progress import KIND_OF
from engine.katan.cities.state import level_at
from engine.katan.game import KATAN
from engine.katan.moves import (
    BANK_TRADE,
    BUILD_ROAD,
    BUILD_WALL,
    DISCARD,
    END_TURN,
    HAND_OVER,
    HARBOR_GIVE,
    MOVE_KNIGHT,
    PLACE_KNIGHT,
    PLAY_ALCHEMIST,
    PLAY_BISHOP,
    PLAY_COMMERCIAL_HARBOR,
    PLAY_CRANE,
    PLAY_DESERTER,
    PLAY_DIPLOMAT,
    PLAY_ENGINEER,
    PLAY_INTRIGUE,
    PLAY_INVENTOR,
    PLAY_IRRIGATION,
    PLAY_MASTER_MERCHANT,
    PLAY_MEDICINE,
    PLAY_MERCHANT,
    PLAY_MERCHANT_FLEET,
    PLAY_MINING,
    PLAY_RESOURCE_MONOPOLY,
    PLAY_ROAD_BUILDING,
    PLAY_SABOTEUR,
    PLAY_SMITH,
    PLAY_SPY,
    PLAY_TRADE_MONOPOLY,
    PLAY_WARLORD,
    PLAY_WEDDING,
    PROMOTE_KNIGHT,
    REMOVE_KNIGHT,
    RETURN_COMMODITY,
    ROLL,
    SKIP,
    STOP_ROADS,
    TAKE_CARDS,
    TAKE_PROGRESS,
)
from engine.katan.state import CHORE, FREE_ROADS, MAIN, KatanState
from engine.katan.state import ROLL as P_ROLL
from engine.katan.wire import view_json

SCIENCE_GATE = 2


def holding(*cards_held: int, seat: int = 0) -> KatanState:
    st = blank()
    ck_crafted.progress(st, seat, *cards_held)
    return st


def test_every_progress_card_kind_is_covered() -> None:
    """Each card kind has a play move (or is a point card) and a test below."""
    played = set(KIND_OF) | {PRINTER, CONSTITUTION}
    assert played == set(range(PROGRESS_KINDS))


def test_a_played_card_goes_to_the_bottom_of_its_deck_and_others_cannot_play() -> None:
    st = holding(MINING)
    st.current = 1
    refused(st, 0, (PLAY_MINING,), "not seat 0's turn")
    st.current = 0
    refused(st, 0, (PLAY_IRRIGATION,), "You hold no Irrigation card")
    after = apply(st, 0, (PLAY_MINING,))
    assert ck(after).progress[0] == () and ck(after).decks[SCIENCE][-1] == MINING


# ---- science -----------------------------------------------------------------------------


def test_alchemist_sets_the_number_dice_before_the_roll_only() -> None:
    st = holding(ALCHEMIST)
    crafted.city(st, 0, ON_FOREST_5[0])
    refused(st, 0, (PLAY_ALCHEMIST, 2, 3), "before the roll")
    ck_crafted.before_roll(st)
    after = apply(st, 0, (PLAY_ALCHEMIST, 2, 3))
    assert after.rolled and after.dice == (2, 3) and after.phase == MAIN
    assert hand(after, 0) == cards(lumber=1, paper=1)  # a 5: forest 5 paid
    part = ck(after)
    assert part.event >= 0  # the event die is still rolled
    assert (part.barbarians == 6) == (part.event >= 3)
    assert part.decks[SCIENCE][-1] == ALCHEMIST
    refused(after, 0, (ROLL,), "already rolled")


def test_crane_improves_for_one_commodity_less_after_the_roll() -> None:
    st = holding(CRANE)
    crafted.city(st, 0, ON_HILLS_3)
    ck_crafted.levels(st, 0, politics=2)
    crafted.give(st, 0, coin=2)
    after = apply(st, 0, (PLAY_CRANE, POLITICS))
    assert ck(after).levels[POLITICS] == 3 and hand(after, 0) == cards()
    refused(holding(CRANE), 0, (PLAY_CRANE, POLITICS), "need a city")
    ck_crafted.before_roll(st)
    refused(st, 0, (PLAY_CRANE, POLITICS), "Roll first")


def test_engineer_builds_a_wall_for_free() -> None:
    st = holding(ENGINEER)
    crafted.city(st, 0, ON_HILLS_3)
    crafted.settle(st, 0, ON_PASTURE_11)
    refused(st, 0, (PLAY_ENGINEER, ON_PASTURE_11), "no city on crossing")
    after = apply(st, 0, (PLAY_ENGINEER, ON_HILLS_3))
    assert ck(after).walls[0] == 1 << ON_HILLS_3 and hand(after, 0) == cards()


def test_inventor_swaps_two_numbers_never_a_two_six_eight_or_twelve() -> None:
    st = holding(INVENTOR)
    crafted.city(st, 0, ON_FOREST_5[0])
    for hex_id, number in ((MOUNTAINS_2, 2), (MOUNTAINS_6, 6), (16, 8), (9, 12)):
        refused(st, 0, (PLAY_INVENTOR, FOREST_5, hex_id), f"never moves a {number}")
    refused(st, 0, (PLAY_INVENTOR, FOREST_5, DESERT), "has no number")
    refused(st, 0, (PLAY_INVENTOR, 13, 15), "different numbers")  # both tens
    refused(st, 0, (PLAY_INVENTOR, FOREST_5, FIELDS_5), "different numbers")
    after = apply(st, 0, (PLAY_INVENTOR, FOREST_5, FOREST_4))
    assert after.board.numbers[FOREST_5] == 4 and after.board.numbers[FOREST_4] == 5
    assert st.board.numbers[FOREST_5] == 5  # the other states' board is untouched
    again = KATAN.decode_state(KATAN.encode_state(after))
    assert again.board.numbers == after.board.numbers
    paid, _ = rolled(after, 2, 2, 3)  # a 4 now pays the forest the city stands on
    assert hand(paid, 0) == cards(lumber=1, paper=1)


def test_irrigation_and_mining_pay_two_per_hex_beside_the_seats_buildings() -> None:
    st = holding(IRRIGATION, MINING)
    crafted.settle(st, 0, 12)  # forest 5, hills 3, fields 5
    crafted.city(st, 0, 25)  # pasture 11, fields 9, fields 8
    crafted.settle(st, 0, 36)  # fields 9 again, pasture 6, forest 10
    crafted.settle(st, 0, 23)  # fields 5 again, mountains 6, mountains 12
    after = apply(st, 0, (PLAY_IRRIGATION,))
    assert hand(after, 0) == cards(grain=6)
    crafted.give(after, 1, ore=16)  # the bank holds 3 ore: it pays what it has
    after = apply(after, 0, (PLAY_MINING,))
    assert hand(after, 0) == cards(grain=6, ore=3)


def test_medicine_raises_a_city_for_two_ore_and_a_grain() -> None:
    st = holding(MEDICINE)
    crafted.settle(st, 0, ON_HILLS_3)
    crafted.give(st, 0, ore=2)
    refused(st, 0, (PLAY_MEDICINE, ON_HILLS_3), "costs 1 grain and 2 ore")
    crafted.give(st, 0, grain=1)
    refused(st, 0, (PLAY_MEDICINE, ON_PASTURE_11), "no settlement on crossing")
    after = apply(st, 0, (PLAY_MEDICINE, ON_HILLS_3))
    assert after.cities[0] == 1 << ON_HILLS_3 and hand(after, 0) == cards()
    assert after.points[0] == st.points[0] + 1
    ck_crafted.before_roll(st)
    refused(st, 0, (PLAY_MEDICINE, ON_HILLS_3), "Roll first")


def test_printer_is_laid_face_up_when_drawn() -> None:
    st = blank()
    ck_crafted.levels(st, 2, science=1)
    ck_crafted.on_top(st, PRINTER)
    after, _ = rolled(st, 5, 1, SCIENCE_GATE)
    assert ck(after).progress[2] == () and ck(after).face_up[2] == 1
    assert after.points[2] == st.points[2] + 1
    assert PRINTER not in ck(after).decks[SCIENCE]


def test_road_building_lays_two_free_roads_and_nothing_else_meanwhile() -> None:
    st = holding(ROAD_BUILDING_CARD)
    crafted.settle(st, 0, 19)
    crafted.give(st, 0, brick=2)
    crafted.city(st, 0, ON_HILLS_3)
    ck_crafted.before_roll(st)
    after = apply(st, 0, (PLAY_ROAD_BUILDING,))
    assert after.phase == FREE_ROADS and after.free_roads == 2
    refused(after, 0, (BUILD_WALL, ON_HILLS_3), "Place your free roads")
    refused(after, 0, (PLAY_WARLORD,), "Place your free roads")
    after = apply(after, 0, (BUILD_ROAD, crafted.path(after, 19, 24)[0]))
    after = apply(after, 0, (BUILD_ROAD, crafted.path(after, 24, 30)[0]))
    assert after.phase == P_ROLL and hand(after, 0) == cards(brick=2)
    assert after.roads[0].bit_count() == 2


def test_smith_promotes_two_knights_for_free() -> None:
    st = holding(SMITH)
    ck_crafted.knight(st, 0, 24, level=1)
    ck_crafted.knight(st, 0, 30, level=3, active=True)
    ck_crafted.knight(st, 0, 35, level=1)
    after = apply(st, 0, (PLAY_SMITH,))
    assert after.phase == CHORE
    assert sorted(KATAN.legal_moves(after, 0)) == [
        (PROMOTE_KNIGHT, 24),
        (PROMOTE_KNIGHT, 35),
        (SKIP,),
    ]
    after = apply(after, 0, (PROMOTE_KNIGHT, 24))
    refused(after, 0, (PROMOTE_KNIGHT, 24), "Promote a knight for free")
    after = apply(after, 0, (PROMOTE_KNIGHT, 35))
    assert after.phase == MAIN and hand(after, 0) == cards()
    assert [level_at(ck(after), 0, n) for n in (24, 30, 35)] == [2, 3, 2]
    refused(holding(SMITH), 0, (PLAY_SMITH,), "None of your knights")


# ---- politics ----------------------------------------------------------------------------


def bishop_table() -> KatanState:
    """Fields 9 (hex 10): seat 0 on 19, seat 1 on 31, seat 2's city on 30."""
    st = holding(BISHOP)
    crafted.settle(st, 0, 19)
    crafted.settle(st, 1, 31)
    crafted.city(st, 2, 30)
    crafted.give(st, 1, wool=2)
    crafted.give(st, 2, coin=1)
    crafted.settle(st, 3, ON_PASTURE_11)
    return st


def test_bishop_moves_the_robber_and_robs_every_seat_beside_it() -> None:
    st = bishop_table()
    refused(st, 0, (PLAY_BISHOP, 10), "sleeps until the barbarians first attack")
    ck_crafted.awake(st)
    refused(st, 0, (PLAY_BISHOP, DESERT), "cannot go to hex 7")
    after = apply(st, 0, (PLAY_BISHOP, 10))
    assert after.robber == 10
    assert sum(hand(after, 0)) == 2 and sum(hand(after, 1)) == 1 and sum(hand(after, 2)) == 0
    assert after.phase == MAIN


def test_deserter_the_victim_chooses_and_the_player_places_one_as_strong() -> None:
    st = holding(DESERTER)
    crafted.settle(st, 0, 19)
    crafted.road(st, 0, *crafted.path(st, 19, 24, 30))
    ck_crafted.knight(st, 1, 40, level=1)
    ck_crafted.knight(st, 1, 44, level=3, active=True)
    refused(st, 0, (PLAY_DESERTER, 2), "Seat 2 has no knight")
    after = apply(st, 0, (PLAY_DESERTER, 1))
    assert KATAN.to_move(after) == 1
    assert sorted(KATAN.legal_moves(after, 1)) == [(REMOVE_KNIGHT, 40), (REMOVE_KNIGHT, 44)]
    after = apply(after, 1, (REMOVE_KNIGHT, 44))
    assert KATAN.to_move(after) == 0
    # A mighty knight, active like the deserter, even without politics 3.
    assert sorted(KATAN.legal_moves(after, 0)) == [(PLACE_KNIGHT, 24), (PLACE_KNIGHT, 30), (SKIP,)]
    after = apply(after, 0, (PLACE_KNIGHT, 30))
    assert level_at(ck(after), 0, 30) == 3 and ck(after).active[0] == 1 << 30
    assert level_at(ck(after), 1, 44) == 0 and level_at(ck(after), 1, 40) == 1
    # It was not on the board when the turn began, so it acts from the next turn.
    refused(after, 0, (MOVE_KNIGHT, 30, 24), "woke this turn")

    # With both mighty knights already out, the deserter joins as a basic one.
    st2 = holding(DESERTER)
    crafted.settle(st2, 0, 19)
    crafted.road(st2, 0, *crafted.path(st2, 19, 24, 30, 35))
    ck_crafted.levels(st2, 0, politics=3)
    ck_crafted.knight(st2, 0, 24, level=3)
    ck_crafted.knight(st2, 0, 35, level=3)
    ck_crafted.knight(st2, 1, 44, level=3)
    after = apply(st2, 0, (PLAY_DESERTER, 1))
    after = apply(after, 1, (REMOVE_KNIGHT, 44))
    after = apply(after, 0, (PLACE_KNIGHT, 30))
    assert level_at(ck(after), 0, 30) == 1 and not ck(after).active[0] >> 30 & 1


def diplomat_table() -> KatanState:
    st = holding(DIPLOMAT)
    crafted.settle(st, 0, 19)
    crafted.road(st, 0, *crafted.path(st, 19, 24, 30, 35))
    crafted.settle(st, 1, 41)
    crafted.road(st, 1, *crafted.path(st, 41, 36, 31))
    return st


def test_diplomat_removes_only_a_road_with_a_loose_end() -> None:
    st = diplomat_table()
    ends = {
        "0": crafted.path(st, 30, 35)[0],
        "1": crafted.path(st, 36, 31)[0],
    }
    plays = sorted(m for m in KATAN.legal_moves(st, 0) if m[0] == PLAY_DIPLOMAT)
    assert plays == sorted([(PLAY_DIPLOMAT, ends["0"]), (PLAY_DIPLOMAT, ends["1"])])
    middle = crafted.path(st, 24, 30)[0]
    refused(st, 0, (PLAY_DIPLOMAT, middle), "not a road with a loose end")
    refused(st, 0, (PLAY_DIPLOMAT, crafted.path(st, 41, 36)[0]), "loose end")
    # A knight at the end closes it too.
    guarded = diplomat_table()
    ck_crafted.knight(guarded, 0, 35)
    refused(guarded, 0, (PLAY_DIPLOMAT, ends["0"]), "loose end")
    # An opponent's road simply goes.
    after = apply(st, 0, (PLAY_DIPLOMAT, ends["1"]))
    assert not after.roads[1] >> ends["1"] & 1 and after.phase == MAIN


def test_diplomat_on_ones_own_road_may_rebuild_it_for_free() -> None:
    st = diplomat_table()
    end = crafted.path(st, 30, 35)[0]
    after = apply(st, 0, (PLAY_DIPLOMAT, end))
    assert after.phase == FREE_ROADS and after.free_roads == 1
    assert not after.roads[0] >> end & 1
    elsewhere = crafted.path(st, 19, 14)[0]
    after = apply(after, 0, (BUILD_ROAD, elsewhere))
    assert after.roads[0] >> elsewhere & 1 and after.phase == MAIN
    assert after.roads[0].bit_count() == 3 and hand(after, 0) == cards()
    skipped = apply(apply(st, 0, (PLAY_DIPLOMAT, end)), 0, (STOP_ROADS,))
    assert skipped.roads[0].bit_count() == 2 and skipped.phase == MAIN


def test_intrigue_displaces_a_knight_beside_the_players_roads() -> None:
    st = holding(INTRIGUE)
    crafted.settle(st, 0, 19)
    crafted.road(st, 0, *crafted.path(st, 19, 24, 30))
    crafted.settle(st, 1, 41)
    crafted.road(st, 1, *crafted.path(st, 41, 36, 30))
    ck_crafted.knight(st, 1, 30, level=3, active=True)
    ck_crafted.knight(st, 1, 44, level=1)
    refused(st, 0, (PLAY_INTRIGUE, 44), "beside your roads")
    after = apply(st, 0, (PLAY_INTRIGUE, 30))
    assert KATAN.to_move(after) == 1
    assert sorted(KATAN.legal_moves(after, 1)) == [(PLACE_KNIGHT, 36)]
    after = apply(after, 1, (PLACE_KNIGHT, 36))
    assert level_at(ck(after), 1, 36) == 3 and ck(after).active[1] >> 36 & 1
    assert KATAN.to_move(after) == 0


def points_table(cards_held: int) -> KatanState:
    """Seat 0 on 2 points; seat 1 on 2; seat 2 on 4; seat 3 on 1."""
    st = holding(cards_held)
    crafted.settle(st, 0, 0, 2)
    crafted.settle(st, 1, 11, 15)
    crafted.city(st, 2, 26, 38)
    crafted.settle(st, 3, 47)
    return st


def test_saboteur_halves_the_hands_of_seats_with_as_many_points_or_more() -> None:
    st = points_table(SABOTEUR)
    crafted.give(st, 1, wool=7)
    crafted.give(st, 2, brick=1, cloth=4)
    crafted.give(st, 3, grain=9)
    after = apply(st, 0, (PLAY_SABOTEUR,))
    # Seat 1 (equal) owes 3 of 7, seat 2 (more) 2 of 5; seat 3 (fewer) nothing.
    assert [c[:3] for c in after.chores] == [(0, 1, 3), (0, 2, 2)]
    after = apply(after, 1, (DISCARD, 0, 0, 3, 0, 0, 0, 0, 0))
    refused(after, 2, (DISCARD, 0, 1, 0, 0, 0, 0, 0, 0), "exactly 2")
    after = apply(after, 2, (DISCARD, 0, 1, 0, 0, 0, 1, 0, 0))
    assert hand(after, 1) == cards(wool=4) and hand(after, 2) == cards(cloth=3)
    assert hand(after, 3) == cards(grain=9) and after.phase == MAIN


def test_spy_shows_the_targets_cards_to_the_spy_alone_while_it_chooses() -> None:
    st = holding(SPY)
    ck_crafted.progress(st, 1, WARLORD, CRANE)
    refused(st, 0, (PLAY_SPY, 2), "holds no progress cards")
    for seat in (0, 2, 3):
        assert KATAN.view_for(st, seat).state.ck.progress[1] == (-1, -1)
    after = apply(st, 0, (PLAY_SPY, 1))
    assert KATAN.to_move(after) == 0
    assert sorted(KATAN.legal_moves(after, 0)) == [(TAKE_PROGRESS, CRANE), (TAKE_PROGRESS, WARLORD)]
    spy = KATAN.view_for(after, 0)
    assert spy.state.ck.progress[1] == (WARLORD, CRANE)
    assert KATAN.view_legal_moves(spy, 0) == KATAN.legal_moves(after, 0)
    assert view_json(spy)["cities"]["seats"][1]["progress"] == ["warlord", "crane"]
    for seat in (2, 3, None):
        other = KATAN.view_for(after, seat)
        assert other.state.ck.progress[1] == (-1, -1)
        assert "progress" not in view_json(other)["cities"]["seats"][1]
        assert "warlord" not in KATAN.encode_view(other)
    refused(after, 0, (TAKE_PROGRESS, SMITH), "Take one of the progress cards")
    after, events = play(after, 0, (TAKE_PROGRESS, WARLORD))
    assert ck(after).progress == [(WARLORD,), (CRANE,), (), ()]
    assert KATAN.view_for(after, 0).state.ck.progress[1] == (-1,)
    for e in events:
        if "Warlord" in e.text:
            assert e.audience == frozenset({0, 1})


def test_warlord_wakes_every_knight_for_free_but_they_act_from_next_turn() -> None:
    st = holding(WARLORD)
    crafted.settle(st, 0, 19)
    crafted.road(st, 0, *crafted.path(st, 19, 24, 30, 35))
    ck_crafted.knight(st, 0, 24, active=True)
    ck_crafted.knight(st, 0, 30, level=2)
    refused(holding(WARLORD), 0, (PLAY_WARLORD,), "already active")
    after = apply(st, 0, (PLAY_WARLORD,))
    assert ck(after).active[0] == (1 << 24) | (1 << 30) and hand(after, 0) == cards()
    refused(after, 0, (MOVE_KNIGHT, 30, 35), "woke this turn")
    apply(after, 0, (MOVE_KNIGHT, 24, 35))


def test_wedding_takes_two_cards_of_their_choice_from_each_seat_with_more_points() -> None:
    st = points_table(WEDDING)
    crafted.city(st, 3, 52)  # seat 3: 3 points
    crafted.give(st, 1, wool=3)  # equal points: untouched
    crafted.give(st, 2, ore=2, paper=3)
    crafted.give(st, 3, grain=1)
    after = apply(st, 0, (PLAY_WEDDING,))
    # Seat 3 holds one card: it goes at once; seat 2 chooses two of five.
    assert hand(after, 3) == cards() and hand(after, 0) == cards(grain=1)
    assert [c[:4] for c in after.chores] == [(3, 2, 0, 2)]
    refused(after, 2, (HAND_OVER, 0, 0, 0, 0, 1, 0, 0, 0), "exactly 2")
    refused(after, 2, (HAND_OVER, 2, 0, 0, 0, 0, 0, 0, 0), "hold only 0 lumber")
    after = apply(after, 2, (HAND_OVER, 0, 0, 0, 0, 1, 0, 0, 1))
    assert hand(after, 0) == cards(grain=1, ore=1, paper=1)
    assert hand(after, 2) == cards(ore=1, paper=2) and hand(after, 1) == cards(wool=3)


# ---- trade -------------------------------------------------------------------------------


def test_commercial_harbor_a_resource_to_each_opponent_for_a_commodity_back() -> None:
    st = holding(COMMERCIAL_HARBOR)
    crafted.give(st, 0, wool=1, grain=1)
    crafted.give(st, 1, coin=1, lumber=1)
    crafted.give(st, 2, cloth=1, paper=2)
    crafted.give(st, 3, ore=3)  # no commodity: not asked
    after = apply(st, 0, (PLAY_COMMERCIAL_HARBOR,))
    assert [c[:3] for c in after.chores] == [(10, 0, 1), (10, 0, 2)]
    assert sorted(KATAN.legal_moves(after, 0)) == [(HARBOR_GIVE, 2), (HARBOR_GIVE, 3), (SKIP,)]
    after = apply(after, 0, (HARBOR_GIVE, 2))  # wool to seat 1
    assert KATAN.to_move(after) == 1
    assert KATAN.legal_moves(after, 1) == [(RETURN_COMMODITY, 6)]  # no way to refuse
    refused(after, 1, (RETURN_COMMODITY, 5), "Give back a commodity")
    after = apply(after, 1, (RETURN_COMMODITY, 6))
    assert KATAN.to_move(after) == 0
    after = apply(after, 0, (HARBOR_GIVE, 3))  # a different resource, grain, to seat 2
    after = apply(after, 2, (RETURN_COMMODITY, 7))  # seat 2 picks paper over cloth
    assert hand(after, 0) == cards(coin=1, paper=1)
    assert hand(after, 1) == cards(lumber=1, wool=1)
    assert hand(after, 2) == cards(grain=1, cloth=1, paper=1)
    assert hand(after, 3) == cards(ore=3) and after.phase == MAIN

    skipped = apply(apply(st, 0, (PLAY_COMMERCIAL_HARBOR,)), 0, (SKIP,))
    assert KATAN.to_move(skipped) == 0 and [c[:3] for c in skipped.chores] == [(10, 0, 2)]


def test_master_merchant_takes_two_chosen_cards_from_a_seat_with_more_points() -> None:
    st = points_table(MASTER_MERCHANT)
    crafted.give(st, 1, wool=4)
    crafted.give(st, 2, wool=2, coin=1)
    refused(st, 0, (PLAY_MASTER_MERCHANT, 1), "more points than you")
    refused(st, 0, (PLAY_MASTER_MERCHANT, 3), "more points than you")
    after = apply(st, 0, (PLAY_MASTER_MERCHANT, 2))
    assert sorted(KATAN.legal_moves(after, 0)) == [(TAKE_CARDS, 2, 2), (TAKE_CARDS, 2, 6)]
    shown = KATAN.view_for(after, 0)
    assert shown.state.hands[2 * W : 3 * W] == cards(wool=2, coin=1)
    assert KATAN.view_legal_moves(shown, 0) == KATAN.legal_moves(after, 0)
    assert KATAN.view_for(after, 1).state.hands[2 * W : 3 * W] == [0] * W
    refused(after, 0, (TAKE_CARDS, 6, 6), "Take two of the cards")
    after = apply(after, 0, (TAKE_CARDS, 2, 6))
    assert hand(after, 0) == cards(wool=1, coin=1) and hand(after, 2) == cards(wool=1)
    assert KATAN.view_for(after, 0).state.hands[2 * W : 3 * W] == [0] * W

    few = points_table(MASTER_MERCHANT)
    crafted.give(few, 2, paper=1)
    after = apply(few, 0, (PLAY_MASTER_MERCHANT, 2))
    assert not after.chores and hand(after, 0) == cards(paper=1)


def test_merchant_gives_a_point_and_two_for_one_and_its_point_moves() -> None:
    st = holding(MERCHANT)
    crafted.settle(st, 0, 19)  # hills 11, pasture 11, fields 9
    crafted.settle(st, 1, 10)  # forest 4, pasture 11
    ck_crafted.progress(st, 1, MERCHANT)
    crafted.give(st, 0, wool=2)
    plays = sorted(m[1] for m in KATAN.legal_moves(st, 0) if m[0] == PLAY_MERCHANT)
    assert plays == [5, PASTURE_11, 10]
    refused(st, 0, (PLAY_MERCHANT, FOREST_4), "not a producing hex beside one of your buildings")
    refused(st, 0, (PLAY_MERCHANT, DESERT), "not a producing hex")
    assert (BANK_TRADE, 2, 1) not in KATAN.legal_moves(st, 0)
    after = apply(st, 0, (PLAY_MERCHANT, PASTURE_11))
    assert after.points[0] == st.points[0] + 1
    assert ck(after).merchant == PASTURE_11 and ck(after).merchant_owner == 0
    assert KATAN.legal_moves(after, 0).count((BANK_TRADE, 2, 1)) == 1
    traded = apply(after, 0, (BANK_TRADE, 2, 1))
    assert hand(traded, 0) == cards(brick=1)
    # Seat 1 takes it over, onto the very hex it stands on.
    after = apply(after, 0, (END_TURN,))
    after = apply(after, 1, (PLAY_MERCHANT, PASTURE_11))
    assert ck(after).merchant_owner == 1
    assert after.points[0] == st.points[0] and after.points[1] == st.points[1] + 1


def test_merchant_fleet_trades_one_kind_two_for_one_this_turn() -> None:
    st = holding(MERCHANT_FLEET)
    crafted.give(st, 0, coin=2, ore=2)
    after = apply(st, 0, (PLAY_MERCHANT_FLEET, 6))
    assert (BANK_TRADE, 6, 0) in KATAN.legal_moves(after, 0)
    assert (BANK_TRADE, 4, 0) not in KATAN.legal_moves(after, 0)
    traded = apply(after, 0, (BANK_TRADE, 6, 0))
    assert hand(traded, 0) == cards(lumber=1, ore=2)
    after = apply(after, 0, (END_TURN,))
    assert ck(after).fleet == -1


def test_resource_monopoly_takes_two_of_a_resource_from_each_opponent() -> None:
    st = holding(RESOURCE_MONOPOLY)
    crafted.give(st, 1, wool=5)
    crafted.give(st, 2, wool=1, cloth=2)
    crafted.give(st, 3, ore=1)
    refused(st, 0, (PLAY_RESOURCE_MONOPOLY, 5), "runs from 0 to 4")
    after = apply(st, 0, (PLAY_RESOURCE_MONOPOLY, 2))
    assert hand(after, 0) == cards(wool=3)
    assert hand(after, 1) == cards(wool=3) and hand(after, 2) == cards(cloth=2)


def test_trade_monopoly_takes_one_of_a_commodity_from_each_opponent() -> None:
    st = holding(TRADE_MONOPOLY)
    crafted.give(st, 1, cloth=5)
    crafted.give(st, 2, wool=1, cloth=1)
    refused(st, 0, (PLAY_TRADE_MONOPOLY, 2), "runs from 5 to 7")
    after = apply(st, 0, (PLAY_TRADE_MONOPOLY, 5))
    assert hand(after, 0) == cards(cloth=2)
    assert hand(after, 1) == cards(cloth=4) and hand(after, 2) == cards(wool=1)


def test_cards_other_than_the_alchemist_may_be_played_before_the_roll() -> None:
    st = holding(RESOURCE_MONOPOLY)
    crafted.give(st, 1, wool=2)
    ck_crafted.before_roll(st)
    after = apply(st, 0, (PLAY_RESOURCE_MONOPOLY, 2))
    assert after.phase == P_ROLL and hand(after, 0) == cards(wool=2)
