"""Telegram's limits and passing faults, handled where every Bot API call goes through.

python-telegram-bot's `AIORateLimiter` keeps the bot under Telegram's flood
limits (about 30 requests a second, 20 a minute in one group) and retries a
429 after the `retry_after` Telegram names. Everything else it lets through,
so a 502 or a request that timed out would drop its message: a turn's panel
lost, its player never told. `PatientLimiter` adds what it lacks: such a
call is tried again with exponential backoff and jitter (tenacity), a
bounded number of times, inside the very call the adapter awaits, so the
chat's next message still waits its turn and per-chat order holds.
Refusals (400, 403, 409) are answers, not faults, and are never repeated.

A timeout is ambiguous: Telegram may have carried the call out and lost only
its answer. Repeating an edit, a delete or a callback answer is harmless
(the second attempt is "not modified" or "not found", which the adapter
treats as done); repeating a send may show the message twice, which beats a
turn nobody hears about.
"""

import logging
from collections.abc import Callable, Coroutine
from typing import Any

from telegram.error import BadRequest, NetworkError, TimedOut
from telegram.ext import AIORateLimiter
from tenacity import (
    AsyncRetrying,
    RetryCallState,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential_jitter,
)

log = logging.getLogger("plgames.telegram")

RETRIES = 5
"""Tries after the first for a 5xx or a timeout (the `telegram.retries` default)."""
FIRST_WAIT = 0.5
"""Seconds before the first retry; each later pause doubles, plus up to this much jitter."""
LONGEST_WAIT = 8.0
"""No pause grows past this: with five retries a message is given up within ~20 s
plus the requests' own timeouts."""
FLOOD_RETRIES = 5
"""429s retried (after Telegram's `retry_after`) by `AIORateLimiter` itself."""

Request = Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]]


def fault(error: BaseException) -> str | None:
    """What kind of passing fault `error` is, or None for an answer that stands.

    python-telegram-bot raises `TimedOut` for a request with no answer in
    time, `NetworkError` for a 5xx or a broken connection, and `BadRequest`
    (a `NetworkError` too) for Telegram's refusals.
    """
    if isinstance(error, TimedOut):
        return "timeout"
    if isinstance(error, BadRequest):
        return None
    if isinstance(error, NetworkError):
        return "network"
    return None


class PatientLimiter(AIORateLimiter):
    """`AIORateLimiter`, plus bounded retries of 5xx answers and timeouts."""

    def __init__(
        self,
        *,
        retries: int = RETRIES,
        first_wait: float = FIRST_WAIT,
        longest_wait: float = LONGEST_WAIT,
        on_retry: Callable[[str], None] | None = None,
        overall_max_rate: float = 30,
        overall_time_period: float = 1,
        group_max_rate: float = 20,
        group_time_period: float = 60,
        max_retries: int = FLOOD_RETRIES,
    ) -> None:
        super().__init__(
            overall_max_rate=overall_max_rate,
            overall_time_period=overall_time_period,
            group_max_rate=group_max_rate,
            group_time_period=group_time_period,
            max_retries=max_retries,
        )
        self.retries = retries
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self.on_retry = on_retry
        """Told the kind of every fault retried (the frontend counts them)."""

    async def process_request(
        self,
        callback: Request,
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        def retrying(state: RetryCallState) -> None:
            error = state.outcome.exception() if state.outcome else None
            kind = fault(error) if error is not None else None
            pause = state.next_action.sleep if state.next_action else 0.0
            log.warning(
                "telegram %s%s failed (%s: %s); retry %d of %d in %.1fs",
                endpoint,
                f" to chat {data['chat_id']}" if "chat_id" in data else "",
                kind,
                error,
                state.attempt_number,
                self.retries,
                pause,
            )
            if self.on_retry is not None and kind is not None:
                self.on_retry(kind)

        attempts = AsyncRetrying(
            stop=stop_after_attempt(self.retries + 1),
            wait=wait_exponential_jitter(
                initial=self.first_wait, max=self.longest_wait, jitter=self.first_wait
            ),
            retry=retry_if_exception(lambda error: fault(error) is not None),
            before_sleep=retrying,
            reraise=True,
        )
        result: bool | dict[str, Any] | list[dict[str, Any]] = await attempts(
            super().process_request, callback, args, kwargs, endpoint, data, rate_limit_args
        )
        return result
