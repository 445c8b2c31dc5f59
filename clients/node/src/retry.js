'use strict';
/**
 * When a failed call is sent again (the same rules as the Python client): only calls that
 * cannot do anything twice — every RulesService and AuditService call, every TableService read,
 * and every TableService write, which carries a request id the service answers a repeat of
 * with its first answer (DESIGN.md "Idempotency"); the client reuses the same id on every
 * attempt. Retried statuses: UNAVAILABLE, and ABORTED other than SEQUENCE_MISMATCH. A sequence
 * mismatch is final: the table moved on and the caller must decide again.
 */
const { status: Status } = require('@grpc/grpc-js');
const { SequenceMismatchError } = require('./errors');

/** Exponential backoff with jitter; the call's deadline bounds the whole. */
class RetryPolicy {
  /**
   * @param {object} [options]
   * @param {number} [options.maxAttempts=4] sends in all, the first included (1: never retry).
   * @param {number} [options.initialBackoffMs=100] wait before the first retry.
   * @param {number} [options.maxBackoffMs=2000] longest wait.
   * @param {number} [options.multiplier=2] growth of each wait.
   * @param {number} [options.jitter=0.2] each wait is scaled by a factor in [1-j, 1+j].
   * @throws {RangeError} for an out-of-range setting.
   */
  constructor({ maxAttempts = 4, initialBackoffMs = 100, maxBackoffMs = 2000, multiplier = 2,
    jitter = 0.2 } = {}) {
    if (!(maxAttempts >= 1)) throw new RangeError('maxAttempts must be at least 1');
    if (initialBackoffMs < 0 || maxBackoffMs < 0) throw new RangeError('backoffs must not be negative');
    if (multiplier < 1) throw new RangeError('multiplier must be at least 1');
    if (!(jitter >= 0 && jitter < 1)) throw new RangeError('jitter must be in [0, 1)');
    Object.assign(this, { maxAttempts, initialBackoffMs, maxBackoffMs, multiplier, jitter });
    Object.freeze(this);
  }

  /**
   * Milliseconds to wait before retry number `retry` (1: the second attempt).
   * @param {number} retry
   * @param {() => number} [random] a number in [0, 1).
   */
  delayMs(retry, random = Math.random) {
    const base = Math.min(this.maxBackoffMs, this.initialBackoffMs * this.multiplier ** (retry - 1));
    return base * (1 + this.jitter * (2 * random() - 1));
  }
}

const NO_RETRIES = new RetryPolicy({ maxAttempts: 1 });

/**
 * Whether `error` (a FloormanError) may be answered by sending the same request again.
 * @param {import('./errors').FloormanError} error
 * @param {boolean} idempotent
 */
function isRetryable(error, idempotent) {
  if (!idempotent) return false;
  if (error.code === Status.UNAVAILABLE) return true;
  return error.code === Status.ABORTED && !(error instanceof SequenceMismatchError);
}

module.exports = { RetryPolicy, NO_RETRIES, isRetryable };
