"""Babel extractors for texts kept in data files rather than in code.

A Seafarers map file names its `title` and one-line `description`, which the
lobby shows when a table is set up; they are said with `_()` where they are
shown, and extracted here, so a new map's texts reach the catalogs (and their
test) the way a wrapped string does. `babel.cfg` names this extractor for the
map files.
"""

import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any, Final

SHOWN_KEYS: Final = ("title", "description")
"""The keys of a map file people read."""


def maps(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str, list[str]]]:
    """(line, function, message, comments) for each shown key of one map
    file, as Babel's extraction API expects of an extractor."""
    raw = fileobj.read()
    found = tomllib.loads(raw.decode("utf-8"))
    lines = raw.decode("utf-8").splitlines()
    for key in SHOWN_KEYS:
        value = found.get(key)
        if not isinstance(value, str):
            continue
        line = next((n for n, text in enumerate(lines, 1) if text.startswith(f"{key} =")), 1)
        yield line, "_", value, []
