"""Dead blinds and the dead button through TableService, exported and audited (RULES.md
"Five Card Draw, 7-A" Button: the big blind always moves to the next player, the button or
small blind may be dead; a player who missed blinds posts them on return, the big blind live
and a missed small blind dead; docs/hand-history-formats.md "PokerStars-style text").

Hands are played at a five-seat dead-button Five Card Draw table (memory store, seeded deck):
a player who sits out and returns, in both fixed and no limit, and every hand is exported as
PHH, OHH and PokerStars text and audited. The PokerStars lines are checked too: a dead small
blind posted on its own is ``posts small blind`` after the live blinds (never ``posts the
ante``), a missed small blind position leaves only ``posts big blind``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from floorman.app.tables import commands as c
from floorman.app.tables.ports import SeededDeck
from floorman.app.tables.service import TableService
from floorman.domain.audit import AuditStatus, SourceFormat, audit_document
from floorman.domain.model import Action, ActionType, BettingStructure, ForcedBetKind, Game, Stakes
from floorman.domain.table.redaction import Role, Viewer
from floorman.domain.table.settings import ButtonRule, DealMode, TableSettings
from floorman.store import open_store

DEALER = Viewer(Role.DEALER)
AUDITOR = Viewer(Role.AUDITOR)
FORMATS = {"phh": SourceFormat.PHH, "ohh": SourceFormat.OHH, "pokerstars": SourceFormat.POKERSTARS}
STRUCTURES = (BettingStructure.FIXED_LIMIT, BettingStructure.NO_LIMIT)


class Table:
    """One dead-button Five Card Draw table of a TableService (five players, 1000 each)."""

    def __init__(self, service: TableService, table_id: str, structure: BettingStructure,
                 name: str = "") -> None:  # fmt: skip
        self.service, self.table_id, self.sequence = service, table_id, 0
        self.requests = itertools.count(1)
        settings = TableSettings(
            name=name,
            game=Game.FIVE_CARD_DRAW,
            betting_structure=structure,
            stakes=Stakes(small_bet=20),
            deal_mode=DealMode.SERVICE_DEALT,
            button_rule=ButtonRule.DEAD_BUTTON,
            max_seats=6,
        )
        reply = service.create_table(
            c.CreateTable(request_id=f"create-{table_id}", table_id=table_id, settings=settings),
            viewer=DEALER,
        )
        self.sequence = reply.outcome.table.sequence
        for seat in (1, 2, 3, 4, 5):
            self.send(c.SeatPlayer, seat=seat, player_id=f"p{seat}", buy_in=1000)

    def send(self, kind: type, **fields: object) -> Any:
        methods: dict[type, Callable[..., Any]] = {
            c.SeatPlayer: self.service.seat_player,
            c.SitOut: self.service.sit_out,
            c.SitIn: self.service.sit_in,
            c.StartHand: self.service.start_hand,
            c.RecordAction: self.service.record_action,
        }
        command = kind(
            table_id=self.table_id,
            expected_sequence=self.sequence,
            request_id=f"{self.table_id}-r{next(self.requests)}",
            **fields,
        )
        outcome = methods[kind](command, viewer=DEALER).outcome
        self.sequence = outcome.table.sequence
        return outcome

    def play(self, raiser: int = 0) -> Any:
        """One hand: ``raiser`` raises (bets) the minimum once, everybody else folds or
        checks, draws stand pat; returns the finished hand."""
        hand = self.send(c.StartHand).hand
        raised = False
        while not hand.complete:
            seat = hand.state.seat_to_act
            legal = {entry.type: entry for entry in hand.legal_actions}
            aggressive = next((k for k in (ActionType.RAISE, ActionType.BET) if k in legal), None)
            if seat == raiser and aggressive and not raised:
                action = Action(seat=seat, type=aggressive, amount=legal[aggressive].min_amount)
                raised = True
            elif ActionType.FOLD in legal and seat != raiser:
                action = Action(seat=seat, type=ActionType.FOLD)
            else:
                kind = next(
                    k
                    for k in (ActionType.CHECK, ActionType.CALL, ActionType.DRAW, ActionType.SHOW)
                    if k in legal
                )
                action = Action(seat=seat, type=kind)
            hand = self.send(c.RecordAction, action=action).hand
        return hand

    def export(self, hand_id: str, fmt: str) -> str:
        return self.service.export_hand(self.table_id, hand_id, fmt, viewer=AUDITOR).content


def _service() -> TableService:
    counter = itertools.count(1)
    return TableService(
        open_store("memory://"),
        deck=SeededDeck(5),
        clock=lambda: datetime(2025, 3, 1, 20, 0, tzinfo=UTC),
        ids=lambda: f"hand-{next(counter)}",
    )


def _session(structure: BettingStructure) -> tuple[Table, dict[str, Any]]:
    """Hands of one table, by what they show (forced bets as the engine posted them):

    * ``dead_small_blind``: seat 3 (the small-blind position of hand 2) sits out hand 2: the
      small blind is dead (button 2, big blind seat 4, nobody posts a small blind);
    * ``small_blind_only``: seat 3 returns and owes only the small blind: it posts it dead on
      its own (hand 4, after the live blinds);
    * ``both_blinds``: seat 4 sits out its big blind (hand 5) and returns owing both blinds:
      ``posts small & big blinds`` (hand 6) or its dead small blind with a live big blind.
    """
    table = Table(_service(), f"dead-{structure.value}", structure)
    hands: dict[str, Any] = {"first": table.play()}  # button 1, blinds 2 and 3
    table.send(c.SitOut, seat=3)
    hands["dead_small_blind"] = table.play()  # button 2, small blind 3 dead, big blind 4
    table.send(c.SitIn, seat=3)
    hands["returned"] = table.play(raiser=3)
    hands["small_blind_only"] = table.play(raiser=3)
    table.send(c.SitOut, seat=1)
    hands["missed_big_blind"] = table.play()
    table.send(c.SitIn, seat=1)
    for number in range(3):
        hands[f"after_return_{number}"] = table.play(raiser=1)
    return table, hands


def _findings(table: Table, hand_id: str, fmt: str) -> list[tuple[str, str]]:
    """The audit's findings of one exported hand (its status when it is neither CLEAN nor
    FINDINGS); [] when CLEAN."""
    (audit,) = audit_document(table.export(hand_id, fmt), source=hand_id, format=FORMATS[fmt])
    if audit.status is AuditStatus.CLEAN:
        return []
    return [(f.rule, f.message) for f in audit.findings] or [("status", audit.status.value)]


@pytest.fixture(scope="module", params=STRUCTURES, ids=lambda s: s.value)
def session(request: pytest.FixtureRequest) -> tuple[Table, dict[str, Any]]:
    return _session(request.param)


def _dead_blind_seats(hand: Any) -> list[int]:
    return [b.seat for b in hand.config.forced_bets if b.kind is ForcedBetKind.DEAD_BLIND]


def test_the_session_has_a_dead_small_blind_and_returning_players(session) -> None:
    """The scenario is what it claims (RULES.md "Five Card Draw, 7-A" Button): hand 2 has no
    small blind (seat 3 sits out) and its big blind is seat 4; hand 4 has seat 3's dead small
    blind posted on its own; seat 1 returns owing blinds and posts a dead small blind."""
    _, hands = session
    dead = hands["dead_small_blind"]
    assert dead.config.button_seat == 2
    assert [(b.seat, b.kind) for b in dead.config.forced_bets] == [(4, ForcedBetKind.BIG_BLIND)]
    assert _dead_blind_seats(hands["small_blind_only"]) == [3]
    returns = [h for k, h in hands.items() if k.startswith("after_return")]
    assert any(_dead_blind_seats(h) == [1] for h in returns)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_dead_blind_and_dead_button_hands_audit_clean_in_every_format(session, fmt) -> None:
    """Every hand of the session, exported by TableService in ``fmt``, audits CLEAN (issue 5
    round trip; docs/hand-history-formats.md)."""
    table, hands = session
    found = {name: _findings(table, hand.hand_id, fmt) for name, hand in hands.items()}
    assert found == {name: [] for name in hands}


def test_a_dead_small_blind_on_its_own_is_written_posts_small_blind(session) -> None:
    """docs/hand-history-formats.md "PokerStars-style text": a returning player's dead small
    blind (owing only the small blind) is ``posts small blind 10`` after the live blinds,
    never ``posts the ante``."""
    table, hands = session
    lines = table.export(hands["small_blind_only"].hand_id, "pokerstars").splitlines()
    posts = [line for line in lines if ": posts " in line]
    assert posts[-1] == "p3: posts small blind 10"
    assert [line for line in posts if line.startswith("p3:")] == ["p3: posts small blind 10"]
    assert not any("posts the ante" in line for line in lines)


def test_a_dead_small_blind_position_leaves_only_the_big_blind(session) -> None:
    """RULES.md "Five Card Draw, 7-A" Button (dead small blind): the button is seat 2, seat 3
    is not dealt in, seat 4 posts the big blind and nobody a small blind."""
    table, hands = session
    lines = table.export(hands["dead_small_blind"].hand_id, "pokerstars").splitlines()
    assert lines[1] == f"Table '{table.table_id}' 6-max Seat #2 is the button"
    assert [line for line in lines if ": posts " in line] == ["p4: posts big blind 20"]


def test_same_named_tables_export_distinct_hands() -> None:
    """docs/hand-history-formats.md "One hand, one identity": two tables sharing a name both
    number their hands from 1; their PokerStars exports name the table id, so one document of
    both audits every hand CLEAN (no ``history.duplicate_hand``, no ``duplicate``)."""
    service = _service()
    texts = []
    for table_id in ("probe-a", "probe-b"):
        table = Table(service, table_id, BettingStructure.FIXED_LIMIT, name="probe")
        hand = table.play()
        assert hand.hand_id
        texts.append(table.export(hand.hand_id, "pokerstars"))
    assert texts[0].splitlines()[1] == "Table 'probe [probe-a]' 6-max Seat #1 is the button"
    audits = audit_document("".join(texts), source="both", format=SourceFormat.POKERSTARS)
    assert [a.status for a in audits] == [AuditStatus.CLEAN, AuditStatus.CLEAN]
