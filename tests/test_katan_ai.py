"""The default AI's behaviours from the issue, each on a crafted position, and
the fact that it decides from its own view only."""

from collections.abc import Sequence

import pytest

from engine.errors import BadOptions
from engine.katan import moves as mv
from engine.katan.components import GRAIN, KNIGHT, LUMBER, PIPS, RESOURCES, WOOL
from engine.katan.crafted import blank, city, give, give_dev, path, road, settle
from engine.katan.evaluate import node_yield
from engine.katan.game import KATAN
from engine.katan.production import roll_dice
from engine.katan.state import OFFER, SETUP_SETTLEMENT, KatanState
from engine.katan.view import KatanView
from engine.protocol import TableConfig
from engine.selfplay import play


def decide(st: KatanState, seat: int, level: str = "katan") -> mv.Move:
    view = KATAN.view_for(st, seat)
    return KATAN.player(level, 1).choose(view, seat, KATAN.view_legal_moves(view, seat))


def with_spot() -> tuple[KatanState, int]:
    """Seat 0 with a settlement and a road to an open spot."""
    st = blank()
    top = st.board.topology
    home, a, b = top.hex_corners[top.index_of_hex[(0, 0)]][:3]
    settle(st, 0, home)
    road(st, 0, *path(st, home, a, b))
    return st, b


def test_it_sees_only_its_view() -> None:
    """States that differ only in what seat 0 may not see give the same choice."""
    st, _ = with_spot()
    give(st, 0, lumber=2, wool=3)
    give(st, 1, ore=2, grain=1)
    other = st.copy()
    other.hands[RESOURCES : 2 * RESOURCES] = [3, 0, 0, 0, 0]  # same count, other cards
    other.seed, other.counter = 99, 1234
    give_dev(other, 2, KNIGHT)
    give_dev(st, 2, 4)
    assert decide(st, 0) == decide(other, 0)


def test_setup_takes_a_rich_varied_crossing() -> None:
    st = KATAN.initial_state(TableConfig(game="katan", seed=12))
    assert st.phase == SETUP_SETTLEMENT
    move = decide(st, 0)
    pips = node_yield(st, move[1])
    all_spots = sorted(sum(node_yield(st, n)) for n in range(54))
    assert sum(pips) >= all_spots[-8], "one of the richest crossings"
    assert sum(1 for p in pips if p) >= 2


def test_it_builds_a_city_before_anything_else() -> None:
    st, _ = with_spot()
    give(st, 0, lumber=1, brick=1, wool=1, grain=3, ore=3)
    assert decide(st, 0)[0] == mv.BUILD_CITY


def test_a_bank_trade_that_completes_a_settlement() -> None:
    st, spot = with_spot()
    give(st, 0, lumber=5, brick=1, wool=1)
    move = decide(st, 0)
    assert move == mv.BANK_MOVES[LUMBER][GRAIN]
    st = KATAN.apply(st, 0, move).state
    assert decide(st, 0) == mv.SETTLEMENT_MOVES[spot]


def test_one_domestic_offer_a_turn() -> None:
    """Each decision by a new player, as the daemon makes them: the view's count
    of offers this turn is what stops the second offer."""
    st, _ = with_spot()
    give(st, 0, lumber=2, brick=1, wool=1)
    give(st, 1, grain=2)
    move = decide(st, 0)
    assert move == mv.offer_move(-1, (1, 0, 0, 0, 0), (0, 0, 0, 1, 0))
    st = KATAN.apply(st, 0, move).state
    for seat in (1, 2, 3):
        if st.phase == OFFER:
            st = KATAN.apply(st, seat, mv.M_DECLINE).state
    assert KATAN.view_for(st, 0).state.offers == 1
    assert decide(st, 0) == mv.M_END


def test_it_counters_when_a_counter_completes_a_build() -> None:
    st, _ = with_spot()
    st.current = 1
    give(st, 1, ore=2, wool=3)
    settle(st, 2, 40)
    give(st, 2, grain=2, ore=2, lumber=2)  # one ore short of a city, lumber to spare
    st = KATAN.apply(st, 1, mv.offer_move(2, (0, 0, 0, 0, 1), (0, 0, 0, 1, 0))).state
    move = decide(st, 2)
    assert move == mv.counter_move((1, 0, 0, 0, 0), (0, 0, 0, 0, 1))
    st = KATAN.apply(st, 2, move).state
    assert KATAN.to_move(st) == 1 and mv.TAKE_MOVES[2] in KATAN.legal_moves(st, 1)


def test_it_accepts_a_trade_that_completes_a_build_and_declines_the_leader() -> None:
    st, _ = with_spot()
    st.current = 1
    give(st, 1, ore=2, wool=3)
    settle(st, 2, 40)
    give(st, 2, grain=2, ore=2, wool=2)
    offer = mv.offer_move(2, (0, 0, 0, 0, 1), (0, 0, 1, 0, 0))
    asked = KATAN.apply(st, 1, offer).state
    assert decide(asked, 2) == mv.M_ACCEPT
    city(st, 1, 0, 20, 45, 50)  # seat 1 is now within two points of winning
    asked = KATAN.apply(st, 1, offer).state
    assert decide(asked, 2) == mv.M_DECLINE


def test_discards_keep_what_a_city_needs() -> None:
    st, _ = with_spot()
    give(st, 0, grain=2, ore=3, wool=4)
    roll_dice(st, 3, 4, None)
    move = decide(st, 0)
    assert move[0] == mv.DISCARD and move[1 + WOOL] == 4


def test_the_robber_spares_its_own_hexes_and_hits_production() -> None:
    st, _ = with_spot()
    settle(st, 1, 44)
    give(st, 1, wool=2)
    roll_dice(st, 3, 4, None)
    move = decide(st, 0)
    hex_id, victim = move[1], move[2]
    corners = st.board.topology.hex_corner_mask[hex_id]
    assert not st.towns[0] & corners
    assert st.towns[1] & corners and victim == 1
    assert PIPS[st.board.numbers[hex_id]] > 0


def test_the_builder_builds_the_first_affordable_thing() -> None:
    st, _ = with_spot()
    give(st, 0, lumber=1, brick=1, wool=1, grain=1, ore=1)
    assert decide(st, 0, "builder")[0] == mv.BUILD_SETTLEMENT
    give(st, 0, grain=1, ore=2)
    assert decide(st, 0, "builder")[0] == mv.BUILD_CITY


def test_every_level_exists_and_unknown_levels_are_refused() -> None:
    assert KATAN.levels == ("easy", "normal", "hard", "builder", "app", "random")
    for level in KATAN.levels:
        KATAN.player(level, 1)
    with pytest.raises(BadOptions, match="easy, normal, hard, builder, app, random"):
        KATAN.player("grandmaster", 1)


class FreshEachDecision:
    """A seat played the daemon's way: a new player, with a new seed, for every
    decision, so nothing can carry over between decisions but the view."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.seed = seed
        self.decisions = 0

    def choose(self, view: KatanView, seat: int, legal: Sequence[mv.Move]) -> mv.Move:
        self.decisions += 1
        player = KATAN.player(self.level, self.seed * 100_003 + self.decisions)
        return player.choose(view, seat, legal)


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_whole_games_finish_with_a_fresh_player_per_decision(seats: int, seed: int) -> None:
    """A player that remembered its offer re-offered a declined trade forever at
    daemon tables (over 1,200 offers in 5,000 moves, no winner). These games take
    250 to 410 moves, about what one player object per seat takes."""
    levels = ("katan", "builder") * 2
    players = [FreshEachDecision(levels[(seed + s) % 2], seed * 10 + s) for s in range(seats)]
    config = TableConfig(game="katan", seed=seed, seats=seats)
    result = play(KATAN, config, players, max_moves=1_500)
    assert result.outcome is not None
    offers: dict[int, int] = {}
    turn = 0
    for seat, move in result.moves:
        turn += move == mv.M_END
        if move[0] == mv.OFFER:
            offers[turn] = offers.get(turn, 0) + 1
            assert players[seat].level == "katan"
    assert max(offers.values(), default=0) <= 1, "one domestic offer a turn"
