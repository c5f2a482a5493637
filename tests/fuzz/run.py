"""`make fuzz`: every target under atheris (libFuzzer's coverage-guided
mutation) for a bounded time, then inputs tried and crashes per target.

    python tests/fuzz/run.py [--seconds N] [--record docs/RELIABILITY.md] [TARGET ...]

Each target runs in a child process with the project's modules instrumented
for coverage, starting from its seed inputs and the corpus earlier runs kept
(under $FUZZ_DIR, default a directory in the system's temp). A crash (any
exception the target does not document) writes its input next to the corpus
and the target starts again for the time left, so one bug does not hide the
next; a target stops early after five.
"""

import argparse
import contextlib
import hashlib
import importlib
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
ROOT = TESTS.parent
MODULES = (
    "fuzz_native",
    "fuzz_moves",
    "fuzz_chat",
    "fuzz_control",
    "fuzz_telegram",
    "fuzz_discord",
)
INSTRUMENTED = ["engine", "daemon", "frontends"]
MAX_CRASHES = 5
BEGIN, END = "<!-- fuzz:begin -->", "<!-- fuzz:end -->"


def _path() -> None:
    for where in (str(TESTS), str(ROOT)):
        if where not in sys.path:
            sys.path.insert(0, where)


def targets() -> dict[str, str]:
    """Target name → the module defining it (imported to list them)."""
    _path()
    found = {}
    for name in MODULES:
        module = importlib.import_module(f"fuzz.{name}")
        for target in module.TARGETS:
            found[target] = name
    return found


def child(target: str, module_name: str, libfuzzer: list[str]) -> None:
    """Run one target under atheris; libFuzzer owns the process from here."""
    import atheris

    _path()
    with atheris.instrument_imports(include=INSTRUMENTED):
        module = importlib.import_module(f"fuzz.{module_name}")
    atheris.Setup([sys.argv[0], *libfuzzer], module.TARGETS[target])
    atheris.Fuzz()


@dataclass
class Result:
    target: str
    seconds: float = 0.0
    inputs: int = 0
    crashes: list[str] = field(default_factory=list)
    """One line per crash: the exception and where its input was written."""


_UNITS = re.compile(rb"stat::number_of_executed_units:\s*(\d+)")
_WRITTEN = re.compile(rb"Test unit written to (\S+)")


def _crash_line(output: bytes, written: bytes) -> str:
    lines = output.decode("utf-8", "replace").splitlines()
    marker = "=== Uncaught Python exception: ==="
    what = next(
        (lines[i + 1] for i, line in enumerate(lines[:-1]) if line.strip() == marker),
        "libFuzzer: " + next((x for x in lines if "ERROR: libFuzzer" in x), "crash"),
    )
    return f"{what.strip()[:160]} ({written.decode()})"


def fuzz(target: str, module: str, seconds: float, work: Path) -> Result:
    corpus = work / "corpus" / target
    crashes = work / "crashes"
    corpus.mkdir(parents=True, exist_ok=True)
    crashes.mkdir(parents=True, exist_ok=True)
    _path()
    for data in importlib.import_module(f"fuzz.{module}").SEEDS[target]:
        (corpus / hashlib.sha1(data).hexdigest()).write_bytes(data)
    result = Result(target)
    started = time.monotonic()
    while (left := seconds - (time.monotonic() - started)) >= 1 and len(
        result.crashes
    ) < MAX_CRASHES:
        command = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--child",
            module,
            target,
            "--",
            f"-max_total_time={int(left)}",
            "-print_final_stats=1",
            f"-artifact_prefix={crashes}/{target}-",
            "-timeout=60",
            "-rss_limit_mb=3072",
            "-max_len=4096",
            str(corpus),
        ]
        done = subprocess.run(command, capture_output=True, cwd=ROOT, check=False)
        output = done.stdout + done.stderr
        result.inputs += sum(int(n) for n in _UNITS.findall(output))
        written = _WRITTEN.search(output)
        if written is not None:
            result.crashes.append(_crash_line(output, written.group(1)))
        elif done.returncode != 0:
            tail = output.decode("utf-8", "replace").strip().splitlines()[-3:]
            result.crashes.append("the target did not run: " + " | ".join(tail))
            break
    result.seconds = time.monotonic() - started
    return result


def table(results: list[Result]) -> str:
    rows = ["| target | seconds | inputs tried | crashes |", "|---|---:|---:|---:|"]
    for r in results:
        rows.append(f"| `{r.target}` | {r.seconds:.0f} | {r.inputs:,} | {len(r.crashes)} |")
    return "\n".join(rows)


def record(path: Path, results: list[Result], seconds: float) -> None:
    """Replace the fuzz figures in `path` (between its markers) with this run's."""
    text = path.read_text()
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{path} has no {BEGIN} … {END} block to fill")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    when = time.strftime("%Y-%m-%d")
    total = sum(r.inputs for r in results)
    crashes = sum(len(r.crashes) for r in results)
    body = (
        f"{BEGIN}\nLast `make fuzz` here ({when}, {seconds:g} s per target, 2 shared cores): "
        f"{total:,} inputs, {crashes} crashes.\n\n{table(results)}\n{END}"
    )
    path.write_text(head + body + tail)


def main() -> int:
    if len(sys.argv) > 3 and sys.argv[1] == "--child":
        module, target = sys.argv[2], sys.argv[3]  # nothing imported yet: all gets instrumented
        rest = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
        child(target, module, rest)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="TARGET", help="default: every target")
    parser.add_argument("--seconds", type=float, default=60.0, help="per target")
    parser.add_argument("--record", type=Path, help="write the figures into this Markdown file")
    args = parser.parse_args()
    known = targets()
    unknown = set(args.names) - set(known)
    if unknown:
        parser.error(f"unknown targets {sorted(unknown)}; the targets are {', '.join(known)}")
    work = Path(os.environ.get("FUZZ_DIR") or Path(tempfile.gettempdir()) / "plgames-fuzz")
    results = []
    for name in args.names or list(known):
        print(f"fuzzing {name} for {args.seconds:g} s …", flush=True)
        result = fuzz(name, known[name], args.seconds, work)
        print(f"  {result.inputs:,} inputs, {len(result.crashes)} crashes", flush=True)
        for line in result.crashes:
            print(f"  crash: {line}", flush=True)
        results.append(result)
    print()
    print(table(results))
    if args.record is not None:
        record(args.record, results, args.seconds)
    with contextlib.suppress(BrokenPipeError):
        sys.stdout.flush()
    return 1 if any(r.crashes for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
