"""Every Katan game's rules: whose move it is, the legal moves, why a move is
refused, and applying a move in place.

What the base game does is here and in the modules it calls (network,
production, robber, trading, devcards); where a rule set changes it, these
functions ask the state's rule set (`ruleset.RuleSet`). `step` mutates the
state it is given; the protocol layer (`game.py`) copies first, search and
self-play step their own copies in place. Events are only built when the
caller passes a list for them, so rollouts pay nothing for narration.
"""

from collections.abc import Callable
from typing import Final

from engine.katan import known, robber, special, trading
from engine.katan import moves as mv
from engine.katan.components import (
    CITY_COST,
    CITY_PIECES,
    DEV_KINDS,
    LARGE_TABLE,
    RESOURCES,
    ROAD_COST,
    ROAD_PIECES,
    SETTLEMENT_COST,
    SETTLEMENT_PIECES,
    VICTORY_POINT,
    cards_text,
)
from engine.katan.events import Events, say
from engine.katan.geometry import bits
from engine.katan.kinds import (
    label,
)
from engine.katan.moves import (
    BANK_MOVES,
    BANK_TRADE,
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    CITY_MOVES,
    DISCARD,
    END_TURN,
    KINDS,
    M_END,
    M_ROLL,
    M_STOP_ROADS,
    M_WITHDRAW,
    ROAD_MOVES,
    ROLL,
    SETTLEMENT_MOVES,
    STOP_ROADS,
    WITHDRAW,
    Move,
    discard_move,
)
from engine.katan.network import place_road, place_settlement
from engine.katan.shapes import why_malformed
from engine.katan.state import (
    CHORE,
    FREE_ROADS,
    MAIN,
    OFFER,
    OVER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL,
    KatanState,
    setup_seat,
    total_points,
)
from engine.katan.state import DISCARD as P_DISCARD
from engine.katan.state import ROBBER as P_ROBBER
from engine.katan.state import ROLL as P_ROLL
from engine.katan.turns import end_free_roads, pays, spend

# ---- whose move -------------------------------------------------------------


def to_move(st: KatanState) -> int | None:
    phase = st.phase
    if phase == CHORE:
        return st.chores[0][1]
    if phase == P_DISCARD:
        for seat, due in enumerate(st.discards):
            if due:
                return seat
    if phase in (OFFER, SPECIAL):
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
    ruleset = st.ruleset
    moves = CITY_MOVES if ruleset.setup_piece(st) == BUILD_CITY else SETTLEMENT_MOVES
    return [moves[n] for n in bits(ruleset.setup_spots(st, seat))]


def _legal_setup_road(st: KatanState, seat: int) -> list[Move]:
    top = st.board.topology
    edges = top.node_edge_mask[st.last_settlement] & ~st.paved & top.road_edges
    return [ROAD_MOVES[e] for e in bits(edges)]


def _legal_roll(st: KatanState, seat: int) -> list[Move]:
    out = [M_ROLL]
    st.ruleset.before_roll_moves(st, seat, out)
    return out


def _legal_main(st: KatanState, seat: int) -> list[Move]:
    out = [M_END]
    w = st.width
    i = seat * w
    h = st.hands
    builds(st, seat, out)
    most = max(h[i : i + RESOURCES]) if w == RESOURCES else max(h[i : i + w])
    if most >= 2:
        bank = st.bank
        ratio = st.ruleset.ratios(st, seat)
        for r in range(w):
            if h[i + r] >= ratio[r]:
                row = BANK_MOVES[r]
                for t in range(w):
                    if t != r and bank[t]:
                        out.append(row[t])
    trading.example_offers(st, seat, out)
    return out


def builds(st: KatanState, seat: int, out: list[Move]) -> None:
    """The roads, settlements and cities the seat may build, then the rule set's
    own turn moves."""
    pieces(st, seat, out)
    st.ruleset.turn_moves(st, seat, out)


def pieces(st: KatanState, seat: int, out: list[Move]) -> None:
    """The roads, settlements and cities the seat may build (the main phase's and
    the special building phase's)."""
    h = st.hands
    w = st.width
    i = seat * w
    lumber, brick, wool, grain, ore = h[i], h[i + 1], h[i + 2], h[i + 3], h[i + 4]
    if lumber and brick:
        if st.roads[seat].bit_count() < ROAD_PIECES:
            frontier = st.frontier[seat]
            while frontier:
                low = frontier & -frontier
                out.append(ROAD_MOVES[low.bit_length() - 1])
                frontier ^= low
        if wool and grain and st.towns[seat].bit_count() < SETTLEMENT_PIECES:
            spots = st.reach[seat] & ~(st.blocked | st.closed)
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


def _legal_discard(st: KatanState, seat: int) -> list[Move]:
    """A few spread-out examples; any discard of the right size is legal."""
    return discard_examples(st, seat, st.discards[seat])


def discard_examples(st: KatanState, seat: int, due: int) -> list[Move]:
    """Discards of `due` cards, each taking first from a different card kind."""
    w = st.width
    i = seat * w
    hand = st.hands[i : i + w]
    out: list[Move] = []
    for first in range(w):
        left = hand[:]
        counts = [0] * w
        for _ in range(due):
            # The kind with the most cards left, `first` on a tie, else the lowest.
            most = max(left)
            best = first if left[first] == most else left.index(most)
            left[best] -= 1
            counts[best] += 1
        move = discard_move(counts)
        if move not in out:
            out.append(move)
    return out


def _legal_free_roads(st: KatanState, seat: int) -> list[Move]:
    roads = st.frontier[seat] if st.roads[seat].bit_count() < ROAD_PIECES else 0
    out = [ROAD_MOVES[e] for e in bits(roads)]
    st.ruleset.free_road_moves(st, seat, out)
    out.append(M_STOP_ROADS)
    return out


def _legal_over(st: KatanState, seat: int) -> list[Move]:
    return []


def _legal_chore(st: KatanState, seat: int) -> list[Move]:
    return st.ruleset.chore_moves(st, seat, st.chores[0])


_LEGAL: Final[tuple[Callable[[KatanState, int], list[Move]], ...]] = (
    _legal_setup_settlement,
    _legal_setup_road,
    _legal_roll,
    _legal_discard,
    robber.legal,
    _legal_main,
    _legal_free_roads,
    trading.legal_answers,
    trading.legal_counters,
    _legal_over,
    _legal_chore,
    lambda st, seat: special.legal(st, seat, pieces),
)


def ratios(st: KatanState, seat: int) -> tuple[int, ...]:
    """The seat's bank trade ratio for giving each card kind (4, 3 or 2)."""
    return st.ruleset.ratios(st, seat)


# ---- why a move is refused --------------------------------------------------


def why_not(st: KatanState, seat: int, given: object) -> str | None:
    """None if the move is legal now, else a sentence saying why not. `given`
    may be anything a client sent; once well-formed it is a move."""
    shape = why_malformed(st, seat, given)
    if shape is not None:
        return shape
    # Well-formed now; a typed assignment, not `cast`, costs nothing per move
    # (the compiled build checks it on assignment all the same).
    move: Move = given  # type: ignore[assignment]
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


def _why_setup_settlement(st: KatanState, seat: int, move: Move) -> str | None:
    piece = st.ruleset.setup_piece(st)
    if move[0] != piece:
        what = "city" if piece == BUILD_CITY else "settlement"
        return f"Place a {what} first (setup)."
    node = move[1]
    if not st.ruleset.setup_spots(st, seat) >> node & 1:
        return _why_spot(st, seat, node, setup=True) or f"Crossing {node} is not a starting spot."
    return None


def _why_spot(st: KatanState, seat: int, node: int, setup: bool) -> str | None:
    top = st.board.topology
    if not top.land_nodes >> node & 1:
        return f"Crossing {node} touches no land."
    if st.built >> node & 1:
        return f"Crossing {node} is already built on."
    if st.blocked >> node & 1:
        return f"Crossing {node} is next to a building (the distance rule)."
    if st.closed >> node & 1:
        return st.ruleset.why_closed(st, node)
    if not setup and not st.reach[seat] >> node & 1:
        return f"Crossing {node} is not at the end of one of your roads."
    return None


def _why_setup_road(st: KatanState, seat: int, move: Move) -> str | None:
    if move[0] != BUILD_ROAD:
        return "Place the road beside your new settlement first (setup)."
    top = st.board.topology
    edge = move[1]
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
    ruleset = st.ruleset
    if ruleset.handles(kind) and ruleset.before_roll(kind):
        return ruleset.why_turn(st, seat, move)
    return f"Roll the dice first ({ruleset.before_roll_text}) before you {label(move)}."


def _why_main(st: KatanState, seat: int, move: Move) -> str | None:
    kind = move[0]
    if kind == END_TURN:
        return None
    if kind == BUILD_ROAD:
        return why_road(st, seat, move[1], free=False)
    if kind == BUILD_SETTLEMENT:
        if st.towns[seat].bit_count() >= SETTLEMENT_PIECES:
            return "You have no settlements left to place (5 at most on the board)."
        if not pays(st, seat, SETTLEMENT_COST):
            return f"A settlement costs {cards_text(SETTLEMENT_COST)}."
        return _why_spot(st, seat, move[1], setup=False)
    if kind == BUILD_CITY:
        if st.cities[seat].bit_count() >= CITY_PIECES:
            return "You have no cities left to place (4 at most on the board)."
        if not pays(st, seat, CITY_COST):
            return f"A city costs {cards_text(CITY_COST)}."
        return why_city_spot(st, seat, move[1])
    if kind == BANK_TRADE:
        return _why_bank(st, seat, move)
    if kind in trading.MAIN_KINDS:
        return trading.why_not_offer(st, seat, move)
    if kind == ROLL:
        return "You have already rolled this turn."
    if st.ruleset.handles(kind):
        return st.ruleset.why_turn(st, seat, move)
    return f"You cannot {label(move)} now; build, trade, play a card or end the turn."


def why_city_spot(st: KatanState, seat: int, node: int) -> str | None:
    if not st.towns[seat] >> node & 1:
        return f"You have no settlement on crossing {node} to raise into a city."
    return None


def why_road(st: KatanState, seat: int, edge: int, free: bool) -> str | None:
    top = st.board.topology
    if st.roads[seat].bit_count() >= ROAD_PIECES:
        return "You have no roads left to place (15 at most on the board)."
    if not free and not pays(st, seat, ROAD_COST):
        return f"A road costs {cards_text(ROAD_COST)}."
    if not top.road_edges >> edge & 1:
        return f"Edge {edge} is at sea; roads go on land."
    if st.paved >> edge & 1:
        return f"Edge {edge} already has a road."
    if not st.frontier[seat] >> edge & 1:
        if st.reach[seat] & top.edge_end_mask[edge] & st.ruleset.walls(st, seat):
            what = st.ruleset.wall_words
            return f"Edge {edge} would pass an opponent's {what}; your road cannot go through it."
        return f"Edge {edge} is not joined to your roads or buildings."
    return None


def _why_bank(st: KatanState, seat: int, move: Move) -> str | None:
    give, get = move[1], move[2]
    name = st.ruleset.card_names
    if give == get:
        return "A bank trade must change one resource for another."
    ratio = st.ruleset.ratios(st, seat)[give]
    if st.hands[seat * st.width + give] < ratio:
        return f"You trade {name[give]} at {ratio}:1 and hold fewer than {ratio}."
    if not st.bank[get]:
        return f"The bank holds no {name[get]}."
    return None


def _why_discard(st: KatanState, seat: int, move: Move) -> str | None:
    due = st.discards[seat]
    if move[0] != DISCARD:
        return f"Discard {due} cards first (a seven was rolled)."
    return why_discard_counts(st, seat, move, due)


def why_discard_counts(st: KatanState, seat: int, move: Move, due: int) -> str | None:
    counts = move[1:]
    if any(c < 0 for c in counts):
        return "Discard counts cannot be negative."
    if sum(counts) != due:
        return f"You must discard exactly {due} cards, not {sum(counts)}."
    w = st.width
    i = seat * w
    for r, c in enumerate(counts):
        if c > st.hands[i + r]:
            return f"You hold only {st.hands[i + r]} {st.ruleset.card_names[r]}."
    return None


def _why_free_roads(st: KatanState, seat: int, move: Move) -> str | None:
    kind = move[0]
    if kind == STOP_ROADS:
        return None
    if kind == BUILD_ROAD:
        return why_road(st, seat, move[1], free=True)
    if kind in st.ruleset.free_pieces:
        return st.ruleset.why_turn(st, seat, move)
    return "Place your free roads (or stop placing them) first."


def _why_chore(st: KatanState, seat: int, move: Move) -> str | None:
    return st.ruleset.why_chore(st, seat, st.chores[0], move)


_WHY: Final[tuple[Callable[[KatanState, int, Move], str | None], ...]] = (
    _why_setup_settlement,
    _why_setup_road,
    _why_roll,
    _why_discard,
    robber.why_not,
    _why_main,
    _why_free_roads,
    trading.why_not_answer,
    trading.why_not_counters,
    lambda st, seat, move: "The game is over.",
    _why_chore,
    lambda st, seat, move: special.why_not(st, seat, move, _why_main),
)


# ---- applying moves -----------------------------------------------------------


def step(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    """Apply a legal move in place; then check the win for the seat on turn.
    The cards the table knows each seat holds follow what the move did."""
    hands = st.hands[:] if st.known else None
    if st.phase == CHORE:
        st.ruleset.do_chore(st, seat, st.chores[0], move, ev)
    else:
        _STEP[move[0]](st, seat, move, ev)
    if hands is not None and st.hands != hands:
        known.follow(st, hands, move)
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
    st.ruleset.roll(st, ev)


def _step_end_turn(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    """The next turn begins, after the special building phase at five or six seats."""
    if st.seats >= LARGE_TABLE:
        if special.done(st, seat, ev):
            return
        seat = st.current
    nxt = (st.current + 1) % st.seats
    st.current = nxt
    st.turn += 1
    st.phase = P_ROLL
    st.rolled = False
    st.dev_played = False
    st.offers = 0
    st.fresh = [0] * DEV_KINDS
    st.dice = (0, 0)
    st.ruleset.end_turn(st)
    if ev is not None:
        say(ev, "end_turn", f"Seat {seat} ended the turn; seat {nxt} is up", seat)


def _step_road(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    edge = move[1]
    phase = st.phase
    if special.paying(st):
        spend(st, seat, ROAD_COST)
    place_road(st, seat, edge, ev)
    if ev is not None:
        free = " (free)" if phase == FREE_ROADS else ""
        say(
            ev, "build_road", f"Seat {seat} built a road on edge {edge}{free}", seat, {"edge": edge}
        )
    if phase == SETUP_ROAD:
        _next_setup(st)
    elif phase == FREE_ROADS:
        used_free_road(st, seat)


def used_free_road(st: KatanState, seat: int) -> None:
    """One free piece placed: the free roads end when none is left or none fits.
    A find under the piece may have queued a chore; then the free roads resume
    after it, unless they are over."""
    st.free_roads -= 1
    if st.free_roads and st.ruleset.can_pave(st, seat):
        return
    if st.phase == FREE_ROADS:
        end_free_roads(st)
    elif st.back == FREE_ROADS:
        st.free_roads = 0
        st.back = MAIN if st.rolled else P_ROLL


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
    if special.paying(st):
        spend(st, seat, SETTLEMENT_COST)
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
        _setup_placed(st, seat, node, ev)


def _setup_placed(st: KatanState, seat: int, node: int, ev: Events) -> None:
    st.last_settlement = node
    st.phase = SETUP_ROAD
    if st.setup_step >= st.seats:
        _setup_income(st, seat, node, ev)


def _setup_income(st: KatanState, seat: int, node: int, ev: Events) -> None:
    board = st.board
    got = [0] * RESOURCES
    w = st.width
    for h in board.topology.node_hexes[node]:
        res = board.terrain[h]
        if res < RESOURCES and st.bank[res]:
            st.bank[res] -= 1
            st.hands[seat * w + res] += 1
            got[res] += 1
    if ev is not None and any(got):
        say(ev, "produce", f"Seat {seat} received {cards_text(got)}", seat, {"cards": got})


def _step_city(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    node = move[1]
    setup = st.phase == SETUP_SETTLEMENT
    if setup:
        place_settlement(st, seat, node, None)
    else:
        spend(st, seat, CITY_COST)
    raise_city(st, seat, node, ev)
    if setup:
        _setup_placed(st, seat, node, ev)


def raise_city(st: KatanState, seat: int, node: int, ev: Events) -> None:
    """The seat's settlement on `node` becomes a city."""
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
    st.ruleset.after_city(st, seat, node, ev)


def _step_stop_roads(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    if ev is not None:
        say(ev, "stop_free_roads", f"Seat {seat} gave up {st.free_roads} free road(s)", seat)
    end_free_roads(st)


def _step_discard(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    discard(st, seat, move, ev)
    st.discards[seat] = 0
    if not any(st.discards):
        st.phase = P_ROBBER


def discard(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    """Return the move's counts from the seat's hand to the bank."""
    w = st.width
    i = seat * w
    for r in range(w):
        c = move[1 + r]
        st.hands[i + r] -= c
        st.bank[r] += c
    if ev is not None:
        counts = list(move[1:])
        say(
            ev,
            "discard",
            f"Seat {seat} discarded {cards_text(counts)}",
            seat,
            {"cards": counts},
        )


def _step_bank(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    give, get = move[1], move[2]
    ratio = st.ruleset.ratios(st, seat)[give]
    i = seat * st.width
    st.hands[i + give] -= ratio
    st.bank[give] += ratio
    st.bank[get] -= 1
    st.hands[i + get] += 1
    if ev is not None:
        name = st.ruleset.card_names
        say(
            ev,
            "bank_trade",
            f"Seat {seat} traded {ratio} {name[give]} to the bank for 1 {name[get]}",
            seat,
            {"give": give, "get": get, "ratio": ratio},
        )


def _step_by_ruleset(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    st.ruleset.step_turn(st, seat, move, ev)


def _steps() -> tuple[Callable[[KatanState, int, Move, Events], None], ...]:
    base: dict[int, Callable[[KatanState, int, Move, Events], None]] = {
        ROLL: _step_roll,
        END_TURN: _step_end_turn,
        BUILD_ROAD: _step_road,
        BUILD_SETTLEMENT: _step_settlement,
        BUILD_CITY: _step_city,
        mv.MOVE_ROBBER: robber.step,
        DISCARD: _step_discard,
        BANK_TRADE: _step_bank,
        mv.OFFER: trading.step_offer,
        mv.ACCEPT: trading.step_accept,
        mv.DECLINE: trading.step_decline,
        mv.COUNTER: trading.step_counter,
        mv.TAKE_COUNTER: trading.step_take,
        mv.DISMISS: trading.step_close,
        WITHDRAW: trading.step_close,
        STOP_ROADS: _step_stop_roads,
    }
    return tuple(base.get(kind, _step_by_ruleset) for kind in range(KINDS))


_STEP: Final = _steps()
