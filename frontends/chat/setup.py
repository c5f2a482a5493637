"""Choosing a new table's options by buttons before it is opened.

`new katan` with no option asks which rules (base, Cities & Knights,
Seafarers, both), then, with Seafarers, which map (each with its one-line
description), then how many seats (those the rules and map are laid out
for), then how many points win, from the rule set's own menu; the last
answer opens the table as `new katan expansions=… map=… players=…
points_to_win=…` would. A game's presenter says what to ask (`Presenter.setup`); a game with
nothing to ask opens at once.

No table exists yet, so the buttons carry everything: the payload is `s`,
the game's index in the registry, `-`, and one base-36 digit per answer (the
index of the option chosen). Tokens are issued for the pseudo table
`SETUP_CODE`, sealed like any other, so a forged one is refused; pressing one
does nothing a person could not do by typing `new`.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from frontends.chat.api import Style
from frontends.chat.menus import Item, Sheet
from frontends.chat.tokens import from36, to36
from languages import _

SETUP_CODE: Final = "NEW0"
"""The join code setup tokens name: never a table's (codes have no 0)."""
SETUP_TABLE: Final = "setup"
"""The table id setup tokens are sealed under."""
DIGITS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class Option:
    value: object
    """The option's value, as `new` would be given it."""
    label: str
    note: str = ""
    """A line about it, shown in the message (a map's description)."""


@dataclass(frozen=True, slots=True)
class Question:
    option: str
    """The game option the answer sets."""
    title: str
    options: tuple[Option, ...]
    default: int | None = None
    """The index of the option a table gets when nobody asks."""
    note: str = ""
    """A line under the question: why an option one might look for is not offered."""


Asker = Callable[[Mapping[str, object]], Question | None]
"""The next question given the answers so far; None when all are answered."""


def payload(game: int, picks: str = "") -> str:
    return f"s{to36(game)}-{picks}"


def read(text: str) -> tuple[int, str, int] | None:
    """(game index, picks, page) of a setup payload, or None if it is not one."""
    body, _sep, page = text.partition("~")
    if not body.startswith("s") or "-" not in body:
        return None
    game, _sep, picks = body[1:].partition("-")
    try:
        index = from36(game)
    except ValueError:
        return None
    if any(ch not in DIGITS for ch in picks):
        return None
    return index, picks, int(page) if page.isdigit() and int(page) > 0 else 1


def replay(ask: Asker, picks: str) -> tuple[dict[str, object], Question | None] | None:
    """The answers `picks` give and the question still open (None: all
    answered); None when a pick is not one of its question's options."""
    answers: dict[str, object] = {}
    for ch in picks:
        question = ask(answers)
        if question is None:
            return None
        index = DIGITS.index(ch)
        if index >= len(question.options):
            return None
        answers[question.option] = question.options[index].value
    return answers, ask(answers)


def sheet(question: Question, game: int, picks: str) -> Sheet:
    items = []
    for i, option in enumerate(question.options):
        label = _(option.label) + (" " + _("(default)") if i == question.default else "")
        style: Style = "primary" if i == question.default else "secondary"
        items.append(Item(label, "flow", payload(game, picks + DIGITS[i]), style))
    controls = [Item(_("◂ Back"), "flow", payload(game, picks[:-1]))] if picks else []
    return Sheet(_(question.title), [items], controls, placeholder=_(question.title))


def page(game: int, picks: str, number: int) -> str:
    return payload(game, picks) + (f"~{number}" if number > 1 else "")


def text(title: str, question: Question) -> str:
    """The message over the buttons: what is being set up, the question, and
    the options' notes."""
    lines = [title, _(question.title)]
    lines += [f"• {_(o.label)}: {_(o.note)}" for o in question.options if o.note]
    if question.note:
        lines.append(_(question.note))
    return "\n".join(lines)
