"""A daemon, the Discord frontend and the fake Discord, wired together, and
people who play through it the way a Discord user would.

A `Person` only uses what a Discord client shows: slash commands, buttons
and select menus on the messages they can see. To decide *which* move to
make it asks the engine's AI about its own seat's view (a person's brain is
not what is under test), then finds that move in the chat layer's menu by
its labels and presses its way there; a move the menus only reach through
the composer is typed, as `/plgames move`.
"""

import asyncio
import contextlib
import os
import random
import re
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discord_fake import EPHEMERAL, Channel, FakeDiscord, Faults, Guild, Interaction, Message, User

from daemon.ai import choose
from daemon.clock import Clock
from daemon.config import load_settings
from daemon.core import Daemon
from daemon.model import Identity, PacingPolicy, StartPolicy, Status, TablePolicy, TimerPolicy
from daemon.service import Service
from daemon.sqlite_store import SqliteStore
from daemon.table import Table
from frontends.chat import ChatLayer, FileChatMemory
from frontends.chat.menus import Leaf, Node
from frontends.chat.presenters import presenter_for
from frontends.chat.tokens import SECRET_FILE, TokenCodec
from frontends.discord import DiscordFrontend, DiscordOptions

POLICY = TablePolicy(
    start=StartPolicy(mode="manual"),
    timer=TimerPolicy(turn_seconds=0),
    pacing=PacingPolicy(think_seconds=0, hold_seconds=0),
    ai_level="random",
)
"""No turn timers and no AI pacing: the test runs as fast as the machine."""

BRAINS = {"katan": "builder"}
"""The AI level that decides for the people: Katan's builder never trades, so
three of them cannot haggle a game out past the test's bounds."""

PAGE_FORWARD = re.compile(r"^\d+/\d+ ▸$")
"""The chat layer's "next page" label, e.g. `2/3 ▸`."""
BACK = "◂ Back"
"""The chat layer's button up from a submenu."""

WAIT = 30.0
"""The longest any one step of a test waits before it fails (a bound, not a timing claim)."""

TRIES = 3
"""How often a person tries an interaction Discord says failed."""

KEPT_WAIT = 10.0
"""How long a person with a kept panel waits for it to show their turn
before pressing what it shows (a bound, not a timing claim)."""


async def eventually(predicate: Callable[[], Any], timeout: float = WAIT) -> Any:
    """Poll (bounded) until `predicate()` is truthy; the daemon's state is not
    observable through the fake, so this is how a test waits on a table."""
    async with asyncio.timeout(timeout):
        while not (result := predicate()):
            await asyncio.sleep(0.005)
        return result


@dataclass
class World:
    fake: FakeDiscord
    guild: Guild
    channel: Channel
    state_dir: Path
    daemon: Daemon | None = None
    frontend: DiscordFrontend | None = None
    threads: bool = True
    policy: TablePolicy = POLICY
    clock: Clock | None = None
    """The daemon's clock (a `FakeClock` drives turn timers); None: the real one."""
    remembered: int | None = None
    """The frontend's memory bound (None: its default)."""
    client_options: dict[str, Any] = field(default_factory=dict)
    """More options for the discord.py client (e.g. a `jitter` for re-identifying)."""

    def later(self, seconds: float) -> None:
        """Move Discord's clock and the bot's on together (interaction tokens age)."""
        self.fake.skew += seconds

    async def boot(self) -> None:
        """Start (or restart) the daemon with its Discord frontend, and wait
        until the bot has connected and synced its commands."""
        store = SqliteStore(self.state_dir / "plgames.db")
        await store.open()
        self.daemon = Daemon(store, policy=self.policy, clock=self.clock)
        await self.daemon.resume()
        extra: dict[str, Any] = {} if self.remembered is None else {"remembered": self.remembered}
        self.frontend = DiscordFrontend(
            DiscordOptions(
                token=self.fake.token, guilds=(int(self.guild.id),), threads=self.threads
            ),
            secret=b"s" * 32,
            memory=FileChatMemory(self.state_dir / "chat-discord.json"),
            client_options={"guild_ready_timeout": 0.1, **self.client_options},
            clock=lambda: time.monotonic() + self.fake.skew,
            **extra,
        )
        with self.fake.patched():
            await self.daemon.add_frontend(self.frontend)
            await eventually(lambda: self.frontend is not None and self.frontend.ready)

    async def halt(self) -> None:
        if self.daemon is not None:
            await self.daemon.shutdown(drain_seconds=5.0)
        self.daemon = self.frontend = None

    @property
    def layer(self) -> ChatLayer:
        assert self.frontend is not None
        return self.frontend.layer

    def table(self) -> Table:
        assert self.daemon is not None
        (table,) = self.daemon.tables.values()
        return table

    def boards(self, where: Channel) -> list[Message]:
        """Public messages in `where` that carry the My hand button, newest last."""
        return [
            m
            for m in self.fake.public_messages(where)
            if any(c.get("label") == "My hand and moves" for c in _components(m))
        ]


@contextlib.asynccontextmanager
async def world(
    state_dir: Path,
    *,
    policy: TablePolicy = POLICY,
    clock: Clock | None = None,
    faults: Faults | None = None,
    remembered: int | None = None,
    client_options: dict[str, Any] | None = None,
) -> AsyncIterator[World]:
    fake = FakeDiscord(faults=faults)
    await fake.start()
    guild = fake.add_guild("Friends")
    channel = fake.add_channel(guild, "games")
    here = World(
        fake,
        guild,
        channel,
        state_dir,
        policy=policy,
        clock=clock,
        remembered=remembered,
        client_options=client_options or {},
    )
    try:
        with fake.patched():
            await here.boot()
            yield here
    finally:
        with fake.patched():
            await here.halt()
        await fake.close()


@dataclass
class Host:
    """One `plgames serve` of a cluster, run in this process (a `Service`, as
    the command runs it): its name, the Discord shards it connects, its
    state directory."""

    name: str
    shards: tuple[int, ...]
    state_dir: Path
    service: Service | None = None

    @property
    def daemon(self) -> Daemon:
        assert self.service is not None, f"daemon {self.name} is not running"
        return self.service.daemon

    @property
    def frontend(self) -> DiscordFrontend:
        found = self.daemon.frontend("discord")
        assert isinstance(found, DiscordFrontend)
        return found

    def forwarded(self) -> float:
        """Intents this daemon received for a table another one serves."""
        sample = self.daemon.metrics.registry.get_sample_value(
            "plgames_intents_forwarded_total", {"frontend": "discord"}
        )
        return sample or 0.0


@dataclass
class ClusterWorld(World):
    """Several daemons on one PostgreSQL database, each connecting its own
    shards of one Discord application (docs/scaling.md). `guild` and
    `channel` are where the table under test is opened; `table()` is that
    table (`code`) on whichever daemon serves it now."""

    url: str = ""
    hosts: dict[str, Host] = field(default_factory=dict)
    lease_seconds: float = 3.0
    code: str = ""

    async def start(self, name: str) -> Host:
        """Start (or restart) daemon `name` and wait until its shards are connected."""
        host = self.hosts[name]
        settings = load_settings(
            None,
            state_dir=host.state_dir,
            storage={"url": self.url},
            cluster={"name": name, "lease_seconds": self.lease_seconds},
            http={"enabled": False},
            lan={"enabled": False},
            tables=self.policy,
            discord={
                "token": self.fake.token,
                "shard_ids": host.shards,
                "shard_count": self.fake.shards,
            },
        )
        service = Service(settings)
        umask = os.umask(0o077)  # the service sets the daemon's; this process keeps its own
        try:
            await service.start()
        finally:
            os.umask(umask)
        host.service = service
        await eventually(lambda: host.frontend.ready)
        return host

    async def stop(self, name: str) -> None:
        """Stop daemon `name` as SIGTERM does (its leases end at once)."""
        host = self.hosts[name]
        service, host.service = host.service, None
        if service is not None:
            await service.stop()

    def holder(self) -> Host | None:
        """The running daemon serving the table under test."""
        return next(
            (
                n
                for n in self.hosts.values()
                if n.service is not None
                and any(t.code == self.code for t in n.daemon.tables.values())
            ),
            None,
        )

    def table(self) -> Table:
        holder = self.holder()
        assert holder is not None, f"no running daemon serves {self.code}"
        return next(t for t in holder.daemon.tables.values() if t.code == self.code)


@contextlib.asynccontextmanager
async def cluster(
    state_dir: Path, url: str, shards: dict[str, tuple[int, ...]], **guilds: int
) -> AsyncIterator[tuple[ClusterWorld, dict[str, Guild]]]:
    """Daemons named in `shards`, each connecting the shards it names, of a
    fake Discord application with that many shards in all, and one guild
    (with a channel `games`) per keyword, on the shard it names. Every daemon
    is given the same token secret, as docs/scaling.md says."""
    count = 1 + max(i for ids in shards.values() for i in ids)
    fake = FakeDiscord(shards=count)
    await fake.start()
    made = {name: fake.add_guild(name, shard=shard) for name, shard in guilds.items()}
    for guild in made.values():
        fake.add_channel(guild, "games")
    secret = os.urandom(32)
    hosts = {}
    for name, ids in shards.items():
        (state_dir / name).mkdir(mode=0o700)
        (state_dir / name / SECRET_FILE).write_bytes(secret)
        hosts[name] = Host(name, ids, state_dir / name)
    first = next(iter(made.values()))
    here = ClusterWorld(fake, first, first.channels[0], state_dir, url=url, hosts=hosts)
    try:
        with fake.patched():
            for name in hosts:
                await here.start(name)
            yield here, made
    finally:
        with fake.patched():
            for name in hosts:
                await here.stop(name)
        await fake.close()


def _components(message: Message) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row.get("components", [])]


@dataclass
class Person:
    """Someone in the guild. `style` is how they play: `board` presses My hand
    and moves on the public board and plays from the ephemeral answer;
    `slash` does the same but types every other move with `/plgames move`;
    `dm` accepts DMs and plays from the panel the bot sends there, typing
    every third move as a message that mentions the bot; `kept` presses My
    hand and moves once and plays every later turn from that ephemeral
    panel, which the bot edits as each turn begins (`kept_panel`)."""

    world: World
    user: User
    style: str = "board"
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    moves: int = 0
    panel: Message | None = None
    """The kept panel (style `kept`)."""
    updated: int = 0
    """Turns whose kept panel the bot edited to show the turn while this
    person pressed nothing (so a table's update edited it)."""

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake

    async def slash(self, where: Channel, sub: str, /, **options: Any) -> Interaction:
        """A `/plgames` subcommand, waited on until the bot has finished answering
        (its "thinking…" reply filled or removed); typed again, as a person
        would, when Discord says it failed (acknowledged too late)."""
        for _ in range(TRIES):
            done = await self.fake.slash(self.user, where, "plgames", sub, **options)
            await self.fake.until(lambda d=done: d.failed or _settled(self.fake, d), WAIT)
            if not done.failed:
                return done
        raise AssertionError(f"/plgames {sub} failed {TRIES} times")

    async def press(self, message: Message, label: str, *, forged: bool = False) -> Interaction:
        """Press the button (or pick the select option) labelled `label`."""
        for item in _components(message):
            if item.get("label") == label and item.get("type") == 2:
                return await self._press(message, item["custom_id"], forged=forged)
            for option in item.get("options", []):
                if option.get("label") == label:
                    values = [option["value"]]
                    return await self._press(message, item["custom_id"], values, forged=forged)
        raise AssertionError(f"no {label!r} on message {message.id}: {labels(message)}")

    async def _press(
        self,
        message: Message,
        custom_id: str,
        values: list[str] | None = None,
        *,
        forged: bool = False,
    ) -> Interaction:
        done: Interaction | None = None
        for _ in range(TRIES):  # "This interaction failed": press again
            if done is not None and all(
                c.get("custom_id") != custom_id for c in _components(message)
            ):
                return done  # the message changed meanwhile: the caller looks at it again
            done = await self.fake.click(self.user, message, custom_id, values, forged=forged)
            await self.fake.until(lambda d=done: d.failed or d.answered.is_set(), WAIT)
            if not done.failed:
                return done
        raise AssertionError(f"{custom_id} failed {TRIES} times")

    async def open_panel(self, where: Channel) -> Message:
        """Press My hand and moves on the newest board: the answer is ephemeral."""
        board = (await eventually(lambda: self.world.boards(where)))[-1]
        pressed = await self.press(board, "My hand and moves")
        panel: Message = await self.fake.until(lambda: pressed.replies and pressed.replies[-1])
        assert panel.audience == self.user.id and panel.flags & EPHEMERAL
        return panel

    async def kept_panel(self, where: Channel, version: int) -> Message:
        """The ephemeral panel this person keeps open, once it shows `version`
        (opened with My hand and moves the first time, or when it is gone).
        One still showing an earlier position after `KEPT_WAIT` (an answer to
        the last press landed after the turn's update: docs/discord.md,
        "Known gap") is pressed all the same: its answer is the current menu."""
        if self.panel is None or self.panel.id not in self.fake.messages:
            self.panel = await self.open_panel(where)
        panel = self.panel
        if showing(panel, version):
            return panel
        with contextlib.suppress(TimeoutError):
            await eventually(lambda: showing(panel, version), KEPT_WAIT)
            self.updated += 1
        return panel

    async def dm_panel(self, version: int) -> Message:
        """The panel the bot keeps in this person's DMs, once it shows `version`."""

        def current() -> Message | None:
            dms = [c.id for c in self.fake.channels.values() if c.recipient == self.user.id]
            mine = [m for m in self.fake.messages.values() if m.channel_id in dms]
            return next((m for m in reversed(mine) if showing(m, version)), None)

        panel: Message = await eventually(current)
        return panel

    async def say(self, where: Channel, text: str) -> None:
        """A message in the channel that mentions the bot."""
        await self.fake.say(self.user, where, f"<@{self.fake.bot.id}> {text}")

    async def play_turn(self, where: Channel, seat: int, panel: Message | None = None) -> None:
        """Choose this seat's move and make it through the menus (of `panel`, if
        given), or type it."""
        table = self.world.table()
        version = table.version
        view = table.view_for(seat)
        legal = table.game.view_legal_moves(view, seat)
        seed = self.rng.getrandbits(62)
        move = choose(table.game.id, BRAINS.get(table.game.id, "normal"), seed, view, seat, legal)
        presenter = presenter_for(table.game.id)
        names = ChatLayer._names(table)
        path = _path_to(presenter.tree(view, seat, legal, names), move)
        self.moves += 1
        typing_turn = (self.style == "slash" and self.moves % 2 == 0) or (
            self.style == "dm" and self.moves % 3 == 0
        )
        typed = path is None or (panel is None and typing_turn)
        if typed:
            text = presenter.command(move, view, seat, names)
            if self.style == "dm":
                await self.say(where, text)
            else:
                await self.slash(where, "move", text=text)
        else:
            assert path is not None
            if panel is None and self.style == "dm":
                panel = await self.dm_panel(version)
            elif panel is None and self.style == "kept":
                panel = await self.kept_panel(where, version)
            elif panel is None:
                panel = await self.open_panel(where)
            if not await self._navigate(panel, path, table, version):
                # The panel lost its buttons (see `_navigate`): type the move.
                text = presenter.command(move, view, seat, names)
                if self.style == "dm":
                    await self.say(where, text)
                else:
                    await self.slash(where, "move", text=text)
        await eventually(lambda: table.version != version or table.status != Status.PLAYING)

    async def _navigate(self, panel: Message, path: list[str], table: Table, version: int) -> bool:
        """Press along `path` to the move. An update from the table may put
        the panel back at its top menu meanwhile (a person would press again),
        so each press starts from the deepest step the panel shows; a long
        list is paged through. False when the panel shows no buttons at all
        (a refusal of an earlier press can land after the newer menu and
        replace it: answers and updates edit one message in no set order; a
        known gap, docs/discord.md) or is gone (a newer panel replaced it),
        and a person then types the move."""
        for _ in range(30):
            present = labels(panel)
            if not present or panel.id not in self.fake.messages:
                return False  # a new panel replaced this one meanwhile: type the move
            shown = [i for i, label in enumerate(path) if label in present]
            forward = [x for x in present if PAGE_FORWARD.match(x)]
            if not shown and not forward:
                # Left in a submenu of an earlier decision (a late answer to an
                # earlier press): a person goes back up, as here.
                if BACK not in present:
                    raise AssertionError(f"none of {path} in the menu: {present}")
                await self._press_and_wait(panel, BACK)
                continue
            await self._press_and_wait(panel, path[shown[-1]] if shown else forward[0])
            if table.version != version:
                return True
        raise AssertionError(f"could not reach {path} in the menu")

    async def _press_and_wait(self, panel: Message, label: str) -> None:
        """Press, then wait until the panel changed or the move was made."""
        table = self.world.table()
        version, edits = table.version, panel.edits
        await self.press(panel, label)
        await self.fake.until(
            lambda: (
                panel.edits > edits
                or table.version != version
                or panel.id not in self.fake.messages
            )
        )


def tokens(message: Message) -> list[str]:
    """The choice tokens a message carries: button custom ids and select values."""
    out = []
    for item in _components(message):
        if item.get("type") == 2:
            out.append(item["custom_id"])
        out += [o["value"] for o in item.get("options", [])]
    return out


def showing(message: Message, version: int) -> bool:
    """Whether a panel's menu is for the table at `version`."""
    found = tokens(message)
    return bool(found) and all(TokenCodec.read(t).version == version for t in found)


def labels(message: Message) -> list[str]:
    out = []
    for item in _components(message):
        if item.get("type") == 2:
            out.append(item.get("label", ""))
        out += [o.get("label", "") for o in item.get("options", [])]
    return out


def _path_to(root: Node, move: Any) -> list[str] | None:
    """The labels to press from the root menu to `move`; None when only the
    composer reaches it."""
    for child in root.children:
        if isinstance(child, Leaf) and child.move == move:
            return [child.label]
        if isinstance(child, Node):
            below = _path_to(child, move)
            if below is not None:
                return [child.label, *below]
    return None


def _settled(fake: FakeDiscord, done: Interaction) -> bool:
    """The bot has answered a slash command: its deferred reply was filled,
    or deleted because the answer went elsewhere."""
    if done.response is None:
        return False
    original = done.original
    return original is None or not original.loading or original.id not in fake.messages


async def open_and_start(here: World, game: str, **options: Any) -> tuple[list[Person], Channel]:
    """Ana opens a table with `/plgames new`, Bo and Cy press Join, Ana presses Start."""
    fake = here.fake
    people = [
        Person(here, fake.add_user("ana", dms_open=False), "board"),
        Person(here, fake.add_user("bo", dms_open=False), "slash"),
        Person(here, fake.add_user("cy"), "dm"),
    ]
    return people, await seat_and_start(here, people, game, **options)


async def seat_and_start(here: World, people: list[Person], game: str, **options: Any) -> Channel:
    """The first person opens a table with `/plgames new` (the bot makes it a
    thread), the others press Join, the first presses Start; the thread."""
    fake = here.fake
    opener = people[0]
    await opener.slash(here.channel, "new", game=game, **options)
    thread = await eventually(lambda: next((c for c in fake.channels.values() if c.type == 11), 0))
    lobby = await eventually(lambda: fake.public_messages(thread))
    for person in people[1:]:
        await person.press(lobby[0], "Join")
    table = here.table()
    await eventually(lambda: sum(s.identity is not None for s in table.meta.seats) == len(people))
    await opener.press(lobby[0], "Start")
    await eventually(lambda: table.status == Status.PLAYING)
    return thread


async def play(
    here: World,
    people: list[Person],
    thread: Channel,
    stop: Callable[[int], bool] = lambda seat: False,
) -> int | None:
    """Let each person play their turns until the game ends (None) or a person's
    seat is waiting and `stop(seat)` says to hand back (that seat)."""
    table = here.table()
    by_seat = {table.seat_of(Identity(frontend="discord", user=p.user.id)): p for p in people}

    def waiting() -> int | None:
        """The person's seat the table waits on; None at the end; -1 meanwhile."""
        if table.status != Status.PLAYING:
            return None
        seat = table.to_move()
        return seat if seat is not None and table.meta.seats[seat].human else -1

    for _ in range(5000):
        await eventually(lambda: waiting() != -1)
        seat = waiting()
        if seat is None:
            return None
        if seat == -1:  # an AI move slipped in between
            continue
        if stop(seat):
            return seat
        await by_seat[seat].play_turn(thread, seat)
    raise AssertionError("the game did not end in 5000 turns")


async def play_to_the_end(here: World, people: list[Person], thread: Channel) -> None:
    await play(here, people, thread)
    assert here.table().status == Status.FINISHED


async def quiet(here: World, still: float = 1.5) -> None:
    """Wait (bounded) until the bot has made no request for `still` seconds."""
    async with asyncio.timeout(30):
        while True:
            before = len(here.fake.requests)
            await asyncio.sleep(still)
            if len(here.fake.requests) == before:
                return


def turns(count: int) -> Callable[[int], bool]:
    """A `play` stop: hand back after `count` people's turns."""
    played = [0]

    def stop(seat: int) -> bool:
        played[0] += 1
        return played[0] > count

    return stop
