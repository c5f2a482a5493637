"""`plgames store migrate` and `plgames store copy`: growing from SQLite to PostgreSQL.

`copy` reads the SQLite file in one read transaction (a consistent picture
even if a daemon is still writing, though the steps it writes afterwards are
not copied: stop it first) and writes everything into PostgreSQL in one
transaction, so a failed copy leaves the target as it was. It refuses a target
that already holds tables: merging two histories is not a copy.
"""

import argparse
import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from daemon.config import load_settings
from daemon.sqlite_store import SCHEMA_VERSION, SqliteStore
from daemon.store import StoreError

COPIED = ("tables", "steps", "snapshots", "results")
"""Copied in this order (steps, snapshots and results refer to tables)."""


def read_sqlite(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the four tables, read in one transaction, without writing."""
    if not path.is_file():
        raise StoreError(f"no SQLite database at {path}")
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{path} was written by a newer plgames (schema {version}); upgrade first"
            )
        present = {n for (n,) in conn.execute("SELECT name FROM sqlite_master")}
        if "tables" not in present:
            raise StoreError(f"{path} is not a plgames database")
        conn.execute("BEGIN")
        rows = {
            name: conn.execute(f"SELECT * FROM {name}").fetchall() if name in present else []
            for name in COPIED
        }
        conn.execute("COMMIT")
        return rows
    except sqlite3.Error as exc:
        raise StoreError(f"cannot read {path}: {exc}") from None
    finally:
        conn.close()


def copy_to_postgres(source: Path, url: str) -> dict[str, int]:
    """Copy an SQLite database into an empty (or new) PostgreSQL one; rows per table."""
    import psycopg

    from daemon.postgres_store import migrate

    rows = read_sqlite(source)
    rows["results"] = [(*r[:-1], bool(r[-1])) for r in rows["results"]]
    migrate(url)
    try:
        with psycopg.connect(url) as conn, conn.transaction():
            cur = conn.execute("SELECT count(*) FROM tables")
            held = cur.fetchone()
            if held is not None and held[0]:
                raise StoreError(
                    f"the target already holds {held[0]} tables; copy into an empty database"
                )
            for name in COPIED:
                with conn.cursor().copy(f"COPY {name} FROM STDIN") as copy:
                    for row in rows[name]:
                        copy.write_row(row)
    except psycopg.Error as exc:
        raise StoreError(f"copy failed, nothing was written: {exc}") from None
    return {name: len(rows[name]) for name in COPIED}


def _target(args: argparse.Namespace) -> str:
    if args.url:
        return str(args.url)
    overrides = {"state_dir": args.state_dir} if args.state_dir else {}
    settings = load_settings(args.config, **overrides)
    return settings.storage.url or str(settings.database)


def _migrate(args: argparse.Namespace) -> int:
    target = _target(args)
    try:
        if target.startswith(("postgresql://", "postgres://")):
            from daemon.postgres_store import migrate

            applied = migrate(target)
            print(f"applied {len(applied)} migrations: {', '.join(applied) or 'none needed'}")
        else:
            asyncio.run(_open_and_close(SqliteStore(Path(target))))
            print(f"{target} is at schema {SCHEMA_VERSION}")
    except Exception as exc:
        raise SystemExit(f"plgames: {exc}") from None
    return 0


async def _open_and_close(store: SqliteStore) -> None:
    await store.open()
    await store.close()


def _copy(args: argparse.Namespace) -> int:
    target = args.to or _target(args)
    if not target.startswith(("postgresql://", "postgres://")):
        raise SystemExit("plgames: copy writes to PostgreSQL: give --to postgresql://...")
    try:
        copied = copy_to_postgres(Path(args.source), target)
    except StoreError as exc:
        raise SystemExit(f"plgames: {exc}") from None
    print(", ".join(f"{n} {name}" for name, n in copied.items()) + " copied")
    return 0


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--config", type=Path, help="TOML config file (else $PLGAMES_CONFIG)")
    common.add_argument("--state-dir", help="state directory (overrides the config)")
    store = sub.add_parser("store", help="the database: migrate it, copy it to PostgreSQL")
    actions = store.add_subparsers(dest="action", required=True)
    migrate = actions.add_parser(
        "migrate", parents=[common], help="bring the database to this build's schema"
    )
    migrate.add_argument("--url", help="a PostgreSQL URL or an SQLite file (default: config)")
    migrate.set_defaults(func=_migrate)
    copy = actions.add_parser(
        "copy", parents=[common], help="copy an SQLite database into an empty PostgreSQL one"
    )
    copy.add_argument("source", help="the SQLite file (stop the daemon first)")
    copy.add_argument("--to", help="the PostgreSQL URL (default: storage.url of the config)")
    copy.set_defaults(func=_copy)
