"""The daemon's configuration: one TOML file plus environment overrides.

Precedence, highest first: environment variables (`PLGAMES_` prefix, `__`
between nested keys: `PLGAMES_LAN__INTERFACES=127.0.0.1`), the TOML file,
the defaults below. Every key is documented in docs/configuration.md (a test
keeps the two in step). A bad value stops the daemon at start with the key,
the value and what is allowed, instead of surfacing as a strange failure later.
"""

import ipaddress
import os
import re
import socket
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from daemon.model import PacingPolicy, StartPolicy, TablePolicy, TimerPolicy

DEFAULT_CONFIG = Path("/etc/plgames/plgames.toml")
"""Read when no file is named and it exists: where deploy/ installs the config."""


class ConfigError(Exception):
    """A configuration the daemon refuses to start with; the text says why."""


class Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LogConfig(Section):
    level: Literal["debug", "info", "warning", "error"] = "info"
    format: Literal["auto", "json", "text"] = "auto"
    """`auto`: JSON lines under systemd (journald), readable text anywhere else."""


class StorageConfig(Section):
    backend: Literal["sqlite"] = "sqlite"
    path: Path | None = None
    """The database file; default `<state_dir>/plgames.db`."""
    url: str | None = None
    """`postgresql://user:password@host:port/db` puts the tables in PostgreSQL
    instead of SQLite (several daemons on one database: docs/scaling.md)."""
    pool_size: int = Field(default=10, ge=1, le=200)
    """PostgreSQL connections this daemon keeps at most."""
    synchronous: Literal["full", "normal"] = "full"
    snapshot_every: int = Field(default=50, ge=1)

    @field_validator("url")
    @classmethod
    def _postgres(cls, url: str | None) -> str | None:
        if url is not None and not url.startswith(("postgresql://", "postgres://")):
            raise ValueError("must be a PostgreSQL URL: postgresql://user@host:port/database")
        return url


class ClusterConfig(Section):
    """Several daemons on one PostgreSQL database (docs/scaling.md)."""

    name: str = Field(default_factory=socket.gethostname, min_length=1, max_length=200)
    """This daemon's name in the leases: unique per daemon, and the same across
    its restarts (it takes its own tables back at once)."""
    lease_seconds: float = Field(default=10.0, ge=1.0, le=300.0)
    """How long a table stays with a daemon that stopped renewing: the takeover
    bound is this plus a third of it."""


def _spare_cores() -> int:
    """Every core this process may use but one, which the event loop keeps
    for answering people (the affinity mask, so a pinned daemon counts right)."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, (usable or 1) - 1)


class AiConfig(Section):
    """Where AI decisions run (docs/configuration.md, `[ai]`)."""

    executor: Literal["inline", "thread", "process"] = "thread"
    """Where the levels that do not search run."""
    search_executor: Literal["inline", "thread", "process"] = "process"
    search_levels: list[str] = Field(default_factory=lambda: ["hard"])
    workers: int = Field(default_factory=_spare_cores, ge=1, le=64)
    per_table: int = Field(default=1, ge=1, le=16)


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


APP_SERVICE_PREFIX = "ProLibertateGames @ "
"""The app lists a service by the text after this prefix (NATIVE.md §1.1)."""
MAX_NAME_BYTES = 63 - len(APP_SERVICE_PREFIX.encode())
"""A DNS-SD instance label holds 63 bytes; the prefix takes 20 of them."""


class LanTableSpec(BaseModel):
    """One `[[lan.tables]]` entry (or an admin's "open a LAN table")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    name: str = Field(min_length=1)
    """Shown in the app's list as the host's name; at most 43 UTF-8 bytes (mDNS)."""
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int | None = None
    port: int = Field(default=0, ge=0, le=65535)
    """0 picks a free port; a fixed one lets phones reconnect across a daemon restart."""
    start: StartPolicy = StartPolicy(mode="countdown", countdown_seconds=30.0)
    ai_level: str | None = None
    """None: the `[lan]` section's level."""

    @field_validator("name")
    @classmethod
    def _fits_mdns(cls, name: str) -> str:
        name = name.strip()
        if not name or len(name.encode()) > MAX_NAME_BYTES:
            raise ValueError(f"must be 1 to {MAX_NAME_BYTES} UTF-8 bytes (an mDNS label)")
        return name

    @field_validator("start")
    @classmethod
    def _no_late_join(cls, start: StartPolicy) -> StartPolicy:
        """A phone cannot join a running match (it would wait forever), so a LAN
        table refuses late joiners with a reason instead."""
        return start.model_copy(update={"late_join": False})


class LanConfig(BaseModel):
    """The `[lan]` section of the daemon's config."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    enabled: bool = True
    interfaces: Annotated[list[str], NoDecode] = Field(default_factory=lambda: ["0.0.0.0"])
    """IPv4 addresses to listen and announce on (`0.0.0.0`: all of the host's);
    nothing is sent anywhere else. Tests and demos set 127.0.0.1."""
    name: str = "plgames"
    """The name of LAN tables opened without one (`plgames play`)."""
    advertise: bool = True
    tables: list[LanTableSpec] = Field(default_factory=list)
    pacing: PacingPolicy = PacingPolicy(think_seconds=0.7, hold_seconds=1.4, batch=False)
    """The app host's own pace; unbatched, so a phone sees every AI card land."""
    timer: TimerPolicy = TimerPolicy()
    ai_level: str | None = None
    """None: the game's `normal` level, or its first where it has none (Katan)."""
    v1_resend_seconds: float = Field(default=1.5, ge=0)
    linger_seconds: float = Field(default=20.0, ge=0)
    hello_timeout_seconds: float = Field(default=10.0, gt=0)
    write_timeout_seconds: float = Field(default=30.0, gt=0)
    max_links: int = Field(default=1024, ge=1)
    """Open LAN and Bluetooth connections, all tables together (deploy/plgames.service
    sets LimitNOFILE= to leave room for them and the rest of the daemon)."""
    max_links_per_table: int = Field(default=32, ge=1)
    max_links_per_address: int = Field(default=16, ge=1)
    crowded_hello_seconds: float = Field(default=2.0, ge=0)
    """At a cap, a link connected this long without a hello gives way to a newcomer."""

    @field_validator("interfaces", mode="before")
    @classmethod
    def _split(cls, value: Any) -> Any:
        """`PLGAMES_LAN__INTERFACES=127.0.0.1,10.0.0.5` arrives as one string."""
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("interfaces")
    @classmethod
    def _ipv4(cls, interfaces: list[str]) -> list[str]:
        if not interfaces:
            raise ValueError("name at least one IPv4 address to listen on")
        for address in interfaces:
            try:
                ipaddress.IPv4Address(address)
            except ValueError:
                raise ValueError(
                    f"{address!r} is not an IPv4 address (the app resolves IPv4 only)"
                ) from None
        return interfaces


class BluetoothConfig(BaseModel):
    """The `[bluetooth]` section: off unless configured."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    enabled: bool = False
    table: str = ""
    """The name of the `[[lan.tables]]` entry that Bluetooth phones join."""
    channel: int = Field(default=3, ge=1, le=30)


class ChatConfig(Section):
    """A chat frontend: on exactly when its token is set."""

    token: SecretStr | None = None

    @property
    def enabled(self) -> bool:
        return self.token is not None and bool(self.token.get_secret_value())


def _ids(value: Any) -> Any:
    """Environment variables hold plain text: accept `1,2` as well as a list."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, int):
        return [value]
    return value


class DiscordConfig(ChatConfig):
    """`[discord]`: the token switches it on; the rest shapes how it behaves."""

    guilds: Annotated[tuple[int, ...], NoDecode, BeforeValidator(_ids)] = ()
    """Guild ids to sync the slash commands to, at once (development). Empty:
    sync them globally (production), which Discord may take up to an hour to show."""
    sync_commands: bool = True
    """Push the command definitions at every start; off when another deployment owns them."""
    threads: bool = True
    """Open each table in a thread of its own where the bot may create threads."""
    dms: bool = True
    """Send a person their turn panel and table news by DM when no ephemeral
    panel of theirs can show it (a person who refuses DMs is not an error)."""
    shard_ids: Annotated[tuple[int, ...], NoDecode, BeforeValidator(_ids)] = ()
    """The gateway shards this daemon connects (several daemons split a big
    bot's shards: docs/scaling.md); empty: one connection for every guild."""
    shard_count: int | None = Field(default=None, ge=1)
    """How many shards the bot has in all; needed with `shard_ids`."""

    @model_validator(mode="after")
    def _shards_complete(self) -> "DiscordConfig":
        if not self.shard_ids:
            if self.shard_count is not None:
                raise ValueError("shard_count needs shard_ids: the shards this daemon connects")
            return self
        if self.shard_count is None:
            raise ValueError("shard_ids needs shard_count: how many shards the bot has in all")
        bad = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
        if bad or len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError(
                f"shard_ids must be distinct, each from 0 to {self.shard_count - 1} "
                f"(shard_count {self.shard_count})"
            )
        return self


TELEGRAM_API = "https://api.telegram.org/bot"
TELEGRAM_FILES = "https://api.telegram.org/file/bot"
WEBHOOK_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
"""What Telegram accepts as a webhook's secret token."""


class TelegramConfig(ChatConfig):
    """`[telegram]`: polling needs only the token; a webhook needs a public URL."""

    mode: Literal["polling", "webhook"] = "polling"
    """Polling needs nothing reachable from outside; a webhook needs a public HTTPS URL."""
    poll_timeout: int = Field(default=30, ge=0, le=60)
    """Seconds one long poll waits for updates before asking again."""
    webhook_url: str = ""
    """The public HTTPS address Telegram posts updates to (a proxy forwards it here)."""
    webhook_listen: str = "127.0.0.1"
    webhook_port: int = 8443
    webhook_secret: SecretStr | None = None
    """Sent by Telegram in `X-Telegram-Bot-Api-Secret-Token`; posts without it are
    refused. Webhook mode needs it: without it anyone who finds the URL acts as anyone."""
    base_url: str = TELEGRAM_API
    base_file_url: str = TELEGRAM_FILES
    request_timeout: float = Field(default=10.0, gt=0, le=120)
    """Seconds one Bot API request may take before it counts as failed (and is retried)."""
    retries: int = Field(default=5, ge=0, le=20)
    """How often a request that failed with a 5xx or a timeout is tried again, with
    growing pauses, before its message is given up (logged and counted)."""

    @model_validator(mode="after")
    def _webhook_complete(self) -> "TelegramConfig":
        """Telegram posts only to HTTPS; a self-hosted Bot API server (local
        mode) may post to plain HTTP on the same machine."""
        if self.mode != "webhook":
            return self
        allowed = ("https://",) if self.base_url == TELEGRAM_API else ("https://", "http://")
        if not self.webhook_url.startswith(allowed):
            raise ValueError(f"webhook mode needs webhook_url starting with {' or '.join(allowed)}")
        secret = self.webhook_secret.get_secret_value() if self.webhook_secret else ""
        if not secret:
            raise ValueError(
                "webhook mode needs webhook_secret: without it anyone who finds the "
                "webhook's address can post updates as any user"
            )
        if not WEBHOOK_SECRET.fullmatch(secret):
            raise ValueError("webhook_secret may hold only A-Z, a-z, 0-9, _ and - (1-256 of them)")
        return self


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
    cluster: ClusterConfig = ClusterConfig()
    ai: AiConfig = AiConfig()
    tables: TablePolicy = TablePolicy()
    http: HttpConfig = HttpConfig()
    lan: LanConfig = LanConfig()
    bluetooth: BluetoothConfig = BluetoothConfig()
    discord: DiscordConfig = DiscordConfig()
    telegram: TelegramConfig = TelegramConfig()

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
