"""Sequence's rules: the app's SequenceRulesTest ported (NATIVE.md §8), the
transitions of §5.3.7, and this project's stuck-seat pass and blocked-table
draw (RULINGS 15)."""

import dataclasses
from collections.abc import Collection
from typing import Any

import pytest

from engine.cards import Rank, Suit, card, parse_code
from engine.errors import BadOptions, IllegalMove
from engine.kotlin_random import KotlinRandom, add_long, shuffled
from engine.protocol import TableConfig
from engine.random_player import RandomPlayer
from engine.selfplay import play
from engine.sequence.ai import SequenceAi
from engine.sequence.board import APP_BOARD, CLASSIC_BOARD
from engine.sequence.game import SEQUENCE
from engine.sequence.moves import EXCHANGE, PLACE, REMOVE, Move
from engine.sequence.options import SequenceOptions
from engine.sequence.state import Phase, SequenceState

JD = card(Rank.JACK, Suit.DIAMONDS)
JC = card(Rank.JACK, Suit.CLUBS)
JH = card(Rank.JACK, Suit.HEARTS)
JS = card(Rank.JACK, Suit.SPADES)


def c(text: str) -> int:
    parsed = parse_code(text)
    assert parsed is not None
    return parsed


def options(**raw: Any) -> SequenceOptions:
    parsed = SEQUENCE.parse_options(raw)
    assert isinstance(parsed, SequenceOptions)
    return parsed


def table(seed: int = 1, **raw: Any) -> SequenceState:
    return SEQUENCE.initial_state(TableConfig(game="sequence", seed=seed, options=raw))


def craft(state: SequenceState, **changes: Any) -> SequenceState:
    """A hand-made position; hand counts follow the hands."""
    out = dataclasses.replace(state, **changes)
    out.hand_counts = [len(h) for h in out.hands]
    return out


def board_with(chips: dict[int, int], locked: Collection[int] = ()) -> dict[str, Any]:
    cells = [-1] * 100
    for cell, team in chips.items():
        cells[cell] = team
    return {"chips": cells, "locked": [cell in locked for cell in range(100)]}


# ---- SequenceRulesTest --------------------------------------------------------


def test_initial_deal_gives_everyone_a_hand_from_a_104_card_deck() -> None:
    state = table(playersPerTeam=2)
    assert state.hand_counts == [6, 6, 6, 6]
    assert len(state.draw_pile) == 80
    assert state.chips == [-1] * 100
    assert state.log == ["Sequence — 2 teams, first to 2."]
    assert state.teams == (0, 1, 0, 1)


def test_placing_a_chip_claims_the_square_and_passes_the_turn() -> None:
    state = table()
    move = SEQUENCE.legal_moves(state, 0)[0]
    after = SEQUENCE.apply(state, 0, move).state
    assert move.cell is not None
    assert after.chips[move.cell] == 0
    assert after.turn == 1
    assert after.last_placed_cell == move.cell
    assert after.hand_counts == [7, 7]
    assert state.chips[move.cell] == -1, "the old state is unchanged"


def test_a_card_whose_squares_are_both_taken_becomes_a_dead_card() -> None:
    seven = c("7D")
    state = craft(table(), hands=[[seven], [c("2C")]], **board_with({34: 1, 79: 1}))
    assert SEQUENCE.legal_moves(state, 0) == [Move("exchange", seven)]


def test_a_dead_card_offers_nothing_when_exchange_is_off() -> None:
    seven = c("7D")
    state = craft(
        table(deadCardExchange=False),
        hands=[[seven, c("KH")], [c("2C")]],
        **board_with({34: 1, 79: 1}),
    )
    assert SEQUENCE.legal_moves(state, 0) == [PLACE[c("KH")][29], PLACE[c("KH")][63]]


def test_exchanging_a_dead_card_keeps_the_turn() -> None:
    seven, king = c("7D"), c("KH")
    state = craft(
        table(),
        hands=[[seven, king], [c("2C")]],
        draw_pile=[c("AS")],
        **board_with({34: 1, 79: 1}),
    )
    after = SEQUENCE.apply(state, 0, EXCHANGE[seven]).state
    assert after.turn == 0
    assert after.exchanged_this_turn
    assert after.hands[0] == [king, c("AS")]
    assert after.discard_pile == [seven]
    assert after.log[-1] == "Seat 0 swaps dead card 7♦."
    # The flag clears when the turn passes.
    later = SEQUENCE.apply(after, 0, PLACE[king][29]).state
    assert later.turn == 1 and not later.exchanged_this_turn


def test_only_one_exchange_a_turn() -> None:
    seven, nine = c("7D"), c("9H")
    state = craft(
        table(),
        hands=[[seven, nine, c("KH")], [c("2C")]],
        draw_pile=[c("AS")],
        **board_with({34: 1, 79: 1, 84: 1, 88: 1}),
    )
    assert EXCHANGE[nine] in SEQUENCE.legal_moves(state, 0)
    after = SEQUENCE.apply(state, 0, EXCHANGE[seven]).state
    assert EXCHANGE[nine] not in SEQUENCE.legal_moves(after, 0)
    with pytest.raises(IllegalMove, match="You already exchanged a dead card this turn"):
        SEQUENCE.apply(after, 0, EXCHANGE[nine])


def test_a_two_eyed_jack_can_be_placed_on_any_empty_square() -> None:
    for jack in (JD, JC):
        state = craft(table(), hands=[[jack], [c("2C")]])
        moves = SEQUENCE.legal_moves(state, 0)
        assert len(moves) == 96
        assert [m.cell for m in moves] == [x for x in range(100) if x not in (0, 9, 90, 99)]
        assert {m.kind for m in moves} == {"place"}


def test_a_one_eyed_jack_removes_an_opposing_chip_but_not_a_locked_one() -> None:
    state = craft(table(), hands=[[JS], [c("2C")]], **board_with({12: 1, 40: 1}, locked={40}))
    assert SEQUENCE.legal_moves(state, 0) == [REMOVE[JS][12]]
    after = SEQUENCE.apply(state, 0, REMOVE[JS][12]).state
    assert after.chips[12] == -1
    assert after.last_placed_cell is None
    assert after.log[-1] == "Seat 0 removes a chip with J♠."
    assert after.turn == 1


def test_a_one_eyed_jack_cannot_remove_your_own_teams_chip() -> None:
    state = craft(table(), hands=[[JH, c("KH")], [c("2C")]], **board_with({12: 0}))
    assert [m for m in SEQUENCE.legal_moves(state, 0) if m.kind == "remove"] == []


def place_with_wild(chips: dict[int, int], cell: int, **extra: Any) -> SequenceState:
    state = craft(table(), hands=[[JD], [c("2C")]], **board_with(chips, **extra))
    return SEQUENCE.apply(state, 0, PLACE[JD][cell]).state


def test_five_in_a_row_completes_a_sequence_and_locks_the_squares() -> None:
    after = place_with_wild({40: 0, 41: 0, 42: 0, 43: 0}, 44)
    assert after.sequences_by_team == [1, 0]
    assert [x for x in range(100) if after.locked[x]] == [40, 41, 42, 43, 44]
    assert after.log[-1] == "Seat 0 plays J♦ — sequence!."
    assert after.phase is Phase.PLAYING


def test_a_corner_counts_as_a_free_square_for_the_run() -> None:
    after = place_with_wild({1: 0, 2: 0, 3: 0}, 4)
    assert after.sequences_by_team == [1, 0]
    assert [x for x in range(100) if after.locked[x]] == [0, 1, 2, 3, 4]
    assert after.chips[0] == -1


def test_a_diagonal_run_counts() -> None:
    after = place_with_wild({11: 0, 22: 0, 33: 0}, 44)
    assert after.sequences_by_team == [1, 0]
    assert [x for x in range(100) if after.locked[x]] == [0, 11, 22, 33, 44]


def test_an_opposing_chip_breaks_the_run() -> None:
    after = place_with_wild({40: 0, 41: 0, 42: 1, 43: 0, 45: 1}, 44)
    assert after.sequences_by_team == [0, 0]
    assert not any(after.locked)
    assert after.log[-1] == "Seat 0 plays J♦."


def test_two_sequences_may_share_at_most_one_chip() -> None:
    row = {60 + i: 0 for i in range(5)}
    first = set(row)
    start = craft(table(), sequences_by_team=[1, 0])
    # (6,0)–(6,4) locked, (6,5)–(6,8) owned: (6,9) gives exactly the second.
    state = craft(
        start,
        hands=[[JD], [c("2C")]],
        **board_with(row | {65: 0, 66: 0, 67: 0, 68: 0}, locked=first),
    )
    after = SEQUENCE.apply(state, 0, PLACE[JD][69]).state
    assert after.sequences_by_team == [2, 0]
    assert after.winner == 0
    # Reusing one locked chip (64) is allowed …
    state = craft(
        start, hands=[[JD], [c("2C")]], **board_with(row | {65: 0, 66: 0, 67: 0}, locked=first)
    )
    after = SEQUENCE.apply(state, 0, PLACE[JD][68]).state
    assert after.sequences_by_team == [2, 0]
    assert [x for x in range(100) if after.locked[x]] == list(range(60, 69))
    # … two (63, 64) are not.
    state = craft(start, hands=[[JD], [c("2C")]], **board_with(row | {65: 0, 66: 0}, locked=first))
    after = SEQUENCE.apply(state, 0, PLACE[JD][67]).state
    assert after.sequences_by_team == [1, 0]


def test_one_move_can_complete_a_sequence_in_several_directions() -> None:
    chips = {40: 0, 41: 0, 42: 0, 43: 0, 4: 0, 14: 0, 24: 0, 34: 0}
    state = craft(table(sequencesToWin=3), hands=[[JD], [c("2C")]], **board_with(chips))
    after = SEQUENCE.apply(state, 0, PLACE[JD][44]).state
    assert after.sequences_by_team == [2, 0]
    kinds = [e.kind for e in SEQUENCE.apply(state, 0, PLACE[JD][44]).events]
    assert kinds.count("sequence") == 2


def test_only_the_first_acceptable_window_in_a_direction_counts() -> None:
    # Six in a row: 40 … 45 with 42 placed last gives one sequence, 40 … 44.
    after = place_with_wild({40: 0, 41: 0, 43: 0, 44: 0, 45: 0}, 42)
    assert after.sequences_by_team == [1, 0]
    assert [x for x in range(100) if after.locked[x]] == [40, 41, 42, 43, 44]


def test_reaching_the_sequence_target_wins_the_game() -> None:
    state = craft(
        table(sequencesToWin=1), hands=[[JD], [c("2C")]], **board_with({40: 0, 41: 0, 42: 0, 43: 0})
    )
    step = SEQUENCE.apply(state, 0, PLACE[JD][44])
    after = step.state
    assert SEQUENCE.is_finished(after)
    assert after.winner == 0 and after.phase is Phase.GAME_OVER
    assert after.turn == 0, "the turn stays on the winner"
    assert SEQUENCE.to_move(after) is None
    assert SEQUENCE.legal_moves(after, 0) == [] and SEQUENCE.legal_moves(after, 1) == []
    outcome = SEQUENCE.outcome(after)
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.winning_team == 0 and not outcome.draw
    assert outcome.scores == (1, 0)
    assert [e.kind for e in step.events][-1] == "win"
    with pytest.raises(IllegalMove, match="The game is over"):
        SEQUENCE.apply(after, 1, PLACE[c("2C")][53])


def test_random_legal_play_terminates_without_an_illegal_state() -> None:
    for seed in range(10):
        players: list[RandomPlayer[Move]] = [RandomPlayer(seed), RandomPlayer(seed + 100)]
        played = play(SEQUENCE, TableConfig(game="sequence", seed=seed), players, max_moves=4000)
        assert SEQUENCE.is_finished(played.state)


def test_ai_play_produces_only_legal_moves_and_reaches_a_result() -> None:
    for seed in range(900, 905):
        config = TableConfig(game="sequence", seed=seed)
        played = play(SEQUENCE, config, [SequenceAi("normal"), SequenceAi("normal")])
        assert played.outcome is not None


def test_a_seat_view_hides_other_hands_and_the_deck_order() -> None:
    state = table(playersPerTeam=2)
    view = SEQUENCE.view_for(state, 2)
    assert view.hands == [[], [], state.hands[2], []]
    assert view.draw_pile == []
    assert view.seed == 0
    assert view.hand_counts == [6, 6, 6, 6]
    assert SEQUENCE.view_for(state, None).hands == [[], [], [], []]


def test_state_and_moves_survive_a_round_trip() -> None:
    state = craft(table(), hands=[[JS, c("7D"), JD], [c("2C")]], **board_with({34: 1, 79: 1}))
    assert SEQUENCE.decode_state(SEQUENCE.encode_state(state)) == state
    for move in SEQUENCE.legal_moves(state, 0):
        assert SEQUENCE.decode_move(SEQUENCE.encode_move(move)) == move
    assert {m.kind for m in SEQUENCE.legal_moves(state, 0)} == {"place", "remove", "exchange"}


def test_summary_reports_the_running_sequence_count() -> None:
    state = craft(table(), sequences_by_team=[1, 0])
    assert SEQUENCE.summary(state) == "Sequences: team 0 1, team 1 0; first to 2 wins."


# ---- transitions ---------------------------------------------------------------


def test_an_empty_draw_pile_is_refilled_from_the_discards_seeded_by_the_log_size() -> None:
    seed = 2**63 - 3  # the addition wraps like a Kotlin Long
    discards = [c(f"{rank}C") for rank in range(2, 10)]
    base = table(seed=seed)
    state = craft(base, seed=seed, draw_pile=[], discard_pile=discards, log=["a", "b", "c", "d"])
    king = c("KH")
    state.hands[0] = [king, *state.hands[0][1:]]
    step = SEQUENCE.apply(state, 0, PLACE[king][29])
    pile = shuffled(discards, KotlinRandom(add_long(seed, 4)))
    assert add_long(seed, 4) < 0
    assert step.state.hands[0][-1] == pile[0]
    assert step.state.draw_pile == pile[1:]
    assert step.state.discard_pile == [king]
    assert [e.kind for e in step.events] == ["place", "reshuffle", "draw", "draw"]


def test_the_drawn_card_is_private_with_a_public_twin() -> None:
    state = table(seed=1786000000123)
    events = SEQUENCE.apply(state, 0, PLACE[c("KH")][29]).events
    private, public = (e for e in events if e.kind == "draw")
    assert private.text == "You draw 3♣." and private.audience == frozenset({0})
    assert not private.visible_to(1) and not private.visible_to(None)
    assert public.text == "Seat 0 draws a card." and public.visible_to(None)
    assert "3♣" not in public.text and "card" not in public.data


def test_a_winning_move_ends_the_game_before_anything_else() -> None:
    state = craft(
        table(teamCount=3), hands=[[JD], [c("2C")], [c("3C")]], **board_with({1: 0, 2: 0, 3: 0})
    )
    after = SEQUENCE.apply(state, 0, PLACE[JD][4]).state
    assert after.winner == 0 and after.turn == 0
    assert SEQUENCE.outcome(after) is not None


# ---- RULINGS 15: stuck seats pass, a blocked table is a draw -------------------


def test_a_seat_with_no_legal_move_passes_to_the_next_that_has_one() -> None:
    two, three, seven, king = c("2C"), c("3C"), c("7D"), c("KH")
    # Seat 1's cards are dead and exchange is off; seat 2 can play.
    dead = {cell: 2 for cell in APP_BOARD.squares[two] + APP_BOARD.squares[three]}
    state = craft(
        table(teamCount=3, deadCardExchange=False),
        hands=[[seven], [two, three], [king]],
        draw_pile=[c("AS"), c("AH")],
        **board_with(dead),
    )
    step = SEQUENCE.apply(state, 0, PLACE[seven][34])
    after = step.state
    assert after.turn == 2
    assert after.phase is Phase.PLAYING
    assert after.log[-2:] == ["Seat 0 plays 7♦.", "Seat 1 has no legal move and passes."]
    assert [e.text for e in step.events if e.kind == "pass"] == [
        "Seat 1 has no legal move and passes."
    ]
    assert SEQUENCE.legal_moves(after, 1) == []
    assert SEQUENCE.legal_moves(after, 2) == [PLACE[king][29], PLACE[king][63]]


def test_a_seat_stuck_after_its_exchange_passes_and_may_come_round_again() -> None:
    two, three, four = c("2C"), c("3C"), c("4C")
    taken = APP_BOARD.squares[two] + APP_BOARD.squares[three] + APP_BOARD.squares[four]
    # Seat 1 holds only a one-eyed jack and seat 0's chips are all locked.
    state = craft(
        table(),
        hands=[[two, three], [JH]],
        draw_pile=[four, c("AS")],
        **board_with(dict.fromkeys(taken, 0), locked=set(taken)),
    )
    step = SEQUENCE.apply(state, 0, EXCHANGE[two])
    after = step.state
    assert after.hands[0] == [three, four]
    assert after.turn == 0
    assert not after.exchanged_this_turn, "a fresh turn may exchange again"
    assert after.log[-3:] == [
        "Seat 0 swaps dead card 2♣.",
        "Seat 0 has no legal move and passes.",
        "Seat 1 has no legal move and passes.",
    ]
    assert SEQUENCE.legal_moves(after, 0) == [EXCHANGE[three], EXCHANGE[four]]


def test_a_completely_blocked_table_is_a_draw() -> None:
    seven = c("7D")
    # Every square but 34 holds a locked chip of team 1: after 7♦ on 34 no card
    # of either hand has a free square, and dead cards cannot be exchanged.
    chips = {cell: 1 for cell in range(100) if cell not in (0, 9, 90, 99, 34)}
    state = craft(
        table(deadCardExchange=False),
        hands=[[seven, c("2C")], [c("3C"), c("4C")]],
        draw_pile=[c("5C"), c("6C")],
        **board_with(chips, locked=set(chips)),
    )
    step = SEQUENCE.apply(state, 0, PLACE[seven][34])
    after = step.state
    assert after.phase is Phase.GAME_OVER
    assert after.winner is None
    assert SEQUENCE.is_finished(after) and SEQUENCE.to_move(after) is None
    assert after.log[-1] == (
        "No seat has a legal move: the table is blocked and the game is a draw."
    )
    assert [e.kind for e in step.events][-1] == "blocked"
    outcome = SEQUENCE.outcome(after)
    assert outcome is not None
    assert outcome.draw and outcome.winners == () and outcome.winning_team is None
    assert outcome.summary == "Drawn: no seat could move. Sequences: team 0 0, team 1 0."
    view = SEQUENCE.encode_view(SEQUENCE.view_for(after, 0))
    assert '"winner":null,"phase":"GAME_OVER"' in view


# ---- refusals ------------------------------------------------------------------


def refusal(state: SequenceState, seat: int, move: Move) -> str:
    with pytest.raises(IllegalMove) as err:
        SEQUENCE.apply(state, seat, move)
    return err.value.reason


def test_refusals_name_the_reason() -> None:
    seven, nine = c("7D"), c("9C")
    state = craft(
        table(),
        hands=[[seven, nine, JS, JD, c("KH")], [c("2C")]],
        **board_with({34: 1, 40: 1, 41: 0, 50: 1, 13: 1, 89: 1}, locked={50}),
    )
    assert refusal(state, 0, PLACE[c("6D")][2]) == "You do not hold 6♦."
    assert refusal(state, 0, PLACE[seven][34]) == "Square 34 is taken."
    assert refusal(state, 0, PLACE[seven][12]) == (
        "7♦ is not on square 12; its squares are 34 and 79."
    )
    assert refusal(state, 0, PLACE[JD][40]) == "Square 40 is taken."
    assert refusal(state, 0, PLACE[JD][0]) == "Square 0 is a free corner and never holds a chip."
    assert refusal(state, 0, PLACE[JS][33]) == (
        "J♠ is a one-eyed jack: it removes an opposing chip instead."
    )
    assert refusal(state, 0, REMOVE[JS][50]) == "That chip is part of a completed sequence."
    assert refusal(state, 0, REMOVE[JS][41]) == "Square 41 holds your own team's chip."
    assert refusal(state, 0, REMOVE[JS][42]) == "Square 42 has no chip to remove."
    assert refusal(state, 0, REMOVE[seven][40]) == (
        "Only a one-eyed jack (J♥ or J♠) removes a chip; 7♦ is not one."
    )
    assert refusal(state, 0, EXCHANGE[seven]) == "7♦ is not a dead card: square 79 is free."
    assert refusal(state, 0, EXCHANGE[JD]) == "J♦ is a jack, and a jack is never a dead card."
    assert refusal(state, 0, Move("place", seven, 100)) == (
        "There is no square 100; the squares are 0 to 99."
    )
    assert refusal(state, 1, PLACE[c("2C")][53]) == (
        "It is not seat 1's turn; the table waits on seat 0."
    )
    off = craft(state, options=options(deadCardExchange=False))
    assert refusal(off, 0, EXCHANGE[nine]) == "Dead cards cannot be exchanged at this table."
    # Nothing changed through all of that.
    assert SEQUENCE.legal_moves(state, 0)[0] == PLACE[seven][79]


def test_move_labels() -> None:
    assert SEQUENCE.move_label(PLACE[c("7D")][34]) == "play 7♦ on 34"
    assert SEQUENCE.move_label(REMOVE[JS][40]) == "remove with J♠ at 40"
    assert SEQUENCE.move_label(EXCHANGE[c("9C")]) == "exchange dead 9♣"


# ---- options -------------------------------------------------------------------


def test_default_options_and_team_dependent_target() -> None:
    assert options().model_dump(by_alias=True) == {
        "teamCount": 2,
        "playersPerTeam": 1,
        "sequencesToWin": 2,
        "deadCardExchange": True,
        "board": "app",
    }
    assert options(teamCount=3).sequences_to_win == 1
    assert options(teamCount=3, sequencesToWin=2).sequences_to_win == 2
    assert options(teamCount=2, sequencesToWin=1).sequences_to_win == 1


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (
            {"teamCount": 3, "playersPerTeam": 0},
            "playersPerTeam: must be 1 to 4 (the app's setup screen offers 1 to 4) (got 0)",
        ),
        ({"playersPerTeam": 5}, "playersPerTeam: must be 1 to 4"),
        ({"teamCount": 4}, "teamCount: must be 2 or 3 (got 4)"),
        ({"teamCount": 1}, "teamCount: must be 2 or 3 (got 1)"),
        ({"sequencesToWin": 0}, "sequencesToWin: must be 1 to 3"),
        ({"sequencesToWin": 4}, "sequencesToWin: must be 1 to 3"),
        ({"board": "hex"}, "board: Input should be 'app' or 'classic' (got 'hex')"),
        ({"deadCardExchange": "maybe"}, "deadCardExchange:"),
        ({"teams": 2}, "teams: unknown option; the options are teamCount, playersPerTeam"),
    ],
)
def test_bad_options_are_refused_naming_the_field_and_allowed_values(
    raw: dict[str, Any], reason: str
) -> None:
    with pytest.raises(BadOptions) as err:
        SEQUENCE.parse_options(raw)
    assert err.value.reason.startswith(reason)


def test_seats_follow_teams_times_players() -> None:
    opts = options(teamCount=3, playersPerTeam=2)
    assert SEQUENCE.seat_counts(opts) == (6,)
    assert SEQUENCE.teams(opts, 6) == (0, 1, 2, 0, 1, 2)
    with pytest.raises(BadOptions, match="needs 6 seats, not 4"):
        SEQUENCE.prepare(TableConfig(game="sequence", seed=1, options=opts.model_dump(), seats=4))
    state = table(teamCount=3, playersPerTeam=2)
    assert state.teams == (0, 1, 2, 0, 1, 2)
    assert state.hand_counts == [5] * 6
    assert state.sequences_by_team == [0, 0, 0]
    assert state.log == ["Sequence — 3 teams, first to 1."]


def test_the_classic_board_is_refused_to_app_clients() -> None:
    assert SEQUENCE.app_compatible(options()) is None
    reason = SEQUENCE.app_compatible(options(board="classic"))
    assert reason is not None and "classic" in reason and "app" in reason
    state = table(seed=1786000000123, board="classic")
    # K♥ lies on (1,6) and (5,6) of the commercial board.
    assert CLASSIC_BOARD.squares[c("KH")] == (16, 56)
    assert SEQUENCE.legal_moves(state, 0)[:2] == [PLACE[c("KH")][16], PLACE[c("KH")][56]]
    assert SEQUENCE.encode_state(state).startswith(
        '{"options":{"teamCount":2,"playersPerTeam":1,"sequencesToWin":2,'
        '"deadCardExchange":true,"board":"classic"},'
    )
