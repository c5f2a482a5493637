"""The terminal client (`plgames join`) against a host that sends a line too long
to read: it says so, skips the line, and carries on (issue 13, defect 4)."""

import asyncio

from frontends.native.messages import Lobby, PlayerSlot, Welcome
from frontends.terminal.commands import join_table

SKIPPED = "(The host sent a line too long to read; it was skipped.)"


async def play_against(lines: list[str]) -> tuple[int, list[str]]:
    """Join a fake host that answers the hello with `lines`, then waits."""

    async def host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()  # the client's hello
        writer.write("".join(line + "\n" for line in lines).encode())
        await writer.drain()
        await reader.read()  # until the client leaves
        writer.close()

    server = await asyncio.start_server(host, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    said: list[str] = []

    async def ask(prompt: str) -> str | None:
        return None

    try:
        code = await asyncio.wait_for(
            join_table("127.0.0.1", port, "Ann", "d", ask, said.append), 30
        )
    finally:
        server.close()
        await server.wait_closed()
    return code, said


WELCOME = Welcome(hostName="Pi", gameId="nim", accepted=True).encode()
BYE = Welcome(hostName="Pi", gameId="nim", accepted=False, reason="Goodbye.").encode()


def lobby(name: str) -> str:
    seat = PlayerSlot(seat=0, name=name, kind="HUMAN_REMOTE", team=0)
    return Lobby(gameId="nim", seats=[seat], optionsJson="{}", hostName="Pi").encode()


async def test_a_line_too_long_to_read_is_skipped_and_the_client_goes_on() -> None:
    code, said = await play_against([WELCOME, lobby("N" * 100_000), lobby("Bo"), BYE])
    assert code == 1
    assert said == [
        "Joined Pi. Waiting for the game to start…",
        SKIPPED,
        "At the table, in playing order: Bo",
        "Refused: Goodbye.",
    ]


async def test_two_long_lines_in_a_row_are_each_skipped() -> None:
    code, said = await play_against([lobby("A" * 70_000), lobby("B" * 300_000), BYE])
    assert (code, said) == (1, [SKIPPED, SKIPPED, "Refused: Goodbye."])
