"""The `plgames` command: one entry point with a subcommand per task.

`serve` runs the daemon; `tables` and `table ...` are admin commands that talk
to the running daemon over its control socket. Other packages add their own
subcommands as `plgames.commands` entry points (the terminal client's
`discover`, `join` and `play`, declared in pyproject.toml), so the daemon
never imports a frontend: the dependency runs frontends → daemon → engine.
"""

import argparse
import json
import sys
from collections.abc import Sequence
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from daemon import store_copy
from daemon.config import ConfigError, load_settings
from engine.errors import EngineError
from engine.protocol import TableConfig
from engine.registry import game_ids, get_game
from engine.selfplay import watch

COMMANDS = "plgames.commands"
"""The entry-point group of subcommands: each names a function that is given
the parser's subcommands to add its own to."""


def _watch(args: argparse.Namespace) -> int:
    """Play one AI-only game and say how it ended: a quick look at an engine.

    With `--json`, one object: the winner, each seat's points, turns, moves,
    and a count of each public event kind (a progress card played counts as
    `progress:<card>`), for scripts comparing rule sets or AI levels.
    """
    game = get_game(args.game)
    options = _options(args.option or [])
    config = TableConfig(game=game.id, seed=args.seed, seats=args.seats, options=options)
    _, seats = game.prepare(config)
    level = args.level or game.default_level
    players = [game.player(level, args.seed + seat) for seat in range(seats)]
    watched = watch(game, config, players)
    if args.json:
        print(json.dumps(watched.summary(), sort_keys=True))
        return 0
    print(f"{game.title}, seed {args.seed}, {seats} seats, AI level {level!r}")
    ending = watched.outcome.summary if watched.outcome else "unfinished"
    print(f"{watched.moves} moves, {watched.turns} turns; {ending}")
    return 0


def _options(pairs: Sequence[str]) -> dict[str, str]:
    """`KEY=VALUE` pairs as given on the command line (the engine validates them)."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SystemExit(f"plgames: --option takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _settings_overrides(args: argparse.Namespace) -> dict[str, Any]:
    return {"state_dir": args.state_dir} if args.state_dir else {}


def _serve(args: argparse.Namespace) -> int:
    from daemon import logs
    from daemon.service import serve

    settings = load_settings(args.config, **_settings_overrides(args))
    logs.configure(settings.log.level, args.log_format or settings.log.format)
    return serve(settings)


# ---- admin commands ------------------------------------------------------------------


def _socket(args: argparse.Namespace) -> Path:
    if args.socket:
        return Path(args.socket)
    return load_settings(args.config, **_settings_overrides(args)).socket_path


def _ask(args: argparse.Namespace, request: dict[str, Any]) -> dict[str, Any]:
    from daemon.control import call

    path = _socket(args)
    try:
        answer = call(path, request)
    except (FileNotFoundError, ConnectionRefusedError):
        raise SystemExit(f"plgames: no daemon is listening on {path} (is it running?)") from None
    except PermissionError:
        raise SystemExit(
            f"plgames: {path} is only open to the daemon's user (try sudo -u plgames)"
        ) from None
    if not answer.get("ok"):
        raise SystemExit(f"plgames: {answer.get('error', 'failed')}")
    if args.json:
        print(json.dumps(answer, indent=2, ensure_ascii=False))
    return answer


def _seats_text(seats: list[dict[str, Any]]) -> str:
    return ", ".join(
        f"{s['seat']}:{s['name'] or s['who']}" + ("(away)" if s["kind"] == "away" else "")
        if s["kind"] != "ai"
        else f"{s['seat']}:AI"
        for s in seats
    )


def _tables(args: argparse.Namespace) -> int:
    answer = _ask(args, {"cmd": "tables"})
    if args.json:
        return 0
    rows = answer["tables"]
    if not rows:
        print("no tables")
    for row in rows:
        age = "-" if row["last_move_age"] is None else f"{row['last_move_age']:.0f}s ago"
        print(
            f"{row['code']}  {row['status']:<9} {row['game']:<9} last move {age:<10} "
            f"seats {_seats_text(row['seats'])}"
        )
    return 0


def _show(args: argparse.Namespace) -> int:
    row = _ask(args, {"cmd": "show", "code": args.code})
    if args.json:
        return 0
    print(f"{row['code']}  {row['name']}  ({row['game']}, {row['status']}, from {row['origin']})")
    for seat in row["seats"]:
        turn = "  <- to move" if seat["seat"] == row["to_move"] else ""
        who = "AI" if seat["kind"] == "ai" else f"{seat['name']} [{seat['who']}] {seat['kind']}"
        print(f"  seat {seat['seat']}: {who}{turn}")
    print(f"  steps: {row['version']}" + (f"; {row['result']}" if row["result"] else ""))
    for line in row["recent"]:
        print(f"  | {line}")
    return 0


def _simple(cmd: str, *keys: str) -> Any:
    def run(args: argparse.Namespace) -> int:
        request: dict[str, Any] = {"cmd": cmd}
        for key in keys:
            request[key] = getattr(args, key)
        answer = _ask(args, request)
        if not args.json:
            shown = {k: v for k, v in answer.items() if k != "ok"}
            print(" ".join(f"{k}={v}" for k, v in shown.items()) or "done")
        return 0

    return run


def _new(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"plgames: --option takes key=value, not {item!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    request: dict[str, Any] = {"cmd": "new", "game": args.game, "options": options}
    if args.seats:
        request["seats"] = args.seats
    if args.name:
        request["name"] = args.name
    start: dict[str, Any] = {"mode": args.start}
    if args.humans:
        start["humans"] = args.humans
    if args.countdown is not None:
        start["countdown_seconds"] = args.countdown
    request["start"] = start
    if args.lan:
        request["cmd"] = "lan_open"
    answer = _ask(args, request)
    if not args.json:
        where = f"  on {answer['address']}:{answer['port']}" if args.lan else ""
        print(f"{answer['code']}  {answer['name']}{where}")
    return 0


def _view(args: argparse.Namespace) -> int:
    answer = _ask(args, {"cmd": "view", "code": args.code, "user": args.user})
    if args.json:
        return 0
    if answer["seat"] is None:
        print(f"not seated; the table is {answer['status']}")
        return 0
    print(f"seat {answer['seat']}, {answer['status']}, step {answer['version']}")
    if "view" in answer:
        print(answer["view"])
    for move in answer["legal"]:
        print(f"  legal: {move}")
    return 0


def _export(args: argparse.Namespace) -> int:
    """Write a finished table's record to a file, for `plgames replay`."""
    record = _ask(args, {"cmd": "export", "table": args.table})["record"]
    path = Path(args.output or f"{record['meta']['code']}-record.json")
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if not args.json:
        print(f"wrote {path}: {record['meta']['name']}, {len(record['steps'])} steps")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from daemon.replay import BadRecord, read_record, replay

    try:
        record = read_record(Path(args.file))
    except BadRecord as exc:
        raise SystemExit(f"plgames: {exc}") from None

    def ask() -> str:
        return input("[Enter: next step, q: stop] ")

    replay(record, sys.stdout, None if args.all else ask)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="plgames", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    watch_cmd = sub.add_parser("watch", help="play one AI-only game and print how it ended")
    watch_cmd.add_argument("game", choices=game_ids())
    watch_cmd.add_argument("--seats", type=int, help="number of seats (default: the game's)")
    watch_cmd.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a table option, e.g. expansions=cities_and_knights (repeatable)",
    )
    watch_cmd.add_argument("--seed", type=int, default=1)
    watch_cmd.add_argument("--level", help="AI level (default: the game's own)")
    watch_cmd.add_argument(
        "--json", action="store_true", help="print one JSON object (winner, points, events)"
    )
    watch_cmd.set_defaults(func=_watch)

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--config", type=Path, help="TOML config file (else $PLGAMES_CONFIG)")
    common.add_argument("--state-dir", help="state directory (overrides the config)")

    serve = sub.add_parser("serve", parents=[common], help="run the daemon in the foreground")
    serve.add_argument(
        "--log-format",
        choices=("auto", "json", "text"),
        help="log lines as JSON or text (default: log.format; auto: JSON only under systemd)",
    )
    serve.set_defaults(func=_serve)
    store_copy.register(sub)

    admin = argparse.ArgumentParser(add_help=False, parents=[common])
    admin.add_argument("--socket", help="control socket (default: from the config)")
    admin.add_argument("--json", action="store_true", help="print the daemon's raw answer")

    tables = sub.add_parser("tables", parents=[admin], help="list tables")
    tables.set_defaults(func=_tables)

    table = sub.add_parser("table", help="look at or change one table").add_subparsers(
        dest="action", required=True
    )
    show = table.add_parser("show", parents=[admin], help="seats, whose turn, recent play")
    show.add_argument("code")
    show.set_defaults(func=_show)
    end = table.add_parser("end", parents=[admin], help="abandon a table")
    end.add_argument("code")
    end.add_argument("--reason", default="")
    end.set_defaults(func=_simple("end", "code", "reason"))
    kick = table.add_parser("kick", parents=[admin], help="give a seat to the AI for good")
    kick.add_argument("code")
    kick.add_argument("seat", type=int)
    kick.set_defaults(func=_simple("kick", "code", "seat"))
    new = table.add_parser("new", parents=[admin], help="open a table in the lobby")
    new.add_argument("game", choices=game_ids())
    new.add_argument("--seats", type=int)
    new.add_argument("--name", default="")
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    new.add_argument("--start", choices=("manual", "when_full", "countdown"), default="manual")
    new.add_argument("--humans", type=int, help="people wanted before a when_full start")
    new.add_argument("--countdown", type=float, help="seconds from the first join to the start")
    new.add_argument(
        "--lan",
        action="store_true",
        help="a LAN table: its own port, announced to phones by mDNS (late joiners refused)",
    )
    new.set_defaults(func=_new)
    start = table.add_parser("start", parents=[admin], help="start a table in the lobby")
    start.add_argument("code")
    start.set_defaults(func=_simple("start", "code"))
    log = table.add_parser("log", parents=[admin], help="every stored step of a table")
    log.add_argument("code")
    log.set_defaults(func=_simple("log", "code"))
    export = table.add_parser(
        "export", parents=[admin], help="write a finished table's record (seed included) to a file"
    )
    export.add_argument("table", help="the table's id, or its join code")
    export.add_argument("-o", "--output", help="the file (default: CODE-record.json)")
    export.set_defaults(func=_export)

    replay = sub.add_parser("replay", help="step through a game record, move by move")
    replay.add_argument("file", help="a record written by plgames table export")
    replay.add_argument("--all", action="store_true", help="print every step without waiting")
    replay.set_defaults(func=_replay)

    player = argparse.ArgumentParser(add_help=False, parents=[admin])
    player.add_argument("--as", dest="user", required=True, help="your local user name")
    join = table.add_parser("join", parents=[player], help="take a seat as local:USER")
    join.add_argument("code")
    join.add_argument("--seat", type=int)
    join.set_defaults(func=_simple("join", "code", "user", "seat"))
    leave = table.add_parser("leave", parents=[player], help="hand your seat to the AI")
    leave.add_argument("code")
    leave.set_defaults(func=_simple("leave", "code", "user"))
    view = table.add_parser("view", parents=[player], help="your view and legal moves")
    view.add_argument("code")
    view.set_defaults(func=_view)
    move = table.add_parser("move", parents=[player], help="make a move (its JSON text)")
    move.add_argument("code")
    move.add_argument("move")
    move.set_defaults(func=_simple("move", "code", "user", "move"))
    for found in sorted(entry_points(group=COMMANDS), key=lambda e: e.name):
        found.load()(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except EngineError as exc:
        print(f"plgames: {exc.reason}", file=sys.stderr)
        return 2
    except ConfigError as exc:
        print(f"plgames: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
