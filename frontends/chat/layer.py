"""The conversation: commands, choices and deliveries in, messages out.

One `ChatLayer` serves one platform. It reads typed lines (flow commands such
as `new katan`, or moves in the game grammar), pressed choice tokens, and the
daemon's deliveries, and answers with `Send`/`Edit` actions for the adapter.

What goes where:

- the public board (spectator view) goes to the chat the table was opened in;
  a new board message is posted when a person's turn begins (mentioning them)
  and at the end, and the same message is edited while AI seats move in
  between, so a run of AI moves is one message;
- everything private (hand, legal-move menu, numbered overlay) goes to the
  seat's owner only: a direct message from deliveries, a private reply to a
  command or a press; a new panel is posted when the seat's turn begins (so
  the person is notified) and after a typed command, and edited in place while
  they navigate menus, compose or act through buttons;
- refusals are private replies carrying the reason and a fresh menu.

The layer holds no game state: every answer is computed from the table's
current view and version, read together without awaiting in between, so the
tokens it issues always match what it shows.
"""

import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from daemon.core import Daemon
from daemon.delivery import ClockNotice, Delivery, PublicUpdate, SeatUpdate
from daemon.model import Identity, RefusalCode, Refused, Status, TablePolicy
from daemon.table import Table
from engine.protocol import Event
from engine.registry import game_ids
from frontends.chat import setup
from frontends.chat.api import (
    AdapterProfile,
    Edit,
    Menu,
    Message,
    Outgoing,
    Picture,
    Place,
    Send,
    Sender,
    Share,
    Slot,
    Target,
)
from frontends.chat.boards import Boards, spectator_where
from frontends.chat.conversation import HELP, UNREADABLE, Conversation
from frontends.chat.grammar import (
    Chosen,
    Drafted,
    Opened,
    Unknown,
    words,
)
from frontends.chat.language import Languages
from frontends.chat.lobby import SETTINGS, Lobbies
from frontends.chat.memory import ChatMemory
from frontends.chat.menus import (
    Item,
    Sheet,
    lay_out,
    node_payload,
)
from frontends.chat.mute import Mutes
from frontends.chat.narration import narrate
from frontends.chat.notices import Notices
from frontends.chat.presenters import presenter_for
from frontends.chat.screens import ROOT, chosen, screen
from frontends.chat.sharing import shares
from frontends.chat.stats import Stats
from frontends.chat.summary import PAYLOADS, Summaries
from frontends.chat.tokens import Grant, Malformed, TokenCodec
from frontends.chat.vocabulary import FLOW_WORDS, unknown, unknown_in_game
from languages import N_, _, speaking
from renderers.words import spoken

if TYPE_CHECKING:
    from frontends.chat.routed import ChatRoutes

log = logging.getLogger("plgames.chat")

FOREIGN: Final = N_("That menu belongs to {owner}; it is not yours to press.")
STALE: Final = N_("That menu was for an earlier position; here is the current one.")
FORGED: Final = N_("That button was not issued for this table, so it was ignored.")
GONE: Final = N_("That table is gone.")


@dataclass(slots=True)
class _Seen:
    """Per seat: what the panel last showed, to choose between edit and post."""

    on_clock: bool | None = None
    repost: bool = False
    backlog: tuple[Event, ...] = ()
    show: bool = False
    """Post the panel at the next update even off turn (after a (re-)join)."""
    shown: tuple[Any, ...] | None = None
    """What the last update rendered for the seat (version, clock, moves,
    names, status): an update that changes none of it leaves the panel, and
    the menu its owner navigated to, alone."""


class ChatLayer:
    """One platform's view of every table: one instance per adapter."""

    def __init__(
        self,
        daemon: Daemon,
        profile: AdapterProfile,
        *,
        secret: bytes,
        memory: ChatMemory | None = None,
        policy: TablePolicy | None = None,
    ) -> None:
        self.daemon = daemon
        self.profile = profile
        self.platform = profile.name
        self.memory = memory or ChatMemory()
        self.policy = policy
        self.tokens = TokenCodec(secret)
        self._seen: dict[tuple[str, int], _Seen] = {}
        self._status: dict[str, Status] = {}
        self._answering: set[str] = set()
        """Lobby slots whose `new` reply is on its way: the opener's own join
        notice is skipped there, since the reply already shows it."""
        self.summaries = Summaries(self)
        self.stats = Stats(self)
        self.boards = Boards(self)
        self.notices = Notices(self)
        self.mutes = Mutes(self)
        self.lobbies = Lobbies(self)
        self.conversation = Conversation(self)
        self.languages = Languages(self)
        self.routes: ChatRoutes | None = None
        """With several daemons: intents about a table another daemon serves
        are answered there (`frontends.chat.routed`)."""

    # ==== typed lines ===========================================================================

    async def text(
        self,
        sender: Sender,
        place: Place,
        text: str,
        mentions: Sequence[Sender] = (),
        unknown: Sequence[str] = (),
        *,
        here: bool = False,
    ) -> list[Outgoing]:
        """Answer a typed line: a flow command or a move in the game grammar.
        `mentions` are the people the line names (as the platform resolved
        its mentions), `unknown` the names it could not resolve (as typed:
        `@zed`), for `invite`. Answered in the sender's language, by the
        daemon serving the table it is about (`here`: this one, it was
        forwarded by another)."""
        if self.routes is not None and not here:
            forwarded = await self.routes.text(sender, place, text, mentions, unknown)
            if forwarded is not None:
                return forwarded
        with speaking(self.languages.of(sender)):
            return await self._text(sender, place, text, mentions, unknown)

    async def _text(
        self,
        sender: Sender,
        place: Place,
        text: str,
        mentions: Sequence[Sender],
        unknown: Sequence[str],
    ) -> list[Outgoing]:
        said = words(text)
        if not said:
            return []
        head = said[0]
        if head == "end" and said[1:2] in (["game"], ["table"]):
            return await self.conversation.end(sender, place, said[2:])
        if head == "invite":
            return await self.lobbies.invite(said[1:], mentions, unknown, sender, place)
        if head in FLOW_WORDS and head != "end":
            return await self.conversation.flow(head, said[1:], sender, place)
        found = self._focus(sender, place, None)
        if isinstance(found, str):
            if head == "end":
                return await self.conversation.end(sender, place, said[1:])
            return self._not_understood(head, found, place)
        table, seat = found
        if head == "end" and table.status == Status.LOBBY:
            return await self.conversation.end(sender, place, said[1:])
        assert seat is not None  # `_focus` finds only tables the sender sits at
        return await self._typed_move(said, table, seat, sender, place)

    async def _typed_move(
        self, said: list[str], table: Table, seat: int, sender: Sender, place: Place
    ) -> list[Outgoing]:
        if table.status != Status.PLAYING or table.state is None:
            return [self._say(place, self._not_playing(table))]
        presenter = presenter_for(table.game.id)
        view = table.view_for(seat)
        legal = table.game.view_legal_moves(view, seat)
        names = self._names(table)
        parsed = presenter.parse(said, view, seat, legal, names)
        self._seen_for(table, seat).repost = True
        if isinstance(parsed, Chosen):
            return await self._act(table, seat, sender, place, parsed.move, None)
        if isinstance(parsed, Opened):
            return [
                self._panel_reply(
                    table, seat, sender, place, payload=node_payload(parsed.path), note=parsed.note
                )
            ]
        if isinstance(parsed, Drafted):
            return [
                self._panel_reply(
                    table, seat, sender, place, payload=parsed.payload, note=parsed.note
                )
            ]
        if isinstance(parsed, Unknown):
            note = unknown_in_game(parsed.word, presenter.help)
            return [self._panel_reply(table, seat, sender, place, note=note)]
        note = parsed.reason
        forms = parsed.forms or tuple(presenter.forms(view, seat, legal, names)[:8])
        if forms:
            note += "\n" + _("Try: {forms}").format(forms=" · ".join(forms))
        return [self._panel_reply(table, seat, sender, place, note=note)]

    def _not_understood(self, word: str, why: str, place: Place) -> list[Outgoing]:
        return [self._say(place, f"{unknown(word, FLOW_WORDS)} {why}\n\n{_(HELP)}")]

    async def _act(
        self,
        table: Table,
        seat: int,
        sender: Sender,
        place: Place,
        move: Any,
        expect: int | None,
        message_id: str | None = None,
    ) -> list[Outgoing]:
        """Make the move; the new position reaches everyone as deliveries."""
        self._set_focus(sender, table)
        try:
            await table.act(move, identity=self._identity(sender), seat=seat, expect=expect)
        except Refused as exc:
            note = spoken(exc.reason, self._names(table))
            if exc.code == RefusalCode.STALE:
                note = _(STALE)
            return [self._panel_reply(table, seat, sender, place, note=note, edit=message_id)]
        return []

    def shares(self, sender: Sender, query: str) -> list[Share]:
        """What `sender` may choose to post of their own game (an inline query)."""
        with speaking(self.languages.of(sender)):
            return shares(self, sender, query)

    # ==== pressed choices =======================================================================

    async def press(
        self,
        sender: Sender,
        place: Place,
        token: str,
        message_id: str | None = None,
        *,
        here: bool = False,
    ) -> list[Outgoing]:
        """Answer a pressed choice: verify its token, then move, navigate or
        compose. Answered in the presser's language, by the daemon serving
        the table (`here`: this one, as with `text`)."""
        if self.routes is not None and not here:
            forwarded = await self.routes.press(sender, place, token, message_id)
            if forwarded is not None:
                return forwarded
        with speaking(self.languages.of(sender)):
            return await self._press(sender, place, token, message_id)

    async def _press(
        self, sender: Sender, place: Place, token: str, message_id: str | None
    ) -> list[Outgoing]:
        try:
            grant = TokenCodec.read(token)
        except Malformed:
            return [self._say(place, _(UNREADABLE), private=True)]
        if grant.payload in PAYLOADS:
            return await self.summaries.press(token, grant, sender, place)
        if grant.code == setup.SETUP_CODE:
            if not self.tokens.verify(token, grant, setup.SETUP_TABLE):
                return [self._say(place, _(UNREADABLE), private=True)]
            return await self.conversation.setup_press(grant.payload, sender, place, message_id)
        try:
            table = self.daemon.table(grant.code)
        except Refused:
            return [self._say(place, _(GONE), private=True)]
        identity = self._identity(sender)
        own = table.seat_of(identity)
        if not self.tokens.verify(token, grant, table.id):
            return [self._refusal(table, own, sender, place, _(FORGED))]
        if grant.payload.startswith(SETTINGS):
            what = grant.payload[len(SETTINGS) :]
            return await self.lobbies.press(what, table, sender, place, message_id)
        if grant.payload.startswith("f"):
            return await self.conversation.flow_press(grant.payload[1:], table, sender, place)
        if grant.seat is None or own != grant.seat:
            owner = _("nobody") if grant.seat is None else self._names(table)[grant.seat]
            return [self._refusal(table, own, sender, place, _(FOREIGN).format(owner=owner))]
        seat = own
        if table.status != Status.PLAYING or table.state is None:
            return [self._say(place, self._not_playing(table), private=True)]
        if grant.version != table.version:
            return [self._panel_reply(table, seat, sender, place, note=_(STALE), edit=message_id)]
        return await self._use(grant, table, seat, sender, place, message_id)

    async def _use(
        self,
        grant: Grant,
        table: Table,
        seat: int,
        sender: Sender,
        place: Place,
        message_id: str | None,
    ) -> list[Outgoing]:
        payload = grant.payload
        if payload[0] in ("m", "C"):
            view = table.view_for(seat)
            legal = table.game.view_legal_moves(view, seat)
            presenter = presenter_for(table.game.id)
            move = chosen(presenter, view, seat, legal, self._names(table), payload)
            if move is not None:
                return await self._act(table, seat, sender, place, move, grant.version, message_id)
            if payload[0] == "m":
                return [
                    self._panel_reply(table, seat, sender, place, note=_(STALE), edit=message_id)
                ]
        return [self._panel_reply(table, seat, sender, place, payload=payload, edit=message_id)]

    def _refusal(
        self, table: Table, own: int | None, sender: Sender, place: Place, reason: str
    ) -> Outgoing:
        """A private answer to a press that is not honoured: the reason, and the
        presser's own fresh menu when they sit at the table."""
        if own is None or table.status != Status.PLAYING or table.state is None:
            return self._say(place, reason, private=True)
        return self._panel_reply(table, own, sender, place, note=reason)

    # ==== the private panel =====================================================================

    def panel(
        self,
        table: Table,
        seat: int,
        *,
        payload: str = ROOT,
        note: str = "",
        narration: Sequence[Event] = (),
    ) -> Message:
        """A seat's private message: its overlay picture, the caption (status,
        hand, what happened, `note`) and the menu or composer `payload` shows."""
        game = table.game
        presenter = presenter_for(game.id)
        names = self._names(table)
        view = table.view_for(seat)
        version = table.version
        legal = game.view_legal_moves(view, seat) if table.status == Status.PLAYING else []

        def issue(body: str) -> str:
            return self._issue(table, seat, version, body)

        lines = [presenter.caption(view, seat, names)]
        if hand := presenter.hand(view, seat):
            lines.append(hand)
        spots = None
        selected = None
        menu: Menu | None = None
        if legal:
            shown = screen(presenter, view, seat, legal, names, self.profile, issue, payload)
            lines.append(shown.heading)
            menu, spots, selected = shown.menu, shown.spots, shown.selected
        else:
            waiting = table.to_move()
            if waiting is not None and table.status == Status.PLAYING:
                lines.append(_("Waiting for {name}.").format(name=names[waiting]))
        text = self._caption(lines, narration, names, note, presenter.retell)
        picture = self._picture(table, seat, view, names, spots, selected)
        return Message(text, picture, menu)

    def _issue(self, table: Table, seat: int | None, version: int, payload: str) -> str:
        token = self.tokens.issue(table.code, table.id, seat, version, payload)
        if len(token.encode()) > self.profile.token_bytes:
            raise ValueError(f"token {token!r} exceeds {self.profile.token_bytes} bytes")
        return token

    def _caption(
        self,
        lines: list[str],
        narration: Sequence[Event],
        names: Sequence[str],
        note: str,
        retell: Callable[[Event], str] | None = None,
    ) -> str:
        """Status first, then what happened (trimmed to fit), then the note."""
        limit = self.profile.caption_limit
        fixed = "\n".join(lines)
        if note:
            fixed += "\n\n" + note
        room = limit - len(fixed) - 2
        told = narrate(narration, names, max_chars=max(0, room), retell=retell) if room > 40 else []
        text = "\n".join([*told, "", fixed]) if told else fixed
        if len(text) > limit:
            text = text[: limit - 1] + "…"
        return text

    def _picture(
        self,
        table: Table,
        seat: int | None,
        view: Any,
        names: Sequence[str],
        spots: Any,
        selected: int | None,
    ) -> Picture:
        presenter = presenter_for(table.game.id)
        numbered = spots.numbered() if spots is not None else ()
        raw = repr((table.id, table.version, seat, numbered, selected, tuple(names)))
        key = hashlib.sha256(raw.encode()).hexdigest()[:16]
        alt = presenter.describe(view, seat, names, spots, selected)

        def render() -> bytes:
            return presenter.render(view, seat, names, spots, selected)

        return Picture(key, alt, render)

    def _panel_reply(
        self,
        table: Table,
        seat: int,
        sender: Sender,
        place: Place,
        *,
        payload: str = ROOT,
        note: str = "",
        edit: str | None = None,
    ) -> Outgoing:
        """The panel as an answer to the sender: replacing the pressed message
        when there is one, else a new private reply that becomes the panel."""
        self._set_focus(sender, table)
        seen = self._seen_for(table, seat)
        backlog, seen.backlog = seen.backlog, ()
        message = self.panel(table, seat, payload=payload, note=note, narration=backlog)
        slot = Slot(table.id, "panel", sender.user)
        to = Target("reply", chat=place.chat, private=True)
        if edit is not None:
            return Edit(to, edit, message, slot)
        seen.repost = False
        return Send(to, message, slot)

    # ==== deliveries ============================================================================

    def deliver(self, delivery: Delivery) -> list[Outgoing]:
        """Turn a daemon delivery into the messages it calls for on this platform."""
        try:
            table = self.daemon.table(delivery.table.code)
        except Refused:
            return []
        if table.id != delivery.table.id:
            return []
        if isinstance(delivery, SeatUpdate):
            with speaking(self.languages.of_user(delivery.identity.user)):
                return self._seat_update(table, delivery)
        if isinstance(delivery, PublicUpdate):
            return self._public_update(table, delivery)
        if isinstance(delivery, ClockNotice):
            if delivery.identity.frontend != self.platform:
                return []
            with speaking(self.languages.of_user(delivery.identity.user)):
                if delivery.kind == "warning":
                    return self.mutes.remind(table, delivery)
                text = f"{table.meta.name}: {spoken(delivery.text, self._names(table))}"
                return [Send(Target("direct", user=delivery.identity.user), Message(text))]
        return self.notices.table_notice(table, delivery)

    async def conclude(self) -> list[Outgoing]:
        """The end-of-game summaries that `deliver` announced, to perform after
        its own actions (they read the game's record from the store)."""
        return await self.summaries.conclude()

    def _seat_update(self, table: Table, update: SeatUpdate) -> list[Outgoing]:
        if update.identity.frontend != self.platform or table.state is None:
            return []
        seen = self._seen_for(table, update.seat)
        seen.backlog = (*seen.backlog, *update.events)
        user = update.identity.user
        slot = Slot(table.id, "panel", user)
        known = self.memory.get(self._slot_key(slot))
        started = update.on_clock and (seen.on_clock is False or seen.repost)
        ended = bool(seen.on_clock) and not update.on_clock
        seen.on_clock = update.on_clock
        names = tuple(self._names(table))
        mark = (table.version, update.on_clock, update.legal, names, table.status)
        unchanged = mark == seen.shown and not update.events
        seen.shown = mark
        to = Target("direct", user=user)
        if started or (known is None and update.on_clock) or seen.show:
            seen.repost = seen.show = False
            backlog, seen.backlog = seen.backlog, ()
            message = self.panel(table, update.seat, narration=backlog)
            return [Send(to, self.mutes.quiet(message, user), slot)]
        if known is None or unchanged:
            return []
        if update.on_clock or ended or update.events or table.status != Status.PLAYING:
            backlog, seen.backlog = seen.backlog, ()
            message = self.panel(table, update.seat, narration=backlog)
            return [Edit(to, known, message, slot)]
        return []

    def _public_update(self, table: Table, update: PublicUpdate) -> list[Outgoing]:
        out: list[Outgoing] = []
        origin = table.meta.origin
        if origin.frontend == self.platform and origin.place and not self.boards.in_panel(table):
            to = Target("channel", chat=origin.place)
            with speaking(self.languages.of_table(table)):
                out += self.boards.show(table, update, to, origin.place)
        for watcher in update.spectators:
            if watcher.frontend == self.platform:
                target = Target("direct", user=watcher.user)
                with speaking(self.languages.of_user(watcher.user)):
                    out += self.boards.show(table, update, target, spectator_where(watcher.user))
        return out

    def board_message(
        self, table: Table, narration: Sequence[Event] = (), mentions: tuple[str, ...] = ()
    ) -> Message:
        """The public board: the spectator view, a caption and a button that
        opens each person's own private menu."""
        presenter = presenter_for(table.game.id)
        names = self._names(table)
        view = table.view_for(None)
        head = _("{table} · code {code}").format(table=table.meta.name, code=table.code)
        lines = [head, presenter.caption(view, None, names)]
        if mentions and (waiting := table.to_move()) is not None:
            lines.append(_("{name}, your move: see your private menu.").format(name=names[waiting]))
        text = self._caption(lines, narration, names, "", presenter.retell)
        sheet = Sheet(table.meta.name, [[Item(_("My hand and moves"), "flow", "fh", "primary")]])
        menu = None
        if table.status == Status.PLAYING:
            menu = lay_out(sheet, self.profile, 1, lambda p: self._issue(table, None, 0, p), str)
        return Message(text, self._picture(table, None, view, names, None, None), menu, mentions)

    def _opener(self, table: Table, identity: Identity) -> bool:
        creator = table.meta.creator
        if creator is not None:
            return creator == identity
        return self.memory.get(f"creator|{table.id}") == identity.user

    def posted(self, slot: Slot, message_id: str) -> None:
        """Record the platform id of a message posted for `slot`, to edit it
        later (here, or by the daemon serving its table)."""
        self._answering.discard(self._slot_key(slot))
        self.memory.put(self._slot_key(slot), message_id)
        if self.routes is not None:
            self.routes.posted(slot, message_id)

    def setup_first(self, line: str) -> bool:
        """Whether `line` asks which options a new table gets (by buttons)
        instead of opening one: `new GAME` alone, for a game with choices."""
        said = words(line)
        if len(said) != 2 or said[0] != "new" or said[1] not in game_ids():
            return False
        return presenter_for(said[1]).setup({}) is not None

    # ==== helpers ===============================================================================

    def _identity(self, sender: Sender) -> Identity:
        return Identity(frontend=self.platform, user=sender.user)

    def _opened_by(self, table: Table, sender: Sender) -> bool:
        """Whether `sender` opened `table` (its stored creator; tables opened
        before the daemon stored one fall back to this layer's memory)."""
        return self._opener(table, self._identity(sender))

    @staticmethod
    def _names(table: Table) -> list[str]:
        return [
            (s.name or _("Seat {number}").format(number=i + 1))
            if s.identity is not None
            else _("AI {number}").format(number=i + 1)
            for i, s in enumerate(table.meta.seats)
        ]

    def _seen_for(self, table: Table, seat: int) -> _Seen:
        return self._seen.setdefault((table.id, seat), _Seen())

    @staticmethod
    def _slot_key(slot: Slot) -> str:
        return f"msg|{slot.table}|{slot.role}|{slot.where}"

    def _set_focus(self, sender: Sender, table: Table) -> None:
        self.memory.put(f"focus|{sender.user}", table.code)

    def _focus(
        self, sender: Sender, place: Place, code: str | None, *, seated: bool = True
    ) -> tuple[Table, int | None] | str:
        """The table a command is for, and the sender's seat there (None only
        when `seated` is false): the code given, else the sender's table in
        this chat, else the one they last used, else the only one they sit at."""
        identity = self._identity(sender)
        if code is not None:
            try:
                table = self.daemon.table(code)
            except Refused as exc:
                return exc.reason
            seat = table.seat_of(identity)
            if seated and seat is None:
                return self._join_first(table)
            return table, seat
        open_tables = [t for t in self.daemon.tables.values() if t.status.open]
        mine = [t for t in open_tables if t.seat_of(identity) is not None]
        here = [
            t
            for t in open_tables
            if t.meta.origin.frontend == self.platform and t.meta.origin.place == place.chat
        ]
        focus = self.memory.get(f"focus|{sender.user}")
        candidates = (
            [t for t in here if t in mine]
            or [t for t in mine if t.code == focus]
            or ([] if seated else here)
            or mine
        )
        if not candidates and here:
            latest = max(here, key=lambda t: t.meta.created_at)
            return self._join_first(latest)
        if not candidates:
            return _("You sit at no table here. Say new GAME to open one, or join CODE.")
        table = max(candidates, key=lambda t: t.meta.created_at)
        seat = table.seat_of(identity)
        if seated and seat is None:
            return self._join_first(table)
        return table, seat

    def serves(self, sender: Sender, place: Place) -> bool:
        """Whether a line that names no table finds one on this daemon."""
        return not isinstance(self._focus(sender, place, None, seated=False), str)

    @staticmethod
    def _join_first(table: Table) -> str:
        said = _("You do not sit at {table}; join {code} first.")
        return said.format(table=table.meta.name, code=table.code)

    def _not_playing(self, table: Table) -> str:
        if table.status == Status.LOBBY:
            said = _("{table} has not started yet; say start when everyone is in.")
            return said.format(table=table.meta.name)
        result = spoken(table.meta.result or "", self._names(table))
        return _("{table} is over. {result}").format(table=table.meta.name, result=result).strip()

    def _say(self, place: Place, text: str, *, private: bool = False) -> Outgoing:
        limit = self.profile.text_limit
        body = text if len(text) <= limit else text[: limit - 1] + "…"
        return Send(Target("reply", chat=place.chat, private=private), Message(body))

    def _texts(self, place: Place, text: str) -> list[Outgoing]:
        """Long text split at line breaks into messages within the text limit."""
        limit = self.profile.text_limit
        chunks: list[str] = []
        for line in text.splitlines():
            while len(line) > limit:
                chunks.append(line[:limit])
                line = line[limit:]
            if chunks and len(chunks[-1]) + 1 + len(line) <= limit:
                chunks[-1] += "\n" + line
            else:
                chunks.append(line)
        return [Send(Target("reply", chat=place.chat), Message(chunk)) for chunk in chunks]
