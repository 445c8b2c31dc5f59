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
* lines: each event points at the line of its action string;
* identity: floorman's own ``_table_id`` / ``_hand_id`` when present; else a stated ``hand``
  number with the event, table, date and time (without any of those, the number names the
  hand within its document only); else a ``[name]`` section's name within its document; the
  digest fingerprints the hand's own text (see :mod:`floorman.domain.audit.duplicates`).

Each hand of a ``.phhs`` is read from its own lines (never the whole document again), so a
document of many hands costs linear time; line numbers are shifted back to the document's.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
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
from floorman.domain.history.limits import text_digest
from floorman.domain.history.phh import PhhHand, map_phh, parse_phh
from floorman.domain.members import (
    KIND_ANTE,
    KIND_BIG_BLIND,
    KIND_BIG_BLIND_ANTE,
    KIND_SMALL_BLIND,
    KIND_STRADDLE,
)
from floorman.domain.model import HandConfig

# The audit enums' members as module globals (one load, not ``EnumType.__getattr__``'s
# slow path); the shared enums' members are in floorman.domain.members.
_FORMAT_PHH = SourceFormat.PHH
_STATUS_FINDINGS = AuditStatus.FINDINGS
_STATUS_UNSUPPORTED = AuditStatus.UNSUPPORTED

_SECTION: Final = re.compile(r"^[ \t]*\[(?P<name>[^\[\]]+)\][ \t]*(?:#.*)?$")
_TOML_LINE: Final = re.compile(r"at line (?P<line>\d+)")
_FIELD_INDEX: Final = re.compile(r"^(?P<name>[a-z_]+)(?:\[(?P<index>\d+)\])?")
_ACTIONS: Final = re.compile(r"(?m)^[ \t]*actions[ \t]*=[ \t]*\[")
_ARRAY_ITEM: Final = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"|#[^\n]*|\]")
_VARIANT: Final = re.compile(r"(?m)^[ \t]*variant[ \t]*=")
_KEY_AT_LINE_START: Final = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=")
"""A bare key at the start of a line (``key =``: its name), matched at each line's start."""
# Leading blanks are [ \t]*, never \s*: a multi-line \s* at every line start of a document
# of blank lines costs quadratic time.
_IDENTITY_FIELDS: Final = ("event", "table", "year", "month", "day", "time")


@dataclass(frozen=True, slots=True)
class _Section:
    """One hand's text: ``name`` (the ``[name]`` table, ``""`` for a one-hand document),
    ``first_line`` (1-based, in the document), ``text`` (its own lines) and ``offset``
    (document line = line in ``text`` + ``offset``)."""

    name: str
    first_line: int
    text: str
    offset: int


def looks_like_phh(text: str) -> bool:
    """True when ``text`` reads as PHH (a TOML ``variant = ...`` key at the start of a line)."""
    return _VARIANT.search(text) is not None


def phh_records(text: str, *, source: str) -> list[RecordedHand | HandAudit]:
    """The hands of a PHH document, each as a record to audit or as a finished verdict
    (FINDINGS with ``history.unreadable`` / ``card.malformed`` for a hand that cannot be read,
    UNSUPPORTED for a game floorman does not play). Never raises."""
    out: list[RecordedHand | HandAudit] = []
    for section in _sections(text):
        hand_id = section.name or source
        first_line = section.first_line
        try:
            hand = parse_phh(section.text)
        except InvalidArgument as error:
            out.append(_unreadable(error, section, source, hand_id))
            continue
        if not hand.supported:
            out.append(
                HandAudit(
                    source=source,
                    hand_id=_hand_id(hand, hand_id),
                    format=_FORMAT_PHH,
                    game=None,
                    status=_STATUS_UNSUPPORTED,
                    line=first_line,
                    detail=f"PHH variant {hand.variant} is not a seed game",
                )
            )
            continue
        try:
            record = _record(hand, section, source, _hand_id(hand, hand_id))
        except InvalidArgument as error:
            out.append(_unreadable(error, section, source, _hand_id(hand, hand_id)))
            continue
        out.append(record)
    return out


def _hand_id(hand: PhhHand, fallback: str) -> str:
    return str(hand.hand) if hand.hand is not None else fallback


def _identity(hand: PhhHand, section: _Section, source: str, metadata: dict[str, object]) -> str:
    """What names the hand (module docstring); ``""`` (no identity) when nothing does.
    ``metadata`` is ``dict(hand.metadata)``."""
    if metadata.get("_hand_id"):
        return f"phh:floorman:{metadata.get('_table_id', '')}:{metadata['_hand_id']}"
    if hand.hand is not None:
        context = [str(metadata.get(key, "")) for key in _IDENTITY_FIELDS]
        if any(context):
            return f"phh:{'|'.join(context)}|{hand.hand}"
        return f"phh-document:{source}:{hand.hand}"
    if section.name:
        return f"phh-section:{source}:{section.name}"
    return ""


def _sections(text: str) -> list[_Section]:
    """One section per hand (one unnamed section when there are no tables), each with its
    own lines only."""
    lines = text.splitlines()
    starts = [(i, m.group("name")) for i, line in enumerate(lines) if (m := _SECTION.match(line))]
    if not starts:
        return [_Section("", 1, text, 0)]
    out = []
    for k, (start, name) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        body = "\n".join(lines[start + 1 : end])
        out.append(_Section(name.strip().strip("'\""), start + 1, body, start + 1))
    return out


def _line_at(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _action_lines(text: str, offset: int = 0) -> list[int]:
    """The line of each string of the ``actions`` array, in order (a light scan of the TOML
    text: the reader has already checked it), plus ``offset``. Only the strings, comments
    and the closing ``]`` are matched: between them a checked array holds blanks and
    commas, which the scan skips without a token each."""
    start = _ACTIONS.search(text)
    if start is None:
        return []
    position = start.end()
    line = _line_at(text, position) + offset
    if (strings := _one_line_array(text, position)) is not None:
        return [line] * strings
    lines = []
    count = text.count
    for token in _ARRAY_ITEM.finditer(text, position):
        value = token.group()
        if value == "]":
            break
        begin = token.start()
        line += count("\n", position, begin)
        position = begin
        if value[0] != "#":
            lines.append(line)
    return lines


def _one_line_array(text: str, position: int) -> int | None:
    """The number of strings of the array that starts at ``position`` when it ends on that
    line and the line holds only literal strings (``'...'``: no basic string, no comment),
    as the scan of :func:`_action_lines` counts them; else ``None`` (the scan decides).
    Split at the quotes, the even pieces are outside the strings: the first of them that
    holds a ``]`` closes the array after ``k // 2`` strings."""
    end = text.find("\n", position)
    rest = text[position:] if end < 0 else text[position:end]
    if '"' in rest or "#" in rest:
        return None
    pieces = rest.split("'")
    if not len(pieces) % 2:
        return None  # an unpaired quote: the scan decides
    for k in range(0, len(pieces), 2):
        if "]" in pieces[k]:
            return k // 2
    return None


def _field_line(text: str, field: str, action_lines: list[int], offset: int = 0) -> int:
    """The line of ``field`` (``actions[3]``: its action string) plus ``offset``; 0 when
    not found. ``action_lines`` already include the offset."""
    match = _FIELD_INDEX.match(field)
    if match is None:
        return 0
    if match.group("name") == "actions" and match.group("index") is not None:
        index = int(match.group("index"))
        if index < len(action_lines):
            return action_lines[index]
    found = re.search(rf"(?m)^[ \t]*{re.escape(match.group('name'))}[ \t]*=", text)
    return _line_at(text, found.start()) + offset if found else 0


def _key_lines(text: str, offset: int = 0) -> dict[str, int]:
    """The line of each bare key's first ``key =`` line start (what :func:`_field_line`
    finds for a field without an index), plus ``offset``: one scan for every field."""
    lines: dict[str, int] = {}
    match = _KEY_AT_LINE_START.match
    for line, row in enumerate(text.split("\n"), 1 + offset):  # a key never spans a line end
        found = match(row)
        if found is not None:
            key = found.group(1)
            if key not in lines:
                lines[key] = line
    return lines


def _unreadable(error: InvalidArgument, section: _Section, source: str, hand_id: str) -> HandAudit:
    text, offset, first_line = section.text, section.offset, section.first_line
    action_lines = _action_lines(text, offset)
    findings = []
    for violation in error.violations:
        line = 0
        message = violation.message
        toml = _TOML_LINE.search(message) if violation.field == "phh" else None
        if toml is not None:
            line = int(toml.group("line")) + offset
            message = _TOML_LINE.sub(f"at line {line}", message, count=1)
        elif violation.field:
            line = _field_line(text, violation.field, action_lines, offset)
        findings.append(
            AuditFinding(
                rule=violation.rule or UNREADABLE_RULE,
                message=f"{violation.field}: {message}",
                line=line or first_line,
            )
        )
    return HandAudit(
        source=source,
        hand_id=hand_id,
        format=_FORMAT_PHH,
        game=None,
        status=_STATUS_FINDINGS,
        findings=tuple(findings),
        line=first_line,
    )


def _expected_config(
    config: HandConfig, keys: dict[str, int], *, explicit: bool
) -> tuple[HandConfig, tuple[PostedBet, ...] | None]:
    """The table's stakes (the common ante) and the posted forced bets when they differ; with
    floorman's ``_forced_bets`` field (``explicit``) the table's own forced bets are expected."""
    if not config.forced_bets:
        return config, None
    blinds = keys.get("blinds_or_straddles", 0)
    antes_line = keys.get("antes", 0)
    lines = {
        KIND_ANTE: antes_line,
        KIND_SMALL_BLIND: blinds,
        KIND_BIG_BLIND: blinds,
        KIND_STRADDLE: blinds,
        KIND_BIG_BLIND_ANTE: antes_line,
    }
    posted = tuple(
        PostedBet(seat=b.seat, kind=b.kind, amount=b.amount, dead=b.dead, line=lines.get(b.kind, 0))
        for b in config.forced_bets
    )
    if explicit:
        return config, posted
    antes = [b.amount for b in config.forced_bets if b.kind is KIND_ANTE]
    antes += [0] * (len(config.seats) - len(antes))
    counts = Counter(antes)
    ante = max(counts, key=lambda amount: (counts[amount], amount))
    stakes = replace(config.stakes, ante=ante)
    return replace(config, stakes=stakes, forced_bets=()), posted


def _whole(values: tuple | None) -> tuple[int, ...] | None:
    if values is None or not all(isinstance(v, int) for v in values):
        return None
    return tuple(values)


def _record(hand: PhhHand, section: _Section, source: str, hand_id: str) -> RecordedHand:
    """Raises InvalidArgument when the hand cannot be mapped (see ``phh_config``)."""
    mapping = map_phh(hand)
    text, offset, first_line = section.text, section.offset, section.first_line
    action_lines = _action_lines(text, offset)
    metadata = dict(hand.metadata)
    keys = _key_lines(text, offset)
    config, posted = _expected_config(mapping.config, keys, explicit="_forced_bets" in metadata)
    seats = [seat.seat for seat in mapping.config.seats]
    finishing = _whole(hand.finishing_stacks)
    winnings = _whole(hand.winnings)
    rake = metadata.get("_rake", metadata.get("rake", 0))
    result_line = keys.get("winnings" if winnings else "finishing_stacks", 0)
    known = len(action_lines)
    declared = DeclaredResult(
        final_stacks=dict(zip(seats, finishing, strict=True)) if finishing else None,
        final_stacks_line=keys.get("finishing_stacks", 0),
        payouts=dict(zip(seats, winnings, strict=True)) if winnings else None,
        payout_lines=dict.fromkeys(seats, result_line),
        rake=rake if isinstance(rake, int) and not isinstance(rake, bool) else 0,
        rake_line=keys.get("rake", 0),
        pot_line=result_line,
    )
    return RecordedHand(
        source=source,
        hand_id=hand_id,
        format=_FORMAT_PHH,
        line=first_line,
        config=config,
        rake_policy=config.rake if "_rake_policy" in metadata else None,
        posted=posted,
        events=mapping.events,
        event_lines=tuple([action_lines[s] if s < known else first_line for s in mapping.sources]),
        declared=declared,
        identity=_identity(hand, section, source, metadata),
        digest=text_digest(text),
        replayed=mapping.state,
    )
