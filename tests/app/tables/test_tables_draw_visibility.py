"""A service-dealt DRAW must name cards its caller can see (docs/rules.md, rule id
``draw.hidden_cards``; RULES.md "Five Card Draw, 7-A", the draw; DESIGN.md hole-card
redaction per role)."""

from __future__ import annotations

import re

import pytest
from tables_app_support import AUDITOR, DEALER, OBSERVER, Table, cards, service, table_settings

from floorman.app.tables import commands as c
from floorman.app.tables.ports import StackedDeck
from floorman.domain.errors import RuleViolation
from floorman.domain.model import Action, ActionType, Deal, Game
from floorman.domain.table.events import FindingRecorded
from floorman.domain.table.redaction import Viewer
from floorman.domain.table.settings import DealMode

DRAW = ActionType.DRAW
DRAW_DECK = cards("As Ks 4s Ah Kh 5h Ad Kd 9d 7c 8c Jc 2d 3d Qd")
"""Dealt from seat 2: seat 2 As Ah Ad 7c 2d, seat 3 Ks Kh Kd 8c 3d, seat 1 4s 5h 9d Jc Qd."""
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")


def at_the_draw(game: Game = Game.FIVE_CARD_DRAW) -> Table:
    """A service-dealt table (stacked deck), three players: seat 1 folds, seat 2 calls,
    seat 3 checks; seat 2 is to draw."""
    table = Table.create(service(deck=StackedDeck([DRAW_DECK])), table_settings(game))
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    table.act(1, ActionType.FOLD)
    table.act(2, ActionType.CALL)
    table.act(3, ActionType.CHECK)
    assert table.service.get_hand("t1", "", viewer=DEALER).state.seat_to_act == 2
    return table


def draw(table: Table, viewer: Viewer, discards: tuple, *, request_id: str = "") -> object:
    """Seat 2 draws ``discards`` (``None`` is ``??``) as ``viewer``; the reply."""
    table.viewer = viewer
    return table.run(c.RecordAction, request_id=request_id,
                     action=Action(seat=2, type=DRAW, cards=discards))  # fmt: skip


def refused(table: Table, viewer: Viewer, discards: tuple) -> RuleViolation:
    """The refusal of seat 2's DRAW of ``discards`` sent as ``viewer``."""
    with pytest.raises(RuleViolation) as caught:
        draw(table, viewer, discards)
    return caught.value


def test_five_card_draw_observer_naming_cards_is_draw_hidden_cards_whether_held_or_not():
    """docs/rules.md ``draw.hidden_cards``: an observer's DRAW naming the two cards seat 2
    holds (7c 2d) and one naming a card it does not hold (Qh) get the same refusal, which
    names the cause and the way out and no card; the finding is on the log, not secret."""
    table = at_the_draw()
    held = refused(table, OBSERVER, cards("7c 2d"))
    guessed = refused(table, OBSERVER, cards("Qh"))
    assert (held.rule, held.seat, held.expected, held.actual) == (
        "draw.hidden_cards", 2, "dealer", "observer",
    )  # fmt: skip
    assert held.message == guessed.message == (
        "DRAW must name the discarded cards; this caller's role (observer) cannot see "
        "seat 2's cards: act as a dealer"
    )  # fmt: skip
    assert not CARD.search(held.message)
    recorded = [e.event for e in table.service.events_after("t1", 0, viewer=OBSERVER).events
                if isinstance(e.event, FindingRecorded)]  # fmt: skip
    assert [(f.finding.rule, f.secret) for f in recorded] == [("draw.hidden_cards", False)] * 2
    assert recorded[0].finding.message == held.message


@pytest.mark.parametrize("game", [Game.FIVE_CARD_DRAW, Game.FIVE_CARD_DRAW_7A])
def test_five_card_draw_unknown_card_names_no_card_at_a_service_dealt_table(game: Game):
    """docs/rules.md ``draw.hidden_cards``: a DRAW naming ``??`` is refused for a dealer too
    (the service knows every card); an observer's refusal adds the role hint."""
    deck = cards("As Ks 7s Ah Kh 8h Ad Kd 9d 7c 8c Jc Td Tc Qd")
    table = Table.create(service(deck=StackedDeck([deck])), table_settings(game))
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    table.act(1, ActionType.FOLD)
    table.act(2, ActionType.CALL)
    table.act(3, ActionType.CHECK)
    dealer = refused(table, DEALER, (None, None))
    assert (dealer.rule, dealer.expected, dealer.actual) == (
        "draw.hidden_cards", "known cards", "??",
    )  # fmt: skip
    assert dealer.message == (
        "DRAW must name the discarded cards; ?? names no card at a service-dealt table"
    )
    observer = refused(table, OBSERVER, (None,))
    assert observer.message == (
        "DRAW must name the discarded cards; ?? names no card at a service-dealt table; "
        "this caller's role (observer) cannot see seat 2's cards: act as a dealer"
    )


def test_five_card_draw_auditor_cannot_name_live_cards_and_dealer_can():
    """docs/rules.md ``draw.hidden_cards``: an auditor (who sees hole cards only once the
    hand has ended) is refused like an observer; the dealer's DRAW of 7c 2d is accepted and
    seat 2 receives two cards."""
    table = at_the_draw()
    auditor = refused(table, AUDITOR, cards("7c 2d"))
    assert (auditor.rule, auditor.actual) == ("draw.hidden_cards", "auditor")
    assert "role (auditor)" in auditor.message
    reply = draw(table, DEALER, cards("7c 2d"))
    assert reply.outcome.hand.state.seat_to_act == 3


def test_five_card_draw_observer_may_stand_pat_and_out_of_turn_stays_turn_out_of_turn():
    """RULES.md "Draw" (0-5 discards) and ``turn.out_of_turn``: an observer's DRAW with no
    cards stands pat; a DRAW naming cards by the seat not to draw is judged by the engine
    first (``turn.out_of_turn``), not as hidden cards."""
    table = at_the_draw()
    table.viewer = OBSERVER
    with pytest.raises(RuleViolation) as early:
        table.run(c.RecordAction, action=Action(seat=3, type=DRAW, cards=cards("8c")))
    assert early.value.rule == "turn.out_of_turn"
    reply = draw(table, OBSERVER, ())
    assert reply.outcome.hand.state.seat_to_act == 3


def test_five_card_draw_observer_may_name_cards_of_a_hand_face_up_after_an_all_in():
    """RULES.md "Showdown order" (all in and betting over: every hand face up) with
    docs/rules.md ``draw.hidden_cards``: an observer sees the exposed hands, so its DRAW of
    seat 2's visible 7c is accepted; naming ``??`` is still refused."""
    deck = cards("As Ks Ah Kh Ad Kd 7c 8c 2d 3d")  # heads-up: seat 2 first, then seat 1
    table = Table.create(service(deck=StackedDeck([deck])), table_settings())
    table.seat(1, 2000)
    table.seat(2, 150)  # the big blind, all in
    table.start()
    table.act(1, ActionType.CALL)
    hand = table.service.get_hand("t1", "", viewer=OBSERVER)
    assert hand.state.seat_to_act == 2
    assert refused(table, OBSERVER, (None,)).rule == "draw.hidden_cards"
    reply = draw(table, OBSERVER, cards("7c"))
    assert reply.outcome is not None


def test_five_card_draw_recorded_table_is_not_concerned():
    """docs/rules.md ``draw.hidden_cards`` concerns service-dealt tables only: at a recorded
    table an observer's DRAW of seat 2's reported cards is judged by the engine (accepted)."""
    table = Table.create(service(), table_settings(deal_mode=DealMode.RECORDED))
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    table.deal(
        Deal(seat=2, cards=cards("As Ah Ad 7c 2d")),
        Deal(seat=3, cards=cards("Ks Kh Kd 8c 3d")),
        Deal(seat=1, cards=cards("4s 5h 9d Jc Qd")),
    )
    table.act(1, ActionType.FOLD)
    table.act(2, ActionType.CALL)
    table.act(3, ActionType.CHECK)
    reply = draw(table, OBSERVER, cards("7c 2d"))
    assert reply.outcome.hand.state.awaiting_deal_seats == (2,)
