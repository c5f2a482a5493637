"""Katan in chat: the presenter the chat layer calls, joining the captions,
the menu tree, the composer and the table-driven grammar."""

from collections.abc import Mapping, Sequence

from engine.katan import kinds, rules
from engine.katan.game import KATAN
from engine.katan.moves import BANK_TRADE, Move
from engine.katan.state import hand_size
from engine.katan.view import KatanView
from engine.protocol import Event, GameOptions
from frontends.chat import compose
from frontends.chat.grammar import Parsed, word_name
from frontends.chat.menus import Node, Sheet
from frontends.chat.presenters.base import Presenter
from frontends.chat.presenters.katan import captions, grammar, menus, retelling, tables
from frontends.chat.presenters.katan.chore_menus import due
from frontends.chat.setup import Question
from languages import _
from renderers import katan as draw
from renderers.spots import Spots
from renderers.words import spoken


class KatanPresenter(Presenter[KatanView, Move]):
    game = KATAN
    help_source = captions.HELP
    rules_source = captions.RULES

    def caption(self, view: KatanView, seat: int | None, names: Sequence[str]) -> str:
        return captions.caption(view.state, seat, names)

    def hand(self, view: KatanView, seat: int) -> str:
        return captions.hand(view.state, seat)

    def retell(self, event: Event) -> str:
        return retelling.retell(event)

    def setup(self, answers: Mapping[str, object]) -> Question | None:
        return tables.question(answers)

    def settings(self, options: GameOptions) -> str:
        return tables.settings(options)

    def tree(self, view: KatanView, seat: int, legal: Sequence[Move], names: Sequence[str]) -> Node:
        return menus.tree(view.state, seat, legal, names)

    # ---- the composer ----------------------------------------------------------------------

    def composer(
        self, payload: str, view: KatanView, seat: int, names: Sequence[str], back: str
    ) -> tuple[str, Sheet, Move | None] | None:
        read = compose.read_payload(payload)
        if read is None:
            return None
        draft, confirm = read
        st = view.state
        move = draft.move()
        problem = self.check(view, seat, move)
        if problem is not None:
            problem = spoken(problem, names)
        text = compose.summary(draft, names, due(st, seat))
        text += "\n" + (problem or _("Ready: press Confirm."))
        w = st.width
        hand = st.hands[seat * w : (seat + 1) * w]
        others = [t for t in range(st.seats) if t != seat and hand_size(st, t)]
        sheet = compose.sheet(
            draft, hand=hand, names=names, addressees=others, problem=problem, back=back
        )
        return text, sheet, move if confirm and problem is None else None

    def check(self, view: KatanView, seat: int, move: Move) -> str | None:
        """Enumerated moves are legal as listed; for the free-form ones the
        engine's reasons read only public counts and the seat's own hand, so
        they hold on the seat's view (docs/katan.md, Views). Taking a counter
        is the exception: the engine re-checks the answering seat's hand,
        which the view blanks, so the listed moves are asked first."""
        if move in rules.legal_moves(view.state, seat):
            return None
        return rules.why_not(view.state, seat, kinds.fit(move, view.state.width))

    # ---- commands ------------------------------------------------------------------------

    def command(self, move: Move, view: KatanView, seat: int, names: Sequence[str]) -> str:
        """The kind's `say` template filled in; a bank trade says the seat's ratio."""
        extra = None
        if move[0] == BANK_TRADE:
            extra = {"ratio": str(rules.ratios(view.state, seat)[move[1]])}
        kind = kinds.TABLE[move[0]]
        return kinds.fill(kind.say, move, lambda s: word_name(names, s), True, extra)

    def parse(
        self,
        said: list[str],
        view: KatanView,
        seat: int,
        legal: Sequence[Move],
        names: Sequence[str],
    ) -> Parsed:
        context = grammar.Context(
            view.state,
            seat,
            legal,
            names,
            lambda: self.tree(view, seat, legal, names),
            lambda move: self.command(move, view, seat, names),
        )
        return grammar.parse(said, context)

    # ---- pictures ------------------------------------------------------------------------

    def render(
        self,
        view: KatanView,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[Move] | None,
        selected: int | None,
    ) -> bytes:
        return draw.render_png(view, spots=spots, names=names)

    def describe(
        self,
        view: KatanView,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[Move] | None,
        selected: int | None,
    ) -> str:
        return draw.render_text(view, spots=spots, names=names)
