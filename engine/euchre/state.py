"""The Euchre state: plain slotted data of ints and lists.

Fields mirror the app's `EuchreState` (NATIVE §5.2.2) in the same order, with
two additions that only the toggles use. A view is this same type, redacted,
so the rules and the AI read views and states with the same code.
"""

from dataclasses import dataclass, field
from enum import IntEnum
from typing import NamedTuple

from engine.cards import Card, Suit
from engine.euchre.options import EuchreOptions


class Phase(IntEnum):
    """Names are the app's enum constants; the last three exist only with a toggle on."""

    BID_ROUND_1 = 0
    BID_ROUND_2 = 1
    DEALER_DISCARD = 2
    PLAYING = 3
    HAND_OVER = 4
    GAME_OVER = 5
    FARMERS_HAND = 6
    FARMER_DISCARD = 7
    DEFEND_ALONE = 8


class Played(NamedTuple):
    """The app's `PlayedCard`."""

    seat: int
    card: Card


def partner(seat: int) -> int:
    return (seat + 2) % 4


def team(seat: int) -> int:
    return seat % 2


@dataclass(slots=True)
class EuchreState:
    options: EuchreOptions
    seed: int
    hand_number: int
    dealer: int
    phase: Phase
    hands: list[list[Card]]
    hand_counts: list[int]
    up_card: Card | None
    turned_down: Card | None
    trump: Suit | None
    maker: int | None
    alone_seat: int | None
    turn: int
    passes: int
    trick: list[Played]
    completed_trick: list[Played]
    leader: int
    tricks_won: list[int]
    scores: list[int]
    last_trick_winner: int | None
    log: list[str]
    lone_defender: int | None = None
    """Toggle `defendAlone`: the defender playing alone against a lone maker."""
    kitty: list[Card] = field(default_factory=list)
    """Toggle `farmersHand`: the three cards after the turn card. Never in a view."""

    def copy(self) -> "EuchreState":
        """An independent copy: lists are copied, ints and options are shared."""
        return EuchreState(
            self.options,
            self.seed,
            self.hand_number,
            self.dealer,
            self.phase,
            [h[:] for h in self.hands],
            self.hand_counts[:],
            self.up_card,
            self.turned_down,
            self.trump,
            self.maker,
            self.alone_seat,
            self.turn,
            self.passes,
            self.trick[:],
            self.completed_trick[:],
            self.leader,
            self.tricks_won[:],
            self.scores[:],
            self.last_trick_winner,
            self.log[:],
            self.lone_defender,
            self.kitty[:],
        )

    def redacted(self, seat: int | None) -> "EuchreState":
        """What `seat` may know: its own hand only, no kitty, seed 0 (NATIVE §0, §5.2.8)."""
        view = self.copy()
        view.seed = 0
        view.kitty = []
        view.hands = [h if i == seat else [] for i, h in enumerate(view.hands)]
        return view

    def sitting_out(self) -> tuple[int, ...]:
        """Partners of whoever plays alone (maker and, with the toggle, a defender)."""
        if self.alone_seat is None:
            return ()
        if self.lone_defender is None:
            return (partner(self.alone_seat),)
        return (partner(self.alone_seat), partner(self.lone_defender))

    def active_seat_count(self) -> int:
        return 4 - len(self.sitting_out())

    def next_active(self, seat: int) -> int:
        """The next seat clockwise that plays this hand."""
        out = self.sitting_out()
        seat = (seat + 1) % 4
        while seat in out:
            seat = (seat + 1) % 4
        return seat
