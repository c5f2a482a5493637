"""The rest of a hand's tricks played out by the `normal` AI, fast.

The `hard` AI finishes every candidate move in every deal, a few thousand
tricks a decision. Through `rules.apply` each card would copy the state and
write its narration; here the tricks are played on bare lists with the same
card choices (`EuchreAi._play`, decision for decision) and scored as
`rules._score` scores them, which `tests/test_euchre_ai_hard.py` checks
against the rules themselves.
"""

from collections.abc import Sequence
from typing import Final

from engine.cards import Card
from engine.euchre.ai import lead, lowest
from engine.euchre.ranking import EFFECTIVE_SUIT, STRENGTH
from engine.euchre.state import EuchreState, Phase, partner, team

_TRICKS: Final = 5


def finish_hand(state: EuchreState, mine: int) -> int:
    """Points for team `mine` minus points against it once the hand in play
    (phase PLAYING) is finished; `state` is left as it was."""
    assert state.phase == Phase.PLAYING and state.trump is not None
    trump = state.trump
    effective = EFFECTIVE_SUIT[trump]
    hands = [h[:] for h in state.hands]
    out = state.sitting_out()
    order = [s for s in range(4) if s not in out]
    active = len(order)
    won = state.tricks_won[:]
    trick: list[tuple[int, Card]] = [(p.seat, p.card) for p in state.trick]
    turn = state.turn
    while any(hands):
        hand = hands[turn]
        if trick:
            led = effective[trick[0][1]]
            cards = [c for c in hand if effective[c] == led] or hand
            strength = STRENGTH[trump][led]
            if len(cards) == 1:
                chosen = cards[0]
            else:
                best_seat, best_card = max(trick, key=lambda p: strength[p[1]])
                to_beat = strength[best_card]
                if partner(best_seat) == turn and len(trick) == active - 1:
                    chosen = lowest(cards, strength)
                else:
                    winners = [c for c in cards if strength[c] > to_beat]
                    if winners:
                        chosen = min(winners, key=lambda c: strength[c])
                    else:
                        chosen = lowest(cards, strength)
        else:
            chosen = hand[0] if len(hand) == 1 else lead(hand, trump)
        hand.remove(chosen)
        trick.append((turn, chosen))
        if len(trick) < active:
            turn = order[(order.index(turn) + 1) % active]
            continue
        strength = STRENGTH[trump][effective[trick[0][1]]]
        turn = max(trick, key=lambda p: strength[p[1]])[0]
        won[turn] += 1
        trick = []
    return hand_points(state, won, mine)


def hand_points(state: EuchreState, won: Sequence[int], mine: int) -> int:
    """Points for team `mine` minus points against it for a hand whose seats
    took `won` tricks, as the rules score it."""
    assert state.maker is not None
    makers = team(state.maker)
    tricks = won[makers] + won[makers + 2]
    if tricks >= 3:
        points = 1 if tricks < _TRICKS else 4 if state.alone_seat is not None else 2
        return points if makers == mine else -points
    points = 4 if state.lone_defender is not None else 2
    return -points if makers == mine else points
