"""Sequence in chat: pick a card, then a square numbered by its cell id."""

from collections.abc import Sequence
from typing import Final

from engine.cards import code, label, parse_code
from engine.sequence.deck import KIND, REMOVER
from engine.sequence.game import SEQUENCE
from engine.sequence.geometry import CELLS
from engine.sequence.moves import EXCHANGE, PLACE, REMOVE, Move
from engine.sequence.state import Phase, SequenceState
from frontends.chat.grammar import Chosen, Opened, Parsed, Unknown, Wrong, nearest, number
from frontends.chat.menus import Entry, Leaf, Node
from frontends.chat.presenters.base import Presenter
from languages import N_, _
from renderers import sequence as draw
from renderers.sequence import sequence_spots
from renderers.spots import Spots
from renderers.told import retold

VERBS: Final = ("play", "remove", "exchange")
ALIASES: Final = {
    "play": "play",
    "put": "play",
    "place": "play",
    "remove": "remove",
    "take": "remove",
    "clear": "remove",
    "exchange": "exchange",
    "discard": "exchange",
    "dead": "exchange",
    "swap": "exchange",
}
FILLER: Final = frozenset({"on", "at", "to", "square", "cell", "with", "card", "the", "a"})
HELP: Final = N_(
    """Sequence commands (any case); squares are numbered 0–99 as on the board:
  play 7D 34 — put a chip for 7♦ on square 34 (a two-eyed jack: play JD 34)
  play 7D — the squares 7♦ may take · play 34 — when one of your cards fits it
  remove JS 40 — take a chip off with a one-eyed jack (J♠, J♥)
  exchange 9C — trade a dead card (both its squares taken) for a new one"""
)
RULES: Final = N_(
    """Sequence: play a card from your hand and put a chip on a square showing it.
Five chips in a row (corners are free for everyone) make a sequence; the target wins.
Two-eyed jacks (J♦, J♣) go anywhere; one-eyed jacks (J♠, J♥) remove an opponent's chip
that is not part of a sequence. A dead card can be exchanged once a turn.
Full rules: docs/sequence.md."""
)


NONE_FITS: Final = {
    "play": N_("None of your cards can play on square {cell}."),
    "remove": N_("None of your cards can remove on square {cell}."),
}


def _team_names(view: SequenceState, names: Sequence[str]) -> list[str]:
    teams = view.options.team_count
    return [
        " & ".join(names[s] for s, t in enumerate(view.teams) if t == team) for team in range(teams)
    ]


class SequencePresenter(Presenter[SequenceState, Move]):
    game = SEQUENCE
    help_source = HELP
    rules_source = RULES

    def caption(self, view: SequenceState, seat: int | None, names: Sequence[str]) -> str:
        teams = _team_names(view, names)
        target = view.options.sequences_to_win
        score = ", ".join(
            f"{who} {view.sequences_by_team[t]}/{target}" for t, who in enumerate(teams)
        )
        if view.phase is Phase.GAME_OVER:
            if view.winner is None:
                end = _("A draw: nobody can move.")
            else:
                end = _("{team} win!").format(team=teams[view.winner])
            return _("Sequences: {score}. {end}").format(score=score, end=end)
        said = _("Sequences: {score}. {name} to play.")
        return said.format(score=score, name=names[view.turn])

    def hand(self, view: SequenceState, seat: int) -> str:
        cards = view.hands[seat]
        shown = " ".join(label(c) for c in cards)
        return _("Your hand: {cards}").format(cards=shown) if cards else ""

    def tree(
        self, view: SequenceState, seat: int, legal: Sequence[Move], names: Sequence[str]
    ) -> Node:
        cards: list[Entry] = []
        exchanges: list[Entry] = []
        seen: set[int] = set()
        for move in legal:
            if move.kind == "exchange":
                exchanges.append(
                    Leaf(
                        _("Exchange dead {card}").format(card=label(move.card)),
                        move,
                        style="danger",
                    )
                )
            elif move.card not in seen:
                seen.add(move.card)
                spots = sequence_spots(legal, move.card)
                if KIND[move.card] == REMOVER:
                    title = _("Remove with {card}: choose a square")
                else:
                    title = _("Play {card}: choose a square")
                title = title.format(card=label(move.card))
                leaves = tuple(Leaf(str(s.number), s.moves[0], s.number) for s in spots.spots)
                key = code(move.card).lower()
                cards.append(Node(key, f"{label(move.card)} ▸", title, leaves, spots, move.card))
        title = _("Choose a card")
        return Node("", title, title, (*cards, *exchanges), sequence_spots(legal))

    def command(self, move: Move, view: SequenceState, seat: int, names: Sequence[str]) -> str:
        if move.kind == "exchange":
            return f"exchange {code(move.card)}"
        verb = "remove" if move.kind == "remove" else "play"
        return f"{verb} {code(move.card)} {move.cell}"

    def parse(
        self,
        said: list[str],
        view: SequenceState,
        seat: int,
        legal: Sequence[Move],
        names: Sequence[str],
    ) -> Parsed:
        head = said[0]
        verb = ALIASES.get(head)
        args = [w for w in (said[1:] if verb else said) if w not in FILLER]
        cards = [c for w in args if (c := parse_code(w)) is not None]
        cells = [n for w in args if parse_code(w) is None and (n := number(w)) is not None]
        unread = [w for w in args if parse_code(w) is None and number(w) is None]
        if verb is None and not cards and not cells:
            close = nearest(head, VERBS)
            if close:
                hint = _("{word!r} is not a move. Did you mean {close}?")
                return Wrong(hint.format(word=head, close=_(" or ").join(close)))
            return Unknown(head)
        if not cards and not cells and not unread:
            return Opened((), _("Which card, and which square? For example: play 7D 34."))
        if unread or len(cards) > 1 or len(cells) > 1:
            return Wrong(
                _("Say a card and a square: play 7D 34, remove JS 40, exchange 9C."),
                tuple(self.forms(view, seat, legal, names)[:6]),
            )
        card = cards[0] if cards else None
        cell = cells[0] if cells else None
        hand = view.hands[seat]
        if card is not None and card not in hand:
            held = _("You do not hold {card}.").format(card=label(card))
            return Wrong(held, (self.hand(view, seat),))
        if cell is not None and not 0 <= cell < CELLS:
            return Wrong(_("Squares are numbered 0 to {last}.").format(last=CELLS - 1))
        if verb == "exchange":
            if card is None:
                return Wrong(_("Say which dead card: exchange 9C."))
            return self._checked(EXCHANGE[card], view, seat, legal, names)
        if card is None:
            assert cell is not None
            fits = [m for m in legal if m.cell == cell and (verb is None or _verb(m) == verb)]
            if len(fits) == 1:
                return Chosen(fits[0])
            if not fits:
                return Wrong(
                    _(NONE_FITS[verb or "play"]).format(cell=cell),
                    tuple(self.forms(view, seat, legal, names)[:6]),
                )
            options = ", ".join(self.command(m, view, seat, names) for m in fits)
            several = _("Several cards fit square {cell}: say {options}.")
            return Wrong(several.format(cell=cell, options=options))
        if cell is None:
            fits = [m for m in legal if m.card == card and m.kind != "exchange"]
            if len(fits) == 1:
                return Chosen(fits[0])
            if fits:
                where = _("Where should {card} go?").format(card=label(card))
                return Opened((code(card).lower(),), where)
            return self._checked(EXCHANGE[card], view, seat, legal, names)
        move = REMOVE[card][cell] if KIND[card] == REMOVER else PLACE[card][cell]
        if verb == "remove" and KIND[card] != REMOVER:
            only = _("Only a one-eyed jack (J♠, J♥) removes a chip; {card} does not.")
            return Wrong(only.format(card=label(card)))
        return self._checked(move, view, seat, legal, names)

    def _checked(
        self,
        move: Move,
        view: SequenceState,
        seat: int,
        legal: Sequence[Move],
        names: Sequence[str],
    ) -> Parsed:
        if move in legal:
            return Chosen(move)
        reason = self.check(view, seat, move) or _("{move} is not legal now.").format(
            move=self.game.move_label(move)
        )
        return Wrong(retold(reason), tuple(self.forms(view, seat, legal, names)[:6]))

    def render(
        self,
        view: SequenceState,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[Move] | None,
        selected: int | None,
    ) -> bytes:
        return draw.render_png(view, seat, spots=spots, selected=selected, names=names)

    def describe(
        self,
        view: SequenceState,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[Move] | None,
        selected: int | None,
    ) -> str:
        return draw.render_text(view, seat, spots=spots, selected=selected, names=names)


def _verb(move: Move) -> str:
    return "remove" if move.kind == "remove" else "play"


PRESENTER = SequencePresenter()
