"""The Absolute Poker reader (``floorman.domain.history.absolute``) and its hand audited
(docs/hand-history-formats.md "Absolute")."""

from __future__ import annotations

from floorman.app.audit import AuditService, decode_history
from floorman.domain.audit import AuditStatus, SourceFormat, audit_document, detect_format
from floorman.domain.cards import parse_card
from floorman.domain.history.absolute import looks_like_absolute, parse_absolute
from floorman.domain.history.pokerstars import StarsEventKind
from floorman.domain.model import Game

K = StarsEventKind
HI_LO = "hh-fpdb/cash/Absolute/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt"


def _text(corpus_dir) -> str:
    return decode_history((corpus_dir / HI_LO).read_bytes()).replace("\r\n", "\n")


def _at(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_the_hand_reads_and_audits_clean(corpus_dir):
    """``Normal`` is fixed limit ($0.02/$0.04 small and big bet); ``Pocket`` lists every
    card so far (``H`` unseen; only the new one is dealt); the pot is before the rake; the
    hi-lo split (0.20 high, 0.19 low: the odd cent to the high half) is clean."""
    text = _text(corpus_dir)
    assert looks_like_absolute(text) and detect_format(text) is SourceFormat.ABSOLUTE
    (hand,) = parse_absolute(text).hands
    assert (hand.game, hand.stakes.small_bet, hand.stakes.big_bet) == (
        Game.SEVEN_CARD_STUD_HI_LO, 2, 4)  # fmt: skip
    hero = [e.cards for e in hand.events_of(K.DEAL) if e.seat == 5]
    assert hero == [tuple(parse_card(c) for c in ("Tc", "5c", "7s"))]  # folded: no more cards
    assert hand.events_of(K.DEAL)[0].cards == (None, None, parse_card("Js"))
    assert hand.summary is not None and (hand.summary.total_pot, hand.summary.rake) == (43, 4)
    (audit,) = audit_document(text, source="a")
    assert (audit.status, audit.format) == (AuditStatus.CLEAN, SourceFormat.ABSOLUTE)


def test_a_changed_amount_is_caught_at_its_line(corpus_dir):
    """PLAYER6's call of $0.04 on 5th street written as $0.03 is ``bet.amount``."""
    text = _text(corpus_dir)
    needle = "PLAYER6 - Calls $0.04"
    (audit,) = audit_document(text.replace(needle, "PLAYER6 - Calls $0.03", 1), source="a")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat, finding.expected, finding.actual) == (
        "bet.amount", 7, "4", "3")  # fmt: skip
    assert finding.line == _at(text, needle)


def test_a_changed_card_is_caught_at_its_line(corpus_dir):
    """PLAYER6's shown king of clubs written as PLAYER1's jack of spades is
    ``card.duplicate``, at the show."""
    text = _text(corpus_dir)
    needle = "PLAYER6 - Shows [Kc"
    (audit,) = audit_document(text.replace(needle, "PLAYER6 - Shows [Js"), source="a")
    finding = audit.rule_findings[0]
    assert finding.rule == "card.duplicate"
    assert finding.line == _at(text, needle)


def test_an_action_moved_out_of_turn_is_caught_at_its_line(corpus_dir):
    """4th street: PLAYER3's ace is the best exposed hand and acts first (RULES.md "Seven
    Card Stud family"); PLAYER6's check moved before his is out of turn."""
    text = _text(corpus_dir)
    checks = "PLAYER3 - Checks\nPLAYER6 - Checks\n"
    changed = text.replace(checks, "PLAYER6 - Checks\nPLAYER3 - Checks\n", 1)
    (audit,) = audit_document(changed, source="a")
    finding = audit.rule_findings[0]
    assert finding.rule in ("stud.first_to_act", "turn.out_of_turn"), audit.findings
    assert (finding.seat, finding.line) == (7, _at(text, checks))


def test_audit_service_reads_absolute_named_or_detected(corpus_dir):
    """AuditService: the format named (ABSOLUTE) and detected give the same verdict."""
    data = (corpus_dir / HI_LO).read_bytes()
    service = AuditService()
    named = service.audit_bytes(data, source="a", format=SourceFormat.ABSOLUTE)
    detected = service.audit_bytes(data, source="a")
    assert [(a.status, a.format) for a in named] == [(AuditStatus.CLEAN, SourceFormat.ABSOLUTE)]
    assert [(a.hand_id, a.status) for a in named] == [(a.hand_id, a.status) for a in detected]
