"""The platform-free chat layer shared by the Discord and Telegram adapters.

Adapters import from here only: the data they exchange with the layer
(`frontends.chat.api`), the layer itself (`ChatLayer`), the base class that
plugs an adapter into the daemon (`ChatFrontend`), the token secret and the
memory of posted messages. See docs/chat.md, "For adapter authors".
"""

from frontends.chat.api import (
    DISCORD,
    PLAIN,
    TELEGRAM,
    AdapterProfile,
    Attachment,
    Audience,
    Choice,
    ChoiceKind,
    Edit,
    Menu,
    Message,
    Outgoing,
    Picture,
    Place,
    Send,
    Sender,
    Share,
    Slot,
    Style,
    Target,
)
from frontends.chat.frontend import ChatFrontend
from frontends.chat.layer import ChatLayer
from frontends.chat.memory import ChatMemory, FileChatMemory
from frontends.chat.pacing import RateGate
from frontends.chat.tokens import load_secret

__all__ = [
    "DISCORD",
    "PLAIN",
    "TELEGRAM",
    "AdapterProfile",
    "Attachment",
    "Audience",
    "ChatFrontend",
    "ChatLayer",
    "ChatMemory",
    "Choice",
    "ChoiceKind",
    "Edit",
    "FileChatMemory",
    "Menu",
    "Message",
    "Outgoing",
    "Picture",
    "Place",
    "RateGate",
    "Send",
    "Sender",
    "Share",
    "Slot",
    "Style",
    "Target",
    "load_secret",
]
