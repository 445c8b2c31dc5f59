"""Audit texts a reader can act on (docs/hand-history-formats.md; README "floorman audit";
rule ids ``showdown.wrong_winner``, ``history.unreadable``): seat lists in plain English, one
finding for a refused player count, a stud header without a structure word read as fixed
limit, and amounts past the README amount limit (|amount| <= 10^15) refused by every
reader, naming the field."""

from __future__ import annotations

from floorman.domain.audit import UNREADABLE_RULE, AuditStatus, audit_document
from floorman.domain.audit.findings import seats_phrase
from floorman.domain.model import BettingStructure, Game
from tests.audit.audit_hands import DRAW_STARS, STUD_PHH, STUD_STARS, audit_one

HUGE = 10**23


def test_seat_lists_read_seat_2_seats_2_and_3_seats_1_2_and_4():
    """One seat is "seat 2", two "seats 2 and 3", more "seats 1, 2 and 4"."""
    assert [seats_phrase(s) for s in ((2,), (2, 3), (1, 2, 4), ())] == [
        "seat 2",
        "seats 2 and 3",
        "seats 1, 2 and 4",
        "no seat",
    ]


def test_a_pot_paid_to_a_loser_names_the_winner_as_seat_2():
    """showdown.wrong_winner: the 145 pot paid to p1 instead of p2 says
    "the pots go to seat 2" (never "seats 2")."""
    text = STUD_PHH.replace(
        "finishing_stacks = [435, 580, 485]", "finishing_stacks = [580, 435, 485]"
    )
    paid = audit_one(text).rule_findings[0]
    assert paid.message == "seat 1 is paid 145 but wins nothing (the pots go to seat 2)"


def test_a_phh_hand_of_50_players_is_one_finding_only():
    """history.unreadable (docs/rules.md "A hostile record costs little and reports
    little"): 50 starting stacks are refused in one finding; the antes, finishing stacks
    and actions are not measured against a player count that was refused."""
    text = STUD_PHH.replace(
        "starting_stacks = [500, 500, 500]", "starting_stacks = [" + ", ".join(["1000"] * 50) + "]"
    )
    (audit,) = audit_document(text, source="crowd.phh")
    assert [(f.rule, f.message) for f in audit.findings] == [
        (UNREADABLE_RULE, "starting_stacks: 50 players; a hand has at most 10")
    ]


def test_a_phh_hand_whose_stacks_are_not_an_array_is_one_finding_only():
    """history.unreadable: ``starting_stacks = 5`` gives no player count: one finding."""
    text = STUD_PHH.replace("starting_stacks = [500, 500, 500]", "starting_stacks = 5")
    (audit,) = audit_document(text, source="x.phh")
    assert [f.message for f in audit.findings] == [
        "starting_stacks: starting_stacks must be an array of numbers"
    ]


def test_a_stud_header_without_a_structure_word_is_fixed_limit():
    """docs/hand-history-formats.md "PokerStars-style text", RULES.md "Betting structures"
    (fixed limit is the default): ``7 Card Stud ($0.04/$0.08 USD)`` is read as 7 Card Stud
    Limit and the hand audits clean, not "7 Card Stud is not a seed game"."""
    from floorman.domain.history.pokerstars_header import parse_header

    text = STUD_STARS.replace("7 Card Stud Limit (", "7 Card Stud (")
    assert text != STUD_STARS
    (audit,) = audit_document(text, source="stud.txt")
    assert (audit.status, audit.game) == (AuditStatus.CLEAN, Game.SEVEN_CARD_STUD)
    header = parse_header("PokerStars Hand #1: Razz ($1/$2) - 2020/01/01 00:00:00 ET")
    assert (header.game, header.structure) == (Game.RAZZ, BettingStructure.FIXED_LIMIT)
    draw = parse_header("PokerStars Hand #1: 5 Card Draw ($1/$2) - 2020/01/01 00:00:00 ET")
    assert draw.structure is None  # a draw pair could be bets or blinds: not guessed


def test_a_phh_amount_past_the_limit_is_unreadable_naming_the_field():
    """README "amount limit" (|amount| <= 10^15): a PHH starting stack of 10^23, or a bet
    of 10^23, is history.unreadable naming the field, never only chips.not_conserved."""
    stacks = STUD_PHH.replace(
        "starting_stacks = [500, 500, 500]", f"starting_stacks = [{HUGE}, 500, 500]"
    )
    (audit,) = audit_document(stacks, source="x.phh")
    assert [(f.rule, f.message) for f in audit.findings] == [
        (
            UNREADABLE_RULE,
            f"starting_stacks[0]: {HUGE} is beyond the amount limit (|amount| <= 10^15)",
        )
    ]
    bet = STUD_PHH.replace("  'p1 cbr 20',", f"  'p1 cbr {HUGE}',")
    assert bet != STUD_PHH
    (audit,) = audit_document(bet, source="x.phh")
    assert [(f.rule, f.message) for f in audit.findings] == [
        (
            UNREADABLE_RULE,
            f"actions[24]: bad amount in 'p1 cbr {HUGE}': {HUGE} is beyond the amount limit "
            "(|amount| <= 10^15)",
        )
    ]
    at_limit = STUD_PHH.replace(
        "starting_stacks = [500, 500, 500]", f"starting_stacks = [{10**15}, 500, 500]"
    )
    (audit,) = audit_document(at_limit, source="x.phh")
    assert UNREADABLE_RULE not in {f.rule for f in audit.findings}


def test_an_ohh_amount_past_the_limit_is_unreadable_naming_the_field():
    """README "amount limit": an OHH starting stack of 10^23 chips is history.unreadable
    naming ``hand[0].players[0].starting_stack``."""
    text = (
        '{"ohh": {"spec_version": "1.4.6", "game_type": "Stud", "bet_limit": {"bet_type": '
        f'"FL"}}, "players": [{{"id": 1, "seat": 1, "name": "a", "starting_stack": {HUGE}}}], '
        '"rounds": []}}'
    )
    (audit,) = audit_document(text, source="x.json")
    assert (
        UNREADABLE_RULE,
        f"hand[0].players[0].starting_stack: {HUGE} is beyond the amount limit "
        "(|amount| <= 10^15 minor units)",
    ) in [(f.rule, f.message) for f in audit.findings]


def test_a_pokerstars_amount_past_the_limit_is_unreadable_at_its_line():
    """README "amount limit": a PokerStars seat with $10^21 in chips is history.unreadable
    at that seat's line, naming the amount as written."""
    text = DRAW_STARS.replace("Seat 2: Bob ($2 in chips)", f"Seat 2: Bob (${10**21} in chips)")
    (audit,) = audit_document(text, source="x.txt")
    assert [(f.rule, f.message, f.line) for f in audit.findings] == [
        (
            UNREADABLE_RULE,
            f"'${10**21}' is beyond the amount limit (|amount| <= 10^15 minor units)",
            4,
        )
    ]
