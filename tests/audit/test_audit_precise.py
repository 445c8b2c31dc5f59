"""Audit findings stay precise after the first fault (issue 10 point 9; docs/rules.md
"Audit"): a wrong forced-bet amount is one finding, whichever amount the rest of the record
followed, in PHH, Open Hand History and PokerStars text; a SHOW whose cards differ from the
dealt ones is ``card.count``; every settlement finding carries its line; an odd chip paid
to the wrong hi-lo half is ``odd_chip.player``; a directory without hand histories is a
warning and exit status 1."""

from __future__ import annotations

import json
import random

from floorman.cli import main
from floorman.domain.audit import audit_document
from floorman.domain.engine import settle_hand
from floorman.domain.history.export_phh import export_phh
from floorman.domain.history.ohh import export_ohh
from floorman.domain.history.record import HandRecord
from floorman.domain.model import Game, HandConfig, SeatState, Stakes
from tests.audit.audit_hands import (
    DRAW_STARS,
    STUD_PHH,
    audit_one,
    line_of,
    replace_line,
    rules_of,
)
from tests.audit.test_audit_ohh import showdown_record
from tests.domain.engine.engine_play import play_hand

SETTLEMENT_RULES = {"pot.amount", "payout.amount", "rake.amount", "odd_chip.player",
                    "showdown.wrong_winner", "chips.not_conserved"}  # fmt: skip


def _findings(audit) -> list[tuple]:
    return [(f.rule, f.seat, f.expected, f.actual, f.line) for f in audit.rule_findings]


# --- a wrong forced bet is one finding -----------------------------------------------------


def test_phh_short_ante_is_one_finding_not_a_payout_cascade():
    """RULES.md "Seven Card Stud family": p2 antes 4 where the others ante 5 and the rest of
    the record (finishing stacks) follows the table's 5: one ``ante.amount`` finding, no
    ``payout.amount`` / ``showdown.wrong_winner`` after it."""
    audit = audit_one(STUD_PHH.replace("antes = [5, 5, 5]", "antes = [5, 4, 5]"))
    assert _findings(audit) == [("ante.amount", 2, "5", "4", 2)]


def test_pokerstars_big_blind_one_cent_high_is_one_finding_not_a_raise_cascade():
    """RULES.md "Stakes defaults": a $0.10/$0.20 big blind of $0.11 with Ann's raise to
    $0.20 and every later line following $0.10: one ``blind.amount`` at the post's line,
    not ``bet.amount`` for the raise."""
    old = "Cy: posts big blind $0.10"
    text = replace_line(DRAW_STARS, old, "Cy: posts big blind $0.11")
    audit = audit_one(text)
    assert _findings(audit) == [
        ("blind.amount", 3, "10", "11", line_of(text, "Cy: posts big blind $0.11"))
    ]


def test_ohh_big_blind_posted_250_is_one_finding_not_a_call_cascade():
    """Open Hand History: a ``Post BB`` of 250 at a 100/200 table, the calls after it as
    recorded for 200: one ``blind.amount``, no ``bet.amount`` on the calls."""
    data = json.loads(export_ohh(showdown_record()))
    post = next(a for r in data["ohh"]["rounds"] for a in r["actions"] if a["action"] == "Post BB")
    post["amount"] = 250
    (audit,) = audit_document(json.dumps(data, indent=2), source="h.json")
    assert rules_of(audit) == ["blind.amount"]
    assert (audit.rule_findings[0].expected, audit.rule_findings[0].actual) == ("200", "250")


def test_a_wrong_post_the_record_followed_is_still_one_finding():
    """A big blind of $0.11 that the rest of the record did follow (Ann raises to $0.21, Bob
    calls $0.16, Cy $0.10; pot and payouts 3 cents up): one ``blind.amount``, the replay
    keeps the posted amount."""
    text = DRAW_STARS
    for old, new in (
        ("Cy: posts big blind $0.10", "Cy: posts big blind $0.11"),
        ("Ann: raises $0.10 to $0.20", "Ann: raises $0.10 to $0.21"),
        ("Bob: calls $0.15", "Bob: calls $0.16"),
        ("Bob collected $0.98 from pot", "Bob collected $1.01 from pot"),
        ("Total pot $1 | Rake $0.02", "Total pot $1.03 | Rake $0.02"),
        ("Seat 2: Bob (small blind) showed [Qs Qd Qc 3h 4h] and won ($0.98) with three of a "
         "kind, Queens",
         "Seat 2: Bob (small blind) showed [Qs Qd Qc 3h 4h] and won ($1.01) with three of a "
         "kind, Queens"),
    ):  # fmt: skip
        text = replace_line(text, old, new)
    assert rules_of(audit_one(text)) == ["blind.amount"]


# --- a SHOW whose cards differ from the dealt ones -----------------------------------------


def test_pokerstars_show_of_other_cards_than_dealt_is_card_count():
    """Ann was dealt [As Ad Kc Kd 2h] and shows [As Ad Kc Kd 3h]: ``card.count`` for seat 1
    at the show's line, naming the missing 2h (not ``action.not_allowed``)."""
    old = "Ann: shows [As Ad Kc Kd 2h] (two pair, Aces and Kings)"
    new = "Ann: shows [As Ad Kc Kd 3h] (two pair, Aces and Kings)"
    text = replace_line(DRAW_STARS, old, new)
    (finding,) = audit_one(text).rule_findings
    assert (finding.rule, finding.seat, finding.expected, finding.line) == (
        "card.count", 1, "2h", line_of(text, new),
    )  # fmt: skip


def test_phh_show_of_other_cards_than_dealt_is_card_count():
    """p1 was dealt 2c down and shows 3c in its place: ``card.count`` at the show."""
    text = STUD_PHH.replace("'p1 sm AsKs2c7hTd6dAh'", "'p1 sm AsKs3c7hTd6dAh'")
    (finding,) = audit_one(text).rule_findings
    assert (finding.rule, finding.seat, finding.expected) == ("card.count", 1, "2c")


# --- every settlement finding has a line ---------------------------------------------------


def test_pokerstars_winner_paid_nothing_points_at_its_summary_line():
    """The pot "collected" by Ann instead of Bob: Bob, who has no "collected" line, is
    still named at a line (his summary line); every settlement finding has one."""
    text = replace_line(DRAW_STARS, "Bob collected $0.98 from pot", "Ann collected $0.98 from pot")
    findings = audit_one(text).rule_findings
    assert {f.rule for f in findings} >= {"showdown.wrong_winner"}
    assert all(f.line > 0 for f in findings)
    bob = next(f for f in findings if f.rule == "showdown.wrong_winner" and f.seat == 2)
    assert bob.line == line_of(
        text,
        "Seat 2: Bob (small blind) showed [Qs Qd Qc 3h 4h] and won ($0.98) with three of a "
        "kind, Queens",
    )


def test_ohh_settlement_findings_point_at_the_pots():
    """Open Hand History: a pot paid to the wrong player gives ``showdown.wrong_winner``
    findings at the line of the hand's ``pots``."""
    data = json.loads(export_ohh(showdown_record()))
    pot = data["ohh"]["pots"][0]
    winner = pot["player_wins"][0]["player_id"]
    pot["player_wins"][0]["player_id"] = next(
        p["id"] for p in data["ohh"]["players"] if p["id"] != winner
    )
    text = json.dumps(data, indent=2)
    (audit,) = audit_document(text, source="h.json")
    pots_line = next(i + 1 for i, line in enumerate(text.split("\n")) if '"pots"' in line)
    assert [(f.rule, f.line) for f in audit.rule_findings] == [
        ("showdown.wrong_winner", pots_line)
    ] * 2


def test_pokerstars_uncalled_bet_finding_points_at_its_line():
    """The record returns a different uncalled bet than the history leaves: ``pot.amount``
    at the "Uncalled bet" line."""
    from tests.audit.audit_hands import STUD_STARS

    old = "Uncalled bet ($0.02) returned to gash"
    text = replace_line(STUD_STARS, old, "Uncalled bet ($0.03) returned to gash")
    findings = [f for f in audit_one(text).rule_findings if f.rule in SETTLEMENT_RULES]
    assert findings and all(f.line > 0 for f in findings)
    returned = next(f for f in findings if "uncalled" in f.message)
    assert returned.line == line_of(text, "Uncalled bet ($0.03) returned to gash")


# --- odd chips -----------------------------------------------------------------------------

HI_LO = HandConfig(
    game=Game.SEVEN_CARD_STUD_HI_LO,
    stakes=Stakes(small_bet=10, ante=1, bring_in=5),
    seats=tuple(SeatState(seat=s, player_id=f"p{s}", stack=1000) for s in (1, 2, 3)),
)


def _odd_split_hand() -> tuple[str, int, int, dict[int, int]]:
    """A seeded engine-played Stud Hi-Lo hand whose one pot splits an odd amount between a
    high and a different low winner, as PHH: ``(text, high seat, low seat, payouts)``."""
    for seed in range(400):
        state, events = play_hand(HI_LO, random.Random(seed))
        result = settle_hand(state)
        for pot in result.pots:
            if (
                len(result.pots) == 1
                and pot.amount % 2
                and len(pot.winners) == 1
                and (len(pot.low_winners) == 1 and pot.winners != pot.low_winners)
            ):
                record = HandRecord(
                    hand_id="h1", hand_number=1, table_id="t", config=HI_LO, events=tuple(events)
                )
                return export_phh(record), pot.winners[0], pot.low_winners[0], result.payouts
    raise AssertionError("no seeded hand split an odd pot")


def _with_payouts(text: str, payouts: dict[int, int], moved: dict[int, int]) -> str:
    """``text`` with the winnings and finishing stacks moved by ``moved`` (seat -> chips)."""
    out = []
    for line in text.split("\n"):
        for key in ("winnings", "finishing_stacks"):
            if line.startswith(f"{key} = "):
                values = json.loads(line.split(" = ", 1)[1])
                values = [v + moved.get(seat, 0) for seat, v in enumerate(values, start=1)]
                line = f"{key} = {json.dumps(values)}"
        out.append(line)
    return "\n".join(out)


def test_odd_chip_paid_to_the_low_half_is_odd_chip_player():
    """RULES.md "Stud Hi-Lo": an odd chip between the halves goes high. Paid to the low
    winner instead: one ``odd_chip.player`` naming the seat that got it (actual) and the
    high winner due it (expected), at the payouts' line; a chip more than its share for
    the high winner stays ``payout.amount``."""
    text, high, low, payouts = _odd_split_hand()
    assert payouts[high] == payouts[low] + 1
    assert audit_one(text).status.value == "clean"
    swapped = _with_payouts(text, payouts, {high: -1, low: +1})
    findings = _findings(audit_one(swapped))
    winnings_line = next(
        i + 1 for i, line in enumerate(swapped.split("\n")) if line.startswith("winnings = ")
    )
    assert findings == [("odd_chip.player", low, str(high), str(low), winnings_line)]
    more = _with_payouts(text, payouts, {high: +1, low: -1})
    assert set(rules_of(audit_one(more))) == {"payout.amount"}


# --- an empty directory --------------------------------------------------------------------


def test_an_empty_directory_audits_with_a_warning_and_exit_1(tmp_path, capsys):
    """``floorman audit`` of a directory with no hand history (empty, or a README only)
    warns "no hand histories found" on stderr and exits 1, never 0 ("all clean")."""
    assert main(["audit", "--no-progress", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"floorman audit: warning: no hand histories found in {tmp_path}" in err
    (tmp_path / "README.md").write_text("# notes\nnothing here\n")
    assert main(["audit", "--no-progress", "--json", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["summary"]["hands"] == 0
    assert "no hand histories found" in err
