"""Fit the weights of `hard`'s Cities & Knights worth to self-play.

`hard` scores a rollout's last position by what each seat's position is
worth (`engine.katan.search_value`). In the base game those weights were set
by hand and screened game by game; Cities & Knights adds improvements,
knights and walls that no hand-set weight had measured. Here the games
themselves say what each part of a position is worth: `normal` plays
itself, every seat's features (`cities_features`) are read at the end of
each turn past the eighth, and a conditional logit (the chance that a seat
wins is the softmax of the four seats' weighted features) is fitted to who
won. Divided by the points' own weight, the weights are in points, as
`CITIES_WEIGHTS` holds them.

    .venv/bin/python -m bench.fit_value [--games 1500]

prints the weights (about two minutes at 1,500 games). It needs numpy, which
the `dev` extra installs (`make test` and `make bench` both have it). The
games' seeds (500,000 on) are neither the bench's nor the tuning runs'.
"""

import argparse
import sys

import numpy as np
from numpy.typing import NDArray

from engine.katan.ai import KatanPlayer
from engine.katan.game import KATAN
from engine.katan.search_value import CITIES_FEATURES, CITIES_WEIGHTS, cities_features
from engine.protocol import TableConfig

FIRST_SEED = 500_000
SKIPPED_TURNS = 8
"""Turns whose positions are left out: after setup every seat looks alike."""
CITIES = {"expansions": "cities_and_knights"}


def positions(games: int, first: int = FIRST_SEED) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Every kept position of `games` self-play games as (positions, seats,
    features), and the seat that went on to win each."""
    rows: list[list[list[float]]] = []
    winners: list[int] = []
    for index in range(games):
        seed = first + index
        st = KATAN.initial_state(TableConfig(game="katan", seed=seed, options=CITIES))
        players = [KatanPlayer(7000 * index + s) for s in range(st.seats)]
        kept: list[list[list[float]]] = []
        turn = st.turn
        while not KATAN.is_finished(st):
            seat = KATAN.to_move(st)
            assert seat is not None
            legal = KATAN.legal_moves(st, seat)
            move = players[seat].choose(KATAN.view_for(st, seat), seat, legal)
            st = KATAN.apply(st, seat, move).state
            if st.turn != turn and not KATAN.is_finished(st):
                turn = st.turn
                if turn > SKIPPED_TURNS:
                    kept.append([cities_features(st, s) for s in range(st.seats)])
        if st.winner is None or st.winner < 0:
            continue
        rows += kept
        winners += [st.winner] * len(kept)
    return np.array(rows, dtype=np.float64), np.array(winners, dtype=np.int64)


def fit(
    x: NDArray[np.float64], won: NDArray[np.int64], steps: int = 3000, rate: float = 0.5
) -> NDArray[np.float64]:
    """The conditional logit's weights per feature, by gradient ascent on the
    mean log-likelihood over standardised features (a plain, deterministic
    fit: the same games give the same weights)."""
    count, seats, width = x.shape
    flat = x.reshape(-1, width)
    mean, spread = flat.mean(axis=0), flat.std(axis=0)
    spread[spread == 0] = 1.0
    z = (x - mean) / spread
    chosen = np.zeros((count, seats))
    chosen[np.arange(count), won] = 1.0
    w = np.zeros(width)
    for _ in range(steps):
        u = z @ w
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        w += rate * np.einsum("ps,psf->f", chosen - p, z) / count
    weights: NDArray[np.float64] = w / spread
    return weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fit_value", description=__doc__)
    parser.add_argument("--games", type=int, default=1500, help="self-play games to fit to")
    args = parser.parse_args(argv)
    x, won = positions(args.games)
    weights = fit(x, won)
    points = weights[CITIES_FEATURES.index("points")]
    print(f"{len(won):,} positions of {args.games:,} games; weights in points (now in use):")
    for name, weight, used in zip(CITIES_FEATURES, weights / points, CITIES_WEIGHTS, strict=True):
        print(f"  {name:<40} {weight:7.3f}   ({used:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
