"""The compact JSON the mobile app writes, so our bytes equal its bytes, and
the one way every decoder reads JSON from outside.

kotlinx.serialization emits no whitespace, keys in declaration order and every
non-ASCII character raw; `json.dumps` on dicts built in declaration order with
these arguments reproduces it exactly (NATIVE.md §2.1).

`json.loads` recurses once per nesting level, so a line of a few thousand `[`
raises `RecursionError`, which no decoder expects. `loads` measures the
nesting first and refuses anything deeper than any real message as an ordinary
`ValueError`, which every decoder already answers with its normal reason.
"""

import json
import re
from typing import Any, Final

MAX_DEPTH: Final = 32
"""Far deeper than anything the app, the CLI or a chat platform writes (a
move is 2 deep, a lobby 3), and far below the interpreter's recursion limit."""

_BRACKET: Final = re.compile(r'["\[\]{}]')
_STRING_TAIL: Final = re.compile(r'(?:[^"\\]++|\\.)*+"', re.DOTALL)
"""The rest of a JSON string after its opening quote, possessive so that it
never backtracks: one pass over the text however it is built."""


class TooDeep(ValueError):
    """JSON nested deeper than `MAX_DEPTH`: refused before it is decoded."""


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether `text` nests arrays and objects more than `limit` deep; brackets
    inside strings do not count. Text that is not JSON may get either answer,
    and then fails in the decoder as it would have."""
    if text.count("[") + text.count("{") <= limit:
        return False  # every real message: too few brackets to go deeper, no scan
    level = 0
    pos = 0
    while (found := _BRACKET.search(text, pos)) is not None:
        char = found.group()
        pos = found.end()
        if char == '"':
            tail = _STRING_TAIL.match(text, pos)
            if tail is None:
                return False  # an unterminated string: the decoder says so
            pos = tail.end()
        elif char in "[{":
            level += 1
            if level > limit:
                return True
        else:
            level -= 1
    return False


def loads(text: str | bytes | bytearray, max_depth: int = MAX_DEPTH) -> Any:
    """`json.loads`, refusing nesting deeper than `max_depth` with `TooDeep`."""
    if isinstance(text, bytes | bytearray):
        text = text.decode(json.detect_encoding(text), "surrogatepass")  # as json.loads does
    if isinstance(text, str) and too_deep(text, max_depth):
        raise TooDeep(f"JSON nested more than {max_depth} deep")
    return json.loads(text)
