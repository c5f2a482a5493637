"""Choosing a new table's rules by buttons: `new katan` alone asks for the
rule set, with Seafarers the map (each described in a line), the seats, then the
points to win from the rule set's menu; the last press opens the table with
those options, and its lobby says which they are."""

from typing import Any

import pytest
from chat_support import FakeChat, Posted, choice, daemon_with_chat

from daemon.model import Status
from engine.katan.options import KatanOptions
from engine.katan.rulesets import ENTRIES
from engine.katan.sea import atlas
from frontends.chat import DISCORD, PLAIN, TELEGRAM, Place, Sender
from frontends.chat.api import AdapterProfile
from frontends.chat.setup import SETUP_CODE, SETUP_TABLE
from frontends.chat.tokens import TokenCodec

ANA = Sender("1", "Ana")
BO = Sender("2", "Bo")
GROUP = Place("group-1")


def labels(post: Posted) -> list[str]:
    menu = post.message.menu
    assert menu is not None, post.message.text
    return [c.label for c in menu.choices()]


async def press(chat: FakeChat, user: Sender, post: Posted, label: str) -> list[Any]:
    """Press `label`, paging forward through the menu until it shows."""
    for _ in range(10):
        if label in labels(post):
            return await chat.tap(user, choice(post, label), post.id)
        forward = [x for x in labels(post) if x.endswith("▸") and "/" in x]
        assert forward, (label, labels(post))
        await chat.tap(user, choice(post, forward[0]), post.id)
    raise AssertionError(f"{label} never shown")


def setup_post(chat: FakeChat) -> Posted:
    return next(p for p in chat.channel(GROUP.chat) if "New Katan table" in p.message.text)


@pytest.mark.parametrize("profile", [PLAIN, DISCORD, TELEGRAM], ids=lambda p: p.name)
async def test_new_katan_asks_rules_map_and_points_then_opens(profile: AdapterProfile) -> None:
    daemon, _, chat = await daemon_with_chat(profile=profile)
    await chat.type(ANA, "new katan", GROUP)
    assert not daemon.tables, "nothing is opened before the questions are answered"
    post = setup_post(chat)
    assert "Which rules?" in post.message.text
    shown = labels(post)
    assert "Base game (default)" in shown and "Cities & Knights" in shown
    assert "Seafarers with Cities & Knights" in shown and len(shown) == len(ENTRIES)

    await press(chat, ANA, post, "Seafarers")
    assert "Which Seafarers map?" in post.message.text
    for _, title, about in atlas.menu():
        assert f"{title}: {about}" in post.message.text, "each map has its one-line description"
    await press(chat, ANA, post, "Four Islands")
    assert "How many seats?" in post.message.text
    assert labels(post)[:2] == ["3 seats", "4 seats (default)"]
    await press(chat, ANA, post, "4 seats (default)")
    assert "How many points win?" in post.message.text
    assert labels(post)[:4] == ["8 points", "10 points", "12 points (default)", "14 points"]
    await press(chat, BO, post, "10 points")  # anyone in the chat may answer

    (table,) = daemon.tables.values()
    assert table.status == Status.LOBBY
    options = table.options
    assert isinstance(options, KatanOptions)
    assert options.expansions == ("seafarers",) and options.map == "four_islands"
    assert options.points_to_win == 10
    assert table.meta.creator is not None and table.meta.creator.user == BO.user
    lobby = next(p for p in chat.channel(GROUP.chat) if "join code" in p.message.text)
    assert "Seafarers: Four Islands · 10 points to win" in lobby.message.text
    assert "New Katan table" in post.message.text and post.message.menu is None
    await daemon.shutdown(0.1)


async def test_back_and_the_cities_points_menu_and_a_forged_press() -> None:
    daemon, _, chat = await daemon_with_chat()
    await chat.type(ANA, "new katan", GROUP)
    post = setup_post(chat)
    await press(chat, ANA, post, "Seafarers")
    await press(chat, ANA, post, "◂ Back")
    assert "Which rules?" in post.message.text
    await press(chat, ANA, post, "Cities & Knights")
    assert "map" not in post.message.text, "no map without Seafarers"
    await press(chat, ANA, post, "4 seats (default)")
    assert labels(post)[:4] == ["8 points", "10 points", "13 points (default)", "15 points"]
    token = choice(post, "13 points (default)").token
    forged = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    before = len(chat.actions)
    await chat.on_press(ANA, GROUP, forged, post.id, context=(ANA.user, GROUP))
    (refusal,) = [action for action, _ in chat.actions[before:]]
    assert "not one of mine" in refusal.message.text and not daemon.tables
    await press(chat, ANA, post, "13 points (default)")
    (table,) = daemon.tables.values()
    assert isinstance(table.options, KatanOptions)
    assert table.options.expansions == ("cities_and_knights",)
    assert table.options.points_to_win == 13 and table.options.map is None
    await daemon.shutdown(0.1)


async def test_a_game_with_nothing_to_ask_and_options_given_open_at_once() -> None:
    daemon, _, chat = await daemon_with_chat()
    await chat.type(ANA, "new euchre", GROUP)
    await chat.type(ANA, "new katan expansions=cities_and_knights", GROUP)
    assert len(daemon.tables) == 2
    katan = next(t for t in daemon.tables.values() if t.game.id == "katan")
    assert isinstance(katan.options, KatanOptions) and katan.options.points_to_win == 13
    assert chat.layer.setup_first("new katan") and not chat.layer.setup_first("new euchre")
    assert not chat.layer.setup_first("new katan points_to_win=8")
    await daemon.shutdown(0.1)


def test_setup_tokens_are_sealed_like_any_other() -> None:
    codec = TokenCodec(b"x" * 32)
    token = codec.issue(SETUP_CODE, SETUP_TABLE, None, 0, "s0-1")
    grant = TokenCodec.read(token)
    assert codec.verify(token, grant, SETUP_TABLE)
    assert not TokenCodec(b"y" * 32).verify(token, grant, SETUP_TABLE)


async def test_typed_options_name_the_rules_and_the_map() -> None:
    daemon, _, chat = await daemon_with_chat()
    await chat.type(ANA, "new katan expansions=cities_and_knights,seafarers map=oases", GROUP)
    (table,) = daemon.tables.values()
    assert isinstance(table.options, KatanOptions)
    assert table.options.expansions == ("cities_and_knights", "seafarers")
    assert table.options.map == "oases" and table.options.points_to_win == 14
    (bad,) = await chat.type(ANA, "new katan expansions=seafarers map=atlantis", GROUP)
    assert "'atlantis' is not a Seafarers map" in bad.message.text
    (bad,) = await chat.type(ANA, "new katan map=oases", GROUP)
    assert "only with the seafarers expansion" in bad.message.text
    assert len(daemon.tables) == 1
    await daemon.shutdown(0.1)
