"""Drive a game to its end with players in every seat: the loop behind the
self-play tests, `make bench` and offline AI evaluation."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.protocol import Game, Outcome, Player, TableConfig

S = TypeVar("S")
M = TypeVar("M")


@dataclass(slots=True)
class Played(Generic[S, M]):
    state: S
    moves: list[tuple[int, M]] = field(default_factory=list)
    outcome: Outcome | None = None


def play(
    game: Game[S, M, Any],
    config: TableConfig,
    players: Sequence[Player[Any, M]],
    *,
    max_moves: int = 20_000,
    checked: bool = True,
) -> Played[S, M]:
    """Play until the game ends; every decision is made from the seat's view.

    With `checked`, each move goes through `Game.apply`, so an AI that returns
    an illegal move raises `IllegalMove` instead of corrupting the game.
    """
    state = game.initial_state(config)
    result: Played[S, M] = Played(state)
    for _ in range(max_moves):
        if game.is_finished(state):
            break
        if game.can_advance(state):
            state = game.advance(state).state
            continue
        seat = game.to_move(state)
        if seat is None:
            raise RuntimeError("the game waits on nobody but is neither finished nor advanceable")
        view = game.view_for(state, seat)
        legal = game.view_legal_moves(view, seat)
        move = players[seat].choose(view, seat, legal)
        step = game.apply(state, seat, move) if checked else game.apply_legal(state, seat, move)
        state = step.state
        result.moves.append((seat, move))
    else:
        raise RuntimeError(f"no result after {max_moves} moves")
    result.state = state
    result.outcome = game.outcome(state)
    return result


def replay(game: Game[S, M, Any], config: TableConfig, moves: Sequence[tuple[int, M]]) -> S:
    """Rebuild a state from its config and move list.

    Host steps are taken only when a move needs them, so the result is the
    state right after the last move (a scored hand stays on the table).
    """
    state = game.initial_state(config)
    for seat, move in moves:
        while game.can_advance(state):
            state = game.advance(state).state
        state = game.apply(state, seat, move).state
    return state


@dataclass(slots=True)
class Watched:
    """An AI-only game as a spectator saw it: the public events counted by kind."""

    outcome: Outcome | None
    moves: int
    turns: int
    events: dict[str, int]

    def summary(self) -> dict[str, Any]:
        outcome = self.outcome
        winners = list(outcome.winners) if outcome else []
        return {
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
            "draw": outcome.draw if outcome else False,
            "points": list(outcome.scores) if outcome else [],
            "turns": self.turns,
            "moves": self.moves,
            "events": dict(sorted(self.events.items())),
        }


def watch(
    game: Game[S, M, Any],
    config: TableConfig,
    players: Sequence[Player[Any, M]],
    *,
    max_moves: int = 50_000,
) -> Watched:
    """Play to the end like `play`, counting the events a spectator sees.

    A turn is a move by a seat after another seat's (answers to an offer or a
    chore count inside the turn they interrupt only where the game narrates
    turns: an `end_turn` event, when the game has one, marks each). An event
    may name what it counts as in its data's `tally` (a progress card played
    counts as `progress:<card>`).
    """
    state = game.initial_state(config)
    events: dict[str, int] = {}
    moves = 0
    ends = 0
    switches = 0
    last = None
    while not game.is_finished(state):
        if moves >= max_moves:
            raise RuntimeError(f"no result after {max_moves} moves")
        if game.can_advance(state):
            step = game.advance(state)
        else:
            seat = game.to_move(state)
            if seat is None:
                raise RuntimeError(
                    "the game waits on nobody but is neither finished nor advanceable"
                )
            view = game.view_for(state, seat)
            move = players[seat].choose(view, seat, game.view_legal_moves(view, seat))
            step = game.apply(state, seat, move)
            moves += 1
            switches += seat != last
            last = seat
        state = step.state
        for event in step.events:
            if not event.visible_to(None):
                continue
            kind = str(event.data.get("tally", event.kind))
            ends += kind == "end_turn"
            events[kind] = events.get(kind, 0) + 1
    return Watched(game.outcome(state), moves, ends + 1 if ends else switches, events)
