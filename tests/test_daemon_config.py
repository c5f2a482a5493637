"""Configuration: TOML plus environment, refusals that name the key (issue 3, item 6)."""

import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from daemon.cli import main
from daemon.config import ConfigError, Settings, load_settings

DOCS = Path(__file__).resolve().parent.parent / "docs" / "configuration.md"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("PLGAMES_CONFIG", "STATE_DIRECTORY", "PLGAMES_LAN__INTERFACES"):
        monkeypatch.delenv(name, raising=False)


def keys(model: type[BaseModel] = Settings, prefix: str = "") -> list[str]:
    found = []
    for name, field in model.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            found += keys(annotation, f"{prefix}{name}.")
        else:
            found.append(prefix + name)
    return found


def test_defaults_need_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = load_settings(None)
    assert settings.state_dir == Path("state")
    assert settings.database == Path("state/plgames.db")
    assert settings.bluetooth.enabled is False
    assert settings.frontends() == {
        "lan": True,
        "discord": False,
        "telegram": False,
    }
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/plgames")
    assert load_settings(None).socket_path == Path("/var/lib/plgames/control.sock")


def test_file_then_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "plgames.toml"
    path.write_text(
        '[tables.timer]\nturn_seconds = 45\non_timeout = "pass"\n'
        '[lan]\ninterfaces = ["192.0.2.1"]\n[discord]\ntoken = "abc"\n'
    )
    monkeypatch.setenv("PLGAMES_CONFIG", str(path))
    monkeypatch.setenv("PLGAMES_LAN__INTERFACES", "127.0.0.1, 127.0.0.2")
    monkeypatch.setenv("PLGAMES_TABLES__TIMER__TURN_SECONDS", "30")
    settings = load_settings(None)
    assert settings.tables.timer.turn_seconds == 30
    assert settings.tables.timer.on_timeout == "pass"
    assert settings.lan.interfaces == ["127.0.0.1", "127.0.0.2"]
    assert settings.discord.enabled and "abc" not in repr(settings)


@pytest.mark.parametrize(
    ("toml", "says"),
    [
        (
            '[tables.timer]\non_timeout = "skip"',
            "tables.timer.on_timeout = 'skip': Input should be",
        ),
        ('[http]\nhost = "0.0.0.0"', "http.host = '0.0.0.0': must be a loopback address"),
        ("[storage]\nsnapshot_every = 0", "storage.snapshot_every = 0: Input should be greater"),
        ('[lan]\ninterfaces = ["eth0"]', "lan.interfaces = ['eth0']: 'eth0' is not an IPv4"),
        ("[tabels]\nx = 1", "tabels: unknown key; the keys here are state_dir"),
        (
            "[ai]\nthreads = 2",
            "ai.threads: unknown key; the keys here are executor, search_executor, "
            "search_levels, workers, per_table",
        ),
        ("[ai\n", "is not valid TOML"),
    ],
)
def test_a_bad_config_is_refused_naming_key_value_and_allowed(
    tmp_path: Path, toml: str, says: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(toml)
    with pytest.raises(ConfigError) as refused:
        load_settings(path)
    assert says in str(refused.value)


def test_serve_refuses_a_bad_config_before_starting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("shutdown_seconds = -1")
    assert main(["serve", "--config", str(path), "--state-dir", str(tmp_path / "s")]) == 2
    assert "shutdown_seconds = -1" in capsys.readouterr().err
    assert not (tmp_path / "s").exists()
    assert main(["serve", "--config", str(tmp_path / "missing.toml")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_every_key_is_documented_with_its_default() -> None:
    documented = set(re.findall(r"^\| `([a-z0-9_.]+)` \|", DOCS.read_text(), re.MULTILINE))
    assert documented == set(keys())


def test_the_example_config_is_valid() -> None:
    example = Path(__file__).resolve().parent.parent / "deploy" / "plgames.toml"
    settings = load_settings(example)
    assert settings.state_dir == Path("/var/lib/plgames")


def test_chat_frontends_switch_on_with_a_token_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PLGAMES_DISCORD__TOKEN", "discord-secret")
    monkeypatch.setenv("PLGAMES_DISCORD__GUILDS", "11, 22")
    monkeypatch.setenv("PLGAMES_TELEGRAM__TOKEN", "123:telegram-secret")
    settings = load_settings(None)
    assert settings.frontends() == {"lan": True, "discord": True, "telegram": True}
    assert settings.discord.guilds == (11, 22)
    assert settings.telegram.mode == "polling"
    assert "discord-secret" not in repr(settings) and "telegram-secret" not in repr(settings)


def test_a_webhook_without_an_https_address_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLGAMES_TELEGRAM__TOKEN", "123:abc")
    monkeypatch.setenv("PLGAMES_TELEGRAM__MODE", "webhook")
    with pytest.raises(ConfigError, match="webhook_url"):
        load_settings(None)
