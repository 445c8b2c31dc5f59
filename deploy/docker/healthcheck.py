"""Container health check: one ``grpc.health.v1.Health/Check`` call to the local server.

The image's ``HEALTHCHECK`` and the compose file run ``python /opt/floorman/healthcheck.py``.
Exit status 0 when the server answers ``SERVING`` for the service asked about; 1 for anything
else (``NOT_SERVING`` while draining after SIGTERM, an unknown service name, no answer within
the timeout, connection refused); 2 for a bad setting. One line on stdout says which.

Usage: ``healthcheck.py [--target HOST:PORT] [--service NAME] [--timeout SECONDS]``.
The target defaults to what ``floorman eval`` dials (:func:`floorman.config.default_target`):
``$FLOORMAN_TARGET``, else ``$FLOORMAN_LISTEN`` with a wildcard host (``0.0.0.0``) replaced by
the loopback, else ``127.0.0.1:50051``. ``--service ""`` (the default) asks about the whole
server, as the Kubernetes readiness probe does.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

EXIT_SERVING = 0
EXIT_UNHEALTHY = 1
EXIT_USAGE = 2
DEFAULT_TIMEOUT_SECONDS = 3.0


def check(target: str, *, service: str, timeout: float) -> tuple[int, str]:
    """Ask ``target`` for the health of ``service``; return ``(exit_status, message)``."""
    os.environ.setdefault("GRPC_VERBOSITY", "ERROR")  # no gRPC core chatter in health logs
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    with grpc.insecure_channel(target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        try:
            answer = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
        except grpc.RpcError as error:
            code = error.code().name if isinstance(error, grpc.Call) else "UNKNOWN"
            return EXIT_UNHEALTHY, f"unhealthy: {target} service {service!r}: {code}"
    status = health_pb2.HealthCheckResponse.ServingStatus.Name(answer.status)
    healthy = answer.status == health_pb2.HealthCheckResponse.SERVING
    return (EXIT_SERVING if healthy else EXIT_UNHEALTHY), f"{status}: {target} {service!r}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the check; return the exit status (0 serving, 1 unhealthy, 2 bad setting)."""
    parser = argparse.ArgumentParser(description="gRPC health check of a floorman server")
    parser.add_argument("--target", metavar="HOST:PORT", help="default: $FLOORMAN_LISTEN")
    parser.add_argument("--service", default="", help="service name ('' = the whole server)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_SECONDS)
    args = parser.parse_args(argv)
    from floorman.config import ConfigError, default_target

    try:
        target = args.target or default_target()
    except ConfigError as error:
        print(f"healthcheck: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    status, message = check(target, service=args.service, timeout=args.timeout)
    print(message)
    return status


if __name__ == "__main__":
    sys.exit(main())
