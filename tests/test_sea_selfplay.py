"""Seafarers whole games on every map: 300 with random seats and 30 with the
default AI in every seat, each finishing with a winner, with the ledger
checked after every move and the full audit every few hundred. The games
themselves (`random_game`, `viewed_game`, `ai_game`) also play Seafarers
with Cities & Knights (tests/test_sea_cities_selfplay.py), whose ledger
adds Cities & Knights' (`cities_support.ledger`).

The random games step their own state in place (`rules.step` on a move
drawn as tests/random_seat.py draws: a kind, then a move of that kind),
which keeps three thousand of them affordable; every
`VIEWED`-th one goes through each seat's view and the checked entry point
instead, comparing legal moves from every view with the state's. The AI
games decide from the view and apply through `KATAN.apply`. A stored game
must read back to itself at every full audit and at the end.
"""

import random
from dataclasses import dataclass

import pytest

from engine.katan import rules
from engine.katan.audit import points_from_scratch, problems
from engine.katan.components import (
    CITY_PIECES,
    ROAD_PIECES,
    SETTLEMENT_PIECES,
)
from engine.katan.game import KATAN
from engine.katan.sea.atlas import MAP_NAMES
from engine.katan.sea.scenarios import CANAL_UNITS, WONDER_STAGES
from engine.katan.sea.ships import SHIP_PIECES
from engine.katan.sea.state import SeaPart
from engine.katan.state import OVER, KatanState, total_points
from engine.protocol import TableConfig
from tests import cities_support
from tests.cities_support import CARDS_START
from tests.random_seat import draw
from tests.sea_support import SEAFARERS

RANDOM_GAMES = 300
BLOCKS = 2
"""Each map's random games run as this many tests, so two workers share them evenly."""
AI_GAMES = 30
MAX_MOVES = 100_000
"""A bound only a stalled game reaches: the longest random game seen took
43,133 moves (the Oases with Cities & Knights, to 16; at 14 one in ten
passes 19,000)."""
FULL_EVERY = 500
"""Moves between full audits (`audit.problems` rebuilds every network) and JSON round trips."""
VIEWED = 100
"""Every VIEWED-th random game is played through views and `KATAN.apply`."""
TARGETS = (12, 8, 12, 14)
"""The AI games' targets, from the menu (8, 10, 12, 14)."""
RANDOM_TARGETS = (12, 8, 12, 10)
"""The random games' targets. Not 14: a random seat squanders its
15 roads and 15 ships on the first edges it draws, and on the smaller maps
the seats can then run out of pieces that reach a free crossing short of
14 (Forgotten Tribe seed 91 stands at 11, 13, 11 and 12 points for 200,000
moves). Seats that aim, the AI's, reach 14 on every map (the AI games)."""


def config(
    name: str, index: int, targets: tuple[int, ...], expansions: str = SEAFARERS
) -> TableConfig:
    """3 and 4 seats alternately, the target `targets[index % 4]`."""
    options = {"expansions": expansions, "map": name, "points_to_win": targets[index % 4]}
    return TableConfig(game="katan", seed=7000 + index, seats=3 + index % 2, options=options)


@dataclass(frozen=True)
class Start:
    """What a game's ledger compares against: its counts before the first move."""

    cards: tuple[int, ...]
    fog: int
    """Fog hexes still face down plus those found (the pile is the same size)."""
    cloth: int
    fortresses: int
    canal: int


def start_of(st: KatanState) -> Start:
    sea: SeaPart = st.sea
    assert len(sea.fog_pile) == len(st.board.fog_hexes)
    if st.ck is not None:  # so the ledger keeps 12 of each commodity across bank and hands
        assert tuple(st.bank) == CARDS_START and not any(st.hands)
    return Start(
        cards=tuple(st.bank),
        fog=len(sea.fog_pile),
        cloth=sum(sea.villages),
        fortresses=len(sea.fortresses),
        canal=len(sea.canal),
    )


def ledger(st: KatanState, start: Start) -> list[str]:
    """The per-move invariants, cheaply: every card conserved, pieces within
    their limits (15 ships), the fog pile, cloth, fortresses and canal units
    accounted for where the map has them, and points equal to what the board
    and the awards say (development cards and the rest: the full audit); with
    Cities & Knights, its own ledger too (progress cards, knights, walls)."""
    out: list[str] = []
    h, w, bank = st.hands, st.width, st.bank
    counts = tuple([sum(h[r::w]) + bank[r] for r in range(w)])
    if counts != start.cards:
        out.append(f"cards {counts} (bank + hands), not {start.cards}")
    if min(h) < 0 or min(bank) < 0:
        out.append("a negative card count")
    sea: SeaPart = st.sea
    bits = int.bit_count
    if (
        max(map(bits, sea.ships)) > SHIP_PIECES
        or max(map(bits, st.roads)) > ROAD_PIECES
        or max(map(bits, st.towns)) > SETTLEMENT_PIECES
        or max(map(bits, st.cities)) > CITY_PIECES
    ):
        out.append("pieces beyond their limits")
    if start.fog:
        fog = st.board.fog_hexes
        if len(sea.fog_pile) != len(fog) or len(fog) + sea.found != start.fog:
            out.append(f"fog: {len(fog)} hexes, {len(sea.fog_pile)} tiles, {sea.found} found")
        if any(h not in fog for h, _ in sea.chests):
            out.append("a chest under a hex already found")
    if start.cloth and (sum(sea.villages) + sum(sea.cloth) != start.cloth or min(sea.villages) < 0):
        out.append("cloth neither in a village nor scored")
    if start.fortresses and (
        len(sea.fortresses) + sum(sea.taken) != start.fortresses or 0 in sea.fortresses
    ):
        out.append("a fortress neither standing nor taken")
    if start.canal:
        dug_out = start.canal - len(sea.canal)
        if sum(sea.canal) + CANAL_UNITS * dug_out != sum(sea.dug) or max(sea.canal, default=0) > 2:
            out.append("canal units dug by nobody")
    if max(sea.wonders) > WONDER_STAGES:
        out.append("a wonder beyond its last stage")
    if st.ck is not None:
        out.extend(cities_support.ledger(st))
    for t in range(st.seats):
        if st.points[t] != points_from_scratch(st, t):
            out.append(f"seat {t}: points {st.points[t]}, not {points_from_scratch(st, t)}")
    return out


def audited(st: KatanState, where: tuple[object, ...]) -> None:
    """The full audit, and the stored game reading back to itself."""
    wrong = problems(st)
    assert not wrong, (where, wrong)
    text = KATAN.encode_state(st)
    assert KATAN.encode_state(KATAN.decode_state(text)) == text, where


def finished(st: KatanState, where: tuple[object, ...]) -> None:
    assert st.phase == OVER, (where, "no winner")
    audited(st, where)
    sea: SeaPart = st.sea
    wonder = sea.wonders[st.winner] == WONDER_STAGES
    assert wonder or total_points(st, st.winner) >= st.target, where
    outcome = KATAN.outcome(st)
    assert outcome is not None and outcome.winners == (st.winner,), where


def random_game(cfg: TableConfig, index: int) -> None:
    """Stepped in place on the state's own legal moves, drawn by `index`."""
    name = cfg.options["map"]
    rng = random.Random(index)
    st = KATAN.initial_state(cfg)
    start = start_of(st)
    step, legal_moves, to_move = rules.step, rules.legal_moves, rules.to_move
    for move_no in range(MAX_MOVES):
        if st.phase == OVER:
            break
        seat = to_move(st)
        assert seat is not None
        legal = legal_moves(st, seat)
        step(st, seat, draw(legal, rng), None)
        wrong = ledger(st, start)
        assert not wrong, (name, index, move_no, wrong)
        if move_no % FULL_EVERY == 0:
            audited(st, (name, index, move_no))
    finished(st, (name, index))


def viewed_game(cfg: TableConfig, index: int) -> None:
    """Every seat's legal moves from its view, every move checked."""
    name = cfg.options["map"]
    rng = random.Random(index)
    st = KATAN.initial_state(cfg)
    start = start_of(st)
    for move_no in range(MAX_MOVES):
        if st.phase == OVER:
            break
        seat = KATAN.to_move(st)
        assert seat is not None
        for t in range(st.seats):
            view = KATAN.view_for(st, t)
            assert KATAN.view_legal_moves(view, t) == KATAN.legal_moves(st, t), (index, move_no)
        legal = KATAN.legal_moves(st, seat)
        st = KATAN.apply(st, seat, draw(legal, rng)).state
        wrong = ledger(st, start)
        assert not wrong, (name, index, move_no, wrong)
        if move_no % FULL_EVERY == 0:
            audited(st, (name, index, move_no))
    finished(st, (name, index))


def ai_game(cfg: TableConfig, index: int) -> None:
    """The default AI in every seat, each deciding from its own view."""
    name = cfg.options["map"]
    st = KATAN.initial_state(cfg)
    start = start_of(st)
    players = [KATAN.player("katan", 31 * index + s) for s in range(st.seats)]
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


def play_random(cfg: TableConfig, index: int) -> None:
    """Every VIEWED-th game through the views and the checked entry point."""
    (viewed_game if index % VIEWED == 0 else random_game)(cfg, index)


def blocks(games: int, count: int) -> list[range]:
    """`games` indices split into `count` equal runs (one test each)."""
    size = games // count
    return [range(b * size, (b + 1) * size) for b in range(count)]


@pytest.mark.parametrize("block", blocks(RANDOM_GAMES, BLOCKS))
@pytest.mark.parametrize("name", MAP_NAMES)
def test_random_games_finish_with_a_winner(name: str, block: range) -> None:
    for index in block:
        play_random(config(name, index, RANDOM_TARGETS), index)


@pytest.mark.parametrize("name", MAP_NAMES)
def test_ai_games_finish_with_a_winner(name: str) -> None:
    for index in range(AI_GAMES):
        ai_game(config(name, index, TARGETS), index)


def test_the_per_move_ledger_sees_what_it_checks() -> None:
    st = KATAN.initial_state(config("treasure_islands", 1, RANDOM_TARGETS))
    start = start_of(st)
    assert ledger(st, start) == []
    sea: SeaPart = st.sea
    lost = st.copy()
    lost.bank[0] -= 1
    assert ledger(lost, start) == [f"cards {(18,) + (19,) * 4} (bank + hands), not {(19,) * 5}"]
    fleet = st.copy()
    fleet.sea.ships[1] = (1 << (SHIP_PIECES + 1)) - 1
    assert ledger(fleet, start) == ["pieces beyond their limits"]
    pile = st.copy()
    pile.sea.fog_pile = sea.fog_pile[1:]
    assert ledger(pile, start) == [f"fog: {start.fog} hexes, {start.fog - 1} tiles, 0 found"]
    point = st.copy()
    point.points[2] += 1
    assert ledger(point, start) == ["seat 2: points 1, not 0"]
    cloth = KATAN.initial_state(config("cloth_for_catan", 1, RANDOM_TARGETS))
    cloth_start = start_of(cloth)
    cloth.sea.villages[0] -= 1
    assert ledger(cloth, cloth_start) == ["cloth neither in a village nor scored"]
