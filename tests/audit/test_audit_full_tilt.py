"""The Full Tilt text reader (``floorman.domain.history.full_tilt``) and its hands audited."""

from __future__ import annotations

from floorman.domain.audit import AuditStatus, SourceFormat, audit_document
from floorman.domain.history.full_tilt import looks_like_full_tilt, parse_full_tilt
from floorman.domain.history.pokerstars import StarsEventKind, StarsStreet
from floorman.domain.model import BettingStructure, Game

STUD = (
    (
        "Full Tilt Poker Game #21536527525: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi - "
        "12:22:17 ET - 2010/06/11\n"
    )
    + """\
Seat 1: bllodshot ($31), is sitting out
Seat 2: kwuiyhw ($67)
Seat 3: chasrigg ($294.50)
Seat 5: Hero ($306)
chasrigg antes $0.50
Hero antes $0.50
kwuiyhw antes $0.50
*** 3RD STREET ***
Dealt to kwuiyhw [Th]
Dealt to chasrigg [3c]
Dealt to Hero [Td Jd] [As]
chasrigg is low with [3c]
chasrigg brings in for $1
kwuiyhw has 15 seconds left to act
Hero completes it to $3
kwuiyhw: nice
kwuiyhw folds
chasrigg calls $2
*** 4TH STREET ***
Dealt to chasrigg [3c] [2d]
Dealt to Hero [Td Jd As] [Jc]
Hero bets $3
chasrigg raises to $6
Hero calls $3
*** 5TH STREET ***
Dealt to chasrigg [3c 2d] [3s]
Dealt to Hero [Td Jd As Jc] [Js]
Hero bets $6
chasrigg folds
Uncalled bet of $6 returned to Hero
Hero mucks
Hero wins the pot ($19.50)
*** SUMMARY ***
Total pot $19.50 | Rake $0
Seat 1: bllodshot is sitting out
Seat 2: kwuiyhw folded on 3rd St.
Seat 3: chasrigg folded on 5th St.
Seat 5: Hero collected ($19.50), mucked
"""
)

DRAW = (
    (
        "Full Tilt Poker Game #25319060000: Table Shady Oak (6 max) - $0.10/$0.20 - Limit 5 Card "
        "Draw - 12:04:00 ET - 2010/11/06\n"
    )
    + """\
Seat 1: Player1 ($2.73)
Seat 2: Player2 ($4.04)
Seat 3: Player3 ($1.88)
Seat 5: Hero ($2)
Player3 posts the small blind of $0.05
Hero posts the big blind of $0.10
The button is in seat #2
*** HOLE CARDS ***
Dealt to Hero [Ts 5d 6s 2d 8h]
Player1 raises to $0.20
Player2 folds
Player3 calls $0.15
Hero calls $0.10
*** DRAW *** (Pot: $0.60)
Player3 discards 1 card
Hero discards 2 cards [2d 8h]
Player1 stands pat
Player3 is dealt 1 card
Dealt to Hero [Ts 5d 6s] [7h 9c]
Player3 checks
Hero checks
Player1 bets $0.20
Player3 folds
Hero calls $0.20
*** SHOW DOWN ***
Player1 shows [7d 7s Qh Qs Qd] a full house, Queens full of Sevens
Hero mucks
Player1 wins the pot ($0.95) with a full house, Queens full of Sevens
*** SUMMARY ***
Total pot $1 | Rake $0.05
Seat 1: Player1 showed [7d 7s Qh Qs Qd] and won ($0.95) with a full house, Queens full of Sevens
Seat 2: Player2 (button) folded before the Draw (didn't bet)
Seat 3: Player3 (small blind) folded after the Draw
Seat 5: Hero (big blind) mucked [Ts 5d 6s 7h 9c] - a straight, Ten high
"""
)

BADUGI = (
    (
        "Full Tilt Poker Game #29704409780: Table Jackrabbit (6 max) - $2.50/$5 - Limit Badugi - "
        "19:49:08 CET - 2011/04/07 [13:49:08 ET - 2011/04/07]\n"
    )
    + """\
Seat 1: 1Incubator1 ($70)
Seat 2: grimyreaper1 ($98.10)
Seat 3: Kilij ($100)
Seat 5: allie3911 ($103.55)
Seat 6: Hero ($129.35)
allie3911 posts the small blind of $1.25
Hero posts the big blind of $2.50
5 seconds left to act
1Incubator1 posts $2.50
The button is in seat #2
*** HOLE CARDS ***
Dealt to Hero [Td Th 2d Qd]
1Incubator1 has 15 seconds left to act
1Incubator1 raises to $5
grimyreaper1 folds
allie3911 folds
Hero folds
Uncalled bet of $2.50 returned to 1Incubator1
1Incubator1 mucks
1Incubator1 wins the pot ($6.25)
*** SUMMARY ***
Total pot $6.25 | Rake $0
Seat 1: 1Incubator1 collected ($6.25), mucked
Seat 2: grimyreaper1 (button) folded before the Draw (didn't bet)
Seat 3: Kilij is sitting out
Seat 5: allie3911 (small blind) folded before the Draw
Seat 6: Hero (big blind) folded before the Draw
"""
)
"""A Badugi hand of ``../shared/corpus/hh-fpdb/cash/FTP/10Game-6max-USD-2.50-5.201104.Sample.txt``
(a newcomer's big blind by 1Incubator1, four cards dealt)."""
COURCHEVEL_TILT = BADUGI.replace("Limit Badugi", "Limit Courchevel")
"""The same hand as a game floorman does not play."""


def test_stud_header_seats_and_lines_are_read():
    """A cash Stud Hi hand: stakes in cents (small bet 300, big bet 600, the header's ante
    50), a sitting-out seat, bring-in, completion written "completes it to", raises written
    "raises to" (the street total), the uncalled bet, the collected pot and the summary."""
    (hand,) = parse_full_tilt(STUD).hands
    assert (hand.hand_id, hand.game, hand.structure) == (
        21536527525,
        Game.SEVEN_CARD_STUD,
        BettingStructure.FIXED_LIMIT,
    )
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.ante) == (300, 600, 50)
    assert (hand.stakes.bring_in, hand.scale, hand.table) == (100, 100, "Hagan")
    assert [s.sitting_out for s in hand.seats] == [True, False, False, False]
    raises = hand.events_of(StarsEventKind.RAISE)
    assert [(e.seat, e.to_amount, e.added, e.street) for e in raises] == [
        (5, 300, 300, StarsStreet.THIRD_STREET),
        (3, 600, 600, StarsStreet.FOURTH_STREET),
    ]
    (collect,) = hand.events_of(StarsEventKind.COLLECT)
    assert (collect.seat, collect.amount) == (5, 1950)
    assert hand.summary is not None and (hand.summary.total_pot, hand.summary.rake) == (1950, 0)


def test_draw_discards_and_replacement_cards_are_read():
    """Five card draw: the draw section, "discards N cards", "stands pat", "is dealt N
    cards" (unknown cards) and the hero's new cards; the button from its own line."""
    (hand,) = parse_full_tilt(DRAW).hands
    assert hand.button_seat == 2 and hand.stakes.small_blind == 5
    draws = [(e.kind, e.seat, len(e.cards)) for e in hand.events if e.street is StarsStreet.DRAW]
    assert draws == [
        (StarsEventKind.DISCARD, 3, 0),
        (StarsEventKind.DISCARD, 5, 2),
        (StarsEventKind.STAND_PAT, 1, 0),
        (StarsEventKind.DEAL, 3, 1),
        (StarsEventKind.DEAL, 5, 2),
    ]
    assert hand.summary is not None and hand.summary.seats[-1].mucked


def test_full_tilt_hands_audit_clean_and_other_games_are_unsupported():
    """RULES.md, every rule: the stud, draw and Badugi hands audit clean (Full Tilt lists
    draws and showdown lines in its own order: the auditor applies them in the rules' order;
    RULES.md "Lowball draw and Badugi": four cards); a hand of a game floorman does not play
    in the same document is unsupported."""
    document = "\n\n".join((STUD, DRAW, BADUGI, COURCHEVEL_TILT))
    assert looks_like_full_tilt(document)
    audits = audit_document(document, source="ftp.txt")
    assert [a.status for a in audits] == [
        AuditStatus.CLEAN,
        AuditStatus.CLEAN,
        AuditStatus.CLEAN,
        AuditStatus.UNSUPPORTED,
    ]
    assert audits[2].game is Game.BADUGI
    assert {a.format for a in audits} == {SourceFormat.FULL_TILT}


def test_full_tilt_ante_differing_from_the_header_is_ante_amount():
    """RULES.md "Seven Card Stud family": the header states the ante ($0.50); a seat anteing
    $1 is ``ante.amount`` on its line, even in a one-hand document."""
    text = STUD.replace("Hero antes $0.50", "Hero antes $1")
    (audit,) = audit_document(text, source="ftp.txt")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat, finding.expected, finding.actual, finding.line) == (
        "ante.amount",
        5,
        "50",
        "100",
        7,
    )


def test_unreadable_full_tilt_line_is_a_finding_with_its_line():
    """A line the reader does not know is a ``history.unreadable`` finding with its line."""
    text = STUD.replace("Hero bets $3", "Hero juggles $3")
    (audit,) = audit_document(text, source="ftp.txt")
    assert audit.status is AuditStatus.FINDINGS
    assert (audit.findings[0].rule, audit.findings[0].line) == ("history.unreadable", 23)
