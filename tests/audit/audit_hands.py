"""Small legal hands as text, for the audit's rules tests, and helpers to change one line.

* :data:`STUD_PHH` — Seven Card Stud (PHH, 3 players): antes 5, bring-in 5, 10/20; p1 brings
  in, p2 completes, p3 folds on 4th street, p2's two pair beats p1's pair of aces (pot 145).
* :data:`DRAW_STARS` — Five Card Draw, PokerStars text, $0.10/$0.20, 3 players: Bob's trips
  beat Ann's two pair; total pot $1, rake $0.02, Bob collects $0.98.
* :data:`STUD_STARS` — Seven Card Stud, PokerStars text, $0.04/$0.08, ante $0.01, bring-in
  $0.02: everyone folds to a completion on 3rd street.
"""

from __future__ import annotations

from floorman.domain.audit import HandAudit, audit_document

STUD_PHH = """\
variant = 'F7S'
antes = [5, 5, 5]
bring_in = 5
small_bet = 10
big_bet = 20
starting_stacks = [500, 500, 500]
actions = [
  'd dh p1 AsKs2c',
  'd dh p2 QhJh3d',
  'd dh p3 9c9d8h',
  'p1 pb',
  'p2 cbr 10',
  'p3 cc',
  'p1 cc',
  'd dh p1 7h',
  'd dh p2 Qc',
  'd dh p3 4s',
  'p2 cbr 10',
  'p3 f',
  'p1 cc',
  'd dh p1 Td',
  'd dh p2 5s',
  'p2 cbr 20',
  'p1 cc',
  'd dh p1 6d',
  'd dh p2 6h',
  'p2 cc',
  'p1 cc',
  'd dh p1 Ah',
  'd dh p2 Jd',
  'p2 cc',
  'p1 cbr 20',
  'p2 cc',
  'p1 sm AsKs2c7hTd6dAh',
  'p2 sm QhJh3dQc5s6hJd',
]
finishing_stacks = [435, 580, 485]
"""
"""Events (0-based): 0-5 the 3rd-street deals (seat 1 down, up; seat 2 ...), 6 p1 pb,
7 p2 cbr 10, 8 p3 cc, 9 p1 cc, 10-12 4th street, 13 p2 cbr 10, 14 p3 f, 15 p1 cc, ...
A PHH line is its action's line: action k is on line 8 + k."""

DRAW_STARS = """\
PokerStars Game #1001:  5 Card Draw Limit ($0.10/$0.20 USD) - 2011/07/04 21:56:59 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Seat 3: Cy ($2 in chips)
Bob: posts small blind $0.05
Cy: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Ann [As Ad Kc Kd 2h]
Ann: raises $0.10 to $0.20
Bob: calls $0.15
Cy: calls $0.10
Bob: discards 1 card
Cy: discards 2 cards
Ann: stands pat on [As Ad Kc Kd 2h]
Bob: checks
Cy: checks
Ann: bets $0.20
Bob: calls $0.20
Cy: folds
*** SHOW DOWN ***
Ann: shows [As Ad Kc Kd 2h] (two pair, Aces and Kings)
Bob: shows [Qs Qd Qc 3h 4h] (three of a kind, Queens)
Bob collected $0.98 from pot
*** SUMMARY ***
Total pot $1 | Rake $0.02
Seat 1: Ann (button) showed [As Ad Kc Kd 2h] and lost with two pair, Aces and Kings
Seat 2: Bob (small blind) showed [Qs Qd Qc 3h 4h] and won ($0.98) with three of a kind, Queens
Seat 3: Cy (big blind) folded after the Draw
"""

STUD_STARS = """\
PokerStars Game #2002:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET
Table 'Dawn' 8-max
Seat 3: gash ($1.46 in chips)
Seat 4: denny ($0.93 in chips)
Seat 5: Hero ($1.60 in chips)
gash: posts the ante $0.01
denny: posts the ante $0.01
Hero: posts the ante $0.01
*** 3rd STREET ***
Dealt to gash [Kc]
Dealt to denny [7c]
Dealt to Hero [5d Ks 2h]
Hero: brings in for $0.02
gash: raises $0.02 to $0.04
denny: folds
Hero: folds
Uncalled bet ($0.02) returned to gash
gash collected $0.07 from pot
gash: doesn't show hand
*** SUMMARY ***
Total pot $0.07 | Rake $0
Seat 3: gash collected ($0.07)
Seat 4: denny folded on the 3rd Street (didn't bet)
Seat 5: Hero folded on the 3rd Street
"""


def replace_line(text: str, old: str, new: str) -> str:
    """``text`` with the one line equal to ``old`` replaced by ``new`` (exactly one)."""
    lines = text.split("\n")
    hits = [i for i, line in enumerate(lines) if line == old]
    assert len(hits) == 1, f"{old!r} is on {len(hits)} lines"
    lines[hits[0]] = new
    return "\n".join(lines)


def line_of(text: str, line: str) -> int:
    """The 1-based number of the one line equal to ``line``."""
    hits = [i + 1 for i, item in enumerate(text.split("\n")) if item == line]
    assert len(hits) == 1, f"{line!r} is on {len(hits)} lines"
    return hits[0]


def audit_one(text: str) -> HandAudit:
    """The verdict of a one-hand document."""
    (audit,) = audit_document(text, source="test")
    return audit


def rules_of(audit: HandAudit) -> list[str]:
    """The rule ids of the audit's rule findings, in order."""
    return [f.rule for f in audit.rule_findings]
