"""One presenter per game, by game id."""

from typing import Any

from frontends.chat.presenters.base import Presenter
from frontends.chat.presenters.euchre import EuchrePresenter
from frontends.chat.presenters.katan import KatanPresenter
from frontends.chat.presenters.sequence import SequencePresenter

PRESENTERS: dict[str, Presenter[Any, Any]] = {
    "euchre": EuchrePresenter(),
    "katan": KatanPresenter(),
    "sequence": SequencePresenter(),
}


def presenter_for(game_id: str) -> Presenter[Any, Any]:
    return PRESENTERS[game_id]


__all__ = ["PRESENTERS", "Presenter", "presenter_for"]
