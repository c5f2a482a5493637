"""Platform limits: long menus paged or put in a select, text split, the send
rate kept, and the memory of posted messages kept across restarts."""

import asyncio
from pathlib import Path

from engine.katan.game import KATAN
from engine.protocol import TableConfig
from frontends.chat import DISCORD, TELEGRAM, ChatMemory, FileChatMemory, RateGate
from frontends.chat.menus import Item, Sheet, lay_out, shorten
from frontends.chat.presenters import presenter_for
from frontends.chat.screens import screen
from frontends.chat.tokens import TokenCodec

CODEC = TokenCodec(b"p" * 32)
NAMES = ("ana", "bo", "cy", "di")


def first_settlement() -> tuple[object, list[object]]:
    state = KATAN.initial_state(TableConfig(game="katan", seed=4))
    view = KATAN.view_for(state, 0)
    return view, KATAN.view_legal_moves(view, 0)


def issue(payload: str) -> str:
    return CODEC.issue("ABCDE", "t", 0, 0, payload)


def test_fifty_four_spots_are_a_select_on_discord_and_pages_on_telegram() -> None:
    view, legal = first_settlement()
    presenter = presenter_for("katan")
    assert len(legal) == 54
    shown = screen(presenter, view, 0, legal, NAMES, DISCORD, issue)
    assert len(shown.menu.select) == 25 and shown.menu.pages == 3
    assert [c.number for c in shown.menu.select] == sorted(c.number for c in shown.menu.select)
    paging = [c for row in shown.menu.rows for c in row]
    assert [c.kind for c in paging] == ["page"]
    numbers = set()
    pages = 0
    payload = "n"
    while payload:
        shown = screen(presenter, view, 0, legal, NAMES, TELEGRAM, issue, payload)
        pages += 1
        assert not shown.menu.select
        numbers |= {c.number for c in shown.menu.choices() if c.kind == "spot"}
        forward = [c for c in shown.menu.choices() if c.kind == "page" and c.label.endswith("▸")]
        payload = CODEC.read(forward[0].token).payload if forward else ""
    assert pages == shown.menu.pages > 1
    assert numbers == {m[1] for m in legal}


def test_labels_are_shortened_and_rows_respect_the_width() -> None:
    assert shorten("Offer 2 wool, 1 brick for 1 ore to everyone", 20) == "Offer 2 wool, 1 bri…"
    items = [Item(f"A long label number {i}", "move", f"m{i}") for i in range(6)]
    menu = lay_out(Sheet("t", [items]), TELEGRAM, 1, issue, lambda n: "n")
    assert all(len(row) == 1 for row in menu.rows)
    assert all(len(c.label) <= TELEGRAM.label_length for c in menu.choices())


def test_the_rate_gate_spreads_a_burst() -> None:
    now = [0.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    gate = RateGate(3, now=lambda: now[0], sleep=sleep)

    async def burst() -> None:
        for _ in range(4):
            await gate.wait("chat")
        await gate.wait("other chat")

    asyncio.run(burst())
    assert slept == [60.0]
    assert gate.delay("other chat") == 0.0


def test_file_memory_survives_and_tolerates_damage(tmp_path: Path) -> None:
    path = tmp_path / "chat.json"
    memory = FileChatMemory(path)
    memory.put("msg|t|board|g", "42")
    memory.put("focus|1", "ABCDE")
    memory.put("focus|1", None)
    again = FileChatMemory(path)
    assert again.get("msg|t|board|g") == "42" and again.get("focus|1") is None
    path.write_text("{not json", encoding="utf-8")
    assert FileChatMemory(path).get("msg|t|board|g") is None
    plain = ChatMemory()
    plain.put("k", "v")
    assert plain.get("k") == "v"
