"""Menus and the text grammar over random self-play positions of every game.

For each sampled position and each seat that may act there: every legal move
is reachable by pressing through the laid-out menu pages (tokens issued and
read back, on every platform profile) and is expressible as a command that
parses back to it; every menu leaf and every parsed command is legal; the
numbers on spot choices are the shared overlay numbering of renderers/spots;
and every page fits its profile.
"""

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.katan import kinds as k
from engine.katan.kinds import CITIES, SEAFARERS
from engine.katan.sea.atlas import MAP_NAMES
from engine.protocol import Game, TableConfig
from engine.registry import get_game
from frontends.chat.api import DISCORD, PLAIN, TELEGRAM, AdapterProfile
from frontends.chat.grammar import Chosen, Drafted, Opened, Unknown, Wrong, words
from frontends.chat.menus import Leaf, Node, find, walk
from frontends.chat.presenters import presenter_for
from frontends.chat.presenters.katan import pointing
from frontends.chat.screens import chosen, screen
from frontends.chat.tokens import TokenCodec
from renderers import euchre as euchre_draw
from renderers import katan as katan_draw
from renderers import sequence as sequence_draw
from renderers.katan import places as katan_places

CODEC = TokenCodec(b"t" * 32)
PROFILES = (PLAIN, DISCORD, TELEGRAM)
NAMES = ("ana", "bo", "cy", "di", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lu")


@dataclass(frozen=True)
class Variant:
    game: str
    seeds: range
    every: int
    """How often (in moves) a position is sampled; a position where a move
    kind not sampled before is legal is sampled too."""
    options: Callable[[int], dict[str, Any]] = lambda seed: {}


VARIANTS = {
    "euchre": Variant("euchre", range(3), 3),
    "sequence": Variant("sequence", range(8), 2),
    "katan": Variant("katan", range(3), 6),
    "katan_six": Variant("katan", range(2), 12, lambda seed: {"players": 6}),
    "cities": Variant("katan", range(2), 45, lambda seed: {"expansions": CITIES}),
    "seafarers": Variant(
        "katan",
        range(len(MAP_NAMES)),
        90,
        lambda seed: {"expansions": SEAFARERS, "map": MAP_NAMES[seed]},
    ),
    "sea_cities": Variant(
        "katan",
        range(2),
        60,
        lambda seed: {"expansions": f"{CITIES},{SEAFARERS}", "map": MAP_NAMES[seed * 5]},
    ),
}
"""Per variant: the game, the seeds played (each Seafarers seed on its own
map), and how often a position is sampled."""
GAMES = list(VARIANTS)
EXPECTED_KINDS = {
    "cities": {
        "hire_knight",
        "activate_knight",
        "promote_knight",
        "move_knight",
        "build_wall",
        "improve",
        "play_alchemist",
        "play_inventor",
        "play_bishop",
        "lose_city",
        "choose_deck",
        "place_knight",
    },
    "seafarers": {"build_ship", "move_ship", "move_pirate", "pick"},
}
"""Kinds the sampled self-play must have shown a menu for (so a seed change
that stops reaching them is noticed)."""


Position = tuple[Game[Any, Any, Any], Any, int]


def _play(variant: Variant, seed: int) -> Iterator[Position]:
    """Random self-play; every `every` moves (and whenever a kind never sampled
    is legal), each seat that may act (the seat on turn and, in Katan, an
    offerer who may withdraw)."""
    game = get_game(variant.game)
    config = TableConfig(game=variant.game, seed=seed, options=variant.options(seed))
    state = game.initial_state(config)
    rng = random.Random(seed)
    sampled: set[Any] = set()
    for n in range(6000):
        if game.is_finished(state):
            return
        if game.can_advance(state):
            state = game.advance(state).state
            continue
        seat = game.to_move(state)
        assert seat is not None
        legal = game.legal_moves(state, seat)
        kinds = {m[0] for m in legal} if variant.game == "katan" else set()
        if n % variant.every == 0 or not kinds <= sampled:
            sampled |= kinds
            for other in range(game.seat_count(state)):
                if other == seat or game.may_act(state, other):
                    yield game, state, other
        state = game.apply(state, seat, rng.choice(legal)).state


@cache
def positions(variant: str) -> tuple[Position, ...]:
    chosen = VARIANTS[variant]
    return tuple(p for seed in chosen.seeds for p in _play(chosen, seed))


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


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_is_reachable_through_the_menus(game_id: str) -> None:
    checked = 0
    kinds: set[Any] = set()
    for game, state, seat in positions(game_id):
        legal = game.view_legal_moves(game.view_for(state, seat), seat)
        assert legal == game.legal_moves(state, seat)
        for profile in PROFILES:
            moves, composers = press_everything(game, state, seat, profile)
            missing = [m for m in legal if m not in moves]
            assert not missing, (game_id, seat, missing[:3])
            for payload in composers:
                assert payload[0] == "c"
        if game.id == "katan":
            kinds |= {m[0] for m in legal}
        checked += 1
    assert checked > 100
    if game_id in EXPECTED_KINDS:
        names = {k.TABLE[code].name for code in kinds}
        assert EXPECTED_KINDS[game_id] <= names, EXPECTED_KINDS[game_id] - names


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_is_a_command_that_parses_back(game_id: str) -> None:
    presenter = presenter_for(VARIANTS[game_id].game)
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
    if VARIANTS[game_id].game == "katan":
        return katan_draw.scene(view, spots=spots).spots
    if game_id == "euchre":
        return euchre_draw.scene(view, seat, spots=spots).spots
    return sequence_draw.scene(view, seat, spots=spots, selected=selected).spots


def _katan_numbering(legal: Sequence[Any], spots: Any) -> list[Any]:
    """The numberings a Katan spot node may show: the places one kind of move
    goes to (from one piece, for a second step), or the pieces it starts from."""
    (code,) = {m[0] for spot in spots.spots for m in spot.moves}
    origins = {katan_places.source(m) for spot in spots.spots for m in spot.moves}
    out = [katan_places.kind_spots(legal, code), pointing.sources(legal, code)]
    if len(origins) == 1 and -1 not in origins:
        out.append(katan_places.kind_spots(legal, code, origins.pop()))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_menu_numbers_are_the_overlay_numbers(game_id: str) -> None:
    """Each spot node's choices carry exactly the numbers the overlay image
    draws, and those are the shared numbering recomputed from the legal moves."""
    presenter = presenter_for(VARIANTS[game_id].game)
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
            if VARIANTS[game_id].game == "katan":
                assert node.spots in _katan_numbering(legal, node.spots), path
            elif game_id == "euchre":
                assert node.spots == euchre_draw.euchre_spots(legal, view.hands[seat])
            else:
                assert node.spots == sequence_draw.sequence_spots(legal, node.selected)
            numbers = {
                c.number for c in node.children if isinstance(c, Leaf) and c.number is not None
            }
            # A robber hex with several seats to rob opens a menu of victims;
            # a knight or ship to move opens the places it may go to.
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


@pytest.mark.parametrize("game_id", GAMES)
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
    presenter = presenter_for(game.id)
    view = game.view_for(state, seat)
    legal = game.view_legal_moves(view, seat)
    parsed = presenter.parse(list(said), view, seat, legal, names_for(game, state))
    assert isinstance(parsed, Chosen | Opened | Drafted | Wrong | Unknown)
    if isinstance(parsed, Chosen):
        assert game.is_legal(state, seat, parsed.move), (said, parsed)
    if isinstance(parsed, Wrong):
        assert parsed.reason
