"""Differential test: floorman's engine against pokerkit 0.7.7 (test-only) on random fixed-limit
Seven Card Stud, Razz and Stud Hi-Lo hands (issue 3 "Property tests"; RULES.md "Known
differences from pokerkit 0.7.7").

Both engines play the same hand from the same seeded deck: floorman (``apply``) and pokerkit
(``create_state`` with antes, bet collection, showing/mucking, hand killing and chip pushing and
pulling automated; every card dealt and burned by the test). At each decision point the seat to
act and its legal moves must agree (pokerkit's ``can_fold``, ``can_check_or_call`` with its
amount, ``can_post_bring_in`` with the effective bring-in, ``can_complete_bet_or_raise_to``
with its min/max "raise to"), and at the end the final stacks must agree.

The known differences of RULES.md are skipped where they occur, counted and printed:

* ``fold_check_free`` — floorman lets the seat fold when a check is free (house choice);
  pokerkit refuses in tournament mode. That FOLD entry is left out of the comparison, and
  the random player never folds when it could check.
* ``open_pair`` — Stud Hi's 4th-street open-pair option (BET/RAISE the big bet) which pokerkit
  lacks. Only the first (small-bet) entry is compared and played.
* ``short_all_in`` — pokerkit reopens fixed-limit betting only on a full raise (and sizes the
  next raise over the all-in); after a short all-in bet or raise (below a full bet over the
  last full level) the raise entries of the rest of that round are not compared and the random
  player only folds, checks or calls.
* ``stack_cap`` — floorman offers (and accepts) a bet or raise to exactly the most an opponent
  can still match when that is below the fixed size (it stands for the full bet; RULES.md:
  pokerkit rejects the corpus hand ``FR/wsop-2023-43-5-h85`` that raises this way). That
  entry is left out of the comparison and never played.
* ``odd_chip`` — pokerkit gives a tied pot's whole odd-chip remainder to the first winner
  index; a hand where a pot (or a hi-lo half) splits with a remainder is not compared on its
  final stacks.

Anything else that differs fails the test, and so does any warning pokerkit raises. Tables are
2-6 players (the deck never runs short, burns included: RULES.md's 7th-street community card
and pokerkit's short-stub handling are not compared); every stack covers the ante, and some
are short of the ante plus the bring-in, so a short all-in bring-in (RULES.md "Seven Card Stud
family": it posts all it has; the bet to call is the chips posted, as in pokerkit) is compared,
not skipped. Hands come from fixed seeds, so a failure replays exactly.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field

import pokerkit
import pytest

from floorman.domain.cards import card_str, parse_card
from floorman.domain.engine import (
    HandResult,
    HandState,
    LegalAction,
    Phase,
    apply,
    legal_actions,
    pending_deals,
    settle_hand,
    start_hand,
)
from floorman.domain.engine.options import fixed_limit_sizes
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    Game,
    HandConfig,
    SeatState,
    Stakes,
)

HANDS_PER_GAME = 120
SEED = 20_240_307
POKERKIT_GAMES = {
    Game.SEVEN_CARD_STUD: pokerkit.FixedLimitSevenCardStud,
    Game.RAZZ: pokerkit.FixedLimitRazz,
    Game.SEVEN_CARD_STUD_HI_LO: pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
}
AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
REASONS = ("fold_check_free", "open_pair", "short_all_in", "stack_cap", "odd_chip")
_RAISES = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)

Move = tuple[str, int, int]
"""A normalized legal move: ``(kind, min, max)`` with kind fold / check / call / bring_in /
raise (BET, RAISE and COMPLETE are pokerkit's one ``complete_bet_or_raise_to``)."""


@dataclass
class Tally:
    """What the differential run compared and skipped, per game."""

    hands: Counter[Game] = field(default_factory=Counter)
    decisions: Counter[Game] = field(default_factory=Counter)
    stacks_compared: Counter[Game] = field(default_factory=Counter)
    fully_compared: Counter[Game] = field(default_factory=Counter)
    skipped_hands: Counter[tuple[Game, str]] = field(default_factory=Counter)
    skipped_points: Counter[tuple[Game, str]] = field(default_factory=Counter)
    showdowns: Counter[Game] = field(default_factory=Counter)
    side_pots: Counter[Game] = field(default_factory=Counter)
    split_pots: Counter[Game] = field(default_factory=Counter)
    short_bring_ins: Counter[Game] = field(default_factory=Counter)

    def lines(self) -> list[str]:
        """One summary line per game."""
        out = []
        for game in POKERKIT_GAMES:
            skips = ", ".join(
                f"{reason} {self.skipped_hands[game, reason]} hands"
                + (
                    f" / {self.skipped_points[game, reason]} decisions"
                    if self.skipped_points[game, reason]
                    else ""
                )
                for reason in REASONS
            )
            out.append(
                f"{game.value}: {self.hands[game]} hands, {self.decisions[game]} decision "
                f"points compared, final stacks compared in {self.stacks_compared[game]}, "
                f"{self.fully_compared[game]} hands with nothing skipped ({self.showdowns[game]} "
                f"showdowns, {self.side_pots[game]} with side pots, {self.split_pots[game]} "
                f"with a split pot, {self.short_bring_ins[game]} with a short all-in bring-in); "
                f"skipped: {skips}"
            )
        return out


def random_table(rng: random.Random, game: Game) -> HandConfig:
    """A fixed-limit table of 2-6 seats with uneven stacks (some short enough to go all in),
    each covering the ante; some short of the ante plus the bring-in (a short all-in
    bring-in when that seat brings in)."""
    n = rng.randint(2, 6)
    small = rng.choice((2, 4, 10, 20))
    bring_in = rng.choice((0, 0, 1, small - 1)) if small > 2 else 1
    ante = rng.choice((0, 1, 2, small // 2))
    effective_bring_in = bring_in or small // 2
    floor = ante + effective_bring_in + 1
    stacks = [
        rng.choice(
            (
                ante + rng.randint(1, effective_bring_in),  # at most the bring-in after the ante
                floor,
                floor + rng.randint(0, 2 * small),
                floor + rng.randint(0, 8 * small),
            )
        )
        if rng.random() < 0.4
        else rng.randint(20 * small, 60 * small)
        for _ in range(n)
    ]
    return HandConfig(
        game=game,
        betting_structure=BettingStructure.FIXED_LIMIT,
        stakes=Stakes(small_bet=small, big_bet=2 * small, ante=ante, bring_in=bring_in),
        seats=tuple(SeatState(seat=i, stack=s) for i, s in enumerate(stacks, start=1)),
        button_seat=0,  # dealing starts at seat 1 = pokerkit's player 0; ties go to seat 1
    )


def pokerkit_state(config: HandConfig, state: HandState) -> pokerkit.State:
    """The same table in pokerkit (tournament mode: no fold when a check is free)."""
    stakes = state.stakes
    return POKERKIT_GAMES[config.game].create_state(
        AUTOMATIONS,
        True,
        stakes.ante,
        stakes.bring_in,
        stakes.small_bet,
        stakes.big_bet,
        tuple(seat.stack for seat in config.seats),
        len(config.seats),
        mode=pokerkit.Mode.TOURNAMENT,
    )


def floorman_moves(entries: tuple[LegalAction, ...]) -> list[tuple[Move, LegalAction]]:
    """floorman's legal actions, normalized, each with its entry."""
    kinds = {
        ActionType.FOLD: "fold",
        ActionType.CHECK: "check",
        ActionType.CALL: "call",
        ActionType.BRING_IN: "bring_in",
    }
    return [
        ((kinds.get(e.type, "raise"), e.min_amount, e.max_amount), e)
        for e in entries
        if e.type in kinds or e.type in _RAISES
    ]


def pokerkit_moves(pk: pokerkit.State) -> list[Move]:
    """pokerkit's legal moves, normalized like :func:`floorman_moves`."""
    moves: list[Move] = []
    if pk.can_fold():
        moves.append(("fold", 0, 0))
    if pk.can_check_or_call():
        amount = pk.checking_or_calling_amount
        moves.append(("call", amount, amount) if amount else ("check", 0, 0))
    if pk.can_post_bring_in():
        amount = pk.effective_bring_in_amount
        moves.append(("bring_in", amount, amount))
    if pk.can_complete_bet_or_raise_to():
        low = pk.min_completion_betting_or_raising_to_amount
        high = pk.max_completion_betting_or_raising_to_amount
        if not (moves and moves[-1] == ("bring_in", low, high)):
            # a short stack's all-in "completion" to exactly its all-in bring-in puts in the
            # same chips as the bring-in: floorman lists the bring-in alone
            moves.append(("raise", low, high))
    return sorted(moves)


class DifferentialHand:
    """One random hand played in both engines, step by step."""

    def __init__(
        self,
        rng: random.Random,
        game: Game,
        tally: Tally,
        *,
        config: HandConfig | None = None,
        deck: str = "",
        passive: bool = False,
    ) -> None:
        """A random table and deck from ``rng``, or the given ``config`` and ``deck`` (cards
        in dealing order, burns included); ``passive`` players only bring in, check or call."""
        self.rng = rng
        self.game = game
        self.tally = tally
        self.config = config or random_table(rng, game)
        self.state = start_hand(self.config)
        self.pk = pokerkit_state(self.config, self.state)
        if deck:
            self.stub = [parse_card(text) for text in reversed(deck.split())]
        else:
            self.stub = sorted(self.state.deck)
            rng.shuffle(self.stub)
        self.passive = passive
        self.result: HandResult | None = None
        self.skipped: set[str] = set()
        self.short_all_in_street = -1
        self.burned_street = 0
        self.label = f"{game.value} {self.config.stakes} stacks {self.pk.starting_stacks}"

    def skip(self, reason: str, *, point: bool = True) -> None:
        """Count a known-difference situation (``point``: at a decision point)."""
        self.skipped.add(reason)
        if point:
            self.tally.skipped_points[self.game, reason] += 1

    # --- dealing -------------------------------------------------------------------------

    def deal_next(self) -> None:
        """Burn (from 4th street on, once per street) or deal the next requested cards."""
        s = self.state
        if s.street > 0 and self.burned_street < s.street:
            self.burned_street = s.street
            card = self.stub.pop()
            self.pk.burn_card(card_str(card))
            self.state = apply(s, Deal(seat=0, cards=(card,), burn=True))
            return
        request = pending_deals(s)[0]
        assert request.seat, f"{self.label}: a community card was requested"
        cards = tuple(self.stub.pop() for _ in range(request.count))
        for card in cards:
            self.pk.deal_hole(card_str(card), request.seat - 1)
        self.state = apply(s, Deal(seat=request.seat, cards=cards, face_up=request.face_up))

    # --- betting -------------------------------------------------------------------------

    def decide(self) -> None:
        """Compare the seat to act and its moves, then play one move in both engines."""
        s = self.state
        seat = s.seat_to_act
        assert self.pk.actor_index == seat - 1, (
            f"{self.label}: floorman seat {seat} to act, pokerkit player {self.pk.actor_index}"
        )
        ours = floorman_moves(legal_actions(s))
        if any(m[0] == "check" for m, _ in ours) and any(m[0] == "fold" for m, _ in ours):
            ours = [(m, e) for m, e in ours if m[0] != "fold"]
            self.skip("fold_check_free")
        if self.game is Game.SEVEN_CARD_STUD and len(fixed_limit_sizes(s)) == 2:
            raises = [(m, e) for m, e in ours if m[0] == "raise"]
            if len(raises) > 1:
                ours = [(m, e) for m, e in ours if m[0] != "raise"] + raises[:1]
                self.skip("open_pair")
        full_target = s.full_level + min(fixed_limit_sizes(s))
        capped = [
            (m, e)
            for m, e in ours
            if e.type in _RAISES and not e.all_in and e.max_amount < full_target
        ]
        if capped:
            ours = [move for move in ours if move not in capped]
            self.skip("stack_cap")
        theirs = pokerkit_moves(self.pk)
        if self.short_all_in_street == s.street:
            ours = [(m, e) for m, e in ours if m[0] != "raise"]
            if any(m[0] == "raise" for m in theirs) or any(
                e.type in _RAISES for e in legal_actions(s)
            ):
                self.skip("short_all_in")
            theirs = [m for m in theirs if m[0] != "raise"]
        assert sorted(m for m, _ in ours) == theirs, (
            f"{self.label}: seat {seat} on {s.street_spec.name}: floorman "
            f"{sorted(m for m, _ in ours)} vs pokerkit {theirs}"
        )
        self.tally.decisions[self.game] += 1
        self.play(self.pick([e for _, e in ours]))

    def pick(self, entries: list[LegalAction]) -> tuple[LegalAction, int]:
        """A random entry (folds rarer, raises common) and its amount."""
        weights = [
            {ActionType.FOLD: 1, ActionType.CALL: 4, ActionType.CHECK: 4}.get(e.type, 3)
            for e in entries
        ]
        if self.passive:
            weights = [
                int(e.type in (ActionType.BRING_IN, ActionType.CHECK, ActionType.CALL))
                for e in entries
            ]
        entry = self.rng.choices(entries, weights=weights)[0]
        return entry, self.rng.randint(entry.min_amount, entry.max_amount)

    def play(self, choice: tuple[LegalAction, int]) -> None:
        """Apply the chosen entry and amount in both engines (noting a short all-in)."""
        entry, amount = choice
        s = self.state
        seat = s.seat_to_act
        if entry.type in _RAISES:
            full_target = s.full_level + min(fixed_limit_sizes(s))
            if amount < full_target:  # an all-in short of a full bet or raise
                self.short_all_in_street = s.street
            self.pk.complete_bet_or_raise_to(amount)
        elif entry.type is ActionType.FOLD:
            self.pk.fold()
        elif entry.type is ActionType.BRING_IN:
            if entry.all_in and entry.min_amount < s.stakes.bring_in:
                self.tally.short_bring_ins[self.game] += 1
            self.pk.post_bring_in()
        else:
            self.pk.check_or_call()
        self.state = apply(s, Action(seat=seat, type=entry.type, amount=amount))

    # --- the whole hand ------------------------------------------------------------------

    def run(self) -> None:
        """Play to the end in both engines and compare the final stacks."""
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a pokerkit warning (e.g. burned chips) fails
            for _ in range(500):
                phase = self.state.phase
                if phase is Phase.DEALING:
                    self.deal_next()
                elif phase is Phase.BETTING:
                    self.decide()
                else:
                    break
            else:
                raise AssertionError(f"{self.label}: the hand did not end")
        assert not self.pk.status, f"{self.label}: pokerkit still playing at {self.state!r}"
        result = self.result = settle_hand(self.state)
        if has_odd_chip(self.game, result):
            self.skip("odd_chip", point=False)
        else:
            ours = [result.final_stacks[seat.seat] for seat in self.config.seats]
            assert ours == list(self.pk.stacks), (
                f"{self.label}: final stacks floorman {ours} vs pokerkit {list(self.pk.stacks)}"
            )
            self.tally.stacks_compared[self.game] += 1
        self.tally.hands[self.game] += 1
        self.tally.showdowns[self.game] += bool(result.showdown_order)
        self.tally.side_pots[self.game] += len(result.pots) > 1
        self.tally.split_pots[self.game] += any(
            len(p.winners) > 1 or (p.low_winners and p.low_winners != p.winners)
            for p in result.pots
        )
        for reason in self.skipped:
            self.tally.skipped_hands[self.game, reason] += 1
        if not self.skipped:
            self.tally.fully_compared[self.game] += 1


def has_odd_chip(game: Game, result: HandResult) -> bool:
    """True when some pot, or a hi-lo half of it, splits among tied winners with a remainder,
    or a hi-lo pot with a low splits with an odd chip (where pokerkit and RULES.md may pay the
    odd chip to different players: pokerkit kills the hands that can win nothing and merges
    the pots they leave with the same contenders before splitting them, so the odd chips of
    two odd pots may become one even pot)."""
    for pot in result.pots:
        halves = [(pot.amount, pot.winners)]
        if game is Game.SEVEN_CARD_STUD_HI_LO and pot.low_winners:
            if pot.amount % 2:
                return True
            halves = [
                (pot.amount - pot.amount // 2, pot.winners),
                (pot.amount // 2, pot.low_winners),
            ]
        if any(len(w) > 1 and amount % len(w) for amount, w in halves):
            return True
    return False


@pytest.mark.parametrize("game", list(POKERKIT_GAMES), ids=lambda g: g.value)
def test_engine_matches_pokerkit_on_random_fixed_limit_stud_hands(game, record_property):
    """Random fixed-limit stud, razz and stud hi-lo hands (RULES.md "Seven Card Stud family",
    "Betting structures"): the same seat to act and legal moves at every decision point and
    the same final stacks as pokerkit 0.7.7, outside RULES.md "Known differences from pokerkit
    0.7.7" (skipped, counted and printed); short all-in bring-ins are compared."""
    tally = Tally()
    rng = random.Random(SEED + list(POKERKIT_GAMES).index(game))
    for _ in range(HANDS_PER_GAME):
        DifferentialHand(rng, game, tally).run()
    line = next(line for line in tally.lines() if line.startswith(game.value))
    print(f"\npokerkit differential: {line}")
    record_property("pokerkit_differential", line)
    assert tally.hands[game] == HANDS_PER_GAME
    assert tally.stacks_compared[game] >= HANDS_PER_GAME * 3 // 4, line
    assert tally.decisions[game] >= HANDS_PER_GAME * 5, line
    assert tally.short_bring_ins[game] >= 1, line


def test_odd_chip_is_the_known_difference_the_comparison_skips():
    """RULES.md "Known differences from pokerkit 0.7.7" (odd chips) and "Common to every
    game" (Razz: the odd chip to the tied winner with the lowest card by suit, aces low): a
    15-chip Razz pot tied by two wheels pays seat 2 (Ac) 8 and seat 1 (Ad) 7, where pokerkit
    pays the odd chip to its first winner index (seat 1); the differential run skips and
    counts such hands."""
    config = HandConfig(
        game=Game.RAZZ,
        stakes=Stakes(small_bet=10, big_bet=20, ante=1, bring_in=4),
        seats=tuple(SeatState(seat=seat, stack=100) for seat in (1, 2, 3)),
    )
    deck = (
        "Ad 2d 3d Ac 2c 3c 8h 7h Ks"  # 3rd street: seat 3's king brings in
        " 2s 4d 4c 6h  2h 5d 5c 9h  3s Qd Qc Th  3h Kd Kh Jh"  # a burn, then 4th to 7th
    )
    tally = Tally()
    hand = DifferentialHand(
        random.Random(0), Game.RAZZ, tally, config=config, deck=deck, passive=True
    )
    hand.run()
    assert hand.result is not None
    assert hand.result.pots[0].amount == 15 and hand.result.pots[0].winners == (1, 2)
    assert hand.result.final_stacks == {1: 102, 2: 103, 3: 95}  # 95 behind + 7 or 8
    assert list(hand.pk.stacks) == [103, 102, 95]
    assert tally.skipped_hands[Game.RAZZ, "odd_chip"] == 1
    assert tally.stacks_compared[Game.RAZZ] == 0
