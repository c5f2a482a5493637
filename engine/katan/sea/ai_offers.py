"""The default level's further domestic offers in a Seafarers turn.

The inner AI makes one offer a turn, a card for a card, when a goal lacks
exactly one card. The default level also offers when a goal lacks two, and
when an offer found no taker it offers again, two spare cards for one,
while the rules allow offers (`OFFERS_PER_TURN`): better than the bank's
four. The count of offers made is the only memory it needs, and it is
public state.
"""

from engine.katan.components import OFFERS_PER_TURN
from engine.katan.moves import Move, offer_move
from engine.katan.sea.ai_scenario import cards_of
from engine.katan.sea.ai_values import Goal, Plan
from engine.katan.state import hand_size


def offer(plan: Plan, goals: list[Goal]) -> Move | None:
    """Spare cards for one card a top goal lacks (it lacks one or two), to
    everyone: one for one at first, two for one once an offer found no taker."""
    st, seat = plan.st, plan.seat
    if st.offers >= OFFERS_PER_TURN:
        return None
    if not any(hand_size(st, t) for t in range(st.seats) if t != seat):
        return None
    cards = cards_of(plan)
    w = st.width
    count = 1 if st.offers == 0 else 2
    for cost, _ in goals[:2]:
        need = [max(0, cost[k] - cards[k]) for k in range(w)]
        if not 0 < sum(need) <= 2:
            continue
        wanted = [k for k in range(w) if need[k]]
        want = wanted[st.offers % len(wanted)]
        spare = [max(0, cards[k] - cost[k]) for k in range(w)]
        if sum(spare) < count:
            continue
        give = [0] * w
        for _ in range(count):
            k = max(range(w), key=lambda r: spare[r])
            spare[k] -= 1
            give[k] += 1
        ask = [0] * w
        ask[want] = 1
        return offer_move(-1, tuple(give), tuple(ask))
    return None
