"""Helpers for the exporter tests: table hands played by the engine, and equivalence checks.

* :func:`random_record` plays one hand of a random table (seeded: random legal play from a
  seeded deck, :mod:`tests.domain.engine.engine_play`) and wraps it in a :class:`HandRecord`;
  the tables vary players, stacks (short ones included), stakes, the button or dealer
  position, rake policies, odd-chip units, the heads-up cap option, explicit forced bets
  (newcomers' big blinds, dead small blinds, short antes) and display names.
* :func:`config_signature` says what makes two configurations play the same hand (the
  engine's posted forced bets, resolved stakes, seats, dealer); :func:`merged_events` puts
  deal events in one canonical grouping; :func:`final_stacks` replays and settles.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from datetime import UTC, datetime

from floorman.domain.cards import parse_card
from floorman.domain.engine import (
    HandState,
    apply,
    legal_actions,
    pending_deals,
    replay,
    settle_hand,
    start_hand,
)
from floorman.domain.history.record import HandRecord
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    ForcedBet,
    ForcedBetKind,
    Game,
    HandConfig,
    HandEvent,
    RakePolicy,
    SeatState,
    Stakes,
)
from tests.domain.engine.engine_play import PLAYERS, RandomDealer, choose_action

NAMES = ("Ann", "Bob Ray", "cy_3", "Dee-Dee", "Ed.", "Flo", "Gus 2", "Hal", "Ivy", "Jo Jo")
STACKS = (4, 15, 40, 90, 200, 500, 1000, 5000)


def random_config(
    rng: random.Random,
    game: Game,
    structure: BettingStructure,
    *,
    variety: bool = True,
    stacks: Sequence[int] = STACKS,
    odd_chip_units: bool = True,
    uncapped: bool = True,
) -> HandConfig:
    """A random table for ``game`` in ``structure`` (every player has chips).

    With ``variety`` the table may also have a rake policy, an odd-chip unit of 5 (unless
    not ``odd_chip_units``), the heads-up cap lifted (unless not ``uncapped``), an unusual
    dealer position and explicit forced bets.
    """
    low, high = PLAYERS[game]
    n = rng.randint(low, high)
    seats = sorted(rng.sample(range(1, 11), n))
    small = rng.choice((10, 20, 40))
    fixed = structure is BettingStructure.FIXED_LIMIT
    stakes = Stakes(
        small_bet=small,
        big_bet=2 * small,
        ante=rng.choice((0, 1, 5)) if game.is_stud else rng.choice((0, 0, 0, 2)),
        small_blind=0 if fixed else small // 2,
        big_blind=0 if fixed else small,
        odd_chip_unit=rng.choice((1, 1, 5)) if variety and odd_chip_units else 1,
    )
    config = HandConfig(
        game=game,
        betting_structure=structure,
        stakes=stakes,
        seats=tuple(
            SeatState(seat=seat, player_id=f"id-{seat}", stack=rng.choice(stacks)) for seat in seats
        ),
        button_seat=rng.choice(seats) if game.is_draw else rng.choice((0, *range(1, 11))),
        uncapped_heads_up=variety and uncapped and rng.random() < 0.3,
    )
    if variety and rng.random() < 0.3:
        config = dataclasses.replace(
            config,
            rake=RakePolicy(
                percent_bps=rng.choice((500, 1000)),
                increment=rng.choice((0, 5)),
                cap=rng.choice((0, 30)),
                no_rake_first_round=rng.random() < 0.5,
            ),
        )
    if variety and rng.random() < 0.3:
        config = dataclasses.replace(config, forced_bets=_explicit_forced_bets(rng, config))
    return config


def _explicit_forced_bets(rng: random.Random, config: HandConfig) -> tuple[ForcedBet, ...]:
    """Forced bets a table service would post: short or uneven antes; in the draw games a
    newcomer's big blind, a returning player's live big and dead small blind, or no small
    blind (dead small blind)."""
    state = start_hand(config)
    stakes = state.stakes
    seats = state.seats
    bets: list[ForcedBet] = []
    if stakes.ante or config.game.is_stud:
        ante = stakes.ante or 2
        bets += [
            ForcedBet(seat=seat, kind=ForcedBetKind.ANTE, amount=rng.choice((ante, ante, 1)))
            for seat in seats
        ]
    if config.game.is_stud:
        return tuple(bets)
    n = len(seats)
    small = state.button if n == 2 else (state.button + 1) % n
    big = (small + 1) % n
    if rng.random() < 0.7:
        bets.append(
            ForcedBet(seat=seats[small], kind=ForcedBetKind.SMALL_BLIND, amount=stakes.small_blind)
        )
    bets.append(ForcedBet(seat=seats[big], kind=ForcedBetKind.BIG_BLIND, amount=stakes.big_blind))
    others = [seats[p] for p in range(n) if p not in (small, big)]
    if others:
        newcomer = rng.choice(others)
        bets.append(ForcedBet(seat=newcomer, kind=ForcedBetKind.BIG_BLIND, amount=stakes.big_blind))
        if rng.random() < 0.5:
            dead = rng.choice(
                (
                    ForcedBet(
                        seat=newcomer, kind=ForcedBetKind.DEAD_BLIND, amount=stakes.small_blind
                    ),
                    ForcedBet(
                        seat=newcomer,
                        kind=ForcedBetKind.SMALL_BLIND,
                        amount=stakes.small_blind,
                        dead=True,
                    ),
                )
            )
            bets.append(dead)
    return tuple(bets)


def random_record(
    rng: random.Random,
    game: Game,
    structure: BettingStructure,
    *,
    burns: bool = True,
    variety: bool = True,
    number: int = 1,
    stacks: Sequence[int] = STACKS,
    free_folds: bool = True,
    odd_chip_units: bool = True,
    uncapped: bool = True,
) -> HandRecord:
    """One hand of a random table played to the end by random legal actions (without
    ``free_folds`` a seat that may check never folds)."""
    config = random_config(
        rng,
        game,
        structure,
        variety=variety,
        stacks=stacks,
        odd_chip_units=odd_chip_units,
        uncapped=uncapped,
    )
    events = play(config, rng, burns=burns, free_folds=free_folds)
    names = None
    if variety and rng.random() < 0.7:
        picked = rng.sample(NAMES, len(config.seats))
        names = {seat.seat: name for seat, name in zip(config.seats, picked, strict=True)}
    return HandRecord(
        hand_id=f"hand-{number}",
        hand_number=number,
        table_id="table-7",
        table_name="Table Seven" if variety else "",
        started_at=datetime(2024, 5, 17, 20, 15, 30, tzinfo=UTC),
        config=config,
        events=tuple(events),
        currency=rng.choice(("", "USD", "EUR")) if variety else "",
        player_names=names,
    )


def play(
    config: HandConfig, rng: random.Random, *, burns: bool, free_folds: bool = True
) -> list[HandEvent]:
    """Every event of ``config``'s hand played to the end: the dealer deals from a seeded
    stub (``burns``: now and then a reported burn), the seats pick random legal actions."""
    state = start_hand(config)
    dealer = RandomDealer.for_state(rng, state, burns=burns)
    events: list[HandEvent] = []
    while not state.complete:
        if pending_deals(state):
            batch: list[HandEvent] = list(dealer.deals(state))
        else:
            action = choose_action(state, rng)
            free = any(entry.type is ActionType.CHECK for entry in legal_actions(state))
            if action.type is ActionType.FOLD and free and not free_folds:
                action = Action(seat=action.seat, type=ActionType.CHECK)
            if action.type is ActionType.DRAW:
                dealer.note_discards(action.seat, action.cards)
            batch = [action]
        for event in batch:
            state = apply(state, event)
            events.append(event)
    return events


def config_signature(
    config: HandConfig, *, ids: bool = True, rake: bool = True, cap: bool = True
) -> tuple:
    """What makes ``config`` play a hand: game, structure, seats and stacks, the dealer, the
    stakes the rules use in this structure, what the engine posts before the deal, the rake
    policy and the heads-up cap option (``ids`` / ``rake`` / ``cap``: compare those too)."""
    state = start_hand(config)
    stakes = state.stakes
    fixed = config.betting_structure is BettingStructure.FIXED_LIMIT
    sizes = (
        (stakes.small_bet, stakes.big_bet)
        if fixed
        else (stakes.min_open(state.spec), stakes.small_bet if config.game.is_stud else 0)
    )
    return (
        config.game,
        config.betting_structure,
        tuple(sorted((s.seat, s.stack, s.player_id if ids else "") for s in config.seats)),
        state.seats[state.dealer_left],
        sizes,
        stakes.bring_in,
        stakes.odd_chip_unit,
        _posted(state),
        config.rake if rake else None,
        config.uncapped_heads_up if cap and fixed else None,
    )


def _posted(state: HandState) -> tuple:
    return (
        tuple(state.stacks),
        tuple(state.bets),
        tuple(state.contributed),
        tuple(state.all_in),
        state.current_bet,
        state.big_blind_pos,
        state.bet_count,
    )


_SIZED = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)


def canonical_events(
    events: Sequence[HandEvent], *, merge: bool = False, burns: bool = True
) -> list[HandEvent]:
    """``events`` as the engine reads them: amounts kept only where they mean something
    (BET / RAISE / COMPLETE "raise to"; a CALL's or a BRING_IN's amount is ignored). With
    ``merge``, consecutive deals of one seat and face are joined (the grouping a deal is
    reported in changes nothing); without ``burns``, burn cards are dropped."""
    out: list[HandEvent] = []
    for event in events:
        if isinstance(event, Action):
            if event.type not in _SIZED and event.amount:
                event = dataclasses.replace(event, amount=0)
            out.append(event)
            continue
        if event.burn and not burns:
            continue
        last = out[-1] if out else None
        if (
            merge
            and isinstance(last, Deal)
            and not event.burn
            and not last.burn
            and last.seat == event.seat
            and last.face_up == event.face_up
        ):
            out[-1] = Deal(seat=event.seat, cards=last.cards + event.cards, face_up=event.face_up)
        else:
            out.append(event)
    return out


def final_stacks(config: HandConfig, events: Sequence[HandEvent]) -> dict[int, int]:
    """Replay ``events`` and settle: seat -> final stack."""
    return settle_hand(replay(config, list(events))).final_stacks


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(item) for item in text.split())


def _deal(seat: int, text: str, *, up: bool = False) -> Deal:
    return Deal(seat=seat, cards=_cards(text), face_up=up)


def _act(seat: int, kind: ActionType, amount: int = 0, cards: str = "") -> Action:
    return Action(seat=seat, type=kind, amount=amount, cards=_cards(cards))


def stud_example() -> HandRecord:
    """A Stud Hi hand in cents (antes 5, bring-in 10, 20/40; seats 1-3, $10.00 each).

    Seat 1 (2c door card) brings in, seat 2 completes, seat 1 raises, seat 3 folds; Bob
    (seat 2) makes three queens and wins the 395 pot against Ann's muck. Final stacks:
    815, 1210, 975.
    """
    a = ActionType
    events = (
        _deal(1, "As Ks"), _deal(1, "2c", up=True),
        _deal(2, "Qd Qh"), _deal(2, "9s", up=True),
        _deal(3, "7h 8h"), _deal(3, "3d", up=True),
        _act(1, a.BRING_IN), _act(2, a.COMPLETE, 20), _act(3, a.CALL), _act(1, a.RAISE, 40),
        _act(2, a.CALL), _act(3, a.FOLD),
        _deal(1, "5d", up=True), _deal(2, "Jd", up=True),
        _act(2, a.CHECK), _act(1, a.BET, 20), _act(2, a.CALL),
        _deal(1, "6h", up=True), _deal(2, "3c", up=True),
        _act(2, a.BET, 40), _act(1, a.RAISE, 80), _act(2, a.CALL),
        _deal(1, "7s", up=True), _deal(2, "4h", up=True),
        _act(2, a.CHECK), _act(1, a.CHECK),
        _deal(1, "Ac"), _deal(2, "Qc"),
        _act(2, a.BET, 40), _act(1, a.CALL),
        _act(2, a.SHOW, cards="Qd Qh 9s Jd 3c 4h Qc"), _act(1, a.MUCK),
    )  # fmt: skip
    config = HandConfig(
        game=Game.SEVEN_CARD_STUD,
        stakes=Stakes(small_bet=20, big_bet=40, ante=5, bring_in=10),
        seats=tuple(SeatState(seat=s, player_id=f"p{s}", stack=1000) for s in (1, 2, 3)),
    )
    return HandRecord(
        hand_id="h-42",
        hand_number=42,
        table_id="t-1",
        table_name="Stud One",
        started_at=datetime(2024, 5, 17, 20, 15, 30, tzinfo=UTC),
        config=config,
        events=events,
        currency="USD",
        player_names={1: "Ann", 2: "Bob", 3: "Cy"},
    )


def short_completion_example() -> HandRecord:
    """A Razz hand in chips (antes 5, bring-in 5, 20/40): the bring-in seat completes short.

    Bob (seat 2, 15 chips, Ks door card) owes the bring-in and completes all in for 10 (half
    a bet, so a full bet: RULES.md "Betting structures"); Cy raises to 30, Ann calls; on 4th
    street Cy bets and Ann folds. Cy's 7-6-5-4-2 beats Bob's T-9-3-2-A for the 45 main pot
    and takes the 40 side pot. Final stacks: 165, 0, 250.
    """
    a = ActionType
    events = (
        _deal(1, "8s 8h"), _deal(1, "3d", up=True),
        _deal(2, "2c Ac"), _deal(2, "Ks", up=True),
        _deal(3, "4s 5s"), _deal(3, "6h", up=True),
        _act(2, a.COMPLETE, 10), _act(3, a.RAISE, 30), _act(1, a.CALL),
        _deal(1, "Qs", up=True), _deal(2, "Tc", up=True), _deal(3, "7h", up=True),
        _act(3, a.BET, 20), _act(1, a.FOLD),
        _deal(2, "Qd", up=True), _deal(3, "8d", up=True),
        _deal(2, "9h", up=True), _deal(3, "2d", up=True),
        _deal(2, "3c"), _deal(3, "Kd"),
    )  # fmt: skip
    config = HandConfig(
        game=Game.RAZZ,
        stakes=Stakes(small_bet=20, big_bet=40, ante=5, bring_in=5),
        seats=tuple(
            SeatState(seat=s, player_id=f"p{s}", stack=stack)
            for s, stack in ((1, 200), (2, 15), (3, 200))
        ),
    )
    return HandRecord(
        hand_id="h-5",
        hand_number=5,
        table_id="t-3",
        config=config,
        events=events,
        player_names={1: "Ann", 2: "Bob", 3: "Cy"},
    )


def draw_example() -> HandRecord:
    """A fixed-limit 7-A draw hand in chips with a 10 % rake (blinds 10/20, bets 20/40).

    Seats 2, 4, 6 (button 6), 1000 each. Seat 6 raises first in, both blinds call; after the
    draw seat 2's club flush beats seat 4's eights full (a flush beats a full house in 7-A)
    and seat 6 folds. Pot 440, rake 44, seat 2 paid 396: final stacks 1236, 840, 880.
    """
    a = ActionType
    events = (
        _deal(2, "Ac Kc Qc Jc 7d"), _deal(4, "Ah Ad 8s 8h 9d"), _deal(6, "Ks Kd Kh 7s Ts"),
        _act(6, a.RAISE, 40), _act(2, a.CALL), _act(4, a.CALL),
        _act(2, a.DRAW, cards="7d"), _deal(2, "8c"),
        _act(4, a.DRAW, cards="9d"), _deal(4, "8d"),
        _act(6, a.DRAW, cards="7s Ts"), _deal(6, "9s 9h"),
        _act(2, a.BET, 40), _act(4, a.RAISE, 80), _act(6, a.CALL), _act(2, a.RAISE, 120),
        _act(4, a.CALL), _act(6, a.FOLD),
        _act(2, a.SHOW, cards="Ac Kc Qc Jc 8c"), _act(4, a.MUCK),
    )  # fmt: skip
    config = HandConfig(
        game=Game.FIVE_CARD_DRAW_7A,
        stakes=Stakes(small_bet=20, big_bet=40, small_blind=10, big_blind=20),
        rake=RakePolicy(percent_bps=1000),
        seats=tuple(SeatState(seat=s, player_id=f"p{s}", stack=1000) for s in (2, 4, 6)),
        button_seat=6,
    )
    return HandRecord(
        hand_id="h-7",
        hand_number=7,
        table_id="t-2",
        config=config,
        events=events,
        player_names={2: "Dee", 4: "Eve", 6: "Fay"},
    )


def redacted(record: HandRecord) -> HandRecord:
    """``record`` with every face-down card dealt to a seat unknown (``None``), as an export
    for a caller who may not see hole cards (DESIGN.md "Unknown cards"); shows keep theirs."""
    events = tuple(
        dataclasses.replace(event, cards=(None,) * len(event.cards))
        if isinstance(event, Deal) and event.seat and not event.face_up
        else event
        for event in record.events
    )
    return dataclasses.replace(record, events=events)
