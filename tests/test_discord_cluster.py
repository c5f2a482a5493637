"""One Discord application split across two daemons by its gateway shards (issue 19).

Discord sends a guild's events only to the shard that owns it (`(guild_id >>
22) % shard_count`) and DMs only to shard 0, while its REST API takes any
call from any connection with the bot's token. So with `[discord] shard_ids`
split between daemons, what crosses daemons is the intent: a press or a
typed line reaches the daemon holding the shard, which forwards it to the
table's lease holder (`frontends/chat/routed.py`) and answers the
interaction itself with what the holder sent back; the holder's deliveries
(the board, the next turn) go out through its own REST client, whatever
shard their guild is on.

The first test checks the fake's sharded gateway against discord.py's own
`AutoShardedClient`. The second runs two daemons on one PostgreSQL database,
daemon a on shards 0 and 2 (guilds Alpha and Gamma, and every DM) and daemon
b on shard 1 (guild Beta): a table opened in Beta is served by b while Cy's
presses on her DM panel reach a and are forwarded to b; then b is
restarted, a takes the table over and edits the board b posted (its id
stored in the database), and Ana, who refuses DMs, plays from an ephemeral
panel b posted for her forwarded press, which a edits with the interaction
token b handed over; a's boards go on being posted in Beta's thread.
"""

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord_fake import FakeDiscord
from discord_world import Person, cluster, eventually, play
from test_chat_routing import human_steps

from daemon.model import Identity, Status

pytestmark = pytest.mark.timeout(180)


class Listener(discord.AutoShardedClient):
    """A bare sharded bot that keeps the text of every message it is sent."""

    def __init__(self, **options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = intents.guild_messages = intents.dm_messages = True
        super().__init__(intents=intents, guild_ready_timeout=0.1, **options)
        self.heard: list[str] = []
        self.up = asyncio.Event()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No wait between shards: the fake does not limit IDENTIFY."""

    async def on_ready(self) -> None:
        self.up.set()

    async def on_message(self, message: discord.Message) -> None:
        self.heard.append(message.content)


@contextlib.asynccontextmanager
async def connected(fake: FakeDiscord, **options: Any) -> AsyncIterator[Listener]:
    bot = Listener(**options)
    task = asyncio.create_task(bot.start(fake.token))
    try:
        async with asyncio.timeout(20):
            await bot.up.wait()
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def test_each_shard_gets_its_guilds_and_their_events() -> None:
    fake = FakeDiscord(shards=2)
    await fake.start()
    alpha, beta = fake.add_guild("Alpha", shard=0), fake.add_guild("Beta", shard=1)
    here, there = fake.add_channel(alpha, "games"), fake.add_channel(beta, "games")
    ana = fake.add_user("ana")
    mention = f"<@{fake.bot.id}>"
    try:
        with fake.patched():
            async with (
                connected(fake, shard_ids=[0], shard_count=2) as zero,
                connected(fake, shard_ids=[1], shard_count=2) as one,
            ):
                assert [g.id for g in zero.guilds] == [int(alpha.id)]
                assert [g.id for g in one.guilds] == [int(beta.id)]
                await fake.say(ana, here, f"{mention} in Alpha")
                await fake.say(ana, there, f"{mention} in Beta")
                await fake.say(ana, await fake.dm_channel(ana), "a DM")
                await eventually(lambda: len(zero.heard) == 2 and len(one.heard) == 1)
                assert zero.heard == [f"{mention} in Alpha", "a DM"]
                assert one.heard == [f"{mention} in Beta"]
            assert not any(r.path.endswith("/gateway/bot") for r in fake.requests)

            # Without a shard count, discord.py asks /gateway/bot and runs
            # the shards it recommends, every guild among them.
            async with connected(fake) as every:
                assert (every.shard_count, sorted(every.shards)) == (2, [0, 1])
                assert {g.id for g in every.guilds} == {int(alpha.id), int(beta.id)}
            assert any(r.path.endswith("/gateway/bot") for r in fake.requests)

            # A bot that must shard is refused when it does not, or when it
            # counts its shards differently.
            unsharded = discord.Client(intents=discord.Intents.none())
            miscounted = Listener(shard_ids=[0], shard_count=3)
            for client, code in ((unsharded, 4011), (miscounted, 4010)):
                with pytest.raises(discord.ConnectionClosed) as refused:
                    async with asyncio.timeout(20):
                        await client.start(fake.token)
                assert refused.value.code == code
                await client.close()
    finally:
        await fake.close()


async def test_a_table_is_played_through_both_daemons_shards(tmp_path: Path, pg_url: str) -> None:
    shards = {"a": (0, 2), "b": (1,)}
    async with cluster(tmp_path, pg_url, shards, Alpha=0, Beta=1, Gamma=2) as (here, guilds):
        a, b = here.hosts["a"], here.hosts["b"]
        alpha, beta, gamma = guilds["Alpha"], guilds["Beta"], guilds["Gamma"]
        # (a) each daemon is sent its own shards' guilds and no other
        assert {g.id for g in a.frontend.client.guilds} == {int(alpha.id), int(gamma.id)}
        assert [g.id for g in b.frontend.client.guilds] == [int(beta.id)]

        fake = here.fake
        here.guild, here.channel = beta, beta.channels[0]
        ana = Person(here, fake.add_user("ana", dms_open=False), "board")
        cy = Person(here, fake.add_user("cy"), "dm")
        await ana.slash(here.channel, "new", game="euchre")
        (table,) = await eventually(lambda: list(b.daemon.tables.values()))
        here.code = table.code
        assert not a.daemon.tables  # opened where Beta's interaction arrived
        thread = await eventually(
            lambda: next((c for c in fake.channels.values() if c.type == 11), 0)
        )
        lobby = await eventually(lambda: fake.public_messages(thread))
        await cy.press(lobby[0], "Join")
        await eventually(lambda: sum(s.identity is not None for s in table.meta.seats) == 2)
        await ana.press(lobby[0], "Start")
        await eventually(lambda: table.status == Status.PLAYING)

        # (b) b serves the table; Cy's presses on her DM panel reach a (DMs
        # go to shard 0) and are forwarded to b
        people = [ana, cy]
        await play(here, people, thread, stop=lambda seat: a.forwarded() >= 1)
        assert cy.moves >= 1 and a.forwarded() >= 1
        assert here.holder() is b and not a.daemon.tables

        # b restarts (an upgrade): a takes the table over, and keeps it
        await here.stop("b")
        (board,) = here.boards(thread)  # the last b posted (and stored), as it stopped
        await eventually(lambda: here.holder() is a, here.lease_seconds * 4 / 3 + 10)
        await here.start("b")
        assert here.holder() is a and not b.daemon.tables
        mark = len(fake.requests)
        seat = here.table().seat_of(Identity(frontend="discord", user=cy.user.id))

        # Ana (no DMs) presses My hand and moves once and keeps that panel:
        # her presses in Beta reach b and are forwarded to a, which applies
        # them; b posted the panel through her interaction and handed its
        # token to a, which edits the panel as each of her turns begins.
        # Play on until that happened twice, to Cy's turn.
        ana.style = "kept"
        turn = await play(here, people, thread, stop=lambda at: ana.updated >= 2 and at == seat)
        assert turn == seat and seat is not None
        assert b.forwarded() >= 2
        assert here.holder() is a and not b.daemon.tables
        assert human_steps(pg_url, here.code) == ana.moves + cy.moves  # each applied once
        later = fake.requests[mark:]
        assert [(r.method, r.path, r.status) for r in later if r.status >= 400] == []
        # b answers a press on the panel through its @original; every other
        # edit of her panel is a's, with the token b handed over
        by_a = [r for r in later if r.method == "PATCH" and r.audience == ana.user.id]
        assert len([r for r in by_a if "@original" not in r.path]) >= 2
        # a edited (then replaced) the board b had posted: one board in the thread
        assert any(r.path.endswith(f"/messages/{board.id}") for r in later)
        assert board.id not in fake.messages and len(here.boards(thread)) == 1

        # (c) the holder's deliveries reach Beta's thread through a's own REST
        # client: with b (Beta's shard) stopped, Cy moves in her DMs (shard
        # 0, daemon a) and the next board is posted in Beta's thread
        await here.stop("b")
        mark = len(fake.requests)
        await cy.play_turn(await fake.dm_channel(cy.user), seat)

        def new_boards() -> list[str]:
            boards = {m.id for m in here.boards(thread)}
            later = fake.requests[mark:]
            return [r.message.id for r in later if r.message and r.message.id in boards]

        posted = await eventually(new_boards)
        assert here.boards(thread)[-1].id in posted
        assert human_steps(pg_url, here.code) == ana.moves + cy.moves
        assert fake.violations == []
