"""Damaged input never crashes the audit (issue 5: "input it cannot parse gets a finding with
the line, not a crash")."""

from __future__ import annotations

import random
import re
from pathlib import Path

from floorman.app.audit import decode_history
from floorman.domain.audit import AuditStatus, audit_document
from tests.audit.audit_hands import DRAW_STARS, STUD_PHH, STUD_STARS

CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
DAMAGES = 400


def damage(text: str, rng: random.Random) -> str:
    """``text`` with one random damage: a line dropped, doubled, swapped or cut, a number or
    a card changed, the end cut off."""
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0:
        del lines[k]
    elif kind == 1:
        lines.insert(k, lines[rng.randrange(len(lines))])
    elif kind == 2:
        j = rng.randrange(len(lines))
        lines[k], lines[j] = lines[j], lines[k]
    elif kind == 3:
        lines[k] = re.sub(
            r"\d+", lambda m: str(rng.choice((0, 1, 99999, int(m.group()) + 1))), lines[k]
        )
    elif kind == 4:
        lines[k] = re.sub(r"\b[2-9TJQKA][cdhs]\b", lambda _: rng.choice(CARDS), lines[k])
    else:
        lines = lines[:k]
    return "\n".join(lines)


def test_damaged_documents_give_verdicts_never_exceptions(corpus_dir: Path):
    """Hundreds of damaged corpus documents and sample hands: every one gives verdicts (a
    FINDINGS verdict for what cannot be read, always with a line), none raises."""
    rng = random.Random(20260511)
    sources = [STUD_PHH, DRAW_STARS, STUD_STARS]
    for folder in ("phh/F7S", "phh/FR", "hh-fpdb/cash/Stars", "hh-fpdb/cash/FTP"):
        for path in sorted((corpus_dir / folder).glob("*"))[:8]:
            sources.append(decode_history(path.read_bytes()))
    statuses = set()
    for _ in range(DAMAGES):
        for audit in audit_document(damage(rng.choice(sources), rng), source="damaged"):
            statuses.add(audit.status)
            if audit.status is AuditStatus.FINDINGS:
                assert audit.findings and all(f.rule for f in audit.findings)
            unreadable = [f for f in audit.findings if f.rule == "history.unreadable"]
            assert all(f.line > 0 for f in unreadable), audit
    assert AuditStatus.FINDINGS in statuses and AuditStatus.CLEAN in statuses
