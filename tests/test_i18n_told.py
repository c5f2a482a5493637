"""The engines' narration of Euchre, Sequence and Katan's base game, and the daemon's notices,
reach a German reader in German: every sentence of seeded self-play games
is said again from the catalog (none is left as the engine wrote it), while
an English reader reads the engine's words exactly."""

import random

import pytest

from engine.protocol import Event, TableConfig
from engine.registry import get_game
from languages import speaking
from renderers.told import retold
from renderers.words import spoken

NAMES = ["Ana", "Bo", "Cy", "Di"]


def narration(
    game_id: str, seed: int, moves: int = 400, options: dict[str, str] | None = None
) -> list[Event]:
    game = get_game(game_id)
    state = game.initial_state(TableConfig(game=game_id, seed=seed, options=options or {}))
    rng = random.Random(seed)
    told: list[Event] = []
    for _move in range(moves):
        if game.is_finished(state):
            break
        if game.can_advance(state):
            step = game.advance(state)
        else:
            seat = game.to_move(state)
            assert seat is not None
            step = game.apply_legal(state, seat, rng.choice(game.legal_moves(state, seat)))
        state = step.state
        told += step.events
    return told


@pytest.mark.parametrize("game_id", ["euchre", "sequence", "katan"])
def test_every_narrated_sentence_has_a_german_telling(game_id: str) -> None:
    events = [e for seed in (1, 2, 3) for e in narration(game_id, seed)]
    sentences = {e.text.strip() for e in events if e.text.strip()}
    assert len(sentences) > 20
    with speaking("de"):
        untold = sorted(s for s in sentences if retold(s) == s)
    assert not untold, "sentences without a German telling:\n" + "\n".join(untold[:20])
    for sentence in sentences:
        assert retold(sentence) == sentence, "English readers read the engine's words"


EXPANSIONS = (
    {"expansions": "cities_and_knights,seafarers"},
    {"expansions": "seafarers", "map": "fog_islands"},
    {"expansions": "seafarers", "map": "treasure_islands"},
    {"expansions": "seafarers", "map": "great_canal"},
    {"expansions": "seafarers", "map": "forgotten_tribe"},
)
"""Random games that reach the expansions' events: knights, barbarians,
progress cards, ships, the pirate, fog, chests, the canal, the tribe."""


def test_the_expansions_narration_has_a_german_telling() -> None:
    events = [e for options in EXPANSIONS for e in narration("katan", 1, 800, options)]
    sentences = {e.text.strip() for e in events if e.text.strip()}
    assert any("progress card" in s for s in sentences) and any("ship" in s for s in sentences)
    with speaking("de"):
        untold = sorted(s for s in sentences if retold(s) == s)
    assert not untold, "sentences without a German telling:\n" + "\n".join(untold[:20])


def test_names_and_colours_go_into_the_german_sentence() -> None:
    with speaking("de"):
        assert spoken("Seat 2 plays 9♥.", NAMES) == "Cy spielt 9♥."
        assert spoken("Team 0 took 3 tricks for 1 point(s).", NAMES) == (
            "Blau holt 3 Stiche für 1 Punkt."
        )
        assert spoken("Team 1 is euchred — team 0 scores 2.", NAMES) == (
            "Orange scheitert (Euchre) — Blau bekommt 2."
        )
        assert spoken("Ana joins the table.", NAMES) == "Ana setzt sich an den Tisch."
    assert spoken("Team 0 took 3 tricks for 2 point(s).", NAMES) == (
        "Blue took 3 tricks for 2 points."
    )


def test_katan_sentences_say_their_cards_in_german() -> None:
    with speaking("de"):
        assert spoken("Seat 1 received 2 wool, 1 brick and 1 ore", NAMES) == (
            "Bo erhält 2 Wolle, 1 Lehm und 1 Erz"
        )
        assert spoken("Seat 0 stole a grain from seat 2", NAMES) == "Ana zieht bei Cy 1 Getreide"
        assert spoken("Seat 3 played Year of Plenty", NAMES) == "Di spielt Erfindung"
    assert spoken("Seat 1 received 2 wool and 1 ore", NAMES) == "Bo received 2 wool and 1 ore"
