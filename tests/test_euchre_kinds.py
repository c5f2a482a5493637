"""Euchre's move-kind table: every move of every kind has a label, a command
and the app's JSON from the one table, and values of the wrong type are not
moves. (The JSON's bytes are pinned by test_euchre_wire's golden lines.)"""

import dataclasses
from typing import Any

import pytest

from engine.cards import Suit
from engine.euchre import kinds
from engine.euchre.game import EUCHRE
from engine.euchre.moves import (
    CALL_TRUMP,
    DEFEND_ALONE,
    DISCARD,
    FARMERS_HAND,
    ORDER_UP,
    PASS,
    PLAY,
    CallTrump,
    EuchreMove,
    OrderUp,
    PlayCard,
)
from engine.protocol import TableConfig

EVERY: list[EuchreMove] = [
    PASS,
    *ORDER_UP,
    *(m for pair in CALL_TRUMP for m in pair),
    *DISCARD,
    *PLAY,
    DEFEND_ALONE,
    FARMERS_HAND,
]


def test_every_move_belongs_to_one_kind_and_is_made_from_its_fields() -> None:
    assert {type(m) for m in EVERY} == {kind.cls for kind in kinds.TABLE}
    for move in EVERY:
        kind = kinds.kind_of(move)
        assert [f.name for f in kind.fields] == [f.name for f in dataclasses.fields(move)]
        assert kind.make(*kinds.values(move).values()) is move
        assert kinds.is_move(move)
        assert EUCHRE.decode_move(EUCHRE.encode_move(move)) is move
        assert EUCHRE.encode_move(move).startswith(f'{{"type":"{kind.name}"')


def test_labels_and_commands_come_from_the_templates() -> None:
    assert [kinds.move_label(m) for m in (ORDER_UP[True], CALL_TRUMP[Suit.HEARTS][False])] == [
        "order up alone",
        "call ♥",
    ]
    assert kinds.command(CALL_TRUMP[Suit.SPADES][True]) == "call spades alone"
    assert kinds.command(PLAY[9]) == "play JC" and kinds.move_label(PLAY[9]) == "play J♣"
    assert kinds.command(FARMERS_HAND) == "farmer"
    assert kinds.move_label(FARMERS_HAND) == "exchange farmer's hand"


@pytest.mark.parametrize(
    "value",
    [OrderUp(1), CallTrump(2, False), CallTrump(Suit.HEARTS, None), PlayCard(52), PlayCard("AS")],
)
def test_fields_of_the_wrong_type_are_not_moves(value: Any) -> None:
    assert not kinds.is_move(value)
    state = EUCHRE.initial_state(TableConfig(game="euchre", seed=3))
    assert not EUCHRE.is_legal(state, 1, value)
