"""The Boss (Opoker) reader (``floorman.domain.history.boss``) and its hands audited
(docs/hand-history-formats.md "Boss")."""

from __future__ import annotations

from floorman.app.audit import AuditService, decode_history
from floorman.domain.audit import AuditStatus, SourceFormat, audit_document, detect_format
from floorman.domain.cards import parse_card
from floorman.domain.history.boss import boss_card, looks_like_boss, parse_boss
from floorman.domain.history.pokerstars import StarsEventKind, StarsStreet
from floorman.domain.model import BettingStructure, Game

K = StarsEventKind
SAMPLE = "hh-fpdb/cash/Boss/5CD-FL-EUR-2-4.Opoker.sample.xml"
PL_TEXT = "hh-fpdb/cash/Boss/5CD-PL-EUR-0.50-1.00-201307.txt"

# A hand written for this test (not a corpus hand): heads-up fixed-limit draw, Bob (button,
# small blind) raises, Ann calls; Ann draws 1 (her cards known), Bob stands pat; Ann bets and
# Bob folds. Boss writes the big blind first.
HAND = """\
<HISTORY ID="9" SESSION="session1.xml" TABLE="T 1" GAME="GAME_FCD" GAMETYPE="GAMETYPE_REAL" \
GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="FL" STAKES="2.00/4.00" DATE="1315776178">
<PLAYER NAME="UNKNOWN" SEAT="1" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<PLAYER NAME="Ann" SEAT="2" AMOUNT="50.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Bob" SEAT="4" AMOUNT="40.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Ann" KIND="HAND_BB" VALUE="2.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Bob" KIND="HAND_SB" VALUE="1.00"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Ann">
<CARD LINK="0"></CARD>
<CARD LINK="13"></CARD>
<CARD LINK="26"></CARD>
<CARD LINK="39"></CARD>
<CARD LINK="5"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Bob">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Bob" VALUE="4.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Ann" VALUE="4.00"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="8.00" MAINPOT="8.00" LEFTPOT="" RIGHTPOT=""></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Ann" COUNT="1">
<CARD LINK="0"></CARD>
<CARD LINK="13"></CARD>
<CARD LINK="26"></CARD>
<CARD LINK="39"></CARD>
<CARD LINK="51"></CARD></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Bob" COUNT="0">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Ann" VALUE="4.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Bob"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="7.75" RAKE="0.25" MAINPOT="7.75" LEFTPOT="" RIGHTPOT="">
<RESULT PLAYER="Ann" WIN="7.75" HAND="$(STR_BY_DEFAULT)"></RESULT></SHOWDOWN></HISTORY>
"""


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_a_hand_reads_as_stars_events_with_its_draw_and_showdown_statement():
    """Stakes from STAKES (fixed limit: small / big bet; blinds from the posts); the big
    blind written first is still the live big blind and the small blind live; a raise or
    call VALUE is the street total; the draw's discards are the cards the hand lost, the new
    card the one it gained; the showdown's pot, rake and wins kept."""
    assert looks_like_boss(HAND) and detect_format(HAND) is SourceFormat.BOSS
    (read,) = parse_boss(HAND).hands
    hand = read.hand
    limit = BettingStructure.FIXED_LIMIT
    assert (hand.game, hand.structure, hand.currency) == (Game.FIVE_CARD_DRAW, limit, "EUR")
    stakes = hand.stakes
    assert (stakes.small_bet, stakes.big_bet, stakes.small_blind, stakes.big_blind) == (
        200, 400, 100, 200)  # fmt: skip
    assert hand.button_seat == 4
    acts = [(e.kind, e.seat, e.amount, e.dead) for e in hand.events if e.kind is not K.DEAL]
    assert acts == [
        (K.BIG_BLIND, 2, 200, False), (K.SMALL_BLIND, 4, 100, False), (K.RAISE, 4, 300, False),
        (K.CALL, 2, 200, False), (K.DISCARD, 2, 1, False), (K.STAND_PAT, 4, 0, False),
        (K.BET, 2, 400, False), (K.FOLD, 4, 0, False),
    ]  # fmt: skip
    discard = hand.events_of(K.DISCARD)[0]
    assert discard.cards == (parse_card("6d"),)
    (_, _, redeal) = hand.events_of(K.DEAL)
    assert (redeal.street, redeal.cards) == (StarsStreet.DRAW, (parse_card("Ks"),))
    assert read.result is not None
    assert (read.result.pot, read.result.rake, read.result.wins) == (775, 25, {2: 775})
    assert boss_card("b") is None and boss_card("0") == parse_card("Ad")
    assert boss_card("12") == parse_card("Kd") and boss_card("13") == parse_card("Ac")


def test_the_written_hand_audits_clean_and_a_wrong_win_is_caught_at_its_line():
    """Pot = POT + RAKE (the uncalled bet left out), payouts the RESULT wins; the rake
    stated is checked against pot - payouts."""
    (audit,) = audit_document(HAND, source="t.xml")
    assert audit.status is AuditStatus.CLEAN, audit.findings
    (wrong,) = audit_document(HAND.replace('WIN="7.75"', 'WIN="7.85"'), source="t.xml")
    # the pot of 8.00 then pays 7.85 and a rake of 0.15, not the 0.25 written (the rake is
    # the one thing out of line: settlement_check "rake.amount"), at the showdown line
    (finding,) = wrong.rule_findings
    assert (finding.rule, finding.expected, finding.actual) == ("rake.amount", "15", "25")
    assert finding.line == _line_of(HAND, "<SHOWDOWN")


def test_a_truncated_hand_is_unreadable_at_its_line_and_other_games_unsupported():
    """Never an exception: a ``<HISTORY>`` without its end is ``history.unreadable``; a
    hold'em hand (GAME_THM) is UNSUPPORTED."""
    (audit,) = audit_document(HAND[: HAND.index("<SHOWDOWN")], source="t.xml")
    assert (audit.findings[0].rule, audit.findings[0].line) == ("history.unreadable", 1)
    (holdem,) = audit_document(HAND.replace("GAME_FCD", "GAME_THM"), source="t.xml")
    assert holdem.status is AuditStatus.UNSUPPORTED


def _text(corpus_dir, name: str) -> str:
    return decode_history((corpus_dir / name).read_bytes())


def test_the_corpus_hands_audit_clean(corpus_dir):
    """All 14 hands of the Opoker sample and the pot-limit text hand: clean, among them a
    walk (the big blind's uncalled half returned), the big blind written before the small
    blind, and a heads-up hand behind a dead button (seat 2 sits out with the button: seat 3
    posts the small blind, docs/rules.md "Button, blinds and entering")."""
    for name, count in ((SAMPLE, 14), (PL_TEXT, 1)):
        audits = audit_document(_text(corpus_dir, name), source=name)
        assert len(audits) == count
        assert {(a.status, a.game) for a in audits} == {(AuditStatus.CLEAN, Game.FIVE_CARD_DRAW)}


def test_a_changed_amount_is_caught_at_its_line(corpus_dir):
    """Pot-limit hand 3042344309: Player0's call of 2.00 after the draw written as 2.50 is
    ``bet.amount`` (RULES.md "Common to every game": a call matches the bet)."""
    text = _text(corpus_dir, PL_TEXT)
    needle = '<ACTION TYPE="ACTION_CALL" PLAYER="Player0" VALUE="2.00"></ACTION>\n<SHOWDOWN'
    changed = text.replace(needle, needle.replace("2.00", "2.50"))
    (audit,) = audit_document(changed, source="x")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat, finding.expected, finding.actual) == (
        "bet.amount", 4, "200", "250")  # fmt: skip
    assert finding.line == _line_of(text, needle)


def test_a_changed_card_is_caught_at_its_line(corpus_dir):
    """Player0's mucked 9 of spades (LINK 49) written as Hero's 2 of hearts (LINK 26, in his
    winning hand) is ``card.duplicate`` (one deck): a mucked hand's written cards count."""
    text = _text(corpus_dir, PL_TEXT)
    needle = '<CARD LINK="49"></CARD>'
    changed = text.replace(needle, '<CARD LINK="26"></CARD>')
    (audit,) = audit_document(changed, source="x")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat) == ("card.duplicate", 4)
    assert finding.line == _line_of(text, '<RESULT PLAYER="Player0"')


def test_an_action_moved_out_of_turn_is_caught_at_its_line(corpus_dir):
    """After the draw Player0 (left of Hero's button) acts first; Hero's bet moved before
    Player0's check is ``turn.out_of_turn`` (RULES.md "Five Card Draw": round 2 starts left
    of the button)."""
    text = _text(corpus_dir, PL_TEXT)
    check = '<ACTION TYPE="ACTION_CHECK" PLAYER="Player0"></ACTION>\n'
    bet = '<ACTION TYPE="ACTION_BET" PLAYER="Hero" VALUE="2.00"></ACTION>\n'
    changed = text.replace(check + bet, bet + check)
    (audit,) = audit_document(changed, source="x")
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat) == ("turn.out_of_turn", 3)
    assert finding.line == _line_of(text, check)


def test_audit_service_reads_boss_named_or_detected(corpus_dir):
    """AuditService: the format named (BOSS) and detected give the same verdicts."""
    data = (corpus_dir / SAMPLE).read_bytes()
    service = AuditService()
    named = service.audit_bytes(data, source="b", format=SourceFormat.BOSS)
    detected = service.audit_bytes(data, source="b")
    assert [a.status for a in named] == [AuditStatus.CLEAN] * 14
    assert [(a.hand_id, a.format) for a in named] == [(a.hand_id, a.format) for a in detected]
