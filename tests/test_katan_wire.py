"""The JSON of states, views and moves (docs/katan-json.md)."""

import json
import random

import pytest

from engine.errors import BadMove, BadState
from engine.katan import kinds
from engine.katan import moves as mv
from engine.katan.game import KATAN
from engine.katan.state import OVER, KatanState
from engine.protocol import TableConfig


def played_states(seed: int, every: int = 25) -> list[KatanState]:
    rng = random.Random(seed)
    st = KATAN.initial_state(TableConfig(game="katan", seed=seed))
    out = [st]
    i = 0
    while st.phase != OVER:
        seat = KATAN.to_move(st)
        assert seat is not None
        legal = KATAN.legal_moves(st, seat)
        st = KATAN.apply(st, seat, legal[rng.randrange(len(legal))]).state
        i += 1
        if i % every == 0:
            out.append(st)
    out.append(st)
    return out


def test_states_round_trip_and_play_on_identically() -> None:
    for st in played_states(21):
        text = KATAN.encode_state(st)
        back = KATAN.decode_state(text)
        assert KATAN.encode_state(back) == text
        assert back.frontier == st.frontier and back.road_len == st.road_len
        if st.phase != OVER:
            seat = KATAN.to_move(st)
            assert seat is not None and KATAN.to_move(back) == seat
            legal = KATAN.legal_moves(st, seat)
            assert KATAN.legal_moves(back, seat) == legal
            move = legal[-1]
            a = KATAN.apply(st, seat, move).state
            b = KATAN.apply(back, seat, move).state
            assert KATAN.encode_state(a) == KATAN.encode_state(b)


def test_the_state_json_is_versioned_and_readable() -> None:
    st = played_states(5)[3]
    data = json.loads(KATAN.encode_state(st))
    assert data["v"] == 1 and data["game"] == "katan" and data["seed"] == 5
    assert data["board"]["map"] == "standard" and len(data["board"]["hexes"]) == 19
    assert {h["terrain"] for h in data["board"]["hexes"]} >= {"forest", "desert"}
    assert set(data["bank"]) == {"lumber", "brick", "wool", "grain", "ore"}


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: d.update(v=2), "version 2"),
        (lambda d: d.update(game="euchre"), "not a Katan state"),
        (lambda d: d["bank"].update(ore=3), "resource 4: bank 3"),
        (lambda d: d.update(seats=7), "out of range"),
        (lambda d: d["roads"].append({"edge": 999, "seat": 0}), "not a Katan state"),
        (lambda d: d.pop("phase"), "not a Katan state"),
        (lambda d: d.update(offers_this_turn=9), "9 offers this turn, outside 0 to 3"),
        (lambda d: d.update(offers_this_turn="1"), "offers_this_turn must be a whole number"),
        (lambda d: d.update(offers_this_turn=1, rolled=False), "offers made this turn before"),
    ],
)
def test_bad_states_are_refused(mutate: object, words: str) -> None:
    data = json.loads(KATAN.encode_state(played_states(5)[2]))
    mutate(data)  # type: ignore[operator]
    with pytest.raises(BadState, match=words):
        KATAN.decode_state(json.dumps(data))
    with pytest.raises(BadState):
        KATAN.decode_state("{not json")


def test_a_state_stored_before_offers_were_counted_reads_as_none_made() -> None:
    st = played_states(5)[2]
    data = json.loads(KATAN.encode_state(st))
    assert data["offers_this_turn"] == st.offers
    del data["offers_this_turn"]
    assert KATAN.decode_state(json.dumps(data)).offers == 0


SAMPLES: list[mv.Move] = [
    mv.M_ROLL,
    mv.M_END,
    mv.ROAD_MOVES[12],
    mv.SETTLEMENT_MOVES[3],
    mv.CITY_MOVES[40],
    mv.M_BUY,
    mv.M_KNIGHT,
    mv.M_ROAD_BUILDING,
    (mv.PLAY_PLENTY, 1, 4),
    (mv.PLAY_MONOPOLY, 2),
    (mv.MOVE_ROBBER, 5, 2),
    (mv.MOVE_ROBBER, 5, -1),
    mv.discard_move((1, 0, 2, 0, 1)),
    (mv.BANK_TRADE, 0, 3),
    mv.offer_move(-1, (0, 0, 2, 0, 0), (0, 0, 0, 0, 1)),
    mv.offer_move(2, (1, 0, 0, 0, 0), (0, 1, 0, 0, 0)),
    mv.M_ACCEPT,
    mv.M_DECLINE,
    mv.counter_move((0, 0, 0, 1, 0), (0, 0, 1, 0, 0)),
    mv.TAKE_MOVES[3],
    mv.M_DISMISS,
    mv.M_WITHDRAW,
    mv.M_STOP_ROADS,
]


def _expansion_samples() -> list[mv.Move]:
    """One move of each kind the expansions bring, with values of every field kind
    (legs eight cards wide, as at a Cities & Knights table)."""
    example = {
        kinds.CARDS: (0, 1, 0, 0, 0, 0, 2, 0),
        kinds.PAIR: (1, 3),
        kinds.GOOD_PAIR: (2, 6),
        kinds.VICTIM: -1,
        kinds.ADDRESSEE: 2,
        kinds.COMMODITY: 7,
        kinds.GOOD: 5,
        kinds.TRACK: 2,
        kinds.PROGRESS: 20,
        kinds.DIE: 6,
    }
    out: list[mv.Move] = []
    for kind in kinds.TABLE[mv.STOP_ROADS + 1 :]:
        move: list[int] = [kind.code]
        for f in kind.fields:
            value = example.get(f.kind, 3)
            move.extend(value if isinstance(value, tuple) else (value,))
        out.append(tuple(move))
    return out


def test_every_kind_of_move_round_trips() -> None:
    samples = SAMPLES + _expansion_samples()
    assert {m[0] for m in samples} == set(range(mv.KINDS))
    for move in samples:
        kind = kinds.TABLE[move[0]]
        assert len(move) in (kind.length(5), kind.length(8))
        text = KATAN.encode_move(move)
        assert KATAN.decode_move(text) == move, text
        assert KATAN.move_label(move)


def test_the_table_is_indexed_by_kind_code() -> None:
    assert [k.code for k in kinds.TABLE] == list(range(mv.KINDS))
    assert len(kinds.BY_NAME) == mv.KINDS


def test_move_json_reads_naturally() -> None:
    assert KATAN.encode_move(mv.ROAD_MOVES[12]) == '{"move":"build_road","edge":12}'
    assert (
        KATAN.encode_move(mv.offer_move(-1, (0, 0, 2, 0, 0), (0, 0, 0, 0, 1)))
        == '{"move":"offer","to":null,"give":{"lumber":0,"brick":0,"wool":2,"grain":0,'
        '"ore":0},"want":{"lumber":0,"brick":0,"wool":0,"grain":0,"ore":1}}'
    )
    assert KATAN.decode_move('{"move":"offer","to":1,"give":{"wool":2},"want":{"ore":1}}') == (
        mv.offer_move(1, (0, 0, 2, 0, 0), (0, 0, 0, 0, 1))
    )
    assert KATAN.move_label(mv.offer_move(-1, (0, 0, 2, 0, 0), (0, 0, 0, 0, 1))) == (
        "offer 2 wool for 1 ore to everyone"
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("roll", "JSON object"),
        ('{"move":"fly"}', "Unknown move 'fly'"),
        ('{"move":"build_road"}', "needs 'edge'"),
        ('{"move":"build_road","edge":"x"}', "'edge' must be a whole number"),
        ('{"move":"roll","edge":1}', "no field 'edge'"),
        ('{"move":"play_monopoly","resource":"gold"}', "'gold' is not a resource"),
        ('{"move":"discard","cards":{"wool":-1}}', "0 or more"),
        ('{"move":"play_year_of_plenty","resources":["wool"]}', "two resources"),
    ],
)
def test_bad_move_texts_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(BadMove, match=words):
        KATAN.decode_move(text)


def test_a_game_replays_from_its_encoded_move_list() -> None:
    """Event sourcing: config plus moves as stored text rebuild the same state."""
    from engine.selfplay import play, replay

    config = TableConfig(game="katan", seed=77, seats=3)
    players = [KATAN.player(level, s) for s, level in enumerate(("katan", "builder", "random"))]
    result = play(KATAN, config, players)
    stored = [(seat, KATAN.encode_move(move)) for seat, move in result.moves]
    rebuilt = replay(KATAN, config, [(seat, KATAN.decode_move(text)) for seat, text in stored])
    assert KATAN.encode_state(rebuilt) == KATAN.encode_state(result.state)
