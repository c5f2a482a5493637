"""Euchre behind the engine protocol: the registry's `engine.euchre.game:EUCHRE`."""

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.errors import BadOptions, IllegalMove
from engine.euchre import rules, wire
from engine.euchre.ai import THRESHOLDS, EuchreAi
from engine.euchre.ai_hard import HardEuchreAi
from engine.euchre.kinds import is_move, move_label
from engine.euchre.moves import PASS, EuchreMove
from engine.euchre.options import EuchreOptions, app_incompatibility
from engine.euchre.state import EuchreState, Phase
from engine.jsonwire import dumps
from engine.protocol import Game, GameOptions, Outcome, Player, TableConfig, Transition
from engine.random_player import RandomPlayer

SEATS = 4


class Euchre(Game[EuchreState, EuchreMove, EuchreState]):
    id: ClassVar[str] = "euchre"
    title: ClassVar[str] = "Euchre"
    Options: ClassVar[type[GameOptions]] = EuchreOptions
    levels: ClassVar[tuple[str, ...]] = ("random", *THRESHOLDS, "hard")
    default_level: ClassVar[str] = "normal"
    """`hard` searches (about 50 ms a decision, docs/euchre.md); the default stays
    the app's own AI, so a table plays as the app does unless asked."""

    # ---- configuration -----------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | None) -> EuchreOptions:
        options = super().parse_options(raw)
        assert isinstance(options, EuchreOptions)
        return options

    def seat_counts(self, options: GameOptions) -> tuple[int, ...]:
        return (SEATS,)

    def teams(self, options: GameOptions, seats: int) -> tuple[int, ...]:
        """Partners sit opposite: seats 0 and 2 against 1 and 3."""
        return tuple(seat % 2 for seat in range(seats))

    def app_compatible(self, options: GameOptions) -> str | None:
        """None when an app client may sit at a table with these options, else
        the reason to give it (RULINGS 13: the app knows neither toggle)."""
        assert isinstance(options, EuchreOptions)
        return app_incompatibility(options)

    def app_options_json(self, options: GameOptions) -> str:
        """The options as the app's setup screen writes them (`TableConfig.optionsJson`):
        its four keys only, unless a toggle is on."""
        assert isinstance(options, EuchreOptions)
        return dumps(options.to_wire())

    # ---- the state machine -------------------------------------------------------

    def initial_state(self, config: TableConfig) -> EuchreState:
        options, _ = self.prepare(config)
        assert isinstance(options, EuchreOptions)
        return rules.initial_state(options, config.seed)

    def seat_count(self, state: EuchreState) -> int:
        return SEATS

    def to_move(self, state: EuchreState) -> int | None:
        return rules.to_move(state)

    def legal_moves(self, state: EuchreState, seat: int) -> list[EuchreMove]:
        return rules.legal_moves(state, seat)

    def check(self, state: EuchreState, seat: int, move: EuchreMove) -> None:
        if not is_move(move):
            raise IllegalMove("That is not a Euchre move.")
        super().check(state, seat, move)

    def why_illegal(self, state: EuchreState, seat: int, move: EuchreMove) -> str:
        return rules.why_illegal(state, seat, move)

    def apply_legal(
        self, state: EuchreState, seat: int, move: EuchreMove
    ) -> Transition[EuchreState]:
        new, events = rules.apply(state, seat, move)
        return Transition(new, tuple(events))

    def timeout_move(self, state: EuchreState, seat: int) -> EuchreMove | None:
        """Pass: bidding, and declining defend-alone or farmer's hand. Playing
        or discarding a card has no pass (the AI plays)."""
        return PASS if PASS in rules.legal_moves(state, seat) else None

    def can_advance(self, state: EuchreState) -> bool:
        return state.phase == Phase.HAND_OVER

    def advance(self, state: EuchreState) -> Transition[EuchreState]:
        if state.phase == Phase.GAME_OVER:
            raise IllegalMove("The game is over.")
        if state.phase != Phase.HAND_OVER:
            return super().advance(state)
        new, events = rules.next_hand(state)
        return Transition(new, tuple(events))

    def is_finished(self, state: EuchreState) -> bool:
        return state.phase == Phase.GAME_OVER

    def outcome(self, state: EuchreState) -> Outcome | None:
        if state.phase != Phase.GAME_OVER:
            return None
        points = state.options.points_to_win
        winner = 0 if state.scores[0] >= points else 1
        return Outcome(
            winners=(winner, winner + 2),
            winning_team=winner,
            draw=False,
            scores=tuple(state.scores),
            summary=f"Team {winner} wins {state.scores[winner]}–{state.scores[1 - winner]}.",
        )

    # ---- views -------------------------------------------------------------------

    def view_for(self, state: EuchreState, seat: int | None) -> EuchreState:
        return state.redacted(seat)

    def view_to_move(self, view: EuchreState) -> int | None:
        return rules.to_move(view)

    def view_legal_moves(self, view: EuchreState, seat: int) -> list[EuchreMove]:
        """The rules read only the mover's own hand, so a view lists the same moves."""
        return rules.legal_moves(view, seat)

    # ---- encodings ---------------------------------------------------------------

    def encode_state(self, state: EuchreState) -> str:
        return wire.encode_state(state)

    def decode_state(self, text: str) -> EuchreState:
        return wire.decode_state(text)

    def encode_view(self, view: EuchreState) -> str:
        return wire.encode_view(view)

    def encode_move(self, move: EuchreMove) -> str:
        return wire.encode_move(move)

    def decode_move(self, text: str) -> EuchreMove:
        return wire.decode_move(text)

    def move_label(self, move: EuchreMove) -> str:
        return move_label(move)

    # ---- players -----------------------------------------------------------------

    def player(self, level: str, seed: int) -> Player[EuchreState, EuchreMove]:
        if level == "random":
            return RandomPlayer(seed)
        if level == "hard":
            return HardEuchreAi(seed)
        if level not in THRESHOLDS:
            raise BadOptions(f"unknown AI level {level!r}; the levels are {', '.join(self.levels)}")
        return EuchreAi(level)


EUCHRE = Euchre()
