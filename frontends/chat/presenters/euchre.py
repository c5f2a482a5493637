"""Euchre in chat: bids as buttons, cards by their position in the hand.

Commands and the grammar read the move-kind table (`engine.euchre.kinds`):
a kind is found by its `say` template's verb or its table words, or by a
bare value of its first field (`hearts alone` calls trump, `JH` plays or
discards, whichever is legal); a flag is its name said anywhere (`alone`).
"""

from collections.abc import Sequence
from typing import Final

from engine.cards import Suit, label, parse_code
from engine.euchre import kinds
from engine.euchre.game import EUCHRE
from engine.euchre.moves import (
    ORDER_UP,
    Discard,
    EuchreMove,
    Pass,
    PlayCard,
)
from engine.euchre.state import EuchreState, Phase
from frontends.chat.api import Style
from frontends.chat.grammar import Chosen, Parsed, Unknown, Wrong, nearest, number
from frontends.chat.menus import Leaf, Node
from frontends.chat.presenters.base import Presenter
from languages import N_, _
from renderers import euchre as draw
from renderers.euchre import euchre_spots
from renderers.move_words import euchre_move as move_words
from renderers.spots import Spots
from renderers.told import retold
from renderers.words import team_colour

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
FILLER: Final = frozenset({"alone", "up", "it", "the", "trump", "a", "card"})
VERBS: Final = ("pass", "order", "alone", "call", "play", "discard", "defend", "farmer")
"""What "did you mean" offers for a word that is no verb."""

HELP: Final = N_(
    """Euchre commands (any case):
  pass · order up · order up alone · call hearts · call spades alone
  play JH (or play 3: the third card from the left, as numbered on the picture)
  discard 9C (the dealer after an order-up) · defend alone · farmer"""
)

RULES: Final = N_(
    """Euchre: four seats, partners opposite (seats 0 and 2 against 1 and 3).
Bid on the turned card (order up or pass), then name another suit in round two.
Follow suit if you can; the right and left bowers are the top trumps.
Making trump and taking 3 tricks scores 1, all 5 score 2 (4 alone); euchred makers give 2.
Full rules: docs/euchre.md."""
)


def _team(team: int, names: Sequence[str]) -> str:
    """A team by its colour (as the images draw it), then who sits in it."""
    return f"{team_colour(team)} ({names[team]} & {names[team + 2]})"


def _score_words(view: EuchreState, names: Sequence[str]) -> str:
    blue, orange = view.scores
    said = _("Score: {blue_team} {blue}, {orange_team} {orange} (to {target}).")
    return said.format(
        blue_team=_team(0, names),
        blue=blue,
        orange_team=_team(1, names),
        orange=orange,
        target=view.options.points_to_win,
    )


def _result_words(view: EuchreState, names: Sequence[str]) -> str:
    """The winner first, as people say a final score: "Blue wins 10–7"."""
    won = 0 if view.scores[0] >= view.scores[1] else 1
    said = _("{team} wins {won}–{lost} ({first} & {second}).")
    return said.format(
        team=team_colour(won).capitalize(),
        won=view.scores[won],
        lost=view.scores[1 - won],
        first=names[won],
        second=names[won + 2],
    )


def _phase_words(view: EuchreState, names: Sequence[str]) -> str:
    who = names[view.turn]
    phase = view.phase
    if phase == Phase.BID_ROUND_1:
        up = label(view.up_card) if view.up_card is not None else "?"
        return _("Up card {card}; {name} to order up or pass.").format(card=up, name=who)
    said = PHASES.get(phase, N_("The hand is over; the next deal follows."))
    return _(said).format(name=who)


PHASES: Final = {
    Phase.BID_ROUND_2: N_("{name} to name trump or pass."),
    Phase.DEALER_DISCARD: N_("{name} (dealer) discards a card."),
    Phase.PLAYING: N_("{name} to play."),
    Phase.FARMERS_HAND: N_("{name} may exchange a farmer's hand."),
    Phase.FARMER_DISCARD: N_("{name} returns cards to the kitty."),
    Phase.DEFEND_ALONE: N_("{name} may defend alone."),
}


class EuchrePresenter(Presenter[EuchreState, EuchreMove]):
    game = EUCHRE
    help_source = HELP
    rules_source = RULES

    def caption(self, view: EuchreState, seat: int | None, names: Sequence[str]) -> str:
        said = _("Hand {number}, {name} deals.")
        parts = [said.format(number=view.hand_number + 1, name=names[view.dealer])]
        if view.trump is not None and view.maker is not None:
            if view.alone_seat is not None:
                trump = _("Trump {suit} by {name} alone.")
            else:
                trump = _("Trump {suit} by {name}.")
            parts.append(trump.format(suit=view.trump.symbol, name=names[view.maker]))
            tricks = [
                view.tricks_won[0] + view.tricks_won[2],
                view.tricks_won[1] + view.tricks_won[3],
            ]
            parts.append(_("Tricks {blue}–{orange}.").format(blue=tricks[0], orange=tricks[1]))
        if view.phase == Phase.GAME_OVER:
            parts.append(_result_words(view, names))
        else:
            parts.append(_score_words(view, names))
            parts.append(_phase_words(view, names))
        return " ".join(parts)

    def hand(self, view: EuchreState, seat: int) -> str:
        cards = view.hands[seat]
        if not cards:
            return ""
        shown = " ".join(f"{i}·{label(c)}" for i, c in enumerate(cards, 1))
        return _("Your hand: {cards}").format(cards=shown)

    def tree(
        self, view: EuchreState, seat: int, legal: Sequence[EuchreMove], names: Sequence[str]
    ) -> Node:
        spots = euchre_spots(legal, view.hands[seat])
        children: list[Leaf] = []
        for spot in spots.spots:
            (move,) = spot.moves
            children.append(Leaf(f"{spot.number} · {move_words(move)}", move, spot.number))
        for move in legal:
            if not isinstance(move, Discard | PlayCard):
                style: Style = "danger" if isinstance(move, Pass) else "primary"
                children.append(Leaf(move_words(move), move, style=style))
        title = _(
            {
                Phase.PLAYING: N_("Play a card"),
                Phase.DEALER_DISCARD: N_("Discard a card"),
                Phase.FARMER_DISCARD: N_("Return a card to the kitty"),
            }.get(view.phase, N_("Your bid"))
        )
        return Node("", title, title, tuple(children), spots if spots.spots else None)

    def command(self, move: EuchreMove, view: EuchreState, seat: int, names: Sequence[str]) -> str:
        return kinds.command(move)

    def parse(
        self,
        said: list[str],
        view: EuchreState,
        seat: int,
        legal: Sequence[EuchreMove],
        names: Sequence[str],
    ) -> Parsed:
        move = _read(said, view.hands[seat], legal)
        if isinstance(move, Wrong | Unknown):
            return move
        reason = self.check(view, seat, move)
        if reason is not None:
            return Wrong(retold(reason), tuple(self.forms(view, seat, legal, names)))
        return Chosen(move)

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


def _read(
    said: list[str], hand: Sequence[int], legal: Sequence[EuchreMove]
) -> EuchreMove | Wrong | Unknown:
    head = said[0]
    if head == "alone" and len(said) == 1 and ORDER_UP[True] not in legal:
        return _alone_hint()
    found = _by_verb(said)
    if found is not None:
        kind, rest = found
        move = _fields(kind, rest, said, head, hand)
        if isinstance(move, Wrong) or move in legal or not kind.fields:
            return move
        # `play 9C` during the dealer's discard: the kind with the same fields that is legal.
        values = [getattr(move, f.name) for f in kind.fields]
        twins = [other.make(*values) for other in kinds.TABLE if _same_fields(other, kind)]
        return next((m for m in twins if m in legal), move)
    bare = [kind for kind in kinds.TABLE if _first_value(kind, head, hand)]
    if not bare:
        close = nearest(head, VERBS)
        if close:
            hint = _("{word!r} is not a move. Did you mean {close}?")
            return Wrong(hint.format(word=head, close=_(" or ").join(close)))
        return Unknown(head)
    # A bare card is played, or discarded in a discard phase: whichever is legal,
    # else whichever kind the seat is asked for, else the later kind (play).
    listed = {type(m) for m in legal}
    moves = [_fields(kind, said, said, head, hand) for kind in bare]
    ranks = [
        (not isinstance(m, Wrong) and m in legal, kind.cls in listed, i)
        for i, (kind, m) in enumerate(zip(bare, moves, strict=True))
    ]
    return moves[max(range(len(moves)), key=ranks.__getitem__)]


def _by_verb(said: list[str]) -> tuple[kinds.MoveKind, list[str]] | None:
    """The kind whose verb the line starts with (the longest), and the words after it."""
    best: tuple[kinds.MoveKind, list[str]] | None = None
    size = 0
    for kind in kinds.TABLE:
        for verb in (_verb(kind), *(tuple(w.split()) for w in kind.words)):
            if len(verb) > size and tuple(said[: len(verb)]) == verb:
                best, size = (kind, said[len(verb) :]), len(verb)
    return best


def _same_fields(a: kinds.MoveKind, b: kinds.MoveKind) -> bool:
    return a is not b and [f.kind for f in a.fields] == [f.kind for f in b.fields]


def _verb(kind: kinds.MoveKind) -> tuple[str, ...]:
    return tuple(kind.say.split("{")[0].split("[")[0].split())


def _first_value(kind: kinds.MoveKind, word: str, hand: Sequence[int]) -> bool:
    """Whether `word` is a value of the kind's first field that is not a flag."""
    named = [f for f in kind.fields if f.kind != kinds.FLAG]
    if not named:
        return False
    if named[0].kind == kinds.SUIT:
        return word in SUIT_WORDS
    return _card(word, hand) is not None


def _fields(
    kind: kinds.MoveKind, rest: list[str], said: list[str], verb: str, hand: Sequence[int]
) -> EuchreMove | Wrong:
    """The kind's move from the words after its verb: a flag is its name said
    anywhere in the line, a suit or a card the one word left."""
    args = [w for w in rest if w not in FILLER]
    values: list[object] = []
    for f in kind.fields:
        if f.kind == kinds.FLAG:
            values.append(f.name in said)
        elif f.kind == kinds.SUIT:
            if len(args) != 1 or args[0] not in SUIT_WORDS:
                return Wrong(_("Name a suit: call hearts, call spades alone."), ("call hearts",))
            values.append(SUIT_WORDS[args[0]])
        else:
            card = _card(args[0], hand) if len(args) == 1 else None
            if card is None:
                which = _("Say which card: {verb} JH, or {verb} 2 (its place in your hand).")
                return Wrong(which.format(verb=verb))
            values.append(card)
    return kind.make(*values)


def _card(word: str, hand: Sequence[int]) -> int | None:
    if word.isdigit() or word.startswith("#"):
        n = number(word)
        return hand[n - 1] if n is not None and 1 <= n <= len(hand) else None
    return parse_code(word)


def _alone_hint() -> Wrong:
    said = _("Going alone means naming trump: call hearts alone.")
    return Wrong(said, ("call hearts alone",))


PRESENTER = EuchrePresenter()
