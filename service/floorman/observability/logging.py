"""structlog set-up: one JSON object per line.

Every line carries ``event``, ``level`` and ``timestamp`` (ISO 8601, UTC). The service logs
``event="rpc"`` once per RPC (see :mod:`floorman.transport.interceptors`), plus
``server_started`` / ``server_stopping`` / ``server_stopped``. Records from the standard
library's :mod:`logging` (gRPC's own warnings, for instance) are rendered as the same JSON
lines. Never log hole cards of an unfinished hand, deck order, seeds or tokens (DESIGN.md).

DESIGN.md "Logs": lines are bound with request, table and hand ids. :func:`bind_call_ids`
binds them to the current call's context (structlog contextvars): every line logged while
the call runs, in its task or in the worker threads it starts, carries them.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Mapping
from typing import Any, Final, TextIO

import structlog

_LEVELS: Final = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "critical": logging.CRITICAL,
}
LOGGER_NAME: Final = "floorman"
CALL_ID_KEYS: Final = ("request_id", "table_id", "hand_id")
"""The ids a call's log lines carry when the call has them (DESIGN.md "Logs")."""
MAX_ID_CHARS: Final = 128
"""An id is logged cut to this length (ids come from requests, before any size check)."""


class StandardStream:
    """``sys.stdout`` or ``sys.stderr`` looked up at each write, not once.

    A logger configured on the stream object itself keeps writing to it after the process
    swaps it (a test's output capture is closed when the test ends, a daemon redirects its
    streams): every later line would raise ``ValueError: I/O operation on closed file``.

    Args:
        name: ``"stdout"`` or ``"stderr"``.
    """

    __slots__ = ("__weakref__", "_name")

    def __init__(self, name: str = "stdout") -> None:
        if name not in ("stdout", "stderr"):
            raise ValueError(f"name must be 'stdout' or 'stderr', not {name!r}")
        self._name = name

    def write(self, text: str) -> int:
        """Write ``text`` to the current ``sys.<name>``; returns the characters written."""
        return getattr(sys, self._name).write(text)  # type: ignore[no-any-return]

    def flush(self) -> None:
        """Flush the current ``sys.<name>``."""
        getattr(sys, self._name).flush()


def configure_logging(
    *, level: str = "info", stream: TextIO | StandardStream | None = None, trace_ids: bool = False
) -> None:
    """Route structlog and the standard :mod:`logging` to JSON lines on ``stream``.

    Args:
        level: ``debug``, ``info``, ``warning``, ``error`` or ``critical``; lines below it
            cost nothing (the bound logger's methods become no-ops).
        stream: where lines go (default: ``sys.stdout`` as it is at each write,
            :class:`StandardStream`). Each line is flushed.
        trace_ids: add the current span's ``trace_id`` / ``span_id`` to every line written
            inside a traced RPC (:func:`floorman.observability.tracing.add_trace_ids`; needs
            the ``floorman[otel]`` extra). Off: no OpenTelemetry code runs.

    Raises:
        KeyError: for an unknown level (settings are validated before this is called).
    """
    numeric = _LEVELS[level]
    out: Any = StandardStream("stdout") if stream is None else stream
    timestamper = structlog.processors.TimeStamper(fmt="iso", utc=True)
    tracing: list[Any] = []
    if trace_ids:
        from floorman.observability.tracing import add_trace_ids

        tracing.append(add_trace_ids)
    processors: list[Any] = [
        structlog.contextvars.merge_contextvars,
        *tracing,
        structlog.processors.add_log_level,
        timestamper,
        structlog.processors.format_exc_info,
        structlog.processors.JSONRenderer(),
    ]
    _CHAIN.clear()
    _CHAIN.update(
        processors=processors,
        head=(processors[0], *tracing),
        timestamper=timestamper,
        level=numeric,
    )
    structlog.configure(
        processors=processors,
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.WriteLoggerFactory(file=out),
        # Proxies re-read the configuration (tests re-configure); hot paths such as the
        # RPC interceptor bind a concrete logger once (``get_logger().bind()``).
        cache_logger_on_first_use=False,
    )
    handler = logging.StreamHandler(out)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                structlog.processors.JSONRenderer(),
            ],
            foreign_pre_chain=[
                *tracing,
                structlog.stdlib.add_logger_name,
                structlog.processors.add_log_level,
                timestamper,
            ],
        )
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(numeric)


_CHAIN: dict[str, Any] = {}
"""The processor chain :func:`configure_logging` installed last (``processors``, the
``head`` before the level, the ``timestamper``), for :func:`info_writer`."""


def debug_enabled() -> bool:
    """Whether a debug line is written: the level :func:`configure_logging` set last (True
    before it ran: structlog's default configuration writes every level). A hot path asks
    this before building a debug line it would drop."""
    return bool(_CHAIN.get("level", logging.DEBUG) <= logging.DEBUG)


def _nop(event: str, **fields: Any) -> None:
    return None


def info_writer(logger: Any) -> Callable[..., None]:
    """``logger.info`` for a hot path (the ``rpc`` line): ``write(event, **fields)``.

    When ``logger`` is a bound logger (``get_logger().bind()``, no bound values) of the chain
    :func:`configure_logging` installed, the line is built by the same processors in the same
    order (context ids, trace ids, ``level``, ``timestamp``, JSON) without structlog's generic
    dispatch; below ``info`` it is a no-op. ``fields`` must not hold ``exc_info``. Any other
    logger (a test's capture, a re-configured chain): its own ``info``.
    """
    processors = getattr(logger, "_processors", None)
    wrapped = getattr(logger, "_logger", None)
    if (
        not _CHAIN
        or processors is not _CHAIN["processors"]
        or getattr(logger, "_context", None)
        or not isinstance(wrapped, structlog.WriteLogger)
    ):
        return logger.info  # type: ignore[no-any-return]
    if not logger.is_enabled_for(logging.INFO):
        return _nop
    head: tuple[Any, ...] = _CHAIN["head"]
    stamp = _CHAIN["timestamper"]
    render = processors[-1]
    write = wrapped.msg

    def info(event: str, **fields: Any) -> None:
        line: Any = fields
        line["event"] = event
        for processor in head:
            line = processor(wrapped, "info", line)
        line["level"] = "info"
        write(render(wrapped, "info", stamp(wrapped, "info", line)))

    return info


def get_logger(**initial: Any) -> Any:
    """A structlog bound logger carrying ``initial`` key-values on every line."""
    return structlog.get_logger(LOGGER_NAME, **initial)


def call_ids(values: Mapping[str, object]) -> dict[str, str]:
    """The non-empty string :data:`CALL_ID_KEYS` of ``values``, each cut to
    :data:`MAX_ID_CHARS` characters (other keys and empty values left out)."""
    out: dict[str, str] = {}
    for key in CALL_ID_KEYS:
        value = values.get(key)
        if isinstance(value, str) and value:
            out[key] = value[:MAX_ID_CHARS]
    return out


def bind_call_ids(**ids: object) -> None:
    """Bind the non-empty ``request_id`` / ``table_id`` / ``hand_id`` among ``ids`` to the
    current context, so every later log line of this call carries them (never pass cards,
    tokens or deck order)."""
    found = call_ids(ids)
    if found:
        structlog.contextvars.bind_contextvars(**found)


def clear_call_ids() -> None:
    """Forget the call ids bound in the current context (a new call starts)."""
    structlog.contextvars.unbind_contextvars(*CALL_ID_KEYS)
