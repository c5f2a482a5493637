"""The robber: where it may go, whom it may rob, and the theft.

A rule set decides which hexes the robber (and Seafarers' pirate) may reach
(`RuleSet.robber_hexes`); the theft of one card at random is the same in all.
"""

from engine.katan.components import CARD_NAMES
from engine.katan.events import Events, say
from engine.katan.moves import MOVE_ROBBER, ROBBER_MOVES, Move
from engine.katan.rng import PLAY, draw
from engine.katan.state import MAIN, ROLL, KatanState, hand_size


def robbable(st: KatanState, seat: int, hex_id: int) -> list[int]:
    """Opponents with a building on the hex and at least one card."""
    corners = st.board.topology.hex_corner_mask[hex_id]
    return [
        t
        for t in range(st.seats)
        if t != seat and (st.towns[t] | st.cities[t]) & corners and hand_size(st, t)
    ]


def legal(st: KatanState, seat: int) -> list[Move]:
    out: list[Move] = []
    corner_mask = st.board.topology.hex_corner_mask
    towns, cities = st.towns, st.cities
    targets = [(t, towns[t] | cities[t]) for t in range(st.seats) if t != seat and hand_size(st, t)]
    hexes = st.ruleset.robber_hexes(st) if st.ruleset.why_robber(st) is None else ()
    for h in hexes:
        if h != st.robber:
            corners = corner_mask[h]
            row = ROBBER_MOVES[h]
            victims = [row[t + 1] for t, mine in targets if mine & corners]
            if victims:
                out.extend(victims)
            else:
                out.append(row[0])
    st.ruleset.pirate_moves(st, seat, out)
    return out


def why_not(st: KatanState, seat: int, move: Move) -> str | None:
    if move[0] != MOVE_ROBBER:
        return st.ruleset.why_pirate(st, seat, move)
    held = st.ruleset.why_robber(st)
    if held is not None:
        return held
    hex_id, victim = move[1], move[2]
    if hex_id not in st.ruleset.robber_hexes(st):
        return st.ruleset.why_not_robber_hex(st, hex_id)
    if hex_id == st.robber:
        return "The robber must move to a different hex."
    victims = robbable(st, seat, hex_id)
    if victim < 0:
        if victims:
            return "Choose whom to rob: " + ", ".join(f"seat {v}" for v in victims) + "."
        return None
    if victim not in victims:
        return f"Seat {victim} has no building on hex {hex_id} or holds no cards."
    return None


def step(st: KatanState, seat: int, move: Move, ev: Events) -> None:
    hex_id, victim = move[1], move[2]
    st.robber = hex_id
    if ev is not None:
        say(ev, "robber", f"Seat {seat} moved the robber to hex {hex_id}", seat, {"hex": hex_id})
    if victim >= 0:
        steal(st, seat, victim, ev)
    st.phase = MAIN if st.rolled else ROLL


def steal(st: KatanState, seat: int, victim: int, ev: Events) -> None:
    """Move one card, drawn at random from the victim's hand, to `seat`."""
    w = st.width
    i = victim * w
    hands = st.hands
    k = draw(st.seed, PLAY, st.counter, hand_size(st, victim))
    st.counter += 1
    r = 0
    while k >= hands[i + r]:
        k -= hands[i + r]
        r += 1
    hands[i + r] -= 1
    hands[seat * w + r] += 1
    if ev is not None:
        name = CARD_NAMES[r]
        say(
            ev,
            "steal",
            f"Seat {seat} stole a {name} from seat {victim}",
            seat,
            {"from": victim, "resource": r},
            frozenset((seat, victim)),
        )
        say(
            ev,
            "steal",
            f"Seat {seat} stole a card from seat {victim}",
            seat,
            {"from": victim},
            hidden_from=frozenset((seat, victim)),
        )
