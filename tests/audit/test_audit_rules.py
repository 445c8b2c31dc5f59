"""The auditor, rule by rule, on small hands changed in one place (RULES.md rule ids).

Each test changes one line of a legal hand (:mod:`tests.audit.audit_hands`) and checks the
exact rule id, event index, seat, expected and actual values and line of the finding.
"""

from __future__ import annotations

from floorman.domain.audit import AuditStatus, audit_document
from tests.audit.audit_hands import (
    DRAW_STARS,
    STUD_PHH,
    STUD_STARS,
    audit_one,
    line_of,
    replace_line,
    rules_of,
)


def _phh_line(index: int) -> int:
    """The line of PHH action ``index`` in STUD_PHH (one action per line from line 8; a
    3rd-street ``d dh`` is one action but two events, down and up cards)."""
    return 8 + index


def test_common_to_every_game_legal_hands_audit_clean():
    """RULES.md "Common to every game": the three legal sample hands audit clean."""
    for text in (STUD_PHH, DRAW_STARS, STUD_STARS):
        audit = audit_one(text)
        assert audit.status is AuditStatus.CLEAN, audit.findings
        assert audit.findings == ()


def test_betting_structures_fixed_limit_bet_of_the_wrong_size_is_bet_amount():
    """RULES.md "Betting structures", fixed limit: a 5th-street bet of 25 (the big bet is 20)
    is ``bet.amount`` at its event, expected 20, actual 25."""
    text = STUD_PHH.replace("  'p2 cbr 20',\n  'p1 cc',\n  'd dh p1 6d',", "  'p2 cbr 25',\n"
                            "  'p1 cc',\n  'd dh p1 6d',")  # fmt: skip
    audit = audit_one(text)
    (finding,) = audit.rule_findings
    assert (finding.rule, finding.event_index, finding.seat) == ("bet.amount", 18, 2)
    assert (finding.expected, finding.actual, finding.line) == ("20", "25", _phh_line(15))


def test_betting_structures_fixed_limit_fifth_bet_is_fixed_limit_cap():
    """RULES.md "Betting structures": a round allows bet, raise, re-raise, cap; the big
    blind counts as the first bet, so a raise after three raises is ``fixed_limit.cap``."""
    text = DRAW_STARS.replace(
        "Bob: calls $0.15\nCy: calls $0.10\n",
        "Bob: raises $0.15 to $0.30\nCy: raises $0.10 to $0.40\nAnn: raises $0.10 to $0.50\n"
        "Bob: calls $0.20\nCy: calls $0.10\n",
    )
    audit = audit_one(text)
    assert rules_of(audit)[0] == "fixed_limit.cap"
    finding = audit.rule_findings[0]
    assert finding.seat == 1 and finding.line == line_of(text, "Ann: raises $0.10 to $0.50")


def test_common_to_every_game_acting_out_of_turn_is_turn_out_of_turn():
    """RULES.md "Five Card Draw, 7-A", round 1 starts left of the big blind: Bob calling
    before Ann raises is ``turn.out_of_turn`` (expected seat 1, actual seat 2)."""
    text = DRAW_STARS.replace(
        "Ann: raises $0.10 to $0.20\nBob: calls $0.15\n",
        "Bob: calls $0.15\nAnn: raises $0.10 to $0.20\n",
    )
    audit = audit_one(text)
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat, finding.expected, finding.actual) == (
        "turn.out_of_turn", 2, "1", "2"
    )  # fmt: skip
    assert finding.line == 10


def test_five_card_draw_blinds_wrong_amount_is_blind_amount():
    """RULES.md "Five Card Draw, 7-A", blinds: a small blind of $0.10 where the table's is
    $0.05 (what its other hands post) is ``blind.amount`` on the post's line, expected 5,
    actual 10 (minor units)."""
    wrong = replace_line(DRAW_STARS, "Bob: posts small blind $0.05", "Bob: posts small blind $0.10")
    document = "\n\n".join(
        (DRAW_STARS, DRAW_STARS.replace("#1001:", "#1002:"), wrong.replace("#1001:", "#1003:"))
    )
    audits = audit_document(document, source="t")
    finding = audits[2].rule_findings[0]
    assert (finding.rule, finding.event_index, finding.seat) == ("blind.amount", -1, 2)
    line = line_of(document, "Bob: posts small blind $0.10")
    assert (finding.expected, finding.actual, finding.line) == ("5", "10", line)


def test_five_card_draw_blinds_posted_by_the_wrong_seat_is_blind_player():
    """RULES.md "Five Card Draw, 7-A": the small blind is left of the button; Cy posting it
    is ``blind.player`` (expected seat 2, actual seat 3)."""
    text = DRAW_STARS.replace(
        "Bob: posts small blind $0.05\nCy: posts big blind $0.10",
        "Cy: posts small blind $0.05\nBob: posts big blind $0.10",
    )
    audit = audit_one(text)
    assert rules_of(audit)[:2] == ["blind.player", "blind.player"]
    first = audit.rule_findings[0]
    assert (first.seat, first.expected, first.actual, first.line) == (3, "2", "3", 6)


def test_seven_card_stud_family_short_ante_is_ante_amount():
    """RULES.md "Seven Card Stud family": every player antes; p2 anteing 6 where the others
    ante 5 is ``ante.amount`` for seat 2, expected 5, actual 6, on the ``antes`` line."""
    text = STUD_PHH.replace("antes = [5, 5, 5]", "antes = [5, 6, 5]")
    audit = audit_one(text)
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat, finding.expected, finding.actual, finding.line) == (
        "ante.amount", 2, "5", "6", 2
    )  # fmt: skip


def test_seven_card_stud_family_wrong_bring_in_player_is_bring_in_player():
    """RULES.md "Seven Card Stud family": the lowest door card (p1's 2c) brings in; p2
    bringing in is ``bring_in.player`` at event 6."""
    text = STUD_PHH.replace("  'p1 pb',\n  'p2 cbr 10',", "  'p2 pb',\n  'p1 cbr 10',")
    audit = audit_one(text)
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.event_index, finding.expected, finding.actual) == (
        "bring_in.player", 6, "1", "2"
    )  # fmt: skip


def test_stakes_defaults_bring_in_of_the_wrong_amount_is_bring_in_amount():
    """RULES.md "Seven Card Stud family" / "Stakes defaults": Hero bringing in for $0.03
    where the table's bring-in is $0.02 (what the table's other hands post) is
    ``bring_in.amount`` at the bring-in event, expected 2, actual 3."""
    wrong = STUD_STARS.replace("#2002:", "#2004:").replace(
        "brings in for $0.02", "brings in for $0.03"
    )
    document = "\n\n".join((STUD_STARS, STUD_STARS.replace("#2002:", "#2003:"), wrong))
    audits = audit_document(document, source="t")
    assert [a.status for a in audits[:2]] == [AuditStatus.CLEAN, AuditStatus.CLEAN]
    finding = audits[2].rule_findings[0]
    assert (finding.rule, finding.event_index, finding.seat) == ("bring_in.amount", 6, 5)
    assert (finding.expected, finding.actual) == ("2", "3")


def test_common_to_every_game_a_card_dealt_twice_is_card_duplicate():
    """RULES.md "Common to every game" (cards): p2 dealt p1's 7h on 4th street is
    ``card.duplicate`` at that deal."""
    text = replace_line(STUD_PHH, "  'd dh p2 Qc',", "  'd dh p2 7h',")
    finding = audit_one(text).rule_findings[0]
    assert (finding.rule, finding.event_index, finding.seat, finding.actual) == (
        "card.duplicate", 11, 2, "7h"
    )  # fmt: skip


def test_common_to_every_game_showdown_order_is_the_last_aggressor_first():
    """RULES.md "Showdown order": p1 bet last, so p1 shows first; p2 showing first is
    ``showdown.order`` in PHH (a format that records the order)."""
    text = STUD_PHH.replace(
        "  'p1 sm AsKs2c7hTd6dAh',\n  'p2 sm QhJh3dQc5s6hJd',",
        "  'p2 sm QhJh3dQc5s6hJd',\n  'p1 sm AsKs2c7hTd6dAh',",
    )
    finding = audit_one(text).rule_findings[0]
    assert (finding.rule, finding.seat, finding.expected, finding.actual) == (
        "showdown.order", 2, "1", "2"
    )  # fmt: skip


def test_common_to_every_game_action_after_the_end_is_hand_complete():
    """RULES.md rule ``hand.complete``: an action after everyone else folded."""
    text = STUD_STARS.replace("Hero: folds\n", "Hero: folds\ngash: checks\n")
    finding = audit_one(text).rule_findings[0]
    assert (finding.rule, finding.seat, finding.line) == ("hand.complete", 3, 17)


def test_common_to_every_game_record_ending_early_names_the_seat_to_act():
    """A record that stops while p2 must act on 7th street: ``turn.out_of_turn`` after the
    last event, expected seat 2."""
    text = STUD_PHH.replace(
        "  'p2 cc',\n  'p1 cbr 20',\n  'p2 cc',\n  'p1 sm AsKs2c7hTd6dAh',\n"
        "  'p2 sm QhJh3dQc5s6hJd',\n",
        "",
    ).replace("finishing_stacks = [435, 580, 485]\n", "")
    audit = audit_one(text)
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.event_index, finding.expected) == ("turn.out_of_turn", 26, "2")


def test_pots_total_pot_differing_from_the_chips_put_in_is_pot_amount():
    """RULES.md "Common to every game" (pots): a stated total pot of $1.10 where the history
    puts $1 in is ``pot.amount``, expected 100, actual 110, on the summary line."""
    text = DRAW_STARS.replace("Total pot $1 | Rake $0.02", "Total pot $1.10 | Rake $0.02")
    finding = audit_one(text).rule_findings[0]
    assert (finding.rule, finding.expected, finding.actual, finding.line) == (
        "pot.amount", "100", "110", 26
    )  # fmt: skip


def test_rake_without_a_policy_any_rake_with_pot_equal_payouts_plus_rake_is_clean():
    """RULES.md "Rake": with no configured policy (rooms' formulas are unknown) the audit
    checks pot = payouts + rake, not the rake's size: a $0.10 rake paid that way is clean."""
    text = (
        DRAW_STARS.replace("Bob collected $0.98 from pot", "Bob collected $0.90 from pot")
        .replace("Total pot $1 | Rake $0.02", "Total pot $1 | Rake $0.10")
        .replace("and won ($0.98)", "and won ($0.90)")
    )
    assert audit_one(text).status is AuditStatus.CLEAN


def test_rake_without_a_policy_pot_not_equal_to_payouts_plus_rake_is_rake_amount():
    """RULES.md "Rake": a stated rake of $0.05 when the pot of $1 paid $0.98 is
    ``rake.amount``, expected 2 (pot - payouts), actual 5, on the summary line."""
    text = DRAW_STARS.replace("Total pot $1 | Rake $0.02", "Total pot $1 | Rake $0.05")
    audit = audit_one(text)
    assert rules_of(audit) == ["rake.amount"]
    finding = audit.rule_findings[0]
    assert (finding.expected, finding.actual, finding.line) == ("2", "5", 26)


def test_rake_with_a_configured_policy_the_size_is_checked():
    """RULES.md "Rake": with a configured policy (floorman's ``_rake_policy`` PHH field) 5 %
    of the 145 pot is 7; a stated ``_rake`` of 10 is ``rake.amount``, expected 7."""
    policy = (
        "_rake_policy = { percent_bps = 500, increment = 0, cap = 0, "
        "no_rake_first_round = false }\n"
    )
    right = STUD_PHH.replace(
        "finishing_stacks = [435, 580, 485]", "finishing_stacks = [435, 573, 485]"
    )
    assert audit_one(right + policy + "_rake = 7\n").status is AuditStatus.CLEAN
    wrong = STUD_PHH.replace(
        "finishing_stacks = [435, 580, 485]", "finishing_stacks = [435, 570, 485]"
    )
    audit = audit_one(wrong + policy + "_rake = 10\n")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.expected, finding.actual) == ("rake.amount", "7", "10")


def test_settlement_winner_paid_the_wrong_amount_is_payout_amount():
    """RULES.md "Common to every game" (settlement): Bob collecting $0.99 where the pot
    after rake is $0.98 is ``payout.amount`` for seat 2 on the collect line."""
    text = DRAW_STARS.replace("Bob collected $0.98 from pot", "Bob collected $0.99 from pot")
    audit = audit_one(text)
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat, finding.line) == ("payout.amount", 2, 24)
    assert (finding.expected, finding.actual) == ("98", "99")


def test_showdown_pot_paid_to_the_wrong_hand_is_showdown_wrong_winner():
    """RULES.md "Common to every game": p2's two pair beats p1's aces; finishing stacks that
    pay p1 the 145 pot are ``showdown.wrong_winner`` for seats 1 and 2, plus nothing else."""
    text = STUD_PHH.replace(
        "finishing_stacks = [435, 580, 485]", "finishing_stacks = [580, 435, 485]"
    )
    audit = audit_one(text)
    assert rules_of(audit) == ["showdown.wrong_winner", "showdown.wrong_winner"]
    paid, unpaid = audit.rule_findings
    assert (paid.seat, paid.expected, paid.actual) == (1, "0", "145")
    assert (unpaid.seat, unpaid.expected, unpaid.actual) == (2, "145", "0")


def test_chip_conservation_final_stacks_not_adding_up_is_chips_not_conserved():
    """RULES.md "Chip conservation": a loser's final stack 1 chip high (with no rake) is
    ``chips.not_conserved`` (1500 started, 1501 finished) at the ``finishing_stacks`` line,
    and that seat's payout."""
    text = STUD_PHH.replace(
        "finishing_stacks = [435, 580, 485]", "finishing_stacks = [435, 580, 486]"
    )
    audit = audit_one(text)
    assert set(rules_of(audit)) == {"showdown.wrong_winner", "chips.not_conserved"}
    conservation = next(f for f in audit.rule_findings if f.rule == "chips.not_conserved")
    assert (conservation.expected, conservation.actual) == ("1500", "1501")
    line = text.splitlines().index("finishing_stacks = [435, 580, 486]") + 1
    assert conservation.line == line


def test_unknown_cards_a_result_that_needs_them_is_unverifiable():
    """DESIGN.md "Unknown cards": p2's hole cards unknown and never shown at the showdown,
    the pot's winner cannot be judged: UNVERIFIABLE with an informational ``card.unknown``,
    never clean."""
    text = (
        STUD_PHH.replace("'d dh p2 QhJh3d'", "'d dh p2 ????3d'")
        .replace("'d dh p2 Jd'", "'d dh p2 ??'")
        .replace("  'p2 sm QhJh3dQc5s6hJd',\n", "")
    )
    audit = audit_one(text)
    assert audit.status is AuditStatus.UNVERIFIABLE
    assert [f.rule for f in audit.findings] == ["card.unknown"]
    assert audit.findings[0].informational


def test_unknown_cards_a_face_up_card_recorded_as_unknown_is_a_finding():
    """docs/rules.md "A face-up card must be known" (DESIGN.md "Unknown cards"): p1's and p2's
    door cards recorded as ``??`` are each a ``card.unknown`` rule finding at its deal (events
    1 and 3, line 8 and 9, actual ``??``): the hand is dirty. The replay goes on: the bring-in
    that needs those cards, and each later first actor, is accepted as recorded with an
    informational ``card.unknown`` note (events 6, 13, 18, 22, 26), and nothing else is
    found."""
    text = (
        STUD_PHH.replace("'d dh p1 AsKs2c'", "'d dh p1 AsKs??'")
        .replace("'p1 sm AsKs2c7hTd6dAh'", "'p1 sm AsKs2c7hTd6dAh'")
        .replace("'d dh p2 QhJh3d'", "'d dh p2 QhJh??'")
    )
    audit = audit_one(text)
    assert audit.status is AuditStatus.FINDINGS
    assert [(f.rule, f.event_index, f.seat, f.actual, f.line) for f in audit.rule_findings] == [
        ("card.unknown", 1, 1, "??", _phh_line(0)),
        ("card.unknown", 3, 2, "??", _phh_line(1)),
    ]
    assert audit.rule_findings[0].message == (
        "seat 1's face-up card is recorded as ??: the whole table saw it, so the record must "
        "name it"
    )
    notes = [(f.rule, f.event_index) for f in audit.findings if f.informational]
    assert notes == [("card.unknown", index) for index in (6, 13, 18, 22, 26)]


def test_unreadable_input_is_a_finding_with_its_line():
    """Input no reader understands is a finding (``history.unreadable``) with the line, not
    an error; a malformed card in a PokerStars line is ``card.malformed`` with its line."""
    junk = audit_one("hello\nthis is not a hand history\n")
    assert (junk.status, rules_of(junk), junk.findings[0].line) == (
        AuditStatus.FINDINGS, ["history.unreadable"], 1
    )  # fmt: skip
    text = replace_line(
        DRAW_STARS, "Dealt to Ann [As Ad Kc Kd 2h]", "Dealt to Ann [As Ad Kc Kd 2x]"
    )
    bad = audit_one(text)
    assert (rules_of(bad), bad.findings[0].line) == (["card.malformed"], 9)
    phh = audit_one(STUD_PHH.replace("'p1 cc',\n  'd dh p1 7h'", "'p1 zz',\n  'd dh p1 7h'"))
    assert (rules_of(phh), phh.findings[0].line) == (["history.unreadable"], _phh_line(6))


DEAD_BLIND_STARS = """\
PokerStars Game #1001:  5 Card Draw Limit ($0.10/$0.20 USD) - 2011/07/04 21:56:59 ET
Table 'Pulova' 6-max Seat #1 is the button
Seat 1: Ann ($2.00 in chips)
Seat 2: Bob ($2.00 in chips)
Seat 3: Cy ($2.00 in chips)
Seat 5: Eve ($2.00 in chips)
Bob: posts small blind $0.05
Cy: posts big blind $0.10
Eve: posts small & big blinds $0.15
*** DEALING HANDS ***
Dealt to Eve [Ah Ad Kc Qs 2h]
Eve: checks
Ann: calls $0.10
Bob: calls $0.05
Cy: checks
Bob: discards 3 cards
Cy: stands pat
Eve: discards 3 cards [Kc Qs 2h]
Dealt to Eve [Ah Ad] [As 7c 7d]
Ann: discards 2 cards
Bob: checks
Cy: bets $0.20
Eve: raises $0.20 to $0.40
Ann: folds
Bob: folds
Cy: calls $0.20
*** SHOW DOWN ***
Eve: shows [Ah Ad As 7c 7d] (a full house, Aces full of Sevens)
Cy: mucks hand
Eve collected $1.20 from pot
*** SUMMARY ***
Total pot $1.25 | Rake $0.05
Seat 1: Ann (button) folded after the Draw
Seat 2: Bob (small blind) folded after the Draw
Seat 3: Cy (big blind) mucked [Ks Kh Kd 4c 5c]
Seat 5: Eve showed [Ah Ad As 7c 7d] and won ($1.20) with a full house, Aces full of Sevens
"""


def test_button_dead_small_blind_is_dead_money_and_the_room_hand_audits_clean():
    """RULES.md "Five Card Draw, 7-A" Button (missed blinds: the big blind live, the small
    blind dead) and "Common to every game" (uncalled bet): Eve's dead $0.05 is in the $1.25
    pot, not an uncalled bet, so PokerStars' pot $1.25, rake $0.05 and payout $1.20 audit
    clean; a record stating a $1.20 pot is ``pot.amount`` (expected 125, actual 120)."""
    assert audit_one(DEAD_BLIND_STARS).status is AuditStatus.CLEAN
    text = replace_line(
        DEAD_BLIND_STARS, "Total pot $1.25 | Rake $0.05", "Total pot $1.20 | Rake $0.05"
    )
    audit = audit_one(text)
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.expected, finding.actual) == ("pot.amount", "125", "120")
    assert finding.line == line_of(text, "Total pot $1.20 | Rake $0.05")


REOPENING_PHH = """\
variant = 'N5CD'
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0]
min_bet = 100
starting_stacks = [5000, 225, 5000, 300, 5000]
actions = [
  'd dh p1 2c3c4c5c7d',
  'd dh p2 2d3d4d5d7h',
  'd dh p3 2h3h4h5h7s',
  'd dh p4 2s3s4s5s8c',
  'd dh p5 6c6d6h6s8d',
  'p3 cc',
  'p4 cc',
  'p5 cc',
  'p1 cc',
  'p2 cc',
  'p1 sd',
  'p2 sd',
  'p3 sd',
  'p4 sd',
  'p5 sd',
  'p1 cbr 100',
  'p2 cbr 125',
  'p3 cc',
  'p4 cbr 200',
  'p5 cc',
  'p1 cc',
  'p3 cbr 400',
  'p5 f',
  'p1 f',
]
"""
"""RULES.md's reopening example (NL 50/100, A-E = p1-p5): round 2 from action 15 (line 23)."""


def test_reopening_is_judged_per_player_a_raise_after_short_all_ins_is_a_finding():
    """RULES.md "Reopening is judged per player": C (p3) called 125; D's all-in to 200 adds 75
    after C's call, short of a full raise (the 25 of B's all-in before it do not count): C's
    raise to 400 is ``fixed_limit.short_all_in`` at its event and line, seat 3."""
    audit = audit_one(REOPENING_PHH)
    assert audit.status is AuditStatus.FINDINGS
    (finding,) = audit.rule_findings
    assert (finding.rule, finding.seat, finding.event_index) == ("fixed_limit.short_all_in", 3, 21)
    assert finding.line == REOPENING_PHH.splitlines().index("  'p3 cbr 400',") + 1


def test_reopening_is_judged_per_player_the_bettor_facing_a_full_raise_may_raise():
    """RULES.md "Reopening is judged per player": A (p1) faces 100 more after its bet, a full
    raise: its raise to 300 audits clean up to the end of the record (the record then ends
    mid-hand: the only finding names the seat still to act)."""
    text = REOPENING_PHH.replace("  'p1 cc',\n  'p3 cbr 400',\n  'p5 f',\n  'p1 f',\n",
                                 "  'p1 cbr 300',\n")  # fmt: skip
    audit = audit_one(text)
    assert [(f.rule, f.seat) for f in audit.rule_findings] == [("turn.out_of_turn", 3)]
