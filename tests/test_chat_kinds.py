"""The grammars read off the move-kind tables: every Katan kind in
`engine.katan.kinds.TABLE` (base, Cities & Knights and Seafarers alike, with
or without a menu) is printed by `command` and read back by `parse`, and the
generic reader's answers to a partial command; every Euchre move likewise.

Kinds whose rule sets have no engine yet are tried at a table that accepts
every rule set, eight cards wide, with the legal moves mocked as the one move
being read: what is tested is the grammar, not the rules.
"""

from typing import Any, ClassVar

import pytest
from test_euchre_kinds import EVERY

from engine.cards import code
from engine.euchre.game import EUCHRE
from engine.euchre.moves import DISCARD as EUCHRE_DISCARD
from engine.euchre.moves import ORDER_UP
from engine.euchre.moves import PASS as EUCHRE_PASS
from engine.katan import kinds as k
from engine.katan import moves as mv
from engine.katan.cities.components import PROGRESS_KINDS, TRACKS
from engine.katan.components import RESOURCE_NAMES
from engine.katan.crafted import blank, give, settle
from engine.katan.game import KATAN
from engine.katan.ruleset import RuleSet
from engine.katan.state import FREE_ROADS, MAIN, ROBBER, KatanState
from engine.protocol import TableConfig
from engine.selfplay import play
from frontends.chat.compose import read_payload
from frontends.chat.grammar import Chosen, Drafted, Opened, Wrong, words
from frontends.chat.presenters import presenter_for

NAMES = ("ana", "bo", "cy", "di")
PRESENTER = presenter_for("katan")


class EveryRuleSet(RuleSet):
    """Accepts every kind of the table, with Cities & Knights' eight-card hands."""

    names: ClassVar[frozenset[str]] = frozenset({k.BASE, k.CITIES, k.SEAFARERS})
    width: ClassVar[int] = 8
    commodity_start: ClassVar[int] = 12

    def ratios(self, st: KatanState, seat: int) -> tuple[int, ...]:
        return (4, 4, 3, 4, 2, 4, 2, 4)


SAMPLES: dict[str, tuple[Any, ...]] = {
    k.EDGE: (12, 0),
    k.CROSSING: (7, 53),
    k.HEX: (5, 18),
    k.SEAT: (1, 3),
    k.VICTIM: (2, -1),
    k.ADDRESSEE: (-1, 3),
    k.RESOURCE: (4, 0),
    k.COMMODITY: (6, 5),
    k.GOOD: (7, 2),
    k.TRACK: tuple(range(TRACKS)),
    k.PROGRESS: tuple(range(PROGRESS_KINDS)),
    k.DIE: (3, 6),
    k.CARDS: ((0, 2, 0, 0, 1, 0, 0, 3), (1, 0, 0, 0, 0, 2, 0, 0)),
    k.PAIR: ((2, 4), (3, 3)),
    k.GOOD_PAIR: ((1, 7), (5, 5)),
}
"""Values each field kind is tried with (legs eight wide; cut to five at a base table)."""


def constructed(kind: k.MoveKind, width: int) -> list[mv.Move]:
    """Moves of `kind` covering every sample of each of its fields."""
    rounds = max((len(SAMPLES[f.kind]) for f in kind.fields), default=1)
    out = []
    for i in range(rounds):
        move: list[int] = [kind.code]
        for f in kind.fields:
            samples = SAMPLES[f.kind]
            value = samples[i % len(samples)]
            if f.kind == k.CARDS:
                move.extend(value[:width])
            elif isinstance(value, tuple):
                move.extend(value)
            else:
                move.append(value)
        out.append(tuple(move))
    return out


def every_table() -> KatanState:
    return blank(ruleset=EveryRuleSet())


def read_back(st: KatanState, move: mv.Move, legal: list[mv.Move] | None = None) -> Any:
    view = KATAN.view_for(st, 0)
    text = PRESENTER.command(move, view, 0, NAMES)
    legal = [move] if legal is None else legal
    return text, [
        PRESENTER.parse(words(spelling), view, 0, legal, NAMES)
        for spelling in (text, text.upper(), f"/{text}", f"  {text.title()} ")
    ]


@pytest.mark.parametrize("kind", k.TABLE, ids=lambda kind: kind.name)
def test_every_kind_is_a_command_that_parses_back(kind: k.MoveKind) -> None:
    st = every_table()
    for move in constructed(kind, st.width):
        text, parsed = read_back(st, move)
        assert parsed == [Chosen(move)] * 4, (text, parsed)


@pytest.mark.parametrize(
    "kind", [kind for kind in k.TABLE if kind.rule_set == k.BASE], ids=lambda kind: kind.name
)
def test_base_kinds_parse_back_at_a_five_card_table(kind: k.MoveKind) -> None:
    st = blank()
    for move in constructed(kind, st.width):
        if any(f.kind == k.GOOD for f in kind.fields) and max(move[1:]) >= 5:
            continue  # a commodity at a table without them
        text, parsed = read_back(st, move)
        assert parsed == [Chosen(move)] * 4, (text, parsed)


def test_the_say_templates_read_every_progress_card_and_track() -> None:
    st = every_table()
    seen = set()
    for move in constructed(k.TABLE[mv.GIVE_BACK_PROGRESS], st.width):
        assert read_back(st, move)[1][0] == Chosen(move)
        seen.add(move[1])
    assert seen == set(range(PROGRESS_KINDS))
    for track in range(TRACKS):
        move = (mv.IMPROVE, track)
        assert read_back(st, move)[1][0] == Chosen(move)


def test_a_partial_command_opens_the_kinds_menu_and_chooses_the_only_fit() -> None:
    st = every_table()
    view = KATAN.view_for(st, 0)
    legal = [(mv.ACTIVATE_KNIGHT, 7), (mv.ACTIVATE_KNIGHT, 9), mv.M_END]
    asked = PRESENTER.parse(["activate"], view, 0, legal, NAMES)
    assert asked == Opened(("kn", "ac"), "Where? The numbers on the picture are the knight spots.")
    only = PRESENTER.parse(["activate"], view, 0, legal[1:], NAMES)
    assert only == Chosen((mv.ACTIVATE_KNIGHT, 9))
    # An ambiguous verb is settled by what is legal: `knight 7` hires, `knight` alone
    # is the base game's card when that is what the seat may do.
    hire = [(mv.HIRE_KNIGHT, 7), mv.M_KNIGHT]
    assert PRESENTER.parse(words("knight 7"), view, 0, hire, NAMES) == Chosen(hire[0])
    assert PRESENTER.parse(words("knight"), view, 0, hire[1:], NAMES) == Chosen(mv.M_KNIGHT)
    picks = [(mv.TAKE_PROGRESS, 3), (mv.TAKE_COUNTER, 1), (mv.TAKE_CARDS, 0, 4)]
    for line, move in zip(("take card inventor", "take bo", "take lumber ore"), picks, strict=True):
        assert PRESENTER.parse(words(line), view, 0, picks, NAMES) == Chosen(move)


def test_a_hand_over_without_cards_opens_the_composer_eight_cards_wide() -> None:
    st = every_table()
    give(st, 0, wool=2)
    st.hands[0 * 8 + 6] = 1  # a coin
    view = KATAN.view_for(st, 0)
    legal = [(mv.HAND_OVER, 0, 0, 2, 0, 0, 0, 0, 0)]
    drafted = PRESENTER.parse(["hand", "over"], view, 0, legal, NAMES)
    assert isinstance(drafted, Drafted)
    read = read_payload(drafted.payload)
    assert read is not None and read[0].kind == "hand_over" and len(read[0].give) == 8
    composed = PRESENTER.composer(drafted.payload, view, 0, NAMES, "n")
    assert composed is not None
    _, sheet, _ = composed
    adds = {i.label for section in sheet.sections for i in section if i.label.startswith("+")}
    assert adds == {"+ wool", "+ coin"}


# ---- partial and forgiving lines at a base table ------------------------------------------


def parse(st: KatanState, seat: int, line: str) -> Any:
    view = KATAN.view_for(st, seat)
    legal = KATAN.view_legal_moves(view, seat)
    return PRESENTER.parse(words(line), view, seat, legal, NAMES)


def leg(**cards: int) -> tuple[int, ...]:
    return tuple(cards.get(name, 0) for name in RESOURCE_NAMES)


def test_end_during_free_roads_stops_placing_them() -> None:
    st = blank()
    settle(st, 0, 40)
    st.phase, st.free_roads = FREE_ROADS, 2
    assert parse(st, 0, "end") == Chosen(mv.M_STOP_ROADS)
    assert parse(st, 0, "done") == Chosen(mv.M_STOP_ROADS)
    st.phase = MAIN
    assert parse(st, 0, "end") == Chosen(mv.M_END)


def test_trade_to_a_seat_is_an_offer_and_a_bare_trade_opens_the_bank() -> None:
    st = blank()
    for seat, node in enumerate((40, 22, 31, 50)):
        settle(st, seat, node)
        give(st, seat, ore=1)
    give(st, 0, wool=4)
    assert parse(st, 0, "trade 2 wool for 1 ore to bo") == Chosen(
        mv.offer_move(1, leg(wool=2), leg(ore=1))
    )
    assert parse(st, 0, "trade wool for ore") == Chosen(mv.BANK_MOVES[2][4])
    bank = parse(st, 0, "trade")
    assert isinstance(bank, Opened) and bank.path[:2] == ("t", "bk")
    offer = parse(st, 0, "offer 2 wool")
    assert isinstance(offer, Drafted)
    read = read_payload(offer.payload)
    assert read is not None and read[0].give == leg(wool=2) and read[0].side == "want"


def test_steal_names_the_victim_and_asks_for_the_hex_only_when_several_fit() -> None:
    st = blank()
    st.current, st.phase = 1, ROBBER
    top = st.board.topology

    def robbable_from(node: int) -> set[int]:
        return {h for h in top.node_hexes[node] if h in st.board.land_hexes and h != st.robber}

    coast = next(n for n in range(top.node_count) if len(robbable_from(n)) == 1)
    (hex_id,) = robbable_from(coast)
    settle(st, 0, coast)
    give(st, 0, ore=1)
    assert parse(st, 1, "steal ana") == Chosen(mv.ROBBER_MOVES[hex_id][1])
    assert parse(st, 1, "robber from ana") == Chosen(mv.ROBBER_MOVES[hex_id][1])
    elsewhere = next(n for n in range(top.node_count) if robbable_from(n) - {hex_id})
    settle(st, 0, elsewhere)
    asked = parse(st, 1, "rob ana")
    assert asked == Opened((), "Which hex? The numbers on the picture are the hexes.")


def test_an_incomplete_command_with_nothing_legal_gets_the_engines_reason() -> None:
    st = blank()
    settle(st, 0, 40)
    assert parse(st, 0, "build road") == Wrong("A road costs 1 lumber and 1 brick.", ("end",))
    assert parse(st, 0, "play") == Wrong("There is nothing to play now.", ("end",))
    refused = parse(st, 1, "build settlement")
    assert isinstance(refused, Wrong) and "ana" in refused.reason


# ---- Euchre ---------------------------------------------------------------------------------


def test_every_euchre_move_is_a_command_that_parses_back() -> None:
    euchre = presenter_for("euchre")
    state = EUCHRE.initial_state(TableConfig(game="euchre", seed=3))
    seat = EUCHRE.to_move(state)
    assert seat is not None
    view = EUCHRE.view_for(state, seat)
    for move in EVERY:
        text = euchre.command(move, view, seat, NAMES)
        for spelling in (text, text.upper(), f"/{text}"):
            parsed = euchre.parse(words(spelling), view, seat, [move], NAMES)
            # A move the position refuses is read all the same: refused with its own reason.
            reason = euchre.check(view, seat, move)
            expected = Chosen(move) if reason is None else reason
            got = parsed if isinstance(parsed, Chosen) else getattr(parsed, "reason", parsed)
            assert got == expected, (spelling, parsed)


def test_the_euchre_caption_names_teams_by_colour_and_the_winner_first() -> None:
    euchre = presenter_for("euchre")
    state = EUCHRE.initial_state(TableConfig(game="euchre", seed=3))
    opening = euchre.caption(EUCHRE.view_for(state, 0), 0, NAMES)
    assert "Score: Blue (ana & cy) 0, Orange (bo & di) 0 (to 10)." in opening
    players = [EUCHRE.player("random", seat) for seat in range(4)]
    state = play(EUCHRE, TableConfig(game="euchre", seed=3), players).state
    view = EUCHRE.view_for(state, 0)
    won = 0 if view.scores[0] > view.scores[1] else 1
    final = euchre.caption(view, 0, NAMES)
    high, low = view.scores[won], view.scores[1 - won]
    assert high > low
    team = ("Blue", "Orange")[won]
    assert f"{team} wins {high}–{low} ({NAMES[won]} & {NAMES[won + 2]})." in final
    assert "Score:" not in final


def test_play_during_a_discard_is_the_discard() -> None:
    euchre = presenter_for("euchre")
    state = EUCHRE.initial_state(TableConfig(game="euchre", seed=3))
    for n in range(3):  # two passes, then the third seat orders the dealer up
        seat = EUCHRE.to_move(state)
        assert seat is not None
        state = EUCHRE.apply(state, seat, EUCHRE_PASS if n < 2 else ORDER_UP[False]).state
    seat = EUCHRE.to_move(state)
    assert seat is not None
    view = EUCHRE.view_for(state, seat)
    legal = EUCHRE.view_legal_moves(view, seat)
    held = view.hands[seat][0]
    assert euchre.parse(words(f"play {code(held)}"), view, seat, legal, NAMES) == Chosen(
        EUCHRE_DISCARD[held]
    )
    assert euchre.parse(words("1"), view, seat, legal, NAMES) == Chosen(EUCHRE_DISCARD[held])
