"""What answers each of Cities & Knights' chores: the seat's choices, why a
choice is refused, and its effect.

Every answer ends with `chores.finish`, which runs the engine's own next
step (production after the barbarians, the robber after the discards) when
it reaches the front of the queue.
"""

from engine.katan import answers, chores, network
from engine.katan.chores import Chore, Handler
from engine.katan.cities import improvements, knights, roll
from engine.katan.cities.components import (
    CLOTH,
    PROGRESS_HAND,
    PROGRESS_TITLES,
    PROGRESS_TRACK,
    TRACK_NAMES,
    TRACKS,
)
from engine.katan.cities.state import CitiesPart, knights_of
from engine.katan.components import CARD_NAMES, RESOURCES, SETTLEMENT_PIECES, cards_text
from engine.katan.events import Events, say
from engine.katan.geometry import bits
from engine.katan.moves import (
    CHOOSE_DECK,
    GIVE_BACK_PROGRESS,
    HAND_OVER,
    HARBOR_GIVE,
    LOSE_CITY,
    PLACE_KNIGHT,
    PLACE_METROPOLIS,
    PROMOTE_KNIGHT,
    REMOVE_KNIGHT,
    RETURN_COMMODITY,
    SKIP,
    TAKE_CARDS,
    TAKE_PROGRESS,
    Move,
)
from engine.katan.rules import discard_examples
from engine.katan.state import KatanState

M_SKIP: Move = (SKIP,)


def part(st: KatanState) -> CitiesPart:
    ck: CitiesPart = st.ck
    return ck


def _hand(st: KatanState, seat: int) -> list[int]:
    w = st.width
    return st.hands[seat * w : (seat + 1) * w]


def _private(
    ev: Events, kind: str, secret: str, public: str, seat: int, who: frozenset[int]
) -> None:
    if ev is not None:
        say(ev, kind, secret, seat, {}, who)
        say(ev, kind, public, seat, hidden_from=who)


class _Listed(Handler):
    """A chore whose answers are all enumerated: a move is legal iff listed."""

    what = "Answer the chore first."

    def why(self, st: KatanState, seat: int, chore: Chore, move: Move) -> str | None:
        return None if move in self.moves(st, seat, chore) else self.what


class LoseCity(_Listed):
    what = "Choose one of your cities (not a metropolis) for the barbarians to take."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        spots = st.cities[seat] & ~improvements.metropolises(part(st))
        return [(LOSE_CITY, n) for n in bits(spots)]

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        lose_city(st, seat, move[1], ev)
        chores.finish(st, ev)


def lose_city(st: KatanState, seat: int, node: int, ev: Events) -> None:
    """The city becomes a settlement (or goes, with no settlement piece left);
    its wall goes with it."""
    ck = part(st)
    bit = 1 << node
    st.cities[seat] &= ~bit
    ck.walls[seat] &= ~bit
    if st.towns[seat].bit_count() < SETTLEMENT_PIECES:
        st.towns[seat] |= bit
        st.points[seat] -= 1
        words = "is reduced to a settlement"
    else:
        st.points[seat] -= 2
        st.built &= ~bit
        st.closed = st.ruleset.closed(st)
        top = st.board.topology
        st.blocked = 0
        for t in range(st.seats):
            for n in bits(st.towns[t] | st.cities[t]):
                st.blocked |= top.node_block_mask[n]
        st.ruleset.remeasure(st, seat)  # its own frontier around the crossing, roads or not
        network.reopen(st, node, ev)
        words = "is razed (no settlement piece was left)"
    if ev is not None:
        say(ev, "city_lost", f"Seat {seat}'s city at {node} {words}", seat, {"crossing": node})


class GiveBack(_Listed):
    what = "Give back one progress card first (a hand holds four)."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        return [(GIVE_BACK_PROGRESS, c) for c in sorted(set(part(st).progress[seat]))]

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        ck = part(st)
        card = move[1]
        hand = list(ck.progress[seat])
        hand.remove(card)
        ck.progress[seat] = tuple(hand)
        track = PROGRESS_TRACK[card]
        ck.decks[track] = (*ck.decks[track], card)
        _private(
            ev,
            "give_back",
            f"Seat {seat} gave back {PROGRESS_TITLES[card]}",
            f"Seat {seat} gave back a progress card",
            seat,
            frozenset((seat,)),
        )
        chores.finish(st, ev)


class HandOver(Handler):
    """A Wedding gift: exactly `count` cards of the giver's choice."""

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        return [(HAND_OVER, *m[1:]) for m in discard_examples(st, seat, chore[3])]

    def why(self, st: KatanState, seat: int, chore: Chore, move: Move) -> str | None:
        due = chore[3]
        if move[0] != HAND_OVER:
            return f"Hand seat {chore[2]} {due} card{'s' if due != 1 else ''} of your choice first."
        counts = move[1:]
        if any(c < 0 for c in counts) or sum(counts) != due:
            return f"Hand over exactly {due} cards."
        hand = _hand(st, seat)
        for r, c in enumerate(counts):
            if c > hand[r]:
                return f"You hold only {hand[r]} {CARD_NAMES[r]}."
        return None

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        to = chore[2]
        w = st.width
        for r, c in enumerate(move[1:]):
            st.hands[seat * w + r] -= c
            st.hands[to * w + r] += c
        given = list(move[1:])
        _private(
            ev,
            "hand_over",
            f"Seat {seat} gave seat {to} {cards_text(given)}",
            f"Seat {seat} gave seat {to} {sum(given)} cards",
            seat,
            frozenset((seat, to)),
        )
        chores.finish(st, ev)


class Metropolis(_Listed):
    what = "Choose the city that carries your metropolis first."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        return [(PLACE_METROPOLIS, n) for n in bits(improvements.free_cities(st, seat))]

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        improvements.place(st, seat, chore[2], move[1], ev)
        chores.finish(st, ev)


class PlaceKnight(_Listed):
    """A refuge for a driven-off knight, or the Deserter's recruit (which may be
    left off the board)."""

    what = "Place your knight first."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        out: list[Move] = [(PLACE_KNIGHT, n) for n in bits(knights.refuges(st, seat, chore[4]))]
        if chore[4] < 0:
            out.append(M_SKIP)
        return out

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        if move[0] == PLACE_KNIGHT:
            knights.put(st, seat, move[1], chore[2], bool(chore[3]), ev)
            if chore[4] < 0:
                # A recruit was not active when the turn began: it acts from the next.
                part(st).woke |= 1 << move[1]
            if ev is not None:
                say(ev, "place_knight", f"Seat {seat} placed a knight at {move[1]}", seat)
        chores.finish(st, ev)


class RemoveKnight(_Listed):
    what = "Choose the knight that deserts first."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        return [(REMOVE_KNIGHT, n) for n in bits(knights_of(part(st), seat))]

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        deserter = chore[2]
        level, active = knights.lift(st, seat, move[1], ev)
        if ev is not None:
            say(ev, "deserter", f"Seat {seat}'s knight at {move[1]} deserts", seat)
        ck = part(st)
        if not knights.free_pieces(ck, deserter, level):
            level = 1
        if knights.free_pieces(ck, deserter, level) and knights.refuges(st, deserter, -1):
            chores.queue(st, (chores.PLACE_KNIGHT, deserter, level, int(active), -1), first=True)
        chores.finish(st, ev)


class ChooseDeck(_Listed):
    what = "Choose the deck to draw from first."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        return [(CHOOSE_DECK, t) for t in range(TRACKS) if part(st).decks[t]]

    def void(self, st: KatanState, chore: Chore) -> bool:
        """Draws ahead of it (a tied defender's, a chest's) may empty every deck."""
        return not any(part(st).decks)

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        if ev is not None:
            say(ev, "choose_deck", f"Seat {seat} draws from the {TRACK_NAMES[move[1]]} deck", seat)
        roll.draw_progress(st, seat, move[1], ev, first=True)
        chores.finish(st, ev)


class Spy(_Listed):
    what = "Take one of the progress cards you are shown first."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        return [(TAKE_PROGRESS, c) for c in sorted(set(part(st).progress[chore[2]]))]

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        ck = part(st)
        target, card = chore[2], move[1]
        theirs = list(ck.progress[target])
        theirs.remove(card)
        ck.progress[target] = tuple(theirs)
        ck.progress[seat] = (*ck.progress[seat], card)
        _private(
            ev,
            "spy",
            f"Seat {seat} took {PROGRESS_TITLES[card]} from seat {target}",
            f"Seat {seat} took a progress card from seat {target}",
            seat,
            frozenset((seat, target)),
        )
        if len(ck.progress[seat]) > PROGRESS_HAND:
            chores.queue(st, (chores.GIVE_BACK, seat), first=True)
        chores.finish(st, ev)


class MasterMerchant(_Listed):
    what = "Take two of the cards you are shown first."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        hand = _hand(st, chore[2])
        kinds = [k for k in range(st.width) if hand[k]]
        return [
            (TAKE_CARDS, a, b)
            for i, a in enumerate(kinds)
            for b in kinds[i:]
            if a != b or hand[a] >= 2
        ]

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        victim = chore[2]
        w = st.width
        for k in (move[1], move[2]):
            st.hands[victim * w + k] -= 1
            st.hands[seat * w + k] += 1
        taken = f"{CARD_NAMES[move[1]]} and {CARD_NAMES[move[2]]}"
        _private(
            ev,
            "master_merchant",
            f"Seat {seat} took {taken} from seat {victim}",
            f"Seat {seat} took two cards from seat {victim}",
            seat,
            frozenset((seat, victim)),
        )
        chores.finish(st, ev)


class Harbor(_Listed):
    what = "Choose the resource you offer (or skip this seat) first."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        hand = _hand(st, seat)
        out: list[Move] = [(HARBOR_GIVE, r) for r in range(RESOURCES) if hand[r]]
        out.append(M_SKIP)
        return out

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        opponent = chore[2]
        if move[0] == HARBOR_GIVE:
            r = move[1]
            w = st.width
            st.hands[seat * w + r] -= 1
            st.hands[opponent * w + r] += 1
            if ev is not None:
                say(
                    ev,
                    "harbor",
                    f"Seat {seat} gave seat {opponent} 1 {CARD_NAMES[r]} (Commercial Harbor)",
                    seat,
                    {"to": opponent, "resource": CARD_NAMES[r]},
                )
            chores.queue(st, (chores.RETURN, opponent, seat, r), first=True)
        chores.finish(st, ev)


class Return(_Listed):
    what = "Give back a commodity of your choice first."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        hand = _hand(st, seat)
        return [(RETURN_COMMODITY, c) for c in range(CLOTH, st.width) if hand[c]]

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        to, c = chore[2], move[1]
        w = st.width
        st.hands[seat * w + c] -= 1
        st.hands[to * w + c] += 1
        if ev is not None:
            say(
                ev,
                "harbor_return",
                f"Seat {seat} returned 1 {CARD_NAMES[c]} to seat {to}",
                seat,
                {"to": to, "commodity": CARD_NAMES[c]},
            )
        chores.finish(st, ev)


class Smith(_Listed):
    what = "Promote a knight for free (or skip) first."

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        out: list[Move] = []
        knights.promote_moves(st, seat, out, free=True)
        out.append(M_SKIP)
        return out

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        if move[0] == PROMOTE_KNIGHT:
            knights.promote(st, seat, move[1], ev)
            left = chore[2] - 1
            more: list[Move] = []
            knights.promote_moves(st, seat, more, free=True)
            if left and more:
                st.chores = ((chores.SMITH, seat, left), *st.chores[1:])
                return
        chores.finish(st, ev)


HANDLERS: dict[int, Handler] = {
    **answers.SHARED,
    chores.LOSE_CITY: LoseCity(),
    chores.GIVE_BACK: GiveBack(),
    chores.HAND_OVER: HandOver(),
    chores.METROPOLIS: Metropolis(),
    chores.PLACE_KNIGHT: PlaceKnight(),
    chores.REMOVE_KNIGHT: RemoveKnight(),
    chores.CHOOSE_DECK: ChooseDeck(),
    chores.SPY: Spy(),
    chores.MASTER_MERCHANT: MasterMerchant(),
    chores.HARBOR: Harbor(),
    chores.RETURN: Return(),
    chores.SMITH: Smith(),
    chores.PRODUCE: roll.Produce(),
    chores.SEVEN: roll.Seven(),
}
