"""The engines' and the daemon's sentences in the reader's language.

Engines narrate in English (the app's log lines are kept byte for byte), and
the daemon's notices are English too. Before `renderers.words.spoken` puts
names in, a sentence that matches one of these patterns is said again from
the catalog: the pattern's named parts (a seat as `Seat 2`, a team, a card, a
number) fill the translation's placeholders, so the names still go in after.
A sentence no pattern knows stays as the engine said it. Katan's narration is
not here yet (docs/languages.md).
"""

import re
from typing import Final

from languages import N_, SOURCE, _, current, ngettext

_NUMBER: Final = r"\d+"
_FIELDS: Final = {
    "seat": r"[Ss]eat \d+",
    "team": r"[Tt]eam \d+",
    "other": r"[Tt]eam \d+",
    "card": r"\S+",
    "suit": r"\S+",
    "name": r".+",
}
"""What each placeholder matches in the English sentence; any other is a number."""


def _pattern(template: str) -> re.Pattern[str]:
    """The English sentence a template was written from, its placeholders as
    named groups (the engines end an exclamation with a full stop too)."""
    parts = re.split(r"\{(\w+)\}", template)
    pattern = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>{_FIELDS.get(part, _NUMBER)})"
        for i, part in enumerate(parts)
    )
    return re.compile(pattern + (r"\.?" if template.endswith("!") else ""))


SENTENCES: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (_pattern(said), said)
    for said in (
        # Euchre
        N_("{seat} defends alone."),
        N_("{seat} shows a farmer's hand and takes the kitty."),
        N_("{seat} declines to defend alone."),
        N_("{seat} keeps the hand."),
        N_("{seat} passes."),
        N_("{seat} names {suit} and goes alone."),
        N_("{seat} names {suit}."),
        N_("{seat} orders up {suit} and goes alone."),
        N_("{seat} orders up {suit}."),
        N_("{seat} returns a card to the kitty."),
        N_("{seat} returns three cards to the kitty."),
        N_("{seat} plays {card}."),
        N_("{seat} takes the trick."),
        N_("{team} is euchred — {other} scores {points}."),
        N_("{team} wins."),
        N_("You discard {card}."),
        N_("Dealer discards."),
        N_("{card} turned down."),
        N_("Hand thrown in; redealing."),
        N_("Hand {number} — dealer is {seat}."),
        # Sequence
        N_("{seat} plays {card} on square {square}."),
        N_("{seat} plays {card} — sequence!"),
        N_("{team} completes a sequence ({count} of {target})."),
        N_("{seat} removes {team}'s chip from square {square} with {card}."),
        N_("{seat} removes a chip with {card}."),
        N_("{seat} swaps dead card {card}."),
        N_("{team} wins with {count} sequences."),
        N_("The discard pile is shuffled into a new draw pile."),
        N_("You draw {card}."),
        N_("{seat} draws a card."),
        N_("{seat} has no legal move and passes."),
        N_("No seat has a legal move: the table is blocked and the game is a draw."),
        # the daemon's notices
        N_("{name} is back at the table."),
        N_("{name} joins the table."),
        N_("The game begins."),
        N_("Time is up; a move was made for you."),
        N_("The AI plays your seat until you make a move."),
        N_("Ended by {name}."),
    )
)
TRICKS: Final = re.compile(
    r"(?P<team>Team \d+) took (?P<tricks>\d+) tricks for (?P<points>\d+) point\(s\)\."
)
"""Euchre's hand result, whose point count chooses the plural."""


def retold(text: str) -> str:
    """`text` in the current language when it is a sentence the catalog
    knows (the source language's text is left exactly as it was)."""
    if current() == SOURCE:
        return text
    said = text.strip()
    if found := TRICKS.fullmatch(said):
        points = int(found["points"])
        template = ngettext(
            "{team} took {tricks} tricks for {points} point.",
            "{team} took {tricks} tricks for {points} points.",
            points,
        )
        return template.format(**found.groupdict())
    for pattern, template in SENTENCES:
        if found := pattern.fullmatch(said):
            return _(template).format(**found.groupdict())
    return text
