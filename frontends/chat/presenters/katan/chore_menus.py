"""Menus for the chore queue: whatever the table waits on one named seat to
answer (`engine.katan.chores`), each its own root menu with a title saying
why it is asked.

The chore in front (`st.chores[0]`) says what is asked and of whom; its
answers are the seat's legal moves. Discards and Wedding hand-overs are
composed card by card (with suggested answers beside the composer); places
are numbered spots; cards, decks and seats are buttons.
"""

from collections.abc import Sequence

from engine.katan import chores as ch
from engine.katan.cities.components import (
    PROGRESS_TITLES,
    TRACK_COLOURS,
    TRACK_NAMES,
)
from engine.katan.components import CARD_NAMES
from engine.katan.moves import (
    CHOOSE_DECK,
    GIVE_BACK_PROGRESS,
    HAND_OVER,
    HARBOR_GIVE,
    LOSE_CITY,
    PICK,
    PLACE_KNIGHT,
    PLACE_METROPOLIS,
    PROMOTE_KNIGHT,
    REMOVE_KNIGHT,
    RETURN_COMMODITY,
    SKIP,
    TAKE_CARDS,
    TAKE_PROGRESS,
    Move,
)
from engine.katan.state import KatanState
from frontends.chat.compose import Draft
from frontends.chat.menus import Compose, Entry, Leaf, Node
from frontends.chat.presenters.katan.pointing import spots_node
from frontends.chat.presenters.katan.words import cards_text
from renderers.words import plural

LEVEL_WORDS = ("basic", "strong", "mighty")
PICK_WHY = {
    "aqueduct": "Aqueduct: the roll paid you nothing, so take a resource",
    "gold": "Gold field: choose the resources it pays you",
    "chip": "The Forgotten Tribe's chip: choose the resources it gives",
    "chest": "A treasure chest: choose the resources in it",
    "find": "A find under the fog: choose the resources it gives",
}


def waiting_on(st: KatanState, seat: int) -> tuple[int, ...] | None:
    """The chore in front when it waits on `seat`."""
    if st.chores and st.chores[0][1] == seat:
        return st.chores[0]
    return None


def due(st: KatanState, seat: int) -> int:
    """Cards the seat must discard now: after a seven in the base game, or as
    the chore in front (Cities & Knights, Seafarers)."""
    chore = waiting_on(st, seat)
    if chore is not None and chore[0] == ch.DISCARD:
        return chore[2]
    return st.discards[seat] if 0 <= seat < len(st.discards) else 0


def discard_node(st: KatanState, seat: int, legal: Sequence[Move]) -> Node:
    blank = (0,) * st.width
    children: list[Entry] = [Compose("Choose cards…", Draft("discard", blank, blank).payload())]
    for move in legal:
        children.append(Leaf(f"Discard {cards_text(move[1:])}", move))
    title = f"Discard {due(st, seat)} cards"
    return Node("", title, title, tuple(children))


def chore_node(
    st: KatanState, chore: tuple[int, ...], legal: Sequence[Move], names: Sequence[str]
) -> Node:
    kind = chore[0]
    seat = chore[1]
    if kind == ch.DISCARD:
        return discard_node(st, seat, legal)
    if kind == ch.LOSE_CITY:
        title = "The barbarians won: choose the city they take (it becomes a settlement)"
        return spots_node("", "Lose a city ▸", title, legal, LOSE_CITY)
    if kind == ch.GIVE_BACK:
        title = "You hold five progress cards: give one back"
        return _cards(title, legal, GIVE_BACK_PROGRESS, "Give back")
    if kind == ch.HAND_OVER:
        return _hand_over(st, chore, legal, names)
    if kind == ch.METROPOLIS:
        title = f"Your {TRACK_NAMES[chore[2]]} metropolis: choose the city that carries it"
        return spots_node("", "Metropolis ▸", title, legal, PLACE_METROPOLIS)
    if kind == ch.PLACE_KNIGHT:
        return _place_knight(chore, legal)
    if kind == ch.REMOVE_KNIGHT:
        title = f"{names[chore[2]]} played Deserter: choose the knight that leaves you"
        return spots_node("", "Knight ▸", title, legal, REMOVE_KNIGHT)
    if kind == ch.CHOOSE_DECK:
        decks = tuple(
            Leaf(f"{TRACK_NAMES[m[1]].capitalize()} ({TRACK_COLOURS[m[1]]})", m)
            for m in legal
            if m[0] == CHOOSE_DECK
        )
        title = "You share the best defence: draw a progress card from the deck you choose"
        return Node("", title, title, decks)
    if kind == ch.SPY:
        shown = ", ".join(PROGRESS_TITLES[c] for c in st.ck.progress[chore[2]] if c >= 0)
        title = f"Spy: {names[chore[2]]} holds {shown or 'no progress cards'}. Take one"
        return _cards(title, legal, TAKE_PROGRESS, "Take")
    if kind == ch.MASTER_MERCHANT:
        return _master_merchant(st, chore, legal, names)
    if kind == ch.HARBOR:
        return _harbor(chore, legal, names)
    if kind == ch.RETURN:
        given = CARD_NAMES[chore[3]]
        title = f"Commercial Harbor: {names[chore[2]]} gave you 1 {given}; give back a commodity"
        returns = tuple(
            Leaf(f"Give back 1 {CARD_NAMES[m[1]]}", m) for m in legal if m[0] == RETURN_COMMODITY
        )
        return Node("", title, title, returns)
    if kind == ch.SMITH:
        title = f"Smith: promote up to {chore[2]} knights for free"
        node = spots_node("", "Promote ▸", title, legal, PROMOTE_KNIGHT)
        return _with_skip(node, legal, "Stop promoting")
    if kind == ch.PICK:
        source = ch.PICK_SOURCES[chore[3]]
        count = chore[2]
        why = PICK_WHY.get(source, "Choose the resources you receive")
        title = f"{why} ({count} to choose)" if count > 1 else why
        picks = tuple(Leaf(f"Take 1 {CARD_NAMES[m[1]]}", m) for m in legal if m[0] == PICK)
        return Node("", title, title, picks)
    title = "Answer first"
    return Node("", title, title, tuple(Leaf(str(m), m) for m in legal))


def _cards(title: str, legal: Sequence[Move], code: int, verb: str) -> Node:
    leaves = tuple(Leaf(f"{verb} {PROGRESS_TITLES[m[1]]}", m) for m in legal if m[0] == code)
    return Node("", title, title, leaves)


def _with_skip(node: Node, legal: Sequence[Move], label: str) -> Node:
    skips = tuple(Leaf(label, m, style="danger") for m in legal if m[0] == SKIP)
    return Node(node.key, node.label, node.title, (*node.children, *skips), node.spots)


def _hand_over(
    st: KatanState, chore: tuple[int, ...], legal: Sequence[Move], names: Sequence[str]
) -> Node:
    to, count = chore[2], chore[3]
    blank = (0,) * st.width
    children: list[Entry] = [
        Compose("Choose cards…", Draft("hand_over", blank, blank).payload(), "primary")
    ]
    for move in legal:
        if move[0] == HAND_OVER:
            children.append(Leaf(f"Give {cards_text(move[1:])}", move))
    title = f"Wedding: give {names[to]} {plural(count, 'card')} of your choice"
    return Node("", title, title, tuple(children))


def _place_knight(chore: tuple[int, ...], legal: Sequence[Move]) -> Node:
    level, origin = chore[2], chore[4]
    word = LEVEL_WORDS[max(0, min(level, 3) - 1)]
    if origin >= 0:
        title = f"Your {word} knight at {origin} was driven off: choose where it goes"
    else:
        title = f"Deserter: place your new {word} knight (or leave it off the board)"
    node = spots_node("", "Place ▸", title, legal, PLACE_KNIGHT)
    return _with_skip(node, legal, "Leave it off")


def _master_merchant(
    st: KatanState, chore: tuple[int, ...], legal: Sequence[Move], names: Sequence[str]
) -> Node:
    victim = chore[2]
    w = st.width
    hand = st.hands[victim * w : (victim + 1) * w]
    leaves: list[Entry] = []
    for move in legal:
        if move[0] != TAKE_CARDS:
            continue
        a, b = move[1], move[2]
        words = f"2 {CARD_NAMES[a]}" if a == b else f"{CARD_NAMES[a]} and {CARD_NAMES[b]}"
        leaves.append(Leaf(f"Take {words}", move))
    title = f"Master Merchant: {names[victim]} holds {cards_text(hand)}. Take two"
    return Node("", title, title, tuple(leaves))


def _harbor(chore: tuple[int, ...], legal: Sequence[Move], names: Sequence[str]) -> Node:
    who = names[chore[2]]
    leaves: list[Entry] = [
        Leaf(f"Give {who} 1 {CARD_NAMES[m[1]]}", m) for m in legal if m[0] == HARBOR_GIVE
    ]
    leaves += [Leaf(f"Skip {who}", m, style="danger") for m in legal if m[0] == SKIP]
    title = f"Commercial Harbor: offer {who} a resource for a commodity of their choice"
    return Node("", title, title, tuple(leaves))


def chore_status(st: KatanState, chore: tuple[int, ...], names: Sequence[str]) -> str:
    """The caption's sentence for a chore being waited on."""
    kind = chore[0]
    who = names[chore[1]] if 0 <= chore[1] < len(names) else "The table"
    if kind == ch.DISCARD:
        owing = [f"{names[c[1]]} {c[2]}" for c in st.chores if c[0] == ch.DISCARD and c[1] >= 0]
        return f"A seven! Discarding: {', '.join(owing)}."
    if kind == ch.LOSE_CITY:
        return f"{who} chooses the city the barbarians take."
    if kind == ch.GIVE_BACK:
        return f"{who} gives back a fifth progress card."
    if kind == ch.HAND_OVER:
        return f"{who} chooses {plural(chore[3], 'card')} to give {names[chore[2]]} (Wedding)."
    if kind == ch.METROPOLIS:
        return f"{who} chooses the city for the {TRACK_NAMES[chore[2]]} metropolis."
    if kind == ch.PLACE_KNIGHT:
        return f"{who} places a knight."
    if kind == ch.REMOVE_KNIGHT:
        return f"{who} chooses a knight to desert to {names[chore[2]]}."
    if kind == ch.CHOOSE_DECK:
        return f"{who} chooses a progress deck to draw from."
    if kind == ch.SPY:
        return f"{who} looks at {names[chore[2]]}'s progress cards (Spy)."
    if kind == ch.MASTER_MERCHANT:
        return f"{who} takes two of {names[chore[2]]}'s cards (Master Merchant)."
    if kind == ch.HARBOR:
        return f"{who} offers {names[chore[2]]} a resource (Commercial Harbor)."
    if kind == ch.RETURN:
        return f"{who} gives {names[chore[2]]} back a commodity (Commercial Harbor)."
    if kind == ch.SMITH:
        return f"{who} promotes knights for free (Smith)."
    if kind == ch.PICK:
        source = ch.PICK_SOURCES[chore[3]]
        count = chore[2]
        return f"{who} chooses {count} resource{'s' if count > 1 else ''} ({source})."
    return f"Waiting for {who}."
