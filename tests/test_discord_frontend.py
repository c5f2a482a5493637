"""The Discord frontend's own duties, beyond playing a game to the end.

A stranger is refused privately, whatever they press; buttons posted before
a restart work after it, and the board is edited in place across it; a
turn timer warns a silent person and the AI moves for them; ephemeral
panels are not edited once Discord has retired their interaction's token;
a refused table leaves no thread behind; commands sync per guild or
globally; the configuration reads the daemon's `[discord]` section.
"""

from pathlib import Path

import pytest
from discord_fake import EPHEMERAL, FakeDiscord
from discord_leaks import assert_no_leaks
from discord_world import (
    Person,
    World,
    eventually,
    labels,
    open_and_start,
    play,
    play_to_the_end,
    quiet,
    showing,
    world,
)

from daemon.clock import FakeClock
from daemon.config import load_settings
from daemon.model import (
    Actor,
    Identity,
    PacingPolicy,
    StartPolicy,
    Status,
    TablePolicy,
    TimerPolicy,
)
from frontends.discord import DiscordFrontend, DiscordOptions, build
from frontends.discord.commands import new_line

pytestmark = pytest.mark.timeout(120)


def seat_of(here: World, person: Person) -> int | None:
    return here.table().seat_of(Identity(frontend="discord", user=person.user.id))


async def test_a_stranger_is_refused_privately(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        people, thread = await open_and_start(here, "euchre", points=3)
        ana = people[0]
        dan = Person(here, here.fake.add_user("dan"))
        table = here.table()
        await play(here, people, thread, stop=lambda seat: seat == seat_of(here, ana))
        panel = await ana.open_panel(thread)
        await quiet(here, 0.5)  # the panel may still be filled in after it opens
        version, edits = table.version, panel.edits

        board = here.boards(thread)[-1]
        asked = await dan.press(board, "My hand and moves")
        (answer,) = await here.fake.until(lambda: asked.replies)
        assert answer.audience == dan.user.id and answer.flags & EPHEMERAL
        assert "You do not sit at" in answer.content

        # A press on Ana's own menu, as a modified client could send it.
        forged = await dan.press(panel, labels(panel)[0], forged=True)
        (refusal,) = await here.fake.until(lambda: forged.replies)
        assert refusal.audience == dan.user.id and "belongs to ana" in refusal.content
        assert table.version == version and panel.edits == edits

        lobby = here.fake.public_messages(thread)[0]
        started = await dan.press(lobby, "Start")
        (late,) = await here.fake.until(lambda: started.replies)
        assert late.audience == dan.user.id
        public = [r.message for r in here.fake.sent() if r.audience is None and r.message]
        assert not any("dan" in m.content for m in public)

        await play_to_the_end(here, people, thread)
        assert here.fake.violations == []


async def test_buttons_from_before_a_restart_still_work(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        people, thread = await open_and_start(here, "euchre", points=3)
        ana, bo = people[0], people[1]
        await play(here, people, thread, stop=lambda seat: seat == seat_of(here, ana))
        panel = await ana.open_panel(thread)
        board = here.boards(thread)[-1]
        version = here.table().version

        await here.halt()
        await here.boot()
        table = here.table()
        assert table.status == Status.PLAYING and table.version == version
        assert showing(panel, version), "the panel from before the restart is current"
        seat = seat_of(here, ana)
        assert seat is not None
        await ana.play_turn(thread, seat, panel)
        assert table.version > version

        # The board posted before the restart still opens a person's panel.
        asked = await bo.press(board, "My hand and moves")
        (mine,) = await here.fake.until(lambda: asked.replies)
        assert mine.audience == bo.user.id and mine.attachments, "bo's panel, with his picture"

        await play_to_the_end(here, people, thread)
        assert here.daemon is not None
        steps = await here.daemon.store.steps(table.id)
        assert_no_leaks(here.fake, table, steps)
        assert here.fake.violations == []


async def test_after_a_restart_the_board_is_edited_in_place(tmp_path: Path) -> None:
    """The board that called a person is edited, not posted again, by the
    restarted daemon when that person is still on turn: the chat layer kept
    whose turn it showed, and the adapter edits the remembered message id."""
    async with world(tmp_path) as here:
        people, thread = await open_and_start(here, "katan", points=3)
        ana = people[0]
        await play(here, people, thread, stop=lambda seat: seat == seat_of(here, ana))
        mention = f"<@{ana.user.id}>"
        board = await eventually(
            lambda: (b := here.boards(thread)) and mention in b[-1].content and b[-1]
        )

        await here.halt()
        await here.boot()
        before = len(here.fake.requests)
        table = here.table()
        seat = seat_of(here, ana)
        assert seat is not None
        # Katan's setup: Ana places a settlement and is still on turn for its road.
        await ana.play_turn(thread, seat)
        assert table.to_move() == seat

        on_board = f"/channels/{thread.id}/messages/{board.id}"
        edits = await eventually(
            lambda: [
                r
                for r in here.fake.requests[before:]
                if r.method == "PATCH" and r.path.split("?")[0].endswith(on_board)
            ]
        )
        assert all(r.status < 300 for r in edits)
        posted = [
            r
            for r in here.fake.requests[before:]
            if r.method == "POST" and r.audience is None and f"/channels/{thread.id}/" in r.path
        ]
        assert posted == [], "nothing new in the table's thread"
        assert here.boards(thread)[-1].id == board.id
        assert here.fake.violations == []


async def test_the_turn_timer_warns_then_the_ai_moves(tmp_path: Path) -> None:
    """A person who does not move is mentioned on the board, warned by DM,
    and the AI moves for them when the table's turn timer runs out."""
    clock = FakeClock()
    policy = TablePolicy(
        start=StartPolicy(mode="manual"),
        timer=TimerPolicy(turn_seconds=60, warn_seconds=30),
        pacing=PacingPolicy(think_seconds=0, hold_seconds=0),
        ai_level="random",
    )
    async with world(tmp_path, policy=policy, clock=clock) as here:
        people, thread = await open_and_start(here, "euchre", points=3)
        for person in people:
            person.user.dms_open = True
        table = here.table()

        def on_clock() -> int | None:
            seat = table.to_move()
            held = table.meta.turn_clock
            if seat is None or not table.meta.seats[seat].human or held is None:
                return None
            return seat if (held.seat, held.version) == (seat, table.version) else None

        seat = await eventually(on_clock)
        (slow,) = [p for p in people if seat_of(here, p) == seat]
        mention = f"<@{slow.user.id}>"
        await eventually(lambda: (b := here.boards(thread)) and mention in b[-1].content)
        version, before = table.version, len(here.fake.requests)
        asked = len(here.fake.interactions)

        def dm_to(text: str) -> list[str]:
            dms = [c.id for c in here.fake.channels.values() if c.recipient == slow.user.id]
            return [
                r.message.content
                for r in here.fake.requests[before:]
                if r.message is not None
                and r.status < 300
                and r.message.channel_id in dms
                and text in r.message.content
            ]

        await clock.advance(31)
        await eventually(lambda: dm_to("left to move"))
        assert table.version == version, "a warning is not a move"
        warned = len(here.fake.requests)

        await clock.advance(30)
        await eventually(lambda: table.version != version)
        await eventually(lambda: dm_to("Time is up; a move was made for you."))
        assert here.daemon is not None
        steps = await here.daemon.store.steps(table.id)
        timed = [s for s in steps if s.actor == Actor.TIMER]
        assert [s.seat for s in timed] == [seat], "the AI moved for them, once"
        since = list(here.fake.interactions.values())[asked:]
        assert not [i for i in since if i.user == slow.user], "they pressed nothing"
        # The board moved on without them: edited or posted after the time-out.
        await eventually(
            lambda: [
                r
                for r in here.fake.requests[warned:]
                if r.audience is None and r.status < 300 and f"/channels/{thread.id}/" in r.path
            ]
        )
        assert_no_leaks(here.fake, table, steps)
        assert here.fake.violations == []


async def test_an_expired_interaction_is_not_used(tmp_path: Path) -> None:
    """A panel whose interaction is older than 15 minutes is left alone: the
    next update for its owner is not sent through the dead token."""
    async with world(tmp_path) as here:
        people, thread = await open_and_start(here, "euchre", points=3)
        ana = people[0]
        await play(here, people, thread, stop=lambda seat: seat == seat_of(here, ana))
        # The board that calls Ana comes after every update of the move before
        # it, so the bot is idle when the clock jumps.
        mention = f"<@{ana.user.id}>"
        await eventually(lambda: mention in here.boards(thread)[-1].content)
        panel = await ana.open_panel(thread)
        here.later(15 * 60 + 1)
        edits, before = panel.edits, len(here.fake.requests)
        await play_to_the_end(here, people, thread)
        assert panel.edits == edits
        assert here.fake.violations == []
        # Updates for panels made before the jump were tried by DM instead,
        # which Ana and Bo do not accept.
        closed = {p.user.id for p in people if not p.user.dms_open}
        dms = [c.id for c in here.fake.channels.values() if c.recipient in closed]
        tried = [r for r in here.fake.requests[before:] if any(dm in r.path for dm in dms)]
        assert tried and all(r.status >= 400 for r in tried)


async def test_a_refused_table_leaves_no_thread(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        here.guild.bot_permissions.manage_threads = True
        ana = Person(here, here.fake.add_user("ana"))
        asked = await ana.slash(here.channel, "new", game="katan", points=99)
        (answer,) = asked.replies
        assert answer.audience == ana.user.id and "No table opened" in answer.content
        assert not [c for c in here.fake.channels.values() if c.type == 11]
        assert here.fake.public_messages() == []
        assert here.fake.violations == []


async def test_without_thread_permission_the_table_stays_in_the_channel(
    tmp_path: Path,
) -> None:
    async with world(tmp_path) as here:
        here.guild.bot_permissions.create_public_threads = False
        ana = Person(here, here.fake.add_user("ana"))
        await ana.slash(here.channel, "new", game="sequence")
        (lobby,) = await eventually(lambda: here.fake.public_messages(here.channel))
        assert "join code" in lobby.content
        assert here.table().meta.origin.place == here.channel.id


async def test_commands_sync_globally_without_development_guilds(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    fake.add_guild("Friends")
    frontend = DiscordFrontend(
        DiscordOptions(token=fake.token),
        secret=b"s" * 32,
        client_options={"guild_ready_timeout": 0.1},
    )
    try:
        with fake.patched():
            await frontend.connect()
            await eventually(lambda: frontend.ready)
            (command,) = fake.commands[None]
            subcommands = {o["name"] for o in command["options"]}
            assert {"new", "join", "start", "leave", "status", "hand", "help"} <= subcommands
            assert {"rules", "end", "options", "spectate", "move"} <= subcommands
            await frontend.disconnect()
    finally:
        await fake.close()


def test_options_read_the_daemon_section() -> None:
    options = DiscordOptions.from_section({"token": "sekrit", "guilds": "1, 2", "threads": False})
    assert options.guilds == (1, 2) and not options.threads and options.dms
    assert options.token.get_secret_value() == "sekrit"
    assert "sekrit" not in repr(options)


def test_new_spells_the_options_as_the_layer_reads_them() -> None:
    line = new_line("euchre", {"points_to_win": 5, "stick_the_dealer": False, "deck_size": None})
    assert line == "new euchre points_to_win=5 stick_the_dealer=off"


async def test_a_bad_token_switches_discord_off_but_not_the_daemon(
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake = FakeDiscord()
    await fake.start()
    frontend = DiscordFrontend(DiscordOptions(token="not-the-token"), secret=b"s" * 32)
    try:
        with fake.patched():
            await frontend.connect()
            await eventually(lambda: "refused the bot token" in caplog.text)
            assert not frontend.ready
    finally:
        await frontend.disconnect()
        await fake.close()


def test_the_daemon_builds_it_from_its_settings(tmp_path: Path) -> None:
    settings = load_settings(None, state_dir=tmp_path, discord={"token": "sekrit"})
    frontend = build(settings, None)
    assert frontend.name == "discord"
    assert frontend.options.token.get_secret_value() == "sekrit"
    assert (tmp_path / "chat-secret").exists()
