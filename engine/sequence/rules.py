"""Sequence's state machine: the app's rules (NATIVE.md §5.3.5–5.3.8) with
RULINGS 15 (a blocked table is a draw) and a stuck seat passing its turn.

Everything here is a pure function of its arguments. `apply` returns a new
state that shares the lists a move leaves untouched with the old one.
"""

from engine.cards import Card, code, label
from engine.kotlin_random import add_long
from engine.protocol import Event, Transition
from engine.sequence.deck import KIND, PLAIN, REMOVER, WILD, deal, reshuffled
from engine.sequence.geometry import CELLS, IS_CORNER, LINES_THROUGH, NON_CORNER, Window
from engine.sequence.moves import EXCHANGE, PLACE, REMOVE, Move
from engine.sequence.options import SequenceOptions
from engine.sequence.state import Phase, SequenceState

EMPTY = -1
_CORNER_COUNT = CELLS - len(NON_CORNER)


def new_game(options: SequenceOptions, seed: int) -> SequenceState:
    players = options.players
    hands, draw_pile = deal(seed, players)
    state = SequenceState(
        options=options,
        seed=seed,
        teams=tuple(seat % options.team_count for seat in range(players)),
        chips=[EMPTY] * CELLS,
        locked=[False] * CELLS,
        hands=hands,
        hand_counts=[len(hand) for hand in hands],
        draw_pile=draw_pile,
        discard_pile=[],
        turn=0,
        sequences_by_team=[0] * options.team_count,
        winner=None,
        phase=Phase.PLAYING,
        exchanged_this_turn=False,
        last_placed_cell=None,
        log=[f"Sequence — {options.team_count} teams, first to {options.sequences_to_win}."],
    )
    # With eight or more seats a four-card hand can be all one-eyed jacks.
    _hand_turn_on(state, [])
    return state


# ---- legal moves ---------------------------------------------------------------


def legal_moves(state: SequenceState, seat: int) -> list[Move]:
    """The app's order: each distinct card of the hand by first appearance, its
    squares ascending (NATIVE.md §5.3.6)."""
    if state.phase is not Phase.PLAYING or seat != state.turn:
        return []
    chips = state.chips
    squares = state.board.squares
    can_exchange = state.options.dead_card_exchange and not state.exchanged_this_turn
    out: list[Move] = []
    seen: set[Card] = set()
    for c in state.hands[seat]:
        if c in seen:
            continue
        seen.add(c)
        kind = KIND[c]
        if kind == PLAIN:
            row = PLACE[c]
            live = [row[cell] for cell in squares[c] if chips[cell] == EMPTY]
            if live:
                out += live
            elif can_exchange:
                out.append(EXCHANGE[c])
        elif kind == WILD:
            row = PLACE[c]
            out += [row[cell] for cell in NON_CORNER if chips[cell] == EMPTY]
        else:
            row = REMOVE[c]
            team = state.teams[seat]
            locked = state.locked
            out += [
                row[cell]
                for cell in range(CELLS)
                if chips[cell] != EMPTY and chips[cell] != team and not locked[cell]
            ]
    return out


def _can_move(state: SequenceState, seat: int, exchanged: bool) -> bool:
    """Whether `seat` would have a legal move on turn, without listing them."""
    chips = state.chips
    can_exchange = state.options.dead_card_exchange and not exchanged
    squares = state.board.squares
    for c in state.hands[seat]:
        kind = KIND[c]
        if kind == PLAIN:
            if can_exchange or any(chips[cell] == EMPTY for cell in squares[c]):
                return True
        elif kind == WILD:
            if chips.count(EMPTY) > _CORNER_COUNT:
                return True
        else:
            team = state.teams[seat]
            locked = state.locked
            if any(
                chips[cell] != EMPTY and chips[cell] != team and not locked[cell]
                for cell in range(CELLS)
            ):
                return True
    return False


# ---- transitions ---------------------------------------------------------------


def apply(state: SequenceState, seat: int, move: Move) -> Transition[SequenceState]:
    """Apply a move known to be legal (NATIVE.md §5.3.7), then hand the turn on."""
    team = state.teams[seat]
    c = move.card
    events: list[Event] = []
    chips = state.chips
    locked = state.locked
    sequences = state.sequences_by_team
    last_placed = state.last_placed_cell
    line: str
    if move.kind == "place":
        cell = _cell(move)
        chips = chips[:]
        chips[cell] = team
        locked, runs = _claim_runs(chips, locked, cell, team)
        events.append(
            Event(
                "place",
                f"Seat {seat} plays {label(c)} on square {cell}.",
                seat,
                data={"card": code(c), "cell": cell, "team": team},
            )
        )
        if runs:
            sequences = sequences[:]
            sequences[team] += len(runs)
            for run in runs:
                events.append(
                    Event(
                        "sequence",
                        f"Team {team} completes a sequence "
                        f"({sequences[team]} of {state.options.sequences_to_win}).",
                        seat,
                        data={"team": team, "cells": list(run)},
                    )
                )
        line = f"Seat {seat} plays {label(c)}" + (" — sequence!." if runs else ".")
        last_placed = cell
    elif move.kind == "remove":
        cell = _cell(move)
        victim = chips[cell]
        chips = chips[:]
        chips[cell] = EMPTY
        events.append(
            Event(
                "remove",
                f"Seat {seat} removes team {victim}'s chip from square {cell} with {label(c)}.",
                seat,
                data={"card": code(c), "cell": cell, "team": victim},
            )
        )
        line = f"Seat {seat} removes a chip with {label(c)}."
    else:
        events.append(
            Event(
                "exchange",
                f"Seat {seat} swaps dead card {label(c)}.",
                seat,
                data={"card": code(c)},
            )
        )
        line = f"Seat {seat} swaps dead card {label(c)}."

    hands, draw_pile, discard_pile = _discard_and_draw(state, seat, c, events)
    log = state.log[:]
    log.append(line)
    nxt = SequenceState(
        options=state.options,
        seed=state.seed,
        teams=state.teams,
        chips=chips,
        locked=locked,
        hands=hands,
        hand_counts=[len(hand) for hand in hands],
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        turn=state.turn,
        sequences_by_team=sequences,
        winner=None,
        phase=Phase.PLAYING,
        exchanged_this_turn=state.exchanged_this_turn,
        last_placed_cell=last_placed,
        log=log,
    )
    if sequences[team] >= state.options.sequences_to_win:
        # The app leaves the turn (and the exchange flag) on the winner.
        nxt.winner = team
        nxt.phase = Phase.GAME_OVER
        events.append(
            Event(
                "win",
                f"Team {team} wins with {sequences[team]} sequences.",
                seat,
                data={"team": team},
            )
        )
        return Transition(nxt, tuple(events))
    if move.kind == "exchange":
        nxt.exchanged_this_turn = True
    else:
        nxt.turn = (state.turn + 1) % len(hands)
        nxt.exchanged_this_turn = False
    _hand_turn_on(nxt, events)
    return Transition(nxt, tuple(events))


def _cell(move: Move) -> int:
    if move.cell is None:
        raise ValueError(f"a {move.kind} move needs a cell")
    return move.cell


def _claim_runs(
    chips: list[int], locked: list[bool], cell: int, team: int
) -> tuple[list[bool], list[Window]]:
    """New sequences through `cell`, at most one per direction, first window wins.

    A window may reuse at most one chip already locked in a sequence (corners are
    free); locks from an earlier direction count for later ones (NATIVE.md §5.3.8).
    Returns the (copied, if changed) lock list and the claimed windows.
    """
    runs: list[Window] = []
    for lines in LINES_THROUGH[cell]:
        for window in lines:
            reused = 0
            for c in window:
                if IS_CORNER[c]:
                    continue
                if chips[c] != team:
                    break
                if locked[c]:
                    reused += 1
            else:
                if reused > 1:
                    continue
                if not runs:
                    locked = locked[:]
                for c in window:
                    locked[c] = True
                runs.append(window)
                break
    return locked, runs


def _discard_and_draw(
    state: SequenceState, seat: int, c: Card, events: list[Event]
) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """The played card goes to the discards and its owner draws a replacement.

    An empty draw pile is refilled first from the discards, shuffled with
    `Random(seed + log size before this move)`, as the app does.
    """
    hand = state.hands[seat][:]
    hand.remove(c)
    draw_pile = state.draw_pile
    discard_pile = state.discard_pile
    if not draw_pile and discard_pile:
        draw_pile = reshuffled(discard_pile, add_long(state.seed, len(state.log)))
        discard_pile = []
        events.append(Event("reshuffle", "The discard pile is shuffled into a new draw pile."))
    discard_pile = [*discard_pile, c]
    if draw_pile:
        drawn = draw_pile[0]
        draw_pile = draw_pile[1:]
        hand.append(drawn)
        events.append(
            Event(
                "draw",
                f"You draw {label(drawn)}.",
                seat,
                audience=frozenset({seat}),
                data={"card": code(drawn)},
            )
        )
        events.append(
            Event("draw", f"Seat {seat} draws a card.", seat, hidden_from=frozenset({seat}))
        )
    hands = state.hands[:]
    hands[seat] = hand
    return hands, draw_pile, discard_pile


def _hand_turn_on(state: SequenceState, events: list[Event]) -> None:
    """Skip seats that cannot move; with nobody able to, the game is drawn.

    The app stalls when the seat on turn has no move. Here that seat passes (as
    on any turn change, a fresh turn may exchange a dead card again), and a table
    where no seat can move ends in a draw (RULINGS 15). Works on a state still
    being built, so it updates `state` in place.
    """
    start = state.turn
    if _can_move(state, start, state.exchanged_this_turn):
        return
    players = len(state.hands)
    order = [(start + k) % players for k in range(1, players)]
    if state.exchanged_this_turn:
        order.append(start)
    for k, seat in enumerate(order):
        if _can_move(state, seat, False):
            for stuck in [start, *order[:k]]:
                text = f"Seat {stuck} has no legal move and passes."
                state.log.append(text)
                events.append(Event("pass", text, stuck))
            state.turn = seat
            state.exchanged_this_turn = False
            return
    text = "No seat has a legal move: the table is blocked and the game is a draw."
    state.log.append(text)
    state.phase = Phase.GAME_OVER
    events.append(Event("blocked", text))


# ---- refusals ------------------------------------------------------------------


def why_illegal(state: SequenceState, seat: int, move: Move) -> str | None:
    """The specific reason a move by the seat on turn is refused, if one applies."""
    c = move.card
    if not 0 <= c < 52:
        return "That is not a card."
    if c not in state.hands[seat]:
        return f"You do not hold {label(c)}."
    kind = KIND[c]
    if move.kind == "exchange":
        return _why_not_exchange(state, c, kind)
    cell = move.cell
    if cell is None or not 0 <= cell < CELLS:
        return f"There is no square {cell}; the squares are 0 to 99."
    if IS_CORNER[cell]:
        return f"Square {cell} is a free corner and never holds a chip."
    if move.kind == "remove":
        return _why_not_remove(state, seat, c, kind, cell)
    if kind == REMOVER:
        return f"{label(c)} is a one-eyed jack: it removes an opposing chip instead."
    squares = state.board.squares[c]
    if kind == PLAIN and cell not in squares:
        where = " and ".join(str(s) for s in squares)
        return f"{label(c)} is not on square {cell}; its squares are {where}."
    if state.chips[cell] != EMPTY:
        return f"Square {cell} is taken."
    return None


def _why_not_exchange(state: SequenceState, c: Card, kind: int) -> str | None:
    if kind != PLAIN:
        return f"{label(c)} is a jack, and a jack is never a dead card."
    free = [cell for cell in state.board.squares[c] if state.chips[cell] == EMPTY]
    if free:
        return f"{label(c)} is not a dead card: square {free[0]} is free."
    if not state.options.dead_card_exchange:
        return "Dead cards cannot be exchanged at this table."
    if state.exchanged_this_turn:
        return "You already exchanged a dead card this turn."
    return None


def _why_not_remove(state: SequenceState, seat: int, c: Card, kind: int, cell: int) -> str | None:
    if kind != REMOVER:
        return f"Only a one-eyed jack (J♥ or J♠) removes a chip; {label(c)} is not one."
    owner = state.chips[cell]
    if owner == EMPTY:
        return f"Square {cell} has no chip to remove."
    if owner == state.teams[seat]:
        return f"Square {cell} holds your own team's chip."
    if state.locked[cell]:
        return "That chip is part of a completed sequence."
    return None
