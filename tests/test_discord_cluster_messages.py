"""The ids of a table's messages follow the table across daemons (issue 19).

A chat frontend's board, lobby and panels are edited in place; with several
daemons, the one serving a table stores their ids (and a Discord ephemeral
panel's token) through its router, and the daemon that takes the table over
loads them (`Router.taking`), so it edits the same messages. Only the lease
holder may store them: a daemon that lost the table cannot overwrite what
the new holder posted. The end-to-end case (a takeover editing the board
the old holder posted) is in test_discord_cluster.py.
"""

import asyncio
from typing import Any

from test_daemon_leases import daemon_store, expire, meta

from daemon.metrics import Metrics
from daemon.routing import Router


def router(url: str, name: str) -> Router:
    return Router(url, name, handle=lambda request: asyncio.sleep(0, {}), metrics=Metrics())


async def test_only_the_holder_stores_a_tables_messages_and_they_end_with_it(pg_url: str) -> None:
    a, b = await daemon_store(pg_url, "a"), await daemon_store(pg_url, "b")
    ra, rb = router(pg_url, "a"), router(pg_url, "b")
    try:
        await a.create_table(meta("t1"))
        token = {"application": 1, "token": "itk", "until": 2.0}
        ra.remember("discord", ("t1", "board", "c1", "m1", None))
        ra.remember("discord", ("t1", "board", "c1", "m2", None))  # the board posted anew
        ra.remember("discord", ("t1", "panel", "u1", "m3", token))
        rb.remember("discord", ("t1", "board", "c1", "b-stale", None))  # b does not hold t1
        await ra.flush()
        await rb.flush()
        stored = [
            ("t1", "board", "c1", "m2", None),
            ("t1", "panel", "u1", "m3", token),
        ]
        assert sorted(await rb.recall("discord", ["t1"])) == stored
        assert await rb.recall("telegram", ["t1"]) == []

        # a stalls, b takes t1 over and loads its messages first; a's late
        # write (it has not noticed yet) is refused, b's own are stored
        loaded: list[list[str]] = []

        async def broken(table_ids: list[str]) -> None:
            raise RuntimeError("a frontend failing to load")

        async def load(table_ids: list[str]) -> None:
            loaded.append(table_ids)

        rb.adopting += [broken, load]
        expire(pg_url, "a")
        claimed = [t.meta.id for t in await b.claim()]
        await rb.taking(claimed)
        assert loaded == [["t1"]]  # the broken frontend did not stop the other
        ra.remember("discord", ("t1", "board", "c1", "a-late", None))
        rb.remember("discord", ("t1", "board", "c1", "m4", None))
        await ra.flush()
        await rb.flush()
        boards: list[Any] = [p for p in await ra.recall("discord", ["t1"]) if p[1] == "board"]
        assert boards == [("t1", "board", "c1", "m4", None)]

        await rb.forget_posted("t1")  # the table ended
        assert await ra.recall("discord", ["t1"]) == []
    finally:
        for each in (ra, rb):
            await each.stop()
        await a.close()
        await b.close()
