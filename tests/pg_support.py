"""A real PostgreSQL server for the tests: Debian's binaries in a temporary directory.

The tests and CI run as root, which PostgreSQL refuses; the server then runs as
the `postgres` user the package creates (through `runuser`), in a directory it
owns, listening on 127.0.0.1 only with a free port, without fsync (the tests
kill daemons, never the machine). One server per xdist worker (a session
fixture); each test gets a fresh database on it. `make test` and `.ci/run`
install the `postgresql` package when it is missing, so a missing server is a
failure here, not a skip.
"""

import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

SUPERUSER = "plgames"
_names = itertools.count()


def bindir() -> Path:
    """The newest installed PostgreSQL's programs (Debian keeps them off PATH)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda p: int(Path(p).parent.parent.name),
    )
    if not found:
        raise RuntimeError(
            "PostgreSQL is not installed: `apt-get install postgresql` "
            "(make test and .ci/run do it when missing)"
        )
    return Path(found[-1]).parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PgServer:
    """One throwaway cluster; `url(name)` names a database on it."""

    def __init__(self, fsync: bool = False) -> None:
        self.bin = bindir()
        self.fsync = fsync
        self.root = Path(tempfile.mkdtemp(prefix="plgames-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self._as: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
            self._as = ["runuser", "-u", "postgres", "--"]

    def _run(self, *argv: str) -> None:
        subprocess.run(
            [*self._as, *argv], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def start(self) -> "PgServer":
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        self.port = _free_port()
        options = f"-h 127.0.0.1 -p {self.port} -k {self.root} -c max_connections=200"
        if not self.fsync:
            options += " -F -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            str(self.bin / "pg_ctl"),
            "start",
            "-w",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-o",
            options,
        )
        return self

    def stop(self) -> None:
        if self.port:
            with contextlib.suppress(subprocess.CalledProcessError):
                self._run(str(self.bin / "pg_ctl"), "stop", "-D", str(self.data), "-m", "immediate")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        name = f"t{os.getpid()}_{next(_names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    server = PgServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    return pg_server.new_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store test's database lives, once per backend: an SQLite file
    or a fresh PostgreSQL database (`daemon.backends.open_store` opens either)."""
    if request.param == "sqlite":
        return str(tmp_path / "db.sqlite")
    return str(request.getfixturevalue("pg_url"))
