"""A table before it starts: its settings by buttons, and invitations.

`settings` shows what a lobby can still change, each as a button: the game's
own options (read from its options model: a yes/no option flips, a choice
among a few values moves to the next, a number steps by one), the seat count
where the game's options allow more than one (Katan's `players` moves with
it; people already seated keep a seat, so never fewer seats than them), the turn timer,
the AI's pace, the AI level of each seat the AI plays, and whether the chat
keeps old boards (`frontends.chat.boards`). Only the table's opener may
press them, and only in the lobby; each press is checked by the daemon as a
new table's options would be (`Table.configure`), so a value the game
refuses is answered with the game's own reason and changes nothing. The
buttons carry the change itself in their payload (`fg` + what), so nothing
is stored per menu.

`invite @name` sends the named person (or people) the table with a Join
button: in their DM, and, when the invitation is made in a group, as a
mention there too (a Telegram user who never opened the bot's DM can only
be reached that way). Adapters resolve the names into `Sender`s: Discord
from the mention or the slash command's user, Telegram from a text mention
or an @username it has seen write.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, get_args, get_origin

from daemon.model import Refused, Status
from daemon.table import Table
from engine.errors import EngineError
from frontends.chat.api import Edit, Menu, Message, Outgoing, Place, Send, Sender, Target
from frontends.chat.menus import Item, Sheet, lay_out
from frontends.chat.tokens import to36
from languages import N_, _, ngettext, speaking

if TYPE_CHECKING:
    from frontends.chat.layer import ChatLayer

WORDS: Final = ("settings", "invite")
SETTINGS: Final = "fg"
"""The flow payload of the settings menu; a change adds what it changes."""
TURN_CHOICES: Final[tuple[float | None, ...]] = (None, 60.0, 120.0, 300.0, 600.0)
PACE_CHOICES: Final = (0.0, 1.0, 2.0, 4.0)
NO_ONE: Final = N_(
    "Say whom to invite: invite @name. Mention them (on Telegram, tap their name so it "
    "becomes a link, or use the @username of someone who has written to me before)."
)
UNKNOWN: Final = N_(
    "I don't know who {name} is, so I could not invite them: I can find only people who "
    "have written to me. Ask them to send me a message (or tap their name so it becomes a "
    "link), then invite them again."
)


@dataclass(frozen=True, slots=True)
class _Setting:
    """One line of the settings: what it shows, and its buttons' payloads."""

    label: str
    value: str
    change: Callable[[Table, str], dict[str, Any]]
    """The `Table.configure` arguments a press asks for (`step` "u"/"d" for numbers)."""
    steps: tuple[str, ...] = ("",)


OPTION_NAMES: Final = {
    "deck_size": N_("Deck size"),
    "stick_the_dealer": N_("Stick the dealer"),
    "allow_going_alone": N_("Allow going alone"),
    "points_to_win": N_("Points to win"),
    "defend_alone": N_("Defend alone"),
    "farmers_hand": N_("Farmer's hand"),
    "team_count": N_("Teams"),
    "players_per_team": N_("Players per team"),
    "sequences_to_win": N_("Sequences to win"),
    "dead_card_exchange": N_("Dead card exchange"),
    "board": N_("Board"),
    "canal_target": N_("Great Canal target"),
    "award_points": N_("Points per award"),
}
"""The games' options (by their field names) as a lobby's settings name them;
a test holds this table to every option the settings show."""


def _words(name: str) -> str:
    return _(OPTION_NAMES[name]) if name in OPTION_NAMES else name.replace("_", " ").capitalize()


def _fixed(table: Table) -> str:
    return _("{table} has begun: its settings are fixed now.").format(table=table.meta.name)


def _pace(seconds: float) -> str:
    return _("{seconds:g} s a move").format(seconds=seconds)


def _span(seconds: float | None) -> str:
    if not seconds:
        return _("off")
    if seconds >= 60:
        return _("{minutes:g} min").format(minutes=seconds / 60)
    return _("{seconds:g} s").format(seconds=seconds)


def _next(values: Sequence[Any], current: Any) -> Any:
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


class Lobbies:
    def __init__(self, layer: "ChatLayer") -> None:
        self.layer = layer

    # ---- what a lobby can change ------------------------------------------------------

    def _settings(self, table: Table) -> dict[str, _Setting]:
        """Every setting by its payload key: `o<i>` option i of the game's
        model, `s` the seat count, `t` the timer, `p` the pace, `a<seat>` a seat's AI level,
        `h` the board history."""
        found: dict[str, _Setting] = {}
        fields = table.game.Options.model_fields
        for index, (name, info) in enumerate(fields.items()):
            kind, key, current = info.annotation, info.alias or name, getattr(table.options, name)
            if kind is bool:
                change = self._option(key, lambda value, _: not value, current)
                found[f"o{to36(index)}"] = _Setting(
                    _words(name), _("on") if current else _("off"), change
                )
            elif get_origin(kind) is Literal:
                values: tuple[Any, ...] = get_args(kind)

                def choose(value: Any, _how: str, values: tuple[Any, ...] = values) -> Any:
                    return _next(values, value)

                change = self._option(key, choose, current)
                found[f"o{to36(index)}"] = _Setting(_words(name), str(current), change)
            elif kind is int:
                change = self._option(
                    key, lambda value, step: value + (1 if step == "u" else -1), current
                )
                found[f"o{to36(index)}"] = _Setting(_words(name), str(current), change, ("d", "u"))
        policy = table.meta.policy

        def timer(table: Table, _how: str) -> dict[str, Any]:
            # 0 is off too (no timer), so the first press turns it on.
            seconds = _next(TURN_CHOICES, policy.timer.turn_seconds or None)
            update = {"timer": policy.timer.model_copy(update={"turn_seconds": seconds})}
            return {"policy": policy.model_copy(update=update)}

        def pace(table: Table, _how: str) -> dict[str, Any]:
            think = _next(PACE_CHOICES, policy.pacing.think_seconds)
            update = {"pacing": policy.pacing.model_copy(update={"think_seconds": think})}
            return {"policy": policy.model_copy(update=update)}

        if len(_seat_counts(table)) > 1:
            found["s"] = _Setting(_("Seats"), str(len(table.meta.seats)), self._seats, ("d", "u"))
        found["t"] = _Setting(_("Turn timer"), _span(policy.timer.turn_seconds), timer)
        found["p"] = _Setting(_("AI pace"), _pace(policy.pacing.think_seconds), pace)
        levels = table.game.levels
        for seat, held in enumerate(table.meta.seats):
            if held.identity is not None:
                continue
            level = held.level or policy.ai_level or table.game.default_level

            def cycle(
                table: Table, _how: str, seat: int = seat, level: str = level
            ) -> dict[str, Any]:
                return {"levels": {seat: _next(levels, level)}}

            found[f"a{to36(seat)}"] = _Setting(
                _("AI {seat} level").format(seat=seat + 1), level, cycle
            )
        if table.meta.origin.frontend == self.layer.platform:
            keep = self.layer.boards.history(table)
            found["h"] = _Setting(
                _("Board history"), _("kept") if keep else _("one board"), self._history
            )
        return found

    @staticmethod
    def _option(
        key: str, step: Callable[[Any, str], Any], current: Any
    ) -> Callable[[Table, str], dict[str, Any]]:
        def change(table: Table, how: str) -> dict[str, Any]:
            return {"options": {**table.meta.options, key: step(current, how)}}

        return change

    @staticmethod
    def _seats(table: Table, how: str) -> dict[str, Any]:
        count = len(table.meta.seats) + (1 if how == "u" else -1)
        options = dict(table.meta.options)
        if (fixed := _count_option(table)) is not None:
            options[fixed] = count
        return {"seats": count, "options": options}

    def _history(self, table: Table, _how: str) -> dict[str, Any]:
        self.layer.boards.keep_history(table, not self.layer.boards.history(table))
        return {}

    def describe(self, table: Table) -> str:
        """The lobby's line about the table's pace (the game's own options
        are the presenter's `settings`)."""
        policy = table.meta.policy
        timer = _("Turn timer {span}").format(span=_span(policy.timer.turn_seconds))
        pace = _("AI pace {pace}").format(pace=_pace(policy.pacing.think_seconds))
        return f"{timer} · {pace}"

    def message(self, table: Table, note: str = "", page: int = 1) -> Message:
        settings = self._settings(table)
        said = _("Settings of {table} (its opener changes them until the game begins):")
        lines = [said.format(table=table.meta.name)]
        lines += [f"• {s.label}: {s.value}" for s in settings.values()]
        if note:
            lines += ["", note]
        flips = [
            Item(f"{s.label}: {s.value}", "flow", SETTINGS + key)
            for key, s in settings.items()
            if s.steps == ("",)
        ]
        sections = [flips]
        for key, setting in settings.items():
            if setting.steps != ("",):
                sections.append(
                    [
                        Item(f"{setting.label} −1", "flow", SETTINGS + key + "d"),
                        Item(f"{setting.label} +1", "flow", SETTINGS + key + "u"),
                    ]
                )
        menu = lay_out(
            Sheet(_("Settings of {table}").format(table=table.meta.name), sections),
            self.layer.profile,
            page,
            lambda p: self.layer._issue(table, None, 0, p),
            lambda n: f"{SETTINGS}~{n}",
        )
        return Message("\n".join(lines), None, menu)

    # ---- answering ------------------------------------------------------------------

    def _refusal(self, table: Table, sender: Sender) -> str | None:
        if table.status != Status.LOBBY:
            return _fixed(table)
        if not self.layer._opened_by(table, sender):
            said = _("Only the person who opened {table} can change its settings.")
            return said.format(table=table.meta.name)
        return None

    def command(self, table: Table, sender: Sender, place: Place) -> list[Outgoing]:
        """`settings`: the menu, in the chat it was asked in."""
        if table.status != Status.LOBBY:
            return [self.layer._say(place, _fixed(table))]
        return [Send(Target("reply", chat=place.chat), self.message(table))]

    async def press(
        self, what: str, table: Table, sender: Sender, place: Place, message_id: str | None
    ) -> list[Outgoing]:
        """A settings button: `what` is the payload after `fg` (empty: show)."""
        to = Target("reply", chat=place.chat)
        if not what or what.startswith("~"):
            page = int(what[1:]) if what[1:].isdigit() else 1
            message = self.message(table, page=page)
            return [Edit(to, message_id, message) if message_id is not None else Send(to, message)]
        if (why := self._refusal(table, sender)) is not None:
            return [self.layer._say(place, why, private=True)]
        key, step = (what[:-1], what[-1]) if what[-1] in "ud" and what[0] in "os" else (what, "")
        setting = self._settings(table).get(key)
        if setting is None or step not in setting.steps:
            return [
                self.layer._say(place, _("That setting is not one of this table's."), private=True)
            ]
        change = setting.change(table, step)
        note = ""
        notice = f"{sender.name} changed {setting.label.lower()}."
        try:
            if "seats" in change:
                note = self._resizing(table, change["seats"])
                if not note:
                    await table.resize(change["seats"], options=change["options"], notice=notice)
            elif change:
                await table.configure(**change, notice=notice)
        except Refused as exc:
            note = _("Not changed: {reason}").format(reason=exc.reason)
        message = self.message(table, note)
        return [Edit(to, message_id, message) if message_id is not None else Send(to, message)]

    @staticmethod
    def _resizing(table: Table, count: int) -> str:
        """Why `count` seats cannot be, in words the reader's language has
        (the daemon's own reasons cover the rest); empty when they can."""
        counts = _seat_counts(table)
        if count in counts:
            people = sum(1 for s in table.meta.seats if s.identity is not None)
            if count >= people:
                return ""
            said = ngettext(
                "{count} person sits at {table}, so it keeps at least {count} seat.",
                "{count} people sit at {table}, so it keeps at least {count} seats.",
                people,
            )
            return _("Not changed: {reason}").format(
                reason=said.format(count=people, table=table.meta.name)
            )
        said = _("{game} with these options is played by {low} to {high} seats.")
        return _("Not changed: {reason}").format(
            reason=said.format(game=table.game.title, low=min(counts), high=max(counts))
        )

    def _join_menu(self, table: Table) -> Menu | None:
        layer = self.layer
        join = Sheet(table.meta.name, [[Item(_("Join"), "flow", "fj", "primary")]])
        return lay_out(join, layer.profile, 1, lambda p: layer._issue(table, None, 0, p), str)

    @staticmethod
    def _invitation(table: Table, sender: Sender) -> str:
        if table.status == Status.LOBBY:
            said = _('{name} invites you to {table}. Press Join, or say "join {code}".')
        else:
            said = _(
                "{name} invites you to {table} (under way: you take an AI's seat). "
                'Press Join, or say "join {code}".'
            )
        return said.format(name=sender.name, table=table.meta.name, code=table.code)

    async def invite(
        self,
        args: list[str],
        mentions: Sequence[Sender],
        unknown: Sequence[str],
        sender: Sender,
        place: Place,
    ) -> list[Outgoing]:
        """`invite @name …`: the table the inviter sits at, to each person
        named; each name the platform could not find (`unknown`) is refused
        by name, with what would make it known."""
        layer = self.layer
        code = next((a for a in args if _is_code(layer, a)), None)
        found = layer._focus(sender, place, code)
        if isinstance(found, str):
            return [layer._say(place, found)]
        table, _seat = found
        people = [m for m in mentions if m.user != sender.user]
        out: list[Outgoing] = [
            layer._say(place, _(UNKNOWN).format(name=name), private=True) for name in unknown
        ]
        if not people:
            return out or [layer._say(place, _(NO_ONE), private=True)]
        if not table.status.open:
            return [layer._say(place, layer._not_playing(table))]
        free = sum(1 for s in table.meta.seats if s.identity is None)
        if free == 0:
            said = _("{table} has no free seat to invite anyone to.")
            return [layer._say(place, said.format(table=table.meta.name))]
        menu = self._join_menu(table)
        for person in people:
            if table.seat_of(layer._identity(person)) is not None:
                said = _("{name} already sits at {table}.")
                out.append(layer._say(place, said.format(name=person.name, table=table.meta.name)))
                continue
            with speaking(layer.languages.of_user(person.user)):
                text = self._invitation(table, sender)
                invited = Message(text, menu=self._join_menu(table))
            out.append(Send(Target("direct", user=person.user), invited))
            told = _("{name} invited {person} to {table}.").format(
                name=sender.name, person=person.name, table=table.meta.name
            )
            if place.private:
                out.append(layer._say(place, told + " " + _("The invitation is in their DM.")))
            else:
                press = _("{person}: press Join.").format(person=person.name)
                message = Message(f"{told} {press}", menu=menu, mentions=(person.user,))
                # In the channel for all to see (a reply would be the inviter's
                # alone where replies are private, as Discord's slash commands).
                out.append(Send(Target("channel", chat=place.chat), message))
        return out


def _count_option(table: Table) -> str | None:
    """The key of a game option that is the seat count itself (Katan's
    `players`), which a change of seats changes too; None when the game has none."""
    info = table.game.Options.model_fields.get("players")
    return None if info is None else info.alias or "players"


def _seat_counts(table: Table) -> tuple[int, ...]:
    """The seat counts the table's other options allow, the current one
    among them (a Seafarers map is laid out for some counts only)."""
    options = dict(table.meta.options)
    if (fixed := _count_option(table)) is not None:
        options.pop(fixed, None)
    try:
        return table.game.seat_counts(table.game.parse_options(options))
    except EngineError:
        return (len(table.meta.seats),)


def _is_code(layer: "ChatLayer", word: str) -> bool:
    try:
        layer.daemon.table(word)
    except Refused:
        return False
    return True
