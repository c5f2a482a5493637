"""A new table's options as a person types them: `new katan
expansions=seafarers map=fog_islands points=12 3`, in any case, with or
without underscores, a bare number for the seats (also the game's own seat
count option, where it has one), and a list option's values split by the
chat's own word splitting put back together."""

from typing import Any

from languages import _


def _parse_value(text: str) -> object:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered.lstrip("-").isdigit():
        return int(lowered)
    return text


def _squash(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


def read_options(
    fields: dict[str, Any], args: list[str]
) -> tuple[dict[str, object], int | None, str | None]:
    """`key=value` pairs (any case, with or without underscores) into the
    game's options, and `seats=N`; or the reason they cannot be read."""
    known: dict[str, str] = {}
    for name, info in fields.items():
        known[_squash(name)] = info.alias or name
    options: dict[str, object] = {}
    seats: int | None = None
    pending: str | None = None
    last = ""
    for arg in args:
        if "=" in arg:
            key, _sep, value = arg.partition("=")
        elif pending is not None:
            key, value = pending, arg
            pending = None
        elif arg.isdigit():
            seats = int(arg)
            continue
        elif options and _squash(arg) not in known and isinstance(options[last], str):
            # `expansions=cities_and_knights,seafarers`: the comma split the list.
            options[last] = f"{options[last]},{arg}"
            continue
        else:
            pending = arg
            continue
        if _squash(key) == "seats" or (_squash(key) == "players" and "players" not in known):
            if not value.isdigit():
                return {}, None, _("seats takes a number, not {value!r}.").format(value=value)
            seats = int(value)
            continue
        alias = known.get(_squash(key))
        if alias is None:
            listed = ", ".join(sorted(known.values()))
            return (
                {},
                None,
                _("Unknown option {key!r}; the options are {listed}, and seats.").format(
                    key=key, listed=listed
                ),
            )
        options[alias] = _parse_value(value)
        last = alias
    if pending is not None:
        return {}, None, _("Option {name!r} needs a value: {name}=…").format(name=pending)
    if seats is not None and "players" in known:
        # The game's own seat count (Katan's `players`) decides what the rest
        # defaults to: `new katan expansions=seafarers 6` gets the map for six.
        options.setdefault(known["players"], seats)
    return options, seats, None
