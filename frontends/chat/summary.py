"""The end of a game in chat: the summary and its Rematch and Record buttons.

When a table finishes, the layer hands each place that would have heard the
result here (`ChatLayer._table_notice`): the table's chat, where the final
board becomes the summary (edited in place when its id is known), and the
DMs of people at a table opened in a DM. The summary is the final board, the
scores and how they were made, the game's length and a few counts, all read
from the finished table's record (`daemon.records.tell`).

The buttons carry ordinary layer tokens for the finished table, so they work
after a restart: a press finds the table in the store by its join code and
is honoured only for the table whose id the token's MAC names (codes are
reused once a table is over).
"""

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from daemon.model import Identity, Refused, TableMeta
from daemon.records import Record, Story, rematch, still_open, tell
from daemon.table import Table
from frontends.chat.api import Edit, Message, Outgoing, Place, Send, Sender, Target
from frontends.chat.menus import Item, Sheet, lay_out
from frontends.chat.presenters import final
from frontends.chat.tokens import Grant
from languages import _, ngettext, speaking
from renderers.words import spoken

if TYPE_CHECKING:
    from frontends.chat.layer import ChatLayer

REMATCH: Final = "fr"
RECORD: Final = "fd"
PAYLOADS: Final = (REMATCH, RECORD)
"""The summary's flow payloads, answered even for tables no longer in memory."""


@dataclass(frozen=True, slots=True)
class _Due:
    table: Table
    to: Target
    board: str | None
    """The final board's message id in `to`, to turn it into the summary."""


def duration(seconds: float) -> str:
    """ "45 s", "12 min", "1 h 5 min": a game's length as people say it."""
    whole = round(seconds)
    if whole < 60:
        return _("{seconds} s").format(seconds=whole)
    hours, minutes = divmod(round(whole / 60), 60)
    if hours:
        return _("{hours} h {minutes} min").format(hours=hours, minutes=minutes)
    return _("{minutes} min").format(minutes=minutes)


class Summaries:
    """Builds each finished table's summary and answers its buttons."""

    def __init__(self, layer: "ChatLayer") -> None:
        self.layer = layer
        self._due: list[_Due] = []
        self._rematching: dict[str, asyncio.Lock] = {}

    # ---- the summary -------------------------------------------------------------------

    def due(self, table: Table, to: Target, board: str | None) -> None:
        """Tell `to` how `table` ended, at the next `conclude`."""
        self._due.append(_Due(table, to, board))

    async def conclude(self) -> list[Outgoing]:
        """The summaries owed since the last call, in the order they were owed:
        the record is read and replayed once per table, in a worker thread,
        since a long Katan game takes about 50 ms to replay and every other
        table waits on the event loop meanwhile. The replay gets its own copy
        of the table's row, which the loop may go on changing (a rematch
        links it)."""
        due, self._due = self._due, []
        stories: dict[str, Story] = {}
        out: list[Outgoing] = []
        for item in due:
            table = item.table
            if table.meta.id not in stories:
                steps = await self.layer.daemon.store.steps(table.meta.id)
                record = Record(meta=table.meta.model_copy(deep=True), steps=steps)
                stories[table.meta.id] = await asyncio.to_thread(tell, record)
            with speaking(self.layer.languages.of_target(table, item.to)):
                message = self.message(
                    table, stories[table.meta.id], closes=item.to.audience == "channel"
                )
            if item.board is not None:
                out.append(Edit(item.to, item.board, message))
            else:
                out.append(Send(item.to, message))
        return out

    def message(self, table: Table, story: Story, *, closes: bool = False) -> Message:
        """The final board with the summary as its caption, and the buttons."""
        layer = self.layer
        names = layer._names(table)
        meta = table.meta
        view = table.view_for(None)
        result = spoken(meta.result, names).strip()
        if result and not result.endswith("."):
            result += "."
        first = [_("{table} is over. {result}").format(table=meta.name, result=result).strip()]
        first += final.scores(table.game.id, view, names)
        more = [self._length(story)]
        if counted := final.counts(table.game.id, story.counts):
            more.append(counted)
        if people := self._people(meta, story, names):
            more.append(people)
        again = _('Rematch seats everyone again; "record {code}" sends the whole game.')
        more.append(again.format(code=meta.code))
        text = self._fit(first, more, layer.profile.caption_limit)
        items = [
            Item(_("Rematch"), "flow", REMATCH, "success"),
            Item(_("Game record"), "flow", RECORD),
        ]
        menu = lay_out(
            Sheet(meta.name, [items]),
            layer.profile,
            1,
            lambda payload: layer._issue(table, None, 0, payload),
            str,
        )
        picture = layer._picture(table, None, view, names, None, None)
        return Message(text, picture, menu, closes=closes)

    @staticmethod
    def _length(story: Story) -> str:
        turns = ngettext("{count} turn", "{count} turns", story.turns).format(count=story.turns)
        moves = ngettext("{count} move", "{count} moves", story.moves).format(count=story.moves)
        if story.seconds is None:
            return _("{turns} ({moves}).").format(turns=turns, moves=moves)
        said = _("{turns} ({moves}) in {duration}.")
        return said.format(turns=turns, moves=moves, duration=duration(story.seconds))

    @staticmethod
    def _people(meta: TableMeta, story: Story, names: Sequence[str]) -> str:
        """How long each person took over their moves, and the timer's moves."""
        said = []
        for index, seat in enumerate(meta.seats):
            if seat.identity is None:
                continue
            part = f"{names[index]} {duration(story.thinking[index])}"
            if timed := story.timeouts[index]:
                part += " " + _("({count} timed out)").format(count=timed)
            said.append(part)
        return _("Time on their moves: {times}.").format(times=", ".join(said)) if said else ""

    @staticmethod
    def _fit(first: list[str], more: list[str], limit: int) -> str:
        """The result and scores always; the rest while it fits the caption."""
        text = "\n".join(first)
        for line in more:
            if len(text) + 1 + len(line) <= limit:
                text += "\n" + line
        return text if len(text) <= limit else text[: limit - 1] + "…"

    # ---- the buttons ---------------------------------------------------------------------

    async def press(self, token: str, grant: Grant, sender: Sender, place: Place) -> list[Outgoing]:
        """Rematch or Game record, pressed on a summary (maybe before a restart)."""
        layer = self.layer
        found = await self._finished(token, grant)
        if isinstance(found, str):
            return [layer._say(place, found, private=True)]
        if grant.payload == RECORD:
            return await layer.stats.send_record(found, place)
        lock = self._rematching.setdefault(found.id, asyncio.Lock())
        async with lock:
            try:
                table, opened = await rematch(
                    layer.daemon, found, Identity(frontend=layer.platform, user=sender.user)
                )
            except Refused as exc:
                return [layer._say(place, exc.reason, private=True)]
        if place.private and found.origin.place == place.chat:
            layer.memory.put(f"dm|{table.id}", "1")
        layer._set_focus(sender, table)
        if not opened:
            said = f"The rematch is already open: {table.meta.name}, join code {table.code}."
            return [layer._say(place, said, private=True)]
        seated = [s.name for s in table.meta.seats if s.identity is not None]
        said = (
            f"Rematch: {table.meta.name}, join code {table.code}. Seated again: "
            f"{', '.join(seated)}; anyone seated may start it."
        )
        return [layer._say(place, said, private=True)]

    async def _finished(self, token: str, grant: Grant) -> TableMeta | str:
        """The table the token was issued for, found by its code in the store
        (the only place an ended table is sure to be after a restart)."""
        from frontends.chat.layer import FORGED, GONE  # the layer imports this module

        candidates = await self.layer.daemon.store.by_code(grant.code)
        if not candidates:
            return GONE
        for meta in candidates:
            if self.layer.tokens.verify(token, grant, meta.id):
                live = self.layer.daemon.tables.get(meta.id)
                meta = live.meta if live is not None else meta
                if (why := still_open(meta)) is not None:
                    return why
                return meta
        return FORGED
