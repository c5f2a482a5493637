"""`plgames serve` logs readable lines to a person and JSON to systemd's
journal (or when asked), whatever its stdout is."""

import io
import json
import logging
import re
from collections.abc import Iterator

import pytest

from daemon import logs
from daemon.cli import build_parser


@pytest.fixture(autouse=True)
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:], root.level = handlers, level


def line(style: str, environ: dict[str, str]) -> str:
    out = io.StringIO()
    logs.configure("info", style, out, environ)
    logging.getLogger("plgames.table").info("table opened", extra={"table": "KQ4"})
    return out.getvalue().strip()


def test_auto_is_text_off_systemd_and_json_under_it() -> None:
    text = line("auto", {})
    assert re.fullmatch(r"\d\d:\d\d:\d\d INFO    plgames\.table: table opened  table=KQ4", text)
    for key in logs.SYSTEMD:
        assert json.loads(line("auto", {key: "1"}))["msg"] == "table opened"


def test_json_when_asked_by_flag() -> None:
    args = build_parser().parse_args(["serve", "--log-format", "json"])
    assert args.log_format == "json"
    assert json.loads(line(args.log_format, {}))["table"] == "KQ4"
    assert build_parser().parse_args(["serve"]).log_format is None
