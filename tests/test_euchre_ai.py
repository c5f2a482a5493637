"""The Euchre AI: the app's heuristics (NATIVE §6.1), its bidding rates (the
app's EuchreBiddingRateTest), self-play soundness, strength and determinism."""

import pytest

from engine.cards import Card, Suit, parse_code
from engine.errors import BadOptions
from engine.euchre.ai import EuchreAi, hand_value
from engine.euchre.ai_hard import HardEuchreAi
from engine.euchre.game import EUCHRE
from engine.euchre.moves import CALL_TRUMP, DISCARD, ORDER_UP, PASS, PLAY, EuchreMove, OrderUp
from engine.euchre.options import EuchreOptions
from engine.euchre.state import EuchreState, Phase, Played
from engine.protocol import Player, TableConfig
from engine.random_player import RandomPlayer
from engine.selfplay import play, replay

SPADES, HEARTS = Suit.SPADES, Suit.HEARTS
NORMAL = EuchreAi("normal")


def cards(text: str) -> list[Card]:
    out = [parse_code(t) for t in text.split()]
    assert None not in out
    return [x for x in out if x is not None]


def config(seed: int, **options: object) -> TableConfig:
    return TableConfig(game="euchre", options=options, seed=seed)


def table(
    hands: list[list[Card]],
    trump: Suit | None,
    phase: Phase = Phase.PLAYING,
    trick: list[Played] | None = None,
    dealer: int = 3,
    up_card: Card | None = None,
    alone_seat: int | None = None,
) -> EuchreState:
    return EuchreState(
        options=EuchreOptions(),
        seed=0,
        hand_number=0,
        dealer=dealer,
        phase=phase,
        hands=hands,
        hand_counts=[len(h) for h in hands],
        up_card=up_card,
        turned_down=None,
        trump=trump,
        maker=0,
        alone_seat=alone_seat,
        turn=0,
        passes=0,
        trick=trick or [],
        completed_trick=[],
        leader=0,
        tricks_won=[0, 0, 0, 0],
        scores=[0, 0],
        last_trick_winner=None,
        log=[],
    )


def choose(state: EuchreState, seat: int, ai: EuchreAi = NORMAL) -> EuchreMove:
    state.turn = seat
    view = EUCHRE.view_for(state, seat)
    return ai.choose(view, seat, EUCHRE.view_legal_moves(view, seat))


# ---- hand value --------------------------------------------------------------------


def test_hand_value_counts_bowers_trump_aces_kings_and_voids() -> None:
    # J♠ 10 + J♣ 8 + A♠ 6 + A♥ 3 + K♥ 1, two side suits void (♣ is held as the left
    # bower, so clubs and diamonds are void): +4.
    assert hand_value(cards("JS JC AS AH KH"), SPADES) == 32
    # One trump only: voids do not count.
    assert hand_value(cards("9S AH KH QH 10H"), SPADES) == 4 + 3 + 1


def test_trump_ranks_use_truncating_division() -> None:
    # 4 + (rank - 9) / 2 truncated toward zero: 7 → 3 and 8 → 4 (floor would give 3).
    values = [hand_value(cards(f"{r}S AD"), SPADES) - 3 for r in ("7", "8", "9", "10", "Q")]
    assert values == [3, 4, 4, 4, 5]
    assert hand_value(cards("KS AS"), SPADES) == 6 + 6 + 2 * 3


# ---- bidding -----------------------------------------------------------------------


def test_round_one_adjusts_for_who_deals() -> None:
    # J♠ 10 + Q♠ 5 + 9♠ 4, three trumps and ♣ ♦ void: +4, so 23 for spades.
    hand = cards("JS QS 9S 9H 10H")
    assert hand_value(hand, SPADES) == 23

    def bid(dealer: int) -> EuchreMove:
        state = table([hand, [], [], []], None, Phase.BID_ROUND_1, dealer=dealer)
        state.up_card = cards("KS")[0]
        return choose(state, 0)

    assert bid(dealer=2) == ORDER_UP[False]  # partner deals: 23 + 2 = 25
    assert bid(dealer=1) == PASS  # an opponent deals: 23 - 2 = 21
    assert bid(dealer=0) == ORDER_UP[False]  # dealing: the hand plus K♠ is worth 29


def test_round_two_names_the_best_suit_and_the_stuck_dealer_names_it_anyway() -> None:
    hand = cards("9C 10D 9H QH 10S")
    state = table([hand, [], [], []], None, Phase.BID_ROUND_2, dealer=0)
    state.turned_down = cards("JS")[0]
    assert choose(state, 0) == PASS
    state.passes = 3
    # Hearts 9♥ 4 + Q♥ 5 = 9 (no void to count), clubs 4, diamonds 4: far below
    # the bid threshold, but hearts is the least bad.
    assert choose(state, 0) == CALL_TRUMP[HEARTS][False]


def test_round_two_ties_go_to_the_first_suit_in_order() -> None:
    hand = cards("AD AC KH 9H 10H")  # ♣ and ♦ are each 6 + 3 + 1; ♠ only 3 + 3 + 1
    assert hand_value(hand, Suit.CLUBS) == hand_value(hand, Suit.DIAMONDS) == 10
    state = table([hand, [], [], []], None, Phase.BID_ROUND_2, dealer=0)
    state.turned_down, state.passes = cards("JH")[0], 3
    assert choose(state, 0) == CALL_TRUMP[Suit.CLUBS][False]


def test_the_dealer_discards_to_make_a_void() -> None:
    hand = cards("JS AS 9H AH QC KS")
    state = table([[], [], [], hand], SPADES, Phase.DEALER_DISCARD)
    assert choose(state, 3) == DISCARD[cards("QC")[0]]
    no_singleton = cards("JS AS 9H KH AH KS")
    state = table([[], [], [], no_singleton], SPADES, Phase.DEALER_DISCARD)
    assert choose(state, 3) == DISCARD[cards("9H")[0]]


# ---- card play ---------------------------------------------------------------------


def test_leads_follow_the_apps_order() -> None:
    def lead(hand: str) -> EuchreMove:
        return choose(table([cards(hand), [], [], []], SPADES), 0)

    assert lead("9S JS AH") == PLAY[cards("JS")[0]]
    assert lead("9S KH AD AH") == PLAY[cards("AD")[0]]
    assert lead("9S KH QD") == PLAY[cards("KH")[0]]
    assert lead("9S JC AS") == PLAY[cards("JC")[0]]


def test_follows_cheaply_and_never_wastes_a_card_on_its_partners_trick() -> None:
    trick = [Played(1, cards("KH")[0]), Played(2, cards("AH")[0]), Played(3, cards("9H")[0])]
    state = table([cards("QH 10H"), [], [], []], SPADES, trick=trick)
    assert choose(state, 0) == PLAY[cards("10H")[0]]  # partner (2) wins, seat 0 is last
    trick = [Played(1, cards("AH")[0])]
    state = table([cards("9S QS 10C"), [], [], []], SPADES, trick=trick)
    assert choose(state, 0) == PLAY[cards("9S")[0]]  # the cheapest trump takes it
    state = table([cards("10C QD"), [], [], []], SPADES, trick=trick)
    assert choose(state, 0) == PLAY[cards("10C")[0]]  # cannot win: lowest card


# ---- the app's bidding-rate test ---------------------------------------------------


def bid_out(seed: int) -> EuchreState:
    state = EUCHRE.initial_state(config(seed))
    while state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
        seat = EUCHRE.to_move(state)
        assert seat is not None
        view = EUCHRE.view_for(state, seat)
        state = EUCHRE.apply(
            state, seat, NORMAL.choose(view, seat, EUCHRE.legal_moves(view, seat))
        )[0]
    return state


def test_the_ai_does_not_order_up_on_most_deals() -> None:
    deals = [bid_out(seed) for seed in range(2000)]
    ordered_up = [s for s in deals if s.turned_down is None]
    forced = [s for s in ordered_up if s.maker != s.dealer]
    assert 0.15 <= len(ordered_up) / 2000 <= 0.55
    assert len(forced) / 2000 <= 0.45
    assert all(s.phase in (Phase.DEALER_DISCARD, Phase.PLAYING) for s in deals)


def test_going_alone_stays_rare() -> None:
    alone = sum(bid_out(seed).alone_seat is not None for seed in range(1000))
    assert 0 < alone <= 120


# ---- self-play ---------------------------------------------------------------------

LEVELS = EUCHRE.levels


def mixed_game(seed: int) -> tuple[TableConfig, list[Player[EuchreState, EuchreMove]]]:
    """A seat mix and an option mix chosen by the seed, toggles included."""
    options = {
        "deckSize": 32 if seed % 5 == 0 else 24,
        "stickTheDealer": seed % 3 != 0,
        "allowGoingAlone": seed % 7 != 0,
        "pointsToWin": 5 + seed % 7,
        "defendAlone": seed % 4 == 1,
        "farmersHand": seed % 4 == 2,
    }
    players = [
        EUCHRE.player(LEVELS[(seed >> (2 * seat)) % 4], seed * 4 + seat) for seat in range(4)
    ]
    return config(seed, **options), players


def test_a_thousand_mixed_self_play_games_finish_without_an_illegal_move() -> None:
    kinds = set()
    for seed in range(1000):
        cfg, players = mixed_game(seed)
        result = play(EUCHRE, cfg, players, checked=True)
        outcome, final = result.outcome, result.state
        assert outcome is not None and outcome.winning_team is not None
        assert final.scores[outcome.winning_team] >= final.options.points_to_win
        assert final.scores[1 - outcome.winning_team] < final.options.points_to_win
        kinds.update(type(m).__name__ for _, m in result.moves)
    assert kinds == {
        "Pass",
        "OrderUp",
        "CallTrump",
        "Discard",
        "PlayCard",
        "DefendAlone",
        "FarmersHand",
    }


def test_replaying_a_seed_and_its_moves_reproduces_the_game_byte_for_byte() -> None:
    for seed in (3, 1786000000123, -(2**63)):
        cfg, players = mixed_game(seed % 1000)
        cfg = cfg.model_copy(update={"seed": seed})
        first = play(EUCHRE, cfg, players)
        _, again = mixed_game(seed % 1000)
        second = play(EUCHRE, cfg, again)
        assert first.moves == second.moves
        assert EUCHRE.encode_state(first.state) == EUCHRE.encode_state(second.state)
        rebuilt = replay(EUCHRE, cfg, first.moves)
        assert EUCHRE.encode_state(rebuilt) == EUCHRE.encode_state(first.state)
        text = [EUCHRE.encode_move(m) for _, m in first.moves]
        decoded = [(s, EUCHRE.decode_move(t)) for (s, _), t in zip(first.moves, text, strict=True)]
        assert EUCHRE.encode_state(replay(EUCHRE, cfg, decoded)) == EUCHRE.encode_state(rebuilt)


def test_an_ai_partnership_beats_a_random_one() -> None:
    wins = 0
    for seed in range(20):
        ai_team = seed % 2
        players = [
            EUCHRE.player("normal" if seat % 2 == ai_team else "random", seed * 4 + seat)
            for seat in range(4)
        ]
        outcome = play(EUCHRE, config(seed), players).outcome
        assert outcome is not None
        wins += outcome.winning_team == ai_team
    assert wins >= 18


# ---- levels ------------------------------------------------------------------------


def test_levels_and_players() -> None:
    assert EUCHRE.levels == ("random", "easy", "normal", "cautious", "hard")
    assert EUCHRE.default_level == "normal"
    assert isinstance(EUCHRE.player("random", 1), RandomPlayer)
    assert isinstance(EUCHRE.player("hard", 1), HardEuchreAi)
    for level, bid, alone in [("easy", 21, 32), ("normal", 24, 32), ("cautious", 27, 31)]:
        ai = EUCHRE.player(level, 0)
        assert isinstance(ai, EuchreAi) and (ai.bid, ai.alone) == (bid, alone)
    with pytest.raises(BadOptions) as err:
        EUCHRE.player("expert", 0)
    assert err.value.reason == (
        "unknown AI level 'expert'; the levels are random, easy, normal, cautious, hard"
    )


def test_levels_differ_in_how_often_they_bid() -> None:
    def order_ups(level: str) -> int:
        ai = EuchreAi(level)
        count = 0
        for seed in range(300):
            state = EUCHRE.initial_state(config(seed))
            view = EUCHRE.view_for(state, 1)
            count += isinstance(ai.choose(view, 1, EUCHRE.legal_moves(view, 1)), OrderUp)
        return count

    easy, normal, cautious = order_ups("easy"), order_ups("normal"), order_ups("cautious")
    assert easy > normal > cautious


def test_the_ai_reads_nothing_but_its_own_view() -> None:
    """Handed the full state instead of its view, the AI chooses the same move."""
    rng_moves = RandomPlayer(5)
    state = EUCHRE.initial_state(config(77))
    for _ in range(60):
        if EUCHRE.is_finished(state):
            break
        if EUCHRE.can_advance(state):
            state = EUCHRE.advance(state).state
            continue
        seat = EUCHRE.to_move(state)
        assert seat is not None
        view = EUCHRE.view_for(state, seat)
        legal = EUCHRE.view_legal_moves(view, seat)
        assert legal == EUCHRE.legal_moves(state, seat)
        full_choice = NORMAL.choose(state.copy(), seat, legal)
        assert NORMAL.choose(view, seat, legal) == full_choice
        state = EUCHRE.apply(state, seat, rng_moves.choose(view, seat, legal)).state
