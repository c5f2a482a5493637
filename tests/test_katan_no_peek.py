"""No peeking, for every base-game level (issue 18): at every decision of whole
games, a twin state that differs only in what the deciding seat may not see
(the others' cards, the development deck, the seed) gives the same view, the
same legal moves and, from the same seed, the same choice. `hard` searches,
so it is checked at a handful of decisions worth searching rather than at
every decision of whole games. The expansions' twins live in
tests/test_cities_ai.py and tests/test_sea_ai.py; `hard` is checked here in
both expansions too, with those twins (the progress cards and decks, the fog
pile, the chests and the canal's numbers dealt afresh)."""

import random
from collections.abc import Callable
from functools import partial

import pytest

from engine.katan.audit import problems
from engine.katan.game import KATAN
from engine.katan.moves import Move
from engine.katan.search_candidates import candidates, expansion_candidates
from engine.katan.state import KatanState
from engine.katan.view import KatanView
from engine.protocol import TableConfig
from tests.katan_twins import deal_hidden_cards
from tests.test_cities_ai import hidden_twin as cities_twin
from tests.test_sea_ai import hidden_twin as sea_twin

CHEAP_LEVELS = [level for level in KATAN.levels if level != "hard"]


def _twin(st: KatanState, seat: int, rng: random.Random) -> tuple[KatanView, KatanView, bool]:
    """The seat's view, its twin's, and whether the twin's hidden cards differ."""
    view = KATAN.view_for(st, seat)
    twin = st.copy()
    deal_hidden_cards(twin, seat, rng)
    assert not problems(twin)
    twin_view = KATAN.view_for(twin, seat)
    assert KATAN.encode_view(twin_view) == KATAN.encode_view(view)
    return view, twin_view, twin.hands != st.hands or twin.devs != st.devs


@pytest.mark.parametrize("level", CHEAP_LEVELS)
@pytest.mark.parametrize(("seed", "seats"), [(5, 4), (6, 3), (7, 6)])
def test_every_level_decides_from_its_view_alone(level: str, seed: int, seats: int) -> None:
    rng = random.Random(seed)
    config = TableConfig(game="katan", seed=seed, seats=seats)
    st = KATAN.initial_state(config)
    players = [KATAN.player("normal", s) for s in range(seats)]
    changed = decisions = 0
    while not KATAN.is_finished(st):
        seat = KATAN.to_move(st)
        assert seat is not None
        view, twin_view, differs = _twin(st, seat, rng)
        legal = KATAN.view_legal_moves(view, seat)
        assert KATAN.view_legal_moves(twin_view, seat) == legal
        decision = KATAN.player(level, 7).choose(view, seat, legal)
        assert KATAN.player(level, 7).choose(twin_view, seat, legal) == decision
        decisions += 1
        changed += differs
        st = KATAN.apply(st, seat, players[seat].choose(view, seat, legal)).state
    assert changed > decisions // 3, "the twins must really differ"


def _searched_positions(seed: int, wanted: int) -> list[tuple[KatanState, int, list[Move]]]:
    """Decisions of a game among `normal` players where `hard` weighs several
    moves and a twin can deal the other seats' hands differently, spread
    over the game."""
    st = KATAN.initial_state(TableConfig(game="katan", seed=seed, seats=4))
    out: list[tuple[KatanState, int, list[Move]]] = []
    player = KATAN.player("normal", seed)
    while not KATAN.is_finished(st) and len(out) < wanted:
        seat = KATAN.to_move(st)
        assert seat is not None
        view = KATAN.view_for(st, seat)
        legal = KATAN.view_legal_moves(view, seat)
        move = player.choose(view, seat, legal)
        if (
            st.turn > 8 * len(out) + 4
            and _swappable(st, seat)
            and len(candidates(st, seat, legal, move)) > 2
        ):
            out.append((st, seat, legal))
        st = KATAN.apply(st, seat, move).state
    return out


def _swappable(st: KatanState, seat: int) -> bool:
    """Whether two other seats hold cards of different kinds that the table
    cannot name (it knows the rest: `KatanState.known`), so a twin can swap them."""
    unknown = [
        {k for k in range(5) if st.hands[t * 5 + k] > st.known[t * 5 + k]}
        for t in range(st.seats)
        if t != seat
    ]
    return any(a and b and len(a | b) > 1 for i, a in enumerate(unknown) for b in unknown[i + 1 :])


def test_hard_searches_the_view_alone() -> None:
    rng = random.Random(3)
    positions = _searched_positions(11, 3)
    assert len(positions) == 3
    for st, seat, legal in positions:
        view, twin_view, differs = _twin(st, seat, rng)
        while not differs:
            view, twin_view, differs = _twin(st, seat, rng)
        decision = KATAN.player("hard", 7).choose(view, seat, legal)
        assert KATAN.player("hard", 7).choose(twin_view, seat, legal) == decision


Twin = Callable[[KatanState, int, random.Random], KatanState]


@pytest.mark.parametrize(
    ("options", "make_twin"),
    [
        ({"expansions": "cities_and_knights"}, cities_twin),
        ({"expansions": "seafarers", "map": "fog_islands"}, sea_twin),
        ({"expansions": "seafarers", "map": "treasure_islands"}, sea_twin),
    ],
    ids=["cities", "fog", "chests"],
)
def test_hard_searches_the_view_alone_in_the_expansions(
    options: dict[str, str], make_twin: Twin
) -> None:
    """Two decisions worth searching, spread over a game among `normal`
    players, where the other seats hold cards."""
    rng = random.Random(5)
    st = KATAN.initial_state(TableConfig(game="katan", seed=12, seats=4, options=options))
    player = KATAN.player("normal", 12)
    searched = 0
    while not KATAN.is_finished(st) and searched < 2:
        seat = KATAN.to_move(st)
        assert seat is not None
        view = KATAN.view_for(st, seat)
        legal = KATAN.view_legal_moves(view, seat)
        move = player.choose(view, seat, legal)
        held = sum(st.hands) - sum(st.hands[seat * st.width : (seat + 1) * st.width])
        weighed = expansion_candidates(st, seat, legal, move, partial(player.choose, view, seat))
        if st.turn > 10 * searched + 4 and held and len(weighed) > 2:
            twin = make_twin(st, seat, rng)
            twin_view = KATAN.view_for(twin, seat)
            assert KATAN.encode_view(twin_view) == KATAN.encode_view(view)
            assert KATAN.encode_state(twin) != KATAN.encode_state(st)
            decision = KATAN.player("hard", 7).choose(view, seat, legal)
            assert decision in legal
            assert KATAN.player("hard", 7).choose(twin_view, seat, legal) == decision
            searched += 1
        st = KATAN.apply(st, seat, move).state
    assert searched == 2
