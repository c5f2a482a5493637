"""What the table knows of each seat's cards (`KatanState.known`): the lower
bound a search deals hidden hands from.

Most cards move in plain sight: the dice say who produces what, builds,
bank trades and discards change the public bank by exactly what the seat
paid, domestic trades and a monopoly name their cards. A seat's known cards
grow and shrink with those. Any other move that passes cards between seats
(a steal, a Master Merchant's pick, a Wedding's gifts, a Commercial
Harbor's exchange) counts as unseen: a seat that lost n cards that way may
have lost any n, so each count it was known to hold drops by n, and what
the other seat got is not known.

It follows the hands at the one choke point where moves become real
(`rules.step`) and only as far as the table could follow them, so it tells
nobody anything hidden: views keep it, and a search's deal gives every
hidden hand at least its known cards (`determinize`). A seat's own private
knowledge (the card it stole) is not in it; it is what all seats share.
"""

from typing import Final

from engine.katan.moves import ACCEPT, PLAY_MONOPOLY, ROLL, TAKE_COUNTER, Move
from engine.katan.state import KatanState

OPEN_KINDS: Final = frozenset({ROLL, ACCEPT, TAKE_COUNTER, PLAY_MONOPOLY})
"""Moves whose cards change hands in plain sight however many seats they
touch: production by the dice, a domestic trade's named cards, a monopoly."""


def follow(st: KatanState, hands: list[int], move: Move) -> None:
    """Update what is known for a step that changed the hands from `hands`.
    A change to one seat's cards alone was a change against the bank (cards
    are conserved: `audit`), which everyone sees."""
    now = st.hands
    known = st.known
    changed = [i for i in range(len(now)) if now[i] != hands[i]]
    w = st.width
    if move[0] in OPEN_KINDS or changed[0] // w == changed[-1] // w:
        for i in changed:
            count = known[i] + now[i] - hands[i]
            known[i] = count if count > 0 else 0
        return
    for t in {i // w for i in changed}:
        base = t * w
        lost = sum(hands[k] - now[k] for k in range(base, base + w) if hands[k] > now[k])
        if lost:
            for k in range(base, base + w):
                count = known[k] - lost
                known[k] = count if count > 0 else 0
