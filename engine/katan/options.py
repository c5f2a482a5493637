"""Table options for Katan, validated at the boundary with readable refusals."""

from typing import Any, Final

from pydantic import ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from engine.katan.components import LARGE_TABLE
from engine.katan.kinds import CITIES, SEAFARERS
from engine.katan.rulesets import BY_EXPANSIONS, EXPANSIONS, entry
from engine.katan.sea.atlas import ALL_MAPS, DEFAULT_MAP, LARGE_DEFAULT, maps_for, sea_map
from engine.protocol import GameOptions

SEAT_COUNTS: Final = (4, 3, 5, 6)
"""The default first; five and six play the extension (`components.LARGE_TABLE`)."""
POINTS_MIN: Final = 3
POINTS_MAX: Final = 20
POINTS_MENU: Final = (5, 8, 10, 12)
"""The base game's menu (RULINGS 7); each rule set has its own (`rulesets`)."""
AWARD_POINTS: Final = (2, 5)
CANAL_MAP: Final = "great_canal"
CANAL_TARGETS: Final = {3: 21, 4: 18}
"""The Great Canal's published targets by seat count (option `canal_target`)."""
TARGET_MAX: Final = max(POINTS_MAX, *CANAL_TARGETS.values())
"""The highest points to win a game may hold (the canal's 21 is past the menu's range)."""


class KatanOptions(GameOptions):
    """`players` may fix the seat count, 3 to 6 (otherwise the table's seats
    decide: 4 by default, or a Seafarers map's first count); `expansions` chooses
    the rule sets (a list, or names separated by commas); `points_to_win` is
    RULINGS 7, its default the rule set's;
    `award_points` RULINGS 1; `canal_target` the Great Canal's published target."""

    players: int | None = None
    expansions: tuple[str, ...] = ()
    map: str | None = None
    """A Seafarers map (`sea.atlas.MAP_NAMES`); only with Seafarers, which defaults it."""
    canal_target: bool = False
    """The Great Canal's published target (21 points for three seats, 18 for four)
    in place of `points_to_win`; only with both expansions on that map, and with
    `players`, since the target depends on the seat count."""
    points_to_win: int = 10
    award_points: int = 2

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any) -> Any:
        """The target defaults to the chosen rule set's (13 with Cities & Knights)."""
        if not isinstance(data, dict):
            return data
        try:
            chosen = _expansions(data.get("expansions", ()))
        except PydanticCustomError:
            return data  # the field's own validator says what is wrong
        filled = dict(data)
        seats = _whole(data.get("players"))
        canal = chosen == (CITIES, SEAFARERS) and data.get("map") == CANAL_MAP
        if canal and _flag(data.get("canal_target")) and seats in CANAL_TARGETS:
            filled.setdefault("points_to_win", CANAL_TARGETS[seats])
        filled.setdefault("points_to_win", entry(chosen).target)
        if SEAFARERS in chosen:
            large = seats is not None and seats >= LARGE_TABLE
            filled.setdefault("map", LARGE_DEFAULT if large else None)
        return filled

    @model_validator(mode="after")
    def _map_seats(self) -> "KatanOptions":
        """A Seafarers map is laid out for some seat counts only."""
        if self.map is not None and self.players is not None:
            seats = sea_map(self.map).seats
            if self.players not in seats:
                listed = " or ".join(str(n) for n in sorted(seats))
                others = " or ".join(maps_for(self.players))
                raise PydanticCustomError(
                    "players",
                    f"map {self.map} is laid out for {listed} seats, not {self.players}"
                    + (f"; {self.players} seats play map {others}" if others else ""),
                )
        return self

    def seat_counts(self) -> tuple[int, ...]:
        """The seat counts these options play, the default first."""
        counts = SEAT_COUNTS if self.map is None else sea_map(self.map).seats
        return counts if self.players is None else (self.players,)

    @field_validator("players", mode="before")
    @classmethod
    def _players(cls, value: Any) -> Any:
        if value is not None and _whole(value) not in SEAT_COUNTS:
            raise PydanticCustomError("players", "must be 3, 4, 5 or 6")
        return None if value is None else _whole(value)

    @field_validator("expansions", mode="before")
    @classmethod
    def _expansions_field(cls, value: Any) -> Any:
        return _expansions(value)

    @field_validator("map", mode="before")
    @classmethod
    def _map(cls, value: Any, info: ValidationInfo) -> Any:
        sea = SEAFARERS in info.data.get("expansions", ())
        if value is None:
            return DEFAULT_MAP if sea else None
        if not sea:
            raise PydanticCustomError("map", "is chosen only with the seafarers expansion")
        name = value.strip().lower() if isinstance(value, str) else value
        if name not in ALL_MAPS:
            raise PydanticCustomError(
                "map", f"{value!r} is not a Seafarers map; the maps are {', '.join(ALL_MAPS)}"
            )
        return name

    @field_validator("canal_target", mode="before")
    @classmethod
    def _canal(cls, value: Any, info: ValidationInfo) -> Any:
        flag = _flag(value)
        if flag is None:
            raise PydanticCustomError("canal_target", "must be true or false")
        if not flag:
            return False
        data = info.data
        if data.get("expansions") != (CITIES, SEAFARERS) or data.get("map") != CANAL_MAP:
            raise PydanticCustomError(
                "canal_target",
                "is the Great Canal's: it needs expansions=cities_and_knights,seafarers"
                f" and map={CANAL_MAP}",
            )
        if data.get("players") is None:
            raise PydanticCustomError(
                "canal_target",
                "needs players (3 or 4): the Great Canal's target is 21 points"
                " for three seats, 18 for four",
            )
        return True

    @field_validator("points_to_win", mode="before")
    @classmethod
    def _points(cls, value: Any, info: ValidationInfo) -> Any:
        whole = _whole(value)
        if info.data.get("canal_target"):
            target = CANAL_TARGETS[info.data["players"]]
            if whole != target:
                raise PydanticCustomError(
                    "points_to_win",
                    f"is set by canal_target ({target} for {info.data['players']} seats);"
                    " leave it out",
                )
            return whole
        if whole is None or not POINTS_MIN <= whole <= POINTS_MAX:
            raise PydanticCustomError(
                "points_to_win", f"must be a whole number from {POINTS_MIN} to {POINTS_MAX}"
            )
        return whole

    @field_validator("award_points", mode="before")
    @classmethod
    def _award(cls, value: Any, info: ValidationInfo) -> Any:
        if _whole(value) not in AWARD_POINTS:
            raise PydanticCustomError("award_points", "must be 2 or 5")
        if info.data.get("expansions") and _whole(value) != 2:
            raise PydanticCustomError(
                "award_points", "must be 2 with an expansion (Longest Road is worth 2 points)"
            )
        return _whole(value)


def _flag(value: Any) -> bool | None:
    """Booleans and the words true and false (chat commands send text)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None


def _expansions(value: Any) -> tuple[str, ...]:
    """A name, names separated by commas, or a list of names: sorted, known, combinable."""
    if value is None:
        return ()
    if isinstance(value, str):
        names = [n.strip().lower() for n in value.split(",") if n.strip()]
    elif isinstance(value, list | tuple):
        names = [n.strip().lower() if isinstance(n, str) else n for n in value]
    else:
        raise PydanticCustomError("expansions", "must be a list of expansion names")
    known = ", ".join(EXPANSIONS)
    for name in names:
        if not isinstance(name, str) or name not in EXPANSIONS:
            raise PydanticCustomError(
                "expansions", f"{name!r} is not an expansion; the expansions are {known}"
            )
    chosen = tuple(sorted(set(names)))
    if chosen not in BY_EXPANSIONS:
        raise PydanticCustomError("expansions", f"{' + '.join(chosen)} cannot be played together")
    return chosen


def _whole(value: Any) -> int | None:
    """Ints and digit strings (chat commands send text); never bools or floats."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None
