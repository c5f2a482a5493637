"""Discord: the chat layer on discord.py.

Everything about the games (menus, grammar, tokens, who sees what) is the
chat layer's; this package maps it onto Discord. A table's public board is
one channel message (in a thread of the table's own where the bot may create
one) edited in place; private answers are ephemeral replies only the
presser sees; menus are buttons and selects whose custom ids are the layer's
tokens.

This module is the frontend itself: connecting, and what comes in
(commands, presses, typed messages, a new table's thread). What goes out is
its `Delivery` (frontends/discord/delivery.py), the connection its
`PlgamesClient` (frontends/discord/client.py).

Every interaction is acknowledged at once: the layer may wait on a table's
lock while a move is stored, and Discord forgets an interaction after 3
seconds. A press that reaches us after those 3 seconds (queued behind a long
outage) cannot be acknowledged: Discord has shown the person "This
interaction failed", so it is not carried out either, and they press again.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.backoff import ExponentialBackoff

from frontends.chat import (
    DISCORD,
    AdapterProfile,
    ChatFrontend,
    ChatMemory,
    FileChatMemory,
    Outgoing,
    Place,
    Sender,
    Slot,
    load_secret,
)
from frontends.discord.client import PlgamesClient
from frontends.discord.config import DiscordOptions
from frontends.discord.delivery import Answer, Delivery
from frontends.discord.shards import client_type, shard_options

log = logging.getLogger("plgames.discord")

REMEMBERED = 10_000
"""How many posted messages and private panels a running frontend remembers:
enough for every live table, and a bound on what a daemon up for months holds."""


class DiscordFrontend(ChatFrontend):
    def __init__(
        self,
        options: DiscordOptions,
        *,
        secret: bytes,
        memory: ChatMemory | None = None,
        profile: AdapterProfile = DISCORD,
        client_options: dict[str, Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
        remembered: int = REMEMBERED,
    ) -> None:
        super().__init__(profile, secret=secret, memory=memory)
        self.options = options
        self._client_options = client_options or {}
        self._clock = clock
        """When interactions arrive, by which `delivery` ages their tokens
        (tests move it on instead of waiting 15 minutes)."""
        self._client: PlgamesClient | None = None
        self._runner: asyncio.Task[None] | None = None
        self.delivery = Delivery(self, clock, remembered)

    @property
    def client(self) -> PlgamesClient:
        if self._client is None:
            raise RuntimeError("the Discord frontend is not connected")
        return self._client

    # ---- connecting ----------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        """Logged in, connected, and the servers' channels known."""
        return self._client is not None and self._client.ready.is_set()

    async def connect(self) -> None:
        """Connect in the background: the daemon and its other frontends do
        not wait on Discord, and once in, discord.py reconnects by itself."""
        self._runner = asyncio.create_task(self._run(), name="discord")

    async def _run(self) -> None:
        backoff = ExponentialBackoff()
        token = self.options.token.get_secret_value()
        while True:
            sharded = client_type(PlgamesClient, self.options)
            client = self._client = sharded(
                self, **self._client_options, **shard_options(self.options)
            )
            try:
                await client.login(token)
                break
            except discord.LoginFailure:
                # Shielded: a disconnect cancelling us meanwhile waits for this close.
                await asyncio.shield(client.close())
                log.error("discord refused the bot token (discord.token); Discord is off")
                return
            except (OSError, aiohttp.ClientError, discord.HTTPException) as exc:
                await asyncio.shield(client.close())
                delay = backoff.delay()
                log.warning("cannot reach discord (%s); trying again in %.0fs", exc, delay)
                await asyncio.sleep(delay)
        try:
            await client.connect(reconnect=True)
        except Exception:
            log.exception("the discord gateway connection ended")

    async def disconnect(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None and not runner.done():
            runner.cancel()
        client, self._client = self._client, None
        if client is not None:
            await client.close()
        if runner is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await runner

    async def sync(self, tree: app_commands.CommandTree[Any]) -> None:
        """Push `/plgames` to the development guilds (at once) or globally."""
        if not self.options.sync_commands:
            return
        try:
            if self.options.guilds:
                for guild_id in self.options.guilds:
                    guild = discord.Object(guild_id)
                    tree.copy_global_to(guild=guild)
                    await tree.sync(guild=guild)
            else:
                await tree.sync()
        except discord.HTTPException as exc:
            # Buttons already posted keep working; only the commands are stale.
            log.error(
                "discord refused the slash commands (%s); was the bot invited "
                "with the applications.commands scope?",
                exc,
            )
            return
        log.info("discord commands synced", extra={"guilds": len(self.options.guilds)})

    # ---- updates in ----------------------------------------------------------------------

    @staticmethod
    def _sender(user: discord.abc.User, locale: discord.Locale | None = None) -> Sender:
        """`locale`: the person's client language, which only an interaction carries."""
        language = locale.value if locale is not None else None
        return Sender(str(user.id), user.display_name[:40] or str(user.id), language)

    @staticmethod
    def _place(channel_id: int, guild_id: int | None) -> Place:
        """A channel (or thread) in its server, which is the community the
        leaderboard counts: each table may have a thread of its own."""
        if guild_id is None:
            return Place(str(channel_id), private=True)
        return Place(str(channel_id), community=str(guild_id))

    async def command(
        self, interaction: discord.Interaction[Any], line: str, mentions: Sequence[Sender] = ()
    ) -> None:
        """A `/plgames` subcommand: acknowledge privately at once, then answer."""
        arrived = self._clock()
        if not await self._acknowledge(interaction.response.defer(ephemeral=True, thinking=True)):
            return
        channel = interaction.channel_id or 0
        answer = Answer(channel, arrived, interaction=interaction, thinking=True)
        thread = None
        if line.startswith("new ") and not self.layer.setup_first(line):
            thread = await self._open_thread(interaction, line)
            if thread is not None:
                answer.channel = thread.id
        place = self._place(answer.channel, interaction.guild_id)
        sender = self._sender(interaction.user, interaction.locale)
        actions = await self.layer.text(sender, place, line, mentions)
        if thread is not None and not any(a.slot is not None for a in actions):
            # The layer refused the table (its answer says why): no thread for it.
            answer.channel = channel
            await self._close_thread(thread)
        await self.perform_all(actions, answer)
        if answer.thinking:
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()

    async def pressed(self, interaction: discord.Interaction[Any], token: str) -> None:
        """A button or select carrying a layer token: acknowledge at once
        (a deferred update changes nothing on screen), then answer."""
        arrived = self._clock()
        if not await self._acknowledge(interaction.response.defer()):
            return
        message = interaction.message
        pressed = None if message is None else message.id
        if message is not None and message.flags.ephemeral:
            self.delivery.remember(message.id, interaction, arrived)
        public = message is not None and message.guild is not None and not message.flags.ephemeral
        answer = Answer(
            interaction.channel_id or 0,
            arrived,
            interaction=interaction,
            pressed=pressed,
            pressed_public=public,
        )
        place = self._place(answer.channel, interaction.guild_id)
        await self.on_press(
            self._sender(interaction.user, interaction.locale),
            place,
            token,
            None if pressed is None else str(pressed),
            answer,
        )

    @staticmethod
    async def _acknowledge(ack: Awaitable[Any]) -> bool:
        """Acknowledge an interaction; False when Discord refused (it came too
        late: the person saw "This interaction failed" and may try again)."""
        try:
            await ack
        except discord.HTTPException as exc:
            log.warning("discord refused to acknowledge an interaction (%s); it is dropped", exc)
            return False
        return True

    async def typed(self, message: discord.Message) -> None:
        """A DM, or a channel message that mentions the bot (without the
        privileged intent these are the only messages whose text Discord sends)."""
        me = self.client.user
        if message.author.bot or me is None:
            return
        guild = message.guild
        if guild is not None and not any(user.id == me.id for user in message.mentions):
            return
        text = message.content.replace(f"<@{me.id}>", " ").replace(f"<@!{me.id}>", " ")
        channel = message.channel.id
        answer = Answer(channel, typed=message)
        place = self._place(channel, None if guild is None else guild.id)
        named = [self._sender(user) for user in message.mentions if user.id != me.id]
        await self.on_text(self._sender(message.author), place, text.strip(), answer, named)

    async def _open_thread(
        self, interaction: discord.Interaction[Any], line: str
    ) -> discord.Thread | None:
        """A thread of the table's own, announced in the channel, where the bot may."""
        channel = interaction.channel
        perms = interaction.app_permissions
        if not (
            self.options.threads
            and isinstance(channel, discord.TextChannel)
            and perms.create_public_threads
            and perms.send_messages_in_threads
            and perms.send_messages
        ):
            return None
        game = line.split()[1].capitalize()
        name = interaction.user.display_name[:40]
        try:
            starter = await channel.send(f"{name} opened a {game} table: join in its thread.")
            return await starter.create_thread(name=f"{game} with {name}"[:100])
        except discord.HTTPException:
            log.warning("could not open a thread for a new table; using the channel")
            return None

    @staticmethod
    async def _close_thread(thread: discord.Thread) -> None:
        with contextlib.suppress(discord.HTTPException):
            await thread.delete()
        if isinstance(thread.parent, discord.TextChannel):
            with contextlib.suppress(discord.HTTPException):
                await thread.parent.get_partial_message(thread.id).delete()

    # ---- actions out ---------------------------------------------------------------------

    async def perform(self, action: Outgoing, context: Any) -> str | None:
        return await self.delivery.perform(action, context)

    def edit_rights(self, message_id: str) -> dict[str, Any] | None:
        return self.delivery.edit_rights(message_id)

    def grant(self, slot: Slot, message_id: str, rights: dict[str, Any]) -> None:
        self.delivery.grant(slot, message_id, rights)


def build(settings: Any, daemon: Any) -> DiscordFrontend:
    """The daemon's factory (`daemon.service.FRONTENDS`): the `[discord]`
    section, the token secret and the message memory in the state directory."""
    state_dir = Path(settings.state_dir)
    return DiscordFrontend(
        DiscordOptions.from_section(settings.discord),
        secret=load_secret(state_dir),
        memory=FileChatMemory(state_dir / "chat-discord.json"),
    )
