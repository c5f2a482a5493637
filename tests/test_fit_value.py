"""`bench.fit_value`: the fit finds the weights that made the winners, and the
positions it fits are what the search's Cities & Knights worth reads."""

import numpy as np

from bench.fit_value import fit, positions
from engine.katan.search_value import CITIES_FEATURES, CITIES_WEIGHTS, cities_features, worth


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


def test_positions_are_every_seats_features_with_the_winner() -> None:
    x, won = positions(2)
    assert x.ndim == 3 and x.shape[1:] == (4, len(CITIES_FEATURES))
    assert len(x) == len(won) > 20
    assert set(won.tolist()) <= {0, 1, 2, 3}
    # The last position kept is a turn before the win: the winner is near 13.
    last = x[-1]
    assert last[won[-1], CITIES_FEATURES.index("points")] >= 7


def test_the_worth_is_the_weighted_features_in_cities_and_knights() -> None:
    from engine.katan.game import KATAN
    from engine.protocol import TableConfig

    st = KATAN.initial_state(
        TableConfig(game="katan", seed=4, options={"expansions": "cities_and_knights"})
    )
    st = st.copy()
    st.points[1] = 3
    st.ck.levels[1 * 3 + 0] = 2
    features = cities_features(st, 1)
    assert features[CITIES_FEATURES.index("points")] == 3
    assert features[CITIES_FEATURES.index("improvement levels")] == 2
    assert features[CITIES_FEATURES.index("highest improvement level")] == 2
    expected = sum(w * f for w, f in zip(CITIES_WEIGHTS, features, strict=True))
    assert worth(st, 1) == expected
    # A level more is worth more, as the fitted weights say.
    st.ck.levels[1 * 3 + 0] = 3
    assert worth(st, 1) > expected
