"""The PHH hand as floorman keeps it (read and written by :mod:`floorman.domain.history.phh`)."""

from __future__ import annotations

from dataclasses import dataclass

from floorman.domain.fast_init import fast_frozen_init
from floorman.domain.history.amounts import Amount
from floorman.domain.history.phh_actions import PhhAction
from floorman.domain.history.phh_variants import PhhVariant, variant_for
from floorman.domain.model import BettingStructure, Game


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class PhhHand:
    """One PHH hand. Amounts are in MINOR units (``int``, or ``Decimal`` when not integral):
    the file's numbers times :attr:`minor_units_per_unit` (1 for chips; 100 for a file with
    ``currency = "USD"``; :mod:`~floorman.domain.history.phh_currency`).

    Per-player tuples are in player order (``p1`` first). Optional fields are ``None`` when
    absent. ``metadata`` holds every other field (``author``, ``event``, ``day``, user fields)
    as ``(name, frozen value)`` pairs in file order.
    """

    variant: str
    antes: tuple[Amount, ...]
    starting_stacks: tuple[Amount, ...]
    actions: tuple[PhhAction, ...]
    blinds_or_straddles: tuple[Amount, ...] | None = None
    bring_in: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    min_bet: Amount | None = None
    ante_trimming_status: bool = False
    hand: int | str | None = None
    players: tuple[str, ...] | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    finishing_stacks: tuple[Amount, ...] | None = None
    winnings: tuple[Amount, ...] | None = None
    metadata: tuple[tuple[str, object], ...] = ()
    minor_units_per_unit: int = 1

    @property
    def variant_info(self) -> PhhVariant:
        """The variant's description (game, structure, stud or button).

        Raises:
            ValueError: when ``variant`` is not a known code (never for a parsed hand).
        """
        info = variant_for(self.variant)
        if info is None:
            raise ValueError(f"unknown PHH variant code {self.variant!r}")
        return info

    @property
    def game(self) -> Game | None:
        """The floorman game, or ``None`` for a game floorman does not play."""
        return self.variant_info.game

    @property
    def betting_structure(self) -> BettingStructure:
        """The betting structure the variant code names."""
        return self.variant_info.structure

    @property
    def supported(self) -> bool:
        """True when floorman plays this hand's game."""
        return self.variant_info.supported

    @property
    def player_count(self) -> int:
        """The number of players dealt in (``p1`` .. ``pN``)."""
        return len(self.starting_stacks)
