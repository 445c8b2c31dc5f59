'use strict';
/**
 * The Node.js client's batch and stream calls (issue 15 point 1) against the real Python
 * server: BatchEvaluateHands and BatchCompareHands answer in order with per-item errors
 * (itemError: InvalidArgumentError, fields prefixed by the item), an unknown game name is
 * refused before sending, EvaluateHandStream answers each message in order past a bad hand.
 */
const assert = require('node:assert/strict');
const { after, before, describe, test } = require('node:test');
const { FloormanClient, InvalidArgumentError, itemError } = require('..');
const { startServer } = require('./helpers/server');

let server;
let client;

before(async () => {
  server = await startServer();
  client = new FloormanClient(server.address, { timeoutMs: 15_000 });
  await client.waitForReady(15_000);
});

after(async () => {
  if (client) client.close();
  if (server) assert.equal(await server.stop(), 0, `server stderr:\n${server.stderr()}`);
});

const HANDS = [
  { game: 'razz', cards: 'As 2c 3d 4h 7s Kc Kd' },
  { game: 'stud', cards: 'As Ad' },
  { game: 'GAME_FIVE_CARD_DRAW', cards: ['Ah', 'Kh', 'Qh', 'Jh', 'Th'] },
];

describe('RulesService batch and stream', { timeout: 30_000 }, () => {
  test('BatchEvaluateHands: results in order, a bad hand its own error', async () => {
    const { results } = await client.rules.batchEvaluateHands({ hands: HANDS });
    assert.deepEqual(results.map((r) => r.result), ['answer', 'error', 'answer']);
    assert.equal(results[0].answer.low.description, '7-4-3-2-A');
    assert.equal(results[2].answer.high.description, 'Royal flush');
    const error = itemError(results[1].error, { method: '/floorman.v1.RulesService/BatchEvaluateHands' });
    assert.ok(error instanceof InvalidArgumentError, String(error));
    assert.deepEqual(error.violations.map((v) => [v.field, v.rule]), [['requests[1].cards', 'card.count']]);
  });

  test('BatchCompareHands: winners per showdown, a duplicate card its own error', async () => {
    const { results } = await client.rules.batchCompareHands({
      showdowns: [
        { game: 'draw7a', hands: ['Ac Ad As Kc Kd', '7h 9h Jh Qh Kh'] },
        { game: 'draw', hands: ['Ac Ad As Kc Kd', 'Ac 9h Jh Qh Kh'] },
      ],
    });
    assert.deepEqual(results[0].answer.winners, [1]);
    assert.deepEqual(itemError(results[1].error).violations.map((v) => [v.field, v.rule]),
      [['requests[1].hands[1].cards[0]', 'card.duplicate']]);
  });

  test('an unknown game name is a RangeError and nothing is sent', async () => {
    await assert.rejects(
      client.rules.batchEvaluateHands({ hands: [{ game: 'gin rummy', cards: 'As' }] }),
      RangeError,
    );
  });

  test('an over-size batch is InvalidArgumentError for the whole call', async () => {
    const error = await client.rules.batchEvaluateHands({ hands: Array(10_001).fill(HANDS[0]) })
      .then(() => null, (e) => e);
    assert.ok(error instanceof InvalidArgumentError, String(error));
    assert.deepEqual(error.violations.map((v) => v.field), ['requests']);
  });

  test('EvaluateHandStream: one answer per message, in order, past a bad hand', async () => {
    const answers = [];
    for await (const answer of client.rules.evaluateHandStream({ messages: [HANDS.slice(0, 1), HANDS.slice(1), []] })) {
      answers.push(answer.results.map((r) => r.result));
    }
    assert.deepEqual(answers, [['answer'], ['error', 'answer'], []]);
  });

  test('EvaluateHandStream: an unknown game name while sending ends the stream with RangeError', async () => {
    const stream = client.rules.evaluateHandStream({ messages: [[{ game: 'gin rummy', cards: 'As' }]] });
    await assert.rejects(async () => {
      for await (const answer of stream) assert.fail(`unexpected ${JSON.stringify(answer)}`);
    }, RangeError);
  });
});
