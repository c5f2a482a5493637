"""Fit the weights of `hard`'s worth for an expansion to self-play.

`hard` scores a rollout's last position by what each seat's position is
worth (`engine.katan.search_value`). In the base game those weights were set
by hand and screened game by game; the expansions add what no hand-set
weight had measured (improvements, knights and walls; gold, ships and the
route race over the sea). Here the games themselves say what each part of a
position is worth: `normal` plays itself, every seat's features are read at
the end of each turn past the eighth, and a conditional logit (the chance
that a seat wins is the softmax of the four seats' weighted features) is
fitted to who won. Divided by the points' own weight, the weights are in
points, as `search_value.FITTED` holds them.

    .venv/bin/python -m bench.fit_value [--rules cities|seafarers] [--games 1500]

prints the weights (two to three minutes at 1,500 games; Seafarers on the
bench's map). It needs numpy, which the `dev` extra installs (`make test`
and `make bench` both have it). The games' seeds (500,000 on) are neither
the bench's nor the tuning runs'.
"""

import argparse
import sys
from typing import Final

import numpy as np
from numpy.typing import NDArray

from engine.katan.ai import KatanPlayer
from engine.katan.bench import SEA_MAP
from engine.katan.game import KATAN
from engine.katan.search_value import FITTED
from engine.protocol import TableConfig

FIRST_SEED = 500_000
SKIPPED_TURNS = 8
"""Turns whose positions are left out: after setup every seat looks alike."""


OPTIONS: Final = {
    "cities": {"expansions": "cities_and_knights"},
    "seafarers": {"expansions": "seafarers", "map": SEA_MAP},
}
"""The table each fitted rule set's games are played at (`search_value.FITTED`
names the rule sets)."""


def positions(
    name: str, games: int, first: int = FIRST_SEED
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Every kept position of `games` self-play games as (positions, seats,
    features), and the seat that went on to win each."""
    features = FITTED[name].features
    rows: list[list[list[float]]] = []
    winners: list[int] = []
    for index in range(games):
        seed = first + index
        st = KATAN.initial_state(TableConfig(game="katan", seed=seed, options=OPTIONS[name]))
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
                    kept.append([features(st, s) for s in range(st.seats)])
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
    parser.add_argument("--rules", choices=sorted(FITTED), default="cities", help="the rule set")
    args = parser.parse_args(argv)
    rules = FITTED[args.rules]
    x, won = positions(args.rules, args.games)
    weights = fit(x, won)
    points = weights[rules.names.index("points")]
    print(f"{len(won):,} positions of {args.games:,} games; weights in points (now in use):")
    for name, weight, used in zip(rules.names, weights / points, rules.weights, strict=True):
        print(f"  {name:<40} {weight:7.3f}   ({used:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
