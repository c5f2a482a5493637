"""How the Cities & Knights AIs answer a chore: whatever the queue asks of
their seat (a discard, a city lost, a gift, a give-back, a metropolis site, a
knight's refuge, a deck, a Spy's or Master Merchant's pick, a Commercial
Harbor trade, a free promotion, a resource to take).

The rule is the same throughout: give what the seat values least, take what
it values most, place where a piece does most. Values come from the seat's
goals (`ai_measures.goals`), so a discard keeps what the next build needs.
Both levels answer chores this way (the app's opponent "answers every chore
with the card it values least").
"""

from collections.abc import Callable, Sequence
from typing import Final

from engine.katan import chores, rules
from engine.katan.cities.ai_cards import card_worth, deck_worth
from engine.katan.cities.ai_measures import (
    Goal,
    card_values,
    city_yield,
    hand,
    hand_score,
    knight_spot,
    least_valued,
    part,
)
from engine.katan.cities.state import level_at
from engine.katan.moves import (
    DISCARD,
    HAND_OVER,
    HARBOR_GIVE,
    PICK,
    PLACE_KNIGHT,
    PROMOTE_KNIGHT,
    RETURN_COMMODITY,
    Move,
)
from engine.katan.state import KatanState

Answer = Callable[[KatanState, int, tuple[int, ...], Sequence[Move], list[Goal]], Move]


def _give(kind: int, due: int) -> Answer:
    """A discard or a gift of `due` cards (the chore's value at `due`): the
    cards whose loss hurts the goals least."""

    def answer(
        st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
    ) -> Move:
        counts = least_valued(hand(st, seat), wanted, chore[due])
        move = (kind, *counts)
        return move if rules.why_not(st, seat, move) is None else legal[0]

    return answer


def lose_city(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    """The city that produces least (a wall counts for it: it goes too)."""
    walls = part(st).walls[seat]
    return min(legal, key=lambda m: city_yield(st, m[1]) + 4.0 * (walls >> m[1] & 1))


def give_back(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    return min(legal, key=lambda m: card_worth(st, seat, m[1]))


def metropolis(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    """On the best city: a metropolis can never be pillaged, so the city kept
    safe should be the one that pays most."""
    return max(legal, key=lambda m: city_yield(st, m[1]))


def place_knight(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    spots = [m for m in legal if m[0] == PLACE_KNIGHT]
    if not spots:
        return legal[0]
    return max(spots, key=lambda m: knight_spot(st, seat, m[1]))


def remove_knight(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    """The weakest knight, a sleeping one before an active one."""
    ck = part(st)
    return min(
        legal,
        key=lambda m: (
            level_at(ck, seat, m[1]),
            ck.active[seat] >> m[1] & 1,
            knight_spot(st, seat, m[1]),
        ),
    )


def choose_deck(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    return max(legal, key=lambda m: deck_worth(st, seat, m[1]))


def spy(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    return max(legal, key=lambda m: card_worth(st, seat, m[1]))


def master_merchant(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    """The two cards that take the goals furthest."""
    cards = hand(st, seat)

    def after(m: Move) -> float:
        more = cards[:]
        more[m[1]] += 1
        more[m[2]] += 1
        return hand_score(more, wanted)

    return max(legal, key=after)


def harbor(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    """Offer the resource the goals need least; a commodity comes back. Skip
    only when every resource held is needed for a build nearly paid for."""
    values = card_values(hand(st, seat), wanted)
    gives = [m for m in legal if m[0] == HARBOR_GIVE]
    if not gives:
        return legal[0]
    best = min(gives, key=lambda m: values[m[1]])
    cards = hand(st, seat)
    less = cards[:]
    less[best[1]] -= 1
    loss = hand_score(cards, wanted) - hand_score(less, wanted)
    if loss > 0.3:
        return next((m for m in legal if m[0] != HARBOR_GIVE), best)
    return best


def return_commodity(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    cards = hand(st, seat)

    def loss(m: Move) -> float:
        less = cards[:]
        less[m[1]] -= 1
        return -hand_score(less, wanted)

    return min((m for m in legal if m[0] == RETURN_COMMODITY), key=loss, default=legal[0])


def smith(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    """Promote an active knight first (its strength counts at once), the
    strongest first; skip only when no knight can rise."""
    ck = part(st)
    promotes = [m for m in legal if m[0] == PROMOTE_KNIGHT]
    if not promotes:
        return legal[0]
    return max(
        promotes,
        key=lambda m: (ck.active[seat] >> m[1] & 1, level_at(ck, seat, m[1]), -m[1]),
    )


def pick(
    st: KatanState, seat: int, chore: tuple[int, ...], legal: Sequence[Move], wanted: list[Goal]
) -> Move:
    values = card_values(hand(st, seat), wanted)
    picks = [m for m in legal if m[0] == PICK]
    return max(picks, key=lambda m: values[m[1]], default=legal[0])


ANSWERS: Final[dict[int, Answer]] = {
    chores.DISCARD: _give(DISCARD, 2),
    chores.LOSE_CITY: lose_city,
    chores.GIVE_BACK: give_back,
    chores.HAND_OVER: _give(HAND_OVER, 3),
    chores.METROPOLIS: metropolis,
    chores.PLACE_KNIGHT: place_knight,
    chores.REMOVE_KNIGHT: remove_knight,
    chores.CHOOSE_DECK: choose_deck,
    chores.SPY: spy,
    chores.MASTER_MERCHANT: master_merchant,
    chores.HARBOR: harbor,
    chores.RETURN: return_commodity,
    chores.SMITH: smith,
    chores.PICK: pick,
}
"""Every chore kind a seat answers, and how."""


def answer(st: KatanState, seat: int, legal: Sequence[Move], wanted: list[Goal]) -> Move:
    chore = st.chores[0]
    found = ANSWERS.get(chore[0])
    return legal[0] if found is None else found(st, seat, chore, legal, wanted)
