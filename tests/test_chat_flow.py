"""The conversation against a real daemon core on a fake clock: whole games
through buttons and typed text, what goes public and what private, when a
message is edited and when posted anew, who is mentioned, who may do what."""

import random
from typing import Any

import pytest
from chat_support import QUICK, FakeChat, Posted, choice, daemon_with_chat

from daemon.clock import FakeClock, settle
from daemon.core import Daemon
from daemon.delivery import SeatUpdate
from daemon.model import Identity, Status
from daemon.table import Table
from frontends.chat import Place, Sender
from frontends.chat.presenters import presenter_for

ANA = Sender("1", "Ana")
SEED = 20240611


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables get a fixed seed, so each game here is the same every run."""
    monkeypatch.setattr("daemon.core.secrets.randbits", lambda bits: SEED)


BO = Sender("2", "Bo")
CY = Sender("3", "Cy")
GROUP = Place("g")


async def opened(chat: FakeChat, daemon: Daemon, line: str, place: Place = GROUP) -> Table:
    await chat.type(ANA, line, place)
    (table,) = [t for t in daemon.tables.values() if t.status == Status.LOBBY]
    return table


async def until_person(
    table: Table, clock: FakeClock, people: dict[int, Sender]
) -> tuple[int, Sender] | None:
    """Let the table run until a person is on turn (None: the game ended)."""
    for _ in range(500):
        await settle()
        if table.status != Status.PLAYING:
            return None
        seat = table.to_move()
        if seat is not None and seat in people and table.meta.seats[seat].human:
            return seat, people[seat]
        await clock.advance(1)
    raise AssertionError("the table never came back to a person")


def press_first(post: Posted) -> Any:
    """The first choice that makes a move; else the first that opens a submenu."""
    menu = post.message.menu
    assert menu is not None
    choices = menu.choices()
    moves = [c for c in choices if c.kind in ("move", "spot")]
    return moves[0] if moves else next(c for c in choices if c.kind == "open")


async def test_a_whole_euchre_game_through_buttons() -> None:
    daemon, clock, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "/new euchre points_to_win=3")
    lobby = chat.channel("g")[-1]
    assert table.code in lobby.message.text and "Ana" in lobby.message.text
    await chat.tap(BO, choice(lobby, "Join"), lobby.id)
    assert table.seat_of(chat.layer._identity(BO)) == 1
    assert "Bo" in chat.posted[lobby.id].message.text  # the lobby message was edited
    await chat.type(ANA, "start", GROUP)
    people = {0: ANA, 1: BO}
    presses = 0
    while (turn := await until_person(table, clock, people)) is not None:
        seat, person = turn
        panel = chat.panel(person.user)
        for token_choice in panel.message.menu.choices() if panel.message.menu else ():
            grant = chat.layer.tokens.read(token_choice.token)
            assert grant.seat in (None, seat)
        await chat.tap(person, press_first(panel), panel.id)
        presses += 1
    assert table.status == Status.FINISHED
    assert presses > 20
    boards = [p for p in chat.channel("g") if p.message.picture is not None]
    # A board is posted only when a person's turn begins (and first and last):
    # AI moves in between edit it and never add a message.
    first = [(p.history or [p.message])[0] for p in boards]
    assert all(m.mentions for m in first[1:-1])
    assert len(boards) <= presses + 2 < table.version
    for post in chat.channel("g"):
        for message in (*post.history, post.message):
            assert "Your hand" not in message.text
    # A person is mentioned on the board post that opens their turn.
    assert {m for message in first for m in message.mentions} == {"1", "2"}
    assert boards[0].message.picture is not None
    assert boards[0].message.picture.png().startswith(b"\x89PNG")
    last = [p for p in chat.direct("1") if p.message.picture is not None][-1]
    assert last.message.menu is None and "Waiting" not in last.message.text  # the game is over
    assert last.message.picture is not None and last.message.picture.png()[:4] == b"\x89PNG"
    await daemon.shutdown(0.1)


async def test_a_whole_sequence_game_through_typed_text() -> None:
    daemon, clock, chat = await daemon_with_chat()
    dm = Place("dm-1", private=True)
    table = await opened(chat, daemon, "new sequence", dm)
    await chat.type(ANA, "start", dm)
    presenter = presenter_for("sequence")
    rng = random.Random(5)
    typed = 0
    while (turn := await until_person(table, clock, {0: ANA})) is not None:
        seat, _ = turn
        view = table.view_for(seat)
        legal = table.game.view_legal_moves(view, seat)
        names = chat.layer._names(table)
        line = presenter.command(rng.choice(legal), view, seat, names)
        answer = await chat.type(ANA, line.upper(), dm)
        assert not any("not" in a.message.text.lower()[:80] for a in answer), answer
        typed += 1
    assert table.status == Status.FINISHED and typed > 5
    # Everything went to Ana's DM: the board (the table's chat) and her panels.
    assert all(p.to.user == "1" or p.to.chat == "dm-1" for p in chat.posted.values())
    await daemon.shutdown(0.1)


async def test_an_update_that_changes_nothing_keeps_the_menu_navigated_to() -> None:
    """A seat update with the same position and moves for the seat on turn
    leaves its panel alone: a chosen card's squares stay on screen."""
    daemon, clock, chat = await daemon_with_chat()
    dm = Place("dm-1", private=True)
    table = await opened(chat, daemon, "new sequence", dm)
    await chat.type(ANA, "start", dm)
    assert await until_person(table, clock, {0: ANA}) is not None
    panel = chat.panel("1")
    menu = panel.message.menu
    assert menu is not None
    root = panel.message
    card = next(c for c in menu.choices() if c.kind == "open")
    await chat.tap(ANA, card, panel.id)
    chosen = chat.posted[panel.id].message
    assert chosen.text != root.text and "choose a square" in chosen.text
    assert table.state is not None
    again = SeatUpdate(
        table.ref(),
        0,
        Identity(frontend="plain", user=ANA.user),
        table.view_for(0),
        (),
        True,
        tuple(table.game.legal_moves(table.state, 0)),
        table.turn_deadline,
    )
    before = len(chat.actions)
    await chat.deliver(again)
    assert chat.actions[before:] == [] and chat.posted[panel.id].message is chosen
    await daemon.shutdown(0.1)


async def test_katan_turns_with_a_composed_offer_and_typed_builds() -> None:
    # The "builder" AI never trades: the default AI re-offers without end when
    # a person declines, because the daemon builds a fresh player per decision
    # and the player keeps its one-offer-a-turn memory on itself.
    daemon, clock, chat = await daemon_with_chat(
        policy=QUICK.model_copy(update={"ai_level": "builder"})
    )
    table = await opened(chat, daemon, "new katan points_to_win=3")
    await chat.type(ANA, "start", GROUP)
    presenter = presenter_for("katan")
    rng = random.Random(2)
    offered = False
    for _ in range(300):
        turn = await until_person(table, clock, {0: ANA})
        if turn is None:
            break
        seat, _ = turn
        view = table.view_for(seat)
        state = view.state
        hand = state.hands[seat * 5 : seat * 5 + 5]
        if not offered and state.phase == 5 and sum(1 for n in hand if n) >= 1:
            panel = chat.panel("1")
            await chat.tap(ANA, choice(panel, "Trade ▸"), panel.id)
            panel = chat.posted[panel.id]
            await chat.tap(ANA, choice(panel, "Offer to players…"), panel.id)
            give = next(r for r, n in enumerate(hand) if n)
            want = (give + 1) % 5
            names = ("lumber", "brick", "wool", "grain", "ore")
            await chat.tap(ANA, choice(chat.posted[panel.id], f"+ {names[give]}"), panel.id)
            text = chat.posted[panel.id].message.text
            assert f"You give: 1 {names[give]}." in text and "both sides" in text
            await chat.tap(ANA, choice(chat.posted[panel.id], "Edit what you want"), panel.id)
            await chat.tap(ANA, choice(chat.posted[panel.id], f"+ {names[want]}"), panel.id)
            await chat.tap(ANA, choice(chat.posted[panel.id], "✓ Confirm"), panel.id)
            offered = True
            await settle()
            assert any("offers" in line for line in table.recent)
            continue
        legal = table.game.view_legal_moves(view, seat)
        names_ = chat.layer._names(table)
        await chat.type(ANA, presenter.command(rng.choice(legal), view, seat, names_), GROUP)
    assert offered
    boards = [p for p in chat.channel("g") if p.message.picture is not None]
    assert any("1" in (p.history or [p.message])[0].mentions for p in boards)
    await daemon.shutdown(0.1)


async def test_who_may_do_what() -> None:
    daemon, clock, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    answer = await chat.type(CY, "start", GROUP)
    assert "Only people seated" in answer[0].message.text
    await chat.type(BO, f"join {table.code}", GROUP)
    answer = await chat.type(BO, "end game", GROUP)
    assert "Only the person who opened" in answer[0].message.text
    assert answer[0].to.private
    await chat.type(BO, "start", GROUP)
    assert table.status == Status.PLAYING
    answer = await chat.type(CY, f"spectate {table.code}", Place("dm-3", private=True))
    await until_person(table, clock, {0: ANA, 1: BO})
    assert any(p.message.picture for p in chat.direct("3")), "the spectator sees the board"
    assert all(
        p.message.menu is None or p.message.menu.choices()[0].kind == "flow"
        for p in chat.direct("3")
    )
    answer = await chat.type(BO, "leave", GROUP)
    assert table.meta.seats[1].away
    assert chat.layer.memory.get(f"msg|{table.id}|board|g") is not None
    answer = await chat.type(ANA, "end game", GROUP)
    assert table.status == Status.ABANDONED
    # Nothing at an ended table is edited again, so its message ids are forgotten.
    assert chat.layer.memory.get(f"msg|{table.id}|board|g") is None
    assert chat.layer.memory.get(f"creator|{table.id}") is None
    await daemon.shutdown(0.1)


async def test_help_rules_options_and_things_not_understood() -> None:
    daemon, _, chat = await daemon_with_chat()
    dm = Place("dm-1", private=True)
    (help_text,) = await chat.type(ANA, "help", dm)
    assert "new katan" in help_text.message.text
    (rules,) = await chat.type(ANA, "rules euchre", dm)
    assert "bowers" in rules.message.text
    (options,) = await chat.type(ANA, "options katan", dm)
    assert "points_to_win = 10" in options.message.text and "seats = 4, 3" in options.message.text
    (unknown,) = await chat.type(ANA, "florp", dm)
    assert "florp" in unknown.message.text and "new GAME" in unknown.message.text
    (typo,) = await chat.type(ANA, "jion ABCDE", dm)
    assert "Did you mean join" in typo.message.text
    (bad,) = await chat.type(ANA, "new chess", dm)
    assert "no game 'chess'" in bad.message.text
    (bad,) = await chat.type(ANA, "new katan colour=red", dm)
    assert "Unknown option 'colour'" in bad.message.text
    lobby, *_ = await chat.type(ANA, "new katan seats=3 points_to_win=5", dm)
    assert "3: AI 3 (free)" in lobby.message.text and "4:" not in lobby.message.text
    (bad,) = await chat.type(ANA, "new katan points_to_win=2", dm)
    assert "points_to_win" in bad.message.text and "No table" in bad.message.text
    await daemon.shutdown(0.1)


async def test_a_wrong_move_gets_the_reason_the_forms_and_the_menu() -> None:
    daemon, clock, chat = await daemon_with_chat()
    table = await opened(chat, daemon, "new euchre")
    await chat.type(ANA, "start", GROUP)
    await until_person(table, clock, {0: ANA})
    (answer,) = await chat.type(ANA, "play 9", GROUP)
    assert answer.to.private and answer.message.menu is not None
    assert "Say which card" in answer.message.text and "Try: " in answer.message.text
    view = table.view_for(0)
    legal = table.game.view_legal_moves(view, 0)
    assert len(answer.message.menu.choices()) == len(legal)
    forms = presenter_for("euchre").forms(view, 0, legal, chat.layer._names(table))
    (answer,) = await chat.type(ANA, "castle kingside", GROUP)
    assert "Did you mean call?" in answer.message.text
    assert f"Try: {' · '.join(forms)}" in answer.message.text
    (answer,) = await chat.type(ANA, "xyzzy", GROUP)
    assert "'xyzzy'" in answer.message.text and "Euchre commands" in answer.message.text
    await daemon.shutdown(0.1)
