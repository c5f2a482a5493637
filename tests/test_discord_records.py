"""The end of a game on Discord, through the real client and the fake: the
final board in the table's thread becomes the summary, the thread is
archived, and after a restart the Rematch button opens the same seats again
there (the thread opens again as Discord does when it gets a message);
`/plgames stats`, `leaderboard` and `record` answer from the store."""

from pathlib import Path

from discord_fake import Message
from discord_world import Person, World, eventually, quiet, world

from daemon.model import Status
from daemon.records import Record
from daemon.table import Table


def summary(here: World, thread_id: str) -> Message | None:
    return next(
        (
            m
            for m in here.fake.public_messages(here.fake.channels[thread_id])
            if " is over. " in m.content
        ),
        None,
    )


def reply_text(done: object) -> str:
    return "\n".join(m.content for m in done.replies)  # type: ignore[attr-defined]


async def test_summary_archive_rematch_after_restart_and_stats(tmp_path: Path) -> None:
    async with world(tmp_path) as here:
        fake = here.fake
        ana = Person(here, fake.add_user("ana"))
        bo = Person(here, fake.add_user("bo"))
        await ana.slash(here.channel, "new", game="sequence")
        thread = await eventually(
            lambda: next((c for c in fake.channels.values() if c.type == 11), 0)
        )
        lobby = (await eventually(lambda: fake.public_messages(thread)))[0]
        await bo.press(lobby, "Join")
        table: Table = here.table()
        await eventually(lambda: sum(s.identity is not None for s in table.meta.seats) == 2)
        early = await ana.slash(thread, "record", code=table.code)
        assert "is still lobby: its record is kept once the game ends" in reply_text(early)
        await ana.press(lobby, "Start")
        await eventually(lambda: table.status == Status.PLAYING)
        for person in (ana, bo):  # the AI finishes the game for them
            await person.slash(thread, "leave")
        await eventually(lambda: table.status == Status.FINISHED, timeout=60)
        over = await eventually(lambda: summary(here, thread.id))
        await eventually(lambda: fake.channels[thread.id].archived)
        await quiet(here)
        assert over.edits >= 1 and over.attachments  # the final board, edited into the summary
        assert [c["label"] for row in over.components for c in row["components"]] == [
            "Rematch",
            "Game record",
        ]
        assert "Blue" in over.content and "Time on their moves: ana" in over.content
        archived = [r for r in fake.requests if r.method == "PATCH" and r.path.endswith(thread.id)]
        assert [r.body for r in archived] == [{"archived": True}]
        assert str(table.meta.seed) not in over.content

        await here.halt()
        await here.boot()
        assert here.daemon is not None and table.meta.id not in here.daemon.tables
        await bo.press(over, "Rematch")
        new = await eventually(
            lambda: next((t for t in here.daemon.tables.values() if t.status == Status.LOBBY), None)
        )
        seated = [s.identity for s in table.meta.seats]
        await eventually(lambda: [s.identity for s in new.meta.seats] == seated)
        assert new.meta.origin == table.meta.origin  # the same thread
        lobby = await eventually(
            lambda: next(
                (m for m in fake.public_messages(thread) if f"join code {new.code}" in m.content),
                None,
            )
        )
        assert not fake.channels[thread.id].archived  # Discord reopens a thread that gets a message
        assert "ana" in lobby.content and "bo" in lobby.content

        winner = table.meta.seats[table.meta.winners[0]].name
        stats = await ana.slash(here.channel, "stats")
        assert reply_text(stats).startswith("ana: ")
        board = await bo.slash(here.channel, "leaderboard")
        assert reply_text(board).splitlines()[:2] == [
            "Leaderboard (all games); games finished here: Sequence 1",
            f"1. {winner}: 1 won of 1 (100%)",
        ]
        record = await ana.slash(here.channel, "record", code=table.code)
        (sent,) = [m for m in record.replies if m.attachments]
        (file,) = sent.attachments
        assert file.filename == f"{table.code}-record.json"
        assert Record.model_validate_json(file.data).meta.id == table.meta.id
        assert not fake.violations
