"""Katan in chat: a menu per kind of action, spots by their engine ids, and
the composer for offers, counters and discards."""

from collections.abc import Sequence
from typing import Final

from engine.katan import rules
from engine.katan.components import (
    DEV_KINDS,
    DEV_LABELS,
    OFFERS_PER_TURN,
    RESOURCE_NAMES,
    RESOURCES,
    VICTORY_POINT,
)
from engine.katan.game import KATAN
from engine.katan.moves import (
    ACCEPT,
    BANK_MOVES,
    BANK_TRADE,
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEV,
    CITY_MOVES,
    COUNTER,
    DECLINE,
    DISCARD,
    DISMISS,
    END_TURN,
    M_ACCEPT,
    M_BUY,
    M_DECLINE,
    M_DISMISS,
    M_END,
    M_KNIGHT,
    M_ROAD_BUILDING,
    M_ROLL,
    M_STOP_ROADS,
    M_WITHDRAW,
    MONOPOLY_MOVES,
    MOVE_ROBBER,
    OFFER,
    PLAY_KNIGHT,
    PLAY_MONOPOLY,
    PLAY_PLENTY,
    PLAY_ROAD_BUILDING,
    ROAD_MOVES,
    ROBBER_MOVES,
    ROLL,
    SETTLEMENT_MOVES,
    STOP_ROADS,
    TAKE_COUNTER,
    TAKE_MOVES,
    WITHDRAW,
    Move,
    counter_legs,
    counter_move,
    discard_move,
    offer_legs,
    offer_move,
)
from engine.katan.robber import robbable
from engine.katan.state import (
    COUNTERS,
    FREE_ROADS,
    MAIN,
    OVER,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    KatanState,
    hand_size,
)
from engine.katan.state import DISCARD as P_DISCARD
from engine.katan.state import OFFER as P_OFFER
from engine.katan.state import ROLL as P_ROLL
from engine.katan.view import KatanView
from frontends.chat import compose
from frontends.chat.compose import Draft
from frontends.chat.grammar import (
    Chosen,
    Drafted,
    Opened,
    Parsed,
    Unknown,
    Wrong,
    nearest,
    number,
    seat_by_name,
    with_names,
    word_name,
)
from frontends.chat.menus import Compose, Entry, Leaf, Node, Sheet
from frontends.chat.presenters.base import Presenter
from renderers import katan as draw
from renderers.spots import Spots, katan_spots

RESOURCE_WORDS: Final = {
    "lumber": 0,
    "wood": 0,
    "log": 0,
    "logs": 0,
    "timber": 0,
    "brick": 1,
    "bricks": 1,
    "clay": 1,
    "wool": 2,
    "sheep": 2,
    "grain": 3,
    "grains": 3,
    "wheat": 3,
    "ore": 4,
    "ores": 4,
    "stone": 4,
    "rock": 4,
    "rocks": 4,
}
PIECES: Final = {
    "road": "road",
    "roads": "road",
    "settlement": "settlement",
    "settle": "settlement",
    "house": "settlement",
    "town": "settlement",
    "city": "city",
    "cities": "city",
    "upgrade": "city",
}
PIECE_MOVES: Final = {"road": ROAD_MOVES, "settlement": SETTLEMENT_MOVES, "city": CITY_MOVES}
PIECE_KEYS: Final = {"road": "rd", "settlement": "st", "city": "ct"}
VERBS: Final = (
    "roll",
    "build",
    "buy",
    "road",
    "settlement",
    "city",
    "play",
    "knight",
    "monopoly",
    "plenty",
    "robber",
    "trade",
    "offer",
    "accept",
    "decline",
    "counter",
    "take",
    "dismiss",
    "withdraw",
    "discard",
    "stop",
    "end",
)
FILLER: Final = frozenset({"a", "an", "the", "of", "and", "&", "+", "card", "cards", "on", "at"})
EVERYONE: Final = frozenset({"everyone", "everybody", "all", "anyone", "anybody", "table"})

HELP: Final = """Katan commands (any case); numbers are the ids drawn on the board:
  roll · end · build road 12 · build settlement 7 · city 7 · buy card
  play knight · play road building · play plenty ore wool · play monopoly ore
  robber 5 · robber 5 steal ana
  trade 4 wool for 1 ore (the bank or your harbour rate)
  offer 2 wool 1 brick for 1 ore to bo (without "to": everyone)
  accept · decline · counter 1 ore for 2 wool · take bo · dismiss · withdraw
  discard 2 ore 1 wool · stop (no more free roads)"""
RULES: Final = """Katan: settle the island, roll for resources, build roads, settlements and cities.
Roads cost lumber+brick, settlements lumber+brick+wool+grain, cities 2 grain+3 ore,
development cards wool+grain+ore. A seven makes hands over seven discard half and
moves the robber. Longest Road and Largest Army are worth 2 points each.
First to the target (10 by default) wins. Full rules: docs/katan.md."""


def cards_words(counts: Sequence[int]) -> str:
    """Counts the grammar reads back: `2 wool 1 ore`."""
    return " ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(counts) if n)


def resource(word: str) -> int | None:
    if word in RESOURCE_WORDS:
        return RESOURCE_WORDS[word]
    if len(word) >= 3:
        found = {r for w, r in RESOURCE_WORDS.items() if w.startswith(word)}
        if len(found) == 1:
            return found.pop()
    return None


def read_cards(said: Sequence[str]) -> tuple[tuple[int, ...], str | None]:
    """`2 wool 1 brick`, `wool wool brick`, `2x wool`: counts per resource, or
    the word that is not a card."""
    counts = [0] * RESOURCES
    pending: int | None = None
    for word in said:
        if word in FILLER:
            continue
        n = number(word)
        if n is not None and resource(word) is None:
            pending = n
            continue
        r = resource(word)
        if r is None:
            return tuple(counts), f"{word!r} is not a resource ({', '.join(RESOURCE_NAMES)})."
        counts[r] += 1 if pending is None else pending
        pending = None
    if pending is not None:
        return tuple(counts), f"{pending} of what? Name a resource after the number."
    return tuple(counts), None


def _split(said: Sequence[str], word: str) -> tuple[list[str], list[str]] | None:
    if word not in said:
        return None
    at = list(said).index(word)
    return list(said[:at]), list(said[at + 1 :])


class KatanPresenter(Presenter[KatanView, Move]):
    game = KATAN
    help = HELP
    rules = RULES

    # ---- words -------------------------------------------------------------------------

    def caption(self, view: KatanView, seat: int | None, names: Sequence[str]) -> str:
        st = view.state
        points = ", ".join(f"{names[t]} {self._points(st, t, seat)}" for t in range(st.seats))
        return f"{self._status(st, names)} Points: {points} (to {st.target})."

    @staticmethod
    def _points(st: KatanState, t: int, viewer: int | None) -> int:
        hidden = st.devs[t * DEV_KINDS + VICTORY_POINT] if t == viewer or st.phase == OVER else 0
        return st.points[t] + hidden

    @staticmethod
    def _status(st: KatanState, names: Sequence[str]) -> str:
        who = names[st.current]
        phase = st.phase
        if phase == SETUP_SETTLEMENT:
            return f"Setup: {who} places a settlement."
        if phase == SETUP_ROAD:
            return f"Setup: {who} places a road."
        if phase == P_ROLL:
            return f"Turn {st.turn}: {who} to roll."
        if phase == P_DISCARD:
            owing = [f"{names[t]} {n}" for t, n in enumerate(st.discards) if n]
            return f"A seven! Discarding: {', '.join(owing)}."
        if phase == ROBBER:
            return f"{who} moves the robber."
        if phase == FREE_ROADS:
            return f"{who} places free roads ({st.free_roads} left)."
        if phase == P_OFFER and st.offer is not None:
            give, want = offer_legs(st.offer)
            to = "everyone" if st.offer[1] < 0 else names[st.offer[1]]
            asked = f"; {names[st.asked]} to answer" if st.asked >= 0 else ""
            return f"{who} offers {_cards(give)} for {_cards(want)} to {to}{asked}."
        if phase == COUNTERS:
            return f"{who} considers the counter-offers."
        if phase == OVER:
            return f"{names[st.winner]} wins!"
        rolled = f" (rolled {sum(st.dice)})" if st.rolled else ""
        return f"Turn {st.turn}: {who}'s move{rolled}."

    def hand(self, view: KatanView, seat: int) -> str:
        st = view.state
        cards = st.hands[seat * RESOURCES : (seat + 1) * RESOURCES]
        devs = st.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS]
        fresh = st.fresh if seat == st.current else [0] * DEV_KINDS
        parts = [f"Your hand: {_cards(cards)}."]
        held = [
            f"{n} {DEV_LABELS[k]}" + (f" ({fresh[k]} new)" if fresh[k] else "")
            for k, n in enumerate(devs)
            if n
        ]
        if held:
            parts.append(f"Development cards: {', '.join(held)}.")
        return " ".join(parts)

    # ---- the menu tree -------------------------------------------------------------------

    def tree(self, view: KatanView, seat: int, legal: Sequence[Move], names: Sequence[str]) -> Node:
        st = view.state
        phase = st.phase
        if phase == SETUP_SETTLEMENT:
            return self._spot_node("", "settlement", legal, "Setup: place a settlement")
        if phase == SETUP_ROAD:
            return self._spot_node("", "road", legal, "Setup: place a road")
        if phase == P_DISCARD:
            return self._discard_node(st, seat, legal)
        if phase == ROBBER:
            return self._robber_node(st, legal, names)
        if phase == FREE_ROADS:
            node = self._spot_node("", "road", legal, "Place a free road")
            stop = Leaf("Stop placing roads", M_STOP_ROADS, style="danger")
            return Node(node.key, node.label, node.title, (*node.children, stop), node.spots)
        if phase == P_OFFER:
            return self._answer_node(st, seat, legal, names)
        if phase == COUNTERS:
            return self._counters_node(st, legal, names)
        return self._turn_node(st, seat, legal, names)

    @staticmethod
    def _spot_node(key: str, action: str, legal: Sequence[Move], title: str) -> Node:
        spots = katan_spots(legal, action)
        leaves = tuple(Leaf(str(s.number), s.moves[0], s.number) for s in spots.spots)
        return Node(key, f"{action.capitalize()} ▸", title, leaves, spots)

    def _discard_node(self, st: KatanState, seat: int, legal: Sequence[Move]) -> Node:
        due = st.discards[seat]
        children: list[Entry] = [Compose("Choose cards…", Draft("discard").payload(), "primary")]
        for move in legal:
            children.append(Leaf(f"Discard {_cards(move[1:6])}", move))
        title = f"Discard {due} cards"
        return Node("", title, title, tuple(children))

    def _robber_node(self, st: KatanState, legal: Sequence[Move], names: Sequence[str]) -> Node:
        spots = katan_spots(legal, "robber")
        children: list[Entry] = []
        for spot in spots.spots:
            if len(spot.moves) == 1 and spot.moves[0][2] < 0:
                children.append(Leaf(str(spot.number), spot.moves[0], spot.number))
                continue
            victims = tuple(Leaf(f"Rob {names[m[2]]}", m) for m in spot.moves)
            title = f"Robber on hex {spot.number}: whom to rob?"
            children.append(Node(f"h{spot.number}", f"{spot.number} ▸", title, victims))
        title = "Move the robber: choose a hex"
        return Node("", title, title, tuple(children), spots)

    def _answer_node(
        self, st: KatanState, seat: int, legal: Sequence[Move], names: Sequence[str]
    ) -> Node:
        if legal == [M_WITHDRAW]:
            title = "Your offer is being answered"
            leaf = Leaf("Withdraw the offer", M_WITHDRAW, style="danger")
            return Node("", title, title, (leaf,))
        assert st.offer is not None
        give, want = offer_legs(st.offer)
        children: list[Entry] = []
        for move in legal:
            if move[0] == ACCEPT:
                children.append(Leaf("Accept", move, style="success"))
            elif move[0] == DECLINE:
                children.append(Leaf("Decline", move, style="danger"))
        counter = Draft("counter", want, give, side="give")
        children.append(Compose("Counter…", counter.payload(), "primary"))
        for move in legal:
            if move[0] == COUNTER:
                c_give, c_want = counter_legs(move)
                children.append(Leaf(f"Counter: {_cards(c_give)} for {_cards(c_want)}", move))
        title = (
            f"{names[st.current]} offers {_cards(give)} for {_cards(want)}: "
            f"you would give {_cards(want)}"
        )
        return Node("", title, title, tuple(children))

    def _counters_node(self, st: KatanState, legal: Sequence[Move], names: Sequence[str]) -> Node:
        children: list[Entry] = []
        terms = {c[0]: c for c in st.counters}
        for move in legal:
            if move[0] == TAKE_COUNTER:
                c = terms[move[1]]
                words = f"{_cards(c[6:11])} for {_cards(c[1:6])}"
                children.append(Leaf(f"Take {names[move[1]]}'s: {words}", move, style="success"))
        children.append(Leaf("Dismiss the counters", M_DISMISS))
        children.append(Leaf("Withdraw the offer", M_WITHDRAW, style="danger"))
        title = "Counter-offers: you give … for …"
        return Node("", title, title, tuple(children))

    def _turn_node(
        self, st: KatanState, seat: int, legal: Sequence[Move], names: Sequence[str]
    ) -> Node:
        kinds = {m[0] for m in legal}
        root: list[Entry] = []
        if ROLL in kinds:
            root.append(Leaf("Roll", M_ROLL, style="primary"))
        build: list[Entry] = []
        for piece, move_kind in (
            ("road", BUILD_ROAD),
            ("settlement", BUILD_SETTLEMENT),
            ("city", BUILD_CITY),
        ):
            if move_kind in kinds:
                title = f"Build a {piece}: choose a place"
                build.append(self._spot_node(PIECE_KEYS[piece], piece, legal, title))
        if BUY_DEV in kinds:
            build.append(Leaf("Development card", M_BUY))
        if build:
            root.append(Node("b", "Build ▸", "Build", tuple(build)))
        trade = self._trade(st, seat, legal, names) if st.phase == MAIN else []
        if trade:
            root.append(Node("t", "Trade ▸", "Trade", tuple(trade)))
        cards = self._cards_node(legal)
        if cards is not None:
            root.append(cards)
        if END_TURN in kinds:
            root.append(Leaf("End turn", M_END, style="danger"))
        title = "Your turn"
        return Node("", title, title, tuple(root))

    def _trade(
        self, st: KatanState, seat: int, legal: Sequence[Move], names: Sequence[str]
    ) -> list[Entry]:
        out: list[Entry] = []
        ratio = rules.ratios(st, seat)
        bank: list[Entry] = []
        for give in range(RESOURCES):
            gets = tuple(
                Leaf(f"Get 1 {RESOURCE_NAMES[m[2]]}", m)
                for m in legal
                if m[0] == BANK_TRADE and m[1] == give
            )
            if gets:
                name = RESOURCE_NAMES[give]
                title = f"Give {ratio[give]} {name} to the bank for…"
                bank.append(Node(f"g{give}", f"{ratio[give]} {name} ▸", title, gets))
        if bank:
            out.append(Node("bk", "Bank/harbour ▸", "Trade with the bank: give…", tuple(bank)))
        holds = any(st.hands[seat * RESOURCES : (seat + 1) * RESOURCES])
        if holds and st.offers < OFFERS_PER_TURN:  # the rules refuse more offers this turn
            out.append(Compose("Offer to players…", Draft("offer").payload(), "primary"))
        for move in legal:
            if move[0] == OFFER:
                gives, wants = offer_legs(move)
                to = "everyone" if move[1] < 0 else names[move[1]]
                out.append(Leaf(f"Offer {_cards(gives)} for {_cards(wants)} to {to}", move))
        return out

    @staticmethod
    def _cards_node(legal: Sequence[Move]) -> Node | None:
        cards: list[Entry] = []
        if M_KNIGHT in legal:
            cards.append(Leaf(DEV_LABELS[0], M_KNIGHT))
        if M_ROAD_BUILDING in legal:
            cards.append(Leaf(DEV_LABELS[1], M_ROAD_BUILDING))
        plenty = tuple(
            Leaf(f"{RESOURCE_NAMES[m[1]]} + {RESOURCE_NAMES[m[2]]}", m)
            for m in legal
            if m[0] == PLAY_PLENTY
        )
        if plenty:
            title = "Year of Plenty: take two cards"
            cards.append(Node("yp", f"{DEV_LABELS[2]} ▸", title, plenty))
        monopoly = tuple(
            Leaf(RESOURCE_NAMES[m[1]].capitalize(), m) for m in legal if m[0] == PLAY_MONOPOLY
        )
        if monopoly:
            title = "Monopoly: take every card of…"
            cards.append(Node("mo", f"{DEV_LABELS[3]} ▸", title, monopoly))
        if not cards:
            return None
        return Node("p", "Play card ▸", "Play a development card", tuple(cards))

    # ---- the composer ----------------------------------------------------------------------

    def composer(
        self, payload: str, view: KatanView, seat: int, names: Sequence[str], back: str
    ) -> tuple[str, Sheet, Move | None] | None:
        read = compose.read_payload(payload)
        if read is None:
            return None
        draft, confirm = read
        st = view.state
        move = draft.move()
        problem = self.check(view, seat, move)
        if problem is not None:
            problem = with_names(problem, names)
        text = compose.summary(draft, names, st.discards[seat] if 0 <= seat < st.seats else 0)
        text += f"\n{problem}" if problem else "\nReady: press Confirm."
        hand = st.hands[seat * RESOURCES : (seat + 1) * RESOURCES]
        others = [t for t in range(st.seats) if t != seat and hand_size(st, t)]
        sheet = compose.sheet(
            draft, hand=hand, names=names, addressees=others, problem=problem, back=back
        )
        return text, sheet, move if confirm and problem is None else None

    def check(self, view: KatanView, seat: int, move: Move) -> str | None:
        """Enumerated moves are legal as listed; for the free-form ones the
        engine's reasons read only public counts and the seat's own hand, so
        they hold on the seat's view (docs/katan.md, Views). Taking a counter
        is the exception: the engine re-checks the answering seat's hand,
        which the view blanks, so the listed moves are asked first."""
        if move in rules.legal_moves(view.state, seat):
            return None
        return rules.why_not(view.state, seat, move)

    # ---- commands ------------------------------------------------------------------------

    def command(self, move: Move, view: KatanView, seat: int, names: Sequence[str]) -> str:
        kind = move[0]
        if kind == BUILD_ROAD:
            return f"build road {move[1]}"
        if kind == BUILD_SETTLEMENT:
            return f"build settlement {move[1]}"
        if kind == BUILD_CITY:
            return f"city {move[1]}"
        if kind == PLAY_PLENTY:
            return f"play plenty {RESOURCE_NAMES[move[1]]} {RESOURCE_NAMES[move[2]]}"
        if kind == PLAY_MONOPOLY:
            return f"play monopoly {RESOURCE_NAMES[move[1]]}"
        if kind == MOVE_ROBBER:
            steal = f" steal {word_name(names, move[2])}" if move[2] >= 0 else ""
            return f"robber {move[1]}{steal}"
        if kind == DISCARD:
            return f"discard {cards_words(move[1:6])}"
        if kind == BANK_TRADE:
            ratio = rules.ratios(view.state, seat)[move[1]]
            return f"trade {ratio} {RESOURCE_NAMES[move[1]]} for 1 {RESOURCE_NAMES[move[2]]}"
        if kind == OFFER:
            give, want = offer_legs(move)
            to = f" to {word_name(names, move[1])}" if move[1] >= 0 else ""
            return f"offer {cards_words(give)} for {cards_words(want)}{to}"
        if kind == COUNTER:
            give, want = counter_legs(move)
            return f"counter {cards_words(give)} for {cards_words(want)}"
        if kind == TAKE_COUNTER:
            return f"take {word_name(names, move[1])}"
        return _PLAIN[kind]

    def parse(
        self,
        said: list[str],
        view: KatanView,
        seat: int,
        legal: Sequence[Move],
        names: Sequence[str],
    ) -> Parsed:
        read = self._read(said, view, seat, legal, names)
        if not isinstance(read, tuple):
            return read
        reason = self.check(view, seat, read)
        if reason is not None:
            forms = self.forms(view, seat, legal, names)
            return Wrong(with_names(reason, names), tuple(forms[:8]))
        return Chosen(read)

    def _read(
        self,
        said: list[str],
        view: KatanView,
        seat: int,
        legal: Sequence[Move],
        names: Sequence[str],
    ) -> Move | Parsed:
        st = view.state
        head, rest = said[0], [w for w in said[1:] if w not in ("a", "an", "the")]
        if head in ("build", "buy", "get", "place"):
            if not rest or rest[0] in ("card", "dev", "development", "devcard", "developments"):
                return M_BUY
            head, rest = rest[0], rest[1:]
        if head in ("rb", "roadbuilding") or (head == "road" and rest[:1] == ["building"]):
            return M_ROAD_BUILDING
        if head in PIECES:
            return self._piece(PIECES[head], rest, st)
        if head in ("roll", "dice", "r"):
            return M_ROLL
        if head in ("end", "done", "finish", "pass"):
            if st.phase == FREE_ROADS:
                return M_STOP_ROADS
            return M_END
        if head == "stop":
            return M_STOP_ROADS
        if head in ("play", "use"):
            if not rest:
                return Opened(("p",), "Which card?")
            head, rest = rest[0], rest[1:]
        if head in ("knight", "soldier", "k"):
            return M_KNIGHT
        if head in ("rb", "roadbuilding") or (head == "road" and rest[:1] == ["building"]):
            return M_ROAD_BUILDING
        if head in PIECES:
            return self._piece(PIECES[head], rest, st)
        if head in ("year", "plenty", "yop"):
            return self._plenty([w for w in rest if w not in ("of", "plenty", "for")])
        if head in ("monopoly", "mono"):
            found = [r for w in rest if (r := resource(w)) is not None]
            if len(found) != 1:
                return Opened(("p", "mo"), "Monopoly on which resource?")
            return MONOPOLY_MOVES[found[0]]
        if head in ("robber", "move", "hex"):
            return self._robber(
                [w for w in rest if w not in ("robber", "to", "hex")], st, seat, names
            )
        if head in ("steal", "rob"):
            return Wrong("Say the hex as well: robber 5 steal ana.", ("robber 5 steal ana",))
        if head in ("accept", "yes", "ok", "deal"):
            return M_ACCEPT
        if head in ("decline", "no", "reject", "refuse", "nope"):
            return M_DECLINE
        if head in ("dismiss", "none"):
            return M_DISMISS
        if head in ("withdraw", "cancel", "retract"):
            return M_WITHDRAW
        if head == "take":
            return self._take(rest, st, names)
        if head in ("trade", "bank", "maritime", "exchange"):
            return self._trade_words(rest, st, seat, names)
        if head in ("offer", "propose"):
            return self._offer(rest, st, seat, names)
        if head == "counter":
            return self._counter(rest, st)
        if head in ("discard", "drop", "lose"):
            if not rest:
                return Drafted(Draft("discard").payload(), "Choose the cards to discard.")
            counts, bad = read_cards(rest)
            return Wrong(bad) if bad else discard_move(counts)
        close = nearest(head, VERBS)
        if close:
            return Wrong(f"{head!r} is not a Katan command. Did you mean {' or '.join(close)}?")
        return Unknown(head)

    @staticmethod
    def _piece(piece: str, rest: list[str], st: KatanState) -> Move | Parsed:
        spot = number(rest[0]) if rest else None
        if spot is None or len(rest) > 1:
            if st.phase == MAIN:
                path: tuple[str, ...] = ("b", PIECE_KEYS[piece])
            else:
                path = ()
            return Opened(path, f"Where? The numbers on the picture are the {piece} spots.")
        moves = PIECE_MOVES[piece]
        if not 0 <= spot < len(moves):
            return Wrong(f"There is no {piece} spot {spot}.")
        return moves[spot]

    @staticmethod
    def _plenty(rest: list[str]) -> Move | Parsed:
        counts, bad = read_cards(rest)
        if bad or sum(counts) != 2:
            return Opened(("p", "yp"), "Year of Plenty takes two cards: play plenty ore wool.")
        picked = [r for r in range(RESOURCES) for _ in range(counts[r])]
        return (PLAY_PLENTY, picked[0], picked[1])

    def _robber(
        self, rest: list[str], st: KatanState, seat: int, names: Sequence[str]
    ) -> Move | Parsed:
        if not rest or (hex_id := number(rest[0])) is None:
            return Opened((), "Which hex? The numbers on the picture are the hexes.")
        if not 0 <= hex_id < len(ROBBER_MOVES):
            return Wrong(f"There is no hex {hex_id}.")
        victims = robbable(st, seat, hex_id) if hex_id in st.board.land_hexes else []
        said = [w for w in rest[1:] if w not in ("steal", "rob", "from", "and")]
        if not said:
            if len(victims) > 1:
                return Opened((f"h{hex_id}",), "Whom do you rob?")
            return ROBBER_MOVES[hex_id][(victims[0] if victims else -1) + 1]
        victim, why = seat_by_name(said, names, victims)
        if victim is None:
            return Wrong(why or "Whom do you rob?")
        return ROBBER_MOVES[hex_id][victim + 1]

    @staticmethod
    def _take(rest: list[str], st: KatanState, names: Sequence[str]) -> Move | Parsed:
        offered = [c[0] for c in st.counters]
        said = [w for w in rest if w not in ("counter", "offer", "from", "'s")]
        if not said and len(offered) == 1:
            return TAKE_MOVES[offered[0]]
        who, why = seat_by_name(said, names, offered)
        if who is None:
            return Wrong(why or "Whose counter-offer?")
        return TAKE_MOVES[who]

    def _legs(self, rest: list[str]) -> tuple[tuple[int, ...], tuple[int, ...], list[str]] | str:
        """`G for W [to X]`: the two legs and the words after `to`/`with`."""
        target: list[str] = []
        for word in ("to", "with"):
            cut = _split(rest, word)
            if cut is not None:
                rest, target = cut
        legs = _split(rest, "for")
        if legs is None:
            return "Say what you give and what you want: 2 wool for 1 ore."
        give, bad = read_cards(legs[0])
        if bad:
            return bad
        want, bad = read_cards(legs[1])
        if bad:
            return bad
        return give, want, target

    def _offer(
        self, rest: list[str], st: KatanState, seat: int, names: Sequence[str]
    ) -> Move | Parsed:
        if not rest:
            return Drafted(Draft("offer").payload(), "Compose your offer.")
        legs = self._legs(rest)
        if isinstance(legs, str):
            return Wrong(legs, ("offer 2 wool for 1 ore", "offer 1 brick for 1 grain to bo"))
        give, want, target = legs
        to = -1
        if target and not set(target) <= EVERYONE:
            others = [t for t in range(st.seats) if t != seat]
            found, why = seat_by_name(target, names, others)
            if found is None:
                return Wrong(why or "Offer to whom?")
            to = found
        return offer_move(to, give, want)

    def _trade_words(
        self, rest: list[str], st: KatanState, seat: int, names: Sequence[str]
    ) -> Move | Parsed:
        legs = self._legs(rest)
        if isinstance(legs, str):
            return Opened(("t",), legs)
        give, want, target = legs
        if target:
            return self._offer(rest, st, seat, names)
        gives = [r for r in range(RESOURCES) if give[r]]
        wants = [r for r in range(RESOURCES) if want[r]]
        if len(gives) != 1 or len(wants) != 1 or want[wants[0]] != 1:
            return Wrong(
                "A bank trade is one kind for one card: trade 4 wool for 1 ore. "
                "To ask the other seats, say offer … for ….",
            )
        ratio = rules.ratios(st, seat)[gives[0]]
        if give[gives[0]] not in (1, ratio):
            name = RESOURCE_NAMES[gives[0]]
            return Wrong(
                f"You trade {name} with the bank at {ratio}:1: trade {ratio} {name} for 1 "
                f"{RESOURCE_NAMES[wants[0]]}. To ask the other seats, say offer … for …."
            )
        return BANK_MOVES[gives[0]][wants[0]]

    def _counter(self, rest: list[str], st: KatanState) -> Move | Parsed:
        if not rest:
            if st.offer is None:
                return Wrong("There is no offer to counter.")
            give, want = offer_legs(st.offer)
            return Drafted(Draft("counter", want, give).payload(), "Compose your counter-offer.")
        legs = self._legs(rest)
        if isinstance(legs, str):
            return Wrong(legs, ("counter 1 ore for 2 wool",))
        give, want, _ = legs
        return counter_move(give, want)

    # ---- pictures ------------------------------------------------------------------------

    def render(
        self,
        view: KatanView,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[Move] | None,
        selected: int | None,
    ) -> bytes:
        return draw.render_png(view, spots=spots, names=names)

    def describe(
        self,
        view: KatanView,
        seat: int | None,
        names: Sequence[str],
        spots: Spots[Move] | None,
        selected: int | None,
    ) -> str:
        return draw.render_text(view, spots=spots, names=names)


def _cards(counts: Sequence[int]) -> str:
    parts = [f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


_PLAIN: Final = {
    ROLL: "roll",
    END_TURN: "end",
    BUY_DEV: "buy card",
    PLAY_KNIGHT: "play knight",
    PLAY_ROAD_BUILDING: "play road building",
    ACCEPT: "accept",
    DECLINE: "decline",
    DISMISS: "dismiss",
    WITHDRAW: "withdraw",
    STOP_ROADS: "stop",
}
