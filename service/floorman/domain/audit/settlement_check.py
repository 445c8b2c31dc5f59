"""The money checks once a hand has been replayed (RULES.md "Common to every game": side pots,
rake, ties and odd chips, chip conservation).

* ``pot.amount`` — the record's total pot (or its returned uncalled bet) differs from the
  chips the history put in.
* ``rake.amount`` — with a configured rake policy, the record's rake differs from the policy's;
  without one (rooms' formulas are unknown) only pot = payouts + rake is checked: a rake that
  is the one thing out of line with the pot and the payouts is reported here.
* ``showdown.wrong_winner`` — a seat is paid from pots it did not win, or not paid from pots
  it won (the winners by the game's ranking, pot by pot, hi-lo halves apart).
* ``payout.amount`` — the right seats are paid the wrong amounts (split pots), or two
  statements of one payout disagree.
* ``odd_chip.player`` — the right seats are paid the right total, but an odd chip (a tie's,
  or the one between the hi-lo halves) went to the wrong seat.
* ``chips.not_conserved`` — payouts + rake (or final stacks + rake) differ from the pot (or
  from the starting stacks).

Payouts are checked against the settlement that takes the rake the record says was taken,
so a wrong rake is reported once, as ``rake.amount``, and not again on the winner.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from floorman.domain.audit.findings import UNKNOWN_CARD_RULE, AuditFinding, seats_phrase
from floorman.domain.audit.recorded import RecordedHand
from floorman.domain.engine import HandResult, HandState, settle_hand
from floorman.domain.model import RakePolicy
from floorman.domain.settlement import UnverifiableHand, compute_rake, return_uncalled


def exact_rake(amount: int) -> RakePolicy:
    """A rake policy taking exactly ``amount`` (at most the pot): 100 % capped at it."""
    return RakePolicy(percent_bps=10_000, cap=amount) if amount > 0 else RakePolicy()


def settle_with(state: HandState, policy: RakePolicy) -> HandResult:
    """Settle ``state`` as if its table's rake policy were ``policy`` (play is unaffected by
    the rake, so only the settlement changes).

    Raises:
        UnverifiableHand: a contested pot needs unknown cards.
    """
    if state.config.rake == policy:
        return settle_hand(state)
    other = state.clone()
    other.config = replace(state.config, rake=policy)
    return settle_hand(other)


def _describe(amounts: Mapping[int, int]) -> str:
    """``"31 to seat 2"``, or ``"nothing"``."""
    return ", ".join(f"{chips} to seat {seat}" for seat, chips in amounts.items()) or "nothing"


def _nonzero(values: Mapping[int, int]) -> dict[int, int]:
    return {seat: amount for seat, amount in sorted(values.items()) if amount}


def check_settlement(hand: RecordedHand, state: HandState) -> tuple[list[AuditFinding], bool]:
    """Check the record's pot, rake, payouts and chips against the replayed ``state``.

    Args:
        hand: the record (its ``declared`` result and ``rake_policy``).
        state: the replayed state, in phase COMPLETE or SHOWDOWN.

    Returns:
        ``(findings, unverifiable)``: ``unverifiable`` is True when a contested pot needs
        unknown cards (the informational ``card.unknown`` finding names the seats).
    """
    declared = hand.declared
    findings: list[AuditFinding] = []
    contributions = dict(zip(state.seats, state.contributed, strict=True))  # by seat
    net, returned = return_uncalled(contributions, state.dead_chips())  # dead blinds stay in
    pot = sum(net.values())
    if declared.total_pot is not None and declared.total_pot != pot:
        findings.append(
            AuditFinding(
                rule="pot.amount",
                message=f"the record's pot is {declared.total_pot}; the history puts {pot} in",
                expected=str(pot),
                actual=str(declared.total_pot),
                line=declared.pot_line,
            )
        )
    if declared.returned is not None and _nonzero(declared.returned) != _nonzero(returned):
        stated, left = _nonzero(declared.returned), _nonzero(returned)
        seat = next(iter(stated or left), 0)
        findings.append(
            AuditFinding(
                rule="pot.amount",
                message=f"the record returns {_describe(stated)} uncalled; the history leaves "
                f"{_describe(left)} uncalled",
                seat=seat,
                expected=str(left.get(seat, 0)),
                actual=str(stated.get(seat, 0)),
                line=declared.returned_lines.get(seat, 0),
            )
        )
    findings += _summary_findings(hand)
    rake_taken = _rake_taken(hand, state, pot, findings)
    starting = sum(seat.stack for seat in hand.config.seats)
    try:
        result = settle_with(state, exact_rake(rake_taken))
    except UnverifiableHand as error:
        findings.append(
            AuditFinding(
                rule=UNKNOWN_CARD_RULE,
                message="the winner of a contested pot depends on unknown cards "
                f"({error.reason}: {seats_phrase(error.seats)})",
                seat=error.seats[0] if error.seats else 0,
                actual=",".join(str(seat) for seat in error.seats),
            )
        )
        findings += _conservation(hand, pot, rake_taken, starting, declared.payouts)
        return _with_lines(hand, findings), True
    paid = _declared_payouts(hand, result)
    payout_findings = (
        _payout_findings(hand, state, result, paid, pot, rake_taken) if paid is not None else []
    )
    findings += payout_findings
    if not any(f.rule == "rake.amount" for f in payout_findings):
        findings += _conservation(hand, pot, rake_taken, starting, paid)
    return _with_lines(hand, _distinct(findings)), False


def _with_lines(hand: RecordedHand, findings: list[AuditFinding]) -> list[AuditFinding]:
    """Every money finding with a line: its own statement's, else the nearest statement of
    the result (:meth:`~floorman.domain.audit.recorded.DeclaredResult.settlement_line`),
    else the hand's first line."""
    declared = hand.declared
    return [
        f if f.line else replace(f, line=declared.settlement_line(f.seat) or hand.line)
        for f in findings
    ]


def _distinct(findings: list[AuditFinding]) -> list[AuditFinding]:
    """One finding per (rule, seat, expected, actual): two statements of one wrong payout
    (a summary and the settlement) are one finding."""
    seen: set[tuple[str, int, str, str]] = set()
    out = []
    for finding in findings:
        key = (finding.rule, finding.seat, finding.expected, finding.actual)
        if key not in seen:
            seen.add(key)
            out.append(finding)
    return out


def _summary_findings(hand: RecordedHand) -> list[AuditFinding]:
    """A second statement of the payouts (a summary) that disagrees with the first."""
    declared = hand.declared
    if declared.payouts is None or declared.summary_payouts is None:
        return []
    first, second = _nonzero(declared.payouts), _nonzero(declared.summary_payouts)
    out: list[AuditFinding] = []
    for seat in sorted(set(first) | set(second)):
        if first.get(seat, 0) != second.get(seat, 0):
            out.append(
                AuditFinding(
                    rule="payout.amount",
                    message=f"seat {seat} collects {first.get(seat, 0)} but the summary says "
                    f"{second.get(seat, 0)}",
                    seat=seat,
                    expected=str(second.get(seat, 0)),
                    actual=str(first.get(seat, 0)),
                    line=declared.payout_lines.get(seat, 0) or declared.summary_lines.get(seat, 0),
                )
            )
    return out


def _rake_taken(
    hand: RecordedHand, state: HandState, pot: int, findings: list[AuditFinding]
) -> int:
    """The rake the settlement takes: the record's when it is within the pot, else the
    policy's (or none); a policy's rake differing from the record's is ``rake.amount``."""
    declared = hand.declared
    policy_rake = (
        compute_rake(pot, hand.rake_policy, ended_first_round=state.street == 0)
        if hand.rake_policy is not None
        else None
    )
    if declared.rake is None:
        return policy_rake or 0
    if not 0 <= declared.rake <= pot:
        findings.append(
            AuditFinding(
                rule="rake.amount",
                message=f"a rake of {declared.rake} is outside the pot (0 to {pot})",
                expected=str(policy_rake if policy_rake is not None else f"0..{pot}"),
                actual=str(declared.rake),
                line=declared.rake_line,
            )
        )
        return policy_rake or 0
    if policy_rake is not None and declared.rake != policy_rake:
        findings.append(
            AuditFinding(
                rule="rake.amount",
                message=f"the rake policy takes {policy_rake} from a pot of {pot}, the record "
                f"{declared.rake}",
                expected=str(policy_rake),
                actual=str(declared.rake),
                line=declared.rake_line,
            )
        )
    return declared.rake


def _declared_payouts(hand: RecordedHand, result: HandResult) -> dict[int, int] | None:
    """The payouts the record states, or derives from its final stacks (final stack minus
    the stack left after betting and the returned bet)."""
    declared = hand.declared
    if declared.payouts is not None:
        return _nonzero(declared.payouts)
    if declared.final_stacks is None:
        return None
    derived = {}
    for seat, final in result.final_stacks.items():
        before = final - result.payouts.get(seat, 0)
        derived[seat] = declared.final_stacks.get(seat, 0) - before
    return _nonzero(derived)


def _payout_findings(
    hand: RecordedHand,
    state: HandState,
    result: HandResult,
    paid: dict[int, int],
    pot: int,
    rake_taken: int,
) -> list[AuditFinding]:
    """Wrong winners and wrong amounts; a rake that alone explains the difference."""
    expected = _nonzero(result.payouts)
    if expected == paid:
        return []
    declared = hand.declared
    implied = pot - sum(paid.values())
    if (
        hand.rake_policy is None
        and declared.rake is not None
        and implied != rake_taken
        and 0 <= implied <= pot
        and declared.summary_payouts in (None, declared.payouts)
    ):
        alternative = settle_with(state, exact_rake(implied))
        if _nonzero(alternative.payouts) == paid:
            return [
                AuditFinding(
                    rule="rake.amount",
                    message=f"pot {pot} = payouts {sum(paid.values())} + rake {implied}, but "
                    f"the record's rake is {declared.rake}",
                    expected=str(implied),
                    actual=str(declared.rake),
                    line=declared.rake_line,
                )
            ]
    lines = declared.payout_lines
    unit = state.stakes.odd_chip_unit
    odd = _odd_chip_findings(expected, paid, unit, _odd_chip_sharers(result, unit), lines)
    if odd:
        return odd
    winners = seats_phrase(sorted(expected))
    out: list[AuditFinding] = []
    for seat in sorted(set(expected) | set(paid)):
        want, got = expected.get(seat, 0), paid.get(seat, 0)
        if want == got:
            continue
        if (want == 0) != (got == 0):
            message = (
                f"seat {seat} is paid {got} but wins nothing (the pots go to {winners})"
                if want == 0
                else f"seat {seat} wins {want} but is paid nothing"
            )
            rule = "showdown.wrong_winner"
        else:
            message = f"seat {seat} should be paid {want}, not {got}"
            rule = "payout.amount"
        out.append(
            AuditFinding(
                rule=rule,
                message=message,
                seat=seat,
                expected=str(want),
                actual=str(got),
                line=lines.get(seat, 0),
            )
        )
    return out


def _odd_chip_sharers(result: HandResult, unit: int) -> set[int]:
    """Seats sharing a pot that does not split evenly (an odd chip to place): a tie, or the
    hi-lo halves (the low half is ``(amount // (2 * unit)) * unit``, docs/rules.md)."""
    out: set[int] = set()
    for pot in result.pots:
        if pot.low_winners:
            low = (pot.amount // (2 * unit)) * unit
            parts = ((pot.amount - low, pot.winners), (low, pot.low_winners))
            if pot.amount != 2 * low or any(a % (len(w) * unit) for a, w in parts if w):
                out |= {*pot.winners, *pot.low_winners}
        elif len(pot.winners) > 1 and pot.amount % (len(pot.winners) * unit):
            out |= set(pot.winners)
    return out


def _odd_chip_findings(
    expected: dict[int, int],
    paid: dict[int, int],
    unit: int,
    sharers: set[int],
    lines: Mapping[int, int],
) -> list[AuditFinding]:
    """``odd_chip.player`` when the right seats are paid the right total and the only
    difference is odd chips (one ``unit`` each, RULES.md "Common to every game": ties and
    the hi-lo halves) that went to the wrong seats among those sharing a pot with an odd
    chip (``sharers``): the seat due it is paid one unit less than its share and the seat
    that got it one unit more, its share being one unit less than the other's. One finding
    per odd chip misplaced, naming the seat that got it and the seat due it; empty
    otherwise (``payout.amount`` then)."""
    if set(expected) != set(paid) or sum(expected.values()) != sum(paid.values()):
        return []
    diffs = {seat: paid[seat] - expected[seat] for seat in expected if paid[seat] != expected[seat]}
    over = sorted(seat for seat, d in diffs.items() if d == unit)
    under = sorted(seat for seat, d in diffs.items() if d == -unit)
    if not over or len(over) + len(under) != len(diffs) or len(over) != len(under):
        return []
    if not set(diffs) <= sharers:
        return []
    pairs = list(zip(over, under, strict=True))
    if any(expected[due] - expected[got] != unit for got, due in pairs):
        return []  # a seat paid a chip more than its share, not the odd chip of another
    return [
        AuditFinding(
            rule="odd_chip.player",
            message=f"seat {got} is paid the odd chip ({unit}) due to seat {due}",
            seat=got,
            expected=str(due),
            actual=str(got),
            line=lines.get(got, 0),
        )
        for got, due in pairs
    ]


def _conservation(
    hand: RecordedHand,
    pot: int,
    rake_taken: int,
    starting: int,
    paid: Mapping[int, int] | None,
) -> list[AuditFinding]:
    """Payouts + rake = pot, and final stacks + rake = starting stacks."""
    declared = hand.declared
    out: list[AuditFinding] = []
    rake = declared.rake if declared.rake is not None else rake_taken
    if declared.final_stacks is not None:
        final = sum(declared.final_stacks.values())
        if final + rake != starting:
            out.append(
                AuditFinding(
                    rule="chips.not_conserved",
                    message=f"final stacks {final} + rake {rake} differ from the starting "
                    f"stacks {starting}",
                    expected=str(starting - rake),
                    actual=str(final),
                    line=declared.final_stacks_line,
                )
            )
    elif declared.payouts is not None and paid is not None:
        total = sum(paid.values())
        if total + rake != pot:
            out.append(
                AuditFinding(
                    rule="chips.not_conserved",
                    message=f"payouts {total} + rake {rake} differ from the pot {pot}",
                    expected=str(pot - rake),
                    actual=str(total),
                    line=declared.rake_line,
                )
            )
    return out
