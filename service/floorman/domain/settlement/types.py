"""Settlement results and the one error settlement adds (RULES.md "Common to every game")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from floorman.domain.errors import FloormanError
from floorman.domain.fast_init import fast_frozen_init


@fast_frozen_init
@dataclass(frozen=True, slots=True)
class PotShare:
    """One pot after rake, with its result.

    Attributes:
        amount: minor units left in the pot after rake (0 when the rake took it all).
        eligible: seats that may win it, ascending.
        winners: seats paid from it, ascending: the high winners, or in Razz the low winners;
            the one eligible seat for an uncontested pot.
        low_winners: Stud Hi-Lo low-half winners, ascending; ``()`` when no low qualifies,
            in every other game, and for an uncontested pot.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()


@fast_frozen_init
@dataclass(frozen=True, slots=True)
class Settlement:
    """The settled hand.

    Attributes:
        pots: main pot first, then the side pots in the order they were built.
        rake: minor units the house takes.
        payouts: seat -> chips pushed to it from the pots (no zero entries).
        returned: seat -> uncalled or unmatched chips handed back (no zero entries; at most
            one seat). Returned chips are not payouts.
    """

    pots: tuple[PotShare, ...]
    rake: int
    payouts: dict[int, int]
    returned: dict[int, int]

    def chips_back(self, seat: int) -> int:
        """Chips ``seat`` gets back at the end of the hand: its payouts plus its returned bet."""
        return self.payouts.get(seat, 0) + self.returned.get(seat, 0)


class UnverifiableHand(FloormanError):
    """A contested pot cannot be awarded: some eligible seats' cards are missing or unknown.

    Audit reports such a hand as "unverifiable" (DESIGN.md "Unknown cards"), never "clean".

    Attributes:
        seats: the eligible seats whose cards are missing or hold ``??``, ascending (with an
            unknown community card, every eligible seat of a contested pot).
        reason: why, without the seats (``"the community card is unknown"``).
    """

    def __init__(self, seats: Iterable[int], message: str = "") -> None:
        self.seats: tuple[int, ...] = tuple(sorted(set(seats)))
        text = message or "cards missing or unknown"
        self.reason = text
        super().__init__(f"unverifiable hand: {text} (seats {list(self.seats)})")
