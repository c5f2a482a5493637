"""The special building phase of the five-to-six player extension.

With five or six seats a seat waits long between turns, so after each turn
every other seat in turn order may build and buy (roads, settlements, cities,
development cards; with the expansions ships, knights, walls and
improvements) before the next turn begins: no trades and no cards played.
The phase is seat by seat: `asked` is the seat building, `current` stays the
seat whose turn ended, and END_TURN is "done building". A seat that reaches
the target while building wins at the start of its own turn, as a game is
won only on one's own turn.
"""

from collections.abc import Callable

from engine.katan.events import Events, say
from engine.katan.moves import END_TURN, M_END, Move
from engine.katan.state import MAIN, SPECIAL, KatanState

Builds = Callable[[KatanState, int, list[Move]], None]
WhyMain = Callable[[KatanState, int, Move], str | None]


def legal(st: KatanState, seat: int, pieces: Builds) -> list[Move]:
    """Done building, and the builds and buys the main phase would allow (the
    rules of building read the builder's seat, never the phase)."""
    out = [M_END]
    pieces(st, seat, out)
    st.ruleset.special_moves(st, seat, out)
    return out


def why_not(st: KatanState, seat: int, move: Move, why_main: WhyMain) -> str | None:
    kind = move[0]
    if kind == END_TURN:
        return None
    if kind not in st.ruleset.special_kinds():
        return (
            "This is the special building phase: you may only build or buy"
            " (no trades, no cards played), or end it."
        )
    return why_main(st, seat, move)


def paying(st: KatanState) -> bool:
    """Whether a piece placed now is paid for (the main phase's or this one's)."""
    return st.phase in (MAIN, SPECIAL)


def done(st: KatanState, seat: int, ev: Events) -> bool:
    """The turn's owner, or the seat building, is done: the next other seat is
    asked to build (True), or everyone has had the chance (False: the next turn
    may begin). Every move is told, a pass in a few words."""
    nxt = (seat + 1) % st.seats
    last = nxt == st.current
    if ev is not None:
        if st.phase != SPECIAL:
            text = f"Seat {seat} is done; special building phase: seat {nxt} may build"
        elif last:
            text = f"Seat {seat} is done building"
        else:
            text = f"Seat {seat} is done building; seat {nxt} may build"
        say(ev, "special_build", text, seat)
    if last:
        st.asked = -1
        return False
    st.phase = SPECIAL
    st.asked = nxt
    return True
