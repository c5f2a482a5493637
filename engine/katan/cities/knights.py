"""Knights: hiring, waking, promoting, moving, driving off weaker knights and
chasing the robber; and the network effects of a knight standing somewhere.

A knight is a wall to every other seat (roads cannot pass it, a settlement
cannot stand on it, it cuts Longest Road), so placing or removing one goes
through `network.cut` / `network.reopen` like a building does, and the
crossings holding knights are closed to settlements (`KatanState.closed`).
"""

from engine.katan import chores, network
from engine.katan.cities.components import (
    ABILITY_LEVEL,
    ACTIVATE_COST,
    KNIGHT_COST,
    KNIGHT_LEVELS,
    KNIGHTS_PER_LEVEL,
    POLITICS,
    TRACKS,
)
from engine.katan.cities.state import CitiesPart, all_knights, knights_of, level_at, owner_at
from engine.katan.components import cards_text
from engine.katan.events import Events, say
from engine.katan.geometry import bits
from engine.katan.moves import (
    ACTIVATE_KNIGHT,
    CHASE_ROBBER,
    HIRE_KNIGHT,
    MOVE_KNIGHT,
    PROMOTE_KNIGHT,
    Move,
)
from engine.katan.state import ROBBER, KatanState
from engine.katan.turns import pays, spend

LEVEL_NAMES = ("basic", "strong", "mighty")


def part(st: KatanState) -> CitiesPart:
    ck: CitiesPart = st.ck
    return ck


def free_pieces(ck: CitiesPart, seat: int, level: int) -> int:
    """Knights of `level` (1..3) the seat still has off the board."""
    return KNIGHTS_PER_LEVEL - ck.knights[seat * KNIGHT_LEVELS + level - 1].bit_count()


def empty(st: KatanState, seat: int) -> int:
    """Crossings where the seat's knight may stand with neither a building nor
    a knight there (land, and with Seafarers the sea beside its ships)."""
    return st.ruleset.knight_posts(st, seat) & ~st.built & ~all_knights(part(st))


def along_roads(st: KatanState, seat: int, start: int) -> int:
    """Crossings reachable from `start` along the seat's own roads (and ships,
    with Seafarers) without passing an opponent's piece (one may be the last
    crossing reached)."""
    paths = st.ruleset.knight_paths(st, seat)
    return _along(st.board.topology.node_adj, paths, st.ruleset.walls(st, seat), start)


def _along(
    node_adj: tuple[tuple[tuple[int, int], ...], ...], paths: int, walls: int, start: int
) -> int:
    """`along_roads` with the seat's paths and walls given, as `move_moves`
    asks it for every knight of the seat."""
    seen = 1 << start
    stack = [start]
    while stack:
        node = stack.pop()
        if node != start and walls >> node & 1:
            continue
        for bit, other in node_adj[node]:
            if paths & bit and not seen >> other & 1:
                seen |= 1 << other
                stack.append(other)
    return seen & ~(1 << start)


def can_promote_to(st: KatanState, seat: int, level: int) -> bool:
    """Whether a knight may rise to `level` (mighty needs politics 3)."""
    ck = part(st)
    if level > KNIGHT_LEVELS or not free_pieces(ck, seat, level):
        return False
    return level < KNIGHT_LEVELS or ck.levels[seat * TRACKS + POLITICS] >= ABILITY_LEVEL


def ready(ck: CitiesPart, seat: int) -> int:
    """The seat's knights that may act now: active, and not woken this turn."""
    return ck.active[seat] & ~ck.woke


# ---- legal moves ------------------------------------------------------------------------


def hire_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    ck = part(st)
    if not free_pieces(ck, seat, 1) or not pays(st, seat, KNIGHT_COST):
        return
    out.extend((HIRE_KNIGHT, n) for n in bits(st.reach[seat] & empty(st, seat)))


def activate_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    if not pays(st, seat, ACTIVATE_COST):
        return
    ck = part(st)
    out.extend((ACTIVATE_KNIGHT, n) for n in bits(knights_of(ck, seat) & ~ck.active[seat]))


def promote_moves(st: KatanState, seat: int, out: list[Move], free: bool = False) -> None:
    if not free and not pays(st, seat, KNIGHT_COST):
        return
    ck = part(st)
    for level in (1, 2):
        if can_promote_to(st, seat, level + 1):
            mask = ck.knights[seat * KNIGHT_LEVELS + level - 1] & ~ck.promoted
            out.extend((PROMOTE_KNIGHT, n) for n in bits(mask))


def move_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    ck = part(st)
    movers = ready(ck, seat)
    if not movers:
        return
    open_spots = empty(st, seat)
    theirs = all_knights(ck) & ~knights_of(ck, seat)
    node_adj = st.board.topology.node_adj
    paths = st.ruleset.knight_paths(st, seat)
    walls = st.ruleset.walls(st, seat)
    for node in bits(movers):
        strong = level_at(ck, seat, node)
        for target in bits(_along(node_adj, paths, walls, node)):
            if open_spots >> target & 1:
                out.append((MOVE_KNIGHT, node, target))
            elif theirs >> target & 1:
                owner = owner_at(ck, target, st.seats)
                if level_at(ck, owner, target) < strong:
                    out.append((MOVE_KNIGHT, node, target))


def chase_moves(st: KatanState, seat: int, out: list[Move]) -> None:
    ck = part(st)
    if not ck.attacks or st.robber < 0:
        return
    corners = st.board.topology.hex_corner_mask[st.robber]
    out.extend((CHASE_ROBBER, n) for n in bits(ready(ck, seat) & corners))


def action_moves(st: KatanState, seat: int, out: list[Move], rolled: bool) -> None:
    """Knight moves of a turn: hiring and promoting are building, after the
    roll; waking, moving and chasing may come before it too."""
    if rolled:
        hire_moves(st, seat, out)
    activate_moves(st, seat, out)
    if rolled:
        promote_moves(st, seat, out)
    move_moves(st, seat, out)
    chase_moves(st, seat, out)


# ---- refusals ---------------------------------------------------------------------------


def why_not(st: KatanState, seat: int, move: Move) -> str | None:
    ck = part(st)
    kind, node = move[0], move[1]
    mine = knights_of(ck, seat)
    if kind == HIRE_KNIGHT:
        if not free_pieces(ck, seat, 1):
            return "Both your basic knights are on the board already."
        if not pays(st, seat, KNIGHT_COST):
            return f"A knight costs {cards_text(KNIGHT_COST)}."
        if not st.ruleset.knight_posts(st, seat) >> node & 1:
            return f"Crossing {node} is at sea with no ship of yours beside it."
        if not empty(st, seat) >> node & 1:
            return f"Crossing {node} is not empty."
        if not st.reach[seat] >> node & 1:
            return f"Crossing {node} is not at the end of one of your {_network(st)}."
        return None
    if not mine >> node & 1:
        return f"You have no knight on crossing {node}."
    if kind == ACTIVATE_KNIGHT:
        if ck.active[seat] >> node & 1:
            return f"Your knight on crossing {node} is already active."
        if not pays(st, seat, ACTIVATE_COST):
            return f"Waking a knight costs {cards_text(ACTIVATE_COST)}."
        return None
    if kind == PROMOTE_KNIGHT:
        if not pays(st, seat, KNIGHT_COST):
            return f"Promoting a knight costs {cards_text(KNIGHT_COST)}."
        return why_promote(st, seat, node)
    if not ck.active[seat] >> node & 1:
        return f"Your knight on crossing {node} is not active."
    if ck.woke >> node & 1:
        return f"Your knight on crossing {node} woke this turn; it may act from your next turn."
    if kind == CHASE_ROBBER:
        if not ck.attacks:
            return "The robber sleeps until the barbarians first attack."
        if st.robber < 0 or not st.board.topology.hex_corner_mask[st.robber] >> node & 1:
            return f"Your knight on crossing {node} is not beside the robber."
        return None
    if kind == MOVE_KNIGHT:
        return _why_move(st, seat, node, move[2])
    return None


def _network(st: KatanState) -> str:
    """What a knight's network is made of, in words (ships come with Seafarers)."""
    return "roads" if st.sea is None else "roads or ships"


def why_promote(st: KatanState, seat: int, node: int) -> str | None:
    ck = part(st)
    level = level_at(ck, seat, node)
    if level >= KNIGHT_LEVELS:
        return "A mighty knight cannot rise further."
    if ck.promoted >> node & 1:
        return f"Your knight on crossing {node} was promoted this turn already."
    if not free_pieces(ck, seat, level + 1):
        return f"Both your {LEVEL_NAMES[level]} knights are on the board already."
    if not can_promote_to(st, seat, level + 1):
        return "A mighty knight needs level 3 of politics (the fortress)."
    return None


def _why_move(st: KatanState, seat: int, node: int, target: int) -> str | None:
    ck = part(st)
    if not along_roads(st, seat, node) >> target & 1:
        return (
            f"Crossing {target} cannot be reached along your {_network(st)} from crossing {node}."
        )
    if empty(st, seat) >> target & 1:
        return None
    owner = owner_at(ck, target, st.seats)
    if owner < 0 or owner == seat:
        return f"Crossing {target} is taken."
    if level_at(ck, owner, target) >= level_at(ck, seat, node):
        return f"Seat {owner}'s knight on crossing {target} is not weaker than yours."
    return None


# ---- effects ----------------------------------------------------------------------------


def put(st: KatanState, seat: int, node: int, level: int, active: bool, ev: Events) -> None:
    """A knight of the seat's appears on `node`: it cuts opposing networks."""
    ck = part(st)
    bit = 1 << node
    ck.knights[seat * KNIGHT_LEVELS + level - 1] |= bit
    if active:
        ck.active[seat] |= bit
    st.closed |= bit
    network.cut(st, seat, node, ev)


def lift(st: KatanState, seat: int, node: int, ev: Events) -> tuple[int, bool]:
    """Take the seat's knight off `node`; returns its (level, active)."""
    ck = part(st)
    bit = 1 << node
    level = level_at(ck, seat, node)
    active = bool(ck.active[seat] & bit)
    ck.knights[seat * KNIGHT_LEVELS + level - 1] &= ~bit
    ck.active[seat] &= ~bit
    ck.woke &= ~bit
    ck.promoted &= ~bit
    st.closed = st.ruleset.closed(st)
    network.reopen(st, node, ev)
    return level, active


def step(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    ck = part(st)
    kind, node = move[0], move[1]
    bit = 1 << node
    if kind == HIRE_KNIGHT:
        spend(st, seat, KNIGHT_COST)
        put(st, seat, node, 1, False, ev)
        _say(ev, "hire_knight", f"Seat {seat} hired a knight at crossing {node}", seat, node)
    elif kind == ACTIVATE_KNIGHT:
        spend(st, seat, ACTIVATE_COST)
        ck.active[seat] |= bit
        ck.woke |= bit
        _say(ev, "activate_knight", f"Seat {seat} woke the knight at {node}", seat, node)
    elif kind == PROMOTE_KNIGHT:
        spend(st, seat, KNIGHT_COST)
        promote(st, seat, node, ev)
    elif kind == MOVE_KNIGHT:
        move_knight(st, seat, node, move[2], ev)
    elif kind == CHASE_ROBBER:
        ck.active[seat] &= ~bit
        st.phase = ROBBER
        _say(ev, "chase_robber", f"Seat {seat}'s knight at {node} chases the robber", seat, node)


def promote(st: KatanState, seat: int, node: int, ev: Events) -> None:
    ck = part(st)
    bit = 1 << node
    level = level_at(ck, seat, node)
    i = seat * KNIGHT_LEVELS
    ck.knights[i + level - 1] &= ~bit
    ck.knights[i + level] |= bit
    ck.promoted |= bit
    _say(
        ev,
        "promote_knight",
        f"Seat {seat} promoted the knight at {node} to {LEVEL_NAMES[level]}",
        seat,
        node,
    )


def move_knight(st: KatanState, seat: int, node: int, target: int, ev: Events) -> None:
    """Move an active knight; it rests after, and drives off a weaker knight there."""
    ck = part(st)
    victim = owner_at(ck, target, st.seats)
    level, _ = lift(st, seat, node, None)
    if victim >= 0:
        displace(st, victim, target, ev)
    put(st, seat, target, level, False, ev)
    if ev is not None:
        say(
            ev,
            "move_knight",
            f"Seat {seat} moved its knight from {node} to {target}",
            seat,
            {"from": node, "to": target},
        )


def displace(st: KatanState, owner: int, node: int, ev: Events) -> None:
    """The owner's knight leaves `node`; its owner moves it to a refuge along
    its roads (a chore), or it is lost when there is none."""
    level, active = lift(st, owner, node, ev)
    refuges = along_roads(st, owner, node) & empty(st, owner) & ~(1 << node)
    if refuges:
        chores.queue(st, (chores.PLACE_KNIGHT, owner, level, int(active), node), first=True)
        if ev is not None:
            say(ev, "knight_displaced", f"Seat {owner}'s knight at {node} is driven off", owner)
    elif ev is not None:
        say(ev, "knight_lost", f"Seat {owner}'s knight at {node} has no refuge and is lost", owner)


def refuges(st: KatanState, seat: int, origin: int) -> int:
    """Where a displaced knight may go (origin >= 0), or a Deserter's recruit (origin -1)."""
    if origin >= 0:
        return along_roads(st, seat, origin) & empty(st, seat) & ~(1 << origin)
    return st.reach[seat] & empty(st, seat)


def _say(ev: Events, kind: str, text: str, seat: int, node: int) -> None:
    if ev is not None:
        say(ev, kind, text, seat, {"crossing": node})
