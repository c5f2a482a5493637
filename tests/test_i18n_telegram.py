"""Languages through the Telegram fake: a person whose app is German
(`language_code` "de") reads the bot in German, an English one at the same
table reads English in private, `/language` switches and is remembered over
a restart, and Telegram's command menu is set in each shipped language."""

from pathlib import Path

from telegram_fake import FakeTelegram, Message, User
from telegram_support import Driver, hosted
from test_chat_boards import start
from test_telegram_play import open_in_dm, quiet, seat_of


def said_to(fake: FakeTelegram, user: User) -> str:
    """Everything the bot shows in `user`'s DM, texts, captions and buttons."""
    return "\n".join(_words(m) for m in fake.shown(fake.dm(user)) if m.from_bot)


def _words(message: Message) -> str:
    labels = " ".join(str(b.get("text")) for b in message.buttons)
    return f"{message.text or ''} {message.caption or ''} {labels}"


async def test_each_person_reads_their_own_language_and_can_switch(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        fake = host.fake
        ana, bo = fake.user("Ana", language="de"), fake.user("Bo", language="en")
        for user in (ana, bo):
            fake.say(user, "/start")
        table = await open_in_dm(host, ana, "/new euchre points_to_win=3", [bo])
        await quiet(fake)
        to_ana, to_bo = said_to(fake, ana), said_to(fake, bo)
        assert "Beitrittscode" in to_ana and "Beitreten" in to_ana and "Einladungslink" in to_ana
        assert "join code" not in to_ana and "Join" not in to_ana.replace("join ", "")
        assert "You sit in seat" in to_bo and "Beitritt" not in to_bo
        assert "Bo setzt sich an den Tisch." in to_ana, "the lobby's news in her language"
        await start(host, table, ana, fake.dm(ana))
        players = {seat_of(table, user): user for user in (ana, bo)}
        await Driver(host, table, players).play(stop_at=12)
        await quiet(fake)
        assert "Deine Hand:" in said_to(fake, ana) and "Your hand" not in said_to(fake, ana)
        assert "Stand:" in said_to(fake, ana) and "Score:" not in said_to(fake, ana)
        assert "Your hand:" in said_to(fake, bo) and "Deine Hand" not in said_to(fake, bo)

        fake.say(ana, "/language en")
        await quiet(fake)
        assert "From now on I speak English with you" in said_to(fake, ana)
        await host.restart()
        mark = len(fake.shown(fake.dm(ana)))
        fake.say(ana, "/help")
        await quiet(fake)
        helped = "\n".join(_words(m) for m in fake.shown(fake.dm(ana))[mark:] if m.from_bot)
        assert "take a seat" in helped and "Platz nehmen" not in helped
        fake.say(ana, "/language auto")
        fake.say(bo, "/language de")
        await quiet(fake)
        assert "Ab jetzt spreche ich Deutsch mit dir" in said_to(fake, bo)
        mark = len(fake.shown(fake.dm(ana)))
        fake.say(ana, "/tables")
        await quiet(fake)
        told = "\n".join(_words(m) for m in fake.shown(fake.dm(ana))[mark:] if m.from_bot)
        assert "Deine Tische" in told, "auto follows her app's German again"


async def test_the_command_menu_is_set_in_every_language(tmp_path: Path) -> None:
    async with hosted(tmp_path) as host:
        await quiet(host.fake)
        menus = host.fake.commands_for
        assert set(menus) == {"", "de"}
        english = {c["command"]: c["description"] for c in menus[""]}
        german = {c["command"]: c["description"] for c in menus["de"]}
        assert english.keys() == german.keys() and "language" in german
        assert (
            german["hand"] == "deine Karten, privat" and english["hand"] == "your cards, privately"
        )
