"""The offers an AI refuses even when they would help its own hand.

Accepting every trade that moves the hand a little toward a goal can be
fished: a person who makes the three offers a turn allows, each the best
for themself, wins far more often than the same person trading like the AI
(measured on 400 base games: 32 % with one card for two, 29 % with one card
for one, against 22 % without fishing). Every accepted trade helps both
sides against the other seats, so the AI must ask more of a trade than a
small step: it never gives more cards than it gets, and it trades with a
seat that is not behind it only when the trade completes a build of its
own. A trailing seat still gets the friendly answer, so ordinary trades
between players who are behind (and with the app-like baselines) go on.
"""


def refuses(gives: int, wants: int, offerer_points: int, own_points: int, completes: bool) -> bool:
    """Whether to decline an offer of `gives` cards for `wants` of the AI's,
    whatever its gain; `completes` says it pays a goal in full."""
    if wants > gives:
        return True
    return offerer_points >= own_points and not completes
