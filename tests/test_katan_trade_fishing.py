"""Trading a person cannot exploit (issue 18): the default AI refuses lopsided
offers, trades with a seat that is not behind it only to complete a build,
and a scripted person fishing with the three offers a turn the rules allow
wins no more games than the same person trading like the AI (the issue asks
for 100 games; 400 make the comparison sharper than its noise)."""

from collections.abc import Sequence

import pytest

from engine.katan import moves as mv
from engine.katan.ai import _goals, _hand_score
from engine.katan.components import RESOURCES
from engine.katan.crafted import blank, give, settle
from engine.katan.evaluate import hand_of
from engine.katan.game import KATAN
from engine.katan.rules import why_not
from engine.katan.state import MAIN, OFFER, KatanState
from engine.katan.view import KatanView
from engine.protocol import Player, TableConfig
from engine.selfplay import play

ORE = mv.offer_move(2, (0, 0, 0, 0, 1), (0, 0, 1, 0, 0))
"""Seat 1 offers seat 2 one ore for one wool."""


def answer(st: KatanState, offer: mv.Move) -> mv.Move:
    st.current = 1
    asked = KATAN.apply(st, 1, offer).state
    view = KATAN.view_for(asked, 2)
    return KATAN.player("katan", 1).choose(view, 2, KATAN.view_legal_moves(view, 2))


def position(ore: int, seat_1_points: bool) -> KatanState:
    """Seat 2 saving for a city with one settlement; seat 1 level with it or behind."""
    st = blank()
    settle(st, 2, 40)
    if seat_1_points:
        settle(st, 1, 0)
    give(st, 1, ore=2)
    give(st, 2, grain=2, ore=ore, wool=3)
    return st


def test_an_offer_asking_more_cards_than_it_gives_is_refused_even_when_it_completes_a_city() -> (
    None
):
    lopsided = mv.offer_move(2, (0, 0, 0, 0, 1), (0, 0, 2, 0, 0))
    move = answer(position(ore=2, seat_1_points=False), lopsided)
    assert move != mv.M_ACCEPT
    assert move == mv.counter_move((0, 0, 1, 0, 0), (0, 0, 0, 0, 1)), "one for one instead"
    assert answer(position(ore=2, seat_1_points=False), ORE) == mv.M_ACCEPT


def test_a_seat_level_with_it_gets_a_card_only_for_a_completed_build() -> None:
    assert answer(position(ore=2, seat_1_points=True), ORE) == mv.M_ACCEPT  # pays the city
    assert answer(position(ore=1, seat_1_points=True), ORE) == mv.M_DECLINE  # one step only
    assert answer(position(ore=1, seat_1_points=False), ORE) == mv.M_ACCEPT  # seat 1 is behind


class Fisher:
    """A person who plays like the AI but, in every main phase, first makes the
    offers the rules allow, each the best remaining one for their own hand:
    one card for two (when `greedy`) or one for one, to everyone."""

    def __init__(self, seed: int, greedy: bool) -> None:
        self._ai = KATAN.player("katan", seed)
        self._greedy = greedy
        self.offers = 0

    def choose(self, view: KatanView, seat: int, legal: Sequence[mv.Move]) -> mv.Move:
        st = view.state
        if st.phase == MAIN and st.offer is None:
            for offer in self._ranked(st, seat)[st.offers : st.offers + 1]:
                if why_not(st, seat, offer) is None:
                    self.offers += 1
                    return offer
        return self._ai.choose(view, seat, legal)

    def _ranked(self, st: KatanState, seat: int) -> list[mv.Move]:
        hand = hand_of(st, seat)
        goals = _goals(st, seat)
        before = _hand_score(hand, goals)
        scored: list[tuple[float, mv.Move]] = []
        for out in range(RESOURCES):
            if not hand[out]:
                continue
            for a in range(RESOURCES):
                for b in range(a, RESOURCES) if self._greedy else (a,):
                    if out in (a, b):
                        continue
                    want = [0] * RESOURCES
                    want[a] += 1
                    if b != a:
                        want[b] += 1
                    after = [hand[r] - (r == out) + want[r] for r in range(RESOURCES)]
                    gain = _hand_score(after, goals) - before
                    if gain > 0:
                        one = tuple(int(r == out) for r in range(RESOURCES))
                        scored.append((gain, mv.offer_move(-1, one, tuple(want))))
        scored.sort(key=lambda pair: -pair[0])
        return [offer for _, offer in scored]


class Answers:
    """Wraps an AI seat to record each offer it accepted."""

    def __init__(self, player: Player[KatanView, mv.Move], accepted: list[mv.Move]) -> None:
        self._player = player
        self._accepted = accepted

    def choose(self, view: KatanView, seat: int, legal: Sequence[mv.Move]) -> mv.Move:
        move = self._player.choose(view, seat, legal)
        if view.state.phase == OFFER and move == mv.M_ACCEPT and view.state.offer is not None:
            self._accepted.append(view.state.offer)
        return move


def fished(greedy: bool | None, games: int) -> tuple[int, int, list[mv.Move]]:
    """Wins of the tested seat (rotating) over `games` seeded games against
    three default AIs, its offers made, and the offers the AIs accepted;
    `greedy` None plays the seat as a default AI."""
    wins = offers = 0
    accepted: list[mv.Move] = []
    for index in range(games):
        seat = index % 4
        players: list[Player[KatanView, mv.Move]] = [
            Answers(KATAN.player("katan", 1000 * index + s), accepted) for s in range(4)
        ]
        fisher = None if greedy is None else Fisher(1000 * index + seat, greedy)
        players[seat] = fisher or KATAN.player("katan", 1000 * index + seat)
        result = play(KATAN, TableConfig(game="katan", seed=900_000 + index), players)
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
        offers += fisher.offers if fisher else 0
    return wins, offers, accepted


GAMES = 400
MARGIN = 10
"""Games a fisher may win beyond plain play and still count as gaining
nothing: under one standard error of the difference over `GAMES` games.
Before the trade guard, fishing won 115 (one for one) and 128 (one for two)
of these 400 against 89 for plain play."""


@pytest.fixture(scope="module")
def plain_wins() -> int:
    return fished(None, GAMES)[0]


@pytest.mark.xdist_group("fishing")  # one worker plays the plain games once for both
@pytest.mark.parametrize("greedy", [False, True], ids=["one_for_one", "one_for_two"])
def test_fishing_gains_nothing(greedy: bool, plain_wins: int) -> None:
    wins, offers, accepted = fished(greedy, GAMES)
    assert offers > 10 * GAMES, "the person fished in nearly every turn"
    assert accepted, "some trades still went through"
    assert all(sum(want) <= sum(give) for give, want in map(mv.offer_legs, accepted))
    assert wins <= plain_wins + MARGIN, (
        f"fishing won {wins} of {GAMES} games, trading like the AI {plain_wins}"
    )
