"""Katan in chat: captions, the menu tree, the composer and the grammar read
off the move-kind table (`engine.katan.kinds`)."""

from frontends.chat.presenters.katan.presenter import KatanPresenter

PRESENTER = KatanPresenter()

__all__ = ["PRESENTER", "KatanPresenter"]
