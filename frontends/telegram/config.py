"""The Telegram frontend's settings: the daemon's `[telegram]` section with a token.

The daemon's config model owns the keys (docs/configuration.md); the frontend
only insists that the token is there, since it runs only when it is.
"""

from typing import Any

from pydantic import BaseModel, SecretStr

from daemon.config import TELEGRAM_API as PUBLIC_API
from daemon.config import TELEGRAM_FILES as PUBLIC_FILES
from daemon.config import TelegramConfig

__all__ = ["PUBLIC_API", "PUBLIC_FILES", "TelegramOptions"]


class TelegramOptions(TelegramConfig):
    token: SecretStr

    @classmethod
    def from_section(cls, section: BaseModel) -> "TelegramOptions":
        """Read the daemon's `[telegram]` section (keys it lacks keep their defaults)."""
        values: dict[str, Any] = dict(section)
        return cls.model_validate(values)
