"""Discord: the chat layer on discord.py.

Everything about the games (menus, grammar, tokens, who sees what) is the
chat layer's; this module maps it onto Discord. A table's public board is one
channel message (in a thread of the table's own where the bot may create
one) edited in place; private answers are ephemeral replies only the
presser sees; menus are buttons and selects whose custom ids are the layer's
tokens.

Discord-specific duties live here: every interaction is acknowledged at once
(the layer may wait on a table's lock while a move is stored, and Discord
forgets an interaction after 3 seconds); an ephemeral message can only be
edited through the interaction that made it, for 15 minutes, so those
interactions are remembered that long; and no privileged intent is needed,
because typed moves arrive as slash commands, mentions or DMs.

Faults are discord.py's to retry: its HTTP client waits out a 429 and tries
a 5xx again, and its gateway loop RESUMEs a dropped connection, replaying
what was missed. Only after a session cannot be resumed does it wait before
identifying again; that wait is shortened here (see `before_identify_hook`).
A press that reaches us after Discord's 3 seconds (queued behind a long
outage) cannot be acknowledged: Discord has shown the person "This
interaction failed", so it is not carried out either, and they press again.

What the frontend remembers per message and per panel is bounded (LRU): a
forgotten message is edited without knowing its picture (so the picture is
uploaded again), a forgotten panel is sent anew.
"""

import asyncio
import contextlib
import io
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiohttp
import discord
from cachetools import LRUCache
from discord import app_commands
from discord.backoff import ExponentialBackoff

from frontends.chat import (
    DISCORD,
    AdapterProfile,
    ChatFrontend,
    ChatMemory,
    Edit,
    FileChatMemory,
    Message,
    Outgoing,
    Place,
    Sender,
    Slot,
    Target,
    load_secret,
)
from frontends.discord import widgets
from frontends.discord.commands import CommandWords, group
from frontends.discord.config import DiscordOptions
from frontends.discord.shards import client_type, shard_options
from languages import N_, _, speaking

log = logging.getLogger("plgames.discord")

NO_DMS = N_(
    "I cannot send you private messages here. Use /plgames hand for your cards and "
    "moves, or allow direct messages from this server's members."
)

EXPIRES = 15 * 60.0
"""An interaction's token works this long after the interaction (Discord's rule)."""
TOKEN_SECONDS = EXPIRES - 60.0
"""How long we use it to edit its ephemeral replies: a margin for a slow request."""
REMEMBERED = 10_000
"""How many posted messages and private panels a running frontend remembers:
enough for every live table, and a bound on what a daemon up for months holds."""
IDENTIFY_SPACING = 5.0
"""Discord takes one IDENTIFY per 5 seconds from a bot of one shard."""


@dataclass(slots=True)
class Answer:
    """The interaction or typed message being answered, for `reply` targets."""

    channel: int
    """Where public replies go: the channel, or the thread a new table was opened in."""
    arrived: float = 0.0
    """When the interaction reached us: its token's 15 minutes count from about then."""
    interaction: discord.Interaction[Any] | None = None
    typed: discord.Message | None = None
    pressed: int | None = None
    """The message whose button was pressed: an edit of it goes through the interaction."""
    pressed_public: bool = False
    """That message is seen by the whole channel (not ephemeral, not a DM)."""
    thinking: bool = False
    """A slash command's ephemeral "thinking…" reply is waiting to be filled."""


@dataclass(slots=True)
class Shown:
    """What we know of a message we posted: the picture on it, and for an
    ephemeral one, the interaction token that may still edit it."""

    picture: str | None
    token: tuple[int, str] | None = None
    """The application's id and the token of the interaction that may edit it."""
    since: float = 0.0
    """When that interaction arrived (`clock`)."""
    until: float = 0.0
    """When we stop using its token, by the wall clock (another daemon's
    monotonic clock means nothing here)."""


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
        """Ages interaction tokens (tests move it on instead of waiting 15 minutes)."""
        self._client: PlgamesClient | None = None
        self._runner: asyncio.Task[None] | None = None
        self._shown: LRUCache[int, Shown] = LRUCache(maxsize=remembered)
        """Message id → its picture and, for an ephemeral one, the interaction that may edit it."""
        self._panels: LRUCache[tuple[str, str], int] = LRUCache(maxsize=remembered)
        """(table, user) → the message showing that person's private panel."""
        self._panel_locks: LRUCache[tuple[str, str], asyncio.Lock] = LRUCache(maxsize=remembered)
        self._superseded: LRUCache[int, bool] = LRUCache(maxsize=remembered)
        """Panels deleted because a newer one was posted (`_supersede`)."""

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
            self._remember(message.id, interaction, arrived)
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
        slot = action.slot
        if slot is None or slot.role != "panel":
            return await self._perform(action, context)
        # A person's panel changes one action at a time, so a delivery and an
        # answer to a press cannot each delete the panel the other posted. An
        # edit of a panel a newer one replaced (a press on it answered after
        # the new turn's panel) edits the live panel, as on Telegram.
        key = (slot.table, slot.where)
        async with self._panel_locks.setdefault(key, asyncio.Lock()):
            live = self._panels.get(key)
            if isinstance(action, Edit) and int(action.message_id) in self._superseded and live:
                action = replace(action, message_id=str(live))
            return await self._perform(action, context)

    async def _perform(self, action: Outgoing, context: Any) -> str | None:
        answer = context if isinstance(context, Answer) else None
        posted = None
        if isinstance(action, Edit):
            posted = await self._edit(int(action.message_id), action.to, action.message, answer)
        if posted is None:
            posted = await self._send(action.to, action.message, action.slot, answer)
            if posted is not None and not isinstance(action, Edit) and action.replaces:
                await self._delete(int(action.replaces), action.to, answer)
        if posted is not None and action.slot is not None and action.slot.role == "panel":
            await self._supersede(action.slot, int(posted))
        if posted is not None and action.message.closes and action.to.audience == "channel":
            await self._archive(int(action.to.chat))
        return posted

    async def _delete(self, message_id: int, to: Target, answer: Answer | None) -> None:
        """Delete a message a new one replaced (an older board); one already
        gone, or not ours to delete any more, is left as it is."""
        channel = await self._channel_of(to, answer)
        if channel is None:
            return
        self._shown.pop(message_id, None)
        partial = self.client.get_partial_messageable(channel).get_partial_message(message_id)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await partial.delete()

    async def _supersede(self, slot: Slot, posted: int) -> None:
        """One live panel per person and table: a panel posted anew (a turn
        begins, which notifies; a typed command answered) deletes the one
        before it, a DM or an ephemeral reply whose interaction still works,
        so a DM does not fill with dead menus. A table that keeps its board
        history keeps its old panels too."""
        key = (slot.table, slot.where)
        before = self._panels.get(key)
        self._panels[key] = posted
        if before is None or before == posted:
            return
        table = self.layer.daemon.tables.get(slot.table)
        if table is not None and self.layer.boards.history(table):
            return
        shown = self._shown.get(before)
        if shown is None or shown.token is None:
            self._superseded[before] = True
            await self._delete(before, Target("direct", user=slot.where), None)
        elif self._editable(before):
            self._superseded[before] = True
            self._shown.pop(before, None)
            with contextlib.suppress(discord.HTTPException):
                await self._followup(shown.token).delete_message(before)

    async def _archive(self, channel_id: int) -> None:
        """Archive a table's own thread once its game is over, so the server's
        thread list keeps the games in play (a rematch posted there opens it
        again: Discord unarchives a thread that gets a message). Only threads
        the bot made are archived, never a channel or someone else's thread."""
        me = self.client.user
        try:
            channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(
                channel_id
            )
            if isinstance(channel, discord.Thread) and me is not None and channel.owner_id == me.id:
                await channel.edit(archived=True)
        except discord.HTTPException as exc:
            log.warning("could not archive the thread %s of a finished table: %s", channel_id, exc)

    async def _send(
        self, to: Target, message: Message, slot: Slot | None, answer: Answer | None
    ) -> str | None:
        if to.audience == "reply" and answer is not None and answer.interaction is not None:
            if to.private or slot is None:
                # A slash command or a press is one person's question: its
                # answer is theirs alone, unless it is a message the table
                # shares and edits later (a lobby), which goes in the channel.
                return await self._ephemeral(answer, message)
            return await self._post(answer.channel, message)
        if to.audience == "reply" and answer is not None and answer.typed is not None:
            if to.private and answer.typed.guild is not None:
                author = answer.typed.author.id
                sent = await self._direct(author, message)
                if sent is None:  # say so in the channel, without the private part
                    with speaking(self.layer.languages.of_user(str(author))):
                        said = Message(_(NO_DMS), mentions=(str(author),))
                    await self._post(answer.channel, said)
                return sent
            return await self._post(answer.channel, message)
        if to.audience == "channel":
            return await self._post(int(to.chat), message)
        if to.audience == "direct" and to.user:
            panel = slot is not None and slot.role == "panel"
            live = self._panels.get((slot.table, slot.where)) if slot and panel else None
            # A panel that mentions its owner (the reminder before the timer
            # runs out) must ring: a DM first, the quiet edit only without one.
            urgent = bool(message.mentions)
            if live is not None and self._editable(live) and not urgent:
                edited = await self._edit(live, to, message, None)
                if edited is not None:
                    return edited
            sent = await self._direct(int(to.user), message) if self.options.dms else None
            if sent is None and live is not None and self._editable(live) and urgent:
                return await self._edit(live, to, message, None)
            return sent
        log.warning("a %s reply with nothing to answer was dropped", to.audience)
        return None

    async def _ephemeral(self, answer: Answer, message: Message) -> str:
        assert answer.interaction is not None
        fields = await self._fields(message)
        sent = await answer.interaction.followup.send(ephemeral=True, wait=True, **fields)
        answer.thinking = False
        self._remember(sent.id, answer.interaction, answer.arrived, message)
        return str(sent.id)

    def _editable(self, message_id: int) -> bool:
        """An ephemeral message whose interaction token still works."""
        shown = self._shown.get(message_id)
        return (
            shown is not None
            and shown.token is not None
            and self._clock() - shown.since <= TOKEN_SECONDS
        )

    def _followup(self, token: tuple[int, str]) -> discord.Webhook:
        """The webhook of an interaction, from its token: Discord takes it
        from any connection, so another daemon's interaction works here too."""
        application, secret = token
        return discord.Webhook.partial(application, secret, client=self.client)

    def edit_rights(self, message_id: str) -> dict[str, Any] | None:
        """An ephemeral message, posted here for a table another daemon serves
        (or may take over), is edited through its interaction's token: the
        token, while it works. (Not the picture shown, which changes at
        every edit: the other daemon uploads it again at its first.)"""
        shown = self._shown.get(int(message_id))
        if shown is None or shown.token is None or not self._editable(int(message_id)):
            return None
        application, secret = shown.token
        return {"application": application, "token": secret, "until": shown.until}

    def grant(self, slot: Slot, message_id: str, rights: dict[str, Any]) -> None:
        """Another daemon's interaction token for an ephemeral message of a
        table served here: a panel is then edited in place, as if it had
        been posted here."""
        until = float(rights["until"])
        left = until - time.time()
        if left <= 0:
            return
        token = (int(rights["application"]), str(rights["token"]))
        since = self._clock() - (TOKEN_SECONDS - left)
        self._shown[int(message_id)] = Shown(None, token, since, until)
        if slot.role == "panel":
            self._panels[(slot.table, slot.where)] = int(message_id)

    async def _post(self, channel: int, message: Message) -> str:
        fields = await self._fields(message)
        sent = await self.client.get_partial_messageable(channel).send(
            silent=message.silent, **fields
        )
        self._shown[sent.id] = Shown(_key(message))
        return str(sent.id)

    async def _direct(self, user: int, message: Message) -> str | None:
        """A DM; a person who does not take DMs from the bot is not an error."""
        fields = await self._fields(message)
        try:
            dm = await self.client.create_dm(discord.Object(user))
            sent = await dm.send(silent=message.silent, **fields)
        except discord.Forbidden:
            log.info("discord user %s does not take DMs from the bot", user)
            return None
        self._shown[sent.id] = Shown(_key(message))
        return str(sent.id)

    async def _edit(
        self, message_id: int, to: Target, message: Message, answer: Answer | None
    ) -> str | None:
        """Edit in place; None when it cannot be edited (gone, or an ephemeral
        reply whose interaction has expired), so the caller posts anew."""
        shown = self._shown.get(message_id)
        pressed = answer is not None and message_id == answer.pressed
        if to.private and pressed and answer is not None and answer.pressed_public:
            return None  # a private answer never replaces a message the channel sees
        if shown is not None and shown.token is not None and not self._editable(message_id):
            return None
        fields = await self._fields(message, shown or Shown(None))
        try:
            if pressed and answer is not None and answer.interaction is not None:
                await answer.interaction.edit_original_response(**fields)
            elif shown is not None and shown.token is not None:
                await self._followup(shown.token).edit_message(message_id, **fields)
            else:
                channel = await self._channel_of(to, answer)
                if channel is None:
                    return None
                partial = self.client.get_partial_messageable(channel)
                await partial.get_partial_message(message_id).edit(**fields)
        except (discord.NotFound, discord.Forbidden):
            self._shown.pop(message_id, None)
            return None
        if shown is None:
            shown = self._shown[message_id] = Shown(None)
        shown.picture = _key(message)
        return str(message_id)

    async def _channel_of(self, to: Target, answer: Answer | None) -> int | None:
        if to.audience == "channel":
            return int(to.chat)
        if to.audience == "direct":
            try:
                return (await self.client.create_dm(discord.Object(int(to.user)))).id
            except discord.Forbidden:
                return None
        return None if answer is None else answer.channel

    def _remember(
        self,
        message_id: int,
        interaction: discord.Interaction[Any],
        arrived: float,
        message: Message | None = None,
    ) -> None:
        """An ephemeral message is editable only through an interaction on it,
        for 15 minutes after that interaction: keep the latest (`_editable`
        stops using it in time; the LRU bound forgets it eventually)."""
        known = self._shown.get(message_id)
        picture = _key(message) if message is not None else known.picture if known else None
        token = (interaction.application_id, interaction.token)
        until = time.time() - (self._clock() - arrived) + TOKEN_SECONDS
        self._shown[message_id] = Shown(picture, token, arrived, until)

    # ---- message fields ------------------------------------------------------------------

    async def _fields(self, message: Message, edited: Shown | None = None) -> dict[str, Any]:
        """Discord's fields for `message`. For an edit (`edited`: what the
        message shows now) the view is always replaced (None clears the
        buttons) and the picture is drawn and uploaded only when it changed."""
        picture = message.picture
        limit = self.profile.text_limit if picture is None else self.profile.caption_limit
        fields: dict[str, Any] = {
            "content": widgets.content(message, limit),
            "allowed_mentions": widgets.allowed_mentions(message),
        }
        menu = widgets.view(message.menu)
        if menu is not None or edited is not None:
            fields["view"] = menu
        if edited is not None and edited.picture == _key(message) and edited.picture:
            return fields
        if picture is not None:
            file = widgets.picture_file(picture, await asyncio.to_thread(picture.png))
            if edited is None:
                fields["file"] = file
            else:
                fields["attachments"] = [file]
        elif message.file is not None and edited is None:
            fields["file"] = discord.File(io.BytesIO(message.file.data), message.file.filename)
        elif edited is not None:
            fields["attachments"] = []
        return fields


def _key(message: Message) -> str | None:
    return None if message.picture is None else message.picture.key


def build(settings: Any, daemon: Any) -> DiscordFrontend:
    """The daemon's factory (`daemon.service.FRONTENDS`): the `[discord]`
    section, the token secret and the message memory in the state directory."""
    state_dir = Path(settings.state_dir)
    return DiscordFrontend(
        DiscordOptions.from_section(settings.discord),
        secret=load_secret(state_dir),
        memory=FileChatMemory(state_dir / "chat-discord.json"),
    )
