"""Rule ids of table management (seats, hands, deal mode), beside the RULES.md ids.

RULES.md is silent on seat bookkeeping, so these ids are the project's written choice
(RULES.md preamble: "where this page is silent ... write the choice down"). Every refusal of a
table call names one of them, or a RULES.md id (``blind.*``, ``hand.complete``, the card ids).
"""

from __future__ import annotations

from typing import Final

SEAT_OCCUPIED: Final = "seat.occupied"
"""SeatPlayer on a seat somebody holds."""
SEAT_EMPTY: Final = "seat.empty"
"""LeaveSeat / SitOut / SitIn on a seat nobody holds."""
SEAT_PLAYER: Final = "seat.player"
"""SeatPlayer for a player already seated at the table."""
SEAT_STATUS: Final = "seat.status"
"""SitOut of a seat already out or busted; SitIn of a seat that is not sitting out."""
BUY_IN_AMOUNT: Final = "buy_in.amount"
"""A buy-in outside the table's minimum and maximum."""
HAND_IN_PROGRESS: Final = "hand.in_progress"
"""StartHand while a hand runs; LeaveSeat of a seat dealt into the running hand."""
HAND_COMPLETE: Final = "hand.complete"
"""RULES.md: an action or deal with no hand running (the last one has ended)."""
TABLE_PLAYERS: Final = "table.players"
"""StartHand with fewer players able to be dealt in than the game needs."""
DEAL_MODE: Final = "deal.mode"
"""DealCards at a service-dealt table (the service deals there)."""
DRAW_HIDDEN_CARDS: Final = "draw.hidden_cards"
"""A DRAW at a service-dealt table naming ``??``, or cards the caller's role cannot see
(``draw.discard_count`` stays the rule for 0-5 discards and cards the seat does not hold)."""
TABLE_CLOSED: Final = "table.closed"
"""A write to a closed table."""
