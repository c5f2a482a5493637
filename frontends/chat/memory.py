"""What the layer remembers between messages: posted message ids and focus.

Editing the public board in place after a restart needs the platform's id of
the message posted before it, and whose turn it was posted for; a person
typing `roll` needs the table they were last at. Both are small, per-chat
facts that are not game state, so they live here rather than in the daemon's
store. `FileChatMemory` keeps them in one JSON file in the state directory,
replaced atomically on every change.
"""

import json
import os
import tempfile
from pathlib import Path


class ChatMemory:
    """In-memory: forgotten on exit (tests, and adapters that do not edit)."""

    def __init__(self) -> None:
        self._values: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self._values.get(key)

    def put(self, key: str, value: str | None) -> None:
        """Set, or with None forget, one value."""
        if value is None:
            if self._values.pop(key, None) is not None:
                self._changed()
        elif self._values.get(key) != value:
            self._values[key] = value
            self._changed()

    def update(self, values: dict[str, str]) -> None:
        """Set many values at once (a table taken over: persisted once)."""
        changed = {k: v for k, v in values.items() if self._values.get(k) != v}
        if changed:
            self._values.update(changed)
            self._changed()

    def forget(self, prefix: str) -> None:
        """Drop every value whose key starts with `prefix` (a finished table's)."""
        gone = [k for k in self._values if k.startswith(prefix)]
        for key in gone:
            del self._values[key]
        if gone:
            self._changed()

    def _changed(self) -> None:
        """Persist after a change (nothing to do in memory)."""


class FileChatMemory(ChatMemory):
    """Kept in a JSON file (`<state_dir>/chat-<platform>.json`), so a restarted
    daemon still edits the messages it posted before."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self._path = Path(path)
        try:
            loaded = json.loads(self._path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            loaded = {}
        except (OSError, ValueError):
            loaded = {}  # a damaged file costs only edits-in-place: post anew
        if isinstance(loaded, dict):
            self._values = {str(k): str(v) for k, v in loaded.items()}

    def _changed(self) -> None:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=self._path.parent, prefix=".chat-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(self._values, out, sort_keys=True)
            os.replace(temp, self._path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
