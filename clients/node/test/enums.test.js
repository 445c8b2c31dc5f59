'use strict';
/**
 * Enum names and field names checked in the client against the shipped protos (validate.js):
 * a misspelt name is refused with the known names before anything is sent, instead of going
 * out as the enum's default (a recorded table created as service-dealt). The enums come from
 * the protos, so every Game of the contract (the draw lowball games and Badugi included) is
 * known without a list in the client. Also: the ES-module entry exports what the CommonJS one
 * does.
 */
const assert = require('node:assert/strict');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { test } = require('node:test');
const {
  Caller, RulesClient, TableClient, loadFloormanRoot, messages: m, requestChecker,
} = require('..');

const root = loadFloormanRoot();

/** A stub whose every method records the request and answers `answer`. */
function recordingStub(answer = { table: { sequence: 1 } }) {
  const seen = [];
  return new Proxy({ seen }, {
    get(target, name) {
      if (name in target) return target[name];
      return (request, metadata, options, done) => { seen.push({ name, request }); done(null, answer); };
    },
  });
}

function checkedCaller() {
  return new Caller({ check: requestChecker(root) });
}

test('a misspelt dealMode in the builder is a RangeError listing the known names', () => {
  assert.throws(() => m.tableSettings('draw', { smallBet: 20, dealMode: 'recordd' }), (error) => {
    assert.ok(error instanceof RangeError);
    assert.match(error.message, /dealMode: unknown floorman\.v1\.DealMode 'recordd'/);
    assert.match(error.message, /DEAL_MODE_SERVICE_DEALT, DEAL_MODE_RECORDED$/);
    return true;
  });
});

test('a raw request with an enum name that is not a full name is refused before sending', async () => {
  const stub = recordingStub();
  const tables = new TableClient(stub, checkedCaller());
  const settings = { game: 'GAME_TEXAS_HOLDEM', bettingStructure: 'NO_LIMIT', stakes: { smallBlind: 1, bigBlind: 2 } };
  const error = await tables.createTable({ settings }).then(() => null, (e) => e);
  assert.ok(error instanceof RangeError);
  assert.equal(error.message, "settings.bettingStructure: unknown floorman.v1.BettingStructure 'NO_LIMIT'; "
    + 'known: BETTING_STRUCTURE_FIXED_LIMIT, BETTING_STRUCTURE_POT_LIMIT, BETTING_STRUCTURE_NO_LIMIT');
  assert.equal(stub.seen.length, 0);
  await tables.createTable({ settings: { ...settings, bettingStructure: 'BETTING_STRUCTURE_NO_LIMIT' } });
  assert.equal(stub.seen.length, 1);
});

test('a nested enum in a repeated field and an unknown number are refused with their path', async () => {
  const rules = new RulesClient(recordingStub({}), checkedCaller());
  const config = { game: 'GAME_RAZZ', stakes: { smallBet: 20 }, seats: [] };
  const history = [{ action: { seat: 1, type: 'ACTION_TYPE_RAISE', amount: 40 } },
    { action: { seat: 2, type: 'ACTION_TYPE_RAIZE' } }];
  await assert.rejects(rules.listLegalActions({ config, history }),
    { name: 'RangeError', message: /^history\[1\]\.action\.type: unknown floorman\.v1\.ActionType 'ACTION_TYPE_RAIZE'; known: ACTION_TYPE_FOLD, / });
  await assert.rejects(rules.listLegalActions({ config: { ...config, game: 99 }, history: [] }),
    { name: 'RangeError', message: /^config\.game: unknown floorman\.v1\.Game 99; known: GAME_FIVE_CARD_DRAW_7A, / });
});

test('a method refuses a misspelt name by rejecting, not by throwing', async () => {
  const rules = new RulesClient(recordingStub({}), checkedCaller());
  const pending = rules.evaluateHand({ game: 'razzz', cards: 'As 2c 3d 4h 7s' });
  assert.ok(pending instanceof Promise);
  await assert.rejects(pending, { name: 'RangeError', message: /^game: unknown floorman\.v1\.Game 'razzz'/ });
});

test('a field the message does not have is a TypeError listing its fields', async () => {
  const tables = new TableClient(recordingStub(), checkedCaller());
  await assert.rejects(tables.createTable({ settings: { game: 'GAME_RAZZ', stakes: { smallBet: 20, antee: 5 } } }),
    { name: 'TypeError', message: /^settings\.stakes\.antee: floorman\.v1\.Stakes has no field 'antee'; fields: .*\bante\b/ });
});

test('every Game of the protos is known by its full and its short name, nothing else', () => {
  const games = Object.keys(root.lookupEnum('floorman.v1.Game').values).filter((n) => n !== 'GAME_UNSPECIFIED');
  assert.ok(games.includes('GAME_DEUCE_TO_SEVEN_SINGLE_DRAW') && games.includes('GAME_BADUGI'));
  for (const name of games) {
    assert.equal(m.gameName(name), name);
    assert.equal(m.gameName(name.slice('GAME_'.length).toLowerCase()), name);
  }
  assert.throws(() => m.gameName('badugee'), (error) => error instanceof RangeError
    && games.every((name) => error.message.includes(name)));
});

test('short forms in builders and method arguments: actions, entry, export format, audit format', async () => {
  assert.equal(m.action('bring-in', { seat: 3 }).type, 'ACTION_TYPE_BRING_IN');
  assert.throws(() => m.action('rasie', { seat: 3 }), /unknown floorman\.v1\.ActionType 'rasie'; known \(the prefix may be left out, any case\): ACTION_TYPE_FOLD/);
  assert.equal(m.enumName('BUTTON_RULE_', 'dead button'), 'BUTTON_RULE_DEAD_BUTTON');
  const stub = recordingStub({ content: '', mediaType: '' });
  const tables = new TableClient(stub, checkedCaller());
  await tables.seatPlayer({ tableId: 't', expectedSequence: 1, seat: 1, playerId: 'p', buyIn: 100, entry: 'post_big_blind' });
  await tables.exportHandHistory({ tableId: 't', handId: 'h', format: 'phh' });
  assert.equal(stub.seen[0].request.entry, 'ENTRY_OPTION_POST_BIG_BLIND');
  assert.equal(stub.seen[1].request.format, 'HISTORY_FORMAT_PHH');
  await assert.rejects(tables.exportHandHistory({ tableId: 't', format: 'phhh' }), /format: unknown floorman\.v1\.HistoryFormat 'phhh'/);
});

test('the ES-module entry exports every name of the CommonJS entry, the same objects', async () => {
  const esm = await import(pathToFileURL(path.join(__dirname, '..', 'src', 'index.mjs')).href);
  const cjs = require('..');
  for (const name of Object.keys(cjs)) assert.equal(esm[name], cjs[name], name);
  assert.equal(esm.default, cjs);
});
