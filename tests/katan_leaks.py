"""What a Katan table hid, checked against what one reader was sent.

Built from the stored log replayed (every state, and the events of every
step), for the Telegram and Discord audits:

- **progress cards**: a card's name may reach a reader only once the reader
  could know it: it was in the reader's own view (their hand, or the cards a
  Spy shows them), or an event the reader may see named it (a card played,
  a point card laid face up, what the reader's Spy took);
- **Seafarers' hidden piles**: a fog hex still face down is never named with
  a terrain, an unopened chest never with its hex, and a canal tile still
  being dug never with the number it will get.

`Secrets.problems(texts, seat, high)` lists what a message to `seat` (None:
a public one) shows that it may not, reckoning with the positions up to
version `high` (no message sent before the table reached `high` can show
more).
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from daemon.table import replay_step
from engine.katan.cities.components import PROGRESS_TITLES
from engine.katan.components import CANAL, FOG, TERRAIN_NAMES
from engine.protocol import Event

TITLES: Final = sorted(PROGRESS_TITLES, key=len, reverse=True)
"""Longest first, so `Master Merchant` is not also read as `Merchant`."""
TERRAIN_WORDS: Final = "lumber|brick|wool|grain|ore|gold|desert|" + "|".join(
    t for t in TERRAIN_NAMES if t.isalpha() and t != "fog"
)
"""What a fog hex's tile could be called; "fog" itself is what everyone sees
of a face-down hex (a picture's alt text lists `55 fog`)."""
DUG: Final = re.compile(r"\(\d+ of \d+ dug\)")


def titles_in(text: str) -> set[str]:
    """The progress cards `text` names (by title, as the chat words them)."""
    found: set[str] = set()
    for title in TITLES:
        pattern = re.compile(rf"(?<![A-Za-z]){re.escape(title)}(?![A-Za-z])")
        if pattern.search(text):
            found.add(title)
            text = pattern.sub(" ", text)
    return found


@dataclass
class Secrets:
    game: Any
    states: list[Any]
    events: list[tuple[Event, ...]] = field(default_factory=list)
    """The events of step i, which led to state i + 1."""
    _known: dict[int | None, list[set[str]]] = field(default_factory=dict)

    @classmethod
    def replayed(cls, table: Any, steps: Sequence[Any]) -> "Secrets":
        game = table.game
        state = game.initial_state(table.config)
        states, events = [state], []
        for step in steps:
            transition = replay_step(game, state, step)
            state = transition.state
            states.append(state)
            events.append(tuple(transition.events))
        return cls(game, states, events)

    def known(self, seat: int | None, high: int) -> set[str]:
        """Progress cards `seat` could know of by version `high`."""
        if seat not in self._known:
            running: set[str] = set()
            out = []
            for i, state in enumerate(self.states):
                view = self.game.view_for(state, seat).state
                if view.ck is not None:
                    running |= {
                        PROGRESS_TITLES[c] for hand in view.ck.progress for c in hand if c >= 0
                    }
                if i:
                    for event in self.events[i - 1]:
                        if event.visible_to(seat):
                            running |= titles_in(event.text)
                out.append(set(running))
            self._known[seat] = out
        return self._known[seat][min(high, len(self.states) - 1)]

    def problems(self, texts: Sequence[str], seat: int | None, high: int) -> list[str]:
        state = self.states[min(high, len(self.states) - 1)]
        text = "\n".join(texts)
        out = []
        if state.ck is not None:
            unknown = titles_in(text) - self.known(seat, high)
            if unknown:
                out.append(f"progress cards {sorted(unknown)} named to seat {seat}")
        if state.sea is not None:
            out += self._sea(text, state)
        return out

    @staticmethod
    def _sea(text: str, state: Any) -> list[str]:
        out = []
        board = state.board
        for h, terrain in enumerate(board.terrain):
            if terrain == FOG and re.search(rf"(?<!\d){h} ({TERRAIN_WORDS})\b", text):
                out.append(f"the fog hex {h} named with a terrain")
        for h, _ in state.sea.chests:
            if re.search(rf"chest[^.\n]*\bhex {h}\b|(?<!\d){h}\b[^,.\n]*\bchest", text):
                out.append(f"the chest under hex {h} shown")
        plain = DUG.sub(" ", text)
        for h, number in state.sea.canal_numbers:
            if board.terrain[h] != CANAL:
                continue  # dug out: its number is on the board for all to see
            near = rf"(?<!\d){h} (canal|fields|grain)[^,\n]*?(?<!\d){number}(?!\d)"
            event = rf"\bhex {h}\b[^.\n]*\b(with|number) {number}(?!\d)"
            if re.search(near, plain) or re.search(event, plain):
                out.append(f"the canal tile {h}'s number {number} shown")
        return out
