"""The terminal client plays whole games from a script, over the real protocol."""

import argparse
import asyncio
import itertools
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

SPOT = re.compile(r"\x1b\[1;97;45m#?(\d+)\x1b\[0m")
"""A number the board offers, as a terminal shows it: white on magenta."""


class Script:
    """A person at the keyboard: a few mistakes first, then always the first
    move: the first place the menu lists (read off the board when the menu
    only says how many there are), else the first letter or number."""

    def __init__(self, opening: list[str]) -> None:
        self.lines: Iterator[str] = iter(opening)
        self.prompts = 0
        self.said: list[str] = []

    async def ask(self, prompt: str) -> str | None:
        self.prompts += 1
        assert self.prompts < 5_000, "the game did not end"
        if prompt == "which> ":  # several moves at the place typed: the first
            found = re.search(r"^  (\w+)\. ", self.said[-1], re.MULTILINE)
            assert found, self.said[-1]
            return found.group(1)
        return next(self.lines, None) or self.first()

    def listing(self) -> str:
        return next(text for text in reversed(self.said) if text.startswith("Your move."))

    def board_numbers(self) -> list[str]:
        """The numbers drawn on the last board, in reading order."""
        board = next(text for text in reversed(self.said) if text.startswith("Katan"))
        return SPOT.findall(board)

    def first(self) -> str:
        listing = self.listing()
        listed = re.search(r"^  [^:\n]+: (\d+)(?:,|$)", listing, re.MULTILINE)
        if listed:
            return listed.group(1)
        if "numbered on the board" in listing:
            return self.board_numbers()[0]
        found = re.search(r"^ +(\w+)\. ", listing, re.MULTILINE)
        assert found, listing
        return found.group(1)

    def say(self, text: str) -> None:
        self.said.append(text)

    async def play(
        self,
        game: str,
        options: dict[str, object],
        level: str | None = "normal",
        colour: bool = False,
    ) -> int:
        """`plgames play GAME` with Tess at the keyboard, the AIs without pause."""
        return await play_here(
            game,
            options,
            seats=None,
            level=level,
            think=0,
            name="Tess",
            device="",
            ask=self.ask,
            say=self.say,
            colour=colour,
        )


@pytest.mark.parametrize(
    ("game", "options"), [("euchre", {"pointsToWin": 3}), ("sequence", {"sequencesToWin": 1})]
)
async def test_play_runs_a_whole_game_against_the_ai(game: str, options: dict[str, object]) -> None:
    script = Script(["banana", "9999", "help", "moves", "show", ""])
    code = await script.play(game, options)
    text = "\n".join(script.said)
    assert code == 0, text[-2000:]
    assert "Joined Tess's table." in text
    assert "'banana' is not a move: type a number from 1 to" in text
    assert "'9999' is not a move" in text
    assert HELP in text
    assert "Your move.\n    1. " in text
    assert script.said[-1] == "The game is over."
    assert "seat 0" not in text.lower() and "_" not in text, "no engine words"
    assert re.search(r"^(Blue|Orange)( team)? wins \d+–\d+\.$", text, re.MULTILINE)


async def test_euchre_narrates_each_play_once_and_shows_the_last_trick() -> None:
    """Between turns the daemon's events are told in sentences, nothing twice;
    at our turn the last trick's cards show, and who took it."""
    script = Script([])
    code = await script.play("euchre", {"pointsToWin": 3})
    assert code == 0
    told = [line for line in script.said if line.startswith("  ") and not line.startswith("   ")]
    assert re.search(r"^  Computer \d plays [0-9JQKA]+[♠♥♦♣]\.$", "\n".join(told), re.MULTILINE)
    assert any(re.search(r"(Tess|Computer \d) takes the trick\.$", line) for line in told)
    repeated = [a for a, b in itertools.pairwise(told) if a == b]
    assert not repeated, repeated
    assert re.search(r"^Last trick: .+ [0-9JQKA]+[♠♥♦♣].* took it$", "\n".join(script.said), re.M)


class OfferWheneverListed(Script):
    """A Katan player who picks the listed trade offer whenever there is one, so
    it would never end a turn if the rules did not cap offers a turn."""

    def __init__(self, opening: list[str]) -> None:
        super().__init__(opening)
        self.offers_per_turn = [0]

    def first(self) -> str:
        listing = self.listing()
        offer = re.search(r"^ +([a-z]+)\. offer ", listing, re.MULTILINE)
        if offer:
            self.offers_per_turn[-1] += 1
            return offer.group(1)
        if re.search(r"^ +[a-z]+\. end turn", listing, re.MULTILINE):
            self.offers_per_turn.append(0)
        return super().first()


async def test_katan_runs_a_whole_game_against_three_ais() -> None:
    """The AIs are built afresh for each decision, as at every daemon table; they
    answer the offers and make their own (one a turn) and the game ends. The
    person plays by the numbers on the board, and reads what happened."""
    script = OfferWheneverListed(['{"move":"roll"}'])
    code = await script.play("katan", {}, level=None, colour=True)
    text = "\n".join(script.said)
    assert code == 0, text[-2000:]
    assert "In playing order: Tess (you), Computer 1, Computer 2, Computer 3" in text
    assert "Refused: " in text, "a move typed as JSON out of turn"
    assert re.search(r"^  Tess offers .+ to everyone\.$", text, re.MULTILINE)
    assert re.search(r"^  Computer [123] offers .+ to everyone\.$", text, re.MULTILINE)
    assert max(script.offers_per_turn) == OFFERS_PER_TURN
    for sentence in (r"rolled \d+", r"received \d \w+", r"built a road on edge \d+"):
        assert re.search(rf"^  Computer [123] {sentence}", text, re.MULTILINE), sentence
    assert re.search(r"^Computer [123] wins with \d+ points\.$", text, re.MULTILINE)
    assert script.said[-1] == "The game is over."
    assert "Hexes:" not in text and "setup_settlement" not in text and "seat 0" not in text


async def test_the_number_typed_off_the_katan_board_builds_there() -> None:
    """Setup: the board numbers every free crossing; the one typed (the last
    drawn, so not the first menu entry) is where the settlement stands, and
    then the road numbers are the edges beside it."""
    chosen: list[str] = []

    class Last(Script):
        def first(self) -> str:
            if "build settlement:" in self.listing() and not chosen:
                chosen.append(self.board_numbers()[-1])
                return chosen[0]
            return super().first()

    script = Last([])
    await script.play("katan", {"points_to_win": 3}, level="random", colour=True)
    text = "\n".join(script.said)
    assert chosen and chosen[0] == "53", "the last crossing of the standard island"
    assert f"  Tess built a settlement on crossing {chosen[0]}." in text
    roads = re.search(r"^  build road: ([\d, ]+)$", text, re.MULTILINE)
    assert roads and set(roads.group(1).split(", ")) == {"70", "71"}, "the edges at 53"


async def test_bad_options_are_refused_with_the_reason() -> None:
    script = Script([])
    code = await script.play("euchre", {"deckSize": 30})
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
async def test_discover_lists_each_tables_game_code_free_seats_and_address() -> None:
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
            found = await discover_lines(["127.0.0.1"], 1.5)
            lines = [
                pair
                for pair in itertools.pairwise(found)
                if pair[0].endswith(f" · 127.0.0.1:{port}")
            ]
            if lines:
                break
        code = lan.tables[0].table.code
        assert lines == [
            (
                f"Kitchen · Euchre · code {code} · 4 of 4 seats free · 127.0.0.1:{port}",
                f"    plgames join 127.0.0.1:{port}",
            )
        ]
    finally:
        await daemon.shutdown(0.1)


async def test_quit_hands_the_seat_to_the_ai_and_says_how_to_take_it_back() -> None:
    config = LanConfig(
        interfaces=["127.0.0.1"],
        advertise=False,
        pacing=PacingPolicy(think_seconds=0, hold_seconds=0, batch=False),
        timer=TimerPolicy(turn_seconds=None),
        linger_seconds=0,
    )
    daemon = Daemon(MemoryStore())
    lan = LanFrontend(config)
    await daemon.add_frontend(lan)
    try:
        spec = LanTableSpec(
            game="euchre",
            name="Kitchen",
            options={"pointsToWin": 1},
            start=StartPolicy(mode="when_full", humans=1),
        )
        table = (await lan.open_table(spec)).table
        port = lan.tables[0].port
        leaving = Script(["quit"])
        code = await join_table(
            "127.0.0.1", port, "Tess", "feedfacecafebeef", leaving.ask, leaving.say
        )
        back = f"plgames join 127.0.0.1:{port} --device feedfacecafebeef --name Tess"
        assert (code, leaving.said[-1]) == (
            0,
            f"You left; the AI plays your seat now. To take it back:\n  {back}",
        )
        assert table.meta.seats[0].away, "the AI plays the seat at once"
        returning = Script([])
        code = await join_table(
            "127.0.0.1", port, "Tess", "feedfacecafebeef", returning.ask, returning.say
        )
        assert code == 0 and returning.said[-1] == "The game is over."
    finally:
        await daemon.shutdown(0.1)
