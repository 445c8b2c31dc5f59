"""The Winning Poker Network reader (``floorman.domain.history.winning``, the old UTF-16 and
the new export) and its hands audited (docs/hand-history-formats.md "Winning")."""

from __future__ import annotations

from floorman.app.audit import AuditService, decode_history
from floorman.domain.audit import AuditStatus, SourceFormat, audit_document, detect_format
from floorman.domain.cards import parse_card
from floorman.domain.history.pokerstars import StarsEventKind, StarsStreet
from floorman.domain.history.winning import looks_like_winning, parse_winning
from floorman.domain.model import Game

K = StarsEventKind
OLD = "hh-fpdb/cash/Winning/7-Stud-8max-USD-1.00-2.00-201608.HH00000000_G0.txt"  # UTF-16 LE
NEW = "hh-fpdb/cash/Winning/7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham_GAMETYPE.txt"

# A hand written for this test (not a corpus hand), in the old export's grammar.
OLD_HAND = """\
Game started at: 2016/8/2 11:17:19
Game ID: 5 1/2 (PRR) Test (Seven Cards Stud)
Seat 1: Ann (10).
Seat 5: Bob (50).
Player Ann ante (0.15)
Player Bob ante (0.15)
Player Ann received card: [5d]
Player Ann received card: [Ah]
Player Bob received a card.
Player Bob received a card.
Player Ann received card: [Jh]
Player Bob received card: [2d]
Player Bob bring in (0.40)
Player Ann raises (1)
Player Bob calls (0.60)
*** Third street ***
Player Ann received card: [10d]
Player Bob received card: [5c]
Player Ann bets (1)
Player Bob folds
Uncalled bet (1) returned to Ann
Player Ann mucks cards
------ Summary ------
Pot: 2.20. Rake 0.05. JP fee 0.05
*Player Ann mucks (does not show cards). Bets: 1.15. Collects: 2.20. Wins: 1.05.
Player Bob does not show cards.Bets: 1.15. Collects: 0. Loses: 1.15.
Game ended at: 2016/8/2 11:17:41
"""


def test_the_old_export_reads_with_its_shifted_street_names():
    """The first betting round comes before any marker (3rd street) and ``*** Third street
    ***`` deals the 4th; ``raises (X)`` is to X, ``calls (X)`` the chips added; the pot is
    after rake and jackpot fee (total pot = pot + rake + fee)."""
    assert looks_like_winning(OLD_HAND) and detect_format(OLD_HAND) is SourceFormat.WINNING
    parsed = parse_winning(OLD_HAND)
    (hand,) = parsed.hands
    assert (hand.game, hand.stakes.small_bet, hand.stakes.big_bet) == (Game.SEVEN_CARD_STUD,
                                                                      100, 200)  # fmt: skip
    assert (hand.stakes.ante, hand.stakes.bring_in) == (15, 40)
    deals = hand.events_of(K.DEAL)
    ann = tuple(parse_card(c) for c in ("5d", "Ah", "Jh"))
    assert (deals[0].street, deals[0].cards) == (StarsStreet.THIRD_STREET, ann)
    assert deals[1].cards == (None, None, parse_card("2d"))
    assert deals[2].street is StarsStreet.FOURTH_STREET
    (raise_,) = hand.events_of(K.RAISE)
    assert (raise_.to_amount, raise_.added) == (100, 100)
    assert hand.summary is not None
    assert (hand.summary.total_pot, hand.summary.rake) == (230, 10)
    (audit,) = audit_document(OLD_HAND, source="t.txt")
    assert audit.status is AuditStatus.CLEAN, audit.findings


def test_a_hand_cut_after_its_seats_is_unreadable():
    """The corpus hi-lo file ends inside a hand: header and seats, then nothing."""
    cut = OLD_HAND[: OLD_HAND.index("Player Ann ante")]
    (audit,) = audit_document(cut, source="t.txt")
    assert (audit.findings[0].rule, audit.findings[0].line) == ("history.unreadable", 1)
    assert audit.hand_id == "5"


def _text(corpus_dir, name: str) -> str:
    return decode_history((corpus_dir / name).read_bytes()).replace("\r\n", "\n")


def _at(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_both_exports_audit_clean(corpus_dir):
    """The old UTF-16 stud file (4 hands) and the new export's hand: clean."""
    for name, count in ((OLD, 4), (NEW, 1)):
        audits = audit_document(_text(corpus_dir, name), source=name)
        assert len(audits) == count
        assert {(a.status, a.game, a.format) for a in audits} == {
            (AuditStatus.CLEAN, Game.SEVEN_CARD_STUD, SourceFormat.WINNING)}  # fmt: skip


def test_a_changed_amount_is_caught_at_its_line(corpus_dir):
    """New export: Player0's call of $0.04 written as $0.05 is ``bet.amount``."""
    text = _text(corpus_dir, NEW)
    needle = "Player0 calls $0.04"
    (audit,) = audit_document(text.replace(needle, "Player0 calls $0.05"), source="x")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat, finding.expected, finding.actual) == (
        "bet.amount", 4, "4", "5")  # fmt: skip
    assert finding.line == _at(text, needle)


def test_a_changed_card_is_caught_at_its_line(corpus_dir):
    """New export: Player2's 5th-street ace of clubs written as Hero's ace of spades is
    ``card.duplicate``."""
    text = _text(corpus_dir, NEW)
    needle = "Dealt to Player2 [Qd 2d] [Ac]"
    (audit,) = audit_document(text.replace(needle, "Dealt to Player2 [Qd 2d] [As]"), source="x")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat) == ("card.duplicate", 7)
    assert finding.line == _at(text, needle)


def test_an_action_moved_out_of_turn_is_caught_at_its_line(corpus_dir):
    """Old export, hand 693977839: on the "Third street" (4th) ChazDazzle's ace-nine board
    acts first (RULES.md "Seven Card Stud family": the best exposed hand); Nee's call moved
    before his bet is out of turn, at that line."""
    text = _text(corpus_dir, OLD)
    bet, call = "Player ChazDazzle bets (1)\n", "Player Nee calls (1)\n"
    start = text.index("Game ID: 693977839")
    at = text.index(bet + call, start)
    changed = text[:at] + call + bet + text[at + len(bet + call) :]
    audit = next(a for a in audit_document(changed, source="x") if a.hand_id == "693977839")
    finding = audit.rule_findings[0]
    assert finding.rule in ("stud.first_to_act", "turn.out_of_turn"), audit.findings
    assert (finding.seat, finding.line) == (5, text[:at].count("\n") + 1)


def test_audit_service_reads_winning_named_or_detected(corpus_dir):
    """AuditService: the format named (WINNING) and detected give the same verdicts; the
    UTF-16 file is decoded by its byte-order mark."""
    data = (corpus_dir / OLD).read_bytes()
    assert data[:2] == b"\xff\xfe"
    service = AuditService()
    named = service.audit_bytes(data, source="w", format=SourceFormat.WINNING)
    detected = service.audit_bytes(data, source="w")
    assert [a.status for a in named] == [AuditStatus.CLEAN] * 4
    assert [(a.hand_id, a.format) for a in named] == [(a.hand_id, a.format) for a in detected]
