"""The engines' and the daemon's sentences in the reader's language.

Engines narrate in English (the app's log lines are kept byte for byte), and
the daemon's notices are English too. Before `renderers.words.spoken` puts
names in, a sentence that matches one of these patterns is said again from
the catalog: the pattern's named parts (a seat as `Seat 2`, a team, a card, a
number) fill the translation's placeholders, so the names still go in after.
A sentence no pattern knows stays as the engine said it. Katan's base-game
narration is here, its cards said in the reader's language too; the
expansions' own sentences are not yet (docs/languages.md).
"""

import re
from collections.abc import Callable
from typing import Final

from engine.katan.components import CARD_NAMES, DEV_LABELS
from languages import N_, SOURCE, _, current, ngettext
from renderers.katan_words import DEV_SAID, card_said

_NUMBER: Final = r"\d+"
_FIELDS: Final = {
    "seat": r"[Ss]eat \d+",
    "team": r"[Tt]eam \d+",
    "other": r"[Tt]eam \d+",
    "card": r"\S+",
    "suit": r"\S+",
    "name": r".+",
    "party": r"[Ss]eat \d+",
    "cards": r"\d+ [a-z]+(?:(?:, | and )\d+ [a-z]+)*",
    "wanted": r"\d+ [a-z]+(?:(?:, | and )\d+ [a-z]+)*",
    "resource": r"[a-z]+",
    "second": r"[a-z]+",
    "dev": "|".join(DEV_LABELS),
}
"""What each placeholder matches in the English sentence; any other is a number."""


def _card(word: str) -> str:
    return card_said(CARD_NAMES.index(word)) if word in CARD_NAMES else word


def _cards(listed: str) -> str:
    """Katan's `2 wool, 1 brick and 1 ore` with the cards in the reader's words."""
    parts = [
        f"{n} {_card(word)}" for n, word in (p.split(" ", 1) for p in re.split(r", | and ", listed))
    ]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + _(" and ") + parts[-1]


def _dev(label: str) -> str:
    return _(DEV_SAID[DEV_LABELS.index(label)]) if label in DEV_LABELS else label


_SAID: Final[dict[str, Callable[[str], str]]] = {
    "cards": _cards,
    "wanted": _cards,
    "resource": _card,
    "second": _card,
    "dev": _dev,
}
"""Placeholders whose English words are said again in the reader's language."""


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
        # Katan (the base game; the engine's sentences have no full stop)
        N_("{seat} rolled {number}"),
        N_("{seat} received {cards}"),
        N_("{seat} declined"),
        N_("{seat} counters: {cards} for {wanted}"),
        N_("{seat} ended the turn; {party} is up"),
        N_("{seat} offers {cards} for {wanted} to everyone"),
        N_("{seat} offers {cards} for {wanted} to {party}"),
        N_("{seat} traded {cards} to the bank for {wanted}"),
        N_("{seat} took {party}'s counter: {cards} for {wanted}"),
        N_("{seat} accepted: {party} gave {cards} for {wanted}"),
        N_("{seat} withdrew the offer"),
        N_("{seat} dismissed the counter-offers"),
        N_("Nobody took {party}'s offer"),
        N_("{seat} moved the robber to hex {number}"),
        N_("{seat} stole a card from {party}"),
        N_("{seat} stole a {resource} from {party}"),
        N_("{seat} built a road on edge {number}"),
        N_("{seat} built a road on edge {number} (free)"),
        N_("{seat} built a settlement on crossing {number}"),
        N_("{seat} built a city on crossing {number}"),
        N_("{seat} bought a development card"),
        N_("{seat} bought a {dev} card"),
        N_("{seat} played {dev}"),
        N_("{seat} must discard {number} cards"),
        N_("{seat} discarded {cards}"),
        N_("{seat} took {resource} and {second} from the bank"),
        N_("{seat} took all {number} {resource} from the other seats"),
        N_("{seat} gave up {number} free road(s)"),
        N_("{seat} now holds Longest Road"),
        N_("{seat} now holds Largest Army"),
        N_("{seat} wins with {points} points, {number} of them from victory point cards"),
        N_("{seat} wins with {points} points"),
        N_("{seat} is done building"),
        N_("{seat} is done building; {party} may build"),
        N_("{seat} is done; special building phase: {party} may build"),
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
            values = {k: _SAID[k](v) if k in _SAID else v for k, v in found.groupdict().items()}
            return _(template).format(**values)
    return text
