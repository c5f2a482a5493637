"""Cities & Knights positions built by hand, beside `engine.katan.crafted`.

A blank Cities & Knights game comes from `crafted.blank(ruleset=CITIES_RULES)`;
these put the expansion's pieces on it directly (no cost, no legality check)
through the same bookkeeping the rules use, and take progress cards from
their decks rather than out of thin air, so a crafted position keeps every
invariant `audit.problems` checks.
"""

from engine.katan.cities import improvements, knights
from engine.katan.cities.components import FACE_UP, PROGRESS_TRACK, TRACKS
from engine.katan.cities.state import CitiesPart
from engine.katan.state import ROLL, KatanState


def part(st: KatanState) -> CitiesPart:
    ck: CitiesPart = st.ck
    return ck


def knight(st: KatanState, seat: int, node: int, level: int = 1, active: bool = False) -> None:
    """A knight of `level` (1 basic, 2 strong, 3 mighty) on `node`."""
    knights.put(st, seat, node, level, active, None)


def wall(st: KatanState, seat: int, *nodes: int) -> None:
    """Walls on the seat's cities."""
    for node in nodes:
        assert st.cities[seat] >> node & 1, f"seat {seat} has no city on {node}"
        part(st).walls[seat] |= 1 << node


def levels(
    st: KatanState,
    seat: int,
    trade: int | None = None,
    politics: int | None = None,
    science: int | None = None,
) -> None:
    """Set the seat's improvement levels on the tracks named (no metropolis is placed)."""
    for track, level in enumerate((trade, politics, science)):
        if level is not None:
            part(st).levels[seat * TRACKS + track] = level


def metropolis(st: KatanState, seat: int, track: int, node: int) -> None:
    """The track's metropolis on the seat's city at `node` (level raised to 4 if lower)."""
    ck = part(st)
    i = seat * TRACKS + track
    ck.levels[i] = max(ck.levels[i], 4)
    improvements.place(st, seat, track, node, None)


def progress(st: KatanState, seat: int, *cards: int) -> None:
    """Move progress cards from their decks into the seat's hand (point cards
    are laid face up, as drawing them does)."""
    ck = part(st)
    for card in cards:
        track = PROGRESS_TRACK[card]
        deck = list(ck.decks[track])
        deck.remove(card)
        ck.decks[track] = tuple(deck)
        if card in FACE_UP:
            ck.face_up[seat] += 1
            st.points[seat] += 1
        else:
            ck.progress[seat] = (*ck.progress[seat], card)


def on_top(st: KatanState, *cards: int) -> None:
    """Put cards on top of their decks, in order (the first drawn first)."""
    ck = part(st)
    for card in reversed(cards):
        track = PROGRESS_TRACK[card]
        deck = list(ck.decks[track])
        deck.remove(card)
        ck.decks[track] = (card, *deck)


def awake(st: KatanState, hex_id: int | None = None) -> None:
    """The barbarians have attacked once: the robber is on the board (its
    start hex unless `hex_id` says)."""
    part(st).attacks = max(part(st).attacks, 1)
    st.robber = st.board.robber_start if hex_id is None else hex_id


def barbarians(st: KatanState, steps: int) -> None:
    part(st).barbarians = steps


def merchant(st: KatanState, seat: int, hex_id: int) -> None:
    """The merchant on `hex_id`, owned (and its point held) by the seat."""
    ck = part(st)
    if ck.merchant_owner >= 0:
        st.points[ck.merchant_owner] -= 1
    ck.merchant, ck.merchant_owner = hex_id, seat
    st.points[seat] += 1


def before_roll(st: KatanState) -> None:
    """Back to the start of the seat's turn, dice not yet rolled."""
    st.phase = ROLL
    st.rolled = False
    st.dice = (0, 0)
