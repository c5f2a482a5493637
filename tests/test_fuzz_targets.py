"""The fuzz targets of `make fuzz` (tests/fuzz/), each run here briefly with
hypothesis instead of atheris: the seed inputs, then a couple of hundred
generated ones (forty where each input goes through a fake platform),
random or mutated from the seeds. A target raises only when the code under
test broke its promise (docs/RELIABILITY.md).
"""

from collections.abc import Callable, Iterator

import pytest
from fuzz import (
    common,
    fuzz_chat,
    fuzz_control,
    fuzz_discord,
    fuzz_moves,
    fuzz_native,
    fuzz_telegram,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MODULES = (fuzz_native, fuzz_moves, fuzz_chat, fuzz_control, fuzz_telegram, fuzz_discord)
TARGETS: dict[str, Callable[[bytes], None]] = {}
SEEDS: dict[str, list[bytes]] = {}
for _module in MODULES:
    TARGETS.update(_module.TARGETS)
    SEEDS.update(_module.SEEDS)

SLOW = {"telegram", "discord", "chat_layer"}
"""Targets that go through a daemon and a fake platform per input."""


@pytest.fixture(autouse=True, scope="module")
def worlds() -> Iterator[None]:
    """The targets keep daemons and fake platforms up between inputs; stop
    them when this module is done."""
    yield
    common.close()


def _mutated(seeds: list[bytes]) -> st.SearchStrategy[bytes]:
    """A seed with a few bytes changed, cut or spliced in, as libFuzzer does."""

    @st.composite
    def build(draw: st.DrawFn) -> bytes:
        data = bytearray(draw(st.sampled_from(seeds)))
        for _ in range(draw(st.integers(0, 4))):
            at = draw(st.integers(0, len(data)))
            edit = draw(st.sampled_from(["set", "cut", "insert"]))
            if edit == "set" and at < len(data):
                data[at] = draw(st.integers(0, 255))
            elif edit == "cut":
                del data[at : at + draw(st.integers(1, 8))]
            else:
                data[at:at] = draw(st.binary(max_size=8) | st.sampled_from(seeds))
        return bytes(data)

    return build()


def inputs(name: str) -> st.SearchStrategy[bytes]:
    return st.binary(max_size=300) | _mutated(SEEDS[name])


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_the_seeds_pass(name: str) -> None:
    assert SEEDS[name], "every target starts from seeds"
    for data in SEEDS[name]:
        TARGETS[name](data)


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_generated_inputs_break_no_promise(name: str) -> None:
    examples = 40 if name in SLOW else 200

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=inputs(name))
    def run(data: bytes) -> None:
        TARGETS[name](data)

    run()


def test_every_area_of_the_issue_has_a_target() -> None:
    """Issue 13: the native line reader and messages, each game's move
    decoder, the chat grammar, the admin socket, Telegram and Discord."""
    assert {
        "native_lines",
        "native_messages",
        "moves_katan",
        "moves_euchre",
        "moves_sequence",
        "chat_grammar",
        "chat_layer",
        "control",
        "telegram",
        "discord",
    } <= set(TARGETS)
