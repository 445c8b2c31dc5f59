// floorman reference dealer terminal (issue 14 point 5): plain JS, no build step.
// Calls floorman.v1.TableService with Connect's JSON protocol over fetch (unary:
// application/json; WatchTable: application/connect+json enveloped frames).
"use strict";

const SERVICE = "/floorman.v1.TableService/";
const SIZED = ["ACTION_TYPE_BET", "ACTION_TYPE_RAISE", "ACTION_TYPE_COMPLETE", "ACTION_TYPE_BRING_IN"];
const state = { tableId: "", handId: "", sequence: "0", table: null, hand: null, watch: null, counter: 0 };
const $ = (id) => document.getElementById(id);

function requestId() {
  state.counter += 1;
  return `terminal-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${state.counter}`;
}

// Headers for a call: the optional bearer token of the token field (with --auth-file).
function headers(contentType) {
  const result = { "Content-Type": contentType, "Connect-Protocol-Version": "1" };
  const token = $("token").value.trim();
  if (token) result.Authorization = `Bearer ${token}`;
  return result;
}

async function rpc(method, body) {
  const answer = await fetch(SERVICE + method, {
    method: "POST",
    headers: headers("application/json"),
    body: JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(`${method}: ${data.code || answer.status}: ${data.message || ""}`);
  return data;
}

// A write on the open table: expected_sequence and a fresh request id; remembers the sequence.
async function write(method, fields) {
  const data = await rpc(method, {
    tableId: state.tableId, expectedSequence: state.sequence, requestId: requestId(), ...fields,
  });
  if (data.table) state.sequence = data.table.sequence || "0";
  await refresh();
  return data;
}

function showError(error) {
  $("error").textContent = error ? String(error.message || error) : "";
  if (error) document.body.dataset.errors = String(Number(document.body.dataset.errors || 0) + 1);
}

async function guarded(fn) {
  try { showError(null); await fn(); } catch (error) { showError(error); }
}

async function refresh() {
  if (!state.tableId) return;
  const table = (await rpc("GetTable", { tableId: state.tableId })).table;
  state.table = table;
  state.sequence = table.sequence || "0";
  state.handId = table.currentHandId || state.handId;  // the last hand stays shown when settled
  state.hand = state.handId
    ? (await rpc("GetHand", { tableId: state.tableId, handId: state.handId })).hand
    : null;
  render();
}

function render() {
  state.renders = (state.renders || 0) + 1;
  document.body.dataset.renders = String(state.renders);  // lets a test wait for the next render
  const table = state.table;
  const hand = state.hand;
  const snap = (hand && hand.state) || {};
  const views = {};
  for (const view of snap.seats || []) views[view.seat] = view;
  $("table-title").textContent = `${table.tableId} — ${table.settings.game} — ${table.settings.dealMode}` +
    ` — hands ${table.handCount || 0}`;
  $("board").textContent = (snap.board || []).join(" ");
  $("pot").textContent = snap.potTotal || "0";
  const live = hand && !hand.complete;
  $("to-act").textContent = live && snap.seatToAct ? String(snap.seatToAct) : "-";
  $("hand-state").textContent = hand ? (hand.complete ? "(hand complete)" : `(${snap.streetKind || ""})`) : "";
  const awaiting = live ? snap.awaitingDealSeats || [] : [];
  $("awaiting-deal").textContent = awaiting.length ? `awaiting deal: seats ${awaiting.join(",")}` : "";
  if (awaiting.length && !$("deal-seat").value) $("deal-seat").value = awaiting[0];
  const body = $("seats").querySelector("tbody");
  body.replaceChildren();
  for (const seat of table.seats || []) {
    const view = live ? views[seat.seat] || {} : {};
    const row = document.createElement("tr");
    row.dataset.seat = seat.seat;
    if (live && snap.seatToAct === seat.seat) row.className = "to-act";
    const cells = [seat.seat, seat.playerId, seat.stack || "0", view.bet || "0",
      (view.upCards || []).join(" "),
      [seat.status, view.folded ? "folded" : "", view.allIn ? "all-in" : ""].filter(Boolean).join(" ")];
    const names = ["seat", "player", "stack", "bet", "up", "status"];
    cells.forEach((text, index) => {
      const cell = document.createElement("td");
      cell.className = names[index];
      cell.textContent = String(text);
      row.append(cell);
    });
    body.append(row);
  }
  const pots = (hand && hand.result && hand.result.pots) || [];
  $("pots").textContent = pots.map((pot, index) =>
    `pot ${index + 1}: ${pot.amount} to seats ${(pot.winnerSeats || []).join(",")}`).join("; ");
  renderActions(live ? hand.legalActions || [] : [], snap.seatToAct);
}

function renderActions(legal, seat) {
  const box = $("action-buttons");
  box.replaceChildren();
  const amount = $("amount");
  amount.removeAttribute("min");
  amount.removeAttribute("max");
  for (const entry of legal) {
    const button = document.createElement("button");
    const sized = SIZED.includes(entry.type);
    const short = entry.type.replace("ACTION_TYPE_", "").toLowerCase();
    button.dataset.type = entry.type;
    button.className = "action";
    button.textContent = sized ? `${short} ${entry.minAmount}–${entry.maxAmount}` : short;
    if (sized) {
      amount.min = entry.minAmount;
      amount.max = entry.maxAmount;
      if (!amount.value) amount.value = entry.minAmount;
    }
    button.addEventListener("click", () => guarded(async () => {
      const action = { seat, type: entry.type };
      if (sized) {
        const wanted = Number(amount.value || entry.minAmount);
        const min = Number(entry.minAmount), max = Number(entry.maxAmount);
        if (!(wanted >= min && wanted <= max)) throw new Error(`amount must be within ${min}–${max}`);
        action.amount = String(wanted);
      }
      amount.value = "";
      await write("RecordAction", { action });
    }));
    box.append(button);
  }
}

function addEvent(event) {
  const item = document.createElement("li");
  item.textContent = JSON.stringify(event);
  $("events").append(item);
  if (event.finding) {
    const finding = document.createElement("li");
    const { rule, message, ...rest } = event.finding;
    finding.textContent = `${rule}: ${message} ${JSON.stringify(rest)}`;
    $("findings").append(finding);
  }
}

// WatchTable: a Connect server stream (5-byte envelopes: flags, big-endian length, JSON).
async function watch(tableId) {
  if (state.watch) state.watch.abort();
  const controller = new AbortController();
  state.watch = controller;
  const payload = new TextEncoder().encode(JSON.stringify({ tableId }));
  const frame = new Uint8Array(5 + payload.length);
  new DataView(frame.buffer).setUint32(1, payload.length);
  frame.set(payload, 5);
  try {
    const answer = await fetch(SERVICE + "WatchTable", {
      method: "POST", body: frame, signal: controller.signal,
      headers: headers("application/connect+json"),
    });
    const reader = answer.body.getReader();
    let buffer = new Uint8Array(0);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const joined = new Uint8Array(buffer.length + value.length);
      joined.set(buffer);
      joined.set(value, buffer.length);
      buffer = joined;
      while (buffer.length >= 5) {
        const view = new DataView(buffer.buffer, buffer.byteOffset);
        const flags = view.getUint8(0), length = view.getUint32(1);
        if (buffer.length < 5 + length) break;
        const message = JSON.parse(new TextDecoder().decode(buffer.slice(5, 5 + length)));
        buffer = buffer.slice(5 + length);
        if (flags & 0x02) {
          if (message.error) showError(new Error(`WatchTable: ${message.error.code}: ${message.error.message || ""}`));
        } else if (message.event) {
          addEvent(message.event);
          if (message.event.finding || message.event.handSettled) refresh().catch(showError);
        }
      }
    }
  } catch (error) {
    if (error.name !== "AbortError") showError(error);
  }
}

async function openTable(tableId) {
  state.tableId = tableId;
  state.handId = "";
  $("table-id").value = tableId;
  $("events").replaceChildren();
  $("findings").replaceChildren();
  history.replaceState(null, "", `?table=${encodeURIComponent(tableId)}`);
  await refresh();
  watch(tableId);
}

$("open-table").addEventListener("click", () => guarded(() => openTable($("table-id").value.trim())));
$("create-table").addEventListener("click", () => guarded(async () => {
  const settings = {
    name: "terminal", game: $("new-game").value, dealMode: $("new-mode").value,
    stakes: { smallBet: String($("new-small-bet").value) },
  };
  const tableId = $("table-id").value.trim() || `t-${Math.random().toString(36).slice(2, 14)}`;
  const data = await rpc("CreateTable", { requestId: requestId(), settings, tableId });
  await openTable(data.table.tableId);
}));
$("seat-player-button").addEventListener("click", () => guarded(() => write("SeatPlayer", {
  seat: Number($("seat-no").value), playerId: $("seat-player").value, buyIn: String($("seat-buy-in").value),
})));
$("start-hand").addEventListener("click", () => guarded(() => write("StartHand", {})));
$("deal-button").addEventListener("click", () => guarded(() => write("DealCards", {
  deals: [{
    seat: Number($("deal-seat").value || 0),
    cards: $("deal-cards").value.split(/[\s,]+/).filter(Boolean),
    faceUp: $("deal-up").checked, burn: $("deal-burn").checked,
  }],
})));

const initial = new URLSearchParams(location.search).get("table");
if (initial) guarded(() => openTable(initial));
