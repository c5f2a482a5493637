"""The engines' narration of Euchre, Sequence and Katan's base game, and the daemon's notices,
reach a German reader in German: every sentence of seeded self-play games
is said again from the catalog (none is left as the engine wrote it), while
an English reader reads the engine's words exactly."""

import random

import pytest

from engine.katan import kinds as k
from engine.katan import rules
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


def refusals(seed: int, steps: int = 200, options: dict[str, str] | None = None) -> set[str]:
    """The reasons for random moves of every kind of the table's rule sets
    (fields drawn from their ranges, any seat) at every tenth position of a
    random game."""
    game = get_game("katan")
    st = game.initial_state(TableConfig(game="katan", seed=seed, options=options or {}))
    rng = random.Random(seed)
    found: set[str] = set()
    for step in range(steps):
        if game.is_finished(st):
            break
        if step % 10 == 0:
            top = st.board.topology
            sizes = (st.seats, top.node_count, top.edge_count, len(top.hexes), st.width)
            for kind in (kind for kind in k.TABLE if kind.rule_set in st.ruleset.names):
                move = [kind.code]
                for f in kind.fields:
                    if f.kind == k.CARDS:
                        move += [rng.choice((0, 0, 1, 2, 5)) for _ in range(st.width)]
                    else:
                        values = k.field_range(f.kind, *sizes)
                        move += [rng.choice(values) for _ in range(k.size(f.kind, st.width))]
                found |= {
                    why for t in range(st.seats) if (why := rules.why_not(st, t, tuple(move)))
                }
        if game.can_advance(st):
            st = game.advance(st).state
            continue
        seat = game.to_move(st)
        assert seat is not None
        st = game.apply_legal(st, seat, rng.choice(game.legal_moves(st, seat))).state
    return found


def test_katan_base_refusals_have_a_german_telling() -> None:
    reasons = refusals(1) | refusals(2)
    assert len(reasons) > 100
    with speaking("de"):
        untold = sorted(r for r in reasons if retold(r) == r)
        assert spoken("A road costs 1 lumber and 1 brick.", NAMES) == (
            "Eine Straße kostet 1 Holz und 1 Lehm."
        )
        assert spoken("It is not seat 1's turn; the table waits on seat 3.", NAMES) == (
            "Bo ist nicht am Zug; der Tisch wartet auf Di."
        )
    assert not untold, "reasons without a German telling:\n" + "\n".join(untold[:20])


def test_katan_expansion_refusals_have_a_german_telling() -> None:
    reasons = set().union(*(refusals(1, 300, options) for options in EXPANSIONS[:3]))
    with speaking("de"):
        untold = sorted(r for r in reasons if retold(r) == r)
    assert not untold, "reasons without a German telling:\n" + "\n".join(untold[:20])


@pytest.mark.parametrize("game_id", ["euchre", "sequence"])
def test_card_games_refusals_have_a_german_telling(game_id: str) -> None:
    """Moves legal for some seat at some position of a random game, asked of
    the seat to move at every tenth position: the reasons they are refused."""
    game = get_game(game_id)
    state = game.initial_state(TableConfig(game=game_id, seed=1))
    rng = random.Random(1)
    seen: list[object] = []
    reasons: set[str] = set()
    for step in range(300):
        if game.is_finished(state):
            break
        seats = range(game.seat_count(state))
        seen += [m for t in seats for m in game.legal_moves(state, t)][:20]
        mover = game.to_move(state)
        if step % 10 == 0 and mover is not None:
            legal = game.legal_moves(state, mover)
            reasons |= {game.why_illegal(state, mover, m) for m in seen[-60:] if m not in legal}
        if game.can_advance(state):
            state = game.advance(state).state
            continue
        seat = game.to_move(state)
        assert seat is not None
        state = game.apply_legal(state, seat, rng.choice(game.legal_moves(state, seat))).state
    assert len(reasons) > 5
    with speaking("de"):
        untold = sorted(r for r in reasons if retold(r) == r)
    assert not untold, "reasons without a German telling:\n" + "\n".join(untold[:20])
