"""DESIGN.md hole-card redaction in GetHand and the table stream, per role: dealer live,
auditor after the hand, observer face-up and shown cards only; the deck order never shows."""

from __future__ import annotations

from tables_app_support import AUDITOR, DEALER, OBSERVER, Table, cards, service, table_settings

from floorman.app.tables.ports import StackedDeck
from floorman.domain.model import Action, ActionType, Deal, Game
from floorman.domain.table.events import HandDealt, HandStarted

DRAW_DECK = cards("As Ks 4s Ah Kh 5h Ad Kd 9d 7c 8c Jc 2d 3d Qd")


def showdown_hand() -> Table:
    """Seat 2 draws two and shows aces full; seat 3 mucks kings; seat 1 folded."""
    table = Table.create(service(deck=StackedDeck([DRAW_DECK])), table_settings())
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    table.act(1, ActionType.FOLD)
    table.act(2, ActionType.CALL)
    table.act(3, ActionType.CHECK)
    table.act(2, ActionType.DRAW, card_text="7c 2d")
    table.act(3, ActionType.DRAW)
    table.act(2, ActionType.BET, 400)
    table.act(3, ActionType.CALL)
    return table


def deals(view) -> dict[int, tuple]:
    """Seat -> the first deal's cards of a hand view."""
    out: dict[int, tuple] = {}
    for event in view.events:
        if isinstance(event, Deal):
            out.setdefault(event.seat, event.cards)
    return out


def test_live_hand_dealer_sees_hole_cards_auditor_and_observer_do_not():
    """During the hand the dealer sees every hole card; auditor and observer see ``??``."""
    table = showdown_hand()
    dealer = deals(table.service.get_hand("t1", "", viewer=DEALER))
    assert dealer[2] == cards("As Ah Ad 7c 2d")
    for viewer in (AUDITOR, OBSERVER):
        hidden = deals(table.service.get_hand("t1", "", viewer=viewer))
        assert hidden == {2: (None,) * 5, 3: (None,) * 5, 1: (None,) * 5}


def test_after_showdown_observer_sees_only_shown_cards_auditor_sees_all():
    """After the hand: the auditor sees everything; the observer sees the cards the winner
    showed (not his discards, not the mucked hand, not the folded one)."""
    table = showdown_hand()
    table.act(2, ActionType.SHOW)
    table.act(3, ActionType.MUCK)
    auditor = table.service.get_hand("t1", "", viewer=AUDITOR)
    assert deals(auditor)[3] == cards("Ks Kh Kd 8c 3d")
    observer = table.service.get_hand("t1", "", viewer=OBSERVER)
    first = deals(observer)
    assert first[2] == (*cards("As Ah Ad"), None, None)  # 7c 2d were discarded, never shown
    assert first[3] == (None,) * 5 and first[1] == (None,) * 5
    draws = [e for e in observer.events if isinstance(e, Action) and e.type is ActionType.DRAW]
    assert draws[0].cards == (None, None)
    replacement = next(
        e for e in observer.events if isinstance(e, Deal) and e.cards == cards("2c 2h")
    )
    assert replacement.seat == 2


def test_stream_redacts_per_role_and_never_carries_the_deck():
    """The table stream (events_after) redacts like GetHand and strips the deck order from
    HandStarted and reshuffled stubs from deals, for every role."""
    table = showdown_hand()
    for viewer in (DEALER, AUDITOR, OBSERVER):
        events = table.service.events_after("t1", 0, viewer=viewer).events
        started = next(e.event for e in events if isinstance(e.event, HandStarted))
        assert started.deck == ()
        assert all(e.event.stub is None for e in events if isinstance(e.event, HandDealt))
    observed = table.service.events_after("t1", 0, viewer=OBSERVER).events
    first = next(e.event.deal for e in observed if isinstance(e.event, HandDealt))
    assert first.cards == (None,) * 5


def test_stud_up_cards_are_public_down_cards_hidden_from_observers():
    """Seven Card Stud: observers see the door cards and the snapshot's up cards, not the
    down cards."""
    table = Table.create(service(), table_settings(Game.SEVEN_CARD_STUD, small_bet=20, ante=5))
    for seat in (1, 2):
        table.seat(seat, 500)
    table.start()
    view = table.service.get_hand("t1", "", viewer=OBSERVER)
    for event in view.events:
        assert (None in event.cards) is (not event.face_up)
    assert all(len(s.up_cards) == 1 and None not in s.up_cards for s in view.state.seats)


def test_all_in_hands_turned_face_up_are_public():
    """RULES.md "Showdown order": once a player is all in and betting is over, every hand is
    face up: observers see them."""
    table = Table.create(service(), table_settings())
    table.seat(1, 2000)
    table.seat(2, 150)  # the small blind, all in after the call
    table.start()  # heads-up: button 1 posts the small blind, seat 2 the big blind (150)
    view = table.act(1, ActionType.CALL).outcome.hand
    if not view.complete:  # the hand plays out by itself: draws still to come
        while not view.complete:
            seat = view.state.seat_to_act
            view = table.act(seat, ActionType.DRAW).outcome.hand
    observer = table.service.get_hand("t1", view.hand_id, viewer=OBSERVER)
    dealer = table.service.get_hand("t1", view.hand_id, viewer=DEALER)
    assert deals(observer) == deals(dealer)
