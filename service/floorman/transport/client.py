"""Client side of ``floorman eval``: game names, the EvaluateHand call, output formatting.

The call goes through the Python client (:mod:`floorman_client`, no retries: a CLI user sees
the first answer) to a running server; when none answers at the default address (and the user
named no target) it is served by an in-process server on an ephemeral loopback port, so the
command works on a fresh clone. Every answer is what the RPC says, printed as text or as
the response's canonical proto3 JSON.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import grpc
from google.protobuf import json_format

from floorman.app.evaluation import GAME_NAMES
from floorman.config import DEFAULT_STORE, HostPort, Settings, parse_store_url
from floorman.domain.cards import card_str, parse_card
from floorman.domain.errors import InvalidArgument
from floorman.transport.converters import GAME_FROM_PB
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman_client import NO_RETRIES, FloormanClient, FloormanRpcError
from floorman_client.messages import GAME_ALIASES

CALL_TIMEOUT_SECONDS: Final = 10.0
EXIT_OK: Final = 0
EXIT_ERROR: Final = 1
EXIT_BAD_INPUT: Final = 2

GAME_TITLES: Final = {number: GAME_NAMES[game] for number, game in GAME_FROM_PB.items()}
"""``floorman.v1.Game`` number -> the game's name (the use cases' message names)."""


def parse_game_name(text: str) -> int:
    """A ``floorman.v1.Game`` number from a CLI name: an alias (``draw7a``, ``draw``, ``stud``,
    ``razz``, ``stud8`` / ``studhilo`` / ``stud-hi-lo``, ``stud5``, ``holdem`` / ``nlhe``,
    ``omaha`` / ``plo``, ``omaha8`` / ``omaha-hi-lo``, ``omaha5`` / ``plo5``, ``omaha5-8`` /
    ``bigo``, ``shortdeck`` / ``short-deck``, ``27sd`` / ``2-7-single``, ``27td`` /
    ``2-7-triple``, ``a5td`` / ``a-5-triple``, ``badugi``) or an enum name with or
    without its prefix (``GAME_RAZZ``, ``seven_card_stud_hi_lo``), any case.

    Raises:
        ValueError: for any other name.
    """
    name = text.strip().lower()
    if name in GAME_ALIASES:
        return GAME_ALIASES[name]
    enum_name = name.upper().replace("-", "_")
    for candidate in (enum_name, f"GAME_{enum_name}"):
        if candidate in pb.Game.keys():  # noqa: SIM118 - an EnumTypeWrapper, not a dict
            return pb.Game.Value(candidate)
    raise ValueError(
        f"unknown game {text!r}: use {', '.join(GAME_ALIASES)} or a floorman.v1.Game name"
    )


@dataclass(frozen=True, slots=True)
class EvalOutcome:
    """What ``floorman eval`` prints: ``stdout`` and ``stderr`` text and the exit code."""

    exit_code: int
    stdout: str = ""
    stderr: str = ""


def _category_name(category: int) -> str:
    return pb.HandCategory.Name(category).removeprefix("HAND_CATEGORY_").replace("_", " ").lower()


def format_hand_value(side: str, value: pb.HandValue) -> str:
    """One side as a line: ``low: 7-4-3-2-A (high card)  best: 7s 4h 3d 2c As  strength 42``;
    a low that does not qualify reads ``low: No qualifying low``."""
    if not value.qualifies:
        return f"{side}: {value.description or 'No qualifying low'}"
    return (
        f"{side}: {value.description} ({_category_name(value.category)})"
        f"  best: {' '.join(value.best_cards)}  strength {value.strength}"
    )


def normalised_card(text: str) -> str:
    """``text`` in the form the RPC answers (``10h`` -> ``Th``, ``as`` -> ``As``); as typed
    when it is not a card (the server judged it)."""
    try:
        return card_str(parse_card(text.strip()))
    except InvalidArgument:
        return text


def format_evaluation(
    game: int,
    cards: Sequence[str],
    response: rpb.EvaluateHandResponse,
    board: Sequence[str] = (),
) -> str:
    """The human-readable answer: a title line with the cards in normalised form (``Th``, as
    the RPC answers them) and the board after ``board``, then ``high:`` and/or ``low:``
    lines."""
    title = GAME_TITLES.get(game, pb.Game.Name(game) if game in pb.Game.values() else str(game))
    shown = " ".join(normalised_card(card) for card in cards)
    if board:
        shown += f", board {' '.join(normalised_card(card) for card in board)}"
    lines = [f"{title}: {shown}"]
    if response.HasField("high"):
        lines.append(format_hand_value("high", response.high))
    if response.HasField("low"):
        lines.append(format_hand_value("low", response.low))
    return "\n".join(lines)


def format_rpc_error(error: FloormanRpcError) -> str:
    """``error: CODE: message``, or with ``google.rpc.BadRequest`` field violations
    ``error: CODE: N invalid field(s)`` and one indented ``field: description`` line per
    violation (each printed once: the status message only summarises them), and the
    ErrorInfo metadata when present (not the FIELD_VIOLATION ErrorInfo beside field
    violations: it repeats the first of them)."""
    violations = error.violations
    if violations:
        count = len(violations)
        lines = [f"error: {error.code().name}: {count} invalid field{'s' if count > 1 else ''}"]
        lines += [f"  {v.field}: {v.description}" for v in violations]
    else:
        lines = [f"error: {error.code().name}: {error.details()}"]
    if error.reason and not (violations and error.reason == "FIELD_VIOLATION"):
        meta = ", ".join(f"{k}={v}" for k, v in sorted(error.metadata.items()))
        lines.append(f"  {error.reason} ({error.domain}) {meta}".rstrip())
    return "\n".join(lines)


def evaluate_at_sync(
    target: str,
    request: rpb.EvaluateHandRequest,
    *,
    timeout: float = CALL_TIMEOUT_SECONDS,
    token: str | None = None,
    root_certificates: str | None = None,
    tls: bool = False,
) -> rpb.EvaluateHandResponse:
    """Call EvaluateHand on the server at ``target`` (``HOST:PORT``) once, blocking; with
    ``token`` as bearer token and over TLS when ``tls`` or ``root_certificates`` (a PEM file
    of the CA that signed the server's certificate; else the system's trusted roots).

    Raises:
        FloormanRpcError: any non-OK status (UnavailableError when nothing listens).
        ValueError: a malformed token.
        OSError: the CA file cannot be read.
    """
    with FloormanClient.connect(
        target,
        timeout=timeout,
        retry=NO_RETRIES,
        token=token,
        tls=tls,
        root_certificates=root_certificates,
    ) as client:
        return client.rules.evaluate_hand(
            game=request.game,
            cards=list(request.cards),
            players=request.players,
            board=list(request.board),
        )


async def evaluate_at(
    target: str,
    request: rpb.EvaluateHandRequest,
    *,
    timeout: float = CALL_TIMEOUT_SECONDS,
    token: str | None = None,
    root_certificates: str | None = None,
    tls: bool = False,
) -> rpb.EvaluateHandResponse:
    """:func:`evaluate_at_sync` in a worker thread, so an in-process server on this event
    loop keeps serving while the call waits.

    Raises:
        FloormanRpcError: any non-OK status (UnavailableError when nothing listens).
        ValueError: a malformed token.
        OSError: the CA file cannot be read.
    """
    return await asyncio.to_thread(
        evaluate_at_sync,
        target,
        request,
        timeout=timeout,
        token=token,
        root_certificates=root_certificates,
        tls=tls,
    )


async def start_in_process_server() -> tuple[grpc.aio.Server, str]:
    """Start a server inside this process on an ephemeral loopback port, without a metrics
    endpoint; stop it with ``await server.stop(None)``.

    Returns:
        ``(server, "127.0.0.1:PORT")``.
    """
    from floorman.transport.server import create_server  # the server only when needed

    settings = Settings(
        listen=HostPort("127.0.0.1", 0),
        metrics_listen=None,
        store=parse_store_url(DEFAULT_STORE, source="default"),
    )
    server, port = await create_server(settings, warm=False)
    await server.start()
    return server, f"127.0.0.1:{port}"


async def run_eval(
    *,
    game: int,
    cards: Sequence[str],
    players: int,
    target: str,
    board: Sequence[str] = (),
    fallback: bool,
    as_json: bool,
    token: str | None = None,
    root_certificates: str | None = None,
    tls: bool = False,
) -> EvalOutcome:
    """``floorman eval``: call EvaluateHand at ``target`` (with the bearer ``token``, and over
    TLS when ``tls`` or the ``root_certificates`` PEM file is given); when nothing answers
    there and ``fallback`` is set (no target was named), answer from an in-process server and
    say so.

    Returns:
        The text to print and the exit code: 0 on an answer, 2 for INVALID_ARGUMENT, 1 for
        any other error.

    Raises:
        ValueError: a malformed token.
        OSError: the CA file cannot be read.
    """
    request = rpb.EvaluateHandRequest(
        game=game, cards=list(cards), players=players, board=list(board)
    )
    notice = ""
    try:
        try:
            response = await evaluate_at(
                target, request, token=token, root_certificates=root_certificates, tls=tls
            )
        except FloormanRpcError as error:
            if not (fallback and error.code() is grpc.StatusCode.UNAVAILABLE):
                raise
            server, address = await start_in_process_server()
            notice = f"floorman: no server at {target}; using an in-process server on {address}\n"
            try:
                response = await evaluate_at(address, request)
            finally:
                await server.stop(None)
    except FloormanRpcError as error:
        code = EXIT_BAD_INPUT if error.code() is grpc.StatusCode.INVALID_ARGUMENT else EXIT_ERROR
        return EvalOutcome(code, stderr=notice + format_rpc_error(error) + "\n")
    if as_json:
        text = json_format.MessageToJson(response, always_print_fields_with_no_presence=True)
    else:
        text = format_evaluation(game, cards, response, board)
    return EvalOutcome(EXIT_OK, stdout=text + "\n", stderr=notice)
