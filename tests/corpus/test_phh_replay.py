"""Every seed-game PHH hand of the corpus replays through the engine (issue 3 "Real input").

Each F7S, F7S/8 and FR hand of ``../shared/corpus/phh`` is mapped (``phh_to_hand``) and
replayed action by action: no event may be refused, the hand must end, and settling it must
give the recorded ``finishing_stacks`` exactly (RULES.md: every rule the engine enforces;
"Common to every game": chip conservation).

Known differences from pokerkit (RULES.md) that make a hand legal here and not there are no
exception: ``FR/wsop-2023-43-5-h85.phh`` (a short all-in raise on 6th street, which pokerkit
0.7.4+ rejects) replays cleanly under our rules, as it did under pokerkit 0.7.3.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from floorman.domain.engine import replay, settle_hand
from floorman.domain.history.phh import map_phh, parse_phh

SUMMARY_PROPERTY = "corpus_summary"
EXCEPTIONS: dict[str, str] = {}
"""Corpus files allowed to differ, each with the RULES.md difference that explains it (none)."""


def test_phh_seed_game_hands_replay_to_their_finishing_stacks(
    corpus_dir: Path, record_property
) -> None:
    """Every seed-game PHH hand replays with no violation to its recorded finishing stacks
    (RULES.md: the engine's rules; "Known differences from pokerkit": h85 is legal here)."""
    replayed: Counter[str] = Counter()
    notes: Counter[str] = Counter()
    failures = []
    for path in sorted((corpus_dir / "phh").rglob("*.phh")):
        hand = parse_phh(path.read_text(encoding="utf-8"))
        if not hand.supported:
            continue
        name = str(path.relative_to(corpus_dir / "phh"))
        mapping = map_phh(hand)
        state = mapping.state  # the engine replayed every event while mapping
        if state is None:
            index = mapping.refused_at
            assert index is not None
            source = mapping.sources[index]
            failures.append(
                f"{name}: event {index} (PHH action {source} "
                f"{str(hand.actions[source])!r}) refused: {mapping.violation}"
            )
            continue
        # the same state (a written record: a face-up ?? is read, the audit reports it)
        assert state == replay(mapping.config, list(mapping.events), allow_unknown_up=True)
        if not state.complete:
            failures.append(f"{name}: the replay stops before the end ({state!r})")
            continue
        result = settle_hand(state)
        final = tuple(result.final_stacks[seat.seat] for seat in mapping.config.seats)
        if final != hand.finishing_stacks:
            failures.append(f"{name}: final stacks {final}, recorded {hand.finishing_stacks}")
            continue
        replayed[hand.variant] += 1
        notes.update(note.rule for note in state.notes)
    failures = [f for f in failures if f.split(":")[0] not in EXCEPTIONS]
    summary = ", ".join(f"{variant}: {n} hands" for variant, n in sorted(replayed.items()))
    print(f"\nphh replay: {summary}; informational notes {dict(notes)}")
    record_property(SUMMARY_PROPERTY, f"phh replay: {summary}")
    assert not failures, "\n".join(failures)
    assert set(replayed) == {"F7S", "F7S/8", "FR"}, "a seed game had no hand replayed"
