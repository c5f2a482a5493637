"""Cities & Knights: trading commodities with the bank, through harbours, at
trade level 3, and with other seats."""

from cities_support import ON_FOREST_4, ON_FOREST_5, apply, blank, cards, ck, hand, refused

from engine.katan import crafted, rules
from engine.katan.cities import crafted as ck_crafted
from engine.katan.game import KATAN
from engine.katan.moves import ACCEPT, BANK_TRADE, COUNTER, DECLINE, OFFER, TAKE_COUNTER
from engine.katan.state import COUNTERS, MAIN
from engine.katan.state import OFFER as P_OFFER

WOOL_HARBOUR = 6
"""Crossing 6 reaches the 2:1 wool harbour; crossing 0 a 3:1 one."""


def leg(**names: int) -> tuple[int, ...]:
    return tuple(cards(**names))


def test_the_bank_trades_commodities_four_for_one_and_sells_them_too() -> None:
    st = blank()
    crafted.give(st, 0, cloth=4, lumber=4)
    assert rules.ratios(st, 0) == (4,) * 8
    moves = KATAN.legal_moves(st, 0)
    assert (BANK_TRADE, 5, 4) in moves and (BANK_TRADE, 0, 6) in moves
    after = apply(st, 0, (BANK_TRADE, 5, 4))
    assert hand(after, 0) == cards(lumber=4, ore=1)
    after = apply(after, 0, (BANK_TRADE, 0, 6))
    assert hand(after, 0) == cards(ore=1, coin=1)
    crafted.give(after, 0, paper=3)
    refused(after, 0, (BANK_TRADE, 7, 0), "paper at 4:1 and hold fewer than 4")


def test_a_three_to_one_harbour_trades_commodities_a_two_to_one_only_its_resource() -> None:
    st = blank()
    crafted.settle(st, 0, ON_FOREST_5[0])
    assert rules.ratios(st, 0) == (3,) * 8
    crafted.settle(st, 0, WOOL_HARBOUR)
    assert rules.ratios(st, 0) == (3, 3, 2, 3, 3, 3, 3, 3)
    alone = blank()
    crafted.settle(alone, 0, WOOL_HARBOUR)
    assert rules.ratios(alone, 0) == (4, 4, 2, 4, 4, 4, 4, 4)


def test_trade_level_three_trades_commodities_two_for_one() -> None:
    st = blank()
    crafted.city(st, 0, ON_FOREST_4[0])
    ck_crafted.levels(st, 0, trade=2)
    crafted.give(st, 0, coin=2, ore=2)
    refused(st, 0, (BANK_TRADE, 6, 7), "coin at 4:1")
    ck_crafted.levels(st, 0, trade=3)
    assert rules.ratios(st, 0) == (4, 4, 4, 4, 4, 2, 2, 2)
    refused(st, 0, (BANK_TRADE, 4, 7), "ore at 4:1")
    after = apply(st, 0, (BANK_TRADE, 6, 7))
    assert hand(after, 0) == cards(ore=2, paper=1)
    assert ck(after).levels[0] == 3


def test_domestic_offers_and_counters_carry_commodities() -> None:
    st = blank()
    crafted.give(st, 0, cloth=2, grain=1)
    crafted.give(st, 1, ore=1, paper=1)
    offer = (OFFER, 1, *leg(cloth=1), *leg(ore=1))
    after = apply(st, 0, offer)
    assert after.phase == P_OFFER and KATAN.to_move(after) == 1
    after = apply(after, 1, (ACCEPT,))
    assert hand(after, 0) == cards(cloth=1, grain=1, ore=1)
    assert hand(after, 1) == cards(cloth=1, paper=1)

    # A five-card leg is fitted to the table's eight.
    short = (OFFER, -1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1)
    asked = apply(after, 0, short)
    assert asked.offer == (OFFER, -1, *leg(grain=1), *leg(ore=1))
    after = apply(asked, 1, (DECLINE,))
    assert after.phase == MAIN and after.offer is None

    everyone = (OFFER, -1, *leg(cloth=1), *leg(paper=1))
    after = apply(after, 0, everyone)
    assert KATAN.to_move(after) == 1  # seats 2 and 3 hold nothing: not asked
    refused(after, 1, (COUNTER, *leg(paper=2), *leg(cloth=1)), "You do not hold 2 paper")
    after = apply(after, 1, (COUNTER, *leg(paper=1), *leg(cloth=1, grain=1)))
    assert after.phase == COUNTERS
    again = KATAN.decode_state(KATAN.encode_state(after))
    assert again.counters == after.counters
    after = apply(after, 0, (TAKE_COUNTER, 1))
    assert hand(after, 0) == cards(paper=1, ore=1)
    assert hand(after, 1) == cards(cloth=2, grain=1)
    assert after.phase == MAIN
