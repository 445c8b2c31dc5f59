"""Mutation test (issue 5 "Show"): change one thing of a clean corpus hand, and the audit
reports the matching rule id at the matching event.

Every seed-game hand of the corpus that audits clean (PHH, PokerStars and Full Tilt text;
a hand repeated in two files once) is changed six ways, one at a time: a bet amount, a forced
bet (blind or ante), the order of two actions, a payout, a shown card, the rake (RULES.md
"Betting structures", "Stakes defaults", "Seven Card Stud family", "Five Card Draw, 7-A",
"Common to every game": showdown, settlement, rake). Which rule a change breaks, if any, is
decided by checks independent of the auditor and the engine (:mod:`tests.audit.mutations`:
chip tallies of the record, the table's stated amounts, pokerkit's hand evaluators); a change
that happens to stay legal (a raise that becomes an all-in, a new shown card that does not
change the winner) is not counted as a miss. The detection rate per kind is printed; it must
be 100 % for the changes that break a rule.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from floorman.app.audit import decode_history
from floorman.domain.audit import SourceFormat, detect_format
from tests.audit.mutations import KINDS, Unit, phh_unit, stars_units, summarize

SUMMARY_PROPERTY = "audit_summary"
MIN_COUNTED = {"bet_amount": 100, "blind_or_ante": 60, "order": 150, "payout": 150,
               "shown_card": 20, "rake": 100}  # fmt: skip
"""The least number of rule-breaking changes per kind, so that 100 % means something."""


@pytest.fixture(scope="module")
def units(corpus_dir: Path) -> list[Unit]:
    """Every clean seed-game hand of the corpus, as mutation units."""
    out: list[Unit] = []
    for path in sorted((corpus_dir / "phh").rglob("*.phh")):
        unit = phh_unit(path.read_text(encoding="utf-8"), name=str(path.relative_to(corpus_dir)))
        if unit is not None:
            out.append(unit)
    seen: set[str] = set()
    rooms = sorted(p for p in (corpus_dir / "hh-fpdb").rglob("*") if p.is_file())
    rooms += sorted((corpus_dir / "hh-poker-hand-parser").glob("*.txt"))
    for path in rooms:
        text = decode_history(path.read_bytes())
        fmt = detect_format(text)
        if fmt in (SourceFormat.POKERSTARS, SourceFormat.FULL_TILT):
            name = str(path.relative_to(corpus_dir))
            out += stars_units(text, name=name, format=fmt, seen=seen)
    return out


def test_every_rule_breaking_mutation_is_found_at_the_matching_event(units, record_property):
    """Each one-thing change that breaks a rule is reported with the matching rule id at the
    matching event, line or seat (RULES.md rule ids; 100 % per kind); a changed forced bet
    is exactly one finding, nothing after it blamed for it (docs/rules.md "Audit"); the
    rates are printed."""
    counts: dict[str, Counter[str]] = {kind: Counter() for kind in KINDS}
    misses = []
    cascades: list[str] = []  # a wrong forced bet must be one finding (issue 10 point 9)
    for number, unit in enumerate(units):
        for kind in KINDS:
            mutant = unit.mutate(unit, kind, random.Random(f"{unit.name}/{kind}/{number}"))
            if mutant is None:
                continue
            if not mutant.expected:
                counts[kind]["legal"] += 1
                continue
            counts[kind]["counted"] += 1
            audit = unit.audit(mutant.text)
            if kind == "blind_or_ante" and len(audit.rule_findings) != 1:
                cascades.append(
                    f"{unit.name}: {[(f.rule, f.line, f.seat) for f in audit.rule_findings]}"
                )
            if mutant.detected(audit):
                counts[kind]["detected"] += 1
            else:
                misses.append(
                    f"{kind} {unit.name}: expected {sorted(mutant.expected)} "
                    f"event {mutant.event_index} line {mutant.line} seats {sorted(mutant.seats)}; "
                    f"got {[(f.rule, f.event_index, f.line, f.seat) for f in audit.findings]}"
                )
    line = f"{len(units)} clean hands mutated; " + summarize(counts)
    print(f"\nmutations: {line}")
    record_property(SUMMARY_PROPERTY, f"mutations: {line}")
    assert not misses, "\n".join(misses[:20])
    assert not cascades, "a wrong forced bet is more than one finding:\n" + "\n".join(cascades[:20])
    for kind, least in MIN_COUNTED.items():
        assert counts[kind]["counted"] >= least, f"too few {kind} mutations: {counts[kind]}"
