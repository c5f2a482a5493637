"""`plgames play` in a real pseudo-terminal: colours because stdout is a
terminal, the move prompt, and `quit` saying what became of the seat."""

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path


def read_until(fd: int, wanted: bytes, seconds: float = 60) -> bytes:
    seen = b""
    end = time.monotonic() + seconds
    while wanted not in seen:
        left = end - time.monotonic()
        assert left > 0, seen.decode(errors="replace")[-2000:]
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal
                break
            seen += chunk
    return seen


def test_play_in_a_terminal_draws_in_colour_and_quits(tmp_path: Path) -> None:
    main, child = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    socket = str(tmp_path / "none.sock")  # no daemon there: the table is hosted in-process
    command = ["play", "katan", "--socket", socket, "--think", "0", "--name", "Tess"]
    process = subprocess.Popen(
        [sys.executable, "-m", "daemon.cli", *command],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        close_fds=True,
    )
    os.close(child)
    try:
        shown = read_until(main, b"move> ")
        assert b"\x1b[1;38;5;33mBlue (b)\x1b[0m you" in shown, "Blue in colour on a terminal"
        assert b"\x1b[1;97;45m53\x1b[0m" in shown, "a crossing to choose, white on magenta"
        os.write(main, b"quit\n")
        said = read_until(main, b"ends here.")
        assert b"You left. The table was running in this terminal, so it ends here." in said
        assert process.wait(30) == 0
    finally:
        process.kill()
        os.close(main)
