"""What a game's presenter provides to the conversation layer.

A presenter knows one game's words: the status caption, the menu tree over a
seat's legal moves, the text grammar, the canonical command of each move, and
how to draw the board. It is pure: it reads a seat's redacted view and legal
moves and never the full state, so a menu, caption or picture cannot show
what the seat may not know.
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from engine.errors import IllegalMove
from engine.protocol import Event, Game, GameOptions
from frontends.chat.grammar import Parsed
from frontends.chat.menus import Node, Sheet
from frontends.chat.setup import Question
from languages import _
from renderers.spots import Spots

V = TypeVar("V")
M = TypeVar("M")


class Presenter(ABC, Generic[V, M]):
    game: Game[Any, M, V]
    help_source: str
    """The game's text grammar, with examples, for `help` (the catalog's English)."""
    rules_source: str
    """A few lines of rules and where to read the rest, for `rules` (English)."""

    @property
    def help(self) -> str:
        """The grammar in the reader's language: the texts are constants, said late."""
        return _(self.help_source)

    @property
    def rules(self) -> str:
        return _(self.rules_source)

    @abstractmethod
    def caption(self, view: V, seat: int | None, names: Sequence[str]) -> str:
        """Whose turn, the score, and what is asked, in one or two short lines."""

    @abstractmethod
    def tree(self, view: V, seat: int, legal: Sequence[M], names: Sequence[str]) -> Node:
        """The menu over `legal`: every legal move is a leaf or composable below it."""

    @abstractmethod
    def parse(
        self, said: list[str], view: V, seat: int, legal: Sequence[M], names: Sequence[str]
    ) -> Parsed:
        """A typed line's words as a legal move, a menu to open, or why not."""

    @abstractmethod
    def command(self, move: M, view: V, seat: int, names: Sequence[str]) -> str:
        """The shortest text `parse` reads as `move` (for help and suggestions)."""

    @abstractmethod
    def render(
        self,
        view: V,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[M] | None,
        selected: int | None,
    ) -> bytes:
        """The board (with `spots`, the seat's numbered overlay) as PNG bytes."""

    @abstractmethod
    def describe(
        self,
        view: V,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[M] | None,
        selected: int | None,
    ) -> str:
        """The same picture in words (alt text, text-only fallbacks)."""

    def setup(self, answers: Mapping[str, object]) -> Question | None:
        """What `new GAME` asks (by buttons) before it opens a table, given the
        answers so far; None when there is nothing (more) to ask."""
        return None

    def settings(self, options: GameOptions) -> str:
        """A table's chosen options in a few words, for its lobby; empty
        when the defaults say it all."""
        return ""

    def retell(self, event: Event) -> str:
        """The event in a sentence for players (seats as `Seat N`, named later);
        the engine's own text unless the game says it better from the data."""
        return event.text

    def hand(self, view: V, seat: int) -> str:
        """The seat's own cards in words; empty when the game has none to show."""
        return ""

    def check(self, view: V, seat: int, move: M) -> str | None:
        """None if `move` is legal for `seat` in `view`, else the engine's reason.

        Euchre and Sequence views are states with secrets blanked, and their
        rules read only the mover's own hand, so the engine's check applies.
        """
        try:
            self.game.check(view, seat, move)
        except IllegalMove as exc:
            return exc.reason
        return None

    def composer(
        self, payload: str, view: V, seat: int, names: Sequence[str], back: str
    ) -> tuple[str, Sheet, M | None] | None:
        """For games with free-form moves: (running text, buttons, the move if
        the payload confirms a legal composition). None: not a composer payload."""
        return None

    def forms(self, view: V, seat: int, legal: Sequence[M], names: Sequence[str]) -> list[str]:
        """Commands for the legal moves, deduplicated, for "try one of these"."""
        out: list[str] = []
        for move in legal:
            text = self.command(move, view, seat, names)
            if text not in out:
                out.append(text)
        return out
