"""A person at a table through the app's protocol, in a terminal.

The terminal client is one more protocol client: it says hello like the app
(plus `"client"`, so it may sit at tables the app cannot play and is told
what happens), prints what happened between its turns in sentences, draws
the table when it is its turn, and sends the chosen move as an intent. Input
and output are injected, so a test can play a whole game from a script.
"""

import asyncio
import contextlib
import uuid
from collections.abc import Awaitable, Callable, Sequence

from frontends.native.messages import (
    Bye,
    Hello,
    Intent,
    Lobby,
    Message,
    Narration,
    Ping,
    Pong,
    Rejected,
    Start,
    State,
    Told,
    Undecodable,
    Welcome,
    decode,
)
from frontends.terminal import menu
from frontends.terminal.pictures import Seen
from frontends.terminal.render import is_over, render
from frontends.terminal.words import sentence, team_name
from languages import N_, _, current, languages, supported, switch
from renderers.words import spoken

CLIENT = "plgames-terminal/1"
HELP = N_(
    """Type the number of a place on the board, or the letter or number of a move.
  help       this text
  show       draw the table again
  moves      list your moves again
  {...}      send a move's JSON as it is (for moves the list only samples, like trades)
  language   which language I speak (language de, language en)
  quit       leave the table: the AI plays your seat until you come back"""
)
BYE_WAIT = 5.0
"""Seconds to wait for the host to hand the seat to the AI after `quit`."""

Ask = Callable[[str], Awaitable[str | None]]
"""Prompt and read one line; None at end of input."""
Say = Callable[[str], None]


def new_device_id() -> str:
    """An id in the app's shape (16 hex digits) for this terminal."""
    return uuid.uuid4().hex[:16]


def merged(events: Sequence[Told], names: Sequence[str]) -> list[str]:
    """One sentence per event in people's words, a run of one kind (a trick's
    plays, a round of declines) joined on one line, a repeat dropped."""
    lines: list[tuple[str, list[str]]] = []
    for event in events:
        text = spoken(event.text, names, team_name).strip().rstrip(".")
        if not text:
            continue
        if lines and lines[-1][0] == event.kind:
            if text not in lines[-1][1]:
                lines[-1][1].append(text)
            continue
        lines.append((event.kind, [text]))
    return [sentence("; ".join(parts)) for _, parts in lines]


class Session:
    """One connection to a table, played from `ask`/`say` until the game ends."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        name: str,
        device: str,
        ask: Ask,
        say: Say,
        colour: bool = False,
        come_back: str | None = None,
    ) -> None:
        """`come_back` is the command that takes the seat back after `quit`
        (None: the table lives in this process and ends with it)."""
        self._reader = reader
        self._writer = writer
        self._name = name
        self._device = device
        self._ask = ask
        self._say = say
        self._colour = colour
        self._come_back = come_back
        self._game_id = ""
        self._seat: int | None = None
        self._names: tuple[str, ...] = ()
        self._state: State | None = None

    async def run(self) -> int:
        """Play until the game is over (0), or the host refuses or leaves (1)."""
        await self._send(
            Hello(peerId=self._device, displayName=self._name, protocol=2, client=CLIENT)
        )
        try:
            while (message := await self._receive()) is not None:
                if (done := await self._on(message)) is not None:
                    return done
        finally:
            self._writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await self._writer.wait_closed()
        self._say(_("The connection to the host was lost."))
        return 1

    async def _on(self, message: Message) -> int | None:
        if isinstance(message, Welcome):
            if not message.accepted:
                reason = message.reason or _("The host declined.")
                self._say(_("Refused: {reason}").format(reason=reason))
                return 1
            said = _("Joined {host}. Waiting for the game to start…")
            self._say(said.format(host=message.hostName))
        elif isinstance(message, Lobby):
            said = _("At the table, in playing order: {seats}")
            self._say(said.format(seats=self._seating(message.seats)))
        elif isinstance(message, Start):
            self._start(message)
        elif isinstance(message, Narration):
            for line in merged(message.events, self._names):
                self._say(f"  {line}")
        elif isinstance(message, State):
            return await self._on_state(message)
        elif isinstance(message, Rejected):
            reason = spoken(message.reason, self._names, team_name)
            self._say(_("Refused: {reason}").format(reason=reason))
            if self._state is not None and self._state.legalMoves:
                return await self._on_state(self._state)
        return None

    def _seating(self, seats: Sequence[object]) -> str:
        """Names in seat order, ours marked: people, not seat numbers."""
        said = []
        for slot in seats:
            name = str(getattr(slot, "name", ""))
            mine = getattr(slot, "deviceId", None) == self._device
            said.append(_("{name} (you)").format(name=name) if mine else name)
        return ", ".join(said)

    def _start(self, start: Start) -> None:
        """Our seat is the one holding our device id, as the app finds it."""
        self._game_id = start.config.gameId
        seats = start.config.seats
        self._seat = next((s.seat for s in seats if s.deviceId == self._device), None)
        names = [""] * (max((s.seat for s in seats), default=-1) + 1)
        for slot in seats:
            names[slot.seat] = slot.name
        self._names = tuple(names)
        said = _("The game begins. In playing order: {seats}")
        self._say(said.format(seats=self._seating(seats)))

    def _draw(self, state: State, spots: menu.Menu | None = None) -> None:
        seen = Seen(
            seat=self._seat if self._seat is not None else state.yourSeat,
            names=self._names,
            colour=self._colour,
            spots=spots.spots if spots is not None else {},
        )
        self._say(render(self._game_id, state.stateJson, seen))

    async def _on_state(self, state: State) -> int | None:
        """Between our turns the narration tells what happens; the table is
        drawn when we are to move and at the end."""
        if self._seat is None:  # came back to a match after missing its start
            self._seat = state.yourSeat
        self._state = state
        if is_over(state.stateJson):
            self._draw(state)
            self._say(_("The game is over."))
            return 0
        if state.legalMoves:
            return await self._choose(state)
        return None

    async def _choose(self, state: State) -> int | None:
        moves = menu.build(self._game_id, state.legalMoves, self._names)
        self._draw(state, moves)
        self._say(moves.text())
        for _attempt in range(1000):
            line = await self._ask("move> ")
            if line is None or line.strip().lower() in ("quit", "exit"):
                return await self._quit()
            text = line.strip()
            if text.lower() in ("help", "?"):
                self._say(_(HELP))
            elif text.lower().split()[:1] == ["language"]:
                self._say(self._language(text.split()[1:]))
            elif text.lower() == "show":
                self._draw(state, moves)
            elif text.lower() == "moves":
                self._say(moves.text())
            elif text.startswith("{"):
                await self._send(Intent(moveJson=text))
                return None
            elif found := moves.find(text):
                chosen = found[0] if len(found) == 1 else await self._which(found)
                if chosen is not None:
                    await self._send(Intent(moveJson=chosen.move))
                    return None
                self._say(moves.text())
            elif text:
                said = _("{text!r} is not a move: {hint}.")
                self._say(said.format(text=text, hint=moves.hint()))
        return 1

    async def _which(self, found: Sequence[menu.Entry]) -> menu.Entry | None:
        """One of several moves at the same place, by letter (None: none of them)."""
        keyed = {menu.letters(i): entry for i, entry in enumerate(found)}
        listing = "\n".join(f"  {key}. {entry.label}" for key, entry in keyed.items())
        said = _("{place} is the place of more than one move:")
        self._say(said.format(place=found[0].key) + "\n" + listing)
        line = await self._ask("which> ")
        answer = (line or "").strip().lower()
        if answer not in keyed and answer:
            said = _("{answer!r} is none of {keys}; back to the whole menu.")
            self._say(said.format(answer=answer, keys=", ".join(keyed)))
        return keyed.get(answer)

    @staticmethod
    def _language(args: Sequence[str]) -> str:
        """`language CODE`: this session speaks CODE from now on."""
        offer = ", ".join(languages())
        if not args:
            return _("I speak {current}; the languages: {offer}.").format(
                current=current(), offer=offer
            )
        if supported(args[0]) is None:
            return _("I do not speak {wanted!r}. I speak: {offer}.").format(
                wanted=args[0], offer=offer
            )
        switch(args[0])
        return _("From now on I speak English with you.")

    async def _quit(self) -> int:
        """Hand the seat to the AI now and say how to take it back."""
        with contextlib.suppress(ConnectionError, OSError):
            await self._send(Bye())
            async with asyncio.timeout(BYE_WAIT):
                while await self._line():  # the host closes the link once the AI has the seat
                    pass
        if self._come_back is None:
            self._say(_("You left. The table was running in this terminal, so it ends here."))
        else:
            said = _("You left; the AI plays your seat now. To take it back:")
            self._say(f"{said}\n  {self._come_back}")
        return 0

    async def _send(self, message: Message) -> None:
        self._writer.write(message.encode().encode("utf-8") + b"\n")
        await self._writer.drain()

    async def _receive(self) -> Message | None:
        """The next message for us; pings are answered here as the app's link does."""
        while True:
            raw = await self._line()
            if not raw:
                return None
            try:
                message = decode(raw.strip())
            except Undecodable:
                continue
            if isinstance(message, Ping):
                await self._send(Pong())
                continue
            return message

    async def _line(self) -> bytes:
        """The next line (b"" at the end of the link). One longer than the
        reader's limit is skipped and said, not fatal: the daemon never sends
        one, but whatever is at the other end may."""
        skipping = False
        while True:
            try:
                raw = await self._reader.readuntil(b"\n")
            except asyncio.IncompleteReadError as exc:  # the link ended
                return b"" if skipping else exc.partial
            except asyncio.LimitOverrunError as exc:
                await self._reader.readexactly(exc.consumed)  # already buffered
                skipping = True
                continue
            except (ConnectionError, OSError):
                return b""
            if not skipping:
                return raw
            skipping = False
            self._say(_("(The host sent a line too long to read; it was skipped.)"))
