"""The load test's own machinery, at its smallest size (make bench runs it full size)."""

from frontends.native.bench import run


def test_the_load_test_plays_its_tables_to_the_end() -> None:
    figures = run(2)
    assert figures["tables"] == 2 and figures["clients"] == 8
    assert figures["games_finished"] == 2
    assert figures["intents"] > 0
    assert figures["intent_to_state_p99_ms"] >= figures["intent_to_state_p50_ms"] > 0
