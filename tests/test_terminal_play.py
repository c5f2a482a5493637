"""The terminal client plays whole games from a script, over the real protocol."""

import argparse
import asyncio
import re
from collections.abc import Iterator

import pytest

from daemon.config import LanConfig, LanTableSpec
from daemon.core import Daemon
from daemon.model import PacingPolicy, StartPolicy, TimerPolicy
from daemon.store import MemoryStore
from engine.katan.components import OFFERS_PER_TURN
from frontends.native.lan import LanFrontend
from frontends.terminal.commands import (
    discover_lines,
    join_table,
    parse_options,
    parse_target,
    play_here,
    register,
)
from frontends.terminal.session import HELP


class Script:
    """A person at the keyboard: a few mistakes first, then always the first move."""

    def __init__(self, opening: list[str]) -> None:
        self.lines: Iterator[str] = iter(opening)
        self.prompts = 0
        self.said: list[str] = []

    async def ask(self, prompt: str) -> str | None:
        self.prompts += 1
        assert self.prompts < 5_000, "the game did not end"
        return next(self.lines, "1")

    def say(self, text: str) -> None:
        self.said.append(text)


@pytest.mark.parametrize(
    ("game", "options"), [("euchre", {"pointsToWin": 3}), ("sequence", {"sequencesToWin": 1})]
)
async def test_play_runs_a_whole_game_against_the_ai(game: str, options: dict[str, object]) -> None:
    script = Script(["banana", "9999", "help", "moves", "show", ""])
    code = await play_here(
        game,
        options,
        seats=None,
        level="normal",
        think=0,
        name="Tess",
        device="",
        ask=script.ask,
        say=script.say,
    )
    text = "\n".join(script.said)
    assert code == 0, text[-2000:]
    assert "Joined Tess's table." in text
    assert "'banana' is not a move: type a number from 1 to" in text
    assert "'9999' is not a move" in text
    assert HELP in text
    assert "Your move:\n  1. " in text
    assert script.said[-1] == "The game is over."


class OfferWheneverListed(Script):
    """A Katan player who picks the listed trade offer whenever there is one, so
    it would never end a turn if the rules did not cap offers a turn."""

    def __init__(self, opening: list[str]) -> None:
        super().__init__(opening)
        self.offers_per_turn = [0]

    async def ask(self, prompt: str) -> str | None:
        line = await super().ask(prompt)
        if line != "1":
            return line
        listing = next(text for text in reversed(self.said) if text.startswith("Your move:"))
        offer = re.search(r"^ *(\d+)\. offer ", listing, re.MULTILINE)
        if offer:
            self.offers_per_turn[-1] += 1
            return offer.group(1)
        if "  1. end turn" in listing:
            self.offers_per_turn.append(0)
        return "1"


async def test_katan_runs_a_whole_game_against_three_ais() -> None:
    """The AIs are built afresh for each decision, as at every daemon table; they
    answer the offers and make their own (one a turn) and the game ends."""
    script = OfferWheneverListed(['{"move":"roll"}'])
    code = await play_here(
        "katan",
        {},
        seats=None,
        level=None,
        think=0,
        name="Tess",
        device="",
        ask=script.ask,
        say=script.say,
    )
    text = "\n".join(script.said)
    assert code == 0, text[-2000:]
    assert "Seats: 0: Tess, 1: Computer 1, 2: Computer 2, 3: Computer 3" in text
    assert "Refused: " in text, "a move typed as JSON out of turn"
    assert "Offer from seat 0 to everyone" in text
    assert re.search(r"Offer from seat [123] to everyone", text), "the AIs trade too"
    assert max(script.offers_per_turn) == OFFERS_PER_TURN
    assert re.search(r"^Seat [123] wins\.$", text, re.MULTILINE)
    assert script.said[-1] == "The game is over."


async def test_bad_options_are_refused_with_the_reason() -> None:
    script = Script([])
    code = await play_here(
        "euchre",
        {"deckSize": 30},
        seats=None,
        level="normal",
        think=0,
        name="Tess",
        device="",
        ask=script.ask,
        say=script.say,
    )
    assert code == 2 and "deckSize" in script.said[-1]


async def test_an_unreachable_table_says_so() -> None:
    server = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    server.close()
    await server.wait_closed()
    script = Script([])
    assert await join_table("127.0.0.1", port, "Tess", "", script.ask, script.say) == 1
    assert script.said[0].startswith("Couldn't connect: ")


def test_targets_and_options_are_checked() -> None:
    assert parse_target("127.0.0.1:4000") == ("127.0.0.1", 4000)
    for bad in ("127.0.0.1", "host:", ":80", "h:99999", "h:x"):
        with pytest.raises(ValueError, match="HOST:PORT"):
            parse_target(bad)
    assert parse_options(["pointsToWin=5", "board=classic"]) == {
        "pointsToWin": 5,
        "board": "classic",
    }
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_options(["pointsToWin"])


def test_the_commands_hook_into_a_parser() -> None:
    parser = argparse.ArgumentParser(prog="plgames")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["play", "euchre", "--option", "pointsToWin=5", "--name", "Tess"])
    assert (args.game, args.option, args.name) == ("euchre", ["pointsToWin=5"], "Tess")
    assert parser.parse_args(["join", "127.0.0.1:4000"]).target == "127.0.0.1:4000"
    assert parser.parse_args(["discover", "--interface", "127.0.0.1"]).interface == ["127.0.0.1"]


@pytest.mark.xdist_group("mdns")
async def test_discover_lists_tables_with_the_join_command() -> None:
    config = LanConfig(
        interfaces=["127.0.0.1"],
        tables=[LanTableSpec(game="euchre", name="Kitchen", start=StartPolicy(mode="manual"))],
        pacing=PacingPolicy(think_seconds=0, hold_seconds=0, batch=False),
        timer=TimerPolicy(turn_seconds=None),
    )
    daemon = Daemon(MemoryStore())
    lan = LanFrontend(config)
    await daemon.add_frontend(lan)
    try:
        for _ in range(500):
            if lan.tables:
                break
            await asyncio.sleep(0.01)
        port = lan.tables[0].port
        # Announcing probes the network first; on a loaded machine one listen
        # window can close before it is done, so listen again (bounded).
        for _ in range(8):
            # Only our table: another daemon on this machine may announce its own.
            lines = [
                line
                for line in await discover_lines(["127.0.0.1"], 1.5)
                if line.endswith(f":{port}")
            ]
            if lines:
                break
        assert lines == [f"Kitchen  127.0.0.1:{port}   plgames join 127.0.0.1:{port}"]
    finally:
        await daemon.shutdown(0.1)
