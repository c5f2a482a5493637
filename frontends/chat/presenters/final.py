"""How each game's end is told: the final scores and how they were made, and
which of its events are worth counting in the summary.

Read from the spectator view at the end. The engines keep hidden points
hidden until then; once a Katan game is over its view shows every victory
point card, so the breakdown adds up to the winner's total. A game without an
entry here is summed up by its result line alone.
"""

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any, Final

from renderers.words import plural


def _katan(view: Any, names: Sequence[str]) -> list[str]:
    """Each seat's points, highest first: settlements, cities, awards,
    victory point cards, and the expansions' own (metropolises, defenders,
    islands…) as the rest."""
    from engine.katan.components import DEV_KINDS, VICTORY_POINT  # only Katan tables load it
    from engine.katan.state import total_points

    st = view.state
    lines = []
    for seat in sorted(range(st.seats), key=lambda s: -total_points(st, s)):
        total = total_points(st, seat)
        awards = {"Longest Road": st.longest == seat, "Largest Army": st.army == seat}
        made = {
            "settlements": st.towns[seat].bit_count(),
            "cities": 2 * st.cities[seat].bit_count(),
            **{name: st.award for name, held in awards.items() if held},
            "victory point cards": st.devs[seat * DEV_KINDS + VICTORY_POINT],
        }
        made["expansions"] = total - sum(made.values())
        parts = ", ".join(f"{name} {points}" for name, points in made.items() if points)
        lines.append(f"{names[seat]}: {plural(total, 'point')} ({parts or 'none'})")
    return lines


def _first_line(game_id: str) -> Callable[[Any, Sequence[str]], list[str]]:
    """The score line the game's text renderer leads with (teams by colour,
    who sits in each, the target): Euchre's points, Sequence's sequences."""

    def line(view: Any, names: Sequence[str]) -> list[str]:
        render = import_module(f"renderers.{game_id}").render_text
        return [render(view, None, names=names).splitlines()[0]]

    return line


SCORES: Final[Mapping[str, Callable[[Any, Sequence[str]], list[str]]]] = {
    "katan": _katan,
    "euchre": _first_line("euchre"),
    "sequence": _first_line("sequence"),
}

COUNTED: Final[Mapping[str, tuple[tuple[str, str, str], ...]]] = {
    "katan": (
        ("roll", "roll", "rolls"),
        ("trade", "trade between players", "trades between players"),
        ("bank_trade", "trade with the bank", "trades with the bank"),
        ("robber", "robber move", "robber moves"),
        ("play_development", "development card played", "development cards played"),
        ("build_city", "city built", "cities built"),
    ),
    "euchre": (
        ("deal", "hand", "hands"),
        ("trick", "trick", "tricks"),
        ("order_up", "trump ordered up", "trumps ordered up"),
    ),
    "sequence": (
        ("place", "chip placed", "chips placed"),
        ("remove", "chip removed", "chips removed"),
        ("sequence", "sequence", "sequences"),
    ),
}
"""Per game: (event kind, one, many) for the summary's counts, in order."""


def scores(game_id: str, view: Any, names: Sequence[str]) -> list[str]:
    """The final score lines, or none when the game has no breakdown here."""
    told = SCORES.get(game_id)
    return told(view, names) if told is not None else []


def counts(game_id: str, found: Mapping[str, int]) -> str:
    """A few of the game's events counted ("192 rolls · 40 robber moves"),
    those that happened at least once."""
    said = [
        f"{found[kind]} {one if found[kind] == 1 else many}"
        for kind, one, many in COUNTED.get(game_id, ())
        if found.get(kind)
    ]
    return " · ".join(said)
