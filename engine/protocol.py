"""The one protocol every game engine speaks.

Modelled on OpenSpiel's `State` API and the app's `GameRules`: a game is a pure
state machine. The daemon is the only caller that holds a full state; players
(AIs included) and renderers only ever get `view_for(state, seat)`.
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.errors import BadOptions, IllegalMove
from engine.jsonwire import dumps

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)

SEED_MIN = -(2**63)
SEED_MAX = 2**63 - 1


class GameOptions(BaseModel):
    """Base for each game's options; unknown names are refused, not ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class TableConfig(BaseModel):
    """Everything that fixes a game before the first move: replaying it and the
    move list reproduces the game exactly."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    options: Mapping[str, Any] = Field(default_factory=dict)
    seats: int | None = None
    seed: int = Field(ge=SEED_MIN, le=SEED_MAX)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in words a table can narrate.

    `audience` None means every seat and spectator may see it; otherwise only
    the listed seats. A private event has a public twin hidden from its
    audience (`hidden_from`), so each seat reads the fact exactly once.
    """

    kind: str
    text: str
    seat: int | None = None
    audience: frozenset[int] | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    hidden_from: frozenset[int] = frozenset()

    def visible_to(self, seat: int | None) -> bool:
        if seat is not None and seat in self.hidden_from:
            return False
        return self.audience is None or (seat is not None and seat in self.audience)


class Transition(NamedTuple, Generic[S]):
    state: S
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. `winners` lists seats; empty with `draw` set
    for a drawn or blocked game."""

    winners: tuple[int, ...]
    winning_team: int | None
    draw: bool
    scores: tuple[int, ...]
    summary: str


class Player(Protocol[V_contra, M]):
    """An AI or a random player: decides from its own seat's view only."""

    def choose(self, view: V_contra, seat: int, legal: Sequence[M]) -> M: ...


class Game(ABC, Generic[S, M, V]):
    """A game's rules, wire encoding and players, all pure functions of their
    arguments (no I/O, clock or global randomness)."""

    id: ClassVar[str]
    title: ClassVar[str]
    Options: ClassVar[type[GameOptions]]
    levels: ClassVar[tuple[str, ...]]
    """AI levels by name; "random" is always one of them."""
    default_level: ClassVar[str]
    """The level a table gets when nobody names one: the game's real opponent."""
    level_aliases: ClassVar[Mapping[str, str]] = {}
    """Former level names, each to the level it now is: saved tables and
    configs may still say them, so they are accepted and never listed."""

    # ---- configuration -------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | None) -> GameOptions:
        """Validate options, turning pydantic's errors into one readable reason."""
        try:
            return self.Options.model_validate(dict(raw or {}))
        except ValidationError as exc:
            raise BadOptions(_explain(exc, self.Options)) from None

    @abstractmethod
    def seat_counts(self, options: GameOptions) -> tuple[int, ...]:
        """Seat counts these options can be played with; the first is the default."""

    @abstractmethod
    def teams(self, options: GameOptions, seats: int) -> tuple[int, ...]:
        """The team of each seat (seats without partners each form their own)."""

    def prepare(self, config: TableConfig) -> tuple[GameOptions, int]:
        """Options and seat count of a config, or `BadOptions` saying why not."""
        if config.game != self.id:
            raise BadOptions(f"this table is for {config.game!r}, not {self.id!r}")
        options = self.parse_options(config.options)
        allowed = self.seat_counts(options)
        seats = allowed[0] if config.seats is None else config.seats
        if seats not in allowed:
            listed = ", ".join(str(n) for n in allowed)
            raise BadOptions(
                f"seats: {self.title} with these options needs {listed} seats, not {seats}"
            )
        return options, seats

    # ---- the state machine ---------------------------------------------------

    @abstractmethod
    def initial_state(self, config: TableConfig) -> S: ...

    @abstractmethod
    def seat_count(self, state: S) -> int: ...

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat the table waits on, or None (game over, or a host step due)."""

    @abstractmethod
    def legal_moves(self, state: S, seat: int) -> list[M]:
        """Enumerated moves, in a stable order; empty when `seat` may not act now.

        Usually only the seat `to_move` may act, but not always: a Katan
        offerer may withdraw an offer while another seat is being asked.
        """

    def check(self, state: S, seat: int, move: M) -> None:
        """Raise `IllegalMove` with a specific reason unless `move` is legal now."""
        if self.is_finished(state):
            raise IllegalMove("The game is over.")
        legal = self.legal_moves(state, seat)
        if move in legal:
            return
        waiting = self.to_move(state)
        if waiting != seat and not legal:
            who = "nobody" if waiting is None else f"seat {waiting}"
            raise IllegalMove(f"It is not seat {seat}'s turn; the table waits on {who}.")
        raise IllegalMove(self.why_illegal(state, seat, move))

    def may_act(self, state: S, seat: int) -> bool:
        """Whether `seat` has anything it may do now (its turn, or an out-of-turn right)."""
        return not self.is_finished(state) and bool(self.legal_moves(state, seat))

    def why_illegal(self, state: S, seat: int, move: M) -> str:
        """The reason a move by the seat on turn is refused; games refine it."""
        return f"{self.move_label(move)} is not a legal move now."

    def is_legal(self, state: S, seat: int, move: M) -> bool:
        try:
            self.check(state, seat, move)
        except IllegalMove:
            return False
        return True

    def apply(self, state: S, seat: int, move: M) -> Transition[S]:
        """The one checked entry point: refuse with a reason or return the new state."""
        self.check(state, seat, move)
        return self.apply_legal(state, seat, move)

    @abstractmethod
    def apply_legal(self, state: S, seat: int, move: M) -> Transition[S]:
        """Apply a move already known to be legal (self-play and search use this)."""

    def timeout_move(self, state: S, seat: int) -> M | None:
        """What `seat` does when its turn timer runs out under the `pass`
        policy: the game's own pass, decline or stop, if one is legal now.
        None (the default) where there is none; then the daemon's AI moves."""
        return None

    def expiry_move(self, state: S, seat: int) -> M | None:
        """The answer a request waiting on `seat` expires with under any timer
        policy (RULINGS 6: an unanswered trade offer is declined), or None
        (the default) when the seat is simply on turn. The engine stays free
        of time: the daemon decides when; this says only what silence means."""
        return None

    def lapse_move(self, state: S, seat: int) -> M | None:
        """The move that lets a chance `seat` may leave untaken go by (Katan's
        special building phase: done building), or None (the default). A
        person's timer makes it under any timer policy, counted as a miss as
        a turn's time-out is: the AI would spend an absent person's cards on
        a chance they may not have wanted. An AI seat makes it without the
        table's pause, as nothing happens that a person must follow."""
        return None

    def can_advance(self, state: S) -> bool:
        """True when the host must step the game on with no move (a new deal)."""
        return False

    def advance(self, state: S) -> Transition[S]:
        if self.is_finished(state):
            raise IllegalMove("The game is over.")
        raise IllegalMove("Nothing to advance: the table is waiting on a seat.")

    @abstractmethod
    def is_finished(self, state: S) -> bool: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    # ---- views ---------------------------------------------------------------

    @abstractmethod
    def view_for(self, state: S, seat: int | None) -> V:
        """What `seat` may know (None: a spectator). Never the seed, deck or others' hands."""

    @abstractmethod
    def view_to_move(self, view: V) -> int | None: ...

    @abstractmethod
    def view_legal_moves(self, view: V, seat: int) -> list[M]:
        """Legal moves computed from a seat's own view, as players see them."""

    # ---- encodings -----------------------------------------------------------

    @abstractmethod
    def encode_state(self, state: S) -> str:
        """The full state (seed and deck included) for storage only."""

    @abstractmethod
    def decode_state(self, text: str) -> S: ...

    @abstractmethod
    def encode_view(self, view: V) -> str: ...

    @abstractmethod
    def encode_move(self, move: M) -> str: ...

    @abstractmethod
    def decode_move(self, text: str) -> M:
        """Parse a move text; raise `BadMove` naming what is wrong."""

    @abstractmethod
    def move_label(self, move: M) -> str:
        """A short human label for a move ("order up", "play J♠ on 34")."""

    # ---- the mobile app --------------------------------------------------------

    def app_compatible(self, options: GameOptions) -> str | None:
        """Why an app client cannot sit at a table with these options, or None.

        The app knows only its own rules; a table using our extra toggles or
        the classic Sequence board must refuse it a seat with this reason.
        """
        return None

    def app_options_json(self, options: GameOptions) -> str:
        """The options as the app's `optionsJson` (its keys only, in its order)."""
        return dumps(options.model_dump(mode="json", by_alias=True))

    # ---- players -------------------------------------------------------------

    @abstractmethod
    def player(self, level: str, seed: int) -> Player[V, M]:
        """A player of `level`; `seed` feeds any randomness it uses."""


def _explain(exc: ValidationError, model: type[BaseModel]) -> str:
    parts = []
    for error in exc.errors():
        name = ".".join(str(p) for p in error["loc"]) or "options"
        if error["type"] == "extra_forbidden":
            known = ", ".join((f.alias or n) for n, f in model.model_fields.items())
            parts.append(f"{name}: unknown option; the options are {known}")
        else:
            got = error.get("input")
            parts.append(f"{name}: {error['msg']} (got {got!r})")
    return "; ".join(parts)
