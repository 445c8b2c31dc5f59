"""Every card a record writes counts for ``card.duplicate`` (RULES.md "Common to every
game": one deck, a card is in one place; ``card.duplicate`` in the rule-id table;
docs/hand-history-formats.md "PokerStars-style text": the summary's showed / mucked lists),
also a card only a summary's ``mucked [..]`` list writes, which the replay never shows.

The hands are real records (corpus ``hh-fpdb/cash/FTP/5-Carddraw-Limit-USD-0.10-0.20-201011
.Sample.Not.UTF16.txt`` hand 25319060000 and ``hh-fpdb/cash/Stars/7-Stud-USD-0.04-0.08-200911.txt``
hand 35874124553); the mutants give the showing seat a card the summary writes in another
seat's mucked hand.
"""

from __future__ import annotations

from floorman.domain.audit import AuditFinding, AuditStatus, HandAudit, SourceFormat, audit_document

FULL_TILT_DRAW = (
    (
        "Full Tilt Poker Game #25319060000: Table Shady Oak (6 max) - $0.10/$0.20 - "
        "Limit 5 Card Draw - 12:04:00 ET - 2010/11/06\n"
    )
    + """\
Seat 1: Player1 ($2.73)
Seat 2: Player2 ($4.04)
Seat 3: Player3 ($1.88)
Seat 4: Player4 ($2)
Seat 5: Hero ($2)
Seat 6: Player6 ($0.98), is sitting out
Player3 posts the small blind of $0.05
Player4 posts the big blind of $0.10
The button is in seat #2
*** HOLE CARDS ***
Dealt to Hero [Ts 5d 6s 2d 8h]
Hero folds
Player1 raises to $0.20
Player2 calls $0.20
Player3 calls $0.15
Player4 calls $0.10
*** DRAW *** (Pot: $0.80)
Player3 discards 1 card
Player4 discards 3 cards
Player1 discards 1 card
Player2 discards 2 cards
Player3 is dealt 1 card
Player4 is dealt 3 cards
Player1 is dealt 1 card
Player2 is dealt 2 cards
Player3 bets $0.20
Player4 folds
Player1 raises to $0.40
Player2 calls $0.40
Player3 calls $0.20
*** SHOW DOWN ***
Player1 shows [7h 7d 7s Qh Qs] a full house, Sevens full of Queens
Player2 mucks
Player3 mucks
Player1 wins the pot ($1.90) with a full house, Sevens full of Queens
*** SUMMARY ***
Total pot $2 | Rake $0.10
Seat 1: Player1 showed [7h 7d 7s Qh Qs] and won ($1.90) with a full house, Sevens full of Queens
Seat 2: Player2 (button) mucked [Ah As Jd Js 3h] - two pair, Aces and Jacks
Seat 3: Player3 (small blind) mucked [Jh Jc 2s 2h Kh] - two pair, Jacks and Twos
Seat 4: Player4 (big blind) folded after the Draw
Seat 5: Hero folded before the Draw (didn't bet)
Seat 6: Player6 is sitting out
"""
)
"""Line 33: Player1 shows; line 40: Player2's summary ``mucked [Ah As Jd Js 3h]``."""

STARS_STUD = """\
PokerStars Game #35874124553:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:12:11 ET
Table 'Atalante II' 8-max
Seat 1: Hero ($2.15 in chips)
Seat 3: Nikolay Zem ($2.14 in chips)
Seat 5: trs2758 ($2.09 in chips)
Seat 6: RoadDevil ($1.48 in chips)
Seat 8: MasterTrini1 ($1.58 in chips)
Hero: posts the ante $0.01
Nikolay Zem: posts the ante $0.01
trs2758: posts the ante $0.01
RoadDevil: posts the ante $0.01
MasterTrini1: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [Js Kc 3d]
Dealt to Nikolay Zem [6c]
Dealt to trs2758 [4d]
Dealt to RoadDevil [6d]
Dealt to MasterTrini1 [9h]
Hero: brings in for $0.02
Nikolay Zem: folds
trs2758: folds
RoadDevil: calls $0.02
MasterTrini1: calls $0.02
*** 4th STREET ***
Dealt to Hero [Js Kc 3d] [2h]
Dealt to RoadDevil [6d] [Ah]
Dealt to MasterTrini1 [9h] [8c]
RoadDevil: checks
MasterTrini1: bets $0.04
rv2020 joins the table at seat #4
Hero: folds
RoadDevil: calls $0.04
*** 5th STREET ***
Dealt to RoadDevil [6d Ah] [Td]
Dealt to MasterTrini1 [9h 8c] [5s]
RoadDevil: checks
MasterTrini1: bets $0.08
RoadDevil: calls $0.08
*** 6th STREET ***
Dealt to RoadDevil [6d Ah Td] [4c]
Dealt to MasterTrini1 [9h 8c 5s] [5h]
MasterTrini1: bets $0.08
RoadDevil: calls $0.08
*** RIVER ***
MasterTrini1: bets $0.08
RoadDevil: calls $0.08
*** SHOW DOWN ***
MasterTrini1: shows [6s 7d 9h 8c 5s 5h 9d] (a straight, Five to Nine)
RoadDevil: mucks hand
MasterTrini1 collected $0.64 from pot
*** SUMMARY ***
Total pot $0.67 | Rake $0.03
Seat 1: Hero folded on the 4th Street
Seat 3: Nikolay Zem folded on the 3rd Street (didn't bet)
Seat 5: trs2758 folded on the 3rd Street (didn't bet)
Seat 6: RoadDevil mucked [4s 8d 6d Ah Td 4c 8h]
Seat 8: MasterTrini1 showed [6s 7d 9h 8c 5s 5h 9d] and won ($0.64) with a straight, Five to Nine
"""
"""Line 48: MasterTrini1 shows; line 56: RoadDevil's summary ``mucked [4s 8d 6d Ah Td 4c 8h]``."""


def _audit(text: str, format: SourceFormat) -> HandAudit:
    [audit] = audit_document(text, source="cards.txt", format=format)
    return audit


def test_full_tilt_originals_are_clean() -> None:
    """The unchanged records audit clean: a summary's own showed / mucked cards are no
    duplicates of the seat's own shown or dealt cards."""
    assert _audit(FULL_TILT_DRAW, SourceFormat.FULL_TILT).status is AuditStatus.CLEAN
    assert _audit(STARS_STUD, SourceFormat.POKERSTARS).status is AuditStatus.CLEAN


def test_full_tilt_a_shown_card_in_another_seats_summary_muck_is_card_duplicate() -> None:
    """Full Tilt: Player1 shows Ah while the summary writes Ah in Player2's mucked hand:
    ``card.duplicate`` for seat 2 at the summary line (the later of the two), after the last
    event, and nothing else."""
    text = FULL_TILT_DRAW.replace(
        "Player1 shows [7h 7d 7s Qh Qs]", "Player1 shows [7h 7d 7s Ah Qs]"
    )
    audit = _audit(text, SourceFormat.FULL_TILT)
    assert audit.findings == (
        AuditFinding(
            rule="card.duplicate",
            message="Ah is written for seat 2 but is already seat 1's",
            event_index=26,
            seat=2,
            actual="Ah",
            line=40,
        ),
    )


def test_pokerstars_a_shown_card_in_another_seats_summary_muck_is_card_duplicate() -> None:
    """PokerStars: MasterTrini1 (seat 8) shows 4s as the 7th-street card while RoadDevil's
    (seat 6) summary line writes 4s in the mucked hand: ``card.duplicate`` for seat 6 at the
    summary line, and nothing else."""
    text = STARS_STUD.replace(
        "MasterTrini1: shows [6s 7d 9h 8c 5s 5h 9d]", "MasterTrini1: shows [6s 7d 9h 8c 5s 5h 4s]"
    )
    audit = _audit(text, SourceFormat.POKERSTARS)
    assert audit.findings == (
        AuditFinding(
            rule="card.duplicate",
            message="4s is written for seat 6 but is already seat 8's",
            event_index=37,
            seat=6,
            actual="4s",
            line=56,
        ),
    )


def test_two_summary_mucked_hands_sharing_a_card_is_card_duplicate() -> None:
    """Full Tilt: two summary ``mucked`` lists (seats 2 and 3) write Jh: the second list's
    line is ``card.duplicate`` (a card written only in summaries counts too)."""
    text = FULL_TILT_DRAW.replace("mucked [Ah As Jd Js 3h]", "mucked [Ah As Jd Jh 3h]")
    audit = _audit(text, SourceFormat.FULL_TILT)
    assert [(f.rule, f.seat, f.actual, f.line) for f in audit.findings] == [
        ("card.duplicate", 3, "Jh", 41)
    ]


def test_the_summary_cards_are_not_shown_in_the_replay() -> None:
    """A mucked hand stays mucked: the written cards only feed the duplicate check, so the
    replay still has exactly the record's SHOW lines (the hand's result is unchanged)."""
    audit = _audit(FULL_TILT_DRAW, SourceFormat.FULL_TILT)
    assert audit.events == 26
