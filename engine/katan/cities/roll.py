"""Cities & Knights' roll, resolved in the published order: the event die (the
barbarians' ship, or a gate that deals progress cards by the red die), then
production with the cities' commodities, the aqueduct, or the seven.

Where a seat must answer in between (a city to lose, a fifth progress card
to give back), the next stage waits in the chore queue as the engine's own
chore, so production never runs before the barbarians are dealt with.
"""

from engine.katan import answers, chores
from engine.katan.cities.components import (
    ABILITY_LEVEL,
    BARBARIAN_START,
    CITY_PRODUCE,
    EVENT_FACES,
    EVENT_SHIP,
    FACE_UP,
    PROGRESS_HAND,
    PROGRESS_TITLES,
    SCIENCE,
    TRACK_COLOURS,
    TRACK_NAMES,
    TRACKS,
    WALL_HAND_BONUS,
)
from engine.katan.cities.improvements import metropolises
from engine.katan.cities.state import CitiesPart, strength
from engine.katan.components import DISCARD_OVER
from engine.katan.events import Events, say
from engine.katan.production import Owed, pay
from engine.katan.rng import PLAY, draw
from engine.katan.state import MAIN, ROBBER, KatanState, hand_size

EVENT_WORDS = ("a yellow gate", "a blue gate", "a green gate", "the ship", "the ship", "the ship")


def part(st: KatanState) -> CitiesPart:
    ck: CitiesPart = st.ck
    return ck


def roll(st: KatanState, dice: tuple[int, int] | None, ev: Events) -> None:
    """Roll the event die (and the number dice unless an Alchemist set them)."""
    event = draw(st.seed, PLAY, st.counter, EVENT_FACES)
    st.counter += 1
    if dice is None:
        x = draw(st.seed, PLAY, st.counter, 36)
        st.counter += 1
        dice = (x // 6 + 1, x % 6 + 1)
    resolve(st, dice[0], dice[1], event, ev)


def resolve(st: KatanState, yellow: int, red: int, event: int, ev: Events) -> None:
    """Resolve a roll of (yellow, red) and an event face. Tests stage rolls here."""
    ck = part(st)
    seat = st.current
    st.dice = (yellow, red)
    st.rolled = True
    ck.event = event
    st.phase = MAIN
    total = yellow + red
    if ev is not None:
        say(
            ev,
            "roll",
            f"Seat {seat} rolled {total} (red {red}) and {EVENT_WORDS[event]}",
            seat,
            {"dice": [yellow, red], "event": _event_name(event)},
        )
    if event >= EVENT_SHIP:
        ck.barbarians -= 1
        if ck.barbarians <= 0:
            attack(st, ev)
        elif ev is not None:
            say(
                ev,
                "barbarians",
                f"The barbarians sail nearer: {ck.barbarians} "
                f"step{'s' if ck.barbarians != 1 else ''} from Catan",
                None,
                {"steps": ck.barbarians},
            )
    else:
        gate(st, event, red, ev)
    if total == 7:
        chores.queue(st, (chores.SEVEN, chores.HOST))
    else:
        chores.queue(st, (chores.PRODUCE, chores.HOST, total))
    chores.run(st, ev)


def _event_name(event: int) -> str:
    return "ship" if event >= EVENT_SHIP else f"gate_{TRACK_NAMES[event]}"


def in_turn_order(st: KatanState) -> list[int]:
    """Every seat, starting with the one on turn."""
    return [(st.current + k) % st.seats for k in range(st.seats)]


# ---- the barbarians ---------------------------------------------------------------------


def attack(st: KatanState, ev: Events) -> None:
    """The ship lands: Catan's active knights against the number of cities."""
    ck = part(st)
    n = st.seats
    barbarians = sum(c.bit_count() for c in st.cities)
    shares = [strength(ck, t) for t in range(n)]
    defence = sum(shares)
    ck.attacks += 1
    ck.barbarians = BARBARIAN_START
    if st.robber < 0:
        # The published robber waits on the desert from the start; it wakes there.
        st.robber = st.board.robber_start
    if defence >= barbarians:
        best = max(shares)
        top = [t for t in in_turn_order(st) if shares[t] == best and best > 0]
        if ev is not None:
            say(
                ev,
                "barbarians_repelled",
                f"The barbarians attack with {barbarians}; Catan's knights hold with {defence}",
                None,
                {"barbarians": barbarians, "knights": defence, "shares": shares},
            )
        if len(top) == 1:
            ck.defenders[top[0]] += 1
            st.points[top[0]] += 1
            if ev is not None:
                say(ev, "defender", f"Seat {top[0]} is the Defender of Catan", top[0])
        else:
            for t in top:
                if any(ck.decks):
                    chores.queue(st, (chores.CHOOSE_DECK, t))
    else:
        liable = [t for t in in_turn_order(st) if st.cities[t] & ~metropolises(ck)]
        losers: list[int] = []
        if liable:
            least = min(shares[t] for t in liable)
            losers = [t for t in liable if shares[t] == least]
        if ev is not None:
            who = ", ".join(f"seat {t}" for t in losers) or "nobody"
            say(
                ev,
                "barbarians_win",
                f"The barbarians attack with {barbarians} against {defence}: Catan falls;"
                f" {who} must lose a city",
                None,
                {"barbarians": barbarians, "knights": defence, "shares": shares, "losers": losers},
            )
        for t in losers:
            chores.queue(st, (chores.LOSE_CITY, t))
    for t in range(n):
        ck.active[t] = 0
    ck.woke = 0


# ---- progress cards from the gates ------------------------------------------------------


def gate(st: KatanState, track: int, red: int, ev: Events) -> None:
    ck = part(st)
    for t in in_turn_order(st):
        level = ck.levels[t * TRACKS + track]
        if level and red <= level and ck.decks[track]:
            draw_progress(st, t, track, ev)


def draw_progress(st: KatanState, seat: int, track: int, ev: Events, first: bool = False) -> None:
    """The top card of the track's deck to the seat: face up if a point card,
    else into the hand (a fifth is given back at once: a chore)."""
    ck = part(st)
    deck = ck.decks[track]
    card, ck.decks[track] = deck[0], deck[1:]
    if card in FACE_UP:
        ck.face_up[seat] += 1
        st.points[seat] += 1
        if ev is not None:
            say(
                ev,
                "progress_point",
                f"Seat {seat} drew {PROGRESS_TITLES[card]}: a point, laid face up",
                seat,
                {"card": card},
            )
        return
    ck.progress[seat] = (*ck.progress[seat], card)
    if ev is not None:
        colour = TRACK_COLOURS[track]
        say(
            ev,
            "progress_draw",
            f"Seat {seat} drew {PROGRESS_TITLES[card]} ({colour})",
            seat,
            {"card": card, "track": TRACK_NAMES[track]},
            frozenset((seat,)),
        )
        say(
            ev,
            "progress_draw",
            f"Seat {seat} drew a {colour} progress card",
            seat,
            {"track": TRACK_NAMES[track]},
            hidden_from=frozenset((seat,)),
        )
    if len(ck.progress[seat]) > PROGRESS_HAND:
        chores.queue(st, (chores.GIVE_BACK, seat), first=first)


# ---- production and the seven -----------------------------------------------------------


class Produce(chores.Handler):
    """Production: a settlement 1 card, a city 2 (or a resource and its commodity
    on forest, pasture and mountains); then the aqueduct."""

    def run(self, st: KatanState, chore: chores.Chore, ev: Events) -> None:
        paid = pay(st, owed(st, chore[2]), ev)
        st.ruleset.after_production(st, chore[2], paid, ev)


def owed(st: KatanState, total: int) -> Owed:
    n = st.seats
    towns, cities = st.towns, st.cities
    built, robber = st.built, st.robber
    out: Owed = {}
    for hex_id, res, corners in st.board.producers[total]:
        occupied = built & corners
        if not occupied or hex_id == robber:
            continue
        for t in range(n):
            town = (towns[t] & occupied).bit_count()
            city = (cities[t] & occupied).bit_count()
            if town:
                row = out.setdefault(res, [0] * n)
                row[t] += town
            if city:
                for kind, count in CITY_PRODUCE[res]:
                    row = out.setdefault(kind, [0] * n)
                    row[t] += count * city
    return out


def aqueducts(st: KatanState, paid: int) -> None:
    """Seats with science 3 that the roll paid nothing take a resource."""
    ck = part(st)
    for t in in_turn_order(st):
        if not paid >> t & 1 and ck.levels[t * TRACKS + SCIENCE] >= ABILITY_LEVEL:
            answers.queue_pick(st, t, 1, 0)


class Seven(chores.Handler):
    """Hands over 7 + 2 per wall discard half; then the robber, once awake."""

    def run(self, st: KatanState, chore: chores.Chore, ev: Events) -> None:
        ck = part(st)
        for t in in_turn_order(st):
            limit = DISCARD_OVER + WALL_HAND_BONUS * ck.walls[t].bit_count()
            size = hand_size(st, t)
            if size > limit:
                chores.queue(st, (chores.DISCARD, t, size // 2))
                if ev is not None:
                    say(ev, "must_discard", f"Seat {t} must discard {size // 2} cards", t)
        st.back = ROBBER if ck.attacks else MAIN
