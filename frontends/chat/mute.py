"""Who is pinged, and the reminder before a turn timer runs out.

Pings are for one's own turn only: the board mentions the person on turn,
and their private panel is posted anew (which notifies) when their turn
begins. `mute` turns both quiet for that person: no mention on the board,
and their turn's panel arrives silently (still a new message, still the
live menu). It is kept per person in the chat memory, so it survives a
restart, and covers every table on this platform until `unmute`.

The reminder is the exception a muted person still gets, privately and with
a sound: when the table's timer reaches its warning point, their panel is
posted anew with how long is left. Missing it hands their move to the AI,
which is what muting is least likely to mean. It is shown once per turn:
after a restart the daemon warns again late (it counts the time really
left), and the memory of the warned turn keeps that from repeating it.
"""

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from daemon.delivery import ClockNotice
from daemon.table import Table
from frontends.chat.api import Message, Outgoing, Place, Send, Sender, Slot, Target
from languages import N_, _
from renderers.words import spoken

if TYPE_CHECKING:
    from frontends.chat.layer import ChatLayer

WORDS: Final = ("mute", "unmute")
MUTED: Final = N_(
    "Muted: your turns no longer ping you (no mention on the board, your menu arrives "
    "silently). The reminder before your time runs out still reaches you. unmute undoes it."
)
UNMUTED: Final = N_("Unmuted: your turns ping you again.")
ALREADY: Final = {
    True: N_("You are muted already; unmute undoes it."),
    False: N_("You are not muted."),
}


class Mutes:
    def __init__(self, layer: "ChatLayer") -> None:
        self.layer = layer

    @staticmethod
    def _key(user: str) -> str:
        return f"mute|{user}"

    def muted(self, user: str) -> bool:
        return self.layer.memory.get(self._key(user)) == "1"

    def command(self, head: str, sender: Sender, place: Place) -> list[Outgoing]:
        """`mute` / `unmute`, answered privately (nobody else needs to know)."""
        wanted = head == "mute"
        if self.muted(sender.user) == wanted:
            return [self.layer._say(place, _(ALREADY[wanted]), private=True)]
        self.layer.memory.put(self._key(sender.user), "1" if wanted else None)
        return [self.layer._say(place, _(MUTED if wanted else UNMUTED), private=True)]

    def quiet(self, message: Message, user: str) -> Message:
        """A turn's panel for `user`: silent when they muted themselves."""
        return replace(message, silent=True) if self.muted(user) else message

    def remind(self, table: Table, notice: ClockNotice) -> list[Outgoing]:
        """The warning before the timer runs out, once per turn: the person's
        panel posted anew, with the time left above their menu."""
        layer = self.layer
        key = f"warned|{table.id}"
        turn = f"{notice.table.version}:{notice.seat}"
        if layer.memory.get(key) == turn or table.version != notice.table.version:
            return []  # told already, or the turn it was for is over
        layer.memory.put(key, turn)
        user = notice.identity.user
        note = f"⏰ {table.meta.name}: {spoken(notice.text, layer._names(table))}"
        if table.status.open and table.state is not None:
            # Mentioning its owner says it must ring: an adapter that keeps a
            # panel up to date by quiet edits (Discord's ephemeral one) posts it.
            message = replace(layer.panel(table, notice.seat, note=note), mentions=(user,))
            slot = Slot(table.id, "panel", user)
            return [Send(Target("direct", user=user), message, slot)]
        return [Send(Target("direct", user=user), Message(note))]
