"""Every TableService use case on the memory store: tables, seats, hands, exact chips."""

from __future__ import annotations

import pytest
from tables_app_support import (
    DEALER,
    Table,
    cards,
    service,
    table_settings,
)

from floorman.app.tables import commands as c
from floorman.app.tables.ports import StackedDeck
from floorman.app.tables.service import HandNotFound
from floorman.domain.errors import InvalidArgument, RuleViolation
from floorman.domain.model import ActionType, Deal, ForcedBetKind, Game
from floorman.domain.table.events import HandDealt, HandSettled, SeatLeft, TableClosed
from floorman.domain.table.seats import EntryOption, SeatStatus
from floorman.domain.table.settings import DealMode
from floorman.store import TableExists, TableNotFound

FOLD, CHECK, CALL = ActionType.FOLD, ActionType.CHECK, ActionType.CALL
BET, RAISE, DRAW, SHOW, MUCK = (
    ActionType.BET, ActionType.RAISE, ActionType.DRAW, ActionType.SHOW, ActionType.MUCK,
)  # fmt: skip

# Seat 2 (small blind) gets trips aces, seat 3 (big blind) trips kings, seat 1 junk: dealt
# round-robin from the button's left (2, 3, 1); the draw gives seat 2 the stub's 2c 2h.
DRAW_DECK = cards("As Ks 4s Ah Kh 5h Ad Kd 9d 7c 8c Jc 2d 3d Qd")


def three_handed(game: Game = Game.FIVE_CARD_DRAW, deck=None, **settings) -> Table:
    """A table with p1, p2, p3 in seats 1-3, 2000 each."""
    table = Table.create(service(deck=deck), table_settings(game, **settings))
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    return table


def test_create_get_and_list_tables():
    """CreateTable fills defaults (7-A: five seats) and derives an id from the request id;
    GetTable and ListTables show it; ListTables pages and hides closed tables."""
    svc = service()
    reply = svc.create_table(
        c.CreateTable(request_id="abc", settings=table_settings(Game.FIVE_CARD_DRAW_7A)),
        viewer=DEALER,
    )
    table = reply.outcome.table
    assert table.table_id == c.derived_table_id("abc")
    assert (table.sequence, table.settings.max_seats, table.hand_count) == (1, 5, 0)
    assert svc.get_table(table.table_id) == table
    for name in ("a", "b", "c"):
        Table.create(svc, table_settings(), table_id=name)
    page, token = svc.list_tables(page_size=2)
    assert [t.table_id for t in page] == ["a", "b"] and token
    rest, token = svc.list_tables(page_size=2, page_token=token)
    assert [t.table_id for t in rest] == ["c", table.table_id] and token == ""
    with pytest.raises(TableNotFound):
        svc.get_table("nope")
    with pytest.raises(InvalidArgument):
        svc.list_tables(page_token="garbage")


def test_create_table_id_taken_by_another_request_is_table_exists():
    """A second CreateTable for a taken id (another request id) is TableExists."""
    table = three_handed()
    with pytest.raises(TableExists):
        table.service.create_table(
            c.CreateTable(request_id="other", table_id="t1", settings=table_settings()),
            viewer=DEALER,
        )


def test_full_draw_hand_with_exact_chips_and_settlement():
    """RULES.md Five Card Draw: blinds 100/200, button folds, SB calls, BB checks, SB draws
    two, bets 400, BB calls; SB's aces full beat the kings: he wins the 1200 pot."""
    table = three_handed(deck=StackedDeck([DRAW_DECK]))
    started = table.start().outcome
    hand = started.hand
    assert [(b.seat, b.kind, b.amount) for b in hand.config.forced_bets] == [
        (2, ForcedBetKind.SMALL_BLIND, 100), (3, ForcedBetKind.BIG_BLIND, 200),
    ]  # fmt: skip
    assert hand.events[0] == Deal(seat=2, cards=cards("As Ah Ad 7c 2d"))
    assert started.table.current_hand_id == hand.hand_id == "hand-1"
    assert hand.state.seat_to_act == 1
    table.act(1, FOLD)
    table.act(2, CALL)
    table.act(3, CHECK)
    drawn = table.act(2, DRAW, card_text="7c 2d").outcome.hand
    assert drawn.events[-1] == Deal(seat=2, cards=cards("2c 2h"))
    table.act(3, DRAW)
    table.act(2, BET, 400)
    table.act(3, CALL)
    shown = table.act(2, SHOW).outcome.hand  # service-dealt: SHOW without cards shows his own
    assert shown.events[-1].cards == cards("As Ah Ad 2c 2h")
    done = table.act(3, MUCK).outcome
    result = done.hand.result
    assert done.hand.complete and done.table.current_hand_id == ""
    assert [(p.amount, p.winners) for p in result.pots] == [(1200, (2,))]
    assert result.payouts == {2: 1200} and result.rake == 0
    assert result.final_stacks == {1: 2000, 2: 2600, 3: 1400}
    assert table.stacks() == {1: 2000, 2: 2600, 3: 1400}
    assert done.table.hand_count == 1


def test_second_hand_moves_the_button_and_carries_stacks():
    """RULES.md "Button": the next hand's button is seat 2 and stacks carry over."""
    table = three_handed()
    table.start()
    table.act(1, FOLD)
    table.act(2, FOLD)  # the big blind wins the blinds
    assert table.stacks() == {1: 2000, 2: 1900, 3: 2100}
    second = table.start().outcome.hand
    assert second.positions.button == 2
    assert {s.seat: s.stack for s in second.config.seats} == {1: 2000, 2: 1900, 3: 2100}
    assert [(b.seat, b.kind) for b in second.config.forced_bets] == [
        (3, ForcedBetKind.SMALL_BLIND), (1, ForcedBetKind.BIG_BLIND),
    ]  # fmt: skip


def test_seat_leave_sit_out_sit_in_use_cases():
    """SeatPlayer (entry), SitOut, SitIn and LeaveSeat change the table and answer it;
    LeaveSeat answers the cash-out and the chips leave the table."""
    table = three_handed()
    reply = table.seat(5, 1500, entry=EntryOption.POST_BIG_BLIND, player="zoe")
    assert [s.seat for s in reply.outcome.table.seats] == [1, 2, 3, 5]
    table.run(c.SitOut, seat=2)
    assert table.service.get_table("t1").seats[1].status is SeatStatus.SITTING_OUT
    table.run(c.SitIn, seat=2)
    left = table.run(c.LeaveSeat, seat=5)
    assert left.outcome.cash_out == 1500
    assert [s.seat for s in left.outcome.table.seats] == [1, 2, 3]
    with pytest.raises(RuleViolation) as empty:
        table.run(c.LeaveSeat, seat=5)
    assert empty.value.rule == "seat.empty"


def test_newcomer_posting_is_dealt_in_with_a_live_big_blind():
    """RULES.md "Button": after the first hand a newcomer who posts is dealt in at the next
    hand with a live big blind beside the regular one."""
    table = three_handed()
    table.seat(5, 2000)
    table.start()  # button 1, blinds 2 and 3
    table.act(5, FOLD)
    table.act(1, FOLD)
    table.act(2, FOLD)
    table.seat(6, 1000, entry=EntryOption.POST_BIG_BLIND)
    hand = table.start().outcome.hand
    assert hand.positions.big_blind == 5
    assert [(b.seat, b.kind, b.amount) for b in hand.config.forced_bets] == [
        (3, ForcedBetKind.SMALL_BLIND, 100),
        (5, ForcedBetKind.BIG_BLIND, 200),
        (6, ForcedBetKind.BIG_BLIND, 200),
    ]
    assert hand.state.seat_to_act == 6  # left of the big blind, his blind live: he may raise


def test_close_table_cashes_everyone_out_and_refuses_later_writes():
    """CloseTable appends a SeatLeft per seated player then TableClosed; later writes are
    ``table.closed``; closed tables leave ListTables unless asked for."""
    table = three_handed()
    reply = table.run(c.CloseTable)
    assert reply.outcome.table.closed and reply.outcome.table.seats == ()
    events = table.service.events_after("t1", 4, viewer=DEALER).events
    assert [type(e.event) for e in events] == [SeatLeft, SeatLeft, SeatLeft, TableClosed]
    assert [e.event.cash_out for e in events[:3]] == [2000, 2000, 2000]
    with pytest.raises(RuleViolation) as closed:
        table.seat(4, 100)
    assert closed.value.rule == "table.closed"
    assert table.service.list_tables()[0] == ()
    assert [t.table_id for t in table.service.list_tables(include_closed=True)[0]] == ["t1"]


def test_close_table_refused_during_a_hand():
    """CloseTable while a hand runs is ``hand.in_progress``."""
    table = three_handed()
    table.start()
    with pytest.raises(RuleViolation) as refused:
        table.run(c.CloseTable)
    assert refused.value.rule == "hand.in_progress"


def test_start_hand_needs_two_players():
    """StartHand with one player is ``table.players``."""
    table = Table.create(service(), table_settings())
    table.seat(1, 1000)
    with pytest.raises(RuleViolation) as refused:
        table.start()
    assert refused.value.rule == "table.players"


def test_get_hand_current_last_and_by_id():
    """GetHand: ``""`` is the hand in progress, else the last one; an unknown id or a table
    without hands is HandNotFound."""
    table = three_handed()
    with pytest.raises(HandNotFound) as none:
        table.service.get_hand("t1", "", viewer=DEALER)
    assert str(none.value) == "table 't1' has no hand yet (none started)"
    table.start()
    assert table.service.get_hand("t1", "", viewer=DEALER).hand_id == "hand-1"
    table.act(1, FOLD)
    table.act(2, FOLD)
    table.start()
    last = table.service.get_hand("t1", "hand-1", viewer=DEALER)
    assert last.complete and last.result.payouts == {3: 200}  # and 100 uncalled returned
    assert last.result.returned == {3: 100}
    assert table.service.get_hand("t1", "", viewer=DEALER).hand_id == "hand-2"
    with pytest.raises(HandNotFound) as unknown:
        table.service.get_hand("t1", "hand-9", viewer=DEALER)
    assert str(unknown.value) == "table 't1' has no hand 'hand-9'"


def test_stud_table_hand_starts_with_antes_and_deals_third_street():
    """RULES.md Seven Card Stud family: StartHand posts the antes and deals 3rd street (two
    down, one up to each); the bring-in acts first."""
    table = three_handed(Game.SEVEN_CARD_STUD, small_bet=20, ante=5)
    hand = table.start().outcome.hand
    assert [(b.kind, b.amount) for b in hand.config.forced_bets] == [(ForcedBetKind.ANTE, 5)] * 3
    assert hand.state.street == "third_street" and hand.state.pot_total == 15
    assert sorted((e.seat, e.face_up, len(e.cards)) for e in hand.events) == [
        (1, False, 2), (1, True, 1), (2, False, 2), (2, True, 1), (3, False, 2), (3, True, 1),
    ]  # fmt: skip
    assert {entry.type for entry in hand.legal_actions} == {
        ActionType.BRING_IN,
        ActionType.COMPLETE,
    }


def test_recorded_mode_deal_cards_then_play():
    """Recorded mode: the dealer reports each seat's five cards (``??`` accepted for hole
    cards nobody saw); the hand then plays like any other."""
    table = three_handed(deal_mode=DealMode.RECORDED)
    hand = table.start().outcome.hand
    assert hand.events == () and hand.state.phase == "dealing"
    dealt = table.deal(
        Deal(seat=2, cards=cards("As Ah Ad 7c 2d")),
        Deal(seat=3, cards=(None,) * 5),
        Deal(seat=1, cards=cards("4s 5h 9d Jc Qd")),
    ).outcome.hand
    assert dealt.state.phase == "betting" and dealt.state.seat_to_act == 1
    table.act(1, FOLD)
    done = table.act(2, FOLD).outcome.hand
    assert done.complete and done.result.payouts == {3: 200}


def test_events_are_in_the_log_in_order_with_the_settlement():
    """The log holds HandStarted, the deals, each action and HandSettled, in order."""
    table = three_handed()
    table.start()
    table.act(1, FOLD)
    table.act(2, FOLD)
    events = table.service.events_after("t1", 0, viewer=DEALER).events
    assert [e.sequence for e in events] == list(range(1, len(events) + 1))
    assert isinstance(events[-1].event, HandSettled)
    assert events[-1].hand_id == "hand-1"


def test_recorded_hand_with_unknown_hole_cards_waits_for_them_to_be_shown():
    """DESIGN.md "Unknown cards": a recorded all-in hand dealt face down as ``??`` is over but
    cannot be settled until the dealer shows the hands (SHOW reveals them); meanwhile no new
    hand starts; then the pot goes to the better hand (7-A: the flush beats the two pair)."""
    table = Table.create(
        service(), table_settings(Game.FIVE_CARD_DRAW_7A, deal_mode=DealMode.RECORDED)
    )
    table.seat(1, 2000)
    table.seat(2, 150)  # the big blind, short: all in
    table.start()  # heads-up: seat 1 is the button and posts the small blind
    table.deal(Deal(seat=2, cards=(None,) * 5), Deal(seat=1, cards=(None,) * 5))
    table.act(1, CALL)
    table.act(2, DRAW)
    waiting = table.act(1, DRAW).outcome
    assert waiting.hand.state.hand_complete and not waiting.hand.complete
    assert waiting.table.current_hand_id == waiting.hand.hand_id
    with pytest.raises(RuleViolation) as busy:
        table.start()
    assert busy.value.rule == "hand.in_progress"
    table.act(1, SHOW, card_text="Ah Ad Kh Kd Qc")
    done = table.act(2, SHOW, card_text="As Ks Qs Js 9s").outcome
    assert done.hand.complete
    assert done.hand.result.payouts == {2: 300} and done.hand.result.returned == {1: 50}
    assert table.stacks() == {1: 1850, 2: 300}


def test_recorded_stud_table_refuses_a_face_up_card_reported_unknown():
    """docs/rules.md "A face-up card must be known": at a recorded stud table a door card
    reported as ``??`` is refused as ``card.unknown`` (RuleViolation, the seat named) and
    no card of the request is stored (the down cards sent with it neither; the log keeps
    only the refusal's finding); hole cards nobody saw may still be ``??``, and the known
    door card is then accepted."""
    table = three_handed(Game.SEVEN_CARD_STUD, small_bet=20, ante=5, deal_mode=DealMode.RECORDED)
    table.start()
    with pytest.raises(RuleViolation) as refused:
        table.deal(Deal(seat=1, cards=(None, None)), Deal(seat=1, cards=(None,), face_up=True))
    assert (refused.value.rule, refused.value.seat, refused.value.actual) == (
        "card.unknown", 1, "??"
    )  # fmt: skip
    logged = table.service.events_after("t1", 0, viewer=DEALER).events
    assert not any(isinstance(e.event, HandDealt) for e in logged)
    hand = table.deal(
        Deal(seat=1, cards=(None, None)), Deal(seat=1, cards=cards("9c"), face_up=True)
    ).outcome.hand
    assert [(e.seat, e.face_up, e.cards) for e in hand.events] == [
        (1, False, (None, None)), (1, True, cards("9c")),
    ]  # fmt: skip
