"""The envelope codec against the app's literal lines (NATIVE.md §3.2, §5.2.9, §5.3.9)."""

from pathlib import Path

import pytest

from frontends.native.messages import (
    DIFFERENT_VERSION,
    Hello,
    PlayerSlot,
    State,
    Undecodable,
    Welcome,
    decode,
)

GOLDEN = Path(__file__).with_name("native_golden.jsonl").read_text("utf-8").splitlines()


@pytest.mark.parametrize("line", GOLDEN, ids=[f"{i}-{line[6:14]}" for i, line in enumerate(GOLDEN)])
def test_every_literal_line_decodes_and_encodes_to_the_same_bytes(line: str) -> None:
    assert decode(line).encode() == line


def test_the_refusal_text_uses_an_em_dash_written_raw() -> None:
    line = Welcome(hostName="Ann", gameId="euchre", accepted=False, reason=DIFFERENT_VERSION)
    assert "—" in line.encode()
    assert line.encode().encode("utf-8") == (
        b'{"t":"welcome","hostName":"Ann","gameId":"euchre","accepted":false,'
        b'"reason":"Different app version \xe2\x80\x94 update both devices."}'
    )


def test_unknown_keys_are_ignored_and_the_discriminator_may_come_last() -> None:
    message = decode('{"hostName":"Ann","gameId":"euchre","accepted":true,"x":[1],"t":"welcome"}')
    assert message == Welcome(hostName="Ann", gameId="euchre", accepted=True)


def test_a_g1_slot_without_device_id_decodes() -> None:
    slot = PlayerSlot.model_validate_json(
        '{"seat":1,"name":"Bob","kind":"HUMAN_REMOTE","team":1,"peerId":"192.168.1.23"}'
    )
    assert slot.deviceId is None


def test_hello_without_protocol_is_accepted_and_not_invented_on_encode() -> None:
    hello = decode('{"t":"hello","peerId":"a","displayName":"Bob"}')
    assert isinstance(hello, Hello) and hello.protocol is None
    assert hello.encode() == '{"t":"hello","peerId":"a","displayName":"Bob"}'


def test_the_terminal_clients_own_key_is_only_written_when_set() -> None:
    hello = Hello(peerId="a", displayName="Bob", protocol=2, client="plgames")
    assert hello.encode().endswith('"protocol":2,"client":"plgames"}')
    assert decode(hello.encode()) == hello


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ('{"t":"state","yourSeat":1,"stateJson":"{}","legalMoves":[]}', "fields"),
        ('{"t":"state","seq":null,"yourSeat":1,"stateJson":"{}","legalMoves":[]}', "fields"),
        ('{"t":"state","seq":2147483648,"yourSeat":1,"stateJson":"{}","legalMoves":[]}', "fields"),
        ('{"t":"welcome","hostName":"Ann","gameId":"e","accepted":1}', "fields"),
        ('{"t":"intent","moveJson":{"type":"pass"}}', "fields"),
        ('{"t":"rejected"}', "fields"),
        ('{"t":"teleport"}', "type"),
        ('{"moveJson":"{}"}', "type"),
        ("{not json", "json"),
        ("", "json"),
    ],
)
def test_what_the_apps_decoder_refuses_is_refused(line: str, kind: str) -> None:
    with pytest.raises(Undecodable) as err:
        decode(line)
    assert err.value.kind == kind


def test_nested_json_travels_as_an_escaped_string() -> None:
    state = State(seq=1, yourSeat=0, stateJson='{"a":"♠"}', legalMoves=['{"type":"pass"}'])
    assert state.encode() == (
        '{"t":"state","seq":1,"yourSeat":0,"stateJson":"{\\"a\\":\\"♠\\"}",'
        '"legalMoves":["{\\"type\\":\\"pass\\"}"]}'
    )
