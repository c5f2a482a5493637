"""Sequence behind the engine protocol: the object the registry hands out."""

from typing import ClassVar

from engine.errors import BadOptions, IllegalMove
from engine.jsonwire import dumps
from engine.protocol import Game, GameOptions, Outcome, Player, TableConfig, Transition
from engine.random_player import RandomPlayer
from engine.sequence import rules, wire
from engine.sequence.ai import LEVELS, SequenceAi
from engine.sequence.ai_hard import HardSequenceAi
from engine.sequence.moves import Move, is_move, move_label
from engine.sequence.options import SequenceOptions
from engine.sequence.state import Phase, SequenceState


def _options(options: GameOptions) -> SequenceOptions:
    if not isinstance(options, SequenceOptions):
        raise BadOptions(f"expected Sequence options, got {type(options).__name__}")
    return options


class SequenceGame(Game[SequenceState, Move, SequenceState]):
    """The view type is the state type, redacted (NATIVE.md §5.3.9, RULINGS 17)."""

    id: ClassVar[str] = "sequence"
    title: ClassVar[str] = "Sequence"
    Options: ClassVar[type[GameOptions]] = SequenceOptions
    levels: ClassVar[tuple[str, ...]] = ("random", *LEVELS, "hard")
    default_level: ClassVar[str] = "normal"
    """`hard` searches (docs/sequence.md); the default stays the app's own AI,
    so a table plays as the app does unless asked."""

    # ---- configuration -------------------------------------------------------

    def seat_counts(self, options: GameOptions) -> tuple[int, ...]:
        return (_options(options).players,)

    def teams(self, options: GameOptions, seats: int) -> tuple[int, ...]:
        team_count = _options(options).team_count
        return tuple(seat % team_count for seat in range(seats))

    def app_compatible(self, options: GameOptions) -> str | None:
        """Why an app client may not sit at a table with these options, or None.

        The app draws its own generated board, so on any other board its squares
        would not match the daemon's (RULINGS 14).
        """
        board = _options(options).board
        if board == "app":
            return None
        return (
            f"This table plays the {board} Sequence board; the app can only draw its own "
            "board, so app players cannot sit here."
        )

    def app_options_json(self, options: GameOptions) -> str:
        """The options as the app's setup screen writes them, for `lobby` and `start`."""
        return dumps(_options(options).app_json())

    # ---- the state machine ---------------------------------------------------

    def initial_state(self, config: TableConfig) -> SequenceState:
        options, _ = self.prepare(config)
        return rules.new_game(_options(options), config.seed)

    def seat_count(self, state: SequenceState) -> int:
        return len(state.teams)

    def to_move(self, state: SequenceState) -> int | None:
        return state.turn if state.phase is Phase.PLAYING else None

    def legal_moves(self, state: SequenceState, seat: int) -> list[Move]:
        return rules.legal_moves(state, seat)

    def check(self, state: SequenceState, seat: int, move: Move) -> None:
        if not is_move(move):
            raise IllegalMove("That is not a Sequence move.")
        super().check(state, seat, move)

    def why_illegal(self, state: SequenceState, seat: int, move: Move) -> str:
        return rules.why_illegal(state, seat, move) or super().why_illegal(state, seat, move)

    def apply_legal(self, state: SequenceState, seat: int, move: Move) -> Transition[SequenceState]:
        return rules.apply(state, seat, move)

    def is_finished(self, state: SequenceState) -> bool:
        return state.phase is Phase.GAME_OVER

    def outcome(self, state: SequenceState) -> Outcome | None:
        if state.phase is not Phase.GAME_OVER:
            return None
        winner = state.winner
        winners = tuple(s for s, t in enumerate(state.teams) if t == winner)
        return Outcome(
            winners=winners,
            winning_team=winner,
            draw=winner is None,
            scores=tuple(state.sequences_by_team),
            summary=self.summary(state),
        )

    def summary(self, state: SequenceState) -> str:
        """The running score in words ("scores" in an outcome are sequences per team)."""
        counts = ", ".join(
            f"team {team} {count}" for team, count in enumerate(state.sequences_by_team)
        )
        target = state.options.sequences_to_win
        if state.phase is Phase.PLAYING:
            return f"Sequences: {counts}; first to {target} wins."
        if state.winner is None:
            return f"Drawn: no seat could move. Sequences: {counts}."
        return f"Team {state.winner} wins. Sequences: {counts}."

    # ---- views ---------------------------------------------------------------

    def view_for(self, state: SequenceState, seat: int | None) -> SequenceState:
        """Others' hands and the draw pile emptied, and the seed zeroed (NATIVE.md §0)."""
        return SequenceState(
            options=state.options,
            seed=0,
            teams=state.teams,
            chips=state.chips[:],
            locked=state.locked[:],
            hands=[hand[:] if s == seat else [] for s, hand in enumerate(state.hands)],
            hand_counts=state.hand_counts[:],
            draw_pile=[],
            discard_pile=state.discard_pile[:],
            turn=state.turn,
            sequences_by_team=state.sequences_by_team[:],
            winner=state.winner,
            phase=state.phase,
            exchanged_this_turn=state.exchanged_this_turn,
            last_placed_cell=state.last_placed_cell,
            log=state.log[:],
        )

    def view_to_move(self, view: SequenceState) -> int | None:
        return self.to_move(view)

    def view_legal_moves(self, view: SequenceState, seat: int) -> list[Move]:
        return rules.legal_moves(view, seat)

    # ---- encodings -----------------------------------------------------------

    def encode_state(self, state: SequenceState) -> str:
        return wire.state_json(state)

    def decode_state(self, text: str) -> SequenceState:
        return wire.parse_state(text)

    def encode_view(self, view: SequenceState) -> str:
        return wire.state_json(view)

    def encode_move(self, move: Move) -> str:
        return wire.move_json(move)

    def decode_move(self, text: str) -> Move:
        return wire.parse_move(text)

    def move_label(self, move: Move) -> str:
        return move_label(move)

    # ---- players -------------------------------------------------------------

    def player(self, level: str, seed: int) -> Player[SequenceState, Move]:
        """`seed` feeds the random player and `hard`'s deals; the app's levels
        are deterministic."""
        if level == "random":
            return RandomPlayer(seed)
        if level == "hard":
            return HardSequenceAi(seed)
        return SequenceAi(level)


SEQUENCE = SequenceGame()
