"""A bounded cache of rendered images, keyed by what is drawn.

Every renderer first reduces a view to a *scene*: a frozen, hashable value
holding exactly what the image shows (never the log, the seed or anything else
that is not drawn). Two views that differ only in what is not drawn give equal
scenes, so a table whose board did not change is not drawn again, and a scene
can never carry more than its image shows.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Final, TypeVar

K = TypeVar("K", bound=Hashable)

DEFAULT_BUDGET: Final = 64 * 1024 * 1024


@dataclass(slots=True)
class CacheStats:
    hits: int = 0
    misses: int = 0
    entries: int = 0
    bytes: int = 0


class PngCache:
    """Least-recently-used PNG bytes by scene, bounded by total size.

    The lock lets the daemon render from worker threads; drawing happens outside
    it, so two threads may both draw the same new scene once, harmlessly.
    """

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self._budget = budget
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self._stats = CacheStats()

    def get_or_draw(self, scene: K, draw: Callable[[K], bytes]) -> bytes:
        with self._lock:
            found = self._items.get(scene)
            if found is not None:
                self._items.move_to_end(scene)
                self._stats.hits += 1
                return found
            self._stats.misses += 1
        png = draw(scene)
        with self._lock:
            if scene not in self._items:
                self._items[scene] = png
                self._stats.bytes += len(png)
            while self._stats.bytes > self._budget and len(self._items) > 1:
                _, dropped = self._items.popitem(last=False)
                self._stats.bytes -= len(dropped)
            self._stats.entries = len(self._items)
        return png

    def stats(self) -> CacheStats:
        with self._lock:
            return replace(self._stats)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._stats = CacheStats()


PNG_CACHE: Final = PngCache()
"""The process-wide cache every `render_*_png` function uses by default."""
