'use strict';
/**
 * The floorman Node.js client: RulesService, TableService and AuditService on one channel,
 * with promise methods, an optional bearer token, TLS or mutual TLS, per-call deadlines,
 * retries of UNAVAILABLE / safe ABORTED reusing the request id, and errors carrying the
 * decoded google.rpc details (see errors.js).
 */
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const grpc = require('@grpc/grpc-js');
const { loadFloorman, loadFloormanRoot } = require('./proto');
const { checkMessage } = require('./validate');
const { fromServiceError } = require('./errors');
const { RetryPolicy, isRetryable } = require('./retry');
const { enumOf, gameName, toHistory } = require('./messages');
const { TableWatch } = require('./watch');

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRY = new RetryPolicy();

function readPem(value) {
  if (value === undefined || value === null) return null;
  return Buffer.isBuffer(value) ? value : fs.readFileSync(value);
}

/**
 * Channel credentials: insecure unless `tls` or a certificate is given.
 * @throws {TypeError} with only one of `certChain` / `privateKey`.
 */
function channelCredentials({ tls = false, rootCert, certChain, privateKey } = {}) {
  if ((certChain == null) !== (privateKey == null)) {
    throw new TypeError('mutual TLS needs both certChain and privateKey');
  }
  if (!tls && rootCert == null && certChain == null) return grpc.credentials.createInsecure();
  return grpc.credentials.createSsl(readPem(rootCert), readPem(privateKey), readPem(certChain));
}

/** A bearer token as `authorization` metadata (none without a token). */
function bearerMetadata(token) {
  const metadata = new grpc.Metadata();
  if (token) {
    if (/[\s\x00-\x1f\x7f]/.test(token)) {
      throw new TypeError('a bearer token must not contain whitespace or control characters');
    }
    metadata.set('authorization', `Bearer ${token}`);
  }
  return metadata;
}

/**
 * A check of each request against the protos of `root` (validate.js): `check(method, request)`
 * throws for an unknown enum name or field of the method's request type.
 *
 * @param {import('protobufjs').Root} root the floorman.v1 protos (loadFloormanRoot).
 * @returns {(method: string, request: object) => void}
 */
function requestChecker(root) {
  const types = new Map();
  return (method, request) => {
    if (!types.has(method)) {
      const [, service, name] = /^\/(.+)\/([^/]+)$/.exec(method);
      types.set(method, root.lookupService(service).methods[name].resolvedRequestType);
    }
    checkMessage(types.get(method), request);
  };
}

/** How calls go out for the service clients of one connection. */
class Caller {
  /**
   * @param {object} [options]
   * @param {(method: string, request: object) => void} [options.check] checks each request
   *   before it is sent (requestChecker; none: requests go out unchecked).
   */
  constructor({ token = null, timeoutMs = DEFAULT_TIMEOUT_MS, retry = DEFAULT_RETRY,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), random = Math.random,
    check = null } = {}) {
    this.metadata = bearerMetadata(token);
    this.check = check;
    this.timeoutMs = timeoutMs;
    this.retry = retry;
    this.sleep = sleep;
    this.random = random;
  }

  /** The epoch-ms deadline for `timeoutMs` (undefined: the default; null: no deadline). */
  deadline(timeoutMs) {
    const budget = timeoutMs === undefined ? this.timeoutMs : timeoutMs;
    return budget === null ? null : Date.now() + budget;
  }

  /** After failed attempt `attempt`: sleep the backoff and resolve true if another fits. */
  async waitBeforeRetry(attempt, deadlineAt) {
    if (attempt >= this.retry.maxAttempts) return false;
    const wait = this.retry.delayMs(attempt, this.random);
    if (deadlineAt !== null && deadlineAt - Date.now() <= wait) return false;
    await this.sleep(wait);
    return true;
  }

  /**
   * Send a unary (or, with `stream`, client-streaming) call, retrying when safe.
   * @param {object} stub a grpc-js service client.
   * @param {string} name the method's name on the stub (`evaluateHand`).
   * @param {object|object[]} request the request; client streaming: the messages.
   * @param {object} options `{method, requestId, timeoutMs, idempotent, stream}`.
   * @returns {Promise<object>} the response.
   * @throws {import('./errors').FloormanError} the last attempt's status.
   * @throws {RangeError|TypeError} an unknown enum name or field (nothing is sent).
   */
  async unary(stub, name, request, { method, requestId = '', timeoutMs, idempotent = true,
    stream = false } = {}) {
    if (this.check) {
      for (const message of stream ? request : [request]) this.check(method, message);
    }
    const deadlineAt = this.deadline(timeoutMs);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#once(stub, name, request, deadlineAt, stream);
      } catch (raw) {
        const error = fromServiceError(raw, { method, requestId, attempts: attempt });
        if (!(isRetryable(error, idempotent) && (await this.waitBeforeRetry(attempt, deadlineAt)))) {
          throw error;
        }
      }
    }
  }

  #once(stub, name, request, deadlineAt, stream) {
    const options = deadlineAt === null ? {} : { deadline: new Date(deadlineAt) };
    return new Promise((resolve, reject) => {
      const done = (error, response) => (error ? reject(error) : resolve(response));
      if (!stream) {
        stub[name](request, this.metadata, options, done);
        return;
      }
      const call = stub[name](this.metadata, options, done);
      for (const message of request) call.write(message);
      call.end();
    });
  }
}

function fullName(service, method) {
  return `/floorman.v1.${service}/${method[0].toUpperCase()}${method.slice(1)}`;
}

/** RulesService: stateless rules. Every method resolves to the response object. */
class RulesClient {
  constructor(stub, caller) {
    this.stub = stub;
    this.caller = caller;
  }

  #call(name, request, timeoutMs) {
    return this.caller.unary(this.stub, name, request, {
      method: fullName('RulesService', name), timeoutMs,
    });
  }

  /** `{game: 'razz' | 'holdem', cards: 'As 2c 3d 4h 7s' | [...], players?, board?}` -> `{high, low}`. */
  async evaluateHand({ game, cards, players = 0, board = [], timeoutMs }) {
    return this.#call('evaluateHand', {
      game: gameName(game), cards: splitCards(cards), players, board: splitCards(board),
    }, timeoutMs);
  }

  /**
   * `{game, hands: [cards...], communityCards?, players?, board?}` ->
   * `{winners, lowWinners, results}` (`board`: the community-card games' 3-5 board cards).
   */
  async compareHands({ game, hands, communityCards = [], players = 0, board = [], timeoutMs }) {
    return this.#call('compareHands', {
      game: gameName(game),
      hands: hands.map((h) => ({ cards: splitCards(h.cards || h) })),
      communityCards: splitCards(communityCards),
      players,
      board: splitCards(board),
    }, timeoutMs);
  }

  /**
   * `{hands: [{game, cards, players?, board?}...]}` -> `{results}`: `results[i]` answers
   * `hands[i]`, `{result: 'answer', answer: {high, low}}` or `{result: 'error', error}` (a
   * google.rpc.Status; `itemError(error)` gives the FloormanError). At most the server's
   * `batch_items` (default 10,000) hands, else InvalidArgumentError for the whole call.
   */
  async batchEvaluateHands({ hands, timeoutMs }) {
    return this.#call('batchEvaluateHands', { requests: hands.map(evaluateRequest) }, timeoutMs);
  }

  /** `{showdowns: [{game, hands, communityCards?, players?, board?}...]}` -> `{results}` (as batchEvaluateHands). */
  async batchCompareHands({ showdowns, timeoutMs }) {
    return this.#call('batchCompareHands', { requests: showdowns.map(compareRequest) },
      timeoutMs);
  }

  /**
   * EvaluateHandStream (gRPC only): each item of `messages` (an array of hands, or an async
   * or sync iterable of them) is one request message; the answers (`{results}`, one per
   * message) come back strictly in order, as an async iterable. Never retried.
   * @throws {RangeError|TypeError} an unknown game name (while sending; the stream is cancelled).
   * @throws {import('./errors').FloormanError} the stream ended with an error status.
   */
  async *evaluateHandStream({ messages, timeoutMs }) {
    const method = fullName('RulesService', 'evaluateHandStream');
    const deadlineAt = this.caller.deadline(timeoutMs);
    const options = deadlineAt === null ? {} : { deadline: new Date(deadlineAt) };
    const call = this.stub.evaluateHandStream(this.caller.metadata, options);
    let failure = null;
    const sending = (async () => {
      try {
        for await (const hands of messages) {
          const message = { requests: hands.map(evaluateRequest) };
          if (this.caller.check) this.caller.check(method, message);
          if (!call.write(message)) await new Promise((resolve) => call.once('drain', resolve));
        }
        call.end();
      } catch (error) {
        failure = error;
        call.cancel();
      }
    })();
    try {
      for await (const answer of call) yield answer;
    } catch (raw) {
      if (failure === null) throw fromServiceError(raw, { method });
    } finally {
      await sending;
    }
    if (failure !== null) throw failure;
  }

  /** `{config, history: [Deal|Action...], action}` -> `{legal, violation, state, legalActions}`. */
  validateAction({ config, history, action, timeoutMs }) {
    return this.#call('validateAction', { config, history: toHistory(history), action }, timeoutMs);
  }

  /** `{config, history}` -> `{state, legalActions}` (exact amounts, minor units). */
  listLegalActions({ config, history, timeoutMs }) {
    return this.#call('listLegalActions', { config, history: toHistory(history) }, timeoutMs);
  }

  /** `{config, history, declaredPayouts?}` -> pots, rake, payouts, finalStacks, discrepancies. */
  settleHand({ config, history, declaredPayouts = [], timeoutMs }) {
    return this.#call('settleHand', { config, history: toHistory(history), declaredPayouts },
      timeoutMs);
  }
}

/** One hand of a batch or stream as an EvaluateHandRequest (game names checked). */
function evaluateRequest({ game, cards = [], players = 0, board = [] }) {
  return { game: gameName(game), cards: splitCards(cards), players, board: splitCards(board) };
}

/** One showdown of BatchCompareHands as a CompareHandsRequest. */
function compareRequest({ game, hands = [], communityCards = [], players = 0, board = [] }) {
  return {
    game: gameName(game),
    hands: hands.map((h) => ({ cards: splitCards(h.cards || h) })),
    communityCards: splitCards(communityCards),
    players,
    board: splitCards(board),
  };
}

function splitCards(cards) {
  return typeof cards === 'string' ? cards.split(/\s+/).filter(Boolean) : [...cards];
}

/**
 * TableService: live tables. Writes take `expectedSequence` and an optional `requestId`
 * (default: a random UUID, reused on every retry, so a retried write is applied once).
 */
class TableClient {
  constructor(stub, caller) {
    this.stub = stub;
    this.caller = caller;
  }

  #read(name, request, timeoutMs) {
    return this.caller.unary(this.stub, name, request, {
      method: fullName('TableService', name), timeoutMs,
    });
  }

  #write(name, { timeoutMs, requestId, ...fields }) {
    const id = requestId || randomUUID();
    return this.caller.unary(this.stub, name, { ...fields, requestId: id }, {
      method: fullName('TableService', name), requestId: id, timeoutMs,
    });
  }

  /** `{settings, tableId?, requestId?}` -> `{table}`. */
  createTable(request) { return this.#write('createTable', request); }

  /** `{tableId}` -> `{table}`. */
  getTable({ tableId, timeoutMs }) { return this.#read('getTable', { tableId }, timeoutMs); }

  /** `{pageSize?, pageToken?, includeClosed?}` -> `{tables, nextPageToken}`. */
  listTables({ pageSize = 0, pageToken = '', includeClosed = false, timeoutMs } = {}) {
    return this.#read('listTables', { pageSize, pageToken, includeClosed }, timeoutMs);
  }

  /** `{tableId, expectedSequence, requestId?}` -> `{table}`. */
  closeTable(request) { return this.#write('closeTable', request); }

  /**
   * `{tableId, expectedSequence, seat, playerId, buyIn, entry?, requestId?}` -> `{table}`
   * (`entry`: `'post_big_blind'`, `'ENTRY_OPTION_WAIT_FOR_BIG_BLIND'` ...).
   */
  async seatPlayer(request) { return this.#write('seatPlayer', withEnum(request, 'entry', 'EntryOption')); }

  /** `{tableId, expectedSequence, seat, requestId?}` -> `{table, cashOut}`. */
  leaveSeat(request) { return this.#write('leaveSeat', request); }

  /** `{tableId, expectedSequence, seat, requestId?}` -> `{table}`. */
  sitOut(request) { return this.#write('sitOut', request); }

  /** `{tableId, expectedSequence, seat, entry?, requestId?}` -> `{table}`. */
  async sitIn(request) { return this.#write('sitIn', withEnum(request, 'entry', 'EntryOption')); }

  /** `{tableId, expectedSequence, requestId?}` -> `{table, hand}`. */
  startHand(request) { return this.#write('startHand', request); }

  /** Recorded tables: `{tableId, expectedSequence, deals: [Deal...], requestId?}` -> `{table, hand}`. */
  dealCards(request) { return this.#write('dealCards', request); }

  /** `{tableId, expectedSequence, action, requestId?}` -> `{table, hand}`. */
  recordAction(request) { return this.#write('recordAction', request); }

  /** `{tableId, handId?}` -> `{hand}` (hole cards `??` where the caller may not see them). */
  getHand({ tableId, handId = '', timeoutMs }) {
    return this.#read('getHand', { tableId, handId }, timeoutMs);
  }

  /**
   * `{tableId, handId?, format: 'phh' | 'HISTORY_FORMAT_PHH' | ..., wholeSession?}` ->
   * `{content, mediaType}` (`wholeSession` without `handId`: every settled hand in one file).
   */
  async exportHandHistory({ tableId, handId = '', format, wholeSession = false, timeoutMs }) {
    return this.#read('exportHandHistory', {
      tableId, handId, format: enumOf('HistoryFormat', format, 'format'), wholeSession,
    }, timeoutMs);
  }

  /** `{tableId, pageSize?, pageToken?}` -> `{hands, nextPageToken}` (oldest first). */
  listHands({ tableId, pageSize = 0, pageToken = '', timeoutMs }) {
    return this.#read('listHands', { tableId, pageSize, pageToken }, timeoutMs);
  }

  /**
   * Every event after `afterSequence`, in order, then live: a TableWatch (an async iterable
   * of TableEvent with `cancel()`), resumed after a cut with UNAVAILABLE when `resume`.
   * `timeoutMs`: the whole watch's deadline (default: none).
   */
  watchTable({ tableId, afterSequence = 0, resume = true, timeoutMs = null }) {
    const method = fullName('TableService', 'watchTable');
    if (this.caller.check) this.caller.check(method, { tableId, afterSequence });
    return new TableWatch({
      open: (after, deadlineAt) => this.stub.watchTable(
        { tableId, afterSequence: after }, this.caller.metadata,
        deadlineAt === null ? {} : { deadline: new Date(deadlineAt) },
      ),
      tableId,
      afterSequence,
      resume,
      deadlineAt: this.caller.deadline(timeoutMs),
      caller: this.caller,
      method,
    });
  }
}

/** AuditService: audit recorded hands (`documents`: `[{name, content: Buffer|string, format?}]`). */
class AuditClient {
  constructor(stub, caller) {
    this.stub = stub;
    this.caller = caller;
  }

  /** One call -> `{hands, summary}`. */
  async auditHandHistories({ documents, timeoutMs }) {
    return this.caller.unary(this.stub, 'auditHandHistories',
      { documents: documents.map(toDocument) },
      { method: fullName('AuditService', 'auditHandHistories'), timeoutMs });
  }

  /** Client streaming, one document per message -> `{hands, summary}`. */
  async auditHandHistoriesStream({ documents, timeoutMs }) {
    const messages = documents.map((document) => ({ document: toDocument(document) }));
    return this.caller.unary(this.stub, 'auditHandHistoriesStream', messages, {
      method: fullName('AuditService', 'auditHandHistoriesStream'), timeoutMs, stream: true,
    });
  }
}

function toDocument({ name = '', content, format = 0 }) {
  return {
    name,
    content: typeof content === 'string' ? Buffer.from(content) : content,
    format: enumOf('AuditFormat', format, 'documents[].format'),
  };
}

/** `request` with its enum field `key` (when given) as the full name of floorman.v1.`enumName`. */
function withEnum(request, key, enumName) {
  if (request[key] === undefined || request[key] === null) return request;
  return { ...request, [key]: enumOf(enumName, request[key], key) };
}

/**
 * The three services of one server.
 *
 *   const client = new FloormanClient('127.0.0.1:50051', { token, rootCert: 'ca.pem' });
 *   const { low } = await client.rules.evaluateHand({ game: 'razz', cards: 'As 2c 3d 4h 7s' });
 *   client.close();
 */
class FloormanClient {
  /**
   * @param {string} target `HOST:PORT`.
   * @param {object} [options]
   * @param {string} [options.token] bearer token sent with every call.
   * @param {boolean} [options.tls] use TLS (implied by any certificate option; without
   *   `rootCert` the system roots verify the server).
   * @param {Buffer|string} [options.rootCert] CA certificate (PEM bytes or file path).
   * @param {Buffer|string} [options.certChain] client certificate for mutual TLS.
   * @param {Buffer|string} [options.privateKey] its key.
   * @param {string} [options.serverName] name to verify the server certificate against.
   * @param {number|null} [options.timeoutMs=10000] default deadline per call, retries included.
   * @param {RetryPolicy} [options.retry] retry policy (NO_RETRIES: none).
   * @param {string} [options.protoRoot] folder of `floorman/v1/*.proto`.
   * @param {object} [options.channelOptions] extra grpc-js channel options.
   * @param {Function[]} [options.interceptors] grpc-js client interceptors.
   * @throws {TypeError} a malformed token or half a client certificate.
   */
  constructor(target, { token = null, tls = false, rootCert, certChain, privateKey, serverName,
    timeoutMs = DEFAULT_TIMEOUT_MS, retry = DEFAULT_RETRY, protoRoot, channelOptions = {},
    interceptors = [] } = {}) {
    const v1 = loadFloorman(protoRoot);
    const credentials = channelCredentials({ tls, rootCert, certChain, privateKey });
    const options = { ...channelOptions, interceptors };
    if (serverName) options['grpc.ssl_target_name_override'] = serverName;
    this.caller = new Caller({ token, timeoutMs, retry, check: requestChecker(loadFloormanRoot(protoRoot)) });
    const rules = new v1.RulesService(target, credentials, options);
    const shared = { ...options, channelOverride: rules.getChannel() };
    this.rules = new RulesClient(rules, this.caller);
    this.tables = new TableClient(new v1.TableService(target, credentials, shared), this.caller);
    this.audit = new AuditClient(new v1.AuditService(target, credentials, shared), this.caller);
    this.channel = rules.getChannel();
  }

  /** Resolves once the channel is connected; rejects after `timeoutMs`. */
  waitForReady(timeoutMs = 10_000) {
    return new Promise((resolve, reject) => {
      this.rules.stub.waitForReady(Date.now() + timeoutMs, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Close the channel (calls in flight are cancelled). */
  close() {
    this.rules.stub.close();
    this.tables.stub.close();
    this.audit.stub.close();
  }
}

module.exports = {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_RETRY,
  AuditClient,
  Caller,
  FloormanClient,
  RulesClient,
  TableClient,
  bearerMetadata,
  channelCredentials,
  requestChecker,
};
