"""Telegram: the chat layer on python-telegram-bot.

Everything about the games (menus, grammar, tokens, what is private) is the
chat layer's; this module maps it onto Telegram. Menus are inline keyboards
with the layer's tokens as callback data, pictures are photos, and a message
the layer edits is edited in place (`editMessageText`, `editMessageCaption`,
`editMessageMedia`), or deleted and posted anew where Telegram cannot change a
message's kind. Turn notices are new messages, because Telegram notifies
nobody about an edit.

Telegram-specific duties live here too: flood limits and passing faults
(`frontends.telegram.limits`: 429s, 5xx answers and timeouts are retried,
bounded), answering every callback query, deep links for invites, a webhook
that takes only Telegram's posts, and a person who never opened a DM with the
bot: Telegram forbids writing to them first, so the group is told, with a
button that opens that DM.

What the adapter remembers per user, chat or message is bounded (LRU): a
forgotten name is looked up again, a forgotten invitation is at worst
repeated once, a forgotten upload is uploaded again.
"""

import asyncio
import contextlib
import hmac
import logging
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from aiohttp import web
from cachetools import LRUCache
from telegram import (
    BotCommand,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputFile,
    InputMediaPhoto,
    InputTextMessageContent,
    LinkPreviewOptions,
    MessageEntity,
    Update,
)
from telegram import Message as TgMessage
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    BaseRateLimiter,
    CallbackQueryHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from daemon.model import Identity, TablePolicy
from daemon.table import Table
from frontends.chat import (
    TELEGRAM,
    AdapterProfile,
    ChatFrontend,
    ChatMemory,
    Edit,
    FileChatMemory,
    Message,
    Outgoing,
    Picture,
    Place,
    Sender,
    Slot,
    Target,
    load_secret,
)
from frontends.telegram.config import TelegramOptions
from frontends.telegram.limits import PatientLimiter
from frontends.telegram.updates import ChatLocks, PerChatOrder
from frontends.telegram.widgets import BEGIN, HAND_LINK, body, command, deep_link, keyboard
from languages import N_, SOURCE, _, languages, speaking

log = logging.getLogger("plgames.telegram")

REMEMBERED = 10_000
"""How many names, invitations, deleted messages and uploaded pictures a running
adapter remembers: enough for every live table, and a bound on what a daemon up
for months holds."""

COMMANDS = (
    (
        "new",
        N_("open a table: /new katan (asks the rules, map and points), /new euchre, /new sequence"),
    ),
    ("join", N_("sit at a table: /join CODE")),
    (BEGIN, N_("start the game at your table")),
    ("status", N_("where your table stands")),
    ("hand", N_("your cards, privately")),
    ("leave", N_("leave your seat (the AI plays it)")),
    ("options", N_("the options of your table's game")),
    ("rules", N_("how to play")),
    ("spectate", N_("watch a table: /spectate CODE")),
    ("settings", N_("your lobby's options, by buttons")),
    ("invite", N_("send someone your table: /invite @name")),
    ("mute", N_("your turns stop pinging you")),
    ("unmute", N_("your turns ping you again")),
    ("stats", N_("your games won, per game")),
    ("leaderboard", N_("who wins most in this group")),
    ("record", N_("a finished game as a file: /record CODE")),
    ("language", N_("the language I speak with you: /language de")),
    ("end", N_("end your table (its creator only)")),
    ("help", N_("what you can type")),
)
"""The command menu Telegram shows, in English by default and in each shipped
language for people whose app uses it; docs/telegram.md lists it for BotFather."""

PRESS_GRACE = 2.0
"""Seconds a button press may take before its callback query is answered
anyway: the answer can carry a refusal as an alert only if it waits for
the layer, and Telegram shows a spinner until it comes."""

NOT_MODIFIED = "message is not modified"
GONE = ("message to edit not found", "message can't be edited", "message to delete not found")
WRONG_KIND = ("there is no text in the message", "there is no media in the message")
NAMED = re.compile(r"(?<![\w/@])@(\w+)")
"""An @name in a message (not the `@bot` of a `/command@bot`)."""
ANSWERED = "query is too old"
"""A callback query answered already (a retry whose first answer did arrive) or
too late to answer: either way there is nothing more to say to it."""


@dataclass(slots=True)
class Incoming:
    """The update being answered, for `reply` targets and the callback answer."""

    chat: int
    private: bool
    user: int


class TelegramFrontend(ChatFrontend):
    def __init__(
        self,
        options: TelegramOptions,
        *,
        secret: bytes,
        memory: ChatMemory | None = None,
        policy: TablePolicy | None = None,
        profile: AdapterProfile = TELEGRAM,
        limiter: BaseRateLimiter[int] | None = None,
        remembered: int = REMEMBERED,
    ) -> None:
        super().__init__(profile, secret=secret, memory=memory, policy=policy)
        self.options = options
        if limiter is None:
            limiter = PatientLimiter(retries=options.retries, on_retry=self.retried)
        elif isinstance(limiter, PatientLimiter) and limiter.on_retry is None:
            limiter.on_retry = self.retried
        self._limiter = limiter
        self._app: Application[Any, Any, Any, Any, Any, Any] | None = None
        self._webhook: web.AppRunner | None = None
        self._names: LRUCache[str, str] = LRUCache(maxsize=remembered)
        """User id → name as last seen; a forgotten one is looked up in the seats again."""
        self._file_ids: LRUCache[str, str] = LRUCache(maxsize=remembered)
        """Picture key → Telegram file id: an image shown to several chats is uploaded once."""
        self._locks = ChatLocks()
        self._gone: LRUCache[tuple[int, int], bool] = LRUCache(maxsize=remembered)
        """(chat, message id) this process deleted: never edited or deleted again."""
        self._invited: LRUCache[int, frozenset[int]] = LRUCache(maxsize=remembered)
        """User → groups they were told to open a DM in, so a game's every
        delivery does not repeat it; forgotten once they write in the DM."""

    @property
    def app(self) -> Application[Any, Any, Any, Any, Any, Any]:
        if self._app is None:
            raise RuntimeError("the Telegram frontend is not connected")
        return self._app

    @property
    def username(self) -> str:
        return str(self.app.bot.username)

    # ---- connecting ----------------------------------------------------------------

    async def connect(self) -> None:
        token = self.options.token.get_secret_value()
        timeout = self.options.request_timeout
        builder = (
            ApplicationBuilder()
            .token(token)
            .base_url(self.options.base_url)
            .base_file_url(self.options.base_file_url)
            .rate_limiter(self._limiter)
            .concurrent_updates(PerChatOrder())
            .connect_timeout(timeout)
            .read_timeout(timeout)
            .write_timeout(timeout)
            .media_write_timeout(2 * timeout)  # a board photo is an upload
            .pool_timeout(timeout)
            .get_updates_connect_timeout(timeout)
            .get_updates_read_timeout(timeout)  # on top of the long poll's own wait
            .get_updates_write_timeout(timeout)
            .get_updates_pool_timeout(timeout)
        )
        if self.options.mode == "webhook":
            builder = builder.updater(None)  # updates arrive on our own web server
        app = builder.build()
        app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.TEXT, self._on_text))
        app.add_handler(CallbackQueryHandler(self._on_press))
        app.add_handler(InlineQueryHandler(self._on_inline))
        app.add_error_handler(self._on_error)
        self._app = app
        await app.initialize()
        try:
            for language in languages():
                with speaking(language):
                    menu = [BotCommand(name, _(text)) for name, text in COMMANDS]
                code = None if language == SOURCE else language
                await app.bot.set_my_commands(menu, language_code=code)
        except TelegramError as exc:  # typed commands work without Telegram's menu of them
            log.error("telegram refused the command menu (setMyCommands): %s", exc)
        await app.start()
        allowed = ["message", "callback_query", "inline_query"]
        if self.options.mode == "webhook":
            await self._serve_webhook()
            secret = self.options.webhook_secret
            await app.bot.set_webhook(
                self.options.webhook_url,
                secret_token=secret.get_secret_value() if secret else None,
                allowed_updates=allowed,
            )
        else:
            assert app.updater is not None
            await app.updater.start_polling(
                timeout=self.options.poll_timeout,
                allowed_updates=allowed,
                error_callback=self._poll_failed,
            )
        log.info("telegram connected", extra={"bot": self.username, "mode": self.options.mode})

    async def disconnect(self) -> None:
        app, self._app = self._app, None
        if app is None:
            return
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if self._webhook is not None:
            await self._webhook.cleanup()
            self._webhook = None
        if app.running:
            await app.stop()
        await app.shutdown()

    async def _serve_webhook(self) -> None:
        """Take Telegram's posts on our own aiohttp server (the daemon already
        runs aiohttp), handing each update to the application's queue."""
        path = "/" + self.options.webhook_url.split("://", 1)[1].partition("/")[2]
        server = web.Application()
        server.router.add_post(path, self._on_webhook)
        self._webhook = web.AppRunner(server, access_log=None, handle_signals=False)
        await self._webhook.setup()
        site = web.TCPSite(self._webhook, self.options.webhook_listen, self.options.webhook_port)
        await site.start()

    @property
    def webhook_port(self) -> int:
        """The port the webhook listens on (useful when it was configured as 0)."""
        assert self._webhook is not None
        return int(self._webhook.addresses[0][1])

    def _poll_failed(self, error: TelegramError) -> None:
        """python-telegram-bot polls again by itself (pausing after a 5xx);
        the updates are Telegram's until confirmed, so none is lost."""
        log.warning("telegram: polling for updates failed (%s); polling again", error)
        self.retried("poll")

    async def _on_webhook(self, request: web.Request) -> web.Response:
        """An update posted by Telegram, known by the secret header (compared
        in constant time, so its bytes cannot be guessed one by one)."""
        expected = self.options.webhook_secret  # required in webhook mode (the config says so)
        given = request.headers.get("X-Telegram-Bot-Api-Secret-Token", "")
        if expected is None or not hmac.compare_digest(
            given.encode(), expected.get_secret_value().encode()
        ):
            return web.Response(status=403)
        try:
            update = Update.de_json(await request.json(), self.app.bot)
        except (ValueError, TypeError, KeyError, AttributeError):  # JSON, but not an update
            return web.Response(status=400)
        await self.app.update_queue.put(update)
        return web.Response()

    # ---- updates in ----------------------------------------------------------------

    def _sender(self, update: Update) -> Sender:
        user = update.effective_user
        assert user is not None
        name = user.full_name[:40] or str(user.id)
        self._names[str(user.id)] = name
        if user.username:
            self.layer.memory.put(self._username_key(user.username), str(user.id))
        return Sender(str(user.id), name, user.language_code)

    @staticmethod
    def _username_key(username: str) -> str:
        return f"telegram|username|{username.lower()}"

    def _mentioned(self, message: TgMessage) -> tuple[list[Sender], list[str]]:
        """The people a message names, and the @names it could not find. A
        text mention carries the user; an @username is known only if that
        person has written to the bot (the Bot API cannot look a username
        up). Every `@word` is read, not only Telegram's mention entities, so
        a name too short to be a username is reported too."""
        found: list[Sender] = []
        for entity in message.parse_entities([MessageEntity.TEXT_MENTION]):
            if (user := entity.user) is not None:
                found.append(Sender(str(user.id), user.full_name[:40] or str(user.id)))
        unknown: list[str] = []
        for name in NAMED.findall(message.text or ""):
            if name.lower() == self.username.lower():
                continue
            known = self.layer.memory.get(self._username_key(name))
            if known is None:
                unknown.append(f"@{name}")
            else:
                found.append(Sender(known, self._name(known)))
        return found, unknown

    async def _on_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, chat, user = update.effective_message, update.effective_chat, update.effective_user
        if message is None or message.text is None or chat is None or user is None:
            return
        text = command(message.text, self.username)
        if text is None:
            return
        private = chat.type == chat.PRIVATE
        if private:
            self._invited.pop(user.id, None)
        incoming = Incoming(chat.id, private, user.id)
        sender, place = self._sender(update), Place(str(chat.id), private)
        named, unknown = self._mentioned(message)
        await self.on_text(sender, place, text, incoming, named, unknown)

    async def _on_inline(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """`@bot` typed in any chat: the asker's own hand and table, offered to
        them alone (`frontends.chat.sharing`). Personal and never cached, so
        Telegram shows one person's answer to nobody else."""
        query = update.inline_query
        if query is None:
            return
        shares = self.layer.shares(self._sender(update), query.query)
        results = [
            InlineQueryResultArticle(
                share.key,
                share.title,
                InputTextMessageContent(share.text),
                description=share.description,
            )
            for share in shares
        ]
        try:
            await query.answer(results, cache_time=0, is_personal=True)
        except TelegramError as exc:  # the query is simply left unanswered
            log.error("telegram refused an inline answer: %s", exc)

    async def _on_press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query, chat, user = update.callback_query, update.effective_chat, update.effective_user
        if query is None or user is None:
            return
        if chat is None or query.message is None:
            await query.answer()
            return
        private = chat.type == chat.PRIVATE
        incoming = Incoming(chat.id, private, user.id)
        place = Place(str(chat.id), private)
        sender = self._sender(update)
        press = asyncio.ensure_future(
            self.layer.press(sender, place, query.data or "", str(query.message.message_id))
        )
        done, _pending = await asyncio.wait({press}, timeout=PRESS_GRACE)
        if not done:
            await self._answer_query(query)
            await self.perform_all(await press, incoming)
            return
        try:
            actions = press.result()
        except Exception:
            with speaking(self.layer.languages.of(sender)):
                failed = _("That did not work; try again.")
            await self._answer_query(query, failed)
            raise
        with speaking(self.layer.languages.of(sender)):
            text, alert = ("", False) if private else self._answer(actions)
        if alert:
            actions = [a for a in actions if not self._refusal(a)]
        # At once, not one after the other: an answer Telegram is slow to take
        # must not hold the press's menu back behind later deliveries.
        await asyncio.gather(
            self._answer_query(query, text or None, alert), self.perform_all(actions, incoming)
        )

    @staticmethod
    async def _answer_query(
        query: CallbackQuery, text: str | None = None, alert: bool = False
    ) -> None:
        """Stop the button's spinner. A failed answer costs only the spinner
        (and an alert's words): the press's menus and moves still go out."""
        try:
            await query.answer(text, show_alert=alert)
        except BadRequest as exc:
            if ANSWERED not in str(exc).lower():
                log.error("telegram refused a callback answer: %s", exc)
        except TelegramError as exc:
            log.error("telegram callback answer given up: %s", exc)

    @staticmethod
    def _refusal(action: Outgoing) -> bool:
        """A private answer that is only words (a refusal), not a menu."""
        return action.to.audience == "reply" and action.to.private and action.slot is None

    @classmethod
    def _answer(cls, actions: list[Outgoing]) -> tuple[str, bool]:
        """The callback answer to a press in a group: a refusal meant for the
        presser alone is an alert only they see (instead of a DM); a panel
        sent to their DM is announced with a short notice."""
        for action in actions:
            if cls._refusal(action):
                return action.message.text[:200], True
        private = any(a.to.audience == "reply" and a.to.private for a in actions)
        return (_("Sent to our private chat."), False) if private else ("", False)

    async def _on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("telegram update failed", exc_info=context.error)

    # ---- actions out ---------------------------------------------------------------

    async def perform(self, action: Outgoing, context: Any) -> str | None:
        incoming = context if isinstance(context, Incoming) else None
        chat, user = self._where(action.to, incoming)
        message = self._with_invite(action)
        # One chat's messages go out one at a time: an answer to a press and a
        # delivery for the same panel must not edit and delete it at once.
        async with self._locks.hold(chat):
            try:
                if isinstance(action, Edit):
                    posted = await self._edit(chat, self._current(action, chat), message)
                else:
                    posted = await self._send(chat, message)
                    if action.replaces is not None:
                        await self._delete(chat, int(action.replaces))
            except Forbidden:
                if user is None:
                    raise
                await self._invite(user, action, incoming)
                return None
            if action.slot is not None and chat > 0:
                await self._supersede(action.slot, chat, posted)
            return posted

    def _where(self, to: Target, incoming: Incoming | None) -> tuple[int, int | None]:
        """The chat to write in, and the user when that chat is a DM (which
        Telegram refuses until the user has started the bot)."""
        if to.audience == "channel":
            return int(to.chat), None
        if to.audience == "direct":
            return int(to.user), int(to.user)
        if incoming is None:
            raise ValueError("a reply needs the update it answers")
        if to.private and not incoming.private:
            return incoming.user, incoming.user
        return incoming.chat, incoming.user if incoming.private else None

    def _with_invite(self, action: Outgoing) -> Message:
        """A lobby carries the table's invite link: whoever opens it lands in
        their own DM with the bot, seated (Telegram sends `/start CODE`)."""
        message = action.message
        table = self._table_for(action) if action.slot and action.slot.role == "lobby" else None
        if table is None:
            return message
        link = deep_link(self.username, table.code)
        with speaking(self.layer.languages.of_target(table, action.to)):
            said = _("Invite link: {link}").format(link=link)
        return replace(message, text=f"{message.text}\n{said}")

    def _current(self, action: Edit, chat: int) -> int:
        """The message to edit: an answer to a press on a panel that has since
        been posted anew (the turn moved on meanwhile) edits the live copy."""
        target = int(action.message_id)
        if action.slot is None or (chat, target) not in self._gone:
            return target
        live = self.layer.memory.get(self._live_key(action.slot))
        live_chat, _sep, live_id = (live or "").partition(":")
        return int(live_id) if live_chat == str(chat) else target

    @staticmethod
    def _live_key(slot: Slot) -> str:
        return f"telegram|live|{slot.table}|{slot.role}|{slot.where}"

    async def _delete(self, chat: int, message_id: int) -> None:
        """Delete once (a message may be superseded and replaced in the same moment)."""
        if (chat, message_id) in self._gone:
            return
        self._gone[chat, message_id] = True
        self.layer.memory.put(self._kind_key(chat, message_id), None)
        with contextlib.suppress(BadRequest):
            await self.app.bot.delete_message(chat, message_id)

    async def _supersede(self, slot: Slot, chat: int, posted: str) -> None:
        """In a DM, keep one live copy of each board and panel: when the layer
        posts a slot anew (a turn begins, which notifies), the previous copy
        and its stale buttons go. (Boards in groups are the layer's to replace:
        `Send.replaces`, unless the table keeps its history.)"""
        key = self._live_key(slot)
        before = self.layer.memory.get(key)
        self.layer.memory.put(key, f"{chat}:{posted}")
        if before is None or before == f"{chat}:{posted}":
            return
        old_chat, _sep, old_id = before.partition(":")
        if int(old_chat) == chat:
            await self._delete(chat, int(old_id))

    async def _send(self, chat: int, message: Message) -> str:
        text = self._text(message, chat)
        markup = keyboard(message.menu)
        if message.file is not None:
            file = message.file
            sent: TgMessage = await self.app.bot.send_document(
                chat,
                InputFile(file.data, filename=file.filename),
                caption=text,
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
                disable_notification=message.silent,
            )
            self._kind(chat, sent.message_id, "file")
            return str(sent.message_id)
        if message.picture is None:
            sent = await self.app.bot.send_message(
                chat,
                text,
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
                link_preview_options=LinkPreviewOptions(is_disabled=True),
                disable_notification=message.silent,
            )
            self._kind(chat, sent.message_id, "text")
            return str(sent.message_id)
        picture = message.picture
        sent = await self.app.bot.send_photo(
            chat,
            await self._photo(picture),
            caption=text,
            parse_mode=ParseMode.HTML,
            reply_markup=markup,
            disable_notification=message.silent,
        )
        if sent.photo:
            self._file_ids[picture.key] = sent.photo[-1].file_id
        self._kind(chat, sent.message_id, f"photo:{picture.key}")
        return str(sent.message_id)

    async def _edit(self, chat: int, message_id: int, message: Message) -> str:
        """Edit in place when Telegram can; else post anew and delete the old one."""
        kind = self.layer.memory.get(self._kind_key(chat, message_id))
        picture = message.picture
        if kind is not None and (picture is None) != (kind == "text"):
            return await self._replace(chat, message_id, message)
        bot = self.app.bot
        text = self._text(message, chat)
        markup = keyboard(message.menu)
        try:
            if picture is None:
                await bot.edit_message_text(
                    text,
                    chat,
                    message_id,
                    parse_mode=ParseMode.HTML,
                    reply_markup=markup,
                    link_preview_options=LinkPreviewOptions(is_disabled=True),
                )
            elif kind == f"photo:{picture.key}":
                await bot.edit_message_caption(
                    chat, message_id, caption=text, parse_mode=ParseMode.HTML, reply_markup=markup
                )
            else:
                edited = await bot.edit_message_media(
                    InputMediaPhoto(await self._photo(picture), caption=text, parse_mode="HTML"),
                    chat,
                    message_id,
                    reply_markup=markup,
                )
                if isinstance(edited, TgMessage) and edited.photo:
                    self._file_ids[picture.key] = edited.photo[-1].file_id
                self._kind(chat, message_id, f"photo:{picture.key}")
        except BadRequest as exc:
            reason = str(exc).lower()
            if NOT_MODIFIED in reason:
                return str(message_id)
            if any(gone in reason for gone in GONE):
                self.layer.memory.put(self._kind_key(chat, message_id), None)
                return await self._send(chat, message)
            if any(wrong in reason for wrong in WRONG_KIND):
                return await self._replace(chat, message_id, message)
            raise
        return str(message_id)

    async def _replace(self, chat: int, message_id: int, message: Message) -> str:
        """Post `message` anew and delete the old one, so the chat keeps one copy."""
        posted = await self._send(chat, message)
        await self._delete(chat, message_id)
        return posted

    async def _photo(self, picture: Picture) -> str | bytes:
        """The picture's Telegram file id if it was uploaded before, else its PNG
        (drawn off the event loop)."""
        known = self._file_ids.get(picture.key)
        return known if known is not None else await asyncio.to_thread(picture.png)

    def _text(self, message: Message, chat: int) -> str:
        """The message as Telegram HTML for `chat`. Mentions are links that
        notify in a group; in a DM the new message itself notifies, so they go."""
        captioned = message.picture is not None or message.file is not None
        limit = self.profile.caption_limit if captioned else self.profile.text_limit
        if chat > 0:
            message = replace(message, mentions=())
        return body(message, {user: self._name(user) for user in message.mentions}, limit)

    def _name(self, user: str) -> str:
        """A user's name for a mention: as last seen in an update, else the
        name they sat down with (after a restart, before they write again)."""
        known = self._names.get(user)
        if known is not None:
            return known
        identity = Identity(frontend=self.name, user=user)
        for table in self.layer.daemon.tables.values():
            for seat in table.meta.seats:
                if seat.identity == identity and seat.name:
                    self._names[user] = seat.name
                    return seat.name
        return "player"

    @staticmethod
    def _kind_key(chat: int, message_id: int) -> str:
        return f"telegram|kind|{chat}|{message_id}"

    def _kind(self, chat: int, message_id: int, kind: str) -> None:
        """Remember what a posted message holds, so a later edit (even after a
        restart) knows whether Telegram can change it in place."""
        self.layer.memory.put(self._kind_key(chat, message_id), kind)

    async def _invite(self, user: int, action: Outgoing, incoming: Incoming | None) -> None:
        """Telegram refused a DM: the user never started the bot. Tell them in
        the group, with a button that opens the DM, once per group."""
        group = self._group_for(action, incoming)
        asked = self._invited.get(user, frozenset())
        if group is None or group in asked:
            log.info("cannot reach telegram user %s in a DM and know no group to ask in", user)
            return
        self._invited[user] = asked | {group}
        code = self._code_for(action)
        with speaking(self.layer.languages.of_user(str(user))):
            said = _(
                "I can't write to you until you open a chat with me. "
                "Press the button, then Start: your cards and moves will come there."
            )
            label = _("Open my chat")
        invite = Message(text=said, mentions=(str(user),))
        payload = None if code is None else f"{HAND_LINK}{code}"
        button = InlineKeyboardButton(label, url=deep_link(self.username, payload))
        await self.app.bot.send_message(
            group,
            self._text(invite, group),
            parse_mode=ParseMode.HTML,
            reply_markup=InlineKeyboardMarkup([[button]]),
        )

    def _group_for(self, action: Outgoing, incoming: Incoming | None) -> int | None:
        if incoming is not None:
            return None if incoming.private else incoming.chat
        table = self._table_for(action)
        if table is None or table.meta.origin.frontend != self.name:
            return None
        place = table.meta.origin.place
        return int(place) if place.lstrip("-").isdigit() and int(place) < 0 else None

    def _code_for(self, action: Outgoing) -> str | None:
        table = self._table_for(action)
        return None if table is None else table.code

    def _table_for(self, action: Outgoing) -> Table | None:
        if action.slot is None:
            return None
        return self.layer.daemon.tables.get(action.slot.table)


def build(settings: Any, daemon: Any) -> TelegramFrontend:
    """The daemon's factory (`daemon.service.FRONTENDS`): the `[telegram]`
    section, the token secret and the message memory in the state directory."""
    state_dir = Path(settings.state_dir)
    return TelegramFrontend(
        TelegramOptions.from_section(settings.telegram),
        secret=load_secret(state_dir),
        memory=FileChatMemory(state_dir / "chat-telegram.json"),
    )
