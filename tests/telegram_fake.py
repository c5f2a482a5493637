"""A fake Telegram Bot API server on loopback, strict where the real one is strict.

The Telegram frontend is tested with the real python-telegram-bot `Application`
pointed at this server through `ApplicationBuilder().base_url(...)`. The server
keeps chats and messages the way Telegram does (message ids per chat, a bot may
not write first to a user who never started it, groups with privacy mode),
refuses what Telegram refuses with Telegram's own error texts (callback data
over 64 bytes, texts over 4096 characters, captions over 1024, "message is not
modified", unknown messages, callback queries answered twice), keeps
Telegram's flood limits (about 30 requests a second, 20 a minute in one group,
answered with 429 and `retry_after`), and records every request the bot makes,
so a test can read exactly what each user was shown.

Faults are injected on demand (`fail`, `flood`) or at a seeded rate
(`Faults`): 429s, 5xx answers, requests that time out before Telegram sees
them, and requests Telegram carries out but whose answer is lost. Each fault
is recorded with the request it hit, so a test can check that every faulted
request was made again and went through.

Tests play users through it: `say` (a text or a command), `open_link` (a
`t.me/<bot>?start=...` deep link), `press` (an inline button). `wait_for` is
the only way to wait: a predicate re-checked after every request and update,
bounded by a timeout that fails with what the bot did last.
"""

import asyncio
import contextlib
import html.parser
import itertools
import json
import math
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

import aiohttp
from aiohttp import web

TOKEN = "123456:TEST-token-for-the-fake-bot-api"
BOT_ID = 123456
BOT_USERNAME = "plgames_test_bot"

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_CALLBACK_DATA = 64
MAX_BUTTONS = 100
MAX_ROW = 8
HTML_TAGS = {
    "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre",
    "tg-spoiler", "span", "blockquote", "tg-emoji",
}  # fmt: skip
JSON_FIELDS = {
    "reply_markup", "media", "allowed_updates", "commands", "entities", "caption_entities",
    "link_preview_options", "reply_parameters", "scope", "results",
}  # fmt: skip
INT_FIELDS = {"chat_id", "message_id", "offset", "limit", "timeout", "from_chat_id"}
NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)


class ApiError(Exception):
    """A refusal the way Telegram words it: HTTP status, description, parameters."""

    def __init__(self, status: int, description: str, **parameters: Any) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters


def bad(description: str) -> ApiError:
    return ApiError(400, f"Bad Request: {description}")


FAULTS = ("429", "5xx", "timeout", "lost")
"""What can go wrong with a call: Telegram's flood answer; a 500/502/504; no
answer in time and nothing done (the request was held up before Telegram);
the call carried out but its answer never sent."""
SERVER_ERRORS = ((500, "Internal Server Error"), (502, "Bad Gateway"), (504, "Gateway Timeout"))


@dataclass
class Faults:
    """Passing faults at `rate` of the calls to `methods` (None: every method),
    chosen by a random generator seeded with `seed`; the faults take `kinds`
    in turn, so every kind comes up once a few calls have failed."""

    rate: float = 0.0
    seed: int = 0
    kinds: tuple[str, ...] = ("429", "5xx", "timeout")
    methods: frozenset[str] | None = None
    retry_after: int = 1

    def __post_init__(self) -> None:
        assert set(self.kinds) <= set(FAULTS), self.kinds
        self.random = random.Random(self.seed)
        self._turn = itertools.cycle(self.kinds)

    def draw(self, method: str) -> str | None:
        if self.methods is not None and method not in self.methods:
            return None
        if self.random.random() >= self.rate:
            return None
        return next(self._turn)


@dataclass
class Limits:
    """Telegram's flood limits as token buckets over the requests that name a
    chat (the model python-telegram-bot's `AIORateLimiter` keeps to): `overall`
    per `overall_period` seconds for the bot, `group` per `group_period` in
    each group. Real Telegram publishes only "about" these figures, and a bot
    that paces itself exactly sees its requests arrive a little out of step, so
    a bucket may be overdrawn by one token and `grace` seconds' worth more.
    `clock` measures the refill (a test may stop it)."""

    overall: int = 30
    overall_period: float = 1.0
    group: int = 20
    group_period: float = 60.0
    grace: float = 0.25
    clock: Callable[[], float] = time.monotonic


class Bucket:
    """`size` tokens, refilled at `size / period` a second."""

    def __init__(self, size: int, period: float, now: float) -> None:
        self.size, self.rate = size, size / period
        self.level, self.at = float(size), now

    def wait(self, now: float, grace: float) -> float:
        """Seconds until a token may be taken (0: now), overdrawing by at most
        one token and `grace` seconds' worth."""
        self.level = min(self.size, self.level + (now - self.at) * self.rate)
        self.at = now
        return max(0.0, -self.level / self.rate - grace)

    def take(self) -> None:
        self.level -= 1


MENTION = re.compile(r"(?<![\w/@])@[A-Za-z][A-Za-z0-9_]{3,31}(?!\w)")
"""An @username in a message's text, which Telegram marks as a "mention"
entity (ASCII texts only here, so offsets are UTF-16 offsets too). A
username is 5 to 32 characters (4 for a few bought ones): `@bo` is no mention."""

USERNAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{3,31}")

UPDATE_KINDS_BY_DEFAULT = frozenset({"message", "callback_query", "inline_query"})
"""The update kinds a bot gets when it never named any (`allowed_updates`
empty or never given): all but a few (chat_member, reactions) that this
fake never sends anyway."""


@dataclass(frozen=True)
class User:
    id: int
    first_name: str
    username: str | None = None
    language_code: str | None = None
    """The IETF tag of the user's app language, as Telegram sends it (`de`)."""

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.username:
            found["username"] = self.username
        if self.language_code:
            found["language_code"] = self.language_code
        return found


@dataclass
class Chat:
    id: int
    type: str  # "private" or "group"/"supergroup"
    title: str = ""
    user: User | None = None  # the other side of a private chat
    members: set[int] = field(default_factory=set)

    def as_json(self) -> dict[str, Any]:
        if self.user is not None:
            found: dict[str, Any] = {"id": self.id, "type": "private"}
            found["first_name"] = self.user.first_name
            if self.user.username:
                found["username"] = self.user.username
            return found
        return {"id": self.id, "type": self.type, "title": self.title}


@dataclass
class Message:
    """A message as it stands now (edits change it; `history` keeps what it was)."""

    chat: Chat
    message_id: int
    date: int
    sender: User | None  # None: the bot
    text: str | None = None  # as shown: HTML parsed away
    caption: str | None = None
    source: tuple[str | None, str | None] = (
        None,
        None,
    )  # the text or caption as sent, its parse_mode
    photo: bytes | None = None
    photo_id: str | None = None
    document: tuple[str, bytes] | None = None  # a file sent: its name and bytes
    markup: dict[str, Any] | None = None
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    named: tuple[User, ...] = ()
    """People named by a text mention (their name tapped in the client: a
    link to the user, for people without a username)."""

    @property
    def from_bot(self) -> bool:
        return self.sender is None

    @property
    def buttons(self) -> list[dict[str, Any]]:
        rows = (self.markup or {}).get("inline_keyboard", [])
        return [button for row in rows for button in row]

    def button(self, label: str) -> dict[str, Any]:
        """The one button whose text contains `label` (case-insensitive)."""
        found = [b for b in self.buttons if label.lower() in b["text"].lower()]
        if len(found) != 1:
            labels = [b["text"] for b in self.buttons]
            raise LookupError(f"{len(found)} buttons match {label!r} in {labels}")
        return found[0]

    def as_json(self, bot: dict[str, Any]) -> dict[str, Any]:
        found: dict[str, Any] = {
            "message_id": self.message_id,
            "date": self.date,
            "chat": self.chat.as_json(),
            "from": bot if self.sender is None else self.sender.as_json(),
        }
        if self.text is not None:
            found["text"] = self.text
            entities = [
                {"type": "mention", "offset": m.start(), "length": m.end() - m.start()}
                for m in MENTION.finditer(self.text)
            ]
            for user in self.named:
                at = self.text.index(user.first_name)
                entities.append(
                    {
                        "type": "text_mention",
                        "offset": at,
                        "length": len(user.first_name),
                        "user": user.as_json(),
                    }
                )
            entities.sort(key=lambda e: int(e["offset"]))
            if self.text.startswith("/"):
                command = self.text.split()[0]
                entities.insert(0, {"type": "bot_command", "offset": 0, "length": len(command)})
            if entities:
                found["entities"] = entities
        if self.photo_id is not None:
            found["photo"] = [
                {"file_id": self.photo_id, "file_unique_id": self.photo_id, "width": 1, "height": 1}
            ]
        if self.document is not None:
            name, data = self.document
            found["document"] = {
                "file_id": f"doc-{self.message_id}",
                "file_unique_id": f"doc-{self.message_id}",
                "file_name": name,
                "file_size": len(data),
            }
        if self.caption is not None:
            found["caption"] = self.caption
        if self.markup is not None:
            found["reply_markup"] = self.markup
        return found


@dataclass
class Request:
    """One call the bot made, as the server saw it and answered it."""

    method: str
    params: dict[str, Any]
    files: dict[str, bytes]
    filenames: dict[str, str] = field(default_factory=dict)  # an upload's own name, by field
    status: int = 200
    description: str = ""
    photo: bytes | None = None  # the image shown, whether uploaded or sent by file id
    fault: str | None = None  # the fault injected into this call, if any
    posted: int | None = None  # the id of the message a send made

    @property
    def message_id(self) -> int | None:
        """The message this call made or changed."""
        value = self.params.get("message_id")
        return self.posted if self.posted is not None else value if isinstance(value, int) else None

    @property
    def ok(self) -> bool:
        return self.status == 200

    @property
    def chat_id(self) -> int | None:
        value = self.params.get("chat_id")
        return value if isinstance(value, int) else None

    def texts(self) -> list[str]:
        """Everything a person could read in this request: text, captions, buttons."""
        found = [
            str(self.params[key]) for key in ("text", "caption") if self.params.get(key) is not None
        ]
        media = self.params.get("media")
        if isinstance(media, dict) and media.get("caption"):
            found.append(str(media["caption"]))
        markup = self.params.get("reply_markup")
        if isinstance(markup, dict):
            for row in markup.get("inline_keyboard", []):
                for button in row:
                    found.append(str(button.get("text", "")))
                    if "url" in button:
                        found.append(str(button["url"]))
        return found


@dataclass
class CallbackQuery:
    id: str
    user: User
    message: Message
    data: str
    answered: bool = False
    answer: dict[str, Any] = field(default_factory=dict)


class _Visible(html.parser.HTMLParser):
    """The text Telegram shows for an HTML-formatted message, checking its tags."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in HTML_TAGS:
            raise bad(f'can\'t parse entities: unsupported start tag "{tag}"')
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            raise bad(f"can't parse entities: can't find end tag corresponding to \"{tag}\"")
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def visible_text(text: str, parse_mode: str | None) -> str:
    """What a person reads: HTML is parsed (and refused if malformed)."""
    if parse_mode is None:
        return text
    if parse_mode != "HTML":
        raise bad(f"this fake only checks HTML, not parse_mode {parse_mode!r}")
    parser = _Visible()
    parser.feed(text)
    parser.close()
    if parser.open:
        raise bad(f'can\'t parse entities: unclosed start tag "{parser.open[-1]}"')
    return "".join(parser.parts)


def utf16_length(text: str) -> int:
    """Telegram measures lengths in UTF-16 code units, so an emoji counts two."""
    return len(text.encode("utf-16-le")) // 2


class FakeTelegram:
    """The Bot API for one bot, plus the users and groups a test plays with."""

    def __init__(
        self,
        *,
        privacy: bool = True,
        faults: Faults | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.privacy = privacy
        self.faults = faults or Faults()
        self.limits = limits
        """None: no flood limits (a test of something else that sends in bursts)."""
        self._buckets: dict[int | None, Bucket] = {}
        self._failures: list[tuple[str | None, str]] = []
        self._release = asyncio.Event()  # set at stop: held requests give up
        self.requests: list[Request] = []
        self.chats: dict[int, Chat] = {}
        self.messages: dict[tuple[int, int], Message] = {}
        self.callbacks: dict[str, CallbackQuery] = {}
        self.commands: list[dict[str, Any]] = []
        self.commands_for: dict[str, list[dict[str, Any]]] = {}
        """The command menu per `language_code` (the default's is `commands`)."""
        self.started: set[int] = set()  # users who have opened a DM with the bot
        self.port = 0
        self._users: dict[int, User] = {}
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._message_ids: dict[int, Iterator[int]] = {}
        self._callback_ids = itertools.count(1)
        self._file_ids = itertools.count(1)
        self._files: dict[str, bytes] = {}
        self._floods: list[tuple[str | None, int]] = []
        self._changed = asyncio.Condition()
        self._wake = asyncio.Event()  # set when the current long poll should return
        self._polls = 0
        self._confirmed = 0
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.webhook: dict[str, Any] | None = None
        self.webhook_answers: list[int] = []
        self.inline_answers: dict[str, dict[str, Any]] = {}
        """Inline query id → the bot's answerInlineQuery parameters."""
        self._inline_ids = itertools.count(1)
        self.allowed_updates: frozenset[str] = UPDATE_KINDS_BY_DEFAULT
        """The update kinds the bot asked for (the last `allowed_updates` it
        gave to getUpdates or setWebhook); others are never delivered."""
        self.bot_user = {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "PL Games",
            "username": BOT_USERNAME,
            "can_join_groups": True,
            "can_read_all_group_messages": not privacy,
            "supports_inline_queries": True,
        }

    # ---- running ---------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._api)
        app.router.add_get("/file/bot{token}/{path}", self._file)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._wake.set()
        self._release.set()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    # ---- people and places -----------------------------------------------------

    def user(
        self,
        first_name: str,
        *,
        username: str | None = None,
        handle: bool = True,
        language: str | None = None,
    ) -> User:
        """A Telegram user; their @username is `username`, else their first
        name and "_tg" (Telegram's usernames are at least 5 characters);
        `handle=False`: one without a username (a text mention finds them)."""
        username = (username or f"{first_name.lower()}_tg") if handle else None
        assert username is None or USERNAME.fullmatch(username), f"{username!r} is no username"
        user = User(1000 + len(self._users), first_name, username, language)
        self._users[user.id] = user
        self.chats[user.id] = Chat(user.id, "private", user=user)
        return user

    def group(self, title: str, *members: User) -> Chat:
        chat = Chat(-100_000 - len(self.chats), "group", title=title)
        chat.members = {m.id for m in members} | {BOT_ID}
        self.chats[chat.id] = chat
        return chat

    def dm(self, user: User) -> Chat:
        return self.chats[user.id]

    # ---- what a user does ------------------------------------------------------

    def say(
        self, user: User, text: str, chat: Chat | None = None, *, named: tuple[User, ...] = ()
    ) -> Message:
        """`user` sends `text` in `chat` (default: their DM with the bot).
        `named` are people whose first name in `text` the user tapped into a
        text mention (a link to them that the bot receives with their id).

        In a group with privacy mode on, the bot only hears commands, as on
        Telegram; the message is still posted, so a test can see it was ignored.
        """
        chat = chat or self.dm(user)
        if chat.user is not None:
            assert chat.user == user, "a user writes only in their own DM"
            self.started.add(user.id)
        else:
            assert user.id in chat.members, f"{user.first_name} is not in {chat.title}"
        assert all(u.first_name in text for u in named), "a text mention marks a name in the text"
        message = self._post(chat, user, text=text, named=named)
        if chat.user is None and self.privacy and not text.startswith("/"):
            return message
        self._push({"message": message.as_json(self.bot_user)})
        return message

    def open_link(self, user: User, url: str) -> Message:
        """`user` follows a `https://t.me/<bot>?start=<payload>` link: Telegram
        opens their DM and sends `/start <payload>` for them."""
        parts = urlsplit(url)
        assert parts.scheme == "https" and parts.netloc == "t.me", url
        assert parts.path == f"/{BOT_USERNAME}", f"the link is for {parts.path!r}"
        payload = parse_qs(parts.query)["start"][0]
        assert re.fullmatch(r"[A-Za-z0-9_-]{1,64}", payload), f"bad start payload {payload!r}"
        return self.say(user, f"/start {payload}")

    def press(self, user: User, message: Message, button: dict[str, Any] | str) -> CallbackQuery:
        """`user` presses an inline button of `message` (a button or a label to find)."""
        if isinstance(button, str):
            button = message.button(button)
        assert button in message.buttons, "that button is not on the message now"
        assert "callback_data" in button, f"{button['text']!r} is not a callback button"
        if message.chat.user is not None:
            assert message.chat.user == user, "only the DM's owner sees its buttons"
        return self.tamper(user, message, str(button["callback_data"]))

    def tamper(self, user: User, message: Message, data: str) -> CallbackQuery:
        """`user`'s client sends callback data of its own making for `message`
        (Telegram forwards whatever a client sends)."""
        query = CallbackQuery(str(next(self._callback_ids)), user, message, data)
        self.callbacks[query.id] = query
        self._push(
            {
                "callback_query": {
                    "id": query.id,
                    "from": user.as_json(),
                    "message": message.as_json(self.bot_user),
                    "chat_instance": str(message.chat.id),
                    "data": data,
                }
            }
        )
        return query

    def inline(self, user: User, query: str, chat: Chat | None = None) -> str:
        """`user` types `@bot query` in `chat` (inline mode): Telegram asks
        the bot, and shows its answer to `user` alone. Returns the query id
        (its answer lands in `inline_answers`)."""
        query_id = f"iq{next(self._inline_ids)}"
        kind = "sender" if chat is None else "private" if chat.user is not None else chat.type
        self._push(
            {
                "inline_query": {
                    "id": query_id,
                    "from": user.as_json(),
                    "query": query,
                    "offset": "",
                    "chat_type": kind,
                }
            }
        )
        return query_id

    def flood(self, method: str | None = None, *, times: int = 1, retry_after: int = 1) -> None:
        """Answer the next `times` calls (of `method`, or any) with 429 Too Many Requests."""
        self._floods.extend([(method, retry_after)] * times)

    def fail(self, method: str | None = None, kind: str = "5xx", *, times: int = 1) -> None:
        """Give the next `times` calls (of `method`, or any) the fault `kind` (see FAULTS)."""
        assert kind in FAULTS, kind
        self._failures.extend([(method, kind)] * times)

    @property
    def faulted(self) -> list[Request]:
        """Every call that got an injected fault or a flood answer, in order."""
        return [r for r in self.requests if r.fault is not None]

    # ---- what the bot did ------------------------------------------------------

    def shown(self, chat: Chat) -> list[Message]:
        """The bot's messages in `chat` as they stand now, oldest first."""
        return [
            m
            for (chat_id, _), m in sorted(self.messages.items())
            if chat_id == chat.id and m.from_bot and not m.deleted
        ]

    def last(self, chat: Chat, *, with_buttons: bool = False) -> Message:
        found = [m for m in self.shown(chat) if m.buttons or not with_buttons]
        assert found, f"the bot has shown nothing{' with buttons' if with_buttons else ''} here"
        return found[-1]

    @property
    def calls(self) -> list[Request]:
        """Every request but the long polls, in order."""
        return [r for r in self.requests if r.method != "getUpdates"]

    def sent_to(self, chat: Chat) -> list[Request]:
        return [r for r in self.requests if r.chat_id == chat.id and r.ok]

    def unanswered(self) -> list[CallbackQuery]:
        return [q for q in self.callbacks.values() if not q.answered]

    @property
    def pending_updates(self) -> int:
        return sum(1 for u in self._updates if u["update_id"] > self._confirmed and self._wanted(u))

    async def wait_for(
        self, check: Callable[[], Any], *, timeout: float = 10.0, what: str = ""
    ) -> Any:
        """Wait until `check()` is truthy, re-checking after every request and update."""
        deadline = time.monotonic() + timeout
        async with self._changed:
            while not (found := check()):
                left = deadline - time.monotonic()
                if left <= 0:
                    recent = [f"{r.method} {r.status} {r.description}" for r in self.requests[-5:]]
                    raise AssertionError(f"timed out waiting for {what or check}; last: {recent}")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), left)
        return found

    async def settled(self, *, timeout: float = 10.0) -> None:
        """Wait until the bot has taken every update and answered every button press."""
        await self.wait_for(
            lambda: not self.pending_updates and not self.unanswered(),
            timeout=timeout,
            what="the bot to take every update and answer every callback query",
        )

    # ---- the server ------------------------------------------------------------

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def _push(self, update: dict[str, Any]) -> None:
        update["update_id"] = next(self._update_ids)
        self._updates.append(update)
        loop = asyncio.get_running_loop()
        if self.webhook is not None:
            self._tasks.add(loop.create_task(self._post_to_webhook(update)))
        else:
            self._wake.set()
        self._tasks.add(loop.create_task(self._notify()))
        self._tasks = {t for t in self._tasks if not t.done()}

    async def _post_to_webhook(self, update: dict[str, Any]) -> None:
        """Deliver one update as Telegram does to a webhook: POST, with the secret header."""
        assert self.webhook is not None
        if not self._wanted(update):
            self._confirmed = max(self._confirmed, update["update_id"])
            return
        headers = {}
        if self.webhook.get("secret_token"):
            headers["X-Telegram-Bot-Api-Secret-Token"] = str(self.webhook["secret_token"])
        async with (
            aiohttp.ClientSession() as session,
            session.post(str(self.webhook["url"]), json=update, headers=headers) as response,
        ):
            self.webhook_answers.append(response.status)
            if response.status == 200:
                self._confirmed = max(self._confirmed, update["update_id"])
        await self._notify()

    def _post(self, chat: Chat, sender: User | None, **content: Any) -> Message:
        ids = self._message_ids.setdefault(chat.id, itertools.count(1))
        message = Message(chat, next(ids), int(time.time()), sender, **content)
        self.messages[(chat.id, message.message_id)] = message
        return message

    async def _file(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != TOKEN:
            return web.Response(status=401)
        data = self._files.get(request.match_info["path"])
        return web.Response(status=404) if data is None else web.Response(body=data)

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        params, files, filenames = await self._read(request)
        record = Request(method, params, files, filenames)
        self.requests.append(record)
        try:
            if request.match_info["token"] != TOKEN:
                raise ApiError(401, "Unauthorized")
            self._flooded(record)
            self._limited(record)
            fault = self._fault(method)
            record.fault = fault
            if fault == "timeout":
                record.status, record.description = 504, "held: no answer in time"
                await self._hold()
                raise ApiError(504, "Gateway Timeout")  # read by nobody: the bot gave up
            if fault == "5xx":
                status, description = self.faults.random.choice(SERVER_ERRORS)
                raise ApiError(status, description)
            if fault == "429":
                after = self.faults.retry_after
                raise ApiError(429, f"Too Many Requests: retry after {after}", retry_after=after)
            handler = getattr(self, f"_m_{method}", None)
            if handler is None:
                raise ApiError(404, "Not Found")
            result = await handler(record)
            if fault == "lost":
                await self._notify()  # what it did is visible; its answer never comes
                await self._hold()
        except ApiError as exc:
            record.status, record.description = exc.status, exc.description
            body: dict[str, Any] = {
                "ok": False,
                "error_code": exc.status,
                "description": exc.description,
            }
            if exc.parameters:
                body["parameters"] = exc.parameters
            await self._notify()
            return web.json_response(body, status=exc.status)
        await self._notify()
        return web.json_response({"ok": True, "result": result})

    async def _read(
        self, request: web.Request
    ) -> tuple[dict[str, Any], dict[str, bytes], dict[str, str]]:
        params: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        filenames: dict[str, str] = {}
        if request.content_type == "application/json":
            params = dict(await request.json())
        else:
            form = await request.post()
            for key, value in form.items():
                if isinstance(value, web.FileField):
                    files[key] = value.file.read()
                    filenames[key] = value.filename
                else:
                    params[key] = value
        for key, value in list(params.items()):
            if not isinstance(value, str):
                continue
            if key in JSON_FIELDS:
                params[key] = json.loads(value)
            elif key in INT_FIELDS and re.fullmatch(r"-?\d+", value):
                params[key] = int(value)
        return params, files, filenames

    def _flooded(self, record: Request) -> None:
        for index, (which, retry_after) in enumerate(self._floods):
            if which is None or which == record.method:
                del self._floods[index]
                record.fault = "429"
                raise ApiError(
                    429,
                    f"Too Many Requests: retry after {retry_after}",
                    retry_after=retry_after,
                )

    def _fault(self, method: str) -> str | None:
        """The fault a test asked for with `fail`, else one drawn at the set rate."""
        for index, (which, kind) in enumerate(self._failures):
            if which is None or which == method:
                del self._failures[index]
                return kind
        return self.faults.draw(method)

    async def _hold(self) -> None:
        """Answer nothing until the bot has long given up (or the fake stops)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._release.wait(), 60)

    def _limited(self, record: Request) -> None:
        """Telegram's flood limits: a request naming a chat takes a token from
        the bot's bucket and, in a group, from the group's; none left is a 429."""
        chat = record.chat_id
        if self.limits is None or chat is None:
            return
        limits = self.limits
        now = limits.clock()
        buckets = [self._bucket(None, limits.overall, limits.overall_period, now)]
        if chat < 0:
            buckets.append(self._bucket(chat, limits.group, limits.group_period, now))
        wait = max(bucket.wait(now, limits.grace) for bucket in buckets)
        if wait > 0:
            record.fault = "limit"
            after = max(1, math.ceil(wait))
            raise ApiError(429, f"Too Many Requests: retry after {after}", retry_after=after)
        for bucket in buckets:
            bucket.take()

    def _bucket(self, key: int | None, size: int, period: float, now: float) -> Bucket:
        if key not in self._buckets:
            self._buckets[key] = Bucket(size, period, now)
        return self._buckets[key]

    # ---- checks shared by the methods -----------------------------------------

    def _chat(self, params: dict[str, Any]) -> Chat:
        chat = self.chats.get(params.get("chat_id"))  # type: ignore[arg-type]
        if chat is None:
            raise bad("chat not found")
        if chat.user is not None and chat.user.id not in self.started:
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        if chat.user is None and BOT_ID not in chat.members:
            raise ApiError(403, "Forbidden: bot is not a member of the group chat")
        return chat

    def _own_message(self, params: dict[str, Any], what: str = "edit") -> Message:
        chat = self._chat(params)
        message = self.messages.get((chat.id, params.get("message_id")))  # type: ignore[arg-type]
        if message is None or message.deleted:
            raise bad(f"message to {what} not found")
        if not message.from_bot:
            raise bad(f"message can't be {what}ed")
        return message

    @staticmethod
    def _markup(params: dict[str, Any]) -> dict[str, Any] | None:
        markup = params.get("reply_markup")
        if markup is None:
            return None
        rows = markup.get("inline_keyboard")
        if rows is None:
            raise bad("this fake expects inline keyboards only")
        if sum(len(row) for row in rows) > MAX_BUTTONS:
            raise bad("reply markup is too long")
        for row in rows:
            if not row:
                raise bad("inline keyboard row is empty")
            if len(row) > MAX_ROW:
                raise bad("too many buttons in a row")
            for button in row:
                if not str(button.get("text", "")).strip():
                    raise bad("button text is empty")
                kinds = {"callback_data", "url"} & set(button)
                if len(kinds) != 1:
                    raise bad("can't parse inline keyboard button: need callback_data or url")
                if "callback_data" in button:
                    data = str(button["callback_data"]).encode()
                    if not 1 <= len(data) <= MAX_CALLBACK_DATA:
                        raise bad("BUTTON_DATA_INVALID")
                elif not re.match(r"(https?|tg)://", str(button["url"])):
                    raise bad("BUTTON_URL_INVALID")
        return markup if rows else None

    @staticmethod
    def _text(
        params: dict[str, Any], key: str, limit: int, *, required: bool
    ) -> tuple[str | None, tuple[str | None, str | None]]:
        """The text as shown, and as sent (what "not modified" compares)."""
        raw = params.get(key)
        mode = params.get("parse_mode")
        if raw is None or raw == "":
            if required:
                raise bad("message text is empty")
            return None, (None, None)
        shown = visible_text(str(raw), mode)
        if required and not shown.strip():
            raise bad("message text is empty")
        if utf16_length(shown) > limit:
            raise bad("message is too long" if key == "text" else "message caption is too long")
        return shown, (str(raw), mode)

    def _photo(self, value: Any, files: dict[str, bytes], key: str) -> tuple[bytes, str]:
        """The bytes and file id of a photo given as an upload or an earlier file id."""
        if isinstance(value, str) and value.startswith("attach://"):
            key, value = value.removeprefix("attach://"), None
        if value is None or value == "":
            data = files.get(key)
            if not data:
                raise bad("there is no photo in the request")
            if not data.startswith(b"\x89PNG") and not data.startswith(b"\xff\xd8"):
                raise bad("IMAGE_PROCESS_FAILED")
            file_id = f"photo-{next(self._file_ids)}"
            self._files[file_id] = data
            return data, file_id
        if value not in self._files:
            raise bad("wrong file identifier/HTTP URL specified")
        return self._files[value], str(value)

    def _remember(self, message: Message) -> None:
        message.history.append(
            {"text": message.text, "caption": message.caption, "photo_id": message.photo_id}
        )

    # ---- methods ---------------------------------------------------------------

    async def _m_getMe(self, record: Request) -> Any:
        return self.bot_user

    async def _m_setWebhook(self, record: Request) -> Any:
        params = record.params
        url = str(params.get("url") or "")
        if not url.startswith("https://") and not url.startswith("http://127.0.0.1:"):
            raise bad("bad webhook: An HTTPS URL must be provided for webhook")
        secret = str(params.get("secret_token") or "")
        if secret and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret):
            raise bad("bad webhook: secret token contains unallowed characters")
        self.webhook = {"url": url, "secret_token": secret}
        self._allow(params)
        return True

    def _allow(self, params: dict[str, Any]) -> None:
        """`allowed_updates` as Telegram keeps it: a list given replaces the
        last (an empty one means the default); none given keeps it."""
        named = params.get("allowed_updates")
        if named is not None:
            self.allowed_updates = frozenset(named) or UPDATE_KINDS_BY_DEFAULT

    def _wanted(self, update: dict[str, Any]) -> bool:
        """Whether the bot asked for this kind of update (Telegram drops the rest)."""
        return not (set(update) - {"update_id"}).isdisjoint(self.allowed_updates)

    async def _m_deleteWebhook(self, record: Request) -> Any:
        params = record.params
        self.webhook = None
        if params.get("drop_pending_updates") in ("true", True):
            self._confirmed = max((u["update_id"] for u in self._updates), default=0)
        return True

    async def _m_setMyCommands(self, record: Request) -> Any:
        params = record.params
        commands = params.get("commands") or []
        for command in commands:
            if not re.fullmatch(r"[a-z0-9_]{1,32}", command.get("command", "")):
                raise bad("BOT_COMMAND_INVALID")
            if not 1 <= len(command.get("description", "")) <= 256:
                raise bad("BOT_COMMAND_DESCRIPTION_INVALID")
        language = params.get("language_code") or ""
        if language and not re.fullmatch(r"[a-z]{2}", language):
            raise bad("LANGUAGE_CODE_INVALID")
        self.commands_for[language] = commands
        if not language:
            self.commands = commands
        return True

    async def _m_getUpdates(self, record: Request) -> Any:
        params = record.params
        if self.webhook is not None:
            raise ApiError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )
        self._allow(params)
        offset = int(params.get("offset") or 0)
        if offset:
            self._confirmed = max(self._confirmed, offset - 1)
        self._updates = [
            u for u in self._updates if u["update_id"] > self._confirmed and self._wanted(u)
        ]
        await self._notify()
        self._polls += 1
        mine = self._polls
        self._wake.set()  # as on Telegram, a newer long poll ends the older one
        self._wake = asyncio.Event()
        if not self._updates:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), float(params.get("timeout") or 0))
        if mine != self._polls:
            raise ApiError(409, "Conflict: terminated by other getUpdates request")
        limit = int(params.get("limit") or 100)
        return self._updates[:limit]

    async def _m_sendMessage(self, record: Request) -> Any:
        params = record.params
        chat = self._chat(params)
        text, source = self._text(params, "text", MAX_TEXT, required=True)
        message = self._post(chat, None, text=text, source=source, markup=self._markup(params))
        record.posted = message.message_id
        return message.as_json(self.bot_user)

    async def _m_sendPhoto(self, record: Request) -> Any:
        params, files = record.params, record.files
        chat = self._chat(params)
        caption, source = self._text(params, "caption", MAX_CAPTION, required=False)
        data, file_id = self._photo(params.get("photo"), files, "photo")
        record.photo = data
        markup = self._markup(params)
        message = self._post(
            chat, None, photo=data, photo_id=file_id, caption=caption, source=source, markup=markup
        )
        record.posted = message.message_id
        return message.as_json(self.bot_user)

    async def _m_sendDocument(self, record: Request) -> Any:
        params = record.params
        chat = self._chat(params)
        caption, source = self._text(params, "caption", MAX_CAPTION, required=False)
        value = str(params.get("document") or "")
        key = value.removeprefix("attach://") if value.startswith("attach://") else "document"
        data = record.files.get(key)
        if not data:
            raise bad("there is no document in the request")
        name = record.filenames.get(key, "file")
        markup = self._markup(params)
        message = self._post(
            chat, None, document=(name, data), caption=caption, source=source, markup=markup
        )
        record.posted = message.message_id
        return message.as_json(self.bot_user)

    async def _m_editMessageText(self, record: Request) -> Any:
        params = record.params
        message = self._own_message(params)
        if message.text is None:
            raise bad("there is no text in the message to edit")
        text, source = self._text(params, "text", MAX_TEXT, required=True)
        markup = self._markup(params)
        if source == message.source and markup == message.markup:
            raise bad(NOT_MODIFIED)
        self._remember(message)
        message.text, message.source, message.markup = text, source, markup
        return message.as_json(self.bot_user)

    async def _m_editMessageCaption(self, record: Request) -> Any:
        params = record.params
        message = self._own_message(params)
        if message.photo is None:
            raise bad("there is no caption in the message to edit")
        caption, source = self._text(params, "caption", MAX_CAPTION, required=False)
        markup = self._markup(params)
        if source == message.source and markup == message.markup:
            raise bad(NOT_MODIFIED)
        self._remember(message)
        message.caption, message.source, message.markup = caption, source, markup
        return message.as_json(self.bot_user)

    async def _m_editMessageMedia(self, record: Request) -> Any:
        params, files = record.params, record.files
        message = self._own_message(params)
        media = params.get("media")
        if not isinstance(media, dict) or media.get("type") != "photo":
            raise bad("this fake edits photos only")
        if message.photo is None:
            raise bad("there is no media in the message to edit")
        caption, source = self._text(media, "caption", MAX_CAPTION, required=False)
        data, file_id = self._photo(media.get("media"), files, "media")
        record.photo = data
        markup = self._markup(params)
        if data == message.photo and source == message.source and markup == message.markup:
            raise bad(NOT_MODIFIED)
        self._remember(message)
        message.photo, message.photo_id = data, file_id
        message.caption, message.source, message.markup = caption, source, markup
        return message.as_json(self.bot_user)

    async def _m_editMessageReplyMarkup(self, record: Request) -> Any:
        params = record.params
        message = self._own_message(params)
        markup = self._markup(params)
        if markup == message.markup:
            raise bad(NOT_MODIFIED)
        message.markup = markup
        return message.as_json(self.bot_user)

    async def _m_deleteMessage(self, record: Request) -> Any:
        params = record.params
        message = self._own_message(params, "delete")
        message.deleted = True
        return True

    async def _m_answerCallbackQuery(self, record: Request) -> Any:
        params = record.params
        query = self.callbacks.get(str(params.get("callback_query_id")))
        if query is None or query.answered:
            raise bad("query is too old and response timeout expired or query ID is invalid")
        text = str(params.get("text") or "")
        if len(text) > 200:
            raise bad("MESSAGE_TOO_LONG")
        query.answered = True
        query.answer = params
        return True

    async def _m_answerInlineQuery(self, record: Request) -> Any:
        params = record.params
        query_id = str(params.get("inline_query_id"))
        if query_id in self.inline_answers:
            raise bad("query is too old and response timeout expired or query ID is invalid")
        results = params.get("results")
        if not isinstance(results, list) or len(results) > 50:
            raise bad("RESULTS_TOO_MUCH")
        for result in results:
            if not re.fullmatch(r"[\x20-\x7e]{1,64}", str(result.get("id", ""))):
                raise bad("RESULT_ID_INVALID")
        self.inline_answers[query_id] = params
        return True

    async def _m_sendChatAction(self, record: Request) -> Any:
        params = record.params
        self._chat(params)
        return True

    async def _m_getFile(self, record: Request) -> Any:
        params = record.params
        file_id = str(params.get("file_id"))
        if file_id not in self._files:
            raise bad("wrong file_id or the file is temporarily unavailable")
        return {
            "file_id": file_id,
            "file_unique_id": file_id,
            "file_size": len(self._files[file_id]),
            "file_path": file_id,
        }
