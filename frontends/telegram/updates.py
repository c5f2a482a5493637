"""Updates from one chat in order, different chats at once.

python-telegram-bot handles updates one at a time by default, so a slow
answer (a board photo being drawn and uploaded) would hold up every other
chat. Fully concurrent handling would let two lines typed in one chat
(`new katan`, then `begin`) overtake each other. Ordering per chat is what a
person expects and lets unrelated chats proceed.
"""

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor


class PerChatOrder(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int = 64) -> None:
        super().__init__(max_concurrent_updates)
        self._chats: dict[int, tuple[asyncio.Lock, int]] = {}
        """Chat id → its lock and how many updates hold or wait for it."""

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        lock, users = self._chats.get(chat.id, (asyncio.Lock(), 0))
        self._chats[chat.id] = (lock, users + 1)
        try:
            async with lock:
                await coroutine
        finally:
            lock, users = self._chats[chat.id]
            if users == 1:
                del self._chats[chat.id]
            else:
                self._chats[chat.id] = (lock, users - 1)

    async def initialize(self) -> None:
        """Nothing to set up: locks are made per chat as updates arrive."""

    async def shutdown(self) -> None:
        """Nothing to release: the application waits for running updates itself."""
