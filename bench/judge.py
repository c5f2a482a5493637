"""Judge `hard`'s overrules of `normal` by playing each position to the end.

A win rate cannot tell a change to `hard` worth a few points from luck in
the few hundred games a session can play (the same 100 seeds gave the same
35 wins to two different scores). `hard` differs from `normal` only where it
overrules it, so those decisions are what to measure: each time it does,
the true position (hidden cards and all: the judge may look, the players
never do) is played to the end many times after either move, every seat
`normal`, the dice and decks reseeded per playout and shared by both moves.
The seat's wins after its own move less its wins after `normal`'s is what
the overrule gained. Averaged over the overrules of a few games, that
separates scores a win rate cannot: with both expansions, over twelve
tuning games, the hand-set score's overrules lost 0.6 points of win chance
each and Cities & Knights' fitted weights' gained 0.9 (docs/BENCHMARKS.md).

    .venv/bin/python -m bench.judge [--rules sea_cities] [--games 8] [--playouts 32]

prints the mean gain an overrule with its standard error, then by kind of
move (`normal`'s and `hard`'s). The games are the tuning seeds (300,000 on),
neither the bench's nor the fits'; `hard` plays one seat, rotating.
"""

import argparse
import random
import statistics
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Final, NamedTuple

from engine.katan import moves, rules
from engine.katan.ai import KatanPlayer
from engine.katan.bench import CITIES, SEA_CITIES, SEA_MAP, WORKERS
from engine.katan.game import KATAN
from engine.katan.moves import Move
from engine.katan.search import HardPlayer
from engine.katan.state import OVER, KatanState
from engine.katan.view import KatanView
from engine.protocol import TableConfig

FIRST_SEED = 300_000
MAX_MOVES = 30_000
"""A playout still running after this many moves counts as a loss."""

OPTIONS: Final = {
    "base": {},
    "cities": CITIES,
    "seafarers": {"expansions": "seafarers", "map": SEA_MAP},
    "sea_cities": {"expansions": SEA_CITIES, "map": SEA_MAP},
}
"""The table each rule set is judged at (the strength figures' own)."""

KIND_NAMES: Final = {
    value: name
    for name, value in vars(moves).items()
    if name.isupper() and not name.startswith("M_") and isinstance(value, int)
}


class Judged(NamedTuple):
    """One overrule: where, the two moves' kinds, and what `hard`'s gained."""

    game: int
    turn: int
    default: str
    chosen: str
    gain: float


def playout(st: KatanState, seat: int, move: Move, seed: int) -> bool:
    """Whether `seat` wins after `move`, every seat playing `normal` to the
    end on chance reseeded from `seed`."""
    st = st.copy()
    rng = random.Random(seed)
    st.seed = rng.getrandbits(62)
    rules.step(st, seat, move, None)
    policy = KatanPlayer(rng.getrandbits(62))
    for _ in range(MAX_MOVES):
        if st.phase == OVER:
            return st.winner == seat
        mover = rules.to_move(st)
        assert mover is not None
        legal = rules.legal_moves(st, mover)
        rules.step(st, mover, policy.choose(KatanView(mover, st, mover), mover, legal), None)
    return False


def gain(st: KatanState, seat: int, default: Move, chosen: Move, playouts: int, seed: int) -> float:
    """The share of playouts `chosen` wins less the share `default` wins,
    on the same reseeded chance."""
    won = sum(
        playout(st, seat, chosen, seed + k) - playout(st, seat, default, seed + k)
        for k in range(playouts)
    )
    return won / playouts


def judge_game(job: tuple[str, int, int]) -> list[Judged]:
    """Play one game of `hard` against three `normal` and judge every overrule."""
    name, index, playouts = job
    seat = index % 4
    config = TableConfig(game="katan", seed=FIRST_SEED + index, options=OPTIONS[name])
    st = KATAN.initial_state(config)
    hard = HardPlayer(1000 * index + seat)
    others = [KatanPlayer(1000 * index + s) for s in range(st.seats)]
    out: list[Judged] = []
    while not KATAN.is_finished(st):
        mover = KATAN.to_move(st)
        assert mover is not None
        view = KATAN.view_for(st, mover)
        legal = KATAN.view_legal_moves(view, mover)
        if mover != seat:
            move = others[mover].choose(view, mover, legal)
        else:
            # What `hard` measures its moves against: `normal` of its own seed.
            move = KatanPlayer(1000 * index + seat).choose(view, mover, legal)
            chosen = hard.choose(view, mover, legal)
            if chosen != move:
                won = gain(st, seat, move, chosen, playouts, 7919 * len(out) + index)
                out.append(Judged(index, st.turn, KIND_NAMES[move[0]], KIND_NAMES[chosen[0]], won))
            move = chosen
        st = KATAN.apply(st, mover, move).state
    return out


def judge(name: str, games: int, playouts: int, first: int = 0) -> list[Judged]:
    """Every overrule of games `first`.. `first + games - 1`, judged, the games
    spread over `WORKERS` processes."""
    jobs = [(name, index, playouts) for index in range(first, first + games)]
    with ProcessPoolExecutor(WORKERS) as pool:
        return [j for game in pool.map(judge_game, jobs) for j in game]


def report(judged: list[Judged]) -> list[str]:
    """The mean gain with its standard error, then by kinds of move, most common first."""
    gains = [j.gain for j in judged]
    if not gains:
        return ["no overrules"]
    spread = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    lines = [f"{len(gains)} overrules, mean gain {statistics.mean(gains):+.4f} (se {spread:.4f})"]
    by: dict[tuple[str, str], list[float]] = defaultdict(list)
    for j in judged:
        by[j.default, j.chosen].append(j.gain)
    for (default, chosen), kind in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"  {len(kind):4}  {statistics.mean(kind):+.3f}  {default} -> {chosen}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", choices=sorted(OPTIONS), default="sea_cities")
    parser.add_argument("--games", type=int, default=8, help="games of hard against normal")
    parser.add_argument("--first-game", type=int, default=0, help="the first tuning seed's index")
    parser.add_argument("--playouts", type=int, default=32, help="playouts a move an overrule")
    args = parser.parse_args()
    for line in report(judge(args.rules, args.games, args.playouts, args.first_game)):
        print(line)


if __name__ == "__main__":
    main()
