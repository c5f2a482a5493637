"""The conversation: what a person's commands do, one command at a time.

`new`, `join`, `start`, `leave`, `end`, `spectate`, `status`, `help`,
`rules`, `options`, `tables`, the setup questions a new table asks by
buttons, and the Join/Start/Leave buttons of a lobby. The layer routes a
typed line or a pressed flow button here; what it answers is computed from
the daemon's tables and the layer's memory, like everything the layer says.
"""

from typing import TYPE_CHECKING, Final

from daemon.model import Origin, Refused, Status
from daemon.table import Table
from engine.errors import EngineError
from engine.registry import game_ids, get_game
from frontends.chat import setup
from frontends.chat.api import Edit, Message, Outgoing, Place, Send, Sender, Slot, Target
from frontends.chat.grammar import nearest, number
from frontends.chat.language import WORDS as LANGUAGE_WORDS
from frontends.chat.menus import lay_out
from frontends.chat.mute import WORDS as MUTE_WORDS
from frontends.chat.presenters import presenter_for
from frontends.chat.stats import WORDS as STATS_WORDS
from frontends.chat.stats import community
from frontends.chat.typed_options import read_options
from languages import N_, _
from renderers.words import spoken

if TYPE_CHECKING:
    from frontends.chat.layer import ChatLayer

HELP: Final = N_(
    """Tables:
  new katan · new euchre · new sequence, then option=value … (seats=N too) — open a table here
  join CODE — take a seat · start — begin the game (anyone seated)
  settings — the lobby's options by buttons (its opener) · invite @name — send someone the table
  leave — the AI plays your seat until you come back · end game — close the table (its creator)
  status — the board · hand — your cards and moves, privately · spectate CODE — watch
  tables — the tables you sit at · table CODE — which one your commands go to
  rules GAME · options GAME · help GAME — the moves of a game
  mute · unmute — whether your turns ping you (the last-minute reminder always does)
  stats — your games won · leaderboard — this group's or server's
  record [CODE] — a finished game, every move and hand, as a file
  language [CODE] — the language I speak with you"""
)
UNREADABLE: Final = N_("That button is not one of mine (or it was cut short), so it was ignored.")


STATUS: Final = {
    Status.LOBBY: N_("in the lobby"),
    Status.PLAYING: N_("playing"),
    Status.FINISHED: N_("finished"),
    Status.ABANDONED: N_("abandoned"),
}


def _new_games() -> str:
    return " · ".join(f"new {game}" for game in game_ids())


def _opened(sender: Sender) -> str:
    return _("Opened by {name}.").format(name=sender.name)


class Conversation:
    def __init__(self, layer: "ChatLayer") -> None:
        self.layer = layer

    @staticmethod
    def _not_seated(table: Table) -> str:
        return _("You do not sit at {table}.").format(table=table.meta.name)

    async def flow(
        self, head: str, args: list[str], sender: Sender, place: Place
    ) -> list[Outgoing]:
        if head == "new":
            return await self._new(args, sender, place)
        if head in STATS_WORDS:
            return await self.layer.stats.command(head, args, sender, place)
        if head in MUTE_WORDS:
            return self.layer.mutes.command(head, sender, place)
        if head in LANGUAGE_WORDS:
            return self.layer.languages.command(args, sender, place)
        if head == "help":
            return self._help(args, sender, place)
        if head in ("rules", "options"):
            return self._about(head, args, sender, place)
        if head == "settings":
            found_lobby = self.layer._focus(sender, place, args[0] if args else None, seated=False)
            if isinstance(found_lobby, str):
                return [self.layer._say(place, found_lobby)]
            return self.layer.lobbies.command(found_lobby[0], sender, place)
        if head == "tables":
            return self._tables(sender, place)
        if head == "spectate":
            return await self._spectate(args, sender, place)
        if head in ("join", "table"):
            return await self._join(args, sender, place, switch=head == "table")
        code = args[0] if args else None
        found = self.layer._focus(sender, place, code, seated=head not in ("status", "start"))
        if isinstance(found, str):
            return [self.layer._say(place, found)]
        table, seat = found
        if head == "start":
            return await self._start(table, sender, place)
        if head == "leave":
            return await self._leave(table, sender, place)
        if head == "status":
            return [self._status_reply(table, place)]
        if table.status != Status.PLAYING or table.state is None or seat is None:
            return [self.layer._say(place, self.layer._not_playing(table))]
        self.layer._seen_for(table, seat).repost = True
        return [self.layer._panel_reply(table, seat, sender, place)]

    async def flow_press(
        self, action: str, table: Table, sender: Sender, place: Place
    ) -> list[Outgoing]:
        own = table.seat_of(self.layer._identity(sender))
        if action == "j":
            return await self._join([table.code], sender, place, switch=False)
        if action == "s":
            return await self._start(table, sender, place)
        if action == "l":
            return await self._leave(table, sender, place)
        if own is None:
            return [self.layer._say(place, self._not_seated(table), private=True)]
        if table.status != Status.PLAYING or table.state is None:
            return [self.layer._say(place, self.layer._not_playing(table), private=True)]
        self.layer._seen_for(table, own).repost = True
        return [self.layer._panel_reply(table, own, sender, place)]

    async def _new(self, args: list[str], sender: Sender, place: Place) -> list[Outgoing]:
        if not args:
            return [self.layer._say(place, _("Which game? {games}").format(games=_new_games()))]
        game_word = args[0]
        try:
            game = get_game(game_word)
        except EngineError:
            close = nearest(game_word, game_ids())
            said = _("There is no game {game!r}. The games: {games}.")
            if close:
                said = _("There is no game {game!r}. Did you mean {close}? The games: {games}.")
            games = ", ".join(game_ids())
            return [
                self.layer._say(
                    place, said.format(game=game_word, close=close[0] if close else "", games=games)
                )
            ]
        if not args[1:] and presenter_for(game.id).setup({}) is not None:
            return [self._setup_message(game.id, "", 1, place, None)]
        options, seats, bad = read_options(game.Options.model_fields, args[1:])
        if bad:
            return [self.layer._say(place, bad)]
        origin = Origin(frontend=self.layer.platform, place=place.chat, community=community(place))
        policy = self.layer.policy or self.layer.daemon.policy
        if policy.ai_level not in game.levels:
            # One policy serves every game, but AI level names are per game
            # (Katan has no "cautious"): the daemon then picks the game's default.
            policy = policy.model_copy(update={"ai_level": None})
        try:
            table = await self.layer.daemon.open_table(
                game.id,
                origin=origin,
                options=options,
                seats=seats,
                policy=policy,
                creator=self.layer._identity(sender),
            )
        except Refused as exc:
            return [
                self.layer._say(place, _("No table opened: {reason}").format(reason=exc.reason))
            ]
        if place.private:
            self.layer.memory.put(f"dm|{table.id}", "1")
        self.layer._status[table.id] = table.status
        slot = Slot(table.id, "lobby", place.chat)
        self.layer._answering.add(self.layer._slot_key(slot))
        try:
            await table.join(self.layer._identity(sender), sender.name)
        except Refused as exc:
            self.layer._answering.discard(self.layer._slot_key(slot))
            return [self.layer._say(place, exc.reason)]
        self.layer._set_focus(sender, table)
        to = Target("reply", chat=place.chat)
        return [Send(to, self.layer.notices.lobby_message(table, _opened(sender)), slot)]

    def _setup_message(
        self, game_id: str, picks: str, page: int, place: Place, edit: str | None
    ) -> Outgoing:
        """The question still open for a new table, as a reply (or an edit of
        the message pressed)."""
        index = game_ids().index(game_id)
        presenter = presenter_for(game_id)
        found = setup.replay(presenter.setup, picks)
        assert found is not None
        answers, question = found
        assert question is not None
        title = _("New {game} table").format(game=get_game(game_id).title)
        if answers:
            title += " (" + ", ".join(f"{k}={v}" for k, v in answers.items()) + ")"
        menu = lay_out(
            setup.sheet(question, index, picks),
            self.layer.profile,
            page,
            lambda p: self.layer.tokens.issue(setup.SETUP_CODE, setup.SETUP_TABLE, None, 0, p),
            lambda n: setup.page(index, picks, n),
        )
        message = Message(setup.text(title, question), None, menu)
        to = Target("reply", chat=place.chat)
        return Edit(to, edit, message) if edit is not None else Send(to, message)

    async def setup_press(
        self, payload: str, sender: Sender, place: Place, message_id: str | None
    ) -> list[Outgoing]:
        """A setup choice: the next question, or, all answered, the table."""
        read = setup.read(payload)
        ids = game_ids()
        if read is None or read[0] >= len(ids):
            return [self.layer._say(place, UNREADABLE, private=True)]
        index, picks, page = read
        game_id = ids[index]
        found = setup.replay(presenter_for(game_id).setup, picks)
        if found is None:
            return [self.layer._say(place, UNREADABLE, private=True)]
        answers, question = found
        if question is not None:
            return [self._setup_message(game_id, picks, page, place, message_id)]
        args = [game_id, *(f"{key}={value}" for key, value in answers.items())]
        opened = await self._new(args, sender, place)
        if message_id is None:
            return opened
        chosen = ", ".join(f"{key}={value}" for key, value in answers.items())
        done = Message(
            _("New {game} table: {chosen}.").format(game=get_game(game_id).title, chosen=chosen)
        )
        return [Edit(Target("reply", chat=place.chat), message_id, done), *opened]

    async def _join(
        self, args: list[str], sender: Sender, place: Place, *, switch: bool
    ) -> list[Outgoing]:
        code = args[0] if args and self._names_table(args) else None
        found = self.layer._focus(sender, place, code, seated=False)
        if isinstance(found, str):
            return [self.layer._say(place, found)]
        table, held = found
        if switch:
            if held is None:
                return [
                    self.layer._say(
                        place,
                        _("You do not sit at {table}; join {code}.").format(
                            table=table.meta.name, code=table.code
                        ),
                    )
                ]
            self.layer._set_focus(sender, table)
            return [
                self.layer._say(
                    place, _("Your commands now go to {table}.").format(table=table.meta.name)
                )
            ]
        rest = [a for a in args if a != code and a != "seat"]
        wanted = number(rest[0]) if rest else None
        seats = len(table.meta.seats)
        if wanted is not None and not 1 <= wanted <= seats:
            why = _("There is no seat {wanted}; the seats are 1 to {seats}.")
            why = why.format(wanted=wanted, seats=seats)
            return [self.layer._say(place, why, private=True)]
        try:
            chosen = None if wanted is None else wanted - 1  # people count seats from 1
            seat = await table.join(self.layer._identity(sender), sender.name, seat=chosen)
        except Refused as exc:
            return [
                self.layer._say(place, spoken(exc.reason, self.layer._names(table)), private=True)
            ]
        # No await since the join: its seat update is still queued, and will
        # post the private panel even when it is not this seat's turn.
        if table.status == Status.PLAYING:
            self.layer._seen_for(table, seat).show = True
        self.layer._set_focus(sender, table)
        if held is not None:
            return [
                self.layer._say(
                    place,
                    _("You are back in seat {seat} at {table}.").format(
                        seat=seat + 1, table=table.meta.name
                    ),
                    private=True,
                )
            ]
        origin = table.meta.origin
        if origin.frontend == self.layer.platform and origin.place == place.chat:
            return []  # the lobby or the board here shows it
        return [self._joined(table, seat, place)]

    def _names_table(self, args: list[str]) -> bool:
        """Whether a join's first word is a table's code rather than a seat:
        codes may be all digits (one in about 900 is), so a number is a code
        when a seat follows it or a table has it."""
        first = args[0]
        if first == "seat":
            return False
        if not first.isdigit() or len(args) > 1:
            return True
        try:
            self.layer.daemon.table(first)
        except Refused:
            return False
        return True

    def _joined(self, table: Table, seat: int, place: Place) -> Outgoing:
        """Confirmation of a join made away from the table's chat (an invite
        link, `join CODE` in a DM): the lobby, kept up to date when it is a
        DM, or the seat taken in a game already under way."""
        news = _("You sit in seat {seat}.").format(seat=seat + 1)
        if table.status != Status.LOBBY:
            under_way = _("{table} is under way.").format(table=table.meta.name)
            return self.layer._say(place, f"{news} {under_way}", private=True)
        to = Target("reply", chat=place.chat, private=True)
        message = self.layer.notices.lobby_message(table, news)
        if not place.private:
            return Send(to, message)
        seated = table.meta.seats[seat].identity
        assert seated is not None
        return Send(to, message, Slot(table.id, "lobby", f"user:{seated.user}"))

    async def _start(self, table: Table, sender: Sender, place: Place) -> list[Outgoing]:
        if table.seat_of(self.layer._identity(sender)) is None:
            return [
                self.layer._say(
                    place,
                    _("Only people seated at {table} can start it.").format(table=table.meta.name),
                    private=True,
                )
            ]
        try:
            await table.start()
        except Refused as exc:
            return [self.layer._say(place, exc.reason, private=True)]
        return []

    async def _leave(self, table: Table, sender: Sender, place: Place) -> list[Outgoing]:
        try:
            await table.leave(self.layer._identity(sender))
        except Refused as exc:
            return [self.layer._say(place, exc.reason, private=True)]
        if self.layer.memory.get(f"focus|{sender.user}") == table.code:
            self.layer.memory.put(f"focus|{sender.user}", None)
        return []

    async def end(self, sender: Sender, place: Place, args: list[str]) -> list[Outgoing]:
        code = args[0] if args else None
        found = self.layer._focus(sender, place, code, seated=False)
        if isinstance(found, str):
            return [self.layer._say(place, found)]
        table, _seat = found
        if not self.layer._opened_by(table, sender):
            return [
                self.layer._say(
                    place,
                    _("Only the person who opened {table} can end it.").format(
                        table=table.meta.name
                    ),
                    private=True,
                )
            ]
        await table.end(f"Ended by {sender.name}.")
        return []

    async def _spectate(self, args: list[str], sender: Sender, place: Place) -> list[Outgoing]:
        if not args:
            return [self.layer._say(place, _("Say which table: spectate CODE."))]
        try:
            table = self.layer.daemon.table(args[0])
        except Refused as exc:
            return [self.layer._say(place, exc.reason)]
        try:
            await table.spectate(self.layer._identity(sender))
        except Refused as exc:
            return [self.layer._say(place, exc.reason)]
        if table.state is None:
            return [
                self.layer._say(
                    place, _("You will see {table} once it starts.").format(table=table.meta.name)
                )
            ]
        return []

    def _status_reply(self, table: Table, place: Place) -> Outgoing:
        if table.state is None:
            return Send(Target("reply", chat=place.chat), self.layer.notices.lobby_message(table))
        return Send(Target("reply", chat=place.chat), self.layer.board_message(table))

    def _help(self, args: list[str], sender: Sender, place: Place) -> list[Outgoing]:
        if args and args[0] in game_ids():
            return self.layer._texts(place, presenter_for(args[0]).help)
        found = self.layer._focus(sender, place, None)
        text = _(HELP)
        if not isinstance(found, str):
            text += "\n\n" + presenter_for(found[0].game.id).help
        return self.layer._texts(place, text)

    def _about(self, head: str, args: list[str], sender: Sender, place: Place) -> list[Outgoing]:
        game_id = args[0] if args else None
        if game_id is None:
            found = self.layer._focus(sender, place, None, seated=False)
            if isinstance(found, str):
                return [
                    self.layer._say(
                        place,
                        _("Say which game: {choices}.").format(
                            choices=" · ".join(f"{head} {g}" for g in game_ids())
                        ),
                    )
                ]
            game_id = found[0].game.id
        if game_id not in game_ids():
            return [
                self.layer._say(
                    place,
                    _("There is no game {game!r}; the games: {games}.").format(
                        game=game_id, games=", ".join(game_ids())
                    ),
                )
            ]
        if head == "rules":
            return self.layer._texts(place, presenter_for(game_id).rules)
        game = get_game(game_id)
        lines = [_("{game} options (new {id} option=value …):").format(game=game.title, id=game.id)]
        for name, info in game.Options.model_fields.items():
            lines.append(f"  {info.alias or name} = {info.default!r}")
        counts = ", ".join(str(n) for n in game.seat_counts(game.parse_options({})))
        lines.append(f"  seats = {counts}")  # syntax: an option as typed
        return self.layer._texts(place, "\n".join(lines))

    def _tables(self, sender: Sender, place: Place) -> list[Outgoing]:
        identity = self.layer._identity(sender)
        mine = [
            t
            for t in self.layer.daemon.tables.values()
            if t.status.open and t.seat_of(identity) is not None
        ]
        if not mine:
            return [
                self.layer._say(
                    place,
                    _("You sit at no open table. new GAME opens one; join CODE takes a seat."),
                )
            ]
        focus = self.layer.memory.get(f"focus|{sender.user}")
        lines = [
            f"{'▸ ' if t.code == focus else '  '}{t.meta.name} ({t.code}), {_(STATUS[t.status])}"
            for t in mine
        ]
        return self.layer._texts(place, "\n".join([_("Your tables:"), *lines]))
