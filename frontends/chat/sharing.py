"""What a person may show a group of their own game, on their own initiative
(Telegram's inline mode: typing `@bot` in any chat).

The answer to an inline query is shown to the person who typed it and to
nobody else, and Telegram posts nothing until they pick a result; what they
pick is then visible to everyone in that chat, as sent by them. So the
results are only ever the asker's own: their hand (from their seat's own
view, never anyone else's) and the public state of the table, for each table
they sit at that is in play (`@bot CODE` narrows it to one). Showing one's
hand is a choice the game leaves to its holder, like showing cards across a
real table; the adapter asks Telegram not to cache the answer or share it
between people (`is_personal`, no cache time), so nobody else is ever
offered it.
"""

import hashlib
import re
from typing import TYPE_CHECKING

from daemon.model import Status
from frontends.chat.api import Sender, Share
from frontends.chat.grammar import words
from frontends.chat.presenters import presenter_for
from languages import _

if TYPE_CHECKING:
    from frontends.chat.layer import ChatLayer

YOUR = re.compile(r"^Your (\w)", re.MULTILINE)


def shares(layer: "ChatLayer", sender: Sender, query: str) -> list[Share]:
    """The asker's own hand and their table's public state, per table in play."""
    identity = layer._identity(sender)
    wanted = {w.upper() for w in words(query)}
    found: list[Share] = []
    for table in layer.daemon.tables.values():
        seat = table.seat_of(identity)
        if seat is None or table.status != Status.PLAYING or table.state is None:
            continue
        if wanted and table.code not in wanted:
            continue
        presenter = presenter_for(table.game.id)
        names = layer._names(table)
        heading = _("{table} (code {code})").format(table=table.meta.name, code=table.code)
        public = presenter.caption(table.view_for(None), None, names)
        options = [("board", _("Where the game stands"), public, f"{heading}\n{public}")]
        if hand := presenter.hand(table.view_for(seat), seat):
            # Posted as its holder, for everyone: "Your hand" would read as the reader's.
            shown = YOUR.sub(lambda m: m.group(1).upper(), hand)
            said = _("{name} shows their hand at {table}:").format(name=names[seat], table=heading)
            said += f"\n{shown}"
            options.insert(
                0, ("hand", _("Show my hand"), _("Posted as you, for all here to see"), said)
            )
        for kind, title, description, text in options:
            key = hashlib.sha256(f"{table.id}|{table.version}|{kind}".encode()).hexdigest()[:32]
            found.append(Share(key, f"{title}: {table.meta.name}", description[:200], text))
    return found
