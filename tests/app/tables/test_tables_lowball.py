"""A service-dealt 2-7 triple draw table whose discards force the reshuffle (issue 12 point 3;
RULES.md "Five Card Draw, 7-A" Draw, "Lowball draw and Badugi"): with a stacked deck and the
reshuffle in ascending order (the test deck port), the cards each seat is dealt are exact."""

from __future__ import annotations

from tables_app_support import DEALER, Table, service, table_settings

from floorman.app.tables.ports import StackedDeck
from floorman.domain.cards import card_str
from floorman.domain.model import Action, ActionType, Deal, Game

CALL, CHECK, DRAW, SHOW = ActionType.CALL, ActionType.CHECK, ActionType.DRAW, ActionType.SHOW


def held(table: Table, seat: int) -> list[int]:
    """The cards ``seat`` holds now, from the dealer's view of the hand's events."""
    out: list[int] = []
    for event in table.service.get_hand("t1", "", viewer=DEALER).events:
        if isinstance(event, Deal) and event.seat == seat and not event.burn:
            out.extend(event.cards)
        elif isinstance(event, Action) and event.seat == seat and event.type is DRAW:
            for card in event.cards:
                out.remove(card)
    return out


def text(seat_cards: list[int]) -> str:
    return " ".join(card_str(c) for c in seat_cards)


def test_six_handed_triple_draw_deals_the_reshuffled_discards_never_the_drawers_own():
    """RULES.md Draw: the deck in ascending order (2c 2d 2h 2s 3c ...) dealt one at a time
    from seat 2 (button seat 1); on the first draw everyone discards all five: seats 2-5 take
    the 20 cards after the deal (9h to Ad), leaving Ah As; seat 6's draw
    cannot be covered, so the rest of the stub and seats 2-5's discards are reshuffled
    (ascending): seat 6 gets 2c 2d 2h 2s 3h (3c is its own discard and stays out), seat 1
    the next five, 3s 4c 4d 5c 5d. Standing pat afterwards and checking down, seat 1's
    5-5-4-4-3 is the lowest hand: it wins the 1200 pot (blinds 100/200, six calls of 200)."""
    table = Table.create(
        service(deck=StackedDeck([])), table_settings(Game.DEUCE_TO_SEVEN_TRIPLE_DRAW)
    )
    for seat in range(1, 7):
        table.seat(seat, 2000)
    table.start()
    assert text(held(table, 2)) == "2c 3h 5c 6h 8c"
    assert text(held(table, 6)) == "3c 4h 6c 7h 9c"
    for seat in (4, 5, 6, 1, 2):
        table.act(seat, CALL)
    table.act(3, CHECK)
    dealt = {}
    for seat in (2, 3, 4, 5, 6, 1):
        own = held(table, seat)
        table.act(seat, DRAW, card_text=text(own))
        dealt[seat] = text(held(table, seat))
        assert not set(held(table, seat)) & set(own)
    assert dealt == {
        2: "9h 9s Tc Td Th",
        3: "Ts Jc Jd Jh Js",
        4: "Qc Qd Qh Qs Kc",
        5: "Kd Kh Ks Ac Ad",
        6: "2c 2d 2h 2s 3h",
        1: "3s 4c 4d 5c 5d",
    }
    for _ in range(2):
        for seat in (2, 3, 4, 5, 6, 1):
            table.act(seat, CHECK)
        for seat in (2, 3, 4, 5, 6, 1):
            table.act(seat, DRAW)
    for seat in (2, 3, 4, 5, 6, 1):
        reply = table.act(seat, CHECK)
    hand = reply.outcome.hand
    while not hand.complete:
        hand = table.act(hand.state.seat_to_act, SHOW).outcome.hand
    assert [(p.amount, p.winners) for p in hand.result.pots] == [(1200, (1,))]
    assert table.stacks() == {1: 3000, 2: 1800, 3: 1800, 4: 1800, 5: 1800, 6: 1800}
