"""A small blind nobody posts is ``blind.player`` (RULES.md "Five Card Draw, 7-A": the small
blind left of the button, heads-up the button posts it; docs/hand-history-formats.md "Dead
small blind and dead button (audit)": the dead-button rule's dead small blind stays clean).

The hands are real PokerStars Five Card Draw records (corpus
``hh-fpdb/cash/Stars/5-Carddraw-USD-0.10-0.20-200911.txt``, hand 35838989654) with the small
blind's post taken out and the money kept consistent, so the only fault is the missing post.
"""

from __future__ import annotations

from floorman.domain.audit import AuditFinding, AuditStatus, HandAudit, SourceFormat, audit_document

HEADER = """\
PokerStars Game #35838989654:  5 Card Draw Limit ($0.10/$0.20 USD) - 2009/11/25 14:12:43 ET
Table 'Laodica IV' 6-max Seat #2 is the button
"""

NO_SMALL_BLIND = (
    HEADER
    + """\
Seat 1: francois 712 ($1.53 in chips)
Seat 2: vatt110 ($2.41 in chips)
Seat 3: dantho ($1.76 in chips)
Seat 4: Hero ($4 in chips)
Seat 6: Postman15 ($1 in chips)
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [Td Th 6h 4h 2s]
Postman15: folds
francois 712: folds
vatt110: raises $0.10 to $0.20
dantho: folds
Hero: calls $0.10
Hero: discards 1 card [2s]
Dealt to Hero [Td Th 6h 4h] [Ks]
vatt110: discards 3 cards
Hero: checks
vatt110: checks
*** SHOW DOWN ***
Hero: shows [Td Th 6h 4h Ks] (a pair of Tens)
vatt110: shows [Qd 5c Qs Ac 4d] (a pair of Queens)
vatt110 collected $0.38 from pot
*** SUMMARY ***
Total pot $0.40 | Rake $0.02
Seat 1: francois 712 folded before the Draw (didn't bet)
Seat 2: vatt110 (button) showed [Qd 5c Qs Ac 4d] and won ($0.38) with a pair of Queens
Seat 3: dantho (small blind) folded before the Draw
Seat 4: Hero (big blind) showed [Td Th 6h 4h Ks] and lost with a pair of Tens
Seat 6: Postman15 folded before the Draw (didn't bet)
"""
)
"""Line 8 is ``Hero: posts big blind $0.10``, the first post (where the small blind was due)."""

DEAD_SMALL_BLIND = "".join(
    line for line in NO_SMALL_BLIND.splitlines(keepends=True) if "dantho" not in line
)
"""Seat 3 left: the seat after the button (seat 4) posts the big blind, nobody a small one."""

HEADS_UP = """\
PokerStars Game #35838989655:  5 Card Draw Limit ($0.10/$0.20 USD) - 2009/11/25 14:14:43 ET
Table 'Laodica IV' 6-max Seat #2 is the button
Seat 2: vatt110 ($2.41 in chips)
Seat 4: Hero ($4 in chips)
{small}Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [Td Th 6h 4h 2s]
vatt110: raises ${raise_by} to $0.20
Hero: folds
Uncalled bet ($0.10) returned to vatt110
vatt110 collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 2: vatt110 (button) collected ($0.20)
Seat 4: Hero (big blind) folded before the Draw
"""
"""Heads-up: the button raises, the big blind folds (``{small}``: the button's small blind
post line or nothing; ``{raise_by}``: what the raise adds)."""


def _audit(text: str) -> HandAudit:
    [audit] = audit_document(text, source="sb.txt", format=SourceFormat.POKERSTARS)
    return audit


def test_a_small_blind_seat_dealt_in_that_posts_nothing_is_blind_player() -> None:
    """RULES.md "Five Card Draw, 7-A": seat 3, first seat dealt in after the button, is dealt
    in and folds but posts no small blind while seat 4 posts the big blind: not the dead
    small blind (seat 3 was dealt in), so ``blind.player`` for seat 3 (forced bets: event
    -1) at the first post's line, and nothing else."""
    audit = _audit(NO_SMALL_BLIND)
    assert audit.status is AuditStatus.FINDINGS
    assert audit.findings == (
        AuditFinding(
            rule="blind.player",
            message="seat 3 must post the small blind; nobody posts it",
            event_index=-1,
            seat=3,
            expected="3",
            actual="0",
            line=8,
        ),
    )


def test_the_small_blind_posted_is_clean() -> None:
    """The original record (seat 3 posts $0.05, pot $0.45) audits clean."""
    text = (
        NO_SMALL_BLIND.replace(
            "Hero: posts big blind", "dantho: posts small blind $0.05\nHero: posts big blind"
        )
        .replace("$0.38", "$0.43")
        .replace("Total pot $0.40", "Total pot $0.45")
    )
    assert _audit(text).status is AuditStatus.CLEAN


def test_the_dead_small_blind_pattern_stays_clean() -> None:
    """docs/hand-history-formats.md "Dead small blind and dead button (audit)": the small
    blind's seat is not dealt in, the seat after the button posts the big blind and nobody a
    live small blind: the dead-button rule's dead small blind, clean."""
    audit = _audit(DEAD_SMALL_BLIND)
    assert audit.status is AuditStatus.CLEAN, audit.findings


def test_heads_up_the_button_that_posts_no_small_blind_is_blind_player() -> None:
    """RULES.md "Five Card Draw, 7-A" Heads-up: the button posts the small blind; a button
    that posts nothing is ``blind.player`` for the button's seat at the big blind's line."""
    text = HEADS_UP.format(small="", raise_by="0.10")
    assert _audit(text).findings == (
        AuditFinding(
            rule="blind.player",
            message="seat 2 must post the small blind; nobody posts it",
            event_index=-1,
            seat=2,
            expected="2",
            actual="0",
            line=5,
        ),
    )


def test_heads_up_the_button_posting_the_small_blind_is_clean() -> None:
    """The same heads-up hand with the button's small blind posted audits clean."""
    text = HEADS_UP.format(small="vatt110: posts small blind $0.05\n", raise_by="0.15")
    audit = _audit(text)
    assert audit.status is AuditStatus.CLEAN, audit.findings
