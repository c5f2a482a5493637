"""The turn's menus that the expansions bring: knights, improvements, progress
cards with their targets (Cities & Knights), ships and sailing, raids,
wonders and the canal (Seafarers).

Every builder takes the seat's legal moves and returns a node, or None when
none of its moves is legal now, so the turn's root shows only what may be
done. Places are numbered spots (`pointing`); a card's targets are seats by
name, dice, cards or tracks as buttons.
"""

from collections.abc import Sequence
from typing import Final

from engine.katan import kinds as k
from engine.katan import moves as mv
from engine.katan.cities.components import TRACK_GOOD, TRACKS
from engine.katan.cities.improvements import improve_cost
from engine.katan.cities.progress import CARD_OF
from engine.katan.moves import Move
from engine.katan.state import KatanState
from frontends.chat.menus import Entry, Leaf, Node
from frontends.chat.presenters.katan.pointing import spots_node, two_step
from languages import N_, _
from renderers.katan_words import card_said, progress_said, track_said

KNIGHT_KINDS: Final = (
    (mv.HIRE_KNIGHT, "hi", N_("Hire ▸"), N_("Hire a knight (1 wool, 1 ore): choose a crossing")),
    (mv.ACTIVATE_KNIGHT, "ac", N_("Activate ▸"), N_("Activate a knight (1 grain): choose which")),
    (
        mv.PROMOTE_KNIGHT,
        "pr",
        N_("Promote ▸"),
        N_("Promote a knight (1 wool, 1 ore): choose which"),
    ),
    (
        mv.CHASE_ROBBER,
        "ch",
        N_("Chase the robber ▸"),
        N_("Chase the robber away with the knight at…"),
    ),
    (
        mv.CHASE_PIRATE,
        "cp",
        N_("Chase the pirate ▸"),
        N_("Chase the pirate away with the knight at…"),
    ),
)


def kinds_in(legal: Sequence[Move]) -> set[int]:
    return {m[0] for m in legal}


def knights_node(legal: Sequence[Move]) -> Node | None:
    kinds = kinds_in(legal)
    children: list[Entry] = []
    for code, key, label, title in KNIGHT_KINDS:
        if code in kinds:
            children.append(spots_node(key, _(label), _(title), legal, code))
        if code == mv.PROMOTE_KNIGHT and mv.MOVE_KNIGHT in kinds:
            children.append(
                two_step(
                    "mv",
                    _("Move ▸"),
                    _("Move a knight: choose the knight"),
                    legal,
                    mv.MOVE_KNIGHT,
                    lambda n: _("Move the knight at {spot} to…").format(spot=n),
                )
            )
    if not children:
        return None
    return Node("kn", _("Knights ▸"), _("Knights"), tuple(children))


def improve_node(st: KatanState, seat: int, legal: Sequence[Move]) -> Node | None:
    leaves = tuple(Leaf(_track_label(st, seat, m[1], 0), m) for m in legal if m[0] == mv.IMPROVE)
    if not leaves:
        return None
    return Node("im", _("Improve ▸"), _("Improve a city track"), leaves)


def _track_label(st: KatanState, seat: int, track: int, discount: int) -> str:
    level = st.ck.levels[seat * TRACKS + track] + 1
    cost = improve_cost(st, seat, track, discount)[TRACK_GOOD[track]]
    price = f"{cost} {card_said(TRACK_GOOD[track])}" if cost else _("free")
    said = _("{track} to {level} ({price})")
    return said.format(track=_capital(track_said(track)), level=level, price=price)


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


# ---- progress cards ---------------------------------------------------------------------


def progress_node(
    st: KatanState, seat: int, legal: Sequence[Move], names: Sequence[str]
) -> Node | None:
    """Every progress card the seat may play, each with its targets."""
    kinds = kinds_in(legal)
    children: list[Entry] = []
    for code, card in sorted(CARD_OF.items(), key=lambda item: progress_said(item[1])):
        if code not in kinds:
            continue
        entry = _card_entry(st, seat, legal, names, code, card)
        if entry is not None:
            children.append(entry)
    if not children:
        return None
    return Node("pc", _("Progress cards ▸"), _("Play a progress card"), tuple(children))


PLACE_CARDS: Final = {
    mv.PLAY_ENGINEER: N_("Engineer: build a free wall at…"),
    mv.PLAY_MEDICINE: N_("Medicine: a city for 2 ore and 1 grain at…"),
    mv.PLAY_BISHOP: N_("Bishop: move the robber to… (and rob everyone beside it)"),
    mv.PLAY_DIPLOMAT: N_("Diplomat: remove the open road at…"),
    mv.PLAY_INTRIGUE: N_("Intrigue: drive off the knight at…"),
    mv.PLAY_MERCHANT: N_("Merchant: place the merchant on…"),
}
SEAT_CARDS: Final = {
    mv.PLAY_DESERTER: N_("Deserter: whose knight deserts to you?"),
    mv.PLAY_SPY: N_("Spy: whose progress cards do you look at?"),
    mv.PLAY_MASTER_MERCHANT: N_("Master Merchant: take two cards from…"),
}
CARD_CARDS: Final = {
    mv.PLAY_MERCHANT_FLEET: N_("Merchant Fleet: trade which card 2:1 this turn?"),
    mv.PLAY_RESOURCE_MONOPOLY: N_("Resource Monopoly: take up to 2 of a resource from each seat"),
    mv.PLAY_TRADE_MONOPOLY: N_("Trade Monopoly: take a commodity from each seat"),
}


def _card_entry(
    st: KatanState,
    seat: int,
    legal: Sequence[Move],
    names: Sequence[str],
    code: int,
    card: int,
) -> Entry | None:
    title = progress_said(card)
    key = f"c{card}"
    label = f"{title} ▸"
    moves = [m for m in legal if m[0] == code]
    if not k.TABLE[code].fields:
        return Leaf(title, moves[0])
    if code in PLACE_CARDS:
        return spots_node(key, label, _(PLACE_CARDS[code]), legal, code)
    if code == mv.PLAY_INVENTOR:
        return two_step(
            key,
            label,
            _("Inventor: choose the first of the two numbers to swap"),
            legal,
            code,
            lambda h: _("Inventor: swap the number on hex {hex} with…").format(hex=h),
        )
    if code == mv.PLAY_ALCHEMIST:
        return _alchemist(key, label, moves)
    if code == mv.PLAY_CRANE:
        leaves = tuple(Leaf(_track_label(st, seat, m[1], 1), m) for m in moves)
        return Node(key, label, _("Crane: improve a track for one commodity less"), leaves)
    if code in SEAT_CARDS:
        leaves = tuple(Leaf(names[m[1]], m) for m in moves)
        return Node(key, label, _(SEAT_CARDS[code]), leaves)
    if code in CARD_CARDS:
        leaves = tuple(Leaf(_capital(card_said(m[1])), m) for m in moves)
        return Node(key, label, _(CARD_CARDS[code]), leaves)
    leaves = tuple(Leaf(str(m[1:]), m) for m in moves)
    return Node(key, label, title, leaves)


def _alchemist(key: str, label: str, moves: Sequence[Move]) -> Node:
    """The yellow die, then the red one."""
    yellows = sorted({m[1] for m in moves})
    children = tuple(
        Node(
            f"y{y}",
            _("Yellow {number} ▸").format(number=y),
            _("Alchemist: yellow {number}, and the red die?").format(number=y),
            tuple(Leaf(_("Red {number}").format(number=m[2]), m) for m in moves if m[1] == y),
        )
        for y in yellows
    )
    return Node(key, label, _("Alchemist: choose the yellow die"), children)


# ---- Seafarers ------------------------------------------------------------------------


def ship_spots(legal: Sequence[Move]) -> Node:
    return spots_node("sh", _("Ship ▸"), _("Build a ship: choose an edge"), legal, mv.BUILD_SHIP)


def ships_node(legal: Sequence[Move]) -> Node | None:
    kinds = kinds_in(legal)
    children: list[Entry] = []
    if mv.BUILD_SHIP in kinds:
        title = _("Build a ship: choose an edge")
        children.append(spots_node("bs", _("Build ▸"), title, legal, mv.BUILD_SHIP))
    if mv.MOVE_SHIP in kinds:
        children.append(
            two_step(
                "sa",
                _("Sail ▸"),
                _("Sail a ship: choose the ship (an open end of your fleet)"),
                legal,
                mv.MOVE_SHIP,
                lambda e: _("Sail the ship at {spot} to…").format(spot=e),
            )
        )
    if not children:
        return None
    return Node("sp", _("Ships ▸"), _("Ships"), tuple(children))


def scenario_entries(legal: Sequence[Move]) -> list[Entry]:
    """The maps' own actions: raiding a fortress, a wonder stage, the canal."""
    kinds = kinds_in(legal)
    out: list[Entry] = []
    if mv.RAID_FORTRESS in kinds:
        title = _("Raid a pirate fortress beside your ship: choose the fortress")
        out.append(spots_node("rd", _("Raid ▸"), title, legal, mv.RAID_FORTRESS))
    if mv.BUILD_WONDER in kinds:
        stage = _("Wonder stage")
        out += [Leaf(stage, m, style="success") for m in legal if m[0] == mv.BUILD_WONDER]
    if mv.DIG_CANAL in kinds:
        title = _("Dig the canal: choose the canal tile")
        out.append(spots_node("dg", _("Dig ▸"), title, legal, mv.DIG_CANAL))
    return out
