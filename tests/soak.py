"""`make soak`: the crash loop of tests/crashloop.py for minutes instead of
ten kills, with Telegram people in the fake Bot API as well as phones and
scripted people; prints the figures and, with --record, writes them into
docs/RELIABILITY.md.

    python tests/soak.py [--minutes N] [--telegram N] [--record docs/RELIABILITY.md]
"""

import argparse
import asyncio
import logging
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from crashloop import Figures, crash_loop  # noqa: E402

BEGIN, END = "<!-- soak:begin -->", "<!-- soak:end -->"


def summary(figures: Figures, minutes: float, telegram: int) -> str:
    return "\n".join(
        [
            f"| minutes | {minutes:g} |",
            "|---|---:|",
            f"| SIGKILLs survived | {figures.kills} |",
            f"| moves acknowledged to phones | {figures.lan_acked:,} |",
            f"| moves acknowledged over the admin socket | {figures.admin_acked:,} |",
            f"| versions reported by `show`, checked against the log | "
            f"{figures.versions_shown:,} |",
            f"| moves made by {telegram} Telegram people (stored) | {figures.telegram_moves:,} |",
            f"| acknowledged moves lost | {len(figures.lost)} |",
            f"| restart to serving, p50 | {figures.percentile(0.5):.2f} s |",
            f"| restart to serving, p95 | {figures.percentile(0.95):.2f} s |",
        ]
    )


def record(path: Path, text: str) -> None:
    body = path.read_text()
    if BEGIN not in body or END not in body:
        raise SystemExit(f"{path} has no {BEGIN} … {END} block to fill")
    head, rest = body.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    path.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--telegram", type=int, default=2, help="Telegram people")
    parser.add_argument("--record", type=Path, help="write the figures into this Markdown file")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="plgames-soak-"))
    state = work / "state"
    print(f"soaking for {args.minutes:g} minutes (daemon log: {work}/daemon.log)")
    # A request the kill cuts off mid-body is the fake's to log, not a finding.
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
    figures = asyncio.run(
        crash_loop(
            state,
            kills=10**9,
            seconds=args.minutes * 60,
            telegram=args.telegram,
            play=(1.0, 6.0),  # long enough for chat people to answer a panel or two
        )
    )  # on a failure the directory stays, with the daemon's log, for a look
    table = summary(figures, args.minutes, args.telegram)
    print(table)
    for line in figures.lost:
        print(f"LOST: {line}")
    if args.record is not None:
        when = time.strftime("%Y-%m-%d")
        record(args.record, f"Last `make soak` here ({when}, 2 shared cores):\n\n{table}")
    if figures.lost:
        print(f"the daemon's log and state are kept in {work}")
        return 1
    shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
