"""Katan's text grammar, read off the move-kind table (`engine.katan.kinds`).

Every kind's `say` template is the command the grammar prints for a move and
the pattern it reads one with: its leading words are the kind's verb, each
`{field}` a slot read by the field's kind (a number, a seat, cards, a track),
the other words mark where one slot ends and the next begins, and `[...]`
parts may be left out. A kind is also found by its table `words` and by the
chat's own spellings below (`settle`, `upgrade`, `yes`), and `play` may be
left off a card (`knight`, `monopoly ore`).

A line is read as every kind whose verb it starts with; the reading that is
legal now wins, then the one read without a stray word, then one of the
table's own rule sets, then the kind's own verb over a spelling, then the
longest verb. The winner's values pick among the legal moves of its kind:
exactly one is chosen; several open the menu node that holds them; none
gets the engine's reason. Offers, counters, discards and hand-overs are free
form: without their cards they open the composer.
"""

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from engine.katan import kinds as k
from engine.katan import moves as mv
from engine.katan import rules
from engine.katan.components import CARD_NAMES
from engine.katan.moves import Move
from engine.katan.state import KatanState
from frontends.chat.compose import Draft, DraftKind, Side
from frontends.chat.grammar import (
    Chosen,
    Drafted,
    Opened,
    Parsed,
    Unknown,
    Wrong,
    nearest,
    seat_by_name,
)
from frontends.chat.menus import Leaf, Node, walk
from frontends.chat.presenters.katan import words as w
from languages import N_, _
from renderers.katan_words import card_said
from renderers.words import spoken

SPELLINGS: Final[dict[str, tuple[str, ...]]] = {
    "end_turn": ("end turn",),
    "build_road": ("road", "roads"),
    "build_settlement": ("settlement", "settle", "house", "town"),
    "build_city": ("build city", "cities", "upgrade"),
    "buy_development": (
        "buy",
        "get",
        *(
            f"{verb} {what}"
            for verb in ("build", "buy", "get", "place")
            for what in ("card", "dev", "development", "devcard", "developments")
        ),
    ),
    "play_knight": ("soldier", "k"),
    "play_road_building": ("rb", "roadbuilding"),
    "play_year_of_plenty": ("year", "year plenty", "year of plenty", "yop"),
    "play_monopoly": ("mono",),
    "move_robber": ("move robber", "move", "hex", "steal", "rob"),
    "discard": ("drop", "lose"),
    "bank_trade": ("bank", "maritime", "exchange"),
    "offer": ("propose", "trade"),
    "accept": ("yes", "ok", "deal"),
    "decline": ("no", "reject", "refuse", "nope"),
    "dismiss_counters": ("none",),
    "withdraw": ("cancel", "retract"),
    "stop_free_roads": ("end", "done", "finish", "pass"),
    "hire_knight": ("hire", "hire knight"),
    "move_ship": ("move ship",),
}
"""The chat's own spellings of a kind's verb, beside the table's `words`.
A card played with `play` may also be named without it."""
NEEDS: Final[dict[tuple[str, str], str]] = {("offer", "trade"): "to"}
"""Spellings that stand for a kind only with a field given: `trade … to bo`
is an offer, any other `trade` the bank's."""
PREFIXES: Final = frozenset({"build", "buy", "get", "place"})
"""Words a verb may follow (`build a city 7`, `place road 12`)."""
SYNONYMS: Final[dict[str, frozenset[str]]] = {
    "steal": frozenset({"steal", "rob", "from"}),
    "to": frozenset({"to", "with"}),
}
"""Template words and what else marks the same place in a line."""
ARTICLES: Final = frozenset({"a", "an", "the"})
TRAILING: Final = w.FILLER | {"please", "now"}
NOUNS: Final = {
    "chase_robber": "knight",
    "chase_pirate": "knight",
    "play_engineer": "wall",
    "play_medicine": "city",
    "play_intrigue": "knight",
    "play_diplomat": "road",
}
"""What a spot prompt calls the places of a kind whose name does not end in it."""
WHERE: Final = {
    "road": N_("Where? The numbers on the picture are the road spots."),
    "settlement": N_("Where? The numbers on the picture are the settlement spots."),
    "city": N_("Where? The numbers on the picture are the city spots."),
    "wall": N_("Where? The numbers on the picture are the wall spots."),
    "knight": N_("Where? The numbers on the picture are the knight spots."),
    "metropolis": N_("Where? The numbers on the picture are the metropolis spots."),
    "ship": N_("Where? The numbers on the picture are the ship spots."),
}
"""The question for a place, by what the places are for (`NOUNS`)."""


# ---- templates -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lit:
    words: frozenset[str]


@dataclass(frozen=True, slots=True)
class Slot:
    field: k.Field


Pattern = tuple[Lit | Slot, ...]


@dataclass(frozen=True, slots=True)
class Phrase:
    verb: tuple[str, ...]
    kind: k.MoveKind
    own: bool
    """The `say` template's own verb (not a spelling)."""
    needs: str | None = None


_TOKEN: Final = re.compile(r"\[|\]|\{\w+\}|[^\s\[\]{}]+")


def compile_say(kind: k.MoveKind) -> tuple[tuple[str, ...], Pattern]:
    """(verb, pattern) of a kind's `say` template. Numbers and slots that are
    not fields (a bank trade's `{ratio}`) are what the command prints, not
    what a line must say, so the pattern leaves them out."""
    fields = {f.name: f for f in kind.fields}
    verb: list[str] = []
    pattern: list[Lit | Slot] = []
    for token in _TOKEN.findall(kind.say):
        if token in "[]":
            continue
        if token.startswith("{"):
            found = fields.get(token[1:-1])
            if found is not None:
                pattern.append(Slot(found))
            continue
        if token.isdigit():
            continue
        if not pattern:
            verb.append(token)
        else:
            pattern.append(Lit(SYNONYMS.get(token, frozenset({token}))))
    return tuple(verb), tuple(pattern)


@cache
def patterns() -> tuple[Pattern, ...]:
    return tuple(compile_say(kind)[1] for kind in k.TABLE)


@cache
def phrases() -> tuple[Phrase, ...]:
    """Every verb the grammar knows, longest first."""
    out: list[Phrase] = []
    for kind in k.TABLE:
        verb = compile_say(kind)[0]
        spelled = [*kind.words, *SPELLINGS.get(kind.name, ())]
        found = [Phrase(verb, kind, True)]
        found += [Phrase(tuple(s.split()), kind, False, NEEDS.get((kind.name, s))) for s in spelled]
        if verb[0] == "play":
            found.append(Phrase(verb[1:], kind, False))
            found += [Phrase(("play", *s.split()), kind, False) for s in spelled]
        out += [p for p in found if p.verb]
    return tuple(sorted(out, key=lambda p: -len(p.verb)))


# ---- reading a line against one kind ---------------------------------------------------


@dataclass(slots=True)
class Reading:
    phrase: Phrase
    values: dict[str, w.Value] = field(default_factory=dict)
    """Values read; a seat's value is read later, among the seats that fit."""
    seats: dict[str, list[str]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    """How many cards a one-card field was said with (`4 wool`)."""
    partial: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """One card of a pair, when only one was said."""
    error: str | None = None
    error_field: str | None = None
    leftover: list[str] = field(default_factory=list)

    @property
    def kind(self) -> k.MoveKind:
        return self.phrase.kind

    @property
    def ok(self) -> bool:
        return self.error is None and not self.leftover

    def given(self, name: str) -> bool:
        return name in self.values or name in self.seats


def read(phrase: Phrase, said: Sequence[str], width: int) -> Reading:
    """The values of `said` (the words after the verb) by the kind's pattern."""
    pattern = patterns()[phrase.kind.code]
    reading = Reading(phrase)
    at = 0
    n = len(said)
    for i, item in enumerate(pattern):
        if isinstance(item, Lit):
            if at < n and said[at] in item.words:
                at += 1
            continue
        stops = frozenset().union(*(p.words for p in pattern[i + 1 :] if isinstance(p, Lit)))
        f = item.field
        if f.kind in w.SINGLE_WORD:
            while at < n and said[at] in w.SKIPPED and said[at] not in stops:
                at += 1
            if at < n and (one := w.read_one(f.kind, said[at])) is not None:
                reading.values[f.name] = one
                at += 1
            continue
        end = next((j for j in range(at, n) if said[j] in stops), n)
        chunk = [word for word in said[at:end] if word not in w.SKIPPED]
        at = end
        _read_slot(reading, f, chunk, width)
        if reading.error is not None:
            return reading
    reading.leftover = [word for word in said[at:] if word not in TRAILING]
    return reading


def _read_slot(reading: Reading, f: k.Field, chunk: list[str], width: int) -> None:
    found: w.Read
    if f.kind in w.SEATS:
        named = [word for word in chunk if word not in w.SEAT_FILLER]
        if f.kind == k.ADDRESSEE and named and set(named) <= w.EVERYONE:
            reading.values[f.name] = -1
        elif named:
            reading.seats[f.name] = named
        return
    if f.kind == k.CARDS:
        if not chunk:
            return
        counts, bad = w.read_cards(chunk, width)
        found = bad if bad else counts
    elif f.kind in w.CARD_KINDS:
        one = w.read_card(f.kind, chunk, width)
        if isinstance(one, tuple):
            found, reading.counts[f.name] = one
        else:
            found = one
    elif f.kind in k.PAIRS:
        found = w.read_pair(f.kind, chunk, width)
        if isinstance(found, tuple) and len(found) == 1:
            reading.partial[f.name] = found
            return
    elif f.kind == k.PROGRESS:
        found = w.read_progress(chunk)
    else:
        said = _("'{words}' does not fit there.")
        found = said.format(words=" ".join(chunk)) if chunk else w.MISSING
    if isinstance(found, str):
        reading.error, reading.error_field = found, f.name
    elif not isinstance(found, w.Missing):
        reading.values[f.name] = found


# ---- from a reading to an answer -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Context:
    st: KatanState
    seat: int
    legal: Sequence[Move]
    names: Sequence[str]
    tree: Callable[[], Node]
    command: Callable[[Move], str]


@dataclass(slots=True)
class Answer:
    parsed: Parsed | None
    legal: bool
    """Whether the reading names something the seat may do now (for ranking)."""
    open: tuple[list[Move], str] | None = None
    """Several legal moves fit: the moves and the question to ask."""


def parse(said: list[str], ctx: Context) -> Parsed:
    if not said:
        return Wrong(_("Say a move."), tuple(forms(ctx, ctx.legal)))
    line = [said[0], *(word for word in said[1:] if word not in ARTICLES)]
    if line[0] == "use":
        line[0] = "play"
    variants = [line]
    if line[0] in PREFIXES and len(line) > 1:
        variants.append(line[1:])
    found: list[tuple[tuple[bool, bool, bool, bool, int], Answer]] = []
    played = ctx.st.ruleset.names
    for variant in variants:
        for phrase in phrases():
            size = len(phrase.verb)
            if tuple(variant[:size]) != phrase.verb:
                continue
            reading = read(phrase, variant[size:], ctx.st.width)
            if phrase.needs is not None and not reading.given(phrase.needs):
                continue
            answer = resolve(reading, ctx)
            rank = (answer.legal, reading.ok, phrase.kind.rule_set in played, phrase.own, size)
            found.append((rank, answer))
    if found:
        best = max(found, key=lambda pair: pair[0])[1]
        return finish(best, ctx)
    return _unread(line, ctx)


def resolve(reading: Reading, ctx: Context) -> Answer:
    kind = reading.kind
    same = [m for m in ctx.legal if m[0] == kind.code]
    if reading.error is not None:
        error = _bank_words(reading, ctx) or reading.error
        return Answer(Wrong(error, tuple(forms(ctx, same or ctx.legal))), False)
    if reading.leftover:
        example = forms(ctx, same)[:1] or [kind.say.split("{")[0].strip()]
        bad = " ".join(reading.leftover)
        note = _("'{words}' does not fit there; say it like {example}.").format(
            words=bad, example=example[0]
        )
        return Answer(Wrong(note, tuple(forms(ctx, same or ctx.legal))), False)
    if kind.legs:
        return _free_form(reading, ctx, same)
    if kind.code == mv.BANK_TRADE and (rate := _bank_words(reading, ctx)):
        return Answer(Wrong(rate, tuple(forms(ctx, same or ctx.legal))), False)
    fits = [m for m in same if _agrees(m, reading)]
    for f in kind.fields:
        if f.name not in reading.seats:
            continue
        seat = _seat(reading.seats[f.name], kind, f, fits, ctx)
        if isinstance(seat, str):
            return Answer(Wrong(seat, tuple(forms(ctx, fits or same or ctx.legal))), False)
        reading.values[f.name] = seat
        fits = [m for m in fits if _agrees(m, reading)]
    if all(f.name in reading.values for f in kind.fields):
        move = _build(kind, reading.values, ctx.st.width)
        if move in ctx.legal:
            return Answer(Chosen(next(m for m in ctx.legal if m == move)), True)
        reason = rules.why_not(ctx.st, ctx.seat, move)
        if reason is None:
            return Answer(Chosen(move), True)
        return Answer(_wrong(reason, ctx, same), False)
    if len(fits) == 1:
        return Answer(Chosen(fits[0]), True)
    if fits:
        return Answer(None, True, (fits, _prompt(kind, reading, fits)))
    return Answer(_wrong(_probe_reason(reading, ctx), ctx, same), False)


def finish(answer: Answer, ctx: Context) -> Parsed:
    if answer.parsed is not None:
        return answer.parsed
    assert answer.open is not None
    moves, note = answer.open
    path = holding(ctx.tree(), moves)
    if path is None:
        return Wrong(note, tuple(forms(ctx, moves)))
    return Opened(path, note)


def holding(root: Node, moves: Iterable[Move]) -> tuple[str, ...] | None:
    """The path of the deepest menu node whose leaves include all of `moves`."""
    wanted = set(moves)
    below: dict[int, set[Move]] = {}

    def leaves(node: Node) -> set[Move]:
        found: set[Move] = set()
        for child in node.children:
            if isinstance(child, Leaf):
                found.add(child.move)
            elif isinstance(child, Node):
                found |= leaves(child)
        below[id(node)] = found
        return found

    leaves(root)
    best: tuple[str, ...] | None = None
    for path, node in walk(root):
        if wanted <= below[id(node)] and (best is None or len(path) > len(best)):
            best = path
    return best


def forms(ctx: Context, moves: Iterable[Move], most: int = 8) -> list[str]:
    """Commands for `moves`, deduplicated, for "try one of these"."""
    out: list[str] = []
    for move in moves:
        text = ctx.command(move)
        if text not in out:
            out.append(text)
            if len(out) == most:
                break
    return out


def _wrong(reason: str, ctx: Context, same: Sequence[Move]) -> Wrong:
    return Wrong(spoken(reason, ctx.names), tuple(forms(ctx, same or ctx.legal)))


# ---- values --------------------------------------------------------------------------


def _offsets(kind: k.MoveKind, width: int) -> dict[str, tuple[int, int]]:
    out = {}
    at = 1
    for f in kind.fields:
        n = k.size(f.kind, width)
        out[f.name] = (at, n)
        at += n
    return out


def _agrees(move: Move, reading: Reading) -> bool:
    """Whether a legal move has every value the line gave (a pair: its half)."""
    kind = reading.kind
    width = (len(move) - kind.length(0)) // kind.legs if kind.legs else 0
    for name, (at, n) in _offsets(kind, width).items():
        part = move[at : at + n]
        if name in reading.values:
            value = reading.values[name]
            if part != (value if isinstance(value, tuple) else (value,)):
                return False
        elif name in reading.partial and reading.partial[name][0] not in part:
            return False
    return True


def _build(kind: k.MoveKind, values: dict[str, w.Value], width: int) -> Move:
    out = [kind.code]
    for f in kind.fields:
        value = values.get(f.name, -1 if f.kind in k.NULLABLE else 0)
        if isinstance(value, tuple):
            out.extend(value)
        else:
            out.append(value)
    return tuple(out)


def _seat(
    said: list[str], kind: k.MoveKind, f: k.Field, fits: Sequence[Move], ctx: Context
) -> int | str:
    """The seat a slot names: among the seats the legal moves allow there,
    else (so the engine can say why not) among every seat."""
    st = ctx.st
    if f.kind == k.ADDRESSEE:
        allowed = [t for t in range(st.seats) if t != ctx.seat]
    else:
        at, _ = _offsets(kind, 0)[f.name]
        allowed = sorted({m[at] for m in fits if m[at] >= 0})
    found, why = seat_by_name(said, ctx.names, allowed or range(st.seats))
    if found is None:
        return why or _("Name a seat.")
    return found


def _bank_words(reading: Reading, ctx: Context) -> str | None:
    """A bank trade is one kind for one card, at the seat's ratio."""
    if reading.kind.code != mv.BANK_TRADE:
        return None
    if reading.error is not None and reading.error_field is not None:
        if not w.several_kinds(reading.error):
            return None
        return _(
            "A bank trade is one kind for one card: trade 4 wool for 1 ore. "
            "To ask the other seats, say offer … for …."
        )
    give = reading.values.get("give")
    if not isinstance(give, int):
        return None
    ratio = rules.ratios(ctx.st, ctx.seat)[give]
    gave = reading.counts.get("give", 1)
    got = reading.counts.get("get", 1)
    if gave in (1, ratio) and got == 1:
        return None
    get = reading.values.get("get")
    said = _(
        "You trade {card} with the bank at {ratio}:1: trade {ratio} {name} for 1 {wanted}. "
        "To ask the other seats, say offer … for …."
    )
    return said.format(
        card=card_said(give),
        ratio=ratio,
        name=CARD_NAMES[give],
        wanted=CARD_NAMES[get] if isinstance(get, int) else "…",
    )


def _free_form(reading: Reading, ctx: Context, same: Sequence[Move]) -> Answer:
    """Offers, counters, discards and hand-overs: any counts, so no list to pick from."""
    kind = reading.kind
    st = ctx.st
    width = st.width
    legs = [f.name for f in kind.fields if f.kind == k.CARDS]
    given = {name: reading.values[name] for name in legs if name in reading.values}
    if len(given) < len(legs):
        if not ctx.legal:
            probe = _build(kind, {**reading.values}, width)
            reason = rules.why_not(st, ctx.seat, probe) or _("You cannot do that now.")
            return Answer(_wrong(reason, ctx, same), False)
        return Answer(_draft(kind, reading, given, ctx), bool(same))
    for f in kind.fields:
        if f.name in reading.seats:
            seat = _seat(reading.seats[f.name], kind, f, [], ctx)
            if isinstance(seat, str):
                return Answer(Wrong(seat, tuple(forms(ctx, same or ctx.legal))), False)
            reading.values[f.name] = seat
    move = _build(kind, reading.values, width)
    if move in ctx.legal or (refused := rules.why_not(st, ctx.seat, move)) is None:
        return Answer(Chosen(move), True)
    return Answer(_wrong(refused, ctx, same), False)


DRAFTS: Final[dict[int, tuple[DraftKind, str]]] = {
    mv.OFFER: ("offer", N_("Compose your offer.")),
    mv.COUNTER: ("counter", N_("Compose your counter-offer.")),
    mv.DISCARD: ("discard", N_("Choose the cards to discard.")),
    mv.HAND_OVER: ("hand_over", N_("Choose the cards to hand over.")),
}


def _draft(kind: k.MoveKind, reading: Reading, given: dict[str, w.Value], ctx: Context) -> Drafted:
    st = ctx.st
    zero = (0,) * st.width
    name, note = DRAFTS[kind.code]
    legs = [f.name for f in kind.fields if f.kind == k.CARDS]
    first = given.get(legs[0])
    second = given.get(legs[1]) if len(legs) > 1 else None
    give = first if isinstance(first, tuple) else zero
    want = second if isinstance(second, tuple) else zero
    if kind.code == mv.COUNTER and not given and st.offer is not None:
        offered, asked = mv.offer_legs(st.offer)
        give, want = asked, offered
    side: Side = "want" if first is not None and second is None and len(legs) > 1 else "give"
    to = reading.values.get("to", -1)
    if "to" in reading.seats:
        seat = _seat(reading.seats["to"], kind, k.Field("to", k.ADDRESSEE), [], ctx)
        to = seat if isinstance(seat, int) else -1
    assert isinstance(to, int)
    return Drafted(Draft(name, give, want, to, side).payload(), _(note))


# ---- when nothing fits -----------------------------------------------------------------


def _probe_reason(reading: Reading, ctx: Context) -> str:
    """The engine's reason when no legal move fits what was said: asked of a
    few moves that fill the gaps, and given when they all agree (not your
    turn, roll first, a road costs …); else that nothing of the kind is open."""
    kind = reading.kind
    st = ctx.st
    top = st.board.topology
    sizes = (st.seats, top.node_count, top.edge_count, len(top.hexes), st.width)
    gaps: list[tuple[str, list[w.Value]]] = []
    for f in kind.fields:
        if f.name in reading.values:
            continue
        allowed = k.field_range(f.kind, *sizes) if f.kind != k.CARDS else range(1)
        values: list[w.Value] = []
        if f.kind in k.PAIRS:
            values = [(a, a) for a in _spread(allowed)]
        elif f.kind == k.CARDS:
            values = [(0,) * st.width]
        else:
            values = list(_spread(allowed))
        gaps.append((f.name, values or [0]))
    reasons: set[str | None] = set()
    probes = [dict(reading.values)]
    for name, values in gaps:
        probes = [{**p, name: v} for p in probes for v in values][:9]
    for probe in probes:
        reasons.add(rules.why_not(st, ctx.seat, _build(kind, probe, st.width)))
    if len(reasons) == 1 and (only := reasons.pop()) is not None:
        return only
    stem = re.split(r"[\[{]", kind.label)[0].split()
    while stem and stem[-1] in w.SKIPPED | ARTICLES:
        stem.pop()
    return _("You cannot {command} now.").format(command=" ".join(stem))


def _spread(allowed: range) -> list[int]:
    if not allowed:
        return []
    picks = [allowed[0], allowed[len(allowed) // 2], allowed[-1]]
    return list(dict.fromkeys(picks))


def _prompt(kind: k.MoveKind, reading: Reading, fits: Sequence[Move]) -> str:
    """The question for the first value the fitting moves still differ in."""
    offsets = _offsets(kind, 0)  # kinds with legs of cards are composed, never listed
    for f in kind.fields:
        at, n = offsets[f.name]
        if len({m[at : at + n] for m in fits}) > 1:
            return question(kind, f)
    return _("Which one?")


def question(kind: k.MoveKind, f: k.Field) -> str:
    if f.kind in (k.EDGE, k.CROSSING):
        noun = NOUNS.get(kind.name, kind.name.split("_")[-1])
        return _(WHERE[noun]) if noun in WHERE else _("Where? Choose a number on the picture.")
    if f.kind == k.HEX:
        return _("Which hex? The numbers on the picture are the hexes.")
    if f.kind == k.VICTIM:
        return _("Whom do you rob?")
    if f.kind in (k.SEAT, k.ADDRESSEE):
        return _("Which seat? Say a name, or seat N.")
    if f.kind in (k.RESOURCE, k.GOOD) and f.name == "give":
        return _("Which card do you give?")
    if f.kind in (k.RESOURCE, k.GOOD) and f.name == "get":
        return _("Which card do you get?")
    return _(QUESTIONS.get(f.kind, N_("Which one?")))


QUESTIONS: Final = {
    k.RESOURCE: N_("Which resource?"),
    k.COMMODITY: N_("Which commodity: cloth, coin or paper?"),
    k.GOOD: N_("Which card?"),
    k.PAIR: N_("Which two resources?"),
    k.GOOD_PAIR: N_("Which two cards?"),
    k.TRACK: N_("Which track: trade, politics or science?"),
    k.PROGRESS: N_("Which progress card?"),
    k.DIE: N_("Which number, 1 to 6?"),
}
"""The question for a value of a field kind that is not a place or a seat."""


def _unread(line: list[str], ctx: Context) -> Parsed:
    """No verb matched: a verb's first words alone (`play`, `build`) open what
    they could start; a near miss gets "did you mean"; else not Katan at all."""
    played = ctx.st.ruleset.names
    known = [p for p in phrases() if p.kind.rule_set in played]
    started = [p for p in known if p.verb[: len(line)] == tuple(line)]
    if started:
        codes = {p.kind.code for p in started}
        moves = [m for m in ctx.legal if m[0] in codes]
        note = _("Which card?") if line[0] == "play" else _("Which one?")
        if moves:
            return finish(Answer(None, True, (moves, note)), ctx)
        said = _("There is nothing to {command} now.").format(command=" ".join(line))
        return Wrong(said, tuple(forms(ctx, ctx.legal)))
    head = line[0]
    firsts = sorted({p.verb[0] for p in known})
    if head in firsts:
        codes = {p.kind.code for p in known if p.verb[0] == head}
        moves = [m for m in ctx.legal if m[0] in codes]
        said = " ".join(line)
        note = _("'{words}' is not a Katan command.").format(words=said)
        return Wrong(note, tuple(forms(ctx, moves or ctx.legal)))
    close = nearest(head, [f for f in firsts if len(f) > 1])
    if close:
        note = _("'{words}' is not a Katan command. Did you mean {close}?")
        return Wrong(note.format(words=head, close=_(" or ").join(close)))
    return Unknown(head)
