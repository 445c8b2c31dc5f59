// The cards a seat holds in a hand, from the hand's events (deals to the seat, minus its draw
// discards): the draw picker's choices and the cards a SHOW action carries.
import { ActionType, type HandEvent } from "./gen/floorman/v1/poker_pb";

/** The seat's current cards, in the order dealt ("??" where the caller may not see them). */
export function seatCards(events: readonly HandEvent[], seat: number): string[] {
  let cards: string[] = [];
  for (const entry of events) {
    const event = entry.event;
    if (event.case === "deal" && event.value.seat === seat && !event.value.burn) {
      cards.push(...event.value.cards);
    } else if (
      event.case === "action" && event.value.seat === seat && event.value.type === ActionType.DRAW
    ) {
      const discards = [...event.value.cards];
      cards = cards.filter((card) => {
        const index = discards.indexOf(card);
        if (index < 0) return true;
        discards.splice(index, 1);
        return false;
      });
    }
  }
  return cards;
}

/** Card strings from a free-text field ("As Kd", "As,Kd"). */
export function parseCards(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}
