"""Twin states for no-peek tests: the same game as one seat sees it, with
everything that seat may not see dealt afresh."""

import random

from engine.katan.components import DEV_KINDS, VICTORY_POINT
from engine.katan.state import KatanState


def deal_hidden_cards(twin: KatanState, seat: int, rng: random.Random) -> None:
    """Deal the other seats' resource cards afresh (each keeps its count, the
    kinds' totals stay) and swap their development cards with cards of the
    deck (never one bought this turn, nor a victory point, which could end
    the game); give the twin another seed and counter."""
    w = twin.width
    others = [t for t in range(twin.seats) if t != seat]
    pool = [k for t in others for k in range(w) for _ in range(twin.hands[t * w + k])]
    rng.shuffle(pool)
    for t in others:
        size = sum(twin.hands[t * w : (t + 1) * w])
        twin.hands[t * w : (t + 1) * w] = [0] * w
        for k in pool[:size]:
            twin.hands[t * w + k] += 1
        pool = pool[size:]
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
