"""How every Katan AI plays the special building phase (five or six seats).

The AIs plan a turn's builds in their main phase; the special building phase is
that main phase cut down to building and buying. So the seat's view is read
as its own main phase after the roll, with its offers used up and a card
already played, and whatever the AI picks there that the phase does not allow
(a trade it would make first) ends the phase instead.
"""

from collections.abc import Callable, Sequence

from engine.katan.components import OFFERS_PER_TURN
from engine.katan.moves import M_END, Move
from engine.katan.state import MAIN
from engine.katan.view import KatanView

Decide = Callable[[KatanView, int, Sequence[Move]], Move]


def build_or_pass(decide: Decide, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
    st = view.state.copy()
    st.phase = MAIN
    st.current = seat
    st.offers = OFFERS_PER_TURN
    st.dev_played = True
    choice = decide(KatanView(view.seat, st, seat), seat, legal)
    return choice if choice in legal else M_END
