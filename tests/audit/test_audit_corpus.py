"""The audit on every real hand of ``../shared/corpus`` (issue 5 "Show", first item).

Every hand of a game floorman plays in a format the audit reads (PHH, PokerStars text, Full
Tilt text, Bovada, Merge XML, Everleaf, OnGame, Winamax, PartyPoker and the rooms of
:mod:`tests.audit.rooms_corpus`) audits clean, or its findings are a real fault of the record,
written down in :data:`KNOWN_FINDINGS` with the reason. Hands of other games are counted as
unsupported, never as clean, one per hand of the corpus manifests. No room states a rake
formula, so no rake policy is configured: only pot = payouts + rake is checked (RULES.md
"Common to every game": Rake).
"""

from __future__ import annotations

import csv
import time
from collections import Counter
from pathlib import Path

import pytest

from floorman.app.audit import AuditService, AuditSummary, decode_history
from floorman.app.evaluation import evaluate_hand, warm_up_request
from floorman.domain.audit import AuditStatus, HandAudit, SourceFormat
from floorman.domain.model import Game
from tests.audit.rooms_corpus import ROOM_KNOWN_FINDINGS, ROOM_SITES

SUMMARY_PROPERTY = "audit_summary"
SEED_GAMES = {"stud_hi", "stud_hilo", "razz", "five_card_draw", "five_card_stud"}
COMMUNITY_CARD_HANDS = {
    "cash/FTP/10Game-6max-USD-2.50-5.201104.Sample.txt": 24 + 30,
    "tour/Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": 66 + 18,
    "tour/Merge/HORSE-Tournament-Freeroll.201107.xml": 14,
}
"""Hands of the manifests' "other" games that floorman plays (issue 11, issue 12): the Full
Tilt file's Limit Hold'em 10, No Limit Hold'em 3, Pot Limit Omaha Hi 10, Limit Omaha H/L 1,
and its No Limit 2-7 Single Draw 10, Limit 2-7 Triple Draw 10, Limit Badugi 10; the
PokerStars file's Hold'em Limit 24, Hold'em No Limit 24, Omaha Hi/Lo Limit 17, Omaha Pot
Limit 1 and Triple Draw 2-7 Lowball Limit 18 (their headers); the Merge HORSE file's hold'em
10 and Omaha hi-lo 4 (game codes 23 and 37). No hand of the corpus stays unsupported."""
READ_SITES = {
    "PokerStars": SourceFormat.POKERSTARS,
    "FullTilt": SourceFormat.FULL_TILT,
    "Bovada": SourceFormat.BOVADA,
    "Merge": SourceFormat.MERGE,
    "Everleaf": SourceFormat.EVERLEAF,
    "OnGame": SourceFormat.ONGAME,
    "Winamax": SourceFormat.WINAMAX,
    "PartyPoker": SourceFormat.PARTYPOKER,
    **ROOM_SITES,
}
ROOM_FORMATS = (
    SourceFormat.BOVADA,
    SourceFormat.MERGE,
    SourceFormat.EVERLEAF,
    SourceFormat.ONGAME,
    SourceFormat.WINAMAX,
    SourceFormat.PARTYPOKER,
)
"""Read by the room readers of issue 13 (their own table: tests/audit/test_audit_rooms.py)."""

FTP_10_GAME = "hh-fpdb/cash/FTP/10Game-6max-USD-2.50-5.201104.Sample.txt"
_NO_WIN_LINE = (
    "a fault of the record: Full Tilt wrote no 'KiIIuminati wins the pot' line after the "
    "uncalled bet (its 78 other won hands have one), only the summary's 'collected'; the "
    "collected amount is 0 as written, so payout.amount, showdown.wrong_winner and "
    "chips.not_conserved name it"
)
KNOWN_FINDINGS: dict[tuple[str, str], tuple[frozenset[str], str]] = {
    (
        "hh-fpdb/cash/Winamax/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt",
        "9250793-1578-1479092164",
    ): (
        frozenset({"bet.amount"}),
        "a fault of the record: an all-in to 28.90 written 'raises -6.10 to 18.90' "
        "(line 17; see test_audit_rooms.KNOWN)",
    ),
    ("hh-fpdb/cash/OnGame/5-Carddraw-USD-0.05-0.10-201009.Sample.txt", "R5-81962116-235"): (
        frozenset(),  # unverifiable: card.unknown is informational, no rule is broken
        "unverifiable: the record pays velabianca but does not write her cards "
        "(see test_audit_rooms.KNOWN)",
    ),
    ("hh-fpdb/tour/Stars/Triple-Stud-USD-2.00-0.20-MTT-201301.txt", "91733835979"): (
        frozenset({"card.malformed"}),
        "a fault of the record: the hero's 7th-street card is written '[of]', not a card "
        "(line 46), and the showdown then shows three cards",
    ),
    ("phh/NT/wsop-2019-42-3-00-01-07.phh", "phh/NT/wsop-2019-42-3-00-01-07.phh"): (
        frozenset({"turn.out_of_turn"}),
        "a fault of the record (corpus README): the button p8 never acts after "
        "'p7 cbr 1150000', its fold is missing, so 'p1 cc' is out of turn",
    ),
    ("phh/NS/phua-xuan-2019.phh", "phh/NS/phua-xuan-2019.phh"): (
        frozenset({"blind.player"}),
        "another room's rule: Triton short deck plays antes and a button blind (PHH "
        "blinds_or_straddles [0, 0, 0, 0, 0, 3000]: the button posts the only blind and the "
        'action starts left of it); RULES.md "Hold\'em and Omaha" (blinds as Five Card '
        "Draw) wants the big blind left of the small blind, seat 2",
    ),
    (FTP_10_GAME, "29705302683"): (
        frozenset({"payout.amount", "showdown.wrong_winner", "chips.not_conserved"}),
        _NO_WIN_LINE,
    ),
    (FTP_10_GAME, "29705373495"): (
        frozenset({"payout.amount", "showdown.wrong_winner", "chips.not_conserved"}),
        _NO_WIN_LINE,
    ),
    **{
        (f"phh/F7S_8/wsop-2023-43-5-h{number}.phh", str(number)): (
            frozenset({"card.unknown"}),
            f"a fault of the record: {who} folding on 3rd street has all three cards written "
            "'??', the door card too, which was face up for the whole table (docs/rules.md "
            '"A face-up card must be known"; the rest of the hand audits clean)',
        )
        for number, who in ((49, "p1 and p5"), (50, "p4"), (51, "p1"), (52, "p1"), (53, "p5"))
    },
    **ROOM_KNOWN_FINDINGS,
}
"""(corpus file, hand id) -> (the rule ids found, why the record is at fault).

Not listed because they audit clean:

* ``cash/Stars/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt``, which the corpus
  README calls an anomaly (six cards shown at the showdown): eight players reached 7th street,
  the stub could not give each a card, and "*** RIVER *** [6h]" is the community card
  (RULES.md "Seven Card Stud family"), so six own cards are right.
* ``tour/FTP/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt`` #28333847000: the
  bring-in is all in for 9 of a 40 bring-in and Hero "calls 9"; RULES.md "Seven Card Stud
  family" (the bring-in "posts all it has if short") with the rooms and pokerkit: the bet to
  call is the chips posted, so the call and the 48 pot are right (see
  :func:`test_short_all_in_bring_in_full_tilt_hand_audits_clean`)."""


def history_files(corpus_dir: Path) -> list[Path]:
    """Every hand-history file of the corpus (READMEs, manifests and licences left out)."""
    files = sorted((corpus_dir / "phh").rglob("*.phh"))
    files += sorted(p for p in (corpus_dir / "hh-fpdb").rglob("*") if p.is_file()
                    and p.parent != corpus_dir / "hh-fpdb")  # fmt: skip
    files += sorted((corpus_dir / "hh-poker-hand-parser").glob("*.txt"))
    return files


@pytest.fixture(scope="module")
def corpus_audits(corpus_dir: Path) -> tuple[dict[str, list[HandAudit]], float]:
    """Every corpus file audited: relative path -> verdicts, and the seconds it took."""
    for game in Game:  # build the ranking tables first: the rate is the audit's, not theirs
        cards, board = warm_up_request(game)
        evaluate_hand(game, cards, board=board)
    service = AuditService()
    out: dict[str, list[HandAudit]] = {}
    started = time.perf_counter()
    for path in history_files(corpus_dir):
        name = str(path.relative_to(corpus_dir))
        out[name] = service.audit_text(decode_history(path.read_bytes()), source=name)
    return out, time.perf_counter() - started


def test_seed_game_hands_audit_clean_or_with_a_known_fault(corpus_audits, record_property):
    """Every seed-game hand of a read format audits clean (RULES.md, every rule id), or its
    finding is a real fault of the record listed with the reason; none is unverifiable
    without a reason (OnGame's one hand whose winner's cards are not written); hands per
    second and counts per format and game are printed."""
    audits, seconds = corpus_audits
    every = [a for verdicts in audits.values() for a in verdicts]
    unexpected = []
    seen_known = set()
    for audit in every:
        key = (audit.source, audit.hand_id)
        if audit.status in (AuditStatus.CLEAN, AuditStatus.UNSUPPORTED):
            assert key not in KNOWN_FINDINGS, f"{key} is listed as faulty but audits clean"
            continue
        rules = frozenset(f.rule for f in audit.rule_findings)
        if key in KNOWN_FINDINGS and KNOWN_FINDINGS[key][0] == rules:
            seen_known.add(key)
            continue
        unexpected.append(
            f"{audit.source} hand {audit.hand_id}: {audit.status.value} "
            + "; ".join(f"{f.rule} line {f.line}: {f.message}" for f in audit.findings)
        )
    summary = AuditSummary.of(every)
    read = [a for a in every if a.format in (SourceFormat.PHH, SourceFormat.POKERSTARS,
                                            SourceFormat.FULL_TILT, *ROOM_FORMATS,
                                            *ROOM_SITES.values())
            and a.game]  # fmt: skip
    per_game = Counter((a.format.value, a.game.value) for a in read)  # type: ignore[union-attr]
    rate = len(read) / seconds
    counts = ", ".join(f"{fmt}/{game} {n}" for (fmt, game), n in sorted(per_game.items()))
    line = (
        f"{summary.hands} hands ({summary.clean} clean, {summary.findings} with findings, "
        f"{summary.unverifiable} unverifiable, {summary.unsupported} unsupported); "
        f"{rate:.0f} seed-game hands/s; {counts}"
    )
    print(f"\ncorpus audit: {line}")
    verdicts = Counter((a.format.value, a.game.value if a.game else "-", a.status.value)
                       for a in every)  # fmt: skip
    print(f"{'format':<12} {'game':<28} {'verdict':<13} hands")
    for (fmt, game, status), n in sorted(verdicts.items()):
        print(f"{fmt:<12} {game:<28} {status:<13} {n}")
    record_property(SUMMARY_PROPERTY, f"corpus audit: {line}")
    assert not unexpected, "\n".join(unexpected)
    assert seen_known == set(KNOWN_FINDINGS), "a known fault was not found as written down"
    for fmt in ("phh", "pokerstars", "full_tilt", *(f.value for f in ROOM_FORMATS)):
        assert {g for f, g in per_game if f == fmt}, f"no seed-game hand audited in {fmt}"
    assert {g for _, g in per_game} == {
        "five_card_draw", "five_card_stud", "razz", "seven_card_stud", "seven_card_stud_hi_lo",
        "texas_holdem", "omaha", "omaha_hi_lo", "short_deck_holdem",
        "deuce_to_seven_single_draw", "deuce_to_seven_triple_draw", "badugi",
    }  # fmt: skip
    assert (summary.hands, summary.clean, summary.findings, summary.unsupported) == (
        1201, 1172, 28, 0,
    )  # fmt: skip


def test_short_all_in_bring_in_full_tilt_hand_audits_clean(corpus_audits):
    """RULES.md "Seven Card Stud family" (the bring-in "posts all it has if short"): in the
    Full Tilt razz hand #28333847000 Villain brings in all in for 9 of a 40 bring-in and Hero
    calls 9; the bet to call is the 9 posted, so the hand, its 48 pot and Hero's 48 audit
    clean."""
    name = "hh-fpdb/tour/FTP/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt"
    (audit,) = corpus_audits[0][name]
    assert audit.hand_id == "28333847000"
    assert audit.status is AuditStatus.CLEAN, audit.findings
    assert audit.findings == ()


def test_phh_variants_we_play_are_read_and_the_others_unsupported(corpus_audits):
    """The 30 F7S, F7S/8 and FR hands, the 543 FT, NT, NS, PO and FO/8 hands and the 16 2-7
    and Badugi hands (F2L3D 8, N2L1D 7, FB 1: RULES.md "Lowball draw and Badugi", the WSOP
    big-blind ante docs/rules.md) are audited, all clean but the seven PHH hands of
    :data:`KNOWN_FINDINGS`; none is unsupported. Counts per variant are printed."""
    audits, _ = corpus_audits
    phh = [a for name, verdicts in audits.items() if name.startswith("phh/") for a in verdicts]
    statuses = Counter(a.status for a in phh)
    per_variant = Counter(
        (name.split("/")[1], a.status.value)
        for name, verdicts in audits.items()
        if name.startswith("phh/")
        for a in verdicts
    )
    print("\nphh audit per variant: " + ", ".join(f"{v} {s} {n}" for (v, s), n in
                                                  sorted(per_variant.items())))  # fmt: skip
    assert statuses == {AuditStatus.CLEAN: 582, AuditStatus.FINDINGS: 7}
    assert {v: n for (v, status), n in per_variant.items() if status == "clean"} == {
        "F7S": 13, "F7S_8": 2, "FR": 10, "FT": 7, "NT": 512, "PO": 8, "FO_8": 14,
        "F2L3D": 8, "N2L1D": 7, "FB": 1,
    }  # fmt: skip


def _manifest(corpus_dir: Path, folder: str) -> list[dict[str, str]]:
    with (corpus_dir / folder / "manifest.tsv").open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


@pytest.mark.parametrize("folder", ["hh-fpdb", "hh-poker-hand-parser"])
def test_room_files_give_one_verdict_per_hand_and_unread_ones_are_unsupported(
    corpus_audits, corpus_dir, folder
):
    """Every room file gives one verdict per hand of the manifest; in formats the audit does
    not read, and for games floorman does not play, each hand is UNSUPPORTED (never clean)."""
    audits, _ = corpus_audits
    for row in _manifest(corpus_dir, folder):
        verdicts = audits[f"{folder}/{row['file']}"]
        assert len(verdicts) == int(row["hands"]), row["file"]
        games = dict(item.split("=") for item in row["games"].split(";"))
        other = sum(int(n) for game, n in games.items() if game not in SEED_GAMES)
        other -= COMMUNITY_CARD_HANDS.get(row["file"], 0)
        unsupported = sum(1 for v in verdicts if v.status is AuditStatus.UNSUPPORTED)
        if row["site"] in READ_SITES:
            assert unsupported == other, row["file"]
            assert {v.format for v in verdicts} == {READ_SITES[row["site"]]}, row["file"]
        else:
            assert unsupported == len(verdicts), row["file"]
