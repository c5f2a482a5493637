"""Which gateway shards this daemon's Discord connection carries.

A bot in thousands of guilds must shard its gateway connection; with several
daemons (docs/scaling.md) each connects the shards `[discord] shard_ids`
names, of `shard_count` in all, so every guild's events reach exactly one
daemon. The bot's client class is then run as discord.py's
`AutoShardedClient` (one object carrying several shards); a daemon with no
shards configured connects as before, one connection for every guild.
"""

from typing import Any, TypeVar, cast

import discord

from daemon.config import DiscordConfig

C = TypeVar("C", bound=discord.Client)


def client_type(base: type[C], options: DiscordConfig) -> type[C]:
    """`base` itself, or `base` on an `AutoShardedClient` when shards are configured."""
    if not options.shard_ids:
        return base
    sharded = type(f"Sharded{base.__name__}", (base, discord.AutoShardedClient), {})
    return cast(type[C], sharded)


def shard_options(options: DiscordConfig) -> dict[str, Any]:
    """The client's keyword arguments for the configured shards (none: unsharded)."""
    if not options.shard_ids:
        return {}
    return {"shard_ids": list(options.shard_ids), "shard_count": options.shard_count}
