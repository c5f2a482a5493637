"""Katan behind the engine protocol: the `KATAN` instance the registry loads."""

from collections.abc import Mapping
from typing import ClassVar, Final, cast

from engine.errors import BadOptions, IllegalMove
from engine.katan import movewire, rules, wire
from engine.katan.ai import KatanPlayer
from engine.katan.builder import BuilderPlayer
from engine.katan.cities.baseline import AppPlayer
from engine.katan.easy import EasyPlayer
from engine.katan.kinds import fit, label
from engine.katan.moves import M_DECLINE, M_DISMISS, M_END, M_STOP_ROADS, Move
from engine.katan.options import KatanOptions
from engine.katan.rulesets import ruleset
from engine.katan.search import HardPlayer
from engine.katan.state import OVER, SPECIAL, KatanState, new_state, total_points
from engine.katan.view import KatanView, view_for, view_legal_moves
from engine.protocol import (
    Event,
    Game,
    GameOptions,
    Outcome,
    Player,
    TableConfig,
    Transition,
)
from engine.random_player import RandomPlayer


class KatanGame(Game[KatanState, Move, KatanView]):
    id: ClassVar[str] = "katan"
    title: ClassVar[str] = "Katan"
    Options: ClassVar[type[GameOptions]] = KatanOptions
    levels: ClassVar[tuple[str, ...]] = ("easy", "normal", "hard", "builder", "app", "random")
    default_level: ClassVar[str] = "normal"
    """A beginner's slips on the default AI, the default AI, a search over the
    view with the default AI as its policy, the build-whatever-is-affordable
    baseline, the app's "safe, unambitious" Cities & Knights opponent (the
    base AI in a base game), and random."""
    level_aliases: ClassVar[Mapping[str, str]] = {"katan": "normal"}
    """The default AI's name before the levels were easy, normal and hard:
    tables saved and configs written then still say it."""

    def seat_counts(self, options: GameOptions) -> tuple[int, ...]:
        assert isinstance(options, KatanOptions)
        return options.seat_counts()

    def teams(self, options: GameOptions, seats: int) -> tuple[int, ...]:
        return tuple(range(seats))

    def initial_state(self, config: TableConfig) -> KatanState:
        options, seats = self.prepare(config)
        assert isinstance(options, KatanOptions)
        rules_in_play = ruleset(options.expansions)
        board = rules_in_play.deal(options.map, config.seed, seats)
        return new_state(
            board, seats, options.points_to_win, options.award_points, config.seed, rules_in_play
        )

    def seat_count(self, state: KatanState) -> int:
        return state.seats

    def to_move(self, state: KatanState) -> int | None:
        return rules.to_move(state)

    def legal_moves(self, state: KatanState, seat: int) -> list[Move]:
        """Includes the offerer's withdraw while another seat is being asked: the
        one move a seat may make when the table is not waiting on it."""
        return rules.legal_moves(state, seat)

    # A move from outside may be any object until `rules.why_not` has looked at
    # it, so these take `object`: the compiled build (deploy/compile_engine.py)
    # checks annotated types on entry, and would raise where a reason is owed.

    def check(self, state: KatanState, seat: int, move: object) -> None:
        reason = rules.why_not(state, seat, fit(move, state.width))
        if reason is not None:
            raise IllegalMove(reason)

    def apply(self, state: KatanState, seat: int, move: object) -> Transition[KatanState]:
        """Checked, with a leg of cards first fitted to the table's hands."""
        fitted = fit(move, state.width)
        reason = rules.why_not(state, seat, fitted)
        if reason is not None:
            raise IllegalMove(reason)
        checked: Move = fitted  # type: ignore[assignment]  # well-formed: why_not passed it
        return self.apply_legal(state, seat, checked)

    def why_illegal(self, state: KatanState, seat: int, move: object) -> str:
        return rules.why_not(state, seat, move) or f"{label(cast(Move, move))} is legal now."

    def apply_legal(self, state: KatanState, seat: int, move: Move) -> Transition[KatanState]:
        new = state.copy()
        events: list[Event] = []
        rules.step(new, seat, move, events)
        return Transition(new, tuple(events))

    def timeout_move(self, state: KatanState, seat: int) -> Move | None:
        """Stop placing free roads, else end the turn; where neither is legal
        (the roll, a discard, the robber) the AI moves."""
        legal = rules.legal_moves(state, seat)
        return next((m for m in (M_STOP_ROADS, M_END) if m in legal), None)

    def expiry_move(self, state: KatanState, seat: int) -> Move | None:
        """An unanswered offer is declined, unanswered counter-offers are
        dismissed (RULINGS 6): letting the AI answer could trade away an
        absent person's cards. Declining is legal only for the seat asked,
        dismissing only for the offerer choosing among counters."""
        legal = rules.legal_moves(state, seat)
        return next((m for m in (M_DECLINE, M_DISMISS) if m in legal), None)

    def lapse_move(self, state: KatanState, seat: int) -> Move | None:
        """Done building, for the seat asked in the special building phase:
        every other seat gets the chance after each turn, so at five or six
        seats an absent person or a pausing AI would hold up every turn."""
        return M_END if state.phase == SPECIAL and state.asked == seat else None

    def is_finished(self, state: KatanState) -> bool:
        return state.phase == OVER

    def outcome(self, state: KatanState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = tuple(total_points(state, t) for t in range(state.seats))
        w = state.winner
        return Outcome(
            winners=(w,),
            winning_team=w,
            draw=False,
            scores=scores,
            summary=f"Seat {w} wins with {scores[w]} points",
        )

    def view_for(self, state: KatanState, seat: int | None) -> KatanView:
        return view_for(state, seat)

    def view_to_move(self, view: KatanView) -> int | None:
        return view.to_move

    def view_legal_moves(self, view: KatanView, seat: int) -> list[Move]:
        return view_legal_moves(view, seat)

    def encode_state(self, state: KatanState) -> str:
        return wire.encode_state(state)

    def decode_state(self, text: str) -> KatanState:
        return wire.decode_state(text)

    def encode_view(self, view: KatanView) -> str:
        return wire.encode_view(view)

    def encode_move(self, move: Move) -> str:
        return movewire.encode_move(move)

    def decode_move(self, text: str) -> Move:
        return movewire.decode_move(text)

    def move_label(self, move: Move) -> str:
        return label(move)

    def player(self, level: str, seed: int) -> Player[KatanView, Move]:
        level = self.level_aliases.get(level, level)
        if level == "normal":
            return KatanPlayer(seed)
        if level == "easy":
            return EasyPlayer(seed)
        if level == "hard":
            return HardPlayer(seed)
        if level == "builder":
            return BuilderPlayer(seed)
        if level == "app":
            return AppPlayer(seed)
        if level == "random":
            return RandomPlayer(seed)
        raise BadOptions(
            f"unknown Katan AI level {level!r}; the levels are {', '.join(self.levels)}"
        )


KATAN: Final = KatanGame()
