"""PokerStars-style text hands -> :class:`~floorman.domain.audit.recorded.RecordedHand`.

Works on the model of :mod:`floorman.domain.history.pokerstars` (:class:`StarsHand`), which the
Full Tilt reader produces too. The record is kept as written, line by line:

* seats: the seats that take part (post, are dealt, or act); a button that is not dealt in
  (a dead button) stands at the first seat dealt in before it (heads-up, where the button
  posts the small blind, at the first seat dealt in after it);
* the table's stakes: bet sizes from the header (blinds in pot and no limit; Full Tilt's
  header also gives the ante); the ante, the bring-in and the fixed-limit small blind are
  otherwise not stated, so they are the amounts most hands of the same table and stakes in
  the document post (:func:`table_stakes`; a one-hand document can only be checked against
  itself); the fixed-limit big blind is the small bet (RULES.md "Stakes defaults");
* posted forced bets from the "posts" lines; "posts small & big blinds" is a live big blind
  and a dead small blind, a "posts small blind" after another blind a dead small blind;
* cards: what a line shows; every card the room does not print is unknown (``None``): the
  other players' down cards, the hero's opponents' draws; a stud street's cards of a seat
  with no line are all unknown; a 7th-street community card the stub needed only because of
  burns implies the service-dealt burns (unknown cards); the summary's showed / mucked lists
  and board are ``written`` cards (the duplicate check only, never shown in the replay);
* actions: "bets X" is a bet to the seat's street total plus X; "raises X to Y" a raise to Y
  (a stud completion is written as a raise: the kind is taken from the rules); "calls X"
  keeps X for the call-amount check; showdown lines are applied in the rules' order;
* result: "collected" lines (payouts), the summary's "won"/"collected" (a second statement),
  "Total pot" and "Rake", the uncalled bets returned.

The mapping of one hand is :mod:`floorman.domain.audit.stars_hand` (:func:`stars_record`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

from floorman.domain.audit.findings import (
    UNREADABLE_RULE,
    AuditFinding,
    AuditStatus,
    HandAudit,
    SourceFormat,
)
from floorman.domain.audit.recorded import RecordedHand
from floorman.domain.audit.stars_hand import UP_CARDS_NOT_WRITTEN as UP_CARDS_NOT_WRITTEN
from floorman.domain.audit.stars_hand import TableStakes as TableStakes
from floorman.domain.audit.stars_hand import stars_identity as stars_identity
from floorman.domain.audit.stars_hand import stars_record as stars_record
from floorman.domain.history.pokerstars import (
    StarsEventKind,
    StarsFile,
    StarsHand,
)

K = StarsEventKind


def table_key(hand: StarsHand) -> tuple[object, ...]:
    """What makes two hands the same table and stakes (the key of :func:`table_stakes`)."""
    return (
        hand.table,
        hand.game,
        hand.structure,
        hand.stakes.small_bet,
        hand.stakes.big_bet,
        hand.scale,
        hand.tournament_id,
    )


def _mode(values: Iterable[int]) -> int:
    counts = Counter(values)
    return max(counts, key=lambda amount: (counts[amount], amount)) if counts else 0


def table_stakes(hands: Sequence[StarsHand]) -> dict[tuple[object, ...], TableStakes]:
    """Per table and stakes: the most common ante, bring-in and small blind posted by a seat
    not going all in (a tie: the larger amount); 0 when none was (the bring-in and small
    blind then follow RULES.md "Stakes defaults"), except the ante: when every ante went all
    in, the largest of them (a stake 0 would mean "no ante")."""
    seen: dict[tuple[object, ...], dict[StarsEventKind, list[int]]] = defaultdict(
        lambda: defaultdict(list)
    )
    short: dict[tuple[object, ...], dict[StarsEventKind, list[int]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for hand in hands:
        key = table_key(hand)
        _ = seen[key]  # every table gets an entry, even one without posts
        for event in hand.events:
            if event.kind in (K.ANTE, K.BRING_IN, K.SMALL_BLIND):
                (short if event.all_in else seen)[key][event.kind].append(event.amount)

    def ante(key: tuple[object, ...]) -> int:
        # only all-in antes: the largest is the best lower bound of the table's ante
        return _mode(seen[key][K.ANTE]) or max(short[key][K.ANTE], default=0)

    return {
        key: TableStakes(
            ante=ante(key),
            bring_in=_mode(seen[key][K.BRING_IN]),
            small_blind=_mode(seen[key][K.SMALL_BLIND]),
        )
        for key in seen
    }


def stars_records(
    parsed: StarsFile, *, source: str, format: SourceFormat = SourceFormat.POKERSTARS
) -> list[RecordedHand | HandAudit]:
    """Every hand of a parsed file as a record to audit, in file order, with the file's
    unreadable parts (FINDINGS, ``history.unreadable`` or ``card.malformed`` with the line)
    and hands of other games (UNSUPPORTED). Every hand is a record, a repeated hand number
    included: the audit tells copies apart by the record's ``identity`` (the room, table,
    date and hand number: :func:`stars_identity`) and ``digest`` (see
    :mod:`floorman.domain.audit.duplicates`)."""
    stakes = table_stakes(parsed.hands)
    out: list[tuple[int, RecordedHand | HandAudit]] = []
    for hand in parsed.hands:
        out.append(
            (hand.line, stars_record(hand, stakes[table_key(hand)], source=source, format=format))
        )
    for skipped in parsed.unsupported:
        out.append(
            (
                skipped.line,
                HandAudit(
                    source=source,
                    hand_id=str(skipped.hand_id),
                    format=format,
                    game=None,
                    status=AuditStatus.UNSUPPORTED,
                    line=skipped.line,
                    detail=f"{skipped.game_name} is not a seed game",
                ),
            )
        )
    for problem in parsed.problems:
        rule = "card.malformed" if "is not a card" in problem.message else UNREADABLE_RULE
        out.append(
            (
                problem.line,
                HandAudit(
                    source=source,
                    hand_id=str(problem.hand_id or ""),
                    format=format,
                    game=None,
                    status=AuditStatus.FINDINGS,
                    findings=(AuditFinding(rule=rule, message=problem.message, line=problem.line),),
                    line=problem.line,
                ),
            )
        )
    return [item for _, item in sorted(out, key=lambda pair: pair[0])]
