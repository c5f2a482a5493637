"""Seafarers positions built by hand, beside `engine.katan.crafted`.

A blank Seafarers game comes from `crafted.blank(ruleset=SEA_RULES,
map_name=...)`; these lay ships through the rules' own bookkeeping and put
the hidden piles in a chosen order without adding or losing a tile, so a
crafted position keeps every invariant `audit.problems` checks.
"""

from engine.katan.sea import ships
from engine.katan.sea.state import SeaPart
from engine.katan.state import ROLL, KatanState


def part(st: KatanState) -> SeaPart:
    sea: SeaPart = st.sea
    return sea


def ship(st: KatanState, seat: int, *edges: int) -> None:
    """Ships of the seat's on `edges`, laid before this turn (free to sail)."""
    for edge in edges:
        ships.place(st, seat, edge, None, fresh=False)


def next_find(st: KatanState, terrain: int, number: int | None = None) -> tuple[int, int]:
    """Put the first fog tile of `terrain` (and `number`) on top of the pile;
    returns it. The pile keeps every tile it held."""
    sea = part(st)
    pile = list(sea.fog_pile)
    i = next(k for k, (t, n) in enumerate(pile) if t == terrain and (number is None or n == number))
    tile = pile.pop(i)
    sea.fog_pile = (tile, *pile)
    return tile


def chest(st: KatanState, hex_id: int, kind: int) -> None:
    """Move a chest of `kind` under the fog hex `hex_id`, swapping places with
    whatever chest lay there (the chests keep their count and kinds)."""
    sea = part(st)
    chests = dict(sea.chests)
    source = next(h for h, k in sea.chests if k == kind)
    there = chests.pop(hex_id, None)
    chests.pop(source)
    chests[hex_id] = kind
    if there is not None and source != hex_id:
        chests[source] = there
    sea.chests = tuple(sorted(chests.items()))


def before_roll(st: KatanState) -> None:
    """The seat on turn has not rolled yet (a base or Seafarers game)."""
    st.phase = ROLL
    st.rolled = False
    st.dice = (0, 0)
