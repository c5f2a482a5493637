"""The chat layer's messages as Telegram widgets, and Telegram's commands as its text.

Pure functions, so the mapping is tested without a network: menus become
inline keyboards whose callback data is the layer's token untouched, text
becomes HTML with turn mentions as `tg://user` links, and Telegram's command
spellings (`/new@bot`, the `/start CODE` of a deep link) become the layer's
grammar.
"""

import html
import re
from collections.abc import Mapping

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from frontends.chat import Menu, Message

START_PAYLOAD = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What Telegram allows after `?start=` in a deep link."""

HAND_LINK = "hand_"
"""Deep-link payload prefix for "show me my hand at table CODE" (`?start=hand_CODE`):
the link a player who never opened a DM with the bot is given in the group."""

BEGIN = "begin"
"""Telegram's `/start` belongs to deep links and first contact, so the chat
flow's `start` (deal the cards) is `/begin` here."""


def keyboard(menu: Menu | None) -> InlineKeyboardMarkup | None:
    """One button per choice, rows as the layer laid them out for the profile."""
    if menu is None:
        return None
    rows = [
        [InlineKeyboardButton(c.label, callback_data=c.token) for c in row] for row in menu.rows
    ]
    rows = [row for row in rows if row]
    return InlineKeyboardMarkup(rows) if rows else None


def utf16_length(text: str) -> int:
    """Telegram measures texts in UTF-16 code units: an emoji counts two."""
    return len(text.encode("utf-16-le")) // 2


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` UTF-16 units, marked with an ellipsis when cut."""
    if utf16_length(text) <= limit:
        return text
    kept = text
    while kept and utf16_length(kept) > limit - 1:
        kept = kept[: max(0, len(kept) - max(1, utf16_length(kept) - limit + 1))]
    return kept + "…"


def mention(user: str, name: str) -> str:
    return f'<a href="tg://user?id={html.escape(user)}">{html.escape(name)}</a>'


def body(message: Message, names: Mapping[str, str], limit: int) -> str:
    """The message's text as Telegram HTML within `limit` visible characters.

    Mentions come first, as links that notify in a group; a menu's title is
    added when the text does not already say it.
    """
    text = message.text.strip()
    if message.menu is not None and message.menu.title and message.menu.title not in text:
        text = f"{text}\n\n{message.menu.title}".strip()
    shown_names = [names.get(user, "player") for user in message.mentions]
    lead = ", ".join(shown_names)
    room = limit - (utf16_length(lead) + 1 if lead else 0)
    text = clip(text or "…", room)
    links = ", ".join(mention(u, n) for u, n in zip(message.mentions, shown_names, strict=True))
    escaped = html.escape(text, quote=False)
    return f"{links}\n{escaped}" if links else escaped


def command(text: str, bot_username: str) -> str | None:
    """A typed line in the chat layer's grammar, or None when it is for another bot.

    `/new@this_bot katan` → `/new katan`; `/start CODE` (an invite link) →
    `join CODE`; `/start hand_CODE` → `hand CODE`; a bare `/start` (first
    contact) → `help`; `/begin` → `start`.
    """
    text = text.strip()
    if not text.startswith("/"):
        return text
    head, _, rest = text.partition(" ")
    verb, _, addressee = head[1:].partition("@")
    if addressee and addressee.lower() != bot_username.lower():
        return None
    verb = verb.lower()
    rest = rest.strip()
    if verb == "start":
        if rest.startswith(HAND_LINK):
            return f"hand {rest.removeprefix(HAND_LINK)}"
        return f"join {rest}" if rest else "help"
    if verb == BEGIN:
        verb = "start"
    return f"/{verb} {rest}".rstrip()


def deep_link(bot_username: str, payload: str | None = None) -> str:
    """The `t.me` link that opens a DM with the bot and, with a payload, sends `/start payload`."""
    link = f"https://t.me/{bot_username}"
    if payload is None:
        return link
    if not START_PAYLOAD.fullmatch(payload):
        raise ValueError(f"{payload!r} cannot be a deep-link payload")
    return f"{link}?start={payload}"
