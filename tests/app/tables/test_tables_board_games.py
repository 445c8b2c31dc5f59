"""Tables of the community-card games (issue 11 point 4; RULES.md "Hold'em and Omaha"): the
service dealer burns before each board street and deals the board face up; a recorded table
takes the board (and reported burns) from DealCards; GetHand shows the board once dealt and
never before, while hole cards stay redacted; the straddle and the big-blind ante from the
table's stakes every hand, never heads-up."""

from __future__ import annotations

import pytest
from tables_app_support import DEALER, OBSERVER, Table, cards, service, table_settings
from test_tables_log import played

from floorman.app.tables import codec
from floorman.app.tables import commands as c
from floorman.app.tables.ports import StackedDeck
from floorman.domain.errors import RuleViolation
from floorman.domain.model import ActionType, BettingStructure, Deal, ForcedBetKind, Game, Stakes
from floorman.domain.table.settings import DealMode, TableSettings
from floorman.store import open_store

NL = BettingStructure.NO_LIMIT

CALL, CHECK, FOLD, RAISE, SHOW = (
    ActionType.CALL,
    ActionType.CHECK,
    ActionType.FOLD,
    ActionType.RAISE,
    ActionType.SHOW,
)
# first hand, seats 1-3: button 1, small blind 2, big blind 3; holes from seat 2 round-robin,
# then burn + flop, burn + turn, burn + river
HOLDEM_DECK = cards("Ah Kh Qh Ad Kd Qd 2c 7s 8s 9s 3c Ts 4c Js")


def holdem_table(**extra: object) -> Table:
    table = Table.create(
        service(deck=StackedDeck([HOLDEM_DECK])),
        table_settings(Game.TEXAS_HOLDEM, small_bet=200, **extra),
    )
    for seat in (1, 2, 3):
        table.seat(seat, 5000)
    return table


def board_deals(view) -> list[Deal]:
    return [e for e in view.events if isinstance(e, Deal) and e.seat == 0]


def test_service_dealt_holdem_burns_then_deals_each_board_street_face_up():
    """RULES.md "Hold'em and Omaha" Deal: hole cards one at a time from the button's left;
    a burn before the flop, the turn and the river (service-dealt), the board face up."""
    table = holdem_table()
    hand = table.start().outcome.hand
    holes = [e for e in hand.events if isinstance(e, Deal)]
    assert [(d.seat, d.cards) for d in holes] == [
        (2, cards("Ah Ad")), (3, cards("Kh Kd")), (1, cards("Qh Qd"))]  # fmt: skip
    assert hand.state.street == "pre_flop" and hand.state.seat_to_act == 1
    table.act(1, CALL)
    table.act(2, CALL)
    hand = table.act(3, CHECK).outcome.hand
    assert [(d.burn, d.face_up, d.cards) for d in board_deals(hand)] == [
        (True, False, cards("2c")), (False, True, cards("7s 8s 9s"))]  # fmt: skip
    assert hand.state.community == cards("7s 8s 9s") and hand.state.seat_to_act == 2
    for _ in range(2):
        for seat in (2, 3, 1):
            hand = table.act(seat, CHECK).outcome.hand
    assert hand.state.community == cards("7s 8s 9s Ts Js")
    for seat in (2, 3, 1):
        hand = table.act(seat, CHECK).outcome.hand
    for seat in (2, 3, 1):
        hand = table.act(seat, SHOW).outcome.hand
    assert hand.complete
    assert hand.result.pots[0].winners == (1, 2, 3)  # the board's straight flush plays


def test_get_hand_shows_the_board_once_dealt_never_hole_cards_or_burns():
    """DESIGN.md redaction / issue 11: an observer sees ``??`` for hole cards and burns, no
    board before the flop is dealt, then the flop; the dealer sees everything."""
    table = holdem_table()
    table.start()
    before = table.service.get_hand("t1", "", viewer=OBSERVER)
    assert before.state.community == () and board_deals(before) == []
    assert all(e.cards == (None, None) for e in before.events if isinstance(e, Deal))
    table.act(1, CALL)
    table.act(2, CALL)
    table.act(3, CHECK)
    observer = table.service.get_hand("t1", "", viewer=OBSERVER)
    assert [(d.burn, d.cards) for d in board_deals(observer)] == [
        (True, (None,)), (False, cards("7s 8s 9s"))]  # fmt: skip
    assert observer.state.community == cards("7s 8s 9s")
    dealer = table.service.get_hand("t1", "", viewer=DEALER)
    assert board_deals(dealer)[0].cards == cards("2c")


def test_recorded_holdem_table_takes_the_board_and_reported_burns():
    """Recorded mode (DESIGN.md): the dealer reports hole cards, burns and board cards; a
    board card out of its street is ``board.count`` and deals nothing."""
    table = Table.create(
        service(), table_settings(Game.TEXAS_HOLDEM, small_bet=200, deal_mode=DealMode.RECORDED)
    )
    for seat in (1, 2, 3):
        table.seat(seat, 5000)
    table.start()
    table.deal(Deal(seat=2, cards=cards("Ah Ad")), Deal(seat=3, cards=(None, None)))
    dealt = table.service.get_hand("t1", "", viewer=DEALER).events
    with pytest.raises(RuleViolation) as early:
        table.deal(Deal(seat=0, cards=cards("7s 8s 9s"), face_up=True))
    assert early.value.rule == "board.count"
    assert table.service.get_hand("t1", "", viewer=DEALER).events == dealt  # nothing dealt
    table.deal(Deal(seat=1, cards=cards("Qh Qd")))
    table.act(1, CALL)
    table.act(2, CALL)
    table.act(3, CHECK)
    table.deal(Deal(seat=0, cards=cards("2c"), burn=True))
    hand = table.deal(Deal(seat=0, cards=cards("7s 8s 9s"), face_up=True)).outcome.hand
    assert hand.state.street == "flop" and hand.state.seat_to_act == 2


def test_table_straddle_and_big_blind_ante_every_hand_none_heads_up():
    """RULES.md "Hold'em and Omaha" and docs/rules.md: the table's straddle (the first seat
    left of the big blind) and big-blind ante are posted every hand; heads-up there is no
    straddle, the big-blind ante stays."""
    stakes = Stakes(small_bet=200, small_blind=100, big_blind=200, straddle=400,
                    big_blind_ante=200)  # fmt: skip
    settings = TableSettings(game=Game.TEXAS_HOLDEM, betting_structure=NL, stakes=stakes)
    table = Table.create(service(), settings)
    for seat in (1, 2, 3, 4):
        table.seat(seat, 5000)
    hand = table.start().outcome.hand
    posts = [(b.seat, b.kind, b.amount) for b in hand.config.forced_bets]
    assert posts == [
        (2, ForcedBetKind.SMALL_BLIND, 100),
        (3, ForcedBetKind.BIG_BLIND, 200),
        (3, ForcedBetKind.BIG_BLIND_ANTE, 200),
        (4, ForcedBetKind.STRADDLE, 400),
    ]
    assert hand.state.seat_to_act == 1 and hand.state.current_bet == 400
    assert (hand.legal_actions[-1].type, hand.legal_actions[-1].min_amount) == (RAISE, 800)
    table.act(1, FOLD)
    table.act(2, FOLD)
    table.act(3, FOLD)
    assert table.stacks() == {1: 5000, 2: 4900, 3: 4600, 4: 5500}
    for seat in (1, 2):
        table.run(c.LeaveSeat, seat=seat)
    heads_up = table.start().outcome.hand
    kinds = [b.kind for b in heads_up.config.forced_bets]
    assert ForcedBetKind.STRADDLE not in kinds and ForcedBetKind.BIG_BLIND_ANTE in kinds


@pytest.mark.parametrize("game", [Game.TEXAS_HOLDEM, Game.OMAHA_HI_LO, Game.SHORT_DECK_HOLDEM])
def test_board_game_table_rebuilt_from_the_durable_log_equals_the_live_state(tmp_path, game):
    """The durable log (as for the seed games): a fresh service on the same SQLite file folds
    the log of six community-card hands into the same table and hand."""
    url = f"sqlite:///{tmp_path / 't.db'}"
    table = played(url, game=game)
    live = table.service.get_table("t1")
    live_hand = table.service.get_hand("t1", "", viewer=DEALER)
    assert len(live_hand.state.community) in (0, 3, 4, 5)
    table.service.store.close()
    with open_store(url) as store:
        cold = service(store)
        assert cold.get_table("t1") == live
        assert cold.get_hand("t1", "", viewer=DEALER) == live_hand


def test_straddle_and_big_blind_ante_payloads_read_back_equal():
    """The log's JSON carries the straddle and the big-blind ante (settings and forced bets)
    and decodes to events that encode back to the same text."""
    stakes = Stakes(small_bet=200, small_blind=100, big_blind=200, straddle=400,
                    big_blind_ante=200)  # fmt: skip
    settings = TableSettings(game=Game.OMAHA, betting_structure=NL, stakes=stakes)
    table = Table.create(service(), settings)
    for seat in (1, 2, 3, 4):
        table.seat(seat, 5000)
    table.start()
    payloads = [item.payload for item in table.service.store.read_events("t1")]
    assert any('"straddle"' in p for p in payloads)
    assert any("big_blind_ante" in p for p in payloads)
    for payload in payloads:
        assert codec.encode_event(codec.decode_event(payload)) == payload
