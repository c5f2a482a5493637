"""A chat platform in memory, for the chat layer's tests.

`FakeChat` is an adapter like Discord's or Telegram's: it keeps every message
the layer asks it to post or edit, by id, with where it went, and lets a test
type lines and press buttons as named people.
"""

from dataclasses import dataclass, field
from typing import Any

from daemon.clock import FakeClock, settle
from daemon.core import Daemon
from daemon.model import PacingPolicy, TablePolicy, TimerPolicy
from daemon.store import MemoryStore, Store
from frontends.chat import (
    PLAIN,
    AdapterProfile,
    ChatFrontend,
    ChatMemory,
    Choice,
    Edit,
    Message,
    Outgoing,
    Place,
    Sender,
    Target,
)

SECRET = b"chat-tests-secret-0123456789abcd"
QUICK = TablePolicy(
    pacing=PacingPolicy(think_seconds=0, hold_seconds=0),
    timer=TimerPolicy(turn_seconds=None),
)


@dataclass
class Posted:
    id: str
    to: Target
    message: Message
    edits: int = 0
    history: list[Message] = field(default_factory=list)


class FakeChat(ChatFrontend):
    def __init__(
        self,
        profile: AdapterProfile = PLAIN,
        *,
        secret: bytes = SECRET,
        memory: ChatMemory | None = None,
        policy: TablePolicy | None = QUICK,
    ) -> None:
        super().__init__(profile, secret=secret, memory=memory, policy=policy)
        self.posted: dict[str, Posted] = {}
        self.actions: list[tuple[Outgoing, Any]] = []
        self._next = 0

    async def connect(self) -> None:
        return None

    async def disconnect(self) -> None:
        return None

    async def perform(self, action: Outgoing, context: Any) -> str | None:
        self.actions.append((action, context))
        if isinstance(action, Edit) and action.message_id in self.posted:
            post = self.posted[action.message_id]
            post.history.append(post.message)
            post.message = action.message
            post.edits += 1
            return action.message_id
        self._next += 1
        key = f"m{self._next}"
        to = action.to
        if to.audience == "reply":
            # A reply lands where the person wrote; a private one in their DM.
            user, place = context
            private = to.private or place.private
            to = Target("direct", user=user) if private else Target("channel", chat=place.chat)
        self.posted[key] = Posted(key, to, action.message)
        return key

    # ---- a person at the keyboard -----------------------------------------------------------

    async def type(self, user: Sender, text: str, place: Place | None = None) -> list[Outgoing]:
        place = place or Place(f"dm-{user.user}", private=True)
        before = len(self.actions)
        await self.on_text(user, place, text, context=(user.user, place))
        await settle()
        return [a for a, _ in self.actions[before:]]

    async def tap(
        self, user: Sender, choice: Choice, message_id: str | None = None
    ) -> list[Outgoing]:
        post = self.posted.get(message_id or "")
        place = Place(f"dm-{user.user}", private=True)
        if post is not None and post.to.audience == "channel":
            place = Place(post.to.chat)
        before = len(self.actions)
        await self.on_press(user, place, choice.token, message_id, context=(user.user, place))
        await settle()
        return [a for a, _ in self.actions[before:]]

    # ---- reading what was posted -------------------------------------------------------------

    def direct(self, user: str) -> list[Posted]:
        return [p for p in self.posted.values() if p.to.audience == "direct" and p.to.user == user]

    def channel(self, chat: str) -> list[Posted]:
        return [p for p in self.posted.values() if p.to.audience == "channel" and p.to.chat == chat]

    def panel(self, user: str) -> Posted:
        """The newest message to `user` that carries a menu."""
        return [p for p in self.direct(user) if p.message.menu is not None][-1]


def choice(post: Posted, label: str) -> Choice:
    menu = post.message.menu
    assert menu is not None, post.message.text
    found = [c for c in menu.choices() if c.label == label]
    assert found, (label, [c.label for c in menu.choices()])
    return found[0]


async def daemon_with_chat(
    store: Store | None = None, **chat: Any
) -> tuple[Daemon, FakeClock, FakeChat]:
    clock = FakeClock()
    daemon = Daemon(store or MemoryStore(), clock=clock, policy=QUICK)
    frontend = FakeChat(**chat)
    await daemon.add_frontend(frontend)
    return daemon, clock, frontend
