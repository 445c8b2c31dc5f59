// The ESM entry's declarations (index.d.mts): the same names as the CommonJS entry.
import floorman, { FloormanClient, messages, type v1 } from 'floorman-client';

const settings: v1.TableSettings = messages.tableSettings('draw', { smallBet: 20, dealMode: 'recorded' });
const client: FloormanClient = new floorman.FloormanClient('127.0.0.1:1');
client.close();
export { settings };
