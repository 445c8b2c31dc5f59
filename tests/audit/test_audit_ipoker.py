"""The iPoker XML reader (``floorman.domain.history.ipoker``) and its hands audited
(docs/hand-history-formats.md "iPoker XML")."""

from __future__ import annotations

import re

import pytest

from floorman.app.audit import AuditService, decode_history
from floorman.domain.audit import AuditStatus, SourceFormat, audit_document, detect_format
from floorman.domain.cards import parse_card
from floorman.domain.history.ipoker import ipoker_card, looks_like_ipoker, parse_ipoker
from floorman.domain.history.pokerstars import StarsEventKind, StarsStreet
from floorman.domain.model import BettingStructure, Game

K = StarsEventKind
FIVE_STUD = "hh-fpdb/cash/iPoker/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"
HI_LO = "hh-fpdb/cash/iPoker/7-StudHL-EUR-0.05-0.10-201405.txt"  # Windows-1252 (€)
TOURNAMENT = "hh-fpdb/tour/iPoker/7-StudHi-USD-STT-5-201103.txt"

# A hand written for this test (not a corpus hand): heads-up seven card stud, $0.05/$0.10,
# Bob brings in, Ann completes, Bob calls; Ann bets 4th street and Bob folds.
SESSION = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>
  <mode>real</mode>
  <gametype>7 Card Stud L $0.05/$0.10</gametype>
  <tablename>Test, 1</tablename>
  <currency>USD</currency>
  <nickname>Ann</nickname>
 </general>
 <game gamecode="77">
  <general>
   <startdate>2020-01-02 03:04:05</startdate>
   <players>
    <player seat="2" name="Ann" chips="$1" dealer="0" win="$0.17" bet="$0.11"/>
    <player seat="5" name="Bob" chips="$2" dealer="1" win="$0" bet="$0.06"/>
    <player seat="7" name="" chips="$0" dealer="0" win="$0" bet="$0"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Ann" type="15" sum="$0.01"/>
   <action no="2" player="Bob" type="15" sum="$0.01"/>
  </round>
  <round no="1">
  </round>
  <round no="2">
   <cards type="Third Street" player="Ann">SA HA CK</cards>
   <action no="4" player="Ann" type="5" sum="$0.05"/>
   <cards type="Third Street" player="Bob">X X D2</cards>
   <action no="3" player="Bob" type="16" sum="$0.02"/>
   <action no="5" player="Bob" type="3" sum="$0.03"/>
  </round>
  <round no="3">
   <cards type="Fourth Street" player="Ann">C10</cards>
   <action no="6" player="Ann" type="5" sum="$0.05"/>
   <cards type="Fourth Street" player="Bob">D3</cards>
   <action no="7" player="Bob" type="0" sum="$0"/>
  </round>
 </game>
</session>
"""


def test_a_session_reads_as_stars_hand_events_in_the_order_of_play():
    """Stakes from the gametype (small / big bet, minor units), antes and bring-in from the
    posts; actions in ``no`` order (the file groups them by player; a completion is a raise);
    cards suit first, ``X``
    unknown, ``10`` a ten; the players' stated totals kept; an empty seat left out."""
    assert looks_like_ipoker(SESSION)
    assert detect_format(SESSION) is SourceFormat.IPOKER
    parsed = parse_ipoker(SESSION)
    assert parsed.problems == () and parsed.unsupported == ()
    (read,) = parsed.hands
    hand = read.hand
    assert (hand.hand_id, hand.game, hand.structure) == (77, Game.SEVEN_CARD_STUD,
                                                         BettingStructure.FIXED_LIMIT)  # fmt: skip
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (5, 10)
    assert (hand.stakes.ante, hand.stakes.bring_in, hand.currency) == (1, 2, "USD")
    assert [(s.seat, s.name, s.stack) for s in hand.seats] == [(2, "Ann", 100), (5, "Bob", 200)]
    acts = [(e.kind, e.seat, e.amount) for e in hand.events if e.kind is not K.DEAL]
    assert acts == [
        (K.ANTE, 2, 1), (K.ANTE, 5, 1), (K.BRING_IN, 5, 2), (K.RAISE, 2, 5), (K.CALL, 5, 3),
        (K.BET, 2, 5), (K.FOLD, 5, 0),
    ]  # fmt: skip
    deals = [(e.street, e.seat, e.cards) for e in hand.events if e.kind is K.DEAL]
    assert deals[1] == (StarsStreet.THIRD_STREET, 5, (None, None, parse_card("2d")))
    assert deals[2][2] == (parse_card("Tc"),)
    assert [(p.seat, p.chips, p.bet, p.win) for p in read.players] == [(2, 100, 11, 17),
                                                                       (5, 200, 6, 0)]  # fmt: skip
    assert ipoker_card("X") is None and ipoker_card("C10") == parse_card("Tc")


def test_the_written_hand_audits_clean_and_its_result_comes_from_the_players_totals():
    """No summary: the final stacks are chips - put in + win (Ann's returned bet of 5 is in
    her bet and her win), the rake what the chips put in leave after the wins (0 here)."""
    (audit,) = audit_document(SESSION, source="t.xml")
    assert audit.status is AuditStatus.CLEAN, audit.findings
    assert (audit.format, audit.game, audit.hand_id) == (SourceFormat.IPOKER,
                                                         Game.SEVEN_CARD_STUD, "77")  # fmt: skip
    paid_more = SESSION.replace('win="$0.17"', 'win="$0.18"')
    (wrong,) = audit_document(paid_more, source="t.xml")
    # paid one more than went in: a rake of -1 and Ann's payout, both at her player line
    assert [(f.rule, f.expected, f.actual, f.line) for f in wrong.rule_findings] == [
        ("rake.amount", "0..12", "-1", 14), ("payout.amount", "12", "13", 14)]  # fmt: skip


def test_a_bet_total_that_differs_from_the_actions_is_chips_not_conserved():
    """RULES.md "Common to every game" (chip conservation): Ann's ``bet`` says 0.12 while her
    actions put in 0.11: the record contradicts itself, at her player line (14)."""
    (audit,) = audit_document(SESSION.replace('bet="$0.11"', 'bet="$0.12"'), source="t.xml")
    (finding,) = audit.rule_findings
    assert (finding.rule, finding.seat, finding.expected, finding.actual, finding.line) == (
        "chips.not_conserved", 2, "11", "12", 14)  # fmt: skip


def test_a_truncated_hand_and_an_unknown_action_are_problems_with_their_line():
    """Never an exception: a ``<game>`` without its end, an action type the reader does not
    know, a card that is not one are FINDINGS with the line."""
    cut = SESSION[: SESSION.index("</game>")]
    (audit,) = audit_document(cut, source="t.xml")
    assert audit.status is AuditStatus.FINDINGS
    assert (audit.findings[0].rule, audit.findings[0].line) == ("history.unreadable", 10)
    odd = SESSION.replace('type="0" sum="$0"', 'type="99" sum="$0"')
    (audit,) = audit_document(odd, source="t.xml")
    assert (audit.findings[0].rule, audit.findings[0].line) == (
        "history.unreadable",
        _line_of(SESSION, 'type="0" sum="$0"'),
    )
    bad = SESSION.replace("C10", "Z10")
    (audit,) = audit_document(bad, source="t.xml")
    assert audit.findings[0].rule == "card.malformed"


def test_another_game_is_unsupported_one_per_hand():
    """A hand of a game floorman does not play is UNSUPPORTED, never clean."""
    holdem = SESSION.replace("7 Card Stud L $0.05/$0.10", "Holdem NL $0.05/$0.10")
    (audit,) = audit_document(holdem, source="t.xml")
    assert audit.status is AuditStatus.UNSUPPORTED


# -- real hands ---------------------------------------------------------------------------


def _corpus_text(corpus_dir, name: str) -> str:
    return decode_history((corpus_dir / name).read_bytes())


def _one(text: str, hand_id: str):
    (audit,) = [a for a in audit_document(text, source="x") if a.hand_id == hand_id]
    return audit


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_latin1_hi_lo_file_and_five_card_stud_showdown_audit_clean(corpus_dir):
    """The Windows-1252 hi-lo file (a euro sign in it, decoded by decode_history) and the
    five card stud showdown: every hand clean, each game as the gametype says."""
    for name, game, count in ((HI_LO, Game.SEVEN_CARD_STUD_HI_LO, 5),
                              (FIVE_STUD, Game.FIVE_CARD_STUD, 1)):  # fmt: skip
        audits = audit_document(_corpus_text(corpus_dir, name), source=name)
        assert len(audits) == count
        assert {(a.status, a.game) for a in audits} == {(AuditStatus.CLEAN, game)}


def test_a_changed_amount_is_caught_at_its_line(corpus_dir):
    """Hi-lo hand 5710054735: Player0's call of €0.05 on 3rd street written as 0.04 is
    ``bet.amount`` (RULES.md "Common to every game": a call matches the bet), at the line;
    her stated bet total then disagrees with her actions (``chips.not_conserved``), and the
    final stacks taken from her written actions no longer match the replay's payouts."""
    text = _corpus_text(corpus_dir, HI_LO)
    needle = '<action no="4" player="Player0" type="3" sum="€0.05"'  # € from Windows-1252
    changed = text.replace(needle, needle.replace("0.05", "0.04"), 1)
    audit = _one(changed, "5710054735")
    by_rule = {f.rule: f for f in audit.rule_findings}
    assert set(by_rule) == {
        "bet.amount", "chips.not_conserved", "payout.amount", "showdown.wrong_winner"}  # fmt: skip
    finding = by_rule["bet.amount"]
    assert (finding.rule, finding.seat, finding.expected, finding.actual) == (
        "bet.amount", 1, "5", "4")  # fmt: skip
    assert finding.line == _line_of(text, needle)
    # the player's bet total (0.41) no longer matches the actions (0.40)
    assert (by_rule["chips.not_conserved"].expected, by_rule["chips.not_conserved"].actual) == (
        "40", "41")  # fmt: skip


def test_a_changed_card_is_caught_at_its_line(corpus_dir):
    """Five card stud: Hero's hole card written as Player1's 8 of hearts is
    ``card.duplicate`` (RULES.md "Common to every game": one deck), at Hero's cards line."""
    text = _corpus_text(corpus_dir, FIVE_STUD)
    needle = '<cards type="Second Street" player="Hero">SQ C3</cards>'
    changed = text.replace(needle, needle.replace("SQ", "H8"))
    (audit,) = audit_document(changed, source="x")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat) == ("card.duplicate", 4)
    assert finding.line == _line_of(text, needle)


def test_an_action_moved_out_of_turn_is_caught_at_its_line(corpus_dir):
    """Five card stud, 3rd street: Player1 (the higher board) is first to act; Hero's call
    numbered before Player1's bet acts out of turn (RULES.md "Seven Card Stud family" /
    "Five Card Stud": the best board acts first)."""
    text = _corpus_text(corpus_dir, FIVE_STUD)
    bet = '<action no="6" player="Player1" type="5"'
    call = '<action no="7" player="Hero" type="3"'
    changed = text.replace(bet, bet.replace('no="6"', 'no="7"')).replace(
        call, call.replace('no="7"', 'no="6"')
    )
    (audit,) = audit_document(changed, source="x")
    finding = audit.rule_findings[0]
    assert finding.rule in ("stud.first_to_act", "turn.out_of_turn"), audit.findings
    assert finding.seat == 4
    assert finding.line == _line_of(text, call)


def test_tournament_bet_sizes_come_from_the_hands_of_each_level(corpus_dir):
    """A tournament's gametype states no stakes: each level (ante, bring-in) takes the most
    common first bet of the small and big streets in the file (15 bring-in: 60 / 120)."""
    parsed = parse_ipoker(_corpus_text(corpus_dir, TOURNAMENT))
    first = parsed.hands[0].hand
    assert (first.stakes.ante, first.stakes.bring_in) == (8, 15)
    assert (first.stakes.small_bet, first.stakes.big_bet, first.scale) == (60, 120, 1)
    assert first.tournament_id == "699476041"


def test_audit_service_reads_ipoker_named_or_detected(corpus_dir):
    """AuditService: the format named (IPOKER) and detected give the same verdicts."""
    data = (corpus_dir / HI_LO).read_bytes()
    service = AuditService()
    named = service.audit_bytes(data, source="hl", format=SourceFormat.IPOKER)
    detected = service.audit_bytes(data, source="hl")
    assert [a.status for a in named] == [AuditStatus.CLEAN] * 5
    assert [(a.hand_id, a.status) for a in named] == [(a.hand_id, a.status) for a in detected]


@pytest.mark.parametrize("marker", ["<session", "<game gamecode="])
def test_detection_needs_a_session_and_a_game(marker):
    """Recognised by content: both a ``<session>`` and a ``<game gamecode=...>``."""
    assert not looks_like_ipoker(re.sub(marker, "<other", SESSION))
