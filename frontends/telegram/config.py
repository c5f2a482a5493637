"""The Telegram frontend's settings, read from the daemon's `[telegram]` section.

The daemon's config model owns the section (docs/configuration.md); this
model reads whichever of these keys it has, so the frontend runs with a
section that holds only `token` (polling the public Bot API) as well as with
one that names a webhook or a self-hosted Bot API server.
"""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, model_validator

PUBLIC_API = "https://api.telegram.org/bot"
PUBLIC_FILES = "https://api.telegram.org/file/bot"


class TelegramOptions(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    token: SecretStr
    mode: Literal["polling", "webhook"] = "polling"
    """Polling needs nothing reachable from outside; a webhook needs a public HTTPS URL."""
    poll_timeout: int = Field(default=30, ge=0, le=60)
    """Seconds one long poll waits for updates before asking again."""
    webhook_url: str = ""
    """The public HTTPS address Telegram posts updates to (a proxy forwards it here)."""
    webhook_listen: str = "127.0.0.1"
    webhook_port: int = 8443
    webhook_secret: SecretStr | None = None
    """Sent by Telegram in `X-Telegram-Bot-Api-Secret-Token`; posts without it are refused."""
    base_url: str = PUBLIC_API
    base_file_url: str = PUBLIC_FILES

    @model_validator(mode="after")
    def _webhook_complete(self) -> "TelegramOptions":
        """Telegram posts only to HTTPS; a self-hosted Bot API server (local
        mode) may post to plain HTTP on the same machine."""
        if self.mode != "webhook":
            return self
        allowed = ("https://",) if self.base_url == PUBLIC_API else ("https://", "http://")
        if not self.webhook_url.startswith(allowed):
            raise ValueError(f"webhook mode needs webhook_url starting with {' or '.join(allowed)}")
        return self

    @classmethod
    def from_section(cls, section: BaseModel) -> "TelegramOptions":
        """Read the daemon's `[telegram]` section (keys it lacks keep their defaults)."""
        values: dict[str, Any] = dict(section)
        return cls.model_validate(values)
