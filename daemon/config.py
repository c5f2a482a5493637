"""The daemon's configuration: one TOML file plus environment overrides.

Precedence, highest first: environment variables (`PLGAMES_` prefix, `__`
between nested keys: `PLGAMES_LAN__INTERFACES=127.0.0.1`), the TOML file,
the defaults below. Every key is documented in docs/configuration.md (a test
keeps the two in step). A bad value stops the daemon at start with the key,
the value and what is allowed, instead of surfacing as a strange failure later.
"""

import ipaddress
import os
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from daemon.model import TablePolicy

DEFAULT_CONFIG = Path("/etc/plgames/plgames.toml")
"""Read when no file is named and it exists: where deploy/ installs the config."""


class ConfigError(Exception):
    """A configuration the daemon refuses to start with; the text says why."""


class Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LogConfig(Section):
    level: Literal["debug", "info", "warning", "error"] = "info"
    format: Literal["auto", "json", "text"] = "auto"
    """`auto`: JSON lines when stdout is not a terminal (journald), text when it is."""


class StorageConfig(Section):
    backend: Literal["sqlite"] = "sqlite"
    path: Path | None = None
    """The database file; default `<state_dir>/plgames.db`."""
    synchronous: Literal["full", "normal"] = "full"
    snapshot_every: int = Field(default=50, ge=1)


class AiConfig(Section):
    executor: Literal["inline", "thread", "process"] = "thread"
    workers: int = Field(default=1, ge=1, le=64)


def _loopback(host: str) -> str:
    if host == "localhost":
        return host
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise ValueError("must be an IP address or 'localhost'") from None
    if not address.is_loopback:
        raise ValueError("must be a loopback address (127.0.0.1, ::1 or localhost)")
    return host


class HttpConfig(Section):
    """/healthz and /metrics: on loopback only; put a proxy in front to expose them."""

    enabled: bool = True
    host: str = "127.0.0.1"
    port: int = Field(default=9477, ge=0, le=65535)

    _check_host = field_validator("host")(_loopback)


def _split_list(value: Any) -> Any:
    """Environment variables hold plain text: accept `a,b` as well as a list."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


class LanConfig(Section):
    enabled: bool = True
    interfaces: Annotated[list[str], NoDecode] = Field(default_factory=lambda: ["0.0.0.0"])
    """Addresses the LAN frontend binds to and advertises on (0.0.0.0: all IPv4)."""
    name: str = "plgames"
    """Shown to phones as `ProLibertateGames @ <table name>`; tables default to it."""

    _split = field_validator("interfaces", mode="before")(_split_list)

    @field_validator("interfaces")
    @classmethod
    def _addresses(cls, value: list[str]) -> list[str]:
        for item in value:
            try:
                ipaddress.ip_address(item)
            except ValueError:
                raise ValueError(f"{item!r} is not an IP address") from None
        return value


class BluetoothConfig(Section):
    enabled: bool = False


class ChatConfig(Section):
    """A chat frontend: on exactly when its token is set."""

    token: SecretStr | None = None

    @property
    def enabled(self) -> bool:
        return self.token is not None and bool(self.token.get_secret_value())


def _state_dir() -> Path:
    """systemd's `StateDirectory=` sets $STATE_DIRECTORY; elsewhere ./state."""
    given = os.environ.get("STATE_DIRECTORY", "")
    return Path(given.split(":")[0]) if given else Path("state")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="PLGAMES_",
        env_nested_delimiter="__",
        extra="forbid",
        validate_default=True,
    )

    state_dir: Path = Field(default_factory=_state_dir)
    control_socket: Path | None = None
    """The admin socket; default `<state_dir>/control.sock`."""
    shutdown_seconds: float = Field(default=5.0, gt=0, le=60)
    keep_ended: int = Field(default=200, ge=0)
    log: LogConfig = LogConfig()
    storage: StorageConfig = StorageConfig()
    ai: AiConfig = AiConfig()
    tables: TablePolicy = TablePolicy()
    http: HttpConfig = HttpConfig()
    lan: LanConfig = LanConfig()
    bluetooth: BluetoothConfig = BluetoothConfig()
    discord: ChatConfig = ChatConfig()
    telegram: ChatConfig = ChatConfig()

    @property
    def database(self) -> Path:
        return self.storage.path or self.state_dir / "plgames.db"

    @property
    def socket_path(self) -> Path:
        return self.control_socket or self.state_dir / "control.sock"

    def frontends(self) -> dict[str, bool]:
        """Each frontend and whether it is on."""
        return {
            "lan": self.lan.enabled,
            "bluetooth": self.bluetooth.enabled,
            "discord": self.discord.enabled,
            "telegram": self.telegram.enabled,
        }


def config_path(given: Path | None) -> Path | None:
    """The file to read: the one named, else $PLGAMES_CONFIG, else the installed one."""
    if given is not None:
        return given
    if env := os.environ.get("PLGAMES_CONFIG"):
        return Path(env)
    return DEFAULT_CONFIG if DEFAULT_CONFIG.exists() else None


def load_settings(path: Path | None = None, **overrides: Any) -> Settings:
    """Read the configuration, or raise `ConfigError` naming each bad key."""
    path = config_path(path)
    if path is not None:
        if not path.is_file():
            raise ConfigError(f"config file {path} does not exist")
        try:
            tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as exc:
            raise ConfigError(f"config file {path} is not valid TOML: {exc}") from None

    class FromFile(Settings):
        @classmethod
        def settings_customise_sources(
            cls,
            settings_cls: type[BaseSettings],
            init_settings: PydanticBaseSettingsSource,
            env_settings: PydanticBaseSettingsSource,
            dotenv_settings: PydanticBaseSettingsSource,
            file_secret_settings: PydanticBaseSettingsSource,
        ) -> tuple[PydanticBaseSettingsSource, ...]:
            sources = [init_settings, env_settings]
            if path is not None:
                sources.append(TomlConfigSettingsSource(settings_cls, toml_file=path))
            return tuple(sources)

    try:
        return FromFile(**overrides)
    except ValidationError as exc:
        raise ConfigError(explain(exc, path)) from None


def explain(exc: ValidationError, path: Path | None) -> str:
    where = f" (from {path} or PLGAMES_* environment variables)" if path else ""
    lines = [f"the configuration is not valid{where}:"]
    for error in exc.errors():
        key = ".".join(str(p) for p in error["loc"])
        if error["type"] == "extra_forbidden":
            lines.append(f"  {key}: unknown key; {_known(error['loc'])}")
            continue
        value = error.get("input")
        allowed = error["msg"].removeprefix("Value error, ")
        lines.append(f"  {key} = {value!r}: {allowed}")
    return "\n".join(lines)


def _known(loc: tuple[int | str, ...]) -> str:
    model: type[BaseModel] = Settings
    for part in loc[:-1]:
        field = model.model_fields.get(str(part))
        annotation = field.annotation if field else None
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            return "see docs/configuration.md"
        model = annotation
    return "the keys here are " + ", ".join(model.model_fields)
