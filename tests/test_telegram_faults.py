"""Telegram's faults and limits: what the adapter does when the Bot API fails.

The fake answers 429s, 5xx errors and requests that time out (at a seeded
rate, or when a test asks), and keeps Telegram's flood limits. The adapter's
limiter retries the passing faults request by request, bounded, keeping each
chat's order; what still fails is given up loudly (a log line and
`plgames_chat_messages_lost_total`). A whole game at a 10% fault rate ends
with every turn notified once, nothing shown twice and nothing lost.
"""

import asyncio
import itertools
import logging
from pathlib import Path
from typing import Any

import pytest
from telegram import Bot
from telegram.error import RetryAfter
from telegram.ext import AIORateLimiter, ApplicationBuilder
from telegram_fake import TOKEN, FakeTelegram, Faults, Limits, Request, User
from telegram_support import Driver, Host, grant, hosted
from test_telegram_play import open_in_dm, refusals

from daemon.config import ConfigError, load_settings
from daemon.model import Actor, Identity, Status
from daemon.table import replay_step
from frontends.chat import Edit, Message, Send, Target
from frontends.telegram import TelegramFrontend
from frontends.telegram.limits import PatientLimiter

pytestmark = pytest.mark.timeout(120)


def frontend(host: Host) -> TelegramFrontend:
    assert host.frontend is not None
    return host.frontend


def metric(host: Host, name: str, **labels: str) -> float:
    assert host.daemon is not None
    value = host.daemon.metrics.registry.get_sample_value(name, labels)
    return 0.0 if value is None else value


def dm(user: User) -> Target:
    return Target("direct", user=str(user.id))


async def started(host: Host, *names: str) -> list[User]:
    """Users who opened their DM with the bot (and got its help), all answered."""
    users = [host.fake.user(name) for name in names]
    for user in users:
        host.fake.say(user, "/start")
    await host.fake.wait_for(
        lambda: all(host.fake.shown(host.fake.dm(u)) for u in users), what="the help"
    )
    return users


def texts(fake: FakeTelegram, user: User) -> list[str | None]:
    """What the bot shows in the user's DM now, after its first answer (the help)."""
    return [m.text for m in fake.shown(fake.dm(user))][1:]


# ---- defect 7: the webhook needs its secret -----------------------------------------------


def test_webhook_mode_refuses_to_start_without_a_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from daemon.cli import main

    config = tmp_path / "plgames.toml"
    section = '[telegram]\ntoken = "1:x"\nmode = "webhook"\nwebhook_url = "https://e.org/tg"\n'
    config.write_text(section)
    with pytest.raises(ConfigError, match="webhook_secret"):
        load_settings(config)
    assert main(["serve", "--config", str(config), "--state-dir", str(tmp_path / "s")]) == 2
    assert "webhook mode needs webhook_secret" in capsys.readouterr().err
    assert not (tmp_path / "s").exists(), "refused before anything started"

    config.write_text(section + 'webhook_secret = "has spaces"\n')
    with pytest.raises(ConfigError, match="webhook_secret may hold only"):
        load_settings(config)
    config.write_text(section + 'webhook_secret = "a-long_Random-string"\n')
    assert load_settings(config).telegram.mode == "webhook"


# ---- defect 8: 5xx answers and timeouts are retried -----------------------------------------


async def test_5xx_and_timeouts_are_retried_in_each_chats_order(tmp_path: Path) -> None:
    async with hosted(tmp_path, request_timeout=0.5) as host:
        fake, tg = host.fake, frontend(host)
        (ana,) = await started(host, "Ana")
        fake.fail("sendMessage", "5xx", times=2)
        # The first message fails twice; the second, sent meanwhile to the same
        # chat, waits for it: the chat reads them in the order they were made.
        first = asyncio.ensure_future(tg.perform_all([Send(dm(ana), Message("first"))], None))
        await fake.wait_for(lambda: fake.faulted, what="the first failure")
        await tg.perform_all([Send(dm(ana), Message("second"))], None)
        await first
        assert texts(fake, ana) == ["first", "second"]
        sends = [r for r in fake.requests if r.method == "sendMessage"][1:]
        assert [(r.params["text"], r.status >= 500) for r in sends] == [
            ("first", True),
            ("first", True),
            ("first", False),
            ("second", False),
        ]

        # A request that gets no answer in time is made again.
        shown = fake.last(fake.dm(ana))
        fake.fail("editMessageText", "timeout")
        edited = await tg.perform(Edit(dm(ana), str(shown.message_id), Message("edited")), None)
        assert edited == str(shown.message_id) and shown.text == "edited"
        edits = [r for r in fake.requests if r.method == "editMessageText"]
        assert [r.fault for r in edits] == ["timeout", None] and edits[1].ok
        assert metric(host, "plgames_chat_retries_total", frontend="telegram", fault="network") == 2
        assert metric(host, "plgames_chat_retries_total", frontend="telegram", fault="timeout") == 1
        assert metric(host, "plgames_chat_messages_lost_total", frontend="telegram") == 0


async def test_an_answer_lost_after_telegram_acted_is_harmless_or_shown_twice(
    tmp_path: Path,
) -> None:
    """Telegram may carry a call out and lose only its answer. The repeated
    edit is "not modified" (done), the repeated delete "not found" (done);
    a repeated send shows the message twice rather than never."""
    async with hosted(tmp_path, request_timeout=0.5) as host:
        fake, tg = host.fake, frontend(host)
        (ana,) = await started(host, "Ana")
        posted = await tg.perform(Send(dm(ana), Message("board")), None)
        assert posted is not None
        fake.fail("editMessageText", "lost")
        assert await tg.perform(Edit(dm(ana), posted, Message("board 2")), None) == posted
        assert fake.last(fake.dm(ana)).text == "board 2"
        fake.fail("sendMessage", "lost")
        await tg.perform_all([Send(dm(ana), Message("your turn"))], None)
        turns = [m for m in fake.shown(fake.dm(ana)) if m.text == "your turn"]
        assert len(turns) == 2, "at least once: the lost answer's message and the retry's"
        assert metric(host, "plgames_chat_messages_lost_total", frontend="telegram") == 0


async def test_a_press_is_answered_in_full_even_when_its_callback_answer_fails(
    tmp_path: Path,
) -> None:
    """The callback answer only stops the button's spinner: when Telegram fails
    it past the retries, the press's own answer (here Bo's seat, confirmed in
    his DM) still goes out."""
    async with hosted(tmp_path, retries=1) as host:
        fake = host.fake
        ana, bo = await started(host, "Ana", "Bo")
        fake.say(ana, "/new euchre")
        lobby = await fake.wait_for(
            lambda: next((m for m in fake.shown(fake.dm(ana)) if m.buttons), None), what="lobby"
        )
        assert host.daemon is not None
        (table,) = host.daemon.tables.values()
        fake.fail("answerCallbackQuery", "5xx", times=2)  # more than the one retry allowed
        # Bo's client presses Join with the lobby's token (an invite would do the same).
        fake.tamper(bo, fake.last(fake.dm(bo)), lobby.button("Join")["callback_data"])
        await fake.wait_for(
            lambda: any(table.meta.name in str(t) for t in texts(fake, bo)), what="Bo's answer"
        )
        assert table.seat_of(Identity(frontend="telegram", user=str(bo.id))) is not None

        def answers() -> list[Request]:
            return [r for r in fake.requests if r.method == "answerCallbackQuery"]

        await fake.wait_for(lambda: len(answers()) == 2, what="both tries at the answer")
        assert [r.status >= 500 for r in answers()] == [True, True]


async def test_a_message_is_given_up_loudly_only_after_the_bound(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with hosted(tmp_path, retries=2) as host:
        fake, tg = host.fake, frontend(host)
        (ana,) = await started(host, "Ana")
        fake.fail("sendMessage", "5xx", times=3)
        with caplog.at_level(logging.WARNING, "plgames"):
            await tg.perform_all(
                [Send(dm(ana), Message("lost")), Send(dm(ana), Message("next"))], None
            )
        sends = [r for r in fake.requests if r.method == "sendMessage"][1:]
        assert [r.status >= 500 for r in sends] == [True, True, True, False]
        assert texts(fake, ana) == ["next"]
        assert metric(host, "plgames_chat_messages_lost_total", frontend="telegram") == 1
        assert metric(host, "plgames_chat_retries_total", frontend="telegram", fault="network") == 2
        gave_up = [r for r in caplog.records if "gave up on a message" in r.getMessage()]
        assert len(gave_up) == 1 and gave_up[0].levelno == logging.ERROR
        retried = [r.getMessage() for r in caplog.records if "; retry" in r.getMessage()]
        assert [m.split("; ")[1][:12] for m in retried] == ["retry 1 of 2", "retry 2 of 2"]


async def test_polling_goes_on_through_faults_and_loses_no_update(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        (ana,) = await started(host, "Ana")
        fake.fail("getUpdates", "5xx")
        fake.fail("getUpdates", "429")

        def polls() -> list[str | None]:
            return [r.fault for r in fake.requests if r.method == "getUpdates" and r.fault]

        await fake.wait_for(lambda: len(polls()) == 2, what="both polls to fail")
        fake.say(ana, "/help")
        await fake.wait_for(lambda: texts(fake, ana), what="the help answer")
        assert polls() == ["5xx", "429"] and not fake.pending_updates
        # The 5xx is counted; python-telegram-bot waits out a 429 without telling us.
        assert metric(host, "plgames_chat_retries_total", frontend="telegram", fault="poll") == 1


# ---- Telegram's flood limits ----------------------------------------------------------------


async def test_the_fake_keeps_telegrams_flood_limits() -> None:
    """With the refill stopped, the buckets alone: 20 in a group and 30 in all,
    each overdrawn by one ("about"), the 30 by a quarter-second's worth more."""
    fake = FakeTelegram(limits=Limits(clock=lambda: 0.0))
    await fake.start()
    try:
        ana = fake.user("Ana")
        group = fake.group("Game night", ana)
        fake.say(ana, "hi")
        async with Bot(TOKEN, base_url=fake.base_url) as bot:
            for n in range(21):
                await bot.send_message(group.id, f"group {n}")
            with pytest.raises(RetryAfter):
                await bot.send_message(group.id, "one too many this minute")
            sent = 0
            with pytest.raises(RetryAfter):
                while True:
                    await bot.send_message(ana.id, f"dm {sent}")
                    sent += 1
        assert 21 + sent == 30 + 1 + 7
        limited = [r.chat_id for r in fake.requests if r.fault == "limit"]
        assert limited == [group.id, ana.id]
    finally:
        await fake.stop()


async def test_the_production_limiter_keeps_to_telegrams_limits() -> None:
    """`PatientLimiter` with Telegram's own rates (what the daemon runs): 22
    messages to one group in a burst all arrive, none refused; without it
    the 22nd is refused (next test)."""
    fake = FakeTelegram(limits=Limits())
    await fake.start()
    try:
        users = [fake.user(f"P{n}") for n in range(5)]
        group = fake.group("Game night", *users)
        for user in users:
            fake.say(user, "hi")
        builder: Any = ApplicationBuilder().token(TOKEN).base_url(fake.base_url)
        async with builder.rate_limiter(PatientLimiter()).build() as app:
            bot = app.bot
            group_burst = [bot.send_message(group.id, f"g{n}") for n in range(22)]
            dm_burst = [bot.send_message(u.id, "hello") for u in users]
            await asyncio.gather(*group_burst, *dm_burst)
        assert len(fake.shown(group)) == 22
        assert all(len(fake.shown(fake.dm(u))) == 1 for u in users)
        assert not fake.faulted, "no 429: the limiter paced the burst"
    finally:
        await fake.stop()


async def test_a_429_past_the_limit_is_retried_after_retry_after(tmp_path: Path) -> None:
    fake = FakeTelegram(limits=Limits())
    await fake.start()
    try:
        ana = fake.user("Ana")
        group = fake.group("Game night", ana)
        builder: Any = ApplicationBuilder().token(TOKEN).base_url(fake.base_url)
        limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=5)
        async with builder.rate_limiter(limiter).build() as app:  # no pacing: 429s
            await asyncio.gather(*(app.bot.send_message(group.id, f"g{n}") for n in range(22)))
        assert len(fake.shown(group)) == 22
        assert [r.fault for r in fake.faulted] == ["limit"]
    finally:
        await fake.stop()


# ---- a whole game at a 10% fault rate -----------------------------------------------------


def turn_starts(states: list[Any], game: Any, humans: dict[int, User]) -> list[tuple[int, int]]:
    """(version, seat) at which a person came on turn after another person's
    turn. (Back on turn after AI moves alone may count as the same turn: the
    AI's moves can reach the person together with their next menu.)"""
    found, before = [], None
    for version, state in enumerate(states):
        seat = None if game.is_finished(state) else game.to_move(state)
        if seat in humans:
            if seat != before:
                found.append((version, seat))
            before = seat
    return found


def menu_of(request: Request) -> set[tuple[int | None, int]]:
    """(seat, version) of the buttons a request put on a message."""
    rows = (request.params.get("reply_markup") or {}).get("inline_keyboard", [])
    return {(g.seat, g.version) for row in rows for b in row if (g := grant(b)) is not None}


def same_call(a: Request, b: Request) -> bool:
    return a.method == b.method and a.params == b.params and a.files == b.files


SENDS = ("sendMessage", "sendPhoto")


async def test_a_whole_game_at_a_ten_percent_fault_rate(tmp_path: Path) -> None:
    # A timeout costs the bot its whole wait, so they are one fault in five; the
    # wait is long enough that a busy machine answering slowly is not one.
    faults = Faults(rate=0.10, seed=13, kinds=("429", "5xx", "timeout", "429", "5xx"))
    async with hosted(tmp_path, faults=faults, request_timeout=2.0) as host:
        fake = host.fake
        ana, bo = await started(host, "Ana", "Bo")
        table = await open_in_dm(host, ana, "/new euchre points_to_win=1", [bo])
        fake.say(ana, "/begin")
        await fake.wait_for(lambda: table.status == Status.PLAYING, what="the start")
        seats = {u: table.seat_of(Identity(frontend="telegram", user=str(u.id))) for u in (ana, bo)}
        players = {seat: user for user, seat in seats.items() if seat is not None}
        driver = Driver(host, table, players)
        await driver.play()
        await fake.settled()
        assert table.status == Status.FINISHED

        # Faults of every kind happened (they take turns, so the third is a
        # timeout, perhaps of a poll, which the next poll makes again), and every
        # other faulted call was made again until it went through.
        assert {r.fault for r in fake.faulted} >= {"429", "5xx", "timeout"}
        faulted = [r for r in fake.faulted if r.method != "getUpdates"]
        calls = fake.requests
        for r in faulted:
            later = calls[calls.index(r) + 1 :]
            assert any(x.ok and same_call(r, x) for x in later), f"{r.method} never went through"
        assert not refusals(fake) and not fake.unanswered() and not fake.pending_updates
        assert metric(host, "plgames_chat_messages_lost_total", frontend="telegram") == 0

        # Every turn notified: a new panel message in the person's DM (Telegram
        # notifies nobody of an edit) after their menu of an earlier turn and
        # before their menu of their next turn. (A delivery shows the table as
        # it is when it goes out, so a quick player may see the turn's menu by
        # an edit, and have moved, before the notice arrives.)
        steps = await host.store.steps(table.id)
        state = table.game.initial_state(table.config)
        states = [state]
        for step in steps:
            state = replay_step(table.game, state, step).state
            states.append(state)
        starts = turn_starts(states, table.game, players)
        assert len(starts) >= 3
        board = f"· code {table.code}"
        for seat, user in players.items():
            mine = [(i, r) for i, r in enumerate(calls) if r.ok and r.chat_id == user.id]
            menus = [(i, {v for s, v in menu_of(r) if s == seat}) for i, r in mine]
            turns = [v for v, s in starts if s == seat]
            for version, following in zip(turns, [*turns[1:], len(states)], strict=True):
                since = max((i for i, vs in menus if vs and max(vs) < version), default=-1)
                until = min(
                    (i for i, vs in menus if vs and min(vs) >= following), default=len(calls)
                )
                notices = [
                    r
                    for i, r in mine
                    if since < i < until
                    and r.method in SENDS
                    and board not in str(r.params.get("caption") or r.params.get("text"))
                ]
                assert notices, f"{user.first_name}'s turn at version {version} was not notified"

        # Nothing done twice: each person's move was made once, and a retry
        # never showed a chat the same message twice in a row.
        assert sum(step.actor == Actor.HUMAN for step in steps) == driver.turns
        for user in (ana, bo):
            shown = [r for r in calls if r.ok and r.chat_id == user.id]
            for a, b in itertools.pairwise(shown):
                assert not (a.method in SENDS and same_call(a, b)), f"{a.method} shown twice"
