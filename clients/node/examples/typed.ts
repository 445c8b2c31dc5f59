// A typed example (checked with `tsc --strict` in the tests): requests and answers carry the
// types generated from the protos. Run it after compiling, or read it as documentation.
import { FloormanClient, RuleViolationError, TableSession, messages } from 'floorman-client';
import type { v1 } from 'floorman-client';

export async function playOneAction(target: string): Promise<number> {
  const client = new FloormanClient(target, { timeoutMs: 5_000 });
  try {
    const answer: v1.EvaluateHandResponse__Output = await client.rules.evaluateHand({
      game: 'razz', cards: ['As', '2c', '3d', '4h', '7s'],
    });
    const low: string = answer.low?.description ?? '';
    const settings: v1.TableSettings = messages.tableSettings('stud', { smallBet: 20, ante: 5 });
    const session = await TableSession.create(client.tables, { settings });
    await session.seatPlayer({ seat: 1, playerId: 'p1', buyIn: 1000 });
    await session.seatPlayer({ seat: 2, playerId: 'p2', buyIn: 1000 });
    const { hand } = await session.startHand();
    const seat: number = hand?.state?.seatToAct ?? 0;
    const stacks: number[] = (hand?.state?.seats ?? []).map((s) => s.stack);
    try {
      await session.recordAction(messages.action('check', { seat }));
    } catch (error) {
      if (error instanceof RuleViolationError) return error.seat;
      throw error;
    }
    return low.length + stacks.length;
  } finally {
    client.close();
  }
}
