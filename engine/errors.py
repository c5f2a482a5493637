"""Errors the engine raises at its boundary.

Every error carries a sentence a person can read, because frontends pass the
reason straight on to whoever sent the bad input (RULINGS 16).
"""


class EngineError(Exception):
    """Base for every refusal the engine gives; `reason` is the user-facing text."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class IllegalMove(EngineError):
    """A well-formed move that the rules refuse in this state; the state is unchanged."""


class BadMove(IllegalMove):
    """A move text that does not decode to any move of the game."""


class BadOptions(EngineError):
    """Table options (or seat counts) that the game cannot be played with."""


class BadState(EngineError):
    """A stored or received state text that does not decode."""
