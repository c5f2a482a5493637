"""Compile the Katan engine's hot path with mypyc: the optional build that the
bench and long AI searches run about twice as fast with.

The Python sources stay the reference. A checkout without this step (or
without a C compiler) runs them as they are; `tests/test_katan_compiled.py`
builds this into a scratch copy and replays seeded games of every rule set
through both, requiring the same states and narration.

mypyc compiles classes into native ones, which interpreted classes may not
subclass and which may not have two bases. So the classes the expansions
extend stay interpreted: `ruleset.py` (the base rule set) and `chores.py` with
`answers.py` (the handlers of owed answers), and so do the expansions' packages
(the combined rule set has two bases), the pydantic options and the bench;
`maps.py` too, whose boards are copied with `copy.copy` (an Inventor's swap),
which native classes do not support.

    python deploy/compile_engine.py            # next to the sources (`make compiled`)
    python deploy/compile_engine.py --into D   # a copy of engine/ in D, with them
"""

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = Path("engine") / "katan"
INTERPRETED = frozenset(
    {"__init__.py", "answers.py", "bench.py", "chores.py", "maps.py", "options.py", "ruleset.py"}
)
GROUP = "engine.katan.compiled"
"""The shared library every compiled module loads: `engine/katan/compiled__mypyc…so`,
inside the package, so an installed daemon finds it wherever it runs from."""

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="plgames-engine-compiled", ext_modules=mypycify({paths!r}, group_name={group!r}))
"""
MYPY_INI = """\
[mypy]
python_version = 3.11
strict = True
plugins = pydantic.mypy
"""


def modules() -> list[str]:
    return sorted(
        str(PACKAGE / p.name) for p in (REPO / PACKAGE).glob("*.py") if p.name not in INTERPRETED
    )


def build(scratch: Path) -> list[Path]:
    """Build in `scratch` (a copy of the engine package, with no pyproject.toml
    for setuptools to read); returns the extension modules built."""
    shutil.copytree(REPO / "engine", scratch / "engine", ignore=shutil.ignore_patterns("*.so"))
    (scratch / "setup.py").write_text(SETUP.format(paths=modules(), group=GROUP))
    (scratch / "mypy.ini").write_text(MYPY_INI)
    done = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=scratch,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"mypyc failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return sorted((scratch / PACKAGE).glob("*.so"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--into", type=Path, help="write a copy of engine/ with them here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        built = build(Path(work))
        if args.into is not None:
            shutil.copytree(Path(work) / "engine", args.into / "engine", dirs_exist_ok=True)
            shutil.rmtree(args.into / "engine" / "build", ignore_errors=True)
            where = args.into / PACKAGE
        else:
            where = REPO / PACKAGE
            for extension in built:
                shutil.copy2(extension, where / extension.name)
    print(f"{len(built)} compiled modules in {where}")


if __name__ == "__main__":
    main()
