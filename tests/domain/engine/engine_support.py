"""Helpers for the engine's rules tests: tables, cards from text, a fluent hand driver."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from floorman.domain.cards import Card, card_str, parse_cards
from floorman.domain.engine import (
    HandState,
    LegalAction,
    apply,
    legal_actions,
    pending_deals,
    snapshot,
    start_hand,
)
from floorman.domain.errors import RuleViolation
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    ForcedBet,
    Game,
    HandConfig,
    HandEvent,
    RakePolicy,
    SeatState,
    Stakes,
)

FL = BettingStructure.FIXED_LIMIT
PL = BettingStructure.POT_LIMIT
NL = BettingStructure.NO_LIMIT
STUDS = (Game.SEVEN_CARD_STUD, Game.RAZZ, Game.SEVEN_CARD_STUD_HI_LO, Game.FIVE_CARD_STUD)
SEVEN_STUDS = (Game.SEVEN_CARD_STUD, Game.RAZZ, Game.SEVEN_CARD_STUD_HI_LO)
DRAWS = (Game.FIVE_CARD_DRAW, Game.FIVE_CARD_DRAW_7A)
BOARD_GAMES = (
    Game.TEXAS_HOLDEM,
    Game.OMAHA,
    Game.OMAHA_HI_LO,
    Game.FIVE_CARD_OMAHA,
    Game.FIVE_CARD_OMAHA_HI_LO,
    Game.SHORT_DECK_HOLDEM,
)

FILLER_RANKS = (5, 4, 9, 8, 7, 6, 10, 3, 2, 11, 1, 0, 12)
"""Rank indices invented hole cards are taken from, in order: 7 6 J T 9 8 Q 5 4 K 3 2 A."""

FOLD = ActionType.FOLD
CHECK = ActionType.CHECK
CALL = ActionType.CALL
BET = ActionType.BET
RAISE = ActionType.RAISE
BRING_IN = ActionType.BRING_IN
COMPLETE = ActionType.COMPLETE
DRAW = ActionType.DRAW
SHOW = ActionType.SHOW
MUCK = ActionType.MUCK


def cards(text: str) -> tuple[Card | None, ...]:
    """Cards from ``"As Kd ??"`` (``??`` is ``None``; empty text: no cards; repeats kept)."""
    return tuple(parse_cards([word], allow_unknown=True)[0] for word in text.split())


def table(
    game: Game,
    stacks: Iterable[int] | Mapping[int, int],
    *,
    structure: BettingStructure = FL,
    button: int = 0,
    small_bet: int = 10,
    big_bet: int = 20,
    ante: int = 0,
    bring_in: int = 0,
    small_blind: int = 0,
    big_blind: int = 0,
    odd_chip_unit: int = 0,
    straddle: int = 0,
    big_blind_ante: int = 0,
    rake: RakePolicy | None = None,
    forced_bets: Iterable[ForcedBet] = (),
    uncapped_heads_up: bool = False,
) -> HandConfig:
    """A hand configuration; ``stacks`` is a list (seats 1..n) or ``{seat: stack}``."""
    by_seat = dict(stacks) if isinstance(stacks, Mapping) else dict(enumerate(stacks, start=1))
    return HandConfig(
        game=game,
        betting_structure=structure,
        stakes=Stakes(
            small_bet=small_bet,
            big_bet=big_bet,
            ante=ante,
            bring_in=bring_in,
            small_blind=small_blind,
            big_blind=big_blind,
            odd_chip_unit=odd_chip_unit,
            straddle=straddle,
            big_blind_ante=big_blind_ante,
        ),
        rake=rake or RakePolicy(),
        seats=tuple(SeatState(seat=seat, stack=stack) for seat, stack in by_seat.items()),
        button_seat=button,
        forced_bets=tuple(forced_bets),
        uncapped_heads_up=uncapped_heads_up,
    )


class Hand:
    """Drives one hand: deal helpers that invent unseen hole cards, actions, assertions.

    Hole cards not given come from the middle ranks first (sevens, sixes, jacks, tens, ...;
    see :data:`FILLER_RANKS`), skipping cards already out and the ``reserve`` cards a test
    names for later, so tests name the cards that matter and let the rest fill in.
    """

    def __init__(self, config: HandConfig, *, reserve: str = "") -> None:
        self.config = config
        self.state: HandState = start_hand(config)
        self.events: list[HandEvent] = []
        self.reserve = {c for c in cards(reserve) if c is not None}

    # --- events ------------------------------------------------------------------------------

    def apply(self, event: HandEvent) -> Hand:
        self.state = apply(self.state, event)
        self.events.append(event)
        return self

    def deal(self, seat: int, text: str, *, up: bool = False) -> Hand:
        return self.apply(Deal(seat=seat, cards=cards(text), face_up=up))

    def burn(self, text: str = "??") -> Hand:
        return self.apply(Deal(seat=0, cards=cards(text), burn=True))

    def act(self, seat: int, kind: ActionType, amount: int = 0, shown: str = "") -> Hand:
        return self.apply(Action(seat=seat, type=kind, amount=amount, cards=cards(shown)))

    def refuse(self, seat: int, kind: ActionType, amount: int = 0, shown: str = "") -> str:
        """Apply an action that must be refused; return the rule id (the state is unchanged)."""
        before = self.state
        with pytest.raises(RuleViolation) as caught:
            apply(self.state, Action(seat=seat, type=kind, amount=amount, cards=cards(shown)))
        assert self.state == before
        return caught.value.rule

    def refuse_deal(self, seat: int, text: str, *, up: bool = False, burn: bool = False) -> str:
        with pytest.raises(RuleViolation) as caught:
            apply(self.state, Deal(seat=seat, cards=cards(text), face_up=up, burn=burn))
        return caught.value.rule

    def filler(self, count: int) -> str:
        """``count`` cards not yet out, from the top of the deck down."""
        taken = self.state.used | self.reserve
        order = sorted(self.state.deck, key=lambda c: (FILLER_RANKS.index(c >> 2), -(c & 3)))
        free = [c for c in order if c not in taken]
        return " ".join(card_str(c) for c in free[:count])

    def stud_street(self, ups: Mapping[int, str], downs: Mapping[int, str] | None = None) -> Hand:
        """Deal the current stud street: the given up cards, down cards given or invented."""
        downs = dict(downs or {})
        for text in (*ups.values(), *downs.values()):
            self.reserve |= {c for c in cards(text) if c is not None}
        spec = self.state.street_spec
        for seat in self.state.seats:
            pos = self.state.positions[seat]
            if self.state.folded[pos]:
                continue
            if spec.down:
                self.deal(seat, downs.get(seat) or self.filler(spec.down))
            if spec.up:
                self.deal(seat, ups[seat], up=True)
        return self

    def deal_draw(self, hands: Mapping[int, str]) -> Hand:
        """Deal five down to every seat (given, or invented); a community-card game's hole
        cards (two to five)."""
        for text in hands.values():
            self.reserve |= {c for c in cards(text) if c is not None}
        count = self.state.spec.streets[0].down
        for seat in self.state.seats:
            self.deal(seat, hands.get(seat) or self.filler(count))
        return self

    def deal_holes(self, hands: Mapping[int, str]) -> Hand:
        """Deal the hole cards of a community-card game to every seat, clockwise from the
        button's left (given, or invented)."""
        for text in hands.values():
            self.reserve |= {c for c in cards(text) if c is not None}
        count = self.state.spec.streets[0].down
        for request in pending_deals(self.state):
            self.deal(request.seat, hands.get(request.seat) or self.filler(count))
        return self

    def board(self, text: str, *, burn: bool = False) -> Hand:
        """Deal board cards (seat 0, face up), after a burn when ``burn``."""
        self.reserve |= {c for c in cards(text) if c is not None}
        if burn:
            self.burn(self.filler(1))
        return self.deal(0, text, up=True)

    # --- questions ---------------------------------------------------------------------------

    @property
    def to_act(self) -> int:
        return self.state.seat_to_act

    def legal(self) -> tuple[LegalAction, ...]:
        return legal_actions(self.state)

    def legal_map(self) -> dict[ActionType, list[tuple[int, int]]]:
        out: dict[ActionType, list[tuple[int, int]]] = {}
        for entry in legal_actions(self.state):
            out.setdefault(entry.type, []).append((entry.min_amount, entry.max_amount))
        return out

    def stack(self, seat: int) -> int:
        return self.state.stacks[self.state.positions[seat]]

    def contributed(self, seat: int) -> int:
        return self.state.contributed[self.state.positions[seat]]

    @property
    def street(self) -> str:
        return snapshot(self.state).street


HIGH_DOORS = ("2c", "9d", "Th", "Js", "Qd", "Kh", "Ad", "As", "Kc", "Qh")
RAZZ_DOORS = ("Kd", "5d", "4h", "3s", "6c", "7h", "8s", "9c")


def stud_first_street(game: Game, stacks: Iterable[int] | Mapping[int, int], **kw: object) -> Hand:
    """A stud hand dealt its first street so that seat 1 brings in and the action then goes
    2, 3, 4, ... (door cards picked per game: lowest door in Stud Hi, Hi-Lo and Five Card
    Stud, highest door in Razz)."""
    hand = Hand(table(game, stacks, **kw))  # type: ignore[arg-type]
    doors = RAZZ_DOORS if game is Game.RAZZ else HIGH_DOORS
    hand.stud_street({seat: doors[i] for i, seat in enumerate(hand.state.seats)})
    return hand


def draw_first_round(game: Game, stacks: list[int], **kw: object) -> Hand:
    """A draw hand dealt five each with the button on the last seat: seat 1 posts the small
    blind and seat 2 the big blind (heads-up: seat 2 is the button and posts the small blind,
    seat 1 the big blind)."""
    kw.setdefault("button", len(stacks))
    return Hand(table(game, stacks, **kw)).deal_draw({})  # type: ignore[arg-type]
