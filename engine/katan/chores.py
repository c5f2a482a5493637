"""The chore queue: everything that waits on a named seat, in order.

A discard after a seven, a city lost to the barbarians, a progress card
handed over, a gold field's choice: each is a chore `(kind, seat, values...)`
queued on the state. While any is queued the phase is CHORE and the table
waits on the first chore's seat, whoever's turn it is; the rule set that
queued a kind says what answers it (`RuleSet.chore_moves / why_chore /
do_chore`). A chore with seat -1 is the engine's own next step (production
after the barbarians, the robber after the discards): it runs as soon as
it reaches the front, so a roll resolves in the published order even when
seats must answer in between. When the queue empties the game resumes in
`back`.
"""

from typing import Final

from engine.katan.events import Events
from engine.katan.moves import Move
from engine.katan.state import CHORE, KatanState

Chore = tuple[int, ...]

HOST = -1
"""The seat of a chore the engine runs itself."""


def queue(st: KatanState, *chores: Chore, first: bool = False) -> None:
    """Queue chores (at the front with `first`, after the one being answered);
    a state not already in CHORE remembers its phase to resume in."""
    if st.phase != CHORE:
        st.back = st.phase
        st.phase = CHORE
    if first and st.chores:
        st.chores = (st.chores[0], *chores, *st.chores[1:])
    else:
        st.chores = (*st.chores, *chores)


def finish(st: KatanState, ev: Events) -> None:
    """The first chore is answered: drop it and run on."""
    st.chores = st.chores[1:]
    run(st, ev)


def run(st: KatanState, ev: Events) -> None:
    """Run the engine's own chores at the front and drop those nobody can answer
    any more (a pick from a bank emptied since it was queued); resume `back`
    when none is left."""
    while st.chores:
        chore = st.chores[0]
        if chore[1] == HOST:
            st.chores = st.chores[1:]
            st.ruleset.do_host_chore(st, chore, ev)
        elif st.ruleset.void_chore(st, chore):
            st.chores = st.chores[1:]
        else:
            break
    if not st.chores and st.phase == CHORE:
        st.phase = st.back


# ---- chore kinds --------------------------------------------------------------------
# One numbering for every rule set's chores (the JSON names them).

DISCARD: Final = 0
"""(DISCARD, seat, due): discard `due` cards (a seven, a Saboteur)."""
LOSE_CITY: Final = 1
"""(LOSE_CITY, seat): the barbarians take one of the seat's cities."""
GIVE_BACK: Final = 2
"""(GIVE_BACK, seat): a fifth progress card goes back to its deck."""
HAND_OVER: Final = 3
"""(HAND_OVER, seat, to, count): a Wedding gift of the seat's choice."""
METROPOLIS: Final = 4
"""(METROPOLIS, seat, track): choose the city that carries the metropolis."""
PLACE_KNIGHT: Final = 5
"""(PLACE_KNIGHT, seat, level, active, origin): a displaced knight's refuge
(origin its old crossing) or a Deserter's recruit (origin -1, may be skipped)."""
REMOVE_KNIGHT: Final = 6
"""(REMOVE_KNIGHT, seat, deserter): the Deserter's victim gives up a knight."""
CHOOSE_DECK: Final = 7
"""(CHOOSE_DECK, seat): a tied defender draws a progress card of its choice."""
SPY: Final = 8
"""(SPY, seat, target): the spy takes one of the target's progress cards."""
MASTER_MERCHANT: Final = 9
"""(MASTER_MERCHANT, seat, victim): take two of the victim's cards."""
HARBOR: Final = 10
"""(HARBOR, seat, opponent): offer the opponent a resource (Commercial Harbor)."""
RETURN: Final = 11
"""(RETURN, seat, to, resource): give back a commodity for the resource received."""
SMITH: Final = 12
"""(SMITH, seat, left): free promotions."""
PICK: Final = 13
"""(PICK, seat, count, source): take `count` cards of the seat's choice (the
aqueduct, a gold field, a chip or a chest: `source` names which)."""
PRODUCE: Final = 14
"""(PRODUCE, HOST, total): production, once the barbarians are dealt with."""
SEVEN: Final = 15
"""(SEVEN, HOST): the seven's discards, then the robber if it is awake."""
CHORE_NAMES: Final = (
    "discard",
    "lose_city",
    "give_back",
    "hand_over",
    "metropolis",
    "place_knight",
    "remove_knight",
    "choose_deck",
    "spy",
    "master_merchant",
    "harbor",
    "return",
    "smith",
    "pick",
    "produce",
    "seven",
)

CHORE_FIELDS: Final = (
    ("due",),
    (),
    (),
    ("to", "count"),
    ("track",),
    ("level", "active", "origin"),
    ("deserter",),
    (),
    ("target",),
    ("victim",),
    ("opponent",),
    ("to", "resource"),
    ("left",),
    ("count", "source"),
    ("total",),
    (),
)
"""The names of each chore kind's values after its seat, for the JSON."""

PICK_SOURCES: Final = ("aqueduct", "gold", "chip", "chest", "find")


class Handler:
    """What answers one chore kind: its moves, why a move is refused, and the
    answer's effect (which ends by calling `finish`)."""

    def moves(self, st: KatanState, seat: int, chore: Chore) -> list[Move]:
        raise NotImplementedError

    def why(self, st: KatanState, seat: int, chore: Chore, move: Move) -> str | None:
        raise NotImplementedError

    def do(self, st: KatanState, seat: int, chore: Chore, move: Move, ev: Events) -> None:
        raise NotImplementedError

    def run(self, st: KatanState, chore: Chore, ev: Events) -> None:
        """The engine's own chores (seat HOST) run instead of waiting."""
        raise NotImplementedError

    def void(self, st: KatanState, chore: Chore) -> bool:
        """Whether the chore can no longer be answered, and is dropped when it comes up."""
        return False
