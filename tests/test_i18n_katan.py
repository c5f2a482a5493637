"""Katan's expansions in German: the name tables the presenter keeps beside
the engine's English names stay in step with them, and a German person opens
a Seafarers with Cities & Knights table through the Telegram fake (rules,
map with its description, the defaults) and plays into the game reading the
lobby, the captions, the hand's expansion lines and every button in German."""

import re
from pathlib import Path

from telegram_fake import FakeTelegram, Message, User
from telegram_support import Driver, hosted
from test_chat_boards import start
from test_i18n_telegram import said_to
from test_telegram_play import INVITE, quiet, seat_of, table_of

from engine.katan import crafted
from engine.katan.cities.components import (
    PROGRESS_NAMES,
    PROGRESS_TITLES,
    TRACK_COLOURS,
    TRACK_NAMES,
)
from engine.katan.cities.rules import CITIES_RULES
from engine.katan.game import KATAN
from engine.katan.moves import HIRE_KNIGHT
from engine.katan.rulesets import ENTRIES
from engine.katan.sea.mapfile import CHIP_NAMES
from engine.protocol import Event
from frontends.chat.api import Picture
from frontends.chat.menus import Leaf, Node, walk
from frontends.chat.presenters import presenter_for
from frontends.chat.presenters.katan import tables
from languages import current, speaking
from renderers import katan_words as words
from renderers.katan.closeup import closeup
from renderers.katan.model import scene
from renderers.katan.places import kind_spots
from renderers.words import spoken

ENGLISH_BUTTONS = re.compile(
    r"\b(Build|Roll|End turn|Knights|Ships|Hire|Improve|Trade|Setup|Development|choose|place)\b"
)
"""Words of the English menus that no German button should carry."""


def test_the_name_tables_follow_the_engines_names() -> None:
    assert words.PROGRESS_SAID == PROGRESS_TITLES
    assert words.TRACK_SAID == TRACK_NAMES and words.COLOUR_SAID == TRACK_COLOURS
    assert words.CHIP_SAID == CHIP_NAMES
    titles = {e.expansions: e.title.removeprefix("Katan: ") for e in ENTRIES}
    assert {**titles, (): "Base game"} == tables.RULE_TITLES
    with speaking("de"):
        assert words.progress_said(1) == "Kran" and words.track_said(2) == "Wissenschaft"
        assert tables.settings(tables.KatanOptions(expansions=("seafarers",))).startswith(
            "Seefahrer: Neue Ufer · 12 Punkte zum Sieg"
        )


def _texts(root: Node) -> list[str]:
    """Every title and label of a menu tree."""
    out: list[str] = []
    for _path, node in walk(root):
        out += [node.title, node.label]
        out += [c.label for c in node.children if isinstance(c, Leaf)]
    return out


def test_a_cities_and_knights_turn_menu_and_hand_in_german() -> None:
    """Seat 0 with a city, a settlement, a road and cards for every knight
    and track action, and a progress card: every text of its menu is German."""
    st = crafted.blank(target=13, ruleset=CITIES_RULES)
    crafted.city(st, 0, 26)
    crafted.settle(st, 0, 47)
    crafted.road(st, 0, *st.board.topology.node_edges[26][:1])
    crafted.give(st, 0, wool=2, ore=2, grain=2, brick=2, cloth=2, coin=2, paper=2)
    st.ck.progress[0] = (PROGRESS_NAMES.index("crane"),)
    view = KATAN.view_for(st, 0)
    legal = KATAN.view_legal_moves(view, 0)
    presenter = presenter_for("katan")
    names = ("Ana", "Bo", "Cy", "Di")
    with speaking("de"):
        german = _texts(presenter.tree(view, 0, legal, names))
        hand = presenter.hand(view, 0)
        caption = presenter.caption(view, 0, names)
    english = _texts(presenter.tree(view, 0, legal, names))
    assert "Knights ▸" in english and "Improve ▸" in english and "Progress cards ▸" in english
    for said in ("Ritter ▸", "Ausbauen ▸", "Fortschrittskarten ▸", "Kran ▸", "Anheuern ▸"):
        assert said in german, said
    assert "Handel auf 1 (1 Tuch)" in german
    assert "Kran: einen Ausbau für eine Handelsware weniger verbessern" in german
    leaks = sorted({t for t in german if ENGLISH_BUTTONS.search(t)})
    assert not leaks, leaks
    assert "Deine Fortschrittskarten: Kran." in hand and "Stadtausbauten: Handel 0" in hand
    assert "Barbaren 7 Schritte entfernt: 1 Stadt gegen 0 aktive Ritter." in caption


def test_a_close_up_strip_speaks_its_readers_language() -> None:
    """The private overlay's hand strip is the reader's (its scene carries the
    language, so the image cache keeps one per language); the shared board,
    with no spots, stays in the source language; a chat picture drawn later
    by an adapter draws in the language it was made in."""
    st = crafted.blank(target=13, ruleset=CITIES_RULES)
    crafted.city(st, 0, 26)
    crafted.road(st, 0, *st.board.topology.node_edges[26][:1])
    crafted.give(st, 0, wool=1, ore=1, grain=1)
    st.ck.progress[0] = (PROGRESS_NAMES.index("crane"),)
    view = KATAN.view_for(st, 0)
    hires = kind_spots(KATAN.view_legal_moves(view, 0), HIRE_KNIGHT)
    with speaking("de"):
        private, board = scene(view, spots=hires), scene(view)
        made = Picture("k", "alt", lambda: current().encode())
    assert (private.language, board.language) == ("de", "en")
    strip = closeup(private).hand
    assert strip is not None
    assert [t.name for t in strip.tiles[:5]] == ["Holz", "Lehm", "Wolle", "Getreide", "Erz"]
    assert [c.text for c in strip.chips] == ["Kran"]
    english = closeup(scene(view, spots=hires)).hand
    assert english is not None and [c.text for c in english.chips] == ["Crane"]
    assert made.png() == b"de"


def test_the_retelling_is_german_with_names_put_in_after() -> None:
    rolled = Event(
        kind="roll", text="Seat 1 rolled 8.", seat=1, data={"dice": [5, 3], "event": "gate_science"}
    )
    picked = Event(
        kind="pick",
        text="Seat 0 took 1 ore (gold)",
        seat=0,
        data={"resource": 4, "source": "gold"},
    )
    presenter = presenter_for("katan")
    names = ("Ana", "Bo", "Cy")
    with speaking("de"):
        told = [spoken(presenter.retell(e), names) for e in (rolled, picked)]
    assert told == [
        "Bo hat 8 gewürfelt (roter Würfel 3); auf dem Ereigniswürfel öffnet sich das grüne "
        "Stadttor (Wissenschaft)",
        "Ana hat 1 Erz von einem Goldfeld genommen",
    ]
    english = spoken(presenter.retell(picked), names)
    assert english == "Ana took 1 ore from a gold field"


async def _choose(fake: FakeTelegram, user: User, asked: Message, label: str) -> None:
    """Press `label` in the setup menu, paging forward until it shows."""
    for _ in range(6):
        labels = [str(b.get("text")) for b in asked.buttons]
        if label in labels:
            fake.press(user, asked, label)
            await fake.settled()
            return
        fake.press(user, asked, next(t for t in labels if t.endswith("▸") and "/" in t))
        await fake.settled()
    raise AssertionError(f"{label} never shown")


async def test_a_german_person_opens_and_plays_an_expansion_table(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo = fake.user("Ana", language="de"), fake.user("Bo", language="de")
        for user in (ana, bo):
            fake.say(user, "/start")
        dm = fake.dm(ana)
        fake.say(ana, "/new katan")
        asked = await fake.wait_for(
            lambda: next((m for m in fake.shown(dm) if "Welche Regeln?" in str(m.text)), None),
            what="the rules, asked in German",
        )
        await _choose(fake, ana, asked, "Seefahrer mit Städte & Ritter")
        await fake.wait_for(lambda: "Welche Seefahrer-Karte?" in str(asked.text), what="maps")
        assert "• Vier Inseln: Beginn auf einer von vier gleichen Inseln" in str(asked.text)
        assert "Four Islands" not in str(asked.text)
        await _choose(fake, ana, asked, "Vier Inseln")

        def lobby() -> Message | None:
            return next((m for m in fake.shown(dm) if INVITE.search(str(m.text))), None)

        def default() -> str | None:
            labels = [str(b.get("text")) for b in asked.buttons]
            return next((t for t in labels if t.endswith("(Standard)")), None)

        for _ in range(4):  # whatever else is asked: its default
            await fake.wait_for(lambda: lobby() or default(), what="a question or the lobby")
            if lobby() is not None:
                break
            await _choose(fake, ana, asked, str(default()))
        shown = await fake.wait_for(lobby, what="the lobby")
        assert "Seefahrer mit Städte & Ritter: Vier Inseln · 14 Punkte zum Sieg" in str(shown.text)
        match = INVITE.search(str(shown.text))
        assert match is not None
        table = table_of(host, match.group(1))
        fake.open_link(bo, match.group(0))
        await fake.wait_for(lambda: table.meta.seats[1].identity is not None, what="Bo seated")
        await start(host, table, ana, dm)
        players = {seat_of(table, user): user for user in (ana, bo)}
        await Driver(host, table, players).play(stop_at=24)
        await quiet(fake)

        to_ana = said_to(fake, ana)
        assert re.search(
            r"Barbaren \d Schritte? entfernt: \d+ Städte? gegen \d+ aktiver? Ritter", to_ana
        )
        assert not re.search(r"Barbarians \d steps? away", to_ana)
        assert re.search(r"Stadtausbauten: Handel \d, Politik \d, Wissenschaft \d\.", to_ana)
        assert "Schiffe: " in to_ana and "Improvements" not in to_ana and "Ships:" not in to_ana
        buttons = [
            str(button.get("text"))
            for request in fake.sent_to(dm)
            if isinstance(markup := request.params.get("reply_markup"), dict)
            for row in markup.get("inline_keyboard", [])
            for button in row
        ]
        english = sorted({b for b in buttons if ENGLISH_BUTTONS.search(b)})
        assert not english, english
