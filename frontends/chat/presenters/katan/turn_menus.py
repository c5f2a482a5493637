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
from engine.katan.cities.components import (
    PROGRESS_TITLES,
    TRACK_GOOD,
    TRACK_NAMES,
    TRACKS,
)
from engine.katan.cities.improvements import improve_cost
from engine.katan.cities.progress import CARD_OF
from engine.katan.components import CARD_NAMES
from engine.katan.moves import Move
from engine.katan.state import KatanState
from frontends.chat.menus import Entry, Leaf, Node
from frontends.chat.presenters.katan.pointing import spots_node, two_step

KNIGHT_KINDS: Final = (
    (mv.HIRE_KNIGHT, "hi", "Hire ▸", "Hire a knight (1 wool, 1 ore): choose a crossing"),
    (mv.ACTIVATE_KNIGHT, "ac", "Activate ▸", "Activate a knight (1 grain): choose which"),
    (mv.PROMOTE_KNIGHT, "pr", "Promote ▸", "Promote a knight (1 wool, 1 ore): choose which"),
    (mv.CHASE_ROBBER, "ch", "Chase the robber ▸", "Chase the robber away with the knight at…"),
    (mv.CHASE_PIRATE, "cp", "Chase the pirate ▸", "Chase the pirate away with the knight at…"),
)


def kinds_in(legal: Sequence[Move]) -> set[int]:
    return {m[0] for m in legal}


def knights_node(legal: Sequence[Move]) -> Node | None:
    kinds = kinds_in(legal)
    children: list[Entry] = []
    for code, key, label, title in KNIGHT_KINDS:
        if code in kinds:
            children.append(spots_node(key, label, title, legal, code))
        if code == mv.PROMOTE_KNIGHT and mv.MOVE_KNIGHT in kinds:
            children.append(
                two_step(
                    "mv",
                    "Move ▸",
                    "Move a knight: choose the knight",
                    legal,
                    mv.MOVE_KNIGHT,
                    lambda n: f"Move the knight at {n} to…",
                )
            )
    if not children:
        return None
    return Node("kn", "Knights ▸", "Knights", tuple(children))


def improve_node(st: KatanState, seat: int, legal: Sequence[Move]) -> Node | None:
    leaves = tuple(Leaf(_track_label(st, seat, m[1], 0), m) for m in legal if m[0] == mv.IMPROVE)
    if not leaves:
        return None
    return Node("im", "Improve ▸", "Improve a city track", leaves)


def _track_label(st: KatanState, seat: int, track: int, discount: int) -> str:
    level = st.ck.levels[seat * TRACKS + track] + 1
    cost = improve_cost(st, seat, track, discount)[TRACK_GOOD[track]]
    price = f"{cost} {CARD_NAMES[TRACK_GOOD[track]]}" if cost else "free"
    return f"{TRACK_NAMES[track].capitalize()} to {level} ({price})"


# ---- progress cards ---------------------------------------------------------------------


def progress_node(
    st: KatanState, seat: int, legal: Sequence[Move], names: Sequence[str]
) -> Node | None:
    """Every progress card the seat may play, each with its targets."""
    kinds = kinds_in(legal)
    children: list[Entry] = []
    for code, card in sorted(CARD_OF.items(), key=lambda item: PROGRESS_TITLES[item[1]]):
        if code not in kinds:
            continue
        entry = _card_entry(st, seat, legal, names, code, card)
        if entry is not None:
            children.append(entry)
    if not children:
        return None
    return Node("pc", "Progress cards ▸", "Play a progress card", tuple(children))


PLACE_CARDS: Final = {
    mv.PLAY_ENGINEER: "Engineer: build a free wall at…",
    mv.PLAY_MEDICINE: "Medicine: a city for 2 ore and 1 grain at…",
    mv.PLAY_BISHOP: "Bishop: move the robber to… (and rob everyone beside it)",
    mv.PLAY_DIPLOMAT: "Diplomat: remove the open road at…",
    mv.PLAY_INTRIGUE: "Intrigue: drive off the knight at…",
    mv.PLAY_MERCHANT: "Merchant: place the merchant on…",
}
SEAT_CARDS: Final = {
    mv.PLAY_DESERTER: "Deserter: whose knight deserts to you?",
    mv.PLAY_SPY: "Spy: whose progress cards do you look at?",
    mv.PLAY_MASTER_MERCHANT: "Master Merchant: take two cards from…",
}
CARD_CARDS: Final = {
    mv.PLAY_MERCHANT_FLEET: "Merchant Fleet: trade which card 2:1 this turn?",
    mv.PLAY_RESOURCE_MONOPOLY: "Resource Monopoly: take up to 2 of a resource from each seat",
    mv.PLAY_TRADE_MONOPOLY: "Trade Monopoly: take a commodity from each seat",
}


def _card_entry(
    st: KatanState,
    seat: int,
    legal: Sequence[Move],
    names: Sequence[str],
    code: int,
    card: int,
) -> Entry | None:
    title = PROGRESS_TITLES[card]
    key = f"c{card}"
    label = f"{title} ▸"
    moves = [m for m in legal if m[0] == code]
    if not k.TABLE[code].fields:
        return Leaf(title, moves[0])
    if code in PLACE_CARDS:
        return spots_node(key, label, PLACE_CARDS[code], legal, code)
    if code == mv.PLAY_INVENTOR:
        return two_step(
            key,
            label,
            "Inventor: choose the first of the two numbers to swap",
            legal,
            code,
            lambda h: f"Inventor: swap the number on hex {h} with…",
        )
    if code == mv.PLAY_ALCHEMIST:
        return _alchemist(key, label, moves)
    if code == mv.PLAY_CRANE:
        leaves = tuple(Leaf(_track_label(st, seat, m[1], 1), m) for m in moves)
        return Node(key, label, "Crane: improve a track for one commodity less", leaves)
    if code in SEAT_CARDS:
        leaves = tuple(Leaf(names[m[1]], m) for m in moves)
        return Node(key, label, SEAT_CARDS[code], leaves)
    if code in CARD_CARDS:
        leaves = tuple(Leaf(CARD_NAMES[m[1]].capitalize(), m) for m in moves)
        return Node(key, label, CARD_CARDS[code], leaves)
    leaves = tuple(Leaf(str(m[1:]), m) for m in moves)
    return Node(key, label, title, leaves)


def _alchemist(key: str, label: str, moves: Sequence[Move]) -> Node:
    """The yellow die, then the red one."""
    yellows = sorted({m[1] for m in moves})
    children = tuple(
        Node(
            f"y{y}",
            f"Yellow {y} ▸",
            f"Alchemist: yellow {y}, and the red die?",
            tuple(Leaf(f"Red {m[2]}", m) for m in moves if m[1] == y),
        )
        for y in yellows
    )
    return Node(key, label, "Alchemist: choose the yellow die", children)


# ---- Seafarers ------------------------------------------------------------------------


def ship_spots(legal: Sequence[Move]) -> Node:
    return spots_node("sh", "Ship ▸", "Build a ship: choose an edge", legal, mv.BUILD_SHIP)


def ships_node(legal: Sequence[Move]) -> Node | None:
    kinds = kinds_in(legal)
    children: list[Entry] = []
    if mv.BUILD_SHIP in kinds:
        children.append(
            spots_node("bs", "Build ▸", "Build a ship: choose an edge", legal, mv.BUILD_SHIP)
        )
    if mv.MOVE_SHIP in kinds:
        children.append(
            two_step(
                "sa",
                "Sail ▸",
                "Sail a ship: choose the ship (an open end of your fleet)",
                legal,
                mv.MOVE_SHIP,
                lambda e: f"Sail the ship at {e} to…",
            )
        )
    if not children:
        return None
    return Node("sp", "Ships ▸", "Ships", tuple(children))


def scenario_entries(legal: Sequence[Move]) -> list[Entry]:
    """The maps' own actions: raiding a fortress, a wonder stage, the canal."""
    kinds = kinds_in(legal)
    out: list[Entry] = []
    if mv.RAID_FORTRESS in kinds:
        title = "Raid a pirate fortress beside your ship: choose the fortress"
        out.append(spots_node("rd", "Raid ▸", title, legal, mv.RAID_FORTRESS))
    if mv.BUILD_WONDER in kinds:
        out += [Leaf("Wonder stage", m, style="success") for m in legal if m[0] == mv.BUILD_WONDER]
    if mv.DIG_CANAL in kinds:
        title = "Dig the canal: choose the canal tile"
        out.append(spots_node("dg", "Dig ▸", title, legal, mv.DIG_CANAL))
    return out
