"""The expansions' hidden piles dealt from one seat's view, for `determinize`.

Cities & Knights hides the progress decks and the other seats' progress
cards; Seafarers hides the fog pile, the chests under the fog and the
canal's numbers. A view shows how many there are of each, and the map or the
deck's list says what they were at the start, so a deal takes what is still
unseen (the start's cards or tiles less those in sight: in the seat's hand,
a hand a Spy shows, face up, turned over on the board) and shuffles it into
the hidden places. A view carries no history, so what went out of sight
again (a progress card played under its deck, a chest opened) is guessed
from the start's list: the deal is always a possible one, not the likeliest.
"""

import random
from collections import Counter
from functools import cache

from engine.katan.cities.components import (
    CONSTITUTION,
    PRINTER,
    PROGRESS_COUNT,
    PROGRESS_KINDS,
    PROGRESS_TRACK,
    TRACKS,
)
from engine.katan.cities.state import CitiesPart
from engine.katan.components import CANAL, FOG
from engine.katan.sea import atlas
from engine.katan.sea.state import SeaPart
from engine.katan.state import KatanState

POINT_CARDS = (PRINTER, CONSTITUTION)
"""Played the moment they are drawn: never in a hand, only in a deck or face up."""


def deal_progress(st: KatanState, rng: random.Random) -> None:
    """The progress cards not in sight, dealt to the hands that hide theirs
    (never a point card) and the rest to their decks, each deck as long as
    the view shows."""
    ck: CitiesPart = st.ck
    unseen = list(PROGRESS_COUNT)
    for hand in ck.progress:
        for card in hand:
            if card >= 0:
                unseen[card] -= 1
    decks = [len(d) for d in ck.decks]
    # Which point card lies face up is public but not in a view: take one
    # that leaves every deck room for its point cards and enough cards of its track.
    options = [_without(unseen, gone) for gone in _point_cards_out(sum(ck.face_up), rng)]
    unseen = next((left for left in options if _fits(left, decks)), options[0])
    to_hands: list[int] = []
    for t in range(TRACKS):
        cards = [c for c in range(PROGRESS_KINDS) if PROGRESS_TRACK[c] == t]
        points = [c for c in cards if c in POINT_CARDS for _ in range(max(unseen[c], 0))]
        rest = [c for c in cards if c not in POINT_CARDS for _ in range(max(unseen[c], 0))]
        rng.shuffle(rest)
        room = decks[t] - len(points)
        deck = points + rest[:room]
        rng.shuffle(deck)
        ck.decks[t] = tuple(deck)
        to_hands += rest[room:]
    rng.shuffle(to_hands)
    for seat, hand in enumerate(ck.progress):
        if hand and hand[0] < 0:
            ck.progress[seat] = tuple(sorted(to_hands[: len(hand)]))
            to_hands = to_hands[len(hand) :]


def _without(unseen: list[int], gone: tuple[int, ...]) -> list[int]:
    left = unseen[:]
    for card in gone:
        left[card] -= 1
    return left


def _fits(unseen: list[int], decks: list[int]) -> bool:
    for t in range(TRACKS):
        cards = [c for c in range(PROGRESS_KINDS) if PROGRESS_TRACK[c] == t]
        points = sum(max(unseen[c], 0) for c in cards if c in POINT_CARDS)
        if points > decks[t] or sum(max(unseen[c], 0) for c in cards) < decks[t]:
            return False
    return True


def _point_cards_out(out: int, rng: random.Random) -> list[tuple[int, ...]]:
    if out == 0:
        return [()]
    if out >= len(POINT_CARDS):
        return [POINT_CARDS]
    first = rng.randrange(len(POINT_CARDS))
    return [(POINT_CARDS[first],), (POINT_CARDS[1 - first],)]


@cache
def _start_places(map_name: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The map's fog hexes and canal hexes before anything was turned over."""
    board = atlas.deal(map_name, 0).board
    return tuple(board.fog_hexes), tuple(board.canal_hexes)


def deal_sea(st: KatanState, rng: random.Random) -> None:
    """The tiles still under the fog, the chests and the canal's numbers,
    from the map's lists less what the board shows turned over."""
    sea: SeaPart = st.sea
    board = st.board
    if not (sea.fog_pile or sea.chests or sea.canal_numbers):
        return
    spec = atlas.sea_map(board.map_name)
    fog, canal = _start_places(board.map_name)
    if sea.fog_pile:
        found = [h for h in fog if board.terrain[h] != FOG]
        tiles = _left(spec.fog_pile, [board.terrain[h] for h in found], rng)
        tokens = _left(spec.fog_tokens, [board.numbers[h] for h in found], rng)
        size = len(sea.fog_pile)
        sea.fog_pile = tuple(zip(tiles[:size], tokens[:size], strict=True))
    if sea.chests:
        size = len(sea.chests)
        under = rng.sample(board.fog_hexes, size)
        sea.chests = tuple(sorted(zip(under, rng.sample(spec.chests, size), strict=True)))
    if sea.canal_numbers:
        hidden = [h for h, _ in sea.canal_numbers]
        dug = [board.numbers[h] for h in canal if board.terrain[h] != CANAL]
        numbers = _left(spec.canal_tokens, dug, rng)
        sea.canal_numbers = tuple(zip(hidden, numbers[: len(hidden)], strict=True))


def _left(start: tuple[int, ...], seen: list[int], rng: random.Random) -> list[int]:
    """What of `start` is not among `seen`, shuffled."""
    out = list((Counter(start) - Counter(seen)).elements())
    rng.shuffle(out)
    return out
