"""Every corpus hand of the room formats of :mod:`tests.audit.rooms_corpus` is judged
(issue 13 "Show"): the exact table of format x game x verdict, printed; each FINDINGS hand is
a real fault of the record listed with its reason; ``floorman audit`` on each room's folder."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from floorman.app.audit import AuditService, decode_history
from floorman.domain.audit import AuditStatus
from tests.audit.rooms_corpus import ROOM_KNOWN_FINDINGS, ROOM_SITES

SUMMARY_PROPERTY = "audit_summary"
EXPECTED: dict[tuple[str, str, str], int] = {
    ("absolute", "seven_card_stud_hi_lo", "clean"): 1,
    ("boss", "five_card_draw", "clean"): 15,
    ("kingsclub", "razz", "clean"): 1,
    ("kingsclub", "razz", "findings"): 1,
    ("kingsclub", "seven_card_stud", "findings"): 1,
    ("kingsclub", "seven_card_stud_hi_lo", "clean"): 1,
    ("winning", "seven_card_stud", "clean"): 5,
    ("winning", "seven_card_stud_hi_lo", "findings"): 1,
    ("winning", "-", "findings"): 1,
    ("ipoker", "five_card_stud", "clean"): 1,
    ("ipoker", "seven_card_stud", "clean"): 106,
    ("ipoker", "seven_card_stud", "findings"): 13,
    ("ipoker", "seven_card_stud_hi_lo", "clean"): 5,
}
"""(format, game, verdict) -> hands, over every corpus file of the sites read."""
FOLDERS: dict[str, tuple[str, int, int]] = {
    "cash/Absolute": ("Absolute text", 1, 0),
    "cash/Boss": ("Boss XML", 15, 0),
    "cash/KingsClub": ("KingsClub text", 2, 2),
    "cash/Winning": ("Winning Poker Network text", 5, 2),
    "cash/iPoker": ("iPoker XML", 8, 0),
    "tour/iPoker": ("iPoker XML", 104, 13),
}
"""Corpus folder -> (format name, clean hands, hands with findings) for ``floorman audit``."""


def _rows(corpus_dir: Path) -> list[dict[str, str]]:
    with (corpus_dir / "hh-fpdb" / "manifest.tsv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [row for row in rows if row["site"] in ROOM_SITES]


def test_every_room_hand_is_judged_clean_or_with_a_known_fault(corpus_dir, record_property):
    """No hand of a seed game is unsupported; the verdicts are exactly :data:`EXPECTED`;
    every FINDINGS hand carries exactly the rule ids :data:`ROOM_KNOWN_FINDINGS` names."""
    service = AuditService()
    table: Counter[tuple[str, str, str]] = Counter()
    unexpected = []
    for row in _rows(corpus_dir):
        name = f"hh-fpdb/{row['file']}"
        verdicts = service.audit_text(decode_history((corpus_dir / name).read_bytes()),
                                      source=name)  # fmt: skip
        assert len(verdicts) == int(row["hands"]), name
        for audit in verdicts:
            assert audit.format is ROOM_SITES[row["site"]], name
            table[(audit.format.value, audit.game.value if audit.game else "-",
                   audit.status.value)] += 1  # fmt: skip
            known = ROOM_KNOWN_FINDINGS.get((name, audit.hand_id))
            rules = frozenset(f.rule for f in audit.rule_findings)
            if audit.status is AuditStatus.CLEAN:
                assert known is None, f"{name} {audit.hand_id} is listed but audits clean"
            elif known is None or known[0] != rules:
                unexpected.append(f"{name} {audit.hand_id}: {audit.status.value} {audit.findings}")
    lines = [f"{fmt:10} {game:24} {verdict:12} {n}" for (fmt, game, verdict), n in
             sorted(table.items())]  # fmt: skip
    print("\n" + "\n".join(lines))
    record_property(
        SUMMARY_PROPERTY, "rooms: " + "; ".join(" ".join(line.split()) for line in lines)
    )
    assert not unexpected, "\n".join(unexpected)
    assert dict(table) == EXPECTED


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_floorman_audit_on_a_room_folder(corpus_dir, folder):
    """``python -m floorman audit --json <folder>``: every hand read in the room's format,
    clean or with the known faults (exit 1 when any)."""
    name, clean, findings = FOLDERS[folder]
    done = subprocess.run(
        [sys.executable, "-m", "floorman", "audit", "--json", "--no-progress",
         str(corpus_dir / "hh-fpdb" / folder)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == (1 if findings else 0), done.stderr[-2000:]
    out = json.loads(done.stdout)
    summary = out["summary"]
    assert (summary["clean"], summary["findings"], summary["unsupported"]) == (clean, findings, 0)
    assert {h["format_name"] for h in out["hands"]} == {name}
