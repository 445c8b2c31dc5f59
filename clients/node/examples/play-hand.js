#!/usr/bin/env node
'use strict';
/**
 * Plays one whole hand of Seven Card Stud on a new service-dealt table and prints it:
 * create the table, seat three players, start the hand, then record for the seat to act the
 * first legal action of: show, bring-in, check, call — until the hand is settled. A watcher
 * follows the table's event stream meanwhile.
 *
 *   node examples/play-hand.js [HOST:PORT]
 *
 * Environment: FLOORMAN_TARGET (default 127.0.0.1:50051), FLOORMAN_TOKEN (a bearer token),
 * FLOORMAN_CA (a CA certificate file: use TLS). Exit 0 when the hand settled, 1 on an error.
 */
const { FloormanClient, FloormanError, TableSession, messages } = require('floorman-client');

const PREFERENCE = ['ACTION_TYPE_SHOW', 'ACTION_TYPE_BRING_IN', 'ACTION_TYPE_CHECK', 'ACTION_TYPE_CALL'];

/** The action this passive player takes from the hand's legal-action menu. */
function choose(hand) {
  const legal = new Map(hand.legalActions.map((entry) => [entry.type, entry]));
  const type = PREFERENCE.find((candidate) => legal.has(candidate)) || 'ACTION_TYPE_FOLD';
  const amount = type === 'ACTION_TYPE_BRING_IN' ? legal.get(type).minAmount : 0;
  return messages.action(type, { seat: hand.state.seatToAct, amount });
}

function short(name, prefix) {
  return name.replace(prefix, '').toLowerCase();
}

async function main() {
  const target = process.argv[2] || process.env.FLOORMAN_TARGET || '127.0.0.1:50051';
  const client = new FloormanClient(target, {
    token: process.env.FLOORMAN_TOKEN || null,
    rootCert: process.env.FLOORMAN_CA || undefined,
  });
  try {
    const settings = messages.tableSettings('stud', { smallBet: 20, ante: 5, name: 'example' });
    const session = await TableSession.create(client.tables, { settings });
    console.log(`table ${session.tableId}: Seven Card Stud 20/40, ante 5`);
    for (const seat of [1, 2, 3]) {
      await session.seatPlayer({ seat, playerId: `player-${seat}`, buyIn: 1000 });
    }
    const watch = session.watch({ afterSequence: session.sequence });
    const watched = (async () => {
      let count = 0;
      for await (const event of watch) {
        count += 1;
        if (event.kind === 'handSettled') break;
      }
      return count;
    })();

    let { hand } = await session.startHand();
    console.log(`hand ${hand.handNumber} (${hand.handId}) started`);
    while (!hand.complete) {
      const action = choose(hand);
      const street = hand.state.street.padEnd(15);
      const amount = action.amount ? ` ${action.amount}` : '';
      console.log(`  ${street} seat ${action.seat} ${short(action.type, 'ACTION_TYPE_')}${amount}`);
      ({ hand } = await session.recordAction(action));
    }
    for (const pot of hand.result.pots) {
      console.log(`pot ${pot.amount} to seat(s) ${pot.winnerSeats.join(', ')}`);
    }
    const stacks = hand.result.finalStacks.map((s) => `seat ${s.seat}: ${s.stack}`).join(', ');
    console.log(`final stacks: ${stacks}`);
    console.log(`the watcher saw ${await watched} events of the hand`);
    watch.cancel();
    return 0;
  } catch (error) {
    if (error instanceof FloormanError) {
      console.error(`error: ${error.message}`);
      if (error.rule) console.error(`  rule ${error.rule}, seat ${error.seat}`);
      for (const v of error.violations) console.error(`  ${v.field}: ${v.description}`);
      return 1;
    }
    throw error;
  } finally {
    client.close();
  }
}

main().then((code) => { process.exitCode = code; });
