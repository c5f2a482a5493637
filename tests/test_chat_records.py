"""The end of a game in chat (summary, rematch, record) and what finished
games add up to (stats, leaderboard), against a real daemon core on a fake
clock; and `plgames table export` / `plgames replay` on the same records."""

import asyncio
import json
import re
import threading
from pathlib import Path

import pytest
from chat_support import QUICK, FakeChat, Posted, choice

from daemon import cli
from daemon.clock import FakeClock, settle
from daemon.control import ControlServer
from daemon.core import Daemon
from daemon.model import ExpiryPolicy, Status
from daemon.records import Record, Story, tell
from daemon.sqlite_store import SqliteStore
from daemon.store import MemoryStore, Store
from daemon.table import Table
from frontends.chat import Place, Send, Sender
from frontends.chat.memory import FileChatMemory

ANA = Sender("1", "Ana")
BO = Sender("2", "Bo")
GROUP = Place("g")
SEATS = {"katan": 3, "euchre": 4, "sequence": 2}
# The games here are played by the AI after everyone leaves, on a fake clock
# advanced a second at a time; with SQLite the writes run in a thread, so under
# load many fake seconds can pass per move. The tables must not be closed as
# abandoned meanwhile (expiry is tested in test_daemon_tables.py).
POLICY = QUICK.model_copy(update={"expiry": ExpiryPolicy(idle_seconds=0)})


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same games every run."""
    monkeypatch.setattr("daemon.core.secrets.randbits", lambda bits: 20240611)


async def started(store: Store, memory: Path | None = None) -> tuple[Daemon, FakeClock, FakeChat]:
    clock = FakeClock()
    daemon = Daemon(store, clock=clock, policy=POLICY)
    # The chat's own policy, not the daemon's, is what its tables get.
    chat = FakeChat(memory=FileChatMemory(memory) if memory else None, policy=POLICY)
    await daemon.add_frontend(chat)
    await daemon.resume()
    return daemon, clock, chat


async def finished_game(
    daemon: Daemon, clock: FakeClock, chat: FakeChat, game: str = "sequence"
) -> Table:
    """Ana and Bo open a table in the group, start, and let the AI play
    their seats (`leave` mid-game) to the end."""
    await chat.type(ANA, f"new {game} seats={SEATS[game]}", GROUP)
    (table,) = [t for t in daemon.tables.values() if t.status == Status.LOBBY]
    await chat.type(BO, f"join {table.code}", GROUP)
    await chat.type(ANA, "start", GROUP)
    await chat.type(ANA, f"leave {table.code}", GROUP)
    await chat.type(BO, f"leave {table.code}", GROUP)
    for _ in range(3000):
        if table.status == Status.FINISHED:
            break
        await clock.advance(1)
        await settle()
    await settle()
    assert table.status == Status.FINISHED
    # The summary reads the game's record from the store; SQLite answers from
    # its own thread, in real time rather than loop rounds.
    for _ in range(1000):
        if summaries(chat, table):
            break
        await asyncio.sleep(0.01)
    return table


def summaries(chat: FakeChat, table: Table) -> list[Posted]:
    return [
        p
        for p in chat.channel(GROUP.chat)
        if p.message.text.startswith(f"{table.meta.name} is over")
    ]


def summary_of(chat: FakeChat, table: Table) -> Posted:
    (post,) = summaries(chat, table)
    return post


async def test_a_finished_game_is_summed_up_on_its_final_board() -> None:
    daemon, clock, chat = await started(MemoryStore())
    table = await finished_game(daemon, clock, chat, "katan")
    post = summary_of(chat, table)
    text = post.message.text
    assert post.edits == 1  # the final board became the summary: one message, not two
    assert post.message.picture is not None and post.message.closes
    winner = table.meta.winners[0]
    names = chat.layer._names(table)
    # Katan's points by what made them, the winner first, adding up to the target.
    first = text.splitlines()[1]
    assert first.startswith(f"{names[winner]}: 10 points (")
    assert "settlements" in first or "cities" in first
    points = sum(int(p.rsplit(" ", 1)[1]) for p in first.split("(", 1)[1].rstrip(")").split(", "))
    assert points == 10
    assert " turns (" in text and " moves) in " in text and " rolls" in text
    assert "Time on their moves: Ana " in text and "Bo " in text
    assert [c.label for c in post.message.menu.choices()] == ["Rematch", "Game record"]  # type: ignore[union-attr]
    assert str(table.meta.seed) not in text


async def test_the_summary_s_replay_leaves_the_event_loop_to_other_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The record is replayed in a worker thread: while it runs, another
    coroutine (standing for every other table) keeps taking turns on the loop.
    The replay waits, bounded, for the loop to turn; on the loop itself it
    would wait alone and see no turn."""
    turns = [0]
    replaying = threading.Event()
    turned = threading.Event()
    seen: list[tuple[bool, int]] = []

    async def other_table() -> None:
        while True:
            turns[0] += 1
            if replaying.is_set():
                turned.set()
            await asyncio.sleep(0)

    def watched(record: Record) -> Story:
        before = turns[0]
        replaying.set()
        story = tell(record)
        seen.append((turned.wait(10.0), turns[0] - before))
        replaying.clear()
        return story

    monkeypatch.setattr("frontends.chat.summary.tell", watched)
    daemon, clock, chat = await started(MemoryStore())
    other = asyncio.create_task(other_table())
    try:
        table = await finished_game(daemon, clock, chat, "katan")
    finally:
        other.cancel()
    assert summary_of(chat, table).message.text.startswith(f"{table.meta.name} is over.")
    ((loop_turned, interleaved),) = seen
    assert loop_turned and interleaved > 0


async def test_euchre_and_sequence_summaries_give_the_team_scores() -> None:
    for game, words in (("euchre", ("Blue", "Orange", "hands", "tricks")), ("sequence", ("Blue",))):
        daemon, clock, chat = await started(MemoryStore())
        table = await finished_game(daemon, clock, chat, game)
        text = summary_of(chat, table).message.text
        assert all(word in text for word in words), text


async def test_rematch_seats_the_same_people_and_a_second_press_points_at_it() -> None:
    daemon, clock, chat = await started(MemoryStore())
    table = await finished_game(daemon, clock, chat)
    post = summary_of(chat, table)
    said = await chat.tap(BO, choice(post, "Rematch"), post.id)
    (new,) = [t for t in daemon.tables.values() if t.status == Status.LOBBY]
    assert new.meta.game == table.meta.game and new.meta.options == table.meta.options
    assert new.meta.origin == table.meta.origin and new.meta.creator == table.meta.seats[1].identity
    assert [s.identity for s in new.meta.seats] == [s.identity for s in table.meta.seats]
    assert [s.name for s in new.meta.seats] == ["Ana", "Bo"]
    assert any(f"join code {new.code}" in a.message.text for a in said)
    lobby = chat.channel(GROUP.chat)[-1].message.text
    assert new.code in lobby and "Ana" in lobby and "Bo" in lobby
    again = await chat.tap(ANA, choice(post, "Rematch"), post.id)
    assert [t for t in daemon.tables.values() if t.status == Status.LOBBY] == [new]
    assert any("already open" in a.message.text and new.code in a.message.text for a in again)
    stranger = Sender("9", "Cy")
    refused = await chat.tap(stranger, choice(post, "Rematch"), post.id)
    assert any("Only the people who played" in a.message.text for a in refused)


async def test_rematch_and_record_buttons_work_after_a_restart(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "tables.db")
    await store.open()
    daemon, clock, chat = await started(store, tmp_path / "chat.json")
    table = await finished_game(daemon, clock, chat)
    post = summary_of(chat, table)
    rematch, record = choice(post, "Rematch"), choice(post, "Game record")
    await daemon.shutdown()

    store = SqliteStore(tmp_path / "tables.db")
    await store.open()
    daemon, clock, chat = await started(store, tmp_path / "chat.json")
    assert table.meta.id not in daemon.tables  # only the store knows the finished table
    said = await chat.tap(ANA, record)
    (sent,) = [a for a in said if a.message.file is not None]
    assert Record.model_validate_json(sent.message.file.data).meta.id == table.meta.id  # type: ignore[union-attr]
    said = await chat.tap(ANA, rematch)
    (new,) = [t for t in daemon.tables.values() if t.status == Status.LOBBY]
    assert [s.identity for s in new.meta.seats] == [s.identity for s in table.meta.seats]
    assert (await store.by_code(table.code))[-1].rematch == new.id
    await daemon.shutdown()


async def test_stats_and_leaderboard_count_finished_games() -> None:
    daemon, clock, chat = await started(MemoryStore())
    table = await finished_game(daemon, clock, chat)
    winner = table.meta.winners[0]
    won, lost = (ANA, BO) if winner == 0 else (BO, ANA)
    (mine,) = await chat.type(won, "stats", GROUP)
    assert mine.message.text.splitlines() == [
        f"{won.name}: 1 won of 1 (100%)",
        "  Sequence: 1 won of 1 (100%)",
    ]
    (theirs,) = await chat.type(lost, "/stats sequence")
    assert theirs.message.text.startswith(f"{lost.name}: 0 won of 1 (0%)")
    (board,) = await chat.type(lost, "leaderboard", GROUP)
    assert board.message.text.splitlines() == [
        "Leaderboard (all games); games finished here: Sequence 1",
        f"1. {won.name}: 1 won of 1 (100%)",
        f"2. {lost.name}: 0 won of 1 (0%)",
    ]
    (elsewhere,) = await chat.type(ANA, "leaderboard", Place("other"))
    assert elsewhere.message.text == "No game has finished here yet."
    (private,) = await chat.type(ANA, "leaderboard")
    assert "ask there" in private.message.text
    (nobody,) = await chat.type(Sender("9", "Cy"), "stats", GROUP)
    assert nobody.message.text == "Cy has finished no game here yet."
    (bad,) = await chat.type(ANA, "stats chess", GROUP)
    assert "There is no game 'chess'" in bad.message.text


async def test_record_is_sent_after_the_end_and_refused_before_it() -> None:
    daemon, clock, chat = await started(MemoryStore())
    await chat.type(ANA, "new euchre", GROUP)
    (playing,) = [t for t in daemon.tables.values() if t.status == Status.LOBBY]
    await chat.type(ANA, "start", GROUP)
    (refused,) = await chat.type(ANA, f"record {playing.code}", GROUP)
    assert refused.message.file is None
    assert refused.message.text == (
        f"{playing.meta.name} ({playing.code}) is still playing: its record is kept once "
        "the game ends, because it shows every hand and the seed."
    )
    (none,) = await chat.type(BO, "record", GROUP)
    assert none.message.text.startswith("You have not finished a game yet")
    await playing.end("Ended for the test.")
    table = await finished_game(daemon, clock, chat)
    (sent,) = await chat.type(BO, "record", GROUP)
    assert isinstance(sent, Send) and sent.message.file is not None
    assert sent.message.file.filename == f"{table.code}-record.json"
    record = Record.model_validate_json(sent.message.file.data)
    assert record.meta.id == table.meta.id and record.meta.seed == table.meta.seed
    assert len(record.steps) == table.version
    assert f"plgames replay {table.code}-record.json" in sent.message.text
    (unknown,) = await chat.type(BO, "record ZZZZZ", GROUP)
    assert unknown.message.text == "There is no table 'ZZZZZ'."


async def test_export_and_replay_print_every_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SqliteStore(tmp_path / "tables.db")
    await store.open()
    daemon, clock, chat = await started(store)
    socket = tmp_path / "control.sock"
    control = ControlServer(daemon, socket)
    await control.start()
    await chat.type(ANA, "new euchre", GROUP)
    (playing,) = [t for t in daemon.tables.values() if t.status == Status.LOBBY]
    base = ["--socket", str(socket)]
    early = tmp_path / "early.json"
    with pytest.raises(SystemExit, match="is still lobby: its record is kept once the game ends"):
        await asyncio.to_thread(
            cli.main, ["table", "export", playing.code, *base, "-o", str(early)]
        )
    assert not early.exists()
    await playing.end("Ended for the test.")
    table = await finished_game(daemon, clock, chat)
    path = tmp_path / "game.json"
    capsys.readouterr()
    done = await asyncio.to_thread(
        cli.main, ["table", "export", table.meta.id, *base, "-o", str(path)]
    )
    assert done == 0
    assert f"wrote {path}" in capsys.readouterr().out
    await control.stop()
    await daemon.shutdown()

    steps = json.loads(path.read_text())["steps"]
    assert cli.main(["replay", str(path), "--all"]) == 0
    shown = capsys.readouterr().out
    assert shown.count("\nStep ") == len(steps) == table.version
    assert f"seed {table.meta.seed}" in shown
    assert "Sequence, app board:" in shown  # the board after each move
    assert "[to Ana] You draw" in shown  # after the end, hidden draws are shown, marked
    assert re.match(r"End: (Blue|Orange) wins\.", shown.rstrip().splitlines()[-1])
    answers = iter(["", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert cli.main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.count("\nStep ") == 2  # Enter showed one more; q stopped

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}')
    with pytest.raises(SystemExit, match="is not a plgames record"):
        cli.main(["replay", str(bad)])
