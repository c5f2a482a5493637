"""The fake Bot API is only worth testing against if the real library accepts it.

These tests drive the real python-telegram-bot `Application` (polling, handlers,
the rate limiter) against `tests/telegram_fake.py` and check that each limit
the Telegram frontend relies on is enforced with Telegram's own errors.
"""

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto, Update
from telegram.error import BadRequest, Forbidden, RetryAfter
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)
from telegram_fake import BOT_USERNAME, TOKEN, FakeTelegram

PNG = b"\x89PNG\r\n\x1a\n" + b"fake image body"
Context = ContextTypes.DEFAULT_TYPE


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram()
    await server.start()
    yield server
    await server.stop()


def build(
    fake: FakeTelegram, *, limiter: AIORateLimiter | None = None
) -> Application[Any, Any, Any, Any, Any, Any]:
    builder: Any = (
        ApplicationBuilder().token(TOKEN).base_url(fake.base_url).base_file_url(fake.base_file_url)
    )
    if limiter is not None:
        builder = builder.rate_limiter(limiter)
    app: Application[Any, Any, Any, Any, Any, Any] = builder.build()
    return app


@pytest.fixture
async def polling(
    fake: FakeTelegram,
) -> AsyncIterator[Callable[..., Any]]:
    """Start an Application with the given handlers, polling the fake; stop it after."""
    running: list[Application[Any, Any, Any, Any, Any, Any]] = []

    async def start(
        *handlers: Any, limiter: AIORateLimiter | None = None, allowed: list[str] | None = None
    ) -> Any:
        app = build(fake, limiter=limiter)
        for handler in handlers:
            app.add_handler(handler)
        await app.initialize()
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(timeout=1, allowed_updates=allowed)
        running.append(app)
        return app

    yield start
    for app in running:
        assert app.updater is not None
        await app.updater.stop()
        await app.stop()
        await app.shutdown()


async def test_commands_deep_links_and_buttons_reach_handlers(
    fake: FakeTelegram, polling: Callable[..., Any]
) -> None:
    heard: list[tuple[str, Any]] = []

    async def on_start(update: Update, context: Context) -> None:
        heard.append(("start", context.args))
        assert update.effective_chat is not None
        keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("Roll", callback_data="t:1")]])
        await context.bot.send_message(update.effective_chat.id, "Menu", reply_markup=keyboard)

    async def on_button(update: Update, context: Context) -> None:
        query = update.callback_query
        assert query is not None
        heard.append(("button", query.data))
        await query.answer()
        await query.edit_message_text("Rolled")

    async def on_text(update: Update, context: Context) -> None:
        assert update.message is not None
        heard.append(("text", update.message.text))

    await polling(
        CommandHandler("start", on_start),
        CallbackQueryHandler(on_button),
        MessageHandler(filters.TEXT & ~filters.COMMAND, on_text),
    )
    ana = fake.user("Ana")
    fake.open_link(ana, f"https://t.me/{BOT_USERNAME}?start=ABCDE")
    menu = await fake.wait_for(lambda: fake.shown(fake.dm(ana)) and fake.last(fake.dm(ana)))
    assert menu.text == "Menu"
    fake.press(ana, menu, "Roll")
    fake.say(ana, "build road 12")
    await fake.settled()
    await fake.wait_for(lambda: len(heard) == 3)
    assert heard == [("start", ["ABCDE"]), ("button", "t:1"), ("text", "build road 12")]
    assert menu.text == "Rolled" and menu.history[0]["text"] == "Menu"
    assert menu.message_id == fake.last(fake.dm(ana)).message_id  # edited, not reposted


async def test_group_privacy_mode_hears_only_commands(
    fake: FakeTelegram, polling: Callable[..., Any]
) -> None:
    heard: list[str] = []

    async def record(update: Update, context: Context) -> None:
        assert update.message is not None and update.message.text is not None
        heard.append(update.message.text)

    await polling(MessageHandler(filters.ALL, record))
    ana, bo = fake.user("Ana"), fake.user("Bo")
    group = fake.group("Game night", ana, bo)
    fake.say(ana, "hello all", group)
    fake.say(bo, f"/status@{BOT_USERNAME}", group)
    await fake.settled()
    await fake.wait_for(lambda: heard)
    assert heard == [f"/status@{BOT_USERNAME}"]


async def test_limits_are_refused_with_telegrams_errors(fake: FakeTelegram) -> None:
    ana = fake.user("Ana")
    stranger = fake.user("Stranger")
    fake.say(ana, "hi")
    async with build(fake) as app:
        bot = app.bot
        chat = fake.dm(ana).id
        long_data = InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data="x" * 65)]])
        with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
            await bot.send_message(chat, "menu", reply_markup=long_data)
        fits = InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data="é" * 32)]])
        await bot.send_message(chat, "menu", reply_markup=fits)  # 64 bytes exactly
        with pytest.raises(BadRequest, match=r"(?i)message is too long"):
            await bot.send_message(chat, "x" * 4097)
        with pytest.raises(BadRequest, match=r"(?i)message is too long"):
            await bot.send_message(chat, "🎲" * 2049)  # counted in UTF-16 units
        with pytest.raises(BadRequest, match=r"(?i)caption is too long"):
            await bot.send_photo(chat, PNG, caption="x" * 1025)
        with pytest.raises(BadRequest, match=r"(?i)can't parse entities"):
            await bot.send_message(chat, "<b>open", parse_mode="HTML")
        full = "<b>x</b>" * 1000 + "y" * 3096  # 4096 once the tags are parsed away
        sent = await bot.send_message(chat, full, parse_mode="HTML")
        with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
            await bot.edit_message_text(full, chat, sent.message_id, parse_mode="HTML")
        with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
            await bot.edit_message_text("new", chat, 999)
        with pytest.raises(Forbidden, match=r"(?i)can't initiate conversation"):
            await bot.send_message(fake.dm(stranger).id, "hello")
    refused = [r for r in fake.requests if not r.ok]
    assert [r.status for r in refused] == [400] * 7 + [403]


async def test_photos_edit_in_place_and_download_through_the_file_url(
    fake: FakeTelegram,
) -> None:
    ana = fake.user("Ana")
    fake.say(ana, "hi")
    async with build(fake) as app:
        bot = app.bot
        chat = fake.dm(ana).id
        photo = await bot.send_photo(chat, PNG, caption="Board")
        second = PNG + b"changed"
        await bot.edit_message_media(
            InputMediaPhoto(second, caption="Board, turn 2"), chat, photo.message_id
        )
        with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
            await bot.edit_message_caption(chat, photo.message_id, caption="Board, turn 2")
        shown = fake.last(fake.dm(ana))
        assert (shown.photo, shown.caption) == (second, "Board, turn 2")
        assert shown.history[0]["caption"] == "Board"
        file = await bot.get_file(str(shown.photo_id))
        assert bytes(await file.download_as_bytearray()) == second
        with pytest.raises(BadRequest, match=r"(?i)image_process_failed"):
            await bot.send_photo(chat, b"not an image")


async def test_429_is_retried_by_the_rate_limiter_and_not_lost(
    fake: FakeTelegram,
) -> None:
    ana = fake.user("Ana")
    fake.say(ana, "hi")
    async with build(fake) as plain:
        fake.flood("sendMessage", retry_after=1)
        with pytest.raises(RetryAfter):
            await plain.bot.send_message(fake.dm(ana).id, "lost without a limiter")
    async with build(fake, limiter=AIORateLimiter(max_retries=2)) as app:
        fake.flood("sendMessage", retry_after=1)
        await app.bot.send_message(fake.dm(ana).id, "kept")
    attempts = [r for r in fake.requests if r.method == "sendMessage"]
    assert [r.status for r in attempts] == [429, 429, 200]
    assert fake.last(fake.dm(ana)).text == "kept"


async def test_callback_queries_are_answered_once(
    fake: FakeTelegram, polling: Callable[..., Any]
) -> None:
    async def twice(update: Update, context: Context) -> None:
        query = update.callback_query
        assert query is not None
        await query.answer("ok")
        with pytest.raises(BadRequest, match=r"(?i)query is too old"):
            await query.answer("again")
        await context.bot.send_message(query.from_user.id, "done")

    ana = fake.user("Ana")
    fake.say(ana, "hi")
    app = await polling(CallbackQueryHandler(twice))
    keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("Go", callback_data="go")]])
    await app.bot.send_message(fake.dm(ana).id, "menu", reply_markup=keyboard)
    query = fake.press(ana, fake.last(fake.dm(ana)), "Go")
    await fake.wait_for(lambda: fake.last(fake.dm(ana)).text == "done")
    assert query.answered and query.answer["text"] == "ok"
    assert not fake.unanswered()


async def test_only_the_update_kinds_a_bot_asks_for_arrive(
    fake: FakeTelegram, polling: Callable[..., Any]
) -> None:
    """`allowed_updates` as Telegram keeps it: a bot that does not name
    `inline_query` never hears of one (so a frontend must ask for it)."""
    heard: list[str] = []

    async def on_inline(update: Update, context: Context) -> None:
        assert update.inline_query is not None
        heard.append(f"inline {update.inline_query.query}")
        await update.inline_query.answer([])

    async def on_text(update: Update, context: Context) -> None:
        assert update.message is not None
        heard.append(f"text {update.message.text}")

    handlers = (InlineQueryHandler(on_inline), MessageHandler(filters.TEXT, on_text))
    app = await polling(*handlers, allowed=["message"])
    ana = fake.user("Ana")
    fake.inline(ana, "first")
    fake.say(ana, "after it")
    await fake.wait_for(lambda: heard)
    assert heard == ["text after it"], "the inline query, sent first, never came"
    assert fake.inline_answers == {}
    assert app.updater is not None
    await app.updater.stop()
    await app.updater.start_polling(timeout=1, allowed_updates=["message", "inline_query"])
    query = fake.inline(ana, "second")
    await fake.wait_for(lambda: query in fake.inline_answers)
    assert heard == ["text after it", "inline second"]
