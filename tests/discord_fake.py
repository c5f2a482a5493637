"""A fake Discord (gateway + REST) on loopback, for driving the real discord.py client.

There is no network in tests, so the adapter under test talks to this server
instead: `discord.http.Route.BASE` and `DiscordWebSocket.DEFAULT_GATEWAY` are
pointed at it. It is deliberately stricter than it needs to be to "work":
the rules whose breach would only show up on real Discord — the 3-second
acknowledgement, one response per interaction, the 15-minute interaction
token, component and text limits, who can see an ephemeral message, who may
press a button on it, the privileged intents — are enforced here, answered
with Discord's own error codes, and listed in `violations` so a test can
insist there were none.

Every request is recorded, and every message-bearing request is tagged with
its audience (`None`: everyone in the channel; a user id: that user alone),
so tests can check that nothing hidden reaches the wrong eyes.

The gateway keeps sessions as Discord does: every dispatch is numbered and
kept, so a client that lost its connection RESUMEs (session id and last
sequence) and is sent what it missed; an unknown or expired session is told
to identify again (INVALID_SESSION). With `shards` above one it is a sharded
bot's gateway: `/gateway/bot` recommends that many shards, each IDENTIFY must
name its `[shard_id, shard_count]` (4011 "Sharding required" without it, 4010
"Invalid shard" with a wrong one), READY lists the guilds of that shard only
(Discord's rule: `(guild_id >> 22) % shard_count`), and every event goes to
the session of the shard that owns its guild, an event without a guild (a
DM) to shard 0, as Discord sends them. A shard's new session ends its old
one; other shards' sessions carry on. Faults are injected on demand or at a
seeded rate (`Faults`): 429s (with `retry_after` and Discord's `Via`
header), 5xx answers, and dropped gateway connections. Faulted requests are
recorded with their fault, so a test can check each was made again.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import re
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import WSMsgType, web

API = "/api/v10"
ACK_SECONDS = 3.0
TOKEN_SECONDS = 15 * 60.0
EPHEMERAL = 1 << 6
OPTION_USER = 6
SUPPRESS_NOTIFICATIONS = 1 << 12
"""A message posted with @silent: it notifies nobody."""
ATTACHMENT_BYTES = 10 * 1024 * 1024

INTENT_MEMBERS = 1 << 1
INTENT_PRESENCES = 1 << 8
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED = INTENT_MEMBERS | INTENT_PRESENCES | INTENT_MESSAGE_CONTENT

PERMISSIONS = discord.Permissions
BOT_DEFAULT = PERMISSIONS(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    use_application_commands=True,
)

CUSTOM_ID_RE = re.compile(r"^.{1,100}$", re.S)
COMMAND_NAME_RE = re.compile(r"^[-_\w]{1,32}$")
LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)
"""The locales Discord accepts in a command's `*_localizations`."""


FAULTS = ("429", "5xx")
SERVER_ERRORS = (
    (500, "500: Internal Server Error"),
    (502, "502: Bad Gateway"),
    (504, "504: Gateway Timeout"),
)


@dataclass
class Faults:
    """REST faults at `rate` of the API requests (the kinds taken in turn) and
    a dropped gateway connection after `drops` of the dispatches, both drawn
    by one generator seeded with `seed`."""

    rate: float = 0.0
    drops: float = 0.0
    seed: int = 0
    kinds: tuple[str, ...] = FAULTS
    retry_after: float = 0.05

    def __post_init__(self) -> None:
        assert set(self.kinds) <= set(FAULTS), self.kinds
        self.random = random.Random(self.seed)
        self._turn = itertools.cycle(self.kinds)

    def draw(self) -> str | None:
        return next(self._turn) if self.random.random() < self.rate else None

    def drop(self) -> bool:
        return self.random.random() < self.drops


@dataclass
class Session:
    """A gateway session: what was dispatched to it, and the socket it is on (if any)."""

    id: str
    sent: list[dict[str, Any]] = field(default_factory=list)
    socket: web.WebSocketResponse | None = None
    resumes: int = 0
    shard: int = 0
    """The shard this session carries (0 for a bot that does not shard)."""

    @property
    def seq(self) -> int:
        return len(self.sent)


class DiscordError(Exception):
    """A refusal the fake answers with Discord's status, code and message."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _json(data: Any, status: int = 200) -> web.Response:
    """discord.py parses a body as JSON only when the content type is exactly this."""
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class Channel:
    id: str
    type: int  # 0 text, 1 DM, 11 public thread
    name: str
    guild_id: str | None = None
    parent_id: str | None = None
    recipient: str | None = None
    archived: bool = False

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type, "name": self.name}
        if self.guild_id is not None:
            data.update(guild_id=self.guild_id, position=0, permission_overwrites=[], nsfw=False)
        if self.parent_id is not None:
            data.update(
                parent_id=self.parent_id,
                owner_id=BOT_ID,
                member_count=1,
                message_count=0,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": _now_iso(),
                    "locked": False,
                },
            )
        return data


@dataclass
class Guild:
    id: str
    name: str
    bot_permissions: discord.Permissions
    channels: list[Channel] = field(default_factory=list)


@dataclass
class User:
    id: str
    name: str
    dms_open: bool = True
    bot: bool = False
    locale: str = "en-US"
    """The client's language, which every interaction of theirs carries."""

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
        }


@dataclass
class Attachment:
    id: str
    filename: str
    data: bytes

    def payload(self, base: str) -> dict[str, Any]:
        url = f"{base}/attachments/{self.id}/{self.filename}"
        return {
            "id": self.id,
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": "image/png" if self.filename.endswith(".png") else None,
        }


@dataclass
class Message:
    """A message as it stands now; `audience` None is public, else the one user who sees it."""

    id: str
    channel_id: str
    author: User
    audience: str | None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    interaction_id: str | None = None
    loading: bool = False
    edits: int = 0

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.components for c in row.get("components", [])]

    def component(self, custom_id: str) -> dict[str, Any]:
        for row in self.components:
            for item in row.get("components", []):
                if item.get("custom_id") == custom_id:
                    return dict(item)
        raise KeyError(custom_id)


@dataclass
class Interaction:
    id: str
    token: str
    type: int
    user: User
    channel: Channel
    created: float
    data: dict[str, Any]
    message: Message | None = None
    response: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    failed: bool = False
    """Acknowledged too late: the person was shown "This interaction failed"."""

    @property
    def replies(self) -> list[Message]:
        """What the user got back: the original response (if a message), then follow-ups."""
        first = [self.original] if self.original is not None else []
        return first + self.followups


@dataclass
class Request:
    """One recorded REST call; `message` and `audience` are set when it carried a message."""

    method: str
    path: str
    body: Any
    files: list[tuple[str, bytes]]
    status: int = 200
    message: Message | None = None
    audience: str | None = None
    fault: str | None = None

    def visible_text(self) -> str:
        """Everything a receiving client gets as text (custom ids included: a
        client sees them), for leak checks."""
        return json.dumps(self.body, ensure_ascii=False, sort_keys=True)


BOT_ID = "900000000000000001"
APP_ID = "900000000000000002"


class FakeDiscord:
    """One application, its bot user, guilds, channels and users, on 127.0.0.1."""

    def __init__(
        self,
        *,
        token: str = "fake-token",
        privileged_intents: int = 0,
        clock: Callable[[], float] = time.monotonic,
        faults: Faults | None = None,
        shards: int = 1,
    ) -> None:
        assert shards >= 1, shards
        self.token = token
        self.shards = shards
        """How many shards the bot has (what `/gateway/bot` recommends)."""
        self.faults = faults or Faults()
        self._failures: list[tuple[str, str]] = []
        self.sessions: dict[str, Session] = {}
        self.identifies = 0
        self.resumes_asked = 0
        self.resumed = 0
        self.invalidated = 0
        self.gateway_down = False
        """While set, the gateway refuses connections (503), as in an outage."""
        self.hold_resumes = asyncio.Event()
        """While clear, a RESUME waits unanswered (a gateway slow to come back)."""
        self.hold_resumes.set()
        self.privileged_intents = privileged_intents
        self._clock = clock
        self.skew = 0.0
        """Seconds added to the clock; tests move time forward for the 15-minute token."""
        self.bot = User(BOT_ID, "plgames", bot=True)
        self.owner = User("900000000000000003", "owner")
        self.users: dict[str, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[str, Guild] = {}
        self.channels: dict[str, Channel] = {}
        self.messages: dict[str, Message] = {}
        self.interactions: dict[str, Interaction] = {}
        self.commands: dict[str | None, list[dict[str, Any]]] = {}
        """Synced commands by guild id (None: global)."""
        self.requests: list[Request] = []
        self.violations: list[str] = []
        self.intents: int | None = None
        self._ids = itertools.count(1)
        self._sockets: list[web.WebSocketResponse] = []
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ---- lifecycle -----------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(middlewares=[self._errors], client_max_size=32 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{id}/{name}", self._attachment)
        r = app.router
        r.add_get(API + "/users/@me", self._me)
        r.add_get(API + "/oauth2/applications/@me", self._application)
        r.add_get(API + "/applications/@me", self._application)
        r.add_get(API + "/gateway/bot", self._gateway_bot)
        r.add_get(API + "/gateway", self._gateway_bot)
        r.add_put(API + "/applications/{app}/commands", self._sync)
        r.add_put(API + "/applications/{app}/guilds/{guild}/commands", self._sync)
        r.add_get(API + "/applications/{app}/commands", self._commands)
        r.add_get(API + "/applications/{app}/guilds/{guild}/commands", self._commands)
        r.add_post(API + "/channels/{channel}/messages", self._create_message)
        r.add_get(API + "/channels/{channel}/messages/{message}", self._get_message)
        r.add_patch(API + "/channels/{channel}/messages/{message}", self._edit_message)
        r.add_delete(API + "/channels/{channel}/messages/{message}", self._delete_message)
        r.add_post(API + "/channels/{channel}/threads", self._create_thread)
        r.add_post(API + "/channels/{channel}/messages/{message}/threads", self._create_thread)
        r.add_get(API + "/channels/{channel}", self._get_channel)
        r.add_patch(API + "/channels/{channel}", self._edit_channel)
        r.add_delete(API + "/channels/{channel}", self._delete_channel)
        r.add_post(API + "/users/@me/channels", self._create_dm)
        r.add_post(API + "/interactions/{id}/{token}/callback", self._callback)
        r.add_post(API + "/webhooks/{app}/{token}", self._followup)
        r.add_get(API + "/webhooks/{app}/{token}/messages/{message}", self._get_webhook_message)
        r.add_patch(API + "/webhooks/{app}/{token}/messages/{message}", self._edit_webhook_message)
        r.add_delete(
            API + "/webhooks/{app}/{token}/messages/{message}", self._delete_webhook_message
        )
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def close(self) -> None:
        self.hold_resumes.set()
        for socket in list(self._sockets):
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @contextlib.contextmanager
    def patched(self) -> Iterator[None]:
        """Point discord.py at this server for the duration."""
        gateway = discord.gateway.DiscordWebSocket
        old_base, old_gateway = discord.http.Route.BASE, gateway.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.base + API
        gateway.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{self.port}/gateway")
        try:
            yield
        finally:
            discord.http.Route.BASE, gateway.DEFAULT_GATEWAY = old_base, old_gateway

    def now(self) -> float:
        return self._clock() + self.skew

    # ---- the world -----------------------------------------------------------------------

    def snowflake(self) -> str:
        return str(1_000_000_000_000_000_000 + next(self._ids))

    def add_guild(
        self,
        name: str,
        *,
        bot_permissions: discord.Permissions = BOT_DEFAULT,
        shard: int | None = None,
    ) -> Guild:
        """A guild the bot is in; with `shard`, one whose id falls on that shard."""
        ident = int(self.snowflake())
        if shard is not None:
            assert 0 <= shard < self.shards, shard
            # The id's top bits (its timestamp) pick the shard: move them on
            # to the next value that lands on `shard`, keeping the low bits.
            high = ident >> 22
            high += (shard - high) % self.shards
            ident = high << 22 | ident & ((1 << 22) - 1)
            assert str(ident) not in self.guilds
        # A copy: tests change a guild's permissions, never the shared default.
        guild = Guild(str(ident), name, discord.Permissions(bot_permissions.value))
        self.guilds[guild.id] = guild
        return guild

    def shard_of(self, guild_id: str | None) -> int:
        """The shard that receives a guild's events; DMs go to shard 0."""
        return 0 if guild_id is None else (int(guild_id) >> 22) % self.shards

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(self.snowflake(), 0, name, guild_id=guild.id)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def add_user(self, name: str, *, dms_open: bool = True, locale: str = "en-US") -> User:
        user = User(self.snowflake(), name, dms_open=dms_open, locale=locale)
        self.users[user.id] = user
        return user

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id or "")

    def _guild_payload(self, guild: Guild) -> dict[str, Any]:
        everyone = {
            "id": guild.id,
            "name": "@everyone",
            "permissions": str(PERMISSIONS.general().value),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        bot_role = dict(everyone, id=self._role_id(guild), name="plgames", position=1)
        bot_role["permissions"] = str(guild.bot_permissions.value)
        bot_role["managed"] = True
        member = {
            "user": self.bot.payload(),
            "roles": [bot_role["id"]],
            "joined_at": _now_iso(),
            "deaf": False,
            "mute": False,
            "flags": 0,
        }
        return {
            "id": guild.id,
            "name": guild.name,
            "icon": None,
            "owner_id": self.owner.id,
            "roles": [everyone, bot_role],
            "channels": [c.payload() for c in guild.channels if c.parent_id is None],
            "threads": [c.payload() for c in guild.channels if c.parent_id is not None],
            "members": [member],
            "member_count": 2 + len(self.users),
            "large": False,
            "unavailable": False,
            "joined_at": _now_iso(),
            "features": [],
            "emojis": [],
            "stickers": [],
            "presences": [],
            "voice_states": [],
            "premium_tier": 0,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "preferred_locale": "en-US",
            "system_channel_flags": 0,
        }

    def _role_id(self, guild: Guild) -> str:
        return str(int(guild.id) + 1)

    # ---- waiting (tests) -----------------------------------------------------------------

    async def until(self, predicate: Callable[[], Any], timeout: float = 20.0) -> Any:
        """Wait (bounded) until `predicate()` is truthy; return its value."""
        async with asyncio.timeout(timeout):
            async with self._changed:
                while not (result := predicate()):
                    await self._changed.wait()
                return result

    async def _touch(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    # ---- the gateway ---------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        if self.gateway_down:
            return web.Response(status=503, text="upstream connect error")
        socket = web.WebSocketResponse(max_msg_size=0)
        await socket.prepare(request)
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        self._sockets.append(socket)
        try:
            async for frame in socket:
                if frame.type != WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                op = message.get("op")
                if op == 1:
                    await socket.send_json({"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    await self._identify(socket, message["d"])
                elif op == 6:
                    await self._resume(socket, message["d"])
        finally:
            self._sockets.remove(socket)
            for session in self.sessions.values():
                if session.socket is socket:
                    session.socket = None
        return socket

    async def _identify(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> None:
        if data.get("token") != self.token:
            await socket.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED & ~self.privileged_intents:
            await socket.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = data.get("shard")
        if shard is None and self.shards > 1:
            await socket.close(code=4011, message=b"Sharding required.")
            return
        shard_id, count = shard if shard is not None else (0, 1)
        if count != self.shards or not 0 <= shard_id < count:
            await socket.close(code=4010, message=b"Invalid shard.")
            return
        self.intents = intents
        self.identifies += 1
        session = Session(secrets.token_hex(8), socket=socket, shard=shard_id)
        # A shard's new session ends its old one; the other shards' go on.
        self.sessions = {i: s for i, s in self.sessions.items() if s.shard != shard_id}
        self.sessions[session.id] = session
        mine = [g for g in self.guilds.values() if self.shard_of(g.id) == shard_id]
        ready: dict[str, Any] = {
            "v": 10,
            "user": self.bot.payload(),
            "guilds": [{"id": g.id, "unavailable": True} for g in mine],
            "session_id": session.id,
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
            "application": {"id": APP_ID, "flags": 0},
        }
        if shard is not None:
            ready["shard"] = [shard_id, count]
        await self._send(session, "READY", ready)
        for guild in mine:
            await self._send(session, "GUILD_CREATE", self._guild_payload(guild))
        await self._touch()

    def shard_sessions(self, shard: int) -> list[Session]:
        """The sessions carrying `shard` (one, or none while it is not connected)."""
        return [s for s in self.sessions.values() if s.shard == shard]

    async def _resume(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> None:
        """Send what the session missed after `seq`, then RESUMED; an unknown
        session is told to start afresh, as Discord does."""
        self.resumes_asked += 1
        await self._touch()
        await self.hold_resumes.wait()
        session = self.sessions.get(str(data.get("session_id")))
        seq = data.get("seq")
        if data.get("token") != self.token or session is None or not isinstance(seq, int):
            self.invalidated += 1
            await socket.send_json({"op": 9, "d": False, "s": None, "t": None})
            await self._touch()
            return
        session.socket, session.resumes = socket, session.resumes + 1
        self.resumed += 1
        for frame in session.sent[seq:]:
            await socket.send_json(frame)
        await self._send(session, "RESUMED", {})
        await self._touch()

    async def _send(self, session: Session, event: str, data: Any) -> None:
        frame = {"op": 0, "t": event, "s": session.seq + 1, "d": data}
        session.sent.append(frame)
        if session.socket is not None:
            with contextlib.suppress(ConnectionError):
                await session.socket.send_json(frame)

    async def dispatch(self, event: str, data: Any, *, guild: str | None = None) -> None:
        """An event for the bot, about `guild` (None: a DM), sent to the
        session of the shard that owns it: kept for a resume when no socket
        is there to take it (a drop drawn at the fault rate comes just before
        it), lost when that shard has no session at all (nobody connected it)."""
        for session in self.shard_sessions(self.shard_of(guild)):
            if session.socket is not None and self.faults.drop():
                await self.drop(session)
            await self._send(session, event, data)

    async def drop(self, session: Session | None = None, *, resumable: bool = True) -> None:
        """Close the gateway connection (of `session`, else every one) as a network
        fault would; with `resumable` False the session is forgotten too."""
        sessions = [session] if session is not None else list(self.sessions.values())
        for each in sessions:
            socket, each.socket = each.socket, None
            if not resumable:
                self.sessions.pop(each.id, None)
            if socket is not None:
                await socket.close(code=4000, message=b"Unknown error.")

    # ---- driving the bot as users --------------------------------------------------------

    def _member(self, user: User, guild: Guild | None) -> dict[str, Any]:
        if guild is None:
            return {}
        return {
            "member": {
                "user": user.payload(),
                "roles": [],
                "joined_at": _now_iso(),
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": str(PERMISSIONS.general().value),
            }
        }

    async def _interact(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
    ) -> Interaction:
        guild = self.guild_of(channel)
        interaction = Interaction(
            id=self.snowflake(),
            token="itk_" + secrets.token_urlsafe(24),
            type=kind,
            user=user,
            channel=channel,
            created=self.now(),
            data=data,
            message=message,
        )
        self.interactions[interaction.id] = interaction
        payload: dict[str, Any] = {
            "id": interaction.id,
            "application_id": APP_ID,
            "type": kind,
            "data": data,
            "token": interaction.token,
            "version": 1,
            "channel_id": channel.id,
            "channel": channel.payload(),
            "app_permissions": str(guild.bot_permissions.value if guild else BOT_DEFAULT.value),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_BYTES,
            "authorizing_integration_owners": {"0": guild.id} if guild else {"1": user.id},
            "context": 0 if guild else 1,
        }
        if guild is not None:
            payload["guild_id"] = guild.id
            payload["guild_locale"] = "en-US"
            payload.update(self._member(user, guild))
        else:
            payload["user"] = user.payload()
        if message is not None:
            payload["message"] = self._message_payload(message)
        await self.dispatch("INTERACTION_CREATE", payload, guild=guild and guild.id)
        return interaction

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        sub: str | None = None,
        /,
        **options: Any,
    ) -> Interaction:
        """`/command sub option:value ...`, checked against the synced commands
        (positional first, so an option may be called `user`)."""
        guild = self.guild_of(channel)
        synced = self.commands.get(guild.id if guild else None, []) + self.commands.get(None, [])
        found = next((c for c in synced if c["name"] == command), None)
        if found is None:
            raise AssertionError(f"/{command} is not synced for this channel")
        values = [
            {"name": k, "type": self._option_type(found, sub, k), "value": v}
            for k, v in options.items()
        ]
        top = [{"name": sub, "type": 1, "options": values}] if sub else values
        data = {"id": found["id"], "name": command, "type": 1, "options": top}
        users = [str(v["value"]) for v in values if v["type"] == OPTION_USER]
        if users:  # a user option carries its id; Discord resolves it alongside
            data["resolved"] = {"users": {i: self.users[i].payload() for i in users}}
        if guild is not None:
            data["guild_id"] = guild.id
        return await self._interact(2, user, channel, data)

    def _option_type(self, command: dict[str, Any], sub: str | None, name: str) -> int:
        options = command.get("options", [])
        if sub is not None:
            group = next((o for o in options if o["name"] == sub and o["type"] == 1), None)
            if group is None:
                raise AssertionError(f"/{command['name']} has no subcommand {sub!r}")
            options = group.get("options", [])
        option = next((o for o in options if o["name"] == name), None)
        if option is None:
            raise AssertionError(f"/{command['name']} {sub or ''} has no option {name!r}")
        return int(option["type"])

    async def click(
        self,
        user: User,
        message: Message,
        custom_id: str,
        values: list[str] | None = None,
        *,
        forged: bool = False,
    ) -> Interaction:
        """Press a button (or pick select `values`) on `message` as `user`.

        Discord only lets the one user who sees an ephemeral message press its
        buttons, and only components the message has; `forged` skips both
        checks, to test that the bot does not rely on them.
        """
        if not forged:
            if message.audience is not None and message.audience != user.id:
                raise AssertionError("a user cannot see, let alone press, another's ephemeral")
            component = message.component(custom_id)
            if component.get("disabled"):
                raise AssertionError(f"{custom_id} is disabled")
            kind = int(component["type"])
        else:
            kind = 3 if values is not None else 2
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = values
        channel = self.channels[message.channel_id]
        return await self._interact(3, user, channel, data, message)

    async def say(self, user: User, channel: Channel, content: str) -> dict[str, Any]:
        """A user's message in a channel or DM; its content reaches the bot only
        if the message content intent is granted, the bot is mentioned, or it is a DM."""
        mentioned = f"<@{self.bot.id}>" in content
        can_read = (
            channel.type == 1 or mentioned or bool((self.intents or 0) & INTENT_MESSAGE_CONTENT)
        )
        message = Message(self.snowflake(), channel.id, user, None, content=content)
        self.messages[message.id] = message
        payload = self._message_payload(message)
        if not can_read:
            payload["content"] = ""
        named = re.findall(r"<@!?(\d+)>", content)
        payload["mentions"] = [
            self.users[i].payload() for i in dict.fromkeys(named) if i in self.users
        ]
        guild = self.guild_of(channel)
        if guild is not None:
            payload["guild_id"] = guild.id
            payload["member"] = self._member(user, guild)["member"]
        await self.dispatch("MESSAGE_CREATE", payload, guild=channel.guild_id)
        return payload

    async def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.type == 1 and channel.recipient == user.id:
                return channel
        channel = Channel(self.snowflake(), 1, "", recipient=user.id)
        self.channels[channel.id] = channel
        return channel

    # ---- REST: plumbing ------------------------------------------------------------------

    def fail(self, path: str, kind: str = "5xx", *, times: int = 1) -> None:
        """Give the next `times` API requests whose path contains `path` the fault `kind`."""
        assert kind in FAULTS, kind
        self._failures.extend([(path, kind)] * times)

    @property
    def faulted(self) -> list[Request]:
        return [r for r in self.requests if r.fault is not None]

    def _fault(self, path: str) -> str | None:
        for index, (part, kind) in enumerate(self._failures):
            if part in path:
                del self._failures[index]
                return kind
        return self.faults.draw()

    async def _faulted(self, request: web.Request) -> web.Response | None:
        """A 429 or 5xx for this API request, recorded, or None to serve it."""
        if not request.path.startswith(API):
            return None
        fault = self._fault(request.path)
        if fault is None:
            return None
        body, files = await self._read(request)
        record = Request(request.method, request.path_qs, body, files, fault=fault)
        self.requests.append(record)
        if fault == "429":
            after = self.faults.retry_after
            record.status = 429
            headers = {"Via": "1.1 google", "Retry-After": str(after), "X-RateLimit-Scope": "user"}
            limited = {
                "message": "You are being rate limited.",
                "retry_after": after,
                "global": False,
            }
            response = _json(limited, status=429)
            response.headers.update(headers)
            return response
        record.status, message = self.faults.random.choice(SERVER_ERRORS)
        return _json({"code": 0, "message": message}, status=record.status)

    @web.middleware
    async def _errors(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path.startswith(API) and not request.path.startswith(API + "/webhooks/"):
            needs_auth = not request.path.startswith(API + "/interactions/")
            if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
                return _json({"code": 0, "message": "401: Unauthorized"}, status=401)
        faulted = await self._faulted(request)
        if faulted is not None:
            await self._touch()
            return faulted
        try:
            response: web.StreamResponse = await handler(request)
            return response
        except DiscordError as exc:
            if (record := request.get("record")) is not None:
                record.status = exc.status
            return _json({"code": exc.code, "message": exc.message}, status=exc.status)
        finally:
            await self._touch()

    def _violate(self, text: str) -> None:
        self.violations.append(text)

    async def _read(self, request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        files: list[tuple[str, bytes]] = []
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            body = json.loads(str(form.get("payload_json", "{}")))
            for key, value in form.items():
                if key.startswith("files[") and isinstance(value, web.FileField):
                    files.append((value.filename, value.file.read()))
            return body, files
        text = await request.text()
        return (json.loads(text) if text else None), files

    async def _record(self, request: web.Request) -> Request:
        body, files = await self._read(request)
        record = Request(request.method, request.path_qs, body, files)
        self.requests.append(record)
        request["record"] = record
        return record

    # ---- REST: login and commands --------------------------------------------------------

    async def _me(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json(self.bot.payload())

    async def _application(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json(
            {
                "id": APP_ID,
                "name": "plgames",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "rpc_origins": [],
                "summary": "",
                "interactions_endpoint_url": None,
                "team": None,
            }
        )

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json(
            {
                "url": f"ws://127.0.0.1:{self.port}/gateway",
                "shards": self.shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _sync(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        guild = request.match_info.get("guild")
        if guild is not None and guild not in self.guilds:
            raise DiscordError(404, 10004, "Unknown Guild")
        problems = [p for command in record.body for p in _command_problems(command)]
        if problems:
            self._violate("command sync: " + "; ".join(problems))
            raise DiscordError(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        synced = []
        for command in record.body:
            entry = dict(command, id=self.snowflake(), application_id=APP_ID, version="1")
            entry.setdefault("type", 1)
            if guild is not None:
                entry["guild_id"] = guild
            synced.append(entry)
        self.commands[guild] = synced
        return _json(synced)

    async def _commands(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json(self.commands.get(request.match_info.get("guild"), []))

    # ---- REST: messages ------------------------------------------------------------------

    def _message_payload(self, message: Message) -> dict[str, Any]:
        channel = self.channels.get(message.channel_id)
        data: dict[str, Any] = {
            "id": message.id,
            "channel_id": message.channel_id,
            "author": message.author.payload(),
            "content": message.content,
            "timestamp": _now_iso(),
            "edited_timestamp": _now_iso() if message.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(self.base) for a in message.attachments],
            "embeds": message.embeds,
            "components": message.components,
            "pinned": False,
            "type": 0 if message.interaction_id is None else 20,
            "flags": message.flags | (1 << 7 if message.loading else 0),
        }
        if channel is not None and channel.guild_id is not None:
            data["guild_id"] = channel.guild_id
        if message.author.bot:
            data["application_id"] = APP_ID
        return data

    def _apply(
        self, message: Message, body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> None:
        """Set the fields a create or an edit names; check them against Discord's limits."""
        problems = _message_problems(body, files)
        if problems:
            self._violate(f"message {message.id}: " + "; ".join(problems))
            raise DiscordError(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        if "content" in body:
            message.content = body["content"] or ""
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        if "components" in body:
            message.components = body["components"] or []
        if "attachments" in body or files:
            keep = {a.id: a for a in message.attachments}
            chosen: list[Attachment] = []
            listed = body.get("attachments")
            if listed is None:
                listed = [{"id": i} for i in range(len(files))]
            for entry in listed:
                ident = entry.get("id")
                if str(ident) in keep:
                    chosen.append(keep[str(ident)])
                elif isinstance(ident, int | str) and str(ident).isdigit():
                    index = int(ident)
                    if index < len(files):
                        name = entry.get("filename") or files[index][0]
                        chosen.append(Attachment(self.snowflake(), name, files[index][1]))
            if not listed and files:
                chosen = [Attachment(self.snowflake(), n, d) for n, d in files]
            message.attachments = chosen
        message.loading = False

    def _new_message(
        self,
        channel: Channel,
        audience: str | None,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        interaction: Interaction | None = None,
    ) -> Message:
        message = Message(self.snowflake(), channel.id, self.bot, audience)
        message.flags |= int(body.get("flags") or 0) & SUPPRESS_NOTIFICATIONS
        if interaction is not None:
            message.interaction_id = interaction.id
        if audience is not None and interaction is not None:
            message.flags |= EPHEMERAL
        self._apply(message, body, files)
        self.messages[message.id] = message
        return message

    def _channel(self, request: web.Request) -> Channel:
        channel = self.channels.get(request.match_info["channel"])
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _audience_of_channel(self, channel: Channel) -> str | None:
        return channel.recipient if channel.type == 1 else None

    def _check_send(self, channel: Channel, body: dict[str, Any], files: list[Any]) -> None:
        if channel.type == 1:
            recipient = self.users[channel.recipient or ""]
            if not recipient.dms_open:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
            return
        guild = self.guild_of(channel)
        perms = guild.bot_permissions if guild else BOT_DEFAULT
        allowed = perms.send_messages_in_threads if channel.parent_id else perms.send_messages
        if not (perms.view_channel and allowed):
            raise DiscordError(403, 50013, "Missing Permissions")
        if files and not perms.attach_files:
            raise DiscordError(403, 50013, "Missing Permissions")

    async def _create_message(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        channel = self._channel(request)
        body = record.body or {}
        if int(body.get("flags") or 0) & EPHEMERAL:
            self._violate(f"channel {channel.id}: ephemeral flag outside an interaction")
        self._check_send(channel, body, record.files)
        if channel.archived:  # Discord opens an archived (unlocked) thread that gets a message
            channel.archived = False
            await self.dispatch("THREAD_UPDATE", channel.payload(), guild=channel.guild_id)
        message = self._new_message(channel, self._audience_of_channel(channel), body, record.files)
        record.message, record.audience = message, message.audience
        if channel.type != 1:
            payload = self._message_payload(message)
            await self.dispatch("MESSAGE_CREATE", payload, guild=channel.guild_id)
        return _json(self._message_payload(message))

    def _visible_message(self, request: web.Request) -> Message:
        message = self.messages.get(request.match_info["message"])
        if message is None or message.channel_id != request.match_info["channel"]:
            raise DiscordError(404, 10008, "Unknown Message")
        if message.flags & EPHEMERAL:  # ephemeral messages live only behind the interaction token
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def _get_message(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json(self._message_payload(self._visible_message(request)))

    async def _edit_message(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        message = self._visible_message(request)
        if message.author.id != self.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        if self.channels[message.channel_id].archived:
            raise DiscordError(400, 50083, "Thread is archived")
        self._apply(message, record.body or {}, record.files)
        message.edits += 1
        record.message, record.audience = message, message.audience
        return _json(self._message_payload(message))

    async def _delete_message(self, request: web.Request) -> web.Response:
        await self._record(request)
        message = self._visible_message(request)
        del self.messages[message.id]
        return web.Response(status=204)

    async def _create_thread(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        parent = self._channel(request)
        guild = self.guild_of(parent)
        if guild is None or parent.parent_id is not None:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if not guild.bot_permissions.create_public_threads:
            raise DiscordError(403, 50013, "Missing Permissions")
        name = str((record.body or {}).get("name", ""))
        if not 1 <= len(name) <= 100:
            self._violate(f"thread name of {len(name)} characters")
            raise DiscordError(400, 50035, "Invalid Form Body: name")
        # A thread started from a message takes that message's id.
        thread_id = request.match_info.get("message") or self.snowflake()
        thread = Channel(thread_id, 11, name, guild_id=guild.id, parent_id=parent.id)
        guild.channels.append(thread)
        self.channels[thread.id] = thread
        created = dict(thread.payload(), newly_created=True)
        await self.dispatch("THREAD_CREATE", created, guild=guild.id)
        return _json(thread.payload())

    async def _get_channel(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json(self._channel(request).payload())

    async def _edit_channel(self, request: web.Request) -> web.Response:
        """A thread's `archived` flag: its owner (the bot made every thread
        here) may set it; other channels and fields are not modelled."""
        record = await self._record(request)
        channel = self._channel(request)
        body = record.body or {}
        if channel.parent_id is None or set(body) - {"archived"}:
            self._violate(f"channel {channel.id}: unmodelled edit {sorted(body)}")
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        channel.archived = bool(body["archived"])
        await self.dispatch("THREAD_UPDATE", channel.payload(), guild=channel.guild_id)
        return _json(channel.payload())

    async def _delete_channel(self, request: web.Request) -> web.Response:
        await self._record(request)
        channel = self._channel(request)
        guild = self.guild_of(channel)
        if guild is None or channel.parent_id is None:
            raise DiscordError(403, 50013, "Missing Permissions")  # the bot deletes threads only
        if not guild.bot_permissions.manage_threads:
            raise DiscordError(403, 50013, "Missing Permissions")
        guild.channels.remove(channel)
        del self.channels[channel.id]
        await self.dispatch(
            "THREAD_DELETE",
            {"id": channel.id, "guild_id": guild.id, "parent_id": channel.parent_id, "type": 11},
            guild=guild.id,
        )
        return _json(channel.payload())

    async def _create_dm(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        user = self.users.get(str((record.body or {}).get("recipient_id")))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        channel = await self.dm_channel(user)
        return _json(
            {"id": channel.id, "type": 1, "recipients": [user.payload()], "last_message_id": None}
        )

    async def _attachment(self, request: web.Request) -> web.Response:
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == request.match_info["id"]:
                    return web.Response(body=attachment.data, content_type="image/png")
        raise web.HTTPNotFound()

    # ---- REST: interactions --------------------------------------------------------------

    async def _callback(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        interaction = self.interactions.get(request.match_info["id"])
        if interaction is None or interaction.token != request.match_info["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        late = self.now() - interaction.created
        if late > ACK_SECONDS:
            self._violate(f"interaction {interaction.id} acknowledged after {late:.1f}s")
            interaction.failed = True
            raise DiscordError(404, 10062, "Unknown interaction")
        if interaction.response is not None:
            self._violate(f"interaction {interaction.id} acknowledged twice")
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        body = record.body or {}
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        component = interaction.type == 3
        if kind in (6, 7) and not component:
            self._violate(f"interaction {interaction.id}: response type {kind} to a command")
            raise DiscordError(400, 50035, "Invalid Form Body: type")
        if kind not in (4, 5, 6, 7, 9):
            self._violate(f"interaction {interaction.id}: response type {kind}")
            raise DiscordError(400, 50035, "Invalid Form Body: type")
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        audience = interaction.user.id if ephemeral else None
        resource: dict[str, Any] | None = None
        if kind in (4, 5):
            if not ephemeral:
                self._check_send(interaction.channel, data, record.files)
            message = self._new_message(
                interaction.channel, audience, data if kind == 4 else {}, record.files, interaction
            )
            message.loading = kind == 5
            interaction.original = message
            record.message, record.audience = message, audience
            resource = {"type": kind, "message": self._message_payload(message)}
        elif kind == 7:
            target = interaction.message
            assert target is not None
            self._apply(target, data, record.files)
            target.edits += 1
            record.message, record.audience = target, target.audience
            resource = {"type": kind, "message": self._message_payload(target)}
        interaction.response = kind
        interaction.answered.set()
        reply: dict[str, Any] = {
            "interaction": {
                "id": interaction.id,
                "type": interaction.type,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": ephemeral,
            }
        }
        if interaction.original is not None:
            reply["interaction"]["response_message_id"] = interaction.original.id
        if resource is not None:
            reply["resource"] = resource
        return _json(reply)

    def _token_interaction(self, request: web.Request) -> Interaction:
        if request.match_info["app"] != APP_ID:
            raise DiscordError(404, 10015, "Unknown Webhook")
        token = request.match_info["token"]
        interaction = next((i for i in self.interactions.values() if i.token == token), None)
        if interaction is None:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if self.now() - interaction.created > TOKEN_SECONDS:
            self._violate(f"interaction {interaction.id}: token used after 15 minutes")
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if interaction.response is None:
            self._violate(f"interaction {interaction.id}: webhook used before the response")
            raise DiscordError(404, 10015, "Unknown Webhook")
        return interaction

    async def _followup(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        interaction = self._token_interaction(request)
        body = record.body or {}
        original = interaction.original
        if original is not None and original.loading:
            # Discord: the first follow-up after a deferred reply fills the
            # "thinking" message, and keeps the defer's visibility whatever its own flags say.
            self._apply(original, body, record.files)
            original.edits += 1
            record.message, record.audience = original, original.audience
            return _json(self._message_payload(original))
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
        audience = interaction.user.id if ephemeral else None
        if not ephemeral:
            self._check_send(interaction.channel, body, record.files)
        message = self._new_message(interaction.channel, audience, body, record.files, interaction)
        interaction.followups.append(message)
        record.message, record.audience = message, audience
        return _json(self._message_payload(message))

    def _webhook_message(self, request: web.Request, interaction: Interaction) -> Message:
        which = request.match_info["message"]
        if which == "@original":
            target = interaction.original
            if target is None and interaction.response in (6, 7):
                target = interaction.message
        else:
            owned = [*interaction.followups]
            if interaction.original is not None:
                owned.append(interaction.original)
            if interaction.message is not None and interaction.response in (6, 7):
                owned.append(interaction.message)
            target = next((m for m in owned if m.id == which), None)
        if target is None or target.id not in self.messages:
            raise DiscordError(404, 10008, "Unknown Message")
        return target

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        await self._record(request)
        interaction = self._token_interaction(request)
        return _json(self._message_payload(self._webhook_message(request, interaction)))

    async def _edit_webhook_message(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        interaction = self._token_interaction(request)
        message = self._webhook_message(request, interaction)
        self._apply(message, record.body or {}, record.files)
        message.edits += 1
        record.message, record.audience = message, message.audience
        return _json(self._message_payload(message))

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        await self._record(request)
        interaction = self._token_interaction(request)
        message = self._webhook_message(request, interaction)
        del self.messages[message.id]
        return web.Response(status=204)

    # ---- reading what was sent (tests) ---------------------------------------------------

    def sent(self) -> list[Request]:
        """Every request that carried a message, in order."""
        return [r for r in self.requests if r.message is not None and r.status < 300]

    def public_messages(self, channel: Channel | None = None) -> list[Message]:
        return [
            m
            for m in self.messages.values()
            if m.audience is None
            and m.author.bot
            and (channel is None or m.channel_id == channel.id)
        ]


# ---- Discord's limits --------------------------------------------------------------------


def _message_problems(body: dict[str, Any], files: list[tuple[str, bytes]]) -> list[str]:
    problems: list[str] = []
    content = body.get("content") or ""
    if len(content) > 2000:
        problems.append(f"content of {len(content)} characters (max 2000)")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (max 10)")
    total = 0
    for embed in embeds:
        for key, limit in (("title", 256), ("description", 4096)):
            size = len(embed.get(key) or "")
            total += size
            if size > limit:
                problems.append(f"embed {key} of {size} characters (max {limit})")
        if len(embed.get("fields") or []) > 25:
            problems.append("more than 25 embed fields")
        total += len((embed.get("footer") or {}).get("text", ""))
        for item in embed.get("fields") or []:
            total += len(item.get("name", "")) + len(item.get("value", ""))
    if total > 6000:
        problems.append(f"embeds of {total} characters (max 6000)")
    if len(files) > 10:
        problems.append(f"{len(files)} files (max 10)")
    if sum(len(data) for _, data in files) > ATTACHMENT_BYTES:
        problems.append("attachments over the upload limit")
    problems += _component_problems(body.get("components") or [])
    return problems


def _component_problems(rows: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(rows) > 5:
        problems.append(f"{len(rows)} action rows (max 5)")
    seen: set[str] = set()
    for row in rows:
        if row.get("type") != 1:
            problems.append("a top-level component that is not an action row")
            continue
        items = row.get("components") or []
        kinds = {item.get("type") for item in items}
        if not items:
            problems.append("an empty action row")
        if kinds - {2} and len(items) > 1:
            problems.append("a select menu sharing its row")
        if len(items) > 5:
            problems.append(f"{len(items)} components in a row (max 5)")
        for item in items:
            custom_id = item.get("custom_id")
            if item.get("type") == 2 and item.get("style") == 5:
                continue  # link buttons carry a url, not a custom id
            if not isinstance(custom_id, str) or not CUSTOM_ID_RE.match(custom_id):
                problems.append(f"custom_id {custom_id!r} (1-100 characters)")
            elif custom_id in seen:
                problems.append(f"custom_id {custom_id!r} used twice")
            else:
                seen.add(custom_id)
            if item.get("type") == 2:
                if len(item.get("label") or "") > 80:
                    problems.append(f"button label {item.get('label')!r} (max 80)")
                if not item.get("label") and not item.get("emoji"):
                    problems.append("a button with neither label nor emoji")
            if item.get("type") == 3:
                options = item.get("options") or []
                if not 1 <= len(options) <= 25:
                    problems.append(f"a select with {len(options)} options (1-25)")
                values = [o.get("value") for o in options]
                if len(set(values)) != len(values):
                    problems.append("a select with repeated values")
                for option in options:
                    for key, limit in (("label", 100), ("value", 100), ("description", 100)):
                        if len(option.get(key) or "") > limit:
                            problems.append(f"select option {key} over {limit} characters")
                if len(item.get("placeholder") or "") > 150:
                    problems.append("select placeholder over 150 characters")
                if int(item.get("max_values", 1)) > len(options):
                    problems.append("select max_values above its option count")
    return problems


def _command_problems(command: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    name = command.get("name", "")
    if not COMMAND_NAME_RE.match(name) or name != name.lower():
        problems.append(f"command name {name!r}")
    if command.get("type", 1) == 1 and not 1 <= len(command.get("description", "")) <= 100:
        problems.append(f"/{name}: description must be 1-100 characters")
    problems += _localization_problems(f"/{name}", command)
    problems += _options_problems(name, command.get("options") or [])
    return problems


def _localization_problems(where: str, item: dict[str, Any]) -> list[str]:
    """Discord's rules for a name's and a description's translations."""
    problems: list[str] = []
    for key, limit in (("name", 32), ("description", 100)):
        for locale, text in (item.get(f"{key}_localizations") or {}).items():
            if locale not in LOCALES:
                problems.append(f"{where}: unknown locale {locale!r}")
            if not 1 <= len(text) <= limit:
                problems.append(f"{where}: {locale} {key} must be 1-{limit} characters")
    return problems


def _options_problems(where: str, options: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options (max 25)")
    optional_seen = False
    for option in options:
        name = option.get("name", "")
        if not COMMAND_NAME_RE.match(name) or name != name.lower():
            problems.append(f"{where}: option name {name!r}")
        if not 1 <= len(option.get("description", "")) <= 100:
            problems.append(f"{where} {name}: description must be 1-100 characters")
        problems += _localization_problems(f"{where} {name}", option)
        if len(option.get("choices") or []) > 25:
            problems.append(f"{where} {name}: more than 25 choices")
        if option.get("type") in (1, 2):
            problems += _options_problems(f"{where} {name}", option.get("options") or [])
        elif option.get("required"):
            if optional_seen:
                problems.append(f"{where} {name}: a required option after an optional one")
        else:
            optional_seen = True
    return problems
