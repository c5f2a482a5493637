"""The base game's rules: whose move it is, the legal moves, why a move is
refused, and applying a move in place.

`step` mutates the state it is given; the protocol layer (`game.py`) copies
first, search and self-play step their own copies in place. Events are only
built when the caller passes a list for them, so rollouts pay nothing for
narration.
"""

from collections.abc import Callable
from typing import Final

from engine.katan import trading
from engine.katan.components import (
    BRICK,
    CITY_COST,
    CITY_PIECES,
    DEV_COST,
    DEV_KINDS,
    DEV_LABELS,
    DISCARD_OVER,
    GENERIC_HARBOUR,
    GRAIN,
    KNIGHT,
    LARGEST_ARMY_MIN,
    LUMBER,
    MONOPOLY,
    ORE,
    RESOURCE_NAMES,
    RESOURCES,
    ROAD_BUILDING,
    ROAD_COST,
    ROAD_PIECES,
    SETTLEMENT_COST,
    SETTLEMENT_PIECES,
    VICTORY_POINT,
    WOOL,
    YEAR_OF_PLENTY,
    cards_text,
)
from engine.katan.events import say
from engine.katan.geometry import bits
from engine.katan.longest_road import award_holder, longest_trail
from engine.katan.moves import (
    ARITY,
    BANK_MOVES,
    BANK_TRADE,
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEV,
    CITY_MOVES,
    DISCARD,
    END_TURN,
    KIND_NAMES,
    KINDS,
    M_BUY,
    M_END,
    M_KNIGHT,
    M_ROAD_BUILDING,
    M_ROLL,
    M_STOP_ROADS,
    M_WITHDRAW,
    MONOPOLY_MOVES,
    MOVE_ROBBER,
    PLAY_KNIGHT,
    PLAY_MONOPOLY,
    PLAY_PLENTY,
    PLAY_ROAD_BUILDING,
    PLENTY_MOVES,
    ROAD_MOVES,
    ROBBER_MOVES,
    ROLL,
    SETTLEMENT_MOVES,
    STOP_ROADS,
    WITHDRAW,
    Move,
    discard_move,
    label,
)
from engine.katan.rng import PLAY, draw
from engine.katan.state import DISCARD as P_DISCARD
from engine.katan.state import (
    FREE_ROADS,
    MAIN,
    OFFER,
    OVER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    KatanState,
    deck_size,
    hand_size,
    setup_seat,
    total_points,
)
from engine.katan.state import ROBBER as P_ROBBER
from engine.katan.state import ROLL as P_ROLL
from engine.protocol import Event

Events = list[Event] | None

# ---- whose move -------------------------------------------------------------


def to_move(st: KatanState) -> int | None:
    phase = st.phase
    if phase == P_DISCARD:
        for seat, due in enumerate(st.discards):
            if due:
                return seat
    if phase == OFFER:
        return st.asked
    if phase == OVER:
        return None
    return st.current


# ---- legal moves ------------------------------------------------------------


def legal_moves(st: KatanState, seat: int) -> list[Move]:
    """Every enumerable legal move, plus examples of the free-form ones."""
    if seat != to_move(st):
        if st.phase == OFFER and seat == st.current:
            return [M_WITHDRAW]
        return []
    return _LEGAL[st.phase](st, seat)


def _legal_setup_settlement(st: KatanState, seat: int) -> list[Move]:
    return [SETTLEMENT_MOVES[n] for n in bits(st.board.topology.land_nodes & ~st.blocked)]


def _legal_setup_road(st: KatanState, seat: int) -> list[Move]:
    top = st.board.topology
    edges = top.node_edge_mask[st.last_settlement] & ~st.paved & top.road_edges
    return [ROAD_MOVES[e] for e in bits(edges)]


def _legal_roll(st: KatanState, seat: int) -> list[Move]:
    out = [M_ROLL]
    if not st.dev_played:
        _dev_plays(st, seat, out)
    return out


def _legal_main(st: KatanState, seat: int) -> list[Move]:
    out = [M_END]
    h = st.hands
    i = seat * RESOURCES
    lumber, brick, wool, grain, ore = h[i], h[i + 1], h[i + 2], h[i + 3], h[i + 4]
    if lumber and brick:
        if st.roads[seat].bit_count() < ROAD_PIECES:
            frontier = st.frontier[seat]
            while frontier:
                low = frontier & -frontier
                out.append(ROAD_MOVES[low.bit_length() - 1])
                frontier ^= low
        if wool and grain and st.towns[seat].bit_count() < SETTLEMENT_PIECES:
            spots = st.reach[seat] & ~st.blocked
            while spots:
                low = spots & -spots
                out.append(SETTLEMENT_MOVES[low.bit_length() - 1])
                spots ^= low
    if grain >= 2 and ore >= 3 and st.cities[seat].bit_count() < CITY_PIECES:
        towns = st.towns[seat]
        while towns:
            low = towns & -towns
            out.append(CITY_MOVES[low.bit_length() - 1])
            towns ^= low
    if wool and grain and ore and deck_size(st):
        out.append(M_BUY)
    if not st.dev_played:
        _dev_plays(st, seat, out)
    if max(lumber, brick, wool, grain, ore) >= 2:
        bank = st.bank
        ratio = ratios(st, seat)
        for r in range(RESOURCES):
            if h[i + r] >= ratio[r]:
                row = BANK_MOVES[r]
                for t in range(RESOURCES):
                    if t != r and bank[t]:
                        out.append(row[t])
    trading.example_offers(st, seat, out)
    return out


def _dev_plays(st: KatanState, seat: int, out: list[Move]) -> None:
    d = st.devs
    i = seat * DEV_KINDS
    fresh = st.fresh
    if d[i + KNIGHT] > fresh[KNIGHT]:
        out.append(M_KNIGHT)
    if d[i + ROAD_BUILDING] > fresh[ROAD_BUILDING] and st.roads[seat].bit_count() < ROAD_PIECES:
        out.append(M_ROAD_BUILDING)
    if d[i + YEAR_OF_PLENTY] > fresh[YEAR_OF_PLENTY]:
        bank = st.bank
        for move in PLENTY_MOVES:
            a, b = move[1], move[2]
            if bank[a] >= (2 if a == b else 1) and bank[b]:
                out.append(move)
    if d[i + MONOPOLY] > fresh[MONOPOLY]:
        out.extend(MONOPOLY_MOVES)


def _legal_discard(st: KatanState, seat: int) -> list[Move]:
    """A few spread-out examples; any discard of the right size is legal."""
    due = st.discards[seat]
    i = seat * RESOURCES
    hand = st.hands[i : i + RESOURCES]
    out: list[Move] = []
    for first in range(RESOURCES):
        left = hand[:]
        counts = [0] * RESOURCES
        for _ in range(due):
            best = max(range(RESOURCES), key=lambda r: (left[r], (r - first) % RESOURCES == 0))
            left[best] -= 1
            counts[best] += 1
        move = discard_move(counts)
        if move not in out:
            out.append(move)
    return out


def _legal_robber(st: KatanState, seat: int) -> list[Move]:
    out: list[Move] = []
    corner_mask = st.board.topology.hex_corner_mask
    towns, cities = st.towns, st.cities
    targets = [(t, towns[t] | cities[t]) for t in range(st.seats) if t != seat and hand_size(st, t)]
    for h in st.board.land_hexes:
        if h != st.robber:
            corners = corner_mask[h]
            row = ROBBER_MOVES[h]
            victims = [row[t + 1] for t, mine in targets if mine & corners]
            if victims:
                out.extend(victims)
            else:
                out.append(row[0])
    return out


def _legal_free_roads(st: KatanState, seat: int) -> list[Move]:
    out = [ROAD_MOVES[e] for e in bits(st.frontier[seat])]
    out.append(M_STOP_ROADS)
    return out


def _legal_over(st: KatanState, seat: int) -> list[Move]:
    return []


_LEGAL: Final[tuple[Callable[[KatanState, int], list[Move]], ...]] = (
    _legal_setup_settlement,
    _legal_setup_road,
    _legal_roll,
    _legal_discard,
    _legal_robber,
    _legal_main,
    _legal_free_roads,
    trading.legal_answers,
    trading.legal_counters,
    _legal_over,
)


# ---- shared helpers -----------------------------------------------------------


def ratios(st: KatanState, seat: int) -> tuple[int, int, int, int, int]:
    """The seat's bank trade ratio for giving each resource (4, 3 or 2)."""
    mine = st.towns[seat] | st.cities[seat]
    access = st.board.harbour_access
    base = 3 if access[GENERIC_HARBOUR] & mine else 4
    return (
        2 if access[LUMBER] & mine else base,
        2 if access[BRICK] & mine else base,
        2 if access[WOOL] & mine else base,
        2 if access[GRAIN] & mine else base,
        2 if access[ORE] & mine else base,
    )


def robbable(st: KatanState, seat: int, hex_id: int) -> list[int]:
    """Opponents with a building on the hex and at least one card."""
    corners = st.board.topology.hex_corner_mask[hex_id]
    return [
        t
        for t in range(st.seats)
        if t != seat and (st.towns[t] | st.cities[t]) & corners and hand_size(st, t)
    ]


def walls(st: KatanState, seat: int) -> int:
    """Crossings holding an opponent's building: a seat's roads cannot pass them."""
    return st.built & ~(st.towns[seat] | st.cities[seat])


def frontier_of(st: KatanState, seat: int) -> int:
    """The seat's buildable road edges, from scratch (the incremental value's reference)."""
    top = st.board.topology
    through = (st.towns[seat] | st.cities[seat]) | (st.reach[seat] & ~walls(st, seat))
    edges = 0
    for n in bits(through):
        edges |= top.node_edge_mask[n]
    return edges & ~st.paved & top.road_edges


def _pays(st: KatanState, seat: int, cost: tuple[int, ...]) -> bool:
    i = seat * RESOURCES
    h = st.hands
    return all(h[i + r] >= c for r, c in enumerate(cost))


# ---- why a move is refused --------------------------------------------------


def why_not(st: KatanState, seat: int, move: Move) -> str | None:
    """None if the move is legal now, else a sentence saying why not."""
    shape = _why_malformed(st, seat, move)
    if shape is not None:
        return shape
    if st.phase == OVER:
        return "The game is over."
    kind = move[0]
    if kind == WITHDRAW:
        return trading.why_not_withdraw(st, seat)
    waiting = to_move(st)
    if seat != waiting:
        if st.phase == OFFER and seat == st.current:
            return f"Seat {waiting} is answering your offer; you may only withdraw it."
        return f"It is not seat {seat}'s turn; the table waits on seat {waiting}."
    return _WHY[st.phase](st, seat, move)


def _why_malformed(st: KatanState, seat: int, move: Move) -> str | None:
    if (
        not isinstance(move, tuple)
        or not move
        or not all(type(v) is int for v in move)
        or not 0 <= move[0] < KINDS
    ):
        return "That is not a Katan move."
    if len(move) != ARITY[move[0]]:
        return f"A {KIND_NAMES[move[0]]} move has {ARITY[move[0]] - 1} values, not {len(move) - 1}."
    if not 0 <= seat < st.seats:
        return f"There is no seat {seat} at this table."
    return None


def _why_setup_settlement(st: KatanState, seat: int, move: Move) -> str | None:
    if move[0] != BUILD_SETTLEMENT:
        return "Place a settlement first (setup)."
    return _why_spot(st, seat, move[1], setup=True)


def _why_spot(st: KatanState, seat: int, node: int, setup: bool) -> str | None:
    top = st.board.topology
    if not 0 <= node < top.node_count:
        return f"There is no crossing {node}."
    if not top.land_nodes >> node & 1:
        return f"Crossing {node} touches no land."
    if st.built >> node & 1:
        return f"Crossing {node} is already built on."
    if st.blocked >> node & 1:
        return f"Crossing {node} is next to a building (the distance rule)."
    if not setup and not st.reach[seat] >> node & 1:
        return f"Crossing {node} is not at the end of one of your roads."
    return None


def _why_setup_road(st: KatanState, seat: int, move: Move) -> str | None:
    if move[0] != BUILD_ROAD:
        return "Place the road beside your new settlement first (setup)."
    top = st.board.topology
    edge = move[1]
    if not 0 <= edge < top.edge_count:
        return f"There is no edge {edge}."
    if not top.road_edges >> edge & 1:
        return f"Edge {edge} is at sea; roads go on land."
    if st.paved >> edge & 1:
        return f"Edge {edge} already has a road."
    if not top.node_edge_mask[st.last_settlement] >> edge & 1:
        return (
            f"The setup road must touch the settlement just placed (crossing {st.last_settlement})."
        )
    return None


def _why_roll(st: KatanState, seat: int, move: Move) -> str | None:
    kind = move[0]
    if kind == ROLL:
        return None
    if PLAY_KNIGHT <= kind <= PLAY_MONOPOLY:
        return _why_dev(st, seat, move)
    return f"Roll the dice first (or play a development card) before you {label(move)}."


def _why_main(st: KatanState, seat: int, move: Move) -> str | None:
    kind = move[0]
    if kind == END_TURN:
        return None
    if kind == BUILD_ROAD:
        return _why_road(st, seat, move[1], free=False)
    if kind == BUILD_SETTLEMENT:
        if st.towns[seat].bit_count() >= SETTLEMENT_PIECES:
            return "You have no settlements left to place (5 at most on the board)."
        if not _pays(st, seat, SETTLEMENT_COST):
            return f"A settlement costs {cards_text(SETTLEMENT_COST)}."
        return _why_spot(st, seat, move[1], setup=False)
    if kind == BUILD_CITY:
        node = move[1]
        if st.cities[seat].bit_count() >= CITY_PIECES:
            return "You have no cities left to place (4 at most on the board)."
        if not _pays(st, seat, CITY_COST):
            return f"A city costs {cards_text(CITY_COST)}."
        if not 0 <= node < st.board.topology.node_count or not st.towns[seat] >> node & 1:
            return f"You have no settlement on crossing {node} to raise into a city."
        return None
    if kind == BUY_DEV:
        if not _pays(st, seat, DEV_COST):
            return f"A development card costs {cards_text(DEV_COST)}."
        if not deck_size(st):
            return "The development deck is empty."
        return None
    if PLAY_KNIGHT <= kind <= PLAY_MONOPOLY:
        return _why_dev(st, seat, move)
    if kind == BANK_TRADE:
        return _why_bank(st, seat, move)
    if kind in trading.MAIN_KINDS:
        return trading.why_not_offer(st, seat, move)
    if kind == ROLL:
        return "You have already rolled this turn."
    return f"You cannot {label(move)} now; build, trade, play a card or end the turn."


def _why_road(st: KatanState, seat: int, edge: int, free: bool) -> str | None:
    top = st.board.topology
    if st.roads[seat].bit_count() >= ROAD_PIECES:
        return "You have no roads left to place (15 at most on the board)."
    if not free and not _pays(st, seat, ROAD_COST):
        return f"A road costs {cards_text(ROAD_COST)}."
    if not 0 <= edge < top.edge_count:
        return f"There is no edge {edge}."
    if not top.road_edges >> edge & 1:
        return f"Edge {edge} is at sea; roads go on land."
    if st.paved >> edge & 1:
        return f"Edge {edge} already has a road."
    if not st.frontier[seat] >> edge & 1:
        if st.reach[seat] & top.edge_end_mask[edge] & walls(st, seat):
            return f"Edge {edge} would pass an opponent's building; your road cannot go through it."
        return f"Edge {edge} is not joined to your roads or buildings."
    return None


def _why_dev(st: KatanState, seat: int, move: Move) -> str | None:
    kind = move[0]
    card = kind - PLAY_KNIGHT
    name = DEV_LABELS[card]
    if st.dev_played:
        return "You have already played a development card this turn."
    held = st.devs[seat * DEV_KINDS + card]
    if not held:
        return f"You hold no {name} card."
    if held <= st.fresh[card]:
        return f"You bought your {name} this turn; it can be played from your next turn."
    if kind == PLAY_ROAD_BUILDING and st.roads[seat].bit_count() >= ROAD_PIECES:
        return "You have no roads left to place."
    if kind == PLAY_PLENTY:
        a, b = move[1], move[2]
        if not 0 <= a <= b < RESOURCES:
            return "Year of Plenty names two resources, in resource order."
        if a == b and st.bank[a] < 2:
            return f"The bank does not hold two {RESOURCE_NAMES[a]}."
        for r in (a, b):
            if not st.bank[r]:
                return f"The bank holds no {RESOURCE_NAMES[r]}."
    if kind == PLAY_MONOPOLY and not 0 <= move[1] < RESOURCES:
        return "Monopoly names one resource."
    return None


def _why_bank(st: KatanState, seat: int, move: Move) -> str | None:
    give, get = move[1], move[2]
    if not (0 <= give < RESOURCES and 0 <= get < RESOURCES):
        return "A bank trade names the resource you give and the one you get."
    if give == get:
        return "A bank trade must change one resource for another."
    ratio = ratios(st, seat)[give]
    if st.hands[seat * RESOURCES + give] < ratio:
        return f"You trade {RESOURCE_NAMES[give]} at {ratio}:1 and hold fewer than {ratio}."
    if not st.bank[get]:
        return f"The bank holds no {RESOURCE_NAMES[get]}."
    return None


def _why_discard(st: KatanState, seat: int, move: Move) -> str | None:
    due = st.discards[seat]
    if move[0] != DISCARD:
        return f"Discard {due} cards first (a seven was rolled)."
    counts = move[1:6]
    if any(c < 0 for c in counts):
        return "Discard counts cannot be negative."
    if sum(counts) != due:
        return f"You must discard exactly {due} cards, not {sum(counts)}."
    i = seat * RESOURCES
    for r, c in enumerate(counts):
        if c > st.hands[i + r]:
            return f"You hold only {st.hands[i + r]} {RESOURCE_NAMES[r]}."
    return None


def _why_robber(st: KatanState, seat: int, move: Move) -> str | None:
    if move[0] != MOVE_ROBBER:
        return "Move the robber first."
    hex_id, victim = move[1], move[2]
    if hex_id not in st.board.land_hexes:
        return f"Hex {hex_id} is not a land hex."
    if hex_id == st.robber:
        return "The robber must move to a different hex."
    if not -1 <= victim < st.seats:
        return f"There is no seat {victim} to rob."
    victims = robbable(st, seat, hex_id)
    if victim < 0:
        if victims:
            return "Choose whom to rob: " + ", ".join(f"seat {v}" for v in victims) + "."
        return None
    if victim not in victims:
        return f"Seat {victim} has no building on hex {hex_id} or holds no cards."
    return None


def _why_free_roads(st: KatanState, seat: int, move: Move) -> str | None:
    if move[0] == STOP_ROADS:
        return None
    if move[0] != BUILD_ROAD:
        return "Place your free roads (or stop placing them) first."
    return _why_road(st, seat, move[1], free=True)


_WHY: Final[tuple[Callable[[KatanState, int, Move], str | None], ...]] = (
    _why_setup_settlement,
    _why_setup_road,
    _why_roll,
    _why_discard,
    _why_robber,
    _why_main,
    _why_free_roads,
    trading.why_not_answer,
    trading.why_not_counters,
    lambda st, seat, move: "The game is over.",
)


# ---- applying moves -----------------------------------------------------------


def step(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    """Apply a legal move in place; then check the win for the seat on turn."""
    _STEP[move[0]](st, seat, move, ev)
    phase = st.phase
    if phase > SETUP_ROAD and phase != OVER:
        current = st.current
        if st.points[current] + st.devs[current * DEV_KINDS + VICTORY_POINT] >= st.target:
            st.winner = current
            st.phase = OVER
            if ev is not None:
                vp = st.devs[current * DEV_KINDS + VICTORY_POINT]
                cards = f", {vp} of them from victory point cards" if vp else ""
                say(
                    ev,
                    "win",
                    f"Seat {current} wins with {total_points(st, current)} points{cards}",
                    current,
                    {"points": total_points(st, current), "victory_point_cards": vp},
                )


def _step_roll(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    x = draw(st.seed, PLAY, st.counter, 36)
    st.counter += 1
    roll_dice(st, x // 6 + 1, x % 6 + 1, ev)


def roll_dice(st: KatanState, d1: int, d2: int, ev: Events) -> None:
    """Resolve a roll of (d1, d2): production or the seven. Tests stage rolls
    through this; it is not a move, so no client can choose its dice."""
    seat = st.current
    total = d1 + d2
    st.dice = (d1, d2)
    st.rolled = True
    if ev is not None:
        say(ev, "roll", f"Seat {seat} rolled {total}", seat, {"dice": [d1, d2]})
    if total != 7:
        _produce(st, total, ev)
        st.phase = MAIN
        return
    owing = False
    for t in range(st.seats):
        size = hand_size(st, t)
        if size > DISCARD_OVER:
            st.discards[t] = size // 2
            owing = True
            if ev is not None:
                say(ev, "must_discard", f"Seat {t} must discard {size // 2} cards", t)
    st.phase = P_DISCARD if owing else P_ROBBER


def _produce(st: KatanState, total: int, ev: Events) -> None:
    """Pay every building on the hexes showing `total` (RULINGS 2 when the bank is short)."""
    n = st.seats
    towns, cities = st.towns, st.cities
    built, robber = st.built, st.robber
    owed: dict[int, list[int]] = {}
    for hex_id, res, corners in st.board.producers[total]:
        occupied = built & corners
        if not occupied or hex_id == robber:
            continue
        row = owed.get(res)
        if row is None:
            row = owed[res] = [0] * n
        for t in range(n):
            town = towns[t] & occupied
            city = cities[t] & occupied
            if town or city:
                row[t] += town.bit_count() + 2 * city.bit_count()
    if not owed:
        return
    bank, hands = st.bank, st.hands
    for r, row in owed.items():
        need = sum(row)
        if need > bank[r]:
            claimants = [t for t in range(n) if row[t]]
            if len(claimants) > 1:
                row[:] = [0] * n
                if ev is not None:
                    name = RESOURCE_NAMES[r]
                    say(ev, "bank_short", f"The bank is short of {name}: nobody receives any", None)
                continue
            row[claimants[0]] = need = bank[r]
        bank[r] -= need
        for t in range(n):
            if row[t]:
                hands[t * RESOURCES + r] += row[t]
    if ev is not None:
        for t in range(n):
            got = [owed[r][t] if r in owed else 0 for r in range(RESOURCES)]
            if any(got):
                say(ev, "produce", f"Seat {t} received {cards_text(got)}", t, {"cards": got})


def _step_end_turn(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    nxt = (st.current + 1) % st.seats
    st.current = nxt
    st.turn += 1
    st.phase = P_ROLL
    st.rolled = False
    st.dev_played = False
    st.offers = 0
    st.fresh = [0] * DEV_KINDS
    st.dice = (0, 0)
    if ev is not None:
        say(ev, "end_turn", f"Seat {seat} ended the turn; seat {nxt} is up", seat)


def _pay(st: KatanState, seat: int, cost: tuple[int, ...]) -> None:
    i = seat * RESOURCES
    hands, bank = st.hands, st.bank
    for r in range(RESOURCES):
        c = cost[r]
        if c:
            hands[i + r] -= c
            bank[r] += c


def _step_road(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    edge = move[1]
    phase = st.phase
    if phase == MAIN:
        _pay(st, seat, ROAD_COST)
    place_road(st, seat, edge, ev)
    if ev is not None:
        free = " (free)" if phase == FREE_ROADS else ""
        say(
            ev, "build_road", f"Seat {seat} built a road on edge {edge}{free}", seat, {"edge": edge}
        )
    if phase == SETUP_ROAD:
        _next_setup(st)
    elif phase == FREE_ROADS:
        st.free_roads -= 1
        if not st.free_roads or st.roads[seat].bit_count() >= ROAD_PIECES or not st.frontier[seat]:
            _end_free_roads(st)


def place_road(st: KatanState, seat: int, edge: int, ev: Events) -> None:
    """Lay a road and update networks, Longest Road and its award."""
    top = st.board.topology
    bit = 1 << edge
    st.roads[seat] |= bit
    st.paved |= bit
    frontier = st.frontier
    for t in range(st.seats):
        frontier[t] &= ~bit
    st.reach[seat] |= top.edge_end_mask[edge]
    blocked_for_me = walls(st, seat)
    open_edges = ~st.paved & top.road_edges
    for end in top.edge_ends[edge]:
        if not blocked_for_me >> end & 1:
            frontier[seat] |= top.node_edge_mask[end] & open_edges
    st.road_len[seat] = longest_trail(top, st.roads[seat], blocked_for_me)
    _update_longest(st, ev)


def _next_setup(st: KatanState) -> None:
    st.setup_step += 1
    if st.setup_step == 2 * st.seats:
        st.phase = P_ROLL
        st.current = 0
        st.turn = 1
        st.last_settlement = -1
    else:
        st.phase = SETUP_SETTLEMENT
        st.current = setup_seat(st.seats, st.setup_step)


def _step_settlement(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    node = move[1]
    if st.phase == MAIN:
        _pay(st, seat, SETTLEMENT_COST)
    place_settlement(st, seat, node, ev)
    if ev is not None:
        say(
            ev,
            "build_settlement",
            f"Seat {seat} built a settlement on crossing {node}",
            seat,
            {"crossing": node},
        )
    if st.phase == SETUP_SETTLEMENT:
        st.last_settlement = node
        st.phase = SETUP_ROAD
        if st.setup_step >= st.seats:
            _setup_income(st, seat, node, ev)


def place_settlement(st: KatanState, seat: int, node: int, ev: Events) -> None:
    """Place a settlement; it may cut opponents' networks and roads."""
    top = st.board.topology
    bit = 1 << node
    st.towns[seat] |= bit
    st.built |= bit
    st.blocked |= top.node_block_mask[node]
    st.points[seat] += 1
    st.frontier[seat] |= top.node_edge_mask[node] & ~st.paved & top.road_edges
    cut = False
    for t in range(st.seats):
        if t != seat and st.reach[t] & bit:
            st.frontier[t] = frontier_of(st, t)
            st.road_len[t] = longest_trail(top, st.roads[t], walls(st, t))
            cut = True
    if cut:
        _update_longest(st, ev)


def _setup_income(st: KatanState, seat: int, node: int, ev: Events) -> None:
    board = st.board
    got = [0] * RESOURCES
    for h in board.topology.node_hexes[node]:
        res = board.terrain[h]
        if res < RESOURCES and st.bank[res]:
            st.bank[res] -= 1
            st.hands[seat * RESOURCES + res] += 1
            got[res] += 1
    if ev is not None and any(got):
        say(ev, "produce", f"Seat {seat} received {cards_text(got)}", seat, {"cards": got})


def _step_city(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    node = move[1]
    _pay(st, seat, CITY_COST)
    bit = 1 << node
    st.towns[seat] &= ~bit
    st.cities[seat] |= bit
    st.points[seat] += 1
    if ev is not None:
        say(
            ev,
            "build_city",
            f"Seat {seat} built a city on crossing {node}",
            seat,
            {"crossing": node},
        )


def _step_buy(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _pay(st, seat, DEV_COST)
    deck = st.deck
    k = draw(st.seed, PLAY, st.counter, sum(deck))
    st.counter += 1
    card = 0
    while k >= deck[card]:
        k -= deck[card]
        card += 1
    deck[card] -= 1
    st.devs[seat * DEV_KINDS + card] += 1
    st.fresh[card] += 1
    if ev is not None:
        say(
            ev,
            "buy_development",
            f"Seat {seat} bought a {DEV_LABELS[card]} card",
            seat,
            {"card": card},
            frozenset((seat,)),
        )
        say(
            ev,
            "buy_development",
            f"Seat {seat} bought a development card",
            seat,
            hidden_from=frozenset((seat,)),
        )


def _start_play(st: KatanState, seat: int, card: int, ev: Events) -> None:
    st.devs[seat * DEV_KINDS + card] -= 1
    st.played[seat * DEV_KINDS + card] += 1
    st.dev_played = True
    if ev is not None:
        say(ev, "play_development", f"Seat {seat} played {DEV_LABELS[card]}", seat, {"card": card})


def _step_knight(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _start_play(st, seat, KNIGHT, ev)
    army = st.army
    played = st.played
    k = played[seat * DEV_KINDS + KNIGHT]
    if (
        army != seat
        and k >= LARGEST_ARMY_MIN
        and (army < 0 or k > played[army * DEV_KINDS + KNIGHT])
    ):
        if army >= 0:
            st.points[army] -= st.award
        st.points[seat] += st.award
        st.army = seat
        if ev is not None:
            say(ev, "largest_army", f"Seat {seat} now holds Largest Army", seat)
    st.phase = P_ROBBER


def _step_road_building(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _start_play(st, seat, ROAD_BUILDING, ev)
    st.free_roads = min(2, ROAD_PIECES - st.roads[seat].bit_count())
    st.phase = FREE_ROADS
    if not st.frontier[seat]:
        _end_free_roads(st)


def _end_free_roads(st: KatanState) -> None:
    st.free_roads = 0
    st.phase = MAIN if st.rolled else P_ROLL


def _step_stop_roads(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    if ev is not None:
        say(ev, "stop_free_roads", f"Seat {seat} gave up {st.free_roads} free road(s)", seat)
    _end_free_roads(st)


def _step_plenty(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _start_play(st, seat, YEAR_OF_PLENTY, ev)
    for r in (move[1], move[2]):
        st.bank[r] -= 1
        st.hands[seat * RESOURCES + r] += 1
    if ev is not None:
        a, b = RESOURCE_NAMES[move[1]], RESOURCE_NAMES[move[2]]
        say(ev, "year_of_plenty", f"Seat {seat} took {a} and {b} from the bank", seat)


def _step_monopoly(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _start_play(st, seat, MONOPOLY, ev)
    r = move[1]
    hands = st.hands
    taken = 0
    for t in range(st.seats):
        if t != seat:
            i = t * RESOURCES + r
            taken += hands[i]
            hands[i] = 0
    hands[seat * RESOURCES + r] += taken
    if ev is not None:
        say(
            ev,
            "monopoly",
            f"Seat {seat} took all {taken} {RESOURCE_NAMES[r]} from the other seats",
            seat,
            {"resource": r, "taken": taken},
        )


def _step_robber(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    hex_id, victim = move[1], move[2]
    st.robber = hex_id
    if ev is not None:
        say(ev, "robber", f"Seat {seat} moved the robber to hex {hex_id}", seat, {"hex": hex_id})
    if victim >= 0:
        steal(st, seat, victim, ev)
    st.phase = MAIN if st.rolled else P_ROLL


def steal(st: KatanState, seat: int, victim: int, ev: Events) -> None:
    """Move one card, drawn at random from the victim's hand, to `seat`."""
    i = victim * RESOURCES
    hands = st.hands
    k = draw(st.seed, PLAY, st.counter, hand_size(st, victim))
    st.counter += 1
    r = 0
    while k >= hands[i + r]:
        k -= hands[i + r]
        r += 1
    hands[i + r] -= 1
    hands[seat * RESOURCES + r] += 1
    if ev is not None:
        name = RESOURCE_NAMES[r]
        say(
            ev,
            "steal",
            f"Seat {seat} stole a {name} from seat {victim}",
            seat,
            {"from": victim, "resource": r},
            frozenset((seat, victim)),
        )
        say(
            ev,
            "steal",
            f"Seat {seat} stole a card from seat {victim}",
            seat,
            {"from": victim},
            hidden_from=frozenset((seat, victim)),
        )


def _step_discard(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    i = seat * RESOURCES
    for r in range(RESOURCES):
        c = move[1 + r]
        st.hands[i + r] -= c
        st.bank[r] += c
    st.discards[seat] = 0
    if ev is not None:
        counts = list(move[1:6])
        say(
            ev,
            "discard",
            f"Seat {seat} discarded {cards_text(counts)}",
            seat,
            {"cards": counts},
        )
    if not any(st.discards):
        st.phase = P_ROBBER


def _step_bank(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    give, get = move[1], move[2]
    ratio = ratios(st, seat)[give]
    i = seat * RESOURCES
    st.hands[i + give] -= ratio
    st.bank[give] += ratio
    st.bank[get] -= 1
    st.hands[i + get] += 1
    if ev is not None:
        say(
            ev,
            "bank_trade",
            f"Seat {seat} traded {ratio} {RESOURCE_NAMES[give]} to the bank"
            f" for 1 {RESOURCE_NAMES[get]}",
            seat,
            {"give": give, "get": get, "ratio": ratio},
        )


def _update_longest(st: KatanState, ev: Events) -> None:
    old = st.longest
    new = award_holder(st.road_len, old)
    if new == old:
        return
    if old >= 0:
        st.points[old] -= st.award
    if new >= 0:
        st.points[new] += st.award
    st.longest = new
    if ev is not None:
        if new >= 0:
            say(ev, "longest_road", f"Seat {new} now holds Longest Road", new)
        else:
            say(ev, "longest_road", "Nobody holds Longest Road now", None)


_STEP: Final[tuple[Callable[[KatanState, int, Move, Events], None], ...]] = (
    _step_roll,
    _step_end_turn,
    _step_road,
    _step_settlement,
    _step_city,
    _step_buy,
    _step_knight,
    _step_road_building,
    _step_plenty,
    _step_monopoly,
    _step_robber,
    _step_discard,
    _step_bank,
    trading.step_offer,
    trading.step_accept,
    trading.step_decline,
    trading.step_counter,
    trading.step_take,
    trading.step_close,
    trading.step_close,
    _step_stop_roads,
)
