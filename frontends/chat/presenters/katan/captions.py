"""Katan's words for a position: the status caption, the seat's hand, and the
help and rules texts."""

from collections.abc import Sequence
from typing import Final

from engine.katan.components import DEV_KINDS, VICTORY_POINT
from engine.katan.moves import offer_legs
from engine.katan.state import (
    CHORE,
    COUNTERS,
    FREE_ROADS,
    OVER,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL,
    KatanState,
)
from engine.katan.state import DISCARD as P_DISCARD
from engine.katan.state import OFFER as P_OFFER
from engine.katan.state import ROLL as P_ROLL
from frontends.chat.presenters.katan import expansion_words
from frontends.chat.presenters.katan.chore_menus import chore_status
from frontends.chat.presenters.katan.words import cards_text
from languages import N_, _
from renderers.katan_words import DEV_SAID

HELP: Final = N_(
    """Katan commands (any case); numbers are the ids drawn on the board:
  roll · end · build road 12 · build settlement 7 · city 7 · buy card
  play knight · play road building · play plenty ore wool · play monopoly ore
  robber 5 · robber 5 steal ana
  trade 4 wool for 1 ore (the bank or your harbour rate)
  offer 2 wool 1 brick for 1 ore to bo (without "to": everyone)
  accept · decline · counter 1 ore for 2 wool · take bo · dismiss · withdraw
  discard 2 ore 1 wool · stop (no more free roads)
Cities & Knights: knight 12 (hire) · activate 12 · promote 12 · move knight 12 to 20
  chase 12 (the robber) · wall 12 · improve trade · play alchemist 3 4 · play spy bo
  play inventor 5 9 · lose city 12 · give back crane · metropolis 12 · draw politics
  take card crane · take wool ore · harbor wool · return coin · place knight 20 · skip
Seafarers: ship 40 · sail 40 to 52 · pirate 30 steal bo · raid 33 · wonder · dig 38
  pick ore (gold, chips and chests)"""
)
RULES: Final = N_(
    """Katan: settle the island, roll for resources, build roads, settlements and cities.
Roads cost lumber+brick, settlements lumber+brick+wool+grain, cities 2 grain+3 ore,
development cards wool+grain+ore. A seven makes hands over seven discard half and
moves the robber. Longest Road and Largest Army are worth 2 points each.
First to the target (10 by default) wins. Full rules: docs/katan.md.
Cities & Knights (expansions=cities_and_knights): commodities, knights against the
barbarians, three city tracks and progress cards instead of development cards; 13 points.
Seafarers (expansions=seafarers, map=…): ships, the pirate, gold fields, islands; 12 points."""
)


def caption(st: KatanState, seat: int | None, names: Sequence[str]) -> str:
    points = ", ".join(f"{names[t]} {_points(st, t, seat)}" for t in range(st.seats))
    said = _("{status} Points: {points} (to {target}).")
    text = said.format(status=_status(st, names), points=points, target=st.target)
    if st.ck is not None and st.phase != OVER:
        text += " " + expansion_words.barbarians(st)
    return text


def _points(st: KatanState, t: int, viewer: int | None) -> int:
    hidden = st.devs[t * DEV_KINDS + VICTORY_POINT] if t == viewer or st.phase == OVER else 0
    return st.points[t] + hidden


def _status(st: KatanState, names: Sequence[str]) -> str:
    who = names[st.current]
    phase = st.phase
    if phase == CHORE and st.chores:
        return chore_status(st, st.chores[0], names)
    if phase == SETUP_SETTLEMENT:
        if st.ck is not None and st.setup_step >= st.seats:
            return _("Setup: {name} places a city.").format(name=who)
        return _("Setup: {name} places a settlement.").format(name=who)
    if phase == SETUP_ROAD:
        if st.sea is not None:
            return _("Setup: {name} places a road or ship.").format(name=who)
        return _("Setup: {name} places a road.").format(name=who)
    if phase == P_ROLL:
        return _("Turn {turn}: {name} to roll.").format(turn=st.turn, name=who)
    if phase == P_DISCARD:
        owing = ", ".join(f"{names[t]} {n}" for t, n in enumerate(st.discards) if n)
        return _("A seven! Discarding: {owing}.").format(owing=owing)
    if phase == ROBBER:
        if st.sea is not None:
            return _("{name} moves the robber or the pirate.").format(name=who)
        return _("{name} moves the robber.").format(name=who)
    if phase == FREE_ROADS:
        if st.sea is not None:
            said = _("{name} places free roads or ships ({left} left).")
        else:
            said = _("{name} places free roads ({left} left).")
        return said.format(name=who, left=st.free_roads)
    if phase == P_OFFER and st.offer is not None:
        give, want = offer_legs(st.offer)
        to = _("everyone") if st.offer[1] < 0 else names[st.offer[1]]
        offer = _("{name} offers {give} for {want} to {to}.").format(
            name=who, give=cards_text(give), want=cards_text(want), to=to
        )
        if st.asked < 0:
            return offer
        return offer[:-1] + _("; {name} to answer.").format(name=names[st.asked])
    if phase == COUNTERS:
        return _("{name} considers the counter-offers.").format(name=who)
    if phase == SPECIAL:
        said = _("Special building phase after {name}'s turn: {builder} may build.")
        return said.format(name=who, builder=names[st.asked])
    if phase == OVER:
        return _("{name} wins!").format(name=names[st.winner])
    if st.rolled:
        said = _("Turn {turn}: {name}'s move (rolled {roll}).")
        return said.format(turn=st.turn, name=who, roll=sum(st.dice))
    return _("Turn {turn}: {name}'s move.").format(turn=st.turn, name=who)


def hand(st: KatanState, seat: int) -> str:
    """The seat's own cards on the first line (`Your hand: …`, with its
    development cards), its progress cards on the next (`Your progress cards:
    …`): the secret lines. Then its pieces and tracks, which are public."""
    cards = st.hands[seat * st.width : (seat + 1) * st.width]
    devs = st.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS]
    fresh = st.fresh if seat == st.current else [0] * DEV_KINDS
    parts = [_("Your hand: {cards}.").format(cards=cards_text(cards))]
    held = [
        f"{n} {_(DEV_SAID[k])}"
        + (" " + _("({count} new)").format(count=fresh[k]) if fresh[k] else "")
        for k, n in enumerate(devs)
        if n
    ]
    if held:
        parts.append(_("Development cards: {cards}.").format(cards=", ".join(held)))
    lines = [" ".join(parts)]
    if st.ck is not None:
        lines += expansion_words.cities_lines(st, seat)
    if st.sea is not None:
        lines += expansion_words.sea_lines(st, seat)
    return "\n".join(line for line in lines if line)
