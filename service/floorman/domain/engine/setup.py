"""Starting a hand: validate the configuration, resolve the stakes, post antes and blinds.

RULES.md "Stakes defaults", "Five Card Draw, 7-A" (blinds), "Seven Card Stud family"
(antes); DESIGN.md "Forced bets" (explicit forced bets replace derivation; an explicit
bring-in names the seat and amount of the bring-in, which is still acted, not posted).
"""

from __future__ import annotations

from dataclasses import replace

from floorman.domain.engine.flow import begin_street, reset_round
from floorman.domain.engine.stakes import resolve_stakes
from floorman.domain.engine.state import NOBODY, HandState
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.games import GameSpec, game_spec
from floorman.domain.members import (
    KIND_ANTE,
    KIND_BIG_BLIND,
    KIND_BIG_BLIND_ANTE,
    KIND_BRING_IN,
    KIND_DEAD_BLIND,
    KIND_SMALL_BLIND,
    KIND_STRADDLE,
    PHASE_DEALING,
)
from floorman.domain.model import BettingStructure, ForcedBet, ForcedBetKind, HandConfig

_BLINDS = (KIND_SMALL_BLIND, KIND_BIG_BLIND, KIND_DEAD_BLIND)
_FORCED_RULES = {
    KIND_ANTE: ("ante.amount", "ante.amount"),
    KIND_BRING_IN: ("bring_in.amount", "bring_in.player"),
    KIND_STRADDLE: ("straddle.amount", "straddle.player"),
    KIND_BIG_BLIND_ANTE: ("ante.amount", "blind.player"),
}
"""Rule ids (amount, seat) of a forced bet's problems; blinds are ``blind.*``."""
_DUPLICATE_RULES = {
    KIND_ANTE: "ante.amount",
    KIND_BRING_IN: "bring_in.player",
    KIND_STRADDLE: "straddle.player",
    KIND_BIG_BLIND_ANTE: "ante.amount",
}
"""Rule id of a forced bet a seat posts twice (the kind's seat rule; blinds ``blind.player``)."""
_POST_RANK = {
    KIND_ANTE: 0,
    KIND_SMALL_BLIND: 1,
    KIND_BIG_BLIND: 1,
    KIND_DEAD_BLIND: 1,
    KIND_STRADDLE: 2,
    KIND_BIG_BLIND_ANTE: 3,
}
"""Posting order of the forced bets (antes, blinds in the order given, the straddle, the
big-blind ante); a BRING_IN is acted, not posted."""


def _post_rank(bet: ForcedBet) -> int:
    return _POST_RANK[bet.kind]


_HAS_BOARD: dict[int, tuple[GameSpec, bool]] = {}
"""``id(spec)`` -> (``spec``, ``spec.has_board``): a property that scans the streets, read
once per game instead of once per hand."""


def _has_board(spec: GameSpec) -> bool:
    hit = _HAS_BOARD.get(id(spec))
    if hit is None:
        hit = _HAS_BOARD[id(spec)] = (spec, spec.has_board)
    return hit[1]


_SMALL_AND_BIG = frozenset({KIND_SMALL_BLIND, KIND_BIG_BLIND})
_NAMES = {
    KIND_ANTE: "an ante",
    KIND_SMALL_BLIND: "the small blind",
    KIND_BIG_BLIND: "the big blind",
    KIND_DEAD_BLIND: "a dead blind",
    KIND_BRING_IN: "the bring-in",
    KIND_STRADDLE: "a straddle",
    KIND_BIG_BLIND_ANTE: "a big-blind ante",
}


def start_hand(config: HandConfig) -> HandState:
    """Validate ``config``, post the forced bets and return the state before any card is dealt.

    Antes (stud, or any explicit ``ANTE``) go to the pot without counting as a bet; blinds
    are live bets (a ``dead`` blind or ``DEAD_BLIND`` is dead money: it goes to the pot, never
    counts as a bet and is never returned, kept in ``HandState.dead``); a stack short of
    its forced bets posts what it has and is all in, antes first. Without explicit
    ``forced_bets`` the draw games post the small blind left of the button and the big blind
    left of it (heads-up: the button posts the small blind); the studs post an ante each.
    A short big blind still makes the full big blind the bet to call (RRoP / TDA).
    ``forced_bets``, when given, is the hand's whole list: nothing is derived beside it. A
    ``BRING_IN`` entry (stud only, at most one) is not posted: it names the seat that must
    bring in (instead of the door cards) and the bring-in amount (instead of the stakes');
    that seat still acts BRING_IN or COMPLETE on the first street. The community-card games
    add, from ``stakes.big_blind_ante`` and ``stakes.straddle`` or as explicit entries, the
    big-blind ante (dead money posted by the big blind after its blind) and the live straddle
    (twice the big blind, by the seat left of the big blind, never heads-up, derived only when
    that seat's stack covers it): RULES.md "Hold'em and Omaha", docs/rules.md.

    Args:
        config: the hand's configuration (seats listed clockwise; seat numbers >= 1).

    Returns:
        The state in phase DEALING on the first street (draw: 5 down each; stud: the first
        street's down and up cards).

    Raises:
        InvalidArgument: every problem found, with field paths such as ``config.seats``,
            ``config.seats[2].stack``, ``config.stakes.bring_in``, ``config.button_seat``,
            ``config.forced_bets[1].amount`` (rule ids ``bring_in.amount``,
            ``bring_in.player``, ``blind.amount``, ``blind.player``, ``ante.amount``,
            ``straddle.amount``, ``straddle.player`` where one applies); ``config.forced_bets[i]``
            for a forced bet its seat already posts (the same kind twice, or a small and a big
            blind on one seat; ``i`` the later one; a live and a dead one of a kind may stand
            beside each other): ``blind.player``, ``ante.amount``, ``bring_in.player`` or
            ``straddle.player``.
    """
    spec = game_spec(config.game)
    _check_config(config, spec)
    stakes = resolve_stakes(config.stakes, spec=spec, structure=config.betting_structure)
    bring_in = _forced_bring_in(config, stakes.small_bet)
    if bring_in is not None:
        stakes = replace(stakes, bring_in=bring_in.amount)
    seats = tuple(sorted([seat.seat for seat in config.seats]))
    stacks = {seat.seat: seat.stack for seat in config.seats}
    n = len(seats)
    positions = {seat: pos for pos, seat in enumerate(seats)}

    s = object.__new__(HandState)
    s.config = config
    s.spec = spec
    s.stakes = stakes
    s.seats = seats
    s.positions = positions
    s.deck = spec.deck(n)
    s.button = positions[config.button_seat] if spec.has_button else NOBODY
    s.dealer_left = (
        (s.button + 1) % n if spec.has_button else _first_left_of(seats, config.button_seat)
    )
    s.forced_bring_in = positions[bring_in.seat] if bring_in is not None else NOBODY
    s.has_board = _has_board(spec)
    s.stacks = [stacks[seat] for seat in seats]
    s.contributed = [0] * n
    s.folded = [False] * n
    s.all_in = [stack == 0 for stack in s.stacks]
    s.cards = [()] * n
    s.up = [()] * n
    s.need_down = [0] * n
    s.need_up = [0] * n
    reset_round(s)
    s.street = 0
    s.phase = PHASE_DEALING
    s.community = ()
    s.need_community = 0
    s.street_started = False
    s.street_burned = False
    s.stub = len(s.deck)
    s.used = frozenset()
    s.available = frozenset()
    s.discards = ()
    s.first_rule = "turn.out_of_turn"
    s.showdown_lead = NOBODY
    s.big_blind_pos = NOBODY
    s.draw_queue = ()
    s.draw_owed = 0
    s.show_queue = ()
    s.show_order = ()
    s.exposed = False
    s.notes = ()
    s.events = 0
    s.turn_cache = s.view_cache = None
    forced = config.forced_bets or _derived_forced_bets(s)
    if config.forced_bets:
        _check_board_posts(s, config.forced_bets)
    _post_forced_bets(s, forced)
    begin_street(s, 0)
    return s


def _first_left_of(seats: tuple[int, ...], dealer: int) -> int:
    """Position of the first seat clockwise after seat number ``dealer`` (0: the lowest)."""
    for pos, seat in enumerate(seats):
        if seat > dealer:
            return pos
    return 0


def _forced_bring_in(config: HandConfig, small_bet: int) -> ForcedBet | None:
    """The explicit BRING_IN forced bet (``_check_config`` allows at most one), or ``None``.

    Raises:
        InvalidArgument: ``config.forced_bets[i].amount`` (``bring_in.amount``) when the
            amount is not below the small bet (a full bring-in is a completion).
    """
    for i, bet in enumerate(config.forced_bets):
        if bet.kind is KIND_BRING_IN:
            if bet.amount >= small_bet:
                raise InvalidArgument.single(
                    f"config.forced_bets[{i}].amount",
                    "bring_in.amount",
                    f"a bring-in of {bet.amount} is not below the small bet {small_bet} "
                    "(a full bring-in is a completion)",
                )
            return bet
    return None


def _derived_forced_bets(s: HandState) -> tuple[ForcedBet, ...]:
    """Antes and blinds from the stakes (RULES.md "Stakes defaults", game sections)."""
    stakes = s.stakes
    bets: list[ForcedBet] = []
    if stakes.ante:
        bets += [ForcedBet(seat=seat, kind=KIND_ANTE, amount=stakes.ante) for seat in s.seats]
    if s.spec.has_button:
        n = len(s.seats)
        small = s.button if n == 2 else (s.button + 1) % n
        big = (small + 1) % n
        if stakes.small_blind:
            bets.append(
                ForcedBet(seat=s.seats[small], kind=KIND_SMALL_BLIND, amount=stakes.small_blind)
            )
        bets.append(ForcedBet(seat=s.seats[big], kind=KIND_BIG_BLIND, amount=stakes.big_blind))
        if stakes.big_blind_ante:
            bets.append(
                ForcedBet(
                    seat=s.seats[big],
                    kind=KIND_BIG_BLIND_ANTE,
                    amount=stakes.big_blind_ante,
                    dead=True,
                )
            )
        straddler = (big + 1) % n
        # docs/rules.md: no straddle heads-up; a seat that cannot cover it does not straddle
        if stakes.straddle and n >= 3 and s.stacks[straddler] >= stakes.straddle + stakes.ante:
            bets.append(
                ForcedBet(seat=s.seats[straddler], kind=KIND_STRADDLE, amount=stakes.straddle)
            )
    return tuple(bets)


def _check_board_posts(s: HandState, forced: tuple[ForcedBet, ...]) -> None:
    """Explicit STRADDLE and BIG_BLIND_ANTE entries (RULES.md "Hold'em and Omaha"): one
    straddle, of twice the big blind, by the first seat left of the big blind (never
    heads-up); a big-blind ante by a seat posting a big blind.

    Raises:
        InvalidArgument: ``config.forced_bets[i].seat`` (``straddle.player``,
            ``blind.player``), ``config.forced_bets[i].amount`` (``straddle.amount``).
    """
    problems: list[FieldViolation] = []
    n = len(s.seats)
    bigs = [s.positions[b.seat] for b in forced if b.kind is KIND_BIG_BLIND]
    big = min(bigs, key=lambda pos: (pos - s.dealer_left) % n) if bigs else NOBODY
    straddles = 0
    for i, bet in enumerate(forced):
        path = f"config.forced_bets[{i}]"
        if bet.kind is KIND_STRADDLE:
            straddles += 1
            if straddles > 1:
                problems.append(FieldViolation(f"{path}.kind", "straddle.player", "one straddle"))
            elif n < 3:
                message = "no straddle heads-up (docs/rules.md)"
                problems.append(FieldViolation(f"{path}.seat", "straddle.player", message))
            elif big == NOBODY or s.positions[bet.seat] != (big + 1) % n:
                expected = s.seats[(big + 1) % n] if big != NOBODY else "none: no big blind"
                message = f"the straddle is posted left of the big blind (seat {expected})"
                problems.append(FieldViolation(f"{path}.seat", "straddle.player", message))
            if bet.amount != 2 * s.stakes.big_blind:
                message = (
                    f"a straddle is twice the big blind ({2 * s.stakes.big_blind}), "
                    f"not {bet.amount}"
                )
                problems.append(FieldViolation(f"{path}.amount", "straddle.amount", message))
        elif bet.kind is KIND_BIG_BLIND_ANTE and s.positions[bet.seat] not in bigs:
            message = f"seat {bet.seat} posts no big blind: the big blind posts the ante"
            problems.append(FieldViolation(f"{path}.seat", "blind.player", message))
    if problems:
        raise InvalidArgument(problems)


def _post_forced_bets(s: HandState, forced: tuple[ForcedBet, ...]) -> None:
    """Post antes first, then blinds in the order given, the straddle, then the big-blind
    ante (its poster covers the blind first); short stacks post all and are all in.

    A BRING_IN entry is not posted here: the seat acts it (see :func:`start_hand`). The
    big-blind ante is dead money (``dead``: never a bet, never returned). A straddle is a
    live blind that counts as a raise: it is the bet to call, the round's second bet toward
    the fixed-limit cap, the pot-/no-limit minimum raise size, and the pre-flop action
    starts left of it (it acts last, with the option).
    """
    ordered = sorted((b for b in forced if b.kind in _POST_RANK), key=_post_rank)
    live_blinds: list[tuple[int, ForcedBet]] = []
    dead = [0] * len(s.seats)
    for bet in ordered:
        pos = s.positions[bet.seat]
        amount = min(bet.amount, s.stacks[pos])
        s.stacks[pos] -= amount
        s.contributed[pos] += amount
        if s.stacks[pos] == 0:
            s.all_in[pos] = True
        if bet.kind is KIND_BIG_BLIND_ANTE:
            dead[pos] += amount  # one ante for the table: dead money, not the blind's bet
        elif bet.kind in _BLINDS or bet.kind is KIND_STRADDLE:
            if bet.kind is KIND_DEAD_BLIND or bet.dead:
                dead[pos] += amount  # dead money: never a bet, never returned
            else:
                s.bets[pos] += amount
                live_blinds.append((pos, bet))
    s.dead = tuple(dead)
    if not live_blinds:
        return
    # The largest live blind is the bet to call, in full even when posted short (RRoP / TDA).
    s.current_bet = max(bet.amount for _, bet in live_blinds)
    straddle = [pos for pos, bet in live_blinds if bet.kind is KIND_STRADDLE]
    s.bet_count = 2 if straddle else 1
    s.full_level = s.current_bet
    s.min_raise = s.current_bet
    n = len(s.seats)
    order = {pos: (pos - s.dealer_left) % n for pos, _ in live_blinds}
    bigs = [pos for pos, bet in live_blinds if bet.kind is KIND_BIG_BLIND]
    if straddle:  # the pre-flop action starts left of the straddle
        s.big_blind_pos = straddle[0]
    else:
        s.big_blind_pos = (
            min(bigs, key=order.__getitem__) if bigs else max(order, key=order.__getitem__)
        )


def _posted_twice(posted: dict[tuple[int, object, bool], int], bet: ForcedBet, index: int) -> str:
    """Why ``bet`` (``config.forced_bets[index]``) repeats a forced bet of its seat, or ``""``
    (then it is noted in ``posted``: (seat, kind, live) -> index). A seat posts each kind at
    most once live and once dead, and never both a live small and a live big blind
    (docs/rules.md "Forced bets"; a returning player's missed small blind is dead money beside
    its live big blind: a ``DEAD_BLIND``, or a ``SMALL_BLIND`` marked ``dead``)."""
    live = not bet.dead and bet.kind is not KIND_DEAD_BLIND
    key = (bet.seat, bet.kind, live)
    if key in posted:
        name = _NAMES.get(bet.kind, repr(bet.kind))  # type: ignore[call-overload]
        return f"seat {bet.seat} already posts {name} (forced_bets[{posted[key]}])"
    if live and bet.kind in _SMALL_AND_BIG:
        other = next(iter(_SMALL_AND_BIG - {bet.kind}))
        if (bet.seat, other, True) in posted:
            return (
                f"seat {bet.seat} already posts {_NAMES[other]} (forced_bets"
                f"[{posted[bet.seat, other, True]}]): a seat posts the small or the big blind "
                "live, never both"
            )
    posted[key] = index
    return ""


def _check_config(config: HandConfig, spec: GameSpec) -> None:
    """Refuse a malformed configuration, listing every problem (see :func:`start_hand`)."""
    problems: list[FieldViolation] = []

    def bad(field: str, rule: str, message: str) -> None:
        problems.append(FieldViolation(field, rule, message))

    if not isinstance(config.betting_structure, BettingStructure):
        bad("config.betting_structure", "", f"{config.betting_structure!r} is not a structure")
    n = len(config.seats)
    if not spec.min_players <= n <= spec.max_players:
        bad(
            "config.seats",
            "",
            f"{spec.game.title} deals {spec.min_players} to {spec.max_players} players (got {n})",
        )
    seen: set[int] = set()
    for i, seat in enumerate(config.seats):
        if not isinstance(seat.seat, int) or seat.seat < 1:
            bad(f"config.seats[{i}].seat", "", f"seat numbers start at 1 (got {seat.seat!r})")
        elif seat.seat in seen:
            bad(f"config.seats[{i}].seat", "", f"seat {seat.seat} is listed twice")
        seen.add(seat.seat)
        if not isinstance(seat.stack, int) or isinstance(seat.stack, bool) or seat.stack < 0:
            bad(f"config.seats[{i}].stack", "", f"{seat.stack!r} must be >= 0 minor units")
        elif seat.stack == 0:  # docs/rules.md: a busted player (stack 0) is not dealt in
            bad(f"config.seats[{i}].stack", "", "a seat dealt in needs chips: 0")
    if spec.has_button and config.button_seat not in seen:
        bad("config.button_seat", "", f"the button seat {config.button_seat} is not dealt in")
    if spec.is_stud and (not isinstance(config.button_seat, int) or config.button_seat < 0):
        bad("config.button_seat", "", f"the dealer position {config.button_seat!r} must be >= 0")
    bring_in_at: int | None = None
    posted: dict[tuple[int, object, bool], int] = {}
    for i, bet in enumerate(config.forced_bets):
        path = f"config.forced_bets[{i}]"
        amount_rule, seat_rule = _FORCED_RULES.get(bet.kind, ("blind.amount", "blind.player"))
        twice = _posted_twice(posted, bet, i)
        if twice:
            bad(path, _DUPLICATE_RULES.get(bet.kind, seat_rule), twice)
        elif bet.kind is KIND_BRING_IN:
            if spec.has_button:
                bad(f"{path}.kind", "bring_in.player", f"{spec.game.title} has no bring-in")
            elif bring_in_at is not None:
                bad(
                    f"{path}.kind",
                    "bring_in.player",
                    f"one seat brings in: forced_bets[{bring_in_at}] is already a bring-in",
                )
            else:
                bring_in_at = i
            if bet.dead:
                bad(f"{path}.dead", "bring_in.amount", "a bring-in is a live bet, never dead")
        elif bet.kind in _BLINDS and spec.is_stud:
            bad(f"{path}.kind", "blind.player", f"{spec.game.title} has no blinds")
        elif bet.kind is KIND_STRADDLE and not spec.has_board:
            bad(f"{path}.kind", seat_rule,
                f"{spec.game.title} has no straddle (community-card games only)")  # fmt: skip
        elif bet.kind is KIND_BIG_BLIND_ANTE and not spec.has_button:
            bad(f"{path}.kind", "",
                f"{spec.game.title} has no big-blind ante (blind games only)")  # fmt: skip
        elif bet.kind is KIND_STRADDLE and bet.dead:
            bad(f"{path}.dead", "straddle.amount", "a straddle is a live bet, never dead")
        elif not isinstance(bet.kind, ForcedBetKind):
            bad(f"{path}.kind", "", f"{bet.kind!r} is not a forced bet kind")
        if bet.seat not in seen:
            bad(f"{path}.seat", seat_rule, f"seat {bet.seat} is not dealt in")
        if not isinstance(bet.amount, int) or isinstance(bet.amount, bool) or bet.amount <= 0:
            bad(f"{path}.amount", amount_rule, f"{bet.amount!r} must be > 0 minor units")
    if problems:
        raise InvalidArgument(problems)
