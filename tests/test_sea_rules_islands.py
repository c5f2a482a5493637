"""Islands: the setup on the start islands only (SeaStart), never beside fog,
with roads and never ships; two points for the first settlement on each new
island, once; and the Forgotten Tribe's chips."""

import pytest

from engine.katan import chores, crafted
from engine.katan.components import GENERIC_HARBOUR
from engine.katan.geometry import bits
from engine.katan.moves import BUILD_SETTLEMENT, BUILD_SHIP, PICK
from engine.katan.sea.atlas import MAP_NAMES
from engine.katan.sea.islands import GOLD_CHIP, HARBOUR_CHIP, POINT_CHIP
from engine.katan.state import CHORE, MAIN, SETUP_ROAD, KatanState
from tests.sea_support import (
    apply,
    blank,
    corners,
    isles,
    kinds,
    landing,
    legal_now,
    new_game,
    play,
    refused,
    sea,
)

PICK_CHIP_SOURCE = chores.PICK_SOURCES.index("chip")


@pytest.mark.parametrize("name", MAP_NAMES)
def test_setup_settlements_go_on_start_islands_never_beside_fog(name: str) -> None:
    st = new_game(name)
    board = st.board
    spots = {m[1] for m in legal_now(st)}
    start = 0
    for island in board.start_islands:
        start |= corners(st, island)
    fog = 0
    for h in board.fog_hexes:
        fog |= board.topology.hex_corner_mask[h]
    assert spots and all(start >> n & 1 and not fog >> n & 1 for n in spots)
    assert spots == {n for n in range(board.topology.node_count) if board.start_nodes >> n & 1}
    others = board.topology.land_nodes & ~board.start_nodes
    if others & ~st.closed:
        refused(st, 0, (BUILD_SETTLEMENT, bits(others & ~st.closed)[0]), "not a starting spot")
    else:  # every isle is held by a pirate fortress
        refused(st, 0, (BUILD_SETTLEMENT, bits(others)[0]), "A pirate fortress still holds")


def test_the_setup_piece_beside_a_coastal_settlement_is_a_road() -> None:
    st = new_game("heading_for_new_shores")
    top = st.board.topology
    node = next(
        n
        for n in range(top.node_count)
        if st.board.start_nodes >> n & 1
        and any(top.edge_sea[e] and not top.road_edges >> e & 1 for e in top.node_edges[n])
    )
    st = apply(st, 0, (BUILD_SETTLEMENT, node))
    assert st.phase == SETUP_ROAD
    roads = {m[1] for m in legal_now(st)}
    assert roads == {e for e in top.node_edges[node] if top.road_edges >> e & 1}
    wet = next(e for e in top.node_edges[node] if not top.road_edges >> e & 1)
    refused(st, 0, (BUILD_SHIP, wet), "Place the road beside your new settlement first")


def test_the_first_settlement_on_each_new_island_scores_two_once() -> None:
    st = blank("heading_for_new_shores")
    first, second = isles(st)[:2]
    landfall = landing(st, 0, corners(st, first))
    before = st.points[0]
    st, events = play(st, 0, (BUILD_SETTLEMENT, landfall))
    assert st.points[0] == before + 3  # the settlement and the bonus
    assert sea(st).bonus[first] == 0
    assert "island_bonus" in kinds(events)
    # A second settlement there, by anyone, earns nothing more.
    other = next(
        n
        for n in range(st.board.topology.node_count)
        if corners(st, first) >> n & 1 and not (st.blocked | st.closed) >> n & 1
    )
    crafted.settle(st, 1, other)
    assert st.points[1] == 1 and sea(st).bonus[first] == 0
    # Another new island is a bonus again, for whoever lands first.
    st.current = 1
    landfall = landing(st, 1, corners(st, second))
    before = st.points[1]
    st, events = play(st, 1, (BUILD_SETTLEMENT, landfall))
    assert sea(st).bonus[second] == 1 and st.points[1] == before + 3


def test_a_start_island_earns_no_bonus() -> None:
    st = blank("four_islands")
    # Every one of the four main islands is a start island there.
    assert len(st.board.start_islands) == 4
    for seat, island in enumerate(st.board.start_islands):
        node = next(
            n
            for n in range(st.board.topology.node_count)
            if corners(st, island) >> n & 1 and not st.blocked >> n & 1
        )
        crafted.settle(st, seat, node)
        assert st.points[seat] == 1
    assert all(b == -1 for b in sea(st).bonus)


def tribe(*chips: int) -> tuple[KatanState, tuple[int, ...]]:
    """A blank Forgotten Tribe game with the chips dealt as given, in chip-hex order."""
    st = blank("forgotten_tribe")
    assert sorted(chips) == sorted(k for _, k in sea(st).chips)
    sea(st).chips = tuple(zip(st.board.chip_hexes, chips, strict=True))
    return st, st.board.chip_hexes


def test_a_point_chip_comes_on_top_of_the_island_bonus_and_is_taken_once() -> None:
    st, chip_hexes = tribe(POINT_CHIP, HARBOUR_CHIP, GOLD_CHIP, POINT_CHIP)
    top = st.board.topology
    landfall = landing(st, 0, top.hex_corner_mask[chip_hexes[0]])
    before = st.points[0]
    st, events = play(st, 0, (BUILD_SETTLEMENT, landfall))
    assert "tribe_chip" in kinds(events) and "island_bonus" in kinds(events)
    assert st.points[0] == before + 1 + 2 + 1  # the settlement, the bonus, the chip
    assert sea(st).tribe[0] == (POINT_CHIP,)
    assert chip_hexes[0] not in dict(sea(st).chips)
    other = next(n for n in top.hex_corners[chip_hexes[0]] if not (st.blocked | st.closed) >> n & 1)
    crafted.settle(st, 1, other)
    assert sea(st).tribe[1] == () and st.points[1] == 1


def test_a_harbour_chip_trades_every_resource_three_to_one() -> None:
    st, chip_hexes = tribe(HARBOUR_CHIP, POINT_CHIP, GOLD_CHIP, POINT_CHIP)
    landfall = landing(st, 0, st.board.topology.hex_corner_mask[chip_hexes[0]])
    mine = st.towns[0]
    assert not st.board.harbour_access[GENERIC_HARBOUR] & mine
    assert max(st.ruleset.ratios(st, 0)) == 4
    st = apply(st, 0, (BUILD_SETTLEMENT, landfall))
    assert sea(st).tribe[0] == (HARBOUR_CHIP,)
    assert all(r <= 3 for r in st.ruleset.ratios(st, 0))
    assert max(st.ruleset.ratios(st, 1)) == 4


def test_a_gold_chip_pays_two_resources_of_the_settlers_choice() -> None:
    st, chip_hexes = tribe(GOLD_CHIP, POINT_CHIP, HARBOUR_CHIP, POINT_CHIP)
    landfall = landing(st, 0, st.board.topology.hex_corner_mask[chip_hexes[0]])
    st = apply(st, 0, (BUILD_SETTLEMENT, landfall))
    assert st.phase == CHORE and st.chores == ((chores.PICK, 0, 2, PICK_CHIP_SOURCE),)
    held = sum(st.hands[:5])
    st = apply(st, 0, (PICK, 4))
    st = apply(st, 0, (PICK, 2))
    assert st.phase == MAIN and sum(st.hands[:5]) == held + 2
