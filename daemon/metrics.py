"""Prometheus metrics, on a registry per daemon so tests can run several."""

from collections.abc import Callable, Iterable

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from daemon.model import Status


class _TablesCollector(Collector):
    """Counts tables by status at scrape time, so the gauge can never drift."""

    def __init__(self, count: Callable[[], dict[Status, int]]) -> None:
        self._count = count

    def collect(self) -> Iterable[GaugeMetricFamily]:
        family = GaugeMetricFamily(
            "plgames_tables", "Tables held in memory, by status", labels=["status"]
        )
        counts = self._count()
        for status in Status:
            family.add_metric([status.value], counts.get(status, 0))
        yield family


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.moves = Counter(
            "plgames_moves_applied",
            "Steps applied and stored, by game and by who made them",
            ["game", "actor"],
            registry=self.registry,
        )
        self.ai_think = Histogram(
            "plgames_ai_think_seconds",
            "Time an AI decision took (search only, not the pacing pause)",
            ["game"],
            buckets=(0.001, 0.005, 0.02, 0.1, 0.5, 1, 2, 5, 10, 30),
            registry=self.registry,
        )
        self.ai_wait = Histogram(
            "plgames_ai_wait_seconds",
            "Time an AI decision waited for its table's previous one and a free"
            " worker before it began; person: whether someone sits at the table"
            " (their tables go first)",
            ["game", "person"],
            buckets=(0.001, 0.01, 0.1, 0.5, 1, 2, 5, 10, 30, 60),
            registry=self.registry,
        )
        self.frontend_errors = Counter(
            "plgames_frontend_errors",
            "Deliveries a frontend failed",
            ["frontend"],
            registry=self.registry,
        )
        self.chat_retries = Counter(
            "plgames_chat_retries",
            "Platform requests a chat frontend tried again after a fault, by kind of fault",
            ["frontend", "fault"],
            registry=self.registry,
        )
        self.chat_lost = Counter(
            "plgames_chat_messages_lost",
            "Messages a chat frontend gave up on after its retries (each also logged)",
            ["frontend"],
            registry=self.registry,
        )
        self.refusals = Counter(
            "plgames_intents_refused",
            "Intents refused, by reason code",
            ["code"],
            registry=self.registry,
        )

        self.takeovers = Counter(
            "plgames_lease_takeovers",
            "Tables this daemon took over from a daemon that stopped or died",
            registry=self.registry,
        )
        self.leases_lost = Counter(
            "plgames_leases_lost",
            "Tables another daemon took over from this one (it had stalled past its lease)",
            registry=self.registry,
        )
        self.forwarded = Counter(
            "plgames_intents_forwarded",
            "Requests this daemon passed to the daemon serving their table, by origin",
            ["frontend"],
            registry=self.registry,
        )
        self.store_seconds = Histogram(
            "plgames_store_seconds",
            "Time a step took to be stored (committed) by the store",
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5),
            registry=self.registry,
        )

    def watch_tables(self, count: Callable[[], dict[Status, int]]) -> None:
        self.registry.register(_TablesCollector(count))

    def render(self) -> bytes:
        return generate_latest(self.registry)
