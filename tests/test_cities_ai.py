"""The Cities & Knights AIs: the default level ("katan" at a table playing the
expansion) and the app-like baseline ("app").

Whole seeded games check that they only ever make legal moves (3 and 4
seats, a fresh player per decision as the daemon builds them), that the
default AI answers every chore kind and plays every progress card, and that
the baseline keeps to what the app's opponent does. Twin states that differ
only in what a seat may not see (other hands, other progress cards, the
decks' order, the seed) must draw the same decision from it. Crafted
positions check the behaviours the issue names: arming for the barbarians,
chasing the robber, walls against a seven, and each chore answered with what
the seat values least or most.
"""

import random
from collections.abc import Sequence
from functools import cache
from typing import Final

import pytest

from engine.katan import chores, crafted
from engine.katan import moves as mv
from engine.katan.ai import KatanPlayer
from engine.katan.audit import problems
from engine.katan.cities import crafted as ck_crafted
from engine.katan.cities import progress
from engine.katan.cities.ai_chores import ANSWERS
from engine.katan.cities.baseline import AppPlayer
from engine.katan.cities.components import (
    BISHOP,
    CRANE,
    DIPLOMAT,
    FACE_UP,
    MERCHANT,
    POLITICS,
    PROGRESS_TRACK,
    SMITH,
    TRADE,
)
from engine.katan.cities.rules import CITIES_RULES
from engine.katan.cities.state import CitiesPart, level_at
from engine.katan.game import KATAN
from engine.katan.state import CHORE, KatanState
from engine.katan.view import KatanView
from engine.protocol import TableConfig
from engine.selfplay import play
from tests.katan_twins import deal_hands

CITIES: Final = {"expansions": "cities_and_knights"}

Record = list[tuple[str, int, int | None, mv.Move]]
"""(level, seat, the chore kind answered or None, the move) for every decision."""


class Fresh:
    """A seat played the daemon's way: a new player with a new seed for every
    decision, so nothing carries over but the view. Records each decision."""

    def __init__(self, level: str, seed: int, record: Record) -> None:
        self.level = level
        self.seed = seed
        self.decisions = 0
        self.record = record

    def choose(self, view: KatanView, seat: int, legal: Sequence[mv.Move]) -> mv.Move:
        self.decisions += 1
        move = KATAN.player(self.level, self.seed * 100_003 + self.decisions).choose(
            view, seat, legal
        )
        st = view.state
        chore = st.chores[0][0] if st.phase == CHORE else None
        self.record.append((self.level, seat, chore, move))
        return move


def _game(seed: int, levels: tuple[str, ...], record: Record) -> KatanState:
    players = [Fresh(level, seed * 10 + s, record) for s, level in enumerate(levels)]
    config = TableConfig(game="katan", seed=seed, seats=len(levels), options=CITIES)
    result = play(KATAN, config, players, max_moves=8_000)
    assert result.outcome is not None
    (winner,) = result.outcome.winners
    assert result.outcome.scores[winner] >= result.state.target
    assert not problems(result.state)
    return result.state


@cache
def default_ai_games() -> Record:
    """Eight games of the default AI in every seat, 3 and 4 seats."""
    record: Record = []
    for seed in range(1, 9):
        _game(seed, ("katan",) * (3 + seed % 2), record)
    return record


# ---- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "levels"),
    [
        (21, ("katan", "app", "katan")),
        (22, ("app", "katan", "app", "katan")),
        (23, ("katan", "random", "random", "random")),
        (24, ("random", "app", "random")),
    ],
)
def test_whole_games_only_legal_moves(seed: int, levels: tuple[str, ...]) -> None:
    """`play` applies every move through the checked entry point, so an illegal
    move would raise; the game must end with a winner at the target."""
    record: Record = []
    _game(seed, levels, record)
    assert {level for level, *_ in record} == set(levels)


def test_the_default_ai_answers_every_chore_kind() -> None:
    answered = {chore for level, _, chore, _ in default_ai_games() if chore is not None}
    missing = {chores.CHORE_NAMES[k] for k in set(ANSWERS) - answered}
    assert not missing, f"never answered: {sorted(missing)}"


def test_the_default_ai_plays_every_progress_card() -> None:
    """RULINGS 9: Alchemist, Inventor, Diplomat, Deserter and Intrigue included."""
    played = {move[0] for *_, move in default_ai_games()}
    missing = sorted(progress.CARD_OF[k] for k in progress.KINDS - played)
    assert not missing, f"never played: {missing}"


def test_the_baseline_plays_like_the_apps_opponent() -> None:
    """No Alchemist, Inventor, Diplomat, Deserter or Intrigue, and no domestic offers."""
    record: Record = []
    for seed in (31, 32):
        _game(seed, ("app", "katan", "app", "app"), record)
    never = {
        mv.PLAY_ALCHEMIST,
        mv.PLAY_INVENTOR,
        mv.PLAY_DIPLOMAT,
        mv.PLAY_DESERTER,
        mv.PLAY_INTRIGUE,
        mv.OFFER,
    }
    app_moves = [move for level, _, _, move in record if level == "app"]
    assert app_moves
    assert not [m for m in app_moves if m[0] in never]
    assert any(m[0] == mv.IMPROVE for m in app_moves)
    assert any(m[0] in (mv.ACCEPT, mv.DECLINE) for m in app_moves), "it answers offers"


def test_in_a_base_game_the_baseline_is_the_base_ai() -> None:
    st = KATAN.initial_state(TableConfig(game="katan", seed=5))
    for _ in range(120):
        seat = KATAN.to_move(st)
        assert seat is not None
        view = KATAN.view_for(st, seat)
        legal = KATAN.view_legal_moves(view, seat)
        move = KatanPlayer(seat).choose(view, seat, legal)
        assert AppPlayer(seat).choose(view, seat, legal) == move
        st = KATAN.apply(st, seat, move).state


# ---- what the view hides ---------------------------------------------------------------------


def _shown(st: KatanState, seat: int) -> int:
    """The seat whose hidden cards `seat` is being shown (a Spy or Master Merchant), or -1."""
    shows = (chores.SPY, chores.MASTER_MERCHANT)
    if st.phase == CHORE and st.chores[0][1] == seat and st.chores[0][0] in shows:
        return st.chores[0][2]
    return -1


def hidden_twin(st: KatanState, seat: int, rng: random.Random) -> KatanState:
    """A state that differs from `st` only in what `seat` may not see: the other
    seats' cards dealt afresh (each keeps its count, the kinds' totals stay),
    their progress cards swapped with cards of the same deck, the decks
    shuffled, another seed."""
    twin = st.copy()
    ck: CitiesPart = twin.ck
    shown = _shown(st, seat)
    others = [t for t in range(st.seats) if t not in (seat, shown)]
    deal_hands(twin, others, rng)
    for t in others:
        held = list(ck.progress[t])
        for i, card in enumerate(held):
            deck = list(ck.decks[PROGRESS_TRACK[card]])
            swaps = [j for j, other in enumerate(deck) if other not in FACE_UP]
            if swaps:
                j = rng.choice(swaps)
                held[i], deck[j] = deck[j], card
                ck.decks[PROGRESS_TRACK[card]] = tuple(deck)
        ck.progress[t] = tuple(held)
    ck.decks = [tuple(rng.sample(d, len(d))) for d in ck.decks]
    twin.seed = st.seed + 1
    return twin


@pytest.mark.parametrize("level", ["katan", "app"])
def test_it_decides_from_its_view_alone(level: str) -> None:
    """At every decision of a whole game, a twin state differing only in hidden
    information gives the same legal moves and the same choice."""
    rng = random.Random(3)
    st = KATAN.initial_state(TableConfig(game="katan", seed=41, options=CITIES))
    players = [KATAN.player(level, s) for s in range(4)]
    changed = 0
    while not KATAN.is_finished(st):
        seat = KATAN.to_move(st)
        assert seat is not None
        view = KATAN.view_for(st, seat)
        legal = KATAN.view_legal_moves(view, seat)
        twin = hidden_twin(st, seat, rng)
        assert not problems(twin)
        changed += KATAN.encode_state(twin) != KATAN.encode_state(st)
        twin_view = KATAN.view_for(twin, seat)
        assert KATAN.view_legal_moves(twin_view, seat) == legal
        decision = KATAN.player(level, 7).choose(view, seat, legal)
        assert KATAN.player(level, 7).choose(twin_view, seat, legal) == decision
        st = KATAN.apply(st, seat, players[seat].choose(view, seat, legal)).state
    assert changed > 100, "the twins must really differ"


# ---- crafted positions ----------------------------------------------------------------------
# Seed 1's board: crossing 17 touches hills 3, fields 5 and mountains 6; 23 fields 5,
# mountains 6 and mountains 12; 1 only mountains 2; 47 only pasture 8. Hex 8 is
# mountains 6, its corners 17, 23, 29, 34, 28, 22.

RICH: Final = 17
RICHER: Final = 23
POOR: Final = 1
MOUNTAINS_6: Final = 8


def blank() -> KatanState:
    return crafted.blank(target=13, ruleset=CITIES_RULES)


def part(st: KatanState) -> CitiesPart:
    ck: CitiesPart = st.ck
    return ck


def decide(st: KatanState, seat: int, level: str = "katan") -> mv.Move:
    view = KATAN.view_for(st, seat)
    legal = KATAN.view_legal_moves(view, seat)
    move = KATAN.player(level, 1).choose(view, seat, legal)
    KATAN.check(st, seat, move)
    return move


def chore(st: KatanState, *entry: int) -> None:
    """Queue a chore for a seat to answer, as the rules would."""
    chores.queue(st, entry)


def test_it_wakes_a_knight_before_rolling_when_the_ship_is_one_step_away() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    crafted.city(st, 1, POOR)
    ck_crafted.knight(st, 0, 22)
    ck_crafted.barbarians(st, 1)
    ck_crafted.before_roll(st)
    crafted.give(st, 0, grain=1)
    assert decide(st, 0) == (mv.ACTIVATE_KNIGHT, 22)
    ck_crafted.barbarians(st, 6)
    assert decide(st, 0) == mv.M_ROLL, "far off, it rolls first"


def test_it_hires_a_knight_when_it_would_be_the_least_contributor() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    crafted.road(st, 0, *crafted.path(st, RICH, 22))
    crafted.city(st, 1, POOR)
    ck_crafted.knight(st, 1, 5, active=True)
    ck_crafted.barbarians(st, 2)
    crafted.give(st, 0, wool=1, ore=1, grain=1)
    assert decide(st, 0) == (mv.HIRE_KNIGHT, 22)
    after = KATAN.apply(st, 0, (mv.HIRE_KNIGHT, 22)).state
    assert decide(after, 0) == (mv.ACTIVATE_KNIGHT, 22)


def test_it_chases_the_robber_off_its_hex() -> None:
    st = blank()
    crafted.city(st, 0, RICHER)
    ck_crafted.awake(st, MOUNTAINS_6)
    ck_crafted.knight(st, 0, 29, active=True)
    ck_crafted.before_roll(st)
    assert decide(st, 0) == (mv.CHASE_ROBBER, 29)
    after = KATAN.apply(st, 0, (mv.CHASE_ROBBER, 29)).state
    robber = decide(after, 0)
    assert robber[0] == mv.MOVE_ROBBER and robber[1] != MOUNTAINS_6


def test_it_builds_a_wall_when_a_seven_would_cost_it_cards() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    crafted.give(st, 0, brick=4, wool=4)
    assert decide(st, 0) == (mv.BUILD_WALL, RICH)
    crafted.give(st, 0, brick=-3, wool=-3)
    assert decide(st, 0)[0] != mv.BUILD_WALL, "with a small hand it keeps its brick"


def test_it_sets_the_dice_with_an_alchemist_when_a_total_pays() -> None:
    st = blank()
    crafted.city(st, 0, RICH, RICHER)
    ck_crafted.progress(st, 0, 0)
    ck_crafted.before_roll(st)
    move = decide(st, 0)
    assert move[0] == mv.PLAY_ALCHEMIST and move[1] + move[2] == 6
    assert decide(st, 0, "app") == mv.M_ROLL, "the baseline never plays it"


def test_it_raises_a_city_on_its_richest_settlement() -> None:
    st = blank()
    crafted.settle(st, 0, POOR, RICH)
    crafted.give(st, 0, grain=2, ore=3)
    assert decide(st, 0) == (mv.BUILD_CITY, RICH)


def test_it_improves_towards_a_metropolis_it_can_win() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    ck_crafted.levels(st, 0, trade=3, politics=1)
    ck_crafted.levels(st, 1, politics=4)
    crafted.give(st, 0, cloth=4, coin=2)
    assert decide(st, 0) == (mv.IMPROVE, TRADE)


def test_a_discard_keeps_what_the_next_city_needs() -> None:
    st = blank()
    crafted.settle(st, 0, RICH)
    crafted.give(st, 0, grain=2, ore=3, lumber=3, wool=2)
    chore(st, chores.DISCARD, 0, 5)
    move = decide(st, 0)
    assert move[0] == mv.DISCARD and sum(move[1:]) == 5
    assert move[1 + 3] == 0 and move[1 + 4] == 0, "grain and ore kept"


def test_a_wedding_gift_is_what_it_values_least() -> None:
    st = blank()
    crafted.settle(st, 0, RICH)
    crafted.give(st, 0, grain=2, ore=3, brick=1)
    chore(st, chores.HAND_OVER, 0, 1, 1)
    assert decide(st, 0) == (mv.HAND_OVER, 0, 1, 0, 0, 0, 0, 0, 0)


def test_the_city_it_loses_is_its_poorest() -> None:
    st = blank()
    crafted.city(st, 0, RICH, POOR)
    chore(st, chores.LOSE_CITY, 0)
    assert decide(st, 0) == (mv.LOSE_CITY, POOR)


def test_a_metropolis_goes_on_its_best_city() -> None:
    st = blank()
    crafted.city(st, 0, POOR, RICH)
    chore(st, chores.METROPOLIS, 0, POLITICS)
    assert decide(st, 0) == (mv.PLACE_METROPOLIS, RICH)


def test_a_fifth_progress_card_given_back_is_the_least_useful() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    ck_crafted.progress(st, 0, MERCHANT, CRANE, DIPLOMAT, SMITH, BISHOP)
    chore(st, chores.GIVE_BACK, 0)
    assert decide(st, 0) in ((mv.GIVE_BACK_PROGRESS, SMITH), (mv.GIVE_BACK_PROGRESS, BISHOP))


def test_a_spy_takes_the_most_valuable_card() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    ck_crafted.progress(st, 1, DIPLOMAT, MERCHANT, BISHOP)
    chore(st, chores.SPY, 0, 1)
    assert decide(st, 0) == (mv.TAKE_PROGRESS, MERCHANT)


def test_a_master_merchant_takes_what_the_goals_lack() -> None:
    st = blank()
    crafted.settle(st, 0, RICH)
    crafted.give(st, 0, grain=2, ore=1)
    crafted.give(st, 1, ore=2, lumber=2, brick=1)
    chore(st, chores.MASTER_MERCHANT, 0, 1)
    assert decide(st, 0) == (mv.TAKE_CARDS, 4, 4)


def test_commercial_harbor_gives_the_least_needed_resource() -> None:
    st = blank()
    crafted.settle(st, 0, RICH)
    crafted.give(st, 0, grain=2, ore=2, lumber=1)
    crafted.give(st, 1, coin=1)
    chore(st, chores.HARBOR, 0, 1)
    assert decide(st, 0) == (mv.HARBOR_GIVE, 0)


def test_the_commodity_returned_is_the_least_valued() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    ck_crafted.levels(st, 0, trade=5, politics=1)
    crafted.give(st, 0, cloth=1, coin=1, ore=1)
    chore(st, chores.RETURN, 0, 1, 4)
    assert decide(st, 0) == (mv.RETURN_COMMODITY, 5)


def test_the_aqueduct_pays_the_card_a_city_lacks() -> None:
    st = blank()
    crafted.settle(st, 0, RICH)
    crafted.give(st, 0, grain=2, ore=2)
    chore(st, chores.PICK, 0, 1, 0)
    assert decide(st, 0) == (mv.PICK, 4)


def test_a_tied_defender_draws_from_a_deck() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    chore(st, chores.CHOOSE_DECK, 0)
    assert decide(st, 0)[0] == mv.CHOOSE_DECK


def test_a_deserted_knight_is_its_weakest() -> None:
    st = blank()
    crafted.city(st, 1, RICH)
    ck_crafted.knight(st, 1, 22, level=2, active=True)
    ck_crafted.knight(st, 1, 28, level=1)
    chore(st, chores.REMOVE_KNIGHT, 1, 0)
    assert decide(st, 1) == (mv.REMOVE_KNIGHT, 28)


def test_a_recruit_or_a_refuge_is_placed_not_skipped() -> None:
    st = blank()
    crafted.settle(st, 0, RICH)
    crafted.road(st, 0, *crafted.path(st, RICH, 22, 28))
    chore(st, chores.PLACE_KNIGHT, 0, 2, 1, -1)
    move = decide(st, 0)
    assert move[0] == mv.PLACE_KNIGHT and move[1] in (22, 28)


def test_a_smith_promotes_an_active_knight_first() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    ck_crafted.knight(st, 0, 22, level=1)
    ck_crafted.knight(st, 0, 28, level=1, active=True)
    chore(st, chores.SMITH, 0, 2)
    assert decide(st, 0) == (mv.PROMOTE_KNIGHT, 28)
    after = KATAN.apply(st, 0, (mv.PROMOTE_KNIGHT, 28)).state
    assert level_at(part(after), 0, 28) == 2
    assert decide(after, 0) == (mv.PROMOTE_KNIGHT, 22), "the second free promotion is used"


def test_the_baseline_never_plays_the_cards_the_app_leaves_alone() -> None:
    st = blank()
    crafted.city(st, 0, RICH)
    crafted.road(st, 0, *crafted.path(st, RICH, 22))
    crafted.city(st, 1, RICHER)
    crafted.road(st, 1, *crafted.path(st, RICHER, 29, 34))
    ck_crafted.knight(st, 1, 22, active=True)
    ck_crafted.progress(st, 0, 3, DIPLOMAT, 12, 14)
    legal = KATAN.legal_moves(st, 0)
    assert {m[0] for m in legal} >= {
        mv.PLAY_INVENTOR,
        mv.PLAY_DIPLOMAT,
        mv.PLAY_DESERTER,
        mv.PLAY_INTRIGUE,
    }
    assert decide(st, 0, "app") == mv.M_END
