"""Seafarers and Cities & Knights together (the seed document's "With Cities &
Knights" and RULINGS 12): both parts on one state, Seafarers' overrides first.

Knights walk along roads and ships alike, a knight at a ship route's end
closes that route (the ship there may not sail), the pirate sleeps with the
robber until the first barbarian attack, and gold pays resources only.
"""

from typing import ClassVar

from engine.katan.chores import Handler
from engine.katan.cities.answers import HANDLERS
from engine.katan.cities.rules import CitiesRules
from engine.katan.cities.state import CitiesPart, knights_of
from engine.katan.kinds import BASE, CITIES, SEAFARERS
from engine.katan.moves import Move
from engine.katan.sea.rules import SeaRules
from engine.katan.sea.state import SeaPart
from engine.katan.state import KatanState


class SeaCitiesRules(SeaRules, CitiesRules):
    names: ClassVar[frozenset[str]] = frozenset({BASE, CITIES, SEAFARERS})
    expansions: ClassVar[tuple[str, ...]] = (CITIES, SEAFARERS)
    chores: ClassVar[dict[int, Handler]] = dict(HANDLERS)

    def ship_anchors(self, st: KatanState, seat: int) -> int:
        ck: CitiesPart = st.ck
        return knights_of(ck, seat)

    def knight_paths(self, st: KatanState, seat: int) -> int:
        """Knights move along the seat's roads and ship lines."""
        sea: SeaPart = st.sea
        return st.roads[seat] | sea.ships[seat]

    def pirate_moves(self, st: KatanState, seat: int, out: list[Move]) -> None:
        ck: CitiesPart = st.ck
        if ck.attacks:
            super().pirate_moves(st, seat, out)


SEA_CITIES_RULES = SeaCitiesRules()
