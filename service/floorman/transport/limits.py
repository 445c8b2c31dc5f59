"""Request and concurrency limits on every call (:mod:`floorman.security.limits`).

:class:`LimitsInterceptor` runs before any servicer code:

* a call whose deadline has already passed does no work (DEADLINE_EXCEEDED); later, gRPC
  cancels a call at its deadline, which stops a stream or a handler at its next ``await``
  (a table write already handed to the store completes: retry it with the same request id);
* a request that is not a valid protobuf message of the method's type is INVALID_ARGUMENT
  (field ``request``), where gRPC alone would answer UNKNOWN;
* every request message is checked against the size limits (:func:`check_message`): the
  number of items of each repeated field (cards, hands, seats, forced bets, history events,
  deals, documents), the size of every money amount (every int64 field but the
  ``*_sequence`` ones), and the length and characters of every string except cards (the
  card parser judges those). Violations are INVALID_ARGUMENT with one field violation per field,
  e.g. ``hands: at most 10 hands in one request (limit hands)``; a streamed request (the
  audit stream) is checked message by message and counted against ``audit_documents``;
* streaming calls are counted per client address (``streams_per_peer``): one more is
  RESOURCE_EXHAUSTED with ``ErrorInfo{reason: "LIMIT_EXCEEDED", metadata: limit, value}``.

Message size (``message_bytes``) and the server-wide ``concurrent_rpcs`` are enforced by gRPC
itself (options set in :mod:`floorman.transport.server`); both answer RESOURCE_EXHAUSTED.
"""

from __future__ import annotations

import inspect
import re
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import grpc
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from floorman.domain import text_limits
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.observability.logging import get_logger
from floorman.security.limits import LimitExceeded, Limits
from floorman.transport import guards
from floorman.transport.errors import DeadlineExceeded, status_for

COUNT_LIMITS: Final[Mapping[tuple[str, str], tuple[str, str]]] = {
    # (message, repeated field) -> (limit name, what is counted)
    ("floorman.v1.EvaluateHandRequest", "cards"): ("cards", "cards"),
    ("floorman.v1.Hand", "cards"): ("cards", "cards"),
    ("floorman.v1.CompareHandsRequest", "hands"): ("hands", "hands"),
    ("floorman.v1.BatchEvaluateHandsRequest", "requests"): ("batch_items", "requests"),
    ("floorman.v1.BatchCompareHandsRequest", "requests"): ("batch_items", "requests"),
    ("floorman.v1.EvaluateHandStreamRequest", "requests"): ("batch_items", "requests"),
    ("floorman.v1.CompareHandsRequest", "community_cards"): ("cards", "cards"),
    ("floorman.v1.EvaluateHandRequest", "board"): ("cards", "cards"),
    ("floorman.v1.CompareHandsRequest", "board"): ("cards", "cards"),
    ("floorman.v1.Deal", "cards"): ("cards", "cards"),
    ("floorman.v1.Action", "cards"): ("cards", "cards"),
    ("floorman.v1.HandConfig", "seats"): ("seats", "seats"),
    ("floorman.v1.HandConfig", "forced_bets"): ("forced_bets", "forced bets"),
    ("floorman.v1.ValidateActionRequest", "history"): ("history_events", "events"),
    ("floorman.v1.ListLegalActionsRequest", "history"): ("history_events", "events"),
    ("floorman.v1.SettleHandRequest", "history"): ("history_events", "events"),
    ("floorman.v1.SettleHandRequest", "declared_payouts"): ("seats", "payouts"),
    ("floorman.v1.DealCardsRequest", "deals"): ("deals", "deals"),
    ("floorman.v1.AuditHandHistoriesRequest", "documents"): ("audit_documents", "documents"),
    ("floorman.v1.RotationEntries", "entries"): ("rotation_entries", "rotation entries"),
}
"""The limit of every repeated field a request may carry. A repeated field not listed here
is held to ``history_events`` (the largest count limit)."""
FALLBACK_COUNT_LIMIT: Final = ("history_events", "items")
_INT64_TYPES: Final = frozenset(
    {FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_SINT64, FieldDescriptor.TYPE_SFIXED64}
)
CARD_FIELDS: Final = frozenset({"cards", "community_cards", "board"})
"""String fields judged by the card parser, not by the string rules."""
CONTROL_CHARACTERS: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
TEXT_LIMITS: Final[Mapping[tuple[str, str], text_limits.TextLimit]] = {
    ("floorman.v1.TableSettings", "name"): text_limits.TABLE_NAME,
}
"""String fields with their own length limit (:mod:`floorman.domain.text_limits`), by
(message, field); ``player_id``, ``request_id`` and ``table_id`` have theirs in every message
(:data:`TEXT_FIELD_LIMITS`). They are refused with the field's own message, never with the
generic ``string_chars`` one."""
TEXT_FIELD_LIMITS: Final[Mapping[str, text_limits.TextLimit]] = {
    "player_id": text_limits.PLAYER_ID,
    "request_id": text_limits.REQUEST_ID,
    "table_id": text_limits.TABLE_ID,
}
STREAM_LIMIT: Final = "streams_per_peer"
COUNTED_STREAMS: Final = frozenset({"/floorman.v1.AuditService/AuditHandHistoriesStream"})
"""Request streams whose messages count against ``audit_documents``."""


_STRING, _AMOUNT, _STRINGS, _MESSAGE, _MESSAGES, _EVENTS = range(6)
_HAND_EVENT: Final = "floorman.v1.HandEvent"
"""History events hold only a Deal or an Action whose one checked field is ``cards``: they
take a fast path (:func:`_check_events`), since a history may hold a thousand of them."""


@dataclass(frozen=True, slots=True)
class _Rule:
    """What to check in one field: its ``kind``, the count limit and noun of a repeated
    field, whether a string list's items are checked, the plan of a message field."""

    kind: int
    limit: str = ""
    noun: str = ""
    check_items: bool = False
    plan: dict[str, _Rule] | None = None
    text: text_limits.TextLimit | None = None
    counts: tuple[tuple[str, str], ...] | None = None
    """A repeated message field whose items hold nothing to check but the counts of string
    lists (EvaluateHandRequest in a batch): (field, limit) of each, compared item by item
    before the full walk of an item over one."""


_PLANS: dict[str, dict[str, _Rule]] = {}


def _plan(descriptor: Descriptor) -> dict[str, _Rule]:
    """Field name -> rule, for the fields of ``descriptor`` worth checking (built once per
    type; a message field whose type has nothing to check is still counted when repeated)."""
    found = _PLANS.get(descriptor.full_name)
    if found is not None:
        return found
    plan: dict[str, _Rule] = {}
    _PLANS[descriptor.full_name] = plan  # filled below; a recursive type sees the same dict
    for field in descriptor.fields:
        key = (descriptor.full_name, field.name)
        limit, noun = COUNT_LIMITS.get(key, FALLBACK_COUNT_LIMIT)
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if field.message_type.GetOptions().map_entry:
                continue
            sub = _plan(field.message_type)
            if field.is_repeated and field.message_type.full_name == _HAND_EVENT:
                plan[field.name] = _Rule(_EVENTS, limit, noun)
            elif field.is_repeated:
                plan[field.name] = _Rule(
                    _MESSAGES, limit, noun, plan=sub or None, counts=_counts_only(sub)
                )
            elif sub:
                plan[field.name] = _Rule(_MESSAGE, plan=sub)
        elif field.type == FieldDescriptor.TYPE_STRING:
            if field.is_repeated:
                plan[field.name] = _Rule(_STRINGS, limit, noun, field.name not in CARD_FIELDS)
            elif field.name not in CARD_FIELDS:
                own = TEXT_LIMITS.get(key) or TEXT_FIELD_LIMITS.get(field.name)
                plan[field.name] = _Rule(_STRING, text=own)
        elif field.is_repeated:
            plan[field.name] = _Rule(_MESSAGES, limit, noun)
        elif field.type in _INT64_TYPES and not field.name.endswith("_sequence"):
            plan[field.name] = _Rule(_AMOUNT)
    return plan


def _counts_only(plan: dict[str, _Rule]) -> tuple[tuple[str, str], ...] | None:
    """(field, limit) of each rule of ``plan`` when every one is a string list whose items go
    unchecked (cards); ``None`` otherwise or when ``plan`` is empty."""
    if not plan or any(r.kind != _STRINGS or r.check_items for r in plan.values()):
        return None
    return tuple((name, rule.limit) for name, rule in plan.items())


def _string_problem(
    value: str, limits: Limits, own: text_limits.TextLimit | None = None
) -> str | None:
    """The problem of one string: over its length limit (the field's own, in its words,
    or ``string_chars``, whichever is smaller), or holding a control character."""
    most = limits.string_chars
    if own is not None:
        if len(value) > min(own.most, most):
            tighter = most < own.most
            return own.message(most if tighter else None, limit="string_chars" if tighter else "")
    elif len(value) > most:
        return f"at most {most} characters (limit string_chars)"
    if CONTROL_CHARACTERS.search(value):
        return "control characters are not allowed"
    return None


def _count_problem(count: int, limit: str, noun: str, limits: Limits) -> str | None:
    most: int = getattr(limits, limit)
    if count > most:
        return f"at most {most} {noun} in one request (limit {limit}); got {count}"
    return None


def _check_events(events: Any, name: str, limits: Limits, out: list[FieldViolation]) -> None:
    """Each event's deal or action holds at most ``limits.cards`` cards, and an action's
    amount is within ``limits.amount`` (as the request's own ``action.amount``)."""
    most, largest = limits.cards, limits.amount
    for index, event in enumerate(events):
        part = event.WhichOneof("event")
        if part is None:
            continue
        body = getattr(event, part)
        count = len(body.cards)
        if count > most:
            problem = _count_problem(count, "cards", "cards", limits)
            out.append(FieldViolation(f"{name}[{index}].{part}.cards", "", problem or ""))
        if part == "action" and not -largest <= body.amount <= largest:
            problem = f"at most {largest} in absolute value (limit amount)"
            out.append(FieldViolation(f"{name}[{index}].action.amount", "", problem))


def _check_counts(
    items: Any, rule: _Rule, name: str, limits: Limits, out: list[FieldViolation]
) -> None:
    """The items of a counts-only repeated field (:attr:`_Rule.counts`): an item walked in
    full only when one of its lists is over its limit."""
    assert rule.counts is not None and rule.plan is not None
    checks = [(field, getattr(limits, limit)) for field, limit in rule.counts]
    for index, item in enumerate(items):
        for field, most in checks:
            if len(getattr(item, field)) > most:
                _walk(item, rule.plan, f"{name}[{index}].", limits, out)
                break


def _walk(
    message: Message, plan: dict[str, _Rule], path: str, limits: Limits, out: list[FieldViolation]
) -> None:
    for field, value in message.ListFields():  # only the fields that are set
        rule = plan.get(field.name)
        if rule is None:
            continue
        name = path + field.name
        kind = rule.kind
        if kind == _STRING:
            problem = _string_problem(value, limits, rule.text)
            if problem:
                out.append(FieldViolation(name, "", problem))
        elif kind == _AMOUNT:
            if value > limits.amount or value < -limits.amount:
                problem = f"at most {limits.amount} in absolute value (limit amount)"
                out.append(FieldViolation(name, "", problem))
        elif kind == _MESSAGE:
            assert rule.plan is not None
            _walk(value, rule.plan, name + ".", limits, out)
        else:
            problem = _count_problem(len(value), rule.limit, rule.noun, limits)
            if problem:
                out.append(FieldViolation(name, "", problem))
            elif kind == _STRINGS and rule.check_items:
                for index, item in enumerate(value):
                    problem = _string_problem(item, limits)
                    if problem:
                        out.append(FieldViolation(f"{name}[{index}]", "", problem))
            elif kind == _EVENTS:
                _check_events(value, name, limits, out)
            elif kind == _MESSAGES and rule.counts is not None:
                _check_counts(value, rule, name, limits, out)
            elif kind == _MESSAGES and rule.plan is not None:
                for index, item in enumerate(value):
                    _walk(item, rule.plan, f"{name}[{index}].", limits, out)


_COUNTS: dict[Descriptor, tuple[tuple[str, str], ...]] = {}
"""Message type -> its :func:`_counts_only` checks (``()``: walk it in full)."""


def check_message(message: Message, limits: Limits, *, prefix: str = "") -> None:
    """Check one request message against the size limits (module docstring).

    Raises:
        InvalidArgument: one field violation per field over a limit (``hands``,
            ``history[3].deal.cards``, ``player_id`` ...), ``prefix`` before each path.
    """
    descriptor = message.DESCRIPTOR
    counts = _COUNTS.get(descriptor)
    if counts is None:
        counts = _COUNTS[descriptor] = _counts_only(_plan(descriptor)) or ()
    if counts:  # only string-list counts to check (EvaluateHandRequest): walk one over them
        for field, limit in counts:
            if len(getattr(message, field)) > getattr(limits, limit):
                break
        else:
            return
    problems: list[FieldViolation] = []
    _walk(message, _plan(descriptor), prefix, limits, problems)
    if problems:
        raise InvalidArgument(problems)


def peer_address(peer: str) -> str:
    """The client address of a gRPC peer string without its port: ``ipv4:10.0.0.7:51234``
    -> ``ipv4:10.0.0.7``, ``ipv6:[::1]:5000`` -> ``ipv6:[::1]``; others unchanged."""
    kind, _, rest = peer.partition(":")
    if kind in ("ipv4", "ipv6") and ":" in rest:
        return f"{kind}:{rest.rsplit(':', 1)[0]}"
    return peer


async def _not_served(context: grpc.aio.ServicerContext) -> None:
    await context.abort(grpc.StatusCode.UNIMPLEMENTED, "this method is not served")


class Malformed:
    """Stands for a request whose bytes do not parse as the method's message type."""

    __slots__ = ("type_name",)

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name

    def error(self) -> InvalidArgument:
        """The INVALID_ARGUMENT to answer."""
        return InvalidArgument.single(
            "request", "", f"the request is not a valid {self.type_name} message"
        )


def safe_deserializer(
    deserialize: Callable[[bytes], Any] | None, method: str
) -> Callable[[bytes], Any] | None:
    """``deserialize`` that returns a :class:`Malformed` instead of raising (``None`` when
    there is no deserializer)."""
    if deserialize is None:
        return None
    type_name = getattr(getattr(deserialize, "__self__", None), "DESCRIPTOR", None)
    name = type_name.full_name if type_name is not None else f"{method} request"

    def parse(data: bytes) -> Any:
        try:
            return deserialize(data)
        except Exception:
            return Malformed(name)

    return parse


class StreamSlots:
    """Concurrent streaming calls per client address, at most ``limit`` each (0: no limit).
    Thread-safe."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def acquire(self, address: str) -> None:
        """Take a slot for ``address``.

        Raises:
            LimitExceeded: ``address`` already holds ``limit`` streams.
        """
        with self._lock:
            count = self._open.get(address, 0)
            if self.limit and count >= self.limit:
                raise LimitExceeded(
                    STREAM_LIMIT,
                    self.limit,
                    f"too many concurrent streams from this client: at most {self.limit} "
                    f"(limit {STREAM_LIMIT}); close one and retry",
                )
            self._open[address] = count + 1

    def release(self, address: str) -> None:
        """Give back a slot of ``address``."""
        with self._lock:
            count = self._open.get(address, 0) - 1
            if count > 0:
                self._open[address] = count
            else:
                self._open.pop(address, None)

    def held(self, address: str) -> int:
        """Streams ``address`` holds now."""
        with self._lock:
            return self._open.get(address, 0)


class LimitsInterceptor(grpc.aio.ServerInterceptor):
    """Applies the deadline, request-size and stream limits (module docstring).

    Args:
        limits: the limits in force.
        logger: a structlog logger (default: the floorman logger).
    """

    def __init__(self, limits: Limits, *, logger: Any | None = None) -> None:
        self.limits = limits
        self.streams = StreamSlots(limits.streams_per_peer)
        self._log = get_logger() if logger is None else logger
        self._handlers = guards.WrappedHandlers(self._wrap)

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        """The method's handler behind the limit checks (cached per method)."""
        return self.intercepted(await continuation(handler_call_details), handler_call_details)

    def intercepted(
        self, handler: grpc.RpcMethodHandler | None, handler_call_details: grpc.HandlerCallDetails
    ) -> grpc.RpcMethodHandler | None:
        """:meth:`intercept_service` once the handler is known (:func:`~floorman.transport.
        guards.fold`)."""
        if handler is None:
            return handler
        return self._handlers.get(handler_call_details.method, handler)

    async def _refuse(
        self, context: grpc.aio.ServicerContext, method: str, error: Exception
    ) -> None:
        self._log.info("limit_refused", method=method, error=str(error)[:300])
        await context.abort_with_status(status_for(error))

    async def _admit(self, request: Any, context: grpc.aio.ServicerContext, method: str) -> None:
        """Refuse a call past its deadline or with an oversized (unary) request."""
        try:
            remaining = context.time_remaining()
            if remaining is not None and remaining <= 0:
                raise DeadlineExceeded("the deadline passed before the call started")
            if isinstance(request, Malformed):
                raise request.error()
            if isinstance(request, Message):
                check_message(request, self.limits)
        except (DeadlineExceeded, InvalidArgument) as error:
            await self._refuse(context, method, error)

    def _checked_stream(self, requests: AsyncIterator[Any], method: str) -> AsyncIterator[Any]:
        limits = self.limits
        counted = method in COUNTED_STREAMS

        async def checked() -> AsyncIterator[Any]:
            count = 0
            async for message in requests:
                if isinstance(message, Malformed):
                    raise message.error()
                count += 1
                problem = counted and _count_problem(count, "audit_documents", "documents", limits)
                if problem:
                    raise InvalidArgument.single(f"message[{count - 1}]", "", problem)
                check_message(message, limits, prefix=f"message[{count - 1}].")
                yield message

        return checked()

    def _wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        behavior = guards.behavior_of(handler)
        if not guards.is_async(behavior):  # only the generated base class's unimplemented
            return guards.refusing(handler, _not_served)  # methods (grpc.health.v1 List)
        parse = safe_deserializer(handler.request_deserializer, method)
        streaming = handler.request_streaming or handler.response_streaming
        request_streaming = handler.request_streaming
        slots = self.streams

        async def enter(request: Any, context: grpc.aio.ServicerContext) -> tuple[Any, str]:
            await self._admit(None if request_streaming else request, context, method)
            address = ""
            if streaming:
                address = peer_address(context.peer())
                try:
                    slots.acquire(address)
                except LimitExceeded as error:
                    await self._refuse(context, method, error)
            if request_streaming:
                request = self._checked_stream(request, method)
            return request, address

        if inspect.isasyncgenfunction(behavior):

            async def limited_stream(request: Any, context: grpc.aio.ServicerContext) -> Any:
                request, address = await enter(request, context)
                try:
                    async for response in behavior(request, context):
                        yield response
                except InvalidArgument as error:  # a streamed request (servicers map theirs)
                    await self._refuse(context, method, error)
                finally:
                    slots.release(address)

            return guards.rebuild(handler, limited_stream, request_deserializer=parse)

        if streaming:  # a client stream, or a stream written with context.write

            async def limited_client_stream(request: Any, context: grpc.aio.ServicerContext) -> Any:
                request, address = await enter(request, context)
                try:
                    return await behavior(request, context)
                except InvalidArgument as error:  # a streamed request (servicers map theirs)
                    await self._refuse(context, method, error)
                finally:
                    slots.release(address)

            return guards.rebuild(handler, limited_client_stream, request_deserializer=parse)

        async def limited_unary(request: Any, context: grpc.aio.ServicerContext) -> Any:
            await self._admit(request, context, method)
            return await behavior(request, context)

        return guards.rebuild(handler, limited_unary, request_deserializer=parse)
