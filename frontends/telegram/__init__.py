"""Telegram: Katan, Euchre and Sequence in DMs and groups, over the chat layer.

See docs/telegram.md for setting up a bot and what players see.
"""

from frontends.telegram.config import TelegramOptions
from frontends.telegram.frontend import TelegramFrontend, build

__all__ = ["TelegramFrontend", "TelegramOptions", "build"]
