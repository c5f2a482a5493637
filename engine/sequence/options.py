"""Table options under the app's names (NATIVE.md §5.3.1), plus `board`.

The ranges are the app's setup screen's, not just its validator's: more than
four players a team deals three-card hands to twelve seats, and a target beyond
three sequences can leave two teams removing each other's chips forever.
"""

from typing import Any, Final

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from engine.protocol import GameOptions
from engine.sequence.board import BoardName

MAX_PLAYERS_PER_TEAM: Final = 4
MAX_SEQUENCES_TO_WIN: Final = 3


class SequenceOptions(GameOptions):
    team_count: int = Field(default=2, alias="teamCount")
    players_per_team: int = Field(default=1, alias="playersPerTeam")
    sequences_to_win: int = Field(default=2, alias="sequencesToWin")
    """Two teams race to two sequences, three teams to one, unless set."""
    dead_card_exchange: bool = Field(default=True, alias="deadCardExchange")
    board: BoardName = "app"

    @model_validator(mode="before")
    @classmethod
    def _target_follows_teams(cls, data: Any) -> Any:
        """The app's setup screen sets the target when the team count changes."""
        if not isinstance(data, dict) or {"sequencesToWin", "sequences_to_win"} & data.keys():
            return data
        teams = data.get("teamCount", data.get("team_count", 2))
        return {**data, "sequencesToWin": 1 if teams in (3, "3") else 2}

    @field_validator("team_count")
    @classmethod
    def _two_or_three_teams(cls, value: int) -> int:
        if value not in (2, 3):
            raise PydanticCustomError("team_count", "must be 2 or 3")
        return value

    @field_validator("players_per_team")
    @classmethod
    def _players_per_team(cls, value: int) -> int:
        if not 1 <= value <= MAX_PLAYERS_PER_TEAM:
            raise PydanticCustomError(
                "players_per_team",
                "must be 1 to {most} (the app's setup screen offers 1 to {most})",
                {"most": MAX_PLAYERS_PER_TEAM},
            )
        return value

    @field_validator("sequences_to_win")
    @classmethod
    def _sequences_to_win(cls, value: int) -> int:
        if not 1 <= value <= MAX_SEQUENCES_TO_WIN:
            raise PydanticCustomError(
                "sequences_to_win",
                "must be 1 to {most} (the app's setup screen offers 1 to {most})",
                {"most": MAX_SEQUENCES_TO_WIN},
            )
        return value

    @property
    def players(self) -> int:
        return self.team_count * self.players_per_team

    def app_json(self) -> dict[str, Any]:
        """The app's four keys in its order; `board` only when it is not the app's."""
        out: dict[str, Any] = {
            "teamCount": self.team_count,
            "playersPerTeam": self.players_per_team,
            "sequencesToWin": self.sequences_to_win,
            "deadCardExchange": self.dead_card_exchange,
        }
        if self.board != "app":
            out["board"] = self.board
        return out
