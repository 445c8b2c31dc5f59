#!/usr/bin/env node
/**
 * The ES-module way in: evaluate a Razz hand and a Hold'em hand with its board, and show that
 * a misspelt enum name is refused in the client, with the known names, before anything is sent.
 *
 *   node examples/evaluate.mjs [HOST:PORT]
 *
 * Environment: FLOORMAN_TARGET (default 127.0.0.1:50051), FLOORMAN_TOKEN. Exit 0 on success.
 */
import { FloormanClient, messages } from 'floorman-client';

const target = process.argv[2] || process.env.FLOORMAN_TARGET || '127.0.0.1:50051';
const client = new FloormanClient(target, { token: process.env.FLOORMAN_TOKEN || null });
try {
  const razz = await client.rules.evaluateHand({ game: 'razz', cards: 'As 2c 3d 4h 7s Kc Kd' });
  console.log(`razz low: ${razz.low.description}`);
  const holdem = await client.rules.evaluateHand({
    game: 'GAME_TEXAS_HOLDEM', cards: 'Qs Qd', board: 'Ah Kd 7c Qc 2s',
  });
  console.log(`holdem high: ${holdem.high.category} (${holdem.high.description})`);
  try {
    messages.tableSettings('draw', { smallBet: 20, dealMode: 'recordd' });
  } catch (error) {
    console.log(`refused: ${error.constructor.name}: ${error.message}`);
  }
} finally {
  client.close();
}
