"""The fake Discord itself: the real discord.py client logs in, syncs, answers.

The adapter's end-to-end tests are only as good as this fake, so these tests
drive it with a small bot of their own and check both halves: what
discord.py accepts from it (login, READY, GUILD_CREATE, interactions) and
what it refuses the way Discord would (a late acknowledgement, an expired
token, too many components, an ephemeral button pressed by someone else).
"""

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord_fake import EPHEMERAL, FakeDiscord

pytestmark = pytest.mark.timeout(60)


class Pinger(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Ping", custom_id="test:ping")
    async def ping(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        assert isinstance(interaction.client, Bot)
        interaction.client.last_ping = interaction
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("pong, just for you", ephemeral=True)
        await interaction.followup.send("and a second line", ephemeral=True)


class Bot(discord.Client):
    """A throwaway bot: `/probe hello`, `/probe board` and a persistent Ping button."""

    def __init__(self, guild_id: int) -> None:
        # A short wait for GUILD_CREATEs: the fake sends them all straight after READY.
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.1)
        self.tree = app_commands.CommandTree(self)
        self.guild = discord.Object(guild_id)
        self.ready_seen = asyncio.Event()
        self.board: discord.Message | None = None
        self.last_ping: discord.Interaction | None = None
        self.gate = asyncio.Event()
        """Holds `/probe slow` until the test has moved the fake's clock on."""
        group = app_commands.Group(name="probe", description="Probe the fake")

        @group.command(name="hello", description="Say hello")
        @app_commands.describe(who="Whom to greet")
        async def hello(interaction: discord.Interaction, who: str) -> None:
            await interaction.response.send_message(f"hello {who}", view=Pinger())

        @group.command(name="board", description="Post a board and edit it")
        async def board(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            first = discord.File(io.BytesIO(b"\x89PNG first"), filename="board.png")
            self.board = await channel.send("board v1", file=first)
            second = discord.File(io.BytesIO(b"\x89PNG second"), filename="board.png")
            self.board = await self.board.edit(content="board v2", attachments=[second])
            await interaction.followup.send("posted", ephemeral=True)

        @group.command(name="slow", description="Answer too late")
        async def slow(interaction: discord.Interaction) -> None:
            await self.gate.wait()
            with contextlib.suppress(discord.NotFound):
                await interaction.response.send_message("late")

        self.tree.add_command(group, guild=self.guild)

    async def setup_hook(self) -> None:
        self.add_view(Pinger())
        await self.tree.sync(guild=self.guild)

    async def on_ready(self) -> None:
        self.ready_seen.set()


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord, guild_id: int) -> AsyncIterator[Bot]:
    with fake.patched():
        bot = Bot(guild_id)
        task = asyncio.create_task(bot.start(fake.token))
        try:
            async with asyncio.timeout(20):
                await bot.ready_seen.wait()
            yield bot
        finally:
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError):
                await task


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.close()


async def test_login_ready_sync_and_a_slash_command(fake: FakeDiscord) -> None:
    guild = fake.add_guild("Test")
    channel = fake.add_channel(guild, "games")
    ana = fake.add_user("ana")
    async with running(fake, int(guild.id)) as bot:
        assert bot.user is not None and str(bot.user.id) == fake.bot.id
        assert bot.get_guild(int(guild.id)) is not None
        assert bot.get_channel(int(channel.id)) is not None
        assert [c["name"] for c in fake.commands[guild.id]] == ["probe"]
        paths = [r.path for r in fake.requests]
        assert "/api/v10/users/@me" in paths
        assert "/api/v10/oauth2/applications/@me" in paths

        hello = await fake.slash(ana, channel, "probe", "hello", who="bo")
        await fake.until(lambda: hello.answered.is_set())
        (reply,) = hello.replies
        assert reply.content == "hello bo" and reply.audience is None
        assert reply.custom_ids() == ["test:ping"]

        ping = await fake.click(ana, reply, "test:ping")
        await fake.until(lambda: len(ping.replies) == 2)
        assert [m.content for m in ping.replies] == ["pong, just for you", "and a second line"]
        assert all(m.audience == ana.id and m.flags & EPHEMERAL for m in ping.replies)
    assert fake.violations == []


async def test_message_edited_with_an_attachment(fake: FakeDiscord) -> None:
    guild = fake.add_guild("Test")
    channel = fake.add_channel(guild, "games")
    ana = fake.add_user("ana")
    async with running(fake, int(guild.id)) as bot:
        posted = await fake.slash(ana, channel, "probe", "board")
        await fake.until(lambda: posted.replies and posted.replies[0].content == "posted")
        assert bot.board is not None
        message = fake.messages[str(bot.board.id)]
        assert message.content == "board v2" and message.edits == 1
        assert [(a.filename, a.data) for a in message.attachments] == [
            ("board.png", b"\x89PNG second")
        ]
        edit = next(r for r in fake.requests if r.method == "PATCH" and r.message is message)
        assert edit.files == [("board.png", b"\x89PNG second")]
    assert fake.violations == []


async def test_the_fake_refuses_what_discord_refuses(fake: FakeDiscord) -> None:
    guild = fake.add_guild("Test")
    channel = fake.add_channel(guild, "games")
    ana, bo = fake.add_user("ana"), fake.add_user("bo")
    async with running(fake, int(guild.id)) as bot:
        # A reply after three seconds: Discord has forgotten the interaction.
        slow = await fake.slash(ana, channel, "probe", "slow")
        fake.skew = 3.5
        bot.gate.set()
        await fake.until(lambda: fake.violations)
        assert fake.violations == [f"interaction {slow.id} acknowledged after 3.5s"]
        assert slow.response is None
        fake.violations.clear()
        fake.skew = 0.0

        hello = await fake.slash(ana, channel, "probe", "hello", who="bo")
        await fake.until(lambda: hello.answered.is_set())
        ping = await fake.click(ana, hello.replies[0], "test:ping")
        await fake.until(lambda: len(ping.replies) == 2)
        # Bo cannot press a button on Ana's ephemeral reply.
        with pytest.raises(AssertionError, match="ephemeral"):
            await fake.click(bo, ping.replies[0], "test:ping")
        # After fifteen minutes the interaction's token no longer works.
        fake.skew = 15 * 60 + 1
        assert bot.last_ping is not None
        with pytest.raises(discord.HTTPException) as expired:
            await bot.last_ping.followup.send("too late", ephemeral=True)
        assert expired.value.code == 50027
        assert fake.violations == [f"interaction {ping.id}: token used after 15 minutes"]
        fake.violations.clear()
        fake.skew = 0.0

        # Six rows of buttons, or a 101-character custom id, are refused.
        text_channel = bot.get_channel(int(channel.id))
        assert isinstance(text_channel, discord.TextChannel)
        rows = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x",
                 "custom_id": f"r{i}"}]} for i in range(6)]  # fmt: skip
        with pytest.raises(discord.HTTPException) as invalid:
            await bot.http.send_message(
                text_channel.id, params=discord.http.MultipartParameters(
                    payload={"content": "x", "components": rows}, multipart=None, files=None
                )
            )  # fmt: skip
        assert invalid.value.code == 50035
        long_id = discord.ui.View()
        long_id.add_item(discord.ui.Button(label="x", custom_id="x" * 100))
        await text_channel.send("fits", view=long_id)
        assert len(fake.violations) == 1 and "6 action rows" in fake.violations[0]


async def test_privileged_intents_are_refused_unless_granted(fake: FakeDiscord) -> None:
    fake.add_guild("Test")
    intents = discord.Intents.default()
    intents.message_content = True
    with fake.patched():
        client = discord.Client(intents=intents)
        with pytest.raises(discord.PrivilegedIntentsRequired):
            async with asyncio.timeout(20):
                await client.start(fake.token)
        await client.close()
