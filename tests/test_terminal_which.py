"""A number typed off the Katan board that is the place of several moves (a
robber hex with two seats to rob) is asked about by letter; an answer that is
none of the letters is said to be so and the whole menu comes back."""

import asyncio
import random

from engine.protocol import TableConfig
from engine.registry import get_game
from frontends.native.messages import (
    Intent,
    PlayerSlot,
    Start,
    State,
    Welcome,
    decode,
)
from frontends.native.messages import TableConfig as WireConfig
from frontends.terminal import menu
from frontends.terminal.commands import join_table

NAMES = ("Tess", "Ana", "Bo", "Cy")


def ambiguous_position() -> tuple[int, State]:
    """The first position of a seeded random Katan game whose menu has a
    place with several moves, as the host would send it to the seat to move."""
    game = get_game("katan")
    rng = random.Random(7)
    state = game.initial_state(TableConfig(game="katan", seed=7))
    while True:
        while game.can_advance(state):
            state = game.advance(state).state
        seat = game.to_move(state)
        assert seat is not None, "a random game ended with no ambiguous place"
        view = game.view_for(state, seat)
        legal = [game.encode_move(m) for m in game.view_legal_moves(view, seat)]
        places = menu.build("katan", legal, NAMES).places
        shared = [place for place, entries in places.items() if len(entries) > 1]
        if shared:
            message = State(
                seq=1, yourSeat=seat, stateJson=game.encode_view(view), legalMoves=legal
            )
            return shared[0], message
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat))).state


async def test_a_shared_place_is_asked_about_and_a_wrong_letter_is_said() -> None:
    place, position = ambiguous_position()
    entries = menu.build("katan", position.legalMoves, NAMES).places[place]
    sent: list[str] = []

    async def host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()  # the client's hello
        slots = []
        for s, n in enumerate(NAMES):
            device = "d" if s == position.yourSeat else ""  # the terminal's own id
            slots.append(PlayerSlot(seat=s, name=n, kind="HUMAN_REMOTE", team=s, deviceId=device))
        config = WireConfig(gameId="katan", seats=slots, optionsJson="{}", seed=0)
        for message in (
            Welcome(hostName="Pi", gameId="katan", accepted=True),
            Start(config=config),
            position,
        ):
            writer.write(message.encode().encode() + b"\n")
        await writer.drain()
        intent = decode((await reader.readline()).decode().strip())
        assert isinstance(intent, Intent)
        sent.append(intent.moveJson)
        writer.write(
            Welcome(hostName="Pi", gameId="katan", accepted=False, reason="Bye.").encode().encode()
            + b"\n"
        )
        await writer.drain()
        writer.close()

    typed = iter([str(place), "zz", str(place), "b"])
    said: list[str] = []

    async def ask(prompt: str) -> str | None:
        return next(typed, None)

    server = await asyncio.start_server(host, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        await asyncio.wait_for(join_table("127.0.0.1", port, "Tess", "d", ask, said.append), 30)
    finally:
        server.close()
        await server.wait_closed()
    text = "\n".join(said)
    assert f"{place} is the place of more than one move:\n  a. {entries[0].label}\n  b. " in text
    assert "'zz' is none of a, b; back to the whole menu." in text
    assert sent == [entries[1].move], "the second move at the place, chosen by its letter"
