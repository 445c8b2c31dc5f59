"""The ``floorman`` command: ``floorman serve`` runs the gRPC service, ``floorman eval`` asks
it what a hand is worth, ``floorman audit`` audits hand-history files (:mod:`floorman.cli_audit`,
which has its own exit statuses), ``floorman token`` makes bearer tokens and auth-file entries
(:mod:`floorman.cli_token`). ``python -m floorman`` is the same command.

Exit codes: 0 success; 1 a runtime failure (address in use, server unreachable, an error
status other than INVALID_ARGUMENT); 2 bad input (a bad flag or setting, INVALID_ARGUMENT).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

from floorman import __version__, cli_audit, cli_token
from floorman.config import (
    DEFAULT_ANONYMOUS_ROLE,
    DEFAULT_GRACE_SECONDS,
    DEFAULT_LISTEN,
    DEFAULT_LOG_LEVEL,
    DEFAULT_METRICS_LISTEN,
    DEFAULT_STORE,
    ENV_ANONYMOUS_ROLE,
    ENV_AUTH_FILE,
    ENV_CA,
    ENV_GRACE,
    ENV_HEALTH_LISTEN,
    ENV_HTTP_CORS_ORIGINS,
    ENV_HTTP_LISTEN,
    ENV_LIMITS,
    ENV_LISTEN,
    ENV_LOG_LEVEL,
    ENV_MAX_CONNECTION_AGE_MS,
    ENV_METRICS_LISTEN,
    ENV_SERVER_MODEL,
    ENV_SERVER_THREADS,
    ENV_STORE,
    ENV_TARGET,
    ENV_TLS_CERT,
    ENV_TLS_CLIENT_AUTH,
    ENV_TLS_CLIENT_CA,
    ENV_TLS_KEY,
    ENV_TOKEN,
    LOG_LEVELS,
    ROLES,
    ConfigError,
    default_target,
    resolve_settings,
)

EXIT_RUNTIME = 1
EXIT_USAGE = 2

_SERVE_EPILOG = f"""\
Each flag falls back to its environment variable, then to its default:
  --listen                 ${ENV_LISTEN:<32} {DEFAULT_LISTEN}
  --metrics-listen         ${ENV_METRICS_LISTEN:<32} {DEFAULT_METRICS_LISTEN}
  --store                  ${ENV_STORE:<32} {DEFAULT_STORE}
  --grace                  ${ENV_GRACE:<32} {DEFAULT_GRACE_SECONDS:g}
  --log-level              ${ENV_LOG_LEVEL:<32} {DEFAULT_LOG_LEVEL}
  --max-connection-age-ms  ${ENV_MAX_CONNECTION_AGE_MS:<32} 0 (no limit)
  --anonymous-role         ${ENV_ANONYMOUS_ROLE:<32} {DEFAULT_ANONYMOUS_ROLE}
  --auth-file              ${ENV_AUTH_FILE:<32} none (every caller anonymous)
  --tls-cert / --tls-key   ${ENV_TLS_CERT} / ${ENV_TLS_KEY}: none (plaintext)
  --tls-client-ca          ${ENV_TLS_CLIENT_CA:<32} none
  --tls-client-auth        ${ENV_TLS_CLIENT_AUTH:<32} none
  --health-listen          ${ENV_HEALTH_LISTEN:<32} off
  --http-listen            ${ENV_HTTP_LISTEN:<32} off (Connect / gRPC-Web for browsers)
  --http-cors-origins      ${ENV_HTTP_CORS_ORIGINS:<32} none (comma-separated; * any)
  --limit NAME=VALUE       ${ENV_LIMITS:<32} (NAME=VALUE,...) see docs/operations.md
  --server-model           ${ENV_SERVER_MODEL:<32} aio (sync: experimental thread pool)
  --server-threads         ${ENV_SERVER_THREADS:<32} 4 (sync model only)
Logs are JSON lines on stdout; metrics are served at http://METRICS-LISTEN/metrics.
SIGTERM or SIGINT: health turns NOT_SERVING, in-flight calls get the grace period, exit 0.
SIGHUP: re-read the auth file (also re-read when it changes on disk)."""

_EVAL_EPILOG = f"""\
games: draw7a (Five Card Draw 7-A), draw (Five Card Draw), stud (Seven Card Stud), razz,
       stud8 / studhilo / stud-hi-lo (Seven Card Stud Hi-Lo), stud5 (Five Card Stud),
       holdem / nlhe (Texas Hold'em), omaha / plo (Omaha), omaha8 / omaha-hi-lo (Omaha
       Hi-Lo), omaha5 / plo5 (Five Card Omaha), omaha5-8 / bigo (Five Card Omaha Hi-Lo),
       shortdeck / short-deck (Short-deck Hold'em), 27sd / 2-7-single (2-7 Single Draw),
       27td / 2-7-triple (2-7 Triple Draw), a5td / a-5-triple (A-5 Triple Draw), badugi,
       or a floorman.v1.Game name such as GAME_RAZZ.
board: the community-card games take the hole cards as CARDs and the flop, turn and river
       in --board (three to five cards, one argument), e.g. --board "Ah Kd 7c".
cards: rank 2-9 T J Q K A (10 accepted) then suit c d h s, e.g. As 2c 3d 4h 7s Kc Kd.

The call goes to --target, else to ${ENV_TARGET}; with neither, to the address of
${ENV_LISTEN} (else {DEFAULT_LISTEN}), and when no server answers there an in-process
server answers instead (noted on stderr). A server with an auth file needs --token (else
${ENV_TOKEN}); a TLS server needs --tls (the system's trusted roots) or --ca PEM (else
${ENV_CA}: the CA that signed the server's certificate; implies --tls). Exit 0 with an
answer, 2 for INVALID_ARGUMENT (the field violations are printed) or a bad flag, 1 for other
errors (UNAUTHENTICATED, an unreachable server, a CA file that cannot be read).

examples: floorman eval --game razz As 2c 3d 4h 7s Kc Kd
          floorman eval --game holdem --board "Ah Kd 7c" Qs Qd"""


def _game(text: str) -> int:
    from floorman.transport.client import parse_game_name

    try:
        return parse_game_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``floorman`` and its subcommands."""
    parser = argparse.ArgumentParser(
        prog="floorman",
        description="floorman: the rules authority for card rooms, over gRPC "
        "(hand values, winners, action legality, settlement).",
    )
    parser.add_argument("--version", action="version", version=f"floorman {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    serve = commands.add_parser(
        "serve",
        help="run the gRPC service (health, reflection, JSON logs, Prometheus metrics)",
        description="Run the floorman gRPC service until SIGTERM or SIGINT.",
        epilog=_SERVE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve.add_argument("--listen", metavar="HOST:PORT", help="gRPC address (port 0: any free port)")
    serve.add_argument(
        "--metrics-listen",
        metavar="HOST:PORT",
        help="Prometheus /metrics address (port 0: any free port; 'off': no endpoint)",
    )
    serve.add_argument(
        "--store", metavar="URL", help="sqlite:///path.db or postgresql://host/dbname"
    )
    serve.add_argument(
        "--grace", metavar="SECONDS", help="how long in-flight calls may finish after SIGTERM"
    )
    serve.add_argument("--log-level", metavar="LEVEL", help=f"one of {', '.join(LOG_LEVELS)}")
    serve.add_argument(
        "--max-connection-age-ms",
        metavar="MS",
        help="close client connections after this age so balancers rebalance (0: never)",
    )
    serve.add_argument(
        "--anonymous-role",
        metavar="ROLE",
        help=f"card visibility of every caller without an auth file ({', '.join(ROLES)})",
    )
    serve.add_argument(
        "--auth-file", metavar="PATH", help="token hashes and roles (TOML); unset: no auth"
    )
    serve.add_argument("--tls-cert", metavar="PEM", help="server certificate chain (TLS on)")
    serve.add_argument("--tls-key", metavar="PEM", help="server private key")
    serve.add_argument("--tls-client-ca", metavar="PEM", help="CA of client certificates")
    serve.add_argument(
        "--tls-client-auth",
        metavar="MODE",
        help="client certificates: none, optional or require (mutual TLS)",
    )
    serve.add_argument(
        "--health-listen",
        metavar="HOST:PORT",
        help="plaintext address serving only grpc.health.v1 (for probes; 'off': none)",
    )
    serve.add_argument(
        "--http-listen",
        metavar="HOST:PORT",
        help="HTTP address serving every RPC over Connect, gRPC and gRPC-Web and the dealer "
        "terminal at / (browsers; HTTPS with --tls-cert/--tls-key; 'off': none, the default)",
    )
    serve.add_argument(
        "--http-cors-origins",
        metavar="ORIGINS",
        help="comma-separated origins allowed to call --http-listen from a browser (*: any)",
    )
    serve.add_argument(
        "--limit",
        action="append",
        metavar="NAME=VALUE",
        help="a request or concurrency limit (repeatable), e.g. --limit hands=10",
    )
    serve.add_argument(
        "--server-model",
        metavar="MODEL",
        help="aio (grpc.aio, the default) or sync (experimental: a grpc.server thread pool)",
    )
    serve.add_argument(
        "--server-threads", metavar="N", help="handler threads of the sync server model"
    )

    evaluate = commands.add_parser(
        "eval",
        help="evaluate one hand through the EvaluateHand RPC",
        description="Evaluate one hand: prints what the EvaluateHand RPC answers.",
        epilog=_EVAL_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    evaluate.add_argument("--game", required=True, type=_game, metavar="GAME", help="the game")
    evaluate.add_argument("cards", nargs="+", metavar="CARD", help="the hand's cards")
    evaluate.add_argument(
        "--board",
        type=str.split,
        default=[],
        metavar="CARDS",
        help='community-card games: the board, three to five cards ("Ah Kd 7c")',
    )
    evaluate.add_argument(
        "--players",
        type=int,
        default=0,
        metavar="N",
        help="Five Card Draw 7-A: players dealt in (5: the 36-card deck; default 0: 32 cards)",
    )
    evaluate.add_argument("--json", action="store_true", help="print the response as JSON")
    evaluate.add_argument("--target", metavar="HOST:PORT", help="the server to ask")
    evaluate.add_argument(
        "--token",
        metavar="TOKEN",
        help=f"bearer token for a server with an auth file (${ENV_TOKEN})",
    )
    evaluate.add_argument(
        "--ca",
        metavar="PEM",
        help=f"CA certificate file of a TLS server; implies --tls (${ENV_CA})",
    )
    evaluate.add_argument(
        "--tls", action="store_true", help="use TLS, verified by the system's trusted roots"
    )
    cli_audit.add_parser(commands)
    cli_token.add_parser(commands)
    return parser


def _serve(args: argparse.Namespace) -> int:
    from floorman.observability.logging import configure_logging, get_logger
    from floorman.observability.tracing import TracingError, configure_tracing, exporter_from_env
    from floorman.transport.server import ServerStartError, serve

    try:
        settings = resolve_settings(
            listen=args.listen,
            metrics_listen=args.metrics_listen,
            store=args.store,
            grace=args.grace,
            log_level=args.log_level,
            max_connection_age_ms=args.max_connection_age_ms,
            anonymous_role=args.anonymous_role,
            auth_file=args.auth_file,
            tls_cert=args.tls_cert,
            tls_key=args.tls_key,
            tls_client_ca=args.tls_client_ca,
            tls_client_auth=args.tls_client_auth,
            health_listen=args.health_listen,
            http_listen=args.http_listen,
            http_cors_origins=args.http_cors_origins,
            limits=args.limit,
            server_model=args.server_model,
            server_threads=args.server_threads,
        )
    except ConfigError as error:
        print(f"floorman serve: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        provider = configure_tracing(exporter_from_env())
    except TracingError as error:
        print(f"floorman serve: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    configure_logging(level=settings.log_level, trace_ids=provider is not None)
    try:
        return asyncio.run(serve(settings))
    except (ServerStartError, OSError) as error:
        get_logger().error("server_failed", error=str(error))
        print(f"floorman serve: error: {error}", file=sys.stderr)
        return EXIT_RUNTIME
    finally:
        if provider is not None:
            provider.shutdown()  # flush the spans still batched


def _eval(args: argparse.Namespace) -> int:
    # gRPC core's own info lines (e.g. the in-process server's GOAWAY) are noise for a CLI user.
    os.environ.setdefault("GRPC_VERBOSITY", "ERROR")
    from floorman.observability.logging import StandardStream, configure_logging
    from floorman.transport.client import run_eval

    configure_logging(level="warning", stream=StandardStream("stderr"))
    explicit = args.target or os.environ.get(ENV_TARGET, "").strip()
    try:
        target = explicit or default_target()
    except ConfigError as error:
        print(f"floorman eval: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    token = (args.token or os.environ.get(ENV_TOKEN, "")).strip() or None
    ca = (args.ca or os.environ.get(ENV_CA, "")).strip() or None
    try:
        outcome = asyncio.run(
            run_eval(
                game=args.game,
                cards=args.cards,
                players=args.players,
                board=args.board,
                target=target,
                fallback=not explicit,
                as_json=args.json,
                token=token,
                root_certificates=ca,
                tls=args.tls,
            )
        )
    except ValueError as error:  # a malformed token
        print(f"floorman eval: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:  # a CA file that cannot be read
        print(f"floorman eval: error: {error}", file=sys.stderr)
        return EXIT_RUNTIME
    sys.stdout.write(outcome.stdout)
    sys.stderr.write(outcome.stderr)
    return outcome.exit_code


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``floorman`` console script; returns the exit code."""
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        return _serve(args)
    if args.command == "audit":
        return cli_audit.main(args)
    if args.command == "token":
        return cli_token.main(args)
    return _eval(args)
