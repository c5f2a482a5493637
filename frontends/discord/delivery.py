"""What the Discord frontend posts: sending, editing and deleting messages,
and the private panels that are ephemeral replies.

An ephemeral message can only be edited through the interaction that made
it (or a later one on it), for 15 minutes, so those interactions are
remembered that long (`Shown`); with several daemons, another daemon's
interaction is taken over through `edit_rights` and `grant`. A person has
one live panel per table: a newer one deletes the one before (`_supersede`).
Finished tables' threads are archived.

What is remembered per message and per panel is bounded (LRU): a forgotten
message is edited without knowing its picture (so the picture is uploaded
again), a forgotten panel is sent anew.
"""

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord
from cachetools import LRUCache

from frontends.chat import Edit, Message, Outgoing, Slot, Target
from frontends.discord import widgets
from languages import N_, _, speaking

if TYPE_CHECKING:
    from frontends.discord.client import PlgamesClient
    from frontends.discord.frontend import DiscordFrontend

log = logging.getLogger("plgames.discord")

NO_DMS = N_(
    "I cannot send you private messages here. Use /plgames hand for your cards and "
    "moves, or allow direct messages from this server's members."
)

EXPIRES = 15 * 60.0
"""An interaction's token works this long after the interaction (Discord's rule)."""
TOKEN_SECONDS = EXPIRES - 60.0
"""How long we use it to edit its ephemeral replies: a margin for a slow request."""


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


class Delivery:
    """The frontend's outbound side, held by it as `delivery`: the layer's
    actions performed on Discord, and what must be remembered to edit them."""

    def __init__(
        self, frontend: "DiscordFrontend", clock: Callable[[], float], remembered: int
    ) -> None:
        self.frontend = frontend
        self._clock = clock
        """Ages interaction tokens (tests move it on instead of waiting 15 minutes)."""
        self._shown: LRUCache[int, Shown] = LRUCache(maxsize=remembered)
        """Message id → its picture and, for an ephemeral one, the interaction that may edit it."""
        self._panels: LRUCache[tuple[str, str], int] = LRUCache(maxsize=remembered)
        """(table, user) → the message showing that person's private panel."""
        self._panel_locks: LRUCache[tuple[str, str], asyncio.Lock] = LRUCache(maxsize=remembered)
        self._superseded: LRUCache[int, bool] = LRUCache(maxsize=remembered)
        """Panels deleted because a newer one was posted (`_supersede`)."""

    @property
    def client(self) -> "PlgamesClient":
        return self.frontend.client

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
        table = self.frontend.layer.daemon.tables.get(slot.table)
        if table is not None and self.frontend.layer.boards.history(table):
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
                    with speaking(self.frontend.layer.languages.of_user(str(author))):
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
            sent = await self._direct(int(to.user), message) if self.frontend.options.dms else None
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
        self.remember(sent.id, answer.interaction, answer.arrived, message)
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

    def remember(
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
        profile = self.frontend.profile
        limit = profile.text_limit if picture is None else profile.caption_limit
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
