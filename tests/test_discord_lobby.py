"""Lobbies and less noise on Discord, with the real discord.py client against
the fake: settings by buttons (the opener's alone), invitations by
`/plgames invite user:` and by a typed mention (a DM with a Join button that
seats the invited person), a spectator who gets the board and never a hand,
one board per channel (the old one deleted, unless the table keeps its
history), `mute` / `unmute`, and the reminder before the turn timer runs out
(on the daemon's fake clock, audible even when muted)."""

from collections.abc import Callable
from pathlib import Path

import pytest
from discord_fake import SUPPRESS_NOTIFICATIONS, Channel, Message, Request
from discord_world import (
    POLICY,
    Person,
    World,
    eventually,
    labels,
    play,
    quiet,
    tokens,
    turns,
    world,
)

from daemon.clock import FakeClock
from daemon.model import Identity, Status, TimerPolicy
from daemon.table import Table
from frontends.chat.tokens import TokenCodec

pytestmark = pytest.mark.timeout(180)

BOARD = "My hand and moves"


def seated(table: Table, person: Person) -> int | None:
    return table.seat_of(Identity(frontend="discord", user=person.user.id))


def dm_requests(here: World, person: Person, since: int = 0) -> list[Request]:
    """What the bot sent or edited in `person`'s DM."""
    dms = {c.id for c in here.fake.channels.values() if c.recipient == person.user.id}
    return [
        r
        for r in here.fake.requests[since:]
        if r.message is not None and r.status < 300 and r.message.channel_id in dms
    ]


def board_posts(here: World, thread: Channel, since: int = 0) -> list[Request]:
    """Boards posted in `thread` (new messages carrying the My hand button), as sent."""
    return [
        r
        for r in here.fake.requests[since:]
        if r.method == "POST"
        and r.status < 300
        and r.message is not None
        and r.message.channel_id == thread.id
        and BOARD in str(r.body)
    ]


def loud(request: Request) -> bool:
    return not int((request.body or {}).get("flags") or 0) & SUPPRESS_NOTIFICATIONS


async def open_table(here: World, opener: Person, **options: object) -> tuple[Table, Channel]:
    """`/plgames new` in the channel: the table, and the thread it lives in."""
    await opener.slash(here.channel, "new", game="euchre", **options)
    thread = await eventually(
        lambda: next((c for c in here.fake.channels.values() if c.type == 11), None)
    )
    await eventually(lambda: here.fake.public_messages(thread))
    return here.table(), thread


async def settings_menu(person: Person, thread: Channel) -> Message:
    asked = await person.slash(thread, "settings")
    menu: Message = await eventually(lambda: asked.replies and asked.replies[-1])
    assert menu.audience == person.user.id, "the settings are the opener's, ephemeral"
    return menu


async def change(person: Person, menu: Message, label: str, done: Callable[[], bool]) -> None:
    await person.press(menu, next(x for x in labels(menu) if x.startswith(label)))
    await eventually(done)


async def cycle(person: Person, menu: Message, label: str, done: Callable[[], bool]) -> None:
    """Press a setting's button until `done`, each press on the menu its last
    press left (a press on an earlier menu is refused as stale)."""
    for _ in range(8):
        if done():
            return
        shown = next(x for x in labels(menu) if x.startswith(label))
        await person.press(menu, shown)
        await eventually(lambda pressed=shown: pressed not in labels(menu))
    raise AssertionError(f"{label} never reached the wanted value")


async def test_settings_by_buttons_and_a_kept_board_history(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        fake = here.fake
        ana = Person(here, fake.add_user("ana"))
        bo = Person(here, fake.add_user("bo"), "slash")
        table, thread = await open_table(here, ana)
        lobby = fake.public_messages(thread)[0]
        await bo.press(lobby, "Join")
        menu = await settings_menu(ana, thread)
        await change(ana, menu, "Points to win −1", lambda: table.options.points_to_win == 9)
        await change(ana, menu, "Stick the dealer", lambda: not table.options.stick_the_dealer)
        await change(ana, menu, "Turn timer", lambda: table.meta.policy.timer.turn_seconds == 60)
        await change(ana, menu, "AI pace", lambda: table.meta.policy.pacing.think_seconds == 1)
        await change(ana, menu, "AI 3 level", lambda: table.meta.seats[2].level is not None)
        await change(ana, menu, "Board history", lambda: "Board history: kept" in menu.content)
        assert "Points to win: 9" in menu.content and "Turn timer: 1 min" in menu.content
        # Anyone else's press is refused privately and changes nothing.
        before = dict(table.meta.options)
        refused = await bo.press(menu, "Points to win +1", forged=True)
        answer = await eventually(lambda: refused.replies and refused.replies[-1])
        assert "Only the person who opened" in answer.content
        assert answer.audience == bo.user.id
        assert table.meta.options == before
        await eventually(lambda: "Turn timer 1 min" in lobby.content)
        # Back to no timer and no pace, so the game runs at the machine's speed.
        await cycle(ana, menu, "Turn timer", lambda: table.meta.policy.timer.turn_seconds is None)
        await cycle(ana, menu, "AI pace", lambda: table.meta.policy.pacing.think_seconds == 0)
        await ana.press(lobby, "Start")
        await eventually(lambda: table.status == Status.PLAYING)
        await play(here, [ana, bo], thread, turns(12))
        await quiet(here)
        posted = board_posts(here, thread)
        assert len(posted) > 3, "a board was posted for each person's turn"
        assert len(here.boards(thread)) == len(posted), "with history kept, none is deleted"
        assert fake.violations == []


async def test_invitations_spectating_one_board_and_mute(tmp_path: Path) -> None:
    async with world(tmp_path, policy=POLICY) as here:
        fake = here.fake
        ana = Person(here, fake.add_user("ana"))
        bo = Person(here, fake.add_user("bo"), "slash")
        cy = Person(here, fake.add_user("cy"), "dm")
        dee = Person(here, fake.add_user("dee"))
        table, thread = await open_table(here, ana)

        # /plgames invite user: Bo gets the table by DM, with a Join button that seats him.
        await ana.slash(thread, "invite", user=bo.user.id)
        invited = await eventually(
            lambda: [r.message for r in dm_requests(here, bo) if "invites you to" in str(r.body)]
        )
        assert table.code in invited[0].content
        shown = await eventually(
            lambda: [m for m in fake.public_messages(thread) if "invited bo" in m.content]
        )
        assert f"<@{bo.user.id}>" in shown[0].content, "and a mention in the channel"
        await bo.press(invited[0], "Join")
        await eventually(lambda: seated(table, bo) is not None)
        # A message that mentions the bot and a person invites that person too.
        await ana.say(thread, f"invite <@{cy.user.id}>")
        by_mention = await eventually(
            lambda: [r.message for r in dm_requests(here, cy) if "invites you to" in str(r.body)]
        )
        await cy.press(by_mention[0], "Join")
        await eventually(lambda: seated(table, cy) is not None)

        # Dee watches; Bo mutes his turns.
        await dee.slash(here.channel, "spectate", code=table.code)
        muted = await bo.slash(thread, "mute")
        assert any("Muted" in m.content for m in muted.replies)
        lobby = fake.public_messages(thread)[0]
        mark = len(fake.requests)
        await ana.press(lobby, "Start")
        await eventually(lambda: table.status == Status.PLAYING)
        people = [ana, bo, cy]
        await play(here, people, thread, turns(15))
        await quiet(here)

        posted = board_posts(here, thread, mark)
        assert len(posted) > 3, "a board was posted for each person's turn"
        assert len(here.boards(thread)) == 1, "one board: each new one deleted the old"
        deleted = [r for r in fake.requests[mark:] if r.method == "DELETE" and r.status < 300]
        assert len(deleted) >= len(posted) - 1
        for request in posted:
            content = str((request.body or {}).get("content"))
            assert f"<@{bo.user.id}>" not in content, "muted Bo is never mentioned"
            called = [p for p in people if f"<@{p.user.id}>" in content]
            assert loud(request) == bool(called), content
        bo_seat = seated(table, bo)
        assert any(table.meta.seats[s].human for s in range(4) if s != bo_seat)

        # Dee: one board in her DM, edited as the game goes, never a hand or a seat's menu.
        to_dee = dm_requests(here, dee, mark)
        assert to_dee, "the spectator sees the game"
        assert len({r.message.id for r in to_dee if r.message is not None}) == 1
        for request in to_dee:
            assert "Your hand" not in str(request.body)
            assert request.message is not None
            assert all(TokenCodec.read(t).seat is None for t in tokens(request.message))

        # Unmuted, Bo is called by name again when his turn comes.
        await bo.slash(thread, "unmute")
        again = len(fake.requests)

        def calls() -> list[Request]:
            posted = board_posts(here, thread, again)
            return [r for r in posted if f"<@{bo.user.id}>" in str(r.body)]

        # Until his next turn (a partner going alone may sit him out a whole hand).
        played = turns(40)
        await play(here, people, thread, lambda seat: bool(calls()) or played(seat))
        await quiet(here)
        assert calls() and all(loud(r) for r in calls())
        assert fake.violations == []


async def test_the_reminder_rings_once_before_time_runs_out_even_when_muted(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    policy = POLICY.model_copy(
        update={"timer": TimerPolicy(turn_seconds=60, warn_seconds=20, max_misses=5)}
    )
    async with world(tmp_path, policy=policy, clock=clock) as here:
        fake = here.fake
        ana = Person(here, fake.add_user("ana"))
        table, thread = await open_table(here, ana)
        await ana.slash(thread, "mute")
        await ana.press(fake.public_messages(thread)[0], "Start")
        await eventually(lambda: table.status == Status.PLAYING)
        seat = seated(table, ana)

        def her_clock() -> bool:
            held = table.meta.turn_clock
            return (
                table.to_move() == seat
                and held is not None
                and (held.seat, held.version) == (seat, table.version)
            )

        for _ in range(200):  # the AI seats move on the fake clock's pace
            if her_clock():
                break
            await clock.advance(1)
            await quiet(here, 0.05)
        assert her_clock(), "her turn came"
        # Her ephemeral panel is open: updates edit it quietly, but the reminder must ring.
        await ana.open_panel(thread)
        version, mark = table.version, len(fake.requests)

        def reminders() -> list[Request]:
            return [r for r in dm_requests(here, ana, mark) if "left to move" in str(r.body)]

        held = table.meta.turn_clock
        assert held is not None
        left = held.deadline - clock.time()
        await clock.advance(left - 21)
        await quiet(here, 0.3)
        assert not reminders(), "not before the warning point"
        await clock.advance(2)
        (reminder,) = await eventually(reminders)
        assert f"{table.code}: 20 seconds left to move" in str(reminder.body)
        assert reminder.method == "POST" and loud(reminder), "a new message, with a sound"
        assert reminder.message is not None and tokens(reminder.message), "her menu with it"
        await clock.advance(10)
        await quiet(here, 0.3)
        assert len(reminders()) == 1, "once per turn"
        assert table.version == version, "a reminder is not a move"
        assert fake.violations == []
