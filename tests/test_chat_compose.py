"""The composer: offers, counters and discards built one card at a time."""

import random
from typing import Any

from engine.katan import moves as mv
from engine.katan import production
from engine.katan.cities.rules import CITIES_RULES
from engine.katan.components import CARD_NAMES, OFFERS_PER_TURN, RESOURCE_NAMES
from engine.katan.crafted import blank, give
from engine.katan.game import KATAN
from engine.katan.state import ROLL, KatanState
from engine.protocol import TableConfig
from frontends.chat.api import DISCORD, PLAIN, TELEGRAM
from frontends.chat.compose import Draft, from_move, read_payload
from frontends.chat.menus import Compose, Item, walk
from frontends.chat.presenters import presenter_for
from frontends.chat.screens import screen

PRESENTER = presenter_for("katan")
NAMES = ("ana", "bo", "cy", "di")


def leg(**cards: int) -> tuple[int, ...]:
    return tuple(cards.get(name, 0) for name in RESOURCE_NAMES)


def table() -> KatanState:
    st = blank()
    give(st, 0, wool=3, brick=1)
    give(st, 1, ore=2)
    give(st, 2, grain=1)
    return st


def open_composer(st: KatanState, seat: int, payload: str) -> tuple[str, list[Item], Any]:
    view = KATAN.view_for(st, seat)
    composed = PRESENTER.composer(payload, view, seat, NAMES, "n")
    assert composed is not None
    text, sheet, move = composed
    items = [i for section in sheet.sections for i in section] + sheet.controls
    return text, items, move


def press(items: list[Item], label: str) -> str:
    return next(i.payload for i in items if i.label == label)


def test_payloads_round_trip_and_stay_short() -> None:
    draft = Draft("offer", leg(wool=19, ore=1), leg(brick=3), to=3, side="want")
    for confirm in (False, True):
        payload = draft.payload(confirm)
        assert len(payload) == 14
        assert read_payload(payload) == (draft, confirm)
    assert read_payload("n") is None
    assert read_payload("cx" + "0" * 12) is None


def test_an_offer_step_by_step() -> None:
    st = table()
    text, items, move = open_composer(st, 0, Draft("offer").payload())
    assert "A trade needs cards on both sides." in text
    assert "✓ Confirm" not in [i.label for i in items]
    # Only what the seat holds can be given: no "+ ore" on the give side.
    assert {i.label for i in items if i.label.startswith("+")} == {"+ brick", "+ wool"}
    payload = press(items, "+ wool")
    _, items, _ = open_composer(st, 0, payload)
    payload = press(items, "+ wool")
    text, items, _ = open_composer(st, 0, payload)
    assert "You give: 2 wool." in text
    payload = press(items, "Edit what you want")
    _, items, _ = open_composer(st, 0, payload)
    payload = press(items, "+ ore")
    text, items, move = open_composer(st, 0, payload)
    assert "You want: 1 ore." in text and "To: everyone." in text
    assert "Ready: press Confirm." in text and move is None
    payload = press(items, "To bo")
    text, items, _ = open_composer(st, 0, payload)
    assert "To: bo." in text
    # Seats with no cards (di) are not offered as addressees; the ring returns to everyone.
    _, after_cy, _ = open_composer(st, 0, press(items, "To cy"))
    assert "To everyone" in [i.label for i in after_cy]
    confirm = press(items, "✓ Confirm")
    _, _, move = open_composer(st, 0, confirm)
    assert move == mv.offer_move(1, leg(wool=2), leg(ore=1))
    assert KATAN.is_legal(st, 0, move)


def test_invalid_compositions_are_explained() -> None:
    st = table()
    both = Draft("offer", leg(wool=1), leg(wool=1)).payload(confirm=True)
    text, items, move = open_composer(st, 0, both)
    assert "cannot be on both sides" in text and move is None
    assert "✓ Confirm" not in [i.label for i in items]
    broke = Draft("offer", leg(ore=1), leg(wool=1)).payload()
    text, _, _ = open_composer(st, 0, broke)
    assert "You do not hold 1 ore." in text
    nobody = Draft("offer", leg(wool=1), leg(ore=1), to=3).payload()
    text, _, _ = open_composer(st, 0, nobody)
    assert "Seat 3 holds no cards." not in text and "di holds no cards." in text


def test_a_discard_counts_what_is_due() -> None:
    st = table()
    give(st, 0, lumber=4, grain=1)
    st.phase, st.rolled = ROLL, False
    production.roll_dice(st, 3, 4, [])
    due = st.discards[0]
    assert due == 4
    text, items, _ = open_composer(st, 0, Draft("discard").payload())
    assert "(0 of 4)" in text and "exactly 4" in text
    assert not any(i.label.startswith("Edit what") for i in items)
    payload = Draft("discard").payload()
    for name in ("lumber", "lumber", "wool", "brick"):
        _, items, _ = open_composer(st, 0, payload)
        payload = press(items, f"+ {name}")
    text, items, _ = open_composer(st, 0, payload)
    assert "(4 of 4)" in text
    _, _, move = open_composer(st, 0, press(items, "✓ Confirm"))
    assert move == mv.discard_move(leg(lumber=2, wool=1, brick=1))
    assert KATAN.is_legal(st, 0, move)


def test_a_counter_starts_from_the_offer_reversed() -> None:
    st = table()
    st = KATAN.apply(st, 0, mv.offer_move(1, leg(wool=2), leg(ore=1))).state
    view = KATAN.view_for(st, 1)
    root = PRESENTER.tree(view, 1, KATAN.view_legal_moves(view, 1), NAMES)
    (start,) = [c for c in root.children if isinstance(c, Compose)]
    text, items, _ = open_composer(st, 1, start.payload)
    assert "You give: 1 ore." in text and "You want: 2 wool." in text
    assert "accept it instead" in text
    payload = press(items, "Edit what you want")
    _, items, _ = open_composer(st, 1, payload)
    payload = press(items, "− wool")
    _, items, _ = open_composer(st, 1, payload)
    _, _, move = open_composer(st, 1, press(items, "✓ Confirm"))
    assert move == mv.counter_move(leg(ore=1), leg(wool=1))


# ---- every free-form legal move can be composed --------------------------------------------


def _gap(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def _distance(draft: Draft, target: Draft) -> int:
    give, want = _gap(draft.give, target.give), _gap(draft.want, target.want)
    idle = (give if draft.side == "give" else want) == 0 and give + want > 0
    return 4 * (give + want) + 2 * (draft.to != target.to) + idle


def compose(st: KatanState, seat: int, start: str, target: mv.Move) -> mv.Move | None:
    """Press the composer's buttons greedily towards `target`, then confirm."""
    goal = from_move(target)
    payload = start
    for _ in range(120):
        _, items, move = open_composer(st, seat, payload)
        if move is not None:
            return move
        drafts = [(i, read_payload(i.payload)) for i in items]
        options = [(i, d) for i, d in drafts if d is not None]
        confirm = [i for i, (d, yes) in options if yes and d == goal]
        if confirm:
            payload = confirm[0].payload
            continue
        best = min(options, key=lambda pair: _distance(pair[1][0], goal))
        payload = best[0].payload
    return None


def test_every_free_form_move_met_in_self_play_can_be_composed() -> None:
    composed = 0
    for seed in range(4):
        st = KATAN.initial_state(TableConfig(game="katan", seed=seed))
        rng = random.Random(seed)
        for _ in range(1500):
            if KATAN.is_finished(st):
                break
            seat = KATAN.to_move(st)
            assert seat is not None
            legal = KATAN.legal_moves(st, seat)
            free = [m for m in legal if m[0] in (mv.OFFER, mv.COUNTER, mv.DISCARD)]
            if free:
                view = KATAN.view_for(st, seat)
                root = PRESENTER.tree(view, seat, KATAN.view_legal_moves(view, seat), NAMES)
                starts = [
                    c.payload
                    for _, node in walk(root)
                    for c in node.children
                    if isinstance(c, Compose)
                ]
                for move in free:
                    kind = {mv.OFFER: "o", mv.COUNTER: "k", mv.DISCARD: "d"}[move[0]]
                    start = next(p for p in starts if p[1] == kind)
                    assert compose(st, seat, start, move) == move
                    composed += 1
            st = KATAN.apply(st, seat, rng.choice(legal)).state
    assert composed > 30


def offer_entries(st: KatanState, seat: int) -> list[str]:
    view = KATAN.view_for(st, seat)
    legal = KATAN.view_legal_moves(view, seat)
    root = PRESENTER.tree(view, seat, legal, NAMES)
    return [
        child.label
        for _, node in walk(root)
        for child in node.children
        if child.label.startswith("Offer")
    ]


def test_no_offer_to_players_once_the_turns_offers_are_made() -> None:
    st = table()
    assert "Offer to players…" in offer_entries(st, 0)
    st.offers = OFFERS_PER_TURN - 1
    assert "Offer to players…" in offer_entries(st, 0)
    st.offers = OFFERS_PER_TURN
    assert offer_entries(st, 0) == []  # neither the composer nor the example offer
    assert not any(m[0] == mv.OFFER for m in KATAN.legal_moves(st, 0))


def test_eight_card_kinds_page_through_the_composer_on_every_profile() -> None:
    """With Cities & Knights' commodities an offer's buttons may not fit one
    page; every + and − is reachable by paging, and a page is kept apart from
    the draft (the draft reads back unchanged)."""
    st = blank(ruleset=CITIES_RULES)
    give(st, 0, lumber=2, brick=2, wool=2, grain=2, ore=2, cloth=2, coin=2, paper=2)
    view = KATAN.view_for(st, 0)
    legal = KATAN.view_legal_moves(view, 0)
    draft = Draft("offer", (1,) * 8, (0,) * 8)
    wanted = {f"{sign} {name}" for sign in "+−" for name in CARD_NAMES}
    for profile in (PLAIN, DISCORD, TELEGRAM):
        seen: set[str] = set()
        queue, visited = [draft.payload()], set()
        while queue:
            payload = queue.pop()
            if payload in visited:
                continue
            visited.add(payload)
            shown = screen(PRESENTER, view, 0, legal, NAMES, profile, lambda p: p, payload)
            for choice in shown.menu.choices():
                seen.add(choice.label)
                if choice.kind == "page":
                    assert choice.token.split("~")[0] == draft.payload()
                    queue.append(choice.token)
        assert wanted <= seen, (profile.name, wanted - seen)
    assert read_payload(draft.payload()) == (draft, False)
