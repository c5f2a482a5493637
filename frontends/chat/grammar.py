"""What every game's text grammar shares: normalising a line, numbers, names,
and the answer to a line that is not understood.

A line is lower-cased, stripped of a leading `/`, `!` or `@bot` mention and of
punctuation, and split into words, so `/Build road 12`, `build, road: 12` and
`@plgames build road 12` read alike. Parsing never raises: a line is a move,
a menu to open (the line named a place or a card but several moves fit), or
wrong with the nearest valid forms.
"""

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

NUMBER_WORDS: Final = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}

_PUNCTUATION: Final = re.compile(r"[,;:.!?()\[\]{}\"'`]+")
_MENTION: Final = re.compile(r"^(<@!?\d+>|@\S+)\s*")


def words(text: str) -> list[str]:
    """The words of a typed line, normalised as the module says."""
    line = text.strip()
    line = _MENTION.sub("", line)
    line = line.lstrip("/!").strip()
    # `/roll@plgames_bot` is how Telegram addresses a command in a group.
    head, _, rest = line.partition(" ")
    if "@" in head:
        head = head.split("@", 1)[0]
    line = f"{head} {rest}"
    line = line.replace("×", "x").replace("’", "").lower()
    # Card codes keep their suit symbol; other punctuation separates words.
    return _PUNCTUATION.sub(" ", line).split()


def number(word: str) -> int | None:
    """`12`, `#12`, `x2`/`2x` and number words up to ten; None otherwise."""
    w = word.lstrip("#").removesuffix("x").removeprefix("x")
    if w.isdigit():
        return int(w)
    return NUMBER_WORDS.get(word)


def nearest(word: str, vocabulary: Iterable[str], n: int = 3) -> list[str]:
    return difflib.get_close_matches(word, list(vocabulary), n=n, cutoff=0.6)


def seat_by_name(
    said: Sequence[str], names: Sequence[str], seats: Iterable[int]
) -> tuple[int | None, str | None]:
    """The seat meant by `said` among `seats`: `seat 2`, `2`, or a name (or its
    unique prefix), case-insensitive. Returns (seat, None) or (None, reason).
    People count seats from 1, so `seat 2` is the engine's seat 1."""
    allowed = list(seats)
    if not said:
        return None, "Name a seat."
    if said[0] == "seat" and len(said) == 2:
        said = said[1:]
    if len(said) == 1 and (n := number(said[0])) is not None and said[0] not in NUMBER_WORDS:
        if n - 1 in allowed:
            return n - 1, None
        return None, f"Seat {n} is not one you can choose here."
    wanted = " ".join(said)
    exact = [s for s in allowed if names[s].lower() == wanted]
    if len(exact) == 1:
        return exact[0], None
    prefixed = [s for s in allowed if names[s].lower().startswith(wanted)]
    if len(prefixed) == 1:
        return prefixed[0], None
    choices = ", ".join(names[s] for s in allowed) or "nobody"
    if prefixed:
        return None, f"{wanted!r} could be {choices}; say `seat N`."
    return None, f"Nobody called {wanted!r} can be chosen here; the choices are {choices}."


def word_name(names: Sequence[str], seat: int) -> str:
    """How a command names a seat: its name when that is one word no other
    seat's name starts with, else `seat N`, counted from 1 (always understood)."""
    name = names[seat].lower()
    if (
        name
        and " " not in name
        and not number(name)
        and not any(o != seat and n.lower().startswith(name) for o, n in enumerate(names))
    ):
        return name
    return f"seat {seat + 1}"


# ---- results ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chosen:
    """The line is this legal move."""

    move: Any


@dataclass(frozen=True, slots=True)
class Opened:
    """The line named a decision with several legal answers: show the menu at
    `path` (a robber hex with two seats to rob, a card with many squares)."""

    path: tuple[str, ...]
    note: str


@dataclass(frozen=True, slots=True)
class Drafted:
    """The line started a composition (an offer without terms): show the
    composer with `payload` (a composer payload) and `note`."""

    payload: str
    note: str


@dataclass(frozen=True, slots=True)
class Wrong:
    """Not a legal move now: why, and the nearest forms that are."""

    reason: str
    forms: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Unknown:
    """Not this game's grammar at all (the conversation layer may know it)."""

    word: str


Parsed = Chosen | Opened | Drafted | Wrong | Unknown
