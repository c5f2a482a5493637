"""Euchre table options: the app's four, plus this project's two toggles.

The app's names and defaults are kept (camelCase aliases) because the same
object travels as `TableConfig.optionsJson` and inside every state the app
decodes. The toggles come from RULINGS 13; the app knows neither, which is why
they are left out of the wire form while off and why a table with one on must
turn app clients away.
"""

from typing import Any, Literal

from pydantic import ConfigDict, Field

from engine.protocol import GameOptions

INT32_MAX = 2**31 - 1


class EuchreOptions(GameOptions):
    """Strict types: a JSON `true` is not a point total and `"yes"` is not a
    boolean, as in the app's own decoder."""

    model_config = ConfigDict(strict=True)

    deck_size: Literal[24, 32] = Field(24, alias="deckSize")
    stick_the_dealer: bool = Field(True, alias="stickTheDealer")
    allow_going_alone: bool = Field(True, alias="allowGoingAlone")
    # The upper bound is the app's: its `Int` must hold the value.
    points_to_win: int = Field(10, alias="pointsToWin", gt=0, le=INT32_MAX)
    defend_alone: bool = Field(False, alias="defendAlone")
    farmers_hand: bool = Field(False, alias="farmersHand")

    @property
    def app_only(self) -> bool:
        """True when every rule in force is one the app plays."""
        return not (self.defend_alone or self.farmers_hand)

    def to_wire(self) -> dict[str, Any]:
        """The app's options object, key for key; the toggles only when one is on,
        so a plain table's bytes are the app's bytes."""
        wire: dict[str, Any] = {
            "deckSize": self.deck_size,
            "stickTheDealer": self.stick_the_dealer,
            "allowGoingAlone": self.allow_going_alone,
            "pointsToWin": self.points_to_win,
        }
        if not self.app_only:
            wire["defendAlone"] = self.defend_alone
            wire["farmersHand"] = self.farmers_hand
        return wire


def app_incompatibility(options: EuchreOptions) -> str | None:
    """Why an app client cannot sit at a table with these options, or None.

    The app's decoder knows neither toggle's moves nor phases, so it would
    reject the first state that used them (NATIVE §9.2); refusing the seat up
    front is the honest alternative (RULINGS 13).
    """
    toggles = [
        name
        for name, on in (
            ("defend alone", options.defend_alone),
            ("farmer's hand", options.farmers_hand),
        )
        if on
    ]
    if not toggles:
        return None
    return (
        f"This table plays {' and '.join(toggles)}, which the ProLibertate app does not know; "
        "join it from a chat or the terminal instead."
    )
