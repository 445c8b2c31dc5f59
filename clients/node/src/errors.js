'use strict';
/**
 * Errors of the floorman client: one class per status the service sends on purpose, with the
 * `google.rpc` details decoded from the `grpc-status-details-bin` trailer (DESIGN.md
 * "Contract details", Errors).
 *
 *   INVALID_ARGUMENT     InvalidArgumentError   violations: [{field, description, rule, message}]
 *   FAILED_PRECONDITION  RuleViolationError     rule, seat, expected, actual (RULE_VIOLATION)
 *                        UnverifiableHandError  rule 'card.unknown', seats
 *                        FailedPreconditionError (any other reason)
 *   ABORTED              SequenceMismatchError  currentSequence, expectedSequence
 *                        AbortedError           (any other reason: safe to retry)
 *   ALREADY_EXISTS       TableExistsError, RequestIdConflictError
 *   NOT_FOUND            NotFoundError
 *   UNAUTHENTICATED      UnauthenticatedError
 *   PERMISSION_DENIED    PermissionDeniedError
 *   RESOURCE_EXHAUSTED   ResourceExhaustedError
 *   UNAVAILABLE          UnavailableError       (retried; a write's outcome is unknown)
 *   DEADLINE_EXCEEDED    DeadlineExceededError
 *   UNIMPLEMENTED        UnimplementedError
 *   anything else        FloormanError
 *
 * Every error has `code` (the number), `codeName`, `details` (the status message), `method`,
 * `requestId` (writes: send again with it), `reason` / `domain` / `metadata` (ErrorInfo),
 * `violations` (BadRequest), `attempts` and `cause` (the @grpc/grpc-js error).
 */
const { status: Status } = require('@grpc/grpc-js');
const { loadGoogleRpc } = require('./proto');

const STATUS_DETAILS_KEY = 'grpc-status-details-bin';
const TYPE_PREFIX = 'type.googleapis.com/';
const RULE_PREFIX = /^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+): ([\s\S]*)$/;
const CODE_NAMES = Object.fromEntries(Object.entries(Status).map(([name, code]) => [code, name]));

class FloormanError extends Error {
  /**
   * @param {object} fields
   * @param {number} fields.code gRPC status code.
   * @param {string} fields.details the status message.
   * @param {string} [fields.method] full RPC name.
   * @param {string} [fields.requestId] the write's request id.
   * @param {object|null} [fields.errorInfo] decoded google.rpc.ErrorInfo.
   * @param {object[]} [fields.violations] BadRequest field violations.
   * @param {number} [fields.attempts] sends, retries included.
   * @param {Error} [fields.cause] the underlying grpc-js error.
   */
  constructor({ code, details, method = '', requestId = '', errorInfo = null, violations = [],
    attempts = 1, cause }) {
    const codeName = CODE_NAMES[code] || `CODE_${code}`;
    super(`${codeName}: ${details}${method ? ` (${method})` : ''}`, cause ? { cause } : undefined);
    this.name = new.target.name;
    this.code = code;
    this.codeName = codeName;
    this.details = details;
    this.method = method;
    this.requestId = requestId;
    this.reason = errorInfo ? errorInfo.reason : '';
    this.domain = errorInfo ? errorInfo.domain : '';
    this.metadata = errorInfo ? { ...errorInfo.metadata } : {};
    this.violations = violations.map(fieldViolation);
    this.attempts = attempts;
  }
}

class InvalidArgumentError extends FloormanError {
  /** The bad fields' paths (`cards[1]`, `history[7]`), in the service's order. */
  get fields() {
    return this.violations.map((v) => v.field);
  }
}

class FailedPreconditionError extends FloormanError {}

class RuleViolationError extends FailedPreconditionError {
  constructor(fields) {
    super(fields);
    this.rule = this.metadata.rule || '';
    this.seat = toInt(this.metadata.seat, 0);
    this.expected = this.metadata.expected || '';
    this.actual = this.metadata.actual || '';
  }
}

class UnverifiableHandError extends FailedPreconditionError {
  constructor(fields) {
    super(fields);
    this.rule = this.metadata.rule || '';
    this.seats = (this.metadata.seats || '').split(',').filter(Boolean).map((s) => toInt(s, 0));
  }
}

class AbortedError extends FloormanError {}

class SequenceMismatchError extends AbortedError {
  constructor(fields) {
    super(fields);
    this.currentSequence = toInt(this.metadata.current_sequence, -1);
    this.expectedSequence = toInt(this.metadata.expected_sequence, -1);
  }
}

class NotFoundError extends FloormanError {}
class AlreadyExistsError extends FloormanError {}
class TableExistsError extends AlreadyExistsError {}
class RequestIdConflictError extends AlreadyExistsError {}
class UnauthenticatedError extends FloormanError {}
class PermissionDeniedError extends FloormanError {}
class ResourceExhaustedError extends FloormanError {}
class UnavailableError extends FloormanError {}
class DeadlineExceededError extends FloormanError {}
class UnimplementedError extends FloormanError {}

const BY_CODE = {
  [Status.INVALID_ARGUMENT]: InvalidArgumentError,
  [Status.FAILED_PRECONDITION]: FailedPreconditionError,
  [Status.ABORTED]: AbortedError,
  [Status.NOT_FOUND]: NotFoundError,
  [Status.ALREADY_EXISTS]: AlreadyExistsError,
  [Status.UNAUTHENTICATED]: UnauthenticatedError,
  [Status.PERMISSION_DENIED]: PermissionDeniedError,
  [Status.RESOURCE_EXHAUSTED]: ResourceExhaustedError,
  [Status.UNAVAILABLE]: UnavailableError,
  [Status.DEADLINE_EXCEEDED]: DeadlineExceededError,
  [Status.UNIMPLEMENTED]: UnimplementedError,
};
const BY_REASON = {
  [`${Status.FAILED_PRECONDITION}/RULE_VIOLATION`]: RuleViolationError,
  [`${Status.FAILED_PRECONDITION}/UNVERIFIABLE_HAND`]: UnverifiableHandError,
  [`${Status.ABORTED}/SEQUENCE_MISMATCH`]: SequenceMismatchError,
  [`${Status.ALREADY_EXISTS}/TABLE_EXISTS`]: TableExistsError,
  [`${Status.ALREADY_EXISTS}/REQUEST_ID_CONFLICT`]: RequestIdConflictError,
};

function toInt(text, missing) {
  return /^-?\d+$/.test(text || '') ? Number(text) : missing;
}

/** A BadRequest violation with its rule id split off the description (`''` when none). */
function fieldViolation({ field, description }) {
  const match = RULE_PREFIX.exec(description);
  return {
    field,
    description,
    rule: match ? match[1] : '',
    message: match ? match[2] : description,
  };
}

/**
 * The details packed in a `google.rpc.Status` (the `grpc-status-details-bin` trailer).
 *
 * @param {Buffer|Uint8Array|null} bytes the trailer's value (null: none).
 * @returns {{status: object|null, errorInfo: object|null, badRequest: object|null,
 *   violations: object[], others: object[]}} `others` holds details of other types, decoded
 *   when the type is a known google.rpc one, else `{typeUrl, value}`. A trailer that does not
 *   parse counts as none.
 */
function decodeStatusDetails(bytes) {
  const empty = { status: null, errorInfo: null, badRequest: null, violations: [], others: [] };
  if (!bytes || bytes.length === 0) return empty;
  const root = loadGoogleRpc();
  let status;
  try {
    status = root.lookupType('google.rpc.Status').decode(bytes);
  } catch {
    return empty;
  }
  const out = { ...empty, status: { code: status.code, message: status.message }, others: [] };
  for (const any of status.details || []) {
    const typeName = (any.type_url || any.typeUrl || '').replace(TYPE_PREFIX, '');
    let type = null;
    try {
      type = root.lookupType(typeName);
    } catch {
      type = null;
    }
    if (type === null) {
      out.others.push({ typeUrl: any.type_url || any.typeUrl, value: any.value });
      continue;
    }
    let message;
    try {
      message = type.toObject(type.decode(any.value), { defaults: true, longs: Number });
    } catch {
      out.others.push({ typeUrl: any.type_url || any.typeUrl, value: any.value });
      continue;
    }
    if (typeName === 'google.rpc.ErrorInfo' && out.errorInfo === null) out.errorInfo = message;
    else if (typeName === 'google.rpc.BadRequest') {
      out.badRequest = message;
      out.violations.push(...(message.fieldViolations || []));
    } else out.others.push({ typeName, ...message });
  }
  return out;
}

/**
 * The client error for a failed @grpc/grpc-js call (a ServiceError: `code`, `details`,
 * `metadata`), its class chosen by status code and ErrorInfo reason.
 *
 * @param {Error & {code?: number, details?: string, metadata?: object}} raw
 * @param {{method?: string, requestId?: string, attempts?: number}} [context]
 * @returns {FloormanError}
 */
function fromServiceError(raw, { method = '', requestId = '', attempts = 1 } = {}) {
  if (raw instanceof FloormanError) return raw;
  const code = typeof raw.code === 'number' ? raw.code : Status.UNKNOWN;
  const trailer = raw.metadata && typeof raw.metadata.get === 'function'
    ? raw.metadata.get(STATUS_DETAILS_KEY)[0] : null;
  const decoded = decodeStatusDetails(trailer);
  let Kind = BY_CODE[code] || FloormanError;
  if (decoded.errorInfo) Kind = BY_REASON[`${code}/${decoded.errorInfo.reason}`] || Kind;
  return new Kind({
    code,
    details: raw.details !== undefined ? raw.details : raw.message,
    method,
    requestId,
    errorInfo: decoded.errorInfo,
    violations: decoded.violations,
    attempts,
    cause: raw,
  });
}

/**
 * The client error for one item's `error` of a batch or stream answer (a google.rpc.Status
 * object as the stubs decode it: `{code, message, details: [{typeUrl, value}]}`), as the
 * unary call would have thrown it: InvalidArgumentError with `violations` whose fields are
 * prefixed by the item (`requests[3].cards[1]`).
 *
 * @param {{code: number, message: string, details?: object[]}} status
 * @param {{method?: string}} [context]
 * @returns {FloormanError}
 */
function itemError(status, { method = '' } = {}) {
  const type = loadGoogleRpc().lookupType('google.rpc.Status');
  const details = (status.details || []).map((d) => {
    const url = d.type_url || d.typeUrl; // Any's field keeps its snake case in protobufjs
    return { type_url: url, typeUrl: url, value: d.value };
  });
  const bytes = type.encode(type.fromObject({ code: status.code, message: status.message, details }))
    .finish();
  const decoded = decodeStatusDetails(bytes);
  let Kind = BY_CODE[status.code] || FloormanError;
  if (decoded.errorInfo) Kind = BY_REASON[`${status.code}/${decoded.errorInfo.reason}`] || Kind;
  return new Kind({
    code: status.code,
    details: status.message,
    method,
    errorInfo: decoded.errorInfo,
    violations: decoded.violations,
  });
}

module.exports = {
  STATUS_DETAILS_KEY,
  itemError,
  FloormanError,
  InvalidArgumentError,
  FailedPreconditionError,
  RuleViolationError,
  UnverifiableHandError,
  AbortedError,
  SequenceMismatchError,
  NotFoundError,
  AlreadyExistsError,
  TableExistsError,
  RequestIdConflictError,
  UnauthenticatedError,
  PermissionDeniedError,
  ResourceExhaustedError,
  UnavailableError,
  DeadlineExceededError,
  UnimplementedError,
  decodeStatusDetails,
  fromServiceError,
};
