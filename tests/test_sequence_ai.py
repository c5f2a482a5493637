"""The AI levels are the app's SequenceAi (NATIVE.md §6.2), checked against a
literal port of its description, fast, and stronger than a random player."""

from collections.abc import Sequence

import pytest

from engine.cards import parse_code
from engine.errors import BadOptions
from engine.protocol import Player, TableConfig
from engine.random_player import RandomPlayer
from engine.selfplay import play
from engine.sequence.ai import LEVELS, SequenceAi
from engine.sequence.ai_hard import HardSequenceAi
from engine.sequence.bench import ai_win_rate
from engine.sequence.deck import TWO_EYED
from engine.sequence.game import SEQUENCE
from engine.sequence.moves import PLACE, Move
from engine.sequence.state import SequenceState

CORNERS = {0, 9, 90, 99}
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def run_potential(chips: Sequence[int], cell: int, team: int) -> int:
    """The app's runPotential, walked square by square as §6.2 words it."""
    row, col = divmod(cell, 10)
    best = 0
    for dr, dc in DIRECTIONS:
        for k in range(-4, 1):
            count = 0
            for i in range(5):
                r, c = row + (k + i) * dr, col + (k + i) * dc
                if not (0 <= r < 10 and 0 <= c < 10):
                    break
                x = r * 10 + c
                if x == cell or x in CORNERS or chips[x] == team:
                    count += 1
                elif chips[x] != -1:
                    break
            else:
                best = max(best, count)
    return best


def reference_choice(view: SequenceState, seat: int, legal: Sequence[Move], level: str) -> Move:
    block_weight, jack_patience = {"easy": (1, 0), "normal": (3, 3), "cautious": (5, 4)}[level]
    exchanges = [m for m in legal if m.kind == "exchange"]
    if exchanges and not any(m.kind == "place" for m in legal):
        return exchanges[0]
    team = view.teams[seat]
    best_place: Move | None = None
    best_place_score = 0
    best_remove: Move | None = None
    best_threat = 0
    for move in legal:
        if move.kind == "place":
            assert move.cell is not None
            row, col = divmod(move.cell, 10)
            ours = run_potential(view.chips, move.cell, team)
            theirs = max(
                run_potential(view.chips, move.cell, t)
                for t in range(view.options.team_count)
                if t != team
            )
            centrality = 4 - (abs(row - 4) + abs(col - 4)) // 2
            score = 4 * ours + block_weight * theirs + centrality
            score -= 12 if move.card in TWO_EYED else 0
            if best_place is None or score > best_place_score:
                best_place, best_place_score = move, score
        elif move.kind == "remove":
            assert move.cell is not None
            owner = view.chips[move.cell]
            threat = run_potential(view.chips, move.cell, owner) if owner >= 0 else 0
            if best_remove is None or threat > best_threat:
                best_remove, best_threat = move, threat
    if best_remove is not None and best_threat >= jack_patience:
        return best_remove
    if best_place is not None:
        return best_place
    if best_remove is not None:
        return best_remove
    if exchanges:
        return exchanges[0]
    return legal[0]


@pytest.mark.parametrize("shape", [{}, {"teamCount": 3}, {"teamCount": 2, "playersPerTeam": 2}])
def test_every_level_decides_exactly_as_the_apps_description(shape: dict[str, int]) -> None:
    ais = {level: SequenceAi(level) for level in LEVELS}
    decisions = 0
    for seed in range(6):
        config = TableConfig(game="sequence", seed=seed, options=shape)
        seats = SEQUENCE.seat_counts(SEQUENCE.parse_options(shape))[0]
        # Half the seats play the AI, so the positions are ones it meets.
        players: list[Player[SequenceState, Move]] = [
            SequenceAi("normal") if s % 2 else RandomPlayer(seed * 10 + s) for s in range(seats)
        ]
        state = SEQUENCE.initial_state(config)
        moves: list[tuple[int, Move]] = play(SEQUENCE, config, players).moves
        for seat, move in moves:
            view = SEQUENCE.view_for(state, seat)
            legal = SEQUENCE.view_legal_moves(view, seat)
            for level, ai in ais.items():
                assert ai.choose(view, seat, legal) == reference_choice(view, seat, legal, level)
                decisions += 1
            state = SEQUENCE.apply_legal(state, seat, move).state
    assert decisions > 500


def test_levels_and_players() -> None:
    assert SEQUENCE.levels == ("random", "easy", "normal", "cautious", "hard")
    assert SEQUENCE.default_level == "normal"
    assert isinstance(SEQUENCE.player("random", 3), RandomPlayer)
    assert isinstance(SEQUENCE.player("cautious", 3), SequenceAi)
    assert isinstance(SEQUENCE.player("hard", 3), HardSequenceAi)
    with pytest.raises(BadOptions, match="unknown Sequence AI level 'expert'"):
        SEQUENCE.player("expert", 3)


def test_a_wild_jack_turn_is_decided_the_same_way_every_time() -> None:
    """About a hundred candidates (its speed is `make bench`'s ladder): the choice is
    legal and depends only on the view."""
    state = SEQUENCE.initial_state(TableConfig(game="sequence", seed=5))
    players: list[RandomPlayer[Move]] = [RandomPlayer(1), RandomPlayer(2)]
    for _ in range(30):
        seat = state.turn
        move = players[seat].choose(state, seat, SEQUENCE.legal_moves(state, seat))
        state = SEQUENCE.apply_legal(state, seat, move).state
    seat = state.turn
    jd = parse_code("JD")
    assert jd is not None
    state.hands[seat] = [jd, *state.hands[seat][1:]]
    view = SEQUENCE.view_for(state, seat)
    legal = SEQUENCE.view_legal_moves(view, seat)
    assert len(legal) > 60 and legal[0] == PLACE[jd][1]
    chosen = {SequenceAi("normal").choose(view, seat, legal) for _ in range(5)}
    assert len(chosen) == 1 and chosen <= set(legal)


def test_the_ai_beats_a_random_player() -> None:
    assert ai_win_rate(20) >= 18 / 20


def test_a_boxed_in_chip_has_threat_zero_so_easy_still_removes_it() -> None:
    """Every line through 44 holds a team-0 chip: the app scores it 0, not "none"."""
    js, king = parse_code("JS"), parse_code("KH")
    assert js is not None and king is not None
    state = SEQUENCE.initial_state(TableConfig(game="sequence", seed=1))
    chips = [-1] * 100
    chips[44] = 1
    for cell in (33, 34, 35, 43, 45, 53, 54, 55):
        chips[cell] = 0
    state.chips = chips
    state.hands[0] = [king, js]
    view = SEQUENCE.view_for(state, 0)
    legal = SEQUENCE.view_legal_moves(view, 0)
    assert [m.kind for m in legal] == ["place", "place", "remove"]
    assert SequenceAi("easy").choose(view, 0, legal) == legal[2]
    assert SequenceAi("normal").choose(view, 0, legal).kind == "place"
    for level in LEVELS:
        assert SequenceAi(level).choose(view, 0, legal) == reference_choice(view, 0, legal, level)
