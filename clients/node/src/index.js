'use strict';
/**
 * floorman-client: a Node.js client for floorman (floorman.v1 over gRPC).
 *
 *   const { FloormanClient, TableSession, messages } = require('floorman-client');
 *   const client = new FloormanClient('127.0.0.1:50051');
 *   const { low } = await client.rules.evaluateHand({ game: 'razz', cards: 'As 2c 3d 4h 7s' });
 *
 * ESM: `import { FloormanClient } from 'floorman-client'` (src/index.mjs). See README.md.
 */
const client = require('./client');
const errors = require('./errors');
const retry = require('./retry');
const messages = require('./messages');
const { TableSession } = require('./session');
const { TableWatch } = require('./watch');
const { loadFloorman, loadFloormanRoot, loadGoogleRpc, DEFAULT_PROTO_ROOT } = require('./proto');

module.exports = {
  ...client,
  ...errors,
  ...retry,
  messages,
  TableSession,
  TableWatch,
  loadFloorman,
  loadFloormanRoot,
  loadGoogleRpc,
  DEFAULT_PROTO_ROOT,
};
