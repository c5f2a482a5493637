"""One current board per chat: when the public board is posted, edited or
replaced, and who it pings.

A board message is posted anew only when a person's turn begins (a new
message is what notifies them: neither Telegram nor Discord notifies anyone
of an edit), and at the end; in between the same message is edited. A board
posted anew takes the place of the previous one, which is deleted, unless the
table keeps its history (`history`, set with `settings`), for a group that
likes to scroll back through the game.

Two chats get no reposts at all:

- a spectator's DM: the board there is edited for the whole game, since a
  spectator has no turn to be woken for;
- the DM a table was opened in, while its opener sits at the table: their
  private panel already shows the board (their own view of it, with their
  hand and numbered spots), so a second, near-identical picture would only
  double every turn's messages. Their panel is posted when the game begins
  even before their first turn, so the DM always shows the table.

Pings: the board mentions the person on turn unless they muted themselves
(`frontends.chat.mute`); a board that mentions nobody is posted silently.
"""

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from daemon.delivery import PublicUpdate
from daemon.table import Table
from engine.protocol import Event
from frontends.chat.api import Edit, Outgoing, Send, Slot, Target

if TYPE_CHECKING:
    from frontends.chat.layer import ChatLayer

UNSEEN: Final = -1
"""No update remembered for a board (a memory from before the turn was kept:
the next update edits the remembered message instead of posting again)."""

SPECTATOR: Final = "user:"
"""The `where` of a board shown in a spectator's DM."""


@dataclass(slots=True)
class _Backlog:
    """Per table and chat: the events since the board message was posted
    (edits accumulate them). Who the table waited on at the last update is
    kept in the chat memory (`Boards.turn`), so it survives a restart."""

    events: tuple[Event, ...] = ()


class Boards:
    def __init__(self, layer: "ChatLayer") -> None:
        self.layer = layer
        self._backlogs: dict[tuple[str, str], _Backlog] = {}

    # ---- the table's setting ---------------------------------------------------------

    @staticmethod
    def _history_key(table: Table) -> str:
        return f"history|{table.id}"

    def history(self, table: Table) -> bool:
        """Whether old boards stay in the chat (the table's `history` setting)."""
        return self.layer.memory.get(self._history_key(table)) == "1"

    def keep_history(self, table: Table, keep: bool) -> None:
        self.layer.memory.put(self._history_key(table), "1" if keep else None)

    # ---- which chats show a board ------------------------------------------------------

    def in_panel(self, table: Table) -> bool:
        """Whether the table's chat is its opener's DM and they sit at the
        table: then their panel is the board there (see the module's notes)."""
        creator = table.meta.creator
        return (
            self.layer.memory.get(f"dm|{table.id}") is not None
            and creator is not None
            and creator.frontend == self.layer.platform
            and table.seat_of(creator) is not None
        )

    # ---- one update ------------------------------------------------------------------

    def show(self, table: Table, update: PublicUpdate, to: Target, where: str) -> list[Outgoing]:
        """The board in `where` after `update`: an edit, or a new message
        replacing the old one (a person's turn, the end, or none known)."""
        layer = self.layer
        backlog = self._backlogs.setdefault((table.id, where), _Backlog())
        backlog.events = (*backlog.events, *update.events)
        slot = Slot(table.id, "board", where)
        known = layer.memory.get(layer._slot_key(slot))
        # A frontend may lag the table. Only the update of the game's last
        # step posts the final board afresh; an older one handled after the
        # end pings nobody about a turn long gone: it edits the board, or,
        # once the end has been announced and the table's messages
        # forgotten, only adds its story to the final board.
        finished = table.state is not None and table.game.is_finished(table.state)
        over = finished and update.table.version == table.version
        late = finished and not over
        if late and known is None:
            return []
        waiting = update.to_move
        # A chance between turns (Katan's special building phase) is no turn:
        # the board is edited and pings nobody, or every turn at six seats
        # would post five boards and five mentions.
        person = waiting is not None and table.meta.seats[waiting].human and not update.chance
        spectator = where.startswith(SPECTATOR)
        turn = self.turn(table, where)
        new_turn = person and turn not in (UNSEEN, waiting)
        fresh = not late and (known is None or (not spectator and (over or new_turn)))
        # Only which person's turn it is matters (any AI or nobody is "-"),
        # so a run of AI moves does not rewrite the memory at every step.
        layer.memory.put(self._turn_key(table, where), str(waiting) if person else "-")
        mentions: tuple[str, ...] = ()
        if person and waiting is not None and fresh and not spectator:
            identity = table.meta.seats[waiting].identity
            if (
                identity is not None
                and identity.frontend == layer.platform
                and not layer.mutes.muted(identity.user)
            ):
                mentions = (identity.user,)
        message = layer.board_message(table, backlog.events, mentions)
        if not fresh:
            assert known is not None
            return [Edit(to, known, message, slot)]
        backlog.events = ()
        gone = None if known is None or self.history(table) else known
        return [Send(to, replace(message, silent=not mentions), slot, replaces=gone)]

    @staticmethod
    def _turn_key(table: Table, where: str) -> str:
        return f"turn|{table.id}|{where}"

    def turn(self, table: Table, where: str) -> int | None:
        """The person the table waited on at the last public update shown in
        `where`: None for an AI or nobody, UNSEEN when not remembered (a
        memory from before the turn was kept)."""
        value = self.layer.memory.get(self._turn_key(table, where))
        if value is None:
            return UNSEEN
        if value == "-":
            return None
        return int(value) if value.isdigit() else UNSEEN


def spectator_where(user: str) -> str:
    return f"{SPECTATOR}{user}"
