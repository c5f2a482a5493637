"""Discord shards split across daemons: `[discord] shard_ids` of `shard_count` (issue 19)."""

import discord
import pytest

from daemon.config import ConfigError, load_settings
from frontends.discord.shards import client_type, shard_options


class Bot(discord.Client):
    pass


def test_a_daemon_connects_the_shards_it_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLGAMES_DISCORD__SHARD_IDS", "2,3")
    monkeypatch.setenv("PLGAMES_DISCORD__SHARD_COUNT", "4")
    options = load_settings(None).discord
    client = client_type(Bot, options)(intents=discord.Intents.none(), **shard_options(options))
    assert isinstance(client, Bot) and isinstance(client, discord.AutoShardedClient)
    assert (client.shard_ids, client.shard_count) == ([2, 3], 4)


def test_unsharded_by_default() -> None:
    options = load_settings(None).discord
    assert client_type(Bot, options) is Bot and shard_options(options) == {}


@pytest.mark.parametrize(
    ("ids", "count", "says"),
    [
        ("1", None, "shard_ids needs shard_count"),
        (None, "2", "shard_count needs shard_ids"),
        ("0,2", "2", "each from 0 to 1"),
        ("1,1", "2", "distinct"),
    ],
)
def test_a_bad_shard_setting_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch, ids: str | None, count: str | None, says: str
) -> None:
    if ids is not None:
        monkeypatch.setenv("PLGAMES_DISCORD__SHARD_IDS", ids)
    if count is not None:
        monkeypatch.setenv("PLGAMES_DISCORD__SHARD_COUNT", count)
    with pytest.raises(ConfigError, match=says):
        load_settings(None)
