"""The robber and the pirate: a seven or a Knight moves either; the robber
keeps to land it may use (never fog nor a standing fortress), the pirate to
the sea, blocking the six edges round its hex and robbing a ship owner."""

from engine.katan import crafted
from engine.katan.components import KNIGHT, ORE, WOOL
from engine.katan.moves import (
    BUILD_SHIP,
    MOVE_PIRATE,
    MOVE_ROBBER,
    MOVE_SHIP,
    PLAY_KNIGHT,
)
from engine.katan.sea.crafted import ship
from engine.katan.sea.ships import hex_edge_masks
from engine.katan.state import MAIN, ROBBER, KatanState
from tests.sea_support import (
    apply,
    blank,
    coast,
    hand,
    home,
    legal,
    refused,
    rolled,
    sea,
)

MAP = "heading_for_new_shores"


def sea_hex_at(st: KatanState, node: int) -> int:
    """A sea hex with `node` as a corner, not the pirate's."""
    top = st.board.topology
    return next(h for h in top.node_hexes[node] if not top.hex_land[h] and h != sea(st).pirate)


def edges_of(st: KatanState, hex_id: int, node: int) -> list[int]:
    """The edges of the hex that end at `node`."""
    top = st.board.topology
    return [e for e in top.hex_edges[hex_id] if top.edge_end_mask[e] >> node & 1]


def ship_owner() -> tuple[KatanState, int]:
    """Seat 1 with a town on the home coast, a ship on a sea hex beside it and
    two ore in hand; returns that sea hex."""
    st = blank(MAP)
    node = coast(st, home(st))[3]
    crafted.settle(st, 1, node)
    water = sea_hex_at(st, node)
    ship(st, 1, edges_of(st, water, node)[0])
    crafted.give(st, 1, ore=2)
    return st, water


def test_a_seven_moves_the_robber_to_land_or_the_pirate_to_sea() -> None:
    st, _ = ship_owner()
    seven, _ = rolled(st, 7)
    assert seven.phase == ROBBER
    top = st.board.topology
    robber = {m[1] for m in legal(seven, 0, MOVE_ROBBER)}
    pirate = {m[1] for m in legal(seven, 0, MOVE_PIRATE)}
    assert robber == set(st.board.robber_hexes) - {st.robber}
    assert pirate == {h for h in range(len(top.hexes)) if not top.hex_land[h]} - {sea(st).pirate}
    land = st.board.land_hexes[0]
    refused(seven, 0, (MOVE_PIRATE, land, -1), f"Hex {land} is land; the pirate sails the sea")
    refused(seven, 0, (MOVE_PIRATE, sea(st).pirate, -1), "must move to a different hex")
    water = sea_hex_at(st, coast(st, home(st))[0])
    refused(seven, 0, (MOVE_ROBBER, water, -1), f"Hex {water} is at sea: the robber stays on land")


def test_the_pirate_robs_one_card_from_a_seat_with_a_ship_on_its_hex() -> None:
    st, water = ship_owner()
    crafted.give(st, 2, wool=1)
    seven, _ = rolled(st, 7)
    assert {m for m in legal(seven, 0, MOVE_PIRATE) if m[1] == water} == {(MOVE_PIRATE, water, 1)}
    refused(seven, 0, (MOVE_PIRATE, water, -1), "Choose whom to rob: seat 1")
    refused(seven, 0, (MOVE_PIRATE, water, 2), "Seat 2 has no ship beside hex")
    after = apply(seven, 0, (MOVE_PIRATE, water, 1))
    assert sea(after).pirate == water and after.phase == MAIN
    assert hand(after, 1)[ORE] == 1 and hand(after, 0)[ORE] == 1
    assert hand(after, 2)[WOOL] == 1
    assert after.robber == st.robber


def test_a_knight_card_moves_the_pirate_too() -> None:
    st, water = ship_owner()
    crafted.give_dev(st, 0, KNIGHT)
    knight = apply(st, 0, (PLAY_KNIGHT,))
    assert knight.phase == ROBBER
    assert (MOVE_PIRATE, water, 1) in legal(knight, 0, MOVE_PIRATE)
    after = apply(knight, 0, (MOVE_PIRATE, water, 1))
    assert sea(after).pirate == water and sum(hand(after, 0)) == 1


def test_the_pirate_moves_only_when_the_robber_would() -> None:
    st, water = ship_owner()
    refused(st, 0, (MOVE_PIRATE, water, 1), "Move the pirate only when the robber would move")


def test_the_pirate_blocks_the_six_edges_round_its_hex() -> None:
    st = blank(MAP)
    node = coast(st, home(st))[3]
    crafted.settle(st, 0, node)
    water = sea_hex_at(st, node)
    held, free = edges_of(st, water, node)
    ship(st, 0, held)
    sea(st).pirate = water
    crafted.give(st, 0, lumber=2, wool=2)
    # No ship is built there, the ship already there stays but may not sail.
    blocked = hex_edge_masks(st.board.topology)[water]
    assert not any(blocked >> m[1] & 1 for m in legal(st, 0, BUILD_SHIP))
    refused(st, 0, (BUILD_SHIP, free), f"The pirate guards edge {free}")
    refused(st, 0, (MOVE_SHIP, held, free), f"The pirate holds your ship on edge {held}")
    assert legal(st, 0, MOVE_SHIP) == []
    # Away from the pirate the ship sails, but never onto its edges.
    sea(st).pirate = sea_hex_at(st, coast(st, home(st))[-1])
    blocked = hex_edge_masks(st.board.topology)[sea(st).pirate]
    sails = legal(st, 0, MOVE_SHIP)
    assert sails and not any(blocked >> m[2] & 1 for m in sails)
    assert (MOVE_SHIP, held, free) in sails


def test_the_robber_never_goes_on_fog_or_a_standing_fortress() -> None:
    fog = blank("fog_islands")
    seven, _ = rolled(fog, 7)
    hexes = {m[1] for m in legal(seven, 0, MOVE_ROBBER)}
    assert hexes and not hexes & set(fog.board.fog_hexes)
    hidden = fog.board.fog_hexes[0]
    refused(seven, 0, (MOVE_ROBBER, hidden, -1), "still under the fog")
    forts = blank("pirate_islands")
    seven, _ = rolled(forts, 7)
    hexes = {m[1] for m in legal(seven, 0, MOVE_ROBBER)}
    assert hexes and not hexes & set(forts.board.fortress_hexes)
    fortress = forts.board.fortress_hexes[0]
    refused(seven, 0, (MOVE_ROBBER, fortress, -1), "A pirate fortress stands on hex")
