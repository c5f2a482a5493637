"""Euchre's state machine, transition for transition as the app plays it
(NATIVE §5.2.5–5.2.7), plus the RULINGS 13 toggles when they are on.

Functions here assume the move was checked (`legal_moves` / `why_illegal`);
`engine.euchre.game` is the checked entry point. Each transition returns the
events that narrate it; the log lines the app writes are exactly those of
§5.2.7, quirks included (§9 item 10).
"""

from typing import Final

from engine.cards import Card, Suit, code, label, rank_value, suit_of
from engine.euchre.moves import (
    CALL_TRUMP,
    DEFEND_ALONE,
    DISCARD,
    FARMERS_HAND,
    ORDER_UP,
    PASS,
    PLAY,
    CallTrump,
    DefendAlone,
    Discard,
    EuchreMove,
    FarmersHand,
    OrderUp,
    Pass,
    PlayCard,
)
from engine.euchre.options import EuchreOptions
from engine.euchre.ranking import DECKS, EFFECTIVE_SUIT, STRENGTH
from engine.euchre.state import EuchreState, Phase, Played, team
from engine.kotlin_random import KotlinRandom, add_long, shuffled
from engine.protocol import Event

HAND_SIZE: Final = 5
KITTY_SIZE: Final = 3
DEAL_SEED_STEP: Final = 7919
"""The app re-seeds every deal with `seed + handNumber * 7919`."""

_WAITING_PHASES: Final = frozenset(
    {
        Phase.BID_ROUND_1,
        Phase.BID_ROUND_2,
        Phase.DEALER_DISCARD,
        Phase.PLAYING,
        Phase.FARMERS_HAND,
        Phase.FARMER_DISCARD,
        Phase.DEFEND_ALONE,
    }
)

# ---- the deal ------------------------------------------------------------------


def shuffled_deck(seed: int, hand_number: int, deck_size: int) -> list[Card]:
    """The app's deck for a deal: `Random(seed + handNumber*7919)` over the sorted deck."""
    rng = KotlinRandom(add_long(seed, hand_number * DEAL_SEED_STEP))
    return shuffled(DECKS[deck_size], rng)


def initial_state(options: EuchreOptions, seed: int) -> EuchreState:
    return deal(options, seed, 0, 0, [0, 0], ["Hand 1 — dealer is seat 0."])


def deal(
    options: EuchreOptions,
    seed: int,
    hand_number: int,
    dealer: int,
    scores: list[int],
    log: list[str],
) -> EuchreState:
    """A fresh hand: seat s gets deck positions 5s…5s+4, position 20 is turned up.

    The app drops the rest of the deck; with farmer's hand on, the next three
    cards are kept as the kitty a farmer may exchange with.
    """
    deck = shuffled_deck(seed, hand_number, options.deck_size)
    first = (dealer + 1) % 4
    state = EuchreState(
        options=options,
        seed=seed,
        hand_number=hand_number,
        dealer=dealer,
        phase=Phase.BID_ROUND_1,
        hands=[deck[HAND_SIZE * s : HAND_SIZE * (s + 1)] for s in range(4)],
        hand_counts=[HAND_SIZE] * 4,
        up_card=deck[4 * HAND_SIZE],
        turned_down=None,
        trump=None,
        maker=None,
        alone_seat=None,
        turn=first,
        passes=0,
        trick=[],
        completed_trick=[],
        leader=first,
        tricks_won=[0, 0, 0, 0],
        scores=scores,
        last_trick_winner=None,
        log=log,
    )
    if options.farmers_hand:
        start = 4 * HAND_SIZE + 1
        state.kitty = deck[start : start + KITTY_SIZE]
        _offer_farmers_hand(state, 1)
    return state


def next_hand(state: EuchreState) -> tuple[EuchreState, list[Event]]:
    """The host's step out of HAND_OVER: the deal passes one seat clockwise."""
    dealer = (state.dealer + 1) % 4
    line = f"Hand {state.hand_number + 2} — dealer is seat {dealer}."
    new = deal(
        state.options,
        state.seed,
        state.hand_number + 1,
        dealer,
        state.scores[:],
        [*state.log, line],
    )
    return new, [Event("deal", line, dealer, data={"hand": state.hand_number + 2})]


# ---- whose turn, and what they may do ------------------------------------------


def to_move(state: EuchreState) -> int | None:
    return state.turn if state.phase in _WAITING_PHASES else None


def playable_cards(state: EuchreState, seat: int) -> list[Card]:
    """Follow the led card's effective suit if you can; otherwise anything goes."""
    hand = state.hands[seat]
    if not state.trick or state.trump is None:
        return hand[:]
    effective = EFFECTIVE_SUIT[state.trump]
    led = effective[state.trick[0].card]
    following = [c for c in hand if effective[c] == led]
    return following or hand[:]


def dealer_is_stuck(state: EuchreState, seat: int) -> bool:
    return state.options.stick_the_dealer and seat == state.dealer and state.passes == 3


def legal_moves(state: EuchreState, seat: int) -> list[EuchreMove]:
    """In the app's order (§5.2.6); the toggle phases offer the move, then `pass`."""
    if to_move(state) != seat:
        return []
    phase = state.phase
    if phase == Phase.PLAYING:
        return [PLAY[c] for c in playable_cards(state, seat)]
    alone_ok = state.options.allow_going_alone
    if phase == Phase.BID_ROUND_1:
        return [ORDER_UP[False], ORDER_UP[True], PASS] if alone_ok else [ORDER_UP[False], PASS]
    if phase == Phase.BID_ROUND_2:
        barred = None if state.turned_down is None else state.turned_down // 13
        moves: list[EuchreMove] = []
        for suit in Suit:
            if suit != barred:
                moves.append(CALL_TRUMP[suit][False])
                if alone_ok:
                    moves.append(CALL_TRUMP[suit][True])
        if not dealer_is_stuck(state, seat):
            moves.append(PASS)
        return moves
    if phase == Phase.DEALER_DISCARD:
        return [DISCARD[c] for c in state.hands[state.dealer]]
    if phase == Phase.FARMER_DISCARD:
        return [DISCARD[c] for c in state.hands[seat]]
    if phase == Phase.FARMERS_HAND:
        return [FARMERS_HAND, PASS]
    if phase == Phase.DEFEND_ALONE:
        return [DEFEND_ALONE, PASS]
    return []


def why_illegal(state: EuchreState, seat: int, move: EuchreMove) -> str:
    """The specific reason a move by the seat on turn is not in its legal list."""
    opts = state.options
    if isinstance(move, DefendAlone) and not opts.defend_alone:
        return "Defending alone is not played at this table."
    if isinstance(move, FarmersHand) and not opts.farmers_hand:
        return "Farmer's hand is not played at this table."
    phase = state.phase
    if phase == Phase.PLAYING:
        if not isinstance(move, PlayCard):
            return "Trump is settled; play a card."
        if move.card not in state.hands[seat]:
            return f"You do not hold {label(move.card)}."
        assert state.trump is not None
        led = EFFECTIVE_SUIT[state.trump][state.trick[0].card]
        return f"You must follow {Suit(led).symbol}."
    if phase in (Phase.DEALER_DISCARD, Phase.FARMER_DISCARD):
        if isinstance(move, Discard):
            return f"You do not hold {label(move.card)}."
        if phase == Phase.DEALER_DISCARD:
            return "The dealer must discard a card first."
        return f"Return {len(state.hands[seat]) - HAND_SIZE} more card(s) to the kitty first."
    if phase == Phase.BID_ROUND_1:
        if isinstance(move, OrderUp) and not opts.allow_going_alone:
            return "Going alone is not allowed at this table."
        up = "the turned card" if state.up_card is None else label(state.up_card)
        return f"Trump is not settled: order up {up} or pass."
    if phase == Phase.BID_ROUND_2:
        turned = state.turned_down
        if isinstance(move, CallTrump) and turned is not None and move.suit == turned // 13:
            return f"{suit_of(turned).symbol} was turned down; name another suit."
        if isinstance(move, CallTrump) and not opts.allow_going_alone:
            return "Going alone is not allowed at this table."
        if isinstance(move, Pass):
            return "The dealer is stuck and must name trump."
        return "The turned card is down: name a suit or pass."
    if phase == Phase.FARMERS_HAND:
        return "Exchange your farmer's hand with the kitty, or pass to keep it."
    if phase == Phase.DEFEND_ALONE:
        return "Defend alone against the lone hand, or pass."
    return "The hand is over."


# ---- transitions -----------------------------------------------------------------


def apply(state: EuchreState, seat: int, move: EuchreMove) -> tuple[EuchreState, list[Event]]:
    """Apply a legal move; the old state is left untouched."""
    s = state.copy()
    events: list[Event] = []
    match move:
        case PlayCard(card=c):
            _play(s, seat, c, events)
        case Pass():
            s = _pass(s, seat, events)
        case OrderUp(alone=alone):
            _order_up(s, seat, alone, events)
        case CallTrump(suit=suit, alone=alone):
            _announce(s, seat, suit, alone, f"names {suit.symbol}", "call_trump", events)
            _trump_settled(s)
        case Discard(card=c):
            _discard(s, seat, c, events)
        case DefendAlone():
            s.lone_defender = seat
            _say(s, events, "defend_alone", f"Seat {seat} defends alone.", seat)
            _begin_play(s)
        case FarmersHand():
            s.hands[seat].extend(s.kitty)
            s.kitty = []
            s.phase = Phase.FARMER_DISCARD
            text = f"Seat {seat} shows a farmer's hand and takes the kitty."
            _say(s, events, "farmers_hand", text, seat)
    s.hand_counts = [len(h) for h in s.hands]
    return s, events


def _say(
    s: EuchreState,
    events: list[Event],
    kind: str,
    text: str,
    seat: int | None,
    hidden_from: frozenset[int] = frozenset(),
) -> None:
    """A public fact: it goes into the game's log and out as an event (the twin
    of a private event is hidden from that event's audience)."""
    s.log.append(text)
    events.append(Event(kind, text, seat, hidden_from=hidden_from))


def _pass(s: EuchreState, seat: int, events: list[Event]) -> EuchreState:
    if s.phase == Phase.DEFEND_ALONE:
        _say(s, events, "pass", f"Seat {seat} declines to defend alone.", seat)
        assert s.maker is not None
        if seat == (s.maker + 1) % 4:
            s.turn = (s.maker + 3) % 4
        else:
            _begin_play(s)
        return s
    if s.phase == Phase.FARMERS_HAND:
        _say(s, events, "pass", f"Seat {seat} keeps the hand.", seat)
        _after_farmer(s, seat)
        return s
    s.passes += 1
    _say(s, events, "pass", f"Seat {seat} passes.", seat)
    if s.passes < 4:
        s.turn = (seat + 1) % 4
    elif s.phase == Phase.BID_ROUND_1:
        assert s.up_card is not None
        s.phase = Phase.BID_ROUND_2
        s.turned_down = s.up_card
        s.up_card = None
        s.turn = (s.dealer + 1) % 4
        s.passes = 0
        _say(s, events, "turn_down", f"{label(s.turned_down)} turned down.", None)
    else:
        # Round two passed out without stick-the-dealer: a thrown-in hand
        # still uses up a hand number, and gets no "Hand N" line (§9.10).
        text = "Hand thrown in; redealing."
        log = [*s.log, text]
        events.append(Event("thrown_in", text, None))
        s = deal(s.options, s.seed, s.hand_number + 1, (s.dealer + 1) % 4, s.scores, log)
    return s


def _announce(
    s: EuchreState,
    seat: int,
    suit: Suit,
    alone: bool,
    verb: str,
    kind: str,
    events: list[Event],
) -> None:
    s.trump = suit
    s.maker = seat
    s.alone_seat = seat if alone else None
    text = f"Seat {seat} {verb} and goes alone." if alone else f"Seat {seat} {verb}."
    _say(s, events, kind, text, seat)


def _order_up(s: EuchreState, seat: int, alone: bool, events: list[Event]) -> None:
    up = s.up_card
    assert up is not None
    suit = suit_of(up)
    # The dealer picks up even when about to sit out behind a lone partner (§9.10).
    s.hands[s.dealer].append(up)
    s.phase = Phase.DEALER_DISCARD
    s.up_card = None
    s.turn = s.dealer
    _announce(s, seat, suit, alone, f"orders up {suit.symbol}", "order_up", events)


def _discard(s: EuchreState, seat: int, c: Card, events: list[Event]) -> None:
    s.hands[seat].remove(c)
    events.append(
        Event("discard", f"You discard {label(c)}.", seat, frozenset({seat}), {"card": code(c)})
    )
    if s.phase == Phase.DEALER_DISCARD:
        _say(s, events, "discard", "Dealer discards.", seat, frozenset({seat}))
        _trump_settled(s)
        return
    s.kitty.append(c)
    events.append(
        Event(
            "discard",
            f"Seat {seat} returns a card to the kitty.",
            seat,
            hidden_from=frozenset({seat}),
        )
    )
    if len(s.hands[seat]) == HAND_SIZE:
        _say(s, events, "farmer_done", f"Seat {seat} returns three cards to the kitty.", seat)
        _after_farmer(s, seat)


def _trump_settled(s: EuchreState) -> None:
    """Play begins, unless a lone maker is first offered a lone defender."""
    if s.alone_seat is not None and s.options.defend_alone:
        s.phase = Phase.DEFEND_ALONE
        s.turn = (s.alone_seat + 1) % 4
    else:
        _begin_play(s)


def _begin_play(s: EuchreState) -> None:
    for seat in s.sitting_out():
        s.hands[seat] = []
    s.leader = s.turn = s.next_active(s.dealer)
    s.phase = Phase.PLAYING
    s.trick = []
    s.completed_trick = []
    s.passes = 0


def _is_farmers_hand(hand: list[Card]) -> bool:
    """Nothing above a ten: five nines and tens in the 24-card deck (RULINGS 13)."""
    return len(hand) == HAND_SIZE and all(rank_value(c) <= 10 for c in hand)


def _offer_farmers_hand(s: EuchreState, from_offset: int) -> None:
    """Offer the exchange to the next farmer in bidding order, else open the bidding."""
    for offset in range(from_offset, 5):
        seat = (s.dealer + offset) % 4
        if _is_farmers_hand(s.hands[seat]):
            s.phase = Phase.FARMERS_HAND
            s.turn = seat
            return
    s.phase = Phase.BID_ROUND_1
    s.turn = (s.dealer + 1) % 4


def _after_farmer(s: EuchreState, seat: int) -> None:
    _offer_farmers_hand(s, ((seat - s.dealer) % 4 or 4) + 1)


def _play(s: EuchreState, seat: int, c: Card, events: list[Event]) -> None:
    s.hands[seat].remove(c)
    s.trick.append(Played(seat, c))
    s.completed_trick = []
    events.append(Event("play", f"Seat {seat} plays {label(c)}.", seat, data={"card": code(c)}))
    if len(s.trick) < s.active_seat_count():
        s.turn = s.next_active(seat)
        return
    assert s.trump is not None
    strength = STRENGTH[s.trump][EFFECTIVE_SUIT[s.trump][s.trick[0].card]]
    winner = max(s.trick, key=lambda p: strength[p.card]).seat
    s.tricks_won[winner] += 1
    s.completed_trick = s.trick
    s.trick = []
    s.leader = s.turn = s.last_trick_winner = winner
    _say(s, events, "trick", f"Seat {winner} takes the trick.", winner)
    if not any(s.hands):
        _score(s, events)


def _score(s: EuchreState, events: list[Event]) -> None:
    assert s.maker is not None
    makers = team(s.maker)
    tricks = s.tricks_won[makers] + s.tricks_won[makers + 2]
    if tricks >= 3:
        points = 1 if tricks < 5 else 4 if s.alone_seat is not None else 2
        s.scores[makers] += points
        text = f"Team {makers} took {tricks} tricks for {points} point(s)."
        _say(s, events, "score", text, None)
    else:
        defenders = 1 - makers
        points = 4 if s.lone_defender is not None else 2
        s.scores[defenders] += points
        text = f"Team {makers} is euchred — team {defenders} scores {points}."
        _say(s, events, "score", text, None)
    winner = next((t for t in (0, 1) if s.scores[t] >= s.options.points_to_win), None)
    if winner is None:
        s.phase = Phase.HAND_OVER
    else:
        s.phase = Phase.GAME_OVER
        _say(s, events, "game_over", f"Team {winner} wins.", None)
