"""The words the Katan image and its text rendering share, so both say the same."""

from typing import Final

from engine.katan import chores
from engine.katan.cities.components import (
    BARBARIAN_START,
    EVENT_SHIP,
    KNIGHT_LEVELS,
    PROGRESS_TITLES,
    TRACK_NAMES,
    TRACKS,
)
from engine.katan.components import CARD_NAMES, cards_text
from engine.katan.geometry import bits
from engine.katan.maps import LARGE
from engine.katan.sea.islands import ISLAND_BONUS
from engine.katan.sea.mapfile import CHIP_NAMES
from engine.katan.sea.scenarios import WONDER_STAGES
from engine.katan.state import (
    CHORE,
    COUNTERS,
    DISCARD,
    FREE_ROADS,
    MAIN,
    OFFER,
    OVER,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL,
)
from renderers.katan.model import CitiesScene, KatanScene, SeaScene
from renderers.katan.palette import TERRAIN_WORDS
from renderers.words import plural

PHASE_VERB: Final = {
    SETUP_SETTLEMENT: "to place a settlement",
    SETUP_ROAD: "to place a road",
    ROLL: "to roll",
    DISCARD: "to discard",
    ROBBER: "to move the robber",
    MAIN: "to build or trade",
    FREE_ROADS: "to place free roads",
    OFFER: "to answer an offer",
    COUNTERS: "to choose a counter-offer",
    SPECIAL: "may build (special phase)",
}
CHORE_VERB: Final = {
    chores.DISCARD: "to discard",
    chores.LOSE_CITY: "to choose a city to lose",
    chores.GIVE_BACK: "to give back a progress card",
    chores.HAND_OVER: "to hand over a wedding gift",
    chores.METROPOLIS: "to place a metropolis",
    chores.PLACE_KNIGHT: "to place a knight",
    chores.REMOVE_KNIGHT: "to remove a knight",
    chores.CHOOSE_DECK: "to choose a progress deck",
    chores.SPY: "to take a spied card",
    chores.MASTER_MERCHANT: "to take two cards",
    chores.HARBOR: "to offer a resource",
    chores.RETURN: "to return a commodity",
    chores.SMITH: "to promote knights",
    chores.PICK: "to pick cards",
}
"""What the seat a chore names is asked to do (Cities & Knights, Seafarers)."""
KNIGHT_WORDS: Final = ("basic", "strong", "mighty")


def status(s: KatanScene) -> str:
    if s.phase == OVER:
        return f"{s.names[s.winner]} wins" if s.winner >= 0 else "Game over"
    if s.to_move is None:
        return "Waiting"
    if s.phase == CHORE:
        verb = CHORE_VERB.get(s.chore, "to answer")
    elif s.phase == ROBBER and _pirate_awake(s):
        verb = "to move the robber or the pirate"
    else:
        verb = PHASE_VERB.get(s.phase, "to move")
    return f"{s.names[s.to_move]} {verb}"


def _pirate_awake(s: KatanScene) -> bool:
    """A seven may move the pirate: it is on the map, and with Cities &
    Knights it sleeps with the robber until the first attack."""
    return s.sea is not None and s.sea.pirate >= 0 and (s.ck is None or s.ck.attacks > 0)


def awards(s: KatanScene, seat: int) -> list[str]:
    """Titles and points beyond buildings, and what the seat still owes."""
    found = []
    if s.longest == seat:
        found.append("Longest Road")
    if s.army == seat:
        found.append("Largest Army")
    ck = s.ck
    if ck is not None:
        for track in range(TRACKS):
            if ck.metropolis_owner[track] == seat:
                found.append(f"{TRACK_NAMES[track]} metropolis")
            if ck.claims[track] == seat:
                found.append(f"{TRACK_NAMES[track]} metropolis waiting")
        if ck.defenders[seat]:
            found.append(f"Defender ×{ck.defenders[seat]}")
        if ck.face_up[seat]:
            found.append(f"{plural(ck.face_up[seat], 'point card')}")
        if ck.merchant_owner == seat and ck.merchant >= 0:
            found.append("merchant")
    if s.seats[seat].owes:
        found.append(f"must discard {s.seats[seat].owes}")
    return found


def holders(s: KatanScene) -> str:
    longest = s.names[s.longest] if s.longest >= 0 else "nobody"
    if s.ck is not None:
        return f"Longest Road: {longest}"
    army = s.names[s.army] if s.army >= 0 else "nobody"
    return f"Longest Road: {longest}; Largest Army: {army}"


def offer_words(s: KatanScene) -> str:
    assert s.offer is not None
    offerer, to, give, want = s.offer
    whom = "everyone" if to < 0 else s.names[to]
    return f"{s.names[offerer]} offers {cards_text(give)} for {cards_text(want)} to {whom}"


# ---- Cities & Knights ------------------------------------------------------------------


def event_words(event: int) -> str:
    if event < 0:
        return "not rolled yet"
    return "ship" if event >= EVENT_SHIP else f"{TRACK_NAMES[event]} gate"


def strength(ck: CitiesScene, seat: int) -> int:
    """The seat's active knights' strength: what it sends against the barbarians."""
    i = seat * KNIGHT_LEVELS
    return sum(
        (level + 1) * (ck.knights[i + level] & ck.active[seat]).bit_count()
        for level in range(KNIGHT_LEVELS)
    )


def knight_count(ck: CitiesScene, seat: int) -> int:
    i = seat * KNIGHT_LEVELS
    return sum(ck.knights[i + level].bit_count() for level in range(KNIGHT_LEVELS))


def barbarian_words(s: KatanScene) -> str:
    """Where the ship is, what it will meet, and whether the robber is awake."""
    ck = s.ck
    assert ck is not None
    cities = sum(mask.bit_count() for mask in s.cities)
    defence = sum(strength(ck, t) for t in range(len(s.seats)))
    attacks = plural(ck.attacks, "attack") + " so far" if ck.attacks else "no attack yet"
    robber = "" if ck.attacks else ", the robber waits beside the board"
    return (
        f"{plural(ck.barbarians, 'step')} from Katan (of {BARBARIAN_START}), strength "
        f"{cities} against knights {defence}; {attacks}{robber}"
    )


def knights_of(ck: CitiesScene, seat: int) -> list[str]:
    """'12 strong active' per knight of the seat, by crossing."""
    out = []
    i = seat * KNIGHT_LEVELS
    for level in range(KNIGHT_LEVELS):
        for node in bits(ck.knights[i + level]):
            state = "active" if ck.active[seat] >> node & 1 else "asleep"
            out.append((node, f"{node} {KNIGHT_WORDS[level]} {state}"))
    return [words for _, words in sorted(out)]


def progress_names(cards: tuple[int, ...]) -> str:
    return ", ".join(PROGRESS_TITLES[c] for c in cards) if cards else "none"


def fleet_words(ck: CitiesScene) -> str:
    return f"Merchant Fleet: {CARD_NAMES[ck.fleet]} 2:1" if ck.fleet >= 0 else ""


# ---- Seafarers ---------------------------------------------------------------------------


def map_words(s: KatanScene) -> str:
    """The map as the lobby names it: "standard map", "5–6 player map" (the
    extension's larger island), or a Seafarers map's title."""
    if s.sea is not None:
        return s.sea.title
    return "5–6 player map" if s.map_name == LARGE.name else f"{s.map_name} map"


def sea_facts(s: KatanScene, seat: int) -> list[str]:
    """A seat's fleet, island bonuses and what the map's scenario counts for it."""
    sea = s.sea
    assert sea is not None
    facts = [plural(sea.ships[seat].bit_count(), "ship")]
    islands = sea.bonus.count(seat)
    if islands:
        facts.append(f"{plural(islands, 'island')} +{ISLAND_BONUS * islands}")
    if sea.villages or any(sea.cloth):
        facts.append(f"{sea.cloth[seat]} cloth")
    if sea.fortresses or any(sea.taken):
        taken = sea.taken[seat]
        facts.append(f"{taken} {'fortress' if taken == 1 else 'fortresses'} taken")
    if sea.canal or any(sea.dug):
        facts.append(f"canal {sea.dug[seat]} dug")
    if sea.tribe[seat]:
        facts.append("chips " + ", ".join(CHIP_NAMES[k] for k in sea.tribe[seat]))
    return facts


def wonder_words(sea: SeaScene, seat: int) -> str:
    return f"wonder {sea.wonders[seat]} of {WONDER_STAGES}"


def fog_words(sea: SeaScene, short: bool = False) -> str:
    """How much fog is left and what it may still hide (public: the map's pile
    less what was found); `short` leaves out what it hides."""
    hidden = ", ".join(f"{n} {TERRAIN_WORDS[kind]}" for kind, n in sea.unseen)
    left = f"{sea.fog_left} face down" + (f" ({hidden})" if hidden and not short else "")
    return f"fog: {sea.found} found, {left}"


def rules_words(s: KatanScene) -> str:
    """The expansions in play, as the panel's heading names them."""
    return " · ".join(
        name for name, on in (("Seafarers", s.sea), ("Cities & Knights", s.ck)) if on is not None
    )
