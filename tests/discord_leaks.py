"""Checks over everything the bot sent to the fake Discord: did anything hidden
reach someone it was hidden from?

Each recorded request that carried a message has an audience: the channel
(everyone) or one user (an ephemeral reply or a DM). Checked for every one:

- the table's seed appears nowhere, in text or in image bytes (RULINGS 17);
- a public message carries only tokens anyone may press, and a person's
  private message only tokens for their own seat;
- a person's hand, as their panel words it, and their private pictures
  reach nobody else;
- Euchre, per deal: no message names a card that stayed buried that deal (the
  three undealt cards, the dealer's discard, a lone maker's partner's
  hand) unless its audience held it. Found by replaying the stored log;
- Katan, against the stored log replayed: no seat's secret hand line (`Your
  hand: …`, `Your progress cards: …`) reaches another reader unless that
  reader's own once read the same, no progress card is named to anyone who
  could not know of it by then, and none of Seafarers' hidden piles (a fog
  hex's terrain, a chest's place, a canal tile's number) is named to anyone
  (`katan_leaks.Secrets`). "By then" is the table's version when the request
  reached the fake (`stamp`): nothing sent earlier can show more.
"""

import hashlib
import re
from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any, Final

from aiohttp import web
from discord_fake import FakeDiscord, Request
from katan_leaks import Secrets, titles_in

from daemon.model import Identity
from daemon.table import Table, replay_step
from engine.cards import label
from engine.euchre.ranking import DECKS
from frontends.chat.presenters import presenter_for
from frontends.chat.tokens import Malformed, TokenCodec

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♣♦♥♠]")
DEAL = re.compile(r"\bHand (\d+),")
SECRET_LINES: Final = ("Your hand", "Your progress cards")
"""What marks a line of a hand text as its seat's secret (Katan's pieces,
tracks and ships on the lines below are public)."""
WORDS: Final = frozenset(
    {"content", "label", "placeholder", "description", "title", "name", "value"}
)
"""The keys of a message body whose strings a reader sees as words."""
UNESCAPED: Final = re.compile(r"\\([^0-9A-Za-z\s])")
"""A markdown escape (`\\*`), which Discord shows as the bare character."""


def stamp(fake: FakeDiscord, version: Callable[[], int]) -> dict[int, int]:
    """From now on, note `version()` (the table's version) as each request
    reaches the fake, by the id of its `Request`. The bot wrote the request
    from a position no later than that: what it may show is reckoned there."""
    stamps: dict[int, int] = {}
    record = fake._record

    async def stamped(request: web.Request) -> Request:
        made = await record(request)
        stamps[id(made)] = version()
        return made

    fake._record = stamped  # type: ignore[method-assign]
    return stamps


def words(body: Any) -> list[str]:
    """The texts a reader is shown in a request body (content, labels, embed
    and alt texts), markdown escapes undone; not the token a select option
    carries as its value."""
    found: list[str] = []
    if isinstance(body, dict):
        for key, value in body.items():
            if not isinstance(value, str):
                found += words(value)
            elif key in WORDS and not (key == "value" and "label" in body):
                found.append(UNESCAPED.sub(r"\1", value))
    elif isinstance(body, list):
        for item in body:
            found += words(item)
    return found


def _tokens(body: Any) -> list[str]:
    """Custom ids and select values anywhere in a request body."""
    found: list[str] = []
    if isinstance(body, dict):
        for key, value in body.items():
            if key == "custom_id" and isinstance(value, str):
                found.append(value)
            elif key == "options" and isinstance(value, list):
                found += [o["value"] for o in value if isinstance(o, dict) and "value" in o]
                found += _tokens(value)
            else:
                found += _tokens(value)
    elif isinstance(body, list):
        for item in body:
            found += _tokens(item)
    return found


def _seat(table: Table, user: str) -> int | None:
    return table.seat_of(Identity(frontend="discord", user=user))


def assert_no_leaks(
    fake: FakeDiscord, table: Table, steps: list[Any], versions: Mapping[int, int] | None = None
) -> int:
    """Check every message-bearing request; returns how many were checked.
    `versions` (from `stamp`) bounds the position each request was written
    from; without it, Katan's secrets are reckoned at the game's end (looser)."""
    sent = [r for r in fake.sent() if r.message is not None]
    seed = str(table.meta.seed).encode()
    hands: dict[str | None, set[str]] = defaultdict(set)
    pictures: dict[str | None, set[str]] = defaultdict(set)
    for record in sent:
        text = record.visible_text()
        assert seed not in text.encode(), f"the seed in {record.path}"
        content = str((record.body or {}).get("content", ""))
        for name, data in record.files:
            assert seed not in data, f"the seed in {name} of {record.path}"
            if "Your hand" in content or record.audience is None:
                # A picture sent with a hand draws that hand: only its owner may see it.
                pictures[record.audience].add(hashlib.sha256(data).hexdigest())
        hands[record.audience] |= {
            line for line in content.splitlines() if any(s in line for s in SECRET_LINES)
        }
        _check_tokens(record, table)
    assert not hands[None], f"a hand in a public message: {hands[None]}"
    # Four cards or more in one order: such a line is one person's at one time.
    telling = {a: {h for h in lines if len(CARD.findall(h)) >= 4} for a, lines in hands.items()}
    for audience, lines in telling.items():
        for other, theirs in hands.items():
            if other != audience:
                leaked = lines & theirs
                assert not leaked, f"{audience}'s {leaked} reached {other or 'everyone'}"
    for audience, owned in pictures.items():
        if audience is None:
            continue
        for other, seen in pictures.items():
            if other != audience:
                assert not owned & seen, f"{audience}'s picture reached {other or 'everyone'}"
    if table.game.id == "euchre":
        _check_buried_cards(sent, table, steps)
    if table.game.id == "katan":
        _check_katan(sent, table, steps, versions)
    return len(sent)


def _check_tokens(record: Request, table: Table) -> None:
    for token in _tokens(record.body):
        try:
            grant = TokenCodec.read(token)
        except Malformed:
            continue  # not a choice token (the select's own id)
        if record.audience is None:
            assert grant.seat is None, f"seat {grant.seat}'s token in a public message"
        else:
            own = _seat(table, record.audience)
            assert grant.seat in (None, own), f"seat {grant.seat}'s token sent to seat {own}"


def _check_buried_cards(sent: list[Request], table: Table, steps: list[Any]) -> None:
    """A message about deal N may name the cards shown at the table in deals
    N and N-1 (its narration may reach back over a new deal) and the cards its
    own reader held then; any other card of the deck stayed hidden from it."""
    game = table.game
    state = game.initial_state(table.config)
    shown: dict[int, set[str]] = defaultdict(set)
    held: dict[tuple[int, int], set[str]] = defaultdict(set)

    def observe(s: Any) -> None:
        deal = s.hand_number
        for card in (s.up_card, s.turned_down):
            if card is not None:
                shown[deal].add(label(card))
        shown[deal] |= {label(p.card) for p in [*s.trick, *s.completed_trick]}
        for seat, hand in enumerate(s.hands):
            held[(deal, seat)] |= {label(c) for c in hand}

    observe(state)
    for step in steps:
        state = replay_step(game, state, step).state
        observe(state)
    deck = {label(c) for c in DECKS[table.options.deck_size]}  # type: ignore[attr-defined]
    checked = 0
    for record in sent:
        text = record.visible_text()
        deals = {int(n) - 1 for n in DEAL.findall(text)}
        if not deals:
            continue
        seat = None if record.audience is None else _seat(table, record.audience)
        allowed: set[str] = set()
        for deal in deals:
            for d in (deal, deal - 1):
                allowed |= shown[d]
                if seat is not None:
                    allowed |= held[(d, seat)]
        named = set(CARD.findall(text)) & deck
        hidden = named - allowed
        assert not hidden, f"{sorted(hidden)} named to {record.audience or 'everyone'}: {text}"
        checked += 1
    assert checked, "no message named its deal: the check checked nothing"


def _check_katan(
    sent: list[Request], table: Table, steps: list[Any], versions: Mapping[int, int] | None
) -> None:
    """Per message, reckoned at the version it was sent from: no secret hand
    line another seat had by then (unless the reader's own once read the
    same), no progress card its reader could not know of, none of Seafarers'
    hidden piles."""
    secrets = Secrets.replayed(table, steps)
    game, presenter = table.game, presenter_for(table.game.id)
    seats = range(len(table.meta.seats))
    last = len(secrets.states) - 1
    # Per seat, each secret line its hand text ever read, and from which version.
    first: dict[int, dict[str, int]] = {s: {} for s in seats}
    for version, state in enumerate(secrets.states):
        for s in seats:
            for line in presenter.hand(game.view_for(state, s), s).splitlines():
                if line.startswith(SECRET_LINES):
                    first[s].setdefault(line, version)
    named = 0
    for record in sent:
        seat = None if record.audience is None else _seat(table, record.audience)
        if versions is not None:
            assert id(record) in versions, f"{record.method} {record.path} was not stamped"
        high = last if versions is None else min(versions[id(record)], last)
        texts = words(record.body)
        where = f"{record.method} {record.path} to seat {seat} (version {high})"
        for line in {line for text in texts for line in text.splitlines()}:
            if seat is not None and line in first[seat]:
                continue
            others = [s for s in seats if s != seat and first[s].get(line, high + 1) <= high]
            assert not others, f"{where} shows seat {others[0]}'s hand: {line!r}: {texts}"
        problems = secrets.problems(texts, seat, high)
        assert not problems, f"{where}: {problems}: {texts}"
        named += bool(titles_in("\n".join(texts)))
    if secrets.states[-1].ck is not None:
        assert named, "no message named a progress card: the check checked nothing"
