"""Five and six seats, whole games of every rule set: 300 with random seats and
30 with AI seats at each of five and six seats (they alternate), every one finishing
with a winner at the target, the ledger (cards against the extension's bank,
pieces, development cards, points; each expansion's own) checked after every
move, the full audit and a JSON round trip every few hundred moves and at the
end.

As in the other self-play tests, random games step their own state in place
(`rules.step` on a move drawn as tests/random_seat.py draws: a kind, then
a move of that kind) and every `VIEWED`-th goes through
every seat's view and the checked entry point instead; the AI games decide
from their views and apply through `KATAN.apply`. Each rule set's random
games run as `BLOCKS` tests so the suite's workers share them.
"""

import random
from collections.abc import Mapping

import pytest

from engine.katan import rules
from engine.katan.audit import points_from_scratch, problems
from engine.katan.components import CITY_PIECES, DEV_KINDS, ROAD_PIECES, SETTLEMENT_PIECES
from engine.katan.game import KATAN
from engine.katan.moves import END_TURN
from engine.katan.sea.ships import SHIP_PIECES
from engine.katan.state import OVER, SPECIAL, KatanState, total_points
from engine.protocol import TableConfig
from tests import cities_support
from tests.random_seat import draw

RULE_SETS: Mapping[str, dict[str, object]] = {
    "base": {"points_to_win": 10},
    "cities": {"expansions": "cities_and_knights", "points_to_win": 13},
    "seafarers": {"expansions": "seafarers", "map": "new_shores_six", "points_to_win": 12},
    "both": {
        "expansions": "cities_and_knights,seafarers",
        "map": "new_shores_six",
        "points_to_win": 14,
    },
}
"""Each rule set at its default target (Seafarers on its map for five or six):
the AI games' targets."""
RANDOM_TARGETS: Mapping[str, int] = {"base": 8, "cities": 10, "seafarers": 8, "both": 10}
"""The random games' targets, from each rule set's menu: random seats need about
a third more moves per point at five or six seats than at four, and these keep
the 2,400 games within the suite's time."""
RANDOM_GAMES = 600
AI_GAMES = 60
BLOCKS = 6
MAX_MOVES = 100_000
FULL_EVERY = 500
VIEWED = 100
LEVELS = ("normal", "normal", "builder", "easy", "app", "random")
"""The AI games' seats: mostly the default AI, with each other level among them."""


def config(name: str, index: int, target: int | None = None) -> TableConfig:
    """Five and six seats alternately; the rule set's default target unless given."""
    options = dict(RULE_SETS[name])
    if target is not None:
        options["points_to_win"] = target
    return TableConfig(game="katan", seed=60_000 + index, seats=5 + index % 2, options=options)


Start = tuple[tuple[int, ...], tuple[int, ...]]
"""The extension's cards per kind (bank and hands) and its development deck."""


def start_of(st: KatanState) -> Start:
    n = st.seats
    cards = tuple(st.ruleset.bank_start(n, r) for r in range(st.width))
    assert tuple(st.bank) == cards and not any(st.hands)
    return cards, st.ruleset.deck(n)


def ledger(st: KatanState, start: Start) -> list[str]:
    """The per-move invariants, cheaply: cards conserved against the extension's
    bank, the 34 development cards, pieces within their limits, points from the
    board and the awards, and Cities & Knights' own ledger."""
    out: list[str] = []
    h, w, bank, n = st.hands, st.width, st.bank, st.seats
    cards = tuple([sum(h[r::w]) + bank[r] for r in range(w)])
    if cards != start[0]:
        out.append(f"cards {cards} (bank + hands), not {start[0]}")
    deck = tuple(
        st.deck[k] + sum(st.devs[k::DEV_KINDS]) + sum(st.played[k::DEV_KINDS])
        for k in range(DEV_KINDS)
    )
    if deck != start[1]:
        out.append(f"development cards {deck}, not {start[1]}")
    if min(h) < 0 or min(bank) < 0 or min(st.deck) < 0:
        out.append("a negative card count")
    bits = int.bit_count
    if (
        max(map(bits, st.roads)) > ROAD_PIECES
        or max(map(bits, st.towns)) > SETTLEMENT_PIECES
        or max(map(bits, st.cities)) > CITY_PIECES
        or (st.sea is not None and max(map(bits, st.sea.ships)) > SHIP_PIECES)
    ):
        out.append("pieces beyond their limits")
    if st.ck is not None:
        out.extend(cities_support.ledger(st))
    for t in range(n):
        if st.points[t] != points_from_scratch(st, t):
            out.append(f"seat {t}: points {st.points[t]}, not {points_from_scratch(st, t)}")
    return out


def finished(st: KatanState, where: tuple[object, ...]) -> None:
    assert st.phase == OVER, (where, "no winner")
    audited(st, where)
    assert total_points(st, st.winner) >= st.target, where
    outcome = KATAN.outcome(st)
    assert outcome is not None and outcome.winners == (st.winner,), where


def audited(st: KatanState, where: tuple[object, ...]) -> None:
    wrong = problems(st)
    assert not wrong, (where, wrong)
    text = KATAN.encode_state(st)
    assert KATAN.encode_state(KATAN.decode_state(text)) == text, where


def random_game(name: str, index: int) -> int:
    """Stepped in place; returns how many special building phase moves it saw."""
    rng = random.Random(index)
    st = KATAN.initial_state(config(name, index, RANDOM_TARGETS[name]))
    start = start_of(st)
    step, legal_moves, to_move = rules.step, rules.legal_moves, rules.to_move
    allowed = st.ruleset.special_kinds() | {END_TURN}
    special = 0
    for move_no in range(MAX_MOVES):
        if st.phase == OVER:
            break
        seat = to_move(st)
        assert seat is not None
        legal = legal_moves(st, seat)
        if st.phase == SPECIAL:
            special += 1
            assert {m[0] for m in legal} <= allowed, (name, index, move_no, legal)
        step(st, seat, draw(legal, rng), None)
        wrong = ledger(st, start)
        assert not wrong, (name, index, move_no, wrong)
        if move_no % FULL_EVERY == 0:
            audited(st, (name, index, move_no))
    finished(st, (name, index))
    return special


def viewed_game(name: str, index: int) -> int:
    """Every seat's legal moves from its view equal the state's; every move checked."""
    rng = random.Random(index)
    st = KATAN.initial_state(config(name, index, RANDOM_TARGETS[name]))
    start = start_of(st)
    special = 0
    for move_no in range(MAX_MOVES):
        if st.phase == OVER:
            break
        seat = KATAN.to_move(st)
        assert seat is not None
        special += st.phase == SPECIAL
        for t in range(st.seats):
            view = KATAN.view_for(st, t)
            assert KATAN.view_legal_moves(view, t) == KATAN.legal_moves(st, t), (index, move_no)
        legal = KATAN.legal_moves(st, seat)
        st = KATAN.apply(st, seat, draw(legal, rng)).state
        wrong = ledger(st, start)
        assert not wrong, (name, index, move_no, wrong)
        if move_no % FULL_EVERY == 0:
            audited(st, (name, index, move_no))
    finished(st, (name, index, "viewed"))
    return special


def ai_game(name: str, index: int) -> None:
    st = KATAN.initial_state(config(name, index))
    start = start_of(st)
    players = [
        KATAN.player(LEVELS[(index + s) % len(LEVELS)], 31 * index + s) for s in range(st.seats)
    ]
    for move_no in range(MAX_MOVES):
        if st.phase == OVER:
            break
        seat = KATAN.to_move(st)
        assert seat is not None
        view = KATAN.view_for(st, seat)
        legal = KATAN.view_legal_moves(view, seat)
        assert legal == KATAN.legal_moves(st, seat), (name, index, move_no)
        st = KATAN.apply(st, seat, players[seat].choose(view, seat, legal)).state
        wrong = ledger(st, start)
        assert not wrong, (name, index, move_no, wrong)
        if move_no % FULL_EVERY == 0:
            audited(st, (name, index, move_no))
    finished(st, (name, index, "ai"))


def blocks(games: int, count: int) -> list[range]:
    size = games // count
    return [range(b * size, (b + 1) * size) for b in range(count)]


@pytest.mark.parametrize("block", blocks(RANDOM_GAMES, BLOCKS))
@pytest.mark.parametrize("name", RULE_SETS)
def test_random_games_at_five_and_six_seats_finish_with_a_winner(name: str, block: range) -> None:
    special = 0
    for index in block:
        special += (viewed_game if index % VIEWED == 0 else random_game)(name, index)
    assert special >= len(block), "the special building phase was hardly ever reached"


@pytest.mark.parametrize("block", blocks(AI_GAMES, 2))
@pytest.mark.parametrize("name", RULE_SETS)
def test_ai_games_at_five_and_six_seats_finish_with_a_winner(name: str, block: range) -> None:
    for index in block:
        ai_game(name, index)


def test_the_per_move_ledger_sees_what_it_checks() -> None:
    st = KATAN.initial_state(config("base", 1))
    start = start_of(st)
    assert st.seats == 6 and ledger(st, start) == []
    lost = st.copy()
    lost.bank[0] -= 1
    assert ledger(lost, start) == [f"cards {(23,) + (24,) * 4} (bank + hands), not {(24,) * 5}"]
    card = st.copy()
    card.deck[0] -= 1
    assert ledger(card, start) == [f"development cards {(19, 3, 3, 3, 5)}, not {(20, 3, 3, 3, 5)}"]
    point = st.copy()
    point.points[5] += 1
    assert ledger(point, start) == ["seat 5: points 1, not 0"]
