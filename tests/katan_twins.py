"""Twin states for no-peek tests: the same game as one seat sees it, with
everything that seat may not see dealt afresh."""

import random

from engine.katan.components import DEV_KINDS, VICTORY_POINT
from engine.katan.state import KatanState


def deal_hidden_cards(twin: KatanState, seat: int, rng: random.Random) -> None:
    """Deal the other seats' resource cards afresh (`deal_hands`) and swap
    their development cards with cards of the deck (never one bought this
    turn, nor a victory point, which could end the game); give the twin
    another seed and counter."""
    others = [t for t in range(twin.seats) if t != seat]
    deal_hands(twin, others, rng)
    swappable = [k for k in range(DEV_KINDS) if k != VICTORY_POINT]
    for t in others:
        for k in swappable:
            fresh = twin.fresh[k] if t == twin.current else 0
            for _ in range(twin.devs[t * DEV_KINDS + k] - fresh):
                into = rng.choice(swappable)
                if twin.deck[into]:
                    twin.deck[into] -= 1
                    twin.deck[k] += 1
                    twin.devs[t * DEV_KINDS + k] -= 1
                    twin.devs[t * DEV_KINDS + into] += 1
    twin.seed += 1
    twin.counter += 3


def deal_hands(twin: KatanState, others: list[int], rng: random.Random) -> None:
    """Deal the cards of `others` afresh: each keeps its count and the cards
    the table knows it holds (`KatanState.known`, in every view), the rest
    are shuffled among them, so the kinds' totals stay."""
    w = twin.width
    pool = [
        k
        for t in others
        for k in range(w)
        for _ in range(twin.hands[t * w + k] - twin.known[t * w + k])
    ]
    rng.shuffle(pool)
    for t in others:
        kept = twin.known[t * w : (t + 1) * w]
        size = sum(twin.hands[t * w : (t + 1) * w]) - sum(kept)
        twin.hands[t * w : (t + 1) * w] = kept
        for k in pool[:size]:
            twin.hands[t * w + k] += 1
        pool = pool[size:]
