"""Less noise in chat, through the Telegram fake: one current board per chat
(or every board, with the table's history setting), a DM table's board
carried by its opener's panel, pings only for one's own turn, `mute`, and
the reminder before the turn timer runs out.

Figures before this (the same games, at the commit before boards.py): a DM
table sent its opener about 2.4 photos per turn of theirs (the board and the
panel, each re-posted) and a group kept every board (15 after 19 turns).
"""

import contextlib
from pathlib import Path

import pytest
from telegram_fake import BOT_USERNAME, Chat, FakeTelegram, Message, Request, User
from telegram_support import QUICK, Driver, Host, grant, hosted, panel
from test_telegram_play import INVITE, open_in_dm, quiet, seat_of, table_of

from daemon.clock import FakeClock
from daemon.model import Status, TimerPolicy
from daemon.table import Table


def photos(fake: FakeTelegram, chat: Chat, since: int = 0) -> int:
    return sum(
        1
        for r in fake.requests[since:]
        if r.ok and r.chat_id == chat.id and r.method == "sendPhoto"
    )


def silent(request: Request) -> bool:
    """Sent without a notification (form fields arrive as text)."""
    return str(request.params.get("disable_notification")).lower() == "true"


def said(fake: FakeTelegram, user: User, words: str) -> bool:
    return any(words in str(m.text) for m in fake.shown(fake.dm(user)))


def boards(fake: FakeTelegram, chat: Chat) -> int:
    """Board messages standing in `chat` (their caption names the join code)."""
    return sum(1 for m in fake.shown(chat) if m.photo is not None and "· code" in str(m.caption))


async def group_table(host: Host, group: Chat, opener: User, joiner: User) -> Table:
    fake = host.fake
    fake.say(opener, f"/new@{BOT_USERNAME} euchre points_to_win=10", group)
    lobby = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if INVITE.search(str(m.text))), None),
        what="the lobby",
    )
    found = INVITE.search(str(lobby.text))
    assert found is not None
    table = table_of(host, found.group(1))
    fake.press(joiner, lobby, "Join")
    await fake.wait_for(
        lambda: sum(s.identity is not None for s in table.meta.seats) == 2, what="both seated"
    )
    return table


async def game_night(host: Host) -> tuple[User, User, Chat, Table]:
    """Ana and Bo, who have both written to the bot, at a Euchre table Ana
    opened in their group."""
    fake = host.fake
    ana, bo = fake.user("Ana"), fake.user("Bo")
    group = fake.group("Game night", ana, bo)
    for user in (ana, bo):
        fake.say(user, "/start")
    return ana, bo, group, await group_table(host, group, ana, bo)


async def settings_of(fake: FakeTelegram, user: User, group: Chat) -> Message:
    """The settings menu `user` asks for in `group`."""
    fake.say(user, f"/settings@{BOT_USERNAME}", group)
    menu: Message = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if "Settings of" in str(m.text)), None),
        what="the settings",
    )
    return menu


async def press_setting(fake: FakeTelegram, user: User, menu: Message, label: str) -> None:
    """Press `label` in the settings menu, paging (▸ or ◂) to find it."""
    for _ in range(5):
        if any(label in b["text"] for b in menu.buttons):
            fake.press(user, menu, label)
            return
        edits = len(menu.history)
        arrow = "▸" if any("▸" in b["text"] for b in menu.buttons) else "◂"
        fake.press(user, menu, arrow)
        await fake.wait_for(lambda n=edits: len(menu.history) > n, what="the next page")
        await fake.settled()
    raise AssertionError(f"no {label!r} on any page")


async def start(host: Host, table: Table, user: User, chat: Chat) -> None:
    host.fake.say(user, "/begin" if chat.user is not None else f"/begin@{BOT_USERNAME}", chat)
    await host.fake.wait_for(lambda: table.status == Status.PLAYING, what="the start")


async def test_a_dm_table_shows_one_picture_per_turn(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo = fake.user("Ana"), fake.user("Bo")
        for user in (ana, bo):
            fake.say(user, "/start")
        table = await open_in_dm(host, ana, "/new euchre points_to_win=10", [bo])
        mark = len(fake.requests)
        await start(host, table, ana, fake.dm(ana))
        players = {seat_of(table, user): user for user in (ana, bo)}
        driver = Driver(host, table, players)
        await driver.play(stop_at=40)
        await quiet(fake)
        steps = await host.store.steps(table.id)
        hers = sum(1 for s in steps if s.seat == seat_of(table, ana) and s.actor.value == "human")
        # Her own panel carries the board: one picture a turn, none twice.
        assert photos(fake, fake.dm(ana), mark) <= hers + 2
        assert boards(fake, fake.dm(ana)) == 0
        assert sum(1 for m in fake.shown(fake.dm(ana)) if m.photo is not None) == 1


@pytest.mark.parametrize("history", [False, True], ids=["one board", "history kept"])
async def test_a_group_keeps_one_board_unless_its_history_is_kept(
    tmp_path: Path, history: bool
) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo, group, table = await game_night(host)
        if history:
            menu = await settings_of(fake, ana, group)
            await press_setting(fake, ana, menu, "Board history")
            await fake.wait_for(lambda: "Board history: kept" in str(menu.text), what="kept")
        await start(host, table, ana, group)
        driver = Driver(host, table, {seat_of(table, u): u for u in (ana, bo)})
        await driver.play(stop_at=40)
        await quiet(fake)
        posted = photos(fake, group)
        assert posted > 5, "a board was posted for each person's turn"
        assert boards(fake, group) == (posted if history else 1)


async def test_pings_are_for_ones_own_turn_and_mute_silences_them(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo = fake.user("Ana"), fake.user("Bo")
        group = fake.group("Game night", ana, bo)
        for user in (ana, bo):
            fake.say(user, "/start")
        fake.say(bo, "mute")
        await fake.wait_for(lambda: said(fake, bo, "Muted"), what="muted")
        table = await group_table(host, group, ana, bo)
        mark = len(fake.requests)
        await start(host, table, ana, group)
        driver = Driver(host, table, {seat_of(table, u): u for u in (ana, bo)})
        await driver.play(stop_at=30)
        await quiet(fake)
        sent = [r for r in fake.requests[mark:] if r.ok and r.method.startswith("send")]
        for request in sent:
            text = " ".join(request.texts())
            loud = not silent(request)
            if request.chat_id == group.id:
                # Only a board calling Ana rings in the group, and names only her.
                assert f"tg://user?id={bo.id}" not in str(request.params)
                assert loud == (f"tg://user?id={ana.id}" in str(request.params)), text
            if request.chat_id == bo.id and "Muted" not in text:
                assert not loud, f"muted Bo was pinged: {text}"
        assert any(r.chat_id == ana.id and not silent(r) for r in sent)
        # Survives a restart: the memory is on disk.
        await host.restart()
        assert host.frontend is not None and host.frontend.layer.mutes.muted(str(bo.id))
        fake.say(bo, "unmute")
        await fake.wait_for(lambda: said(fake, bo, "Unmuted"), what="unmuted")


async def test_the_reminder_comes_once_before_time_runs_out_even_when_muted(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    timer = TimerPolicy(turn_seconds=60, warn_seconds=15, on_timeout="ai", max_misses=5)
    policy = QUICK.model_copy(update={"timer": timer})
    async with hosted(tmp_path, policy=policy, clock=clock) as host:
        fake = host.fake
        ana = fake.user("Ana")
        fake.say(ana, "/start")
        fake.say(ana, "mute")
        table = await open_in_dm(host, ana, "/new euchre points_to_win=2", [])
        await start(host, table, ana, fake.dm(ana))
        seat = seat_of(table, ana)

        def on_turn() -> bool:
            shown = panel(fake, ana, seat)
            return (
                table.to_move() == seat
                and shown is not None
                and {g.version if g else None for g in map(grant, shown.buttons)} == {table.version}
            )

        for _ in range(100):
            with contextlib.suppress(AssertionError):
                await fake.wait_for(on_turn, timeout=1, what="her turn")
                break
            await clock.advance(1)
        version, mark = table.version, len(fake.requests)

        def reminders() -> list[str]:
            return [
                " ".join(r.texts())
                for r in fake.requests[mark:]
                if r.ok
                and r.chat_id == ana.id
                and r.method.startswith("send")
                and "left to" in " ".join(r.texts())
            ]

        # The fake clock may have moved on while her turn reached the fake
        # (a loaded machine): the reminder is due 15 s before the stored deadline.
        assert table.turn_deadline is not None
        await clock.advance(table.turn_deadline - 15 - clock.time() - 0.1)
        await quiet(fake)
        assert not reminders()
        await clock.advance(0.1)
        told = await fake.wait_for(reminders, what="the reminder")
        reminder = next(
            r for r in fake.requests[mark:] if r.ok and "left to" in " ".join(r.texts())
        )
        assert "15 seconds left" in told[0] and reminder.params.get("reply_markup")
        assert not silent(reminder), "muted, yet the reminder rings"
        await quiet(fake)
        assert len(reminders()) == 1 and table.version == version
        live = panel(fake, ana, seat)
        assert live is not None and "left to" in str(live.caption), "the live menu says so"
