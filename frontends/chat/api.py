"""The chat layer's public surface: what a Discord or Telegram adapter sees.

An adapter turns platform updates into `Sender`/`Place` plus a text or a
pressed token, hands them to `ChatLayer.text` / `ChatLayer.press`, and
performs the `Outgoing` actions it gets back (and those `ChatLayer.deliver`
makes from the daemon's deliveries). Everything here is plain frozen data,
so adapters never import the engines, the renderers or the daemon's models,
and the layer never imports a platform library.

Keep this module stable: the adapters are written against it.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from languages import current, speaking

# ---- who spoke, and where ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sender:
    """A person as the platform knows them.

    `user` is the platform's stable user id (it becomes the daemon identity
    `platform:user`); `name` is what others see at the table; `language`
    is the language the platform says the person uses (Discord's interaction
    locale, Telegram's `language_code`), if it says one.
    """

    user: str
    name: str
    language: str | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """The conversation a message came from or goes to.

    `chat` is the platform's id of the channel, group or direct conversation;
    `private` is true for a one-to-one conversation with the bot (a Telegram
    DM, a Discord DM), where private facts may be shown.
    """

    chat: str
    private: bool = False
    community: str = ""
    """The group this chat belongs to, for statistics across its chats: a
    Discord server's id (its tables each get a thread). Empty: the chat is
    its own community (a Telegram group), or a direct conversation has none."""


# ---- menus ------------------------------------------------------------------------------

ChoiceKind = Literal["move", "open", "spot", "compose", "page", "back", "flow"]
"""What pressing a choice does: `move` makes a move; `open` opens a submenu;
`spot` picks a numbered place on the overlay image (it may open a follow-up
menu when several moves share the place); `compose` changes a composition
(a trade offer, a discard) or confirms it; `page`/`back` navigate; `flow` is a
conversation action (join, start, leave…)."""

Style = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One button or select option.

    `token` is opaque, at most `AdapterProfile.token_bytes` bytes of ASCII
    (Telegram callback data, a Discord custom id): hand it back to
    `ChatLayer.press` untouched. `label` already fits the profile's label
    length. `number` is the spot number drawn on the overlay image, when the
    choice is a spot.
    """

    token: str
    label: str
    kind: ChoiceKind
    style: Style = "secondary"
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Menu:
    """One page of a menu, laid out for the adapter's profile.

    `rows` are button rows (each within `buttons_per_row`, at most
    `rows_per_message` of them). `select`, when not empty, is a list the
    adapter shows as one dropdown (Discord's string select) with
    `placeholder`; profiles without selects never get one. Navigation
    (next/previous page, back) is ordinary choices in the rows.
    """

    title: str
    rows: tuple[tuple[Choice, ...], ...] = ()
    select: tuple[Choice, ...] = ()
    placeholder: str = ""
    page: int = 1
    pages: int = 1

    def choices(self) -> tuple[Choice, ...]:
        """Every choice on this page, buttons first, then the select's options."""
        return tuple(c for row in self.rows for c in row) + self.select


# ---- what to show -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Picture:
    """A board or hand image, drawn only when an adapter asks for it.

    `png()` renders (30-60 ms) and caches; call it off the event loop
    (`await asyncio.to_thread(picture.png)`). `key` is equal for pictures that
    draw the same thing, so an adapter may skip re-uploading an unchanged
    image. `alt` describes it in words for screen readers. It is drawn in
    the language it was made in (`language`, the reader's when it was built),
    though the adapter draws it later, outside that reader's context: a
    private close-up's words are the reader's.
    """

    key: str
    alt: str
    render: Callable[[], bytes] = field(repr=False)
    filename: str = "board.png"
    language: str = field(default_factory=current)
    _cache: list[bytes] = field(default_factory=list, repr=False)

    def png(self) -> bytes:
        if not self._cache:
            with speaking(self.language):
                self._cache.append(self.render())
        return self._cache[0]


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file sent with a message (a game's record): never edited, only sent."""

    filename: str
    data: bytes = field(repr=False)


@dataclass(frozen=True, slots=True)
class Message:
    """One platform message.

    With a `picture` or a `file`, `text` is its caption and fits
    `caption_limit`; without, `text` fits `text_limit` (the layer splits
    longer output into several messages). `mentions` are platform user ids to
    notify (it is their turn): the adapter adds its own mention markup before
    `text`. `text` is plain text; an adapter escapes it for its markup.
    A message never carries both a picture and a file.
    """

    text: str
    picture: Picture | None = None
    menu: Menu | None = None
    mentions: tuple[str, ...] = ()
    file: Attachment | None = None
    closes: bool = False
    """The table's last word in this chat (its end-of-game summary): an
    adapter that gives each table a conversation of its own (a Discord
    thread) may close it once this is shown."""
    silent: bool = False
    """Post without a notification sound (Telegram `disable_notification`,
    Discord's @silent flag): news nobody has to be woken for. Only a
    person's own turn and the reminder before their timer runs out ring."""


# ---- what to do -------------------------------------------------------------------------

Audience = Literal["channel", "direct", "reply"]
"""`channel`: a group chat or channel (`Target.chat`), seen by all there.
`direct`: a one-to-one conversation with user `Target.user`, opened if needed.
`reply`: an answer to the message or press being handled; with `private`, only
the sender may see it (Discord ephemeral reply; on Telegram a DM when the
sender wrote in a group)."""


@dataclass(frozen=True, slots=True)
class Target:
    audience: Audience
    chat: str = ""
    user: str = ""
    private: bool = False


@dataclass(frozen=True, slots=True)
class Slot:
    """A message the layer may later edit in place: the public board of a
    table in a chat, or a person's private panel for a table.

    After performing a `Send` with a slot, the adapter reports the platform's
    message id with `ChatLayer.posted(slot, message_id)`.
    """

    table: str
    role: Literal["board", "panel", "lobby"]
    where: str
    """The chat id (board, lobby) or the user id (panel)."""


@dataclass(frozen=True, slots=True)
class Send:
    """Post a new message."""

    to: Target
    message: Message
    slot: Slot | None = None
    replaces: str | None = None
    """The id of a message (in the same chat) this one takes the place of:
    delete it once this one is posted, so a chat keeps one current board.
    A message already gone is not an error."""


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace message `message_id` (posted earlier to `to`) with `message`.

    A picture that cannot be added to a text-only message (Telegram) means:
    delete and post anew; the adapter reports the new id with `posted`. If the
    edit fails (deleted, too old), the adapter posts `message` instead and
    reports that id.
    """

    to: Target
    message_id: str
    message: Message
    slot: Slot | None = None


Outgoing = Send | Edit


@dataclass(frozen=True, slots=True)
class Share:
    """Something a person may choose to post about their own game (a
    Telegram inline query's result): offered to them alone, posted only if
    they pick it. `key` is stable for the same content, `text` is what the
    chat will see."""

    key: str
    title: str
    description: str
    text: str


# ---- platform limits --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AdapterProfile:
    """What one platform allows; the layer pages menus and splits text to fit.

    `messages_per_minute` is the platform's rate for one chat; the layer keeps
    narration to a few messages per turn, and `frontends.chat.pacing.RateGate`
    lets an adapter wait for it.
    """

    name: str
    """The daemon frontend name, and the identity prefix (`discord:1234`)."""
    buttons_per_row: int
    rows_per_message: int
    buttons_per_message: int
    select_options: int
    """Options in one select; 0: the platform has no selects."""
    label_length: int
    token_bytes: int
    text_limit: int
    caption_limit: int
    messages_per_minute: int
    ephemeral: bool
    """Whether a reply in a shared channel can be private (Discord: yes)."""


DISCORD = AdapterProfile(
    name="discord",
    buttons_per_row=5,
    rows_per_message=5,
    buttons_per_message=25,
    select_options=25,
    label_length=80,
    token_bytes=100,
    text_limit=2000,
    caption_limit=2000,
    messages_per_minute=50,
    ephemeral=True,
)
"""Discord: 5 action rows of 5 buttons (a select takes a whole row), 25-option
selects, 100-character custom ids, 80-character labels, 2000-character messages."""

TELEGRAM = AdapterProfile(
    name="telegram",
    buttons_per_row=4,
    rows_per_message=8,
    buttons_per_message=32,
    select_options=0,
    label_length=40,
    token_bytes=64,
    text_limit=4096,
    caption_limit=1024,
    messages_per_minute=20,
    ephemeral=False,
)
"""Telegram: inline keyboards (the API allows 8 per row and 100 buttons; fewer
read well on a phone), 64-byte callback data, 1024-character photo captions,
4096-character texts, about 20 messages a minute in a group."""

PLAIN = AdapterProfile(
    name="plain",
    buttons_per_row=4,
    rows_per_message=6,
    buttons_per_message=24,
    select_options=0,
    label_length=40,
    token_bytes=64,
    text_limit=1500,
    caption_limit=1024,
    messages_per_minute=60,
    ephemeral=False,
)
"""A conservative profile (the strictest of both platforms) for tests and tools."""
