"""Lobbies through the Telegram fake: settings changed by buttons, a
spectator who never sees a hand, invitations by @username and by text
mention (and the refusal of a name the bot cannot know), and the inline
query that offers a person their own hand and nobody else's."""

from pathlib import Path
from typing import Any

from telegram_fake import BOT_USERNAME, FakeTelegram, Message, User
from telegram_support import Driver, hosted
from test_chat_boards import game_night, group_table, press_setting, settings_of, start
from test_telegram_play import identity, open_in_dm, quiet, seat_of

from engine.cards import label


async def test_settings_by_buttons_change_the_tables_options(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo, group, table = await game_night(host)
        menu = await settings_of(fake, ana, group)
        await press_setting(fake, ana, menu, "Points to win −1")
        await fake.wait_for(lambda: table.meta.options["pointsToWin"] == 9, what="9 points")
        await press_setting(fake, ana, menu, "Stick the dealer")
        await fake.wait_for(lambda: table.meta.options["stickTheDealer"] is False, what="off")
        await press_setting(fake, ana, menu, "Turn timer")
        await fake.wait_for(lambda: table.meta.policy.timer.turn_seconds == 60, what="1 min")
        await press_setting(fake, ana, menu, "AI 3 level")
        await fake.wait_for(lambda: table.meta.seats[2].level is not None, what="a level")
        assert table.meta.seats[2].level in table.game.levels
        # Bo did not open the table: refused, nothing changed.
        before = dict(table.meta.options)
        await press_setting(fake, ana, menu, "Deck size: 24")  # back to page 1, no change yet
        await fake.wait_for(lambda: table.meta.options["deckSize"] == 32, what="32 cards")
        before = dict(table.meta.options)
        query = fake.press(bo, menu, "Deck size")
        await fake.settled()
        assert query.answer and "Only the person who opened" in str(query.answer.get("text"))
        assert table.meta.options == before
        lobby = next(m for m in fake.shown(group) if "join code" in str(m.text))
        assert "Turn timer 1 min" in str(lobby.text), "the lobby shows the new settings"
        await start(host, table, ana, group)
        assert table.game.parse_options(table.meta.options).points_to_win == 9


async def test_a_spectator_sees_the_board_and_never_a_hand(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo, cy = fake.user("Ana"), fake.user("Bo"), fake.user("Cy")
        for user in (ana, bo, cy):
            fake.say(user, "/start")
        table = await open_in_dm(host, ana, "/new euchre points_to_win=3", [bo])
        await start(host, table, ana, fake.dm(ana))
        fake.say(cy, f"/spectate {table.code}")
        driver = Driver(host, table, {seat_of(table, u): u for u in (ana, bo)})
        await driver.play(stop_at=25)
        await quiet(fake)
        to_cy = [r for r in fake.requests if r.ok and r.chat_id == cy.id]
        boards = [m for m in fake.shown(fake.dm(cy)) if "· code" in str(m.caption)]
        assert len(boards) == 1 and boards[0].history, "one board, edited as the game goes"
        for request in to_cy:
            text = " ".join(request.texts())
            assert "Your hand" not in text and "Your bid" not in text
            assert not any(
                "m" in str(b.get("callback_data", "")).split(".")[3][:1]
                for row in (request.params.get("reply_markup") or {}).get("inline_keyboard", [])
                for b in row
            )


def dm_with(fake: FakeTelegram, user: User, words: str) -> Message | None:
    return next((m for m in fake.shown(fake.dm(user)) if words in str(m.text)), None)


async def test_an_invitation_reaches_the_named_persons_dm_and_seats_them(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo, cy = fake.user("Ana"), fake.user("Bo"), fake.user("Cy")
        dee = fake.user("Dee", handle=False)  # no @username: only a text mention finds her
        zed = fake.user("Zed")  # never wrote to the bot: his @username is unknown to it
        group = fake.group("Game night", ana, bo, cy, dee, zed)
        for user in (ana, bo, cy, dee):
            fake.say(user, "/start")
        table = await group_table(host, group, ana, cy)

        # An @username the bot has seen write: Bo gets the table in his DM.
        fake.say(ana, f"/invite@{BOT_USERNAME} @bo_tg", group)
        invitation = await fake.wait_for(
            lambda: dm_with(fake, bo, "Ana invites you to"), what="Bo's invitation"
        )
        assert table.code in str(invitation.text)
        announced = await fake.wait_for(
            lambda: next((m for m in fake.shown(group) if "invited Bo" in str(m.text)), None),
            what="the invitation in the group",
        )
        assert f"tg://user?id={bo.id}" in str(announced.source[0]), "Bo is mentioned there"
        fake.press(bo, invitation, "Join")
        await fake.wait_for(lambda: table.seat_of(identity(bo)) is not None, what="Bo seated")

        # A name unknown to the bot: refused by name, privately, and nobody is written to.
        before = len(fake.requests)
        fake.say(ana, f"/invite@{BOT_USERNAME} @zed_tg", group)
        refusal = await fake.wait_for(
            lambda: dm_with(fake, ana, "I don't know who @zed_tg is"), what="the refusal"
        )
        assert "written to me" in str(refusal.text)
        await fake.settled()
        later = fake.requests[before:]
        assert not [r for r in later if r.chat_id in (zed.id, group.id)], "nothing said there"
        assert sum(s.identity is not None for s in table.meta.seats) == 3

        # A text mention carries the user: Dee is found without a username, and
        # joins from the group's copy of the invitation.
        fake.say(ana, f"/invite@{BOT_USERNAME} Dee", group, named=(dee,))
        await fake.wait_for(lambda: dm_with(fake, dee, "Ana invites you to"), what="Dee's DM")
        posted = await fake.wait_for(
            lambda: next((m for m in fake.shown(group) if "invited Dee" in str(m.text)), None),
            what="Dee's invitation in the group",
        )
        fake.press(dee, posted, "Join")
        await fake.wait_for(lambda: table.seat_of(identity(dee)) is not None, what="Dee seated")

        # The table is full now: a further invitation says so.
        fake.say(ana, f"/invite@{BOT_USERNAME} Zed", group, named=(zed,))
        await fake.wait_for(
            lambda: next((m for m in fake.shown(group) if "no free seat" in str(m.text)), None),
            what="no free seat",
        )


def answer_of(fake: FakeTelegram, query_id: str) -> list[dict[str, Any]]:
    """The results the bot answered inline query `query_id` with, checked to be
    for the asker alone and never cached."""
    answer = fake.inline_answers[query_id]
    assert str(answer.get("is_personal")).lower() == "true", "shown to the asker alone"
    assert str(answer.get("cache_time")) == "0", "never offered again from a cache"
    results: list[dict[str, Any]] = answer["results"]
    return results


async def test_the_inline_query_offers_only_the_askers_own_hand(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo, cy = fake.user("Ana"), fake.user("Bo"), fake.user("Cy")
        group = fake.group("Game night", ana, bo, cy)
        for user in (ana, bo):
            fake.say(user, "/start")
        table = await group_table(host, group, ana, bo)
        await start(host, table, ana, group)
        await quiet(fake)
        state = table.state
        assert state is not None
        for user in (ana, bo):
            seat = seat_of(table, user)
            before = len(fake.requests)
            query = fake.inline(user, "", group)
            await fake.wait_for(lambda q=query: q in fake.inline_answers, what="the answer")
            results = answer_of(fake, query)
            assert [r["title"].split(":")[0] for r in results] == [
                "Show my hand",
                "Where the game stands",
            ]
            texts = [r["input_message_content"]["message_text"] for r in results]
            hand = texts[0]
            assert hand.startswith(f"{user.first_name} shows their hand")
            assert all(label(card) in hand for card in state.hands[seat])
            for other in range(len(state.hands)):
                if other != seat:
                    leaked = [label(c) for c in state.hands[other] if label(c) in " ".join(texts)]
                    assert not leaked, f"seat {other + 1}'s cards offered to {user.first_name}"
            assert not any(label(c) in texts[1] for c in state.hands[seat]), "the board is public"
            posted = [r for r in fake.requests[before:] if r.method.startswith("send")]
            assert not posted, "nothing is posted until the asker picks a result"
        # Narrowed by a join code; another code finds nothing.
        query = fake.inline(bo, table.code.lower(), group)
        await fake.wait_for(lambda: query in fake.inline_answers, what="the narrowed answer")
        assert len(answer_of(fake, query)) == 2
        query = fake.inline(bo, "ZZZZZ", group)
        await fake.wait_for(lambda: query in fake.inline_answers, what="no table")
        assert answer_of(fake, query) == []
        # Cy sits nowhere: an answer with nothing in it.
        query = fake.inline(cy, "", group)
        await fake.wait_for(lambda: query in fake.inline_answers, what="Cy's answer")
        assert answer_of(fake, query) == []
