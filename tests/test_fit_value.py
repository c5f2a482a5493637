"""`bench.fit_value`: the fit finds the weights that made the winners, and the
positions it fits are what the search's fitted worths (Cities & Knights,
Seafarers) read."""

import numpy as np
import pytest

from bench.fit_value import OPTIONS, fit, positions
from engine.katan.components import GOLD
from engine.katan.game import KATAN
from engine.katan.search_value import FITTED, fitted, worth
from engine.protocol import TableConfig


def test_the_fit_recovers_the_weights_that_chose_the_winners() -> None:
    rng = np.random.default_rng(3)
    true = np.array([1.5, -0.8, 0.0, 0.4])
    x = rng.normal(size=(6000, 4, 4)) * np.array([1.0, 2.0, 0.5, 3.0])
    u = x @ true
    p = np.exp(u - u.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    won = np.array([rng.choice(4, p=row) for row in p])
    found = fit(x, won, steps=1500)
    assert np.allclose(found, true, atol=0.12), found


def test_every_fitted_rule_set_has_a_table_to_fit_at() -> None:
    assert set(OPTIONS) == set(FITTED)
    for rules in FITTED.values():
        assert len(rules.names) == len(rules.weights)


@pytest.mark.parametrize(
    ("expansions", "rules"),
    [
        ("", None),
        ("cities_and_knights", "cities"),
        ("seafarers", "seafarers"),
        ("cities_and_knights,seafarers", "cities"),
    ],
)
def test_each_rule_set_is_scored_by_its_own_weights(expansions: str, rules: str | None) -> None:
    options = {"expansions": expansions} if expansions else {}
    st = KATAN.initial_state(TableConfig(game="katan", seed=4, options=options))
    assert fitted(st) == (None if rules is None else FITTED[rules])


@pytest.mark.parametrize(("rules", "near"), [("cities", 7), ("seafarers", 5)])
def test_positions_are_every_seats_features_with_the_winner(rules: str, near: int) -> None:
    x, won = positions(rules, 2)
    names = FITTED[rules].names
    assert x.ndim == 3 and x.shape[1:] == (4, len(names))
    assert len(x) == len(won) > 20
    assert set(won.tolist()) <= {0, 1, 2, 3}
    # The last position kept is a turn before the win: the winner is close to it.
    last = x[-1]
    assert last[won[-1], names.index("points")] >= near


def test_the_worth_is_the_weighted_features_in_cities_and_knights() -> None:
    st = KATAN.initial_state(
        TableConfig(game="katan", seed=4, options={"expansions": "cities_and_knights"})
    )
    st = st.copy()
    st.points[1] = 3
    st.ck.levels[1 * 3 + 0] = 2
    cities = FITTED["cities"]
    features = cities.features(st, 1)
    assert features[cities.names.index("points")] == 3
    assert features[cities.names.index("improvement levels")] == 2
    assert features[cities.names.index("highest improvement level")] == 2
    expected = sum(w * f for w, f in zip(cities.weights, features, strict=True))
    assert worth(st, 1) == expected
    # A level more is worth more, as the fitted weights say.
    st.ck.levels[1 * 3 + 0] = 3
    assert worth(st, 1) > expected


def test_the_worth_is_the_weighted_features_in_seafarers() -> None:
    options = {"expansions": "seafarers", "map": "heading_for_new_shores"}
    st = KATAN.initial_state(TableConfig(game="katan", seed=4, options=options)).copy()
    board = st.board
    gold = next(h for h, t in enumerate(board.terrain) if t == GOLD and board.numbers[h])
    node = next(n for n, hexes in enumerate(board.topology.node_hexes) if gold in hexes)
    st.towns[2] |= 1 << node
    st.points[2] += 1
    sea = FITTED["seafarers"]
    features = sea.features(st, 2)
    gold_a_roll = sea.names.index("gold a roll")
    assert features[sea.names.index("points")] == st.points[2]
    assert features[gold_a_roll] > 0  # gold pays, though no resource
    expected = sum(w * f for w, f in zip(sea.weights, features, strict=True))
    assert worth(st, 2) == expected
    # The robber on the gold field takes its yield away.
    st.robber = gold
    assert sea.features(st, 2)[gold_a_roll] < features[gold_a_roll]
