"""The chores every rule set may queue: a discard of so many cards, and a pick
of cards of the seat's choice (an aqueduct, a gold field, a chest)."""

from engine.katan import chores
from engine.katan.chores import Chore, Handler
from engine.katan.components import RESOURCE_NAMES, RESOURCES
from engine.katan.events import Events, say
from engine.katan.moves import DISCARD, PICK, Move
from engine.katan.rules import discard, discard_examples, why_discard_counts
from engine.katan.state import KatanState

PICK_MOVES = tuple((PICK, r) for r in range(RESOURCES))


class Discard(Handler):
    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        return discard_examples(st, seat, chore[2])

    def why(self, st: KatanState, seat: int, chore: Chore, move: Move) -> str | None:
        if move[0] != DISCARD:
            return f"Discard {chore[2]} cards first."
        return why_discard_counts(st, seat, move, chore[2])

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        discard(st, seat, move, ev)
        chores.finish(st, ev)


class Pick(Handler):
    """One card at a time, each of a resource the bank still holds; a pick the
    bank cannot serve at all is dropped (RULINGS 2 in spirit: it is short)."""

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        return [PICK_MOVES[r] for r in range(RESOURCES) if st.bank[r]]

    def void(self, st: KatanState, chore: Chore) -> bool:
        """Picks queued behind another that emptied the bank get nothing."""
        return not any(st.bank[r] for r in range(RESOURCES))

    def why(self, st: KatanState, seat: int, chore: Chore, move: Move) -> str | None:
        source = chores.PICK_SOURCES[chore[3]]
        if move[0] != PICK:
            return f"Choose the resource your {source} pays first."
        if move[1] >= RESOURCES:
            return "Choose a resource (lumber, brick, wool, grain or ore)."
        if not st.bank[move[1]]:
            return f"The bank holds no {RESOURCE_NAMES[move[1]]}."
        return None

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        r = move[1]
        st.bank[r] -= 1
        st.hands[seat * st.width + r] += 1
        if ev is not None:
            source = chores.PICK_SOURCES[chore[3]]
            say(
                ev,
                "pick",
                f"Seat {seat} took 1 {RESOURCE_NAMES[r]} ({source})",
                seat,
                {"resource": r, "source": source},
            )
        left = chore[2] - 1
        if left and any(st.bank[k] for k in range(RESOURCES)):
            st.chores = ((chore[0], seat, left, chore[3]), *st.chores[1:])
        else:
            chores.finish(st, ev)


def queue_pick(st: KatanState, seat: int, count: int, source: int) -> None:
    """Queue a pick, unless the bank holds no resource at all."""
    if count and any(st.bank[r] for r in range(RESOURCES)):
        chores.queue(st, (chores.PICK, seat, count, source))


SHARED: dict[int, Handler] = {chores.DISCARD: Discard(), chores.PICK: Pick()}
