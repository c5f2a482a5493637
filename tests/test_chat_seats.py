"""Who opened a table, invites answered in the joiner's own chat, notices for
tables opened in a DM, and private panels after a re-join or `hand`."""

import asyncio
from typing import Any

import pytest
from chat_support import QUICK, FakeChat, daemon_with_chat

from daemon.clock import FakeClock, settle
from daemon.core import Daemon
from daemon.model import Identity, Status
from daemon.store import MemoryStore
from daemon.table import Table
from frontends.chat import ChatMemory, Outgoing, Place, Sender
from frontends.chat.layer import ChatLayer

ANA = Sender("1", "Ana")
BO = Sender("2", "Bo")
CY = Sender("3", "Cy")
GROUP = Place("g")
SEED = 20240611


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("daemon.core.secrets.randbits", lambda bits: SEED)


def dm(person: Sender) -> Place:
    return Place(f"dm-{person.user}", private=True)


async def opened(chat: FakeChat, daemon: Daemon, line: str, place: Place = GROUP) -> Table:
    await chat.type(ANA, line, place)
    (table,) = [t for t in daemon.tables.values() if t.status == Status.LOBBY]
    return table


async def test_the_opener_is_the_tables_creator_and_alone_may_end_it() -> None:
    daemon, _, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    assert table.meta.creator == Identity(frontend="plain", user=ANA.user)
    await chat.type(BO, f"join {table.code}", GROUP)
    # The layer's own memory is not what decides: a fresh one (a restart
    # without a memory file) still knows who opened the table.
    chat.layer.memory = ChatMemory()
    answer = await chat.type(BO, "end game", GROUP)
    assert "Only the person who opened" in answer[0].message.text
    assert table.status == Status.LOBBY
    await chat.type(ANA, "end game", GROUP)
    assert table.status == Status.ABANDONED
    await daemon.shutdown(0.1)


async def test_a_table_without_a_stored_creator_falls_back_to_the_memory() -> None:
    daemon, _, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    table.meta.creator = None  # stored before tables remembered their creator
    layer: ChatLayer = chat.layer
    layer.memory.put(f"creator|{table.id}", ANA.user)
    await chat.type(BO, f"join {table.code}", GROUP)
    await chat.type(BO, "end game", GROUP)
    assert table.status == Status.LOBBY
    await chat.type(ANA, "end game", GROUP)
    assert table.status == Status.ABANDONED
    await daemon.shutdown(0.1)


class SlowChat(FakeChat):
    """A platform whose posts take a while (a network round trip), so
    deliveries are handled while a reply is still being posted."""

    async def perform(self, action: Outgoing, context: Any) -> str | None:
        await asyncio.sleep(0.02)
        return await super().perform(action, context)


async def test_new_posts_one_lobby_even_when_posting_is_slow() -> None:
    daemon = Daemon(MemoryStore(), clock=FakeClock(), policy=QUICK)
    chat = SlowChat()
    await daemon.add_frontend(chat)
    table = await opened(chat, daemon, "new euchre")
    await asyncio.sleep(0.1)
    lobbies = [p for p in chat.channel("g") if "join code" in p.message.text]
    assert len(lobbies) == 1, [p.message.text for p in lobbies]
    assert "1: Ana" in lobbies[0].message.text
    await chat.type(BO, f"join {table.code}", GROUP)
    await asyncio.sleep(0.1)
    lobbies = [p for p in chat.channel("g") if "join code" in p.message.text]
    assert len(lobbies) == 1 and "Bo" in lobbies[0].message.text
    await daemon.shutdown(0.1)


async def test_the_lobby_text_carries_no_markup() -> None:
    """Backticks would show as is where the adapter escapes its text."""
    daemon, _, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    (lobby,) = [p for p in chat.channel("g") if "join code" in p.message.text]
    assert f'"join {table.code}"' in lobby.message.text
    assert "`" not in lobby.message.text
    await daemon.shutdown(0.1)


async def test_a_join_in_a_dm_is_answered_there_with_the_lobby_kept_current() -> None:
    daemon, _, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    answer = await chat.type(BO, f"join {table.code}", dm(BO))
    assert "You sit in seat 2." in answer[0].message.text
    (lobby,) = chat.direct(BO.user)
    assert table.code in lobby.message.text
    assert "1: Ana" in lobby.message.text and "2: Bo" in lobby.message.text
    assert "Bo joins the table." in lobby.message.text
    assert lobby.message.menu is not None
    await chat.type(CY, f"join {table.code}", dm(CY))
    assert "3: Cy" in chat.posted[lobby.id].message.text  # Bo's copy was edited
    assert chat.direct(BO.user) == [lobby]
    # A join where the lobby is shown gets no extra message.
    group_before = len(chat.channel("g"))
    await chat.type(CY, "leave", GROUP)
    await chat.type(CY, f"join {table.code}", GROUP)
    assert len(chat.channel("g")) == group_before
    assert len(chat.direct(CY.user)) == 1
    await daemon.shutdown(0.1)


async def test_a_table_opened_in_a_dm_tells_everyone_seated_when_it_starts_and_ends() -> None:
    daemon, _, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre", dm(ANA))
    for person in (BO, CY):
        await chat.type(person, f"join {table.code}", dm(person))
    await chat.type(BO, "start", dm(BO))
    assert table.status == Status.PLAYING
    await chat.type(ANA, "end game", dm(ANA))
    assert table.status == Status.ABANDONED
    for person in (BO, CY):
        texts = [p.message.text for p in chat.direct(person.user)]
        assert f"{table.meta.name}: The game begins." in texts
        assert f"{table.meta.name}: Ended by Ana." in texts
    # Ana's DM is the table's chat: she is told there, once.
    ana = [p.message.text for p in chat.direct(ANA.user) + chat.channel(dm(ANA).chat)]
    assert ana.count(f"{table.meta.name}: The game begins.") == 1
    assert ana.count(f"{table.meta.name}: Ended by Ana.") == 1
    assert chat.layer.memory.get(f"dm|{table.id}") is None
    await daemon.shutdown(0.1)


async def test_a_group_table_still_tells_only_its_group() -> None:
    daemon, _, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    await chat.type(BO, f"join {table.code}", GROUP)
    await chat.type(BO, "start", GROUP)
    await chat.type(ANA, "end game", GROUP)
    begins = f"{table.meta.name}: The game begins."
    assert all(p.message.text != begins for p in chat.direct(BO.user))
    assert any(p.message.text == begins for p in chat.channel("g"))
    await daemon.shutdown(0.1)


async def off_turn(table: Table, clock: FakeClock, seat: int) -> None:
    """Run the table until someone other than `seat` is to move."""
    for _ in range(200):
        await settle()
        if table.to_move() not in (None, seat):
            return
        await clock.advance(1)
    raise AssertionError("the seat was always on turn")


async def test_rejoin_and_hand_post_the_panel_off_turn() -> None:
    daemon, clock, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    await chat.type(BO, f"join {table.code}", GROUP)
    await chat.type(BO, "start", GROUP)
    await chat.type(BO, "leave", GROUP)
    await off_turn(table, clock, 1)
    before = len(chat.direct(BO.user))
    answer = await chat.type(BO, f"join {table.code}", GROUP)
    assert "back in seat 2" in answer[0].message.text
    await settle()
    after = chat.direct(BO.user)[before:]
    panels = [p for p in after if p.message.picture is not None]
    assert panels, [p.message.text for p in after]
    assert "Waiting for" in panels[-1].message.text  # someone else's turn
    # `hand` off turn: the panel again, privately.
    await off_turn(table, clock, 1)
    answer = await chat.type(BO, "hand", GROUP)
    assert answer and answer[0].to.private and answer[0].message.picture is not None
    await daemon.shutdown(0.1)


async def test_seats_are_counted_from_1_and_a_seat_out_of_range_is_refused() -> None:
    daemon, _, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    for said in ("0", "5"):
        answer = await chat.type(BO, f"join {table.code} {said}", dm(BO))
        assert answer[0].message.text == f"There is no seat {said}; the seats are 1 to 4."
    assert table.seat_of(Identity(frontend="plain", user=BO.user)) is None
    taken = await chat.type(BO, f"join {table.code} 1", dm(BO))
    assert taken[0].message.text == "Ana is taken."
    answer = await chat.type(BO, f"join {table.code} 4", dm(BO))
    assert "You sit in seat 4." in answer[0].message.text
    assert table.seat_of(Identity(frontend="plain", user=BO.user)) == 3
    await daemon.shutdown(0.1)


async def test_a_code_of_digits_only_is_read_as_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    # One code in about 900 is all digits: `join CODE`, with a seat or not,
    # still names the table, and a lone small number is still a seat.
    monkeypatch.setattr("daemon.core.new_join_code", lambda taken: "23456")
    daemon, _, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    assert table.code == "23456"
    answer = await chat.type(BO, "join 23456 3", dm(BO))
    assert "You sit in seat 3." in answer[0].message.text, answer[0].message.text
    answer = await chat.type(CY, "join 23456", dm(CY))
    assert "You sit in seat 2." in answer[0].message.text, answer[0].message.text
    answer = await chat.type(CY, "join 9", dm(CY))
    assert answer[0].message.text == "There is no seat 9; the seats are 1 to 4."
    await daemon.shutdown(0.1)


async def test_a_late_join_through_an_invite_gets_its_seat_and_panel() -> None:
    daemon, clock, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    await chat.type(ANA, "start", GROUP)
    await off_turn(table, clock, 1)
    answer = await chat.type(BO, f"join {table.code} 2", dm(BO))
    assert table.seat_of(Identity(frontend="plain", user=BO.user)) == 1
    assert "You sit in seat 2" in answer[0].message.text
    await settle()
    assert any(p.message.picture is not None for p in chat.direct(BO.user))
    await daemon.shutdown(0.1)
