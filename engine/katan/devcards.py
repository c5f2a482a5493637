"""The base game's development cards: buying, playing, and Largest Army.

Cities & Knights removes them (progress cards take their place), so they
are the base rule set's own turn moves rather than part of every turn.
"""

from engine.katan.components import (
    DEV_COST,
    DEV_KINDS,
    DEV_LABELS,
    KNIGHT,
    LARGEST_ARMY_MIN,
    MONOPOLY,
    RESOURCE_NAMES,
    RESOURCES,
    ROAD_BUILDING,
    YEAR_OF_PLENTY,
    cards_text,
)
from engine.katan.events import Events, say
from engine.katan.moves import (
    BUY_DEV,
    M_BUY,
    M_KNIGHT,
    M_ROAD_BUILDING,
    MONOPOLY_MOVES,
    PLAY_KNIGHT,
    PLAY_MONOPOLY,
    PLAY_PLENTY,
    PLAY_ROAD_BUILDING,
    PLENTY_MOVES,
    Move,
)
from engine.katan.rng import PLAY, draw
from engine.katan.state import ROBBER, KatanState, deck_size
from engine.katan.turns import begin_free_roads, pays, spend

KINDS = frozenset({BUY_DEV, PLAY_KNIGHT, PLAY_ROAD_BUILDING, PLAY_PLENTY, PLAY_MONOPOLY})
PLAYS = frozenset({PLAY_KNIGHT, PLAY_ROAD_BUILDING, PLAY_PLENTY, PLAY_MONOPOLY})


def buy_move(st: KatanState, seat: int, out: list[Move]) -> None:
    i = seat * RESOURCES
    h = st.hands
    if h[i + 2] and h[i + 3] and h[i + 4] and deck_size(st):
        out.append(M_BUY)


def plays(st: KatanState, seat: int, out: list[Move]) -> None:
    """The cards the seat may play now (one a turn, none bought this turn)."""
    if st.dev_played:
        return
    d = st.devs
    i = seat * DEV_KINDS
    fresh = st.fresh
    if d[i + KNIGHT] > fresh[KNIGHT]:
        out.append(M_KNIGHT)
    if d[i + ROAD_BUILDING] > fresh[ROAD_BUILDING] and st.ruleset.free_road_count(st, seat, 1):
        out.append(M_ROAD_BUILDING)
    if d[i + YEAR_OF_PLENTY] > fresh[YEAR_OF_PLENTY]:
        bank = st.bank
        for move in PLENTY_MOVES:
            a, b = move[1], move[2]
            if bank[a] >= (2 if a == b else 1) and bank[b]:
                out.append(move)
    if d[i + MONOPOLY] > fresh[MONOPOLY]:
        out.extend(MONOPOLY_MOVES)


def why_not(st: KatanState, seat: int, move: Move) -> str | None:
    kind = move[0]
    if kind == BUY_DEV:
        if not pays(st, seat, DEV_COST):
            return f"A development card costs {cards_text(DEV_COST)}."
        if not deck_size(st):
            return "The development deck is empty."
        return None
    card = kind - PLAY_KNIGHT
    name = DEV_LABELS[card]
    if st.dev_played:
        return "You have already played a development card this turn."
    held = st.devs[seat * DEV_KINDS + card]
    if not held:
        return f"You hold no {name} card."
    if held <= st.fresh[card]:
        return f"You bought your {name} this turn; it can be played from your next turn."
    if kind == PLAY_ROAD_BUILDING and not st.ruleset.free_road_count(st, seat, 1):
        return "You have no roads left to place."
    if kind == PLAY_PLENTY:
        a, b = move[1], move[2]
        if not a <= b:
            return "Year of Plenty names two resources, in resource order."
        if a == b and st.bank[a] < 2:
            return f"The bank does not hold two {RESOURCE_NAMES[a]}."
        for r in (a, b):
            if not st.bank[r]:
                return f"The bank holds no {RESOURCE_NAMES[r]}."
    return None


def step(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _STEPS[move[0]](st, seat, move, ev)


def _buy(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    spend(st, seat, DEV_COST)
    draw_card(st, seat, ev)


def draw_card(st: KatanState, seat: int, ev: Events) -> None:
    """The seat draws a development card at random (bought, or found in a chest)."""
    deck = st.deck
    k = draw(st.seed, PLAY, st.counter, sum(deck))
    st.counter += 1
    card = 0
    while k >= deck[card]:
        k -= deck[card]
        card += 1
    deck[card] -= 1
    st.devs[seat * DEV_KINDS + card] += 1
    if seat == st.current:  # a card bought in the special building phase is not this turn's
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


def _knight(st: KatanState, seat: int, move: Move, ev: Events) -> None:
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
    st.phase = ROBBER


def _road_building(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _start_play(st, seat, ROAD_BUILDING, ev)
    begin_free_roads(st, seat, 2)


def _plenty(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    _start_play(st, seat, YEAR_OF_PLENTY, ev)
    for r in (move[1], move[2]):
        st.bank[r] -= 1
        st.hands[seat * RESOURCES + r] += 1
    if ev is not None:
        a, b = RESOURCE_NAMES[move[1]], RESOURCE_NAMES[move[2]]
        say(ev, "year_of_plenty", f"Seat {seat} took {a} and {b} from the bank", seat)


def _monopoly(st: KatanState, seat: int, move: Move, ev: Events) -> None:
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


_STEPS = {
    BUY_DEV: _buy,
    PLAY_KNIGHT: _knight,
    PLAY_ROAD_BUILDING: _road_building,
    PLAY_PLENTY: _plenty,
    PLAY_MONOPOLY: _monopoly,
}
