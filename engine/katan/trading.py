"""Domestic trade: offers, answers in seat order, counters, withdrawal (RULINGS 6).

The seat on turn makes an offer to one seat or to everyone, at most
`OFFERS_PER_TURN` a turn (the count is public state). Seats are asked
one at a time, in seat order after the offerer, skipping seats with no cards
(an addressed offer asks only its addressee). The seat asked accepts (the
trade happens and the offer closes), declines, or counters with other terms
(the round moves on). After the last answer, with no acceptance, the offerer
takes one counter or dismisses them all. The offerer may withdraw at any
moment, even while another seat is being asked: it is the one move a seat may
make out of turn.

A counter must be affordable by the seat making it; whether the offerer can
pay for it is checked only when the offerer takes it, because the answering
seat cannot see the offerer's hand and the engine must not tell it.
"""

from typing import Final

from engine.katan.components import OFFERS_PER_TURN, RESOURCES, cards_text
from engine.katan.events import say
from engine.katan.moves import (
    ACCEPT,
    COUNTER,
    DECLINE,
    DISMISS,
    M_ACCEPT,
    M_DECLINE,
    M_DISMISS,
    M_WITHDRAW,
    OFFER,
    ONE,
    ONE_FOR_ONE,
    ONE_GOOD,
    TAKE_COUNTER,
    TAKE_MOVES,
    Move,
    counter_legs,
    counter_move,
    offer_legs,
)
from engine.katan.state import COUNTERS, MAIN, KatanState, hand_size
from engine.katan.state import OFFER as P_OFFER
from engine.protocol import Event

Events = list[Event] | None
Leg = tuple[int, ...]

MAIN_KINDS: Final = (OFFER,)


def _holds(st: KatanState, seat: int, leg: Leg) -> bool:
    w = st.width
    i = seat * w
    h = st.hands
    return all(h[i + r] >= leg[r] for r in range(w))


def _why_legs(st: KatanState, give: Leg, want: Leg) -> str | None:
    most = st.ruleset.bank_start(st.seats, 0)
    if any(c < 0 or c > most for c in give + want):
        return f"Card counts in a trade run from 0 to {most}."
    if not any(give) or not any(want):
        return "A trade needs cards on both sides."
    if any(g and w for g, w in zip(give, want, strict=True)):
        return "A resource cannot be on both sides of a trade."
    return None


def counter_gives(counter: tuple[int, ...]) -> Leg:
    """What the answering seat gives in a recorded counter (seat, gives, wants)."""
    w = (len(counter) - 1) >> 1
    return counter[1 : 1 + w]


def counter_wants(counter: tuple[int, ...]) -> Leg:
    w = (len(counter) - 1) >> 1
    return counter[1 + w :]


# ---- examples for the enumerated move list ------------------------------------


def example_offers(st: KatanState, seat: int, out: list[Move]) -> None:
    """One example: a card the seat holds most of for one it holds least of, to
    everyone. Any other offer is as legal (`why_not_offer`); listing more would
    only crowd the menu."""
    if st.offers >= OFFERS_PER_TURN:
        return
    w = st.width
    i = seat * w
    hand = st.hands[i : i + w]
    most_n = max(hand)
    if not most_n:
        return
    least_n = min(hand)
    if most_n == least_n:
        return
    red = st.redaction
    everyone = sum(red.hand_sizes) if red is not None else sum(st.hands)
    if everyone > sum(hand):
        give, want = hand.index(most_n), hand.index(least_n)
        if w == RESOURCES:
            out.append(ONE_FOR_ONE[0][give][want])
        else:
            out.append((OFFER, -1, *ONE_GOOD[give], *ONE_GOOD[want]))


def legal_answers(st: KatanState, seat: int) -> list[Move]:
    offer = st.offer
    assert offer is not None
    give, want = offer_legs(offer)
    out = [M_ACCEPT] if _holds(st, seat, want) else []
    out.append(M_DECLINE)
    example = _example_counter(st, seat, give, want)
    if example is not None:
        out.append(example)
    return out


def _example_counter(st: KatanState, seat: int, give: Leg, want: Leg) -> Move | None:
    """Ask for what was offered, paying one of the answering seat's most plentiful
    cards instead of what was asked."""
    w = st.width
    i = seat * w
    h = st.hands
    one = ONE if w == RESOURCES else ONE_GOOD
    order = sorted(range(w), key=lambda r: -h[i + r])
    for r in order:
        if h[i + r] and not give[r] and one[r] != want:
            return counter_move(one[r], give)
    return None


def legal_counters(st: KatanState, seat: int) -> list[Move]:
    """Counters the offerer can pay for. The answering seat's side is not
    re-checked here (its hand cannot change during the round, and a view
    cannot see it); `why_not_counters` still checks it against the state."""
    out = []
    for counter in st.counters:
        if _holds(st, seat, counter_wants(counter)):
            out.append(TAKE_MOVES[counter[0]])
    out.append(M_DISMISS)
    out.append(M_WITHDRAW)
    return out


# ---- refusals -------------------------------------------------------------------


def why_not_offer(st: KatanState, seat: int, move: Move) -> str | None:
    if st.offers >= OFFERS_PER_TURN:
        return f"You have made {OFFERS_PER_TURN} offers this turn, the most a turn allows."
    to = move[1]
    give, want = offer_legs(move)
    bad = _why_legs(st, give, want)
    if bad is not None:
        return bad
    if to >= 0:
        if to >= st.seats or to == seat:
            return f"Seat {to} is not another seat at this table."
        if not hand_size(st, to):
            return f"Seat {to} holds no cards."
    elif to != -1:
        return "Offer to one seat, or to everyone (-1)."
    elif not any(hand_size(st, t) for t in range(st.seats) if t != seat):
        return "Nobody else holds any cards."
    if not _holds(st, seat, give):
        return f"You do not hold {cards_text(give)}."
    return None


def why_not_answer(st: KatanState, seat: int, move: Move) -> str | None:
    offer = st.offer
    assert offer is not None
    give, want = offer_legs(offer)
    kind = move[0]
    if kind == ACCEPT:
        if not _holds(st, seat, want):
            return f"You do not hold {cards_text(want)} to accept this offer."
        return None
    if kind == DECLINE:
        return None
    if kind == COUNTER:
        c_give, c_want = counter_legs(move)
        bad = _why_legs(st, c_give, c_want)
        if bad is not None:
            return bad
        if c_give == want and c_want == give:
            return "Those are the offer's own terms; accept it instead."
        if not _holds(st, seat, c_give):
            return f"You do not hold {cards_text(c_give)}."
        return None
    return f"Answer seat {st.current}'s offer first: accept, decline or counter."


def why_not_counters(st: KatanState, seat: int, move: Move) -> str | None:
    kind = move[0]
    if kind == DISMISS:
        return None
    if kind == TAKE_COUNTER:
        for counter in st.counters:
            if counter[0] == move[1]:
                gives, wants = counter_gives(counter), counter_wants(counter)
                if not _holds(st, seat, wants):
                    return f"You do not hold {cards_text(wants)} for that counter."
                if not _holds(st, move[1], gives):
                    return f"Seat {move[1]} no longer holds {cards_text(gives)}."
                return None
        return f"Seat {move[1]} made no counter-offer."
    return "Take one of the counter-offers or dismiss them first."


def why_not_withdraw(st: KatanState, seat: int) -> str | None:
    if st.phase in (P_OFFER, COUNTERS) and seat == st.current:
        return None
    return "You have no open offer to withdraw."


# ---- applying -------------------------------------------------------------------


def step_offer(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    st.offer = move
    st.offers += 1
    st.counters = ()
    st.phase = P_OFFER
    to = move[1]
    st.asked = to if to >= 0 else _next_asked(st, seat)
    if ev is not None:
        give, want = offer_legs(move)
        who = "everyone" if to < 0 else f"seat {to}"
        say(
            ev,
            "offer",
            f"Seat {seat} offers {cards_text(give)} for {cards_text(want)} to {who}",
            seat,
            {"to": to, "give": list(give), "want": list(want)},
        )


def _next_asked(st: KatanState, after: int) -> int:
    """The next seat after `after` (in seat order, before the offerer) holding cards."""
    offerer = st.current
    t = after
    while True:
        t = (t + 1) % st.seats
        if t == offerer:
            return -1
        if hand_size(st, t):
            return t


def _move_on(st: KatanState, ev: Events) -> None:
    offer = st.offer
    assert offer is not None
    nxt = _next_asked(st, st.asked) if offer[1] < 0 else -1
    if nxt >= 0:
        st.asked = nxt
        return
    st.asked = -1
    if st.counters:
        st.phase = COUNTERS
        return
    _close(st)
    if ev is not None:
        say(ev, "offer_lapsed", f"Nobody took seat {st.current}'s offer", st.current)


def _close(st: KatanState) -> None:
    st.offer = None
    st.asked = -1
    st.counters = ()
    st.phase = MAIN


def _exchange(st: KatanState, a: int, a_gives: Leg, b: int, b_gives: Leg) -> None:
    h = st.hands
    w = st.width
    i, j = a * w, b * w
    for r in range(w):
        moved = a_gives[r] - b_gives[r]
        h[i + r] -= moved
        h[j + r] += moved


def step_accept(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    offer = st.offer
    assert offer is not None
    give, want = offer_legs(offer)
    offerer = st.current
    _exchange(st, offerer, give, seat, want)
    _close(st)
    if ev is not None:
        say(
            ev,
            "trade",
            f"Seat {seat} accepted: seat {offerer} gave {cards_text(give)} for {cards_text(want)}",
            seat,
            {"between": [offerer, seat], "give": list(give), "want": list(want)},
        )


def step_decline(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    if ev is not None:
        say(ev, "decline", f"Seat {seat} declined", seat)
    _move_on(st, ev)


def step_counter(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    c_give, c_want = counter_legs(move)
    st.counters = (*st.counters, (seat, *c_give, *c_want))
    if ev is not None:
        say(
            ev,
            "counter",
            f"Seat {seat} counters: {cards_text(c_give)} for {cards_text(c_want)}",
            seat,
            {"give": list(c_give), "want": list(c_want)},
        )
    _move_on(st, ev)


def step_take(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    responder = move[1]
    for counter in st.counters:
        if counter[0] == responder:
            c_give, c_want = counter_gives(counter), counter_wants(counter)
            _exchange(st, responder, c_give, seat, c_want)
            if ev is not None:
                say(
                    ev,
                    "trade",
                    f"Seat {seat} took seat {responder}'s counter: {cards_text(c_want)}"
                    f" for {cards_text(c_give)}",
                    seat,
                    {"between": [seat, responder], "give": list(c_want), "want": list(c_give)},
                )
            break
    _close(st)


def step_close(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    """Dismiss the counters or withdraw the offer: nothing changes hands."""
    withdrawn = move[0] != DISMISS
    _close(st)
    if ev is not None:
        what = "withdrew the offer" if withdrawn else "dismissed the counter-offers"
        say(ev, "offer_closed", f"Seat {seat} {what}", seat)
