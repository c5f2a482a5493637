"""The Telegram adapter's own mapping: layer actions onto Bot API calls.

These tests hand the frontend the chat layer's actions directly (the layer's
own behaviour is tested in tests/test_chat_*), and check against the fake Bot
API what Telegram would show: keyboards carrying the tokens untouched, edits
in place, photos uploaded once, a turn notice as a fresh message, a deleted
message replaced, and a person who never opened a DM asked in the group.
"""

import hmac
import re
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from pydantic import SecretStr, ValidationError
from telegram_fake import BOT_USERNAME, User
from telegram_support import Host, hosted

from daemon.config import ChatConfig
from daemon.model import Identity, Origin
from frontends.chat import Choice, Edit, Menu, Message, Picture, Send, Slot, Target
from frontends.telegram import TelegramFrontend, TelegramOptions
from frontends.telegram.widgets import body, clip, command, deep_link, utf16_length

PNG_A = b"\x89PNG\r\n\x1a\n" + b"board A"
PNG_B = b"\x89PNG\r\n\x1a\n" + b"board B"


def picture(key: str, data: bytes) -> Picture:
    return Picture(key=key, alt="the board", render=lambda: data)


def menu(*labels: str) -> Menu:
    choices = tuple(
        Choice(token=f"TOK.{i}.{'x' * 50}", label=text, kind="move")
        for i, text in enumerate(labels)
    )
    return Menu(title="Your move", rows=(choices,))


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    async with hosted(tmp_path) as running:
        yield running


def frontend(host: Host) -> TelegramFrontend:
    assert host.frontend is not None
    return host.frontend


async def test_menus_edits_and_photos_map_onto_telegram(host: Host) -> None:
    fake, tg = host.fake, frontend(host)
    ana = fake.user("Ana")
    fake.say(ana, "hi")
    dm = Target("direct", user=str(ana.id))
    first = await tg.perform(Send(dm, Message("Ana, your turn", menu=menu("Roll", "End"))), None)
    shown = fake.last(fake.dm(ana))
    assert first == str(shown.message_id)
    assert [b["callback_data"] for b in shown.buttons] == [
        c.token for c in menu("Roll", "End").rows[0]
    ]
    assert shown.text == "Ana, your turn\n\nYour move"

    # An edit keeps the message; an identical edit is "not modified", which is fine.
    again = Message("Ana rolled 8", menu=menu("Build", "End"))
    assert await tg.perform(Edit(dm, first, again), None) == first
    assert await tg.perform(Edit(dm, first, again), None) == first
    assert shown.text == "Ana rolled 8\n\nYour move"
    assert [r.method for r in fake.requests if r.method.startswith("edit")] == [
        "editMessageText"
    ] * 2

    # A text message cannot become a photo: it is replaced, and the chat keeps one copy.
    board = Message("The board", picture=picture("k1", PNG_A))
    second = await tg.perform(Edit(dm, first, board), None)
    assert second != first and shown.deleted
    photo = fake.last(fake.dm(ana))
    assert (photo.photo, photo.caption) == (PNG_A, "The board")

    # The same picture again: only the caption changes, nothing is uploaded.
    assert second is not None
    await tg.perform(Edit(dm, second, Message("Turn 2", picture=picture("k1", PNG_A))), None)
    assert fake.calls[-1].method == "editMessageCaption" and photo.caption == "Turn 2"
    # A new picture replaces the photo in place.
    await tg.perform(Edit(dm, second, Message("Turn 3", picture=picture("k2", PNG_B))), None)
    assert fake.calls[-1].method == "editMessageMedia" and photo.photo == PNG_B

    # The same board for another chat is sent by file id, not uploaded again.
    bo = fake.user("Bo")
    fake.say(bo, "hi")
    await tg.perform(
        Send(Target("direct", user=str(bo.id)), Message("Board", picture=picture("k2", PNG_B))),
        None,
    )
    assert fake.calls[-1].method == "sendPhoto" and not fake.calls[-1].files
    assert fake.last(fake.dm(bo)).photo == PNG_B


async def test_a_panel_posted_anew_in_a_dm_replaces_the_old_one(host: Host) -> None:
    fake, tg = host.fake, frontend(host)
    ana = fake.user("Ana")
    fake.say(ana, "hi")
    dm = Target("direct", user=str(ana.id))
    slot = Slot("table-id", "panel", str(ana.id))
    old = await tg.perform(Send(dm, Message("Waiting for Bo", menu=menu("Hand")), slot), None)
    new = await tg.perform(Send(dm, Message("Your turn", menu=menu("Roll")), slot), None)
    assert old is not None and new is not None and new != old
    (shown,) = fake.shown(fake.dm(ana))  # the old panel and its stale buttons are gone
    assert shown.message_id == int(new) and str(shown.text).startswith("Your turn")
    assert fake.calls[-1].method == "deleteMessage"


async def test_a_message_the_user_deleted_is_posted_again(host: Host) -> None:
    fake, tg = host.fake, frontend(host)
    ana = fake.user("Ana")
    fake.say(ana, "hi")
    dm = Target("direct", user=str(ana.id))
    old = await tg.perform(Send(dm, Message("Menu", menu=menu("Roll"))), None)
    assert old is not None
    fake.messages[(ana.id, int(old))].deleted = True
    new = await tg.perform(Edit(dm, old, Message("Menu 2", menu=menu("End"))), None)
    assert new != old and fake.last(fake.dm(ana)).text == "Menu 2\n\nYour move"


async def test_a_player_without_a_dm_is_asked_in_the_group_once(host: Host) -> None:
    fake, tg = host.fake, frontend(host)
    ana, bo = fake.user("Ana"), fake.user("Bo")
    group = fake.group("Game night", ana, bo)
    assert host.daemon is not None
    table = await host.daemon.open_table(
        "euchre", origin=Origin(frontend="telegram", place=str(group.id))
    )
    hand = Send(
        Target("direct", user=str(bo.id)),
        Message("Your hand: 9♠ J♥"),
        Slot(table.id, "panel", str(bo.id)),
    )
    assert await tg.perform(hand, None) is None
    assert await tg.perform(hand, None) is None
    asked = fake.shown(group)
    assert len(asked) == 1 and "open a chat with me" in str(asked[0].text)
    link = asked[0].button("Open my chat")["url"]
    assert link == f"https://t.me/{BOT_USERNAME}?start=hand_{table.code}"
    delivered = [text for r in fake.requests if r.ok for text in r.texts()]
    assert not any("9♠" in text for text in delivered)  # the refused DM reached nobody


async def test_429_from_telegram_is_retried_not_lost(host: Host) -> None:
    fake, tg = host.fake, frontend(host)
    ana = fake.user("Ana")
    fake.say(ana, "hi")
    fake.flood("sendMessage", retry_after=1)
    posted = await tg.perform(Send(Target("direct", user=str(ana.id)), Message("Kept")), None)
    assert posted is not None and fake.last(fake.dm(ana)).text == "Kept"
    assert [r.status for r in fake.requests if r.method == "sendMessage"] == [429, 200]


async def test_commands_are_registered_for_the_menu(host: Host) -> None:
    names = [c["command"] for c in host.fake.commands]
    assert {"new", "join", "begin", "leave", "status", "hand", "help", "rules"} <= set(names)
    assert "start" not in names  # Telegram's own: deep links and first contact


def test_telegram_spellings_become_the_chat_grammar() -> None:
    assert command(f"/new@{BOT_USERNAME} katan", BOT_USERNAME) == "/new katan"
    assert command("/new@other_bot katan", BOT_USERNAME) is None
    assert command("/start K7M2Q", BOT_USERNAME) == "join K7M2Q"
    assert command("/start hand_K7M2Q", BOT_USERNAME) == "hand K7M2Q"
    assert command("/start", BOT_USERNAME) == "help"
    assert command("/BEGIN", BOT_USERNAME) == "/start"
    assert command("build road 12", BOT_USERNAME) == "build road 12"
    assert deep_link("bot", "K7M2Q") == "https://t.me/bot?start=K7M2Q"
    with pytest.raises(ValueError):
        deep_link("bot", "no spaces allowed")


def test_text_is_escaped_and_clipped_to_telegrams_count() -> None:
    names = {"42": "<Ana>"}
    shown = body(Message("a < b & c", mentions=("42",)), names, 4096)
    assert shown == '<a href="tg://user?id=42">&lt;Ana&gt;</a>\na &lt; b &amp; c'
    long = "🎲" * 600
    cut = clip(long, 1024)
    assert utf16_length(cut) <= 1024 and cut.endswith("…")
    assert clip("short", 1024) == "short"


def test_options_come_from_the_daemon_section() -> None:
    section = ChatConfig(token=SecretStr("123:abc"))
    options = TelegramOptions.from_section(section)
    assert options.mode == "polling" and options.token.get_secret_value() == "123:abc"
    with pytest.raises(ValidationError, match="https"):
        TelegramOptions(token=SecretStr("x"), mode="webhook", webhook_url="http://example.org/")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_webhook_takes_updates_only_with_the_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = free_port()
    webhook = {
        "mode": "webhook",
        "webhook_url": f"http://127.0.0.1:{port}/telegram/hook",
        "webhook_port": port,
        "webhook_secret": SecretStr("s3cret-token"),
    }
    async with hosted(tmp_path, **webhook) as host:
        fake = host.fake
        assert fake.webhook == {"url": webhook["webhook_url"], "secret_token": "s3cret-token"}
        ana = fake.user("Ana")
        fake.say(ana, "/help")
        await fake.wait_for(lambda: fake.shown(fake.dm(ana)), what="an answer to /help")
        assert fake.webhook_answers == [200]
        assert not any(r.method == "getUpdates" for r in fake.requests)

        fake.webhook["secret_token"] = "forged"
        fake.say(ana, "/help")
        await fake.wait_for(lambda: len(fake.webhook_answers) == 2)
        assert fake.webhook_answers[-1] == 403

        # No header at all is refused too, and the check is hmac's constant-time
        # comparison (a plain == would leak the secret's prefix through timing).
        compared: list[tuple[bytes, bytes]] = []
        original = hmac.compare_digest

        def spy(given: bytes, expected: bytes) -> bool:
            compared.append((given, expected))
            return original(given, expected)

        monkeypatch.setattr(hmac, "compare_digest", spy)
        update = {"update_id": 999, "message": fake.say(ana, "quiet").as_json(fake.bot_user)}
        async with (
            aiohttp.ClientSession() as session,
            session.post(webhook["webhook_url"], json=update) as bare,
        ):
            assert bare.status == 403
        assert (b"", b"s3cret-token") in compared


# ---- bounded memories -----------------------------------------------------------------------


async def test_names_invitations_and_locks_are_bounded_and_forgetting_is_harmless(
    tmp_path: Path,
) -> None:
    async with hosted(tmp_path, remembered=2) as host:
        fake, tg = host.fake, frontend(host)
        assert host.daemon is not None
        ana, bo, cy, di, ed = (fake.user(n) for n in ("Ana", "Bo", "Cy", "Di", "Ed"))
        group = fake.group("Game night", ana, bo, cy, di, ed)
        table = await host.daemon.open_table(
            "euchre", origin=Origin(frontend="telegram", place=str(group.id))
        )
        await table.join(Identity(frontend="telegram", user=str(ana.id)), "Ana")
        for user in (ana, di, ed):  # Ana's name is learnt, then pushed out by two more
            fake.say(user, "/start")
        await fake.wait_for(lambda: all(fake.shown(fake.dm(u)) for u in (ana, di, ed)))
        assert len(tg._names) == 2 and str(ana.id) not in tg._names
        turn = Message("your turn", mentions=(str(ana.id),))
        await tg.perform(Send(Target("channel", chat=str(group.id)), turn), None)
        assert fake.last(group).text == "Ana\nyour turn", "named from her seat, as before"

        # Bo, Cy and Fy never opened a DM: each is asked once in the group, and
        # Bo, forgotten when Fy is asked, is asked once more at most.
        fy = fake.user("Fy")
        group.members.add(fy.id)

        def hand(user: User) -> Send:
            slot = Slot(table.id, "panel", str(user.id))
            return Send(Target("direct", user=str(user.id)), Message("your hand"), slot)

        for user in (bo, bo, cy, cy, fy, bo, bo):
            await tg.perform(hand(user), None)
        asked = [
            re.findall(r"tg://user\?id=(\d+)", str(r.params["text"]))
            for r in fake.sent_to(group)
            if "open a chat with me" in str(r.params.get("text"))
        ]
        assert asked == [[str(u.id)] for u in (bo, cy, fy, bo)]
        assert len(tg._invited) == 2
        assert len(tg._locks) == 0, "no lock is kept for a chat nobody is writing to"
