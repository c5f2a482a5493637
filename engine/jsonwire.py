"""The compact JSON the mobile app writes, so our bytes equal its bytes.

kotlinx.serialization emits no whitespace, keys in declaration order and every
non-ASCII character raw; `json.dumps` on dicts built in declaration order with
these arguments reproduces it exactly (NATIVE.md §2.1).
"""

import json
from typing import Any


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
