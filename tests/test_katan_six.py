"""Five and six seats on crafted positions: the extension's island, bank and
deck, and the special building phase (who builds when, what is allowed,
what is refused and why, what stays hidden, when a builder wins)."""

import tomllib
from collections import Counter
from importlib.resources import files
from pathlib import Path

import pytest

from engine.errors import BadOptions, IllegalMove
from engine.katan import moves as mv
from engine.katan.audit import problems
from engine.katan.cities.rules import CITIES_RULES
from engine.katan.components import (
    DESERT,
    DEV_KINDS,
    GENERIC_HARBOUR,
    KNIGHT,
    PASTURE,
    RESOURCES,
    TERRAIN_NAMES,
    VICTORY_POINT,
)
from engine.katan.crafted import blank, give, give_dev, road, settle
from engine.katan.game import KATAN
from engine.katan.geometry import bits
from engine.katan.maps import RED_NUMBERS
from engine.katan.sea import atlas
from engine.katan.state import MAIN, ROLL, SPECIAL, KatanState
from engine.protocol import TableConfig
from frontends.chat.presenters.katan.tables import settings


def apply(st: KatanState, seat: int, move: mv.Move) -> KatanState:
    return KATAN.apply(st, seat, move).state


def refused(st: KatanState, seat: int, move: mv.Move, words: str) -> None:
    with pytest.raises(IllegalMove, match=words):
        KATAN.apply(st, seat, move)


def spread(st: KatanState, count: int) -> list[int]:
    """`count` crossings far enough apart for a settlement each."""
    top = st.board.topology
    chosen: list[int] = []
    blocked = 0
    for node in bits(top.land_nodes):
        if not blocked >> node & 1:
            chosen.append(node)
            for near in bits(top.node_block_mask[node]):
                blocked |= top.node_block_mask[near]
        if len(chosen) == count:
            break
    return chosen


def six(seats: int = 6) -> tuple[KatanState, list[int]]:
    """Seat 0's turn after its roll; every seat has a settlement and one road."""
    st = blank(seats=seats)
    homes = spread(st, seats)
    top = st.board.topology
    for seat, node in enumerate(homes):
        settle(st, seat, node)
        road(st, seat, next(iter(bits(top.node_edge_mask[node] & top.road_edges))))
    return st, homes


@pytest.mark.parametrize("seats", [5, 6])
def test_five_and_six_seats_play_the_extension_island_bank_and_deck(seats: int) -> None:
    st = KATAN.initial_state(TableConfig(game="katan", seed=11, seats=seats))
    board = st.board
    assert board.map_name == "large"
    terrain = Counter(TERRAIN_NAMES[board.terrain[h]] for h in board.land_hexes)
    assert terrain == {
        "forest": 6,
        "pasture": 6,
        "fields": 6,
        "hills": 5,
        "mountains": 5,
        "desert": 2,
    }
    tokens = sorted(board.numbers[h] for h in board.land_hexes if board.terrain[h] != DESERT)
    assert tokens == sorted([2, 2, 12, 12] + [n for n in (3, 4, 5, 6, 8, 9, 10, 11)] * 3)
    kinds = Counter(kind for _, kind in board.harbours)
    assert len(board.harbours) == 11
    assert kinds[GENERIC_HARBOUR] == 5 and kinds[PASTURE] == 2
    assert all(kinds[r] >= 1 for r in range(RESOURCES))
    ends = [board.topology.edge_end_mask[e] for e, _ in board.harbours]
    assert all(not a & b for i, a in enumerate(ends) for b in ends[i + 1 :])
    reds = [h for h in board.land_hexes if board.numbers[h] in RED_NUMBERS]
    assert len(reds) == 6
    assert all(r not in board.topology.hex_neighbours[s] for r in reds for s in reds)
    assert board.terrain[st.robber] == DESERT
    assert st.bank == [24] * RESOURCES
    assert st.deck == [20, 3, 3, 3, 5] and sum(st.deck) == 34
    four = KATAN.initial_state(TableConfig(game="katan", seed=11, seats=4))
    assert four.board.map_name == "standard" and four.bank == [19] * RESOURCES


def test_the_larger_board_reads_back_from_its_json() -> None:
    st = KATAN.initial_state(TableConfig(game="katan", seed=4, seats=6))
    text = KATAN.encode_state(st)
    again = KATAN.decode_state(text)
    assert again.board.map_name == "large" and len(again.board.land_hexes) == 30
    assert KATAN.encode_state(again) == text


def test_after_a_turn_each_other_seat_in_order_may_build() -> None:
    st, _ = six()
    st = apply(st, 0, mv.M_END)
    assert st.phase == SPECIAL and st.current == 0 and KATAN.to_move(st) == 1
    assert KATAN.legal_moves(st, 1) == [mv.M_END]  # nothing to pay with
    for builder in (1, 2, 3, 4):
        st = apply(st, builder, mv.M_END)
        assert st.phase == SPECIAL and KATAN.to_move(st) == builder + 1
    turn = st.turn
    st = apply(st, 5, mv.M_END)
    assert st.phase == ROLL and st.current == 1 and KATAN.to_move(st) == 1
    assert st.turn == turn + 1
    assert problems(st) == []


def test_four_seats_have_no_special_building_phase() -> None:
    st = blank(seats=4)
    st = apply(st, 0, mv.M_END)
    assert st.phase == ROLL and st.current == 1


def test_a_builder_builds_and_buys_but_may_not_trade_or_play_cards() -> None:
    st, homes = six()
    give(st, 2, lumber=5, brick=5, wool=5, grain=5, ore=5)
    give_dev(st, 2, KNIGHT)
    st = apply(st, 0, mv.M_END)
    st = apply(st, 1, mv.M_END)
    legal = KATAN.legal_moves(st, 2)
    kinds = {m[0] for m in legal}
    assert kinds == {mv.END_TURN, mv.BUILD_ROAD, mv.BUILD_CITY, mv.BUY_DEV}
    words = "special building phase: you may only build or buy"
    refused(st, 2, mv.BANK_MOVES[0][1], words)
    refused(st, 2, mv.offer_move(-1, (1, 0, 0, 0, 0), (0, 1, 0, 0, 0)), words)
    refused(st, 2, mv.M_KNIGHT, words)
    refused(st, 2, mv.M_ROLL, words)
    refused(st, 3, mv.M_END, "the table waits on seat 2")
    before = list(st.bank)
    st = apply(st, 2, mv.CITY_MOVES[homes[2]])
    assert st.cities[2] == 1 << homes[2] and st.points[2] == 2
    assert st.bank[3] == before[3] + 2 and st.bank[4] == before[4] + 3
    st = apply(st, 2, next(m for m in KATAN.legal_moves(st, 2) if m[0] == mv.BUILD_ROAD))
    st = apply(st, 2, mv.M_BUY)
    assert sum(st.devs[2 * DEV_KINDS : 3 * DEV_KINDS]) == 2
    assert st.phase == SPECIAL and KATAN.to_move(st) == 2
    assert problems(st) == []


def test_a_card_bought_while_building_is_secret_and_playable_on_the_next_turn() -> None:
    st, _ = six()
    for card in range(DEV_KINDS):  # only knights left, so the draw is known
        if card != KNIGHT:
            give_dev(st, 5, card, st.deck[card])
    give(st, 1, wool=1, grain=1, ore=1)
    st = apply(st, 0, mv.M_END)
    st = apply(st, 1, mv.M_BUY)
    assert st.devs[1 * DEV_KINDS + KNIGHT] == 1
    assert st.fresh == [0] * DEV_KINDS
    for seat in (0, 2, 3, 4, 5, None):
        view = KATAN.view_for(st, seat)
        assert view.state.devs[1 * DEV_KINDS + KNIGHT] == 0
        assert view.state.fresh == [0] * DEV_KINDS
    for builder in (1, 2, 3, 4, 5):
        st = apply(st, builder, mv.M_END)
    assert st.phase == ROLL and st.current == 1
    assert mv.M_KNIGHT in KATAN.legal_moves(st, 1)


def test_a_builder_at_the_target_wins_when_its_own_turn_begins() -> None:
    st, homes = six()
    st.target = 3
    give(st, 1, grain=2, ore=3)
    give(st, 3, grain=2, ore=3)
    give_dev(st, 3, VICTORY_POINT)
    st = apply(st, 0, mv.M_END)
    st = apply(st, 1, mv.M_END)
    st = apply(st, 2, mv.M_END)
    st = apply(st, 3, mv.CITY_MOVES[homes[3]])
    assert st.winner == -1 and st.phase == SPECIAL, "no win in another seat's turn"
    st = apply(st, 3, mv.M_END)
    st = apply(st, 4, mv.M_END)
    st = apply(st, 5, mv.M_END)
    assert st.current == 1 and st.phase == ROLL and st.winner == -1
    st.current, st.phase = 2, MAIN  # seats 1 and 2 pass their turns quickly
    st = apply(st, 2, mv.M_END)
    for builder in (3, 4, 5, 0, 1):
        st = apply(st, builder, mv.M_END)
    assert st.winner == 3 and KATAN.outcome(st) is not None


def test_a_stored_game_keeps_the_seat_building() -> None:
    st, _ = six(5)
    st = apply(st, 0, mv.M_END)
    st = apply(st, 1, mv.M_END)
    text = KATAN.encode_state(st)
    assert '"special_builder":2' in text.replace(" ", "")
    again = KATAN.decode_state(text)
    assert again.phase == SPECIAL and KATAN.to_move(again) == 2
    assert KATAN.encode_state(again) == text


def test_cities_and_knights_builders_may_equip_knights_but_not_play_progress_cards() -> None:
    st = blank(seats=6, ruleset=CITIES_RULES)
    homes = spread(st, 6)
    top = st.board.topology
    for seat, node in enumerate(homes):
        settle(st, seat, node)
        road(st, seat, next(iter(bits(top.node_edge_mask[node] & top.road_edges))))
    give(st, 1, wool=2, ore=2, grain=2, lumber=1, brick=1)
    st.ck.progress[1] = (0,)
    st = apply(st, 0, mv.M_END)
    assert KATAN.to_move(st) == 1
    kinds = {m[0] for m in KATAN.legal_moves(st, 1)}
    assert mv.HIRE_KNIGHT in kinds and mv.BUILD_ROAD in kinds
    assert kinds <= CITIES_RULES.special_kinds() | {mv.END_TURN}
    refused(st, 1, (mv.PLAY_ALCHEMIST, 2, 3), "only build or buy")


def test_seafarers_at_six_plays_the_map_for_six_and_refuses_the_others() -> None:
    sea = {"expansions": "seafarers"}
    st = KATAN.initial_state(TableConfig(game="katan", seed=5, options={**sea, "players": 6}))
    assert st.seats == 6 and st.board.map_name == "new_shores_six"
    assert st.bank == [24] * RESOURCES and sum(st.deck) == 34
    with pytest.raises(BadOptions, match="laid out for 3 or 4 seats, not 6"):
        KATAN.prepare(
            TableConfig(game="katan", seed=5, options={**sea, "players": 6, "map": "oases"})
        )
    with pytest.raises(BadOptions, match="needs 4, 3 seats, not 5"):
        KATAN.prepare(TableConfig(game="katan", seed=5, seats=5, options=sea))
    six = {**sea, "map": "new_shores_six"}
    assert KATAN.prepare(TableConfig(game="katan", seed=5, options=six))[1] == 6
    assert atlas.maps_for(5) == ("new_shores_six",) and "new_shores_six" not in atlas.MAP_NAMES


def test_the_docs_draw_the_map_for_six_as_its_file_does() -> None:
    page = (Path(__file__).parent.parent / "docs" / "seafarers.md").read_text()
    sea = atlas.sea_map("new_shores_six")
    drawn = tomllib.loads((files("engine.katan.sea") / "maps" / "new_shores_six.toml").read_text())
    assert f"```text\n{drawn['map'].rstrip()}\n```" in page
    assert f"> {sea.description}" in page and sea.design in page


def test_the_lobby_names_the_map_for_six() -> None:
    options = KATAN.parse_options({"expansions": "seafarers", "players": 6})
    assert settings(options) == "Seafarers: New Shores for Six · 12 points to win"


def test_the_phase_and_every_pass_are_told() -> None:
    st, _ = six(5)
    told = KATAN.apply(st, 0, mv.M_END)
    texts = [e.text for e in told.events]
    assert texts == ["Seat 0 is done; special building phase: seat 1 may build"]
    st = told.state
    for builder in (1, 2, 3):
        passed = KATAN.apply(st, builder, mv.M_END)
        texts = [e.text for e in passed.events]
        assert texts == [f"Seat {builder} is done building; seat {builder + 1} may build"]
        st = passed.state
    last = KATAN.apply(st, 4, mv.M_END)
    assert [e.text for e in last.events] == [
        "Seat 4 is done building",
        "Seat 0 ended the turn; seat 1 is up",
    ]
