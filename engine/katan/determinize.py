"""A full game state dealt from one seat's view: what a search plays out.

A view hides the other seats' cards, their development cards, the deck's
composition and the seed. What is hidden is still constrained by what is
public, and a deal keeps every constraint the view implies: the other
seats' resource cards are exactly the cards neither in the bank nor in the
seat's own hand (so the kinds' totals are right, only who holds what is
guessed), each seat holds as many as it shows, at least the cards the
table saw it get and not spend (`known`) and at least the cards its
open offer or counter-offer gives, and a seat a Commercial Harbor waits on
holds a commodity to give back; the development cards not
played and not the seat's own are dealt between the other seats (as many as
each shows) and the deck; nobody is dealt the victory points that would
already have won the game; and the dice get a seed of the deal's own.

The deal reads the view alone, so two views that are equal give the same
deals from the same generator: a search built on it cannot peek.
"""

import random
from typing import Final

from engine.katan.chores import HARBOR, RETURN
from engine.katan.cities.components import CLOTH
from engine.katan.components import DEV_KINDS, VICTORY_POINT
from engine.katan.determinize_parts import deal_progress, deal_sea
from engine.katan.moves import offer_legs
from engine.katan.state import KatanState

TRIES: Final = 20
"""Deals redrawn when one hands a seat the victory points of a win it would
have claimed; past that the last deal stands (it is still a possible one)."""


def determinize(view: KatanState, seat: int, rng: random.Random) -> KatanState:
    """A full state consistent with `view` (a view of `seat`, in any rule set)."""
    red = view.redaction
    assert red is not None, "determinize takes a view"
    st = view.copy()
    st.redaction = None
    n = st.seats
    others = [t for t in range(n) if t != seat]

    w = st.width
    hidden = [t for t in others if sum(view.hands[t * w : (t + 1) * w]) != red.hand_sizes[t]]
    committed = _committed(st, seat)
    pool: list[int] = []
    for k in range(w):
        out = st.ruleset.bank_start(n, k) - st.bank[k]
        out -= sum(st.hands[t * w + k] for t in range(n) if t not in hidden)
        for t in hidden:
            st.hands[t * w + k] = committed[t][k]
            out -= committed[t][k]
        pool.extend([k] * max(out, 0))
    for t in _owing_commodity(st, hidden):
        if not any(committed[t][CLOTH:]):
            k = rng.choice([k for k in pool if k >= CLOTH])
            pool.remove(k)
            st.hands[t * w + k] += 1
            committed[t][k] += 1
    rng.shuffle(pool)
    for t in hidden:
        size = red.hand_sizes[t] - sum(committed[t])
        for k in pool[:size]:
            st.hands[t * w + k] += 1
        pool = pool[size:]

    start = st.ruleset.deck(n)
    unseen: list[int] = []
    for k in range(DEV_KINDS):
        gone = sum(st.played[t * DEV_KINDS + k] for t in range(n)) + st.devs[seat * DEV_KINDS + k]
        unseen.extend([k] * max(start[k] - gone, 0))
    for _ in range(TRIES):
        rng.shuffle(unseen)
        if _deal_devs(st, red.dev_sizes, others, unseen):
            break
    st.seed = rng.getrandbits(62)
    st.counter = 0
    # Nobody in a search's rollouts reads what the table knows: not kept up.
    st.known = []
    if st.ck is not None:
        deal_progress(st, rng)
    if st.sea is not None:
        deal_sea(st, rng)
    return st


def _committed(st: KatanState, seat: int) -> list[list[int]]:
    """Cards each other seat is known to hold: what the table saw it get and
    not spend (`known`), and what its open offer or its counter-offer gives
    (an offer of cards one lacks is refused)."""
    w = st.width
    out = [st.known[t * w : (t + 1) * w] for t in range(st.seats)]
    if st.offer is not None and st.current != seat:
        give = offer_legs(st.offer)[0]
        mine = out[st.current]
        for k, n in enumerate(give):
            mine[k] = max(mine[k], n)
    for c in st.counters:
        if c[0] != seat:
            for k, n in enumerate(c[1 : 1 + (len(c) - 1) // 2]):
                out[c[0]][k] = max(out[c[0]][k], n)
    return out


def _owing_commodity(st: KatanState, hidden: list[int]) -> list[int]:
    """The hidden seats a pending Commercial Harbor will ask for a commodity:
    the play offered them a resource only because they held one, and one
    that took it must give one back (a deal without one would leave the
    chore no answer)."""
    owing = {c[2] for c in st.chores if c[0] == HARBOR}
    owing |= {c[1] for c in st.chores if c[0] == RETURN}
    return sorted(owing.intersection(hidden))


def _deal_devs(st: KatanState, sizes: list[int], others: list[int], cards: list[int]) -> bool:
    """Deal `cards` in order to `others` (as many as each holds), the rest to
    the deck; False when a seat would hold a win it has not claimed."""
    rest = cards
    possible = True
    for t in others:
        held = rest[: sizes[t]]
        rest = rest[sizes[t] :]
        row = [0] * DEV_KINDS
        for k in held:
            row[k] += 1
        st.devs[t * DEV_KINDS : (t + 1) * DEV_KINDS] = row
        possible &= st.points[t] + row[VICTORY_POINT] < st.target
    deck = [0] * DEV_KINDS
    for k in rest:
        deck[k] += 1
    st.deck = deck
    return possible
