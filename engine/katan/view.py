"""What one seat (or a spectator) may know, as a redacted state.

A view is the same `KatanState` class with the secrets blanked: other seats'
cards and development cards are zeroed (their counts kept in `redaction`),
the development deck's composition, the seed and the roll counter are
cleared, victory point cards stay hidden until the game is over, and each
rule set blanks what its part hides (progress cards, decks, the fog pile).
Because the rule functions read other seats only through the public counts,
a seat's legal moves computed from its view equal those computed from the
full state, and the AI can reason with the engine's own functions
without being able to peek.
"""

from engine.katan import rules
from engine.katan.components import DEV_KINDS, VICTORY_POINT
from engine.katan.moves import Move
from engine.katan.state import OVER, KatanState, Redaction, deck_size, dev_size, hand_size


class KatanView:
    """A seat's view: `state` is redacted for `seat` (None for a spectator)."""

    __slots__ = ("seat", "state", "to_move")

    def __init__(self, seat: int | None, state: KatanState, to_move: int | None) -> None:
        self.seat = seat
        self.state = state
        self.to_move = to_move


def view_for(st: KatanState, seat: int | None) -> KatanView:
    v = st.copy()
    n = st.seats
    v.redaction = Redaction(
        [hand_size(st, t) for t in range(n)],
        [dev_size(st, t) for t in range(n)],
        deck_size(st),
    )
    w = st.width
    for t in range(n):
        if t == seat:
            continue
        v.hands[t * w : (t + 1) * w] = [0] * w
        keep_vp = st.phase == OVER
        for k in range(DEV_KINDS):
            if not (keep_vp and k == VICTORY_POINT):
                v.devs[t * DEV_KINDS + k] = 0
    if seat != st.current:
        v.fresh = [0] * DEV_KINDS
    v.deck = [0] * DEV_KINDS
    v.seed = 0
    v.counter = 0
    st.ruleset.redact(v, st, seat)
    return KatanView(seat, v, rules.to_move(st))


def view_legal_moves(view: KatanView, seat: int) -> list[Move]:
    """The viewer's legal moves, from its view alone (nobody else's are knowable)."""
    if seat != view.seat:
        return []
    return rules.legal_moves(view.state, seat)
