"""Sequence's `hard` level: a two-ply search over the seat's view.

The `normal` AI scores a square by its best single line. Here a position is
scored over every line of five at once (`line_value`), so a move that feeds
two lines, or spoils two of a rival's, counts for both. Each of the best few
moves by that score is then answered: the next seat's hand is dealt several
times from the cards the seat cannot see (the deck minus its own hand and the
discards), the rival plays its best reply in each deal, and the move with the
best mean score after the reply wins. A four in a line whose last square the
seat can fill from its hand is worth nearly a sequence, and the rival's is worth
as much to it, which is what makes the search block what matters and keep its
jacks for when they do.
"""

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

from engine.cards import Card
from engine.sequence.deck import DECK, KIND, PLAIN, REMOVER, WILD
from engine.sequence.geometry import CELLS, IS_CORNER, NON_CORNER, WINDOWS, WINDOWS_OF_CELL
from engine.sequence.moves import Move
from engine.sequence.state import SequenceState

EMPTY: Final = -1
CANDIDATES: Final = 8
"""Moves that get the two-ply look, the best by the one-ply score."""
DEALS: Final = 12
"""Rival hands dealt per decision; every candidate meets the same deals."""
VALUE: Final = (0, 1, 4, 14, 50)
"""A live line by how many of its five squares a team holds (corners count for all)."""
SEQUENCE_VALUE: Final = 400
WIN: Final = 100_000
READY: Final = 300
"""A four the side to move can finish from its hand: all but a sequence."""
RIVAL_WEIGHT: Final = 1.3
"""Rivals' lines count more than the seat's own: a missed block loses outright."""
JACK_COST: Final = {WILD: 30, REMOVER: 22}
"""What spending a jack costs; a jack keeps every option open until then."""

_CELLS_OF: Final = tuple(tuple(c for c in w if not IS_CORNER[c]) for w in WINDOWS)
_CORNERS_OF: Final = tuple(sum(IS_CORNER[c] for c in w) for w in WINDOWS)


def line_value(chips: Sequence[int], locked: Sequence[bool], line: int, me: int) -> float:
    """One line from `me`'s side: + for its own, - for a rival's, 0 when shared
    or when it already reuses two locked chips (no new sequence can use it)."""
    owner = EMPTY
    count = _CORNERS_OF[line]
    reused = 0
    for c in _CELLS_OF[line]:
        x = chips[c]
        if x == EMPTY:
            continue
        if owner == EMPTY:
            owner = x
        elif x != owner:
            return 0.0
        count += 1
        reused += locked[c]
    if owner == EMPTY or reused > 1:
        return 0.0
    value = SEQUENCE_VALUE if count == 5 else VALUE[count]
    return float(value) if owner == me else -RIVAL_WEIGHT * value


def cell_delta(
    chips: list[int], locked: Sequence[bool], cell: int, chip: int, me: int
) -> tuple[float, int]:
    """How the score from `me`'s side changes when `cell` becomes `chip` (a
    team, or EMPTY for a removal), and how many lines of five `me` completes by
    it; `chips` is left as it was."""
    old = chips[cell]
    before = 0.0
    for line in WINDOWS_OF_CELL[cell]:
        before += line_value(chips, locked, line, me)
    chips[cell] = chip
    after = 0.0
    completed = 0
    for line in WINDOWS_OF_CELL[cell]:
        value = line_value(chips, locked, line, me)
        after += value
        completed += value == SEQUENCE_VALUE
    chips[cell] = old
    return after - before, completed


def ready_fours(
    chips: Sequence[int],
    locked: Sequence[bool],
    team: int,
    hand: Sequence[Card],
    squares: Sequence[Sequence[int]],
) -> tuple[int, set[int]]:
    """How many holes `team` can fill from `hand` to finish a line of five, and
    the holes of all its open fours (what a rival must block)."""
    fillable: set[int] = set()
    wild = any(KIND[c] == WILD for c in hand)
    for c in hand:
        if KIND[c] == PLAIN:
            fillable.update(squares[c])
    holes: set[int] = set()
    for line, cells in enumerate(_CELLS_OF):
        count = _CORNERS_OF[line]
        hole = EMPTY
        reused = 0
        for c in cells:
            x = chips[c]
            if x == team:
                count += 1
                reused += locked[c]
            elif x == EMPTY and hole == EMPTY:
                hole = c
            else:
                break
        else:
            if count == 4 and hole != EMPTY and reused <= 1:
                holes.add(hole)
    ready = sum(1 for h in holes if wild or h in fillable)
    return ready, holes


class HardSequenceAi:
    """Deterministic given its seed and the view: the seed feeds the deals."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SequenceState, seat: int, legal: Sequence[Move]) -> Move:
        exchange = next((m for m in legal if m.kind == "exchange"), None)
        if exchange is not None:
            # A dead card can never be played: trading it costs nothing.
            return exchange
        if len(legal) == 1:
            return legal[0]
        me = view.teams[seat]
        chips, locked = view.chips[:], view.locked
        first = self._one_ply(view, seat, legal, chips, locked, me)
        if first[0][0] >= WIN:
            return first[0][1]
        shortlist = first[:CANDIDATES]
        rival = (seat + 1) % len(view.teams)
        hands = self._deal_rival(view, seat, rival)
        best, best_score = shortlist[0][1], float("-inf")
        for score, move in shortlist:
            total = 0.0
            replies = Replies(view, view.teams[rival], _after(view.chips, move, me))
            for hand in hands:
                total += self._after_reply(view, seat, replies, move, hand, score)
            if total > best_score:
                best, best_score = move, total
        return best

    def _one_ply(
        self,
        view: SequenceState,
        seat: int,
        legal: Sequence[Move],
        chips: list[int],
        locked: Sequence[bool],
        me: int,
    ) -> list[tuple[float, Move]]:
        """Moves by the change they make to the score, best first (ties in
        legal-move order); a move that completes the winning sequence scores WIN."""
        needed = view.options.sequences_to_win - view.sequences_by_team[me]
        by_cell: dict[tuple[str, int], float] = {}
        scored: list[tuple[float, int, Move]] = []
        for index, move in enumerate(legal):
            cell = move.cell
            assert cell is not None
            key = (move.kind, cell)
            delta = by_cell.get(key)
            if delta is None:
                chip = me if move.kind == "place" else EMPTY
                delta, completed = cell_delta(chips, locked, cell, chip, me)
                if move.kind == "place" and needed <= completed:
                    delta = WIN
                by_cell[key] = delta
            score = delta - JACK_COST.get(KIND[move.card], 0)
            scored.append((score, index, move))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [(s, m) for s, _, m in scored]

    def _deal_rival(self, view: SequenceState, seat: int, rival: int) -> list[list[Card]]:
        unseen = Counter(DECK)
        unseen.subtract(view.hands[seat])
        unseen.subtract(view.discard_pile)
        pool = sorted(unseen.elements())
        size = min(view.hand_counts[rival], len(pool))
        return [self._rng.sample(pool, size) for _ in range(DEALS)]

    def _after_reply(
        self,
        view: SequenceState,
        seat: int,
        replies: "Replies",
        move: Move,
        rival_hand: list[Card],
        score: float,
    ) -> float:
        """The score from the seat's side once `move` is made and the rival
        holding `rival_hand` answers with its own best one-ply move."""
        me, them = view.teams[seat], replies.team
        chips = replies.chips[:]
        locked = view.locked
        squares = view.board.squares
        if them != me:
            reply, reply_delta = replies.best(rival_hand)
            if reply_delta >= WIN:
                return score - WIN
            if reply is not None:
                kind, where = reply
                chip = them if kind == "place" else EMPTY
                score += cell_delta(chips, locked, where, chip, me)[0]
                chips[where] = chip
        hand = list(view.hands[seat])
        hand.remove(move.card)
        ready, _ = ready_fours(chips, locked, me, hand, squares)
        _, rival_holes = ready_fours(chips, locked, them, (), squares) if them != me else (0, set())
        return score + READY * min(ready, 2) - RIVAL_WEIGHT * READY * min(len(rival_holes), 2) / 2


def _after(chips: Sequence[int], move: Move, me: int) -> list[int]:
    out = list(chips)
    assert move.cell is not None
    out[move.cell] = me if move.kind == "place" else EMPTY
    return out


class Replies:
    """The rival's one-ply scores on one board, worked out once per square and
    shared by every hand dealt to it."""

    def __init__(self, view: SequenceState, team: int, chips: list[int]) -> None:
        self.team = team
        self.chips = chips
        self._locked = view.locked
        self._squares = view.board.squares
        self._needed = view.options.sequences_to_win - view.sequences_by_team[team]
        self._place: dict[int, float] = {}
        self._remove: tuple[tuple[str, int] | None, float] | None = None

    def _place_score(self, cell: int) -> float:
        score = self._place.get(cell)
        if score is None:
            delta, completed = cell_delta(self.chips, self._locked, cell, self.team, self.team)
            score = float(WIN) if self._needed <= completed else delta
            self._place[cell] = score
        return score

    def best(self, hand: Sequence[Card]) -> tuple[tuple[str, int] | None, float]:
        """The rival's best place or removal holding `hand`."""
        chips = self.chips
        cells: set[int] = set()
        removes = False
        for c in hand:
            kind = KIND[c]
            if kind == PLAIN:
                cells.update(x for x in self._squares[c] if chips[x] == EMPTY)
            elif kind == WILD:
                cells.update(x for x in NON_CORNER if chips[x] == EMPTY)
            else:
                removes = True
        best: tuple[str, int] | None = None
        best_score = float("-inf")
        for x in sorted(cells):
            score = self._place_score(x)
            if score > best_score:
                best, best_score = ("place", x), score
        if removes:
            removal, removal_score = self._best_removal()
            if removal is not None and removal_score > best_score:
                best, best_score = removal, removal_score
        return best, best_score

    def _best_removal(self) -> tuple[tuple[str, int] | None, float]:
        if self._remove is None:
            best: tuple[str, int] | None = None
            best_score = float("-inf")
            for x in range(CELLS):
                if self.chips[x] not in (EMPTY, self.team) and not self._locked[x]:
                    delta = cell_delta(self.chips, self._locked, x, EMPTY, self.team)[0]
                    if delta - JACK_COST[REMOVER] > best_score:
                        best, best_score = ("remove", x), delta - JACK_COST[REMOVER]
            self._remove = (best, best_score)
        return self._remove
