"""Menus for the chore queue: whatever the table waits on one named seat to
answer (`engine.katan.chores`), each its own root menu with a title saying
why it is asked.

The chore in front (`st.chores[0]`) says what is asked and of whom; its
answers are the seat's legal moves. Discards and Wedding hand-overs are
composed card by card (with suggested answers beside the composer); places
are numbered spots; cards, decks and seats are buttons.
"""

from collections.abc import Sequence
from typing import Final

from engine.katan import chores as ch
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
from languages import N_, _, ngettext
from renderers.katan_words import COLOUR_SAID, card_said, progress_said, track_said

PICK_WHY: Final = {
    "aqueduct": N_("Aqueduct: the roll paid you nothing, so take a resource"),
    "gold": N_("Gold field: choose the resources it pays you"),
    "chip": N_("The Forgotten Tribe's chip: choose the resources it gives"),
    "chest": N_("A treasure chest: choose the resources in it"),
    "find": N_("A find under the fog: choose the resources it gives"),
}
SOURCE_SAID: Final = {
    "aqueduct": N_("aqueduct"),
    "gold": N_("gold field"),
    "chip": N_("tribe chip"),
    "chest": N_("treasure chest"),
    "find": N_("find under the fog"),
}
"""Where picked resources come from (`chores.PICK_SOURCES`), for the caption."""
KNIGHT_PLACES: Final = (
    (
        N_("Your basic knight at {spot} was driven off: choose where it goes"),
        N_("Deserter: place your new basic knight (or leave it off the board)"),
    ),
    (
        N_("Your strong knight at {spot} was driven off: choose where it goes"),
        N_("Deserter: place your new strong knight (or leave it off the board)"),
    ),
    (
        N_("Your mighty knight at {spot} was driven off: choose where it goes"),
        N_("Deserter: place your new mighty knight (or leave it off the board)"),
    ),
)
"""Where a knight goes, by its level: driven off by Intrigue, or a deserter."""


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


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def discard_node(st: KatanState, seat: int, legal: Sequence[Move]) -> Node:
    blank = (0,) * st.width
    choose = Compose(_("Choose cards…"), Draft("discard", blank, blank).payload())
    children: list[Entry] = [choose]
    for move in legal:
        children.append(Leaf(_("Discard {cards}").format(cards=cards_text(move[1:])), move))
    count = due(st, seat)
    title = ngettext("Discard {count} card", "Discard {count} cards", count).format(count=count)
    return Node("", title, title, tuple(children))


def chore_node(
    st: KatanState, chore: tuple[int, ...], legal: Sequence[Move], names: Sequence[str]
) -> Node:
    kind = chore[0]
    seat = chore[1]
    if kind == ch.DISCARD:
        return discard_node(st, seat, legal)
    if kind == ch.LOSE_CITY:
        title = _("The barbarians won: choose the city they take (it becomes a settlement)")
        return spots_node("", _("Lose a city ▸"), title, legal, LOSE_CITY)
    if kind == ch.GIVE_BACK:
        title = _("You hold five progress cards: give one back")
        return _cards(title, legal, GIVE_BACK_PROGRESS, N_("Give back {card}"))
    if kind == ch.HAND_OVER:
        return _hand_over(st, chore, legal, names)
    if kind == ch.METROPOLIS:
        title = _("Your {track} metropolis: choose the city that carries it")
        title = title.format(track=track_said(chore[2]))
        return spots_node("", _("Metropolis ▸"), title, legal, PLACE_METROPOLIS)
    if kind == ch.PLACE_KNIGHT:
        return _place_knight(chore, legal)
    if kind == ch.REMOVE_KNIGHT:
        title = _("{name} played Deserter: choose the knight that leaves you")
        title = title.format(name=names[chore[2]])
        return spots_node("", _("Knight ▸"), title, legal, REMOVE_KNIGHT)
    if kind == ch.CHOOSE_DECK:
        decks = tuple(
            Leaf(f"{_capital(track_said(m[1]))} ({_(COLOUR_SAID[m[1]])})", m)
            for m in legal
            if m[0] == CHOOSE_DECK
        )
        title = _("You share the best defence: draw a progress card from the deck you choose")
        return Node("", title, title, decks)
    if kind == ch.SPY:
        shown = ", ".join(progress_said(c) for c in st.ck.progress[chore[2]] if c >= 0)
        if shown:
            title = _("Spy: {name} holds {cards}. Take one").format(
                name=names[chore[2]], cards=shown
            )
        else:
            title = _("Spy: {name} holds no progress cards").format(name=names[chore[2]])
        return _cards(title, legal, TAKE_PROGRESS, N_("Take {card}"))
    if kind == ch.MASTER_MERCHANT:
        return _master_merchant(st, chore, legal, names)
    if kind == ch.HARBOR:
        return _harbor(chore, legal, names)
    if kind == ch.RETURN:
        title = _("Commercial Harbor: {name} gave you 1 {card}; give back a commodity").format(
            name=names[chore[2]], card=card_said(chore[3])
        )
        back = _("Give back 1 {card}")
        returns = tuple(
            Leaf(back.format(card=card_said(m[1])), m) for m in legal if m[0] == RETURN_COMMODITY
        )
        return Node("", title, title, returns)
    if kind == ch.SMITH:
        count = chore[2]
        title = ngettext(
            "Smith: promote up to {count} knight for free",
            "Smith: promote up to {count} knights for free",
            count,
        ).format(count=count)
        node = spots_node("", _("Promote ▸"), title, legal, PROMOTE_KNIGHT)
        return _with_skip(node, legal, _("Stop promoting"))
    if kind == ch.PICK:
        source = ch.PICK_SOURCES[chore[3]]
        count = chore[2]
        why = _(PICK_WHY.get(source, N_("Choose the resources you receive")))
        title = _("{why} ({count} to choose)").format(why=why, count=count) if count > 1 else why
        take = _("Take 1 {card}")
        picks = tuple(Leaf(take.format(card=card_said(m[1])), m) for m in legal if m[0] == PICK)
        return Node("", title, title, picks)
    title = _("Answer first")
    return Node("", title, title, tuple(Leaf(str(m), m) for m in legal))


def _cards(title: str, legal: Sequence[Move], code: int, verb: str) -> Node:
    """Progress cards as buttons, each labelled by `verb` (a template of `{card}`)."""
    leaves = tuple(Leaf(_(verb).format(card=progress_said(m[1])), m) for m in legal if m[0] == code)
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
        Compose(_("Choose cards…"), Draft("hand_over", blank, blank).payload(), "primary")
    ]
    for move in legal:
        if move[0] == HAND_OVER:
            children.append(Leaf(_("Give {cards}").format(cards=cards_text(move[1:])), move))
    title = ngettext(
        "Wedding: give {name} {count} card of your choice",
        "Wedding: give {name} {count} cards of your choice",
        count,
    ).format(name=names[to], count=count)
    return Node("", title, title, tuple(children))


def _place_knight(chore: tuple[int, ...], legal: Sequence[Move]) -> Node:
    level, origin = chore[2], chore[4]
    driven, deserter = KNIGHT_PLACES[max(0, min(level, 3) - 1)]
    title = _(driven).format(spot=origin) if origin >= 0 else _(deserter)
    node = spots_node("", _("Place ▸"), title, legal, PLACE_KNIGHT)
    return _with_skip(node, legal, _("Leave it off"))


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
        if a == b:
            said = _("Take 2 {card}").format(card=card_said(a))
        else:
            said = _("Take {card} and {other}").format(card=card_said(a), other=card_said(b))
        leaves.append(Leaf(said, move))
    title = _("Master Merchant: {name} holds {cards}. Take two").format(
        name=names[victim], cards=cards_text(hand)
    )
    return Node("", title, title, tuple(leaves))


def _harbor(chore: tuple[int, ...], legal: Sequence[Move], names: Sequence[str]) -> Node:
    who = names[chore[2]]
    give = _("Give {name} 1 {card}")
    leaves: list[Entry] = [
        Leaf(give.format(name=who, card=card_said(m[1])), m) for m in legal if m[0] == HARBOR_GIVE
    ]
    skip = _("Skip {name}").format(name=who)
    leaves += [Leaf(skip, m, style="danger") for m in legal if m[0] == SKIP]
    title = _("Commercial Harbor: offer {name} a resource for a commodity of their choice")
    title = title.format(name=who)
    return Node("", title, title, tuple(leaves))


STATUS: Final = {
    ch.LOSE_CITY: N_("{name} chooses the city the barbarians take."),
    ch.GIVE_BACK: N_("{name} gives back a fifth progress card."),
    ch.PLACE_KNIGHT: N_("{name} places a knight."),
    ch.REMOVE_KNIGHT: N_("{name} chooses a knight to desert to {other}."),
    ch.CHOOSE_DECK: N_("{name} chooses a progress deck to draw from."),
    ch.SPY: N_("{name} looks at {other}'s progress cards (Spy)."),
    ch.MASTER_MERCHANT: N_("{name} takes two of {other}'s cards (Master Merchant)."),
    ch.HARBOR: N_("{name} offers {other} a resource (Commercial Harbor)."),
    ch.RETURN: N_("{name} gives {other} back a commodity (Commercial Harbor)."),
    ch.SMITH: N_("{name} promotes knights for free (Smith)."),
}
"""The caption's sentence for a chore that names at most the seat it waits on
and one other (`{other}`, the chore's third field, for the kinds in `OTHERS`)."""
OTHERS: Final = frozenset({ch.REMOVE_KNIGHT, ch.SPY, ch.MASTER_MERCHANT, ch.HARBOR, ch.RETURN})


def chore_status(st: KatanState, chore: tuple[int, ...], names: Sequence[str]) -> str:
    """The caption's sentence for a chore being waited on."""
    kind = chore[0]
    who = names[chore[1]] if 0 <= chore[1] < len(names) else _("The table")
    other = names[chore[2]] if kind in OTHERS and 0 <= chore[2] < len(names) else ""
    if kind == ch.DISCARD:
        owing = [f"{names[c[1]]} {c[2]}" for c in st.chores if c[0] == ch.DISCARD and c[1] >= 0]
        return _("A seven! Discarding: {owing}.").format(owing=", ".join(owing))
    if kind in STATUS:
        return _(STATUS[kind]).format(name=who, other=other)
    if kind == ch.HAND_OVER:
        said = ngettext(
            "{name} chooses {count} card to give {other} (Wedding).",
            "{name} chooses {count} cards to give {other} (Wedding).",
            chore[3],
        )
        return said.format(name=who, count=chore[3], other=names[chore[2]])
    if kind == ch.METROPOLIS:
        said = _("{name} chooses the city for the {track} metropolis.")
        return said.format(name=who, track=track_said(chore[2]))
    if kind == ch.PICK:
        source = ch.PICK_SOURCES[chore[3]]
        count = chore[2]
        said = ngettext(
            "{name} chooses {count} resource ({source}).",
            "{name} chooses {count} resources ({source}).",
            count,
        )
        where = _(SOURCE_SAID[source]) if source in SOURCE_SAID else source
        return said.format(name=who, count=count, source=where)
    return _("Waiting for {name}.").format(name=who)
