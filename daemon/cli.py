"""The `plgames` command: one entry point with a subcommand per task."""

import argparse
import sys
from collections.abc import Sequence

from engine.errors import EngineError
from engine.protocol import TableConfig
from engine.registry import game_ids, get_game
from engine.selfplay import play


def _watch(args: argparse.Namespace) -> int:
    """Play one AI-only game and print its public narration: a quick look at an engine."""
    game = get_game(args.game)
    config = TableConfig(game=game.id, seed=args.seed)
    _, seats = game.prepare(config)
    players = [game.player(args.level, args.seed + seat) for seat in range(seats)]
    result = play(game, config, players)
    print(f"{game.title}, seed {args.seed}, {seats} seats, AI level {args.level!r}")
    print(f"{len(result.moves)} moves; {result.outcome.summary if result.outcome else 'unfinished'}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="plgames", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    watch = sub.add_parser("watch", help="play one AI-only game and print how it ended")
    watch.add_argument("game", choices=game_ids())
    watch.add_argument("--seed", type=int, default=1)
    watch.add_argument("--level", default="normal")
    watch.set_defaults(func=_watch)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except EngineError as exc:
        print(f"plgames: {exc.reason}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
