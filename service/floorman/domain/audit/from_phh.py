"""PHH documents -> :class:`~floorman.domain.audit.recorded.RecordedHand` (or a verdict).

A document holds one hand (``.phh``) or several under ``[name]`` tables (``.phhs``). Each
hand is read with :func:`floorman.domain.history.phh.parse_phh` and mapped with
:func:`~floorman.domain.history.phh.map_phh`; the record is kept as written:

* stakes: ``small_bet`` / ``big_bet`` / ``min_bet``, ``bring_in``, the blinds; the ante is the
  one most players post (a tie: the larger, since a short stack posts less), and every
  player's own ante is a posted forced bet when they differ (``ante.amount`` for the odd one);
* result: ``finishing_stacks`` (payouts are derived from them) and ``winnings`` when given;
  the rake is 0 unless the hand carries floorman's ``_rake`` field (or a ``rake`` field):
  PHH states no rake, and the reference implementation's default rake is 0 %;
* floorman's own fields (:mod:`floorman.domain.history.phh_house`): ``_rake_policy`` is the
  table's configured rake policy (its size is then checked), ``_forced_bets`` the forced
  bets the table prescribed (each player's posts must equal them);
* lines: each event points at the line of its action string.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Final

from floorman.domain.audit.findings import (
    UNREADABLE_RULE,
    AuditFinding,
    AuditStatus,
    HandAudit,
    SourceFormat,
)
from floorman.domain.audit.recorded import DeclaredResult, PostedBet, RecordedHand
from floorman.domain.errors import InvalidArgument
from floorman.domain.history.phh import PhhHand, map_phh, parse_phh
from floorman.domain.model import ForcedBetKind, HandConfig

_SECTION: Final = re.compile(r"^\s*\[(?P<name>[^\[\]]+)\]\s*(?:#.*)?$")
_TOML_LINE: Final = re.compile(r"at line (?P<line>\d+)")
_FIELD_INDEX: Final = re.compile(r"^(?P<name>[a-z_]+)(?:\[(?P<index>\d+)\])?")
_ACTIONS: Final = re.compile(r"(?m)^\s*actions\s*=\s*\[")
_ARRAY_TOKEN: Final = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"|#[^\n]*|\]|[^'\"#\]]+")


def looks_like_phh(text: str) -> bool:
    """True when ``text`` reads as PHH (a TOML ``variant = ...`` key at the start of a line)."""
    return re.search(r"(?m)^\s*variant\s*=", text) is not None


def phh_records(text: str, *, source: str) -> list[RecordedHand | HandAudit]:
    """The hands of a PHH document, each as a record to audit or as a finished verdict
    (FINDINGS with ``history.unreadable`` / ``card.malformed`` for a hand that cannot be read,
    UNSUPPORTED for a game floorman does not play). Never raises."""
    out: list[RecordedHand | HandAudit] = []
    for name, first_line, body in _sections(text):
        hand_id = name or source
        try:
            hand = parse_phh(body)
        except InvalidArgument as error:
            out.append(_unreadable(error, body, source, hand_id, first_line))
            continue
        if not hand.supported:
            out.append(
                HandAudit(
                    source=source,
                    hand_id=_hand_id(hand, hand_id),
                    format=SourceFormat.PHH,
                    game=None,
                    status=AuditStatus.UNSUPPORTED,
                    line=first_line,
                    detail=f"PHH variant {hand.variant} is not a seed game",
                )
            )
            continue
        try:
            out.append(_record(hand, body, source, _hand_id(hand, hand_id), first_line))
        except InvalidArgument as error:
            out.append(_unreadable(error, body, source, _hand_id(hand, hand_id), first_line))
    return out


def _hand_id(hand: PhhHand, fallback: str) -> str:
    return str(hand.hand) if hand.hand is not None else fallback


def _sections(text: str) -> list[tuple[str, int, str]]:
    """``(name, first line, text)`` per hand; one unnamed section when there are no tables.

    Lines keep their numbers: each section's text is padded with blank lines so that line
    numbers inside it are the document's.
    """
    lines = text.splitlines()
    starts = [(i, m.group("name")) for i, line in enumerate(lines) if (m := _SECTION.match(line))]
    if not starts:
        return [("", 1, text)]
    out = []
    for k, (start, name) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        body = "\n" * (start + 1) + "\n".join(lines[start + 1 : end])
        out.append((name.strip().strip("'\""), start + 1, body))
    return out


def _line_at(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _action_lines(text: str) -> list[int]:
    """The line of each string of the ``actions`` array, in order (a light scan of the TOML
    text: the reader has already checked it)."""
    start = _ACTIONS.search(text)
    if start is None:
        return []
    lines = []
    line = _line_at(text, start.end())
    position = start.end()
    for token in _ARRAY_TOKEN.finditer(text, start.end()):
        value = token.group()
        if value == "]":
            break
        line += text.count("\n", position, token.start())
        position = token.start()
        if value[0] in "'\"":
            lines.append(line)
    return lines


def _field_line(text: str, field: str, action_lines: list[int]) -> int:
    match = _FIELD_INDEX.match(field)
    if match is None:
        return 0
    if match.group("name") == "actions" and match.group("index") is not None:
        index = int(match.group("index"))
        if index < len(action_lines):
            return action_lines[index]
    found = re.search(rf"(?m)^\s*{re.escape(match.group('name'))}\s*=", text)
    return _line_at(text, found.start()) if found else 0


def _unreadable(
    error: InvalidArgument, text: str, source: str, hand_id: str, first_line: int
) -> HandAudit:
    action_lines = _action_lines(text)
    findings = []
    for violation in error.violations:
        line = 0
        toml = _TOML_LINE.search(violation.message) if violation.field == "phh" else None
        if toml is not None:
            line = int(toml.group("line"))
        elif violation.field:
            line = _field_line(text, violation.field, action_lines)
        findings.append(
            AuditFinding(
                rule=violation.rule or UNREADABLE_RULE,
                message=f"{violation.field}: {violation.message}",
                line=line or first_line,
            )
        )
    return HandAudit(
        source=source,
        hand_id=hand_id,
        format=SourceFormat.PHH,
        game=None,
        status=AuditStatus.FINDINGS,
        findings=tuple(findings),
        line=first_line,
    )


def _expected_config(
    config: HandConfig, text: str, *, explicit: bool
) -> tuple[HandConfig, tuple[PostedBet, ...] | None]:
    """The table's stakes (the common ante) and the posted forced bets when they differ; with
    floorman's ``_forced_bets`` field (``explicit``) the table's own forced bets are expected."""
    if not config.forced_bets:
        return config, None
    lines = {
        ForcedBetKind.ANTE: _field_line(text, "antes", []),
        ForcedBetKind.SMALL_BLIND: _field_line(text, "blinds_or_straddles", []),
        ForcedBetKind.BIG_BLIND: _field_line(text, "blinds_or_straddles", []),
    }
    posted = tuple(
        PostedBet(seat=b.seat, kind=b.kind, amount=b.amount, dead=b.dead, line=lines.get(b.kind, 0))
        for b in config.forced_bets
    )
    if explicit:
        return config, posted
    antes = [b.amount for b in config.forced_bets if b.kind is ForcedBetKind.ANTE]
    antes += [0] * (len(config.seats) - len(antes))
    counts = Counter(antes)
    ante = max(counts, key=lambda amount: (counts[amount], amount))
    stakes = replace(config.stakes, ante=ante)
    return replace(config, stakes=stakes, forced_bets=()), posted


def _whole(values: tuple | None) -> tuple[int, ...] | None:
    if values is None or not all(isinstance(v, int) for v in values):
        return None
    return tuple(values)


def _record(hand: PhhHand, text: str, source: str, hand_id: str, first_line: int) -> RecordedHand:
    """Raises InvalidArgument when the hand cannot be mapped (see ``phh_config``)."""
    mapping = map_phh(hand)
    action_lines = _action_lines(text)
    metadata = dict(hand.metadata)
    config, posted = _expected_config(mapping.config, text, explicit="_forced_bets" in metadata)
    seats = [seat.seat for seat in mapping.config.seats]
    finishing = _whole(hand.finishing_stacks)
    winnings = _whole(hand.winnings)
    rake = metadata.get("_rake", metadata.get("rake", 0))
    result_line = _field_line(text, "winnings" if winnings else "finishing_stacks", [])
    declared = DeclaredResult(
        final_stacks=dict(zip(seats, finishing, strict=True)) if finishing else None,
        payouts=dict(zip(seats, winnings, strict=True)) if winnings else None,
        payout_lines=dict.fromkeys(seats, result_line),
        rake=rake if isinstance(rake, int) and not isinstance(rake, bool) else 0,
        rake_line=_field_line(text, "rake", []),
        pot_line=result_line,
    )
    return RecordedHand(
        source=source,
        hand_id=hand_id,
        format=SourceFormat.PHH,
        line=first_line,
        config=config,
        rake_policy=config.rake if "_rake_policy" in metadata else None,
        posted=posted,
        events=mapping.events,
        event_lines=tuple(
            action_lines[s] if s < len(action_lines) else first_line for s in mapping.sources
        ),
        declared=declared,
    )
