"""What a table is, as stored and as shown: identities, seats, policies, status.

These are pydantic models because they cross the storage boundary as JSON;
the game state itself never lives here (it is the engine's business and is
rebuilt from the move log).
"""

import secrets
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Status(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"

    @property
    def open(self) -> bool:
        """Open tables are reloaded and resumed after a restart."""
        return self in (Status.LOBBY, Status.PLAYING)


class Identity(BaseModel):
    """A person as one frontend knows them: (frontend, user id).

    The same human on Discord and on Telegram is two identities; a seat is
    bound to exactly one, so only that account can act for it.
    """

    model_config = ConfigDict(frozen=True)

    frontend: str
    user: str

    def __str__(self) -> str:
        return f"{self.frontend}:{self.user}"


class Origin(BaseModel):
    """Where a table was opened, so its public board goes back there."""

    model_config = ConfigDict(frozen=True)

    frontend: str
    place: str = ""
    community: str = ""
    """The group the place belongs to, for statistics that span its chats
    (a Discord server, whose tables each get a thread; a Telegram group is
    its own); empty for a direct conversation."""


class StartPolicy(BaseModel):
    """How a table leaves its lobby (the daemon has no local player to press Start).

    `manual`: an admin or chat command starts it. `when_full`: once `humans`
    people sit (default: every seat). `countdown`: `countdown_seconds` after
    the first person sits. `late_join` lets people take AI seats mid-match;
    LAN tables refuse late joiners with a reason instead.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: Literal["manual", "when_full", "countdown"] = "manual"
    humans: int | None = Field(default=None, ge=1)
    countdown_seconds: float = Field(default=30.0, ge=0)
    late_join: bool = True


class TimerPolicy(BaseModel):
    """A turn timer per waiting seat; `turn_seconds` 0 (or None) means no timer.

    On time-out the seat's move is made by the AI (`ai`) or, for `pass`, by
    the game's own pass/decline move where it has one (`daemon.timeouts`),
    else by the AI. After `max_misses` time-outs in a row the seat goes to
    the AI until its owner acts again.

    A request waiting on a seat (a Katan trade offer asking for an answer, or
    its counter-offers waiting on the offerer) has `answer_seconds` instead,
    and expires with its fixed answer (a decline, or dismissing the counters:
    RULINGS 6) whatever `on_timeout` says. An expired answer is not a miss: staying silent is a
    way to decline.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn_seconds: float | None = Field(default=120.0, ge=0)
    warn_seconds: float = Field(default=30.0, ge=0)
    on_timeout: Literal["ai", "pass"] = "ai"
    max_misses: int = Field(default=2, ge=1)
    answer_seconds: float | None = Field(default=None, ge=0)
    """None: the same as `turn_seconds`; 0: answers wait without a timer."""

    def seconds_for(self, answering: bool) -> float | None:
        """The time a seat gets for a turn or for an answer; None: no timer."""
        seconds = self.answer_seconds if answering else None
        if seconds is None:
            seconds = self.turn_seconds
        return seconds or None


class PacingPolicy(BaseModel):
    """How fast the AI and host steps go, so a chat is not flooded.

    With `batch`, a run of AI moves between two human turns reaches the
    frontends as one delivery; without it, every step is published.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    think_seconds: float = Field(default=1.0, ge=0)
    hold_seconds: float = Field(default=3.0, ge=0)
    batch: bool = True


class ExpiryPolicy(BaseModel):
    """When the daemon gives up on a table nobody uses (0: never).

    A lobby that has not started `lobby_seconds` after it was opened is
    abandoned. A playing table that people had sat at but none is present at
    any more (all left, or went to the AI by timing out) is abandoned after
    `idle_seconds` unless one of them comes back; meanwhile the AI keeps their
    seats going. Tables no person ever sat at (an AI exhibition) play out.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    lobby_seconds: float = Field(default=86_400.0, ge=0)
    idle_seconds: float = Field(default=600.0, ge=0)


class TablePolicy(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    start: StartPolicy = StartPolicy()
    timer: TimerPolicy = TimerPolicy()
    pacing: PacingPolicy = PacingPolicy()
    expiry: ExpiryPolicy = ExpiryPolicy()
    ai_level: str | None = None
    """None: the game's `default_level` (levels are named per game)."""


class Seat(BaseModel):
    """A seat is played by the AI unless a present person holds it.

    `away` keeps the identity bound while the AI stands in (left mid-match or
    timed out), so the same person coming back takes the seat back.
    """

    identity: Identity | None = None
    name: str = ""
    away: bool = False
    misses: int = 0
    level: str | None = None
    """The AI level playing this seat whenever the AI does (None: the
    table's `TablePolicy.ai_level`), chosen in the lobby's settings."""

    @property
    def human(self) -> bool:
        return self.identity is not None and not self.away


class TurnClock(BaseModel):
    """The running turn timer, stored so a restart does not give anyone fresh time.

    It belongs to one wait: the seat asked at table version `version`. The
    deadline is wall-clock time, the only clock that means anything to the
    next process; a deadline that passed while the daemon was down fires as
    soon as the table resumes.
    """

    model_config = ConfigDict(frozen=True)

    version: int
    seat: int
    deadline: float


class TableMeta(BaseModel):
    """Everything about a table except its moves: the stored row."""

    id: str
    code: str
    name: str
    game: str
    options: dict[str, object] = Field(default_factory=dict)
    seed: int
    origin: Origin
    creator: Identity | None = None
    """Who opened the table (None: an admin, a test, or a row stored before
    tables remembered it); chat frontends let only them end it."""
    policy: TablePolicy = TablePolicy()
    status: Status = Status.LOBBY
    seats: list[Seat]
    spectators: list[Identity] = Field(default_factory=list)
    banned: list[Identity] = Field(default_factory=list)
    created_at: float
    started_at: float | None = None
    ended_at: float | None = None
    result: str = ""
    turn_clock: TurnClock | None = None
    absent_since: float | None = None
    """Wall time since when nobody who sat here is present (see `ExpiryPolicy`)."""
    winners: list[int] = Field(default_factory=list)
    """The winning seats of a finished game (empty for a draw), kept in the
    row so statistics need no replay."""
    rematch: str | None = None
    """The id of the table opened as this one's rematch, so a second press
    of the rematch button points at it instead of opening another."""

    def seat_of(self, identity: Identity) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.identity == identity:
                return index
        return None


class StepKind(StrEnum):
    MOVE = "move"
    ADVANCE = "advance"


class Actor(StrEnum):
    HUMAN = "human"
    AI = "ai"
    TIMER = "timer"
    HOST = "host"


class StepRecord(BaseModel):
    """One applied step of the log: a seat's move, or a host step (a new deal)."""

    model_config = ConfigDict(frozen=True)

    ply: int
    kind: StepKind
    seat: int | None = None
    move: str | None = None
    actor: Actor
    at: float


class RefusalCode(StrEnum):
    UNKNOWN_TABLE = "unknown_table"
    NOT_SEATED = "not_seated"
    NOT_YOUR_SEAT = "not_your_seat"
    NOT_YOUR_TURN = "not_your_turn"
    UNREADABLE = "unreadable"
    ILLEGAL = "illegal"
    NOT_PLAYING = "not_playing"
    TABLE_FULL = "table_full"
    ALREADY_STARTED = "already_started"
    BANNED = "banned"
    NOT_ADMITTED = "not_admitted"
    BAD_OPTIONS = "bad_options"
    SHUTTING_DOWN = "shutting_down"
    UNAVAILABLE = "unavailable"
    STALE = "stale"
    NOT_OVER = "not_over"


class Refused(Exception):
    """An intent the daemon will not carry out; nothing changed.

    `code` lets a frontend map the refusal to its own wording (the LAN
    protocol has fixed texts); `reason` is a sentence for a person.
    """

    def __init__(self, code: RefusalCode, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""No I/1, L or O/0: a code read aloud or copied from a phone is typed right."""


def new_join_code(taken: set[str], length: int = 5) -> str:
    while True:
        code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(length))
        if code not in taken:
            return code


def normalise_code(text: str) -> str:
    return text.strip().upper()
