"""Finished tables' records and statistics, the same on SQLite and PostgreSQL."""

from daemon.backends import open_store
from daemon.model import Identity, Origin, Seat, Status, TableMeta
from daemon.store import Tally

ANA = Identity(frontend="discord", user="ana")
BEA = Identity(frontend="discord", user="bea")
CY = Identity(frontend="telegram", user="cy")


def finished(
    table_id: str,
    *,
    community: str,
    game: str = "euchre",
    ended: float,
    seated: dict[int, tuple[Identity, str]],
    winners: list[int],
    code: str = "ABCDE",
) -> TableMeta:
    seats = [Seat() for _ in range(4)]
    for index, (who, name) in seated.items():
        seats[index] = Seat(identity=who, name=name)
    return TableMeta(
        id=table_id,
        code=code,
        name=table_id,
        game=game,
        seed=1,
        origin=Origin(frontend="discord", place="chan", community=community),
        seats=seats,
        status=Status.FINISHED,
        created_at=ended - 100,
        ended_at=ended,
        winners=winners,
    )


async def test_tallies_games_and_latest_table(store_target: str) -> None:
    store = open_store(store_target)
    await store.open()
    tables = [
        finished(
            "t1",
            community="g1",
            ended=10,
            seated={0: (ANA, "Ana"), 1: (BEA, "Bea")},
            winners=[0, 2],
        ),
        finished("t2", community="g1", ended=20, seated={0: (ANA, "Ana2")}, winners=[1, 3]),
        finished(
            "t3",
            community="g2",
            ended=30,
            seated={1: (ANA, "Ana3")},
            winners=[1],
            game="sequence",
            code="FGHIJ",
        ),
        finished("t4", community="g1", ended=40, seated={}, winners=[0]),
    ]
    for meta in tables:  # a code is reused once its table is over
        await store.create_table(meta.model_copy(update={"status": Status.LOBBY, "winners": []}))
        if meta.id == "t1":
            assert await store.tallies("discord") == []  # no result before the end
        await store.save_meta(meta)
    await store.save_meta(tables[0])  # saved again: counted once

    assert await store.tallies("discord", community="g1") == [
        Tally(ANA, "Ana2", "euchre", 2, 1),
        Tally(BEA, "Bea", "euchre", 1, 0),
    ]
    assert await store.tallies("discord", identity=ANA) == [
        Tally(ANA, "Ana2", "euchre", 2, 1),
        Tally(ANA, "Ana3", "sequence", 1, 1),
    ]
    assert await store.tallies("telegram") == []
    assert await store.games_played("discord", "g1") == {"euchre": 2}
    assert await store.games_played("discord", "g2") == {"sequence": 1}
    latest = await store.latest_finished(ANA)
    assert latest is not None and latest.id == "t3"
    assert await store.latest_finished(CY) is None
    assert [m.id for m in await store.by_code("ABCDE")] == ["t4", "t2", "t1"]
    assert await store.by_code("ZZZZZ") == []
    await store.close()
