"""The moves a person may make, as they are typed.

In Katan a move that points at one place (a crossing, an edge or a hex) is
typed as that place's id, the number drawn on the board and named by the
move's label ("build settlement 12": type 12), so a number read off the
board always means that place. Every other move gets a letter. A number
that is the place of several moves (a road and a settlement both at 5, a
robber hex with two seats to rob) is asked about. Games without a board of
numbered places list their moves numbered from 1.
"""

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.errors import EngineError
from engine.registry import get_game
from frontends.terminal.words import team_name
from languages import _
from renderers.katan.places import source, target
from renderers.move_words import euchre_move, katan_heading, katan_move, sequence_move
from renderers.words import spoken

SHOWN_PLACES: Final = 24
"""A group with more places than this says how many instead of listing them
(the board shows them all)."""


@dataclass(frozen=True, slots=True)
class Entry:
    key: str
    label: str
    move: str
    """The move's JSON, as the host listed it."""


@dataclass(frozen=True, slots=True)
class Menu:
    entries: tuple[Entry, ...]
    """Moves chosen by their key (a letter, or a number in games without places)."""
    places: Mapping[int, tuple[Entry, ...]] = field(default_factory=dict)
    """A place id → the moves at that place."""
    groups: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """("build road", ids) for the listing, in the reader's language."""
    spots: Mapping[str, frozenset[int]] = field(default_factory=dict)
    """Place kind → ids, for the board."""

    def find(self, typed: str) -> tuple[Entry, ...]:
        """The moves `typed` may mean; none when it is not a move."""
        text = typed.strip().lower()
        if text.isdigit() and self.places:
            return self.places.get(int(text), ())
        return tuple(e for e in self.entries if e.key == text)

    def text(self) -> str:
        lines = [_("Your move.")]
        if self.groups:
            lines.append(_("Type a number shown on the board:"))
            for heading, ids in self.groups:
                listed = (
                    ", ".join(map(str, ids))
                    if len(ids) <= SHOWN_PLACES
                    else _("{count} places, numbered on the board").format(count=len(ids))
                )
                lines.append(f"  {heading}: {listed}")
            if self.entries:
                lines.append(_("or a letter:"))
        lines += [f"  {e.key:>3}. {e.label}" for e in self.entries]
        return "\n".join(lines)

    def hint(self) -> str:
        """What may be typed, for a line that was not a move."""
        kinds = []
        if self.places:
            kinds.append(_("a number on the board"))
        if self.entries and self.places:
            kinds.append(_("a letter from the list"))
        elif self.entries:
            kinds.append(
                _("a number from 1 to {last}").format(last=len(self.entries))
                if self.entries[0].key.isdigit()
                else _("a letter from the list")
            )
        if not kinds:
            return _("type help")
        return _("type {kinds}, or help").format(kinds=_(" or ").join(kinds))


def letters(index: int) -> str:
    """a … z, then aa, ab, …: keys that can never be a place's number."""
    head = "" if index < 26 else letters(index // 26 - 1)
    return head + chr(ord("a") + index % 26)


def build(game_id: str, legal: Sequence[str], names: Sequence[str]) -> Menu:
    """The menu for `legal` (the host's move JSON), labels in people's words."""
    try:
        game: Any = get_game(game_id)
    except EngineError:
        game = None
    decoded: list[Any] = []
    for text in legal:
        try:
            decoded.append(game.decode_move(text) if game else None)
        except (EngineError, ValueError):
            decoded.append(None)

    def label(i: int) -> str:
        move = decoded[i]
        if move is None:
            return legal[i]
        if game_id == "euchre":
            return euchre_move(move)
        if game_id == "sequence":
            return sequence_move(move)
        if game_id == "katan":
            return spoken(katan_move(move), names, team_name)
        return spoken(game.move_label(move), names, team_name)

    if game_id == "katan":
        return _katan(legal, decoded, label)
    return Menu(tuple(Entry(str(i + 1), label(i), t) for i, t in enumerate(legal)))


def _katan(legal: Sequence[str], decoded: list[Any], label: Callable[[int], str]) -> Menu:
    places: dict[int, list[Entry]] = defaultdict(list)
    groups: dict[str, list[int]] = defaultdict(list)
    spots: dict[str, set[int]] = defaultdict(set)
    others: list[Entry] = []
    for i, (text, move) in enumerate(zip(legal, decoded, strict=True)):
        spot = target(move) if move is not None and source(move) < 0 else None
        if spot is None:
            others.append(Entry(letters(len(others)), label(i), text))
            continue
        kind, place = spot
        places[place].append(Entry(str(place), label(i), text))
        heading = katan_heading(move[0])
        if place not in groups[heading]:
            groups[heading].append(place)
        spots[kind].add(place)
    return Menu(
        tuple(others),
        {p: tuple(es) for p, es in places.items()},
        tuple((h, tuple(sorted(ids))) for h, ids in groups.items()),
        {k: frozenset(v) for k, v in spots.items()},
    )
