"""The chat text grammar: typed lines through `words` and each game's
presenter, and the chat layer's whole answer to lines and button presses.

Documented outcomes: parsing never raises and returns one of the `Parsed`
kinds, a chosen move is one the engine takes on the whole state (not only
the seat's view), a drafted composition opens; the layer answers
every line and every press, forged or stale, with a list of messages and
logs no error."""

from typing import Any

from chat_support import FakeChat, daemon_with_chat

from daemon.clock import settle
from daemon.core import Daemon
from daemon.model import Status
from frontends.chat import Outgoing, Place, Sender
from frontends.chat.grammar import Chosen, Drafted, Opened, Unknown, Wrong, number, words
from frontends.chat.presenters import presenter_for
from fuzz.common import Reader, errors, on_close, positions, run, seed

GAMES = ("katan", "euchre", "sequence")
NAMES = (
    ("ana", "bo", "cy", "di"),
    ("Seat 1", "2", "ana bo", "Ana"),
    ("", "x" * 40, "éa", "seat"),
)


def grammar(data: bytes) -> None:
    reader = Reader(data)
    game_id = reader.pick(GAMES)
    state = reader.pick(positions(game_id))
    names = reader.pick(NAMES)
    presenter = presenter_for(game_id)
    game = presenter.game
    seat = reader.byte() % game.seat_count(state)
    view = game.view_for(state, seat)
    legal = game.view_legal_moves(view, seat)
    said = words(reader.text())
    for word in said:
        number(word)
    if not said:
        return  # the layer answers a line without words itself; presenters get words
    parsed = presenter.parse(said, view, seat, legal, names[: game.seat_count(state)])
    assert isinstance(parsed, Chosen | Opened | Drafted | Wrong | Unknown), parsed
    if isinstance(parsed, Chosen):  # the daemon, on the whole state, takes it
        game.check(state, seat, parsed.move)
    if isinstance(parsed, Drafted):
        opened = presenter.composer(parsed.payload, view, seat, names, "back")
        assert opened is not None, (said, parsed)


def grammar_seeds() -> list[bytes]:
    out = []
    for g, game_id in enumerate(GAMES):
        presenter = presenter_for(game_id)
        game = presenter.game
        for index, state in enumerate(positions(game_id)[::4]):
            seat = game.to_move(state)
            if seat is None:
                continue
            view = game.view_for(state, seat)
            for move in game.view_legal_moves(view, seat)[:4]:
                line = presenter.command(move, view, seat, NAMES[0])
                out.append(seed(g, index * 4, 0, seat, line))
    return out


# ---- the layer ----------------------------------------------------------------------------

PEOPLE = (Sender("1", "Ana"), Sender("2", "Bo"), Sender("3", "Cy"))
GROUP = Place("g")
OPENERS = ("new euchre", "new sequence", "new katan")
RESET_EVERY = 200
"""Inputs between fresh daemons, so tables the fuzzer opens do not pile up."""


class _World:
    def __init__(self) -> None:
        self.daemon: Daemon | None = None
        self.chat: FakeChat | None = None
        self.inputs = 0

    async def fresh(self) -> tuple[Daemon, FakeChat]:
        if self.daemon is not None:
            await self.daemon.shutdown(0)
        daemon, _, chat = await daemon_with_chat()
        # A game in the group with two people, so lines reach a presenter.
        ana, bo, _ = PEOPLE
        await chat.type(ana, OPENERS[self.inputs // RESET_EVERY % len(OPENERS)], GROUP)
        await chat.type(bo, "join", GROUP)
        await chat.type(ana, "start", GROUP)
        self.daemon, self.chat = daemon, chat
        return daemon, chat

    async def close(self) -> None:
        if self.daemon is not None:
            await self.daemon.shutdown(0)
        self.daemon = self.chat = None

    async def ready(self) -> tuple[Daemon, FakeChat]:
        self.inputs += 1
        if self.daemon is None or self.chat is None or self.inputs % RESET_EVERY == 0:
            return await self.fresh()
        if not any(t.status == Status.PLAYING for t in self.daemon.tables.values()):
            return await self.fresh()
        return self.daemon, self.chat


_WORLD = _World()
on_close(_WORLD.close)


def _tokens(chat: FakeChat) -> list[str]:
    found: list[str] = []
    for post in list(chat.posted.values())[-6:]:
        if post.message.menu is not None:
            found += [c.token for c in post.message.menu.choices()]
    return found


async def _act(data: bytes) -> list[Outgoing]:
    _, chat = await _WORLD.ready()
    reader = Reader(data)
    person = reader.pick(PEOPLE)
    place = GROUP if reader.byte() % 2 else Place(f"dm-{person.user}", private=True)
    kind = reader.byte() % 4
    context = (person.user, place)
    if kind < 2:
        answer = await chat.layer.text(person, place, reader.text())
    else:
        tokens = _tokens(chat)
        token = reader.pick(tokens) if tokens and kind == 2 else ""
        token += reader.text()
        posted = reader.pick(list(chat.posted) or ["m0"])
        answer = await chat.layer.press(person, place, token, posted)
    await chat.perform_all(answer, context)
    await settle()
    return answer


def layer(data: bytes) -> None:
    handler = errors()
    answer: Any = run(_act(data))
    assert isinstance(answer, list) and all(isinstance(a, Outgoing) for a in answer), answer
    handler.check(data[:200])


def layer_seeds() -> list[bytes]:
    lines = ["help", "status", "hand", "pass", "play 1", "roll", "build road 12", "end table"]
    out = [seed(p, 1, 0, line) for p, line in enumerate(lines)]
    out += [seed(0, 1, 2, i, "") for i in range(4)]  # real buttons, pressed as they are
    out += [seed(1, 0, 3, "1.2.3.4.5")]
    return out


TARGETS = {"chat_grammar": grammar, "chat_layer": layer}
SEEDS = {"chat_grammar": grammar_seeds(), "chat_layer": layer_seeds()}
