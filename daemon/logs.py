"""Structured log lines on stdout: one JSON object a line for journald and
log shippers, or readable `key=value` text for a person at a terminal.

`auto` writes JSON only under systemd (it sets `JOURNAL_STREAM` or
`INVOCATION_ID` for its services): a terminal, a pipe or a file a person
reads gets text, as does anything else unless `log.format` or
`plgames serve --log-format` asks for JSON.

Fields passed as `extra={...}` become keys, so `log.info("table opened",
extra={"table": code})` is searchable as `table=...` either way.
"""

import json
import logging
import os
import sys
import time
from collections.abc import Mapping
from typing import Any, TextIO

SYSTEMD: tuple[str, ...] = ("JOURNAL_STREAM", "INVOCATION_ID")

_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "taskName"}


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    return {k: v for k, v in record.__dict__.items() if k not in _STANDARD}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        line.update(_fields(record))
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        extra = " ".join(f"{k}={v}" for k, v in _fields(record).items())
        when = time.strftime("%H:%M:%S", time.localtime(record.created))
        text = f"{when} {record.levelname:<7} {record.name}: {record.getMessage()}"
        if extra:
            text = f"{text}  {extra}"
        if record.exc_info:
            text = f"{text}\n{self.formatException(record.exc_info)}"
        return text


def under_systemd(environ: Mapping[str, str] | None = None) -> bool:
    environ = os.environ if environ is None else environ
    return any(environ.get(key) for key in SYSTEMD)


def configure(
    level: str, style: str, stream: TextIO | None = None, environ: Mapping[str, str] | None = None
) -> None:
    stream = stream or sys.stdout
    if style == "auto":
        style = "json" if under_systemd(environ) else "text"
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter() if style == "json" else TextFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
