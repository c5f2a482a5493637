"""The 54 progress cards: which may be played now, why not, and what each does.

Cards are played on the holder's own turn, before or after the roll (the
Alchemist only before it, the Bishop only once the robber is awake), any
number a turn, and return to the bottom of their deck. Printer and
Constitution never reach a hand (`roll.draw_progress` lays them face up).
Where a card needs an answer from another seat (a Wedding gift, the Spy's
pick, a Deserter's victim) it queues a chore for that seat.
"""

from collections.abc import Callable

from engine.katan import chores, network
from engine.katan.cities import improvements, knights, roll
from engine.katan.cities.components import (
    ALCHEMIST,
    BISHOP,
    CLOTH,
    COMMERCIAL_HARBOR,
    CRANE,
    DESERTER,
    DIPLOMAT,
    ENGINEER,
    INTRIGUE,
    INVENTOR,
    IRRIGATION,
    MASTER_MERCHANT,
    MEDICINE,
    MERCHANT,
    MERCHANT_FLEET,
    MINING,
    PROGRESS_NAMES,
    PROGRESS_TITLES,
    PROGRESS_TRACK,
    RESOURCE_MONOPOLY,
    ROAD_BUILDING_CARD,
    SABOTEUR,
    SMITH,
    SPY,
    TRADE_MONOPOLY,
    WARLORD,
    WEDDING,
)
from engine.katan.cities.state import CitiesPart, knights_of
from engine.katan.components import (
    CARD_NAMES,
    CITY_PIECES,
    FIELDS,
    MOUNTAINS,
    RESOURCES,
    ROAD_PIECES,
    cards_text,
)
from engine.katan.events import Events, say
from engine.katan.geometry import bits
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
from engine.katan.robber import steal
from engine.katan.rules import raise_city, why_city_spot
from engine.katan.state import KatanState, hand_size
from engine.katan.turns import begin_free_roads, pays, spend

MEDICINE_COST = (0, 0, 0, 1, 2)
"""A Medicine city: 2 ore and 1 grain."""
FORBIDDEN_NUMBERS = frozenset({2, 6, 8, 12})
"""The Inventor never moves these."""

CARD_OF = {
    PLAY_ALCHEMIST: ALCHEMIST,
    PLAY_CRANE: CRANE,
    PLAY_ENGINEER: ENGINEER,
    PLAY_INVENTOR: INVENTOR,
    PLAY_IRRIGATION: IRRIGATION,
    PLAY_MEDICINE: MEDICINE,
    PLAY_MINING: MINING,
    PLAY_ROAD_BUILDING: ROAD_BUILDING_CARD,
    PLAY_SMITH: SMITH,
    PLAY_BISHOP: BISHOP,
    PLAY_DESERTER: DESERTER,
    PLAY_DIPLOMAT: DIPLOMAT,
    PLAY_INTRIGUE: INTRIGUE,
    PLAY_SABOTEUR: SABOTEUR,
    PLAY_SPY: SPY,
    PLAY_WARLORD: WARLORD,
    PLAY_WEDDING: WEDDING,
    PLAY_COMMERCIAL_HARBOR: COMMERCIAL_HARBOR,
    PLAY_MASTER_MERCHANT: MASTER_MERCHANT,
    PLAY_MERCHANT: MERCHANT,
    PLAY_MERCHANT_FLEET: MERCHANT_FLEET,
    PLAY_RESOURCE_MONOPOLY: RESOURCE_MONOPOLY,
    PLAY_TRADE_MONOPOLY: TRADE_MONOPOLY,
}
"""The card each play move spends."""
KINDS = frozenset(CARD_OF)
KIND_OF = {card: kind for kind, card in CARD_OF.items()}


def part(st: KatanState) -> CitiesPart:
    ck: CitiesPart = st.ck
    return ck


def holds(st: KatanState, seat: int, card: int) -> bool:
    return card in part(st).progress[seat]


def points(st: KatanState, seat: int) -> int:
    """Public points (every point in Cities & Knights is public)."""
    return st.points[seat]


# ---- who may be targeted ------------------------------------------------------------------


def opponents(st: KatanState, seat: int) -> list[int]:
    return [(seat + k) % st.seats for k in range(1, st.seats)]


def spy_targets(st: KatanState, seat: int) -> list[int]:
    return [t for t in opponents(st, seat) if part(st).progress[t]]


def deserter_targets(st: KatanState, seat: int) -> list[int]:
    return [t for t in opponents(st, seat) if knights_of(part(st), t)]


def merchant_targets(st: KatanState, seat: int) -> list[int]:
    """Master Merchant: seats with more points than the player, holding cards."""
    return [t for t in opponents(st, seat) if points(st, t) > points(st, seat) and hand_size(st, t)]


def intrigue_targets(st: KatanState, seat: int) -> int:
    """Opposing knights on crossings the seat's roads touch."""
    ck = part(st)
    out = 0
    for t in opponents(st, seat):
        out |= knights_of(ck, t)
    return out & st.reach[seat]


def open_roads(st: KatanState) -> list[int]:
    """Roads with a loose end: an end touching nothing else of its owner's
    (no other road, building or knight)."""
    top = st.board.topology
    ck = part(st)
    out = []
    for t in range(st.seats):
        pieces = st.towns[t] | st.cities[t] | knights_of(ck, t)
        for e in bits(st.roads[t]):
            for end in top.edge_ends[e]:
                if pieces >> end & 1:
                    continue
                if not st.roads[t] & top.node_edge_mask[end] & ~(1 << e):
                    out.append(e)
                    break
    return sorted(out)


def merchant_hexes(st: KatanState, seat: int) -> list[int]:
    """Producing land hexes beside one of the seat's buildings (the merchant's
    own hex too, when another seat owns it: playing the card takes it over)."""
    board = st.board
    ck = part(st)
    mine = st.towns[seat] | st.cities[seat]
    return [
        h
        for h in board.land_hexes
        if board.terrain[h] < RESOURCES
        and board.topology.hex_corner_mask[h] & mine
        and (h != ck.merchant or ck.merchant_owner != seat)
    ]


def inventor_hexes(st: KatanState) -> list[int]:
    board = st.board
    return [
        h
        for h in board.land_hexes
        if board.numbers[h] and board.numbers[h] not in FORBIDDEN_NUMBERS
    ]


# ---- legal moves ------------------------------------------------------------------------


def plays(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    """Every progress card the seat may play now, with every target."""
    ck = part(st)
    held = set(ck.progress[seat])
    for card in sorted(held):
        _LEGAL[card](st, seat, out, rolled)


def _alchemist(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    if not rolled:
        out.extend((PLAY_ALCHEMIST, y, r) for y in range(1, 7) for r in range(1, 7))


def _crane(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    if rolled:
        moves: list[Move] = []
        improvements.improve_moves(st, seat, moves, discount=1)
        out.extend((PLAY_CRANE, m[1]) for m in moves)


def _engineer(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    ck = part(st)
    if rolled and ck.walls[seat].bit_count() < 3:
        out.extend((PLAY_ENGINEER, n) for n in bits(st.cities[seat] & ~ck.walls[seat]))


def _inventor(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    hexes = inventor_hexes(st)
    numbers = st.board.numbers
    for i, a in enumerate(hexes):
        for b in hexes[i + 1 :]:
            if numbers[a] != numbers[b]:
                out.append((PLAY_INVENTOR, a, b))


def _plain(kind: int) -> Callable[[KatanState, int, list[Move], bool], None]:
    def legal(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
        out.append((kind,))

    return legal


def _medicine(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    if rolled and pays(st, seat, MEDICINE_COST) and st.cities[seat].bit_count() < CITY_PIECES:
        out.extend((PLAY_MEDICINE, n) for n in bits(st.towns[seat]))


def _road_building(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    if st.ruleset.free_road_count(st, seat, 2) and st.ruleset.can_pave(st, seat):
        out.append((PLAY_ROAD_BUILDING,))


def _smith(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    moves: list[Move] = []
    knights.promote_moves(st, seat, moves, free=True)
    if moves:
        out.append((PLAY_SMITH,))


def _bishop(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    if part(st).attacks:
        out.extend((PLAY_BISHOP, h) for h in st.ruleset.robber_hexes(st) if h != st.robber)


def _deserter(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.extend((PLAY_DESERTER, t) for t in deserter_targets(st, seat))


def _diplomat(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.extend((PLAY_DIPLOMAT, e) for e in open_roads(st))


def _intrigue(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.extend((PLAY_INTRIGUE, n) for n in bits(intrigue_targets(st, seat)))


def _spy(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.extend((PLAY_SPY, t) for t in spy_targets(st, seat))


def _warlord(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    ck = part(st)
    if knights_of(ck, seat) & ~ck.active[seat]:
        out.append((PLAY_WARLORD,))


def _master_merchant(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.extend((PLAY_MASTER_MERCHANT, t) for t in merchant_targets(st, seat))


def _merchant(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.extend((PLAY_MERCHANT, h) for h in merchant_hexes(st, seat))


def _fleet(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.extend((PLAY_MERCHANT_FLEET, g) for g in range(st.width))


def _resource_monopoly(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.extend((PLAY_RESOURCE_MONOPOLY, r) for r in range(RESOURCES))


def _trade_monopoly(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.extend((PLAY_TRADE_MONOPOLY, c) for c in range(CLOTH, st.width))


def _harbor(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    out.append((PLAY_COMMERCIAL_HARBOR,))


_LEGAL: dict[int, Callable[[KatanState, int, list[Move], bool], None]] = {
    ALCHEMIST: _alchemist,
    CRANE: _crane,
    ENGINEER: _engineer,
    INVENTOR: _inventor,
    IRRIGATION: _plain(PLAY_IRRIGATION),
    MEDICINE: _medicine,
    MINING: _plain(PLAY_MINING),
    ROAD_BUILDING_CARD: _road_building,
    SMITH: _smith,
    BISHOP: _bishop,
    DESERTER: _deserter,
    DIPLOMAT: _diplomat,
    INTRIGUE: _intrigue,
    SABOTEUR: _plain(PLAY_SABOTEUR),
    SPY: _spy,
    WARLORD: _warlord,
    WEDDING: _plain(PLAY_WEDDING),
    COMMERCIAL_HARBOR: _harbor,
    MASTER_MERCHANT: _master_merchant,
    MERCHANT: _merchant,
    MERCHANT_FLEET: _fleet,
    RESOURCE_MONOPOLY: _resource_monopoly,
    TRADE_MONOPOLY: _trade_monopoly,
}


# ---- refusals ---------------------------------------------------------------------------


def why_not(st: KatanState, seat: int, move: Move, rolled: bool) -> str | None:
    kind = move[0]
    card = CARD_OF[kind]
    title = PROGRESS_TITLES[card]
    if not holds(st, seat, card):
        return f"You hold no {title} card."
    legal: list[Move] = []
    _LEGAL[card](st, seat, legal, rolled)
    if move in legal:
        return None
    return _why_target(st, seat, move, card, title, rolled)


def _why_target(st: KatanState, seat: int, move: Move, card: int, title: str, rolled: bool) -> str:
    ck = part(st)
    if card == ALCHEMIST:
        return "The Alchemist is played before the roll."
    if card in (CRANE, ENGINEER, MEDICINE) and not rolled:
        return f"Roll first: {title} builds, and building comes after the roll."
    if card == CRANE:
        return improvements.why_improve(st, seat, move[1], 1) or "Nothing to improve."
    if card == ENGINEER:
        return improvements.why_wall(st, seat, move[1], free=True) or "No city to wall."
    if card == MEDICINE:
        if not pays(st, seat, MEDICINE_COST):
            return f"Medicine still costs {cards_text(MEDICINE_COST)}."
        if st.cities[seat].bit_count() >= CITY_PIECES:
            return "You have no cities left to place (4 at most on the board)."
        return why_city_spot(st, seat, move[1]) or "No settlement there."
    if card == INVENTOR:
        a, b = move[1], move[2]
        numbers = st.board.numbers
        for h in (a, b):
            if not numbers[h]:
                return f"Hex {h} has no number."
            if numbers[h] in FORBIDDEN_NUMBERS:
                return f"The Inventor never moves a {numbers[h]} (2, 6, 8 and 12 stay put)."
        return "Choose two different hexes with different numbers."
    if card == ROAD_BUILDING_CARD:
        return "You have no room or no roads left for Road Building."
    if card == SMITH:
        return "None of your knights can be promoted now."
    if card == BISHOP:
        if not ck.attacks:
            return "The Bishop moves the robber, which sleeps until the barbarians first attack."
        return f"The robber cannot go to hex {move[1]}."
    if card == DESERTER:
        return f"Seat {move[1]} has no knight to desert."
    if card == DIPLOMAT:
        return f"Edge {move[1]} is not a road with a loose end."
    if card == INTRIGUE:
        return f"There is no opposing knight on crossing {move[1]} beside your roads."
    if card == SPY:
        return f"Seat {move[1]} holds no progress cards."
    if card == WARLORD:
        return "All your knights are already active."
    if card == MASTER_MERCHANT:
        return f"Seat {move[1]} must have more points than you and hold cards."
    if card == MERCHANT:
        return f"Hex {move[1]} is not a producing hex beside one of your buildings."
    return f"{title} cannot be played like that."


# ---- effects ----------------------------------------------------------------------------


def spend_card(st: KatanState, seat: int, card: int, ev: Events) -> None:
    """The card leaves the hand for the bottom of its deck."""
    ck = part(st)
    hand = list(ck.progress[seat])
    hand.remove(card)
    ck.progress[seat] = tuple(hand)
    track = PROGRESS_TRACK[card]
    ck.decks[track] = (*ck.decks[track], card)
    if ev is not None:
        say(
            ev,
            "play_progress",
            f"Seat {seat} played {PROGRESS_TITLES[card]}",
            seat,
            {"card": card, "tally": f"progress:{PROGRESS_NAMES[card]}"},
        )


def step(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    card = CARD_OF[move[0]]
    spend_card(st, seat, card, ev)
    _STEP[card](st, seat, move, ev)


def _step_alchemist(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    roll.roll(st, (move[1], move[2]), ev)


def _step_crane(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    improvements.improve(st, seat, move[1], 1, ev)


def _step_engineer(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    improvements.build_wall(st, seat, move[1], True, ev)


def _step_inventor(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    a, b = move[1], move[2]
    numbers = list(st.board.numbers)
    numbers[a], numbers[b] = numbers[b], numbers[a]
    st.board = st.board.with_numbers(tuple(numbers))
    if ev is not None:
        say(
            ev,
            "inventor",
            f"Seat {seat} swapped the numbers of hexes {a} and {b}",
            seat,
            {"hexes": [a, b]},
        )


def _bank_pays(st: KatanState, seat: int, kind: int, count: int) -> int:
    given = min(count, st.bank[kind])
    st.bank[kind] -= given
    st.hands[seat * st.width + kind] += given
    return given


def _hex_harvest(terrain: int) -> Callable[[KatanState, int, Move, Events], None]:
    """Irrigation and Mining: 2 cards per hex of the terrain beside the seat's buildings."""

    def harvest(st: KatanState, seat: int, move: Move, ev: Events) -> None:
        board = st.board
        mine = st.towns[seat] | st.cities[seat]
        hexes = [
            h
            for h in board.land_hexes
            if board.terrain[h] == terrain and board.topology.hex_corner_mask[h] & mine
        ]
        got = _bank_pays(st, seat, terrain, 2 * len(hexes))
        if ev is not None:
            name = CARD_NAMES[terrain]
            say(ev, "harvest", f"Seat {seat} took {got} {name}", seat, {"resource": name})

    return harvest


def _step_medicine(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    spend(st, seat, MEDICINE_COST)
    raise_city(st, seat, move[1], ev)


def _step_road_building(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    begin_free_roads(st, seat, 2)


def _step_smith(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    chores.queue(st, (chores.SMITH, seat, 2))


def _step_bishop(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    hex_id = move[1]
    st.robber = hex_id
    if ev is not None:
        say(ev, "robber", f"Seat {seat} moved the robber to hex {hex_id}", seat, {"hex": hex_id})
    corners = st.board.topology.hex_corner_mask[hex_id]
    for t in opponents(st, seat):
        if (st.towns[t] | st.cities[t]) & corners and hand_size(st, t):
            steal(st, seat, t, ev)


def _step_deserter(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    victim = move[1]
    chores.queue(st, (chores.REMOVE_KNIGHT, victim, seat), first=True)


def _step_diplomat(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    edge = move[1]
    owner = next(t for t in range(st.seats) if st.roads[t] >> edge & 1)
    remove_road(st, owner, edge, ev)
    if ev is not None:
        say(
            ev,
            "diplomat",
            f"Seat {seat} removed seat {owner}'s road on edge {edge}",
            seat,
            {"edge": edge, "owner": owner},
        )
    if owner == seat and st.roads[seat].bit_count() < ROAD_PIECES:
        begin_free_roads(st, seat, 1)


def remove_road(st: KatanState, owner: int, edge: int, ev: Events) -> None:
    bit = 1 << edge
    st.roads[owner] &= ~bit
    st.paved &= ~bit
    st.reach[owner] = st.ruleset.reach(st, owner)
    for t in range(st.seats):
        st.ruleset.remeasure(st, t)
    network.update_longest(st, ev)


def _step_intrigue(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    node = move[1]
    owner = next(t for t in range(st.seats) if knights_of(part(st), t) >> node & 1)
    knights.displace(st, owner, node, ev)


def _step_saboteur(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    mine = points(st, seat)
    for t in opponents(st, seat):
        due = hand_size(st, t) // 2
        if points(st, t) >= mine and due:
            chores.queue(st, (chores.DISCARD, t, due))


def _step_spy(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    chores.queue(st, (chores.SPY, seat, move[1]), first=True)


def _step_warlord(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    """Every knight wakes; those it woke may not act this turn, like any woken knight."""
    ck = part(st)
    mine = knights_of(ck, seat)
    ck.woke |= mine & ~ck.active[seat]
    ck.active[seat] = mine


def _step_wedding(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    mine = points(st, seat)
    for t in opponents(st, seat):
        if points(st, t) > mine and hand_size(st, t):
            give_or_ask(st, t, seat, 2, ev)


def give_or_ask(st: KatanState, giver: int, to: int, count: int, ev: Events) -> None:
    """Hand `count` cards of the giver's choice to `to`: at once when the giver
    holds no more than that, else as a chore for the giver."""
    size = hand_size(st, giver)
    if size <= count:
        w = st.width
        i, j = giver * w, to * w
        given = st.hands[i : i + w]
        for k in range(w):
            st.hands[j + k] += st.hands[i + k]
            st.hands[i + k] = 0
        if ev is not None:
            say(
                ev,
                "hand_over",
                f"Seat {giver} gave seat {to} {cards_text(given)}",
                giver,
                {"to": to, "cards": given},
                frozenset((giver, to)),
            )
            say(
                ev,
                "hand_over",
                f"Seat {giver} gave seat {to} {size} cards",
                giver,
                {"to": to},
                hidden_from=frozenset((giver, to)),
            )
        return
    chores.queue(st, (chores.HAND_OVER, giver, to, count))


def _step_harbor(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    """Commercial Harbor as printed (RULINGS 8): each opponent holding a
    commodity is offered a resource of the player's choice, one by one."""
    w = st.width
    for t in opponents(st, seat):
        if any(st.hands[t * w + c] for c in range(CLOTH, w)):
            chores.queue(st, (chores.HARBOR, seat, t))


def _step_master_merchant(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    victim = move[1]
    if hand_size(st, victim) <= 2:
        give_or_ask(st, victim, seat, 2, ev)
    else:
        chores.queue(st, (chores.MASTER_MERCHANT, seat, victim), first=True)


def _step_merchant(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    ck = part(st)
    if ck.merchant_owner >= 0:
        st.points[ck.merchant_owner] -= 1
    ck.merchant = move[1]
    ck.merchant_owner = seat
    st.points[seat] += 1
    if ev is not None:
        say(ev, "merchant", f"Seat {seat} placed the merchant on hex {move[1]}", seat)


def _step_fleet(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    part(st).fleet = move[1]


def _step_resource_monopoly(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _take_from_each(st, seat, move[1], 2, ev)


def _step_trade_monopoly(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _take_from_each(st, seat, move[1], 1, ev)


def _take_from_each(st: KatanState, seat: int, kind: int, count: int, ev: Events) -> None:
    w = st.width
    taken = 0
    for t in opponents(st, seat):
        i = t * w + kind
        got = min(count, st.hands[i])
        st.hands[i] -= got
        taken += got
    st.hands[seat * w + kind] += taken
    if ev is not None:
        name = CARD_NAMES[kind]
        say(
            ev,
            "monopoly",
            f"Seat {seat} took {taken} {name} from the other seats",
            seat,
            {"card": name, "taken": taken},
        )


_STEP: dict[int, Callable[[KatanState, int, Move, Events], None]] = {
    ALCHEMIST: _step_alchemist,
    CRANE: _step_crane,
    ENGINEER: _step_engineer,
    INVENTOR: _step_inventor,
    IRRIGATION: _hex_harvest(FIELDS),
    MEDICINE: _step_medicine,
    MINING: _hex_harvest(MOUNTAINS),
    ROAD_BUILDING_CARD: _step_road_building,
    SMITH: _step_smith,
    BISHOP: _step_bishop,
    DESERTER: _step_deserter,
    DIPLOMAT: _step_diplomat,
    INTRIGUE: _step_intrigue,
    SABOTEUR: _step_saboteur,
    SPY: _step_spy,
    WARLORD: _step_warlord,
    WEDDING: _step_wedding,
    COMMERCIAL_HARBOR: _step_harbor,
    MASTER_MERCHANT: _step_master_merchant,
    MERCHANT: _step_merchant,
    MERCHANT_FLEET: _step_fleet,
    RESOURCE_MONOPOLY: _step_resource_monopoly,
    TRADE_MONOPOLY: _step_trade_monopoly,
}
