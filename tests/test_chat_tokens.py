"""Choice tokens: compact, sealed, refused with a reason and a fresh menu when
they are someone else's, stale, forged, unreadable or for a table that is
gone, and still good after the daemon restarts."""

import asyncio
from pathlib import Path

import pytest
from chat_support import QUICK, SECRET, FakeChat, Posted, daemon_with_chat

from daemon.clock import settle
from daemon.core import Daemon
from daemon.delivery import PublicUpdate
from daemon.model import Status
from daemon.sqlite_store import SqliteStore
from daemon.table import Table
from frontends.chat import (
    PLAIN,
    Choice,
    Edit,
    FileChatMemory,
    Place,
    Send,
    Sender,
    load_secret,
)
from frontends.chat.layer import FOREIGN, FORGED, GONE, STALE, UNREADABLE, ChatLayer
from frontends.chat.tokens import Grant, Malformed, TokenCodec

ANA = Sender("1", "Ana")
BO = Sender("2", "Bo")
GROUP = Place("g")


def test_tokens_are_short_sealed_and_readable() -> None:
    codec = TokenCodec(b"x" * 32)
    worst = "C" + "o" * 13
    token = codec.issue("ABCDE", "f" * 32, 7, 36**4 - 1, worst)
    assert len(token) <= 64 and token.isascii()
    grant = codec.read(token)
    assert grant == Grant("ABCDE", 7, 36**4 - 1, worst)
    assert codec.verify(token, grant, "f" * 32)
    assert not codec.verify(token, grant, "another table with the same code")
    assert not TokenCodec(b"y" * 32).verify(token, grant, "f" * 32)
    tampered = token.replace(".C", ".c")
    assert not codec.verify(tampered, codec.read(tampered), "f" * 32)
    for bad in ("", "hello", token[:-3], token + ".x", "A.b.c.d!.eeeeeeeeeeee"):
        with pytest.raises(Malformed):
            codec.read(bad)
    with pytest.raises(ValueError):
        codec.issue("ABCDE", "t", 0, 0, "has a dot.")


def test_the_secret_is_made_once_and_kept_private(tmp_path: Path) -> None:
    first = load_secret(tmp_path)
    assert load_secret(tmp_path) == first and len(first) == 32
    assert (tmp_path / "chat-secret").stat().st_mode & 0o777 == 0o600


async def both_seated() -> tuple[Daemon, FakeChat, Table]:
    daemon, _, chat = await daemon_with_chat()
    await chat.type(ANA, "new euchre", GROUP)
    (table,) = daemon.tables.values()
    await chat.type(BO, f"join {table.code}", GROUP)
    await chat.type(ANA, "start", GROUP)
    return daemon, chat, table


async def on_turn(table: Table, seat: int) -> None:
    for _ in range(200):
        if table.to_move() == seat:
            return
        await asyncio.sleep(0)
    raise AssertionError(f"seat {seat} never came on turn")


def a_move(post: Posted) -> Choice:
    assert post.message.menu is not None
    return next(c for c in post.message.menu.choices() if c.kind in ("move", "spot"))


async def test_a_restarted_layer_remembers_whose_turn_the_board_was_posted_for(
    tmp_path: Path,
) -> None:
    """The board's turn is kept with its message id: after a restart the same
    person on turn edits that board, another person's turn posts a new one."""
    memory = tmp_path / "chat-plain.json"
    daemon, _, chat = await daemon_with_chat(memory=FileChatMemory(memory))
    await chat.type(ANA, "new euchre", GROUP)
    (table,) = daemon.tables.values()
    await chat.type(BO, f"join {table.code}", GROUP)
    await chat.type(ANA, "start", GROUP)
    await on_turn(table, 1)
    await settle()
    board = chat.layer.memory.get(f"msg|{table.id}|board|g")
    assert board is not None

    def update(seat: int) -> PublicUpdate:
        return PublicUpdate(table.ref(), table.view_for(None), (), seat, ())

    restarted = ChatLayer(daemon, PLAIN, secret=SECRET, memory=FileChatMemory(memory))
    (same,) = restarted.deliver(update(1))
    assert isinstance(same, Edit) and same.message_id == board
    restarted = ChatLayer(daemon, PLAIN, secret=SECRET, memory=FileChatMemory(memory))
    (other,) = restarted.deliver(update(0))
    assert isinstance(other, Send) and other.message.mentions == (ANA.user,)
    await daemon.shutdown(0.1)


async def test_a_chance_between_turns_edits_the_board_and_pings_nobody() -> None:
    """Katan's special building phase asks every other seat after each turn:
    asking a person there edits the board without a mention, and their next
    real turn still posts a new board that pings them."""
    daemon, chat, table = await both_seated()
    await on_turn(table, 1)
    await settle()
    board = chat.layer.memory.get(f"msg|{table.id}|board|g")

    def update(seat: int, chance: bool) -> PublicUpdate:
        return PublicUpdate(table.ref(), table.view_for(None), (), seat, (), chance)

    (asked,) = chat.layer.deliver(update(0, chance=True))
    assert isinstance(asked, Edit) and asked.message_id == board
    assert asked.message.mentions == ()
    (turn,) = chat.layer.deliver(update(0, chance=False))
    assert isinstance(turn, Send) and turn.message.mentions == (ANA.user,)
    await daemon.shutdown(0.1)


async def test_someone_elses_menu_is_refused_with_their_own_menu() -> None:
    daemon, chat, table = await both_seated()
    await on_turn(table, 1)
    bos = chat.panel("2")
    (answer,) = await chat.tap(ANA, a_move(bos), bos.id)
    assert FOREIGN.format(owner="Bo") in answer.message.text
    assert answer.to.private
    assert "Your hand" in answer.message.text  # with Ana's own panel (she is waiting)
    assert table.version == chat.layer.tokens.read(a_move(bos).token).version
    stranger = Sender("9", "Cy")
    (answer,) = await chat.tap(stranger, a_move(bos), bos.id)
    assert FOREIGN.format(owner="Bo") in answer.message.text and answer.message.menu is None
    await daemon.shutdown(0.1)


async def test_an_old_menu_is_refused_with_the_current_one() -> None:
    daemon, chat, table = await both_seated()
    await on_turn(table, 1)
    old = chat.panel("2")
    stale = a_move(old)
    # The move is made and the answer is empty: the new position follows as deliveries.
    assert await chat.layer.press(BO, Place("dm-2", private=True), stale.token, old.id) == []
    await settle()
    moved = table.version
    (answer,) = await chat.tap(BO, stale, old.id)
    assert isinstance(answer, Edit) and answer.message_id == old.id
    assert STALE in answer.message.text and table.version == moved
    await on_turn(table, 0)
    anas = chat.panel("1")
    pressed = a_move(anas)
    await chat.tap(ANA, pressed, anas.id)
    (answer,) = await chat.tap(ANA, pressed, anas.id)
    assert STALE in answer.message.text
    if table.to_move() == 0:  # still her turn (a discard after ordering up): a fresh menu
        fresh = a_move(Posted("x", answer.to, answer.message))
        assert chat.layer.tokens.read(fresh.token).version == table.version
    await daemon.shutdown(0.1)


async def test_forged_unreadable_and_gone() -> None:
    daemon, chat, table = await both_seated()
    await on_turn(table, 1)
    panel = chat.panel("2")
    real = a_move(panel)
    mac = real.token.rsplit(".", 1)[1]
    forged = real.token[: -len(mac)] + ("A" if mac[0] != "A" else "B") + mac[1:]
    (answer,) = await chat.tap(BO, Choice(forged, "x", "move"), panel.id)
    assert FORGED in answer.message.text and answer.message.menu is not None
    assert table.to_move() == 1  # nothing was played
    (answer,) = await chat.tap(BO, Choice("garbage", "x", "move"), panel.id)
    assert answer.message.text == UNREADABLE
    other = TokenCodec(b"chat-tests-secret-0123456789abcd").issue("ZZZZZ", "t", 1, 0, "n")
    (answer,) = await chat.tap(BO, Choice(other, "x", "open"), panel.id)
    assert answer.message.text == GONE
    await table.end("over")
    (answer,) = await chat.tap(BO, real, panel.id)
    assert "is over" in answer.message.text and table.status == Status.ABANDONED
    await daemon.shutdown(0.1)


async def test_tokens_and_edits_survive_a_restart(tmp_path: Path) -> None:
    async def start() -> tuple[Daemon, FakeChat]:
        store = SqliteStore(tmp_path / "tables.db")
        await store.open()
        daemon = Daemon(store, policy=QUICK)
        memory = FileChatMemory(tmp_path / "chat-plain.json")
        chat = FakeChat(secret=load_secret(tmp_path), memory=memory)
        await daemon.add_frontend(chat)
        await daemon.resume()
        return daemon, chat

    daemon, chat = await start()
    await chat.type(ANA, "new euchre", GROUP)
    (table,) = daemon.tables.values()
    await chat.type(ANA, "start", GROUP)
    for _ in range(500):
        if table.to_move() == 0:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    panel = chat.panel("1")
    token = a_move(panel)
    boards = [p for p in chat.channel("g") if p.message.picture is not None]
    board_id = boards[-1].id
    await daemon.shutdown(0.5)

    daemon, chat = await start()
    table = daemon.table(table.code)
    version = table.version
    await asyncio.sleep(0.05)
    # The resumed table re-publishes: the board message is edited, not posted again.
    edits = [a for a, _ in chat.actions if getattr(a, "message_id", None) == board_id]
    assert edits, [type(a).__name__ for a, _ in chat.actions]
    await chat.tap(ANA, token, panel.id)
    for _ in range(100):
        if table.version > version:
            break
        await asyncio.sleep(0.01)
    assert table.version > version  # the button pressed before the restart made its move
    await daemon.shutdown(0.5)
