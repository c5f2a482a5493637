"""deploy/: the systemd unit verifies and is hardened as issue 3 asks (item 7)."""

import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def test_the_unit_is_a_hardened_notify_service() -> None:
    lines = set((DEPLOY / "plgames.service").read_text().splitlines())
    for wanted in (
        "Type=notify",
        "User=plgames",
        "StateDirectory=plgames",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
        "Restart=on-failure",
        "WatchdogSec=30",
    ):
        assert wanted in lines


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_systemd_analyze_verify_accepts_the_unit() -> None:
    run = subprocess.run(
        ["bash", str(DEPLOY / "verify.sh")], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stdout + run.stderr
