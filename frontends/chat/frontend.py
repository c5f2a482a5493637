"""The base class that plugs a chat adapter into the daemon.

An adapter subclasses `ChatFrontend`, implements `connect`, `disconnect` and
`perform` (post or edit one message on its platform), and calls `on_text` /
`on_press` from its platform's update handlers. The base class is the
daemon's `Frontend`: deliveries become outgoing messages through the layer,
and ids of posted messages are recorded so later updates edit them in place.

An adapter retries a platform's passing faults itself, request by request
(Telegram's limiter, discord.py's HTTP client): only there is it known
whether a call may be repeated. What still fails reaches `perform_all` as a
message given up: it is logged with where it was going and counted
(`plgames_chat_messages_lost_total`), and the rest of the actions go on.
"""

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from daemon.delivery import Delivery
from daemon.model import TablePolicy
from frontends.chat.api import AdapterProfile, Outgoing, Place, Sender, Slot
from frontends.chat.layer import ChatLayer
from frontends.chat.memory import ChatMemory

log = logging.getLogger("plgames.chat")


class ChatFrontend(ABC):
    def __init__(
        self,
        profile: AdapterProfile,
        *,
        secret: bytes,
        memory: ChatMemory | None = None,
        policy: TablePolicy | None = None,
    ) -> None:
        self.profile = profile
        self.name = profile.name
        self._secret = secret
        self._memory = memory or ChatMemory()
        self._policy = policy
        self._layer: ChatLayer | None = None
        self._lost: Callable[[], None] = lambda: None
        self._retried: Callable[[str], None] = lambda fault: None

    @property
    def layer(self) -> ChatLayer:
        if self._layer is None:
            raise RuntimeError(f"the {self.name} frontend has not been started")
        return self._layer

    # ---- the daemon's Frontend protocol --------------------------------------------

    async def start(self, daemon: Any) -> None:
        self._layer = ChatLayer(
            daemon, self.profile, secret=self._secret, memory=self._memory, policy=self._policy
        )
        if (router := getattr(daemon, "router", None)) is not None:
            from frontends.chat.routed import ChatRoutes

            self._layer.routes = ChatRoutes(self._layer, router, self)
            await self._layer.routes.recall(list(daemon.tables))
        metrics = getattr(daemon, "metrics", None)
        if metrics is not None:
            lost = metrics.chat_lost.labels(self.name)  # the series exists from 0
            self._lost = lost.inc
            self._retried = lambda fault: metrics.chat_retries.labels(self.name, fault).inc()
        await self.connect()

    async def stop(self) -> None:
        await self.disconnect()
        if self._layer is not None and self._layer.routes is not None:
            await self._layer.routes.flush()  # for the daemon that takes its tables over

    async def deliver(self, delivery: Delivery) -> None:
        actions = self.layer.deliver(delivery)
        await self.perform_all([*actions, *await self.layer.conclude()], None)

    # ---- called by the adapter's update handlers --------------------------------------

    async def on_text(
        self,
        sender: Sender,
        place: Place,
        text: str,
        context: Any = None,
        mentions: Sequence[Sender] = (),
        unknown: Sequence[str] = (),
    ) -> None:
        """A person wrote `text` in `place`; `context` is handed to `perform`
        for replies (a Discord interaction, a Telegram message); `mentions`
        are the people the message named, as the platform knows them, and
        `unknown` the names (as written) it could not find."""
        actions = await self.layer.text(sender, place, text, mentions, unknown)
        await self.perform_all(actions, context)

    async def on_press(
        self,
        sender: Sender,
        place: Place,
        token: str,
        message_id: str | None = None,
        context: Any = None,
    ) -> None:
        """A person pressed a button or picked a select option carrying `token`,
        on message `message_id` (so the answer can replace that menu)."""
        actions = await self.layer.press(sender, place, token, message_id)
        await self.perform_all(actions, context)

    async def perform_all(self, actions: Sequence[Outgoing], context: Any) -> None:
        """Perform in order; one failing message does not stop the rest."""
        for action in actions:
            try:
                posted = await self.perform(action, context)
            except Exception as exc:
                self._lost()
                log.error(
                    "%s: gave up on a message (%s to %s, %s): %s",
                    self.name,
                    type(action).__name__,
                    action.to.audience,
                    "no slot" if action.slot is None else action.slot.role,
                    exc,
                    exc_info=exc,
                )
                continue
            if posted is not None and action.slot is not None:
                self.layer.posted(action.slot, posted)

    def edit_rights(self, message_id: str) -> dict[str, Any] | None:
        """What, besides its id, another daemon needs to edit a message
        posted here (with several daemons, docs/scaling.md); None: nothing."""
        return None

    def grant(self, slot: Slot, message_id: str, rights: dict[str, Any]) -> None:
        """Another daemon's `edit_rights` for a message of a table served here
        (an adapter whose messages any daemon edits has none)."""
        return None

    def retried(self, fault: str) -> None:
        """An adapter tried a platform request again after `fault` (counted)."""
        self._retried(fault)

    # ---- what an adapter implements ----------------------------------------------------

    @abstractmethod
    async def connect(self) -> None:
        """Log in and start receiving updates."""

    @abstractmethod
    async def disconnect(self) -> None:
        """Stop receiving updates and close the platform session."""

    @abstractmethod
    async def perform(self, action: Outgoing, context: Any) -> str | None:
        """Post or edit one message; return the platform's id of the message
        now showing it (a new one when an edit had to be posted instead)."""
