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

from engine.katan.cities.components import PROGRESS_TITLES, TRACK_COLOURS, TRACK_NAMES
from engine.katan.components import CARD_NAMES, DEV_LABELS, TERRAIN_NAMES
from engine.katan.sea.mapfile import CHEST_NAMES, CHIP_NAMES
from languages import N_, SOURCE, _, current, ngettext
from renderers.katan_words import (
    CHEST_SAID,
    CHIP_SAID,
    COLOUR_SAID,
    DEV_SAID,
    LEVEL_SAID,
    PROGRESS_SAID,
    TERRAIN_SAID,
    TRACK_SAID,
    card_said,
)

LEVELS: Final = ("basic", "strong", "mighty")

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
    "progress": "|".join(PROGRESS_TITLES),
    "colour": "|".join(TRACK_COLOURS),
    "track": "|".join(TRACK_NAMES),
    "terrain": "|".join(TERRAIN_NAMES),
    "level": "|".join(LEVELS),
    "chest": "|".join(CHEST_NAMES),
    "chip": "|".join(CHIP_NAMES),
    "seats": r"[Ss]eat \d+(?:, [Ss]eat \d+)*",
    "squares": r"\d+(?: and \d+)*",
    "command": r".+",
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


def _named(english: tuple[str, ...], said: tuple[str, ...]) -> Callable[[str], str]:
    """A word of one of the engine's name tuples, said from its marked twin."""
    return lambda word: _(said[english.index(word)]) if word in english else word


_SAID: Final[dict[str, Callable[[str], str]]] = {
    "cards": _cards,
    "wanted": _cards,
    "resource": _card,
    "second": _card,
    "dev": _named(DEV_LABELS, DEV_SAID),
    "progress": _named(PROGRESS_TITLES, PROGRESS_SAID),
    "colour": _named(TRACK_COLOURS, COLOUR_SAID),
    "track": _named(TRACK_NAMES, TRACK_SAID),
    "terrain": _named(TERRAIN_NAMES, TERRAIN_SAID),
    "level": _named(LEVELS, LEVEL_SAID),
    "chest": _named(CHEST_NAMES, CHEST_SAID),
    "chip": _named(CHIP_NAMES, CHIP_SAID),
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
        # any game's refusals
        N_("{command} is not a legal move now."),
        N_("It is not {seat}'s turn; the table waits on nobody."),
        # Euchre's refusals
        N_("That is not a Euchre move."),
        N_("Defending alone is not played at this table."),
        N_("Farmer's hand is not played at this table."),
        N_("Trump is settled; play a card."),
        N_("You do not hold {card}."),
        N_("You must follow {suit}."),
        N_("The dealer must discard a card first."),
        N_("Return {number} more card(s) to the kitty first."),
        N_("Going alone is not allowed at this table."),
        N_("Trump is not settled: order up the turned card or pass."),
        N_("Trump is not settled: order up {card} or pass."),
        N_("{suit} was turned down; name another suit."),
        N_("The dealer is stuck and must name trump."),
        N_("The turned card is down: name a suit or pass."),
        N_("Exchange your farmer's hand with the kitty, or pass to keep it."),
        N_("Defend alone against the lone hand, or pass."),
        N_("The hand is over."),
        # Sequence's refusals
        N_("That is not a Sequence move."),
        N_("That is not a card."),
        N_("There is no square {number}; the squares are 0 to 99."),
        N_("Square {number} is a free corner and never holds a chip."),
        N_("{card} is a one-eyed jack: it removes an opposing chip instead."),
        N_("{card} is not on square {number}; its squares are {squares}."),
        N_("Square {number} is taken."),
        N_("{card} is a jack, and a jack is never a dead card."),
        N_("{card} is not a dead card: square {number} is free."),
        N_("Dead cards cannot be exchanged at this table."),
        N_("You already exchanged a dead card this turn."),
        N_("Only a one-eyed jack (J♥ or J♠) removes a chip; {card} is not one."),
        N_("Square {number} has no chip to remove."),
        N_("Square {number} holds your own team's chip."),
        N_("That chip is part of a completed sequence."),
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
        N_("Nobody holds Longest Road now"),
        # Katan: Cities & Knights and Seafarers
        N_("{seat} rolled {number} (red {red}) and the ship"),
        N_("{seat} rolled {number} (red {red}) and a {colour} gate"),
        N_("The barbarians sail nearer: 1 step from Catan"),
        N_("The barbarians sail nearer: {number} steps from Catan"),
        N_("The barbarians attack with {number}; Catan's knights hold with {knights}"),
        N_(
            "The barbarians attack with {number} against {knights}: Catan falls; "
            "{seats} must lose a city"
        ),
        N_("{seat} is the Defender of Catan"),
        N_("{seat}'s city at {number} is reduced to a settlement"),
        N_("{seat} hired a knight at crossing {number}"),
        N_("{seat} woke the knight at {number}"),
        N_("{seat} promoted the knight at {number} to {level}"),
        N_("{seat} moved its knight from {number} to {target}"),
        N_("{seat}'s knight at {number} chases the robber"),
        N_("{seat}'s knight at {number} chases the pirate"),
        N_("{seat}'s knight at {number} deserts"),
        N_("{seat}'s knight at {number} is driven off"),
        N_("{seat}'s knight at {number} has no refuge and is lost"),
        N_("{seat} placed a knight at {number}"),
        N_("{seat} built a wall at {number}"),
        N_("{seat} raised {track} to level {number}"),
        N_("{seat} drew a {colour} progress card"),
        N_("{seat} drew {progress} ({colour})"),
        N_("{seat} draws from the {track} deck"),
        N_("{seat} played {progress}"),
        N_("{seat} gave back a progress card"),
        N_("{seat} gave back {progress}"),
        N_("{seat} took a progress card from {party}"),
        N_("{seat} took {progress} from {party}"),
        N_("{seat} placed the merchant on hex {number}"),
        N_("{seat} swapped the numbers of hexes {number} and {hex}"),
        N_("{seat} took {number} {resource} from the other seats"),
        N_("{seat} took {number} {resource}"),
        N_("{seat} gave {party} {number} cards"),
        N_("{seat} gave {party} {cards}"),
        N_("{seat} sailed a ship from {number} to {target}"),
        N_("{seat} built a ship on edge {number}"),
        N_("{seat} built a ship on edge {number} (free)"),
        N_("{seat} moved the pirate to hex {number}"),
        N_("{seat} is first on island {number}: {points} points"),
        N_("{seat} found {terrain} ({number}) under the fog on hex {hex}"),
        N_("{seat} opened a chest: {chest}"),
        N_("{seat} met the Forgotten Tribe on hex {number}: a {chip} chip"),
        N_("{seat} received {number} cloth from the village on hex {hex}"),
        N_("{seat} built stage {number} of its wonder"),
        N_("{seat} dug the canal on hex {number}"),
        N_("The canal tile on hex {number} is dug out: fields with {token}"),
        N_("{seat} took 1 {resource} (aqueduct)"),
        N_("{seat} took 1 {resource} (gold)"),
        N_("{seat} took 1 {resource} (chip)"),
        N_("{seat} took 1 {resource} (chest)"),
        N_("{seat} took 1 {resource} (find)"),
        N_("{seat}'s city at {number} is razed (no settlement piece was left)"),
        N_("{seat} took two cards from {party}"),
        N_("{seat} gave {party} 1 {resource} (Commercial Harbor)"),
        N_("{seat} returned 1 {resource} to {party}"),
        N_("{seat} raised the {track} metropolis at {number}"),
        N_("{seat} lost the {track} metropolis"),
        N_("{seat}'s {track} metropolis waits for a city"),
        N_("{seat} removed {party}'s road on edge {number}"),
        N_("{seat} drew {progress}: a point, laid face up"),
        N_("{seat} raided the fortress on hex {number}: {left} strength left"),
        N_("{seat} took the fortress on hex {number}: its island is open"),
        N_("{seat} completes its wonder and wins with {points} points"),
        N_("{party}'s knight on crossing {number} is not weaker than yours."),
        N_("{party} has no knight to desert."),
        # Katan's refusals (the base game's reasons)
        N_("The game is over."),
        N_("{seat} is answering your offer; you may only withdraw it."),
        N_("It is not {seat}'s turn; the table waits on {party}."),
        N_("Place a settlement first (setup)."),
        N_("Place a city first (setup)."),
        N_("Place the road beside your new settlement first (setup)."),
        N_("Crossing {number} touches no land."),
        N_("Crossing {number} is already built on."),
        N_("Crossing {number} is next to a building (the distance rule)."),
        N_("Crossing {number} is not at the end of one of your roads."),
        N_("Edge {number} is at sea; roads go on land."),
        N_("Edge {number} already has a road."),
        N_("Edge {number} would pass an opponent's building; your road cannot go through it."),
        N_(
            "Edge {number} would pass an opponent's building or knight; "
            "your road cannot go through it."
        ),
        N_("Edge {number} is not joined to your roads or buildings."),
        N_("Roll the dice first (or play a development card) before you {command}."),
        N_(
            "Roll the dice first (or act with a knight, or play a progress card) "
            "before you {command}."
        ),
        N_("You cannot {command} now; build, trade, play a card or end the turn."),
        N_("You have already rolled this turn."),
        N_("You have no settlements left to place (5 at most on the board)."),
        N_("You have no cities left to place (4 at most on the board)."),
        N_("You have no roads left to place (15 at most on the board)."),
        N_("You have no roads left to place."),
        N_("A road costs {cards}."),
        N_("A settlement costs {cards}."),
        N_("A city costs {cards}."),
        N_("A development card costs {cards}."),
        N_("You have no settlement on crossing {number} to raise into a city."),
        N_("A bank trade must change one resource for another."),
        N_("You trade {resource} at {number}:1 and hold fewer than {count}."),
        N_("The bank holds no {resource}."),
        N_("The bank does not hold two {resource}."),
        N_("Discard {number} cards first (a seven was rolled)."),
        N_("Discard counts cannot be negative."),
        N_("You must discard exactly {number} cards, not {count}."),
        N_("You hold only {number} {resource}."),
        N_("Place your free roads (or stop placing them) first."),
        N_("The robber must move to a different hex."),
        N_("Choose whom to rob: {seats}."),
        N_("{seat} has no building on hex {number} or holds no cards."),
        N_("The development deck is empty."),
        N_("You have already played a development card this turn."),
        N_("You hold no {dev} card."),
        N_("You bought your {dev} this turn; it can be played from your next turn."),
        N_("Year of Plenty names two resources, in resource order."),
        N_("Card counts in a trade run from 0 to {number}."),
        N_("A trade needs cards on both sides."),
        N_("A resource cannot be on both sides of a trade."),
        N_("You have made {number} offers this turn, the most a turn allows."),
        N_("{seat} is not another seat at this table."),
        N_("{seat} holds no cards."),
        N_("Offer to one seat, or to everyone (-1)."),
        N_("Nobody else holds any cards."),
        N_("You do not hold {cards}."),
        N_("You do not hold {cards} to accept this offer."),
        N_("Those are the offer's own terms; accept it instead."),
        N_("Answer {seat}'s offer first: accept, decline or counter."),
        N_("You do not hold {cards} for that counter."),
        N_("{seat} no longer holds {cards}."),
        N_("{seat} made no counter-offer."),
        N_("Take one of the counter-offers or dismiss them first."),
        N_("You have no open offer to withdraw."),
        N_("Move the robber first."),
        N_("The setup road must touch the settlement just placed (crossing {number})."),
        # Katan's refusals: Cities & Knights and Seafarers
        N_("{command} is a Cities & Knights move; this table does not play it."),
        N_("{command} is a Seafarers move; this table does not play it."),
        N_("Cities & Knights has no development cards: progress cards replace them."),
        N_("Knights come with Cities & Knights; this table plays Seafarers without it."),
        N_("Wonders are built only on the Wonders of Catan map."),
        N_("A city wall costs {cards}."),
        N_("A knight costs {cards}."),
        N_("A ship costs {cards}."),
        N_("Promoting a knight costs {cards}."),
        N_("Level {number} of {track} costs {cards}."),
        N_("Stage {number} of your wonder costs {cards}."),
        N_("A wonder needs a city of yours on the board."),
        N_("City improvements need a city."),
        N_("Both your {level} knights are on the board already."),
        N_("Choose one of your cities (not a metropolis) for the barbarians to take."),
        N_("Choose the deck to draw from first."),
        N_("You hold no {progress} card."),
        N_("{seat} holds no progress cards."),
        N_("{seat} must have more points than you and hold cards."),
        N_("Roll first: {progress} builds, and building comes after the roll."),
        N_("Crossing {number} cannot be reached along your roads from crossing {target}."),
        N_("Crossing {number} is at sea with no ship of yours beside it."),
        N_("Crossing {number} is not a starting spot."),
        N_("Crossing {number} is not at the end of one of your roads or ships."),
        N_("Crossing {number} is not empty."),
        N_("There is no opposing knight on crossing {number} beside your roads."),
        N_("You have no city on crossing {number} to wall."),
        N_("You have no knight on crossing {number}."),
        N_("Your knight on crossing {number} is already active."),
        N_("Your knight on crossing {number} is not active."),
        N_("A pirate fortress still holds the island of crossing {number}."),
        N_("Edge {number} already has a road or a ship."),
        N_(
            "Edge {number} is not joined to your fleet or to a town of yours "
            "(a ship cannot start from a road without a town)."
        ),
        N_("Edge {number} touches no sea; ships sail on the water."),
        N_("The pirate guards edge {number}."),
        N_("You have no ship on edge {number}."),
        N_("Your ship on edge {number} was built this turn; it may sail from your next turn."),
        N_("You have sailed a ship this turn already (once a turn)."),
        N_("Hex {number} is at sea: the robber stays on land (the pirate sails)."),
        N_("Hex {number} is land; the pirate sails the sea."),
        N_("Hex {number} is not a canal tile still to dig."),
        N_("Move the pirate only when the robber would move (a seven or a Knight)."),
        N_("Move the robber or the pirate first."),
        N_("{seat} has no ship beside hex {number} or holds no cards."),
        N_("There is no standing fortress on hex {number}."),
        N_("You need a settlement or city on a corner of hex {number} to dig there."),
        N_("You need a ship beside the fortress on hex {number} to raid it."),
        # the daemon's notices
        N_("{name} is back at the table."),
        N_("{name} joins the table."),
        N_("The game begins."),
        N_("Time is up; a move was made for you."),
        N_("Time is up; you let this chance go by."),
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
