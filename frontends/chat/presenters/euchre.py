"""Euchre in chat: bids as buttons, cards by their position in the hand."""

from collections.abc import Sequence
from typing import Final

from engine.cards import Suit, code, label, parse_code
from engine.euchre.game import EUCHRE
from engine.euchre.moves import (
    CALL_TRUMP,
    DEFEND_ALONE,
    DISCARD,
    FARMERS_HAND,
    ORDER_UP,
    PASS,
    PLAY,
    CallTrump,
    DefendAlone,
    Discard,
    EuchreMove,
    FarmersHand,
    OrderUp,
    Pass,
    PlayCard,
)
from engine.euchre.state import EuchreState, Phase
from frontends.chat.api import Style
from frontends.chat.grammar import Chosen, Parsed, Unknown, Wrong, nearest, number
from frontends.chat.menus import Leaf, Node
from frontends.chat.presenters.base import Presenter
from renderers import euchre as draw
from renderers.spots import Spots, euchre_spots

SUIT_WORDS: Final = {
    "clubs": Suit.CLUBS,
    "club": Suit.CLUBS,
    "c": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "diamonds": Suit.DIAMONDS,
    "diamond": Suit.DIAMONDS,
    "d": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "hearts": Suit.HEARTS,
    "heart": Suit.HEARTS,
    "h": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "spades": Suit.SPADES,
    "spade": Suit.SPADES,
    "s": Suit.SPADES,
    "♠": Suit.SPADES,
}
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
VERBS: Final = ("pass", "order", "alone", "call", "play", "discard", "defend", "farmer")

HELP: Final = """Euchre commands (any case):
  pass · order up · order up alone · call hearts · call spades alone
  play JH (or play 3: the third card from the left, as numbered on the picture)
  discard 9C (the dealer after an order-up) · defend alone · farmer"""

RULES: Final = """Euchre: four seats, partners opposite (seats 0 and 2 against 1 and 3).
Bid on the turned card (order up or pass), then name another suit in round two.
Follow suit if you can; the right and left bowers are the top trumps.
Making trump and taking 3 tricks scores 1, all 5 score 2 (4 alone); euchred makers give 2.
Full rules: docs/euchre.md."""


def _phase_words(view: EuchreState, names: Sequence[str]) -> str:
    who = names[view.turn]
    phase = view.phase
    if phase == Phase.BID_ROUND_1:
        up = label(view.up_card) if view.up_card is not None else "?"
        return f"Up card {up}; {who} to order up or pass."
    if phase == Phase.BID_ROUND_2:
        return f"{who} to name trump or pass."
    if phase == Phase.DEALER_DISCARD:
        return f"{who} (dealer) discards a card."
    if phase == Phase.PLAYING:
        return f"{who} to play."
    if phase == Phase.FARMERS_HAND:
        return f"{who} may exchange a farmer's hand."
    if phase == Phase.FARMER_DISCARD:
        return f"{who} returns cards to the kitty."
    if phase == Phase.DEFEND_ALONE:
        return f"{who} may defend alone."
    if phase == Phase.HAND_OVER:
        return "The hand is over; the next deal follows."
    return "The game is over."


class EuchrePresenter(Presenter[EuchreState, EuchreMove]):
    game = EUCHRE
    help = HELP
    rules = RULES

    def caption(self, view: EuchreState, seat: int | None, names: Sequence[str]) -> str:
        parts = [f"Hand {view.hand_number + 1}, {names[view.dealer]} deals."]
        if view.trump is not None and view.maker is not None:
            alone = " alone" if view.alone_seat is not None else ""
            parts.append(f"Trump {view.trump.symbol} by {names[view.maker]}{alone}.")
            tricks = [
                view.tricks_won[0] + view.tricks_won[2],
                view.tricks_won[1] + view.tricks_won[3],
            ]
            parts.append(f"Tricks {tricks[0]}–{tricks[1]}.")
        parts.append(
            f"Score {names[0]} & {names[2]} {view.scores[0]}, "
            f"{names[1]} & {names[3]} {view.scores[1]} (to {view.options.points_to_win})."
        )
        parts.append(_phase_words(view, names))
        return " ".join(parts)

    def hand(self, view: EuchreState, seat: int) -> str:
        cards = view.hands[seat]
        if not cards:
            return ""
        return "Your hand: " + " ".join(f"{i}·{label(c)}" for i, c in enumerate(cards, 1))

    def tree(
        self, view: EuchreState, seat: int, legal: Sequence[EuchreMove], names: Sequence[str]
    ) -> Node:
        spots = euchre_spots(legal, view.hands[seat])
        children: list[Leaf] = []
        for spot in spots.spots:
            (move,) = spot.moves
            verb = "Discard" if isinstance(move, Discard) else "Play"
            assert isinstance(move, Discard | PlayCard)
            children.append(Leaf(f"{spot.number} · {verb} {label(move.card)}", move, spot.number))
        for move in legal:
            if not isinstance(move, Discard | PlayCard):
                style: Style = "danger" if isinstance(move, Pass) else "primary"
                children.append(Leaf(self.game.move_label(move).capitalize(), move, style=style))
        title = {
            Phase.PLAYING: "Play a card",
            Phase.DEALER_DISCARD: "Discard a card",
            Phase.FARMER_DISCARD: "Return a card to the kitty",
        }.get(view.phase, "Your bid")
        return Node("", title, title, tuple(children), spots if spots.spots else None)

    def command(self, move: EuchreMove, view: EuchreState, seat: int, names: Sequence[str]) -> str:
        match move:
            case Pass():
                return "pass"
            case OrderUp(alone=alone):
                return "order up alone" if alone else "order up"
            case CallTrump(suit=suit, alone=alone):
                return f"call {SUIT_NAMES[suit]}" + (" alone" if alone else "")
            case Discard(card=c):
                return f"discard {code(c)}"
            case PlayCard(card=c):
                return f"play {code(c)}"
            case DefendAlone():
                return "defend alone"
            case FarmersHand():
                return "farmer"

    def parse(
        self,
        said: list[str],
        view: EuchreState,
        seat: int,
        legal: Sequence[EuchreMove],
        names: Sequence[str],
    ) -> Parsed:
        move = self._read(said, view, seat, legal)
        if isinstance(move, Wrong | Unknown):
            return move
        reason = self.check(view, seat, move)
        if reason is not None:
            return Wrong(reason, tuple(self.forms(view, seat, legal, names)))
        return Chosen(move)

    def _read(
        self, said: list[str], view: EuchreState, seat: int, legal: Sequence[EuchreMove]
    ) -> EuchreMove | Wrong | Unknown:
        alone = "alone" in said
        rest = [w for w in said if w not in ("alone", "up", "it", "the", "trump", "a", "card")]
        head = said[0]
        if head == "pass":
            return PASS
        if head in ("order", "pick", "pickup", "up") or (head == "alone" and not rest):
            return ORDER_UP[alone] if head != "alone" or ORDER_UP[True] in legal else _alone_hint()
        if head == "defend":
            return DEFEND_ALONE
        if head in ("farmer", "farmers", "farmer's", "exchange"):
            return FARMERS_HAND
        if head in ("call", "name") or head in SUIT_WORDS:
            words = rest[1:] if head in ("call", "name") else rest
            if len(words) != 1 or words[0] not in SUIT_WORDS:
                return Wrong("Name a suit: call hearts, call spades alone.", ("call hearts",))
            return CALL_TRUMP[SUIT_WORDS[words[0]]][alone]
        verb = head if head in ("play", "discard", "throw") else None
        args = rest[1:] if verb else rest
        card = self._card(args[0], view.hands[seat]) if len(args) == 1 else None
        if card is None and verb is None:
            close = nearest(head, VERBS)
            if close:
                return Wrong(f"{head!r} is not a move. Did you mean {' or '.join(close)}?")
            return Unknown(head)
        if card is None:
            return Wrong(f"Say which card: {verb} JH, or {verb} 2 (its place in your hand).")
        discarding = verb in ("discard", "throw") or view.phase in (
            Phase.DEALER_DISCARD,
            Phase.FARMER_DISCARD,
        )
        return DISCARD[card] if discarding else PLAY[card]

    @staticmethod
    def _card(word: str, hand: Sequence[int]) -> int | None:
        if word.isdigit() or word.startswith("#"):
            n = number(word)
            return hand[n - 1] if n is not None and 1 <= n <= len(hand) else None
        return parse_code(word)

    def render(
        self,
        view: EuchreState,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[EuchreMove] | None,
        selected: int | None,
    ) -> bytes:
        return draw.render_png(view, seat, spots=spots, names=names)

    def describe(
        self,
        view: EuchreState,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[EuchreMove] | None,
        selected: int | None,
    ) -> str:
        return draw.render_text(view, seat, spots=spots, names=names)


def _alone_hint() -> Wrong:
    return Wrong("Going alone means naming trump: call hearts alone.", ("call hearts alone",))


PRESENTER = EuchrePresenter()
