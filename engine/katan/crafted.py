"""Positions built by hand, for rule tests, tutorials and bug reports.

`blank` is a game past setup with nothing on the board; pieces and cards are
then placed directly (no cost, no legality check) through the same
bookkeeping the rules use, so a crafted position is as consistent as a
played one and `audit.problems` holds for it.
"""

from itertools import pairwise

from engine.katan import network
from engine.katan.components import CARD_NAMES, DEV_KINDS
from engine.katan.ruleset import BASE_GAME, RuleSet
from engine.katan.state import MAIN, KatanState, new_state


def blank(
    seats: int = 4,
    seed: int = 1,
    target: int = 10,
    award: int = 2,
    ruleset: RuleSet = BASE_GAME,
    map_name: str | None = None,
) -> KatanState:
    """Seat 0's first turn, dice rolled, empty board and hands."""
    st = new_state(ruleset.deal(map_name, seed, seats), seats, target, award, seed, ruleset)
    st.setup_step = 2 * seats
    st.phase = MAIN
    st.turn = 1
    st.rolled = True
    st.dice = (3, 4)
    return st


def settle(st: KatanState, seat: int, *nodes: int) -> None:
    for node in nodes:
        network.place_settlement(st, seat, node, None)


def city(st: KatanState, seat: int, *nodes: int) -> None:
    for node in nodes:
        if not st.towns[seat] >> node & 1:
            network.place_settlement(st, seat, node, None)
        st.towns[seat] &= ~(1 << node)
        st.cities[seat] |= 1 << node
        st.points[seat] += 1


def road(st: KatanState, seat: int, *edges: int) -> None:
    for edge in edges:
        network.place_road(st, seat, edge, None)


def path(st: KatanState, *nodes: int) -> list[int]:
    """The edges joining consecutive crossings."""
    top = st.board.topology
    out = []
    for a, b in pairwise(nodes):
        edge = top.edge_between(a, b)
        if edge is None:
            raise ValueError(f"crossings {a} and {b} are not neighbours")
        out.append(edge)
    return out


def give(st: KatanState, seat: int, **cards: int) -> None:
    """Move cards from the bank to the seat, by card name (commodities too)."""
    for name, n in cards.items():
        r = CARD_NAMES.index(name)
        st.bank[r] -= n
        st.hands[seat * st.width + r] += n


def give_dev(st: KatanState, seat: int, card: int, n: int = 1, bought_now: bool = False) -> None:
    """Move development cards from the deck to the seat; `bought_now` marks them
    as bought this turn (the seat must be the one on turn)."""
    st.deck[card] -= n
    st.devs[seat * DEV_KINDS + card] += n
    if bought_now:
        st.fresh[card] += n


def played(st: KatanState, seat: int, card: int, n: int = 1) -> None:
    """Record development cards as already played by the seat (taken from the deck)."""
    st.deck[card] -= n
    st.played[seat * DEV_KINDS + card] += n
