"""The KingsClub reader (``floorman.domain.history.kingsclub``) and its hands audited
(docs/hand-history-formats.md "KingsClub")."""

from __future__ import annotations

from floorman.app.audit import AuditService, decode_history
from floorman.domain.audit import AuditStatus, SourceFormat, audit_document, detect_format
from floorman.domain.history.kingsclub import looks_like_kingsclub, parse_kingsclub
from floorman.domain.history.pokerstars import StarsEventKind, StarsStreet
from floorman.domain.model import Game

K = StarsEventKind
HI_LO = "hh-fpdb/cash/KingsClub/7-StudHL-USD-40-80-202101.txt"
RAZZ = "hh-fpdb/cash/KingsClub/Razz-USD-40-80-202101.txt"

# A hand written for this test (not a corpus hand).
HAND = """\
#7: Limit Razz - 40/80
2021-01-02 15:48:40
Table 'Test'
Seat 1: Ann (1,000)
Seat 6: Bob (2,000.50)
Ann: posts ante 10
Bob: posts ante 10
Dealt to Ann: [X X Tc]
Dealt to Bob: [9d 3h 6d]
Ann brings in for 10
Bob bets 40
Ann calls 40
*** 3RD STREET ***
Dealt to Ann: [Qs]
Dealt to Bob: [2c]
Bob bets 40
Ann folds
*** SUMMARY ***
Seat 1: Ann (950) -50
Seat 6: Bob (2,049.50) +49
Rake 1
Bob wins pot (99)
"""


def _at(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_a_hand_reads_with_its_shifted_street_names_and_summary():
    """The first round comes before any marker (3rd street); ``*** 3RD STREET ***`` deals
    the 4th; ``calls X`` is the street total; the summary's final stacks, rake and win."""
    assert looks_like_kingsclub(HAND) and detect_format(HAND) is SourceFormat.KINGSCLUB
    (read,) = parse_kingsclub(HAND).hands
    hand = read.hand
    assert (hand.game, hand.stakes.small_bet, hand.stakes.big_bet) == (Game.RAZZ, 4000, 8000)
    assert (hand.stakes.ante, hand.stakes.bring_in) == (1000, 1000)
    calls = hand.events_of(K.CALL)
    assert [(c.amount, c.street) for c in calls] == [(3000, StarsStreet.THIRD_STREET)]
    assert hand.events_of(K.DEAL)[2].street is StarsStreet.FOURTH_STREET
    assert read.result is not None
    assert (read.result.rake, read.result.wins, read.result.final_stacks) == (
        100, {6: 9900}, {1: 95000, 6: 204950})  # fmt: skip
    (audit,) = audit_document(HAND, source="t.txt")
    assert audit.status is AuditStatus.CLEAN, audit.findings


def test_a_wrong_final_stack_is_caught_at_the_summary():
    """Bob's final stack one unit more: the chips no longer add up (``chips.not_conserved``
    or a payout finding), at the summary."""
    (audit,) = audit_document(HAND.replace("(2,049.50)", "(2,049.51)"), source="t.txt")
    assert audit.status is AuditStatus.FINDINGS
    assert {f.rule for f in audit.rule_findings} == {"chips.not_conserved"}
    assert audit.rule_findings[0].line == _at(HAND, "Seat 1: Ann (950)")


def _text(corpus_dir, name: str) -> str:
    return decode_history((corpus_dir / name).read_bytes()).replace("\r\n", "\n")


def test_a_changed_amount_is_caught_at_its_line(corpus_dir):
    """Hi-lo: Player0's call of 80 on 5th street written as 'calls 70' (to 70) is
    ``bet.amount``."""
    text = _text(corpus_dir, HI_LO)
    needle = "Hero bets 80\nPlayer0 calls 80\n*** 5TH"
    changed = text.replace(needle, needle.replace("calls 80", "calls 70"))
    (audit,) = audit_document(changed, source="x")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat) == ("bet.amount", 1)
    assert finding.line == _at(text, needle) + 1


def test_a_changed_card_is_caught_at_its_line(corpus_dir):
    """Hi-lo: Player0's 4th-street king of spades written as Hero's queen of spades is
    ``card.duplicate``."""
    text = _text(corpus_dir, HI_LO)
    needle = "Dealt to Player0: [Ks]"
    (audit,) = audit_document(text.replace(needle, "Dealt to Player0: [Qs]"), source="x")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat) == ("card.duplicate", 1)
    assert finding.line == _at(text, needle)


def test_an_action_moved_out_of_turn_is_caught_at_its_line(corpus_dir):
    """Razz: on 4th street Hero (the best low board, 6 and 2 against T and Q) acts first
    (RULES.md "Seven Card Stud family": in Razz the lowest exposed hand acts first);
    Player0's fold moved before Hero's bet is out of turn, at that line."""
    razz = _text(corpus_dir, RAZZ)
    bet = "Hero bets 40\nPlayer0 folds\n"
    changed = razz.replace(bet, "Player0 folds\nHero bets 40\n")
    (audit,) = audit_document(changed, source="x")
    finding = audit.rule_findings[0]
    assert finding.rule in ("stud.first_to_act", "turn.out_of_turn"), audit.findings
    assert (finding.seat, finding.line) == (1, _at(razz, bet))


def test_audit_service_reads_kingsclub_named_or_detected(corpus_dir):
    """AuditService: the format named (KINGSCLUB) and detected give the same verdicts."""
    data = (corpus_dir / HI_LO).read_bytes()
    service = AuditService()
    named = service.audit_bytes(data, source="k", format=SourceFormat.KINGSCLUB)
    detected = service.audit_bytes(data, source="k")
    assert [a.status for a in named] == [AuditStatus.CLEAN]
    assert [(a.hand_id, a.format) for a in named] == [(a.hand_id, a.format) for a in detected]
