"""The app's Euchre AI (NATIVE §6.1, the `dev` thresholds), plus its choices
for this project's two toggles.

A bit-exact port: where the app breaks ties by first occurrence (legal-move
order, hand order) so does this, and its integer division truncates toward
zero, which differs from Python's `//` for the 32-card deck's sevens and
eights. It decides from its own seat's view only: no other hand, no kitty.
"""

from collections.abc import Sequence
from typing import Final

from engine.cards import Card, Rank, rank_value
from engine.euchre.moves import (
    DEFEND_ALONE,
    FARMERS_HAND,
    ORDER_UP,
    PASS,
    PLAY,
    CallTrump,
    Discard,
    EuchreMove,
    PlayCard,
)
from engine.euchre.ranking import (
    EFFECTIVE_SUIT,
    STRENGTH,
    TRUMP_STRENGTH,
    left_bower,
    right_bower,
)
from engine.euchre.state import EuchreState, Phase, partner

THRESHOLDS: Final = {"easy": (21, 32), "normal": (24, 32), "cautious": (27, 31)}
"""Level → (bid threshold, alone threshold), the app's `Difficulty`."""

_NINE: Final = 9
_ACE: Final = Rank.ACE + 2
_KING: Final = Rank.KING + 2
_JACK_VALUE_WHEN_FARMING: Final = 15
"""Before trump is known a jack may become a bower, so a farmer keeps jacks first."""


def hand_value(hand: Sequence[Card], trump: int) -> int:
    """The app's `handValue`: bowers and trump length, side aces, and voids
    counted only when there are two trumps to ruff with."""
    right, left = right_bower(trump), left_bower(trump)
    effective = EFFECTIVE_SUIT[trump]
    value = 0
    trumps = 0
    for c in hand:
        rv = rank_value(c)
        if c == right:
            value += 10
        elif c == left:
            value += 8
        elif effective[c] == trump:
            value += 4 + int((rv - _NINE) / 2)
        elif rv == _ACE:
            value += 3
        elif rv == _KING:
            value += 1
        if effective[c] == trump:
            trumps += 1
    if trumps >= 2:
        held = {effective[c] for c in hand}
        value += 2 * sum(1 for s in range(4) if s != trump and s not in held)
    return value


class EuchreAi:
    """The app's `EuchreAi` at one difficulty; deterministic, so no seed."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.bid, self.alone = THRESHOLDS[level]

    def choose(self, view: EuchreState, seat: int, legal: Sequence[EuchreMove]) -> EuchreMove:
        phase = view.phase
        if phase == Phase.PLAYING:
            return self._play(view, seat, legal)
        if phase == Phase.BID_ROUND_1:
            return self._bid_round_1(view, seat, legal)
        if phase == Phase.BID_ROUND_2:
            return self._bid_round_2(view, seat, legal)
        if phase == Phase.DEALER_DISCARD:
            return self._dealer_discard(view, seat, legal)
        if phase == Phase.FARMERS_HAND:
            # Nothing is lower than a farmer's hand, and the exchange lets it
            # keep its best five of eight: it can only help.
            return FARMERS_HAND if FARMERS_HAND in legal else legal[0]
        if phase == Phase.FARMER_DISCARD:
            return self._farmer_discard(legal)
        if phase == Phase.DEFEND_ALONE:
            return self._defend_alone(view, seat, legal)
        return legal[0]

    # ---- bidding ---------------------------------------------------------------

    def _bid_round_1(self, view: EuchreState, seat: int, legal: Sequence[EuchreMove]) -> EuchreMove:
        up = view.up_card
        if up is None:
            return PASS
        hand = view.hands[seat]
        if seat == view.dealer:
            hand = [*hand, up]
        value = hand_value(hand, up // 13)
        if partner(seat) == view.dealer:
            value += 2
        elif seat != view.dealer:
            value -= 2
        if value >= self.alone and ORDER_UP[True] in legal:
            return ORDER_UP[True]
        if value >= self.bid and ORDER_UP[False] in legal:
            return ORDER_UP[False]
        return PASS if PASS in legal else legal[0]

    def _bid_round_2(self, view: EuchreState, seat: int, legal: Sequence[EuchreMove]) -> EuchreMove:
        hand = view.hands[seat]
        calls = [m for m in legal if isinstance(m, CallTrump)]
        if not calls:
            return legal[0]
        # `max` keeps the first of equal values: ties go to ♣ ♦ ♥ ♠ order, as in the app.
        best = max((m for m in calls if not m.alone), key=lambda m: hand_value(hand, m.suit))
        best_value = hand_value(hand, best.suit)
        alone = next((m for m in calls if m.alone and m.suit == best.suit), None)
        if alone is not None and best_value >= self.alone:
            return alone
        if best_value >= self.bid:
            return best
        # Stuck as dealer with a bad hand: name the least bad suit anyway.
        return PASS if PASS in legal else best

    def _dealer_discard(
        self, view: EuchreState, seat: int, legal: Sequence[EuchreMove]
    ) -> EuchreMove:
        """Void a side suit if a non-ace singleton allows it; never trump unless forced."""
        trump = view.trump
        assert trump is not None
        effective = EFFECTIVE_SUIT[trump]
        counts = [0] * 4
        for c in view.hands[seat]:
            counts[effective[c]] += 1

        def cost(move: Discard) -> int:
            c, suit = move.card, effective[move.card]
            singleton = counts[suit] == 1 and rank_value(c) != _ACE
            return 1000 * (suit == trump) - 20 * singleton + rank_value(c)

        return min((m for m in legal if isinstance(m, Discard)), key=cost)

    # ---- the toggles -------------------------------------------------------------

    def _defend_alone(
        self, view: EuchreState, seat: int, legal: Sequence[EuchreMove]
    ) -> EuchreMove:
        """Defend alone only with a hand the AI would itself have made trump with:
        the partner's cards are lost, so it must take three tricks unaided."""
        assert view.trump is not None
        if hand_value(view.hands[seat], view.trump) >= self.bid and DEFEND_ALONE in legal:
            return DEFEND_ALONE
        return PASS if PASS in legal else legal[0]

    @staticmethod
    def _farmer_discard(legal: Sequence[EuchreMove]) -> EuchreMove:
        """Trump is not known yet, so keep what ranks highest in any suit."""

        def keep(move: Discard) -> int:
            rv = rank_value(move.card)
            return _JACK_VALUE_WHEN_FARMING if rv == Rank.JACK + 2 else rv

        return min((m for m in legal if isinstance(m, Discard)), key=keep)

    # ---- card play ---------------------------------------------------------------

    def _play(self, view: EuchreState, seat: int, legal: Sequence[EuchreMove]) -> EuchreMove:
        cards = [m.card for m in legal if isinstance(m, PlayCard)]
        if len(cards) == 1:
            return PLAY[cards[0]]
        trump = view.trump
        assert trump is not None
        if not view.trick:
            return PLAY[lead(cards, trump)]
        strength = STRENGTH[trump][EFFECTIVE_SUIT[trump][view.trick[0].card]]
        best = max(view.trick, key=lambda p: strength[p.card])
        partner_winning = partner(best.seat) == seat
        last = len(view.trick) == view.active_seat_count() - 1
        if partner_winning and last:
            return PLAY[lowest(cards, strength)]
        to_beat = strength[best.card]
        winners = [c for c in cards if strength[c] > to_beat]
        if winners:
            return PLAY[min(winners, key=lambda c: strength[c])]
        return PLAY[lowest(cards, strength)]


def lead(cards: list[Card], trump: int) -> Card:
    """Right bower first; then an off-suit ace; then the highest off-suit card;
    with nothing but trump, the strongest trump."""
    right = right_bower(trump)
    if right in cards:
        return right
    effective = EFFECTIVE_SUIT[trump]
    side = [c for c in cards if effective[c] != trump]
    aces = [c for c in side if rank_value(c) == _ACE]
    if aces:
        return aces[0]
    if side:
        return max(side, key=rank_value)
    return max(cards, key=lambda c: TRUMP_STRENGTH[trump][c])


def lowest(cards: list[Card], strength: tuple[int, ...]) -> Card:
    """Cheapest card: by trick strength when it has any, else by bare rank."""
    return min(cards, key=lambda c: strength[c] or rank_value(c))
