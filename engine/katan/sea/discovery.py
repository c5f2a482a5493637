"""The fog: turning a face-down hex over when a piece reaches it, and what it pays.

When a road or ship is laid (or a ship sails) with an end on a fog hex's
corner, the hex takes the next tile of the hidden pile and its number. The
finder takes one card of what lies there, if the bank has it; a gold field
lets it choose (a pick chore, after which Road Building resumes if it was
under way). On Treasure Islands and the Oases a chest may lie under the
tile; it opens at once. Fog is always land here: a found hex never turns
to water (the seed document's reading).
"""

from engine.katan import answers, chores, devcards
from engine.katan.components import (
    BRICK,
    FOG,
    GOLD,
    GRAIN,
    LUMBER,
    RESOURCES,
    TERRAIN_NAMES,
    WOOL,
)
from engine.katan.events import Events, say
from engine.katan.maps import Board
from engine.katan.sea import atlas
from engine.katan.sea.mapfile import CHEST_NAMES
from engine.katan.sea.state import SeaPart
from engine.katan.state import KatanState, deck_size

GOODS_CHEST = 0
CHOICE_CHEST = 1
DEVELOPMENT_CHEST = 2
ROADS_CHEST = 3
PICK_GOLD = 1
PICK_CHEST = 3
PICK_FIND = 4


def part(st: KatanState) -> SeaPart:
    sea: SeaPart = st.sea
    return sea


def with_hex(board: Board, hex_id: int, terrain: int, number: int) -> Board:
    """A new board with one hex changed (a fog find, a fortress taken, a canal dug):
    the board is shared by every earlier state of the game and never changes."""
    kinds = list(board.terrain)
    numbers = list(board.numbers)
    kinds[hex_id], numbers[hex_id] = terrain, number
    return atlas.rebuild(board.map_name, tuple(kinds), tuple(numbers), board.harbours)


def explore(st: KatanState, seat: int, edge: int, ev: Events) -> None:
    """Turn over every fog hex at either end of `edge`."""
    top = st.board.topology
    for end in top.edge_ends[edge]:
        for h in top.node_hexes[end]:
            if st.board.terrain[h] == FOG and part(st).fog_pile:
                find(st, seat, h, ev)


def find(st: KatanState, seat: int, hex_id: int, ev: Events) -> None:
    sea = part(st)
    (terrain, number), sea.fog_pile = sea.fog_pile[0], sea.fog_pile[1:]
    sea.found += 1
    st.board = with_hex(st.board, hex_id, terrain, number)
    if ev is not None:
        say(
            ev,
            "fog_found",
            f"Seat {seat} found {TERRAIN_NAMES[terrain]} ({number}) under the fog on hex {hex_id}",
            seat,
            {"hex": hex_id, "terrain": TERRAIN_NAMES[terrain], "number": number},
        )
    if terrain == GOLD:
        answers.queue_pick(st, seat, 1, PICK_FIND)
    elif terrain < RESOURCES and st.bank[terrain]:
        st.bank[terrain] -= 1
        st.hands[seat * st.width + terrain] += 1
    for h, kind in sea.chests:
        if h == hex_id:
            sea.chests = tuple(c for c in sea.chests if c[0] != hex_id)
            open_chest(st, seat, kind, ev)


def open_chest(st: KatanState, seat: int, kind: int, ev: Events) -> None:
    """What a chest holds (the seed document's inferred rewards). With Cities &
    Knights, which has no development cards, the development chest gives a
    progress card as the app's version does: the finder chooses the deck and
    draws its top card, as a tied Defender of Catan does (a resource of its
    choice once every deck is empty)."""
    if ev is not None:
        say(
            ev,
            "chest",
            f"Seat {seat} opened a chest: {CHEST_NAMES[kind]}",
            seat,
            {"chest": CHEST_NAMES[kind]},
        )
    if kind == GOODS_CHEST:
        _give(st, seat, (BRICK, WOOL, GRAIN))
    elif kind == ROADS_CHEST:
        _give(st, seat, (LUMBER, LUMBER, BRICK, BRICK))
    elif kind == DEVELOPMENT_CHEST and st.ck is None and deck_size(st):
        devcards.draw_card(st, seat, ev)
    elif kind == DEVELOPMENT_CHEST and st.ck is not None and any(st.ck.decks):
        chores.queue(st, (chores.CHOOSE_DECK, seat))
    else:
        answers.queue_pick(st, seat, 1, PICK_CHEST)


def _give(st: KatanState, seat: int, cards: tuple[int, ...]) -> None:
    for r in cards:
        if st.bank[r]:
            st.bank[r] -= 1
            st.hands[seat * st.width + r] += 1
