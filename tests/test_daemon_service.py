"""`plgames serve` as systemd runs it, and the admin CLI against it (issue 3, items 7, 8)."""

import contextlib
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from daemon.cli import main


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Notify:
    """systemd's side of NOTIFY_SOCKET: it reads every datagram as it comes,
    as systemd does, so the daemon's non-blocking sends are never dropped."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.got: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                self.got.append(self.sock.recv(4096).decode())

    def wait_for(self, text: str, seconds: float = 20) -> None:
        deadline = time.monotonic() + seconds
        while not any(text in message for message in list(self.got)):
            assert time.monotonic() < deadline, f"no {text!r} from the daemon: {self.got[-5:]}"
            time.sleep(0.02)


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Notify, int, Path]]:
    notify = Notify(tmp_path / "notify.sock")
    port = free_port()
    env = {
        **os.environ,
        "NOTIFY_SOCKET": str(notify.path),
        "WATCHDOG_USEC": "200000",
        "INVOCATION_ID": "0123456789abcdef",  # as systemd sets it: log lines are JSON
        "PLGAMES_HTTP__PORT": str(port),
        "PLGAMES_LAN__INTERFACES": "127.0.0.1",
        "PLGAMES_TABLES__PACING__THINK_SECONDS": "0",
    }
    env.pop("PLGAMES_CONFIG", None)
    state = tmp_path / "state"
    # A file, not a pipe: nobody reads a pipe while the test runs, and a full
    # one would stall the daemon on its next log line.
    log = (tmp_path / "serve.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "daemon.cli", "serve", "--state-dir", str(state)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        notify.wait_for("READY=1")
        yield proc, notify, port, state
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        log.close()
        notify.sock.close()


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def cli(capsys: pytest.CaptureFixture[str], state: Path, *args: str) -> str:
    capsys.readouterr()
    assert main([*args, "--socket", str(state / "control.sock")]) == 0
    return capsys.readouterr().out


def test_serve_speaks_systemd_health_metrics_and_admin(
    daemon: tuple[subprocess.Popen[bytes], Notify, int, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    proc, notify, port, state = daemon
    control = state / "control.sock"
    assert stat.S_IMODE(control.stat().st_mode) == 0o600
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    notify.wait_for("WATCHDOG=1")

    code = cli(capsys, state, "table", "new", "euchre").split()[0]
    cli(capsys, state, "table", "join", code, "--as", "ana", "--seat", "1")
    cli(capsys, state, "table", "start", code)
    listed = cli(capsys, state, "tables")
    assert code in listed and "playing" in listed and "1:ana" in listed
    shown = cli(capsys, state, "table", "show", code)
    assert "seat 1: ana [local:ana] human" in shown
    assert "kicked=local:ana" in cli(capsys, state, "table", "kick", code, "1")
    with pytest.raises(SystemExit, match="removed from this table"):
        cli(capsys, state, "table", "join", code, "--as", "ana")
    with pytest.raises(SystemExit, match="There is no table 'NOPE9'"):
        cli(capsys, state, "table", "show", "NOPE9")
    lan = cli(capsys, state, "table", "new", "sequence", "--lan", "--name", "Kitchen").split()
    assert lan[1] == "Kitchen" and lan[2] == "on" and lan[3].startswith("127.0.0.1:")
    assert "lobby" in cli(capsys, state, "table", "show", lan[0])

    status, body = get(port, "/healthz")
    assert status == 200 and json.loads(body)["status"] == "ok"
    deadline = time.monotonic() + 20
    while "plgames_moves_applied_total" not in (metrics := get(port, "/metrics")[1]):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert 'plgames_tables{status="playing"}' in metrics
    assert "plgames_ai_think_seconds_bucket" in metrics
    cli(capsys, state, "table", "end", code)
    assert "abandoned" in cli(capsys, state, "table", "show", code)

    began = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=10) == 0
    assert time.monotonic() - began < 5
    notify.wait_for("STOPPING=1")
    assert not control.exists()
    output = (state.parent / "serve.log").read_text()
    lines = [json.loads(line) for line in output.splitlines()]
    assert {"ready", "stopping", "stopped"} <= {line["msg"] for line in lines}
    ready = next(line for line in lines if line["msg"] == "ready")
    assert ready["http"] == f"127.0.0.1:{port}" and ready["frontends"] == "lan"


def test_cli_without_a_daemon_says_so(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no daemon is listening"):
        main(["tables", "--socket", str(tmp_path / "none.sock")])
