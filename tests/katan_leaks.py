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


# ---- the whole expansion games of the chat tests -----------------------------------------


@dataclass(frozen=True)
class WholeGame:
    """One whole expansion game of the chat tests: two people and two AIs to
    `POINTS`, on a pinned seed whose game is short but has what the leak
    audit must see, the same move for move through Telegram and Discord
    (every seat decides with Katan's own AI). `kinds` are events it must
    have played and `told` words the two people must have been told."""

    name: str
    expansions: str
    map: str | None
    seed: int
    kinds: frozenset[str]
    told: tuple[str, ...]

    def options(self) -> dict[str, str]:
        """The table's options (`expansions`, and `map` at sea)."""
        return {"expansions": self.expansions} | ({"map": self.map} if self.map else {})


POINTS: Final = 5
_CITIES_KINDS: Final = frozenset({"progress_draw", "play_progress", "barbarians_win", "city_lost"})
_CITIES_TOLD: Final = (
    "Barbarians",
    " away: ",
    "The barbarians attack",
    "give up a city",
    "Your progress cards:",
)
_SEA_KINDS: Final = frozenset({"build_ship", "fog_found", "island_bonus"})
_SEA_TOLD: Final = ("Ships:", "under the fog")
WHOLE_GAMES: Final = (
    WholeGame("cities", "cities_and_knights", None, 8_675_309_002, _CITIES_KINDS, _CITIES_TOLD),
    WholeGame("seafarers", "seafarers", "fog_islands", 8_675_309_439, _SEA_KINDS, _SEA_TOLD),
    WholeGame(
        "sea_cities",
        "cities_and_knights,seafarers",
        "treasure_islands",
        8_675_310_834,
        _CITIES_KINDS | _SEA_KINDS | {"chest"},
        (*_CITIES_TOLD, *_SEA_TOLD, "opened a chest"),
    ),
)
"""Cities & Knights, 88 steps: AI 3 draws Smith and Crane (the people never
learn of Crane; Smith they may name only once it is played), the barbarians
attack with 4 cities against 2 knights and win, so AI 3 and Ana each give up
a city (Ana chooses hers), then Bo draws Merchant, plays it and wins.

The Fog Islands, 86 steps: Bo builds a ship, AI 2 two; AI 2's second
finds gold under the fog, and AI 2, the first on island 2 (2 points), wins
with 5; thirteen fog hexes stay face down to the end.

Both on Treasure Islands, 207 steps: Bo draws Merchant and plays it; the
barbarians win 4 to 2, so AI 2 and Ana each give up a city; next time Bo's
and AI 2's knights hold them 2 to 2, and both draw from the trade deck: AI 2
Merchant Fleet (played later), Bo Master Merchant (kept to the end); Bo
draws Trade Monopoly and plays it; Ana's third ship finds pasture under the
fog and a chest of a resource of her choice; at the last Bo draws Intrigue,
AI 2 Deserter and AI 3 Wedding, and Ana, first on island 1 (2 points), wins
with 7; seven fog hexes and four chests stay face down to the end."""


def assert_whole_game(
    game: WholeGame, replayed: Secrets, told: str, version: int, people: Sequence[int]
) -> None:
    """The game had what `game` names, and the audit had secrets to keep from
    each person (the seats `people`) to the end: a progress card they never
    learned of (with Cities & Knights) and fog still face down (at sea)."""
    kinds = {event.kind for events in replayed.events for event in events}
    assert game.kinds <= kinds, sorted(game.kinds - kinds)
    missing = [w for w in game.told if w not in told]
    assert not missing, f"the people were never told {missing}"
    last = replayed.states[-1]
    if last.ck is not None:
        held = {PROGRESS_TITLES[c] for st in replayed.states for h in st.ck.progress for c in h}
        for seat in people:
            assert held - replayed.known(seat, version), f"no card kept from seat {seat}"
    if last.sea is not None:
        assert FOG in last.board.terrain, "fog the audit kept unnamed"
