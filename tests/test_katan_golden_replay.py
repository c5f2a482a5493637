"""Base-game Katan logs stored before the rule sets arrived still replay byte for byte.

`golden/katan_base_games.json.gz` was recorded at commit eb418a4, before the
expansions' seams and the move-kind table: six whole games (AI, builder and
random seats, 3 and 4 seats, other targets and award points) as the daemon
stores them, a move's JSON per step. Replaying them through today's engine must
give the same state text after every move, the same narration, the same final
views, and the stored snapshots must decode and re-encode unchanged. Never
regenerate the file: it is the record of what the base game was. (Stored
states gained each seat's `known_cards` later, a fact of the game's history
the recording has not: states are compared without it, and a snapshot
without it decodes knowing none.)
"""

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine.jsonwire import dumps
from engine.katan.game import KATAN
from engine.protocol import Event, TableConfig

GOLDEN = Path(__file__).parent / "golden" / "katan_base_games.json.gz"


def _games() -> list[dict[str, Any]]:
    with gzip.open(GOLDEN, "rt") as f:
        games: list[dict[str, Any]] = json.load(f)["games"]
    return games


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _recorded(text: str) -> str:
    """A stored state as the recording stored it: without the known cards."""
    data = json.loads(text)
    for player in data["players"]:
        del player["known_cards"]
    return dumps(data)


def _events_text(events: tuple[Event, ...]) -> str:
    return json.dumps(
        [
            [
                e.kind,
                e.text,
                e.seat,
                sorted(e.audience) if e.audience is not None else None,
                dict(e.data),
                sorted(e.hidden_from),
            ]
            for e in events
        ],
        sort_keys=True,
        default=list,
    )


@pytest.mark.parametrize("game", _games(), ids=lambda g: f"seed{g['config']['seed']}")
def test_stored_base_game_replays_byte_for_byte(game: dict[str, Any]) -> None:
    config = TableConfig.model_validate(game["config"])
    state = KATAN.initial_state(config)
    for i, (seat, text) in enumerate(game["moves"]):
        move = KATAN.decode_move(text)
        assert KATAN.encode_move(move) == text
        step = KATAN.apply(state, seat, move)
        state = step.state
        stored = _recorded(KATAN.encode_state(state))
        assert _sha(stored) == game["state_sha"][i], f"state after move {i}"
        assert _sha(_events_text(step.events)) == game["events_sha"][i], f"events of move {i}"
    assert _recorded(KATAN.encode_state(state)) == game["final"]
    seats = KATAN.seat_count(state)
    views = [KATAN.encode_view(KATAN.view_for(state, s)) for s in [None, *range(seats)]]
    assert views == game["views_final"]


@pytest.mark.parametrize("game", _games(), ids=lambda g: f"seed{g['config']['seed']}")
def test_stored_snapshots_decode_unchanged_and_play_on(game: dict[str, Any]) -> None:
    for at, text in game["snapshots"].items():
        state = KATAN.decode_state(text)
        assert not any(state.known)
        assert _recorded(KATAN.encode_state(state)) == text
        n = int(at)
        for i, (seat, move_text) in enumerate(game["moves"][n : n + 60], start=n):
            state = KATAN.apply(state, seat, KATAN.decode_move(move_text)).state
            assert _sha(_recorded(KATAN.encode_state(state))) == game["state_sha"][i]
