"""The money checks once a hand has been replayed (RULES.md "Common to every game": side pots,
rake, ties and odd chips, chip conservation).

* ``pot.amount`` — the record's total pot (or its returned uncalled bet) differs from the
  chips the history put in.
* ``rake.amount`` — with a configured rake policy, the record's rake differs from the policy's;
  without one (rooms' formulas are unknown) only pot = payouts + rake is checked: a rake that
  is the one thing out of line with the pot and the payouts is reported here.
* ``showdown.wrong_winner`` — a seat is paid from pots it did not win, or not paid from pots
  it won (the winners by the game's ranking, pot by pot, hi-lo halves apart).
* ``payout.amount`` — the right seats are paid the wrong amounts (split pots, odd chips), or
  two statements of one payout disagree.
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
from floorman.domain.engine import HandResult, HandState, settle_hand, snapshot
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
    contributions = {view.seat: view.contributed for view in snapshot(state).seats}
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
        return findings, True
    paid = _declared_payouts(hand, result)
    payout_findings = (
        _payout_findings(hand, state, result, paid, pot, rake_taken) if paid is not None else []
    )
    findings += payout_findings
    if not any(f.rule == "rake.amount" for f in payout_findings):
        findings += _conservation(hand, pot, rake_taken, starting, paid)
    return _distinct(findings), False


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
