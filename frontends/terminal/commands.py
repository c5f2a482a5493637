"""`plgames discover`, `plgames join HOST:PORT` and `plgames play GAME`.

`play` is the quickest way in: it asks the local daemon for a LAN table with
AI opponents and joins it; with no daemon running it hosts the table in this
process instead (nothing is stored), so a new user can play at once.
"""

import argparse
import asyncio
import json
import os
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from daemon.config import LanConfig, LanTableSpec
from daemon.core import Daemon
from daemon.model import PacingPolicy, Refused, StartPolicy, TimerPolicy
from daemon.store import MemoryStore
from engine.errors import EngineError
from engine.registry import game_ids, get_game
from frontends.native.discovery import ALL, browse
from frontends.native.lan import LanFrontend
from frontends.terminal.session import Ask, Say, Session, new_device_id
from languages import _, from_environment, languages, speaking

LOOPBACK = "127.0.0.1"


def register(subparsers: Any) -> None:
    """Add the terminal commands to the `plgames` parser's subcommands."""
    discover = subparsers.add_parser("discover", help="list the LAN tables announced nearby")
    discover.add_argument(
        "--interface",
        action="append",
        help="IPv4 address to listen on (repeatable; default $PLGAMES_LAN__INTERFACES, else all)",
    )
    discover.add_argument("--seconds", type=float, default=3.0, help="how long to listen")
    discover.add_argument("--language", choices=languages(), help="the language to list in")
    discover.set_defaults(func=_discover)

    person = argparse.ArgumentParser(add_help=False)
    person.add_argument("--name", default=_default_name(), help="the name others see")
    person.add_argument("--device", default="", help="your device id (default: a new one)")
    person.add_argument(
        "--language",
        choices=languages(),
        help="the language to play in (default: LANGUAGE, LC_ALL, LC_MESSAGES or LANG)",
    )

    join = subparsers.add_parser(
        "join", parents=[person], help="play at a LAN table (HOST:PORT, as discover prints)"
    )
    join.add_argument("target", metavar="HOST:PORT")
    join.set_defaults(func=_join)

    play = subparsers.add_parser(
        "play", parents=[person], help="play a game against the AI now, in this terminal"
    )
    play.add_argument("game", choices=game_ids())
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--seats", type=int, help="seat count (default: the game's)")
    play.add_argument("--level", help="the AI's level (default: the game's usual one)")
    play.add_argument("--think", type=float, default=0.6, help="seconds each AI move takes")
    play.add_argument("--socket", type=Path, help="the daemon's control socket")
    play.add_argument("--config", type=Path, help="the daemon's config (for its socket)")
    play.set_defaults(func=_play)


def _default_name() -> str:
    return (os.environ.get("USER") or "Player").strip()[:20] or "Player"


# ---- discover ----------------------------------------------------------------------


def _interfaces(given: Sequence[str] | None) -> list[str]:
    if given:
        return list(given)
    env = os.environ.get("PLGAMES_LAN__INTERFACES", "")
    return [part.strip() for part in env.split(",") if part.strip()] or [ALL]


async def discover_lines(interfaces: Sequence[str], seconds: float) -> list[str]:
    """Each table found: its name, game, join code, free seats and address,
    then the command that joins it."""
    found = await browse(interfaces, seconds)
    if not found:
        return [_("No tables found. (Is the daemon running with lan on, on this network?)")]
    lines = []
    for f in found:
        facts = [f.name, *_table_facts(f.properties), f"{f.address}:{f.port}"]
        lines.append(" · ".join(facts))
        lines.append(f"    plgames join {f.address}:{f.port}")  # syntax: a command as typed
    return lines


def _table_facts(properties: Mapping[str, str]) -> list[str]:
    """What a table's announcement says (nothing, from a host that says none)."""
    facts = []
    game = properties.get("game", "")
    if game:
        try:
            facts.append(get_game(game).title)
        except EngineError:
            facts.append(game)
    if properties.get("code"):
        facts.append(_("code {code}").format(code=properties["code"]))
    free, seats = properties.get("free", ""), properties.get("seats", "")
    if properties.get("status") == "playing":
        facts.append(_("playing"))
    elif free.isdigit() and seats.isdigit():
        facts.append(_("{free} of {seats} seats free").format(free=free, seats=seats))
    return facts


def _discover(args: argparse.Namespace) -> int:
    with speaking(_language(args)):
        for line in asyncio.run(discover_lines(_interfaces(args.interface), args.seconds)):
            print(line)
    return 0


# ---- join --------------------------------------------------------------------------


def parse_target(text: str) -> tuple[str, int]:
    """`HOST:PORT` into its parts, or `ValueError` saying what is wrong."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r} is not HOST:PORT (for example 192.168.1.20:40123)")
    return host, int(port)


def colour_wanted() -> bool:
    """Colours on a terminal, unless NO_COLOR (no-color.org) says otherwise."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


async def join_table(
    host: str,
    port: int,
    name: str,
    device: str,
    ask: Ask,
    say: Say,
    *,
    colour: bool = False,
    hosted_here: bool = False,
) -> int:
    """Connect (8 s, as the app does) and play until the game ends.
    `hosted_here`: the table lives in this process, so a seat left cannot be
    taken back later."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 8)
    except (OSError, TimeoutError) as exc:
        say(_("Couldn't connect: {reason}").format(reason=exc or _("timed out")))
        return 1
    device = device or new_device_id()
    come_back = None if hosted_here else join_command(host, port, name, device)
    session = Session(
        reader,
        writer,
        name=name,
        device=device,
        ask=ask,
        say=say,
        colour=colour,
        come_back=come_back,
    )
    return await session.run()


def join_command(host: str, port: int, name: str, device: str) -> str:
    """The command that sits this device (and so its seat) at the table again."""
    return f"plgames join {host}:{port} --device {device} --name {shlex.quote(name)}"


async def _ask_stdin(prompt: str) -> str | None:
    def read() -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    return await asyncio.to_thread(read)


def _join(args: argparse.Namespace) -> int:
    try:
        host, port = parse_target(args.target)
    except ValueError as exc:
        raise SystemExit(f"plgames: {exc}") from None
    with speaking(_language(args)):
        return asyncio.run(
            join_table(
                host, port, args.name, args.device, _ask_stdin, print, colour=colour_wanted()
            )
        )


def _language(args: argparse.Namespace) -> str | None:
    """`--language`, else the environment's (the session's context carries it
    into the event loop, whose tasks copy it)."""
    chosen: str | None = args.language
    return chosen or from_environment(os.environ)


# ---- play --------------------------------------------------------------------------


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"--option takes KEY=VALUE, not {item!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def _ask_daemon(args: argparse.Namespace, request: dict[str, Any]) -> dict[str, Any] | None:
    """The running daemon's answer, or None when no daemon can be reached."""
    from daemon.config import load_settings
    from daemon.control import call

    path = args.socket or load_settings(args.config).socket_path
    try:
        return call(path, request)
    except (FileNotFoundError, ConnectionRefusedError, PermissionError):
        return None


async def play_here(
    game: str,
    options: dict[str, Any],
    *,
    seats: int | None,
    level: str | None,
    think: float,
    name: str,
    device: str,
    ask: Ask,
    say: Say,
    colour: bool = False,
) -> int:
    """Host a LAN table on loopback in this process and play at it."""
    config = LanConfig(
        interfaces=[LOOPBACK],
        advertise=False,
        pacing=PacingPolicy(think_seconds=think, hold_seconds=think * 2, batch=False),
        timer=TimerPolicy(turn_seconds=None),
        ai_level=level,
        linger_seconds=0,
    )
    daemon = Daemon(MemoryStore())
    lan = LanFrontend(config)
    await daemon.add_frontend(lan)
    try:
        short = name.encode()[:30].decode("utf-8", errors="ignore") or "Player"
        spec = LanTableSpec(
            game=game,
            name=f"{short}'s table",
            options=options,
            seats=seats,
            start=StartPolicy(mode="when_full", humans=1),
        )
        try:
            table = await lan.open_table(spec)
        except Refused as exc:
            say(_("Refused: {reason}").format(reason=exc.reason))
            return 2
        return await join_table(
            LOOPBACK, table.port, name, device, ask, say, colour=colour, hosted_here=True
        )
    finally:
        await daemon.shutdown(1.0)


def _play(args: argparse.Namespace) -> int:
    with speaking(_language(args)):
        return _play_in(args)


def _play_in(args: argparse.Namespace) -> int:
    try:
        options = parse_options(args.option)
    except ValueError as exc:
        raise SystemExit(f"plgames: {exc}") from None
    request = {
        "cmd": "lan_open",
        "game": args.game,
        "options": options,
        "seats": args.seats,
        "humans": 1,
    }
    answer = _ask_daemon(args, request)
    if answer is not None and answer.get("ok"):
        host, port = answer.get("address", LOOPBACK), int(answer["port"])
        return asyncio.run(
            join_table(
                host, port, args.name, args.device, _ask_stdin, print, colour=colour_wanted()
            )
        )
    if answer is not None:
        said = _("The daemon did not open a table ({error}); playing in this process.")
        print(said.format(error=answer.get("error")))
    else:
        print(_("No daemon to ask: playing in this process (nothing is saved)."))
    return asyncio.run(
        play_here(
            args.game,
            options,
            seats=args.seats,
            level=args.level,
            think=args.think,
            name=args.name,
            device=args.device,
            ask=_ask_stdin,
            say=print,
            colour=colour_wanted(),
        )
    )
