"""What a new Katan table asks before it opens, and how its lobby names the
choice: the rule set (the registry `engine.katan.rulesets.ENTRIES`), with
Seafarers the map (`engine.katan.sea.atlas.menu`, each with its one-line
description), and the points to win from that rule set's own menu."""

from collections.abc import Mapping
from typing import Final

from engine.katan.kinds import SEAFARERS
from engine.katan.options import KatanOptions
from engine.katan.rulesets import ENTRIES, entry
from engine.katan.sea import atlas
from engine.protocol import GameOptions
from frontends.chat.setup import Option, Question
from languages import N_, ngettext

PREFIX: Final = "Katan: "


def rules_title(expansions: tuple[str, ...]) -> str:
    """A rule set's name without the game's: `Cities & Knights`, `Base game`."""
    title = entry(expansions).title
    return title.removeprefix(PREFIX) if title.startswith(PREFIX) else N_("Base game")


def question(answers: Mapping[str, object]) -> Question | None:
    if "expansions" not in answers:
        rules = tuple(Option(",".join(e.expansions), rules_title(e.expansions)) for e in ENTRIES)
        return Question("expansions", N_("Which rules?"), rules, default=0)
    chosen = tuple(sorted(n for n in str(answers["expansions"]).split(",") if n))
    if SEAFARERS in chosen and "map" not in answers:
        maps = tuple(Option(name, title, about) for name, title, about in atlas.menu())
        return Question("map", N_("Which Seafarers map?"), maps, default=0)
    if "points_to_win" not in answers:
        rule_set = entry(chosen)
        points = tuple(
            Option(n, ngettext("{count} point", "{count} points", n).format(count=n))
            for n in rule_set.menu
        )
        default = rule_set.menu.index(rule_set.target) if rule_set.target in rule_set.menu else None
        return Question("points_to_win", N_("How many points win?"), points, default=default)
    return None


def settings(options: GameOptions) -> str:
    """`Cities & Knights · 13 points`, `Seafarers: Four Islands · 12 points`."""
    if not isinstance(options, KatanOptions):
        return ""
    words = rules_title(options.expansions)
    if options.map is not None:
        words += f": {atlas.sea_map(options.map).title}"
    return f"{words} · {options.points_to_win} points to win"
