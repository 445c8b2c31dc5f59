'use strict';
/**
 * A terminal's view of one table: each write sends `expectedSequence: session.sequence` and
 * remembers the answer's sequence. When another terminal moved the table on, the write
 * rejects with SequenceMismatchError (`currentSequence`); call `refresh()`, look again, decide.
 */
class TableSession {
  /** @param {import('./client').TableClient} tables */
  constructor(tables, tableId, sequence = 0) {
    this.tables = tables;
    this.tableId = tableId;
    this.sequence = sequence;
  }

  /** CreateTable, then a session on it: `TableSession.create(client.tables, {settings})`. */
  static async create(tables, { settings, tableId = '', requestId } = {}) {
    const { table } = await tables.createTable({ settings, tableId, requestId });
    return new TableSession(tables, table.tableId, Number(table.sequence));
  }

  /** A session on an existing table at its current sequence. */
  static async attach(tables, tableId) {
    const session = new TableSession(tables, tableId);
    await session.refresh();
    return session;
  }

  /** GetTable; `sequence` becomes the table's current one. */
  async refresh() {
    const { table } = await this.tables.getTable({ tableId: this.tableId });
    this.sequence = Number(table.sequence);
    return table;
  }

  async #write(method, fields = {}) {
    const response = await this.tables[method]({
      tableId: this.tableId, expectedSequence: this.sequence, ...fields,
    });
    this.sequence = Number(response.table.sequence);
    return response;
  }

  /** `{seat, playerId, buyIn, entry?, requestId?}`. */
  seatPlayer(fields) { return this.#write('seatPlayer', fields); }

  /** `{seat, requestId?}` -> `{table, cashOut}`. */
  leaveSeat(fields) { return this.#write('leaveSeat', fields); }

  sitOut(fields) { return this.#write('sitOut', fields); }

  sitIn(fields) { return this.#write('sitIn', fields); }

  /** -> `{table, hand}`. */
  startHand(fields = {}) { return this.#write('startHand', fields); }

  /** Recorded tables: `dealCards([deal(2, 'Ah Kd ...'), ...])` -> `{table, hand}`. */
  dealCards(deals, fields = {}) { return this.#write('dealCards', { ...fields, deals }); }

  /** `recordAction(action('call', { seat: 3 }))` -> `{table, hand}`. */
  recordAction(action, fields = {}) { return this.#write('recordAction', { ...fields, action }); }

  close(fields = {}) { return this.#write('closeTable', fields); }

  /** GetHand (empty id: the current or last hand). */
  async hand(handId = '') {
    return (await this.tables.getHand({ tableId: this.tableId, handId })).hand;
  }

  /** WatchTable from `afterSequence`. */
  watch({ afterSequence = 0, timeoutMs = null } = {}) {
    return this.tables.watchTable({ tableId: this.tableId, afterSequence, timeoutMs });
  }
}

module.exports = { TableSession };
