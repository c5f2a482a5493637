"""The roll: dice, production, the bank running short, and the seven.

Production is computed as what each seat is owed per card kind and then paid
through one function, so every rule set's income (a city's commodity, a gold
field's choice, a village's cloth) meets the same bank-short rule (RULINGS 2):
with one seat owed a kind the bank cannot cover, that seat takes what is
left; with two or more, nobody receives it.
"""

from engine.katan.components import CARD_NAMES, DISCARD_OVER, cards_text
from engine.katan.events import Events, say
from engine.katan.rng import PLAY, draw
from engine.katan.state import DISCARD, MAIN, ROBBER, KatanState, hand_size

Owed = dict[int, list[int]]
"""Card kind -> cards owed to each seat."""


def roll_two(st: KatanState) -> tuple[int, int]:
    """The two number dice, drawn from the play stream."""
    x = draw(st.seed, PLAY, st.counter, 36)
    st.counter += 1
    return x // 6 + 1, x % 6 + 1


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
        st.phase = MAIN
        paid = pay(st, owed_by_dice(st, total), ev)
        st.ruleset.after_production(st, total, paid, ev)
        return
    seven(st, ev)


def owed_by_dice(st: KatanState, total: int) -> Owed:
    """What the base game's buildings are owed on `total`: one card per
    settlement, two per city, nothing from the robber's hex."""
    n = st.seats
    towns, cities = st.towns, st.cities
    built, robber = st.built, st.robber
    owed: Owed = {}
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
    return owed


def pay(st: KatanState, owed: Owed, ev: Events, kind: str = "produce") -> int:
    """Pay what is owed from the bank (RULINGS 2 when it is short); returns the
    seats that received anything, as a bitmask."""
    if not owed:
        return 0
    n = st.seats
    w = st.width
    bank, hands = st.bank, st.hands
    paid = 0
    got = [[0] * w for _ in range(n)] if ev is not None else None
    for r, row in owed.items():
        need = sum(row)
        if need > bank[r]:
            claimants = [t for t in range(n) if row[t]]
            if len(claimants) > 1:
                if ev is not None:
                    say(
                        ev,
                        "bank_short",
                        f"The bank is short of {CARD_NAMES[r]}: nobody receives any",
                        None,
                    )
                continue
            row = row[:]
            row[claimants[0]] = need = bank[r]
        bank[r] -= need
        for t in range(n):
            if row[t]:
                hands[t * w + r] += row[t]
                paid |= 1 << t
                if got is not None:
                    got[t][r] += row[t]
    if got is not None and ev is not None:
        for t in range(n):
            if any(got[t]):
                say(ev, kind, f"Seat {t} received {cards_text(got[t])}", t, {"cards": got[t]})
    return paid


def seven(st: KatanState, ev: Events) -> None:
    """Hands over the limit discard half, then the robber moves."""
    owing = False
    for t in range(st.seats):
        size = hand_size(st, t)
        if size > DISCARD_OVER:
            st.discards[t] = size // 2
            owing = True
            if ev is not None:
                say(ev, "must_discard", f"Seat {t} must discard {size // 2} cards", t)
    st.phase = DISCARD if owing else ROBBER
