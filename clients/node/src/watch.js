'use strict';
/**
 * A resumable WatchTable subscription. The service streams a table's events in sequence
 * order from any sequence; when the stream is cut with UNAVAILABLE (a restart, a balancer
 * moving the connection) TableWatch waits the retry policy's backoff and reopens it after the
 * last sequence received, so nothing is missed or repeated. The stream is live: it ends when
 * the table is closed (after its last event), when cancelled, or at its deadline.
 */
const { status: Status } = require('@grpc/grpc-js');
const { fromServiceError } = require('./errors');

class TableWatch {
  /** Use `TableClient.watchTable`. */
  constructor({ open, tableId, afterSequence, resume, deadlineAt, caller, method }) {
    this.tableId = tableId;
    /** The sequence of the last event received (at first: `afterSequence`). */
    this.lastSequence = afterSequence;
    /** How many times the stream was reopened. */
    this.reconnects = 0;
    this.cancelled = false;
    this._open = open;
    this._resume = resume;
    this._deadlineAt = deadlineAt;
    this._caller = caller;
    this._method = method;
    this._call = null;
  }

  /**
   * The events, in order. Throws a FloormanError for a status it does not resume from
   * (NOT_FOUND, DEADLINE_EXCEEDED, UNAVAILABLE once the retry policy gives up).
   */
  async *[Symbol.asyncIterator]() {
    let failures = 0;
    while (!this.cancelled) {
      const call = this._open(this.lastSequence, this._deadlineAt);
      this._call = call;
      try {
        for await (const item of call) {
          failures = 0;
          this.lastSequence = Number(item.event.sequence);
          yield item.event;
          if (this.cancelled) return;
        }
        return; // the server ended the stream: the table is closed
      } catch (raw) {
        if (this.cancelled) return;
        failures += 1;
        const error = fromServiceError(raw, { method: this._method, attempts: failures });
        const resumable = this._resume && error.code === Status.UNAVAILABLE;
        if (!(resumable && (await this._caller.waitBeforeRetry(failures, this._deadlineAt)))) {
          throw error;
        }
        this.reconnects += 1;
      } finally {
        call.cancel();
        this._call = null;
      }
    }
  }

  /** The events up to and including `sequence` (or until the stream ends), then cancel. */
  async until(sequence) {
    const events = [];
    if (this.lastSequence < sequence) {
      for await (const event of this) {
        events.push(event);
        if (Number(event.sequence) >= sequence) break;
      }
    }
    this.cancel();
    return events;
  }

  /** Stop the subscription; iteration ends quietly. */
  cancel() {
    this.cancelled = true;
    if (this._call !== null) this._call.cancel();
  }
}

module.exports = { TableWatch };
