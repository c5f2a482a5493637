"""Each game's move decoder, and `apply` on what it decodes.

Documented outcomes: `decode_move` returns a move that encodes and decodes
back to itself, or raises `BadMove`; `apply` of that move, for any seat in a
position reached by self-play, returns or raises `IllegalMove` and then
leaves the state as it was."""

from typing import Any

from engine.errors import BadMove, IllegalMove
from engine.registry import get_game
from fuzz.common import Reader, positions, seed

GAMES = ("katan", "euchre", "sequence")


def target(game_id: str) -> Any:
    game = get_game(game_id)

    def decode_and_apply(data: bytes) -> None:
        reader = Reader(data)
        states = positions(game_id)
        state = reader.pick(states)
        text = reader.text()
        try:
            move = game.decode_move(text)
        except BadMove as exc:
            assert exc.reason
            return
        assert game.decode_move(game.encode_move(move)) == move, (text, move)
        before = game.encode_state(state)
        for seat in range(game.seat_count(state)):
            try:
                game.apply(state, seat, move)
            except IllegalMove as exc:
                assert exc.reason
                assert game.encode_state(state) == before, (text, seat)

    decode_and_apply.__name__ = f"moves_{game_id}"
    return decode_and_apply


def seeds(game_id: str) -> list[bytes]:
    """Every legal move's text in a spread of positions, with its position."""
    game = get_game(game_id)
    out = []
    for index, state in enumerate(positions(game_id)[::3]):
        seat = game.to_move(state)
        if seat is None:
            continue
        for move in game.legal_moves(state, seat)[:8]:
            out.append(seed(index * 3, game.encode_move(move)))
    return out


TARGETS = {f"moves_{g}": target(g) for g in GAMES}
SEEDS = {f"moves_{g}": seeds(g) for g in GAMES}
