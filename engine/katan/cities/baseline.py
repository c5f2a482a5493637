"""The app-like baseline ("app" level): the "safe, unambitious" Cities &
Knights opponent the app ships (seeds/rules-katan-cities-and-knights.md, *The
computer opponent*), the player the default AI is measured against.

It settles and raises cities as the base AI does (the same setup, city and
settlement choices, bank trades towards them and roads); spends commodities
on improvements as soon as it can, politics first; hires and wakes knights
as the barbarians draw near; chases the robber off hexes it needs; plays only
the progress cards whose value is obvious (`ai_cards.OBVIOUS`: never the
Alchemist, Inventor, Diplomat, Deserter or Intrigue); makes no domestic
offers, though it answers them; and answers every chore with the card it
values least. It never plans a knight's route or a metropolis race. In a
base game it plays as the base AI.
"""

import random
from collections.abc import Sequence
from typing import Final

from engine.katan.ai import KatanPlayer, _best_road, _wants_road
from engine.katan.cities import ai_cards, ai_trade
from engine.katan.cities.ai import CitiesPlayer
from engine.katan.cities.ai_cards import Seat, own_hex_robbed
from engine.katan.cities.ai_measures import (
    CITY,
    ROAD,
    SETTLEMENT,
    Goal,
    hand,
    hand_limit,
    improve_cost,
    knight_spot,
    output,
    part,
    potential,
    spot_open,
)
from engine.katan.cities.components import POLITICS, TRACKS
from engine.katan.components import CITY_PIECES, RESOURCES, SETTLEMENT_PIECES
from engine.katan.evaluate import node_yield, resource_weights, spot_value
from engine.katan.moves import (
    ACTIVATE_KNIGHT,
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_WALL,
    CHASE_ROBBER,
    HIRE_KNIGHT,
    IMPROVE,
    M_END,
    M_ROLL,
    Kinds,
    Move,
    by_kind,
)
from engine.katan.sea.ai import app_choose
from engine.katan.special_ai import build_or_pass
from engine.katan.state import SPECIAL, KatanState, hand_size
from engine.katan.view import KatanView

NEAR: Final = 3
"""Steps from Catan at which the baseline wakes its knights."""


class AppPlayer(CitiesPlayer):
    def __init__(self, seed: int) -> None:
        super().__init__(rng=random.Random(seed))
        self._base = KatanPlayer(seed)

    def choose(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        if view.state.phase == SPECIAL:
            return build_or_pass(self._choose, view, seat, legal)
        return self._choose(view, seat, legal)

    def _choose(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        if view.state.sea is not None:
            return app_choose(self._rng, self._base, self._plain, view, seat, legal)
        return self._plain(view, seat, legal)

    def _plain(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        """Every decision but the sea's (`sea/ai.py` plays the app's Seafarers)."""
        if view.state.ck is None:
            return self._base.decide(view, seat, legal)
        return super().choose(view, seat, legal)

    def goals(self, st: KatanState, seat: int) -> list[Goal]:
        """Cities, then settlements (or a road towards one), then the next level
        of each track: no knights, walls or metropolis race in its plans."""
        out: list[Goal] = []
        towns = st.towns[seat].bit_count()
        if towns and st.cities[seat].bit_count() < CITY_PIECES:
            out.append((CITY, 1.0))
        if towns < SETTLEMENT_PIECES:
            out.append((SETTLEMENT, 1.05) if spot_open(st, seat) else (ROAD, 0.5))
        if st.cities[seat]:
            out.extend((improve_cost(st, seat, t), 0.4) for t in range(TRACKS))
        out.sort(key=lambda g: -g[1])
        return out

    def setup(self, st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
        return self._base._setup_settlement(st, seat, legal)

    def before_roll(self, st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
        kinds = by_kind(legal)
        if CHASE_ROBBER in kinds and own_hex_robbed(st, seat):
            return kinds[CHASE_ROBBER][0]
        return M_ROLL

    def main(self, st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
        kinds = by_kind(legal)
        wanted = self.goals(st, seat)
        card = ai_cards.play(Seat(st, seat, wanted), legal, ai_cards.OBVIOUS)
        if card is not None:
            return card
        if BUILD_CITY in kinds:
            return max(kinds[BUILD_CITY], key=lambda m: sum(node_yield(st, m[1])))
        if BUILD_SETTLEMENT in kinds:
            weights = resource_weights(st)
            have = output(st, seat)[:RESOURCES]
            return max(
                kinds[BUILD_SETTLEMENT], key=lambda m: spot_value(st, seat, m[1], weights, have)
            )
        if IMPROVE in kinds:
            return max(kinds[IMPROVE], key=lambda m: (m[1] == POLITICS, -m[1]))
        knight = _knights(st, seat, kinds)
        if knight is not None:
            return knight
        if CHASE_ROBBER in kinds and own_hex_robbed(st, seat):
            return kinds[CHASE_ROBBER][0]
        if BUILD_WALL in kinds and hand_size(st, seat) > hand_limit(st, seat):
            return kinds[BUILD_WALL][0]
        resource_goals = [g for g in wanted if not any(g[0][RESOURCES:])]
        trade = ai_trade.bank_trade(st, seat, resource_goals, legal)
        if trade is not None:
            return trade
        if BUILD_ROAD in kinds and _wants_road(st, seat, hand(st, seat)):
            road = _best_road(st, seat, legal)
            if road is not None:
                return road
        return M_END


def _knights(st: KatanState, seat: int, kinds: Kinds) -> Move | None:
    """Wake every knight once the ship is near; hire one a seat while the
    knights on the board fall short of the cities."""
    ck = part(st)
    if ck.barbarians > NEAR + 1:
        return None
    if ck.barbarians <= NEAR and ACTIVATE_KNIGHT in kinds:
        return kinds[ACTIVATE_KNIGHT][0]
    cities = sum(c.bit_count() for c in st.cities)
    on_board = sum(potential(ck, t) for t in range(st.seats))
    if HIRE_KNIGHT in kinds and (on_board < cities or not potential(ck, seat)):
        return max(kinds[HIRE_KNIGHT], key=lambda m: knight_spot(st, seat, m[1]))
    return None
