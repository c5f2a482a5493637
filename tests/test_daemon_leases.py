"""Table leases on PostgreSQL: one daemon per table, takeovers, fencing (issue 19)."""

import asyncio

import psycopg
import pytest

from daemon.core import Daemon
from daemon.metrics import Metrics
from daemon.model import (
    Actor,
    Origin,
    PacingPolicy,
    Seat,
    StepKind,
    StepRecord,
    TableMeta,
    TablePolicy,
    TimerPolicy,
)
from daemon.postgres_store import LeaseLost, PostgresStore
from daemon.routing import Router

LEASE = 60.0
"""Long enough never to run out by itself on a busy machine: a daemon's death
or stall is played by `expire`."""
QUIET = TablePolicy(
    pacing=PacingPolicy(think_seconds=0, hold_seconds=0), timer=TimerPolicy(turn_seconds=None)
)


def meta(table_id: str, frontend: str = "discord") -> TableMeta:
    return TableMeta(
        id=table_id,
        code=table_id[:5].upper(),
        name=table_id,
        game="euchre",
        seed=1,
        origin=Origin(frontend=frontend),
        seats=[Seat() for _ in range(4)],
        created_at=0.0,
    )


def step(ply: int) -> StepRecord:
    return StepRecord(ply=ply, kind=StepKind.ADVANCE, actor=Actor.HOST, at=float(ply))


async def daemon_store(url: str, name: str) -> PostgresStore:
    store = PostgresStore(url, owner=name, lease_seconds=LEASE, pool_size=2)
    await store.open()
    return store


def expire(url: str, owner: str) -> None:
    """`owner` stopped renewing a lease period ago (it died, or stalls)."""
    with psycopg.connect(url) as conn:
        conn.execute(
            "UPDATE leases SET expires_at = now() - interval '1 second' WHERE owner = %s", (owner,)
        )


def plies(url: str, table_id: str) -> list[int]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT ply FROM steps WHERE table_id = %s ORDER BY ply", (table_id,))
        return [p for (p,) in rows]


async def test_a_takeover_fences_the_old_holder(pg_url: str) -> None:
    a, b = await daemon_store(pg_url, "a"), await daemon_store(pg_url, "b")
    await a.create_table(meta("t1"))
    await a.append_step("t1", step(0), None)
    assert await b.claim() == []  # a holds it
    with pytest.raises(LeaseLost):
        await b.append_step("t1", step(1), None)  # b never claimed it
    expire(pg_url, "a")  # a stalls past its lease
    [taken] = await b.claim()
    assert taken.meta.id == "t1" and [s.ply for s in taken.steps] == [0]
    with pytest.raises(LeaseLost, match="another daemon"):
        await a.append_step("t1", step(1), None)  # woke up: refused, nothing written
    with pytest.raises(LeaseLost):
        await a.save_meta(meta("t1"))
    assert plies(pg_url, "t1") == [0]
    assert await a.renew() == set() and a.held == set()
    await b.append_step("t1", step(1), None)
    assert await b.renew() == set() and b.held == {"t1"}
    assert plies(pg_url, "t1") == [0, 1]
    await a.close()
    await b.close()


async def test_a_restart_takes_its_own_tables_back_at_once(pg_url: str) -> None:
    a = await daemon_store(pg_url, "a")
    await a.create_table(meta("t1"))
    await a.create_table(meta("lan1", frontend="native"))
    await a._pool.close()  # type: ignore[union-attr]  # SIGKILL: nothing released
    b = await daemon_store(pg_url, "b")
    assert await b.claim() == []  # not expired yet
    again = await daemon_store(pg_url, "a")
    assert {t.meta.id for t in await again.load_open()} == {"t1", "lan1"}
    await again._pool.close()  # type: ignore[union-attr]
    expire(pg_url, "a")
    # Expired: b takes the chat table, never the LAN one (its phones are on a's network).
    assert [t.meta.id for t in await b.claim()] == ["t1"]
    last = await daemon_store(pg_url, "a")
    assert [t.meta.id for t in await last.claim()] == ["lan1"]
    await b.close()
    await last.close()


async def test_a_table_being_created_is_not_claimed_again(pg_url: str) -> None:
    """A claim that runs while this daemon creates a table (committed, the
    epoch not yet noted) leaves it alone: only a restart takes its own back."""
    a = await daemon_store(pg_url, "a")
    assert await a.claim() == []
    creating = await daemon_store(pg_url, "a")  # the same daemon, its create in flight
    await creating.create_table(meta("t1"))
    assert await a.claim() == []
    await creating.append_step("t1", step(0), None)  # its epoch is still the lease's
    assert plies(pg_url, "t1") == [0]
    await creating._pool.close()  # type: ignore[union-attr]
    await a.close()


async def test_claims_at_once_share_the_tables(pg_url: str) -> None:
    first = await daemon_store(pg_url, "first")
    ids = [f"t{i}" for i in range(40)]
    for table_id in ids:
        await first.create_table(meta(table_id))
    await first.close()  # a clean stop: its leases expire now
    stores = [await daemon_store(pg_url, name) for name in ("a", "b", "c")]
    got: list[str] = []
    for _ in range(5):  # rounds, as the lease keepers do: a table lost to another is skipped
        claimed = await asyncio.gather(*(s.claim(15) for s in stores))
        assert all(len(found) <= 15 for found in claimed)
        got += [t.meta.id for found in claimed for t in found]
    assert len(got) == len(set(got)) == 40  # all of them, each by one daemon
    assert sorted(got) == sorted(set().union(*(s.held for s in stores)))
    for store in stores:
        await store.close()


async def test_a_join_code_names_one_open_table_across_daemons(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = iter(["SAME1", "SAME1", "OTHER", "SAME1"])
    monkeypatch.setattr("daemon.core.new_join_code", lambda taken: next(drawn))
    first = Daemon(await daemon_store(pg_url, "a"), policy=QUIET)
    second = Daemon(await daemon_store(pg_url, "b"), policy=QUIET)
    assert (await first.open_table("euchre", origin=Origin(frontend="x"))).code == "SAME1"
    # The second daemon does not hold SAME1 but the database refuses it: it draws again.
    assert (await second.open_table("euchre", origin=Origin(frontend="x"))).code == "OTHER"
    ended = first.table("SAME1")
    await ended.end()
    reused = await second.open_table("euchre", origin=Origin(frontend="x"))
    assert reused.code == "SAME1"  # an ended table's code is free again
    await first.shutdown()
    await second.shutdown()


async def test_a_request_for_a_table_between_daemons_is_told_to_try_again(pg_url: str) -> None:
    a = await daemon_store(pg_url, "a")
    await a.create_table(meta("t1"))
    router = Router(pg_url, "b", handle=lambda request: asyncio.sleep(0, {}), metrics=Metrics())
    await router.start()
    assert await router.forward({"cmd": "show", "code": "NOPE"}, "control") is None
    expire(pg_url, "a")  # a died: its lease ran out, nobody took the table yet
    answer = await router.forward({"cmd": "show", "code": "T1"}, "control")
    assert answer is not None and "moving to another host" in answer["error"]
    await router.stop()
    await a.close()
