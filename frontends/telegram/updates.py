"""One chat at a time, different chats at once: updates in, messages out.

python-telegram-bot handles updates one at a time by default, so a slow
answer (a board photo being drawn and uploaded) would hold up every other
chat. Fully concurrent handling would let two lines typed in one chat
(`new katan`, then `begin`) overtake each other. Ordering per chat is what a
person expects and lets unrelated chats proceed. The same holds for what the
bot sends: an answer to a press and a delivery for the same panel must not
edit and delete it at once, and a message being retried after a fault must
not be overtaken by the chat's next one.

A lock exists only while someone holds or awaits it, so a bot that has
written to a million chats keeps locks for the few it is busy with.
"""

import asyncio
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor


class ChatLocks:
    """A lock per chat id, dropped as soon as nobody holds or awaits it."""

    def __init__(self) -> None:
        self._chats: dict[int, tuple[asyncio.Lock, int]] = {}
        """Chat id → its lock and how many hold or await it."""

    def __len__(self) -> int:
        return len(self._chats)

    @asynccontextmanager
    async def hold(self, chat: int) -> AsyncIterator[None]:
        lock, users = self._chats.get(chat, (asyncio.Lock(), 0))
        self._chats[chat] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._chats[chat]
            if users == 1:
                del self._chats[chat]
            else:
                self._chats[chat] = (lock, users - 1)


class PerChatOrder(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int = 64) -> None:
        super().__init__(max_concurrent_updates)
        self._locks = ChatLocks()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        async with self._locks.hold(chat.id):
            await coroutine

    async def initialize(self) -> None:
        """Nothing to set up: locks are made per chat as updates arrive."""

    async def shutdown(self) -> None:
        """Nothing to release: the application waits for running updates itself."""
