"""What a seat can infer about the cards it cannot see, and deals of them
consistent with that: the `hard` AI's determinizations.

Everything here reads a view only, and a view (the app's, NATIVE §5.2.8) keeps
no record of earlier tricks: only the trick on the table and, until the next
card falls, the one just taken. A player is built per decision, so it has no
memory of its own either. Cards played before then are therefore as unseen as
the ones still held, and a uniform deal of them is what the view supports. A
seat seen failing to follow the led suit holds none of it, so no deal gives it one.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.cards import Card
from engine.euchre.ranking import DECKS, EFFECTIVE_SUIT
from engine.euchre.state import EuchreState, Played

_TRIES: Final = 20
"""Reshuffles tried before a deal ignores the voids (they cannot contradict
each other, but a deal honouring them can be rare)."""


@dataclass(frozen=True, slots=True)
class Unseen:
    """The cards outside the seat's hand that may still be anywhere hidden,
    and per seat the effective suits it has shown it lacks."""

    pool: tuple[Card, ...]
    voids: tuple[frozenset[int], ...]


def unseen(view: EuchreState, seat: int) -> Unseen:
    deck = DECKS[view.options.deck_size]
    tricks = [t for t in (view.completed_trick, view.trick) if t]
    known = set(view.hands[seat]) | {p.card for t in tricks for p in t}
    if view.up_card is not None:
        known.add(view.up_card)
    if view.turned_down is not None:
        known.add(view.turned_down)
    voids: list[set[int]] = [set() for _ in range(4)]
    if view.trump is not None:
        for trick in tricks:
            _note_voids(trick, EFFECTIVE_SUIT[view.trump], voids)
    pool = tuple(c for c in deck if c not in known)
    return Unseen(pool, tuple(frozenset(v) for v in voids))


def _note_voids(trick: Sequence[Played], effective: Sequence[int], voids: list[set[int]]) -> None:
    led = effective[trick[0].card]
    for who, c in trick[1:]:
        if effective[c] != led:
            voids[who].add(led)


def deal_hidden(view: EuchreState, seat: int, info: Unseen, rng: random.Random) -> EuchreState:
    """A full state that `seat` could be facing: its view with the other seats'
    hands (and the kitty, with farmer's hand on) dealt from the unseen cards."""
    state = view.copy()
    state.log = []  # the rules only append to it; copying it per move is waste
    others = [s for s in range(4) if s != seat and view.hand_counts[s]]
    # The most constrained seats pick first, so a short suit is not used up.
    others.sort(key=lambda s: -len(info.voids[s]))
    trump = view.trump
    for attempt in range(_TRIES + 1):
        pool = list(info.pool)
        rng.shuffle(pool)
        hands: dict[int, list[Card]] = {}
        for s in others:
            if trump is None or attempt == _TRIES:
                allowed = pool
            else:
                lacks, effective = info.voids[s], EFFECTIVE_SUIT[trump]
                allowed = [c for c in pool if effective[c] not in lacks]
            hand = allowed[: view.hand_counts[s]]
            if len(hand) < view.hand_counts[s]:
                break
            hands[s] = hand
            taken = set(hand)
            pool = [c for c in pool if c not in taken]
        else:
            for s, hand in hands.items():
                state.hands[s] = hand
            if view.options.farmers_hand:
                state.kitty = pool[:3]
            return state
    raise AssertionError("unreachable: the last attempt ignores the voids")


def sample_states(
    view: EuchreState, seat: int, count: int, rng: random.Random
) -> Sequence[EuchreState]:
    info = unseen(view, seat)
    return [deal_hidden(view, seat, info, rng) for _ in range(count)]
