"""The cards the table knows each seat holds (`engine.katan.known`, issue 18:
a search deals hidden hands consistently with what the seat has seen).

What it must never do is tell anyone something hidden, so the main test runs
games in lockstep with twins that differ only in the cards the mover cannot
see: after the same move, the twins must know the same cards (else the
count reveals what was hidden). The audit that self-play runs after every
move checks that no seat is known to hold a card it does not hold."""

import json
import random

import pytest

from engine.katan import rules
from engine.katan.audit import problems
from engine.katan.determinize import determinize
from engine.katan.game import KATAN
from engine.katan.moves import (
    MOVE_ROBBER,
    PLAY_MONOPOLY,
    PLAY_RESOURCE_MONOPOLY,
    PLAY_TRADE_MONOPOLY,
)
from engine.katan.state import SETUP_ROAD, SETUP_SETTLEMENT, KatanState
from engine.protocol import TableConfig
from tests.katan_twins import deal_hands
from tests.test_cities_ai import hidden_twin as cities_twin

REVEALING = frozenset({PLAY_MONOPOLY, PLAY_RESOURCE_MONOPOLY, PLAY_TRADE_MONOPOLY})
"""Moves that show the table how many cards of a kind each seat had: twins
that hold different counts rightly end up knowing different things."""


def _game(seed: int, options: dict[str, str]) -> list[tuple[KatanState, int, tuple[int, ...]]]:
    """Every decision of a seeded game among `normal` players, with its move."""
    st = KATAN.initial_state(TableConfig(game="katan", seed=seed, options=options))
    player = KATAN.player("normal", seed)
    out = []
    while not KATAN.is_finished(st):
        seat = KATAN.to_move(st)
        assert seat is not None
        view = KATAN.view_for(st, seat)
        move = player.choose(view, seat, KATAN.view_legal_moves(view, seat))
        out.append((st, seat, move))
        st = KATAN.apply(st, seat, move).state
    return out


def _twin(st: KatanState, seat: int, rng: random.Random) -> KatanState:
    """`st` with the cards `seat` cannot see dealt afresh, the same seed."""
    if st.ck is not None:
        twin = cities_twin(st, seat, rng)
        twin.seed = st.seed
        return twin
    twin = st.copy()
    deal_hands(twin, [t for t in range(st.seats) if t != seat], rng)
    return twin


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"expansions": "cities_and_knights"},
        {"expansions": "seafarers", "map": "heading_for_new_shores"},
    ],
    ids=["base", "cities", "seafarers"],
)
def test_what_the_table_knows_does_not_depend_on_what_it_cannot_see(
    options: dict[str, str],
) -> None:
    rng = random.Random(4)
    compared = steals = 0
    for st, seat, move in _game(31, options):
        if st.offer is not None or st.counters or move[0] in REVEALING:
            continue
        twin = _twin(st, seat, rng)
        if twin.hands == st.hands:
            continue
        assert KATAN.encode_view(KATAN.view_for(twin, seat)) == KATAN.encode_view(
            KATAN.view_for(st, seat)
        )
        after = st.copy()
        rules.step(after, seat, move, None)
        rules.step(twin, seat, move, None)
        assert twin.known == after.known, (move, st.phase)
        compared += 1
        steals += move[0] == MOVE_ROBBER and move[2] >= 0
    assert compared > 50 and steals, (compared, steals)


def test_every_hand_is_known_until_a_card_changes_hands_unseen() -> None:
    """The setup's cards, production, builds and trades are all in plain
    sight: until the first steal, the table knows every hand exactly."""
    exact = 0
    for st, _, move in _game(5, {}):
        if st.phase not in (SETUP_SETTLEMENT, SETUP_ROAD) and st.known == st.hands:
            exact += 1
        if move[0] == MOVE_ROBBER and move[2] >= 0 and any(st.hands[move[2] * 5 : move[2] * 5 + 5]):
            break
        assert st.known == st.hands
    assert exact > 20


def test_a_steal_costs_the_victim_one_of_each_known_kind_and_names_nothing() -> None:
    for st, seat, move in _game(5, {}):
        if move[0] != MOVE_ROBBER or move[2] < 0:
            continue
        victim = move[2]
        if not any(st.hands[victim * 5 : victim * 5 + 5]):
            continue
        after = st.copy()
        rules.step(after, seat, move, None)
        v = slice(victim * 5, victim * 5 + 5)
        assert after.known[v] == [max(0, n - 1) for n in st.known[v]]
        thief = slice(seat * 5, seat * 5 + 5)
        assert after.known[thief] == st.known[thief]
        assert after.hands[thief] != st.hands[thief]
        assert not problems(after)
        return
    raise AssertionError("no steal in the game")


@pytest.mark.parametrize(
    "options", [{}, {"expansions": "cities_and_knights"}], ids=["base", "cities"]
)
def test_a_deal_gives_every_hidden_hand_at_least_its_known_cards(options: dict[str, str]) -> None:
    rng = random.Random(2)
    checked = 0
    for st, seat, _ in _game(8, options)[200::40]:
        view = KATAN.view_for(st, seat).state
        w = st.width
        for _ in range(5):
            world = determinize(view, seat, rng)
            for t in range(st.seats):
                mine = slice(t * w, (t + 1) * w)
                assert all(h >= k for h, k in zip(world.hands[mine], st.known[mine], strict=True))
            checked += any(any(st.known[t * w : (t + 1) * w]) for t in range(st.seats) if t != seat)
    assert checked


def test_the_stored_state_keeps_the_known_cards_and_old_ones_know_none() -> None:
    st = _game(5, {})[300][0]
    assert any(st.known)
    text = KATAN.encode_state(st)
    assert KATAN.decode_state(text).known == st.known
    data = json.loads(text)
    for p in data["players"]:
        del p["known_cards"]
    assert KATAN.decode_state(json.dumps(data)).known == [0] * len(st.known)
