"""Cities & Knights whole games: 1,000 with random seats and 100 with the
default AI in every seat, each finishing with a winner at the target, with
the ledger checked after every move and the full audit every few hundred.

The random games step their own state in place (`rules.step` on the state's
legal moves), which is what keeps a thousand of them cheap; every
`VIEWED`-th one instead goes through each seat's view and the checked entry
point, comparing legal moves from every view with the state's. The AI games
always decide from the view and apply through `KATAN.apply`, and between
them play every progress-card kind.
"""

import random
from collections import Counter

import pytest

from engine.katan import rules
from engine.katan.audit import points_from_scratch, problems
from engine.katan.cities.components import PROGRESS_KINDS, PROGRESS_NAMES
from engine.katan.components import CITY_PIECES, ROAD_PIECES, SETTLEMENT_PIECES
from engine.katan.game import KATAN
from engine.katan.state import OVER, KatanState, total_points
from engine.protocol import TableConfig
from tests import cities_support
from tests.cities_support import CARDS_START, PROGRESS_TOTAL

RANDOM_GAMES = 1000
BLOCKS = 10
AI_GAMES = 100
MAX_MOVES = 30_000
FULL_EVERY = 300
"""Moves between full audits (`audit.problems` rebuilds every network)."""
VIEWED = 100
"""Every VIEWED-th random game is played through views and `KATAN.apply`."""
TARGETS = (13, 10, 13, 15)


def config(index: int) -> TableConfig:
    """3 and 4 seats alternately, most games to 13 points, some to 10 or 15."""
    options = {"expansions": "cities_and_knights", "points_to_win": TARGETS[index % 4]}
    return TableConfig(game="katan", seed=9000 + index, seats=3 + index % 2, options=options)


def ledger(st: KatanState) -> list[str]:
    """The per-move invariants, cheaply: every card conserved, pieces within
    their limits, points equal to what the board and the awards say."""
    out: list[str] = []
    h, w, bank = st.hands, st.width, st.bank
    counts = tuple([sum(h[r::w]) + bank[r] for r in range(w)])
    if counts != CARDS_START:
        out.append(f"cards {counts} (bank + hands), not {CARDS_START}")
    if min(h) < 0 or min(bank) < 0:
        out.append("a negative card count")
    bits = int.bit_count
    if (
        max(map(bits, st.roads)) > ROAD_PIECES
        or max(map(bits, st.towns)) > SETTLEMENT_PIECES
        or max(map(bits, st.cities)) > CITY_PIECES
    ):
        out.append("pieces beyond their limits")
    out.extend(cities_support.ledger(st))
    for t in range(st.seats):
        if st.points[t] != points_from_scratch(st, t):
            out.append(f"seat {t}: points {st.points[t]}, not {points_from_scratch(st, t)}")
    return out


def finished(st: KatanState, index: int) -> None:
    assert st.phase == OVER, (index, "no winner")
    assert problems(st) == [], index
    assert total_points(st, st.winner) >= st.target, index
    outcome = KATAN.outcome(st)
    assert outcome is not None and outcome.winners == (st.winner,)
    text = KATAN.encode_state(st)
    again = KATAN.decode_state(text)
    assert KATAN.encode_state(again) == text, index


def random_game(index: int) -> None:
    """Stepped in place on the state's own legal moves."""
    rng = random.Random(index)
    st = KATAN.initial_state(config(index))
    step, legal_moves, to_move = rules.step, rules.legal_moves, rules.to_move
    for move_no in range(MAX_MOVES):
        if st.phase == OVER:
            break
        seat = to_move(st)
        assert seat is not None
        legal = legal_moves(st, seat)
        step(st, seat, legal[rng.randrange(len(legal))], None)
        wrong = ledger(st)
        assert not wrong, (index, move_no, wrong)
        if move_no % FULL_EVERY == 0:
            assert problems(st) == [], (index, move_no)
    finished(st, index)


def viewed_game(index: int) -> None:
    """Every seat's legal moves from its view, every move checked."""
    rng = random.Random(index)
    st = KATAN.initial_state(config(index))
    for move_no in range(MAX_MOVES):
        if st.phase == OVER:
            break
        seat = KATAN.to_move(st)
        assert seat is not None
        for t in range(st.seats):
            view = KATAN.view_for(st, t)
            assert KATAN.view_legal_moves(view, t) == KATAN.legal_moves(st, t), (index, move_no)
        legal = KATAN.legal_moves(st, seat)
        st = KATAN.apply(st, seat, legal[rng.randrange(len(legal))]).state
        wrong = ledger(st)
        assert not wrong, (index, move_no, wrong)
        if move_no % FULL_EVERY == 0:
            assert problems(st) == [], (index, move_no)
    finished(st, index)


@pytest.mark.parametrize("block", range(BLOCKS))
def test_a_thousand_random_games(block: int) -> None:
    size = RANDOM_GAMES // BLOCKS
    for index in range(block * size, (block + 1) * size):
        if index % VIEWED == 0:
            viewed_game(index)
        else:
            random_game(index)


def test_a_hundred_ai_games_play_every_progress_card() -> None:
    played: Counter[int] = Counter()
    for index in range(AI_GAMES):
        cfg = config(index)
        st = KATAN.initial_state(cfg)
        players = [KATAN.player("katan", 31 * index + s) for s in range(st.seats)]
        for move_no in range(MAX_MOVES):
            if st.phase == OVER:
                break
            seat = KATAN.to_move(st)
            assert seat is not None
            view = KATAN.view_for(st, seat)
            legal = KATAN.view_legal_moves(view, seat)
            assert legal == KATAN.legal_moves(st, seat), (index, move_no)
            step = KATAN.apply(st, seat, players[seat].choose(view, seat, legal))
            st = step.state
            for event in step.events:
                if event.kind in ("play_progress", "progress_point"):
                    played[event.data["card"]] += 1
            wrong = ledger(st)
            assert not wrong, (index, move_no, wrong)
            if move_no % FULL_EVERY == 0:
                assert problems(st) == [], (index, move_no)
        finished(st, index)
    missing = [PROGRESS_NAMES[c] for c in range(PROGRESS_KINDS) if not played[c]]
    assert not missing, missing


def test_the_per_move_ledger_sees_what_it_checks() -> None:
    st = KATAN.initial_state(config(1))
    assert ledger(st) == []
    lost = st.copy()
    lost.bank[6] -= 1
    assert ledger(lost) == [f"cards {(19,) * 5 + (12, 11, 12)} (bank + hands), not {CARDS_START}"]
    extra = st.copy()
    extra.ck.progress[1] = (0,)
    assert ledger(extra) == [f"{PROGRESS_TOTAL + 1} progress cards, not {PROGRESS_TOTAL}"]
    point = st.copy()
    point.points[2] += 1
    assert ledger(point) == ["seat 2: points 1, not 0"]
    crowded = st.copy()
    crowded.ck.knights[0] = 0b111
    assert ledger(crowded) == ["knights or walls beyond their limits (or a wall off its city)"]
