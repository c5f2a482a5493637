"""The Board's Seafarers fields: defaulted so the base game's board is what it
was, and kept in step when an Inventor moves the numbers on a sea map."""

from engine.katan.components import DESERT, GOLD
from engine.katan.maps import STANDARD, deal
from engine.katan.sea import atlas


def test_the_base_board_is_one_island_all_start_without_a_pirate() -> None:
    for seed in (1, 2, 3):
        b = deal(STANDARD, seed)
        top = b.topology
        assert b.islands == (b.land_hexes,)
        assert set(b.island_of) == {0}  # the standard map lists no sea hexes
        assert b.start_islands == (0,)
        assert b.start_nodes == top.land_nodes
        assert b.robber_hexes == b.land_hexes
        assert b.pirate_start == -1
        assert all(not g for g in b.gold_producers)
        assert (b.fog_hexes, b.village_hexes, b.fortress_hexes, b.canal_hexes) == ((),) * 4
        assert b.chip_hexes == ()
        assert b.terrain[b.robber_start] == DESERT  # as before


def test_moving_numbers_moves_the_gold_with_them() -> None:
    b = atlas.deal("heading_for_new_shores", 4).board
    gold = [h for h in b.land_hexes if b.terrain[h] == GOLD]
    plain = next(
        h
        for h in b.land_hexes
        if b.terrain[h] != GOLD and b.numbers[h] not in (0, b.numbers[gold[0]])
    )
    numbers = list(b.numbers)
    numbers[gold[0]], numbers[plain] = numbers[plain], numbers[gold[0]]
    moved = b.with_numbers(tuple(numbers))
    paid = {h: n for n, fields in enumerate(moved.gold_producers) for h, _ in fields}
    assert paid[gold[0]] == b.numbers[plain]
    assert paid[gold[1]] == b.numbers[gold[1]]
    assert b.gold_producers != moved.gold_producers  # the shared board is untouched
