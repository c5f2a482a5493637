"""`plgames replay FILE`: a finished game's record, move by move, in a terminal.

Each step prints who moved and what, the narration of what it did, and the
board after it as text (the renderers' public board). A record exists only
once a game is over, so the narration shows every audience's events: a
private event is printed once, marked with whom it was for (its public twin,
the same fact with the secret left out, is skipped).
"""

import importlib
import inspect
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError

from daemon.model import Actor, StepKind
from daemon.records import Played, Record, replayed
from engine.protocol import Event, Game
from engine.registry import get_game
from renderers.words import spoken


class BadRecord(Exception):
    """The file is not a record this plgames can read; the message says why."""


def read_record(path: Path) -> Record:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadRecord(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return Record.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        raise BadRecord(f"{path} is not a plgames record ({where}: {first['msg']})") from None


def board_text(game: Game[Any, Any, Any], state: Any, names: Sequence[str]) -> str:
    """The public board after a step, as the game's renderer writes it."""
    render: Callable[..., str] = importlib.import_module(f"renderers.{game.id}").render_text
    view = game.view_for(state, None)
    if "viewer" in inspect.signature(render).parameters:
        return render(view, viewer=None, names=names)
    return render(view, names=names)


def narration(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Every fact once: public events, and private ones marked with their reader."""
    lines = []
    for event in events:
        if event.audience is None and event.hidden_from:
            continue  # the public twin of a private event printed below or above
        text = spoken(event.text, names)
        if event.audience is not None:
            readers = " & ".join(names[s] for s in sorted(event.audience) if s < len(names))
            text = f"[to {readers}] {text}"
        lines.append(text)
    return lines


def heading(record: Record) -> list[str]:
    meta = record.meta
    game = get_game(meta.game)
    names = record.names()
    seats = ", ".join(
        f"{i + 1} {names[i]}" + (f" ({s.identity})" if s.identity else "")
        for i, s in enumerate(meta.seats)
    )
    options = ", ".join(f"{k}={v}" for k, v in sorted(meta.options.items())) or "defaults"
    return [
        f"{meta.name} ({meta.code}): {game.title}, {len(record.steps)} steps",
        f"Seats: {seats}",
        f"Options: {options}; seed {meta.seed}",
    ]


def describe(played: Played, game: Game[Any, Any, Any], names: Sequence[str]) -> list[str]:
    """One step: who did what, what it did, and the board after it."""
    step = played.step
    if step.kind == StepKind.ADVANCE or step.seat is None or step.move is None:
        what = f"Step {step.ply + 1}: the table moves on."
    else:
        label = game.move_label(game.decode_move(step.move))
        by = "" if step.actor == Actor.HUMAN else f" ({step.actor.value})"
        what = f"Step {step.ply + 1}: {names[step.seat]}{by}: {spoken(label, names)}"
    lines = [what]
    lines += [f"  {line}" for line in narration(played.events, names)]
    lines.append(board_text(game, played.state, names))
    return lines


def replay(record: Record, out: TextIO, ask: Callable[[], str] | None) -> int:
    """Print the record step by step; `ask` waits for Enter between steps
    (None: print everything). Typing `q` stops. Returns the steps shown."""
    game = get_game(record.meta.game)
    names = record.names()
    print("\n".join(heading(record)), file=out)
    shown = 0
    for played in replayed(record, game):
        if ask is not None and shown:
            try:
                if ask().strip().lower() in ("q", "quit"):
                    return shown
            except EOFError:
                return shown
        print("\n".join(["", *describe(played, game, names)]), file=out)
        shown += 1
    result = spoken(record.meta.result, names) or record.meta.status.value
    print(f"\nEnd: {result}", file=out)
    return shown
