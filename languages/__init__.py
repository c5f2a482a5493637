"""Every player-facing string in the person's language: gettext with Babel.

Texts are written in English in the source and wrapped: `_("…")` where they
are said, `N_("…")` where a constant is defined and `_()` of it where it is
said, `ngettext` where a count chooses the form. `pybabel extract` finds
them (babel.cfg), and each language has one catalog, `<lang>/LC_MESSAGES/
plgames.po`, next to this file. The catalogs are read from the `.po` files
at first use, so a fresh checkout runs with no compile step and no `.mo`
files to keep in step (docs/languages.md).

Which language a text is said in is the context's: `speaking("de")` sets
it for the code inside, so the chat layer chooses once per answer (the
person's, or the table's for what a whole chat reads) and every text built
below it, down to the presenters and the renderers' words, follows.
"""

import gettext
import io
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN: Final = "plgames"
SOURCE: Final = "en"
"""The language the source is written in: it needs no catalog."""
HERE: Final = Path(__file__).parent

_current: ContextVar[str] = ContextVar("language", default=SOURCE)


def catalog_path(language: str) -> Path:
    return HERE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def languages() -> tuple[str, ...]:
    """The languages people can choose: the source's and each shipped catalog's."""
    found = sorted(p.name for p in HERE.iterdir() if catalog_path(p.name).is_file())
    return (SOURCE, *found)


@cache
def _translations(language: str) -> gettext.NullTranslations:
    if language == SOURCE:
        return gettext.NullTranslations()
    with catalog_path(language).open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries are left out: English until reviewed
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def supported(tag: str | None) -> str | None:
    """The shipped language a platform's or environment's tag names, if any:
    Discord's `de`, Telegram's `de-AT`, a POSIX `de_DE.UTF-8` all read `de`."""
    if not tag:
        return None
    base = tag.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in languages() else None


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The shipped language a POSIX environment asks for: the first of
    `LANGUAGE` (a list) that is shipped, else `LC_ALL`, `LC_MESSAGES`, `LANG`
    in gettext's order of precedence."""
    for tag in environ.get("LANGUAGE", "").split(":"):
        if found := supported(tag):
            return found
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if value := environ.get(name):
            return supported(value)
    return None


def current() -> str:
    return _current.get()


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Say the texts built inside in `language` (the source's when None or
    not shipped)."""
    token = _current.set(supported(language) or SOURCE)
    try:
        yield
    finally:
        _current.reset(token)


def switch(language: str | None) -> None:
    """Speak `language` from now on in this context (a terminal session's
    `language` command; the chat layer uses `speaking`)."""
    _current.set(supported(language) or SOURCE)


def _(message: str) -> str:
    """`message` in the current language."""
    return _translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted text that `count` calls for in the current language."""
    return _translations(_current.get()).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark a constant for extraction; it is translated where it is said, with `_`."""
    return message
