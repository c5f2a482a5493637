"""Menus and the text grammar over random self-play positions of every game.

For each sampled position and each seat that may act there: every legal move
is reachable by pressing through the laid-out menu pages (tokens issued and
read back, on every platform profile) and is expressible as a command that
parses back to it; every menu leaf and every parsed command is legal; the
numbers on spot choices are the shared overlay numbering of renderers/spots;
and every page fits its profile.
"""

import random
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.protocol import Game, TableConfig
from engine.registry import get_game
from frontends.chat.api import DISCORD, PLAIN, TELEGRAM, AdapterProfile
from frontends.chat.grammar import Chosen, Drafted, Opened, Unknown, Wrong, words
from frontends.chat.menus import Leaf, Node, find, walk
from frontends.chat.presenters import presenter_for
from frontends.chat.screens import chosen, screen
from frontends.chat.tokens import TokenCodec
from renderers import euchre as euchre_draw
from renderers import katan as katan_draw
from renderers import sequence as sequence_draw

CODEC = TokenCodec(b"t" * 32)
PROFILES = (PLAIN, DISCORD, TELEGRAM)
NAMES = ("ana", "bo", "cy", "di", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lu")
GAMES = {"euchre": (range(3), 3), "sequence": (range(8), 2), "katan": (range(3), 6)}
"""Per game: the seeds played and how often (in moves) a position is sampled."""


Position = tuple[Game[Any, Any, Any], Any, int]


def _play(game_id: str, seed: int, every: int) -> Iterator[Position]:
    """Random self-play; every `every` moves, each seat that may act (the seat on
    turn and, in Katan, an offerer who may withdraw)."""
    game = get_game(game_id)
    state = game.initial_state(TableConfig(game=game_id, seed=seed))
    rng = random.Random(seed)
    for n in range(4000):
        if game.is_finished(state):
            return
        if game.can_advance(state):
            state = game.advance(state).state
            continue
        seat = game.to_move(state)
        assert seat is not None
        if n % every == 0:
            for other in range(game.seat_count(state)):
                if other == seat or game.may_act(state, other):
                    yield game, state, other
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat))).state


@cache
def positions(game_id: str) -> tuple[Position, ...]:
    seeds, every = GAMES[game_id]
    return tuple(p for seed in seeds for p in _play(game_id, seed, every))


def names_for(game: Game[Any, Any, Any], state: Any) -> tuple[str, ...]:
    return NAMES[: game.seat_count(state)]


def issue_for(seat: int) -> Any:
    return lambda payload: CODEC.issue("ABCDE", "table-id", seat, 7, payload)


def press_everything(
    game: Game[Any, Any, Any], state: Any, seat: int, profile: AdapterProfile
) -> tuple[list[Any], list[str]]:
    """Press every navigation choice reachable from the root menu; return the
    moves the move and spot choices make, and the composer payloads offered."""
    presenter = presenter_for(game.id)
    view = game.view_for(state, seat)
    legal = game.view_legal_moves(view, seat)
    names = names_for(game, state)
    issue = issue_for(seat)
    seen: set[str] = set()
    queue = ["n"]
    moves: list[Any] = []
    composers: list[str] = []
    while queue:
        payload = queue.pop()
        if payload in seen:
            continue
        seen.add(payload)
        shown = screen(presenter, view, seat, legal, names, profile, issue, payload)
        menu = shown.menu
        assert_fits(menu, profile)
        for choice in menu.choices():
            grant = CODEC.read(choice.token)
            assert CODEC.verify(choice.token, grant, "table-id")
            assert (grant.seat, grant.version) == (seat, 7)
            if choice.kind in ("move", "spot"):
                move = chosen(presenter, view, seat, legal, names, grant.payload)
                assert move in legal, (choice, move)
                assert game.is_legal(state, seat, move)
                if choice.number is not None:
                    assert shown.spots is not None
                    assert move in shown.spots.moves_at(choice.number)
                moves.append(move)
            elif choice.kind == "compose":
                composers.append(grant.payload)
            else:
                queue.append(grant.payload)
    return moves, composers


def assert_fits(menu: Any, profile: AdapterProfile) -> None:
    rows = len(menu.rows) + (1 if menu.select else 0)
    assert rows <= profile.rows_per_message
    assert all(len(row) <= profile.buttons_per_row for row in menu.rows)
    assert sum(len(row) for row in menu.rows) <= profile.buttons_per_message
    assert len(menu.select) <= profile.select_options
    for choice in menu.choices():
        assert len(choice.label) <= profile.label_length
        assert len(choice.token.encode()) <= profile.token_bytes
        assert choice.token.isascii()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_legal_move_is_reachable_through_the_menus(game_id: str) -> None:
    checked = 0
    for game, state, seat in positions(game_id):
        legal = game.view_legal_moves(game.view_for(state, seat), seat)
        assert legal == game.legal_moves(state, seat)
        for profile in PROFILES:
            moves, composers = press_everything(game, state, seat, profile)
            missing = [m for m in legal if m not in moves]
            assert not missing, (game_id, seat, missing[:3])
            for payload in composers:
                assert payload[0] == "c"
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_legal_move_is_a_command_that_parses_back(game_id: str) -> None:
    presenter = presenter_for(game_id)
    for game, state, seat in positions(game_id):
        view = game.view_for(state, seat)
        legal = game.view_legal_moves(view, seat)
        names = names_for(game, state)
        for move in legal:
            text = presenter.command(move, view, seat, names)
            for spelling in (text, text.upper(), f"/{text}", f"  {text.title()}  "):
                parsed = presenter.parse(words(spelling), view, seat, legal, names)
                assert parsed == Chosen(move), (spelling, parsed, move)


def _overlay_numbers(game_id: str, view: Any, seat: int, spots: Any, selected: Any) -> Any:
    """The (number, place) markers the renderer draws for these spots."""
    if game_id == "katan":
        return katan_draw.scene(view, spots=spots).spots
    if game_id == "euchre":
        return euchre_draw.scene(view, seat, spots=spots).spots
    return sequence_draw.scene(view, seat, spots=spots, selected=selected).spots


@pytest.mark.parametrize("game_id", list(GAMES))
def test_menu_numbers_are_the_overlay_numbers(game_id: str) -> None:
    """Each spot node's choices carry exactly the numbers the overlay image
    draws, and those are the shared numbering recomputed from the legal moves."""
    presenter = presenter_for(game_id)
    spot_nodes = 0
    for game, state, seat in positions(game_id):
        view = game.view_for(state, seat)
        legal = game.view_legal_moves(view, seat)
        names = names_for(game, state)
        root = presenter.tree(view, seat, legal, names)
        for path, node in walk(root):
            if node.spots is None:
                continue
            drawn = _overlay_numbers(game_id, view, seat, node.spots, node.selected)
            assert drawn == node.spots.numbered()
            if game_id == "katan":
                action = {"edge": "road", "hex": "robber"}.get(node.spots.kind)
                if action is None:
                    action = "city" if path and path[-1] == "ct" else "settlement"
                assert node.spots == katan_draw.katan_spots(legal, action)
            elif game_id == "euchre":
                assert node.spots == euchre_draw.euchre_spots(legal, view.hands[seat])
            else:
                assert node.spots == sequence_draw.sequence_spots(legal, node.selected)
            numbers = {
                c.number for c in node.children if isinstance(c, Leaf) and c.number is not None
            }
            # A robber hex with several seats to rob opens a menu of victims.
            numbers |= {
                int(c.key[1:]) for c in node.children if isinstance(c, Node) and c.key[0] == "h"
            }
            if path or game_id != "sequence":  # Sequence's root lists cards, then squares
                assert numbers == {s.number for s in node.spots.spots}, (path, numbers)
            spot_nodes += 1
            assert find(root, path) is node
    assert spot_nodes > 20


# ---- typed text at random ----------------------------------------------------------------

VOCABULARY = [
    "roll",
    "end",
    "build",
    "road",
    "settlement",
    "city",
    "buy",
    "card",
    "play",
    "knight",
    "plenty",
    "monopoly",
    "robber",
    "steal",
    "trade",
    "offer",
    "for",
    "to",
    "accept",
    "decline",
    "counter",
    "take",
    "dismiss",
    "withdraw",
    "discard",
    "stop",
    "wool",
    "ore",
    "brick",
    "grain",
    "lumber",
    "everyone",
    "pass",
    "order",
    "up",
    "alone",
    "call",
    "hearts",
    "spades",
    "clubs",
    "diamonds",
    "jh",
    "10s",
    "9c",
    "ad",
    "7d",
    "js",
    "exchange",
    "remove",
    "seat",
    "ana",
    "bo",
    "cy",
    "di",
    "x",
]


@cache
def _sample(game_id: str) -> tuple[Position, ...]:
    return positions(game_id)[::7]


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_lines_never_raise_and_what_parses_is_legal(game_id: str, data: Any) -> None:
    game, state, seat = data.draw(st.sampled_from(_sample(game_id)))
    said: Sequence[str] = data.draw(
        st.lists(
            st.one_of(st.sampled_from(VOCABULARY), st.integers(0, 120).map(str)),
            min_size=1,
            max_size=7,
        )
    )
    presenter = presenter_for(game_id)
    view = game.view_for(state, seat)
    legal = game.view_legal_moves(view, seat)
    parsed = presenter.parse(list(said), view, seat, legal, names_for(game, state))
    assert isinstance(parsed, Chosen | Opened | Drafted | Wrong | Unknown)
    if isinstance(parsed, Chosen):
        assert game.is_legal(state, seat, parsed.move), (said, parsed)
    if isinstance(parsed, Wrong):
        assert parsed.reason
