"""No peeking, for every base-game level (issue 18): at every decision of whole
games, a twin state that differs only in what the deciding seat may not see
(the others' cards, the development deck, the seed) gives the same view, the
same legal moves and, from the same seed, the same choice. The expansions'
twins live in tests/test_cities_ai.py and tests/test_sea_ai.py."""

import random

import pytest

from engine.katan.audit import problems
from engine.katan.game import KATAN
from engine.protocol import TableConfig
from tests.katan_twins import deal_hidden_cards


@pytest.mark.parametrize("level", KATAN.levels)
@pytest.mark.parametrize(("seed", "seats"), [(5, 4), (6, 3), (7, 6)])
def test_every_level_decides_from_its_view_alone(level: str, seed: int, seats: int) -> None:
    rng = random.Random(seed)
    config = TableConfig(game="katan", seed=seed, seats=seats)
    st = KATAN.initial_state(config)
    players = [KATAN.player("katan", s) for s in range(seats)]
    changed = decisions = 0
    while not KATAN.is_finished(st):
        if KATAN.can_advance(st):
            st = KATAN.advance(st).state
            continue
        seat = KATAN.to_move(st)
        assert seat is not None
        view = KATAN.view_for(st, seat)
        legal = KATAN.view_legal_moves(view, seat)
        twin = st.copy()
        deal_hidden_cards(twin, seat, rng)
        assert not problems(twin)
        changed += twin.hands != st.hands or twin.devs != st.devs
        twin_view = KATAN.view_for(twin, seat)
        assert KATAN.encode_view(twin_view) == KATAN.encode_view(view)
        assert KATAN.view_legal_moves(twin_view, seat) == legal
        decision = KATAN.player(level, 7).choose(view, seat, legal)
        assert KATAN.player(level, 7).choose(twin_view, seat, legal) == decision
        decisions += 1
        st = KATAN.apply(st, seat, players[seat].choose(view, seat, legal)).state
    assert changed > decisions // 3, "the twins must really differ"
