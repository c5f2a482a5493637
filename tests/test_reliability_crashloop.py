"""Issue 13, "Crash loop in the suite": ten SIGKILLs of a real `plgames serve`
while phones play on the LAN and scripted people over the admin socket, and
not one acknowledged move lost (`make soak` runs the long version, with
Telegram people too; docs/RELIABILITY.md)."""

import random
from pathlib import Path

from crashloop import Phone, crash_loop, lan_lost, stored


async def test_ten_sigkills_while_phones_play_lose_nothing(tmp_path: Path) -> None:
    state = tmp_path / "state"
    figures = await crash_loop(state, kills=10, play=(0.15, 0.5))
    assert figures.kills == 10
    assert figures.lost == []
    assert figures.lan_acked > 0, "the phones made moves"
    assert figures.admin_acked > 0, "the scripted people made moves"
    assert figures.resumed > 0, "kills landed mid-game"
    # The check would have seen a loss: a move no log holds is reported.
    code = next(iter(stored(state / "plgames.db")))
    phantom = Phone("phantom", "X", "Soak euchre", 0, state / "control.sock", random.Random(0))
    phantom.acked.append((code, 0, '{"type":"never"}'))
    assert lan_lost(state / "plgames.db", [phantom]) == [
        f'phantom at {code} seat 0: {{"type":"never"}}'
    ]
