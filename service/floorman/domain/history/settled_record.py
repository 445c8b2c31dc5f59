"""A :class:`HandRecord` replayed through the engine: what every exporter writes from.

The record carries only its configuration and events (never derived numbers), so each
exporter replays it once here and reads the states around each event (bets, streets, stacks)
and the settlement: pots after rake, the rake each pot paid, and each winner's chips per pot
(high and low halves apart), the uncalled bets handed back, and the final stacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.engine import HandResult, HandState, Phase, apply, settle_hand, start_hand
from floorman.domain.engine.snapshot import street_name
from floorman.domain.errors import HistoryError, InvalidArgument, RuleViolation
from floorman.domain.games import PotSide, game_spec
from floorman.domain.history.record import HandRecord
from floorman.domain.model import ForcedBet, ForcedBetKind, Game
from floorman.domain.settlement import (
    UnverifiableHand,
    build_pots,
    button_order,
    return_uncalled,
    split_amount,
    stud_high_order,
    stud_low_order,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class PotAward:
    """One pot as paid: minor units after rake, the rake it paid, and who got what.

    Attributes:
        number: 0 for the main pot, k for side pot k.
        amount: chips left in the pot after rake (what the winners share).
        rake: chips the house took from this pot (main pot first, RULES.md "Rake").
        eligible: seats that could win it, ascending.
        high: seat -> chips of the high half (the whole pot outside Stud Hi-Lo; in Razz the
            low hand's chips), in odd-chip order.
        low: seat -> chips of the Stud Hi-Lo low half (empty when no low qualifies).
    """

    number: int
    amount: int
    rake: int
    eligible: tuple[int, ...]
    high: dict[int, int]
    low: dict[int, int]

    @property
    def shares(self) -> dict[int, int]:
        """seat -> every chip this pot paid it (both halves), ascending by seat."""
        out: dict[int, int] = {}
        for part in (self.high, self.low):
            for seat, chips in part.items():
                out[seat] = out.get(seat, 0) + chips
        return {seat: out[seat] for seat in sorted(out) if out[seat]}


@dataclass(frozen=True, slots=True, kw_only=True)
class SettledRecord:
    """A record replayed event by event.

    Attributes:
        record: the record.
        before: the engine state before each event (``before[i]`` is what event ``i`` met).
        streets: the street each event belongs to (``third_street`` .. ``seventh_street``,
            ``first_round``, ``draw``, ``second_round``, ``showdown``; triple draw:
            ``first_round``, ``first_draw``, ``second_round``, ``second_draw``,
            ``third_round``, ``third_draw``, ``fourth_round``).
        final: the state after the last event.
        result: the settlement, or ``None`` when the hand is not over or its result depends
            on unknown cards.
        awards: the pots as paid (empty without a result).
    """

    record: HandRecord
    before: tuple[HandState, ...]
    streets: tuple[str, ...]
    final: HandState
    result: HandResult | None
    awards: tuple[PotAward, ...]

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt in, ascending."""
        return self.final.seats

    def name_of(self, seat: int) -> str:
        """The player's display name at ``seat`` (``player_names``, else the player id, else
        ``"Seat N"``)."""
        names = self.record.player_names or {}
        if names.get(seat):
            return names[seat]
        player = next(s for s in self.record.config.seats if s.seat == seat)
        return player.player_id or f"Seat {seat}"

    def dealing_order(self) -> tuple[int, ...]:
        """Seats clockwise from the first dealt to (left of the button or dealer position)."""
        state = self.final
        return tuple(state.seats[pos] for pos in state.clockwise(state.dealer_left))

    def forced_bets(self) -> tuple[ForcedBet, ...]:
        """The forced bets the engine posted: the explicit ``forced_bets``, or those it derives
        from the stakes: an ante for every seat, then in the button games the small blind
        left of the button (the button heads-up) and the big blind left of it, and in the
        community-card games the big-blind ante (dead, by the big blind) and the straddle
        (left of the big blind, three or more players) when the stakes have them (RULES.md
        "Stakes defaults", game sections). Nominal amounts: a short stack posts what it has. An
        explicit stud bring-in is not among them: it is acted, not posted."""
        config = self.record.config
        if config.forced_bets:
            return tuple(b for b in config.forced_bets if b.kind is not ForcedBetKind.BRING_IN)
        state = self.final
        stakes = state.stakes
        seats = state.seats
        bets = [ForcedBet(seat=seat, kind=ForcedBetKind.ANTE, amount=stakes.ante)
                for seat in seats if stakes.ante]  # fmt: skip
        if state.spec.is_draw:
            n = len(seats)
            small = state.button if n == 2 else (state.button + 1) % n
            if stakes.small_blind:
                bets.append(
                    ForcedBet(
                        seat=seats[small],
                        kind=ForcedBetKind.SMALL_BLIND,
                        amount=stakes.small_blind,
                    )
                )
            big = (small + 1) % n
            bets.append(
                ForcedBet(seat=seats[big], kind=ForcedBetKind.BIG_BLIND, amount=stakes.big_blind)
            )
            extra = getattr(stakes, "big_blind_ante", 0)
            if extra:
                bets.append(
                    ForcedBet(seat=seats[big], kind=ForcedBetKind.BIG_BLIND_ANTE, amount=extra)
                )
            straddle = getattr(stakes, "straddle", 0)
            if straddle and n > 2:
                bets.append(
                    ForcedBet(
                        seat=seats[(big + 1) % n], kind=ForcedBetKind.STRADDLE, amount=straddle
                    )
                )
        return tuple(bets)


def settle_record(record: HandRecord) -> SettledRecord:
    """Replay ``record`` through the engine and settle it when it is over.

    Raises:
        InvalidArgument: the configuration is malformed.
        HistoryError: event ``index`` breaks a rule (an exporter writes legal hands only).
    """
    state = start_hand(record.config)
    before: list[HandState] = []
    streets: list[str] = []
    for index, event in enumerate(record.events):
        before.append(state)
        streets.append(_street_of(state))
        try:  # a record read from a history may hold a face-up ``??``: written back as is
            state = apply(state, event, allow_unknown_up=True)
        except RuleViolation as violation:
            raise HistoryError(index, violation) from violation
    result: HandResult | None = None
    awards: tuple[PotAward, ...] = ()
    if state.phase in (Phase.COMPLETE, Phase.SHOWDOWN):
        try:
            result = settle_hand(state)
        except (UnverifiableHand, InvalidArgument):
            result = None
        if result is not None:
            awards = pot_awards(state, result)
    return SettledRecord(
        record=record,
        before=tuple(before),
        streets=tuple(streets),
        final=state,
        result=result,
        awards=awards,
    )


DRAW_NAMES: Final = ("first_draw", "second_draw", "third_draw")
"""The draws of a triple-draw game, in order (a single-draw game's one draw is ``draw``)."""


def _street_of(state: HandState) -> str:
    """The street an event applied to ``state`` belongs to (a finished hand: ``showdown``;
    the draws of a triple draw: ``first_draw`` .. ``third_draw``)."""
    name = street_name(state)
    if name == "draw" and state.spec.draws > 1:
        ordinal = sum(1 for street in state.spec.streets[: state.street + 1] if street.draw)
        return DRAW_NAMES[ordinal - 1]
    return "showdown" if name == "complete" else name


def pot_awards(state: HandState, result: HandResult) -> tuple[PotAward, ...]:
    """Each pot's rake and each winner's chips, split exactly as the settlement split them.

    RULES.md "Common to every game" (side pots, rake out of the main pot first, ties and odd
    chips), "Seven Card Stud family" (Hi-Lo halves, the odd chip to the high half), "Hold'em
    and Omaha" (both halves' odd chips from the first winner left of the button).
    The per-seat sums equal ``result.payouts``.
    """
    contributions = {seat: state.contributed[pos] for pos, seat in enumerate(state.seats)}
    folded = {seat for pos, seat in enumerate(state.seats) if state.folded[pos]}
    dead = state.dead_chips()
    net, _ = return_uncalled(contributions, dead)
    raw = build_pots(net, folded, dead)
    game = state.spec.game
    unit = state.stakes.odd_chip_unit
    hands = {seat: state.cards[pos] for pos, seat in enumerate(state.seats) if state.live(pos)}
    seat_order = [state.seats[pos] for pos in state.clockwise(state.dealer_left)]
    awards = []
    for number, (share, (before_rake, _)) in enumerate(zip(result.pots, raw, strict=True)):
        high: dict[int, int] = {}
        low: dict[int, int] = {}
        if len(share.eligible) == 1:
            high = {share.eligible[0]: share.amount}
        else:
            low_half = share.amount // (2 * unit) * unit if share.low_winners else 0
            order = _high_order(game, share.winners, hands, seat_order)
            high = split_amount(share.amount - low_half, order, unit=unit)
            if share.low_winners:
                low_order = (
                    button_order(share.low_winners, seat_order)
                    if game.is_draw  # Omaha Hi-Lo: left of the button, as the high half
                    else stud_low_order(share.low_winners, hands)
                )
                low = split_amount(low_half, low_order, unit=unit)
        awards.append(
            PotAward(
                number=number,
                amount=share.amount,
                rake=before_rake - share.amount,
                eligible=share.eligible,
                high=high,
                low=low,
            )
        )
    return tuple(awards)


def _high_order(
    game: Game,
    winners: tuple[int, ...],
    hands: dict[int, tuple[Card | None, ...]],
    seat_order: list[int],
) -> tuple[int, ...]:
    """Winners of a pot's main side in the odd-chip order of ``game`` (RULES.md "Common to
    every game": button games clockwise from the button; stud by the highest card, Razz by
    the lowest)."""
    spec = game_spec(game)
    if not spec.is_stud:
        return button_order(winners, seat_order)
    if spec.sides[0] in (PotSide.LOW_A5, PotSide.LOW_8):  # a low game (Razz): lowest card
        return stud_low_order(winners, hands)
    return stud_high_order(winners, hands)
