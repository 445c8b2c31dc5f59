// Rendering of the open table and hand: seats, stacks, bets, up cards, board, pots, whose turn,
// the legal actions as buttons (sized ones use the amount field, clamped to min / max), the
// draw picker, and the seats awaiting a recorded deal.
import type { HandView, Table } from "./gen/floorman/v1/table_service_pb";
import {
  DealModeSchema, SeatStatusSchema, TableStatusSchema,
} from "./gen/floorman/v1/table_service_pb";
import {
  ActionType, ActionTypeSchema, BettingStructureSchema, GameSchema, StreetSchema,
  type LegalAction, type SeatView,
} from "./gen/floorman/v1/poker_pb";
import { enumName } from "./rpc";
import { seatCards } from "./cards";

/** Action types whose amount the amount field gives (the total the bet becomes). */
export const SIZED: readonly ActionType[] = [
  ActionType.BET, ActionType.RAISE, ActionType.COMPLETE, ActionType.BRING_IN,
];

export const $ = <T extends HTMLElement = HTMLInputElement>(id: string): T => {
  const node = document.getElementById(id);
  if (!node) throw new Error(`no #${id} in the page`);
  return node as T;
};

/** Called with the legal action clicked (the seat to act's). */
export type OnAction = (seat: number, legal: LegalAction) => void;

function cell(row: HTMLTableRowElement, name: string, text: string): void {
  const node = document.createElement("td");
  node.className = name;
  node.textContent = text;
  row.append(node);
}

/** Renders `table` and its current (or last) `hand`; bumps body[data-renders]. */
export function render(table: Table, hand: HandView | undefined, onAction: OnAction): void {
  const renders = Number(document.body.dataset.renders ?? 0) + 1;
  document.body.dataset.renders = String(renders);  // lets a test wait for the next render
  document.body.dataset.sequence = String(table.sequence);
  const settings = table.settings;
  const structure = settings ? enumName(BettingStructureSchema, settings.bettingStructure) : "";
  $("table-title").textContent = [
    table.tableId,
    settings ? enumName(GameSchema, settings.game) : "",
    structure,
    settings ? enumName(DealModeSchema, settings.dealMode) : "",
    enumName(TableStatusSchema, table.status),
    `hands ${table.handCount}`,
  ].join(" — ");
  const snap = hand?.state;
  const live = hand !== undefined && !hand.complete;
  $("board").textContent = (snap?.board ?? []).join(" ");
  $("pot").textContent = String(snap?.potTotal ?? 0n);
  $("to-act").textContent = live && snap?.seatToAct ? String(snap.seatToAct) : "-";
  $("hand-state").textContent = hand
    ? hand.complete ? "(hand complete)" : `(${enumName(StreetSchema, snap?.streetKind ?? 0)})`
    : "";
  const awaiting = live ? snap?.awaitingDealSeats ?? [] : [];
  $("awaiting-deal").textContent = awaiting.length ? `awaiting deal: seats ${awaiting.join(",")}` : "";
  if (awaiting.length && !$("deal-seat").value) $("deal-seat").value = String(awaiting[0]);
  const views = new Map<number, SeatView>();
  for (const view of live ? snap?.seats ?? [] : []) views.set(view.seat, view);
  const body = $("seats").querySelector("tbody");
  body?.replaceChildren();
  for (const seat of table.seats) {
    const view = views.get(seat.seat);
    const row = document.createElement("tr");
    row.dataset.seat = String(seat.seat);
    if (live && snap?.seatToAct === seat.seat) row.className = "to-act";
    cell(row, "seat", String(seat.seat));
    cell(row, "player", seat.playerId);
    cell(row, "stack", String(seat.stack));
    cell(row, "bet", String(view?.bet ?? 0n));
    cell(row, "up", (view?.upCards ?? []).join(" "));
    cell(row, "status", [
      enumName(SeatStatusSchema, seat.status), view?.folded ? "folded" : "", view?.allIn ? "all-in" : "",
      table.buttonSeat === seat.seat ? "button" : "",
    ].filter(Boolean).join(" "));
    body?.append(row);
  }
  const pots = hand?.result?.pots ?? [];
  $("pots").textContent = pots.map((pot, index) =>
    `pot ${index + 1}: ${pot.amount} to seats ${pot.winnerSeats.join(",")}`).join("; ");
  const seat = live ? snap?.seatToAct ?? 0 : 0;
  renderActions(live ? hand.legalActions : [], seat, onAction);
  renderDrawPicker(hand, live && hand.legalActions.some((a) => a.type === ActionType.DRAW) ? seat : 0);
}

function renderActions(legal: readonly LegalAction[], seat: number, onAction: OnAction): void {
  const box = $("action-buttons");
  box.replaceChildren();
  const amount = $("amount");
  amount.removeAttribute("min");
  amount.removeAttribute("max");
  if (!legal.some((entry) => SIZED.includes(entry.type))) amount.value = "";
  for (const entry of legal) {
    const button = document.createElement("button");
    const sized = SIZED.includes(entry.type);
    const name = enumName(ActionTypeSchema, entry.type);
    const short = name.replace("ACTION_TYPE_", "").toLowerCase();
    button.dataset.type = name;
    button.className = "action";
    button.textContent = sized ? `${short} ${entry.minAmount}–${entry.maxAmount}` : short;
    if (sized) {
      amount.min = String(entry.minAmount);
      amount.max = String(entry.maxAmount);
      if (!amount.value) amount.value = String(entry.minAmount);
    }
    button.addEventListener("click", () => onAction(seat, entry));
    box.append(button);
  }
}

/** Checkboxes for the drawing seat's cards: the ticked ones are its discards. */
function renderDrawPicker(hand: HandView | undefined, seat: number): void {
  const box = $("draw-picker");
  box.replaceChildren();
  $("draw-seat").textContent = seat ? String(seat) : "-";
  if (!hand || !seat) return;
  for (const card of seatCards(hand.events, seat)) {
    const label = document.createElement("label");
    const tick = document.createElement("input");
    tick.type = "checkbox";
    tick.className = "discard";
    tick.value = card;
    tick.disabled = card === "??";
    label.append(tick, ` ${card}`);
    label.dataset.card = card;
    box.append(label);
  }
}

/** The discards ticked in the draw picker (none: stand pat). */
export function tickedCards(): string[] {
  return [...document.querySelectorAll<HTMLInputElement>("#draw-picker input.discard")]
    .filter((tick) => tick.checked)
    .map((tick) => tick.value);
}
