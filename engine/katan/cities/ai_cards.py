"""When the Cities & Knights AI plays a progress card, and on what.

Each card has a test of use over its legal moves: it returns the move worth
making, or None while the card is better kept (RULINGS 9: every card is
played once it has a use, Alchemist, Inventor, Diplomat, Deserter and
Intrigue included). The tests read only the seat's view: the board, the
public pieces and counts, and its own hand. `PLAY_ORDER` is the order they
are tried in: cards that bring cards first, then cards that build with them.
The app-like baseline uses a few of the same tests (`OBVIOUS`).
"""

from collections.abc import Callable, Sequence
from typing import Final

from engine.katan.cities import knights, progress
from engine.katan.cities.ai_measures import (
    WIDTH,
    Goal,
    card_values,
    city_yield,
    defence_need,
    defender_gap,
    good_weights,
    hand,
    output,
    part,
    short,
    spot_open,
    track_value,
    window,
)
from engine.katan.cities.components import (
    BISHOP,
    DESERTER,
    ENGINEER,
    FACE_UP,
    INTRIGUE,
    IRRIGATION,
    MEDICINE,
    MINING,
    PROGRESS_COUNT,
    PROGRESS_KINDS,
    PROGRESS_TRACK,
    SMITH,
    TRACKS,
    WARLORD,
)
from engine.katan.cities.roll import owed
from engine.katan.cities.state import knights_of, level_at, strength
from engine.katan.components import FIELDS, MOUNTAINS, PIPS, RESOURCES
from engine.katan.evaluate import hex_pips, node_yield
from engine.katan.moves import (
    PLAY_ALCHEMIST,
    PLAY_BISHOP,
    PLAY_COMMERCIAL_HARBOR,
    PLAY_CRANE,
    PLAY_DESERTER,
    PLAY_DIPLOMAT,
    PLAY_ENGINEER,
    PLAY_INTRIGUE,
    PLAY_INVENTOR,
    PLAY_IRRIGATION,
    PLAY_MASTER_MERCHANT,
    PLAY_MEDICINE,
    PLAY_MERCHANT,
    PLAY_MERCHANT_FLEET,
    PLAY_MINING,
    PLAY_RESOURCE_MONOPOLY,
    PLAY_ROAD_BUILDING,
    PLAY_SABOTEUR,
    PLAY_SMITH,
    PLAY_SPY,
    PLAY_TRADE_MONOPOLY,
    PLAY_WARLORD,
    PLAY_WEDDING,
    Move,
)
from engine.katan.rules import ratios
from engine.katan.state import KatanState, hand_size


class Seat:
    """One decision's facts about the seat, worked out once."""

    __slots__ = ("_values", "cards", "seat", "st", "wanted")

    def __init__(self, st: KatanState, seat: int, wanted: list[Goal]) -> None:
        self.st = st
        self.seat = seat
        self.cards = hand(st, seat)
        self.wanted = wanted
        self._values: list[float] | None = None

    @property
    def values(self) -> list[float]:
        """What one more card of each kind is worth to the goals."""
        if self._values is None:
            self._values = card_values(self.cards, self.wanted)
        return self._values


Use = Callable[[Seat, list[Move]], Move | None]


def _opponents(st: KatanState, seat: int) -> list[int]:
    return [t for t in range(st.seats) if t != seat]


def _rob_value(st: KatanState, seat: int, hex_id: int) -> float:
    """Opposing production the robber blocks on a hex (leaders weigh more),
    less three times the seat's own."""
    corners = st.board.topology.hex_corner_mask[hex_id]
    pips = hex_pips(st, hex_id, robbed=False)
    score = 0.0
    for t in range(st.seats):
        weight = (st.towns[t] & corners).bit_count() + 2 * (st.cities[t] & corners).bit_count()
        if t == seat:
            score -= 3.0 * weight * pips
        elif weight:
            score += weight * pips * (1 + 0.3 * st.points[t]) + 0.5 * min(hand_size(st, t), 6)
    return score


def own_hex_robbed(st: KatanState, seat: int) -> bool:
    """Whether the robber sits on a producing hex beside the seat's buildings."""
    if st.robber < 0:
        return False
    corners = st.board.topology.hex_corner_mask[st.robber]
    return bool((st.towns[seat] | st.cities[seat]) & corners) and bool(
        hex_pips(st, st.robber, robbed=False)
    )


# ---- cards that bring cards ----------------------------------------------------------------


def _roll_gain(st: KatanState, seat: int, total: int, weights: list[float]) -> float:
    if total == 7:
        return 0.0
    gain = 0.0
    for kind, row in owed(st, total).items():
        for t, n in enumerate(row):
            gain += (1.0 if t == seat else -0.3) * n * weights[kind]
    return gain


def alchemist(me: Seat, moves: list[Move]) -> Move | None:
    """Set the dice to the best total for the seat when it beats an ordinary
    roll by two cards or more; the red die as high as its own improvements
    reach and above the opponents' where it can."""
    st, seat = me.st, me.seat
    weights = good_weights(st)
    gains = {t: _roll_gain(st, seat, t, weights) for t in range(2, 13)}
    expected = sum(PIPS[t] * g for t, g in gains.items()) / 36
    total = max(gains, key=lambda t: gains[t])
    if gains[total] - expected < 2.0:
        return None
    ck = part(st)

    def red_value(red: int) -> float:
        value = 0.0
        for t in range(st.seats):
            drawn = sum(1 for k in range(TRACKS) if ck.levels[t * TRACKS + k] >= red)
            value += drawn if t == seat else -0.5 * drawn
        return value

    pairs = [m for m in moves if m[1] + m[2] == total]
    return max(pairs, key=lambda m: red_value(m[2]), default=None)


def _harvest(terrain: int) -> Use:
    def use(me: Seat, moves: list[Move]) -> Move | None:
        st = me.st
        mine = st.towns[me.seat] | st.cities[me.seat]
        top = st.board.topology
        hexes = sum(
            1
            for h in st.board.land_hexes
            if st.board.terrain[h] == terrain and top.hex_corner_mask[h] & mine
        )
        return moves[0] if hexes and st.bank[terrain] >= 2 else None

    return use


def wedding(me: Seat, moves: list[Move]) -> Move | None:
    st = me.st
    richer = [t for t in _opponents(st, me.seat) if st.points[t] > st.points[me.seat]]
    return moves[0] if any(hand_size(st, t) for t in richer) else None


def saboteur(me: Seat, moves: list[Move]) -> Move | None:
    st = me.st
    hit = sum(
        hand_size(st, t) // 2 for t in _opponents(st, me.seat) if st.points[t] >= st.points[me.seat]
    )
    return moves[0] if hit >= 2 else None


def master_merchant(me: Seat, moves: list[Move]) -> Move | None:
    st = me.st
    return max(moves, key=lambda m: (hand_size(st, m[1]), st.points[m[1]]), default=None)


def spy(me: Seat, moves: list[Move]) -> Move | None:
    st = me.st
    ck = part(st)
    return max(moves, key=lambda m: (len(ck.progress[m[1]]), st.points[m[1]]), default=None)


def _most_wanted(me: Seat, kinds: range) -> int:
    return max(kinds, key=lambda k: me.values[k])


def resource_monopoly(me: Seat, moves: list[Move]) -> Move | None:
    """On the resource the goals want most, when the others hold enough cards
    that two each are likely."""
    st = me.st
    held = [hand_size(st, t) for t in _opponents(st, me.seat)]
    if sum(1 for n in held if n >= 3) < 2:
        return None
    want = _most_wanted(me, range(RESOURCES))
    return (PLAY_RESOURCE_MONOPOLY, want)


def trade_monopoly(me: Seat, moves: list[Move]) -> Move | None:
    st = me.st
    held = [hand_size(st, t) for t in _opponents(st, me.seat)]
    if sum(1 for n in held if n >= 3) < 2 or not st.cities[me.seat]:
        return None
    want = _most_wanted(me, range(RESOURCES, WIDTH))
    return (PLAY_TRADE_MONOPOLY, want)


def commercial_harbor(me: Seat, moves: list[Move]) -> Move | None:
    """Worth it with a resource or two to spare and cities to improve."""
    st = me.st
    if not st.cities[me.seat]:
        return None
    spare = sum(me.cards[r] for r in range(RESOURCES) if me.values[r] < 0.05)
    return moves[0] if spare >= 2 else None


def merchant_fleet(me: Seat, moves: list[Move]) -> Move | None:
    """On a kind held in plenty that the goals do not need, when trading it 2:1
    pays for what the best goal lacks."""
    st, cards = me.st, me.cards
    ratio = ratios(st, me.seat)
    for cost, _ in me.wanted[:2]:
        missing = short(cards, cost)
        if not missing:
            continue
        for k in range(WIDTH):
            spare = cards[k] - cost[k]
            if ratio[k] > 2 and spare >= 2 * missing:
                others = sum(
                    (cards[j] - cost[j]) // ratio[j]
                    for j in range(WIDTH)
                    if j != k and cards[j] > cost[j]
                )
                if others < missing:
                    return (PLAY_MERCHANT_FLEET, k)
    return None


# ---- cards that build ----------------------------------------------------------------------


def medicine(me: Seat, moves: list[Move]) -> Move | None:
    return max(moves, key=lambda m: city_yield(me.st, m[1]), default=None)


def crane(me: Seat, moves: list[Move]) -> Move | None:
    st, seat = me.st, me.seat
    return max(moves, key=lambda m: track_value(st, seat, m[1]), default=None)


def engineer(me: Seat, moves: list[Move]) -> Move | None:
    return max(moves, key=lambda m: city_yield(me.st, m[1]), default=None)


def road_building(me: Seat, moves: list[Move]) -> Move | None:
    st, seat = me.st, me.seat
    return moves[0] if not spot_open(st, seat) and st.frontier[seat] else None


def smith(me: Seat, moves: list[Move]) -> Move | None:
    return moves[0]


def warlord(me: Seat, moves: list[Move]) -> Move | None:
    """Wake every knight when an attack may come before the seat acts again
    and it is short of strength, or it could be the sole defender."""
    st, seat = me.st, me.seat
    ck = part(st)
    if not knights_of(ck, seat) & ~ck.active[seat]:
        return None
    rolls = window(st, seat)
    if defence_need(st, seat, rolls) or defender_gap(st, seat, rolls):
        return moves[0]
    return None


# ---- cards against the others ----------------------------------------------------------------


def bishop(me: Seat, moves: list[Move]) -> Move | None:
    st, seat = me.st, me.seat
    best = max(moves, key=lambda m: _rob_value(st, seat, m[1]), default=None)
    if best is None:
        return None
    here = _rob_value(st, seat, st.robber) if st.robber >= 0 else 0.0
    return best if _rob_value(st, seat, best[1]) - here >= 6 else None


def deserter(me: Seat, moves: list[Move]) -> Move | None:
    """When the seat has a free knight piece and a crossing to put it on: from
    the leader among the seats with knights, the strongest knights first."""
    st, seat = me.st, me.seat
    ck = part(st)
    if not knights.free_pieces(ck, seat, 1) or not knights.refuges(st, seat, -1):
        return None
    return max(moves, key=lambda m: (strength(ck, m[1]), st.points[m[1]]), default=None)


def intrigue(me: Seat, moves: list[Move]) -> Move | None:
    """Drive off the opposing knight beside the seat's roads that blocks most."""
    st = me.st
    ck = part(st)

    def value(node: int) -> float:
        owner = next(t for t in range(st.seats) if knights_of(ck, t) >> node & 1)
        yields = sum(node_yield(st, node))
        return level_at(ck, owner, node) + 0.3 * st.points[owner] + 0.1 * yields

    return max(moves, key=lambda m: value(m[1]), default=None)


def diplomat(me: Seat, moves: list[Move]) -> Move | None:
    """An opponent's loose road: the Longest Road holder's first, else the
    leader's, when it touches the seat's network or holds the award."""
    st, seat = me.st, me.seat
    top = st.board.topology
    owners = {m[1]: next(t for t in range(st.seats) if st.roads[t] >> m[1] & 1) for m in moves}
    best: Move | None = None
    best_value = 0.0
    for m in moves:
        owner = owners[m[1]]
        if owner == seat:
            continue
        value = 0.0
        if st.longest == owner:
            value += 2.0
        if top.edge_end_mask[m[1]] & st.reach[seat]:
            value += 1.5
        value += 0.2 * st.points[owner]
        if value > best_value:
            best, best_value = m, value
    return best if best_value >= 1.5 else None


def inventor(me: Seat, moves: list[Move]) -> Move | None:
    """Swap two numbers when the seat gains at least two pips on balance."""
    st, seat = me.st, me.seat
    top = st.board.topology
    numbers = st.board.numbers
    stake: dict[int, float] = {}
    for h in st.board.land_hexes:
        if st.board.terrain[h] >= RESOURCES:
            continue
        corners = top.hex_corner_mask[h]
        value = 0.0
        for t in range(st.seats):
            weight = (st.towns[t] & corners).bit_count() + 2 * (st.cities[t] & corners).bit_count()
            value += weight if t == seat else -0.4 * weight
        stake[h] = value
    best: Move | None = None
    best_gain = 2.0
    for m in moves:
        a, b = m[1], m[2]
        delta = PIPS[numbers[b]] - PIPS[numbers[a]]
        gain = delta * (stake.get(a, 0.0) - stake.get(b, 0.0))
        if gain > best_gain:
            best, best_gain = m, gain
    return best


def merchant(me: Seat, moves: list[Move]) -> Move | None:
    """On the hex of the kind the seat produces most (its 2:1 is worth most);
    a seat already holding the merchant moves it only to a better kind."""
    st = me.st
    made = output(st, me.seat)
    best = max(moves, key=lambda m: made[st.board.terrain[m[1]]], default=None)
    ck = part(st)
    if best is not None and ck.merchant_owner == me.seat:
        here = made[st.board.terrain[ck.merchant]]
        if made[st.board.terrain[best[1]]] <= here + 0.05:
            return None
    return best


USES: Final[dict[int, Use]] = {
    PLAY_ALCHEMIST: alchemist,
    PLAY_WEDDING: wedding,
    PLAY_MASTER_MERCHANT: master_merchant,
    PLAY_RESOURCE_MONOPOLY: resource_monopoly,
    PLAY_TRADE_MONOPOLY: trade_monopoly,
    PLAY_IRRIGATION: _harvest(FIELDS),
    PLAY_MINING: _harvest(MOUNTAINS),
    PLAY_COMMERCIAL_HARBOR: commercial_harbor,
    PLAY_SPY: spy,
    PLAY_SABOTEUR: saboteur,
    PLAY_MERCHANT: merchant,
    PLAY_DESERTER: deserter,
    PLAY_INTRIGUE: intrigue,
    PLAY_DIPLOMAT: diplomat,
    PLAY_INVENTOR: inventor,
    PLAY_BISHOP: bishop,
    PLAY_SMITH: smith,
    PLAY_WARLORD: warlord,
    PLAY_ENGINEER: engineer,
    PLAY_MEDICINE: medicine,
    PLAY_CRANE: crane,
    PLAY_ROAD_BUILDING: road_building,
    PLAY_MERCHANT_FLEET: merchant_fleet,
}
"""Every card's test of use, in the order they are tried."""

OBVIOUS: Final = frozenset(
    {
        PLAY_WEDDING,
        PLAY_MASTER_MERCHANT,
        PLAY_RESOURCE_MONOPOLY,
        PLAY_IRRIGATION,
        PLAY_MINING,
        PLAY_SPY,
        PLAY_SABOTEUR,
        PLAY_MERCHANT,
        PLAY_BISHOP,
        PLAY_SMITH,
        PLAY_WARLORD,
        PLAY_ENGINEER,
        PLAY_MEDICINE,
        PLAY_CRANE,
        PLAY_ROAD_BUILDING,
    }
)
"""The cards the app-like baseline plays: those whose gain is plain on the
card. Never the Alchemist, Inventor, Diplomat, Deserter or Intrigue."""


def play(me: Seat, legal: Sequence[Move], allowed: frozenset[int] | None = None) -> Move | None:
    """The first card with a use among the legal plays (only `allowed` kinds)."""
    by_kind: dict[int, list[Move]] = {}
    for m in legal:
        if m[0] in progress.KINDS and (allowed is None or m[0] in allowed):
            by_kind.setdefault(m[0], []).append(m)
    if not by_kind:
        return None
    for kind, use in USES.items():
        moves = by_kind.get(kind)
        if moves:
            move = use(me, moves)
            if move is not None:
                return move
    return None


# ---- what a card in hand is worth ------------------------------------------------------------

CARD_WORTH: Final = (
    2.0,  # alchemist
    2.5,  # crane
    1.8,  # engineer
    1.6,  # inventor
    2.0,  # irrigation
    3.0,  # medicine
    2.0,  # mining
    3.0,  # printer (never held: a point)
    1.5,  # road building
    2.0,  # smith
    1.4,  # bishop
    3.0,  # constitution (never held: a point)
    2.0,  # deserter
    1.2,  # diplomat
    1.5,  # intrigue
    2.0,  # saboteur
    1.6,  # spy
    1.6,  # warlord
    2.0,  # wedding
    1.8,  # commercial harbor
    2.6,  # master merchant
    3.2,  # merchant
    1.4,  # merchant fleet
    2.4,  # resource monopoly
    1.8,  # trade monopoly
)
"""A rough worth of each progress card, indexed by card; `card_worth` adjusts it."""


def card_worth(st: KatanState, seat: int, card: int) -> float:
    """What a progress card is worth to the seat now (give-backs, Spy picks,
    the deck a tied defender draws from)."""
    ck = part(st)
    worth = CARD_WORTH[card]
    if card == MEDICINE and not st.towns[seat]:
        worth = 0.8
    elif card in (SMITH, WARLORD) and not knights_of(ck, seat):
        worth = 0.6
    elif card == ENGINEER and not st.cities[seat]:
        worth = 0.5
    elif card == BISHOP and not ck.attacks:
        worth = 0.8
    elif card in (DESERTER, INTRIGUE) and not any(
        knights_of(ck, t) for t in range(st.seats) if t != seat
    ):
        worth -= 0.6
    elif card in (IRRIGATION, MINING):
        terrain = FIELDS if card == IRRIGATION else MOUNTAINS
        mine = st.towns[seat] | st.cities[seat]
        top = st.board.topology
        hexes = sum(
            1
            for h in st.board.land_hexes
            if st.board.terrain[h] == terrain and top.hex_corner_mask[h] & mine
        )
        worth = 0.6 + 1.2 * hexes
    if card == WARLORD and (defence_need(st, seat, window(st, seat)) or defender_gap(st, seat, 3)):
        worth += 1.0
    return worth


def deck_worth(st: KatanState, seat: int, track: int) -> float:
    """The mean worth of a deck's cards to the seat (its order is hidden, so
    the whole deck's make-up stands in for it)."""
    total = 0.0
    count = 0
    for card in range(PROGRESS_KINDS):
        if PROGRESS_TRACK[card] == track:
            n = PROGRESS_COUNT[card]
            worth = 3.0 if card in FACE_UP else card_worth(st, seat, card)
            total += n * worth
            count += n
    return total / count
