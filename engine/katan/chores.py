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

from engine.katan.events import Events
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
    """Run the engine's own chores at the front; resume `back` when none is left."""
    while st.chores and st.chores[0][1] == HOST:
        chore = st.chores[0]
        st.chores = st.chores[1:]
        st.ruleset.do_host_chore(st, chore, ev)
    if not st.chores and st.phase == CHORE:
        st.phase = st.back
