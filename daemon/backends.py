"""Which store a daemon writes to: SQLite by default, PostgreSQL when configured.

The PostgreSQL store is imported only when asked for, so the embedded default
needs neither psycopg nor a server.
"""

from pathlib import Path

from daemon.config import Settings
from daemon.sqlite_store import SqliteStore
from daemon.store import Store


def store_for(settings: Settings) -> Store:
    storage = settings.storage
    if storage.url is not None:
        from daemon.postgres_store import PostgresStore

        return PostgresStore(
            storage.url,
            pool_size=storage.pool_size,
            owner=settings.cluster.name,
            lease_seconds=settings.cluster.lease_seconds,
        )
    return SqliteStore(settings.database, synchronous=storage.synchronous)


def open_store(target: str) -> Store:
    """A store named on the command line: a PostgreSQL URL or an SQLite file."""
    if target.startswith(("postgresql://", "postgres://")):
        from daemon.postgres_store import PostgresStore

        return PostgresStore(target)
    return SqliteStore(Path(target))
