"""Discord: Katan, Euchre and Sequence in a channel, over the chat layer.

See docs/discord.md for creating the application, inviting the bot and what
players see.
"""

from frontends.discord.config import DiscordOptions
from frontends.discord.frontend import DiscordFrontend, build

__all__ = ["DiscordFrontend", "DiscordOptions", "build"]
