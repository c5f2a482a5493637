"""A daemon with the Telegram frontend attached, talking to the fake Bot API.

Tables run on the real clock with no think time, no holds and no turn timer,
so a game goes as fast as the players in a test press buttons; the store,
the token secret and the message memory survive `restart()`, as they would
on disk, so a test can stop everything and bring it back.
"""

import hashlib
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

from katan_leaks import Secrets
from pydantic import SecretStr
from telegram_fake import TOKEN, FakeTelegram, Faults, Limits, Message, Request, User

from daemon.ai import InlineAi
from daemon.clock import Clock
from daemon.core import Daemon
from daemon.model import PacingPolicy, StartPolicy, Status, TablePolicy, TimerPolicy
from daemon.store import MemoryStore
from daemon.table import Table, replay_step
from engine.cards import code, label
from frontends.chat import ChatLayer, FileChatMemory, load_secret
from frontends.chat.menus import Leaf, Node, node_payload
from frontends.chat.presenters import presenter_for
from frontends.chat.tokens import Grant, Malformed, TokenCodec, to36
from frontends.telegram import TelegramFrontend, TelegramOptions
from frontends.telegram.limits import PatientLimiter
from renderers.words import spoken

QUICK = TablePolicy(
    start=StartPolicy(mode="manual"),
    timer=TimerPolicy(turn_seconds=None),
    pacing=PacingPolicy(think_seconds=0, hold_seconds=0, batch=True),
)


GROUP_MINUTE = 3.0
"""Seconds the fake and the limiter count a group's 20 messages over, for the
whole-game tests: Telegram's minute would make a group game last an hour, as
it does on Telegram. Counts, buckets and the 30-a-second limit are Telegram's;
tests/test_telegram_faults.py checks the real minute on a burst."""

TEST_LIMITS = Limits(group_period=GROUP_MINUTE)


def limiter(**overrides: Any) -> PatientLimiter:
    """The production limiter, keeping to `TEST_LIMITS` as the fake does, with
    retry pauses of a few hundredths of a second."""
    values: dict[str, Any] = {
        "first_wait": 0.02,
        "longest_wait": 0.2,
        "group_time_period": TEST_LIMITS.group_period,
    }
    values.update(overrides)
    return PatientLimiter(**values)


def options(fake: FakeTelegram, **overrides: object) -> TelegramOptions:
    values: dict[str, object] = {
        "token": SecretStr(TOKEN),
        "base_url": fake.base_url,
        "base_file_url": fake.base_file_url,
        "poll_timeout": 1,
    }
    values.update(overrides)
    return TelegramOptions.model_validate(values)


class Host:
    """The daemon and its Telegram frontend, restartable over the same state."""

    def __init__(
        self,
        fake: FakeTelegram,
        state_dir: Path,
        *,
        policy: TablePolicy = QUICK,
        clock: Clock | None = None,
        remembered: int | None = None,
        **overrides: object,
    ) -> None:
        self.fake = fake
        self.state_dir = state_dir
        self.policy = policy
        self.clock = clock
        self.remembered = remembered
        self.store = MemoryStore()
        self.overrides = overrides
        self.daemon: Daemon | None = None
        self.frontend: TelegramFrontend | None = None

    async def start(self) -> TelegramFrontend:
        daemon = Daemon(self.store, policy=self.policy, clock=self.clock)
        await daemon.resume()
        settings = options(self.fake, **self.overrides)
        extra: dict[str, Any] = {} if self.remembered is None else {"remembered": self.remembered}
        frontend = TelegramFrontend(
            settings,
            secret=load_secret(self.state_dir),
            memory=FileChatMemory(self.state_dir / "chat-telegram.json"),
            policy=self.policy,
            limiter=limiter(retries=settings.retries),
            **extra,
        )
        await daemon.add_frontend(frontend)
        self.daemon, self.frontend = daemon, frontend
        return frontend

    async def stop(self) -> None:
        if self.daemon is not None:
            await self.daemon.shutdown(drain_seconds=5)
        self.daemon = self.frontend = None

    async def restart(self) -> TelegramFrontend:
        await self.stop()
        return await self.start()


@asynccontextmanager
async def hosted(
    state_dir: Path,
    *,
    policy: TablePolicy = QUICK,
    clock: Clock | None = None,
    faults: Faults | None = None,
    remembered: int | None = None,
    **overrides: object,
) -> AsyncIterator[Host]:
    """A running host against a fake keeping Telegram's flood limits; `policy`
    and `clock` (e.g. a `FakeClock` for turn timers) go to the daemon, `faults`
    to the fake, `remembered` (the adapter's memory bound) and `overrides` (the
    Telegram options) to the frontend."""
    fake = FakeTelegram(faults=faults, limits=TEST_LIMITS)
    await fake.start()
    host = Host(fake, state_dir, policy=policy, clock=clock, remembered=remembered, **overrides)
    try:
        await host.start()
        yield host
    finally:
        await host.stop()
        await fake.stop()


# ---- playing through Telegram ------------------------------------------------------------


def grant(button: dict[str, Any]) -> Grant | None:
    try:
        return TokenCodec.read(str(button.get("callback_data", "")))
    except Malformed:
        return None


def panel(fake: FakeTelegram, user: User, seat: int) -> Message | None:
    """The user's live menu for `seat`: the latest DM message with seat buttons."""
    for message in reversed(fake.shown(fake.dm(user))):
        found = [g for b in message.buttons if (g := grant(b)) is not None]
        if found and all(g.seat == seat for g in found):
            return message
    return None


def route(node: Node, move: Any, path: tuple[str, ...] = ()) -> tuple[str, ...] | None:
    """Keys of the menu nodes above the leaf for `move`, or None if no button reaches it."""
    for child in node.children:
        if isinstance(child, Leaf) and child.move == move:
            return path
        if (
            isinstance(child, Node)
            and (found := route(child, move, (*path, child.key))) is not None
        ):
            return found
    return None


class Driver:
    """Plays the people's seats of one table through Telegram, move by move.

    Each move is the AI's choice for that seat, made the way a person would:
    through the buttons of the seat's DM menu (opening submenus on the way),
    or, every `typed_every`-th turn and for moves no button reaches (trade
    offers, discards), typed in the chat grammar. Before each move it waits
    until the mover's menu shows the table's current position: then every
    delivery of the last move has reached Telegram.
    """

    def __init__(self, host: Host, table: Table, players: dict[int, User], typed_every: int = 4):
        self.host = host
        self.fake = host.fake
        self.table = table
        self.players = players
        self.typed_every = typed_every
        self.turns = 0
        self.pressed = 0
        self.typed = 0
        self.audit = Audit(host, table, players)

    def _ready(self) -> bool:
        fake, table = self.fake, self.table
        if fake.pending_updates or fake.unanswered():
            return False
        if table.status != Status.PLAYING:
            return self._told_result()
        seat = table.to_move()
        if seat is None or seat not in self.players or not table.meta.seats[seat].human:
            return False
        shown = panel(fake, self.players[seat], seat)
        if shown is None:
            return False
        return all(g is not None and g.version == table.version for g in map(grant, shown.buttons))

    def _told_result(self) -> bool:
        """The result is in the table's chat and no seat's menu is live any more."""
        fake, table = self.fake, self.table
        origin = fake.chats[int(table.meta.origin.place)]
        result = spoken(str(table.meta.result), ChatLayer._names(table))
        told = any(result in f"{m.text} {m.caption}" for m in fake.shown(origin))
        return told and all(panel(fake, user, seat) is None for seat, user in self.players.items())

    async def play(self, *, max_turns: int = 3000, stop_at: int | None = None) -> None:
        """Play until the game is over (or the table reaches version `stop_at`)."""
        for _ in range(max_turns):
            await self.fake.wait_for(self._ready, timeout=30, what="the mover's current menu")
            self.audit.checkpoint()
            if self.table.status != Status.PLAYING:
                return
            if stop_at is not None and self.table.version >= stop_at:
                return
            await self.move()
        raise AssertionError(f"no end after {max_turns} turns")

    async def move(self) -> None:
        table, fake = self.table, self.fake
        seat = table.to_move()
        assert seat is not None
        user = self.players[seat]
        version = table.version
        game, presenter = table.game, presenter_for(table.game.id)
        view = table.view_for(seat)
        legal = game.view_legal_moves(view, seat)
        names = ChatLayer._names(table)
        level = table.meta.policy.ai_level
        choice, _ = await InlineAi().choose(game.id, level, version, view, seat, legal)
        self.turns += 1
        path = route(presenter.tree(view, seat, legal, names), choice)
        by_button = bool(self.turns % self.typed_every) and choice in legal
        leaf = "m" + to36(legal.index(choice)) if choice in legal else ""
        if path is not None and by_button and await self._press(user, seat, path, leaf):
            self.pressed += 1
            return await self._moved(version)
        self.typed += 1
        fake.say(user, presenter.command(choice, view, seat, names))
        await self._moved(version)

    async def _press(self, user: User, seat: int, path: tuple[str, ...], leaf: str) -> bool:
        """Press down the menu to the leaf; False when a button is not there to press."""
        fake = self.fake
        wanted = [node_payload(path[:i]) for i in range(1, len(path) + 1)] + [leaf]

        def find(payload: str) -> tuple[Message, dict[str, Any]] | None:
            shown = panel(fake, user, seat)
            for button in shown.buttons if shown is not None else ():
                if (g := grant(button)) is not None and g.payload == payload:
                    assert shown is not None
                    return shown, button
            return None

        if find(wanted[0]) is None:
            return False  # on another page of the menu: typed instead
        for payload in wanted:
            try:
                shown, button = await fake.wait_for(
                    lambda p=payload: find(p),  # type: ignore[misc]
                    timeout=5,
                    what=f"a button {payload}",
                )
            except AssertionError:
                return False
            fake.press(user, shown, button)
        return True

    async def _moved(self, version: int) -> None:
        await self.fake.wait_for(
            lambda: self.table.version > version or self.table.status != Status.PLAYING,
            what=f"the move after version {version}",
        )


# ---- what each user was shown --------------------------------------------------------------


def _cards_euchre(state: Any, seat: int | None) -> tuple[set[int], set[int]]:
    """(cards `seat` holds, cards face up on the table) in a Euchre state."""
    held = set(state.hands[seat]) if seat is not None else set()
    public = {p.card for p in (*state.trick, *state.completed_trick)}
    public |= {c for c in (state.up_card, state.turned_down) if c is not None}
    return held, public


def _cards_sequence(state: Any, seat: int | None) -> tuple[set[int], set[int]]:
    held = set(state.hands[seat]) if seat is not None else set()
    return held, set(state.discard_pile)


CARDS: dict[str, Callable[[Any, int | None], tuple[set[int], set[int]]]] = {
    "euchre": _cards_euchre,
    "sequence": _cards_sequence,
}
"""Games whose hidden hands are named cards; Katan's secrets (resource kinds,
development cards) are checked through the hand lines and the pictures."""

EPOCH: dict[str, Callable[[Any], int]] = {"euchre": lambda state: state.hand_number}
"""What a card's visibility is reckoned from: a Euchre deal (a new deal
reshuffles every card); the whole game elsewhere."""


SECRET_LINES: Final = ("Your hand", "Your progress cards")
"""The lines of a hand text only its seat may read (Katan's pieces, tracks
and ships on the lines below are public)."""


def secret_lines(hand: str) -> set[str]:
    return {line for line in hand.splitlines() if line.startswith(SECRET_LINES)}


def _mentions(text: str, card: int) -> bool:
    return any(
        re.search(rf"(?<![0-9A-Za-z]){re.escape(name)}(?![0-9A-Za-z])", text)
        for name in (label(card), code(card))
    )


def stamped(request: Request) -> list[int]:
    """The table versions a request's buttons were made at: a delivery held
    back (by the flood limits, say) shows that position, however late."""
    markup = request.params.get("reply_markup")
    rows = markup.get("inline_keyboard", []) if isinstance(markup, dict) else []
    return [g.version for row in rows for b in row if (g := grant(b)) is not None]


class Audit:
    """Checks that no user was shown what their seat may not know.

    Every request the bot made is attributed to a window of table versions
    (between the driver's checkpoints, widened by one window because a slow
    delivery may arrive after the next checkpoint, and back to the version
    its buttons were made at, however late the flood limits let it out: CI
    once saw a DM name a card that another seat held through the window, and
    150 runs here did not repeat it). Against the position
    replayed from the stored log it checks, per recipient: no other seat's
    secret hand line of the window (as the chat layer words it, unless the
    recipient's own hand once read the same) in any text; in card games, no
    card that another seat held throughout the window and the recipient could
    not have seen; in Katan, no progress card the recipient could not know of
    and none of Seafarers' hidden piles (`katan_leaks`); no picture drawn for
    another seat; never the table's seed.
    """

    def __init__(self, host: Host, table: Table, players: dict[int, User]) -> None:
        self.host = host
        self.table_id = table.id
        self.players = players
        self.marks: list[tuple[int, int]] = [(0, 0)]

    def checkpoint(self) -> None:
        table = self.table
        self.marks.append((len(self.host.fake.requests), table.version))

    @property
    def table(self) -> Table:
        assert self.host.daemon is not None
        return self.host.daemon.tables[self.table_id]

    async def states(self) -> list[Any]:
        table = self.table
        state = table.game.initial_state(table.config)
        states = [state]
        for step in await self.host.store.steps(table.id):
            state = replay_step(table.game, state, step).state
            states.append(state)
        return states

    async def check(self, renders: dict[str, set[int | None]]) -> int:
        """Run every check over every request so far; returns how many were read."""
        self.checkpoint()
        table, fake = self.table, self.host.fake
        game, presenter = table.game, presenter_for(table.game.id)
        states = await self.states()
        seats = range(len(table.meta.seats))
        lines = [
            {s: secret_lines(presenter.hand(game.view_for(st, s), s)) for s in seats}
            for st in states
        ]
        katan = Secrets.replayed(table, await self.host.store.steps(table.id))
        owner = {user.id: seat for seat, user in self.players.items()}
        seed = str(table.meta.seed)
        cards = CARDS.get(game.id)
        epoch = EPOCH.get(game.id, lambda state: 0)
        read = 0
        for k in range(1, len(self.marks)):
            first, last = self.marks[k - 1][0], self.marks[k][0]
            high = min(self.marks[k][1], len(states) - 1)
            for request in fake.requests[first:last]:
                if not request.ok or request.chat_id is None:
                    continue
                low = min(self.marks[max(0, k - 2)][1], *stamped(request), high)
                window = states[low : high + 1]
                earliest = epoch(window[0]) - 1
                seen_from = next(i for i, st in enumerate(states) if epoch(st) >= earliest)
                seat = owner.get(request.chat_id)
                texts = request.texts()
                read += 1
                assert not any(seed in text for text in texts), f"the seed in {request.method}"
                near = lines[low : high + 1]
                own = set().union(*(at[seat] for at in lines)) if seat is not None else set()
                foreign = {line for at in near for a in seats if a != seat for line in at[a]}
                foreign -= own
                shown = {line for text in texts for line in text.splitlines()}
                if game.id == "katan":
                    problems = katan.problems(texts, seat, high)
                    assert not problems, f"{request.method} to seat {seat}: {problems}: {texts}"
                for line in foreign:
                    assert line not in shown, (
                        f"{request.method} to seat {seat} shows another seat's hand: {line!r} "
                        f"(versions {low}-{high}): {texts}"
                    )
                if request.photo is not None:
                    drawn_for = renders.get(hashlib.sha256(request.photo).hexdigest(), {None})
                    assert drawn_for & {seat, None}, (
                        f"{request.method} to seat {seat} shows a picture drawn for {drawn_for}"
                    )
                if cards is None:
                    continue
                hidden = set.intersection(
                    *(set().union(*(cards(st, a)[0] for a in seats if a != seat)) for st in window)
                )
                for st in states[seen_from : high + 1]:
                    held, public = cards(st, seat)
                    hidden -= held | public
                for card in hidden:
                    assert not any(_mentions(text, card) for text in texts), (
                        f"{request.method} to seat {seat} names {label(card)}, held by another "
                        f"seat (versions {low}-{high}): {texts}"
                    )
        return read
