"""Every text wrapped for translation has a reviewed translation in every
shipped catalog, with the same placeholders, and no catalog keeps texts the
source no longer has: what `pybabel extract` finds (babel.cfg) is compared
with each `languages/<lang>/LC_MESSAGES/plgames.po`."""

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from languages import N_, SOURCE, _, catalog_path, languages, ngettext, speaking, supported

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [language for language in languages() if language != SOURCE]

Key = str | tuple[str, ...]


def extracted() -> dict[Key, str]:
    """Each message the source wraps (singular, or singular and plural),
    with one place it is used."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[Key, str] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        ROOT, method_map, options_map
    ):
        key: Key = message if isinstance(message, str) else tuple(m for m in message if m)
        found.setdefault(key, f"{filename}:{lineno}")
    return found


def catalog(language: str) -> Catalog:
    with catalog_path(language).open("rb") as po:
        return read_po(po, locale=language)


def fields(text: str) -> set[tuple[str, str, str]]:
    return {
        (name, conversion or "", spec or "")
        for _literal, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    }


def test_german_is_shipped() -> None:
    assert "de" in SHIPPED


def test_the_source_wraps_texts_for_translation() -> None:
    found = extracted()
    assert len(found) > 100
    assert "Join" in found and ("{count} point", "{count} points") in found


@pytest.mark.parametrize("language", SHIPPED)
def test_every_message_has_a_translation(language: str) -> None:
    shipped = catalog(language)
    missing = []
    for key, where in extracted().items():
        msgid = key if isinstance(key, str) else key[0]
        entry = shipped.get(msgid)
        forms = entry.string if entry is not None else ""
        forms = (forms,) if isinstance(forms, str) else tuple(forms)
        if entry is None or entry.fuzzy or not all(forms):
            missing.append(f"{where}: {msgid!r}")
    assert not missing, f"untranslated in {language}:\n" + "\n".join(missing)


@pytest.mark.parametrize("language", SHIPPED)
def test_no_catalog_keeps_stale_or_obsolete_texts(language: str) -> None:
    shipped = catalog(language)
    wanted = {key if isinstance(key, str) else key[0] for key in extracted()}
    stale = [
        m.id for m in shipped if m.id and (m.id if isinstance(m.id, str) else m.id[0]) not in wanted
    ]
    assert not stale, f"{language} translates texts the source no longer has: {stale}"
    assert not shipped.obsolete, f"{language} keeps obsolete entries: {list(shipped.obsolete)}"


@pytest.mark.parametrize("language", SHIPPED)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = []
    for message in catalog(language):
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        wanted = set().union(*(fields(i) for i in ids))
        for form in forms:
            if fields(form) != wanted:
                wrong.append(f"{ids[0]!r} -> {form!r}")
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


def test_a_context_speaks_the_language_it_was_given() -> None:
    assert _("Join") == "Join"
    with speaking("de"):
        assert _("Join") == "Beitreten"
        assert ngettext("{count} point", "{count} points", 1) == "{count} Punkt"
        assert ngettext("{count} point", "{count} points", 2) == "{count} Punkte"
        with speaking(None):
            assert _("Join") == "Join"
        assert _("Join") == "Beitreten"
    assert _("Join") == "Join"
    assert N_("Join") == "Join"


@pytest.mark.parametrize(
    ("tag", "language"),
    [
        ("de", "de"),
        ("de-AT", "de"),
        ("de_DE.UTF-8", "de"),
        ("en-GB", "en"),
        ("fr", None),
        ("C", None),
        ("", None),
        (None, None),
    ],
)
def test_platform_and_environment_tags_name_a_shipped_language(
    tag: str | None, language: str | None
) -> None:
    assert supported(tag) == language
