"""Lobbies through the Telegram fake: settings changed by buttons, and a
spectator who never sees a hand."""

from pathlib import Path

from telegram_fake import BOT_USERNAME
from telegram_support import Driver, hosted
from test_chat_boards import group_table, press_setting, start
from test_telegram_play import open_in_dm, quiet, seat_of


async def test_settings_by_buttons_change_the_tables_options(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo = fake.user("Ana"), fake.user("Bo")
        group = fake.group("Game night", ana, bo)
        for user in (ana, bo):
            fake.say(user, "/start")
        table = await group_table(host, group, ana, bo)
        fake.say(ana, f"/settings@{BOT_USERNAME}", group)
        menu = await fake.wait_for(
            lambda: next((m for m in fake.shown(group) if "Settings of" in str(m.text)), None),
            what="the settings",
        )
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
