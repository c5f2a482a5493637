"""Chat intents for a table another daemon serves, answered there (issue 19).

With several daemons on one database, a person's typed line or button press
reaches the daemon whose platform connection received it (the Discord shard
of their server, whichever daemon the load balancer gave a Telegram webhook
post), while their table is driven by the daemon holding its lease. The
layer answers from the table itself (its view, its version, the tokens issued
for it), so the intent is sent to the lease holder (`daemon.routing`),
answered there once by that daemon's own layer, and the messages of the
answer come back to be performed here, where the update being answered (a
Discord interaction, a Telegram callback query) is. The ids of messages
posted that way go back to the holder, with what else editing them needs
(the adapter's `edit_rights`: a Discord ephemeral panel's interaction
token), and the holder edits them later; deliveries (a turn begins, the
board changes) go out from the holder's own connection to the platform, as
they always do. The holder stores the ids of its tables' messages in the
database, and a daemon taking a table over loads them, so it edits the
same board and panels.

A forward that is not answered is not sent again behind the person's back:
they are told to try again (a press sent twice is refused as stale).
"""

import asyncio
import base64
import logging
from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, Literal, cast

import psycopg
from cachetools import LRUCache

from daemon.model import JOIN_ALPHABET, Refused, normalise_code
from frontends.chat import setup
from frontends.chat.api import (
    Attachment,
    Choice,
    Edit,
    Menu,
    Message,
    Outgoing,
    Picture,
    Place,
    Send,
    Sender,
    Slot,
    Target,
)
from frontends.chat.grammar import words
from frontends.chat.summary import PAYLOADS
from frontends.chat.tokens import Malformed, TokenCodec
from languages import N_, _, speaking

if TYPE_CHECKING:
    from daemon.routing import Router
    from frontends.chat.frontend import ChatFrontend
    from frontends.chat.layer import ChatLayer

log = logging.getLogger("plgames.chat")

NO_ANSWER = N_("That table's host did not answer; try again in a few seconds.")
HERE_ONLY = frozenset({"new"})
"""Typed commands always answered by the daemon that received them (a new
table is opened where its chat's updates arrive)."""
CODE_LENGTH = 5
KNOWN = 100_000
"""Slots whose last stored message a daemon remembers: a few per open table."""

Role = Literal["board", "panel", "lobby"]
Owner = tuple[str, bool]
"""A daemon's name, and whether its lease on the table is current."""


class ChatRoutes:
    """One chat platform's forwarding: asking on the receiving daemon,
    answering on the lease holder."""

    def __init__(self, layer: "ChatLayer", router: "Router", adapter: "ChatFrontend") -> None:
        self.layer = layer
        self.router = router
        self.adapter = adapter
        self.kind = f"chat:{layer.platform}"
        self._tasks: set[asyncio.Task[None]] = set()
        router.handlers[self.kind] = self.answer
        router.adopting.append(self.recall)
        self._known: LRUCache[Slot, tuple[str, dict[str, Any] | None]] = LRUCache(KNOWN)
        """What was last stored or told for a slot (most posts are edits of the same message)."""

    async def recall(self, table_ids: list[str]) -> None:
        """Load the messages posted for tables this daemon takes on (at its
        start, or taken over), so it edits them rather than posting anew."""
        if not table_ids:
            return
        try:
            stored = await self.router.recall(self.layer.platform, table_ids)
        except psycopg.Error as exc:  # their boards are posted anew
            log.warning(
                "the messages of %d tables taken on were not loaded: %s", len(table_ids), exc
            )
            return
        slots = [(Slot(t, cast(Role, role), place), i, r) for t, role, place, i, r in stored]
        self.layer.memory.update({self.layer._slot_key(slot): i for slot, i, _ in slots})
        for slot, message_id, rights in slots:
            self._known[slot] = (message_id, rights)
            if rights is not None:
                self.adapter.grant(slot, message_id, rights)

    async def flush(self) -> None:
        """The frontend stopped: store the ids of the last messages it posted."""
        await self.router.flush()

    # ---- the daemon that received the intent ---------------------------------------

    async def text(
        self,
        sender: Sender,
        place: Place,
        text: str,
        mentions: Sequence[Sender],
        unknown: Sequence[str],
    ) -> list[Outgoing] | None:
        """The answer of the daemon serving the table the line is about;
        None when that is this daemon (or no table at all)."""
        try:
            owner = await self._text_owner(sender, place, text)
        except psycopg.Error:  # the database is away: no table can be found
            return self._unanswered(sender, place)
        if owner is None:
            return None
        request = {
            "op": "text",
            "sender": asdict(sender),
            "place": asdict(place),
            "text": text,
            "mentions": [asdict(m) for m in mentions],
            "unknown": list(unknown),
        }
        return await self._ask(owner, request, sender, place)

    async def press(
        self, sender: Sender, place: Place, token: str, message_id: str | None
    ) -> list[Outgoing] | None:
        """As `text`, for a pressed choice: its token names the table."""
        try:
            grant = TokenCodec.read(token)
        except Malformed:
            return None
        if grant.payload in PAYLOADS or grant.code == setup.SETUP_CODE or self._here(grant.code):
            return None
        try:
            owner = await self.router.owner_of(grant.code)
        except psycopg.Error:
            return self._unanswered(sender, place)
        if owner is None or owner[0] == self.router.name:
            return None
        request = {
            "op": "press",
            "sender": asdict(sender),
            "place": asdict(place),
            "token": token,
            "message_id": message_id,
        }
        return await self._ask(owner, request, sender, place)

    def posted(self, slot: Slot, message_id: str) -> None:
        """A message was posted (or edited) for `slot`: stored for whoever
        takes the table over when this daemon serves it, else (the answer to
        a forwarded intent) its holder is told."""
        rights = self.adapter.edit_rights(message_id)
        if self._known.get(slot) == (message_id, rights):
            return  # an edit: nothing new to store or tell
        self._known[slot] = (message_id, rights)
        if slot.table in self.layer.daemon.tables:
            posted = (slot.table, slot.role, slot.where, message_id, rights)
            self.router.remember(self.layer.platform, posted)
            return
        task = asyncio.ensure_future(self._posted(slot, message_id, rights))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _posted(self, slot: Slot, message_id: str, rights: dict[str, Any] | None) -> None:
        try:
            owner = await self.router.owner_of_id(slot.table)
        except psycopg.Error as exc:  # the holder posts anew instead of editing it
            log.warning("the id of a message for table %s was not passed on: %s", slot.table, exc)
            return
        if owner is not None and owner != self.router.name:
            request = {"op": "posted", "slot": asdict(slot), "id": message_id, "rights": rights}
            self.router.tell(owner, request, kind=self.kind)

    def _here(self, code: str) -> bool:
        try:
            self.layer.daemon.table(code)
        except Refused:
            return False
        return True

    async def _text_owner(self, sender: Sender, place: Place, text: str) -> Owner | None:
        """Where a typed line goes: the table a join code in it names, else
        (when this daemon serves none of the sender's tables here) the table
        the layer would pick among those other daemons serve: the sender's in
        this chat, else theirs elsewhere, else this chat's; the newest."""
        said = words(text)
        if not said or said[0] in HERE_ONLY:
            return None
        for word in said[1:]:
            code = normalise_code(word)
            if len(code) != CODE_LENGTH or not set(code) <= set(JOIN_ALPHABET):
                continue
            if self._here(code):
                return None
            found = await self.router.owner_of(code)
            if found is not None and found[0] != self.router.name:
                return found
        if self.layer.serves(sender, place):
            return None
        tables = await self.router.chat_tables(self.layer.platform, sender.user, place.chat)
        ranked = (
            [t for t in tables if t.seated and t.here]
            or [t for t in tables if t.seated]
            or [t for t in tables if t.here]
        )
        if not ranked:
            return None
        table = max(ranked, key=lambda t: t.created_at)
        return table.owner, table.current

    async def _ask(
        self, owner: Owner, request: dict[str, Any], sender: Sender, place: Place
    ) -> list[Outgoing]:
        name, current = owner
        if current:  # else its daemon stopped, and another takes it over within the bound
            answer = await self.router.ask(name, request, self.layer.platform, kind=self.kind)
            if answer.get("ok"):
                return decode(answer["actions"])
        return self._unanswered(sender, place)

    def _unanswered(self, sender: Sender, place: Place) -> list[Outgoing]:
        with speaking(self.layer.languages.of(sender)):
            text = _(NO_ANSWER)
        return [Send(Target("reply", chat=place.chat, private=True), Message(text))]

    # ---- the lease holder ---------------------------------------------------------

    async def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer an intent another daemon received, as if it had arrived here."""
        op = request.get("op")
        if op == "posted":
            slot, message_id = Slot(**request["slot"]), str(request["id"])
            if (rights := request.get("rights")) is not None:
                self.adapter.grant(slot, message_id, rights)
            self.layer.posted(slot, message_id)
            return {"ok": True}
        sender, place = Sender(**request["sender"]), Place(**request["place"])
        if op == "text":
            mentions = [Sender(**m) for m in request["mentions"]]
            actions = await self.layer.text(
                sender, place, str(request["text"]), mentions, request["unknown"], here=True
            )
        elif op == "press":
            message_id = request["message_id"]
            actions = await self.layer.press(
                sender,
                place,
                str(request["token"]),
                None if message_id is None else str(message_id),
                here=True,
            )
        else:
            return {"ok": False, "error": f"unknown chat request {op!r}"}
        pictures = [a.message.picture for a in actions if a.message.picture is not None]
        await asyncio.to_thread(lambda: [p.png() for p in pictures])
        return {"ok": True, "actions": encode(actions)}


# ---- actions on the wire ---------------------------------------------------------------


def encode(actions: Sequence[Outgoing]) -> list[dict[str, Any]]:
    """Actions as JSON, pictures drawn (the receiving daemon cannot draw
    them: it does not hold the table)."""
    rows = []
    for action in actions:
        row: dict[str, Any] = {
            "to": asdict(action.to),
            "message": _message(action.message),
            "slot": None if action.slot is None else asdict(action.slot),
        }
        if isinstance(action, Edit):
            row["edit"] = action.message_id
        else:
            row["replaces"] = action.replaces
        rows.append(row)
    return rows


def decode(rows: list[dict[str, Any]]) -> list[Outgoing]:
    actions: list[Outgoing] = []
    for row in rows:
        to = Target(**row["to"])
        message = _unmessage(row["message"])
        slot = None if row["slot"] is None else Slot(**row["slot"])
        if "edit" in row:
            actions.append(Edit(to, str(row["edit"]), message, slot))
        else:
            actions.append(Send(to, message, slot, row["replaces"]))
    return actions


def _message(message: Message) -> dict[str, Any]:
    picture = message.picture
    file = message.file
    return {
        "text": message.text,
        "picture": None
        if picture is None
        else {
            "key": picture.key,
            "alt": picture.alt,
            "filename": picture.filename,
            "png": base64.b64encode(picture.png()).decode(),
        },
        "menu": None if message.menu is None else asdict(message.menu),
        "mentions": list(message.mentions),
        "file": None
        if file is None
        else {"filename": file.filename, "data": base64.b64encode(file.data).decode()},
        "closes": message.closes,
        "silent": message.silent,
    }


def _unmessage(row: dict[str, Any]) -> Message:
    picture = None
    if (drawn := row["picture"]) is not None:
        png = base64.b64decode(drawn["png"])
        picture = Picture(drawn["key"], drawn["alt"], lambda: png, drawn["filename"])
    menu = None
    if (laid := row["menu"]) is not None:
        menu = Menu(
            laid["title"],
            tuple(tuple(Choice(**c) for c in r) for r in laid["rows"]),
            tuple(Choice(**c) for c in laid["select"]),
            laid["placeholder"],
            laid["page"],
            laid["pages"],
        )
    file = None
    if (attached := row["file"]) is not None:
        file = Attachment(attached["filename"], base64.b64decode(attached["data"]))
    return Message(
        row["text"],
        picture,
        menu,
        tuple(row["mentions"]),
        file,
        row["closes"],
        row["silent"],
    )
