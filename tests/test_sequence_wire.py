"""The app's Sequence JSON, byte for byte (NATIVE.md §2, §5.3.3–5.3.4, §5.3.9),
and the refusal of malformed moves (RULINGS 16)."""

import json

import pytest

from engine.cards import parse_code
from engine.errors import BadMove, BadState
from engine.jsonwire import dumps
from engine.protocol import TableConfig
from engine.sequence.game import SEQUENCE
from engine.sequence.moves import EXCHANGE, PLACE, REMOVE, Move
from engine.sequence.state import SequenceState

SEED = 1786000000123

# NATIVE.md §5.3.9, verbatim: seat 1's `state` line at the start …
START_LINE = r'{"t":"state","seq":1,"yourSeat":1,"stateJson":"{\"options\":{\"teamCount\":2,\"playersPerTeam\":1,\"sequencesToWin\":2,\"deadCardExchange\":true},\"seed\":1786000000123,\"teams\":[0,1],\"chips\":[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1],\"locked\":[false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false],\"hands\":[[],[{\"rank\":\"TEN\",\"suit\":\"SPADES\"},{\"rank\":\"THREE\",\"suit\":\"HEARTS\"},{\"rank\":\"JACK\",\"suit\":\"CLUBS\"},{\"rank\":\"KING\",\"suit\":\"DIAMONDS\"},{\"rank\":\"JACK\",\"suit\":\"SPADES\"},{\"rank\":\"ACE\",\"suit\":\"SPADES\"},{\"rank\":\"SEVEN\",\"suit\":\"DIAMONDS\"}]],\"handCounts\":[7,7],\"drawPile\":[],\"discardPile\":[],\"turn\":0,\"sequencesByTeam\":[0,0],\"winner\":null,\"phase\":\"PLAYING\",\"exchangedThisTurn\":false,\"lastPlacedCell\":null,\"log\":[\"Sequence — 2 teams, first to 2.\"]}","legalMoves":[]}'  # noqa: E501
# … and seat 1's stateJson after seat 0 plays K♥ on 29.
AFTER_KH_29 = '{"options":{"teamCount":2,"playersPerTeam":1,"sequencesToWin":2,"deadCardExchange":true},"seed":1786000000123,"teams":[0,1],"chips":[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1],"locked":[false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false,false],"hands":[[],[{"rank":"TEN","suit":"SPADES"},{"rank":"THREE","suit":"HEARTS"},{"rank":"JACK","suit":"CLUBS"},{"rank":"KING","suit":"DIAMONDS"},{"rank":"JACK","suit":"SPADES"},{"rank":"ACE","suit":"SPADES"},{"rank":"SEVEN","suit":"DIAMONDS"}]],"handCounts":[7,7],"drawPile":[],"discardPile":[{"rank":"KING","suit":"HEARTS"}],"turn":1,"sequencesByTeam":[0,0],"winner":null,"phase":"PLAYING","exchangedThisTurn":false,"lastPlacedCell":29,"log":["Sequence — 2 teams, first to 2.","Seat 0 plays K♥."]}'  # noqa: E501


def c(text: str) -> int:
    parsed = parse_code(text)
    assert parsed is not None
    return parsed


def start() -> SequenceState:
    return SEQUENCE.initial_state(TableConfig(game="sequence", seed=SEED))


def without_seed(text: str) -> str:
    """Views carry seed 0 (NATIVE.md §0); everything else is the app's literal."""
    assert text.count(str(SEED)) == 1
    return text.replace(str(SEED), "0")


def test_seat_1s_view_at_the_start_is_the_apps_state_line() -> None:
    state = start()
    view = SEQUENCE.view_for(state, 1)
    line = dumps(
        {
            "t": "state",
            "seq": 1,
            "yourSeat": 1,
            "stateJson": SEQUENCE.encode_view(view),
            "legalMoves": [SEQUENCE.encode_move(m) for m in SEQUENCE.view_legal_moves(view, 1)],
        }
    )
    assert line == without_seed(START_LINE)


def test_the_full_state_keeps_the_seed_for_storage() -> None:
    state = start()
    stored = SEQUENCE.encode_state(state)
    app_json = json.loads(START_LINE)["stateJson"]
    full = json.loads(stored)
    assert full["seed"] == SEED
    assert full["drawPile"][:3] == [
        {"rank": "THREE", "suit": "CLUBS"},
        {"rank": "TEN", "suit": "CLUBS"},
        {"rank": "FIVE", "suit": "HEARTS"},
    ]
    assert len(full["hands"][0]) == 7
    assert list(full) == list(json.loads(app_json))


def test_seat_0s_fourteen_legal_moves_in_order() -> None:
    moves = SEQUENCE.legal_moves(start(), 0)
    expected = [
        ("KH", 29), ("KH", 63), ("6H", 30), ("6H", 91), ("4H", 19), ("4H", 38), ("7H", 50),
        ("7H", 72), ("QS", 59), ("QS", 86), ("KS", 25), ("KS", 92), ("8H", 5), ("8H", 35),
    ]  # fmt: skip
    assert moves == [Move("place", c(card), cell) for card, cell in expected]
    assert [SEQUENCE.encode_move(m) for m in moves[:2]] == [
        '{"type":"place","card":{"rank":"KING","suit":"HEARTS"},"cell":29}',
        '{"type":"place","card":{"rank":"KING","suit":"HEARTS"},"cell":63}',
    ]


def test_seat_1s_view_after_king_of_hearts_on_29() -> None:
    state = SEQUENCE.apply(start(), 0, PLACE[c("KH")][29]).state
    assert SEQUENCE.encode_view(SEQUENCE.view_for(state, 1)) == without_seed(AFTER_KH_29)
    assert SEQUENCE.encode_state(state) != AFTER_KH_29, "the stored state has the hidden parts"


def test_seat_1s_106_legal_moves_after_king_of_hearts_on_29() -> None:
    state = SEQUENCE.apply(start(), 0, PLACE[c("KH")][29]).state
    wild = [cell for cell in range(1, 99) if cell not in (9, 29, 90)]
    expected = [
        PLACE[c("10S")][15],
        PLACE[c("10S")][70],
        PLACE[c("3H")][10],
        PLACE[c("3H")][68],
        *(PLACE[c("JC")][cell] for cell in wild),
        PLACE[c("KD")][22],
        PLACE[c("KD")][82],
        REMOVE[c("JS")][29],
        PLACE[c("AS")][21],
        PLACE[c("AS")][55],
        PLACE[c("7D")][34],
        PLACE[c("7D")][79],
    ]
    moves = SEQUENCE.legal_moves(state, 1)
    assert len(wild) == 95 and len(moves) == 106
    assert moves == expected
    view = SEQUENCE.view_for(state, 1)
    assert SEQUENCE.view_legal_moves(view, 1) == moves
    encoded = [SEQUENCE.encode_move(m) for m in moves]
    assert encoded[0] == '{"type":"place","card":{"rank":"TEN","suit":"SPADES"},"cell":15}'
    assert encoded[4] == '{"type":"place","card":{"rank":"JACK","suit":"CLUBS"},"cell":1}'
    assert encoded[101] == '{"type":"remove","card":{"rank":"JACK","suit":"SPADES"},"cell":29}'
    # As the envelope carries them: JSON texts inside a JSON array.
    assert dumps(encoded[:1]) == (
        r'["{\"type\":\"place\",\"card\":{\"rank\":\"TEN\",\"suit\":\"SPADES\"},\"cell\":15}"]'
    )


def test_options_json_is_the_setup_screens() -> None:
    """As in the app's `start` line of NATIVE.md §3.2, and in every stateJson."""
    options = SEQUENCE.parse_options({})
    assert SEQUENCE.app_options_json(options) == (
        '{"teamCount":2,"playersPerTeam":1,"sequencesToWin":2,"deadCardExchange":true}'
    )
    three = SEQUENCE.parse_options({"teamCount": 3, "playersPerTeam": 2})
    assert SEQUENCE.app_options_json(three) == (
        '{"teamCount":3,"playersPerTeam":2,"sequencesToWin":1,"deadCardExchange":true}'
    )


def test_spectators_see_no_hand() -> None:
    view = json.loads(SEQUENCE.encode_view(SEQUENCE.view_for(start(), None)))
    assert view["hands"] == [[], []]
    assert view["handCounts"] == [7, 7]
    assert view["seed"] == 0 and view["drawPile"] == []


# ---- moves ---------------------------------------------------------------------


def test_move_literals_of_the_app() -> None:
    literals = {
        '{"type":"place","card":{"rank":"ACE","suit":"HEARTS"},"cell":12}': PLACE[c("AH")][12],
        '{"type":"remove","card":{"rank":"JACK","suit":"SPADES"},"cell":40}': REMOVE[c("JS")][40],
        '{"type":"exchange","card":{"rank":"TWO","suit":"CLUBS"}}': EXCHANGE[c("2C")],
    }
    for text, move in literals.items():
        assert SEQUENCE.decode_move(text) == move
        assert SEQUENCE.encode_move(move) == text


def test_moves_decode_with_type_anywhere_and_unknown_keys_ignored() -> None:
    text = '{"cell":7,"extra":[1,2],"card":{"suit":"DIAMONDS","rank":"JACK","x":0},"type":"place"}'
    assert SEQUENCE.decode_move(text) == PLACE[c("JD")][7]
    text = '{"card":{"rank":"NINE","suit":"CLUBS"},"cell":"ignored","type":"exchange"}'
    assert SEQUENCE.decode_move(text) == EXCHANGE[c("9C")]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("place 7D 34", "a move must be JSON text"),
        ("", "a move must be JSON text"),
        ("[1, 2]", "a move must be a JSON object, not list"),
        ('"place"', "a move must be a JSON object, not str"),
        (
            '{"card":{"rank":"TWO","suit":"CLUBS"}}',
            'a move needs a type of "place", "remove", "exchange"; this one has no type',
        ),
        ('{"type":"play","card":{"rank":"TWO","suit":"CLUBS"}}', "this one has type 'play'"),
        ('{"type":"place","cell":3}', 'a place move needs a "card"'),
        ('{"type":"place","card":"7D","cell":3}', "a card must be an object with rank and suit"),
        ('{"type":"place","card":{"rank":"ELEVEN","suit":"CLUBS"},"cell":3}', "unknown rank"),
        ('{"type":"remove","card":{"rank":"JACK","suit":"STARS"},"cell":3}', "unknown suit"),
        ('{"type":"place","card":{"rank":"TWO","suit":"CLUBS"}}', 'a place move needs a "cell"'),
        ('{"type":"remove","card":{"rank":"JACK","suit":"SPADES"},"cell":null}', "needs a"),
        ('{"type":"place","card":{"rank":"TWO","suit":"CLUBS"},"cell":"12"}', "whole number"),
        ('{"type":"place","card":{"rank":"TWO","suit":"CLUBS"},"cell":true}', "whole number"),
        ('{"type":"place","card":{"rank":"TWO","suit":"CLUBS"},"cell":12.5}', "whole number"),
        ('{"type":"place","card":{"rank":"TWO","suit":"CLUBS"},"cell":100}', "0 to 99, not 100"),
        ('{"type":"place","card":{"rank":"TWO","suit":"CLUBS"},"cell":-1}', "0 to 99, not -1"),
    ],
)
def test_malformed_moves_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(BadMove) as err:
        SEQUENCE.decode_move(text)
    assert reason in err.value.reason


# ---- stored states ---------------------------------------------------------------


def test_a_stored_state_round_trips_exactly() -> None:
    state = SEQUENCE.apply(start(), 0, PLACE[c("KH")][29]).state
    text = SEQUENCE.encode_state(state)
    again = SEQUENCE.decode_state(text)
    assert again == state
    assert SEQUENCE.encode_state(again) == text
    # A view decodes too (its parts are simply empty).
    view = SEQUENCE.view_for(state, 1)
    assert SEQUENCE.decode_state(SEQUENCE.encode_view(view)) == view


def edited(**changes: object) -> str:
    data = json.loads(SEQUENCE.encode_state(start()))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not a Sequence state"),
        (edited(chips=[-1] * 99), "chips"),
        (edited(phase="OVER"), "phase"),
        (edited(winner="0"), "winner"),
        (edited(options={"teamCount": 5}), "teamCount"),
        (edited(teams=[0, 1, 0]), "teams has 3 seats, not 2"),
        (edited(turn=2), "turn 2 is not a seat"),
        (edited(chips=[3] * 100), "chips must be -1 or a team"),
        (edited(lastPlacedCell=100), "lastPlacedCell 100 is not a square"),
    ],
)
def test_a_bad_stored_state_is_refused(text: str, reason: str) -> None:
    with pytest.raises(BadState) as err:
        SEQUENCE.decode_state(text)
    assert reason in err.value.reason


def test_a_state_missing_a_required_key_is_refused() -> None:
    data = json.loads(SEQUENCE.encode_state(start()))
    del data["lastPlacedCell"]
    with pytest.raises(BadState, match="lastPlacedCell"):
        SEQUENCE.decode_state(json.dumps(data))
