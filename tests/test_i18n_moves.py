"""Katan's and Sequence's moves as menus show them: every label of Katan's
kind table has a German telling with the same placeholders, filled with the
reader's words for cards, tracks and progress cards, and the heading a
terminal lists a kind's places under; English readers read the engine's
own labels unchanged."""

import re

import pytest
from test_i18n_catalogs import fields

from engine.cards import label
from engine.katan import kinds
from engine.katan.cities.components import PROGRESS_TITLES, TRACK_NAMES
from engine.katan.components import CARD_NAMES
from engine.sequence.moves import Move as SequenceMove
from languages import _, speaking
from renderers.katan.places import PLACE_KINDS
from renderers.move_words import katan_heading, katan_move, sequence_move

SAMPLE: dict[str, int | tuple[int, ...]] = {
    kinds.EDGE: 30,
    kinds.CROSSING: 12,
    kinds.HEX: 5,
    kinds.SEAT: 1,
    kinds.VICTIM: 2,
    kinds.ADDRESSEE: -1,
    kinds.RESOURCE: 2,
    kinds.COMMODITY: 5,
    kinds.GOOD: 6,
    kinds.TRACK: 1,
    kinds.PROGRESS: 1,
    kinds.DIE: 3,
    kinds.CARDS: (0, 0, 2, 0, 1, 0, 0, 1),
    kinds.PAIR: (0, 4),
    kinds.GOOD_PAIR: (5, 7),
}
"""A value of every field kind, within the ranges of a four-seat table with
Cities & Knights' eight-card hands."""

with speaking("de"):
    ENGLISH = [
        word
        for word in [*CARD_NAMES, *TRACK_NAMES, *PROGRESS_TITLES, "seat", "hex", "play", "the"]
        if _(word) != word  # Alchemist, Diplomat and Saboteur are German words too
    ]
ENGLISH_WORDS = re.compile(r"\b(?:{})\b".format("|".join(ENGLISH)))
"""Words of the engine's labels that a German line must not show."""


def sample(kind: kinds.MoveKind, first: int | None = None) -> tuple[int, ...]:
    """A move of `kind` with a sample value in each field (`first` for the
    first place field, so two places of one kind differ)."""
    out = [kind.code]
    for number, f in enumerate(kind.fields):
        value = SAMPLE[f.kind]
        if number == 0 and first is not None and f.kind in PLACE_KINDS:
            value = first
        out.extend(value if isinstance(value, tuple) else (value,))
    return tuple(out)


@pytest.mark.parametrize("kind", kinds.TABLE, ids=lambda k: k.name)
def test_every_katan_kind_reads_german(kind: kinds.MoveKind) -> None:
    move = sample(kind, first=40)
    with speaking("de"):
        said = katan_move(move)
    assert said != kinds.label(move), f"{kind.label!r} has no German telling"
    assert "{" not in said and "[" not in said, said
    assert not ENGLISH_WORDS.search(said), f"English words in {said!r}"
    assert said[:1] == said[:1].upper() or said[:1].isdigit(), "a menu line begins capitalised"


@pytest.mark.parametrize("kind", kinds.TABLE, ids=lambda k: k.name)
def test_english_readers_read_the_engine_label(kind: kinds.MoveKind) -> None:
    move = sample(kind, first=40)
    with speaking("en"):
        assert katan_move(move).replace("Seat ", "seat ") == kinds.label(move)


def test_german_fills_cards_tracks_progress_and_nobody() -> None:
    by_name = kinds.BY_NAME
    with speaking("de"):
        discard = katan_move(sample(by_name["discard"]))
        crane = katan_move(sample(by_name["play_crane"]))
        give_back = katan_move(sample(by_name["give_back_progress"]))
        offer = katan_move(sample(by_name["offer"]))
        robber = katan_move((by_name["move_robber"].code, 5, -1))
        robbing = katan_move((by_name["move_robber"].code, 5, 2))
    assert discard == "2 Wolle, 1 Erz und 1 Papier abwerfen"
    assert crane == "Kran ausspielen: Politik"
    assert give_back == "Kran zurückgeben"
    assert offer == "Angebot an alle: 2 Wolle, 1 Erz und 1 Papier für 2 Wolle, 1 Erz und 1 Papier"
    assert robber == "Räuber versetzen auf Feld 5", "nobody to rob: the optional part is left out"
    assert robbing == "Räuber versetzen auf Feld 5 und Seat 2 berauben"


GROUPED = [k for k in kinds.TABLE if sum(f.kind in PLACE_KINDS for f in k.fields) == 1]
"""The kinds a terminal lists by place under a heading: one place each."""


@pytest.mark.parametrize("kind", GROUPED, ids=lambda k: k.name)
def test_a_kinds_places_are_listed_under_a_german_heading(kind: kinds.MoveKind) -> None:
    with speaking("de"):
        heading = katan_heading(kind.code)
    assert heading and "{" not in heading and "[" not in heading, heading
    assert not ENGLISH_WORDS.search(heading), heading
    with speaking("en"):
        assert katan_heading(kind.code) == kind.label.split("{")[0].strip()


def test_the_german_headings_of_the_base_game() -> None:
    with speaking("de"):
        said = {k: katan_heading(kinds.BY_NAME[k].code) for k in ("build_road", "move_robber")}
    assert said == {"build_road": "Straße bauen", "move_robber": "Räuber versetzen auf Feld"}


def test_sequence_moves_read_german() -> None:
    nine, ten, four = (
        next(c for c in range(52) if label(c) == said) for said in ("9♠", "10♠", "4♦")
    )
    moves = (
        SequenceMove("place", nine, 12),
        SequenceMove("remove", ten, 40),
        SequenceMove("exchange", four),
    )
    with speaking("de"):
        said = [sequence_move(m) for m in moves]
    with speaking("en"):
        english = [sequence_move(m) for m in moves]
    assert said == [
        "9♠ auf Feld 12 spielen",
        "Mit 10♠ den Chip auf Feld 40 entfernen",
        "Tote Karte 4♦ tauschen",
    ]
    assert english == ["Play 9♠ on 12", "Remove the chip on 40 with 10♠", "Exchange dead 4♦"]


def test_the_labels_placeholders_match_the_catalog() -> None:
    """The catalog test holds each translation to its msgid's placeholders;
    here, the labels' own placeholders are the fields the engine fills."""
    for kind in kinds.TABLE:
        assert {name for name, _c, _s in fields(kind.label)} == {f.name for f in kind.fields}
