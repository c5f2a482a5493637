"""The composer: building a free-form Katan move one card at a time.

Trade offers, counter-offers, discards and hand-overs have too many possible
values for a menu of moves. The composer shows the running composition (what you give,
what you want, to whom), buttons to add and remove one card of a resource on
the side being edited, a switch between the sides, the addressee, and a
confirm button once the engine would accept the move; otherwise the engine's
reason is shown instead.

A draft lives entirely in its token payload (`c` + kind, side, addressee and
two legs of counts in base 36, each as wide as the table's hands: five
resources, or eight cards with Cities & Knights' commodities), so composing
needs no server-side session and a half-built offer survives a restart like
any other button.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from engine.katan.components import BANK_START, CARD_NAMES, RESOURCES, cards_text
from engine.katan.moves import (
    COUNTER,
    DISCARD,
    HAND_OVER,
    OFFER,
    Move,
    counter_legs,
    counter_move,
    discard_move,
    offer_legs,
    offer_move,
)
from frontends.chat.menus import Item, Sheet
from languages import N_, _

DraftKind = Literal["offer", "counter", "discard", "hand_over"]
Side = Literal["give", "want"]
_KIND_CHARS: Final = {"offer": "o", "counter": "k", "discard": "d", "hand_over": "h"}
_CHAR_KINDS: Final[dict[str, DraftKind]] = {
    "o": "offer",
    "k": "counter",
    "d": "discard",
    "h": "hand_over",
}
ONE_SIDED: Final = frozenset({"discard", "hand_over"})
"""Drafts of cards the seat gives up, with no second leg."""
_DIGITS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"
TITLES: Final = {
    "offer": N_("Compose an offer"),
    "counter": N_("Compose a counter-offer"),
    "discard": N_("Choose cards to discard"),
    "hand_over": N_("Choose cards to hand over"),
}
WIDTHS: Final = (RESOURCES, len(CARD_NAMES))
"""How wide a leg may be: the base game's hands, and Cities & Knights'."""
ZERO: Final = (0,) * RESOURCES


@dataclass(frozen=True, slots=True)
class Draft:
    kind: DraftKind
    give: tuple[int, ...] = ZERO
    want: tuple[int, ...] = ZERO
    to: int = -1
    """The addressee of an offer: a seat, or -1 for everyone."""
    side: Side = "give"

    def payload(self, confirm: bool = False) -> str:
        counts = "".join(_DIGITS[min(n, 35)] for n in self.give + self.want)
        side = "g" if self.side == "give" else "w"
        return (
            f"{'C' if confirm else 'c'}{_KIND_CHARS[self.kind]}{side}{_DIGITS[self.to + 1]}{counts}"
        )

    def move(self) -> Move:
        if self.kind == "offer":
            return offer_move(self.to, self.give, self.want)
        if self.kind == "counter":
            return counter_move(self.give, self.want)
        if self.kind == "hand_over":
            return (HAND_OVER, *self.give)
        return discard_move(self.give)

    def add(self, resource: int, amount: int) -> "Draft":
        leg = list(self.give if self.side == "give" else self.want)
        leg[resource] = max(0, min(BANK_START, leg[resource] + amount))
        if self.side == "give":
            return replace(self, give=tuple(leg))
        return replace(self, want=tuple(leg))


def read_payload(payload: str) -> tuple[Draft, bool] | None:
    """(draft, confirm) from a composer payload, or None if it is not one."""
    width = (len(payload) - 4) // 2
    if width not in WIDTHS or len(payload) != 4 + 2 * width or payload[0] not in "cC":
        return None
    kind = _CHAR_KINDS.get(payload[1])
    side: Side | None = {"g": "give", "w": "want"}.get(payload[2])  # type: ignore[assignment]
    if kind is None or side is None or payload[3] not in _DIGITS:
        return None
    if any(ch not in _DIGITS for ch in payload[4:]):
        return None
    counts = tuple(_DIGITS.index(ch) for ch in payload[4:])
    draft = Draft(kind, counts[:width], counts[width:], _DIGITS.index(payload[3]) - 1, side)
    return draft, payload[0] == "C"


def from_move(move: Move) -> Draft:
    """The draft that composes `move` (an offer, counter, discard or hand-over)."""
    if move[0] == OFFER:
        give, want = offer_legs(move)
        return Draft("offer", give, want, move[1])
    if move[0] == COUNTER:
        give, want = counter_legs(move)
        return Draft("counter", give, want)
    if move[0] in (DISCARD, HAND_OVER):
        kind: DraftKind = "discard" if move[0] == DISCARD else "hand_over"
        give = tuple(move[1:])
        return Draft(kind, give, (0,) * len(give))
    raise ValueError("only offers, counters, discards and hand-overs are composed")


def summary(draft: Draft, names: Sequence[str], due: int = 0) -> str:
    if draft.kind == "discard":
        chosen = sum(draft.give)
        said = _("Discard: {cards} ({chosen} of {due}).")
        return said.format(cards=cards_text(draft.give), chosen=chosen, due=due)
    if draft.kind == "hand_over":
        return _("Hand over: {cards}.").format(cards=cards_text(draft.give))
    lines = [
        _("You give: {cards}.").format(cards=cards_text(draft.give)),
        _("You want: {cards}.").format(cards=cards_text(draft.want)),
    ]
    if draft.kind == "offer":
        who = _("everyone") if draft.to < 0 else names[draft.to]
        lines.append(_("To: {who}.").format(who=who))
    return " ".join(lines)


def sheet(
    draft: Draft,
    *,
    hand: Sequence[int],
    names: Sequence[str],
    addressees: Sequence[int],
    problem: str | None,
    back: str,
) -> Sheet:
    """The composer's buttons for `draft`. `hand` is the composer's own
    resources (what may be given), `addressees` the seats an offer may go to,
    `problem` the engine's objection to the draft as it stands (None: legal),
    `back` the payload that leaves the composer."""
    editing = draft.give if draft.side == "give" else draft.want
    adds: list[Item] = []
    removes: list[Item] = []
    for r, name in enumerate(CARD_NAMES[: len(editing)]):
        room = hand[r] if draft.side == "give" else BANK_START
        if editing[r] < room:
            adds.append(Item(f"+ {name}", "compose", draft.add(r, 1).payload()))
        if editing[r] > 0:
            removes.append(Item(f"− {name}", "compose", draft.add(r, -1).payload()))
    controls: list[Item] = []
    if problem is None:
        controls.append(Item(_("✓ Confirm"), "compose", draft.payload(confirm=True), "success"))
    if draft.kind not in ONE_SIDED:
        other: Side = "want" if draft.side == "give" else "give"
        label = _("Edit what you want") if other == "want" else _("Edit what you give")
        controls.append(Item(label, "compose", replace(draft, side=other).payload(), "primary"))
    if draft.kind == "offer" and addressees:
        ring = [-1, *addressees]
        nxt = ring[(ring.index(draft.to) + 1) % len(ring)] if draft.to in ring else -1
        who = _("everyone") if nxt < 0 else names[nxt]
        to = _("To {who}").format(who=who)
        controls.append(Item(to, "compose", replace(draft, to=nxt).payload()))
    controls.append(Item(_("◂ Back"), "back", back))
    title = _(TITLES[draft.kind])
    if draft.kind not in ONE_SIDED:
        title += " " + (
            _("(editing what you give)") if draft.side == "give" else _("(editing what you want)")
        )
    return Sheet(title, [adds, removes], controls)
