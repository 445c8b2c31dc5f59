// The ESM entry's declarations (index.d.mts): the same names as the CommonJS entry.
import floorman, { FloormanClient, messages, type v1 } from 'floorman-client';

const settings: v1.TableSettings = messages.tableSettings('draw', { smallBet: 20, dealMode: 'recorded' });
const client: FloormanClient = new floorman.FloormanClient('127.0.0.1:1');
client.close();
export { settings };

// The batch and stream calls (issue 15 point 1): typed answers and item errors.
export async function batchTypes(rules: FloormanClient['rules']): Promise<number> {
  const { results } = await rules.batchEvaluateHands({ hands: [{ game: 'razz', cards: 'As 2c 3d 4h 7s' }] });
  const first: v1.EvaluateHandResult__Output | undefined = results[0];
  const error = first?.error ? floorman.itemError(first.error) : null;
  let answered = 0;
  for await (const answer of rules.evaluateHandStream({ messages: [[{ game: 'stud', cards: 'As Ad Ac Kh Kd' }]] })) {
    answered += answer.results.length;
  }
  const compared = await rules.batchCompareHands({ showdowns: [{ game: 'draw', hands: ['As Ad Ac Kh Kd', '2c 3c 4c 5c 7d'] }] });
  return answered + compared.results.length + (error ? error.violations.length : 0);
}
