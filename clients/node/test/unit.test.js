'use strict';
/**
 * The Node.js client without a server: google.rpc details decoded into the right error class
 * (DESIGN.md "Errors"), the retry policy (UNAVAILABLE and safe ABORTED only, the same request
 * id on every attempt, bounded by the deadline), bearer metadata and the message builders.
 */
const assert = require('node:assert/strict');
const { test } = require('node:test');
const grpc = require('@grpc/grpc-js');
const {
  Caller, FloormanError, InvalidArgumentError, RetryPolicy, RuleViolationError,
  SequenceMismatchError, TableClient, TableExistsError, UnavailableError, UnverifiableHandError,
  bearerMetadata, channelCredentials, decodeStatusDetails, fromServiceError, loadGoogleRpc,
  messages: m,
} = require('..');

const root = loadGoogleRpc();

/** A grpc-js ServiceError carrying a google.rpc.Status with the given details. */
function serviceError(code, details, { errorInfo, violations } = {}) {
  const packed = [];
  if (errorInfo) {
    const type = root.lookupType('google.rpc.ErrorInfo');
    packed.push({ type_url: 'type.googleapis.com/google.rpc.ErrorInfo',
      value: type.encode(type.fromObject({ domain: 'floorman', ...errorInfo })).finish() });
  }
  if (violations) {
    const type = root.lookupType('google.rpc.BadRequest');
    const fieldViolations = violations.map(([field, description]) => ({ field, description }));
    packed.push({ type_url: 'type.googleapis.com/google.rpc.BadRequest',
      value: type.encode(type.fromObject({ fieldViolations })).finish() });
  }
  const statusType = root.lookupType('google.rpc.Status');
  const bytes = statusType.encode(statusType.fromObject({ code, message: details, details: packed })).finish();
  const metadata = new grpc.Metadata();
  metadata.set('grpc-status-details-bin', Buffer.from(bytes));
  return Object.assign(new Error(details), { code, details, metadata });
}

test('RULE_VIOLATION details become a RuleViolationError with rule, seat, expected, actual', () => {
  const raw = serviceError(grpc.status.FAILED_PRECONDITION, 'fixed_limit.cap: the round is capped', {
    errorInfo: { reason: 'RULE_VIOLATION', metadata: { rule: 'fixed_limit.cap', seat: '4', expected: '80', actual: '100' } },
  });
  const error = fromServiceError(raw, { method: '/floorman.v1.TableService/RecordAction', requestId: 'r-1' });
  assert.ok(error instanceof RuleViolationError && error instanceof FloormanError);
  assert.deepEqual([error.rule, error.seat, error.expected, error.actual], ['fixed_limit.cap', 4, '80', '100']);
  assert.equal(error.message,
    'FAILED_PRECONDITION: fixed_limit.cap: the round is capped (/floorman.v1.TableService/RecordAction)');
  assert.equal(error.requestId, 'r-1');
  assert.equal(error.cause, raw);
});

test('BadRequest details become InvalidArgumentError violations with rule ids split off', () => {
  const raw = serviceError(grpc.status.INVALID_ARGUMENT, '2 invalid fields', {
    violations: [['history[7]', 'bet.amount: a raise to 30 is not 40'], ['settings.game', 'a game is required']],
  });
  const error = fromServiceError(raw);
  assert.ok(error instanceof InvalidArgumentError);
  assert.deepEqual(error.fields, ['history[7]', 'settings.game']);
  assert.deepEqual(error.violations.map((v) => [v.rule, v.message]), [
    ['bet.amount', 'a raise to 30 is not 40'], ['', 'a game is required'],
  ]);
});

test('SEQUENCE_MISMATCH, TABLE_EXISTS and UNVERIFIABLE_HAND have their classes', () => {
  const mismatch = fromServiceError(serviceError(grpc.status.ABORTED, 'stale', {
    errorInfo: { reason: 'SEQUENCE_MISMATCH', metadata: { current_sequence: '17', expected_sequence: '15' } },
  }));
  assert.ok(mismatch instanceof SequenceMismatchError);
  assert.deepEqual([mismatch.currentSequence, mismatch.expectedSequence], [17, 15]);
  const exists = fromServiceError(serviceError(grpc.status.ALREADY_EXISTS, 'taken', {
    errorInfo: { reason: 'TABLE_EXISTS' },
  }));
  assert.ok(exists instanceof TableExistsError);
  const unverifiable = fromServiceError(serviceError(grpc.status.FAILED_PRECONDITION, 'unknown cards', {
    errorInfo: { reason: 'UNVERIFIABLE_HAND', metadata: { rule: 'card.unknown', seats: '2,5' } },
  }));
  assert.ok(unverifiable instanceof UnverifiableHandError);
  assert.deepEqual(unverifiable.seats, [2, 5]);
});

test('a status without details, or with a garbled trailer, still maps by code', () => {
  const plain = fromServiceError(Object.assign(new Error('x'), { code: grpc.status.UNAVAILABLE, details: 'x' }));
  assert.ok(plain instanceof UnavailableError);
  assert.deepEqual(decodeStatusDetails(Buffer.from([0xff, 0xff, 0xff])).errorInfo, null);
});

/** A fake grpc-js stub method: answers from a script; records requests and deadlines. */
function scriptedStub(name, outcomes) {
  const seen = [];
  return {
    seen,
    [name](request, metadata, options, callback) {
      seen.push({ request, metadata: metadata.getMap(), deadline: options.deadline });
      const outcome = outcomes.shift();
      setImmediate(() => (outcome instanceof Error ? callback(outcome) : callback(null, outcome)));
    },
  };
}

function fastCaller(options = {}) {
  const sleeps = [];
  const caller = new Caller({ sleep: async (ms) => { sleeps.push(ms); }, random: () => 0.5, ...options });
  return { caller, sleeps };
}

test('a write retried after UNAVAILABLE reuses its request id, with growing backoffs', async () => {
  const down = () => serviceError(grpc.status.UNAVAILABLE, 'down');
  const stub = scriptedStub('recordAction', [down(), down(), { table: { sequence: 9 } }]);
  const { caller, sleeps } = fastCaller({ token: 'tok' });
  const tables = new TableClient(stub, caller);
  const answer = await tables.recordAction({ tableId: 't', expectedSequence: 8, action: m.action('check', { seat: 1 }) });
  assert.equal(answer.table.sequence, 9);
  const ids = stub.seen.map((s) => s.request.requestId);
  assert.equal(ids.length, 3);
  assert.ok(ids[0] && ids.every((id) => id === ids[0]));
  assert.deepEqual(sleeps, [100, 200]);
  assert.ok(stub.seen.every((s) => s.metadata.authorization === 'Bearer tok'));
});

test('retries stop at maxAttempts; the error names the request id and the attempts', async () => {
  const stub = scriptedStub('startHand', Array.from({ length: 3 }, () => serviceError(grpc.status.UNAVAILABLE, 'down')));
  const { caller } = fastCaller({ retry: new RetryPolicy({ maxAttempts: 3 }) });
  const error = await new TableClient(stub, caller)
    .startHand({ tableId: 't', expectedSequence: 0, requestId: 'start-1' }).then(() => null, (e) => e);
  assert.ok(error instanceof UnavailableError);
  assert.deepEqual([error.attempts, error.requestId], [3, 'start-1']);
});

test('a sequence mismatch is never retried; another ABORTED is', async () => {
  const mismatch = serviceError(grpc.status.ABORTED, 'stale', {
    errorInfo: { reason: 'SEQUENCE_MISMATCH', metadata: { current_sequence: '3' } },
  });
  const stub = scriptedStub('sitOut', [mismatch, { table: { sequence: 4 } }]);
  const { caller, sleeps } = fastCaller();
  const error = await new TableClient(stub, caller)
    .sitOut({ tableId: 't', expectedSequence: 1, seat: 2 }).then(() => null, (e) => e);
  assert.ok(error instanceof SequenceMismatchError);
  assert.equal(stub.seen.length, 1);
  assert.deepEqual(sleeps, []);
  const transient = scriptedStub('sitOut', [serviceError(grpc.status.ABORTED, 'conflict'), { table: { sequence: 4 } }]);
  const answer = await new TableClient(transient, fastCaller().caller).sitOut({ tableId: 't', expectedSequence: 3, seat: 2 });
  assert.equal(answer.table.sequence, 4);
  assert.equal(transient.seen.length, 2);
});

test('no retry starts past the deadline', async () => {
  const stub = scriptedStub('getTable', [serviceError(grpc.status.UNAVAILABLE, 'down'), { table: {} }]);
  const { caller, sleeps } = fastCaller({ retry: new RetryPolicy({ initialBackoffMs: 5_000 }), timeoutMs: 1_000 });
  const error = await new TableClient(stub, caller).getTable({ tableId: 't' }).then(() => null, (e) => e);
  assert.ok(error instanceof UnavailableError);
  assert.deepEqual(sleeps, []);
  assert.ok(stub.seen[0].deadline instanceof Date);
});

test('RetryPolicy validates its settings and caps its backoff', () => {
  assert.throws(() => new RetryPolicy({ maxAttempts: 0 }), RangeError);
  assert.throws(() => new RetryPolicy({ jitter: 1 }), RangeError);
  const policy = new RetryPolicy({ maxBackoffMs: 500 });
  assert.deepEqual([1, 2, 3, 4].map((n) => policy.delayMs(n, () => 0.5)), [100, 200, 400, 500]);
});

test('bearer tokens travel as authorization metadata; malformed ones are refused', () => {
  assert.deepEqual(bearerMetadata('abc').getMap(), { authorization: 'Bearer abc' });
  assert.deepEqual(bearerMetadata(null).getMap(), {});
  assert.throws(() => bearerMetadata('two words'), TypeError);
  assert.throws(() => channelCredentials({ certChain: Buffer.from('x') }), TypeError);
});

test('builders: mixed-table rotations (RULES.md "Mixed games")', () => {
  assert.deepEqual(m.tableSettings(null, { smallBet: 20, ante: 5, rotation: 'horse' }), {
    name: '', rotation: { named: 'ROTATION_HORSE' }, stakes: { smallBet: 20, ante: 5 },
  });
  assert.deepEqual(m.gameRotation('8-game'), { named: 'ROTATION_EIGHT_GAME' });
  assert.deepEqual(m.gameRotation([['holdem', { bettingStructure: 'no_limit', bigBlind: 10 }], ['razz']]), {
    custom: { entries: [
      { game: 'GAME_TEXAS_HOLDEM', bettingStructure: 'BETTING_STRUCTURE_NO_LIMIT', stakes: { bigBlind: 10 } },
      { game: 'GAME_RAZZ' },
    ] },
  });
  assert.deepEqual(m.gameRotation([m.rotationEntry('stud')], { dealersChoice: true }), {
    dealersChoice: { entries: [{ game: 'GAME_SEVEN_CARD_STUD' }] },
  });
  assert.throws(() => m.gameRotation('horse', { dealersChoice: true }));
});

test('builders: game aliases, actions, deals, settings, history events', () => {
  assert.equal(m.gameName('stud8'), 'GAME_SEVEN_CARD_STUD_HI_LO');
  assert.equal(m.gameName('razz'), 'GAME_RAZZ');
  assert.equal(m.gameName('five_card_stud'), 'GAME_FIVE_CARD_STUD');
  assert.equal(m.gameName('holdem'), 'GAME_TEXAS_HOLDEM');
  assert.equal(m.gameName('omaha8'), 'GAME_OMAHA_HI_LO');
  assert.equal(m.gameName('omaha5-8'), 'GAME_FIVE_CARD_OMAHA_HI_LO');
  assert.equal(m.gameName('shortdeck'), 'GAME_SHORT_DECK_HOLDEM');
  assert.equal(m.gameName('27sd'), 'GAME_DEUCE_TO_SEVEN_SINGLE_DRAW');
  assert.equal(m.gameName('2-7-triple'), 'GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW');
  assert.equal(m.gameName('A5TD'), 'GAME_ACE_TO_FIVE_TRIPLE_DRAW');
  assert.equal(m.gameName('badugi'), 'GAME_BADUGI');
  assert.deepEqual(m.action('bring-in', { seat: 3, amount: 10 }),
    { seat: 3, type: 'ACTION_TYPE_BRING_IN', amount: 10, cards: [] });
  assert.deepEqual(m.deal(0, 'Ah', { faceUp: true }), { seat: 0, cards: ['Ah'], faceUp: true });
  assert.deepEqual(m.tableSettings('razz', { smallBet: 20, ante: 5, dealMode: 'recorded', maxSeats: 6 }), {
    name: '', game: 'GAME_RAZZ', maxSeats: 6, dealMode: 'DEAL_MODE_RECORDED', stakes: { smallBet: 20, ante: 5 },
  });
  assert.deepEqual(m.toHistory([m.deal(1, 'Ah'), m.action('fold', { seat: 1 })]).map((e) => Object.keys(e)[0]),
    ['deal', 'action']);
});
