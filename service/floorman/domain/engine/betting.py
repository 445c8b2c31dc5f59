"""Betting actions: FOLD, CHECK, CALL, BRING_IN, BET, RAISE, COMPLETE (RULES.md "Betting
structures", "Seven Card Stud family"), checked against :func:`~floorman.domain.engine.options.
turn_options`.
"""

from __future__ import annotations

from floorman.domain.engine.flow import end_round, finish, first_needing, note
from floorman.domain.engine.options import (
    TurnOptions,
    amount_to_call,
    fixed_limit_sizes,
    is_completion_round,
    no_limit_bounds,
    turn_options,
)
from floorman.domain.engine.state import NOBODY, HandState
from floorman.domain.errors import RuleViolation
from floorman.domain.members import (
    ACTION_BET,
    ACTION_BRING_IN,
    ACTION_CALL,
    ACTION_CHECK,
    ACTION_COMPLETE,
    ACTION_FOLD,
    ACTION_RAISE,
    STRUCTURE_FIXED_LIMIT,
)
from floorman.domain.model import Action, ActionType

_AGGRESSIVE = (ACTION_BET, ACTION_RAISE, ACTION_COMPLETE)
_PASSIVE = (ACTION_FOLD, ACTION_CHECK, ACTION_CALL)


def apply_betting(s0: HandState, action: Action, *, copy: bool = True) -> HandState:
    """Apply a FOLD, CHECK, CALL, BRING_IN, BET, RAISE or COMPLETE by the seat to act
    (``copy``: on a copy of ``s0``; else ``s0`` itself changes, see ``apply_in_place``).

    Raises:
        RuleViolation: ``turn.out_of_turn``, ``bring_in.player``, ``stud.first_to_act``,
            ``action.not_allowed``, ``bet.amount`` (also a CALL naming an amount other than
            the chips it adds, a FOLD or CHECK naming any), ``bring_in.amount``,
            ``stack.insufficient``,
            ``fixed_limit.cap``, ``fixed_limit.short_all_in``, ``bet.amount``,
            ``bet.min_raise``, ``bet.pot_limit``, ``stud.open_pair``.
    """
    pos = s0.positions.get(action.seat, NOBODY)
    if pos != s0.to_act and (pos == NOBODY or pos not in s0.candidates):
        rule = s0.first_rule
        expected = s0.seats[s0.to_act]
        raise RuleViolation(
            rule,
            f"seat {expected} is to act, not seat {action.seat}"
            + ("" if rule == "turn.out_of_turn" else f" ({_first_reason(rule, s0)})"),
            seat=action.seat,
            expected=expected,
            actual=action.seat,
        )
    kind = action.type
    if kind in _AGGRESSIVE and not s0.candidates:
        # worked out on ``s0`` itself (its cache): the menu of the same state reuses them
        turn_options(s0)
    s = s0.clone() if copy else s0
    if s.candidates:  # the rule needs unknown up cards: the recorded actor is accepted
        if pos != s.to_act:
            s.turn_cache = None  # the options were for the default first actor
        s.to_act = s.round_first = pos
        note(
            s,
            "card.unknown",
            f"seat {action.seat} acted first; who acts first ({s.first_rule}) depends on "
            "unknown up cards",
            pos=pos,
        )
    if kind in _PASSIVE:
        _passive(s, pos, action)
    elif kind is ACTION_BRING_IN:
        options = turn_options(s, with_raises=False)
        _check(options.bring_in > 0, s, pos, "no bring-in is due now")
        if action.amount and action.amount != options.bring_in:
            raise RuleViolation(
                "bring_in.amount",
                f"the bring-in is {options.bring_in}, not {action.amount}",
                seat=action.seat,
                expected=options.bring_in,
                actual=action.amount,
            )
        _put(s, pos, options.bring_in)
        # A short all-in bring-in sets the bet to call at what it posted (the rooms and
        # pokerkit: the next player calls those chips or completes), unlike a short big blind.
        s.current_bet = max(s.current_bet, options.bring_in)
        s.aggressor = pos
        _mark_acted(s, pos)
    elif kind in _AGGRESSIVE:
        _aggress(s, pos, action, turn_options(s))
    else:
        raise RuleViolation(
            "action.not_allowed",
            f"{kind.value if isinstance(kind, ActionType) else kind!r} is not a betting action",
            seat=action.seat,
        )
    s.bring_in_pending = False
    s.candidates = ()
    s.first_rule = "turn.out_of_turn"
    _advance(s, pos)
    return s


def _passive(s: HandState, pos: int, action: Action) -> None:
    """Validate and apply a FOLD, CHECK or CALL by ``pos`` (the seat to act).

    Checked against :func:`~floorman.domain.engine.options.turn_options`; when they are not
    worked out yet and no bring-in is pending, the answer they would give is read straight
    from the state instead (FOLD always, CHECK with nothing to call, CALL the chips
    :func:`~floorman.domain.engine.options.amount_to_call` gives), without building them; a
    refusal builds them for its message."""
    kind = action.type
    call = 0
    ok = False
    if s.turn_cache is None and not s.bring_in_pending:
        call = amount_to_call(s, pos)
        ok = kind is ACTION_FOLD or (call == 0) == (kind is ACTION_CHECK)
    if not ok:
        options = turn_options(s, with_raises=False)
        call = options.call
        if kind is ACTION_FOLD:
            _check(options.can_fold, s, pos, "the bring-in may not fold")
        elif kind is ACTION_CHECK:
            _check(options.can_check, s, pos, _why_not_check(options))
        else:
            _check(call > 0, s, pos, _why_not_call(options))
    if kind is ACTION_FOLD:
        check_no_amount(action)
        s.folded[pos] = True
    elif kind is ACTION_CHECK:
        check_no_amount(action)
        _mark_acted(s, pos)
    else:
        _check_call_amount(action, call)
        _put(s, pos, call)
        _mark_acted(s, pos)


def _first_reason(rule: str, s: HandState) -> str:
    """Readable reason for a wrong first actor."""
    if rule == "bring_in.player":
        if s.forced_bring_in != NOBODY and s.forced_bring_in == s.to_act:
            return "the hand's forced bets name the bring-in"
        return "the bring-in goes to the door card the rules name"
    return "the best exposed hand acts first"


def _why_not_check(options: TurnOptions) -> str:
    if options.bring_in:
        return "the bring-in may not check"
    return f"there is a bet to call ({options.call})"


def _why_not_call(options: TurnOptions) -> str:
    if options.bring_in:
        return "the bring-in must BRING_IN or complete"
    return "there is nothing to call (CHECK)"


def _check(ok: bool, s: HandState, pos: int, message: str) -> None:
    """Raise ``action.not_allowed`` with ``message`` unless ``ok``."""
    if not ok:
        raise RuleViolation("action.not_allowed", message, seat=s.seats[pos])


def check_no_amount(action: Action) -> None:
    """Raise ``bet.amount`` when a FOLD or CHECK carries chips (0 means "no amount")."""
    if action.amount:
        raise RuleViolation(
            "bet.amount",
            f"a {action.type.value.upper()} puts in no chips: it cannot carry the amount "
            f"{action.amount}",
            seat=action.seat,
            expected=0,
            actual=action.amount,
        )


def _check_call_amount(action: Action, call: int) -> None:
    """Raise ``bet.amount`` when a CALL names an amount other than the chips it adds (``call``,
    in minor units; an amount of 0 leaves it unspecified)."""
    if action.amount and action.amount != call:
        raise RuleViolation(
            "bet.amount",
            f"a CALL by seat {action.seat} adds {call}, not {action.amount}",
            seat=action.seat,
            expected=call,
            actual=action.amount,
        )


def _put(s: HandState, pos: int, amount: int) -> None:
    """Move ``amount`` from the stack into the seat's bet and the pot."""
    s.stacks[pos] -= amount
    s.bets[pos] += amount
    s.contributed[pos] += amount
    if s.stacks[pos] == 0:
        s.all_in[pos] = True


def _mark_acted(s: HandState, pos: int) -> None:
    s.acted_seq[pos] = s.reopen_seq
    s.acted_level[pos] = s.current_bet


def _aggress(s: HandState, pos: int, action: Action, options: TurnOptions) -> None:
    """Validate and apply a BET, RAISE or COMPLETE (``action.amount`` is the raise-to total)."""
    seat = action.seat
    kind = action.type
    if options.blocked_rule:
        raise RuleViolation(options.blocked_rule, options.blocked_message, seat=seat)
    if kind is not options.aggressive and not _completion_synonym(s, kind, options):
        expected = options.aggressive.value if options.aggressive else "no bet"
        raise RuleViolation(
            "action.not_allowed",
            f"{kind.value} is not available now (the bet or raise here is {expected})",
            seat=seat,
            expected=expected,
            actual=kind.value,
        )
    to = action.amount
    total = s.bets[pos] + s.stacks[pos]
    if to > total:
        raise RuleViolation(
            "stack.insufficient",
            f"seat {seat} has {total} in all this round; cannot make it {to}",
            seat=seat,
            expected=total,
            actual=to,
        )
    if not options.raises:
        raise RuleViolation("action.not_allowed", f"seat {seat} cannot bet or raise now", seat=seat)
    option = next((r for r in options.raises if r.min_to <= to <= r.max_to), None)
    if option is None:
        raise _size_violation(s, seat, kind, to, options)
    prev_cb, prev_full = s.current_bet, s.full_level
    completion = s.bring_in_pending or is_completion_round(s)
    # ``reopens``: a full bet or raise on its own, reopening the betting for everyone who
    # acted; ``full``: also short all-ins that together reach one over the last full level
    # (a new level for the cap and the fixed-limit sizes; whom they reopen the betting for
    # is judged per player, :func:`~floorman.domain.engine.options.faces_full_raise`).
    if option.capped:
        reopens = full = True
    elif s.config.betting_structure is STRUCTURE_FIXED_LIMIT:
        sizes = fixed_limit_sizes(s)
        unit = min(sizes)
        # a stud bring-in is no bet (RULES.md "Betting structures"): a completion is measured
        # from nothing, so an all-in "completion" of half the small bet or more is the full one
        base = 0 if completion else prev_cb
        reopens = (
            to in {prev_full + size for size in sizes}
            or 2 * (to - base) >= unit  # an all-in of half a bet or more is a full bet
        )
        full = reopens or to - prev_full >= unit  # short all-ins that together make a full bet
        if full and to - prev_full == s.stakes.big_bet and len(sizes) == 2:
            if not s.open_pair:
                note(s, "card.unknown", "a big 4th-street bet needs an unknown up card", pos=pos)
            s.big_made = True
    else:
        min_to, _ = no_limit_bounds(s, pos, completion)
        reopens = full = to >= min_to
        if full:
            base = 0 if completion or prev_cb == 0 else prev_cb
            s.min_raise = max(s.min_raise, to - base)
        else:  # short all-ins that together make a full raise over the last full level
            full = to - prev_full >= max(s.min_raise, s.stakes.min_open(s.spec))
    _put(s, pos, to - s.bets[pos])
    if full:
        s.bet_count += 1
        s.full_level = to
    if reopens:
        s.reopen_seq += 1
    s.current_bet = max(prev_cb, to)
    s.aggressor = pos
    _mark_acted(s, pos)


def _completion_synonym(s: HandState, kind: ActionType, options: TurnOptions) -> bool:
    """Histories write a fixed-limit completion as a bet (the bring-in seat opening for the
    small bet) or a raise (over the bring-in); both stand for COMPLETE."""
    if options.aggressive is not ACTION_COMPLETE:
        return False
    return kind is (ACTION_BET if s.current_bet == 0 else ACTION_RAISE)


def _size_violation(
    s: HandState, seat: int, kind: ActionType, to: int, options: TurnOptions
) -> RuleViolation:
    """The rule a wrong bet size breaks, with the allowed amounts."""
    allowed = ", ".join(
        str(r.min_to) if r.min_to == r.max_to else f"{r.min_to}-{r.max_to}" for r in options.raises
    )
    structure = s.config.betting_structure
    message = f"{kind.value} to {to} is not allowed; allowed: {allowed}"
    if structure is STRUCTURE_FIXED_LIMIT:
        big = s.stakes.big_bet
        rule = "bet.amount"
        if (
            s.spec.open_pair_option
            and s.street == s.spec.open_pair_street
            and to - s.full_level == big
            and big != s.stakes.small_bet
        ):
            rule = "stud.open_pair"
            message += " (the big bet on 4th street needs an open pair showing)"
        elif s.big_made and to - s.full_level == s.stakes.small_bet:
            rule = "stud.open_pair"
            message += " (after a big-bet 4th-street bet every raise is the big bet)"
        return RuleViolation(rule, message, seat=seat, expected=allowed, actual=to)
    low = min(r.min_to for r in options.raises)
    if to < low:
        rule = "bet.amount" if kind is ACTION_BET else "bet.min_raise"
        return RuleViolation(rule, message, seat=seat, expected=low, actual=to)
    high = max(r.max_to for r in options.raises)
    return RuleViolation("bet.pot_limit", message, seat=seat, expected=high, actual=to)


def _advance(s: HandState, pos: int) -> None:
    """After an action: the hand ends on folds, the next seat acts, or the round closes."""
    if s.live_count() == 1:
        finish(s)
        return
    nxt = first_needing(s, (pos + 1) % len(s.seats), s.able_count())
    if nxt == NOBODY:
        end_round(s)
    else:
        s.to_act = nxt
