"""The server's background watch on its table store (run by ``serve``, transport/server.py).

* :func:`watch_store_health`: while the store cannot be reached, ``grpc.health.v1`` answers
  NOT_SERVING for :data:`STORE_HEALTH_SERVICES` (issue 16 point 1), SERVING again after.
* :func:`prune_requests`: expired request ids (older than 24 h, DESIGN.md idempotency) are
  deleted at start and every :data:`PRUNE_INTERVAL_SECONDS` (issue 16 point 6).
"""

from __future__ import annotations

import asyncio
from typing import Final

from grpc_health.v1 import health_pb2
from grpc_health.v1._async import HealthServicer

from floorman.observability.logging import get_logger
from floorman.observability.store_metrics import InstrumentedStore
from floorman.store import StoreError
from floorman.transport.servicers.tables import SERVICE_NAME as TABLE_SERVICE

STORE_PROBE_SECONDS: Final = 1.0
"""How often the store is probed for health (a probe may take up to the pool timeout)."""
STORE_HEALTH_SERVICES: Final = ("", TABLE_SERVICE)
"""The health entries that follow the store: the server as a whole and the TableService
(RulesService and AuditService are stateless and keep SERVING)."""
PRUNE_INTERVAL_SECONDS: Final = 3600.0
"""How often expired request ids (older than 24 h, DESIGN.md idempotency) are deleted."""


async def watch_store_health(
    store: InstrumentedStore,
    health: HealthServicer,
    stop: asyncio.Event,
    *,
    interval: float = STORE_PROBE_SECONDS,
) -> None:
    """Probe the store every ``interval`` seconds until ``stop`` is set and keep
    :data:`STORE_HEALTH_SERVICES` NOT_SERVING while it is unreachable, SERVING again once it
    answers (the PostgreSQL pool reconnects by itself). Logs ``store_unavailable`` (with the
    error) and ``store_available`` at each change. After ``enter_graceful_shutdown`` the
    health servicer ignores these updates (NOT_SERVING stays)."""
    log = get_logger()
    serving = True
    while not stop.is_set():
        try:
            await asyncio.to_thread(store.ping)
        except StoreError as error:
            up, reason = False, str(error)
        except Exception as error:  # a bug in a probe must not end the watch
            up, reason = False, f"{type(error).__name__}: {error}"
        else:
            up, reason = True, ""
        if up != serving:
            serving = up
            status = health_pb2.HealthCheckResponse.SERVING
            if not up:
                status = health_pb2.HealthCheckResponse.NOT_SERVING
                log.warning("store_unavailable", error=reason)
            else:
                log.info("store_available")
            for name in STORE_HEALTH_SERVICES:
                await health.set(name, status)
        try:
            await asyncio.wait_for(stop.wait(), timeout=interval)
        except TimeoutError:
            continue


async def prune_requests(
    store: InstrumentedStore, stop: asyncio.Event, *, interval: float = PRUNE_INTERVAL_SECONDS
) -> None:
    """Delete the expired idempotency records now and then every ``interval`` seconds until
    ``stop`` is set (an expired id is already treated as new: this only reclaims space).
    Logs ``requests_pruned`` (``pruned``: how many); a store failure is logged as
    ``requests_prune_failed`` and retried at the next interval, never fatal."""
    log = get_logger()
    while not stop.is_set():
        try:
            pruned = await asyncio.to_thread(store.prune_requests)
        except StoreError as error:
            log.warning("requests_prune_failed", error=str(error))
        except Exception:  # a bug must not end the pruning, nor the server
            log.exception("requests_prune_failed")
        else:
            log.info("requests_pruned", pruned=pruned)
        try:
            await asyncio.wait_for(stop.wait(), timeout=interval)
        except TimeoutError:
            continue
