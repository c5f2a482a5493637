"""Every Katan move kind, described once: its values, label, words and JSON.

The rules, the wire encoding, the move labels and the chat grammar all read
this table instead of keeping a ladder of `if kind == ...` each, so a kind
added for a rule set is described in one place and every layer knows it.

A kind's *fields* say what each value of the move tuple is (after the kind
code): a crossing, a seat, a resource, a leg of card counts. From them follow
the move's length, the range check that turns a malformed tuple into a
refusal rather than an IndexError, and the JSON object. Two templates say
the move in words: `label` for narration and refusals ("move robber to hex
5 and rob seat 2"), `say` for the shortest command the chat grammar reads
back ("robber 5 steal ana"). In a template, `{name}` is a field and `[...]`
is dropped when a field inside it is absent (a seat of -1).
"""

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from engine.katan import moves as mv
from engine.katan.cities.components import PROGRESS_KINDS, PROGRESS_NAMES, TRACK_NAMES, TRACKS
from engine.katan.components import CARD_NAMES, RESOURCES, cards_text

# Field kinds: what a value names, hence its range, its JSON and its words.
EDGE: Final = "edge"
CROSSING: Final = "crossing"
HEX: Final = "hex"
SEAT: Final = "seat"
VICTIM: Final = "victim"
"""A seat, or -1 for nobody (a robber move that robs no one)."""
ADDRESSEE: Final = "addressee"
"""A seat, or -1 for everyone (an offer to the whole table)."""
RESOURCE: Final = "resource"
COMMODITY: Final = "commodity"
GOOD: Final = "good"
"""Any card kind a hand holds: a resource, or a commodity with Cities & Knights."""
TRACK: Final = "track"
PROGRESS: Final = "progress"
DIE: Final = "die"
CARDS: Final = "cards"
"""A leg of counts, one per card kind of the table's hands (5 or 8 values)."""
PAIR: Final = "pair"
"""Two resources, in resource order (Year of Plenty)."""
GOOD_PAIR: Final = "good_pair"
"""Two card kinds, in order (the Master Merchant's pick)."""

NULLABLE: Final = frozenset({VICTIM, ADDRESSEE})
PAIRS: Final = frozenset({PAIR, GOOD_PAIR})

BASE: Final = "base"
CITIES: Final = "cities_and_knights"
SEAFARERS: Final = "seafarers"


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    """The JSON key, and the `{name}` of the templates."""
    kind: str


@dataclass(frozen=True, slots=True)
class MoveKind:
    code: int
    name: str
    """The JSON `move` value and the kind's name in refusals."""
    rule_set: str
    """The rule set that brings it: a table without that rule set refuses it."""
    fields: tuple[Field, ...]
    label: str
    say: str
    """The canonical chat command; its first words are the kind's verb."""
    words: tuple[str, ...] = ()
    """Other phrasings of the verb the grammar accepts ("settle", "upgrade")."""

    def length(self, width: int) -> int:
        """The tuple's length, kind included, with hands `width` cards wide."""
        return 1 + sum(size(f.kind, width) for f in self.fields)

    @property
    def legs(self) -> int:
        return sum(1 for f in self.fields if f.kind == CARDS)


def size(kind: str, width: int) -> int:
    """How many of a move's values one field of `kind` takes."""
    if kind == CARDS:
        return width
    return 2 if kind in PAIRS else 1


def _k(
    code: int,
    name: str,
    rule_set: str,
    fields: str,
    label: str,
    say: str,
    words: tuple[str, ...] = (),
) -> MoveKind:
    """A kind from compact field text: "edge" or "hex rob:victim" (name:kind)."""
    parsed = tuple(
        Field(*part.split(":")) if ":" in part else Field(part, part) for part in fields.split()
    )
    return MoveKind(code, name, rule_set, parsed, label, say, words)


def N_(message: str) -> str:
    """Marks a kind's label for `pybabel extract` (babel.cfg reads this file):
    the engine keeps its English, and `renderers.move_words` says the label
    in the reader's language. Engines do not import the language machinery,
    so the marker is this no-op of Babel's default keyword."""
    return message


TABLE: Final[tuple[MoveKind, ...]] = (
    _k(mv.ROLL, "roll", BASE, "", N_("roll"), "roll", ("dice", "r")),
    _k(mv.END_TURN, "end_turn", BASE, "", N_("end turn"), "end", ("done", "finish", "pass")),
    _k(mv.BUILD_ROAD, "build_road", BASE, "edge", N_("build road {edge}"), "build road {edge}"),
    _k(
        mv.BUILD_SETTLEMENT,
        "build_settlement",
        BASE,
        "crossing",
        N_("build settlement {crossing}"),
        "build settlement {crossing}",
    ),
    _k(
        mv.BUILD_CITY,
        "build_city",
        BASE,
        "crossing",
        N_("build city {crossing}"),
        "city {crossing}",
    ),
    _k(mv.BUY_DEV, "buy_development", BASE, "", N_("buy a development card"), "buy card"),
    _k(mv.PLAY_KNIGHT, "play_knight", BASE, "", N_("play Knight"), "play knight"),
    _k(
        mv.PLAY_ROAD_BUILDING,
        "play_road_building",
        BASE,
        "",
        N_("play Road Building"),
        "play road building",
    ),
    _k(
        mv.PLAY_PLENTY,
        "play_year_of_plenty",
        BASE,
        "resources:pair",
        N_("play Year of Plenty for {resources}"),
        "play plenty {resources}",
    ),
    _k(
        mv.PLAY_MONOPOLY,
        "play_monopoly",
        BASE,
        "resource",
        N_("play Monopoly on {resource}"),
        "play monopoly {resource}",
    ),
    _k(
        mv.MOVE_ROBBER,
        "move_robber",
        BASE,
        "hex rob:victim",
        N_("move robber to hex {hex}[ and rob {rob}]"),
        "robber {hex}[ steal {rob}]",
    ),
    _k(mv.DISCARD, "discard", BASE, "cards", N_("discard {cards}"), "discard {cards}"),
    _k(
        mv.BANK_TRADE,
        "bank_trade",
        BASE,
        "give:good get:good",
        N_("trade {give} to the bank for {get}"),
        "trade {ratio} {give} for 1 {get}",
    ),
    _k(
        mv.OFFER,
        "offer",
        BASE,
        "to:addressee give:cards want:cards",
        N_("offer {give} for {want} to {to}"),
        "offer {give} for {want}[ to {to}]",
    ),
    _k(mv.ACCEPT, "accept", BASE, "", N_("accept"), "accept"),
    _k(mv.DECLINE, "decline", BASE, "", N_("decline"), "decline"),
    _k(
        mv.COUNTER,
        "counter",
        BASE,
        "give:cards want:cards",
        N_("counter: {give} for {want}"),
        "counter {give} for {want}",
    ),
    _k(mv.TAKE_COUNTER, "take_counter", BASE, "seat", N_("take {seat}'s counter"), "take {seat}"),
    _k(mv.DISMISS, "dismiss_counters", BASE, "", N_("dismiss the counters"), "dismiss"),
    _k(mv.WITHDRAW, "withdraw", BASE, "", N_("withdraw the offer"), "withdraw"),
    _k(mv.STOP_ROADS, "stop_free_roads", BASE, "", N_("stop placing free roads"), "stop"),
    # ---- Cities & Knights: building, knights, improvements ----
    _k(
        mv.BUILD_WALL,
        "build_wall",
        CITIES,
        "crossing",
        N_("build a wall at {crossing}"),
        "wall {crossing}",
    ),
    _k(
        mv.HIRE_KNIGHT,
        "hire_knight",
        CITIES,
        "crossing",
        N_("hire a knight at {crossing}"),
        "knight {crossing}",
    ),
    _k(
        mv.ACTIVATE_KNIGHT,
        "activate_knight",
        CITIES,
        "crossing",
        N_("activate the knight at {crossing}"),
        "activate {crossing}",
    ),
    _k(
        mv.PROMOTE_KNIGHT,
        "promote_knight",
        CITIES,
        "crossing",
        N_("promote the knight at {crossing}"),
        "promote {crossing}",
    ),
    _k(
        mv.MOVE_KNIGHT,
        "move_knight",
        CITIES,
        "from:crossing to:crossing",
        N_("move the knight at {from} to {to}"),
        "move knight {from} to {to}",
    ),
    _k(
        mv.CHASE_ROBBER,
        "chase_robber",
        CITIES,
        "crossing",
        N_("chase the robber with the knight at {crossing}"),
        "chase {crossing}",
    ),
    _k(mv.IMPROVE, "improve", CITIES, "track", N_("improve {track}"), "improve {track}"),
    # ---- Cities & Knights: progress cards ----
    _k(
        mv.PLAY_ALCHEMIST,
        "play_alchemist",
        CITIES,
        "yellow:die red:die",
        N_("play Alchemist for {yellow} and {red}"),
        "play alchemist {yellow} {red}",
    ),
    _k(
        mv.PLAY_CRANE,
        "play_crane",
        CITIES,
        "track",
        N_("play Crane on {track}"),
        "play crane {track}",
    ),
    _k(
        mv.PLAY_ENGINEER,
        "play_engineer",
        CITIES,
        "crossing",
        N_("play Engineer for a wall at {crossing}"),
        "play engineer {crossing}",
    ),
    _k(
        mv.PLAY_INVENTOR,
        "play_inventor",
        CITIES,
        "first:hex second:hex",
        N_("play Inventor to swap the numbers of hexes {first} and {second}"),
        "play inventor {first} {second}",
    ),
    _k(mv.PLAY_IRRIGATION, "play_irrigation", CITIES, "", N_("play Irrigation"), "play irrigation"),
    _k(
        mv.PLAY_MEDICINE,
        "play_medicine",
        CITIES,
        "crossing",
        N_("play Medicine for a city at {crossing}"),
        "play medicine {crossing}",
    ),
    _k(mv.PLAY_MINING, "play_mining", CITIES, "", N_("play Mining"), "play mining"),
    _k(mv.PLAY_SMITH, "play_smith", CITIES, "", N_("play Smith"), "play smith"),
    _k(
        mv.PLAY_BISHOP,
        "play_bishop",
        CITIES,
        "hex",
        N_("play Bishop to move the robber to hex {hex}"),
        "play bishop {hex}",
    ),
    _k(
        mv.PLAY_DESERTER,
        "play_deserter",
        CITIES,
        "seat",
        N_("play Deserter on {seat}"),
        "play deserter {seat}",
    ),
    _k(
        mv.PLAY_DIPLOMAT,
        "play_diplomat",
        CITIES,
        "edge",
        N_("play Diplomat on the road at {edge}"),
        "play diplomat {edge}",
    ),
    _k(
        mv.PLAY_INTRIGUE,
        "play_intrigue",
        CITIES,
        "crossing",
        N_("play Intrigue on the knight at {crossing}"),
        "play intrigue {crossing}",
    ),
    _k(mv.PLAY_SABOTEUR, "play_saboteur", CITIES, "", N_("play Saboteur"), "play saboteur"),
    _k(mv.PLAY_SPY, "play_spy", CITIES, "seat", N_("play Spy on {seat}"), "play spy {seat}"),
    _k(mv.PLAY_WARLORD, "play_warlord", CITIES, "", N_("play Warlord"), "play warlord"),
    _k(mv.PLAY_WEDDING, "play_wedding", CITIES, "", N_("play Wedding"), "play wedding"),
    _k(
        mv.PLAY_COMMERCIAL_HARBOR,
        "play_commercial_harbor",
        CITIES,
        "",
        N_("play Commercial Harbor"),
        "play commercial harbor",
    ),
    _k(
        mv.PLAY_MASTER_MERCHANT,
        "play_master_merchant",
        CITIES,
        "seat",
        N_("play Master Merchant on {seat}"),
        "play master merchant {seat}",
    ),
    _k(
        mv.PLAY_MERCHANT,
        "play_merchant",
        CITIES,
        "hex",
        N_("play Merchant on hex {hex}"),
        "play merchant {hex}",
    ),
    _k(
        mv.PLAY_MERCHANT_FLEET,
        "play_merchant_fleet",
        CITIES,
        "good",
        N_("play Merchant Fleet for {good}"),
        "play merchant fleet {good}",
    ),
    _k(
        mv.PLAY_RESOURCE_MONOPOLY,
        "play_resource_monopoly",
        CITIES,
        "resource",
        N_("play Resource Monopoly on {resource}"),
        "play resource monopoly {resource}",
    ),
    _k(
        mv.PLAY_TRADE_MONOPOLY,
        "play_trade_monopoly",
        CITIES,
        "commodity",
        N_("play Trade Monopoly on {commodity}"),
        "play trade monopoly {commodity}",
    ),
    # ---- answers to chores ----
    _k(
        mv.LOSE_CITY,
        "lose_city",
        CITIES,
        "crossing",
        N_("lose the city at {crossing}"),
        "lose city {crossing}",
    ),
    _k(
        mv.GIVE_BACK_PROGRESS,
        "give_back_progress",
        CITIES,
        "card:progress",
        N_("give back {card}"),
        "give back {card}",
    ),
    _k(mv.HAND_OVER, "hand_over", CITIES, "cards", N_("hand over {cards}"), "hand over {cards}"),
    _k(
        mv.PLACE_METROPOLIS,
        "place_metropolis",
        CITIES,
        "crossing",
        N_("place the metropolis at {crossing}"),
        "metropolis {crossing}",
    ),
    _k(
        mv.PLACE_KNIGHT,
        "place_knight",
        CITIES,
        "crossing",
        N_("place the knight at {crossing}"),
        "place knight {crossing}",
    ),
    _k(
        mv.REMOVE_KNIGHT,
        "remove_knight",
        CITIES,
        "crossing",
        N_("remove the knight at {crossing}"),
        "remove knight {crossing}",
    ),
    _k(
        mv.CHOOSE_DECK,
        "choose_deck",
        CITIES,
        "track",
        N_("draw from the {track} deck"),
        "draw {track}",
    ),
    _k(
        mv.TAKE_PROGRESS,
        "take_progress",
        CITIES,
        "card:progress",
        N_("take {card}"),
        "take card {card}",
    ),
    _k(
        mv.TAKE_CARDS,
        "take_cards",
        CITIES,
        "goods:good_pair",
        N_("take {goods}"),
        "take {goods}",
    ),
    _k(mv.PICK, "pick", BASE, "good", N_("take {good}"), "pick {good}"),
    _k(
        mv.HARBOR_GIVE,
        "harbor_give",
        CITIES,
        "resource",
        N_("give {resource}"),
        "harbor {resource}",
    ),
    _k(
        mv.RETURN_COMMODITY,
        "return_commodity",
        CITIES,
        "commodity",
        N_("return {commodity}"),
        "return {commodity}",
    ),
    _k(mv.SKIP, "skip", BASE, "", N_("skip"), "skip"),
    # ---- Seafarers ----
    _k(mv.BUILD_SHIP, "build_ship", SEAFARERS, "edge", N_("build ship {edge}"), "ship {edge}"),
    _k(
        mv.MOVE_SHIP,
        "move_ship",
        SEAFARERS,
        "from:edge to:edge",
        N_("sail the ship at {from} to {to}"),
        "sail {from} to {to}",
    ),
    _k(
        mv.MOVE_PIRATE,
        "move_pirate",
        SEAFARERS,
        "hex rob:victim",
        N_("move pirate to hex {hex}[ and rob {rob}]"),
        "pirate {hex}[ steal {rob}]",
    ),
    _k(
        mv.RAID_FORTRESS,
        "raid_fortress",
        SEAFARERS,
        "hex",
        N_("raid the fortress on hex {hex}"),
        "raid {hex}",
    ),
    _k(mv.BUILD_WONDER, "build_wonder", SEAFARERS, "", N_("build a wonder stage"), "wonder"),
    _k(mv.DIG_CANAL, "dig_canal", SEAFARERS, "hex", N_("dig the canal on hex {hex}"), "dig {hex}"),
    # ---- Seafarers with Cities & Knights ----
    _k(
        mv.CHASE_PIRATE,
        "chase_pirate",
        SEAFARERS,
        "crossing",
        N_("chase the pirate with the knight at {crossing}"),
        "chase pirate {crossing}",
    ),
)
"""Indexed by kind code."""

BY_NAME: Final[Mapping[str, MoveKind]] = {k.name: k for k in TABLE}
LEGGED: Final = frozenset(k.code for k in TABLE if k.legs)
"""Kinds with a leg of cards, whose length depends on the table's hands."""


def field_range(kind: str, seats: int, nodes: int, edges: int, hexes: int, width: int) -> range:
    """The values a field of `kind` may take at a table of this size."""
    if kind == EDGE:
        return range(edges)
    if kind == CROSSING:
        return range(nodes)
    if kind == HEX:
        return range(hexes)
    if kind == SEAT:
        return range(seats)
    if kind in NULLABLE:
        return range(-1, seats)
    if kind in (RESOURCE, PAIR):
        return range(RESOURCES)
    if kind == COMMODITY:
        return range(RESOURCES, width if width > RESOURCES else RESOURCES)
    if kind in (GOOD, GOOD_PAIR):
        return range(width)
    if kind == TRACK:
        return range(TRACKS)
    if kind == PROGRESS:
        return range(PROGRESS_KINDS)
    if kind == DIE:
        return range(1, 7)
    raise ValueError(kind)


# ---- words -------------------------------------------------------------------------------


def value_words(
    kind: str, value: int | tuple[int, ...], seat_word: Callable[[int], str], spoken: bool
) -> str:
    """A field's value in words; `spoken` chooses the command form over the label's."""
    if kind == CARDS:
        assert isinstance(value, tuple)
        if spoken:
            return " ".join(f"{n} {CARD_NAMES[r]}" for r, n in enumerate(value) if n)
        return cards_text(value)
    if kind in PAIRS:
        assert isinstance(value, tuple)
        a, b = CARD_NAMES[value[0]], CARD_NAMES[value[1]]
        return f"{a} {b}" if spoken else f"{a} and {b}"
    assert isinstance(value, int)
    if kind in (SEAT, VICTIM, ADDRESSEE):
        if value < 0:
            return "everyone" if kind == ADDRESSEE else "nobody"
        return seat_word(value)
    if kind in (RESOURCE, COMMODITY, GOOD):
        return CARD_NAMES[value]
    if kind == TRACK:
        return TRACK_NAMES[value]
    if kind == PROGRESS:
        name = PROGRESS_NAMES[value]
        return name.replace("_", " ") if spoken else name.replace("_", " ").title()
    return str(value)


Words = Callable[[str, int | tuple[int, ...], Callable[[int], str], bool], str]
"""A field's kind, value, the seat's word and `spoken` → the value in words."""


def values(move: tuple[int, ...], width: int | None = None) -> dict[str, int | tuple[int, ...]]:
    """The move's values by field name (legs as tuples). The width of a leg is
    worked out from the move's length when not given."""
    kind = TABLE[move[0]]
    if width is None:
        legs = kind.legs
        fixed = kind.length(0) - 1
        width = (len(move) - 1 - fixed) // legs if legs else 0
    out: dict[str, int | tuple[int, ...]] = {}
    i = 1
    for f in kind.fields:
        n = size(f.kind, width)
        out[f.name] = tuple(move[i : i + n]) if f.kind in PAIRS or f.kind == CARDS else move[i]
        i += n
    return out


_SLOT: Final = re.compile(r"\{(\w+)\}")
_OPTIONAL: Final = re.compile(r"\[([^\]]*)\]")


def fill(
    template: str,
    move: tuple[int, ...],
    seat_word: Callable[[int], str],
    spoken: bool,
    extra: Mapping[str, str] | None = None,
    words: Words = value_words,
) -> str:
    """A template with the move's values put in; optional parts whose nullable
    field is absent are left out. `extra` fills slots that are not fields;
    `words` says a field's value (the renderers pass one that speaks the
    reader's language)."""
    kind = TABLE[move[0]]
    found = values(move)
    types = {f.name: f.kind for f in kind.fields}

    def absent(part: str) -> bool:
        return any(
            types.get(name) in NULLABLE and found[name] == -1 for name in _SLOT.findall(part)
        )

    text = _OPTIONAL.sub(lambda m: "" if absent(m.group(1)) else m.group(1), template)

    def slot(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in types:
            return words(types[name], found[name], seat_word, spoken)
        return (extra or {})[name]

    return _SLOT.sub(slot, text)


def fit(move: object, width: int) -> object:
    """The move with its legs of cards made `width` wide, when that changes
    nothing: a five-card leg at an eight-card table holds no commodities, an
    eight-card leg with none fits a five-card table. Anything else is returned
    as it is, for the rules to refuse."""
    if not isinstance(move, tuple) or not move or type(move[0]) is not int:
        return move
    if move[0] not in LEGGED:
        return move
    kind = TABLE[move[0]]
    if len(move) == kind.length(width):
        return move
    other = RESOURCES if width != RESOURCES else len(CARD_NAMES)
    if len(move) != kind.length(other):
        return move
    out: list[int] = [move[0]]
    i = 1
    for f in kind.fields:
        n = size(f.kind, other)
        part = list(move[i : i + n])
        if f.kind == CARDS:
            if width < other:
                if any(part[width:]):
                    return move
                part = part[:width]
            else:
                part += [0] * (width - other)
        out.extend(part)
        i += n
    return tuple(out)


def _seat(seat: int) -> str:
    return f"seat {seat}"


def label(move: tuple[int, ...]) -> str:
    """A short label in the same words as the chat command grammar."""
    return fill(TABLE[move[0]].label, move, _seat, spoken=False)
