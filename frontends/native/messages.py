"""The app's envelope messages (NATIVE.md §3), byte for byte.

The app decodes with kotlinx.serialization: unknown keys are ignored, a key
without a default is required even when its type is nullable, a wrong JSON
type fails, and a line that fails is silently dropped. Our models mirror that
so a message we accept is one the app could have sent, and a message we write
is one every app generation decodes. Field order is declaration order and the
discriminator `t` comes first, which is what makes `encode` byte-identical to
the app's own output.
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine.jsonwire import MAX_DEPTH, dumps, too_deep

Int32 = Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]
Int64 = Annotated[int, Field(ge=-(2**63), le=2**63 - 1)]

DIFFERENT_VERSION = "Different app version — update both devices."
TABLE_FULL = "The table is full."
NOT_SEATED = "You are not seated at this table."
UNREADABLE_MOVE = "Unreadable move."
NOT_YOUR_TURN = "It is not your turn."
NOT_LEGAL = "That move is not legal."

PlayerKind = Literal["HUMAN_LOCAL", "HUMAN_REMOTE", "AI"]


class _Wire(BaseModel):
    """kotlinx's decoder settings: extra keys ignored, JSON types not coerced."""

    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)

    def encode(self) -> str:
        """The compact line the app would write (without the line separator)."""
        return dumps(self.model_dump(mode="json"))


class PlayerSlot(_Wire):
    seat: Int32
    name: str
    kind: PlayerKind
    team: Int32
    peerId: str | None = None
    deviceId: str | None = None


class TableConfig(_Wire):
    gameId: str
    seats: list[PlayerSlot]
    optionsJson: str
    seed: Int64


class Hello(_Wire):
    """`protocol` defaults to the decoder's own version in the app; None here
    keeps "not said" apart so the host can decide what a silent version means.

    `client` is ours: the terminal client names itself so the host can seat it
    at tables the app cannot play. The app's decoder ignores the key, and the
    app never sends it, so it is left out of the line when unset.
    """

    t: Literal["hello"] = "hello"
    peerId: str
    displayName: str
    protocol: Int32 | None = None
    client: str | None = None

    def encode(self) -> str:
        data = self.model_dump(mode="json")
        if self.client is None:
            del data["client"]
        if self.protocol is None:
            del data["protocol"]
        return dumps(data)


class Welcome(_Wire):
    t: Literal["welcome"] = "welcome"
    hostName: str
    gameId: str
    accepted: bool
    reason: str | None = None


class Lobby(_Wire):
    t: Literal["lobby"] = "lobby"
    gameId: str
    seats: list[PlayerSlot]
    optionsJson: str
    hostName: str


class Start(_Wire):
    t: Literal["start"] = "start"
    config: TableConfig


class State(_Wire):
    t: Literal["state"] = "state"
    seq: Int32
    yourSeat: Int32
    stateJson: str
    legalMoves: list[str]


class Intent(_Wire):
    t: Literal["intent"] = "intent"
    moveJson: str


class Resync(_Wire):
    t: Literal["resync"] = "resync"


class Rejected(_Wire):
    t: Literal["rejected"] = "rejected"
    reason: str


class Ping(_Wire):
    t: Literal["ping"] = "ping"


class Pong(_Wire):
    t: Literal["pong"] = "pong"


class Bye(_Wire):
    t: Literal["bye"] = "bye"


class Told(_Wire):
    """One event of the table as the engine narrates it (`kind`, `text`)."""

    kind: str
    text: str


class Narration(_Wire):
    """Ours, never the app's: what happened at the table since the last
    narration, as the daemon published it to this seat (only events it may
    see). Sent only to clients that named themselves in `hello` (the
    terminal), just before the state it leads to."""

    t: Literal["narration"] = "narration"
    events: list[Told]


Message = Annotated[
    Hello
    | Welcome
    | Lobby
    | Start
    | State
    | Intent
    | Resync
    | Rejected
    | Ping
    | Pong
    | Bye
    | Narration,
    Field(discriminator="t"),
]

_MESSAGE: TypeAdapter[Any] = TypeAdapter(Message)


class Undecodable(ValueError):
    """A line the app's decoder would drop; `kind` says why, for the link's log."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


def decode(line: str | bytes) -> Message:
    """Decode one line as the app would, or raise `Undecodable`.

    `kind` is "json" for text that is not JSON, "type" for a missing or unknown
    `t`, and "fields" for a known type with missing or mistyped fields, so a
    link can log each kind of bad input once.
    """
    if too_deep(line if isinstance(line, str) else line.decode("utf-8", "replace")):
        raise Undecodable("json", f"nested more than {MAX_DEPTH} deep")
    try:
        message: Message = _MESSAGE.validate_json(line)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        first = errors[0]["type"] if errors else ""
        if first == "json_invalid":
            raise Undecodable("json", str(errors[0]["msg"])) from None
        if first in ("union_tag_invalid", "union_tag_not_found", "model_type"):
            raise Undecodable("type", str(errors[0]["msg"])) from None
        raise Undecodable("fields", "; ".join(_describe(e) for e in errors)) from None
    return message


def _describe(error: Any) -> str:
    where = ".".join(str(p) for p in error["loc"])
    return f"{where}: {error['msg']}"
