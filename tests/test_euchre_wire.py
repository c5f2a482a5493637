r"""Euchre's JSON against the app's bytes: the literal examples of NATIVE §5.2.9
(views carry seed 0, NATIVE §0), the deal vectors of §7.5, options, and the
refusals for malformed options, moves and states."""

import json
from typing import Any

import pytest

from engine.cards import Suit, code, parse_code
from engine.errors import BadMove, BadOptions, BadState
from engine.euchre.game import EUCHRE
from engine.euchre.moves import (
    CALL_TRUMP,
    DEFEND_ALONE,
    FARMERS_HAND,
    ORDER_UP,
    PASS,
    CallTrump,
    Discard,
    EuchreMove,
    PlayCard,
)
from engine.euchre.options import EuchreOptions
from engine.euchre.rules import shuffled_deck
from engine.euchre.state import EuchreState
from engine.protocol import TableConfig

SEED = 1786000000123

STATE_LINE_SEQ_1 = r"""{"t":"state","seq":1,"yourSeat":1,"stateJson":"{\"options\":{\"deckSize\":24,\"stickTheDealer\":true,\"allowGoingAlone\":true,\"pointsToWin\":10},\"seed\":1786000000123,\"handNumber\":0,\"dealer\":0,\"phase\":\"BID_ROUND_1\",\"hands\":[[],[{\"rank\":\"ACE\",\"suit\":\"DIAMONDS\"},{\"rank\":\"NINE\",\"suit\":\"DIAMONDS\"},{\"rank\":\"JACK\",\"suit\":\"HEARTS\"},{\"rank\":\"JACK\",\"suit\":\"DIAMONDS\"},{\"rank\":\"KING\",\"suit\":\"DIAMONDS\"}],[],[]],\"handCounts\":[5,5,5,5],\"upCard\":{\"rank\":\"JACK\",\"suit\":\"SPADES\"},\"turnedDown\":null,\"trump\":null,\"maker\":null,\"aloneSeat\":null,\"turn\":1,\"passes\":0,\"trick\":[],\"completedTrick\":[],\"leader\":1,\"tricksWon\":[0,0,0,0],\"scores\":[0,0],\"lastTrickWinner\":null,\"log\":[\"Hand 1 — dealer is seat 0.\"]}","legalMoves":["{\"type\":\"order_up\",\"alone\":false}","{\"type\":\"order_up\",\"alone\":true}","{\"type\":\"pass\"}"]}"""  # noqa: E501

STATE_LINE_SEQ_4 = r"""{"t":"state","seq":4,"yourSeat":0,"stateJson":"{\"options\":{\"deckSize\":24,\"stickTheDealer\":true,\"allowGoingAlone\":true,\"pointsToWin\":10},\"seed\":1786000000123,\"handNumber\":0,\"dealer\":0,\"phase\":\"DEALER_DISCARD\",\"hands\":[[{\"rank\":\"KING\",\"suit\":\"HEARTS\"},{\"rank\":\"NINE\",\"suit\":\"CLUBS\"},{\"rank\":\"NINE\",\"suit\":\"SPADES\"},{\"rank\":\"TEN\",\"suit\":\"DIAMONDS\"},{\"rank\":\"ACE\",\"suit\":\"CLUBS\"},{\"rank\":\"JACK\",\"suit\":\"SPADES\"}],[],[],[]],\"handCounts\":[6,5,5,5],\"upCard\":null,\"turnedDown\":null,\"trump\":\"SPADES\",\"maker\":3,\"aloneSeat\":null,\"turn\":0,\"passes\":2,\"trick\":[],\"completedTrick\":[],\"leader\":1,\"tricksWon\":[0,0,0,0],\"scores\":[0,0],\"lastTrickWinner\":null,\"log\":[\"Hand 1 — dealer is seat 0.\",\"Seat 1 passes.\",\"Seat 2 passes.\",\"Seat 3 orders up ♠.\"]}","legalMoves":["{\"type\":\"discard\",\"card\":{\"rank\":\"KING\",\"suit\":\"HEARTS\"}}","{\"type\":\"discard\",\"card\":{\"rank\":\"NINE\",\"suit\":\"CLUBS\"}}","{\"type\":\"discard\",\"card\":{\"rank\":\"NINE\",\"suit\":\"SPADES\"}}","{\"type\":\"discard\",\"card\":{\"rank\":\"TEN\",\"suit\":\"DIAMONDS\"}}","{\"type\":\"discard\",\"card\":{\"rank\":\"ACE\",\"suit\":\"CLUBS\"}}","{\"type\":\"discard\",\"card\":{\"rank\":\"JACK\",\"suit\":\"SPADES\"}}"]}"""  # noqa: E501

SEAT_1_AFTER_FIRST_TRICK = """
{"options":{"deckSize":24,"stickTheDealer":true,"allowGoingAlone":true,"pointsToWin":10},
 "seed":1786000000123,"handNumber":0,"dealer":0,"phase":"PLAYING",
 "hands":[[],[{"rank":"NINE","suit":"DIAMONDS"},{"rank":"JACK","suit":"HEARTS"},{"rank":"JACK","suit":"DIAMONDS"},{"rank":"KING","suit":"DIAMONDS"}],[],[]],
 "handCounts":[4,4,4,3],"upCard":null,"turnedDown":null,"trump":"SPADES","maker":3,"aloneSeat":null,
 "turn":0,"passes":0,"trick":[{"seat":3,"card":{"rank":"QUEEN","suit":"CLUBS"}}],"completedTrick":[],
 "leader":3,"tricksWon":[0,0,0,1],"scores":[0,0],"lastTrickWinner":3,
 "log":["Hand 1 — dealer is seat 0.","Seat 1 passes.","Seat 2 passes.","Seat 3 orders up ♠.","Dealer discards.","Seat 3 takes the trick."]}
"""  # noqa: E501

SEAT_0_MOVES_THERE = r"""["{\"type\":\"play\",\"card\":{\"rank\":\"ACE\",\"suit\":\"CLUBS\"}}"]"""

ROUND_2_MOVES = r"""["{\"type\":\"call_trump\",\"suit\":\"CLUBS\",\"alone\":false}","{\"type\":\"call_trump\",\"suit\":\"CLUBS\",\"alone\":true}","{\"type\":\"call_trump\",\"suit\":\"DIAMONDS\",\"alone\":false}","{\"type\":\"call_trump\",\"suit\":\"DIAMONDS\",\"alone\":true}","{\"type\":\"call_trump\",\"suit\":\"HEARTS\",\"alone\":false}","{\"type\":\"call_trump\",\"suit\":\"HEARTS\",\"alone\":true}","{\"type\":\"pass\"}"]"""  # noqa: E501


def seat_payload(line: str) -> tuple[str, list[str]]:
    """The view (seed zeroed, as the daemon sends it) and legal moves of a `state` line."""
    envelope = json.loads(line)
    state_json = envelope["stateJson"].replace(f'"seed":{SEED}', '"seed":0')
    return state_json, envelope["legalMoves"]


def sent_to(state: EuchreState, seat: int) -> tuple[str, list[str]]:
    view = EUCHRE.view_for(state, seat)
    return EUCHRE.encode_view(view), [
        EUCHRE.encode_move(m) for m in EUCHRE.view_legal_moves(view, seat)
    ]


def card(text: str) -> int:
    parsed = parse_code(text)
    assert parsed is not None
    return parsed


def golden_game() -> EuchreState:
    return EUCHRE.initial_state(TableConfig(game="euchre", seed=SEED))


def apply(state: EuchreState, *moves: EuchreMove) -> EuchreState:
    for move in moves:
        seat = EUCHRE.to_move(state)
        assert seat is not None
        state = EUCHRE.apply(state, seat, move).state
    return state


# ---- NATIVE §5.2.9 -----------------------------------------------------------------


def test_the_deal_of_hand_0() -> None:
    state = golden_game()
    dealt = [" ".join(code(c) for c in hand) for hand in state.hands]
    assert dealt == ["KH 9C 9S 10D AC", "AD 9D JH JD KD", "QH 10C QD AS 9H", "JC QC QS 10H 10S"]
    assert state.up_card == card("JS") and state.dealer == 0 and EUCHRE.to_move(state) == 1


def test_state_for_seat_1_at_the_deal_is_the_apps_bytes() -> None:
    assert sent_to(golden_game(), 1) == seat_payload(STATE_LINE_SEQ_1)


def test_state_for_the_dealer_to_discard_is_the_apps_bytes() -> None:
    state = apply(golden_game(), PASS, PASS, ORDER_UP[False])
    assert sent_to(state, 0) == seat_payload(STATE_LINE_SEQ_4)


def test_seat_1_after_the_first_trick_is_the_apps_bytes() -> None:
    state = apply(golden_game(), PASS, PASS, ORDER_UP[False], Discard(card("9C")))
    state = apply(state, *(PlayCard(card(x)) for x in ("AD", "QD", "JC", "10D")))
    assert state.trick == [] and len(state.completed_trick) == 4
    assert [(p.seat, code(p.card)) for p in state.completed_trick] == [
        (1, "AD"),
        (2, "QD"),
        (3, "JC"),
        (0, "10D"),
    ]
    state = apply(state, PlayCard(card("QC")))
    expected = "".join(line.strip() for line in SEAT_1_AFTER_FIRST_TRICK.splitlines())
    assert EUCHRE.encode_view(EUCHRE.view_for(state, 1)) == expected.replace(
        f'"seed":{SEED}', '"seed":0'
    )
    assert sent_to(state, 0)[1] == json.loads(SEAT_0_MOVES_THERE)


def test_round_two_legal_moves_and_the_stuck_dealer() -> None:
    state = apply(golden_game(), PASS, PASS, PASS, PASS)
    assert state.log[-2:] == ["Seat 0 passes.", "J♠ turned down."]
    assert sent_to(state, 1)[1] == json.loads(ROUND_2_MOVES)
    stuck = apply(state, PASS, PASS, PASS)
    assert EUCHRE.to_move(stuck) == 0
    assert sent_to(stuck, 0)[1] == json.loads(ROUND_2_MOVES)[:-1]


# ---- NATIVE §7.5 -------------------------------------------------------------------

DECK_VECTORS = [
    (24, 42, 0, "AS QS 9D QH KH AD JH KD 10H JS 9S AH 9C KC 9H JC QC KS QD 10C JD 10S 10D AC"),
    (24, 42, 1, "AC KC 9S JH QD 10S KS JD 10C 9H AH KH KD AS AD 10H JS QH 10D QC QS JC 9D 9C"),
    (24, SEED, 0, "KH 9C 9S 10D AC AD 9D JH JD KD QH 10C QD AS 9H JC QC QS 10H 10S JS KS KC AH"),
    (24, SEED, 1, "QS 9D KS AS KD 9C 10S QD KC 9H AC JC QC 10C 10D JD KH QH 10H AH JS AD JH 9S"),
    (
        32,
        42,
        0,
        "JC JD 10C QH AS 8H 7D AH QC 7C KC JH 8S 9C 9D 8D 7S KD KS 10H KH 9H 7H 10S 9S QS AD "
        "QD 8C 10D JS AC",
    ),
]


@pytest.mark.parametrize(("size", "seed", "hand", "expected"), DECK_VECTORS)
def test_shuffled_decks_match_the_kotlin_vectors(
    size: int, seed: int, hand: int, expected: str
) -> None:
    assert " ".join(code(c) for c in shuffled_deck(seed, hand, size)) == expected


def test_seed_42_deals_hands_and_up_card_from_the_deck() -> None:
    state = EUCHRE.initial_state(TableConfig(game="euchre", seed=42))
    assert [" ".join(code(c) for c in h) for h in state.hands] == [
        "AS QS 9D QH KH",
        "AD JH KD 10H JS",
        "9S AH 9C KC 9H",
        "JC QC KS QD 10C",
    ]
    assert code(state.up_card or 0) == "JD"


def test_deal_seed_arithmetic_wraps_like_a_kotlin_long() -> None:
    top = 2**63 - 1
    state = EUCHRE.initial_state(TableConfig(game="euchre", seed=top))
    assert state.seed == top
    # hand 1 of seed 2**63-1 is dealt from Random(-2**63 + 7918).
    assert shuffled_deck(top, 1, 24) == shuffled_deck(-(2**63) + 7918, 0, 24)


# ---- options -----------------------------------------------------------------------


def test_default_options_are_the_apps() -> None:
    options = EUCHRE.parse_options({})
    assert isinstance(options, EuchreOptions)
    assert options.to_wire() == {
        "deckSize": 24,
        "stickTheDealer": True,
        "allowGoingAlone": True,
        "pointsToWin": 10,
    }
    assert list(options.to_wire()) == [
        "deckSize",
        "stickTheDealer",
        "allowGoingAlone",
        "pointsToWin",
    ]
    assert EUCHRE.app_compatible(options) is None
    assert EUCHRE.app_options_json(options) == (
        '{"deckSize":24,"stickTheDealer":true,"allowGoingAlone":true,"pointsToWin":10}'
    )


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ({"deckSize": 30}, "deckSize: Input should be 24 or 32 (got 30)"),
        ({"pointsToWin": 0}, "pointsToWin: Input should be greater than 0 (got 0)"),
        ({"pointsToWin": 2**31}, "pointsToWin: Input should be less than or equal to 2147483647"),
        ({"pointsToWin": True}, "pointsToWin: Input should be a valid integer (got True)"),
        ({"stickTheDealer": "yes"}, "stickTheDealer: Input should be a valid boolean (got 'yes')"),
        ({"decksize": 24}, "decksize: unknown option; the options are deckSize, stickTheDealer"),
    ],
)
def test_bad_options_are_refused_naming_the_field(raw: dict[str, Any], reason: str) -> None:
    with pytest.raises(BadOptions) as err:
        EUCHRE.parse_options(raw)
    assert err.value.reason.startswith(reason)


def test_unknown_option_lists_every_option_by_its_app_name() -> None:
    with pytest.raises(BadOptions) as err:
        EUCHRE.parse_options({"trumpless": True})
    assert err.value.reason == (
        "trumpless: unknown option; the options are deckSize, stickTheDealer, "
        "allowGoingAlone, pointsToWin, defendAlone, farmersHand"
    )


def test_euchre_needs_exactly_four_seats() -> None:
    options = EUCHRE.parse_options({})
    assert EUCHRE.seat_counts(options) == (4,)
    assert EUCHRE.teams(options, 4) == (0, 1, 0, 1)
    with pytest.raises(BadOptions) as err:
        EUCHRE.initial_state(TableConfig(game="euchre", seats=3, seed=1))
    assert err.value.reason == "seats: Euchre with these options needs 4 seats, not 3"


def test_toggles_extend_the_options_and_turn_app_clients_away() -> None:
    options = EUCHRE.parse_options({"defendAlone": True, "deckSize": 32})
    assert options.to_wire() == {
        "deckSize": 32,
        "stickTheDealer": True,
        "allowGoingAlone": True,
        "pointsToWin": 10,
        "defendAlone": True,
        "farmersHand": False,
    }
    reason = EUCHRE.app_compatible(options)
    assert reason is not None and "defend alone" in reason and "farmer" not in reason
    both = EUCHRE.parse_options({"defendAlone": True, "farmersHand": True})
    assert "defend alone and farmer's hand" in (EUCHRE.app_compatible(both) or "")


# ---- moves -------------------------------------------------------------------------

APP_MOVES: list[tuple[str, EuchreMove]] = [
    ('{"type":"pass"}', PASS),
    ('{"type":"order_up","alone":false}', ORDER_UP[False]),
    ('{"type":"call_trump","suit":"HEARTS","alone":false}', CALL_TRUMP[Suit.HEARTS][False]),
    ('{"type":"discard","card":{"rank":"NINE","suit":"CLUBS"}}', Discard(card("9C"))),
    ('{"type":"play","card":{"rank":"ACE","suit":"SPADES"}}', PlayCard(card("AS"))),
    ('{"type":"defend_alone"}', DEFEND_ALONE),
    ('{"type":"farmers_hand"}', FARMERS_HAND),
]


@pytest.mark.parametrize(("text", "move"), APP_MOVES)
def test_moves_encode_as_the_app_does_and_round_trip(text: str, move: EuchreMove) -> None:
    assert EUCHRE.encode_move(move) == text
    assert EUCHRE.decode_move(text) == move


def test_decoding_accepts_the_discriminator_anywhere_and_ignores_unknown_keys() -> None:
    text = '{"alone":true,"extra":[1,2],"suit":"SPADES","type":"call_trump"}'
    assert EUCHRE.decode_move(text) == CallTrump(Suit.SPADES, True)
    text = '{"card":{"suit":"HEARTS","rank":"TEN","x":0},"type":"play","why":null}'
    assert EUCHRE.decode_move(text) == PlayCard(card("10H"))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "a move must be JSON text: Expecting value: line 1 column 1 (char 0)"),
        ('"pass"', 'a move must be a JSON object with a "type"'),
        ("[]", 'a move must be a JSON object with a "type"'),
        (
            '{"alone":false}',
            'the move has no "type"; expected one of pass, order_up, call_trump, discard, '
            "play, defend_alone, farmers_hand",
        ),
        ('{"type":"bid"}', "unknown move type 'bid'; expected one of pass, order_up"),
        ('{"type":["pass"]}', "unknown move type ['pass']; expected one of pass"),
        ('{"type":"order_up"}', 'order_up: the field "alone" is required'),
        (
            '{"type":"order_up","alone":"true"}',
            "order_up: \"alone\" must be true or false, not 'true'",
        ),
        ('{"type":"order_up","alone":null}', 'order_up: "alone" must be true or false, not None'),
        ('{"type":"call_trump","alone":false}', 'call_trump: the field "suit" is required'),
        (
            '{"type":"call_trump","suit":"hearts","alone":false}',
            "call_trump: unknown suit 'hearts'; expected one of CLUBS, DIAMONDS, HEARTS, SPADES",
        ),
        ('{"type":"call_trump","suit":"HEARTS"}', 'call_trump: the field "alone" is required'),
        ('{"type":"play"}', 'play: the field "card" is required'),
        ('{"type":"play","card":"AS"}', "play: a card must be an object with rank and suit"),
        (
            '{"type":"discard","card":{"rank":"ELEVEN","suit":"CLUBS"}}',
            "discard: unknown rank 'ELEVEN'; expected one of TWO, THREE",
        ),
        (
            '{"type":"play","card":{"rank":"NINE"}}',
            "play: unknown suit None; expected one of CLUBS, DIAMONDS, HEARTS, SPADES",
        ),
    ],
)
def test_malformed_moves_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(BadMove) as err:
        EUCHRE.decode_move(text)
    assert err.value.reason.startswith(reason)


def test_a_well_formed_move_for_a_missing_toggle_is_refused_by_the_rules() -> None:
    state = golden_game()
    move = EUCHRE.decode_move('{"type":"defend_alone"}')
    assert not EUCHRE.is_legal(state, 1, move)
    assert EUCHRE.why_illegal(state, 1, move) == "Defending alone is not played at this table."
    move = EUCHRE.decode_move('{"type":"farmers_hand"}')
    assert EUCHRE.why_illegal(state, 1, move) == "Farmer's hand is not played at this table."


# ---- states ------------------------------------------------------------------------


def test_full_state_round_trips_and_keeps_the_seed() -> None:
    state = apply(golden_game(), PASS, PASS, ORDER_UP[True], Discard(card("9C")))
    text = EUCHRE.encode_state(state)
    assert json.loads(text)["seed"] == SEED
    decoded = EUCHRE.decode_state(text)
    assert decoded == state
    assert EUCHRE.encode_state(decoded) == text


def test_a_view_decodes_as_the_app_would_read_it() -> None:
    line = json.loads(STATE_LINE_SEQ_1)["stateJson"]
    decoded = EUCHRE.decode_state(line)
    assert decoded.seed == SEED and decoded.hands[0] == [] and len(decoded.hands[1]) == 5
    assert decoded.hand_counts == [5, 5, 5, 5]
    # `completedTrick` is optional (absent before 39a312b) and unknown keys are ignored.
    old = json.loads(line)
    del old["completedTrick"]
    old["somethingNew"] = 1
    assert EUCHRE.decode_state(json.dumps(old)).completed_trick == []


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (lambda d: d.pop("upCard"), "upCard: Field required"),
        (lambda d: d.update(phase="BIDDING"), "phase: Value error, expected one of BID_ROUND_1"),
        (lambda d: d.update(trump="STARS"), "trump: Value error, expected one of CLUBS"),
        (lambda d: d.update(dealer=4), "dealer: Input should be less than or equal to 3"),
        (lambda d: d.update(hands=[[]]), "hands: List should have at least 4 items"),
        (lambda d: d["hands"][1].append({"rank": "ONE", "suit": "CLUBS"}), "hands.1.5: Value"),
        (lambda d: d["options"].update(deckSize=20), "options.deckSize: Input should be 24 or 32"),
    ],
)
def test_bad_states_are_refused_with_the_place_named(mutate: Any, reason: str) -> None:
    data = json.loads(EUCHRE.encode_state(golden_game()))
    mutate(data)
    with pytest.raises(BadState) as err:
        EUCHRE.decode_state(json.dumps(data))
    assert err.value.reason.startswith(reason)


def test_not_json_is_a_bad_state() -> None:
    with pytest.raises(BadState):
        EUCHRE.decode_state("{")
