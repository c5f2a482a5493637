"""Whole Euchre and Sequence games played as the app plays them, against the real daemon.

The client follows NATIVE.md byte for byte (protocol 1 and 2 variants), checks
that every line and every state and move in it decodes with the app's required
fields, drops its link mid-game and comes back by device id, and watches a late
joiner being refused with a reason. Everything stays on 127.0.0.1.
"""

import asyncio
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from native_appjson import STATES, check_state
from native_support import AppClient

from daemon.core import Daemon
from daemon.model import PacingPolicy, StartPolicy, TimerPolicy
from daemon.store import MemoryStore
from frontends.native.host import LATE_JOIN
from frontends.native.lan import LanConfig, LanFrontend, LanTableSpec
from frontends.native.messages import Lobby, Rejected, Start, State, TableConfig, Welcome

DEVICE = "9774d56d682e549c"


def seat_for_device(config: TableConfig, device: str, protocol: int) -> int:
    """The app's seatForDevice (§4.3): G1 matches `peerId`, later ones `deviceId`."""
    for slot in config.seats:
        if (slot.peerId if protocol == 1 else slot.deviceId) == device:
            return slot.seat
    return next((s.seat for s in config.seats if s.kind == "HUMAN_REMOTE"), 0)


@pytest.fixture
async def daemon() -> AsyncIterator[Daemon]:
    made = Daemon(MemoryStore())
    yield made
    await made.shutdown(0.1)


async def lan_table(daemon: Daemon, game: str, options: dict[str, Any]) -> int:
    spec = LanTableSpec(
        game=game,
        name=f"{game} test",
        options=options,
        start=StartPolicy(mode="when_full", humans=1),
    )
    config = LanConfig(
        interfaces=["127.0.0.1"],
        advertise=False,
        tables=[spec],
        pacing=PacingPolicy(think_seconds=0, hold_seconds=0, batch=False),
        timer=TimerPolicy(turn_seconds=None),
        v1_resend_seconds=0.05,
    )
    lan = LanFrontend(config)
    await daemon.add_frontend(lan)
    for _ in range(500):
        if lan.tables:
            return lan.tables[0].port
        await asyncio.sleep(0.01)
    raise AssertionError("no LAN table opened")


async def join(port: int, protocol: int) -> tuple[AppClient, Lobby]:
    client = await AppClient.connect("127.0.0.1", port)
    await client.hello(DEVICE, "Ann", protocol)
    welcome = await client.next()
    assert isinstance(welcome, Welcome) and welcome.accepted and welcome.reason is None
    lobby = await client.next()
    assert isinstance(lobby, Lobby)
    return client, lobby


@pytest.mark.parametrize(
    ("game", "options", "protocol"),
    [
        ("euchre", {"pointsToWin": 5}, 2),
        ("euchre", {"pointsToWin": 5}, 1),
        ("sequence", {}, 2),
        ("sequence", {"sequencesToWin": 1}, 1),
    ],
)
async def test_a_whole_game_as_the_app_plays_it(
    daemon: Daemon, game: str, options: dict[str, Any], protocol: int
) -> None:
    port = await lan_table(daemon, game, options)
    client, lobby = await join(port, protocol)
    STATES[game].model_fields["options"].annotation.model_validate_json(  # type: ignore[union-attr]
        lobby.optionsJson
    )
    mine = [s for s in lobby.seats if s.deviceId == DEVICE]
    assert [(s.kind, s.peerId, s.name) for s in mine] == [("HUMAN_REMOTE", DEVICE, "Ann")]

    start = await client.until("start")
    assert isinstance(start, Start) and start.config.gameId == game and start.config.seed == 0
    seat = seat_for_device(start.config, DEVICE, protocol)
    if protocol == 2:
        await client.resync()  # a G3 match screen asks twice (§1.5)
        await client.resync()

    late = await AppClient.connect("127.0.0.1", port)
    await late.hello("0123456789abcdef", "Zoe", protocol)
    assert await late.next() == Welcome(
        hostName=f"{game} test", gameId=game, accepted=False, reason=LATE_JOIN
    )
    assert await late.closed()

    rng = random.Random(7)
    acted_on = 0
    moves = 0
    reconnected = False
    phase = ""
    for _ in range(50_000):
        message = await client.next()
        assert not isinstance(message, Rejected), message.reason
        if not isinstance(message, State):
            continue
        assert message.yourSeat == seat
        phase = check_state(game, message.stateJson, message.legalMoves)
        if phase == "GAME_OVER":
            break
        if not message.legalMoves or message.seq == acted_on:
            continue
        # Early enough that no game can be over yet: a Sequence needs four chips
        # and a corner, so the AI cannot complete one before our third move.
        if moves == 2 and not reconnected:
            assert sum(isinstance(m, Start) for m in client.received) == 1
            # The phone loses Wi-Fi on its turn and dials the same port again (§1.5).
            await client.close()
            client, lobby = await join(port, protocol)
            assert [s.deviceId for s in lobby.seats].count(DEVICE) == 1
            again = await client.next()
            assert isinstance(again, State) and again.seq == message.seq
            assert again.legalMoves == message.legalMoves
            if protocol == 2:
                await client.resync()
                assert await client.next() == again
            reconnected = True
        acted_on = message.seq
        moves += 1
        await client.intent(rng.choice(message.legalMoves))
    assert phase == "GAME_OVER" and reconnected
    await client.close()
