"""The LAN host's protocol flow (NATIVE.md §4) over real loopback TCP, on a toy game."""

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from native_support import QUICK, AppClient, register_nim

from daemon.core import Daemon
from daemon.model import Identity, Origin
from daemon.store import MemoryStore
from daemon.table import Table
from frontends.native.host import (
    IN_USE,
    LATE_JOIN,
    LONG_DEVICE_ID,
    NAME_LIMIT,
    NO_DEVICE_ID,
    ONE_SEAT,
    LanHost,
    seat_name,
)
from frontends.native.link import LinkLimits
from frontends.native.messages import (
    DIFFERENT_VERSION,
    NOT_LEGAL,
    NOT_SEATED,
    NOT_YOUR_TURN,
    TABLE_FULL,
    UNREADABLE_MOVE,
    Hello,
    Lobby,
    Resync,
    Start,
    State,
    Welcome,
)
from frontends.native.tcp import TcpListener


@dataclass
class Served:
    daemon: Daemon
    table: Table
    host: LanHost
    listener: TcpListener
    clients: list[AppClient]

    async def client(self) -> AppClient:
        client = await AppClient.connect("127.0.0.1", self.listener.port)
        self.clients.append(client)
        return client

    async def seated(self, device: str, name: str, protocol: int = 2) -> AppClient:
        client = await self.client()
        await client.hello(device, name, protocol)
        welcome = await client.until("welcome")
        assert welcome.accepted, welcome.reason
        return client


async def serve(options: dict[str, Any] | None = None, limits: LinkLimits | None = None) -> Served:
    daemon = Daemon(MemoryStore(), policy=QUICK)
    table = await daemon.open_table(
        "nim", origin=Origin(frontend="native"), options=options or {"counters": 7}, seats=2
    )
    host = LanHost(table, name="Pi", limits=limits or LinkLimits(), v1_resend_delay=0.05)
    listener = TcpListener(host, ["127.0.0.1"])
    await listener.start()
    return Served(daemon, table, host, listener, [])


async def stop(served: Served) -> None:
    for client in served.clients:
        await client.close()
    served.host.close()
    await served.listener.close()
    await served.daemon.shutdown(0.1)


@pytest.fixture(autouse=True)
def nim(monkeypatch: pytest.MonkeyPatch) -> None:
    register_nim(monkeypatch)


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    made = await serve()
    yield made
    await stop(made)


async def test_a_newcomer_is_welcomed_and_everyone_gets_the_lobby(served: Served) -> None:
    ann = await served.seated("dev-ann", "Ann")
    assert (await ann.until("lobby")).seats[0].name == "Ann"
    bob = await served.client()
    await bob.hello("dev-bob", "Bob", 1)
    assert await bob.next() == Welcome(hostName="Pi", gameId="nim", accepted=True, reason=None)
    lobby = await bob.next()
    assert isinstance(lobby, Lobby)
    assert [(s.name, s.kind, s.peerId, s.deviceId) for s in lobby.seats] == [
        ("Ann", "HUMAN_REMOTE", "dev-ann", "dev-ann"),
        ("Bob", "HUMAN_REMOTE", "dev-bob", "dev-bob"),
    ]
    assert lobby.optionsJson == '{"counters":7}'
    assert await ann.until("lobby") == lobby


async def test_an_unknown_version_is_refused_with_the_apps_text(served: Served) -> None:
    client = await served.client()
    await client.hello("dev", "Zed", 3)
    welcome = await client.next()
    assert welcome == Welcome(hostName="Pi", gameId="nim", accepted=False, reason=DIFFERENT_VERSION)
    assert await client.closed()


async def test_a_full_table_refuses_with_the_apps_text(served: Served) -> None:
    await served.seated("a", "Ann")
    await served.seated("b", "Bob")
    carl = await served.client()
    await carl.hello("c", "Carl")
    assert (await carl.next()).reason == TABLE_FULL  # type: ignore[union-attr]
    assert await carl.closed()


async def test_an_app_client_is_refused_where_the_app_cannot_play() -> None:
    served = await serve({"counters": 60})
    client = await served.client()
    await client.hello("dev", "Ann")
    assert (await client.next()).reason == "The app cannot play Nim with more than 50 counters."  # type: ignore[union-attr]
    terminal = await served.client()
    await terminal.send_line(
        '{"t":"hello","peerId":"t","displayName":"T","protocol":2,"client":"plgames-terminal"}'
    )
    assert (await terminal.next()).accepted  # type: ignore[union-attr]
    await stop(served)


async def test_start_then_states_with_legal_moves_only_for_the_seat_on_the_clock(
    served: Served,
) -> None:
    ann = await served.seated("a", "Ann")
    bob = await served.seated("b", "Bob")
    await served.table.start()
    start = await ann.until("start")
    assert isinstance(start, Start) and start.config.seed == 0
    assert start == await bob.until("start")
    first = await ann.next()
    assert isinstance(first, State)
    assert (first.seq, first.yourSeat, first.legalMoves) == (
        1,
        0,
        ['{"type":"take","n":1}', '{"type":"take","n":2}'],
    )
    assert first.stateJson == '{"pile":7,"turn":0,"seats":2}'
    assert (await bob.until("state")).legalMoves == []
    await ann.intent('{"type":"take","n":2}')
    after = await ann.until("state")
    assert (after.seq, after.legalMoves) == (2, [])
    assert (await bob.until("state")).legalMoves == [
        '{"type":"take","n":1}',
        '{"type":"take","n":2}',
    ]


async def test_the_four_rejections(served: Served) -> None:
    ann = await served.seated("a", "Ann")
    bob = await served.seated("b", "Bob")
    stranger = await served.client()
    await served.table.start()
    await ann.until("state")
    await stranger.intent('{"type":"take","n":1}')
    assert (await stranger.next()).reason == NOT_SEATED  # type: ignore[union-attr]
    await ann.intent('{"type":"jump"}')
    assert (await ann.until("rejected")).reason == UNREADABLE_MOVE
    await bob.intent('{"type":"take","n":1}')
    assert (await bob.until("rejected")).reason == NOT_YOUR_TURN
    await ann.intent('{"type":"take","n":3}')
    assert (await ann.until("rejected")).reason == NOT_LEGAL


async def test_resync_answers_with_the_current_state_and_seq(served: Served) -> None:
    ann = await served.seated("a", "Ann")
    await served.seated("b", "Bob")
    await ann.resync()  # before the deal: ignored, the first publish will come
    await served.table.start()
    first = await ann.until("state")
    await ann.resync()
    assert await ann.next() == first


async def test_a_v1_link_gets_the_first_state_again_after_start(served: Served) -> None:
    ann = await served.seated("a", "Ann", protocol=1)
    await served.table.start()
    await ann.until("start")
    first = await ann.next()
    assert await ann.next() == first


async def test_a_dropped_phone_comes_back_by_device_id_and_gets_every_push(
    served: Served,
) -> None:
    ann = await served.seated("a", "Ann")
    bob = await served.seated("b", "Bob")
    await served.table.start()
    await ann.until("state")
    await bob.until("state")
    await bob.close()
    back = await served.seated("b", "Bob")
    lobby = await back.next()
    assert isinstance(lobby, Lobby) and lobby.seats[1].deviceId == "b"
    assert (await back.next()).yourSeat == 1  # type: ignore[union-attr]
    await ann.intent('{"type":"take","n":1}')
    assert (await back.until("state")).legalMoves  # pushed to the new link


async def test_hello_and_resync_in_one_read_get_the_reseat_state_then_the_resync_one(
    served: Served,
) -> None:
    """A G3 phone back from a drop sends both at once (NATIVE.md §4.6, §4.9 steps 4, 7)."""
    ann = await served.seated("a", "Ann")
    await served.seated("b", "Bob")
    await served.table.start()
    first = await ann.until("state")
    await ann.close()
    back = await served.client()
    await back.send_line(
        Hello(peerId="a", displayName="Ann", protocol=2).encode() + "\n" + Resync().encode()
    )
    assert (await back.next()).accepted  # type: ignore[union-attr]
    assert isinstance(await back.next(), Lobby)
    assert await back.next() == first  # the re-seat state
    # Pings come every 5 s, so bound the wait rather than each read.
    assert await asyncio.wait_for(back.next(), 10) == first  # the answer to resync


@pytest.mark.parametrize("protocol", [1, 2])
async def test_a_live_seat_is_not_taken_by_another_link_naming_its_device(
    served: Served, protocol: int
) -> None:
    ann = await served.seated("a", "Ann", protocol)
    reading = asyncio.create_task(ann.until("state"))  # a phone that is there answers pings
    thief = await served.client()
    await thief.hello("a", "Mallory")  # every device id is in the lobby
    assert await thief.next() == Welcome(hostName="Pi", gameId="nim", accepted=False, reason=IN_USE)
    assert await thief.closed()
    await served.table.start()
    assert (await reading).yourSeat == 0  # the owner kept its seat and link
    assert served.table.meta.seats[0].name == "Ann"


async def test_a_seat_whose_v1_link_went_quiet_is_taken_back_by_its_device() -> None:
    served = await serve(limits=LinkLimits(silence_limit=0.2))
    old = await served.seated("a", "Ann", protocol=1)  # v1: never pinged, so it stays open
    await asyncio.sleep(0.5)  # nothing heard for longer than the silence limit
    back = await served.seated("a", "Ann")
    assert await old.closed()
    await served.table.start()
    assert (await back.until("state")).yourSeat == 0
    await stop(served)


async def test_a_seat_whose_v2_link_does_not_answer_a_ping_is_taken_back_at_once() -> None:
    """The phone changed networks: the daemon still holds its old link
    half-open, heard from seconds ago, but nothing answers there any more."""
    served = await serve(limits=LinkLimits(probe_timeout=0.2))
    old = await served.seated("a", "Ann")  # and then reads nothing: no pong
    back = await served.seated("a", "Ann")
    assert await old.closed()
    await served.table.start()
    assert (await back.until("state")).yourSeat == 0
    await stop(served)


async def test_one_link_holds_one_seat(served: Served) -> None:
    ann = await served.seated("a", "Ann")
    await ann.until("lobby")
    await ann.hello("ghost", "Ghost")
    refusal = await ann.until("welcome")
    assert (refusal.accepted, refusal.reason) == (False, ONE_SEAT)
    assert [s.identity for s in served.table.meta.seats] == [
        Identity(frontend="native", user="a"),
        None,
    ]
    await served.table.start()
    assert (await ann.until("state")).yourSeat == 0  # still its own link


@pytest.mark.parametrize(
    ("device", "reason"), [("", NO_DEVICE_ID), ("   ", NO_DEVICE_ID), ("d" * 65, LONG_DEVICE_ID)]
)
async def test_a_missing_or_overlong_device_id_is_refused(
    served: Served, device: str, reason: str
) -> None:
    client = await served.client()
    await client.hello(device, "Ann")
    assert (await client.next()).reason == reason  # type: ignore[union-attr]
    assert await client.closed()
    assert all(s.identity is None for s in served.table.meta.seats)


async def test_names_are_cleaned_and_capped_so_the_lobby_line_stays_small(
    served: Served,
) -> None:
    await served.seated("a", "N" * 40_000)
    eve = await served.seated("e", "\x1b[2J Eve\n\tthe\x07  Great")
    lobby = await eve.until("lobby")
    assert [s.name for s in lobby.seats] == ["N" * NAME_LIMIT, "[2J Eve the Great"]
    assert len(lobby.encode()) < 1024
    assert seat_name(" \x00 ") == "Player"


async def test_a_late_joiner_is_refused_with_a_reason(served: Served) -> None:
    await served.seated("a", "Ann")
    await served.table.start()
    late = await served.client()
    await late.hello("z", "Zoe")
    assert (await late.next()).reason == LATE_JOIN  # type: ignore[union-attr]
    assert await late.closed()


async def test_one_bad_link_does_not_disturb_the_table(served: Served) -> None:
    ann = await served.seated("a", "Ann")
    vandal = await served.seated("v", "Vic")
    await vandal.send_line(b"\xc3\x28" + b"y" * (80 * 1024))
    assert await vandal.closed()
    await served.table.start()
    assert (await ann.until("state")).legalMoves


async def test_the_host_knows_when_the_table_has_ended(served: Served) -> None:
    ann = await served.seated("a", "Ann")
    await served.table.start()
    for _ in range(10):
        state = await ann.until("state")
        if state.legalMoves:
            await ann.intent(state.legalMoves[-1])
        if '"pile":0' in state.stateJson:
            break
    await asyncio.wait_for(served.host.ended.wait(), 5)


async def test_after_the_end_a_returning_phone_sees_the_result_and_a_stranger_is_refused(
    served: Served,
) -> None:
    ann = await served.seated("a", "Ann")
    await served.table.start()
    for _ in range(10):
        state = await ann.until("state")
        if '"pile":0' in state.stateJson:
            break
        if state.legalMoves:
            await ann.intent(state.legalMoves[-1])
    await ann.close()
    back = await served.client()
    await back.hello("a", "Ann")
    assert (await back.next()).accepted  # type: ignore[union-attr]
    assert (await back.until("state")).stateJson == state.stateJson
    stranger = await served.client()
    await stranger.hello("z", "Zoe")
    assert (await stranger.next()).reason == "This table has ended."  # type: ignore[union-attr]
