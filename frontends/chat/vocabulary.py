"""The words the chat's own flow answers to, and what a person is told for a
word that neither it nor the game knows: the nearest known words, so a typo
costs one more line and not a trip to the help."""

from collections.abc import Sequence
from typing import Final

from frontends.chat.grammar import nearest
from frontends.chat.language import WORDS as LANGUAGE_WORDS
from frontends.chat.lobby import WORDS as LOBBY_WORDS
from frontends.chat.mute import WORDS as MUTE_WORDS
from frontends.chat.stats import WORDS as STATS_WORDS
from languages import _

FLOW_WORDS: Final = (
    "new",
    "join",
    "start",
    "leave",
    "status",
    "hand",
    "help",
    "rules",
    "options",
    "end",
    "spectate",
    "tables",
    "table",
    *STATS_WORDS,
    *MUTE_WORDS,
    *LOBBY_WORDS,
    *LANGUAGE_WORDS,
)


def unknown(word: str, vocabulary: Sequence[str]) -> str:
    """ "I don't know …", with the closest words of `vocabulary` offered."""
    close = nearest(word, vocabulary)
    if not close:
        return _("I don't know {word!r}.").format(word=word)
    said = _("I don't know {word!r}. Did you mean {close}?")
    return said.format(word=word, close=_(" or ").join(close))


def unknown_in_game(word: str, game_help: str) -> str:
    """A word typed at a table: the flow's words and the game's verbs (each
    help line's first word) are offered, then the game's help."""
    verbs = [line.split()[0] for line in game_help.splitlines()[1:] if line.split()]
    return f"{unknown(word, [*FLOW_WORDS, *verbs])}\n{game_help}"
