"""Small pieces of a turn every rule set shares: paying costs and free roads."""

from engine.katan.state import FREE_ROADS, MAIN, ROLL, KatanState


def pays(st: KatanState, seat: int, cost: tuple[int, ...]) -> bool:
    """Whether the seat's hand covers `cost` (a count per card kind, any prefix)."""
    i = seat * st.width
    h = st.hands
    # A plain loop: asked for every build on every legal list, where a
    # generator under `all` cost about a tenth of a random game's time.
    for r, c in enumerate(cost):  # noqa: SIM110
        if c and h[i + r] < c:
            return False
    return True


def spend(st: KatanState, seat: int, cost: tuple[int, ...]) -> None:
    """Move `cost` from the seat's hand to the bank."""
    i = seat * st.width
    hands, bank = st.hands, st.bank
    for r, c in enumerate(cost):
        if c:
            hands[i + r] -= c
            bank[r] += c


def begin_free_roads(st: KatanState, seat: int, count: int) -> None:
    """Up to `count` free pieces (roads, or ships where the rule set has them)."""
    st.free_roads = st.ruleset.free_road_count(st, seat, count)
    st.phase = FREE_ROADS
    if not st.free_roads or not st.ruleset.can_pave(st, seat):
        end_free_roads(st)


def end_free_roads(st: KatanState) -> None:
    st.free_roads = 0
    st.phase = MAIN if st.rolled else ROLL
