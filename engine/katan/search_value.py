"""What a position is worth to a seat, where a search's rollout stops.

A rollout ends a few turns ahead, long before the game does, so the points on
the board are only part of the story: what each seat produces is most of its
future (a settlement on a rich crossing is worth nearly a point before it has
paid a card), and cards in hand, development cards, the road race and open
places to settle are worth a little each. The seat's own worth is compared
with its strongest rival's and the others' mean, since a game is lost to
whoever gets there first.
"""

from typing import Final

from engine.katan.components import DEV_KINDS, KNIGHT, LARGEST_ARMY_MIN, RESOURCES, VICTORY_POINT
from engine.katan.evaluate import production
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
"""Per development card held: a knight, a point or a card to play later (in
Cities & Knights, per progress card)."""
KNIGHTS: Final = 0.12
"""Per knight played, towards Largest Army."""
ROAD: Final = 0.08
"""Per road in the seat's longest road, towards Longest Road."""
ROOM: Final = 0.25
"""For an open crossing to settle, up to two: a seat with none must build roads first."""
RIVAL: Final = 0.6
"""How much the strongest rival counts against the seat (the rest the others' mean)."""


def worth(st: KatanState, seat: int) -> float:
    """One seat's position, in points and the points it is likely to make."""
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
    if st.ck is not None:
        held += len(st.ck.progress[seat])
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
