"""Ports of the table use cases: the deck source, the clock and the id generator.

Production uses :class:`SystemRandomDeck` (``secrets.SystemRandom``: the operating system's
cryptographically secure generator), :func:`utc_now` and :func:`random_id`. Tests inject a
:class:`SeededDeck` (reproducible shuffles) or a :class:`StackedDeck` (chosen cards first),
a fixed clock and counting ids.
"""

from __future__ import annotations

import random
import secrets
import uuid
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Protocol

from floorman.domain.cards import Card

Clock = Callable[[], datetime]
"""Returns the current time, timezone-aware UTC."""
IdGenerator = Callable[[], str]
"""Returns a new unique id (hand ids)."""


class DeckSource(Protocol):
    """Shuffles cards: the only source of randomness of a service-dealt table."""

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """``cards`` in a uniformly random order (a new list)."""
        ...


class SystemRandomDeck:
    """Fisher-Yates over ``secrets.SystemRandom`` (never a global or seeded RNG)."""

    def __init__(self) -> None:
        self._random = secrets.SystemRandom()

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """``cards`` in a cryptographically secure random order."""
        out = list(cards)
        self._random.shuffle(out)
        return out


class SeededDeck:
    """Reproducible shuffles for tests: ``random.Random(seed)``."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """``cards`` in the seeded generator's next order."""
        out = list(cards)
        self._random.shuffle(out)
        return out


class StackedDeck:
    """A stacked deck for tests: each shuffle puts the next stacked cards on top (in order),
    the rest of the cards after them in ascending order; with nothing stacked left it keeps
    the ascending order."""

    def __init__(self, orders: Iterable[Sequence[Card]]) -> None:
        self._orders = [list(order) for order in orders]

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """The next stacked order, completed by the remaining cards."""
        top = self._orders.pop(0) if self._orders else []
        missing = [card for card in top if card not in cards]
        if missing:
            raise ValueError(f"stacked cards {missing} are not in the deck being shuffled")
        chosen = set(top)
        return [*top, *sorted(card for card in cards if card not in chosen)]


def utc_now() -> datetime:
    """The system clock, UTC."""
    return datetime.now(UTC)


def random_id() -> str:
    """A random 32-hex-digit id (uuid4)."""
    return uuid.uuid4().hex
