"""The Discord frontend's settings: the daemon's `[discord]` section with a token.

The daemon's config model owns the keys (docs/configuration.md); the frontend
only insists that the token is there, since it runs only when it is.
"""

from typing import Any

from pydantic import BaseModel, SecretStr

from daemon.config import DiscordConfig


class DiscordOptions(DiscordConfig):
    token: SecretStr

    @classmethod
    def from_section(cls, section: BaseModel | dict[str, Any]) -> "DiscordOptions":
        """Read the daemon's `[discord]` section (keys it lacks keep their defaults)."""
        values = dict(section)
        return cls.model_validate({k: v for k, v in values.items() if v is not None})
