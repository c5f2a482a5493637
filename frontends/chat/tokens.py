"""Choice tokens: short, opaque, self-verifying, and valid across restarts.

A token names the table (its join code), the seat it was issued to, the
table version (position) it was issued at, and a payload (a menu node, a move
index, a composition), sealed with a truncated HMAC-SHA256 keyed by a
per-daemon secret kept in the state directory. The MAC also covers the
table's internal id, which the token does not carry: a token for a join code
that has since been reused by another table fails as forged.

Nothing is stored per token: a token is checked by recomputing its MAC, and a
payload is resolved against the table as it is now, at the version the token
names. So tokens survive a daemon restart (the secret and the version do),
never accumulate, and cannot be enumerated.

Format, ASCII, at most about 60 bytes: ``CODE.seat.version.payload.mac``,
seat and version in base 36 (seat `-` for a token anyone at the table may
press), payload from ``[A-Za-z0-9_~-]``, mac 12 base64url characters.
"""

import base64
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Final

SECRET_FILE: Final = "chat-secret"
SECRET_BYTES: Final = 32
MAC_CHARS: Final = 12
PAYLOAD_ALPHABET: Final = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_~-"
)
_DIGITS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"


def load_secret(state_dir: Path) -> bytes:
    """The daemon's token secret, created (mode 0600) on first use.

    Kept beside the store so tokens handed out before a restart still verify
    after it; deleting the file invalidates every outstanding button.
    """
    path = Path(state_dir) / SECRET_FILE
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        data = b""
    if len(data) >= SECRET_BYTES:
        return data[:SECRET_BYTES]
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = secrets.token_bytes(SECRET_BYTES)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(fresh)
    return fresh


def to36(n: int) -> str:
    if n < 0:
        raise ValueError("base 36 numbers here are never negative")
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = _DIGITS[d] + out
        if not n:
            return out


def from36(text: str) -> int:
    if not text or any(ch not in _DIGITS for ch in text):
        raise ValueError(f"{text!r} is not a base 36 number")
    return int(text, 36)


@dataclass(frozen=True, slots=True)
class Grant:
    """What a token says, before it is checked against a table."""

    code: str
    seat: int | None
    version: int
    payload: str


class Malformed(ValueError):
    """Not a token of ours at all (or cut short by a platform)."""


class TokenCodec:
    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise ValueError("the token secret must be at least 16 bytes")
        self._secret = secret

    def _mac(self, table_id: str, seat: int | None, version: int, payload: str) -> str:
        message = f"{table_id}|{'' if seat is None else seat}|{version}|{payload}".encode()
        digest = hmac.new(self._secret, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:9]).decode()

    def issue(self, code: str, table_id: str, seat: int | None, version: int, payload: str) -> str:
        if not payload or not set(payload) <= PAYLOAD_ALPHABET:
            raise ValueError(f"token payload {payload!r} uses characters outside the alphabet")
        seat_text = "-" if seat is None else to36(seat)
        mac = self._mac(table_id, seat, version, payload)
        return f"{code}.{seat_text}.{to36(version)}.{payload}.{mac}"

    @staticmethod
    def read(token: str) -> Grant:
        """The token's fields, unverified; `Malformed` if it is not one of ours."""
        parts = token.split(".")
        if len(parts) != 5:
            raise Malformed("not a choice token")
        code, seat_text, version_text, payload, mac = parts
        if not code.isalnum() or len(mac) != MAC_CHARS or not set(payload) <= PAYLOAD_ALPHABET:
            raise Malformed("not a choice token")
        try:
            seat = None if seat_text == "-" else from36(seat_text)
            version = from36(version_text)
        except ValueError:
            raise Malformed("not a choice token") from None
        return Grant(code.upper(), seat, version, payload)

    def verify(self, token: str, grant: Grant, table_id: str) -> bool:
        """Whether `token` (read as `grant`) was issued by this daemon for this table."""
        mac = token.rsplit(".", 1)[-1]
        expected = self._mac(table_id, grant.seat, grant.version, grant.payload)
        return hmac.compare_digest(mac, expected)
