"""Katan's menu tree: one root per phase (or per chore waiting on the seat),
a menu per kind of action below it, spots numbered by their engine ids
(`renderers.katan.kind_spots`). The expansions' turn menus are in
`turn_menus`, the chores' in `chore_menus`."""

from collections.abc import Sequence

from engine.katan import rules
from engine.katan.components import OFFERS_PER_TURN
from engine.katan.kinds import CITIES
from engine.katan.moves import (
    ACCEPT,
    BANK_TRADE,
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_SHIP,
    BUILD_WALL,
    BUY_DEV,
    COUNTER,
    DECLINE,
    DISCARD,
    END_TURN,
    HAND_OVER,
    M_BUY,
    M_DISMISS,
    M_END,
    M_KNIGHT,
    M_ROAD_BUILDING,
    M_ROLL,
    M_STOP_ROADS,
    M_WITHDRAW,
    MOVE_PIRATE,
    MOVE_ROBBER,
    OFFER,
    PLAY_MONOPOLY,
    PLAY_PLENTY,
    ROLL,
    TAKE_COUNTER,
    Move,
    counter_legs,
    offer_legs,
)
from engine.katan.state import (
    CHORE,
    COUNTERS,
    FREE_ROADS,
    MAIN,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL,
    KatanState,
)
from engine.katan.state import DISCARD as P_DISCARD
from engine.katan.state import OFFER as P_OFFER
from engine.katan.trading import counter_gives, counter_wants
from frontends.chat.compose import Draft
from frontends.chat.menus import Compose, Entry, Leaf, Node, walk
from frontends.chat.presenters.katan.chore_menus import chore_node, discard_node, waiting_on
from frontends.chat.presenters.katan.pointing import spots_node
from frontends.chat.presenters.katan.turn_menus import (
    improve_node,
    knights_node,
    progress_node,
    scenario_entries,
    ship_spots,
    ships_node,
)
from frontends.chat.presenters.katan.words import cards_text
from languages import N_, _
from renderers.katan import katan_spots
from renderers.katan.places import kind_spots
from renderers.katan_words import CARD_SAID, DEV_SAID
from renderers.move_words import katan_move

PIECE_KEYS = {"road": "rd", "settlement": "st", "city": "ct"}
PIECE_LABELS = {
    "road": N_("Road ▸"),
    "settlement": N_("Settlement ▸"),
    "city": N_("City ▸"),
    "ship": N_("Ship ▸"),
}
"""A spot menu's button, by the piece it places (the key `katan_spots` reads)."""
BUILD_TITLES = {
    "road": N_("Build a road: choose a place"),
    "settlement": N_("Build a settlement: choose a place"),
    "city": N_("Build a city: choose a place"),
}
COMPOSED = frozenset({OFFER, COUNTER, DISCARD, HAND_OVER})
"""Kinds built in the composer: their legal moves are only examples."""


def tree(st: KatanState, seat: int, legal: Sequence[Move], names: Sequence[str]) -> Node:
    """The seat's menu: one root per phase (or per chore waiting on the seat);
    a legal move no menu below holds is listed under *More ▸*, so every legal
    move is always a leaf."""
    return _with_rest(_root(st, seat, legal, names), legal)


def _root(st: KatanState, seat: int, legal: Sequence[Move], names: Sequence[str]) -> Node:
    phase = st.phase
    chore = waiting_on(st, seat) if phase == CHORE else None
    if chore is not None:
        return chore_node(st, chore, legal, names)
    if phase == SETUP_SETTLEMENT:
        if any(m[0] == BUILD_CITY for m in legal):
            return spot_node("", "city", legal, _("Setup: place a city"))
        return spot_node("", "settlement", legal, _("Setup: place a settlement"))
    if phase == SETUP_ROAD:
        if any(m[0] == BUILD_SHIP for m in legal):
            title = _("Setup: place a road or a ship")
            road = spot_node("rd", "road", legal, _("Setup: place a road"))
            return Node("", title, title, (road, ship_spots(legal)))
        return spot_node("", "road", legal, _("Setup: place a road"))
    if phase == P_DISCARD:
        return discard_node(st, seat, legal)
    if phase == ROBBER:
        return _robber_node(legal, names)
    if phase == FREE_ROADS:
        return _free_roads(legal)
    if phase == P_OFFER:
        return _answer_node(st, legal, names)
    if phase == COUNTERS:
        return _counters_node(st, legal, names)
    return _turn_node(st, seat, legal, names)


def _free_roads(legal: Sequence[Move]) -> Node:
    stop = tuple(
        Leaf(_("Stop placing roads"), m, style="danger") for m in legal if m == M_STOP_ROADS
    )
    if any(m[0] == BUILD_SHIP for m in legal):
        title = _("Place a free road or ship")
        roads: tuple[Entry, ...] = ()
        if any(m[0] == BUILD_ROAD for m in legal):
            roads = (spot_node("rd", "road", legal, _("Place a free road")),)
        return Node("", title, title, (*roads, ship_spots(legal), *stop))
    node = spot_node("", "road", legal, _("Place a free road"))
    return Node(node.key, node.label, node.title, (*node.children, *stop), node.spots)


def _with_rest(root: Node, legal: Sequence[Move]) -> Node:
    """`root` plus a *More ▸* node of the legal moves no menu of it holds (a
    kind newer than the menus): reachable, if plainly labelled."""
    held: set[Move] = set()
    for _path, node in walk(root):
        held |= {c.move for c in node.children if isinstance(c, Leaf)}
    rest = tuple(Leaf(katan_move(m), m) for m in legal if m not in held and m[0] not in COMPOSED)
    if not rest:
        return root
    more = Node("more", _("More ▸"), _("More moves"), rest)
    return Node(root.key, root.label, root.title, (*root.children, more), root.spots)


def zero(st: KatanState) -> tuple[int, ...]:
    return (0,) * st.width


def spot_node(key: str, action: str, legal: Sequence[Move], title: str) -> Node:
    spots = katan_spots(legal, action)
    leaves = tuple(Leaf(str(s.number), s.moves[0], s.number) for s in spots.spots)
    button = _(PIECE_LABELS[action]) if action in PIECE_LABELS else f"{action.capitalize()} ▸"
    return Node(key, button, title, leaves, spots)


def _robber_node(legal: Sequence[Move], names: Sequence[str]) -> Node:
    """The robber's hexes; with Seafarers the pirate's too, side by side."""
    robber = any(m[0] == MOVE_ROBBER for m in legal)
    pirate = any(m[0] == MOVE_PIRATE for m in legal)
    if robber and pirate:
        title = _("Move the robber or the pirate")
        both = (
            _thief("rb", _("Robber ▸"), "robber", legal, names, MOVE_ROBBER),
            _thief("pi", _("Pirate ▸"), "pirate", legal, names, MOVE_PIRATE),
        )
        return Node("", title, title, both)
    if pirate:
        return _thief("", _("Pirate ▸"), "pirate", legal, names, MOVE_PIRATE)
    return _thief("", _("Robber ▸"), "robber", legal, names, MOVE_ROBBER)


def _thief(
    key: str, label: str, piece: str, legal: Sequence[Move], names: Sequence[str], code: int
) -> Node:
    """A hex for the robber or the pirate; a hex with several seats to rob
    opens *Rob ana / Rob cy*."""
    spots = kind_spots(legal, code)
    children: list[Entry] = []
    for spot in spots.spots:
        if len(spot.moves) == 1 and spot.moves[0][2] < 0:
            children.append(Leaf(str(spot.number), spot.moves[0], spot.number))
            continue
        victims = tuple(Leaf(_("Rob {name}").format(name=names[m[2]]), m) for m in spot.moves)
        if piece == "pirate":
            title = _("Pirate on hex {number}: whom to rob?").format(number=spot.number)
        else:
            title = _("Robber on hex {number}: whom to rob?").format(number=spot.number)
        children.append(Node(f"h{spot.number}", f"{spot.number} ▸", title, victims))
    if piece == "pirate":
        title = _("Move the pirate: choose a hex")
    else:
        title = _("Move the robber: choose a hex")
    return Node(key, label, title, tuple(children), spots)


def _answer_node(st: KatanState, legal: Sequence[Move], names: Sequence[str]) -> Node:
    if legal == [M_WITHDRAW]:
        title = _("Your offer is being answered")
        leaf = Leaf(_("Withdraw the offer"), M_WITHDRAW, style="danger")
        return Node("", title, title, (leaf,))
    assert st.offer is not None
    give, want = offer_legs(st.offer)
    children: list[Entry] = []
    for move in legal:
        if move[0] == ACCEPT:
            children.append(Leaf(_("Accept"), move, style="success"))
        elif move[0] == DECLINE:
            children.append(Leaf(_("Decline"), move, style="danger"))
    counter = Draft("counter", want, give, side="give")
    children.append(Compose(_("Counter…"), counter.payload(), "primary"))
    for move in legal:
        if move[0] == COUNTER:
            c_give, c_want = counter_legs(move)
            label = _("Counter: {give} for {want}").format(
                give=cards_text(c_give), want=cards_text(c_want)
            )
            children.append(Leaf(label, move))
    title = _("{name} offers {give} for {want}: you would give {want}").format(
        name=names[st.current], give=cards_text(give), want=cards_text(want)
    )
    return Node("", title, title, tuple(children))


def _counters_node(st: KatanState, legal: Sequence[Move], names: Sequence[str]) -> Node:
    children: list[Entry] = []
    terms = {c[0]: c for c in st.counters}
    for move in legal:
        if move[0] == TAKE_COUNTER:
            c = terms[move[1]]
            words = _("Take {name}'s: {give} for {want}").format(
                name=names[move[1]],
                give=cards_text(counter_wants(c)),
                want=cards_text(counter_gives(c)),
            )
            children.append(Leaf(words, move, style="success"))
    children.append(Leaf(_("Dismiss the counters"), M_DISMISS))
    children.append(Leaf(_("Withdraw the offer"), M_WITHDRAW, style="danger"))
    title = _("Counter-offers: you give … for …")
    return Node("", title, title, tuple(children))


def _turn_node(st: KatanState, seat: int, legal: Sequence[Move], names: Sequence[str]) -> Node:
    kinds = {m[0] for m in legal}
    root: list[Entry] = []
    if ROLL in kinds:
        root.append(Leaf(_("Roll"), M_ROLL, style="primary"))
    build: list[Entry] = []
    for piece, move_kind in (
        ("road", BUILD_ROAD),
        ("settlement", BUILD_SETTLEMENT),
        ("city", BUILD_CITY),
    ):
        if move_kind in kinds:
            title = _(BUILD_TITLES[piece])
            build.append(spot_node(PIECE_KEYS[piece], piece, legal, title))
    if BUILD_WALL in kinds:
        title = _("Build a wall (2 brick) around a city: choose the city")
        build.append(spots_node("wl", _("Wall ▸"), title, legal, BUILD_WALL))
    if BUILD_SHIP in kinds:
        build.append(ship_spots(legal))
    if BUY_DEV in kinds:
        build.append(Leaf(_("Development card"), M_BUY))
    if build:
        root.append(Node("b", _("Build ▸"), _("Build"), tuple(build)))
    extra = (knights_node(legal), improve_node(st, seat, legal), ships_node(legal))
    root += [node for node in extra if node is not None]
    trade = _trade(st, seat, legal, names) if st.phase == MAIN else []
    if trade:
        root.append(Node("t", _("Trade ▸"), _("Trade"), tuple(trade)))
    if CITIES in st.ruleset.names:
        cards = progress_node(st, seat, legal, names)
    else:
        cards = _cards_node(legal)
    if cards is not None:
        root.append(cards)
    root += scenario_entries(legal)
    special = st.phase == SPECIAL  # five or six seats: build or buy before the next turn
    if END_TURN in kinds:
        done = _("Done building") if special else _("End turn")
        root.append(Leaf(done, M_END, style="danger"))
    title = _("Special building phase: build or buy") if special else _("Your turn")
    return Node("", title, title, tuple(root))


def _trade(st: KatanState, seat: int, legal: Sequence[Move], names: Sequence[str]) -> list[Entry]:
    out: list[Entry] = []
    ratio = rules.ratios(st, seat)
    bank: list[Entry] = []
    for give in range(st.width):
        gets = tuple(
            Leaf(_("Get 1 {card}").format(card=_(CARD_SAID[m[2]])), m)
            for m in legal
            if m[0] == BANK_TRADE and m[1] == give
        )
        if gets:
            name = _(CARD_SAID[give])
            title = _("Give {count} {card} to the bank for…").format(count=ratio[give], card=name)
            bank.append(Node(f"g{give}", f"{ratio[give]} {name} ▸", title, gets))
    if bank:
        said = _("Trade with the bank: give…")
        out.append(Node("bk", _("Bank/harbour ▸"), said, tuple(bank)))
    holds = any(st.hands[seat * st.width : (seat + 1) * st.width])
    if holds and st.offers < OFFERS_PER_TURN:  # the rules refuse more offers this turn
        blank = zero(st)
        offer = Draft("offer", blank, blank).payload()
        out.append(Compose(_("Offer to players…"), offer, "primary"))
    for move in legal:
        if move[0] == OFFER:
            gives, wants = offer_legs(move)
            to = _("everyone") if move[1] < 0 else names[move[1]]
            said = _("Offer {give} for {want} to {to}").format(
                give=cards_text(gives), want=cards_text(wants), to=to
            )
            out.append(Leaf(said, move))
    return out


def _cards_node(legal: Sequence[Move]) -> Node | None:
    cards: list[Entry] = []
    if M_KNIGHT in legal:
        cards.append(Leaf(_(DEV_SAID[0]), M_KNIGHT))
    if M_ROAD_BUILDING in legal:
        cards.append(Leaf(_(DEV_SAID[1]), M_ROAD_BUILDING))
    plenty = tuple(
        Leaf(f"{_(CARD_SAID[m[1]])} + {_(CARD_SAID[m[2]])}", m)
        for m in legal
        if m[0] == PLAY_PLENTY
    )
    if plenty:
        title = _("Year of Plenty: take two cards")
        cards.append(Node("yp", f"{_(DEV_SAID[2])} ▸", title, plenty))
    monopoly = tuple(
        Leaf(_(CARD_SAID[m[1]]).capitalize(), m) for m in legal if m[0] == PLAY_MONOPOLY
    )
    if monopoly:
        title = _("Monopoly: take every card of…")
        cards.append(Node("mo", f"{_(DEV_SAID[3])} ▸", title, monopoly))
    if not cards:
        return None
    return Node("p", _("Play card ▸"), _("Play a development card"), tuple(cards))
