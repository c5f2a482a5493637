"""The example in docs/engine.md is run as written, so the docs cannot rot."""

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "engine.md"


def test_driving_example_plays_a_game_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    block = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert block is not None
    namespace: dict[str, object] = {}
    exec(compile(block.group(1), str(DOC), "exec"), namespace)
    out = capsys.readouterr().out
    assert "Team" in out and "wins" in out
    assert '"type":"play"' in out
