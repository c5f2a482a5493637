"""What a position is worth to a seat, where a search's rollout stops.

A rollout ends a few turns ahead, long before the game does, so the points on
the board are only part of the story: what each seat produces is most of its
future (a settlement on a rich crossing is worth nearly a point before it has
paid a card), and cards in hand, development cards, the road race and open
places to settle are worth a little each. The seat's own worth is compared
with its strongest rival's and the others' mean, since a game is lost to
whoever gets there first.
"""

from collections.abc import Callable
from typing import Final, NamedTuple

from engine.katan.cities.ai_measures import output, potential
from engine.katan.cities.components import TRACKS
from engine.katan.cities.state import strength
from engine.katan.components import (
    DEV_KINDS,
    GOLD,
    KNIGHT,
    LARGEST_ARMY_MIN,
    PIPS,
    RESOURCES,
    VICTORY_POINT,
)
from engine.katan.evaluate import production
from engine.katan.geometry import bits
from engine.katan.state import OVER, KatanState

WIN: Final = 100.0
PRODUCTION: Final = 2.4
"""Points per card a roll brings: a 12-pip settlement (a third of a card a
roll) weighs about 0.8 of a point on top of its point."""
VARIETY: Final = 0.15
"""Per resource produced at all: a seat missing one trades at a loss."""
HAND: Final = 0.06
"""Per card in hand up to seven, commodities too (they become builds); past
seven a seven costs half."""
DEV: Final = 0.3
"""Per development card held: a knight, a point or a card to play later."""
KNIGHTS: Final = 0.12
"""Per knight played, towards Largest Army."""
ROAD: Final = 0.08
"""Per road in the seat's longest road, towards Longest Road."""
ROOM: Final = 0.25
"""For an open crossing to settle, up to two: a seat with none must build roads first."""
RIVAL: Final = 0.6
"""How much the strongest rival counts against the seat (the rest the others' mean)."""


CITIES_FEATURES: Final = (
    "points",
    "resources a roll",
    "commodities a roll",
    "resources produced at all",
    "cards in hand up to seven",
    "cards past seven",
    "progress cards",
    "improvement levels",
    "highest improvement level",
    "active knights' strength",
    "knights' strength awake or not",
    "longest road, up to eight",
    "open crossings to settle, up to two",
    "cities",
    "city walls",
    "holding Longest Road",
)
"""What a Cities & Knights position is made of (`cities_features`), by name."""
CITIES_WEIGHTS: Final = (
    1.0,
    3.39,
    3.14,
    0.04,
    0.25,
    0.17,
    0.31,
    0.73,
    0.35,
    0.38,
    0.26,
    0.59,
    0.41,
    0.74,
    0.33,
    -0.63,
)
"""Cities & Knights' worth per feature, in points: fitted by `bench.fit_value`
to 1,500 games of `normal` self-play (which seat wins, from every seat's
features at the end of each turn past the eighth, as a conditional logit),
each weight divided by the points' own. The base game's hand-set weights
know nothing of improvements, knights or walls, and weigh a card in hand a
quarter of what the games say; with these `hard` won 60 of 139 tuning games
against 53 on the same seeds, and 40.4 % of 500 bench games against 32.0 %
of 500 (docs/BENCHMARKS.md); with Seafarers too, 73 of 200 against 60 by
the hand-set score (34.3 % of 300). Longest Road's own weight
is below zero because its two points are counted already and a longer road
may take them away."""


def cities_features(st: KatanState, seat: int) -> list[float]:
    """The seat's position in Cities & Knights as `CITIES_FEATURES` names it:
    the fitted worth and its fitting (`bench.fit_value`) read the same numbers."""
    ck = st.ck
    w = st.width
    made = output(st, seat)
    cards = sum(st.hands[seat * w : (seat + 1) * w])
    levels = ck.levels[seat * TRACKS : (seat + 1) * TRACKS]
    land = st.board.topology.land_nodes
    room = (st.reach[seat] & ~st.blocked & ~st.closed & land).bit_count()
    return [
        float(st.points[seat]),
        sum(made[:RESOURCES]),
        sum(made[RESOURCES:]),
        float(sum(1 for r in range(RESOURCES) if made[r] > 0)),
        float(min(cards, 7)),
        float(max(0, cards - 7)),
        float(len(ck.progress[seat])),
        float(sum(levels)),
        float(max(levels)),
        float(strength(ck, seat)),
        float(potential(ck, seat)),
        float(min(st.road_len[seat], 8)),
        float(min(room, 2)),
        float(st.cities[seat].bit_count()),
        float(ck.walls[seat].bit_count()),
        float(st.longest == seat),
    ]


SEA_FEATURES: Final = (
    "points",
    "resources a roll",
    "gold a roll",
    "resources produced at all",
    "cards in hand up to seven",
    "cards past seven",
    "development cards",
    "knights played, up to three",
    "holding Largest Army",
    "longest route, up to eight",
    "holding Longest Route",
    "open crossings to settle, up to two",
    "ships",
    "cities",
)
"""What a Seafarers position is made of (`sea_features`), by name."""
SEA_WEIGHTS: Final = (
    1.0,
    1.73,
    1.33,
    0.25,
    0.15,
    0.14,
    0.57,
    0.31,
    -0.87,
    0.22,
    -1.57,
    0.26,
    0.13,
    0.06,
)
"""Seafarers' worth per feature, in points, fitted by `bench.fit_value
--rules seafarers` as Cities & Knights' is (1,500 games on the bench's map).
The hand-set weights paid nothing for gold and valued a card a roll at 2.4
points; with these `hard` won 18 of 36 tuning games against 13 on the same
seeds (docs/BENCHMARKS.md). Holding an award weighs less than nothing: its
two points are in "points" already, and another seat may take them."""


def sea_features(st: KatanState, seat: int) -> list[float]:
    """The seat's position in Seafarers as `SEA_FEATURES` names it (the
    fitted worth and its fitting read the same numbers). Gold is apart from
    the resources a roll: it pays any one card, and `production` counts
    only what a field names."""
    sea = st.sea
    w = st.width
    made = production(st, seat)
    gold = _gold_pips(st, st.towns[seat]) + 2 * _gold_pips(st, st.cities[seat])
    cards = sum(st.hands[seat * w : (seat + 1) * w])
    devs = st.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS]
    land = st.board.topology.land_nodes
    room = (st.reach[seat] & ~st.blocked & ~st.closed & land).bit_count()
    return [
        float(st.points[seat] + devs[VICTORY_POINT]),
        sum(made),
        gold / 36,
        float(sum(1 for r in range(RESOURCES) if made[r] > 0)),
        float(min(cards, 7)),
        float(max(0, cards - 7)),
        float(sum(devs) - devs[VICTORY_POINT]),
        float(min(st.played[seat * DEV_KINDS + KNIGHT], LARGEST_ARMY_MIN)),
        float(st.army == seat),
        float(min(st.road_len[seat], 8)),
        float(st.longest == seat),
        float(min(room, 2)),
        float(sea.ships[seat].bit_count()),
        float(st.cities[seat].bit_count()),
    ]


def _gold_pips(st: KatanState, nodes: int) -> int:
    """Pips of the gold fields beside the crossings of `nodes`, once per
    building (`paying_hexes` counts resources only; gold pays any one)."""
    board = st.board
    node_hexes, terrain, numbers = board.topology.node_hexes, board.terrain, board.numbers
    return sum(
        PIPS[numbers[h]]
        for n in bits(nodes)
        for h in node_hexes[n]
        if terrain[h] == GOLD and h != st.robber
    )


class Fitted(NamedTuple):
    """A rule set's fitted worth: what a position is made of (by name, and
    how it is read) and each part's weight in points. `worth` and the
    fitting (`bench.fit_value`) both read this one pairing."""

    names: tuple[str, ...]
    features: Callable[[KatanState, int], list[float]]
    weights: tuple[float, ...]


FITTED: Final = {
    "cities": Fitted(CITIES_FEATURES, cities_features, CITIES_WEIGHTS),
    "seafarers": Fitted(SEA_FEATURES, sea_features, SEA_WEIGHTS),
}
"""Every rule set with fitted weights, by the name `bench.fit_value --rules` takes."""


def fitted(st: KatanState) -> Fitted | None:
    """The fitted worth of the state's rule set: Cities & Knights' wherever
    it is played (with Seafarers too), Seafarers' where that is played
    alone; None (the hand-set one) in the base game, whose weights were
    screened game by game. With both expansions the hand-set score knows
    nothing of improvements, knights or walls: judged by playouts to the
    end, `hard`'s overrules of `normal` there gained less than with Cities &
    Knights' weights (`bench.judge`; docs/BENCHMARKS.md)."""
    if st.ck is not None:
        return FITTED["cities"]
    return None if st.sea is None else FITTED["seafarers"]


def worth(st: KatanState, seat: int) -> float:
    """One seat's position, in points and the points it is likely to make
    (by an expansion's fitted weights, else by the hand-set ones)."""
    rules = fitted(st)
    if rules is not None:
        return sum(w * f for w, f in zip(rules.weights, rules.features(st, seat), strict=True))
    points = st.points[seat] + st.devs[seat * DEV_KINDS + VICTORY_POINT]
    made = production(st, seat)
    value = float(points) + PRODUCTION * sum(made)
    value += VARIETY * sum(1 for r in range(RESOURCES) if made[r] > 0)
    w = st.width
    cards = sum(st.hands[seat * w : (seat + 1) * w])
    value += HAND * (cards if cards <= 7 else 7 - (cards - 7) * 0.5)
    held = (
        sum(st.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS])
        - st.devs[seat * DEV_KINDS + VICTORY_POINT]
    )
    value += DEV * held
    knights = st.played[seat * DEV_KINDS + KNIGHT]
    if st.army != seat:
        value += KNIGHTS * min(knights, LARGEST_ARMY_MIN)
    if st.longest != seat:
        value += ROAD * min(st.road_len[seat], 8)
    room = (st.reach[seat] & ~st.blocked & st.board.topology.land_nodes).bit_count()
    value += ROOM * min(room, 2)
    return value


def value(st: KatanState, seat: int) -> float:
    """The seat's worth against its rivals': what a search maximises."""
    if st.phase == OVER:
        return WIN if st.winner == seat else -WIN
    mine = worth(st, seat)
    rivals = [worth(st, t) for t in range(st.seats) if t != seat]
    against = RIVAL * max(rivals) + (1 - RIVAL) * sum(rivals) / len(rivals)
    return mine - against
