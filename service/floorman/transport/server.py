"""Server assembly (the composition root of ``floorman serve``), kept apart from servicers.

* :func:`create_server` builds a ``grpc.aio`` server (``settings.server_model == "sync"``:
  the experimental :class:`~floorman.transport.sync_server.SyncServer`, the same handlers
  and interceptors on a ``grpc.server`` thread pool) with RulesService, ``grpc.health.v1``
  (SERVING for ``""`` and for every service), server reflection listing every service, and
  the observability interceptor; it binds the listen address (port 0: ephemeral) and returns
  ``(server, bound_port)`` without starting it (grpc examples style).
* :func:`serve` runs the whole service until SIGTERM or SIGINT: the table store (opened and
  migrated from ``--store`` at start, closed at exit), metrics endpoint, server,
  ``server_started`` log line; on the signal, health turns NOT_SERVING, new RPCs are refused,
  in-flight ones get ``settings.grace_seconds`` to finish, then the process exits 0.
  Expired request ids (older than 24 h) are pruned at start and every hour
  (:func:`~floorman.transport.store_watch.prune_requests`); while the store cannot be
  reached, health is NOT_SERVING for ``""`` and the TableService
  (:func:`~floorman.transport.store_watch.watch_store_health`).

Security (issue 6): with ``--auth-file`` every call passes the auth interceptor
(:mod:`floorman.transport.auth`; the file is re-read on SIGHUP and when it changes) and the
tables servicer sees each caller's viewer; without it every caller is anonymous with
``--anonymous-role`` (a warning at start). Every call passes the limits interceptor
(:mod:`floorman.transport.limits`). With ``--tls-cert`` the port is TLS only
(:mod:`floorman.transport.tls`), and ``--health-listen`` adds a plaintext health-only port.
"""

from __future__ import annotations

import asyncio
import gc
import signal
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

import grpc
from google.protobuf import descriptor_pool
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from grpc_reflection.v1alpha import reflection, reflection_pb2_grpc
from grpc_reflection.v1alpha._async import ReflectionServicer as AsyncReflectionServicer

from floorman import compiled
from floorman.app.evaluation import warm_up_request
from floorman.app.tables.service import TableService
from floorman.config import Settings
from floorman.domain.model import Game
from floorman.domain.table.redaction import Role, Viewer
from floorman.observability.logging import get_logger
from floorman.observability.metrics import Metrics, start_metrics_http
from floorman.observability.store_metrics import InstrumentedStore
from floorman.security.auth_file import AuthFileError
from floorman.security.registry import TokenRegistry
from floorman.store import EventStore, StoreError, open_store
from floorman.transport import guards as guards_module
from floorman.transport.auth import AuthInterceptor, AuthReloader, ViewerResolver
from floorman.transport.connect import HandlerTable, bind_http, connect_app, serve_http
from floorman.transport.drain import DrainGate
from floorman.transport.interceptors import ObservabilityInterceptor
from floorman.transport.limits import LimitsInterceptor
from floorman.transport.listeners import (
    HEALTH_LISTEN_FLAG,
    HTTP_LISTEN_FLAG,
    LISTEN_FLAG,
    METRICS_LISTEN_FLAG,
    ServerStartError,
    bind_error,
)
from floorman.transport.security_log import log_security
from floorman.transport.servicers.audit import SERVICE_NAME as AUDIT_SERVICE
from floorman.transport.servicers.audit import AuditServicer
from floorman.transport.servicers.rules import SERVICE_NAME as RULES_SERVICE
from floorman.transport.servicers.rules import RulesCore, RulesServicer
from floorman.transport.servicers.tables import SERVICE_NAME as TABLE_SERVICE
from floorman.transport.servicers.tables import (
    TableServicer,
    parsed_handlers,
)
from floorman.transport.servicers.tables import method_handlers as table_method_handlers
from floorman.transport.store_watch import prune_requests, watch_store_health
from floorman.transport.sync_server import SyncServer
from floorman.transport.table_converters import encode_outcome
from floorman.transport.tls import TlsError, create_health_server, server_credentials
from floorman.transport.write_queue import BatchWriter, WriteQueue, WriteThreads
from floorman.v1 import audit_service_pb2_grpc as apb_grpc
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc

HEALTH_SERVICE: Final = health_pb2.DESCRIPTOR.services_by_name["Health"].full_name
REFLECTION_SERVICE: Final = reflection.SERVICE_NAME
SERVICE_NAMES: Final = (RULES_SERVICE, AUDIT_SERVICE, HEALTH_SERVICE, REFLECTION_SERVICE)

KEEPALIVE_TIME_MS: Final = 60_000
KEEPALIVE_TIMEOUT_MS: Final = 20_000
MIN_CLIENT_PING_INTERVAL_MS: Final = 10_000
WORKER_THREADS: Final = 64
"""Default executor size: table calls run the store and the engine in worker threads."""


def server_options(settings: Settings) -> list[tuple[str, int]]:
    """gRPC channel arguments for the server: message size limits, keepalive, no port sharing
    (a second server on the same port fails instead of splitting the traffic), and the
    optional connection age that lets balancers rebalance long-lived clients."""
    options = [
        ("grpc.max_receive_message_length", settings.max_message_bytes),
        ("grpc.max_send_message_length", settings.max_message_bytes),
        ("grpc.so_reuseport", 0),
        ("grpc.keepalive_time_ms", KEEPALIVE_TIME_MS),
        ("grpc.keepalive_timeout_ms", KEEPALIVE_TIMEOUT_MS),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.min_ping_interval_without_data_ms", MIN_CLIENT_PING_INTERVAL_MS),
    ]
    if settings.max_connection_age_ms > 0:
        options += [
            ("grpc.max_connection_age_ms", settings.max_connection_age_ms),
            ("grpc.max_connection_age_grace_ms", int(settings.grace_seconds * 1000)),
        ]
    return options


def open_auth(settings: Settings) -> TokenRegistry | None:
    """The auth file named by ``--auth-file`` (``None`` when not configured).

    Raises:
        ServerStartError: the file is unreadable or malformed.
    """
    if settings.auth_file is None:
        return None
    try:
        return TokenRegistry(settings.auth_file)
    except AuthFileError as error:
        raise ServerStartError(str(error)) from None


def warm_up(core: RulesCore) -> None:
    """Evaluate one hand of every game (the most cards it takes) so the ranking tables are
    built before the first RPC instead of during it. A game the ranking does not know yet
    (a Game value added to the contract ahead of its ranking) is skipped."""
    for game in Game:
        cards, board = warm_up_request(game)
        core.evaluate_hand(game, cards, board=board)


async def create_server(
    settings: Settings,
    *,
    metrics: Metrics | None = None,
    health: HealthServicer | None = None,
    core: RulesCore | None = None,
    interceptors: Sequence[grpc.aio.ServerInterceptor] = (),
    warm: bool = True,
    tables: TableService | None = None,
    auth: TokenRegistry | None = None,
) -> tuple[grpc.aio.Server, int]:
    """Build (not start) the gRPC server and bind ``settings.listen``.

    Must run inside the event loop that will serve it.

    Args:
        settings: listen address and server options (see :mod:`floorman.config`).
        metrics: where RPC and hand metrics go (``None``: none recorded).
        health: the health servicer to register (pass one to drive it, e.g. at shutdown;
            default: a new one). Every service is set SERVING.
        core: the use cases behind RulesService (default: the real ones).
        interceptors: extra interceptors, run after the observability one.
        warm: build the ranking tables now (:func:`warm_up`; once per process).
        tables: the table-session use cases behind TableService (``None``: not served);
            callers see cards per their token, or as ``settings.anonymous_role`` without
            authentication.
        auth: the auth file in force (default: opened from ``settings.auth_file``; none:
            every caller is anonymous).

    Returns:
        ``(server, bound_port)``.

    Raises:
        ServerStartError: when the address cannot be bound, a TLS file cannot be read or
            the auth file is malformed.
    """
    server, port, viewer_of = await _bound_server(
        settings,
        metrics=metrics,
        health=health,
        core=core,
        interceptors=interceptors,
        warm=warm,
        auth=auth,
        with_tables=tables is not None,
    )
    if tables is not None:
        add_tables(
            server,
            tables,
            viewer_of,
            pending_writes=_pending_writes(settings),
            write_threads=_write_threads(settings),
        )
    return server, port


async def _bound_server(
    settings: Settings,
    *,
    metrics: Metrics | None,
    health: HealthServicer | None,
    core: RulesCore | None,
    interceptors: Sequence[grpc.aio.ServerInterceptor],
    warm: bool,
    auth: TokenRegistry | None,
    with_tables: bool,
    table: HandlerTable | None = None,
) -> tuple[grpc.aio.Server, int, ViewerResolver]:
    """The gRPC server of :func:`create_server` bound to ``settings.listen``, every service
    registered but the TableService (``with_tables``: reflection and health already list it;
    :func:`add_tables` registers it before the server starts).

    Raises:
        ServerStartError: as :func:`create_server`.
    """
    core = RulesCore() if core is None else core
    if warm:
        warm_up(core)
    auth = open_auth(settings) if auth is None else auth
    guards: list[grpc.aio.ServerInterceptor] = [LimitsInterceptor(settings.limits)]
    viewer_of = ViewerResolver(Viewer(Role(settings.anonymous_role)))
    if auth is not None:
        guards.insert(0, AuthInterceptor(auth, metrics=metrics))
        viewer_of = ViewerResolver(Viewer(Role.OBSERVER))
    chain = [ObservabilityInterceptor(metrics=metrics), *guards, *interceptors]
    server: Any
    if settings.server_model == "sync":
        server = SyncServer(
            interceptors=chain,
            options=server_options(settings),
            maximum_concurrent_rpcs=settings.limits.concurrent_rpcs or None,
            threads=settings.server_threads,
        )
    else:
        server = grpc.aio.server(
            interceptors=guards_module.fold(chain),  # one interceptor layer, not several
            options=server_options(settings),
            maximum_concurrent_rpcs=settings.limits.concurrent_rpcs or None,
        )
    # The floorman.v1 servicers register through ``table`` when given: the --http-listen
    # side (floorman.transport.connect) runs the same handlers behind the same chain.
    target: Any = server
    if table is not None:
        table.bind(server, chain)
        target = table
    rpb_grpc.add_RulesServiceServicer_to_server(RulesServicer(core=core, metrics=metrics), target)
    audit = AuditServicer(metrics=metrics, max_answer_bytes=settings.max_message_bytes)
    apb_grpc.add_AuditServiceServicer_to_server(audit, target)
    names = (*SERVICE_NAMES, TABLE_SERVICE) if with_tables else SERVICE_NAMES
    health = HealthServicer() if health is None else health
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    if isinstance(server, SyncServer):  # the async servicer, run through the bridge
        reflection_pb2_grpc.add_ServerReflectionServicer_to_server(
            AsyncReflectionServicer(names), server
        )
    else:
        reflection.enable_server_reflection(names, server)
    for name in ("", *names):
        await health.set(name, health_pb2.HealthCheckResponse.SERVING)
    if metrics is not None:
        pool = descriptor_pool.Default()
        metrics.precreate(pool.FindServiceByName(name) for name in (*SERVICE_NAMES, TABLE_SERVICE))
    try:
        if settings.tls is None:
            port = server.add_insecure_port(str(settings.listen))
        else:
            port = server.add_secure_port(str(settings.listen), server_credentials(settings.tls))
    except TlsError as error:
        raise ServerStartError(str(error)) from None
    except RuntimeError as error:
        raise bind_error(LISTEN_FLAG, settings.listen, error) from None
    if port == 0:
        raise bind_error(LISTEN_FLAG, settings.listen)
    return server, port, viewer_of


def _pending_writes(settings: Settings) -> int:
    """The write queue's bound: ``limits.pending_writes``; none in the ``sync`` model, whose
    thread pool bounds the writes (the queue serves one event loop only)."""
    return 0 if settings.server_model == "sync" else settings.limits.pending_writes


def _write_threads(settings: Settings) -> int:
    """The table writes' own threads: one per worker thread; none in the ``sync`` model."""
    return 0 if settings.server_model == "sync" else WORKER_THREADS


def add_tables(
    server: grpc.aio.Server | HandlerTable,
    tables: TableService,
    viewer_of: ViewerResolver,
    *,
    pending_writes: int = 0,
    write_threads: int = 0,
) -> None:
    """Register the TableService on a server built by :func:`_bound_server` (not started);
    at most ``pending_writes`` table writes in progress (0: no bound; limit ``pending_writes``,
    :mod:`floorman.transport.write_queue`); the writes run on ``write_threads`` threads of
    their own (:class:`WriteThreads`; 0: ``asyncio.to_thread``, as the ``sync`` model wants:
    its handler threads run them inline); on a store that batches writes (SQLite), every
    write but CreateTable runs on one writer thread instead (:class:`BatchWriter`)."""
    writes = WriteQueue(pending_writes)
    run = WriteThreads(write_threads).run if write_threads else None
    batch = BatchWriter(tables) if write_threads and tables.store.batches_writes else None
    servicer = TableServicer(
        service=tables, viewer_of=viewer_of, writes=writes, run=run, batch=batch
    )
    handlers = table_method_handlers(servicer)  # the writes send their stored bytes as they are
    target = server.server if isinstance(server, HandlerTable) else server
    target.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(TABLE_SERVICE, handlers),)
    )
    target.add_registered_method_handlers(TABLE_SERVICE, handlers)
    if isinstance(server, HandlerTable):  # the Connect port encodes messages itself
        for name, handler in parsed_handlers(handlers).items():
            server.handlers[f"/{TABLE_SERVICE}/{name}"] = handler


async def _bind_listeners(
    settings: Settings,
    *,
    metrics: Metrics,
    health: HealthServicer,
    auth: TokenRegistry | None,
    gate: DrainGate,
    table: HandlerTable | None = None,
) -> tuple[grpc.aio.Server, int, grpc.aio.Server | None, int, Any, int, ViewerResolver]:
    """Bind every listener of :func:`serve` (none started but the metrics endpoint, which
    serves from its own thread): ``(server, port, health_server, health_port, httpd,
    metrics_port, viewer_of)``; on a failure the ones bound are closed again.

    Raises:
        ServerStartError: a listener cannot be bound (its flag and address named).
    """
    server, port, viewer_of = await _bound_server(
        settings,
        metrics=metrics,
        health=health,
        core=None,
        interceptors=(gate,),
        warm=True,
        auth=auth,
        with_tables=True,
        table=table,
    )
    health_server: grpc.aio.Server | None = None
    health_port, httpd, metrics_port = 0, None, 0
    try:
        if settings.health_listen is not None:
            try:
                health_server, health_port = create_health_server(
                    settings.health_listen,
                    health,
                    interceptors=[ObservabilityInterceptor(metrics=metrics)],
                    options=server_options(settings),
                )
            except OSError as error:
                raise bind_error(HEALTH_LISTEN_FLAG, settings.health_listen, error) from None
        if settings.metrics_listen is not None:
            address = settings.metrics_listen
            try:
                httpd, metrics_port = start_metrics_http(
                    metrics, host=address.bare_host, port=address.port
                )
            except OSError as error:
                raise bind_error(METRICS_LISTEN_FLAG, address, error) from None
    except BaseException:
        await _close_listeners(server, health_server, httpd)
        raise
    return server, port, health_server, health_port, httpd, metrics_port, viewer_of


async def _close_listeners(
    server: grpc.aio.Server, health_server: grpc.aio.Server | None, httpd: Any
) -> None:
    """Release listeners bound by :func:`_bind_listeners` that will not serve."""
    await server.stop(None)
    if health_server is not None:
        await health_server.stop(None)
    if httpd is not None:
        httpd.shutdown()
        httpd.server_close()


async def _open_store(settings: Settings) -> EventStore:
    """Open (and migrate) the table store named by ``--store``.

    Raises:
        ServerStartError: the store cannot be opened or migrated.
    """
    try:
        return await asyncio.to_thread(open_store, settings.store.url)
    except (StoreError, ValueError, OSError) as error:
        raise ServerStartError(
            f"cannot open the store {settings.store.redacted}: {error}"
        ) from None


#: The garbage collector's thresholds while serving (CPython's default is 700, 10, 10: a young
#: collection every 700 net container allocations, an older one every 10 young ones, each a
#: pause for whichever RPC runs then; a served action allocates many short-lived containers).
#: With 100 writers on SQLite, RecordAction p99 fell by ~15 % and the max by ~20 % (medians of
#: 8 interleaved pairs), CPU per action and peak RSS unchanged (BENCHMARKS.md "Garbage
#: collector thresholds"). The full pass still runs (every 100 older passes).
GC_THRESHOLDS: tuple[int, int, int] = (20_000, 50, 100)


async def serve(settings: Settings, *, stop: asyncio.Event | None = None) -> int:
    """Run the service until SIGTERM/SIGINT (or ``stop`` is set); return the exit code 0.

    Logs ``server_started`` (``listen``, ``port``, ``metrics_port``, ``health_port``,
    ``store``, ``auth``, ``tls``, ``compiled_modules``: rules-core modules running from their
    compiled build, floorman/compiled.py), then on the signal ``server_stopping`` and, once drained,
    ``server_stopped``. A second signal during the drain cancels the remaining RPCs at once.
    SIGHUP re-reads the auth file (as does a change of the file, checked every 2 s).

    Raises:
        ServerStartError: when a listen address cannot be bound, the store cannot be opened,
            or the auth file or a TLS file is unusable.
            Every listener (``--listen``, ``--health-listen``, ``--metrics-listen``) is bound
            before the store is opened: a busy port names its flag and address
            (:func:`~floorman.transport.listeners.bind_error`) and creates no store file.
    """
    log = get_logger()
    # Past a file-size limit (RLIMIT_FSIZE) a write must fail with EFBIG (the store answers
    # RESOURCE_EXHAUSTED), not kill the process: CPython ignores SIGXFSZ already, say so.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    auth = open_auth(settings)
    metrics = Metrics(runtime_collectors=True)
    health = HealthServicer()
    loop = asyncio.get_running_loop()
    loop.set_default_executor(ThreadPoolExecutor(WORKER_THREADS, thread_name_prefix="floorman"))
    gate = DrainGate()
    table = HandlerTable()
    listeners = await _bind_listeners(
        settings, metrics=metrics, health=health, auth=auth, gate=gate, table=table
    )
    server, port, health_server, health_port, httpd, metrics_port, viewer_of = listeners
    http_socket = None
    try:
        if settings.http_listen is not None:
            address = settings.http_listen
            try:
                http_socket = bind_http(address.bare_host, address.port)
            except OSError as error:
                raise bind_error(HTTP_LISTEN_FLAG, address, error) from None
        store = InstrumentedStore(await _open_store(settings), metrics)
    except BaseException:
        if http_socket is not None:
            http_socket.close()
        await _close_listeners(server, health_server, httpd)
        raise
    tables = TableService(store, encoder=encode_outcome, metrics=metrics)
    add_tables(
        table,
        tables,
        viewer_of,
        pending_writes=_pending_writes(settings),
        write_threads=_write_threads(settings),
    )
    # The ranking tables and everything built at start live for the whole process: freeze them
    # out of the garbage collector's full passes (each walked them for ~50 ms, a latency spike
    # for whichever RPC triggered it).
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    stop = asyncio.Event() if stop is None else stop
    received: list[str] = []
    loop = asyncio.get_running_loop()
    hard_stops: list[asyncio.Task[None]] = []

    def on_signal(signum: int) -> None:
        received.append(signal.Signals(signum).name)
        if stop.is_set():  # a second signal: stop draining
            hard_stops.append(loop.create_task(server.stop(None)))
        stop.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, on_signal, signum)
    pruning = loop.create_task(prune_requests(store, stop))
    watching = loop.create_task(watch_store_health(store, health, stop))
    reloading: asyncio.Task[None] | None = None
    if auth is not None:
        reloader = AuthReloader(auth, logger=log)
        loop.add_signal_handler(signal.SIGHUP, reloader.reload, "sighup")
        reloading = loop.create_task(reloader.poll(stop))
    http_stop = asyncio.Event()
    http_task: asyncio.Task[None] | None = None
    http_port = 0
    try:
        await server.start()
        if health_server is not None:
            await health_server.start()
        if http_socket is not None:
            app = connect_app(
                table,
                max_message_bytes=settings.max_message_bytes,
                cors_origins=settings.http_cors_origins,
            )
            http_port = http_socket.getsockname()[1]
            http_task = loop.create_task(serve_http(app, http_socket, http_stop, settings.tls))
        log_security(log, settings, auth)
        log.info(
            "server_started",
            listen=f"{settings.listen.host}:{port}",
            port=port,
            metrics_port=metrics_port,
            health_port=health_port,
            http_port=http_port,
            store=settings.store.redacted,
            grace_seconds=settings.grace_seconds,
            auth="tokens" if auth is not None else "anonymous",
            tls=settings.tls.client_auth if settings.tls is not None else "off",
            compiled_modules=len(compiled.loaded_compiled()),
        )
        await stop.wait()
        log.info(
            "server_stopping",
            signal=received[0] if received else None,
            grace_seconds=settings.grace_seconds,
        )
        await health.enter_graceful_shutdown()
        gate.close()  # later floorman.v1 calls: UNAVAILABLE at once, before any work
        tables.stop_watching()  # WatchTable streams end now instead of using up the grace
        began = loop.time()
        drained = await gate.wait_idle(settings.grace_seconds)
        log.info("server_drained", drained=drained, running=gate.running)
        await server.stop(max(0.0, settings.grace_seconds - (loop.time() - began)))
        await asyncio.gather(*hard_stops)
    finally:
        stop.set()
        http_stop.set()
        if http_task is not None:
            await asyncio.gather(http_task, return_exceptions=True)
        if http_socket is not None:
            http_socket.close()
        for task in (pruning, watching):  # one still waiting on the store must not hold
            task.cancel()  # up the exit
        await asyncio.gather(pruning, watching, return_exceptions=True)
        if reloading is not None:
            await reloading
            loop.remove_signal_handler(signal.SIGHUP)
        if health_server is not None:
            await health_server.stop(None)
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
        if httpd is not None:
            httpd.shutdown()
            httpd.server_close()
        await asyncio.to_thread(store.close)
    log.info("server_stopped")
    return 0
