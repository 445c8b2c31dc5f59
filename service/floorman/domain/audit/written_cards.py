"""Cards a record writes outside its replayed events (``card.duplicate``).

RULES.md "Common to every game" (one deck: a card is in one place at a time), "Five Card Draw,
7-A" ("Draw": a card is a duplicate when it is in two live hands at once, or dealt again when
no reshuffle made it available). A room's summary writes each seat's showed or mucked hand
(and the board); a mucked hand is not shown in the replay, but every card the record writes
still counts: after the replay, each written list's cards that the engine does not already
know in that place must still be in the stub (not used, or put back by a draw reshuffle),
and no two written lists may share a card.
"""

from __future__ import annotations

from floorman.domain.audit.findings import AuditFinding
from floorman.domain.audit.recorded import RecordedHand, WrittenCards
from floorman.domain.cards import Card, card_str
from floorman.domain.engine import HandState


def check_written_cards(hand: RecordedHand, state: HandState) -> list[AuditFinding]:
    """``card.duplicate`` for each written card already elsewhere after the replay.

    Args:
        hand: the record (its ``written`` lists, in record order).
        state: the state the complete replay reached.

    Returns:
        One finding per duplicated card (event index: after the last event; the written
        list's line), the holder in the message. A list's own seat's cards (or the board's
        for the board) are never duplicates; unknown cards are skipped.
    """
    if not hand.written:
        return []  # nothing written outside the events (PHH, OHH)
    out_of_stub = state.used - state.available
    taken: dict[Card, str] = {}  # card -> who holds it: the written lists' so far
    findings: list[AuditFinding] = []
    for written in sorted(hand.written, key=lambda w: w.line):
        own = _own_cards(state, written.seat)
        for card in written.cards:
            if card is None or card in own:
                continue
            where = _who(written.seat)
            holder = taken.get(card)
            if holder is None and card in out_of_stub:
                holder = _holder(
                    state, card
                )  # where the engine has it (asked for written cards only)
            if holder is not None and holder != where:
                findings.append(_duplicate(hand, written, card, holder))
                continue
            taken[card] = where
    return findings


def _who(seat: int) -> str:
    return f"seat {seat}" if seat else "the board"


def _own_cards(state: HandState, seat: int) -> frozenset[Card]:
    """The known cards the engine has in the place a written list names."""
    if not seat:
        return frozenset(c for c in state.community if c is not None)
    pos = state.positions.get(seat)
    if pos is None:
        return frozenset()
    return frozenset(c for c in state.cards[pos] if c is not None)


def _holder(state: HandState, card: Card) -> str:
    """Where the engine has ``card``: a seat's hand, the board, else out of the stub."""
    if card in state.community:
        return "the board"
    for pos, cards in enumerate(state.cards):
        if card in cards:
            return f"seat {state.seats[pos]}"
    return "discarded or burned"


def _duplicate(hand: RecordedHand, written: WrittenCards, card: Card, holder: str) -> AuditFinding:
    name = card_str(card)
    return AuditFinding(
        rule="card.duplicate",
        message=f"{name} is written for {_who(written.seat)} but is already {holder}'s"
        if holder.startswith(("seat", "the board"))
        else f"{name} is written for {_who(written.seat)} but is already out of the stub "
        f"({holder})",
        event_index=len(hand.events),
        seat=written.seat,
        actual=name,
        line=written.line,
    )
