"""What a Katan image shows, reduced from a seat's view: the cache key.

A scene holds public facts for every seat and the viewer's own cards only.
It reads other seats' hidden cards nowhere, so even a full, unredacted state
handed over by mistake draws what the seat's view draws: the exceptions, a
Spy's target's progress cards and a Master Merchant's victim's hand, are
taken only while the viewer is the seat choosing (the chore at the front of
the queue names it), as the view shows. Of Seafarers it takes the board's
face-up side and the public counts, never the fog pile, the chests or the
canal's numbers.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.katan.chores import MASTER_MERCHANT, SPY
from engine.katan.components import DEV_KINDS, FOG, KNIGHT, VICTORY_POINT
from engine.katan.maps import Board
from engine.katan.moves import Move, offer_legs
from engine.katan.sea import deal as dealing
from engine.katan.sea.atlas import ALL_MAPS, sea_map
from engine.katan.sea.scenarios import WONDERS_MAP
from engine.katan.sea.state import SeaPart
from engine.katan.state import OVER, KatanState, deck_size, dev_size, hand_size
from engine.katan.view import KatanView
from languages import SOURCE, current
from renderers.katan.geometry import grown
from renderers.katan.places import common_source
from renderers.spots import Spots
from renderers.words import seat_names


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """What everyone may know about a seat (and, for the viewer, its hidden points)."""

    points: int
    cards: int
    developments: int
    knights: int
    road_length: int
    owes: int
    """Cards still to discard after a seven."""


@dataclass(frozen=True, slots=True)
class CitiesScene:
    """Cities & Knights' part of the picture; per-seat values are indexed by seat."""

    barbarians: int
    """Steps the ship still has to sail."""
    attacks: int
    event: int
    """The last event die: 0..2 a track's gate, 3 the ship, -1 before any roll."""
    levels: tuple[int, ...]
    """`seats * 3` improvement levels, track t of seat s at `s * 3 + t`."""
    walls: tuple[int, ...]
    knights: tuple[int, ...]
    """`seats * 3` crossing masks, seat s's knights of level l+1 at `s * 3 + l`."""
    active: tuple[int, ...]
    metropolis: tuple[int, ...]
    """Per track, the crossing carrying its metropolis (-1: none)."""
    metropolis_owner: tuple[int, ...]
    claims: tuple[int, ...]
    """Per track, a seat owed the metropolis with no city to carry it (-1)."""
    merchant: int
    merchant_owner: int
    fleet: int
    """The card kind the seat on turn trades 2:1 this turn (Merchant Fleet), -1."""
    progress: tuple[int, ...]
    """Progress cards held per seat (counts: other seats' cards are unknown)."""
    face_up: tuple[int, ...]
    defenders: tuple[int, ...]
    decks: tuple[int, ...]
    """Cards left per progress deck."""
    hand: tuple[int, ...]
    """The viewer's progress cards; empty for a spectator."""
    spied: tuple[int, tuple[int, ...]] | None
    """(seat, its progress cards) while the viewer is choosing one with a Spy."""
    picked: tuple[int, tuple[int, ...]] | None = None
    """(seat, its card counts) while the viewer takes two of them (Master Merchant)."""


@dataclass(frozen=True, slots=True)
class SeaScene:
    """Seafarers' part of the picture: the face-up side of the scenario.

    Per-seat values are indexed by seat; per-hex ones are (hex, value) pairs
    of the hexes that have them."""

    title: str
    """The map's title, as the lobby menus name it."""
    ships: tuple[int, ...]
    """Per seat, an edge mask."""
    fresh: int
    """Edges of ships built this turn."""
    pirate: int
    bonus: tuple[int, ...]
    """Per island, the seat that took its bonus (-1: nobody)."""
    fog_left: int
    found: int
    unseen: tuple[tuple[int, int], ...]
    """(terrain, count) still face down in the fog: the map's pile less what was
    found, which every seat can work out; the order of the pile stays hidden."""
    villages: tuple[tuple[int, int], ...]
    """(village hex, cloth left)."""
    cloth: tuple[int, ...]
    fortresses: tuple[tuple[int, int], ...]
    """(fortress hex, strength left) of the fortresses still standing."""
    taken: tuple[int, ...]
    wonders: tuple[int, ...]
    """Per seat, wonder stages built; empty on a map without wonders."""
    canal: tuple[tuple[int, int], ...]
    """(canal hex, units dug) of the tiles still to dig out."""
    dug: tuple[int, ...]
    chips: tuple[tuple[int, int], ...]
    """(hex, chip kind) still on the board."""
    tribe: tuple[tuple[int, ...], ...]
    """Per seat, the chip kinds it took."""


@dataclass(frozen=True, slots=True)
class KatanScene:
    """Everything the Katan image shows, and nothing else (the cache key)."""

    board: Board = field(compare=False, hash=False)
    """Drawing needs the topology; equality rests on the dealt map below."""
    map_name: str
    terrain: tuple[int, ...]
    numbers: tuple[int, ...]
    harbours: tuple[tuple[int, int], ...]
    robber: int
    """-1: beside the board (Cities & Knights, until the first attack)."""
    roads: tuple[int, ...]
    towns: tuple[int, ...]
    cities: tuple[int, ...]
    seats: tuple[SeatSummary, ...]
    longest: int
    army: int
    target: int
    bank: tuple[int, ...]
    deck: int
    dice: tuple[int, int] | None
    current: int
    to_move: int | None
    phase: int
    winner: int
    offer: tuple[int, int, tuple[int, ...], tuple[int, ...]] | None
    """The open trade offer: (offerer, to (-1: everyone), gives, wants)."""
    viewer: int | None
    hand: tuple[int, ...]
    """The viewer's card counts (5 kinds, 8 with commodities); empty for a spectator."""
    devs: tuple[int, ...]
    fresh: tuple[int, ...]
    """Of `devs`, those bought this turn (not playable yet)."""
    names: tuple[str, ...]
    spot_kind: str
    spots: tuple[tuple[int, int], ...]
    chore: int = -1
    """The kind of the chore the table waits on (phase CHORE), else -1."""
    spot_source: int = -1
    """The knight (crossing) or hex the numbered spots belong to, ringed; -1: none."""
    ck: CitiesScene | None = None
    sea: SeaScene | None = None
    language: str = SOURCE
    """The language of the words in a close-up's hand strip (the overlay is
    one person's); the shared board's few words are drawn in the source's."""

    @property
    def extra(self) -> float:
        """How much taller than `geometry.HEIGHT` the image is (five or six seats)."""
        return grown(len(self.seats), self.ck is not None, self.sea is not None)


def scene(
    view: KatanView,
    *,
    spots: Spots[Move] | None = None,
    names: Sequence[str] | None = None,
) -> KatanScene:
    """Reduce a view to what is drawn: public facts for every seat, and the hand,
    development and progress cards of `view.seat` only."""
    st = view.state
    seat = view.seat
    board = st.board
    n = st.seats
    w = st.width
    return KatanScene(
        board=board,
        map_name=board.map_name,
        terrain=board.terrain,
        numbers=board.numbers,
        harbours=board.harbours,
        robber=st.robber,
        roads=tuple(st.roads),
        towns=tuple(st.towns),
        cities=tuple(st.cities),
        seats=tuple(_summary(st, t, seat) for t in range(n)),
        longest=st.longest,
        army=st.army,
        target=st.target,
        bank=tuple(st.bank),
        deck=deck_size(st),
        dice=st.dice if st.dice[0] else None,
        current=st.current,
        to_move=view.to_move,
        phase=st.phase,
        winner=st.winner,
        offer=_offer(st),
        viewer=seat,
        hand=tuple(st.hands[seat * w : (seat + 1) * w]) if seat is not None else (),
        devs=tuple(st.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS]) if seat is not None else (),
        fresh=tuple(st.fresh) if seat is not None and seat == st.current else (),
        names=seat_names(names, n),
        spot_kind=spots.kind if spots is not None else "",
        spots=spots.numbered() if spots is not None else (),
        chore=st.chores[0][0] if st.chores else -1,
        spot_source=common_source(spots) if spots is not None else -1,
        ck=None if st.ck is None else _cities(st, seat),
        sea=None if st.sea is None else _sea(st),
        language=current() if spots is not None and spots.numbered() else SOURCE,
    )


def _summary(st: KatanState, seat: int, viewer: int | None) -> SeatSummary:
    shown = seat == viewer or st.phase == OVER
    hidden_vp = st.devs[seat * DEV_KINDS + VICTORY_POINT] if shown else 0
    return SeatSummary(
        points=st.points[seat] + hidden_vp,
        cards=hand_size(st, seat),
        developments=dev_size(st, seat),
        knights=st.played[seat * DEV_KINDS + KNIGHT],
        road_length=st.road_len[seat],
        owes=st.discards[seat],
    )


def _offer(st: KatanState) -> tuple[int, int, tuple[int, ...], tuple[int, ...]] | None:
    if st.offer is None:
        return None
    give, want = offer_legs(st.offer)
    return st.current, st.offer[1], give, want


def _cities(st: KatanState, viewer: int | None) -> CitiesScene:
    ck = st.ck
    spied = picked = None
    if viewer is not None and st.chores and st.chores[0][:2] == (SPY, viewer):
        target = st.chores[0][2]
        spied = (target, tuple(ck.progress[target]))
    if viewer is not None and st.chores and st.chores[0][:2] == (MASTER_MERCHANT, viewer):
        victim = st.chores[0][2]
        picked = (victim, tuple(st.hands[victim * st.width : (victim + 1) * st.width]))
    return CitiesScene(
        barbarians=ck.barbarians,
        attacks=ck.attacks,
        event=ck.event,
        levels=tuple(ck.levels),
        walls=tuple(ck.walls),
        knights=tuple(ck.knights),
        active=tuple(ck.active),
        metropolis=tuple(ck.metropolis),
        metropolis_owner=tuple(ck.metropolis_owner),
        claims=tuple(ck.claims),
        merchant=ck.merchant,
        merchant_owner=ck.merchant_owner,
        fleet=ck.fleet,
        progress=tuple(len(hand) for hand in ck.progress),
        face_up=tuple(ck.face_up),
        defenders=tuple(ck.defenders),
        decks=tuple(len(deck) for deck in ck.decks),
        hand=tuple(ck.progress[viewer]) if viewer is not None else (),
        spied=spied,
        picked=picked,
    )


def _sea(st: KatanState) -> SeaScene:
    sea: SeaPart = st.sea
    board = st.board
    wonders = board.map_name == WONDERS_MAP
    return SeaScene(
        title=sea_map(board.map_name).title if board.map_name in ALL_MAPS else board.map_name,
        ships=tuple(sea.ships),
        fresh=sea.fresh,
        pirate=sea.pirate,
        bonus=tuple(sea.bonus),
        fog_left=len(sea.fog_pile),
        found=sea.found,
        unseen=_unseen(board),
        villages=tuple(zip(board.village_hexes, sea.villages, strict=True)),
        cloth=tuple(sea.cloth),
        fortresses=tuple(zip(board.fortress_hexes, sea.fortresses, strict=True)),
        taken=tuple(sea.taken),
        wonders=tuple(sea.wonders) if wonders else (),
        canal=tuple(zip(board.canal_hexes, sea.canal, strict=True)),
        dug=tuple(sea.dug),
        chips=tuple(sea.chips),
        tribe=tuple(tuple(kinds) for kinds in sea.tribe),
    )


def _unseen(board: Board) -> tuple[tuple[int, int], ...]:
    if board.map_name not in ALL_MAPS:
        return ()
    pile = Counter(sea_map(board.map_name).fog_pile)
    fog = dealing.layout(sea_map(board.map_name)).ids("Ff")
    pile.subtract(board.terrain[h] for h in fog if board.terrain[h] != FOG)
    return tuple((kind, n) for kind, n in sorted(pile.items()) if n > 0)
