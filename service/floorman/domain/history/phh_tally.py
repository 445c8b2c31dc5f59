"""The street's bets as a PHH hand's amounts state them, for the PHH mapper
(:mod:`floorman.domain.history.phh_mapping`): the raise-to totals it needs once the engine
has refused an event, and the CHECK / CALL, BET / RAISE / COMPLETE answer then."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from floorman.domain.history.phh_actions import (
    VERB_CHECK_OR_CALL,
    VERB_COMPLETE_BET_OR_RAISE_TO,
    VERB_DEAL_BOARD,
    VERB_DEAL_HOLE,
    VERB_NO_OP,
    VERB_POST_BRING_IN,
    VERB_SHOW_OR_MUCK,
    VERB_STAND_PAT_OR_DISCARD,
    PhhAction,
    PhhVerb,
)
from floorman.domain.history.phh_house import is_dead
from floorman.domain.members import (
    ACTION_BET,
    ACTION_COMPLETE,
    ACTION_RAISE,
    KIND_BIG_BLIND,
    KIND_SMALL_BLIND,
    KIND_STRADDLE,
    STRUCTURE_FIXED_LIMIT,
)
from floorman.domain.model import ActionType, HandConfig

_LIVE_BLINDS = (KIND_SMALL_BLIND, KIND_BIG_BLIND, KIND_STRADDLE)
_NEW_STREET_VERBS = frozenset({VERB_DEAL_HOLE, VERB_DEAL_BOARD, VERB_STAND_PAT_OR_DISCARD})
"""The actions that start a new street for the tally (a deal or a draw)."""


class StreetTally:
    """The street's bets as the PHH amounts say, for mapping without the engine's state."""

    def __init__(self, config: HandConfig, seats: tuple[int, ...]) -> None:
        self.config = config
        self.stud = config.game.is_stud
        self.fixed = config.betting_structure is STRUCTURE_FIXED_LIMIT
        self.bets = dict.fromkeys(seats, 0)
        self.top = 0  # max(self.bets.values()), kept up to date
        self.first_street = True
        self.acted = False
        if config.forced_bets:
            for bet in config.forced_bets:
                if bet.seat in self.bets and not is_dead(bet) and bet.kind in _LIVE_BLINDS:
                    self.bets[bet.seat] += bet.amount
        elif not self.stud:
            stakes = config.stakes
            blind_seats = (seats[1], seats[0]) if len(seats) == 2 else (seats[0], seats[1])
            self.bets[blind_seats[0]] = stakes.small_blind
            self.bets[blind_seats[1]] = stakes.big_blind
            if stakes.straddle and len(seats) > 2:
                self.bets[seats[2]] = stakes.straddle
        self.top = max(self.bets.values(), default=0)

    def new_street(self) -> None:
        if self.acted:
            self.bets = dict.fromkeys(self.bets, 0)
            self.top = 0
            self.first_street = False
            self.acted = False

    def replay(
        self,
        actions: Iterable[PhhAction],
        seat_of: Callable[[int], int],
        amount_of: Callable[[PhhAction], int],
    ) -> None:
        """Take ``actions`` in order as the mapper does while it keeps the tally: a deal or a
        draw starts a new street, a betting action is recorded (the seat of its actor,
        ``amount_of`` it); no-ops, shows and mucks change nothing."""
        for action in actions:
            verb = action.verb
            if verb in _NEW_STREET_VERBS:
                self.new_street()
            elif verb is not VERB_NO_OP and verb is not VERB_SHOW_OR_MUCK:
                self.record(seat_of(action.actor), verb, amount_of(action))

    def record(self, seat: int, verb: PhhVerb, amount: int) -> None:
        self.acted = True
        if verb is VERB_POST_BRING_IN:
            self._set(seat, self.config.stakes.bring_in)
        elif verb is VERB_CHECK_OR_CALL:
            self.bets[seat] = self.top
        elif verb is VERB_COMPLETE_BET_OR_RAISE_TO:
            self._set(seat, amount)

    def _set(self, seat: int, chips: int) -> None:
        """``seat``'s bet becomes ``chips`` (a record may even lower it: the top is then
        recomputed)."""
        was = self.bets[seat]
        self.bets[seat] = chips
        if chips >= self.top:
            self.top = chips
        elif was == self.top:
            self.top = max(self.bets.values())

    def to_call(self, seat: int) -> int:
        return self.top - self.bets[seat]

    def aggressive_kind(self) -> ActionType:
        top = self.top
        small_bet = self.config.stakes.small_bet
        if self.stud and self.first_street and top < small_bet:
            if self.fixed:
                return ACTION_COMPLETE
            return ACTION_BET if top == 0 else ACTION_RAISE
        return ACTION_BET if top == 0 else ACTION_RAISE
