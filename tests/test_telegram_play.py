"""Whole games through Telegram: the real python-telegram-bot Application, the
daemon and the chat layer, against the fake Bot API on loopback.

People are played by `telegram_support.Driver`: every move goes through the
buttons of the mover's DM menu or is typed in the chat grammar, as a person
would. After each game `Audit` reads every request the bot made and checks
that nobody was shown another seat's secrets or the table's seed.
"""

import asyncio
import contextlib
import hashlib
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from katan_leaks import POINTS, WHOLE_GAMES, Secrets, WholeGame, assert_whole_game
from telegram_fake import BOT_USERNAME, FakeTelegram, Message, User
from telegram_support import QUICK, Driver, Host, grant, hosted, panel

from daemon.clock import FakeClock
from daemon.model import Actor, Identity, Status, TimerPolicy
from daemon.table import Table
from frontends.chat.presenters import all_presenters

INVITE = re.compile(rf"https://t\.me/{BOT_USERNAME}\?start=([A-Z0-9]+)")


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, set[int | None]]]:
    """Every picture the chat layer draws, by its bytes' hash, with the seat
    it was drawn for (None: the public board)."""
    drawn: dict[str, set[int | None]] = {}
    for presenter in all_presenters().values():
        original = presenter.render

        def render(view: Any, seat: int | None, *args: Any, _original: Any = original) -> bytes:
            png: bytes = _original(view, seat, *args)
            drawn.setdefault(hashlib.sha256(png).hexdigest(), set()).add(seat)
            return png

        monkeypatch.setattr(presenter, "render", render)
    yield drawn


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    async with hosted(tmp_path) as running:
        yield running


def table_of(host: Host, code: str) -> Table:
    assert host.daemon is not None
    return host.daemon.table(code)


def refusals(fake: FakeTelegram) -> list[str]:
    """Requests Telegram refused, but for edits that changed nothing, the long
    poll a stopping bot leaves behind (both harmless) and the fake's injected
    faults and flood answers (retried: tests/test_telegram_faults.py)."""
    return [
        f"{r.method}: {r.description}"
        for r in fake.requests
        if not r.ok
        and r.fault is None
        and "not modified" not in r.description
        and r.method != "getUpdates"
    ]


async def open_in_dm(host: Host, creator: User, line: str, joiners: list[User]) -> Table:
    """`creator` opens a table from their DM; the others follow its invite link."""
    fake = host.fake
    fake.say(creator, line)
    lobby = await fake.wait_for(
        lambda: next((m for m in fake.shown(fake.dm(creator)) if INVITE.search(str(m.text))), None),
        what="the lobby with its invite link",
    )
    match = INVITE.search(str(lobby.text))
    assert match is not None
    table = table_of(host, match.group(1))
    for user in joiners:
        fake.open_link(user, match.group(0))
    await fake.wait_for(
        lambda: sum(s.identity is not None for s in table.meta.seats) == 1 + len(joiners),
        what="everyone seated",
    )
    return table


GAMES = [
    ("katan", "/new katan points_to_win=3", ("Ana", "Bo")),
    ("euchre", "/new euchre points_to_win=2", ("Bo", "Cy", "Di")),
    ("sequence", "/new sequence team_count=2 players_per_team=2 sequences_to_win=1", ("Di", "Ana")),
]
"""Short games (few points, one sequence), each with AI seats; the four users
play across them, from their DMs."""


@pytest.mark.parametrize(("game", "line", "people"), GAMES, ids=[g[0] for g in GAMES])
async def test_four_users_play_a_whole_game_from_their_dms(
    host: Host, renders: dict[str, set[int | None]], game: str, line: str, people: tuple[str, ...]
) -> None:
    fake = host.fake
    users = [fake.user(name) for name in ("Ana", "Bo", "Cy", "Di")]
    seated = [u for name in people for u in users if u.first_name == name]
    for user in users:
        fake.say(user, "/start")  # first contact: the bot answers with help
    table = await open_in_dm(host, seated[0], line, seated[1:])
    assert any(s.identity is None for s in table.meta.seats), "some seats stay AI"
    fake.say(seated[0], "/begin")
    await fake.wait_for(lambda: table.status == Status.PLAYING, what="the game to start")

    players = {
        i: next(u for u in users if str(u.id) == s.identity.user)
        for i, s in enumerate(table.meta.seats)
        if s.identity
    }
    driver = Driver(host, table, players)
    await driver.play()

    assert table.status == Status.FINISHED and table.game.is_finished(table.state)
    assert driver.pressed and driver.typed, "moves were made both ways"
    # The audit read a whole game's worth of messages (fewer since a DM table's
    # board is its opener's panel: 36 in a short Katan game).
    assert await driver.audit.check(renders) > 25
    assert not refusals(fake) and not fake.unanswered()
    for user in seated:
        assert len(fake.shown(fake.dm(user))) <= 8, "the DM is edited, not flooded"


@pytest.mark.parametrize("game", WHOLE_GAMES, ids=[g.name for g in WHOLE_GAMES])
async def test_two_people_and_two_ais_play_an_expansion_game(
    host: Host,
    renders: dict[str, set[int | None]],
    monkeypatch: pytest.MonkeyPatch,
    game: WholeGame,
) -> None:
    """`katan_leaks.WHOLE_GAMES`, opened from Ana's DM, Bo following the link."""
    monkeypatch.setattr("daemon.core.secrets.randbits", lambda bits: game.seed)
    fake = host.fake
    ana, bo = fake.user("Ana"), fake.user("Bo")
    for user in (ana, bo):
        fake.say(user, "/start")
    options = " ".join(f"{k}={v}" for k, v in game.options().items())
    table = await open_in_dm(host, ana, f"/new katan {options} points_to_win={POINTS}", [bo])
    assert table.meta.seed == game.seed
    fake.say(ana, "/begin")
    await fake.wait_for(lambda: table.status == Status.PLAYING, what="the game to start")
    players = {seat_of(table, user): user for user in (ana, bo)}
    driver = Driver(host, table, players)
    await driver.play()

    assert table.status == Status.FINISHED and table.game.is_finished(table.state)
    assert driver.pressed and driver.typed, "moves were made both ways"
    assert await driver.audit.check(renders) > 50
    assert not refusals(fake) and not fake.unanswered()
    replayed = Secrets.replayed(table, await host.store.steps(table.id))
    dms = {fake.dm(user).id for user in (ana, bo)}
    told = "\n".join(t for r in fake.requests if r.ok and r.chat_id in dms for t in r.texts())
    assert_whole_game(game, replayed, told, table.version, list(players))


def identity(user: User) -> Identity:
    return Identity(frontend="telegram", user=str(user.id))


def seat_of(table: Table, user: User) -> int:
    seat = table.seat_of(identity(user))
    assert seat is not None
    return seat


def alerted(query: Any) -> bool:
    return query.answered and query.answer.get("show_alert") in ("true", True)


async def test_a_group_table_two_people_and_a_stranger(
    host: Host, renders: dict[str, set[int | None]]
) -> None:
    fake = host.fake
    ana, bo, cy = fake.user("Ana"), fake.user("Bo"), fake.user("Cy")
    group = fake.group("Game night", ana, bo, cy)
    fake.say(ana, "/start")  # Ana has a DM with the bot; Bo never opened one
    fake.say(cy, "/start")
    fake.say(ana, f"/new@{BOT_USERNAME} euchre points_to_win=3", group)
    lobby = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if m.buttons), None), what="the lobby"
    )
    found = INVITE.search(str(lobby.text))
    assert found is not None
    table = table_of(host, found.group(1))
    fake.press(bo, lobby, "Join")
    await fake.wait_for(lambda: table.seat_of(identity(bo)) is not None, what="Bo seated")
    refused = fake.press(cy, lobby, "Start")  # a stranger may not start it
    await fake.settled()
    assert alerted(refused) and table.status == Status.LOBBY
    fake.press(ana, lobby, "Start")
    await fake.wait_for(lambda: table.status == Status.PLAYING, what="the start")

    # Telegram refuses DMs to Bo: the group is told, with a button that opens one.
    invite = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if "open a chat" in str(m.text)), None),
        what="the invitation to open a DM",
    )
    asked = next(r for r in fake.sent_to(group) if "open a chat" in str(r.params.get("text")))
    assert f"tg://user?id={bo.id}" in asked.params["text"]  # mentioned, so notified
    fake.open_link(bo, invite.button("Open my chat")["url"])

    players = {seat_of(table, user): user for user in (ana, bo)}
    driver = Driver(host, table, players)
    await driver.play(stop_at=8)
    board = next(m for m in reversed(fake.shown(group)) if m.photo is not None)
    stranger = fake.press(cy, board, "My hand and moves")  # not seated: refused privately
    await fake.settled()
    assert alerted(stranger) and not fake.sent_to(fake.dm(cy))[1:]
    # A forged press from Cy's own client, carrying Ana's menu token, moves nothing.
    seat = table.to_move()
    assert seat is not None
    menu = panel(fake, players[seat], seat)
    assert menu is not None
    version = table.version
    fake.tamper(cy, fake.last(fake.dm(cy)), menu.buttons[0]["callback_data"])
    await fake.wait_for(lambda: "not yours" in str(fake.last(fake.dm(cy)).text), what="refusal")
    assert table.version == version
    await driver.play()

    assert table.status == Status.FINISHED
    assert any(m.photo for m in fake.shown(group)), "the public board is in the group"
    await driver.audit.check(renders)
    assert not refusals(fake) or all("can't initiate" in r for r in refusals(fake))
    assert not fake.unanswered()


async def quiet(fake: FakeTelegram, *, still: float = 0.5, timeout: float = 10.0) -> None:
    """Wait until the bot has made no request (but long polls) for `still` seconds."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        before = len(fake.calls)
        await asyncio.sleep(still)
        if len(fake.calls) == before and not fake.pending_updates and not fake.unanswered():
            return
        assert asyncio.get_running_loop().time() < deadline, "the bot never went quiet"


def board_in(fake: FakeTelegram, table: Table) -> Message:
    """The table's board in the chat it was opened in (its caption names the code)."""
    origin = fake.chats[int(table.meta.origin.place)]
    found = [m for m in fake.shown(origin) if "· code" in str(m.caption)]
    assert len(found) == 1, f"one board in the chat, not {len(found)}"
    return found[0]


def edits(fake: FakeTelegram, since: int, message: Message) -> list[str]:
    """The edit requests since request `since` that changed `message`."""
    return [
        r.method
        for r in fake.requests[since:]
        if r.ok
        and r.method.startswith("edit")
        and r.chat_id == message.chat.id
        and r.params.get("message_id") == message.message_id
    ]


async def test_a_restart_mid_game_keeps_the_messages_and_the_buttons(
    host: Host, renders: dict[str, set[int | None]]
) -> None:
    fake = host.fake
    ana, bo = fake.user("Ana"), fake.user("Bo")
    for user in (ana, bo):
        fake.say(user, "/start")
    table = await open_in_dm(host, ana, "/new euchre points_to_win=5", [bo])
    fake.say(ana, "start")
    await fake.wait_for(lambda: table.status == Status.PLAYING, what="the start")
    players = {seat_of(table, user): user for user in (ana, bo)}
    driver = Driver(host, table, players)
    await driver.play(stop_at=6)
    early = panel(fake, players[table.to_move() or 0], table.to_move() or 0)
    assert early is not None
    stale = (early.chat.user, early.buttons[0]["callback_data"])
    await driver.play(stop_at=20)

    await quiet(fake)  # every delivery of the position so far has reached Telegram
    seat = table.to_move()
    assert seat is not None, (table.status, table.version, table.meta.result)
    mover = players[seat]
    live = panel(fake, mover, seat)
    assert live is not None
    tokens = {b["callback_data"] for b in live.buttons}
    # A DM table's board is its opener's panel (docs/chat.md, "Less noise").
    board = next(m for m in reversed(fake.shown(fake.dm(ana))) if m.photo is not None)
    version = table.version

    mark = len(fake.requests)
    await host.restart()
    table = table_of(host, table.code)
    driver.table = table
    assert table.version == version
    # The resumed table's update reaches the mover's DM as an edit of the very
    # message whose id was stored before the restart (the other seat's panel has
    # nothing new to show): nothing is posted anew or deleted.
    await fake.wait_for(lambda: edits(fake, mark, live), what="the mover's menu edited")
    await quiet(fake)
    dms = {user.id for user in players.values()}
    after = [r for r in fake.requests[mark:] if r.ok and r.chat_id in dms]
    assert not [r.method for r in after if not r.method.startswith("edit")], "edited only"
    assert not board.deleted
    # The mover's menu is the same message with the very same buttons: tokens
    # are sealed with the secret kept in the state directory.
    assert panel(fake, mover, seat) is live and not live.deleted
    assert {b["callback_data"] for b in live.buttons} == tokens

    # A button from an earlier position is refused with the reason and a fresh
    # menu, in the same message.
    user, data = stale
    assert user is not None
    if user == mover:
        fake.tamper(mover, live, data)
        await fake.wait_for(
            lambda: "earlier position" in str(live.caption),
            what="the refusal of a stale button",
        )
    assert table.version == version
    # A button pressed on the menu posted before the restart works, and its
    # answer edits that message in place.
    pressed = len(fake.requests)
    fake.press(mover, live, live.buttons[0])
    await fake.wait_for(lambda: edits(fake, pressed, live), what="the menu edited in place")
    await fake.settled()

    await driver.play()
    assert table.status == Status.FINISHED
    await driver.audit.check(renders)
    assert not refusals(fake) and not fake.unanswered()
    for user in players.values():
        boards = [m for m in fake.shown(fake.dm(user)) if "· code" in str(m.caption)]
        assert len(boards) <= 1, "one board per DM, before and after the restart"


async def test_the_tables_turn_timer_warns_then_the_ai_plays_for_a_silent_player(
    tmp_path: Path,
) -> None:
    """A person who does not move is warned in their DM, then the AI moves for
    them when the table's turn timer runs out (on the daemon's fake clock)."""
    clock = FakeClock()
    timer = TimerPolicy(turn_seconds=60, warn_seconds=15, on_timeout="ai", max_misses=2)
    async with hosted(
        tmp_path, policy=QUICK.model_copy(update={"timer": timer}), clock=clock
    ) as host:
        fake = host.fake
        ana = fake.user("Ana")
        fake.say(ana, "/start")
        table = await open_in_dm(host, ana, "/new euchre points_to_win=2", [])
        fake.say(ana, "/begin")
        await fake.wait_for(lambda: table.status == Status.PLAYING, what="the start")
        seat = seat_of(table, ana)
        dm = fake.dm(ana)

        def turn_panel() -> Message | None:
            shown = panel(fake, ana, seat)
            if shown is None or table.to_move() != seat:
                return None
            versions = {g.version if g else None for g in map(grant, shown.buttons)}
            return shown if versions == {table.version} else None

        async def her_turn() -> Message:
            for _ in range(100):  # the AI seats play on until it is Ana's turn
                with contextlib.suppress(AssertionError):
                    found: Message = await fake.wait_for(turn_panel, timeout=1, what="her turn")
                    return found
                await clock.advance(1)
            raise AssertionError("never Ana's turn")

        live = await her_turn()
        assert table.meta.seats[seat].human
        # Her turn is a new message in her DM (Telegram notifies nobody of an edit).
        assert not live.history, "the turn's menu was posted, not edited"
        version, mark = table.version, len(fake.requests)

        def told(words: str) -> list[str]:
            return [
                text
                for r in fake.requests[mark:]
                if r.ok and r.chat_id == dm.id and r.method.startswith("send")
                for text in r.texts()
                if words in text
            ]

        await clock.advance(44.9)
        await quiet(fake)
        assert not told("left to") and table.version == version
        await clock.advance(0.1)
        warning = await fake.wait_for(lambda: told("left to"), what="the warning")
        assert "15" in warning[0] and table.meta.name in warning[0]
        assert table.version == version

        await clock.advance(15)
        await fake.wait_for(lambda: told("Time is up"), what="the time-out notice")
        await fake.wait_for(lambda: table.version > version, what="the AI's move for Ana")
        step = (await host.store.steps(table.id))[version]
        assert step.actor == Actor.TIMER and step.seat == seat
        assert table.meta.seats[seat].misses == 1 and table.meta.seats[seat].human

        # A second miss in a row (max_misses=2) hands her seat to the AI.
        await her_turn()
        mark = len(fake.requests)
        await clock.advance(60)
        await fake.wait_for(lambda: told("The AI plays your seat"), what="the seat to the AI")
        assert told("left to") and told("Time is up")
        assert not table.meta.seats[seat].human
        assert table.meta.seats[seat].identity == identity(ana)
        await quiet(fake)
        assert not refusals(fake) and not fake.unanswered()
