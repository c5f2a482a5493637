"""The boards, the lines of five, the jacks and the deal (NATIVE.md §5.3.2,
§5.3.5, §7.5; reference/sequence-classic-board.md)."""

from collections import Counter

import pytest

from engine.cards import Rank, Suit, card, code, label, parse_code
from engine.kotlin_random import KotlinRandom, shuffled
from engine.sequence.board import APP_BOARD, BOARDS, CLASSIC_BOARD, FREE, Board
from engine.sequence.deck import DECK, ONE_EYED, TWO_EYED, deal, hand_size
from engine.sequence.geometry import (
    CORNERS,
    LINES_THROUGH,
    WINDOW_MASKS,
    WINDOWS,
    WINDOWS_OF_CELL,
)

NON_JACKS = [c for c in range(52) if c % 13 != Rank.JACK]


def codes(text: str) -> list[int]:
    out = []
    for word in text.split():
        parsed = parse_code(word)
        assert parsed is not None, word
        out.append(parsed)
    return out


@pytest.mark.parametrize("board", [APP_BOARD, CLASSIC_BOARD], ids=lambda b: b.name)
def test_board_holds_every_non_jack_card_twice_plus_four_free_corners(board: Board) -> None:
    assert len(board.cards) == 100
    counts = Counter(c for c in board.cards if c != FREE)
    assert sum(counts.values()) == 96
    assert sorted(counts) == NON_JACKS
    assert set(counts.values()) == {2}
    assert [cell for cell, c in enumerate(board.cards) if c == FREE] == [0, 9, 90, 99]


@pytest.mark.parametrize("board", [APP_BOARD, CLASSIC_BOARD], ids=lambda b: b.name)
def test_every_non_jack_card_maps_to_exactly_two_squares_ascending(board: Board) -> None:
    for c in range(52):
        squares = board.squares[c]
        if c in NON_JACKS:
            assert len(squares) == 2 and squares[0] < squares[1]
            assert all(board.cards[s] == c for s in squares)
        else:
            assert squares == ()


def test_the_four_corners_are_the_free_squares() -> None:
    assert CORNERS == (0 * 10 + 0, 0 * 10 + 9, 9 * 10 + 0, 9 * 10 + 9)


def test_app_board_matches_the_documented_rows() -> None:
    assert " ".join(code(c) for c in APP_BOARD.cards[1:9]) == "10C 6D 4C 7C 8H 9S 10C 10H"
    assert " ".join(code(c) for c in APP_BOARD.cards[91:99]) == "6H KS 2D AH 5S QD KC 5C"
    king_hearts = card(Rank.KING, Suit.HEARTS)
    assert APP_BOARD.squares[king_hearts] == (29, 63)
    assert APP_BOARD.squares[card(Rank.SEVEN, Suit.DIAMONDS)] == (34, 79)


def test_app_board_never_puts_a_card_next_to_its_twin() -> None:
    for c in NON_JACKS:
        a, b = APP_BOARD.squares[c]
        assert max(abs(a // 10 - b // 10), abs(a % 10 - b % 10)) > 1, label(c)


def test_classic_board_is_the_commercial_layout() -> None:
    assert " ".join(code(c) for c in CLASSIC_BOARD.cards[1:9]) == "2S 3S 4S 5S 6S 7S 8S 9S"
    assert " ".join(code(c) for c in CLASSIC_BOARD.cards[10:20]) == (
        "6C 5C 4C 3C 2C AH KH QH 10H 10S"
    )
    assert BOARDS == {"app": APP_BOARD, "classic": CLASSIC_BOARD}


def test_jack_classification_splits_one_eyed_from_two_eyed() -> None:
    assert card(Rank.JACK, Suit.DIAMONDS) in TWO_EYED
    assert card(Rank.JACK, Suit.CLUBS) in TWO_EYED
    assert card(Rank.JACK, Suit.HEARTS) in ONE_EYED
    assert card(Rank.JACK, Suit.SPADES) in ONE_EYED
    ace = card(Rank.ACE, Suit.SPADES)
    assert ace not in TWO_EYED and ace not in ONE_EYED
    assert len(TWO_EYED | ONE_EYED) == 4


def test_lines_of_five() -> None:
    assert len(WINDOWS) == 60 + 60 + 36 + 36
    assert all(len(set(w)) == 5 for w in WINDOWS)
    assert all(mask.bit_count() == 5 for mask in WINDOW_MASKS)
    # Cell 44 (row 4, col 4): five windows in every direction, offsets -4 … 0.
    down, across, diagonal, anti = LINES_THROUGH[44]
    assert down == tuple(tuple(44 + (k + i) * 10 for i in range(5)) for k in range(-4, 1))
    assert across[0] == (40, 41, 42, 43, 44) and across[-1] == (44, 45, 46, 47, 48)
    assert diagonal[0] == (0, 11, 22, 33, 44)
    assert anti[0] == (8, 17, 26, 35, 44) and anti[-1] == (44, 53, 62, 71, 80)
    # A corner: one line down, one across, one diagonal, no anti-diagonal.
    assert [len(lines) for lines in LINES_THROUGH[0]] == [1, 1, 1, 0]
    assert len(WINDOWS_OF_CELL[44]) == 20 and len(WINDOWS_OF_CELL[0]) == 3


@pytest.mark.parametrize(
    ("players", "size"), [(2, 7), (3, 6), (4, 6), (6, 5), (8, 4), (9, 4), (12, 3)]
)
def test_hand_sizes_follow_the_player_count(players: int, size: int) -> None:
    assert hand_size(players) == size


def test_the_deck_is_two_packs_in_the_apps_order() -> None:
    assert len(DECK) == 104
    assert [code(c) for c in DECK[:3]] == ["2C", "3C", "4C"]
    assert code(DECK[51]) == "AS" and code(DECK[52]) == "2C"


@pytest.mark.parametrize(
    ("seed", "first20"),
    [
        (42, "QC 5S 10C 10C 7H AH KD 6S 3H KC 6D AS 4H AD KC 4C JS 8H 8D 4C"),
        (1786000000123, "KH 6H 4H 7H QS KS 8H 10S 3H JC KD JS AS 7D 3C 10C 5H 8S 6S 7D"),
    ],
)
def test_shuffle_vectors(seed: int, first20: str) -> None:
    assert shuffled(DECK, KotlinRandom(seed))[:20] == codes(first20)


def test_block_deal_for_the_documented_seed() -> None:
    hands, draw_pile = deal(1786000000123, 2)
    assert hands == [codes("KH 6H 4H 7H QS KS 8H"), codes("10S 3H JC KD JS AS 7D")]
    assert len(draw_pile) == 90
    assert draw_pile[:10] == codes("3C 10C 5H 8S 6S 7D QC AD 9C KD")


def test_initial_deal_gives_four_players_six_cards_from_104() -> None:
    hands, draw_pile = deal(7, 4)
    assert [len(h) for h in hands] == [6, 6, 6, 6]
    assert len(draw_pile) == 80
    assert Counter(draw_pile + [c for h in hands for c in h]) == Counter(DECK)
