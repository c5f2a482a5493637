"""Menus and commands for every Cities & Knights and Seafarers move kind and
every chore, over positions from AI self-play (which plays every progress
card and answers every chore) and, for what the AI does not reach, crafted.

For each move kind of the expansions and each chore kind, the first
positions where a seat may make it: every legal move is reachable by
pressing through the laid-out menus on every profile and parses back from
its command, and none is reached only through the generic *More* list.
"""

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from test_chat_menus import PROFILES, Position, names_for, press_everything

from engine.katan import chores as ch
from engine.katan import kinds as k
from engine.katan.components import CARD_NAMES
from engine.katan.crafted import give
from engine.katan.game import KATAN
from engine.katan.sea import scenarios
from engine.katan.sea.crafted import ship
from engine.katan.state import CHORE, MAIN, KatanState
from engine.protocol import TableConfig
from frontends.chat.grammar import Chosen, words
from frontends.chat.menus import walk
from frontends.chat.presenters import presenter_for

PRESENTER = presenter_for("katan")
CITIES = {"expansions": k.CITIES}
BOTH = {"expansions": f"{k.CITIES},{k.SEAFARERS}"}
GAMES: tuple[tuple[dict[str, Any], range], ...] = (
    (CITIES, range(1, 4)),
    (BOTH, range(8, 11)),
    ({"expansions": k.SEAFARERS, "map": "wonders_of_catan"}, range(2, 3)),
    ({"expansions": k.SEAFARERS, "map": "great_canal"}, range(1, 2)),
    ({"expansions": k.SEAFARERS, "map": "fog_islands"}, range(1, 2)),
    ({"expansions": k.SEAFARERS, "map": "forgotten_tribe"}, range(1, 2)),
    ({"expansions": k.SEAFARERS, "map": "treasure_islands"}, range(1, 2)),
)
"""AI games whose positions, together, make every expansion kind legal somewhere."""
PER_KIND = 2
"""Positions kept for each move kind and each chore kind."""


def _ai_game(options: dict[str, Any], seed: int) -> Iterator[KatanState]:
    """Every position of an AI game (the default level at every seat)."""
    state = KATAN.initial_state(TableConfig(game="katan", seed=seed, options=options))
    players = [KATAN.player("katan", seed * 10 + s) for s in range(state.seats)]
    for _ in range(5000):
        if KATAN.is_finished(state):
            return
        if KATAN.can_advance(state):
            state = KATAN.advance(state).state
            continue
        yield state
        seat = KATAN.to_move(state)
        assert seat is not None
        view = KATAN.view_for(state, seat)
        move = players[seat].choose(view, seat, KATAN.view_legal_moves(view, seat))
        state = KATAN.apply(state, seat, move).state


def _raid() -> KatanState:
    """Pirate Islands after setup: seat 0 with a ship beside a standing
    fortress and the raid's cost in hand (the AI seldom gets there)."""
    for state in _ai_game({"expansions": k.SEAFARERS, "map": "pirate_islands"}, 1):
        if state.phase == MAIN and state.turn > 2 and state.current == 0 and not state.chores:
            raided = state.copy()
            fortress = scenarios.standing(raided)[0]
            edge = next(
                e
                for e in raided.board.topology.hex_edges[fortress]
                if not any(s >> e & 1 for s in raided.sea.ships)
                and not any(r >> e & 1 for r in raided.roads)
            )
            ship(raided, 0, edge)
            cost = scenarios.RAID_COST
            give(raided, 0, **{CARD_NAMES[r]: n for r, n in enumerate(cost) if n})
            return raided
    raise AssertionError("no position to raid from")


@cache
def sampled() -> tuple[tuple[str, Position], ...]:
    """(what it samples, position) for the first positions of each kind."""
    counts: dict[str, int] = {}
    out: list[tuple[str, Position]] = []

    def keep(state: KatanState) -> None:
        for seat in range(state.seats):
            if seat != KATAN.to_move(state) and not KATAN.may_act(state, seat):
                continue
            legal = KATAN.legal_moves(state, seat)
            found = {k.TABLE[m[0]].name for m in legal if k.TABLE[m[0]].rule_set != k.BASE}
            if state.phase == CHORE and state.chores[0][1] == seat:
                found.add("chore:" + ch.CHORE_NAMES[state.chores[0][0]])
            fresh = {name for name in found if counts.get(name, 0) < PER_KIND}
            if fresh:
                for name in fresh:
                    counts[name] = counts.get(name, 0) + 1
                out.append((min(fresh), (KATAN, state, seat)))

    for options, seeds in GAMES:
        for seed in seeds:
            for state in _ai_game(options, seed):
                keep(state)
    keep(_raid())
    # The AIs' play changes as they improve: a kind their listed games no
    # longer reach is looked for in each rule set's next games.
    for extra in range(EXTRA_GAMES):
        if wanted() <= set(counts):
            break
        for options, seeds in GAMES:
            for state in _ai_game(options, seeds.stop + extra):
                keep(state)
    return tuple(out)


EXTRA_GAMES = 4
"""At most this many further games per rule set when a kind is missing."""


def wanted() -> set[str]:
    """Every expansion move kind and every chore a seat answers."""
    kinds = {kind.name for kind in k.TABLE if kind.rule_set != k.BASE}
    chores = {
        "chore:" + name
        for code, name in enumerate(ch.CHORE_NAMES)
        if code not in (ch.PRODUCE, ch.SEVEN)  # the engine's own: nobody answers them
    }
    return kinds | chores


def test_every_expansion_kind_and_chore_is_sampled() -> None:
    seen = {name for name, _ in sampled()}
    counted: set[str] = set()
    for _, (_, state, seat) in sampled():
        legal = KATAN.legal_moves(state, seat)
        counted |= {k.TABLE[m[0]].name for m in legal}
        if state.phase == CHORE and state.chores[0][1] == seat:
            counted.add("chore:" + ch.CHORE_NAMES[state.chores[0][0]])
    assert seen
    assert wanted() <= counted, wanted() - counted


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_every_expansion_move_is_reachable_by_menu(profile: Any) -> None:
    for what, (game, state, seat) in sampled():
        legal = game.legal_moves(state, seat)
        moves, _ = press_everything(game, state, seat, profile)
        missing = [m for m in legal if m not in moves]
        assert not missing, (what, missing[:3])


def test_no_expansion_move_falls_back_to_more() -> None:
    """Every kind has its own menu: the *More* list stays empty."""
    for what, (game, state, seat) in sampled():
        view = game.view_for(state, seat)
        legal = game.view_legal_moves(view, seat)
        root = PRESENTER.tree(view, seat, legal, names_for(game, state))
        assert not [p for p, node in walk(root) if p and p[-1] == "more"], what


def test_every_expansion_move_parses_back_from_its_command() -> None:
    for what, (game, state, seat) in sampled():
        view = game.view_for(state, seat)
        legal = game.view_legal_moves(view, seat)
        names = names_for(game, state)
        for move in legal:
            text = PRESENTER.command(move, view, seat, names)
            parsed = PRESENTER.parse(words(text), view, seat, legal, names)
            assert parsed == Chosen(move), (what, text, parsed)
