"""Structured log lines on stdout: one JSON object a line for journald and
log shippers, or `key=value` text for a person at a terminal.

Fields passed as `extra={...}` become keys, so `log.info("table opened",
extra={"table": code})` is searchable as `table=...` either way.
"""

import json
import logging
import sys
from typing import Any, TextIO

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
        text = f"{record.levelname:<7} {record.name}: {record.getMessage()}"
        if extra:
            text = f"{text}  {extra}"
        if record.exc_info:
            text = f"{text}\n{self.formatException(record.exc_info)}"
        return text


def configure(level: str, style: str, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    if style == "auto":
        style = "text" if stream.isatty() else "json"
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter() if style == "json" else TextFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
