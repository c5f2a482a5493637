"""Which language the layer speaks to whom, and `language` to choose it.

A person is spoken to in the language they chose with `language CODE`, else
the one their platform reports for them (Discord's interaction locale,
Telegram's `language_code`, remembered from their last message, so a
delivery between their messages still knows it), else English. Both are kept
in the chat memory, so they survive a restart.

What a whole chat reads (the board, the lobby and the table's news in a group
or channel) is said in the table's language: that of the person who opened
it. A reply to a command is said in the language of the person who typed it,
even in a group: it answers them. Private panels and messages are always in
their reader's language.
"""

from typing import TYPE_CHECKING, Final

from daemon.table import Table
from frontends.chat.api import Outgoing, Place, Sender, Target
from languages import N_, _, languages, speaking, supported

if TYPE_CHECKING:
    from frontends.chat.layer import ChatLayer

WORDS: Final = ("language",)
NAMES: Final = {"en": "English", "de": "Deutsch"}
"""Each language by its own name, as a person looking for theirs reads it."""
CHOSEN: Final = N_("From now on I speak English with you. {others}")
"""The confirmation, said in the language just chosen (a translator writes
the own language's name into it)."""
AUTOMATIC: Final = N_("I follow your app's language again (English if it does not say). {others}")


def _offer() -> str:
    return " · ".join(f"language {code} ({NAMES.get(code, code)})" for code in languages())


class Languages:
    def __init__(self, layer: "ChatLayer") -> None:
        self.layer = layer

    def of(self, sender: Sender) -> str | None:
        """The language to answer `sender` in, remembering what their
        platform reported for deliveries to come."""
        reported = supported(sender.language)
        if sender.language is not None:
            self.layer.memory.put(f"locale|{sender.user}", reported or "")
        return self.of_user(sender.user)

    def of_user(self, user: str) -> str | None:
        memory = self.layer.memory
        return memory.get(f"language|{user}") or memory.get(f"locale|{user}") or None

    def of_table(self, table: Table) -> str | None:
        """The language of what a whole chat reads about `table`: its opener's."""
        creator = table.meta.creator
        if creator is None or creator.frontend != self.layer.platform:
            return None
        return self.of_user(creator.user)

    def of_target(self, table: Table, to: Target) -> str | None:
        """The language of a message about `table` sent to `to`."""
        return self.of_user(to.user) if to.audience == "direct" else self.of_table(table)

    def command(self, args: list[str], sender: Sender, place: Place) -> list[Outgoing]:
        """`language` (what there is), `language CODE`, `language auto`:
        answered privately, in the language chosen."""
        layer = self.layer
        key = f"language|{sender.user}"
        if not args:
            said = _("You read me in {name}. To change it: {offer}, or language auto.")
            name = NAMES.get(self.of_user(sender.user) or "en", "English")
            return [layer._say(place, said.format(name=name, offer=_offer()), private=True)]
        wanted = args[0].lower()
        if wanted in ("auto", "automatic"):
            layer.memory.put(key, None)
            with speaking(self.of_user(sender.user)):
                return [layer._say(place, _(AUTOMATIC).format(others=_offer()), private=True)]
        chosen = supported(wanted)
        if chosen is None:
            said = _("I do not speak {wanted!r}. I speak: {offer}.")
            return [layer._say(place, said.format(wanted=wanted, offer=_offer()), private=True)]
        layer.memory.put(key, chosen)
        with speaking(chosen):
            return [layer._say(place, _(CHOSEN).format(others=_offer()), private=True)]
