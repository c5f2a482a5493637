"""The words Katan's grammar reads a value from, one reader per field kind.

A reader takes the words a template slot was given and returns the value
(an int, a leg of counts, a pair), `MISSING` when nothing was said for it, or
a sentence saying what is wrong. Readers are forgiving the way players type:
synonyms (`wood`, `sheep`, `stone`), unique prefixes (`lum`), number words,
`#12`, counts before a card (`2 wool`, `wool wool`, `2x wool`).
"""

from collections.abc import Sequence
from typing import Final

from engine.katan import kinds as k
from engine.katan.cities.components import PROGRESS_NAMES
from engine.katan.components import CARD_NAMES, RESOURCES
from frontends.chat.grammar import number
from languages import N_, _
from renderers.katan_words import card_said

CARD_WORDS: Final = {
    "lumber": 0,
    "wood": 0,
    "log": 0,
    "logs": 0,
    "timber": 0,
    "brick": 1,
    "bricks": 1,
    "clay": 1,
    "wool": 2,
    "sheep": 2,
    "grain": 3,
    "grains": 3,
    "wheat": 3,
    "ore": 4,
    "ores": 4,
    "stone": 4,
    "rock": 4,
    "rocks": 4,
    "cloth": 5,
    "cloths": 5,
    "coin": 6,
    "coins": 6,
    "paper": 7,
    "papers": 7,
}
"""Every card kind a hand can hold; commodities (5..7) only count at tables
whose hands are eight cards wide (Cities & Knights)."""
TRACK_WORDS: Final = {
    "trade": 0,
    "yellow": 0,
    "politics": 1,
    "blue": 1,
    "science": 2,
    "green": 2,
}
DIE_FACES: Final = range(1, 7)
FILLER: Final = frozenset({"a", "an", "the", "of", "and", "&", "+", "card", "cards", "on", "at"})
"""Words between counts and cards that mean nothing (`2 wool and a brick`)."""
SKIPPED: Final = frozenset(
    {"to", "at", "on", "hex", "spot", "crossing", "edge", "number", "from", "with", "for", "of"}
)
"""Words a slot passes over when they are not one of its template's own words
(`move robber to hex 5`, `play plenty for ore wool`)."""
SEAT_FILLER: Final = frozenset({"counter", "offer", "from", "s", "to", "with", "and"})
EVERYONE: Final = frozenset({"everyone", "everybody", "all", "anyone", "anybody", "table"})


class Missing:
    """Nothing was said for a slot."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final = Missing()


def card(word: str, width: int) -> int | None:
    """The card kind `word` names at a table `width` cards wide, or None."""
    found = CARD_WORDS.get(word)
    if found is None and len(word) >= 3:
        near = {r for w, r in CARD_WORDS.items() if w.startswith(word) and r < width}
        found = near.pop() if len(near) == 1 else None
    return found if found is not None and found < width else None


def read_cards(said: Sequence[str], width: int = RESOURCES) -> tuple[tuple[int, ...], str | None]:
    """`2 wool 1 brick`, `wool wool brick`, `2x wool`: counts per card kind, or
    the word that is not a card."""
    counts = [0] * width
    pending: int | None = None
    for word in said:
        if word in FILLER:
            continue
        n = number(word)
        if n is not None and card(word, width) is None:
            pending = n
            continue
        r = card(word, width)
        if r is None:
            if width == RESOURCES:
                said = _("'{word}' is not a resource ({typed}).")
            else:
                said = _("'{word}' is not a card ({typed}).")
            return tuple(counts), said.format(word=word, typed=", ".join(CARD_NAMES[:width]))
        counts[r] += 1 if pending is None else pending
        pending = None
    if pending is not None:
        said = _("{count} of what? Name a card after the number.")
        return tuple(counts), said.format(count=pending)
    return tuple(counts), None


def cards_words(counts: Sequence[int]) -> str:
    """Counts the grammar reads back: `2 wool 1 ore`."""
    return " ".join(f"{n} {CARD_NAMES[r]}" for r, n in enumerate(counts) if n)


def cards_text(counts: Sequence[int]) -> str:
    """Counts for people: `2 wool, 1 ore`, or `nothing`."""
    parts = [f"{n} {card_said(r)}" for r, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else _("nothing")


# ---- one reader per field kind ---------------------------------------------------------

Value = int | tuple[int, ...]
Read = Value | Missing | str
"""A value, MISSING, or what is wrong (a sentence)."""

ONE_KIND: Final = N_("Name one kind of card there, not {cards}.")
SINGLE_WORD: Final = frozenset({k.EDGE, k.CROSSING, k.HEX, k.DIE, k.TRACK})
"""Field kinds whose value is one word, so a slot of this kind needs no
template word after it to know where it ends."""
CARD_KINDS: Final = frozenset({k.RESOURCE, k.COMMODITY, k.GOOD})
SEATS: Final = frozenset({k.SEAT, k.VICTIM, k.ADDRESSEE})


def several_kinds(error: str) -> bool:
    """Whether a slot's error is that it named several kinds of card (said
    in the reader's language, as the error was)."""
    return error.startswith(_(ONE_KIND).partition("{")[0])


def read_one(kind: str, word: str) -> int | None:
    """A one-word value (a spot id, a die face, a track), or None when `word` is not one."""
    if kind == k.TRACK:
        found = TRACK_WORDS.get(word)
        if found is None and len(word) >= 3:
            near = {t for w, t in TRACK_WORDS.items() if w.startswith(word)}
            found = near.pop() if len(near) == 1 else None
        if found is None and (r := card(word, len(CARD_NAMES))) is not None and r >= RESOURCES:
            found = r - RESOURCES  # each commodity buys one track's improvements
        return found
    n = number(word)
    if n is None or (kind == k.DIE and n not in DIE_FACES):
        return None
    return n


def read_card(kind: str, said: Sequence[str], width: int) -> tuple[int, int] | Missing | str:
    """(card kind, count said) for a one-card field: `ore`, `4 wool`."""
    counts, bad = read_cards(said, width)
    if bad:
        return bad
    named = [r for r, n in enumerate(counts) if n]
    if not named:
        return MISSING
    if len(named) > 1:
        return _(ONE_KIND).format(cards=cards_text(counts))
    r = named[0]
    if kind == k.RESOURCE and r >= RESOURCES:
        return _("{card} is a commodity; name a resource.").format(card=card_said(r))
    if kind == k.COMMODITY and r < RESOURCES:
        said = _("{card} is a resource; name a commodity (cloth, coin or paper).")
        return said.format(card=card_said(r))
    return r, counts[r]


def read_pair(kind: str, said: Sequence[str], width: int) -> tuple[int, ...] | Missing | str:
    """Two cards in order: both, one (a partial pair), or MISSING."""
    counts, bad = read_cards(said, width if kind == k.GOOD_PAIR else RESOURCES)
    if bad:
        return bad
    picked = tuple(r for r in range(len(counts)) for _copy in range(counts[r]))
    if len(picked) > 2:
        return _("Name two cards, not {count}.").format(count=len(picked))
    return picked if picked else MISSING


def read_progress(said: Sequence[str]) -> int | Missing | str:
    words = [w for w in said if w not in FILLER]
    if not words:
        return MISSING
    wanted = "_".join(words).replace("harbour", "harbor")
    if wanted in PROGRESS_NAMES:
        return PROGRESS_NAMES.index(wanted)
    near = [i for i, n in enumerate(PROGRESS_NAMES) if n.startswith(wanted)]
    if len(near) == 1:
        return near[0]
    return _("'{words}' is not a progress card.").format(words=" ".join(words))
