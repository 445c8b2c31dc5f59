"""What the seat to act may do in a betting round, with exact amounts (RULES.md "Betting
structures", "Seven Card Stud family").

:func:`turn_options` is the one place amounts are computed: :func:`~floorman.domain.engine.
legal_actions` lists it and :mod:`~floorman.domain.engine.betting` checks actions against it,
so the two always agree.

Round counters (on the state): ``current_bet`` the bet to match; ``bet_count`` full bets and
raises toward the fixed-limit cap (a blind or a completion counts, a bring-in does not);
``full_level`` the bet level of the last full bet (fixed-limit raises go one bet above it);
``min_raise`` the pot-/no-limit minimum raise size; ``reopen_seq`` full raises so far (a seat
that acted before the latest one may raise again; a short all-in leaves it unchanged). Per
seat, ``acted_level`` is the bet it matched when it last acted: short all-ins since then
reopen the betting for it once they add up to a full raise (:func:`faces_full_raise`).
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.domain.engine.state import HandState
from floorman.domain.members import (
    ACTION_BET,
    ACTION_COMPLETE,
    ACTION_RAISE,
    STRUCTURE_FIXED_LIMIT,
    STRUCTURE_NO_LIMIT,
)
from floorman.domain.model import ActionType

FIXED_LIMIT_CAP = 4
"""Bets per round in fixed limit: bet, raise, re-raise, cap (RULES.md, house choice)."""


@dataclass(slots=True)
class RaiseOption:
    """One range of "raise to" totals for BET, RAISE or COMPLETE (read only: not frozen, as a
    frozen dataclass costs several times more to build, and these are built on every action)."""

    type: ActionType
    min_to: int
    max_to: int
    all_in: bool
    capped: bool = False
    """A raise to exactly the most an opponent can match, below every legal size: it stands
    for the full bet or raise (the excess would come back uncalled)."""


@dataclass(slots=True)
class TurnOptions:
    """Everything the seat to act may do in a betting round (read only; not frozen for speed:
    one is built for every betting action).

    Attributes:
        pos: the position to act.
        bring_in: the bring-in to post (0: no bring-in pending for this seat).
        can_fold / can_check: FOLD and CHECK are allowed.
        call: chips a CALL adds (0: nothing to call).
        call_all_in: the call takes the whole stack.
        aggressive: the type a bet or raise must use now (BET, RAISE or COMPLETE), or None.
        raises: allowed "raise to" ranges (several when they are not one range).
        blocked_rule / blocked_message: why no bet or raise is allowed ("" when one is).
    """

    pos: int
    bring_in: int
    can_fold: bool
    can_check: bool
    call: int
    call_all_in: bool
    aggressive: ActionType | None
    raises: tuple[RaiseOption, ...]
    blocked_rule: str = ""
    blocked_message: str = ""


def is_completion_round(s: HandState) -> bool:
    """Stud's first street before any full bet: the bet to match is (at most) the bring-in."""
    return s.spec.is_stud and s.street == 0 and s.bet_count == 0


def fixed_limit_sizes(s: HandState) -> tuple[int, ...]:
    """Fixed-limit bet sizes allowed now (two with the Stud Hi 4th-street open pair)."""
    small, big = s.stakes.small_bet, s.stakes.big_bet
    if (s.open_pair or s.open_pair_unknown) and not s.big_made and big != small:
        return (small, big)
    if s.big_made:
        return (big,)
    return (s.unit(),)


def no_limit_bounds(s: HandState, pos: int, completion: bool) -> tuple[int, int]:
    """Pot-/no-limit ``(min_to, max_to)`` before the stack limits them."""
    stakes, cb = s.stakes, s.current_bet
    min_open = stakes.min_open(s.spec)
    if cb == 0:
        min_to = min_open
    elif completion:
        min_to = stakes.small_bet  # first raise over the bring-in: at least the small bet
    else:
        min_to = cb + max(s.min_raise, min_open)
    if s.config.betting_structure is STRUCTURE_NO_LIMIT:
        return min_to, s.bets[pos] + s.stacks[pos]
    # Pot limit: the current bet + the pot after the call (RULES.md "Pot limit").
    pot_after_call = s.pot_total + (cb - s.bets[pos])
    return min_to, max(cb + pot_after_call, min_to)


def _raise_options(
    s: HandState, pos: int, kind: ActionType, completion: bool, reach: int
) -> tuple[RaiseOption, ...]:
    """The BET/RAISE/COMPLETE ranges for ``pos`` (stack limits, all-in entries and the
    effective-stack cap applied; ``reach``: :func:`_reach` of ``pos``)."""
    total = s.bets[pos] + s.stacks[pos]
    cb = s.current_bet
    if s.config.betting_structure is STRUCTURE_FIXED_LIMIT:
        out: list[RaiseOption] = []
        for size in fixed_limit_sizes(s):
            target = s.full_level + size
            if target <= total:
                out.append(RaiseOption(kind, target, target, target == total))
            else:
                if total > cb and (not out or total > out[-1].max_to):
                    out.append(RaiseOption(kind, total, total, True))
                break
        return _with_cap(s, kind, tuple(out), reach)
    min_to, max_to = no_limit_bounds(s, pos, completion)
    if total < min_to:
        return (RaiseOption(kind, total, total, True),) if total > cb else ()
    max_to = min(max_to, total)
    option = RaiseOption(kind, min_to, max_to, min_to == max_to == total)
    return _with_cap(s, kind, (option,), reach)


def _with_cap(
    s: HandState, kind: ActionType, options: tuple[RaiseOption, ...], reach: int
) -> tuple[RaiseOption, ...]:
    """``options`` led by the effective-stack cap when it lies below every one of them: a bet
    or raise to exactly the most any opponent can match (docs/rules.md; the corpus hand
    ``FR/wsop-2023-43-5-h85`` raises this way; ``reach``: :func:`_reach` of the seat). Not
    when the seat's own all-in is its only bet or raise (its stack is then below the legal
    size)."""
    if not options or options[0].all_in:
        return options
    if s.current_bet < reach < options[0].min_to:
        return (RaiseOption(kind, reach, reach, False, capped=True), *options)
    return options


def _reach(s: HandState, pos: int) -> int:
    """The most chips any opponent of ``pos`` able to bet can have in this round (its bet
    plus its stack; 0 when none can): what it could match."""
    bets, stacks, folded, all_in = s.bets, s.stacks, s.folded, s.all_in
    reach = 0
    for q in range(len(s.seats)):
        if q != pos and not folded[q] and not all_in[q]:
            total = bets[q] + stacks[q]
            if total > reach:
                reach = total
    return reach


def amount_to_call(s: HandState, pos: int) -> int:
    """Chips a CALL by position ``pos`` adds: the bet to match less its bet, at most its stack
    (0: nothing to call)."""
    owed = s.current_bet - s.bets[pos]
    if owed <= 0:
        return 0
    stack = s.stacks[pos]
    return owed if owed < stack else stack


def turn_options(s: HandState, *, with_raises: bool = True) -> TurnOptions:
    """What the seat to act may do now (the state must be in a betting round).

    RULES.md "Betting structures" and "Seven Card Stud family": the bring-in (BRING_IN or
    COMPLETE in fixed limit, BRING_IN or BET of at least the small bet in pot and no limit;
    never FOLD or CHECK); otherwise FOLD always (house choice), CHECK with nothing to call,
    CALL, and BET / RAISE / COMPLETE unless the cap is reached, a short all-in did not reopen
    the betting for this seat, calling takes its whole stack, or nobody could call more.
    Without ``with_raises`` (checking a FOLD, CHECK, CALL or BRING_IN) the bet and raise
    amounts are not worked out: ``raises`` is empty and ``blocked_rule`` ``""``.

    The full answer is kept on the state (``HandState.turn_cache``, cleared by every step):
    asking again about the same state, or stepping it (``apply`` checks the action against
    these options), reuses it; the answer is the same object, to be read, never changed.
    """
    cached = s.turn_cache
    if cached is not None:
        return cached  # type: ignore[return-value]
    options = _turn_options(s, with_raises)
    if with_raises:
        s.turn_cache = options
    return options


def _turn_options(s: HandState, with_raises: bool) -> TurnOptions:
    """:func:`turn_options` worked out from the state."""
    pos = s.to_act
    stack, cb = s.stacks[pos], s.current_bet
    limit = s.config.betting_structure is STRUCTURE_FIXED_LIMIT
    if s.bring_in_pending:
        kind = ACTION_COMPLETE if limit else ACTION_BET
        return TurnOptions(
            pos=pos,
            bring_in=min(s.stakes.bring_in, stack),
            can_fold=False,
            can_check=False,
            call=0,
            call_all_in=False,
            aggressive=kind,
            raises=_raise_options(s, pos, kind, True, _reach(s, pos))
            if with_raises and stack > s.stakes.bring_in
            else (),
        )
    to_call = amount_to_call(s, pos)
    completion = is_completion_round(s)
    if cb == 0:
        kind = ACTION_BET
    elif completion and limit:
        kind = ACTION_COMPLETE
    else:
        kind = ACTION_RAISE
    reach = _reach(s, pos) if with_raises else 0
    rule, message = _blocked(s, pos, reach) if with_raises else ("", "")
    return TurnOptions(
        pos=pos,
        bring_in=0,
        can_fold=True,
        can_check=to_call == 0,
        call=to_call,
        call_all_in=to_call > 0 and to_call == stack,
        aggressive=kind,
        raises=() if rule or not with_raises else _raise_options(s, pos, kind, completion, reach),
        blocked_rule=rule,
        blocked_message=message,
    )


def _blocked(s: HandState, pos: int, reach: int) -> tuple[str, str]:
    """Why ``pos`` may not bet or raise now: ``(rule id, message)``, ``("", "")`` if it may
    (``reach``: :func:`_reach` of ``pos``)."""
    seat = s.seats[pos]
    cb = s.current_bet
    if s.stacks[pos] <= cb - s.bets[pos]:
        return "stack.insufficient", f"seat {seat} cannot raise: calling takes its whole stack"
    if reach <= cb:
        return "action.not_allowed", f"seat {seat} cannot raise: no opponent can call more"
    limit = s.config.betting_structure is STRUCTURE_FIXED_LIMIT
    capped = s.bet_count >= FIXED_LIMIT_CAP and not (
        s.config.uncapped_heads_up and s.live_count() == 2
    )
    if limit and capped:
        return "fixed_limit.cap", f"the betting is capped at {FIXED_LIMIT_CAP} bets this round"
    if s.acted_seq[pos] >= s.reopen_seq and not faces_full_raise(s, pos):
        # One rule id for the rule in every structure (RULES.md table: "a raise after a short
        # all-in that did not reopen betting"; the no-limit bullet states the same rule).
        return "fixed_limit.short_all_in", (
            f"seat {seat} already acted and faces {cb - s.acted_level[pos]} more since, short "
            "of a full raise: the betting is not reopened for it (call or fold)"
        )
    return "", ""


def faces_full_raise(s: HandState, pos: int) -> bool:
    """RULES.md "Reopening is judged per player" (TDA 47): what ``pos`` faces above the bet
    it matched when it last acted (``acted_level``) is at least one full raise: the largest
    bet or raise of the round in pot and no limit (at least the minimum opening bet), one
    bet in fixed limit. Only chips added after its own action count, so short all-ins before
    and after it never add up. (A single full raise, or a fixed-limit all-in of half a bet
    or more, after its action reopens the betting through ``reopen_seq`` instead.)"""
    faced = s.current_bet - s.acted_level[pos]
    if s.config.betting_structure is STRUCTURE_FIXED_LIMIT:
        return faced >= min(fixed_limit_sizes(s))
    return faced >= max(s.min_raise, s.stakes.min_open(s.spec))
