"""Discord's faults: REST 429s and 5xx answers, dropped gateway connections.

discord.py retries REST faults itself and RESUMEs a dropped gateway; these
tests show it does so against the fake (which keeps gateway sessions, replays
what a resumed session missed, and answers 429/5xx on demand or at a seeded
rate), that the frontend's own pieces hold (a quicker re-identify, a press
that arrived too late dropped rather than half-done, bounded memories), and
that a whole game at a 10% fault rate ends with every turn notified, nothing
posted twice and nothing lost.
"""

import itertools
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from discord_fake import Faults, Interaction, Request
from discord_world import (
    Person,
    World,
    eventually,
    open_and_start,
    play_to_the_end,
    quiet,
    world,
)

from daemon.model import Actor, Identity
from daemon.table import replay_step
from frontends.chat import Edit, Message, Picture, Send, Slot, Target
from frontends.chat.boards import Boards
from frontends.chat.layer import ChatLayer
from frontends.discord import DiscordFrontend, DiscordOptions
from frontends.discord.client import IDENTIFY_SPACING, PlgamesClient
from renderers.words import spoken

pytestmark = pytest.mark.timeout(120)

PNG = b"\x89PNG\r\n\x1a\n" + b"board"


def frontend(here: World) -> DiscordFrontend:
    assert here.frontend is not None
    return here.frontend


def calls_to(here: World, part: str) -> list[Request]:
    return [r for r in here.fake.requests if part in r.path]


async def help_asked(here: World, person: Person) -> Interaction:
    """A slash command, the simplest interaction there is."""
    return await person.slash(here.channel, "help")


# ---- REST: discord.py retries 429s and 5xx answers ------------------------------------------


async def test_rest_429s_and_5xx_answers_are_retried_by_discord_py(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        fake, fe = here.fake, frontend(here)
        to = Target("channel", chat=here.channel.id)
        where = f"/channels/{here.channel.id}/messages"
        fake.fail(where, "429")
        fake.fail(where, "5xx")
        posted = await fe.perform(Send(to, Message("kept")), None)
        assert posted is not None
        assert [r.status for r in calls_to(here, where)] == [
            429,
            calls_to(here, where)[1].status,
            200,
        ]
        assert calls_to(here, where)[1].status >= 500
        assert [m.content for m in fake.public_messages(here.channel)] == ["kept"]

        # The acknowledgement of an interaction too: one 5xx costs discord.py a
        # one-second pause, within Discord's three.
        fake.fail("/callback", "5xx")
        asked = await help_asked(here, Person(here, fake.add_user("ana")))
        assert asked.response is not None and not asked.failed
        assert [r.status >= 500 for r in calls_to(here, "/callback")] == [True, False]
        assert fake.violations == []


# ---- the gateway: RESUME, and identifying again ---------------------------------------------


async def test_a_dropped_gateway_resumes_and_gets_what_it_missed(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        fake = here.fake
        ana = Person(here, fake.add_user("ana"))
        (session,) = fake.sessions.values()
        fake.hold_resumes.clear()  # the gateway comes back slowly
        await fake.drop()
        await fake.until(lambda: fake.resumes_asked == 1)
        # Pressed while the bot is away: Discord keeps it for the session.
        asked = await fake.slash(ana.user, here.channel, "plgames", "help")
        assert session.socket is None and asked.response is None
        fake.hold_resumes.set()
        await fake.until(lambda: asked.response is not None)
        await fake.until(lambda: asked.original is not None and not asked.original.loading)
        assert (fake.identifies, fake.resumed, fake.invalidated) == (1, 1, 0)
        assert session.resumes == 1 and session.socket is not None
        assert fake.violations == []
        assert not (await help_asked(here, ana)).failed, "and the session goes on"


async def test_a_session_that_cannot_resume_identifies_again_soon(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """discord.py waits a flat 5 s before identifying again; the frontend waits
    Discord's random 1-5 s (here drawn as 1.5) unless the IDENTIFY limit needs more."""
    options = {"jitter": lambda low, high: 1.5}
    async with world(tmp_path, client_options=options) as here:
        fake = here.fake
        ana = Person(here, fake.add_user("ana"))
        frontend(here).client._identified -= 60  # the last IDENTIFY was long ago
        with caplog.at_level(logging.INFO, "plgames.discord"):
            await fake.drop(resumable=False)
            await fake.until(lambda: fake.identifies == 2, timeout=20)
        assert (fake.resumes_asked, fake.invalidated) == (1, 1)
        waits = [r.getMessage() for r in caplog.records if "identifying again" in r.getMessage()]
        assert waits == ["discord: identifying again in 1.5s"]
        await eventually(lambda: frontend(here).ready)
        assert not (await help_asked(here, ana)).failed


async def test_identifying_again_keeps_discords_limit(tmp_path: Path) -> None:
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    fe = DiscordFrontend(DiscordOptions(token="x"), secret=b"s" * 32)
    client = PlgamesClient(fe, jitter=lambda low, high: high if slept else low, sleep=sleep)
    await client.before_identify_hook(None, initial=True)
    await client.before_identify_hook(None)  # right after the last IDENTIFY
    assert slept and IDENTIFY_SPACING - 0.5 < slept[0] <= IDENTIFY_SPACING
    client._identified -= 60
    await client.before_identify_hook(None)  # long after: the jitter alone
    assert slept[1] == 5.0
    await client.close()


async def test_a_press_that_arrives_too_late_is_dropped_and_a_second_press_works(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A press queued behind an outage longer than 3 s cannot be acknowledged:
    Discord has told the person it failed, so nothing is done for it."""
    async with world(tmp_path) as here:
        fake = here.fake
        ana, bo = (Person(here, fake.add_user(name)) for name in ("ana", "bo"))
        await ana.slash(here.channel, "new", game="euchre")
        thread = await eventually(
            lambda: next((c for c in fake.channels.values() if c.type == 11), 0)
        )
        (lobby,) = await eventually(lambda: fake.public_messages(thread))
        join = next(
            c for row in lobby.components for c in row["components"] if c.get("label") == "Join"
        )
        fake.hold_resumes.clear()
        await fake.drop()
        await fake.until(lambda: fake.resumes_asked == 1)
        late = await fake.click(bo.user, lobby, join["custom_id"])
        here.later(4.0)  # the outage lasts past Discord's three seconds
        with caplog.at_level(logging.WARNING, "plgames.discord"):
            fake.hold_resumes.set()
            await fake.until(lambda: late.failed)
            await eventually(
                lambda: any("refused to acknowledge" in r.getMessage() for r in caplog.records)
            )
        table = here.table()
        assert table.seat_of(Identity(frontend="discord", user=bo.user.id)) is None
        assert len(fake.violations) == 1 and "acknowledged after 4." in fake.violations[0]
        await bo.press(lobby, "Join")
        await eventually(lambda: table.seat_of(Identity(frontend="discord", user=bo.user.id)))


# ---- bounded memories -------------------------------------------------------------------------


async def test_what_the_frontend_remembers_is_bounded_and_forgetting_is_harmless(
    tmp_path: Path,
) -> None:
    async with world(tmp_path, remembered=2) as here:
        fake, fe = here.fake, frontend(here)
        to = Target("channel", chat=here.channel.id)
        board = Message("board", picture=Picture("k1", "the board", lambda: PNG))
        first = await fe.perform(Send(to, board), None)
        for n in range(3):
            await fe.perform(Send(to, Message(f"news {n}")), None)
        assert first is not None and len(fe.delivery._shown) == 2
        assert int(first) not in fe.delivery._shown
        # The board, forgotten, is still edited in place; its picture goes up again.
        again = Message("board, turn 2", picture=Picture("k1", "the board", lambda: PNG))
        assert await fe.perform(Edit(to, first, again), None) == first
        shown = fake.messages[first]
        assert shown.content == "board, turn 2" and [a.data for a in shown.attachments] == [PNG]

        # Private panels sent by DM: forgetting where one is means sending it anew.
        users = [fake.add_user(f"p{n}") for n in range(3)]
        for user in users:
            slot = Slot("t1", "panel", user.id)
            await fe.perform(Send(Target("direct", user=user.id), Message("panel"), slot), None)
        assert len(fe.delivery._panels) == 2 and ("t1", users[0].id) not in fe.delivery._panels
        slot = Slot("t1", "panel", users[0].id)
        sent = await fe.perform(
            Send(Target("direct", user=users[0].id), Message("yours"), slot), None
        )
        assert sent is not None and fake.messages[sent].content == "yours"
        assert fake.violations == []


# ---- a whole game at a 10% fault rate -------------------------------------------------------


def pinged(request: Request) -> list[str]:
    """The users a message request notifies (Discord pings only those allowed)."""
    body = request.body or {}
    return [str(u) for u in (body.get("allowed_mentions") or {}).get("users", [])]


async def test_a_whole_game_at_a_ten_percent_fault_rate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    faults = Faults(rate=0.10, drops=0.10, seed=11)
    handled: list[tuple[int, bool]] = []
    """(version, whether the game was over) of each public update the chat
    layer handled: one handled after the end pings nobody, by design."""
    board = Boards.show

    def recorded(self: Boards, table: Any, update: Any, to: Any, where: str) -> Any:
        handled.append((update.table.version, table.game.is_finished(table.state)))
        return board(self, table, update, to, where)

    monkeypatch.setattr(Boards, "show", recorded)
    async with world(tmp_path, faults=faults) as here:
        fake = here.fake
        people, thread = await open_and_start(here, "euchre", points=2)
        await play_to_the_end(here, people, thread)
        table = here.table()
        result = spoken(str(table.meta.result), ChatLayer._names(table))
        await eventually(lambda: any(result in m.content for m in fake.public_messages(thread)))
        # And whatever is still being retried: discord.py waits 1 + 2·tries
        # seconds before retrying a 5xx, so a request faulted twice in a row is
        # retried 3 s later, and three times, 5 s later.
        await quiet(here, still=6)

        # Faults of both kinds, and drops, all weathered by resuming.
        assert {r.fault for r in fake.faulted} == {"429", "5xx"}
        assert fake.resumed >= 3 and fake.identifies == 1, "every dropped connection resumed"
        requests = fake.requests
        failed = {i.token for i in fake.interactions.values() if i.failed}
        for r in fake.faulted:
            if any(token in r.path for token in failed):
                continue  # acknowledged too late after its own faults: pressed again
            later = requests[requests.index(r) + 1 :]
            same = [x for x in later if (x.method, x.path, x.body) == (r.method, r.path, r.body)]
            assert any(x.status < 300 for x in same), f"{r.method} {r.path} never went through"
        for interaction in fake.interactions.values():
            if interaction.failed:  # only after two or more faults on its own acknowledgement
                tries = [r for r in requests if f"/{interaction.id}/" in r.path and r.fault]
                assert len(tries) >= 2, f"interaction {interaction.id} failed without cause"
            else:
                assert interaction.response is not None, "every interaction acknowledged"
        assert all("acknowledged after" in v for v in fake.violations)
        assert len(fake.violations) == len(failed)

        # Every turn notified: a new board in the table's thread pinging the
        # person, for each turn they came to after someone else's (an edit
        # notifies nobody), up to the last update the layer handled before
        # the game was over.
        assert here.daemon is not None
        steps = await here.daemon.store.steps(table.id)
        state = table.game.initial_state(table.config)
        states = [state]
        for step in steps:
            state = replay_step(table.game, state, step).state
            states.append(state)
        seats = {table.seat_of(Identity(frontend="discord", user=p.user.id)): p for p in people}
        turns = {p.user.id: 0 for p in people}
        before = None
        seen = max(version for version, over in handled if not over)
        for state in states[: seen + 1]:
            seat = None if table.game.is_finished(state) else table.game.to_move(state)
            if seat in seats:
                if seat != before:
                    turns[seats[seat].user.id] += 1
                before = seat
        board = f"/channels/{thread.id}/messages"
        posts = [
            r for r in requests if r.status < 300 and r.method == "POST" and r.path.endswith(board)
        ]
        told = {p.user.id: sum(p.user.id in pinged(r) for r in posts) for p in people}
        assert all(told[user] >= count for user, count in turns.items()), (told, turns)
        assert sum(turns.values()) >= 4

        # Nothing done twice: each person's move was made once, and a retry
        # never posted the same message twice in a row.
        assert sum(step.actor == Actor.HUMAN for step in steps) == sum(p.moves for p in people)
        bodies = [json.dumps(r.body, sort_keys=True) for r in posts]
        assert all(a != b for a, b in itertools.pairwise(bodies)), "a post made twice"
