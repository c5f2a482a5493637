"""The default Katan AI's Cities & Knights game ("katan" level at a table
playing the expansion).

Like the base game's AI it decides from its seat's view alone and remembers
nothing between decisions (the daemon builds a fresh player for each one);
the base AI's road planning and robber placement carry over unchanged. What
the expansion adds it plans each turn from the view:

- the barbarians: when an attack may come before the seat acts again, it
  arms until Catan holds or it is not among the least contributors (a lost
  city is the heaviest blow of the game), and goes for the Defender of Catan
  point when a knight or two buys it;
- the robber: an active knight beside it chases it off the seat's hexes, and
  a sleeping one there is woken to do so;
- improvements towards the level-3 abilities and the metropolises it can
  still win, saving and trading commodities for them;
- walls when a seven would cost it cards;
- every progress card once it has a use (`ai_cards`), every chore answered
  by what it values least or most (`ai_chores`), bank trades and one
  domestic offer a turn towards its goals (`ai_trade`).
"""

import random
from collections.abc import Sequence

from engine.katan.ai import _best_road, _expansion, _robber, _wants_road
from engine.katan.cities import ai_cards, ai_chores, ai_trade
from engine.katan.cities.ai_cards import Seat, own_hex_robbed
from engine.katan.cities.ai_measures import (
    CITY,
    KNIGHT,
    Goal,
    attack_chance,
    city_yield,
    defence_need,
    defence_target,
    defender_gap,
    goals,
    good_weights,
    hand,
    hand_limit,
    knight_spot,
    output,
    part,
    potential,
    setup_commodities,
    short,
    track_value,
    window,
)
from engine.katan.cities.state import level_at, strength
from engine.katan.components import RESOURCES
from engine.katan.evaluate import node_yield, spot_value
from engine.katan.moves import (
    ACTIVATE_KNIGHT,
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_WALL,
    CHASE_ROBBER,
    HIRE_KNIGHT,
    IMPROVE,
    M_END,
    M_ROLL,
    M_STOP_ROADS,
    MOVE_ROBBER,
    PLAY_ALCHEMIST,
    PLAY_BISHOP,
    PLAY_WARLORD,
    PROMOTE_KNIGHT,
    Kinds,
    Move,
    by_kind,
)
from engine.katan.state import (
    CHORE,
    COUNTERS,
    FREE_ROADS,
    MAIN,
    OFFER,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    KatanState,
    hand_size,
)
from engine.katan.view import KatanView


class CitiesPlayer:
    """The default level's Cities & Knights play; `engine.katan.ai.KatanPlayer`
    hands it every decision of a game with the expansion."""

    def __init__(self, seed: int = 0, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random(seed)

    def choose(self, view: KatanView, seat: int, legal: Sequence[Move]) -> Move:
        st = view.state
        phase = st.phase
        if phase == CHORE:
            return ai_chores.answer(st, seat, legal, self.goals(st, seat))
        if phase == SETUP_SETTLEMENT:
            return self.setup(st, seat, legal)
        if phase in (SETUP_ROAD, FREE_ROADS):
            road = _best_road(st, seat, legal)
            if road is not None:
                return road
            return M_STOP_ROADS if M_STOP_ROADS in legal else legal[0]
        if phase == ROLL:
            return self.before_roll(st, seat, legal)
        if phase == ROBBER:
            robbers = [m for m in legal if m[0] == MOVE_ROBBER]
            if not robbers:
                return legal[0]
            return max(robbers, key=lambda m: _robber(st, seat, m))
        if phase == OFFER:
            return ai_trade.answer(st, seat, legal, self.goals(st, seat))
        if phase == COUNTERS:
            return ai_trade.take_counter(st, seat, legal, self.goals(st, seat))
        if phase == MAIN:
            return self.main(st, seat, legal)
        return legal[0]

    def goals(self, st: KatanState, seat: int) -> list[Goal]:
        return goals(st, seat)

    # ---- setup -------------------------------------------------------------------------

    def setup(self, st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
        """The settlement where weighted pips, variety and room to grow are best;
        the city (the second piece) also for the commodities it will make, and
        for the ore and grain that raise cities and wake knights."""
        weights = good_weights(st)
        have = output(st, seat, robbed=False)[:RESOURCES]
        best, best_value = legal[0], -1e9
        for m in legal:
            node = m[1]
            pips = node_yield(st, node)
            value = spot_value(st, seat, node, weights[:RESOURCES], have)
            value += 1.2 * sum(1 for p in pips if p)
            value += 0.15 * _expansion(st, node)
            value = setup_commodities(st, node, m[0] == BUILD_CITY, pips, value)
            if m[0] == BUILD_CITY:
                combined = [have[r] * 36 + pips[r] for r in range(RESOURCES)]
                value += 2.0 * sum(1 for c in combined if c)
            value += self._rng.random() * 1e-3
            if value > best_value:
                best, best_value = m, value
        return best

    # ---- before the roll -----------------------------------------------------------------

    def before_roll(self, st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
        kinds = by_kind(legal)
        chase = _chase(st, seat, kinds)
        if chase is not None:
            return chase
        if own_hex_robbed(st, seat) and PLAY_BISHOP in kinds:
            me = Seat(st, seat, self.goals(st, seat))
            move = ai_cards.bishop(me, kinds[PLAY_BISHOP])
            if move is not None:
                return move
        if PLAY_ALCHEMIST in kinds:
            me = Seat(st, seat, self.goals(st, seat))
            move = ai_cards.alchemist(me, kinds[PLAY_ALCHEMIST])
            if move is not None:
                return move
        ck = part(st)
        if attack_chance(ck.barbarians, 1) > 0 and defence_need(st, seat, window(st, seat)):
            if PLAY_WARLORD in kinds:
                return kinds[PLAY_WARLORD][0]
            if ACTIVATE_KNIGHT in kinds:
                return _strongest(st, seat, kinds[ACTIVATE_KNIGHT])
        return M_ROLL

    # ---- the turn ------------------------------------------------------------------------

    def main(self, st: KatanState, seat: int, legal: Sequence[Move]) -> Move:
        kinds = by_kind(legal)
        wanted = self.goals(st, seat)
        me = Seat(st, seat, wanted)
        card = ai_cards.play(me, legal)
        if card is not None:
            return card
        rolls = window(st, seat)
        urgent = attack_chance(part(st).barbarians, rolls) >= 0.45
        need = defence_need(st, seat, rolls)
        if need and urgent:
            arm = _arm(st, seat, kinds)
            if arm is not None:
                return arm
        build = self.build(st, seat, kinds, wanted)
        if build is not None:
            return build
        if need or defender_gap(st, seat, rolls):
            arm = _arm(st, seat, kinds)
            if arm is not None:
                return arm
        chase = _chase(st, seat, kinds)
        if chase is not None:
            return chase
        if ACTIVATE_KNIGHT in kinds and own_hex_robbed(st, seat):
            corners = st.board.topology.hex_corner_mask[st.robber]
            beside = [m for m in kinds[ACTIVATE_KNIGHT] if corners >> m[1] & 1]
            if beside:
                return beside[0]
        prepare = self.prepare(st, seat, kinds, wanted)
        if prepare is not None:
            return prepare
        if BUILD_WALL in kinds and _wall_pays(st, seat):
            return max(kinds[BUILD_WALL], key=lambda m: city_yield(st, m[1]))
        trade = ai_trade.bank_trade(st, seat, wanted, legal)
        if trade is not None:
            return trade
        if BUILD_ROAD in kinds and _wants_road(st, seat, hand(st, seat)):
            road = _best_road(st, seat, legal)
            if road is not None:
                return road
        if not st.offers:
            offer = ai_trade.offer(st, seat, wanted)
            if offer is not None:
                return offer
        return M_END

    def build(self, st: KatanState, seat: int, kinds: Kinds, wanted: list[Goal]) -> Move | None:
        """Cities, improvements and settlements, the best site or track of each."""
        if BUILD_CITY in kinds:
            return max(kinds[BUILD_CITY], key=lambda m: city_yield(st, m[1]))
        if IMPROVE in kinds:
            return max(kinds[IMPROVE], key=lambda m: track_value(st, seat, m[1]))
        if BUILD_SETTLEMENT in kinds:
            weights = good_weights(st)[:RESOURCES]
            have = output(st, seat)[:RESOURCES]
            return max(
                kinds[BUILD_SETTLEMENT], key=lambda m: spot_value(st, seat, m[1], weights, have)
            )
        return None

    def prepare(self, st: KatanState, seat: int, kinds: Kinds, wanted: list[Goal]) -> Move | None:
        """Knights hired ahead of the ship while it is still some way off, with
        cards a near city does not need."""
        if HIRE_KNIGHT not in kinds:
            return None
        ck = part(st)
        ahead = defence_need(st, seat, window(st, seat) + st.seats)
        mine = potential(ck, seat)
        if ahead <= 0 and mine >= 2:
            return None
        if ahead > 0 and potential(ck, seat) - strength(ck, seat) >= ahead:
            return None
        cards = hand(st, seat)
        after = cards[:]
        for k, c in enumerate(KNIGHT):
            after[k] -= c
        if short(after, CITY) > short(cards, CITY) and short(cards, CITY) <= 1:
            return None
        return max(kinds[HIRE_KNIGHT], key=lambda m: knight_spot(st, seat, m[1]))


def _chase(st: KatanState, seat: int, kinds: Kinds) -> Move | None:
    """Chase the robber off the seat's hex with the weakest knight beside it
    that the coming attack can spare (a knight that acts stands down)."""
    if CHASE_ROBBER not in kinds or not own_hex_robbed(st, seat):
        return None
    ck = part(st)
    spare = strength(ck, seat) - defence_target(st, seat, window(st, seat))
    chasers = [m for m in kinds[CHASE_ROBBER] if level_at(ck, seat, m[1]) <= spare]
    if not chasers and defence_target(st, seat, window(st, seat)):
        return None
    return min(chasers or kinds[CHASE_ROBBER], key=lambda m: level_at(ck, seat, m[1]))


def _strongest(st: KatanState, seat: int, moves: list[Move]) -> Move:
    ck = part(st)
    return max(moves, key=lambda m: level_at(ck, seat, m[1]))


def _arm(st: KatanState, seat: int, kinds: Kinds) -> Move | None:
    """The cheapest strength: wake a knight, promote an active one, or hire."""
    ck = part(st)
    if ACTIVATE_KNIGHT in kinds:
        return _strongest(st, seat, kinds[ACTIVATE_KNIGHT])
    promotes = [m for m in kinds.get(PROMOTE_KNIGHT, ()) if ck.active[seat] >> m[1] & 1]
    if promotes:
        return _strongest(st, seat, promotes)
    if HIRE_KNIGHT in kinds:
        return max(kinds[HIRE_KNIGHT], key=lambda m: knight_spot(st, seat, m[1]))
    return None


def _wall_pays(st: KatanState, seat: int) -> bool:
    """A wall when a seven would make the seat discard, or brick is idle."""
    size = hand_size(st, seat)
    return size > hand_limit(st, seat) - 1 or hand(st, seat)[1] >= 4
