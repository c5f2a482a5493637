"""Connection exhaustion (issue 13, defect 6) against a real `plgames serve`.

The daemon runs in a subprocess with a low open-file limit (400, where systemd's
default is 1,024) and two LAN tables. Far more idle connections than it has
descriptors are opened to one table; the other table must still seat a phone,
the admin CLI must still answer, and the log must not grow a line per refusal.
Everything stays on 127.0.0.1.
"""

import asyncio
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from native_support import AppClient

from daemon.control import call
from frontends.native.admission import BUSY
from frontends.native.messages import Welcome

FILES = 400
FLOOD = 600


def limit_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))


def start(state: Path, log: Path) -> subprocess.Popen[bytes]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PLGAMES_")}
    env.update(
        {
            "PLGAMES_HTTP__ENABLED": "false",
            "PLGAMES_LOG__FORMAT": "json",
            "PLGAMES_LAN__INTERFACES": "127.0.0.1",
            "PLGAMES_LAN__ADVERTISE": "false",
            # Every connection here comes from 127.0.0.1: cap tables, not the address.
            "PLGAMES_LAN__MAX_LINKS_PER_ADDRESS": "100000",
            # No idle link times out while the test looks: only the caps may help.
            "PLGAMES_LAN__HELLO_TIMEOUT_SECONDS": "120",
        }
    )
    with log.open("ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "daemon.cli", "serve", "--state-dir", str(state)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=limit_files,
        )


def wait_ready(sock: Path, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the daemon exited while starting"
        try:
            call(sock, {"cmd": "tables"}, timeout=2)
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the daemon did not open its control socket")


def open_table(sock: Path, name: str) -> tuple[str, int]:
    answer = call(sock, {"cmd": "lan_open", "game": "euchre", "name": name, "humans": 4})
    assert answer["ok"], answer
    return str(answer["code"]), int(answer["port"])


def admin_cli(sock: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "daemon.cli", "tables", "--socket", str(sock)],
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_a_flood_of_connections_to_one_table_locks_nobody_else_out(
    tmp_path: Path,
) -> None:
    state, log = tmp_path / "state", tmp_path / "daemon.log"
    sock = state / "control.sock"
    proc = start(state, log)
    flood: list[asyncio.StreamWriter] = []
    try:
        await asyncio.to_thread(wait_ready, sock, proc)
        code, flooded = await asyncio.to_thread(open_table, sock, "Flooded")
        other_code, other = await asyncio.to_thread(open_table, sock, "Other")
        before = log.read_text().count("\n")

        for _ in range(FLOOD):
            try:
                connecting = asyncio.open_connection("127.0.0.1", flooded)
                last, writer = await asyncio.wait_for(connecting, 5)
            except (OSError, TimeoutError):
                break  # the daemon no longer accepts even the flood: locked up
            flood.append(writer)

        phone = await AppClient.connect("127.0.0.1", other)
        await phone.hello("9774d56d682e549c", "Ann")
        welcome = await asyncio.wait_for(phone.next(), 20)
        assert isinstance(welcome, Welcome) and welcome.accepted, welcome
        await phone.close()

        assert len(flood) == FLOOD
        cli = await asyncio.to_thread(admin_cli, sock)
        assert cli.returncode == 0, cli.stderr
        assert code in cli.stdout and f"{other_code}  lobby" in cli.stdout
        assert "0:Ann" in cli.stdout  # the phone at the other table

        refusal = await asyncio.wait_for(last.readline(), 10)  # far past the table's cap
        assert Welcome.model_validate_json(refusal).reason == BUSY

        during = log.read_text().splitlines()[before:]
        refusing = [line for line in during if "refusing LAN connections" in line]
        assert len(refusing) == 1, during
        assert len(during) < 20, during  # not a line per refused connection
        assert all(json.loads(line)["level"] != "error" for line in during), during
    finally:
        for writer in flood:
            writer.close()
        proc.terminate()
        await asyncio.to_thread(proc.wait, 30)
