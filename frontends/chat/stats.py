"""`stats`, `leaderboard` and `record`: what the finished games add up to.

Counts come from the daemon's store (`Store.tallies`, `games_played`), which
keeps a row per person at each finished table: games played and won, per
game. `stats` is one person's, on this platform. `leaderboard` is a
community's: a Telegram group, or a whole Discord server (whose tables each
get a thread, so one channel would miss most of them). `record` sends a
finished game's record as a file, the same one `plgames table export`
writes; a table still open is refused, since its record would show every
hand and the seed.
"""

from collections import defaultdict
from typing import TYPE_CHECKING, Final

from daemon.model import Identity, Refused, TableMeta
from daemon.records import record_of
from daemon.store import Tally
from engine.registry import game_ids, get_game
from frontends.chat.api import Attachment, Message, Outgoing, Place, Send, Sender, Target
from languages import _, ngettext

if TYPE_CHECKING:
    from frontends.chat.layer import ChatLayer

WORDS: Final = ("stats", "leaderboard", "record")
SHOWN: Final = 10
"""People listed on a leaderboard."""


def community(place: Place) -> str:
    """The community a chat counts in: the platform's (a Discord server), else
    a group chat is its own; a direct conversation has none."""
    return place.community or ("" if place.private else place.chat)


def _share(won: int, played: int) -> str:
    said = _("{won} won of {played} ({share}%)")
    return said.format(won=won, played=played, share=round(100 * won / played))


class Stats:
    def __init__(self, layer: "ChatLayer") -> None:
        self.layer = layer

    async def command(
        self, head: str, args: list[str], sender: Sender, place: Place
    ) -> list[Outgoing]:
        if head == "record":
            return await self._record(args, sender, place)
        game = args[0] if args else None
        if game is not None and game not in game_ids():
            said = _("There is no game {game!r}; the games: {games}.")
            said = said.format(game=game, games=", ".join(game_ids()))
            return [self.layer._say(place, said)]
        if head == "stats":
            return await self._stats(game, sender, place)
        return await self._leaderboard(game, place)

    # ---- stats and leaderboard -------------------------------------------------------------

    async def _stats(self, game: str | None, sender: Sender, place: Place) -> list[Outgoing]:
        layer = self.layer
        me = Identity(frontend=layer.platform, user=sender.user)
        found = await layer.daemon.store.tallies(layer.platform, identity=me)
        mine = [t for t in found if game is None or t.game == game]
        if not mine:
            return [
                layer._say(
                    place, _("{name} has finished no game here yet.").format(name=sender.name)
                )
            ]
        played = sum(t.played for t in mine)
        won = sum(t.won for t in mine)
        lines = [f"{sender.name}: {_share(won, played)}"]
        lines += [f"  {get_game(t.game).title}: {_share(t.won, t.played)}" for t in mine]
        return layer._texts(place, "\n".join(lines))

    async def _leaderboard(self, game: str | None, place: Place) -> list[Outgoing]:
        layer = self.layer
        where = community(place)
        if not where:
            said = _(
                "The leaderboard counts a group's or a server's games: ask there. "
                "stats shows your own."
            )
            return [layer._say(place, said)]
        store = layer.daemon.store
        games = await store.games_played(layer.platform, where)
        tallies = await store.tallies(layer.platform, community=where)
        if game is not None:
            games = {g: n for g, n in games.items() if g == game}
            tallies = [t for t in tallies if t.game == game]
        if not games:
            return [layer._say(place, _("No game has finished here yet."))]
        title = get_game(game).title if game else _("all games")
        played = ", ".join(f"{get_game(g).title} {n}" for g, n in sorted(games.items()))
        lines = [
            _("Leaderboard ({title}); games finished here: {played}").format(
                title=title, played=played
            )
        ]
        for rank, (name, won, played_, by_game) in enumerate(_people(tallies)[:SHOWN], 1):
            detail = ""
            if game is None and len(by_game) > 1:
                detail = " — " + ", ".join(f"{get_game(g).title} {w}" for g, w in by_game)
            lines.append(f"{rank}. {name}: {_share(won, played_)}{detail}")
        return layer._texts(place, "\n".join(lines))

    # ---- records ---------------------------------------------------------------------------

    async def _record(self, args: list[str], sender: Sender, place: Place) -> list[Outgoing]:
        layer = self.layer
        store = layer.daemon.store
        if args:
            found = await store.by_code(args[0].upper())
            if not found:
                return [
                    layer._say(place, _("There is no table {code!r}.").format(code=args[0].upper()))
                ]
            meta = found[0]
        else:
            me = Identity(frontend=layer.platform, user=sender.user)
            latest = await store.latest_finished(me)
            if latest is None:
                said = _("You have not finished a game yet; say record CODE for another table's.")
                return [layer._say(place, said)]
            meta = latest
        live = layer.daemon.tables.get(meta.id)
        return await self.send_record(live.meta if live is not None else meta, place)

    async def send_record(self, meta: TableMeta, place: Place) -> list[Outgoing]:
        """The record as a file, or why not yet (the table is still open)."""
        layer = self.layer
        try:
            record = await record_of(layer.daemon.store, meta)
        except Refused as exc:
            return [layer._say(place, exc.reason)]
        name = f"{meta.code}-record.json"
        said = ngettext(
            "{table}: every move, every hand and the seed ({count} step). "
            "Step through it with: plgames replay {file}",
            "{table}: every move, every hand and the seed ({count} steps). "
            "Step through it with: plgames replay {file}",
            len(record.steps),
        )
        text = said.format(table=meta.name, count=len(record.steps), file=name)
        file = Attachment(name, record.model_dump_json().encode())
        return [Send(Target("reply", chat=place.chat), Message(text, file=file))]


def _people(tallies: list[Tally]) -> list[tuple[str, int, int, list[tuple[str, int]]]]:
    """Per person across games: (name, won, played, wins by game), most wins first."""
    won: dict[Identity, int] = defaultdict(int)
    played: dict[Identity, int] = defaultdict(int)
    by_game: dict[Identity, list[tuple[str, int]]] = defaultdict(list)
    name: dict[Identity, str] = {}
    for t in tallies:
        won[t.identity] += t.won
        played[t.identity] += t.played
        by_game[t.identity].append((t.game, t.won))
        name.setdefault(t.identity, t.name)
    order = sorted(won, key=lambda i: (-won[i], -played[i], name[i]))
    return [(name[i], won[i], played[i], by_game[i]) for i in order]
