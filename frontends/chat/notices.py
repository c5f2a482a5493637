"""A table's news in its chats: the lobby (posted in the table's chat and
kept up to date in each joiner's DM) and the start and the end, said where
the table lives and to everyone seated in their own DM.

The lobby is one message per chat, edited as people join and leave; the
end hands over to the summary (`frontends.chat.summary`).
"""

from typing import TYPE_CHECKING

from daemon.delivery import TableNotice
from daemon.model import Status
from daemon.table import Table
from frontends.chat.api import Edit, Message, Outgoing, Send, Slot, Target
from frontends.chat.lobby import SETTINGS
from frontends.chat.menus import Item, Sheet, lay_out
from frontends.chat.presenters import presenter_for
from languages import _, speaking
from renderers.words import spoken

if TYPE_CHECKING:
    from frontends.chat.layer import ChatLayer


class Notices:
    def __init__(self, layer: "ChatLayer") -> None:
        self.layer = layer

    def table_notice(self, table: Table, notice: TableNotice) -> list[Outgoing]:
        out: list[Outgoing] = []
        origin = table.meta.origin
        changed = self.layer._status.get(table.id) != table.status
        self.layer._status[table.id] = table.status
        ours = origin.frontend == self.layer.platform and bool(origin.place)
        in_dm = ours and self.layer.memory.get(f"dm|{table.id}") is not None
        # The notice of the end itself (a frontend that lags may see the table
        # finished while it still handles notices sent before the end).
        summarised = notice.table.status == Status.FINISHED
        if ours:
            out += self._channel_notice(table, notice, Target("channel", chat=origin.place))
        if changed and table.status == Status.PLAYING and self.layer.boards.in_panel(table):
            opener = table.meta.creator
            if opener is not None and (seat := table.seat_of(opener)) is not None:
                self.layer._seen_for(table, seat).show = True  # the panel is the board there
        if table.status == Status.LOBBY:
            out += self._joined_lobbies(table, notice)
        if not table.status.open:
            # Nothing at an ended table is edited again: forget its messages.
            self.layer.memory.forget(f"msg|{table.id}|")
            self.layer.memory.forget(f"turn|{table.id}|")
            self.layer.memory.forget(f"creator|{table.id}")
            self.layer.memory.forget(f"dm|{table.id}")
            self.layer.memory.forget(f"warned|{table.id}")
            self.layer.memory.forget(f"history|{table.id}")
        if changed and table.status != Status.LOBBY and (in_dm or not ours):
            # Start and end reach everyone seated, in their own DM (the
            # opener of a table in a DM has it in the chat above already).
            for identity in notice.identities:
                if identity.frontend != self.layer.platform or (
                    in_dm and self.layer._opener(table, identity)
                ):
                    continue
                if summarised:
                    self.layer.summaries.due(table, Target("direct", user=identity.user), None)
                    continue
                with speaking(self.layer.languages.of_user(identity.user)):
                    text = f"{table.meta.name}: {spoken(notice.text, self.layer._names(table))}"
                out.append(Send(Target("direct", user=identity.user), Message(text)))
        return out

    def _channel_notice(self, table: Table, notice: TableNotice, to: Target) -> list[Outgoing]:
        """A table's news in its own chat, in the table's language."""
        with speaking(self.layer.languages.of_table(table)):
            if table.status == Status.LOBBY:
                news = spoken(notice.text, self.layer._names(table))
                lobby = self._lobby(table, to, to.chat, news)
                return [] if lobby is None else [lobby]
            if notice.table.status == Status.FINISHED:
                board = self.layer.memory.get(
                    self.layer._slot_key(Slot(table.id, "board", to.chat))
                )
                self.layer.summaries.due(table, to, board)
                return []
            text = f"{table.meta.name}: {spoken(notice.text, self.layer._names(table))}"
            return [Send(to, Message(text, silent=True))]

    def _joined_lobbies(self, table: Table, notice: TableNotice) -> list[Outgoing]:
        """Keep the lobbies shown in joiners' DMs (see `_joined`) up to date."""
        out: list[Outgoing] = []
        for identity in notice.identities:
            if identity.frontend != self.layer.platform:
                continue
            slot = Slot(table.id, "lobby", f"user:{identity.user}")
            known = self.layer.memory.get(self.layer._slot_key(slot))
            if known is not None:
                to = Target("direct", user=identity.user)
                with speaking(self.layer.languages.of_user(identity.user)):
                    news = spoken(notice.text, self.layer._names(table))
                    out.append(Edit(to, known, self.lobby_message(table, news), slot))
        return out

    def _lobby(self, table: Table, to: Target, where: str, news: str) -> Outgoing | None:
        """The lobby in the table's chat: edited, or posted when there is none;
        None for the opener's own join while the `new` reply is being posted
        (it already shows the opener seated: one lobby, not two)."""
        slot = Slot(table.id, "lobby", where)
        key = self.layer._slot_key(slot)
        known = self.layer.memory.get(key)
        if key in self.layer._answering:
            self.layer._answering.discard(key)
            if known is None:
                return None
        message = self.lobby_message(table, news)
        return Send(to, message, slot) if known is None else Edit(to, known, message, slot)

    def lobby_message(self, table: Table, news: str = "") -> Message:
        names = self.layer._names(table)
        seats = ", ".join(
            f"{i + 1}: {names[i]}" + ("" if s.identity else " " + _("(free)"))
            for i, s in enumerate(table.meta.seats)
        )
        lines = [
            _("{table} — join code {code}").format(table=table.meta.name, code=table.code),
            _("Seats: {seats}").format(seats=seats),
        ]
        if chosen := presenter_for(table.game.id).settings(table.options):
            lines.insert(1, chosen)
        lines.insert(-1, self.layer.lobbies.describe(table))
        if news:
            lines.append(news)
        # Plain quotes: the profile has no markup, and backticks show as is
        # on platforms whose adapter escapes the text.
        said = _('Say "join {code}" or press Join; "start" when everyone is in.')
        lines.append(said.format(code=table.code))
        items = [
            Item(_("Join"), "flow", "fj", "primary"),
            Item(_("Start"), "flow", "fs", "success"),
            Item(_("Leave"), "flow", "fl", "danger"),
            Item(_("Settings"), "flow", SETTINGS),
        ]
        menu = lay_out(
            Sheet(table.meta.name, [items]),
            self.layer.profile,
            1,
            lambda p: self.layer._issue(table, None, 0, p),
            str,
        )
        return Message("\n".join(lines), None, menu)
