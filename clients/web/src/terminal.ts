// floorman reference dealer terminal (issue 14 point 5): opens or creates a table, seats
// players, starts hands, offers the legal actions, records dealt cards on recorded tables and
// shows the table's events and rule findings live from WatchTable (resumed after a dropped
// stream from the last sequence seen). Built by `make terminal` (clients/web/README.md).
import { toJson } from "@bufbuild/protobuf";
import { ConnectError, Code } from "@connectrpc/connect";
import {
  DealModeSchema, TableEventSchema, type HandView, type Table, type TableEvent,
} from "./gen/floorman/v1/table_service_pb";
import {
  ActionType, BettingStructureSchema, GameSchema, ViolationSchema, type LegalAction,
} from "./gen/floorman/v1/poker_pb";
import { describeError, enumNumber, tableClient } from "./rpc";
import { $, render, SIZED, tickedCards } from "./render";
import { parseCards, seatCards } from "./cards";

interface State {
  tableId: string;
  handId: string;
  sequence: bigint;   // the table's sequence as last read or written (expected_sequence)
  lastSeen: bigint;   // the last WatchTable event shown (resume point)
  table?: Table;
  hand?: HandView;
  watch?: AbortController;
  watchGeneration: number;
  counter: number;
}

const state: State = { tableId: "", handId: "", sequence: 0n, lastSeen: 0n, watchGeneration: 0, counter: 0 };
const client = tableClient(() => $("token").value.trim());

function requestId(): string {
  state.counter += 1;
  return `terminal-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${state.counter}`;
}

function showError(message: string | null): void {
  $("error").textContent = message ?? "";
  if (message) document.body.dataset.errors = String(Number(document.body.dataset.errors ?? 0) + 1);
}

/** Runs `fn` (a click's work), showing what it throws as "Method: code: message". */
async function guarded(method: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    showError(null);
    await fn();
  } catch (error) {
    showError(describeError(method, error));
  }
}

let running: Promise<void> = Promise.resolve();
let queued: Promise<void> | undefined;

/** Re-reads the table and its hand and renders them. Refreshes run one at a time, and a call
 * while one runs queues (at most) one more, so the last render shows the latest state. */
function refresh(): Promise<void> {
  if (queued) return queued;
  const next = running.then(() => {
    queued = undefined;
    return reread();
  });
  queued = next;
  running = next.catch(() => undefined);
  return next;
}

async function reread(): Promise<void> {
  if (!state.tableId) return;
  const table = (await client.getTable({ tableId: state.tableId })).table;
  if (!table) return;
  state.table = table;
  state.sequence = table.sequence;
  state.handId = table.currentHandId || state.handId;  // the last hand stays shown when settled
  state.hand = state.handId
    ? (await client.getHand({ tableId: state.tableId, handId: state.handId })).hand
    : undefined;
  render(table, state.hand, onAction);
}

/** Remembers the table a write answered with, then re-reads the table and hand. */
async function wrote(answer: Promise<{ table?: Table }>): Promise<void> {
  const { table } = await answer;
  if (table) state.sequence = table.sequence;
  await refresh();
}

const common = () => ({ tableId: state.tableId, expectedSequence: state.sequence, requestId: requestId() });

function onAction(seat: number, legal: LegalAction): void {
  void guarded("RecordAction", async () => {
    const action = { seat, type: legal.type, amount: 0n, cards: [] as string[] };
    if (SIZED.includes(legal.type)) {
      const field = $("amount");
      const wanted = field.value ? BigInt(field.value) : legal.minAmount;
      if (wanted < legal.minAmount || wanted > legal.maxAmount) {
        throw new Error(`amount must be within ${legal.minAmount}–${legal.maxAmount}`);
      }
      action.amount = wanted;
      field.value = "";
    } else if (legal.type === ActionType.DRAW) {
      action.cards = tickedCards();
      if (!action.cards.length) action.cards = parseCards($("action-cards").value);
    } else if (legal.type === ActionType.SHOW) {
      action.cards = parseCards($("action-cards").value);
      if (!action.cards.length && state.hand) action.cards = seatCards(state.hand.events, seat);
    }
    $("action-cards").value = "";
    await wrote(client.recordAction({ ...common(), action }));
  });
}

function addEvent(event: TableEvent): void {
  const item = document.createElement("li");
  item.dataset.sequence = String(event.sequence);
  item.dataset.kind = event.kind.case ?? "";
  item.textContent = JSON.stringify(toJson(TableEventSchema, event));
  $("events").append(item);
  if (event.kind.case === "finding") {
    const finding = document.createElement("li");
    const { rule, message, ...rest } = toJson(ViolationSchema, event.kind.value) as Record<string, unknown>;
    finding.textContent = `${rule}: ${message} ${JSON.stringify(rest)}`;
    $("findings").append(finding);
  }
}

function setWatchStatus(text: string): void {
  $("watch-status").textContent = text;
}

/** WatchTable for the open table until another is opened; a stream that ends or fails is
 * reopened after a pause (0.25 s doubling to 5 s) from the last sequence seen, so no event is
 * shown twice or missed. */
async function watch(generation: number): Promise<void> {
  let pause = 250;
  let reconnects = 0;
  while (generation === state.watchGeneration) {
    const controller = new AbortController();
    state.watch = controller;
    setWatchStatus(`live after sequence ${state.lastSeen}`);
    try {
      const stream = client.watchTable(
        { tableId: state.tableId, afterSequence: state.lastSeen }, { signal: controller.signal },
      );
      for await (const { event } of stream) {
        if (!event || event.sequence <= state.lastSeen) continue;
        pause = 250;
        state.lastSeen = event.sequence;
        setWatchStatus(`live, last sequence ${event.sequence}`);
        document.body.dataset.lastSeen = String(event.sequence);
        addEvent(event);
        // An event this page's own writes have not already shown: re-read the table.
        if (event.sequence > state.sequence) void refresh().catch((e) => showError(describeError("GetTable", e)));
      }
    } catch (error) {
      if (generation !== state.watchGeneration) return;
      const canceled = error instanceof ConnectError && error.code === Code.Canceled;
      if (!canceled) setWatchStatus(describeError("WatchTable", error));
    }
    if (generation !== state.watchGeneration) return;
    reconnects += 1;
    document.body.dataset.reconnects = String(reconnects);
    setWatchStatus(`reconnecting after sequence ${state.lastSeen}`);
    await new Promise((done) => setTimeout(done, pause));
    pause = Math.min(pause * 2, 5000);
  }
}

async function openTable(tableId: string): Promise<void> {
  state.watchGeneration += 1;
  state.watch?.abort();
  Object.assign(state, { tableId, handId: "", sequence: 0n, lastSeen: 0n, hand: undefined });
  $("table-id").value = tableId;
  $("events").replaceChildren();
  $("findings").replaceChildren();
  history.replaceState(null, "", `?table=${encodeURIComponent(tableId)}`);
  await refresh();
  void watch(state.watchGeneration);
}

function amountField(id: string): bigint {
  const text = $(id).value.trim();
  return text ? BigInt(text) : 0n;
}

/** "seat player buy-in" per line (or separated by ";"). */
function parsePlayers(text: string): { seat: number; playerId: string; buyIn: bigint }[] {
  return text.split(/[\n;]+/).map((line) => line.trim()).filter(Boolean).map((line) => {
    const [seat, playerId, buyIn, extra] = line.split(/[\s,]+/);
    if (!seat || !playerId || !buyIn || extra !== undefined || !/^\d+$/.test(seat) || !/^\d+$/.test(buyIn)) {
      throw new Error(`players: "${line}" is not "seat player buy-in"`);
    }
    return { seat: Number(seat), playerId, buyIn: BigInt(buyIn) };
  });
}

function fillSelect(id: string, names: readonly string[], first: string): void {
  const select = $<HTMLSelectElement>(id);
  for (const name of names) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name === first ? `${name} (default)` : name;
    select.append(option);
  }
  select.value = first;
}

fillSelect("new-game", GameSchema.values.slice(1).map((v) => v.name), "GAME_TEXAS_HOLDEM");
fillSelect("new-structure", BettingStructureSchema.values.map((v) => v.name), "BETTING_STRUCTURE_UNSPECIFIED");

$("open-table").addEventListener("click", () => void guarded("GetTable", () => openTable($("table-id").value.trim())));
$("create-table").addEventListener("click", () => void guarded("CreateTable", async () => {
  const players = parsePlayers($<HTMLTextAreaElement>("new-players").value);
  const maxSeats = $("new-max-seats").value.trim();
  const settings = {
    name: "terminal",
    game: enumNumber(GameSchema, $<HTMLSelectElement>("new-game").value),
    bettingStructure: enumNumber(BettingStructureSchema, $<HTMLSelectElement>("new-structure").value),
    dealMode: enumNumber(DealModeSchema, $<HTMLSelectElement>("new-mode").value),
    maxSeats: maxSeats ? Number(maxSeats) : 0,
    stakes: {
      smallBet: amountField("new-small-bet"), bigBet: amountField("new-big-bet"),
      ante: amountField("new-ante"), bringIn: amountField("new-bring-in"),
      smallBlind: amountField("new-small-blind"), bigBlind: amountField("new-big-blind"),
    },
  };
  const tableId = $("table-id").value.trim() || `t-${Math.random().toString(36).slice(2, 14)}`;
  const answer = await client.createTable({ requestId: requestId(), settings, tableId });
  await openTable(answer.table?.tableId ?? tableId);
  for (const player of players) {
    await wrote(client.seatPlayer({ ...common(), ...player }));
  }
}));
$("seat-player-button").addEventListener("click", () => void guarded("SeatPlayer", () => wrote(client.seatPlayer({
  ...common(), seat: Number($("seat-no").value), playerId: $("seat-player").value, buyIn: amountField("seat-buy-in"),
}))));
$("start-hand").addEventListener("click", () => void guarded("StartHand", () => wrote(client.startHand(common()))));
$("deal-button").addEventListener("click", () => void guarded("DealCards", async () => {
  const deal = {
    seat: Number($("deal-seat").value || 0), cards: parseCards($("deal-cards").value),
    faceUp: $("deal-up").checked, burn: $("deal-burn").checked,
  };
  const typed = [$("deal-seat").value, $("deal-cards").value];
  $("deal-seat").value = "";  // the next render proposes the next seat awaiting a deal
  $("deal-cards").value = "";
  try {
    await wrote(client.dealCards({ ...common(), deals: [deal] }));
  } catch (error) {
    [$("deal-seat").value, $("deal-cards").value] = typed;  // refused: kept for a correction
    throw error;
  }
}));

// For tests and operators: drop the WatchTable stream as a lost connection would (it resumes).
(window as unknown as { floormanTerminal: object }).floormanTerminal = {
  dropWatch: () => state.watch?.abort(),
};

const initial = new URLSearchParams(location.search).get("table");
if (initial) void guarded("GetTable", () => openTable(initial));
