"""Regenerate docs/gallery.md and docs/gallery/*.png from seeded games.

`python -m renderers.gallery` redraws one image of every kind, with its text
rendering, so the gallery always shows what the real renderers produce.
"""

import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from PIL import Image

from engine.cards import Rank, Suit, card
from engine.euchre.game import EUCHRE
from engine.euchre.moves import PASS, CallTrump, Discard, EuchreMove, OrderUp
from engine.katan.game import KATAN
from engine.katan.moves import MOVE_KNIGHT, MOVE_PIRATE, MOVE_ROBBER, MOVE_SHIP, Move
from engine.katan.sea.atlas import menu
from engine.katan.state import MAIN, SPECIAL
from engine.katan.view import KatanView, view_legal_moves
from engine.protocol import Game, TableConfig
from engine.sequence.game import SEQUENCE
from renderers import euchre, katan, sequence
from renderers.katan.places import kind_spots
from renderers.spots import Spots

NAMES = ("Ana", "Bo", "Cy", "Dee")
SIX_NAMES = (*NAMES, "Eve", "Fin")
SIX_CAPTIONS = {
    "katan-six-board.png": (
        "Katan for six (the five-to-six player extension), the public board late in a game "
        "(seeded AI players) during the special building phase: the 30-hex island with two "
        "deserts and eleven harbours, the fifth seat green and the sixth brown, the image a "
        "seat row taller per seat past four, the status naming the seat that may build."
    ),
    "katan-six-cities-board.png": (
        "Katan: Cities & Knights for six (seeded AI players), Ana's view: six seat rows with "
        "their tracks and knights above the bank and her hand, the barbarians against every "
        "seat's cities."
    ),
    "seafarers-new-shores-six.png": (
        "Katan: Seafarers with Cities & Knights on New Shores for Six (seeded AI players), the "
        "map laid out for five or six seats: a 24-hex home island, four islets, two with gold."
    ),
}

CAPTIONS = {
    "sequence-board.png": (
        "Sequence, the public board (a spectator's view, app layout): chips by team with their "
        "markings, both teams' completed sequences tinted and barred, the last chip ringed, no "
        "hand."
    ),
    "sequence-overlay.png": (
        "Sequence, Ana's private overlay: every square one of her cards can take is numbered "
        "with its cell id; the rest is dimmed. Her hand is on the right."
    ),
    "sequence-classic-picked-card.png": (
        "Sequence, classic layout, three teams: Ana picked 10♠ (ringed in her hand), so only "
        "its two squares are numbered."
    ),
    "euchre-bidding.png": (
        "Euchre, round 1 of bidding from Bo's seat: his hand face up, the others' backs, the up "
        "card, the dealer's plate."
    ),
    "euchre-play.png": (
        "Euchre, Ana to play: the trick so far with the led card marked; she must follow "
        "diamonds, so only 10♦ (third in her hand) is numbered."
    ),
    "euchre-alone.png": (
        "Euchre, Bo called hearts alone: Dee sits out (no cards shown), the maker's plate says "
        "alone."
    ),
    "katan-board.png": (
        "Katan, the public board late in a game: roads, settlements, cities with each seat's "
        "marking, the robber, harbours, Longest Road and Largest Army, the last roll, the bank."
    ),
    "katan-settlement-overlay.png": (
        "Katan, Ana's first settlement: every crossing she may take, labelled with its crossing "
        "id, on a close-up of the island (an overlay shows the part of the map holding its "
        "spots, without the panel; the caption carries the hand)."
    ),
    "katan-robber-overlay.png": (
        "Katan, Bo rolled a seven: the hexes the robber may move to, labelled with their hex "
        "ids beside each hex's token."
    ),
    "katan-cities-board.png": (
        "Katan with Cities & Knights, the public board mid-game (seeded random players): the "
        "barbarians' ship on its track with the strength it will meet, the last event die, "
        "knights with their strength badge (ringed in yellow while active), walls under cities, "
        "a metropolis tower lettered with its track, the merchant, each seat's improvement pips."
    ),
    "katan-cities-knight-overlay.png": (
        "Katan with Cities & Knights, Ana's private overlay: she chose the knight ringed in "
        "magenta, so the crossings it may move to are numbered with their crossing ids; her "
        "resources and commodities, and her progress cards by name, below."
    ),
}


def _play(
    game: Game[Any, Any, Any], config: TableConfig, level: str, until: Callable[[Any], bool]
) -> Any:
    """Seeded self-play until `until(state)` holds (checked before every move)."""
    state = game.initial_state(config)
    players = [game.player(level, config.seed + s) for s in range(game.seat_count(state))]
    while not until(state):
        if game.can_advance(state):
            state = game.advance(state).state
            continue
        seat = game.to_move(state)
        assert seat is not None, "the game ended before the wanted position"
        view = game.view_for(state, seat)
        move = players[seat].choose(view, seat, game.legal_moves(state, seat))
        state = game.apply(state, seat, move).state
    return state


def _after(moves: int) -> Callable[[Any], bool]:
    count = [0]

    def done(_: Any) -> bool:
        count[0] += 1
        return count[0] > moves

    return done


def _euchre(*moves: EuchreMove) -> Any:
    state = EUCHRE.initial_state(TableConfig(game="euchre", seed=1786000000123))
    for move in moves:
        seat = EUCHRE.to_move(state)
        assert seat is not None
        state = EUCHRE.apply(state, seat, move).state
    return state


def images() -> dict[str, tuple[str, bytes, str]]:
    """File name → (caption, PNG, text rendering) for every kind of image."""
    return {
        **_sequence_images(),
        **_euchre_images(),
        **_katan_images(),
        **_cities_images(),
        **_sea_images(),
        **six_images(),
    }


def _sequence_images() -> dict[str, tuple[str, bytes, str]]:
    out: dict[str, tuple[str, bytes, str]] = {}
    sq = _play(SEQUENCE, TableConfig(game="sequence", seed=2), "normal", _after(60))
    public = SEQUENCE.view_for(sq, None)
    out["sequence-board.png"] = (
        CAPTIONS["sequence-board.png"],
        sequence.render_png(public, None, names=NAMES, cache=None),
        sequence.render_text(public, None, names=NAMES),
    )
    seat = sq.turn
    view = SEQUENCE.view_for(sq, seat)
    spots = sequence.sequence_spots(SEQUENCE.legal_moves(sq, seat))
    out["sequence-overlay.png"] = (
        CAPTIONS["sequence-overlay.png"],
        sequence.render_png(view, seat, spots=spots, names=NAMES, cache=None),
        sequence.render_text(view, seat, spots=spots, names=NAMES),
    )
    config = TableConfig(game="sequence", seed=4, options={"board": "classic", "teamCount": 3})
    sq3 = _play(SEQUENCE, config, "normal", _after(24))
    seat = sq3.turn
    view = SEQUENCE.view_for(sq3, seat)
    legal = SEQUENCE.legal_moves(sq3, seat)
    picked = next(m.card for m in legal if m.kind == "place")
    spots = sequence.sequence_spots(legal, picked)
    out["sequence-classic-picked-card.png"] = (
        CAPTIONS["sequence-classic-picked-card.png"],
        sequence.render_png(view, seat, spots=spots, selected=picked, names=NAMES, cache=None),
        sequence.render_text(view, seat, spots=spots, selected=picked, names=NAMES),
    )
    return out


def _euchre_images() -> dict[str, tuple[str, bytes, str]]:
    out: dict[str, tuple[str, bytes, str]] = {}
    bidding = EUCHRE.view_for(_euchre(), 1)
    out["euchre-bidding.png"] = (
        CAPTIONS["euchre-bidding.png"],
        euchre.render_png(bidding, 1, names=NAMES, cache=None),
        euchre.render_text(bidding, 1, names=NAMES),
    )
    nine_clubs = card(Rank.NINE, Suit.CLUBS)
    playing = _euchre(PASS, PASS, OrderUp(False), Discard(nine_clubs))
    for _ in range(3):
        seat = EUCHRE.to_move(playing)
        assert seat is not None
        playing = EUCHRE.apply(playing, seat, EUCHRE.legal_moves(playing, seat)[0]).state
    seat = EUCHRE.to_move(playing)
    assert seat is not None
    view = EUCHRE.view_for(playing, seat)
    spots = euchre.euchre_spots(EUCHRE.legal_moves(playing, seat), view.hands[seat])
    out["euchre-play.png"] = (
        CAPTIONS["euchre-play.png"],
        euchre.render_png(view, seat, spots=spots, names=NAMES, cache=None),
        euchre.render_text(view, seat, spots=spots, names=NAMES),
    )
    alone = _euchre(PASS, PASS, PASS, PASS, CallTrump(Suit.HEARTS, True))
    view = EUCHRE.view_for(alone, 0)
    out["euchre-alone.png"] = (
        CAPTIONS["euchre-alone.png"],
        euchre.render_png(view, 0, names=NAMES, cache=None),
        euchre.render_text(view, 0, names=NAMES),
    )
    return out


def _katan_images() -> dict[str, tuple[str, bytes, str]]:
    out: dict[str, tuple[str, bytes, str]] = {}
    ka = _play(KATAN, TableConfig(game="katan", seed=17), "normal", _after(350))
    public = KATAN.view_for(ka, None)
    out["katan-board.png"] = (
        CAPTIONS["katan-board.png"],
        katan.render_png(public, names=NAMES, cache=None),
        katan.render_text(public, names=NAMES),
    )
    setup = KATAN.view_for(KATAN.initial_state(TableConfig(game="katan", seed=5)), 0)
    spots = katan.katan_spots(view_legal_moves(setup, 0), "settlement")
    out["katan-settlement-overlay.png"] = (
        CAPTIONS["katan-settlement-overlay.png"],
        katan.render_png(setup, spots=spots, names=NAMES, cache=None),
        katan.render_text(setup, spots=spots, names=NAMES),
    )

    def robber_due(state: Any) -> bool:
        seat = KATAN.to_move(state)
        return seat is not None and any(m[0] == MOVE_ROBBER for m in KATAN.legal_moves(state, seat))

    robbing = _play(KATAN, TableConfig(game="katan", seed=3), "normal", robber_due)
    seat = KATAN.to_move(robbing)
    assert seat is not None
    view = KATAN.view_for(robbing, seat)
    spots = katan.katan_spots(view_legal_moves(view, seat), "robber")
    out["katan-robber-overlay.png"] = (
        CAPTIONS["katan-robber-overlay.png"],
        katan.render_png(view, spots=spots, names=NAMES, cache=None),
        katan.render_text(view, spots=spots, names=NAMES),
    )
    return out


def _cities(seed: int) -> TableConfig:
    return TableConfig(game="katan", seed=seed, options={"expansions": "cities_and_knights"})


def _rich_board(state: Any) -> bool:
    """Knights both active and asleep, a wall, a metropolis and the merchant."""
    ck = state.ck
    knights = sum(mask.bit_count() for mask in ck.knights)
    active = sum(mask.bit_count() for mask in ck.active)
    return (
        0 < active < knights
        and any(ck.walls)
        and max(ck.metropolis) >= 0
        and ck.merchant >= 0
        and KATAN.to_move(state) is not None
    )


def _knight_choice(state: Any) -> bool:
    """A seat with progress cards in hand and a knight that may go three places."""
    seat = KATAN.to_move(state)
    if seat is None or len(state.ck.progress[seat]) < 2:
        return False
    origins = [m[1] for m in KATAN.legal_moves(state, seat) if m[0] == MOVE_KNIGHT]
    return any(origins.count(o) >= 3 for o in origins)


def _cities_images() -> dict[str, tuple[str, bytes, str]]:
    out: dict[str, tuple[str, bytes, str]] = {}
    board = _play(KATAN, _cities(22), "random", _rich_board)
    public = KATAN.view_for(board, None)
    out["katan-cities-board.png"] = (
        CAPTIONS["katan-cities-board.png"],
        katan.render_png(public, names=NAMES, cache=None),
        katan.render_text(public, names=NAMES),
    )
    choosing = _play(KATAN, _cities(5), "random", _knight_choice)
    seat = KATAN.to_move(choosing)
    assert seat is not None
    view = KATAN.view_for(choosing, seat)
    legal = view_legal_moves(view, seat)
    origins = [m[1] for m in legal if m[0] == MOVE_KNIGHT]
    knight = max(origins, key=origins.count)
    spots = kind_spots(legal, MOVE_KNIGHT, knight)
    out["katan-cities-knight-overlay.png"] = (
        CAPTIONS["katan-cities-knight-overlay.png"],
        katan.render_png(view, spots=spots, names=NAMES, cache=None),
        katan.render_text(view, spots=spots, names=NAMES),
    )
    return out


# ---- Seafarers ---------------------------------------------------------------------------


SEA_SEEDS: Final = {"cloth_for_catan": 3, "great_canal": 2, "oases": 2}
"""Seeds whose games reach the map's own moment mid-game; every other map plays seed 1."""
SEA_MOMENT: Final[dict[str, Callable[[Any], bool]]] = {
    "fog_islands": lambda sea: sea.found >= 3,
    "treasure_islands": lambda sea: sea.found >= 2,
    "oases": lambda sea: sea.found >= 1 and len(sea.fog_pile) >= 1,
    "cloth_for_catan": lambda sea: min(sea.villages) < 5,
    "forgotten_tribe": lambda sea: len(sea.chips) <= 3,
    "wonders_of_catan": lambda sea: max(sea.wonders) >= 1,
    "great_canal": lambda sea: sum(sea.canal) >= 2 or len(sea.canal) < 5,
}
"""What each map's picture should show besides ships and the pirate: fog found,
cloth paid, a chip taken, a wonder begun, the canal dug into."""
SEA_SHOWS: Final = {
    "fog_islands": "the fog bank face down (a question mark over mist) and the land found in it",
    "treasure_islands": "the fog isles face down and the land found, chests hidden",
    "oases": "the oases face down in the sands or found",
    "cloth_for_catan": "each village's cloth left on its tag, each seat's cloth in its row",
    "forgotten_tribe": "the tribe's chips still on their hexes, the chips taken in the seats' rows",
    "pirate_islands": "each fortress's strength on its red shield, fortresses taken per seat",
    "wonders_of_catan": "each seat's wonder as four boxes in its row, filled per stage built",
    "great_canal": "three boxes per canal tile, filled per unit dug, units dug per seat",
    "through_the_desert": "the desert across the island and the race to the far side",
    "four_islands": "four start islands and the gold islets between them",
    "heading_for_new_shores": "the home island and the isles across the water, two with gold",
}


def _sea(name: str, seed: int, cities: bool = False) -> TableConfig:
    expansions = "seafarers,cities_and_knights" if cities else "seafarers"
    return TableConfig(game="katan", seed=seed, options={"expansions": expansions, "map": name})


def _anytime(sea: Any) -> bool:
    return True


def _at_sea(moment: Callable[[Any], bool] = _anytime) -> Callable[[Any], bool]:
    """Mid-game: two seats at sea, the pirate out, a seat to build or trade, and
    the map's own `moment` reached."""

    def done(state: Any) -> bool:
        sea = state.sea
        return (
            state.turn >= 20
            and sum(1 for ships in sea.ships if ships) >= 2
            and sea.pirate >= 0
            and state.phase == MAIN
            and moment(sea)
        )

    return done


def _voyage(name: str) -> tuple[Any, str]:
    """The map's game at its own moment and who played it: the default AI, or
    should its play never reach the moment (the AI changes), the first
    position with ships and the pirate out; failing that, seeded random
    players' (who always take to the sea). So the gallery draws every map."""
    config = _sea(name, SEA_SEEDS.get(name, 1))
    moment = _at_sea(SEA_MOMENT.get(name, _anytime))
    plain = _at_sea()
    for level, players in (("normal", "default AI"), ("random", "random")):
        first = None

        def until(state: Any) -> bool:
            nonlocal first
            if first is None and plain(state):
                first = state
            return KATAN.is_finished(state) or moment(state)

        reached = _play(KATAN, config, level, until)
        if moment(reached):
            return reached, players
        if first is not None:
            return first, players
    raise AssertionError(f"no game on {name} put ships and the pirate out")


def _sea_images() -> dict[str, tuple[str, bytes, str]]:
    out: dict[str, tuple[str, bytes, str]] = {}
    for name, title, description in menu():
        board, players = _voyage(name)
        public = KATAN.view_for(board, None)
        caption = (
            f"Katan: Seafarers, {title} (`map = {name}`): {description} The public board "
            f"mid-game (seeded {players} players): ships in their seats' colours along their "
            f"edges, the pirate's black ship, {SEA_SHOWS[name]}; fleets, island bonuses and "
            "the route over roads and ships per seat."
        )
        out[f"seafarers-{name.replace('_', '-')}.png"] = (
            caption,
            katan.render_png(public, names=NAMES, cache=None),
            katan.render_text(public, names=NAMES),
        )
    out.update(_sea_overlays())
    out.update(_phone_overlays())
    return out


def _sailing(state: Any) -> bool:
    """A seat on turn with a ship that may sail three places or more."""
    seat = KATAN.to_move(state)
    if seat is None or state.phase != MAIN:
        return False
    origins = [m[1] for m in KATAN.legal_moves(state, seat) if m[0] == MOVE_SHIP]
    return any(origins.count(o) >= 3 for o in origins)


def _pirate_overlay() -> tuple[KatanView, Spots[Move]]:
    """A seven at sea (seeded random players on Heading for New Shores): the
    view of the seat moving the pirate, and the sea hexes it may go to."""
    robbing = _play(KATAN, _sea("heading_for_new_shores", 2), "random", _pirating)
    seat = KATAN.to_move(robbing)
    assert seat is not None
    view = KATAN.view_for(robbing, seat)
    return view, katan.katan_spots(view_legal_moves(view, seat), "pirate")


def _pirating(state: Any) -> bool:
    seat = KATAN.to_move(state)
    return seat is not None and any(m[0] == MOVE_PIRATE for m in KATAN.legal_moves(state, seat))


def _sea_overlays() -> dict[str, tuple[str, bytes, str]]:
    out: dict[str, tuple[str, bytes, str]] = {}
    sailing = _play(KATAN, _sea("four_islands", 3), "random", _sailing)
    seat = KATAN.to_move(sailing)
    assert seat is not None
    view = KATAN.view_for(sailing, seat)
    legal = view_legal_moves(view, seat)
    origins = [m[1] for m in legal if m[0] == MOVE_SHIP]
    ship = max(origins, key=origins.count)
    spots = katan.katan_spots(legal, "sail", ship)
    out["seafarers-sail-overlay.png"] = (
        "Katan: Seafarers, a seat's private overlay for sailing (seeded random players): it "
        "chose the ship ringed in "
        "magenta (the step before numbers the ships that may sail), so the edges it may sail "
        "to are labelled with their edge ids.",
        katan.render_png(view, spots=spots, names=NAMES, cache=None),
        katan.render_text(view, spots=spots, names=NAMES),
    )
    view, spots = _pirate_overlay()
    out["seafarers-pirate-overlay.png"] = (
        "Katan: Seafarers, a seven (seeded random players): the sea hexes the pirate may move "
        "to, numbered with their hex ids (the robber's land hexes are the other choice).",
        katan.render_png(view, spots=spots, names=NAMES, cache=None),
        katan.render_text(view, spots=spots, names=NAMES),
    )
    both = _play(KATAN, _sea("great_canal", 5, cities=True), "random", _at_sea())
    public = KATAN.view_for(both, None)
    out["seafarers-cities-great-canal.png"] = (
        "Katan: Seafarers with Cities & Knights on The Great Canal (seeded random players): "
        "the barbarians' strip above the map, knights and ships together, the fleet and the "
        "canal's units beside each seat's tracks.",
        katan.render_png(public, names=NAMES, cache=None),
        katan.render_text(public, names=NAMES),
    )
    return out


PHONE: Final = 360


def _on_phone(png: bytes) -> bytes:
    """The image as wide as a phone shows a chat photo, so the page shows
    what a player reads there (docs/rendering.md, "Legible on a phone");
    kept to 256 colours (a third of the bytes, no visible change at this
    size) where `encode_png` would keep the scaling's shades."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.resize(
        (PHONE, round(image.height * PHONE / image.width)), Image.Resampling.LANCZOS
    )
    buffer = io.BytesIO()
    small.quantize(256, method=Image.Quantize.FASTOCTREE).save(buffer, "PNG", compress_level=9)
    return buffer.getvalue()


def _phone_overlays() -> dict[str, tuple[str, bytes, str]]:
    out: dict[str, tuple[str, bytes, str]] = {}
    setups = {
        "katan-phone-settlement.png": (TableConfig(game="katan", seed=5), "Katan"),
        "seafarers-phone-four-islands.png": (
            _sea("four_islands", 2),
            "Seafarers, The Four Islands",
        ),
    }
    for name, (config, title) in setups.items():
        setup = KATAN.view_for(KATAN.initial_state(config), 0)
        spots = katan.katan_spots(view_legal_moves(setup, 0), "settlement")
        out[name] = (
            f"{title}, the first settlement's overlay at 360 px wide, as a phone shows it: "
            f"{len(spots)} crossings, each label's digits 10–11 px high.",
            _on_phone(katan.render_png(setup, spots=spots, names=NAMES, cache=None)),
            katan.render_text(setup, spots=spots, names=NAMES),
        )
    view, spots = _pirate_overlay()
    out["seafarers-phone-pirate.png"] = (
        "Katan: Seafarers, the pirate overlay above at 360 px wide: every sea hex it may go "
        "to, the labels as large as on an island's corner.",
        _on_phone(katan.render_png(view, spots=spots, names=NAMES, cache=None)),
        katan.render_text(view, spots=spots, names=NAMES),
    )
    return out


def _special(state: Any) -> bool:
    """Late in a game, in the special building phase."""
    return bool(state.turn > 60 and state.phase == SPECIAL)


def six_images() -> dict[str, tuple[str, bytes, str]]:
    """Six seats: the base game, Cities & Knights, and the Seafarers map for six."""
    out: dict[str, tuple[str, bytes, str]] = {}
    shots: tuple[tuple[str, dict[str, str], int | None, Callable[[Any], bool]], ...] = (
        ("katan-six-board.png", {}, None, _special),
        ("katan-six-cities-board.png", {"expansions": "cities_and_knights"}, 0, _after(500)),
        (
            "seafarers-new-shores-six.png",
            {"expansions": "cities_and_knights,seafarers", "map": "new_shores_six"},
            None,
            _after(600),
        ),
    )
    for name, options, seat, until in shots:
        state = _play(
            KATAN, TableConfig(game="katan", seed=2, seats=6, options=options), "normal", until
        )
        view = KATAN.view_for(state, seat)
        out[name] = (
            SIX_CAPTIONS[name],
            katan.render_png(view, names=SIX_NAMES, cache=None),
            katan.render_text(view, names=SIX_NAMES),
        )
    return out


HEADER = """# Gallery

One image of every kind the renderers make, drawn from seeded games by
`python -m renderers.gallery` (which rewrites this page), each with its text
rendering. How they are made: [rendering.md](rendering.md).
"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    docs = Path(args[0] if args else "docs")
    folder = docs / "gallery"
    folder.mkdir(parents=True, exist_ok=True)
    page = [HEADER]
    for name, (caption, png, text) in images().items():
        (folder / name).write_bytes(png)
        title = name.removesuffix(".png").replace("-", " ").capitalize()
        page.append(f"## {title}\n\n{caption}\n\n![{title}](gallery/{name})\n")
        page.append(f"```text\n{text}\n```\n")
        print(f"{folder / name}: {len(png):,} bytes")
    (docs / "gallery.md").write_text("\n".join(page))
    return 0


if __name__ == "__main__":
    sys.exit(main())
