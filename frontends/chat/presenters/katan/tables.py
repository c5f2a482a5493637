"""What a new Katan table asks before it opens, and how its lobby names the
choice: the rule set (the registry `engine.katan.rulesets.ENTRIES`), with
Seafarers the map (every map of `engine.katan.sea.atlas`, each with its
one-line description), the seat count the map is laid out for, and the points
to win from that rule set's own menu."""

from collections.abc import Mapping
from typing import Final

from engine.katan.components import LARGE_TABLE
from engine.katan.kinds import CITIES, SEAFARERS
from engine.katan.options import SEAT_COUNTS, KatanOptions
from engine.katan.rulesets import ENTRIES, entry
from engine.katan.sea import atlas
from engine.protocol import GameOptions
from frontends.chat.setup import Option, Question
from languages import N_, _, ngettext

RULE_TITLES: Final = {
    (): N_("Base game"),
    (CITIES,): N_("Cities & Knights"),
    (SEAFARERS,): N_("Seafarers"),
    (CITIES, SEAFARERS): N_("Seafarers with Cities & Knights"),
}
"""Each rule set of the registry (`rulesets.ENTRIES`, by its sorted
expansions) as the lobby names it, without the game's name; a test holds
this table to the registry. Map titles and descriptions are extracted from
the map files themselves (`languages.extract`)."""


LARGE_ONLY: Final = N_(
    "Five or six seats play only on New Shores for Six, the map laid out for them."
)


def rules_title(expansions: tuple[str, ...]) -> str:
    """A rule set's name without the game's, marked for translation:
    `Cities & Knights`, `Base game`."""
    return RULE_TITLES[tuple(sorted(expansions))]


def question(answers: Mapping[str, object]) -> Question | None:
    if "expansions" not in answers:
        rules = tuple(Option(",".join(e.expansions), rules_title(e.expansions)) for e in ENTRIES)
        return Question("expansions", N_("Which rules?"), rules, default=0)
    chosen = tuple(sorted(n for n in str(answers["expansions"]).split(",") if n))
    if SEAFARERS in chosen and "map" not in answers:
        every = map(atlas.sea_map, atlas.ALL_MAPS)
        maps = tuple(Option(m.name, m.title, m.description) for m in every)
        return Question("map", N_("Which Seafarers map?"), maps, default=0)
    if "players" not in answers:
        return seats_question(answers.get("map"))
    if "points_to_win" not in answers:
        rule_set = entry(chosen)
        points = tuple(
            Option(n, ngettext("{count} point", "{count} points", n).format(count=n))
            for n in rule_set.menu
        )
        default = rule_set.menu.index(rule_set.target) if rule_set.target in rule_set.menu else None
        return Question("points_to_win", N_("How many points win?"), points, default=default)
    return None


def seats_question(sea_map: object) -> Question:
    """The seat counts the chosen map is laid out for (without Seafarers, 3 to
    6), the default the one a table gets when nobody says; a map for three or
    four says where five and six are played, so their absence is not a riddle."""
    counts = SEAT_COUNTS if sea_map is None else atlas.sea_map(str(sea_map)).seats
    ordered = sorted(counts)
    seats = tuple(
        Option(n, ngettext("{count} seat", "{count} seats", n).format(count=n)) for n in ordered
    )
    note = "" if max(counts) >= LARGE_TABLE else LARGE_ONLY
    default = ordered.index(counts[0])
    return Question("players", N_("How many seats?"), seats, default=default, note=note)


def settings(options: GameOptions) -> str:
    """`Cities & Knights · 13 points to win`, `Seafarers: Four Islands · 12 points to win`."""
    if not isinstance(options, KatanOptions):
        return ""
    words = _(rules_title(options.expansions))
    if options.map is not None:
        words += f": {_(atlas.sea_map(options.map).title)}"
    said = ngettext(
        "{rules} · {count} point to win", "{rules} · {count} points to win", options.points_to_win
    )
    return said.format(rules=words, count=options.points_to_win)
