"""`/plgames …`: the chat layer's conversation as one slash command group.

Each subcommand is spelled back into the line a person would type
(`/plgames join code:ABCDE` becomes `join ABCDE`), so Discord and Telegram
share one grammar and one set of answers. Discord's own parameter checks
(choices, ranges) catch what they can before the layer sees the line; the
layer explains whatever is still wrong.
"""

from collections.abc import Awaitable, Sequence
from typing import Any, Final, Literal, Protocol

import discord
from discord import app_commands
from discord.app_commands import locale_str

from engine.registry import game_ids, get_game
from frontends.chat import Sender
from frontends.chat.language import NAMES
from frontends.chat.presenters import presenter_for
from languages import N_, SOURCE, _, languages, speaking, supported


class Run(Protocol):
    """Answers one interaction with one typed line (the frontend's
    `command`), and the people it names (`invite`'s user)."""

    def __call__(
        self, interaction: discord.Interaction[Any], line: str, mentions: Sequence[Sender] = ()
    ) -> Awaitable[None]: ...


CHOICE_NAME: Final = 100
"""Discord's longest choice name."""
BLANK: Final = "-"
"""A choice's value for an option set to nothing (Katan's base game: no
expansions); Discord wants a value of at least one character."""


def choice_name(label: str, note: str) -> str:
    """`label: note`, cut at a word to what Discord shows of a choice."""
    name = f"{label}: {note}" if note else label
    if len(name) > CHOICE_NAME:
        name = name[: CHOICE_NAME - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"
    return name


def setup_choices(option: str) -> list[app_commands.Choice[str]]:
    """Every answer any game's table setup offers for `option` (the questions
    `new GAME` asks by buttons: Katan's rule sets, its maps), as slash choices.
    Each name keeps its answer's label and note (marked texts), so that
    `CommandWords` says it in every shipped language."""
    found: dict[str, locale_str] = {}
    for game in game_ids():
        ask = presenter_for(game).setup
        stack: list[dict[str, object]] = [{}]
        while stack:
            answers = stack.pop()
            question = ask(answers)
            if question is None:
                continue
            for answer in question.options:
                stack.append({**answers, question.option: answer.value})
                if question.option == option:
                    name = locale_str(
                        choice_name(answer.label, answer.note), label=answer.label, note=answer.note
                    )
                    found.setdefault(str(answer.value) or BLANK, name)
    return [app_commands.Choice(name=name, value=value) for value, name in found.items()]


def game_choices() -> list[app_commands.Choice[str]]:
    """The registry's games."""
    return [app_commands.Choice(name=get_game(g).title, value=g) for g in game_ids()]


def language_choices() -> list[app_commands.Choice[str]]:
    """The shipped languages by their own names, and `auto`."""
    named = [app_commands.Choice(name=NAMES.get(code, code), value=code) for code in languages()]
    return [*named, app_commands.Choice(name="auto", value="auto")]


def new_line(game: str, options: dict[str, Any], more: str | None = None) -> str:
    """`new GAME name=value …` for the options that were given, then `more`
    (typed `key=value` pairs) as it is."""
    parts = [f"new {game}"]
    for name, value in options.items():
        if value is None:
            continue
        text = ("on" if value else "off") if isinstance(value, bool) else str(value)
        parts.append(f"{name}={'' if text == BLANK else text}")
    if more:
        parts.append(more)
    return " ".join(parts)


def group(run: Run) -> app_commands.Group:
    """The `/plgames` group; every subcommand hands its line to `run`."""
    plgames = app_commands.Group(
        name="plgames", description=N_("Play Katan, Euchre and Sequence at this table")
    )

    @plgames.command(name="new", description=N_("Open a table in this channel"))
    @app_commands.choices(
        game=game_choices(), rules=setup_choices("expansions"), map=setup_choices("map")
    )
    @app_commands.describe(
        game=N_("The game (Katan alone: buttons ask its rules, map and points)"),
        rules=N_("Katan: the rule set"),
        map=N_("Katan with Seafarers: the map"),
        points=N_("Points to win (Katan: 10, 13 C&K, 12 Seafarers, 14 both; Euchre: 10)"),
        players=N_("Katan: seats at the table"),
        award_points=N_("Katan: points for Longest Road and Largest Army"),
        teams=N_("Sequence: number of teams"),
        team_size=N_("Sequence: players in each team"),
        sequences=N_("Sequence: sequences to win"),
        board=N_("Sequence: the board layout"),
        deck=N_("Euchre: cards in the deck"),
        stick_the_dealer=N_("Euchre: the dealer must call when everyone passes"),
        going_alone=N_("Euchre: a maker may play alone"),
        defend_alone=N_("Euchre: a defender may play alone against a lone maker"),
        farmers_hand=N_("Euchre: a hand of nines and tens may be exchanged"),
        more=N_("Other options as key=value, e.g. award_points=5"),
    )
    async def new(
        interaction: discord.Interaction[Any],
        game: str,
        rules: str | None = None,
        map: str | None = None,
        points: app_commands.Range[int, 1, 99] | None = None,
        players: Literal[3, 4, 5, 6] | None = None,
        award_points: Literal[2, 5] | None = None,
        teams: Literal[2, 3] | None = None,
        team_size: app_commands.Range[int, 1, 4] | None = None,
        sequences: app_commands.Range[int, 1, 3] | None = None,
        board: Literal["app", "classic"] | None = None,
        deck: Literal[24, 32] | None = None,
        stick_the_dealer: bool | None = None,
        going_alone: bool | None = None,
        defend_alone: bool | None = None,
        farmers_hand: bool | None = None,
        more: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        options = {  # the game options' own names, which the layer reads
            "expansions": rules,
            "map": map,
            "points_to_win": points,
            "players": players,
            "award_points": award_points,
            "team_count": teams,
            "players_per_team": team_size,
            "sequences_to_win": sequences,
            "board": board,
            "deck_size": deck,
            "stick_the_dealer": stick_the_dealer,
            "allow_going_alone": going_alone,
            "defend_alone": defend_alone,
            "farmers_hand": farmers_hand,
        }
        await run(interaction, new_line(game, options, more))

    @plgames.command(name="join", description=N_("Sit at a table"))
    @app_commands.describe(code=N_("The table's join code (default: the table in this channel)"))
    async def join(interaction: discord.Interaction[Any], code: str | None = None) -> None:
        await run(interaction, f"join {code}" if code else "join")

    @plgames.command(name="spectate", description=N_("Watch a table"))
    @app_commands.describe(code=N_("The table's join code"))
    async def spectate(interaction: discord.Interaction[Any], code: str) -> None:
        await run(interaction, f"spectate {code}")

    @plgames.command(name="invite", description=N_("Send someone your table, with a Join button"))
    @app_commands.describe(user=N_("Who to invite"), code=N_("The table (default: yours here)"))
    async def invite(
        interaction: discord.Interaction[Any], user: discord.User, code: str | None = None
    ) -> None:
        named = Sender(str(user.id), user.display_name[:40] or str(user.id))
        await run(interaction, f"invite {code}" if code else "invite", (named,))

    @plgames.command(name="settings", description=N_("Your lobby's options, by buttons"))
    @app_commands.describe(code=N_("The table (default: yours here)"))
    async def settings(interaction: discord.Interaction[Any], code: str | None = None) -> None:
        await run(interaction, f"settings {code}" if code else "settings")

    @plgames.command(name="move", description=N_("Type a move: roll, build road 12, play JH…"))
    @app_commands.describe(text=N_("The move, as you would say it"))
    async def move(
        interaction: discord.Interaction[Any], text: app_commands.Range[str, 1, 200]
    ) -> None:
        await run(interaction, text)

    @plgames.command(name="stats", description=N_("Your games played and won, per game"))
    @app_commands.describe(game=N_("Only this game"))
    @app_commands.choices(game=game_choices())
    async def stats(interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run(interaction, f"stats {game}" if game else "stats")

    @plgames.command(name="leaderboard", description=N_("Who wins most in this server"))
    @app_commands.describe(game=N_("Only this game"))
    @app_commands.choices(game=game_choices())
    async def leaderboard(interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run(interaction, f"leaderboard {game}" if game else "leaderboard")

    @plgames.command(
        name="record", description=N_("A finished game, every move and hand, as a file")
    )
    @app_commands.describe(code=N_("The table's join code (default: your last finished game)"))
    async def record(interaction: discord.Interaction[Any], code: str | None = None) -> None:
        await run(interaction, f"record {code}" if code else "record")

    @plgames.command(name="help", description=N_("What you can do here"))
    @app_commands.describe(topic=N_("A command or a game"))
    async def help_(interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        await run(interaction, f"help {topic}" if topic else "help")

    @plgames.command(name="language", description=N_("The language I speak with you"))
    @app_commands.describe(code=N_("A language, or auto: your Discord's (default: which one now)"))
    @app_commands.choices(code=language_choices())
    async def language(interaction: discord.Interaction[Any], code: str | None = None) -> None:
        await run(interaction, f"language {code}" if code else "language")

    simple = (
        ("start", N_("Start the game at your table")),
        ("leave", N_("Leave your seat (the AI plays it)")),
        ("status", N_("Where your table stands")),
        ("hand", N_("Your cards and moves, privately")),
        ("rules", N_("How to play your table's game")),
        ("options", N_("The options of your table's game")),
        ("end", N_("End your table (its creator only)")),
        ("mute", N_("Your turns stop pinging you (the last-minute reminder still does)")),
        ("unmute", N_("Your turns ping you again")),
    )
    for name, description in simple:
        plgames.add_command(_simple(name, description, run))
    return plgames


def _simple(name: str, description: str, run: Run) -> app_commands.Command[Any, Any, None]:
    async def handler(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, name)

    return app_commands.Command(name=name, description=description, callback=handler)


class CommandWords(app_commands.Translator):
    """The descriptions of `/plgames` and its options, and the names of
    `/plgames new`'s rule sets and maps, in each shipped language, for
    Discord to show people whose client uses it. Command and option names
    stay English: they are the words the chat grammar reads; a choice's
    value, which is what the command receives, is the same in every
    language."""

    async def translate(
        self,
        string: locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        names = (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        )
        language = supported(locale.value)
        if context.location in names or language in (None, SOURCE):
            return None
        with speaking(language):
            if context.location is app_commands.TranslationContextLocation.choice_name:
                label, note = string.extras.get("label"), string.extras.get("note")
                if not label:
                    return None
                said = choice_name(_(label), _(note) if note else "")
            else:
                said = _(string.message)
        return said if said != string.message else None


def localised() -> tuple[str, ...]:
    """The languages the translator gives Discord (all shipped but the source's)."""
    return tuple(language for language in languages() if language != SOURCE)
