'use strict';
/**
 * The Node.js client against the real Python server (started here: `floorman serve` on an
 * ephemeral port): evaluate, a whole recorded hand with exact settled stacks, a refused
 * illegal action with its error details, a sequence mismatch, idempotent retries reusing the
 * request id, a WatchTable subscription receiving the hand's events in order, an audit, the
 * example script, and a second server with bearer tokens and TLS.
 */
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { after, before, describe, test } = require('node:test');
const grpc = require('@grpc/grpc-js');
const {
  FloormanClient, InvalidArgumentError, NO_RETRIES, PermissionDeniedError, RequestIdConflictError,
  RetryPolicy, RuleViolationError, SequenceMismatchError, TableSession, UnauthenticatedError,
  messages: m,
} = require('..');
const { REPO_ROOT, startServer } = require('./helpers/server');

// The recorded Five Card Draw hand (RULES.md Five Card Draw; 10/20 blinds, seat 1 the
// button): seat 1 folds, seat 2 raises to 40, seat 3 calls; both draw three; seat 2 bets 40,
// seat 3 calls; seat 2 shows three aces, seat 3 mucks. The 160 pot goes to seat 2.
const HAND = [
  ['deal', [m.deal(2, 'Ah Ad Kc Qs 7d'), m.deal(3, '2c 2d 5h 9s Jc'), m.deal(1, '3c 4d 8h Ts Kh')]],
  ['act', m.action('fold', { seat: 1 })],
  ['act', m.action('raise', { seat: 2, amount: 40 })],
  ['act', m.action('call', { seat: 3 })],
  ['act', m.action('draw', { seat: 2, cards: 'Kc Qs 7d' })],
  ['deal', [m.deal(2, 'Ac 9d 8c')]],
  ['act', m.action('draw', { seat: 3, cards: '5h 9s Jc' })],
  ['deal', [m.deal(3, '2h 3s 4s')]],
  ['act', m.action('bet', { seat: 2, amount: 40 })],
  ['act', m.action('call', { seat: 3 })],
  ['act', m.action('show', { seat: 2, cards: 'Ah Ad Ac 9d 8c' })],
  ['act', m.action('muck', { seat: 3 })],
];
const FINAL_STACKS = { 1: 1000, 2: 1080, 3: 920 };
const HAND_KINDS = ['handStarted', 'deal', 'deal', 'deal', 'action', 'action', 'action',
  'action', 'deal', 'action', 'deal', 'action', 'action', 'action', 'action', 'handSettled'];

const TEST_TIMEOUT_MS = 30_000;

let server;
let client;
let tableCount = 0;

async function seatedTable(tables = client.tables) {
  tableCount += 1;
  const settings = m.tableSettings('draw', { smallBet: 20, dealMode: 'recorded', name: 'node' });
  const tableId = `node-${process.pid}-${tableCount}`;
  const session = await TableSession.create(tables, { settings, tableId });
  for (const seat of [1, 2, 3]) {
    await session.seatPlayer({ seat, playerId: `p${seat}`, buyIn: 1000 });
  }
  return session;
}

async function play(session, steps = HAND) {
  let { hand } = await session.startHand();
  for (const [kind, step] of steps) {
    ({ hand } = kind === 'deal' ? await session.dealCards(step) : await session.recordAction(step));
  }
  return hand;
}

function stacks(list) {
  return Object.fromEntries(list.map((s) => [s.seat, Number(s.stack)]));
}

before(async () => {
  server = await startServer();
  client = new FloormanClient(server.address, { timeoutMs: 15_000 });
  await client.waitForReady(15_000);
});

after(async () => {
  if (client) client.close();
  if (server) assert.equal(await server.stop(), 0, `server stderr:\n${server.stderr()}`);
});

describe('RulesService', { timeout: TEST_TIMEOUT_MS }, () => {
  test('EvaluateHand: a Razz 7-4-3-2-A low (RULES.md Razz)', async () => {
    const answer = await client.rules.evaluateHand({ game: 'razz', cards: 'As 2c 3d 4h 7s Kc Kd' });
    assert.equal(answer.high, null);
    assert.equal(answer.low.description, '7-4-3-2-A');
    assert.deepEqual(answer.low.bestCards, ['7s', '4h', '3d', '2c', 'As']);
    assert.equal(answer.low.category, 'HAND_CATEGORY_HIGH_CARD');
  });

  test('Badugi and 2-7 by short names: the low, the cards that play (RULES.md "Lowball draw and Badugi")', async () => {
    const badugi = await client.rules.evaluateHand({ game: 'badugi', cards: 'Kc 2d 2h 4s' });
    assert.equal(badugi.high, null);
    assert.equal(badugi.low.category, 'HAND_CATEGORY_BADUGI_THREE_CARDS');
    assert.equal(badugi.low.description, '3-card K-4-2');
    assert.deepEqual(badugi.low.bestCards, ['Kc', '4s', '2d']);
    const lowball = await client.rules.compareHands({ game: '27td', hands: ['As 2d 3c 4h 5s', 'Kc Qd Jh Ts 8c'] });
    assert.deepEqual(lowball.winners, [1]);
    assert.deepEqual(lowball.results.map((r) => r.low.description), ['A-5-4-3-2', 'K-Q-J-T-8']);
  });

  test('malformed cards: InvalidArgumentError with field paths and rule ids', async () => {
    const error = await client.rules.evaluateHand({ game: 'draw7a', cards: '2h Xx Ah Kd Qc' })
      .then(() => null, (e) => e);
    assert.ok(error instanceof InvalidArgumentError, String(error));
    assert.equal(error.code, grpc.status.INVALID_ARGUMENT);
    assert.deepEqual(error.violations.map((v) => [v.field, v.rule]), [
      ['cards[0]', 'card.not_in_deck'],
      ['cards[1]', 'card.malformed'],
    ]);
  });
});

describe('TableService', { timeout: TEST_TIMEOUT_MS }, () => {
  test('a whole recorded hand settles to exact stacks (RULES.md Five Card Draw)', async () => {
    const session = await seatedTable();
    const hand = await play(session);
    assert.equal(hand.complete, true);
    assert.deepEqual(hand.result.pots.map((p) => [Number(p.amount), p.winnerSeats]), [[160, [2]]]);
    assert.deepEqual(hand.result.payouts.map((p) => [p.seat, Number(p.amount)]), [[2, 160]]);
    assert.deepEqual(stacks(hand.result.finalStacks), FINAL_STACKS);
    const table = await session.refresh();
    assert.deepEqual(stacks(table.seats), FINAL_STACKS);
    assert.equal(Number(table.handCount), 1);
  });

  test('a HORSE table: the rotation in GetTable; StartHand naming another game is rotation.game', async () => {
    const settings = m.tableSettings(null, { smallBet: 20, ante: 5, rotation: 'horse', dealMode: 'recorded' });
    const session = await TableSession.create(client.tables, { settings, tableId: `node-horse-${process.pid}` });
    for (const seat of [1, 2, 3]) await session.seatPlayer({ seat, playerId: `h${seat}`, buyIn: 1000 });
    const { table } = await client.tables.getTable({ tableId: session.tableId });
    assert.equal(table.settings.rotation.named, 'ROTATION_HORSE');
    assert.equal(table.settings.maxSeats, 8);
    assert.equal(table.rotation.next.game, 'GAME_TEXAS_HOLDEM');
    await assert.rejects(session.startHand({ game: m.gameName('razz') }), (error) => {
      assert.ok(error instanceof RuleViolationError);
      assert.equal(error.rule, 'rotation.game');
      return true;
    });
    const { hand } = await session.startHand({ game: 'GAME_TEXAS_HOLDEM' });
    assert.equal(hand.config.game, 'GAME_TEXAS_HOLDEM');
  });

  test('a refused illegal action: FAILED_PRECONDITION, ErrorInfo RULE_VIOLATION, rule id', async () => {
    const session = await seatedTable();
    await session.startHand();
    await session.dealCards(HAND[0][1]);
    const before = session.sequence;
    const error = await session.recordAction(m.action('check', { seat: 3 })).then(() => null, (e) => e);
    assert.ok(error instanceof RuleViolationError, String(error));
    assert.equal(error.code, grpc.status.FAILED_PRECONDITION);
    assert.equal(error.codeName, 'FAILED_PRECONDITION');
    assert.equal(error.reason, 'RULE_VIOLATION');
    assert.equal(error.domain, 'floorman');
    assert.deepEqual(error.metadata, { rule: 'turn.out_of_turn', seat: '3', expected: '1', actual: '3' });
    assert.deepEqual([error.rule, error.seat, error.expected, error.actual], ['turn.out_of_turn', 3, '1', '3']);
    assert.match(error.requestId, /^[0-9a-f-]{36}$/);
    assert.equal(session.sequence, before);
    const { hand } = await session.recordAction(m.action('fold', { seat: 1 }));
    assert.equal(hand.state.seatToAct, 2);
  });

  test('a stale expected sequence: ABORTED SEQUENCE_MISMATCH with current_sequence', async () => {
    const session = await seatedTable();
    const error = await client.tables.sitOut({
      tableId: session.tableId, expectedSequence: session.sequence - 2, seat: 1,
    }).then(() => null, (e) => e);
    assert.ok(error instanceof SequenceMismatchError, String(error));
    assert.equal(error.code, grpc.status.ABORTED);
    assert.equal(error.reason, 'SEQUENCE_MISMATCH');
    assert.equal(error.currentSequence, session.sequence);
    assert.equal(error.expectedSequence, session.sequence - 2);
    assert.equal(error.attempts, 1);
  });

  test('the same request id answers the first answer; another payload conflicts', async () => {
    const session = await seatedTable();
    const request = { tableId: session.tableId, expectedSequence: session.sequence, seat: 2, requestId: 'sit-2' };
    const first = await client.tables.sitOut(request);
    const again = await client.tables.sitOut(request);
    assert.deepEqual(again, first);
    assert.equal(Number((await session.refresh()).sequence), Number(first.table.sequence));
    const conflict = await client.tables.sitOut({ ...request, seat: 3 }).then(() => null, (e) => e);
    assert.ok(conflict instanceof RequestIdConflictError, String(conflict));
  });

  test('a lost answer is retried with the same request id and applied once', async () => {
    const sent = [];
    let lose = 1;
    const loseFirstAnswer = (options, nextCall) => {
      if (options.method_definition.path !== '/floorman.v1.TableService/RecordAction') {
        return new grpc.InterceptingCall(nextCall(options));
      }
      return new grpc.InterceptingCall(nextCall(options), {
        sendMessage(message, next) { sent.push(message.requestId); next(message); },
        start(metadata, listener, next) {
          next(metadata, {
            onReceiveStatus(status, nextStatus) {
              if (status.code === grpc.status.OK && lose > 0) {
                lose -= 1;
                nextStatus({ ...status, code: grpc.status.UNAVAILABLE, details: 'answer lost (test)' });
              } else nextStatus(status);
            },
          });
        },
      });
    };
    const lossy = new FloormanClient(server.address, {
      interceptors: [loseFirstAnswer], retry: new RetryPolicy({ initialBackoffMs: 10 }),
    });
    try {
      const session = await seatedTable(lossy.tables);
      await session.startHand();
      await session.dealCards(HAND[0][1]);
      const before = session.sequence;
      const { hand } = await session.recordAction(m.action('fold', { seat: 1 }));
      assert.equal(sent.length, 2);
      assert.equal(sent[0], sent[1]);
      assert.equal(session.sequence, before + 1);
      assert.equal(hand.state.seatToAct, 2);
      const events = await session.watch({ afterSequence: before }).until(before + 1);
      assert.deepEqual(events.map((e) => [e.kind, e.action.seat]), [['action', 1]]);
    } finally {
      lossy.close();
    }
  });

  test('WatchTable: a live subscription receives the hand\'s events in order', async () => {
    const session = await seatedTable();
    const start = session.sequence;
    const watch = session.watch({ afterSequence: start, timeoutMs: 30_000 });
    const received = (async () => {
      const events = [];
      for await (const event of watch) {
        events.push(event);
        if (event.kind === 'handSettled') break;
      }
      return events;
    })();
    const hand = await play(session);
    const events = await received;
    watch.cancel();
    assert.deepEqual(events.map((e) => Number(e.sequence)),
      Array.from({ length: session.sequence - start }, (_, i) => start + 1 + i));
    assert.deepEqual(events.map((e) => e.kind), HAND_KINDS);
    assert.ok(events.every((e) => e.handId === hand.handId));
    assert.deepEqual(events.at(-1).handSettled.result.finalStacks.map((s) => [s.seat, Number(s.stack)]),
      Object.entries(FINAL_STACKS).map(([seat, stack]) => [Number(seat), stack]));
  });
});

describe('AuditService', { timeout: TEST_TIMEOUT_MS }, () => {
  test('an exported hand audits clean; paid to the wrong seats it has payout findings and, as an altered copy of the same hand, history.duplicate_hand', async () => {
    const session = await seatedTable();
    const hand = await play(session);
    const { content } = await client.tables.exportHandHistory({
      tableId: session.tableId, handId: hand.handId, format: 'HISTORY_FORMAT_PHH',
    });
    const wrong = content.replace('winnings = [160, 0, 0]', 'winnings = [80, 80, 0]');
    assert.notEqual(wrong, content);
    const answer = await client.audit.auditHandHistoriesStream({
      documents: [{ name: 'good.phh', content }, { name: 'bad.phh', content: wrong }],
    });
    assert.deepEqual(answer.hands.map((h) => h.status), ['AUDIT_STATUS_CLEAN', 'AUDIT_STATUS_FINDINGS']);
    assert.deepEqual(answer.hands[1].findings.map((f) => [f.rule, f.seat]), [
      ['history.duplicate_hand', 0], ['payout.amount', 2], ['showdown.wrong_winner', 3],
    ]);
    const twice = await client.audit.auditHandHistories({
      documents: [{ name: 'a.phh', content }, { name: 'b.phh', content }],
    });
    assert.deepEqual(twice.hands.map((h) => h.status), ['AUDIT_STATUS_CLEAN', 'AUDIT_STATUS_DUPLICATE']);
    assert.equal(Number(twice.summary.duplicates), 1);
  });
});

describe('examples/play-hand.js', { timeout: TEST_TIMEOUT_MS }, () => {
  test('plays a whole Seven Card Stud hand to its settlement', () => {
    const example = path.join(__dirname, '..', 'examples', 'play-hand.js');
    const output = execFileSync(process.execPath, [example, server.address], { encoding: 'utf8' });
    assert.match(output, /^table \S+: Seven Card Stud 20\/40, ante 5$/m);
    assert.match(output, /^pot \d+ to seat\(s\) [1-3]/m);
    const stacks = /^final stacks: seat 1: (\d+), seat 2: (\d+), seat 3: (\d+)$/m.exec(output);
    assert.ok(stacks, output);
    assert.equal(stacks.slice(1).map(Number).reduce((a, b) => a + b), 3000); // chips conserved
  });
});

describe('a server with bearer tokens and TLS', { timeout: 90_000 }, () => {
  let secure;
  let dir;
  const tokens = { admin: `fm_${randomBytes(24).toString('hex')}`, auditor: `fm_${randomBytes(24).toString('hex')}` };
  const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
  const connect = (token) => new FloormanClient(`localhost:${secure.port}`, {
    token, rootCert: path.join(dir, 'ca.crt'), retry: NO_RETRIES, timeoutMs: 15_000,
  });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floorman-node-auth-'));
    execFileSync('bash', [path.join(REPO_ROOT, 'deploy', 'tls', 'make-test-ca.sh'), dir], { stdio: 'ignore' });
    const auth = Object.entries(tokens).map(([name, token]) =>
      `[[tokens]]\nname = "${name}"\nsha256 = "${sha256(token)}"\nrole = "${name}"\n`).join('\n');
    fs.writeFileSync(path.join(dir, 'auth.toml'), auth);
    secure = await startServer(['--auth-file', path.join(dir, 'auth.toml'),
      '--tls-cert', path.join(dir, 'server.crt'), '--tls-key', path.join(dir, 'server.key')]);
  });

  after(async () => {
    if (secure) assert.equal(await secure.stop(), 0, secure.stderr());
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the token selects the role; missing and wrong-role calls are refused', async () => {
    const admin = connect(tokens.admin);
    const auditor = connect(tokens.auditor);
    const anonymous = connect(null);
    try {
      const { low } = await admin.rules.evaluateHand({ game: 'razz', cards: 'As 2c 3d 4h 7s' });
      assert.equal(low.description, '7-4-3-2-A');
      const { table } = await admin.tables.createTable({
        settings: m.tableSettings('razz', { smallBet: 20, ante: 5 }), tableId: 'node-secure',
      });
      assert.equal(Number(table.sequence), 1);
      assert.equal((await auditor.tables.getTable({ tableId: 'node-secure' })).table.tableId, 'node-secure');
      const denied = await auditor.tables.closeTable({ tableId: 'node-secure', expectedSequence: 1 })
        .then(() => null, (e) => e);
      assert.ok(denied instanceof PermissionDeniedError, String(denied));
      assert.equal(denied.reason, 'ROLE_NOT_ALLOWED');
      const missing = await anonymous.tables.getTable({ tableId: 'node-secure' }).then(() => null, (e) => e);
      assert.ok(missing instanceof UnauthenticatedError, String(missing));
      assert.equal(missing.reason, 'TOKEN_MISSING');
    } finally {
      admin.close();
      auditor.close();
      anonymous.close();
    }
  });
});
