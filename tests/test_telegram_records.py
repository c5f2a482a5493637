"""The end of a game on Telegram, through the real bot and the fake Bot API:
the group's final board becomes the summary (its caption edited), the
Rematch button opens the same seats again after a restart, and `/stats`,
`/leaderboard` and `/record` answer from the store (the record as a
document, refused with the reason while the game is on)."""

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from telegram_fake import Message
from telegram_support import Host, hosted

from daemon.model import Status
from daemon.records import Record


async def until(check: Callable[[], object], what: str) -> None:
    """Poll: a table's state may change with no request for the fake to see."""
    async with asyncio.timeout(30):
        while not check():
            await asyncio.sleep(0.01)
    assert check(), what


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    async with hosted(tmp_path) as running:
        yield running


async def test_summary_rematch_after_restart_stats_and_record(host: Host) -> None:
    fake = host.fake
    ana, bo = fake.user("Ana"), fake.user("Bo")
    group = fake.group("Game night", ana, bo)
    for person in (ana, bo):
        fake.say(person, "/start")
    fake.say(ana, "/new sequence", group)
    await until(lambda: host.daemon is not None and host.daemon.tables, "a table")
    assert host.daemon is not None
    (table,) = host.daemon.tables.values()
    fake.say(bo, f"/join {table.code}", group)
    await until(lambda: all(s.identity for s in table.meta.seats), "both seated")
    fake.say(ana, f"/record {table.code}", group)
    refused = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if "record is kept" in str(m.text)), None),
        what="the refusal",
    )
    assert "is still lobby" in str(refused.text) and refused.document is None
    fake.say(ana, "/begin", group)
    await until(lambda: table.status == Status.PLAYING, "the start")
    for person in (ana, bo):
        fake.say(person, f"/leave {table.code}", group)

    def summary() -> Message | None:
        return next((m for m in fake.shown(group) if " is over. " in str(m.caption)), None)

    over = await fake.wait_for(summary, what="the summary", timeout=60)
    await fake.settled()
    # The final board, posted at the end, became the summary: its caption was edited.
    edits = [r.method for r in fake.requests if r.message_id == over.message_id and r.ok]
    assert over.photo is not None and edits[0] == "sendPhoto" and "editMessageCaption" in edits
    assert [b["text"] for b in over.buttons] == ["Rematch", "Game record"]
    assert "Time on their moves: Ana" in str(over.caption)
    assert str(table.meta.seed) not in str(over.caption)

    await host.restart()
    fake.press(bo, over, over.button("Rematch"))
    new_lobby = await fake.wait_for(
        lambda: next(
            (
                m
                for m in fake.shown(group)
                if "join code" in str(m.text) and table.code not in str(m.text)
            ),
            None,
        ),
        what="the rematch's lobby",
    )
    assert host.daemon is not None
    (new,) = [t for t in host.daemon.tables.values() if t.status == Status.LOBBY]
    seated = [s.identity for s in table.meta.seats]
    await until(lambda: [s.identity for s in new.meta.seats] == seated, "the same seats")
    assert new.code in str(new_lobby.text)

    winner = table.meta.seats[table.meta.winners[0]].name
    fake.say(ana, "/stats", group)
    fake.say(bo, "/leaderboard", group)
    fake.say(bo, "/record", group)
    board = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if "Leaderboard" in str(m.text)), None),
        what="the leaderboard",
    )
    assert str(board.text).splitlines()[1] == f"1. {winner}: 1 won of 1 (100%)"
    mine = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if str(m.text).startswith("Ana: ")), None),
        what="Ana's stats",
    )
    assert "Sequence:" in str(mine.text)
    sent = await fake.wait_for(
        lambda: next((m for m in fake.shown(group) if m.document is not None), None),
        what="the record",
    )
    assert sent.document is not None
    name, data = sent.document
    assert name == f"{table.code}-record.json"
    assert Record.model_validate_json(data).meta.id == table.meta.id
    assert not fake.unanswered()
