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
