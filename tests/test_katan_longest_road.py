"""Longest Road as the longest trail (RULINGS 3) and its award (RULINGS 1, 4),
including the known trouble spots."""

import pytest

from engine.katan import moves as mv
from engine.katan.audit import problems
from engine.katan.crafted import blank, give, path, road, settle
from engine.katan.game import KATAN
from engine.katan.longest_road import award_holder, longest_trail
from engine.katan.state import KatanState

ST = blank()
TOP = ST.board.topology
CENTRE = TOP.index_of_hex[(0, 0)]
EAST = TOP.index_of_hex[(1, 0)]


def mask(*edges: int) -> int:
    return sum(1 << e for e in set(edges))


def ring(hex_id: int) -> list[int]:
    return list(TOP.hex_edges[hex_id])


def test_a_ring_of_six_around_one_hex_counts_six() -> None:
    assert longest_trail(TOP, mask(*ring(CENTRE)), 0) == 6


def test_two_loops_sharing_a_crossing_count_every_road() -> None:
    """On this lattice two loops that meet at a crossing share the side there
    (a crossing has three edges): the figure of eleven roads is one trail."""
    both = mask(*ring(CENTRE), *ring(EAST))
    assert both.bit_count() == 11
    assert longest_trail(TOP, both, 0) == 11


def test_a_loop_with_a_tail_counts_loop_and_tail() -> None:
    corners = TOP.hex_corners[CENTRE]
    out = next(n for n in TOP.node_nodes[corners[0]] if n not in corners)
    beyond = next(n for n in TOP.node_nodes[out] if n != corners[0])
    tail = path(ST, corners[0], out, beyond)
    assert longest_trail(TOP, mask(*ring(CENTRE), *tail), 0) == 8


def test_a_fork_counts_only_the_longer_arm() -> None:
    c = TOP.hex_corners[CENTRE]
    trunk = path(ST, c[0], c[1], c[2], c[3])
    long_arm = path(ST, c[3], c[4], c[5])
    out = next(n for n in TOP.node_nodes[c[3]] if n not in c)
    short_arm = path(ST, c[3], out)
    roads = mask(*trunk, *long_arm, *short_arm)
    assert roads.bit_count() == 6
    assert longest_trail(TOP, roads, 0) == 5


def test_a_road_may_end_at_an_opponents_building_but_not_pass_it() -> None:
    c = TOP.hex_corners[CENTRE]
    five = path(ST, c[0], c[1], c[2], c[3], c[4], c[5])
    assert longest_trail(TOP, mask(*five), 1 << c[5]) == 5  # ends at the wall
    assert longest_trail(TOP, mask(*five), 1 << c[3]) == 3  # cut in two: 3 and 2


def test_a_ring_through_an_opponents_building_still_counts_six() -> None:
    """The trail can start and end at the building without passing through it."""
    c = TOP.hex_corners[CENTRE]
    assert longest_trail(TOP, mask(*ring(CENTRE)), 1 << c[2]) == 6


def test_separate_pieces_count_the_longest_one() -> None:
    c = TOP.hex_corners[CENTRE]
    far = TOP.hex_edges[0][:2]
    assert longest_trail(TOP, mask(*path(ST, c[0], c[1], c[2]), *far), 0) == 2


# ---- the award ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lengths", "holder", "expected"),
    [
        ([4, 0, 0, 0], -1, -1),  # four roads earn nothing
        ([5, 0, 0, 0], -1, 0),  # a sole five takes it
        ([5, 5, 0, 0], 0, 0),  # kept on a tie
        ([5, 6, 0, 0], 0, 1),  # stolen only by strictly longer
        ([3, 6, 6, 0], 0, -1),  # holder broken, the longest tie: nobody
        ([3, 7, 6, 0], 0, 1),  # holder broken, a sole longest takes it
        ([6, 6, 2, 0], 0, 0),  # broken to a tie but still five or more: kept
        ([4, 3, 0, 0], 0, -1),  # holder below five and nobody else at five
        ([3, 6, 6, 0], -1, -1),  # still tied: still nobody
        ([3, 7, 6, 0], -1, 1),  # until one seat is strictly longest
    ],
)
def test_award_holder(lengths: list[int], holder: int, expected: int) -> None:
    assert award_holder(lengths, holder) == expected


def _chain(st: KatanState, start: int, roads: int) -> list[int]:
    """Crossings along the coast from position `start`."""
    top = st.board.topology
    ring_edges = top.coast_rings[0]
    (first,) = set(top.edge_ends[ring_edges[0]]) - set(top.edge_ends[ring_edges[1]])
    nodes = [first]
    for e in ring_edges:
        nodes.append(top.other_end(e, nodes[-1]))
    return nodes[start : start + roads + 1]


def test_award_lost_and_reopened_after_a_break_in_play() -> None:
    """RULINGS 4 in play: seat 0's road is broken, seats 1 and 2 tie at five:
    nobody holds it; seat 1 then builds a sixth road and takes it."""
    st = blank()
    top = st.board.topology
    line0 = _chain(st, 0, 7)
    line1 = _chain(st, 10, 5)
    line2 = _chain(st, 18, 5)
    road(st, 0, *path(st, *line0))
    road(st, 1, *path(st, *line1))
    road(st, 2, *path(st, *line2))
    assert st.longest == 0 and st.points[0] == 2
    cut = next(k for k in (3, 4, 2) if len(top.node_edges[line0[k]]) == 3)
    side = next(n for n in top.node_nodes[line0[cut]] if n not in line0)
    road(st, 3, *path(st, side, line0[cut]))
    give(st, 3, lumber=1, brick=1, wool=1, grain=1)
    st.current = 3
    after = KATAN.apply(st, 3, mv.SETTLEMENT_MOVES[line0[cut]])
    st = after.state
    assert st.road_len[:3] == [max(cut, 7 - cut), 5, 5]
    assert st.longest == -1 and st.points == [0, 0, 0, 1]
    assert any(e.text == "Nobody holds Longest Road now" for e in after.events)
    st.current = 1
    give(st, 1, lumber=1, brick=1)
    extend = next(e for e in top.node_edges[line1[-1]] if st.frontier[1] >> e & 1)
    st = KATAN.apply(st, 1, mv.ROAD_MOVES[extend]).state
    assert st.longest == 1 and st.points[1] == 2
    assert problems(st) == []


def test_award_kept_on_a_tie_in_play() -> None:
    st = blank()
    line0 = _chain(st, 0, 5)
    line1 = _chain(st, 10, 4)
    road(st, 0, *path(st, *line0))
    road(st, 1, *path(st, *line1))
    assert st.longest == 0
    st.current = 1
    give(st, 1, lumber=2, brick=2)
    top = st.board.topology
    extend = next(e for e in top.node_edges[line1[-1]] if st.frontier[1] >> e & 1)
    st = KATAN.apply(st, 1, mv.ROAD_MOVES[extend]).state
    assert st.road_len[:2] == [5, 5] and st.longest == 0
    nxt = top.other_end(extend, line1[-1])
    again = next(e for e in top.node_edges[nxt] if st.frontier[1] >> e & 1)
    st = KATAN.apply(st, 1, mv.ROAD_MOVES[again]).state
    assert st.road_len[1] == 6 and st.longest == 1
    assert st.points[:2] == [0, 2]


def test_a_break_below_five_with_nobody_else_frees_the_award() -> None:
    st = blank()
    top = st.board.topology
    line0 = _chain(st, 0, 5)
    road(st, 0, *path(st, *line0))
    settle(st, 0, line0[0])
    assert st.longest == 0
    cut = next(k for k in (2, 3) if len(top.node_edges[line0[k]]) == 3)
    side = next(n for n in top.node_nodes[line0[cut]] if n not in line0)
    road(st, 1, *path(st, side, line0[cut]))
    settle(st, 1, line0[cut])
    assert st.longest == -1 and st.points[0] == 1
