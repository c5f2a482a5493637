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

_SEAT = r"(?P<seat>[Ss]eat \d+)"
_CARD = r"(?P<card>\S+)"

SENTENCES: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(pattern), said)
    for pattern, said in (
        # Euchre
        (rf"{_SEAT} defends alone\.", N_("{seat} defends alone.")),
        (
            rf"{_SEAT} shows a farmer's hand and takes the kitty\.",
            N_("{seat} shows a farmer's hand and takes the kitty."),
        ),
        (rf"{_SEAT} declines to defend alone\.", N_("{seat} declines to defend alone.")),
        (rf"{_SEAT} keeps the hand\.", N_("{seat} keeps the hand.")),
        (rf"{_SEAT} passes\.", N_("{seat} passes.")),
        (
            rf"{_SEAT} names (?P<suit>\S+) and goes alone\.",
            N_("{seat} names {suit} and goes alone."),
        ),
        (rf"{_SEAT} names (?P<suit>\S+)\.", N_("{seat} names {suit}.")),
        (
            rf"{_SEAT} orders up (?P<suit>\S+) and goes alone\.",
            N_("{seat} orders up {suit} and goes alone."),
        ),
        (rf"{_SEAT} orders up (?P<suit>\S+)\.", N_("{seat} orders up {suit}.")),
        (rf"{_SEAT} returns a card to the kitty\.", N_("{seat} returns a card to the kitty.")),
        (
            rf"{_SEAT} returns three cards to the kitty\.",
            N_("{seat} returns three cards to the kitty."),
        ),
        (rf"{_SEAT} plays {_CARD}\.", N_("{seat} plays {card}.")),
        (rf"{_SEAT} takes the trick\.", N_("{seat} takes the trick.")),
        (
            r"(?P<team>Team \d+) is euchred — (?P<other>team \d+) scores (?P<points>\d+)\.",
            N_("{team} is euchred — {other} scores {points}."),
        ),
        (r"(?P<team>Team \d+) wins\.", N_("{team} wins.")),
        (rf"You discard {_CARD}\.", N_("You discard {card}.")),
        (r"Dealer discards\.", N_("Dealer discards.")),
        (rf"{_CARD} turned down\.", N_("{card} turned down.")),
        (r"Hand thrown in; redealing\.", N_("Hand thrown in; redealing.")),
        (
            r"Hand (?P<number>\d+) — dealer is (?P<seat>seat \d+)\.",
            N_("Hand {number} — dealer is {seat}."),
        ),
        # Sequence
        (
            rf"{_SEAT} plays {_CARD} on square (?P<square>\d+)\.",
            N_("{seat} plays {card} on square {square}."),
        ),
        (rf"{_SEAT} plays {_CARD} — sequence!\.", N_("{seat} plays {card} — sequence!")),
        (
            r"(?P<team>Team \d+) completes a sequence \((?P<count>\d+) of (?P<target>\d+)\)\.",
            N_("{team} completes a sequence ({count} of {target})."),
        ),
        (
            rf"{_SEAT} removes (?P<team>team \d+)'s chip from square (?P<square>\d+)"
            rf" with {_CARD}\.",
            N_("{seat} removes {team}'s chip from square {square} with {card}."),
        ),
        (rf"{_SEAT} removes a chip with {_CARD}\.", N_("{seat} removes a chip with {card}.")),
        (rf"{_SEAT} swaps dead card {_CARD}\.", N_("{seat} swaps dead card {card}.")),
        (
            r"(?P<team>Team \d+) wins with (?P<count>\d+) sequences\.",
            N_("{team} wins with {count} sequences."),
        ),
        (
            r"The discard pile is shuffled into a new draw pile\.",
            N_("The discard pile is shuffled into a new draw pile."),
        ),
        (rf"You draw {_CARD}\.", N_("You draw {card}.")),
        (rf"{_SEAT} draws a card\.", N_("{seat} draws a card.")),
        (rf"{_SEAT} has no legal move and passes\.", N_("{seat} has no legal move and passes.")),
        (
            r"No seat has a legal move: the table is blocked and the game is a draw\.",
            N_("No seat has a legal move: the table is blocked and the game is a draw."),
        ),
        # the daemon's notices
        (r"(?P<name>.+) is back at the table\.", N_("{name} is back at the table.")),
        (r"(?P<name>.+) joins the table\.", N_("{name} joins the table.")),
        (r"The game begins\.", N_("The game begins.")),
        (r"Time is up; a move was made for you\.", N_("Time is up; a move was made for you.")),
        (
            r"The AI plays your seat until you make a move\.",
            N_("The AI plays your seat until you make a move."),
        ),
        (r"Ended by (?P<name>.+)\.", N_("Ended by {name}.")),
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
