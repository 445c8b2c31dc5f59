"""The service dealer (RULES.md "Five Card Draw, 7-A" Deal and Draw; Seven Card Stud family
burns and the 7th-street community card; Five Card Stud burns)."""

from __future__ import annotations

import random
from dataclasses import replace

from table_support import new_table, settings

from floorman.domain.engine import legal_actions, snapshot
from floorman.domain.model import Action, ActionType, Deal, Game
from floorman.domain.table.dealer import deal_pending
from floorman.domain.table.events import HandActed, HandDealt
from floorman.domain.table.play import begin_hand, settlement
from floorman.domain.table.state import TableState, fold


def _start(state: TableState, deck: list[int]) -> TableState:
    started = replace(begin_hand(state, hand_id="h"), deck=tuple(deck))
    return fold(state, started, sequence=state.sequence + 1)


def _deck(state: TableState, seed: int) -> list[int]:
    players = sum(1 for s in state.seats.values() if s.present)
    deck = sorted(state.settings.spec.deck(players))
    random.Random(seed).shuffle(deck)
    return deck


def _play(state: TableState, seed: int, *, discard_all: bool = False) -> tuple[TableState, list]:
    """Deal and check/call everything down (draws: all five or stand pat); returns the
    final state and every HandDealt event in order."""
    rng = random.Random(seed)
    dealt_events: list[HandDealt] = []
    while state.hand is not None:
        run = state.hand
        dealt = deal_pending(run, shuffle=lambda cards: rng.sample(list(cards), len(cards)))
        events: list = list(dealt.events)
        dealt_events += dealt.events
        if not events:
            done = settlement(run)
            if done is not None:
                events = [done]
            else:
                seat = run.state.seat_to_act
                kinds = {entry.type for entry in legal_actions(run.state)}
                pos = run.state.positions[seat]
                if ActionType.DRAW in kinds:
                    cards = run.state.cards[pos] if discard_all else ()
                    action = Action(seat=seat, type=ActionType.DRAW, cards=cards)
                elif ActionType.SHOW in kinds:
                    action = Action(seat=seat, type=ActionType.SHOW, cards=run.state.cards[pos])
                else:
                    kind = next(
                        k
                        for k in (ActionType.CHECK, ActionType.CALL, ActionType.BRING_IN)
                        if k in kinds
                    )
                    amount = next(e.min_amount for e in legal_actions(run.state) if e.type is kind)
                    action = Action(
                        seat=seat, type=kind, amount=amount if kind is ActionType.BRING_IN else 0
                    )
                events = [HandActed(hand_id=run.hand_id, action=action)]
        for event in events:
            state = fold(state, event, sequence=state.sequence + 1)
    return state, dealt_events


def test_draw_deal_five_cards_one_at_a_time_from_the_dealers_left():
    """RULES.md "Five Card Draw, 7-A" Deal: five cards face down each, one at a time, starting
    left of the button (the button is seat 1 on the first hand, so seat 2 gets card 1)."""
    state = new_table(settings(Game.FIVE_CARD_DRAW), [(1, 2000), (2, 2000), (3, 2000)])
    deck = _deck(state, 1)
    state = _start(state, deck)
    dealt = deal_pending(state.hand, shuffle=lambda c: list(c))
    assert [(e.deal.seat, e.deal.face_up, e.deal.burn) for e in dealt.events] == [
        (2, False, False), (3, False, False), (1, False, False),
    ]  # fmt: skip
    assert dealt.events[0].deal.cards == tuple(deck[0:15:3])
    assert dealt.events[1].deal.cards == tuple(deck[1:15:3])
    assert dealt.events[2].deal.cards == tuple(deck[2:15:3])
    assert dealt.run.stub == tuple(deck[15:])


def test_stud_third_street_two_down_one_up_round_robin_then_burn_before_fourth():
    """RULES.md Seven Card Stud family: 3rd street two down and one up (dealt round by round
    from the dealer's left), then one burn before each later street."""
    table = settings(Game.SEVEN_CARD_STUD, seats=8, ante=5, dealer_seat=0)
    state = new_table(table, [(2, 2000), (4, 2000), (6, 2000)])
    deck = _deck(state, 2)
    state = _start(state, deck)
    dealt = deal_pending(state.hand, shuffle=lambda c: list(c))
    cards = {(e.deal.seat, e.deal.face_up): e.deal.cards for e in dealt.events}
    assert cards[(2, False)] == (deck[0], deck[3]) and cards[(2, True)] == (deck[6],)
    assert cards[(4, False)] == (deck[1], deck[4]) and cards[(4, True)] == (deck[7],)
    assert cards[(6, False)] == (deck[2], deck[5]) and cards[(6, True)] == (deck[8],)
    _, events = _play(state, 2)
    burns = [e for e in events if e.deal.burn]
    assert len(burns) == 4  # 4th, 5th, 6th and 7th streets, everyone checking down
    assert all(e.deal.seat == 0 and len(e.deal.cards) == 1 for e in burns)


def test_stud_seventh_street_community_card_when_the_stub_runs_short():
    """RULES.md Seven Card Stud family: eight players to 7th street leave one card: no burn
    (no card would be left), one community card face up for all."""
    table = settings(Game.RAZZ, seats=8, ante=5)
    state = new_table(table, [(n, 5000) for n in range(1, 9)])
    state = _start(state, _deck(state, 3))
    state, events = _play(state, 3)
    last = [e.deal for e in events[-2:]]
    assert last[-1].seat == 0 and last[-1].face_up and not last[-1].burn
    assert not last[-2].burn  # the 6th-street up card before it, no burn for 7th
    assert sum(len(e.deal.cards) for e in events) == 52
    assert state.last_hand.state.community == last[-1].cards


def test_five_card_stud_ten_players_skips_a_burn_the_stub_cannot_afford():
    """RULES.md Five Card Stud (service-dealt: a burn before each street): with ten players the
    stub cannot give everyone a 5th-street card after a burn, so that burn is skipped."""
    table = settings(Game.FIVE_CARD_STUD, seats=10, ante=5)
    state = new_table(table, [(n, 5000) for n in range(1, 11)])
    state = _start(state, _deck(state, 4))
    state, events = _play(state, 4)
    burns = [e for e in events if e.deal.burn]
    assert len(burns) == 2
    assert sum(len(e.deal.cards) for e in events) == 52
    assert all(s.card_count == 5 for s in _snapshot_seats(state))


def _snapshot_seats(state: TableState):
    return snapshot(state.last_hand.state).seats


def test_draw_reshuffle_uses_the_stub_and_other_players_discards():
    """RULES.md "Draw": when the stub cannot cover a draw, the rest of the stub and the other
    players' earlier discards (never the drawer's own) are reshuffled into a new stub; the
    order is stored in the deal event."""
    table = settings(Game.FIVE_CARD_DRAW_7A, seats=5)
    state = new_table(table, [(n, 5000) for n in range(1, 6)])
    state = _start(state, _deck(state, 5))
    state, events = _play(state, 5, discard_all=True)
    reshuffles = [e for e in events if e.stub is not None]
    assert len(reshuffles) == 2
    run = state.last_hand
    draws = [e for e in run.events if isinstance(e, Action) and e.type is ActionType.DRAW]
    first = reshuffles[0]
    own = next(d for d in draws if d.seat == first.deal.seat)
    assert not set(first.stub) & set(own.cards)
    assert first.deal.cards == first.stub[:5]
    dealt = [card for e in run.events if isinstance(e, Deal) for card in e.cards]
    assert len(dealt) == 25 + 25
    live = [card for cards in run.state.cards for card in cards]
    assert len(set(live)) == 25
