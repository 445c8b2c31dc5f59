"""The other rooms' hands -> :class:`~floorman.domain.audit.recorded.RecordedHand`.

Every room reader of :mod:`floorman.domain.history` (iPoker, Boss, Winning, KingsClub,
Absolute) produces the PokerStars-style model, so the PokerStars audit
(:func:`~floorman.domain.audit.from_pokerstars.stars_records`) maps the hands; what differs
is only how a room states the result, set here:

* iPoker writes no summary: each ``<player>`` states ``chips`` at the start, ``bet`` (all it
  put in, an uncalled bet included) and ``win`` (all it took back, the uncalled bet
  included). A ``bet`` that differs from the chips the seat's actions put in is the record
  contradicting itself (``chips.not_conserved`` at the player's line); the result is then
  judged on the actions: the record's final stacks are ``chips - put in + win`` (the payouts
  follow from them and the replay), and its rake is what the chips put in leave after the
  wins (iPoker states no rake of its own).
* Boss writes ``<SHOWDOWN POT RAKE>`` (the pot after the rake) and a ``<RESULT WIN>`` per
  player: the payouts, the rake and the total pot (``POT + RAKE``), each at its line; it
  states no uncalled bet returned (its pot leaves it out), so none is checked. A mucked
  hand's cards (``$(STR_G_MUCK)`` with cards) are written cards: the duplicate check counts
  them, and they are shown when the rules turn the hand face up.
* KingsClub's summary gives each seat's final stack, ``Rake R`` and ``name wins pot (X)``:
  the payouts, the rake and the final stacks, each at its line; no uncalled bet or total pot
  is stated.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from floorman.domain.audit.findings import AuditFinding, HandAudit, SourceFormat
from floorman.domain.audit.from_pokerstars import stars_records
from floorman.domain.audit.recorded import DeclaredResult, RecordedHand, WrittenCards
from floorman.domain.history.boss import BossFile
from floorman.domain.history.ipoker import IPokerFile
from floorman.domain.history.kingsclub import KingsClubFile
from floorman.domain.history.pokerstars_model import StarsEventKind


def ipoker_records(parsed: IPokerFile, *, source: str) -> list[RecordedHand | HandAudit]:
    """Every hand of an iPoker file as a record (see the module docstring), with the
    unreadable hands and the hands of other games, in file order."""
    results = {h.hand.line: h.players for h in parsed.hands}
    out: list[RecordedHand | HandAudit] = []
    for item in stars_records(parsed.stars_file(), source=source, format=SourceFormat.IPOKER):
        players = results.get(item.line) if isinstance(item, RecordedHand) else None
        if players is None or not isinstance(item, RecordedHand):
            out.append(item)
            continue
        hand = next(h.hand for h in parsed.hands if h.hand.line == item.line)
        put_in: dict[int, int] = defaultdict(int)
        for event in hand.events:
            put_in[event.seat] += event.added
        notes = [
            AuditFinding(
                rule="chips.not_conserved",
                message=f"seat {p.seat} is written to have put in {p.bet}; its actions put in "
                f"{put_in[p.seat]}",
                seat=p.seat,
                expected=str(put_in[p.seat]),
                actual=str(p.bet),
                line=p.line,
            )
            for p in players
            if p.bet != put_in[p.seat]
        ]
        seats = {seat.seat for seat in item.config.seats}
        final = {p.seat: p.chips - put_in[p.seat] + p.win for p in players if p.seat in seats}
        rake = sum(put_in[p.seat] for p in players) - sum(p.win for p in players)
        line = min((p.line for p in players), default=item.line)
        declared = DeclaredResult(
            payout_lines={p.seat: p.line for p in players},
            rake=rake,
            rake_line=line,
            final_stacks=final,
            final_stacks_line=line,
        )
        out.append(replace(item, declared=declared, notes=(*item.notes, *notes)))
    return out


def boss_records(parsed: BossFile, *, source: str) -> list[RecordedHand | HandAudit]:
    """Every hand of a Boss file as a record (see the module docstring), with the unreadable
    hands and the hands of other games, in file order."""
    results = {h.hand.line: h.result for h in parsed.hands}
    out: list[RecordedHand | HandAudit] = []
    for item in stars_records(parsed.stars_file(), source=source, format=SourceFormat.BOSS):
        result = results.get(item.line) if isinstance(item, RecordedHand) else None
        if result is None or not isinstance(item, RecordedHand):
            out.append(item)
            continue
        hand = next(h.hand for h in parsed.hands if h.hand.line == item.line)
        mucked = [e for e in hand.events if e.kind is StarsEventKind.MUCK and e.cards]
        declared = DeclaredResult(
            payouts={seat: won for seat, won in result.wins.items() if won},
            payout_lines=dict(result.win_lines),
            rake=result.rake,
            rake_line=result.line,
            total_pot=result.pot + result.rake,
            pot_line=result.line,
        )
        written = tuple(WrittenCards(seat=e.seat, cards=e.cards, line=e.line) for e in mucked)
        out.append(
            replace(
                item,
                declared=declared,
                written=(*item.written, *written),
                revealed={**item.revealed, **{e.seat: e.cards for e in mucked}},
            )
        )
    return out


def kingsclub_records(parsed: KingsClubFile, *, source: str) -> list[RecordedHand | HandAudit]:
    """Every hand of a KingsClub file as a record (see the module docstring), with the
    unreadable hands and the hands of other games, in file order."""
    results = {h.hand.line: h.result for h in parsed.hands}
    out: list[RecordedHand | HandAudit] = []
    records = stars_records(parsed.stars_file(), source=source, format=SourceFormat.KINGSCLUB)
    for item in records:
        result = results.get(item.line) if isinstance(item, RecordedHand) else None
        if result is None or not isinstance(item, RecordedHand):
            out.append(item)
            continue
        declared = DeclaredResult(
            payouts=dict(result.wins),
            payout_lines=dict(result.win_lines),
            rake=result.rake,
            rake_line=result.rake_line,
            final_stacks=dict(result.final_stacks),
            final_stacks_line=result.final_line,
        )
        out.append(replace(item, declared=declared))
    return out
