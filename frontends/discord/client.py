"""The bot's discord.py client: what it subscribes to, and how it reconnects.

No privileged intent is asked for: typed moves arrive as slash commands,
mentions or DMs, the only messages whose text Discord sends without one.

Faults are discord.py's to retry: its HTTP client waits out a 429 and tries
a 5xx again, and its gateway loop RESUMEs a dropped connection, replaying
what was missed. Only after a session cannot be resumed does it wait before
identifying again; that wait is shortened here (see `before_identify_hook`).
Everything the client receives is handed to the frontend, which owns what
it means.
"""

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from frontends.discord import widgets
from frontends.discord.commands import CommandWords, group
from languages import _, speaking

if TYPE_CHECKING:
    from frontends.discord.frontend import DiscordFrontend

log = logging.getLogger("plgames.discord")

IDENTIFY_SPACING = 5.0
"""Discord takes one IDENTIFY per 5 seconds from a bot of one shard."""


class PlgamesClient(discord.Client):
    """The bot's connection: guilds and message events only (no privileged
    intent), the `/plgames` commands and the token-carrying components."""

    def __init__(
        self,
        frontend: "DiscordFrontend",
        *,
        jitter: Callable[[float, float], float] = random.uniform,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        **client_options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.guild_messages = True
        intents.dm_messages = True
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            **client_options,
        )
        self.frontend = frontend
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(group(frontend.command))
        self.tree.error(self._command_failed)
        self.ready = asyncio.Event()
        self._jitter = jitter
        self._sleep = sleep
        self._identified = -IDENTIFY_SPACING
        """When we last identified (time.monotonic)."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Before identifying again (a session that could not be resumed),
        discord.py waits a flat 5 seconds, and presses made meanwhile wait with
        it. Discord asks for a random 1-5 seconds (so a fleet does not come
        back at once), and only IDENTIFY's own limit, one per 5 seconds, may
        need longer: wait that, on average 3 seconds instead of 5."""
        if not initial:
            spacing = self._identified + IDENTIFY_SPACING - time.monotonic()
            wait = max(self._jitter(1.0, 5.0), spacing)
            log.info("discord: identifying again in %.1fs", wait)
            await self._sleep(wait)
        self._identified = time.monotonic()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(widgets.TokenButton, widgets.TokenSelect)
        await self.tree.set_translator(CommandWords())
        await self.frontend.sync(self.tree)

    async def on_ready(self) -> None:
        log.info("discord connected", extra={"bot": str(self.user), "guilds": len(self.guilds)})
        self.ready.set()

    async def on_message(self, message: discord.Message) -> None:
        await self.frontend.typed(message)

    async def _command_failed(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        log.error("discord command failed", exc_info=error)
        with contextlib.suppress(discord.HTTPException):
            with speaking(interaction.locale.value):
                text = _("That did not work; try again.")
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
