"""RULES.md Five Card Draw 7-A "Button" with the moving button (a table option) and
"Heads-up", over sequences of hands with players leaving and joining.

The button moves to the next player clockwise after each hand and the blinds follow it:
button, small blind and big blind are consecutive players dealt in (three distinct seats with
three or more players; heads-up the button posts the small blind). A newcomer who chose to
post is dealt in at once and posts his big blind; in the big-blind position he posts just
that (docs/rules.md "Moving button"). The dead-button rule is checked on the same layout.
"""

from __future__ import annotations

from collections.abc import Mapping

from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from table_support import BB, DEAD, SB, orbit, posts, seats, settings, with_seat, without

from floorman.domain.model import ForcedBetKind
from floorman.domain.table.placement import Placement, Positions, place_hand, ring_after
from floorman.domain.table.seats import Seat, SeatStatus
from floorman.domain.table.settings import ButtonRule

MOVING5 = settings(seats=5, rule=ButtonRule.MOVING_BUTTON)
DEAD5 = settings(seats=5)


def _posting(table: Mapping[int, Seat], number: int) -> dict[int, Seat]:
    """A newcomer at ``number`` who chose POST_BIG_BLIND (owes an entry big blind)."""
    return with_seat(table, number, owes_big_blind=True)


def _waiting(table: Mapping[int, Seat], number: int) -> dict[int, Seat]:
    """A newcomer at ``number`` who chose WAIT_FOR_BIG_BLIND."""
    return with_seat(table, number, status=SeatStatus.WAITING_FOR_BIG_BLIND)


def _bets(placement: Placement) -> list[tuple[int, ForcedBetKind, int]]:
    return [(b.seat, b.kind, b.amount) for b in placement.forced_bets]


def _after_two_hands_at_1_4_5(table_settings):
    """Seats 1, 4, 5 play two hands ((1,4,5) then (4,5,1)); then seats 1 and 5 leave."""
    first, second = orbit(table_settings, seats(1, 4, 5), 2)
    assert [first.positions, second.positions] == [Positions(1, 4, 5), Positions(4, 5, 1)]
    return without(second.seats, 1, 5), second.positions


def _run(table_settings, table, previous, hands):
    out = []
    for _ in range(hands):
        placement = place_hand(settings=table_settings, seats=table, previous=previous)
        out.append(placement)
        table, previous = placement.seats, placement.positions
    return out


def test_moving_button_three_handed_with_a_poster_and_a_waiter_button_moves_blinds_follow():
    """RULES.md "Button" (moving button), tester's layout: after (4,5,1) seats 1 and 5 leave,
    seat 2 joins posting and seat 5 joins waiting. The button moves to the next active player
    (seat 2, who posts his entry big blind on the button), seat 4 posts the small blind and
    the big blind reaches the waiting seat 5: three distinct positions, one blind each."""
    table, previous = _after_two_hands_at_1_4_5(MOVING5)
    table = _waiting(_posting(table, 2), 5)
    hands = _run(MOVING5, table, previous, 4)
    assert [p.positions for p in hands] == [
        Positions(2, 4, 5),
        Positions(4, 5, 2),
        Positions(5, 2, 4),
        Positions(2, 4, 5),
    ]
    assert [p.dealt_in for p in hands] == [(2, 4, 5)] * 4
    assert _bets(hands[0]) == [(4, SB, 100), (5, BB, 200), (2, BB, 200)]
    assert [_bets(p) for p in hands[1:]] == [
        [(5, SB, 100), (2, BB, 200)],
        [(2, SB, 100), (4, BB, 200)],
        [(4, SB, 100), (5, BB, 200)],
    ]
    assert all(not s.owes for s in hands[0].seats.values())


def test_moving_button_two_posting_newcomers_small_blind_posts_a_dead_small_blind_too():
    """RULES.md "Button" (moving button), both newcomers post: all three are dealt in, the
    button moves from seat 4 to seat 5 (who posts his big blind live on the button); seat 2
    in the small blind posts it live plus a dead small blind (docs/rules.md "Moving button":
    one live blind per seat); seat 4 the big blind."""
    table, previous = _after_two_hands_at_1_4_5(MOVING5)
    table = _posting(_posting(table, 2), 5)
    hands = _run(MOVING5, table, previous, 3)
    assert [p.positions for p in hands] == [
        Positions(5, 2, 4),
        Positions(2, 4, 5),
        Positions(4, 5, 2),
    ]
    assert _bets(hands[0]) == [(2, SB, 100), (2, DEAD, 100), (4, BB, 200), (5, BB, 200)]
    assert [b.dead for b in hands[0].forced_bets] == [False, True, False, False]
    assert [posts(p) for p in hands[1:]] == [[(4, SB), (5, BB)], [(5, SB), (2, BB)]]


def test_moving_button_two_waiting_newcomers_heads_up_until_the_big_blind_reaches_them():
    """RULES.md "Heads-up" and "Button" (moving button): with both newcomers waiting only
    seat 4 is active, so the big blind goes to the next waiting player (seat 5) and the hand
    is heads-up with seat 4 on the button posting the small blind; then the button moves to
    seat 5 and, three-handed, the big blind reaches seat 2."""
    table, previous = _after_two_hands_at_1_4_5(MOVING5)
    table = _waiting(_waiting(table, 2), 5)
    hands = _run(MOVING5, table, previous, 4)
    assert [(p.positions, p.dealt_in) for p in hands] == [
        (Positions(4, 4, 5), (4, 5)),
        (Positions(5, 5, 4), (4, 5)),  # seat 2 would be the small blind: he keeps waiting
        (Positions(4, 5, 2), (2, 4, 5)),
        (Positions(5, 2, 4), (2, 4, 5)),
    ]
    assert [posts(p) for p in hands] == [
        [(4, SB), (5, BB)],
        [(5, SB), (4, BB)],
        [(5, SB), (2, BB)],
        [(2, SB), (4, BB)],
    ]


def test_moving_button_heads_up_newcomer_on_the_button_posts_a_dead_small_blind_too():
    """RULES.md "Heads-up" (moving button): seat 5 joins posting and seat 2 waiting; heads-up
    the button (seat 5, the next active player) posts the small blind live plus a dead small
    blind for his entry; the other active player posts the big blind."""
    table, previous = _after_two_hands_at_1_4_5(MOVING5)
    table = _posting(_waiting(table, 2), 5)
    hands = _run(MOVING5, table, previous, 2)
    assert [(p.positions, p.dealt_in) for p in hands] == [
        (Positions(5, 5, 4), (4, 5)),
        (Positions(4, 5, 2), (2, 4, 5)),
    ]
    assert _bets(hands[0]) == [(5, SB, 100), (5, DEAD, 100), (4, BB, 200)]


def test_moving_button_orbit_with_leaves_and_joins_exact_positions_and_posts():
    """RULES.md "Button" (moving button) over six hands at a 5-seat table: players leave,
    join posting, join waiting and sit out; each hand's (button, SB, BB) are consecutive
    players dealt in, the button moves each hand, and only newcomers post extra blinds."""
    hand1 = place_hand(settings=MOVING5, seats=seats(1, 2, 3), previous=None)
    assert (hand1.positions, posts(hand1)) == (Positions(1, 2, 3), [(2, SB), (3, BB)])
    table = _posting(hand1.seats, 5)  # joins behind the big blind, posting
    hand2 = place_hand(settings=MOVING5, seats=table, previous=hand1.positions)
    assert (hand2.positions, hand2.dealt_in) == (Positions(2, 3, 5), (1, 2, 3, 5))
    assert posts(hand2) == [(3, SB), (5, BB)]  # in the big blind: just that
    table = _waiting(without(hand2.seats, 3), 4)  # the small blind leaves; seat 4 waits
    hand3 = place_hand(settings=MOVING5, seats=table, previous=hand2.positions)
    assert (hand3.positions, hand3.dealt_in) == (Positions(5, 1, 2), (1, 2, 5))
    assert posts(hand3) == [(1, SB), (2, BB)]
    table = with_seat(hand3.seats, 5, status=SeatStatus.SITTING_OUT)  # the button sits out
    hand4 = place_hand(settings=MOVING5, seats=table, previous=hand3.positions)
    assert (hand4.positions, hand4.dealt_in) == (Positions(1, 2, 4), (1, 2, 4))
    assert posts(hand4) == [(2, SB), (4, BB)]  # the big blind reached the waiting seat 4
    table = _posting(without(hand4.seats, 1), 3)  # the button leaves; seat 3 joins posting
    hand5 = place_hand(settings=MOVING5, seats=table, previous=hand4.positions)
    assert (hand5.positions, hand5.dealt_in) == (Positions(2, 3, 4), (2, 3, 4))
    assert _bets(hand5) == [(3, SB, 100), (3, DEAD, 100), (4, BB, 200)]
    hand6 = place_hand(settings=MOVING5, seats=hand5.seats, previous=hand5.positions)
    assert (hand6.positions, posts(hand6)) == (Positions(3, 4, 2), [(4, SB), (2, BB)])
    assert hand6.seats[5].owes_big_blind and hand6.seats[5].owes_small_blind


def test_dead_button_same_layout_no_seat_holds_two_positions_three_handed():
    """RULES.md "Button" (dead button) on the tester's layout: the big blind moves to the next
    player (the posting newcomer at seat 2), the waiting seat 5 stays out (it is the button
    position), so the hand is heads-up with seat 4 posting the small blind; once seat 5 may
    come in the positions are three distinct seats again."""
    table, previous = _after_two_hands_at_1_4_5(DEAD5)
    table = _waiting(_posting(table, 2), 5)
    hands = _run(DEAD5, table, previous, 4)
    assert [(p.positions, p.dealt_in) for p in hands] == [
        (Positions(4, 4, 2), (2, 4)),
        (Positions(2, 2, 4), (2, 4)),
        (Positions(2, 4, 5), (2, 4, 5)),
        (Positions(4, 5, 2), (2, 4, 5)),
    ]
    assert [posts(p) for p in hands] == [
        [(4, SB), (2, BB)],
        [(2, SB), (4, BB)],
        [(4, SB), (5, BB)],
        [(5, SB), (2, BB)],
    ]


# ---------------------------------------------------------------------------- property

_OPS = st.lists(
    st.tuples(
        st.sampled_from(["leave", "post", "wait", "sit_out", "sit_in_post", "sit_in_wait"]),
        st.integers(1, 5),
    ),
    max_size=4,
)


def _apply(table: dict[int, Seat], op: str, number: int) -> dict[int, Seat]:
    found = table.get(number)
    if op == "leave" and found is not None:
        return without(table, number)
    if op in ("post", "wait") and found is None:
        return _posting(table, number) if op == "post" else _waiting(table, number)
    if op == "sit_out" and found is not None:
        return with_seat(table, number, status=SeatStatus.SITTING_OUT)
    if op.startswith("sit_in") and found is not None and found.status is SeatStatus.SITTING_OUT:
        if not found.owes:
            return with_seat(table, number, status=SeatStatus.ACTIVE)
        wait = op == "sit_in_wait"
        return with_seat(
            table,
            number,
            status=SeatStatus.WAITING_FOR_BIG_BLIND if wait else SeatStatus.ACTIVE,
        )
    return table


def _next_dealt(seat: int, dealt_in: tuple[int, ...]) -> int:
    return next(s for s in ring_after(seat, 5) if s in dealt_in)


@hypothesis_settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first=st.sets(st.integers(1, 5), min_size=2),
    between=st.lists(_OPS, min_size=1, max_size=8),
)
def test_moving_button_positions_are_consecutive_players_and_the_button_always_moves(
    first, between
):
    """RULES.md "Button" (moving button) and "Heads-up", for any sequence of leaves, joins
    (posting or waiting), sit-outs and returns: with three or more players dealt in, button,
    small blind and big blind are three distinct dealt-in seats, each the next dealt-in seat
    after the one before; heads-up the button is the small blind; the button moves to the
    first active player after last hand's; a waiting player is dealt in only as the big blind;
    exactly one live big blind is posted in the big blind's seat, and no seat posts two live
    blinds."""
    table = seats(*first)
    previous = place_hand(settings=MOVING5, seats=table, previous=None).positions
    for ops in between:
        for op, number in ops:
            table = _apply(table, op, number)
        if sum(1 for s in table.values() if s.present) < 2:
            return
        active = {n for n, s in table.items() if s.present and s.status is SeatStatus.ACTIVE}
        placement = place_hand(settings=MOVING5, seats=table, previous=previous)
        button, small, big = (
            placement.positions.button,
            placement.positions.small_blind,
            placement.positions.big_blind,
        )
        dealt_in = placement.dealt_in
        if not placement.new_game:
            assert button == next(s for s in ring_after(previous.button, 5) if s in active)
            if len(active) >= 2:
                assert button != previous.button
            waiting_in = [
                n for n in dealt_in if table[n].status is SeatStatus.WAITING_FOR_BIG_BLIND
            ]
            assert waiting_in in ([], [big])
        if len(dealt_in) >= 3:
            assert len({button, small, big}) == 3
            assert _next_dealt(button, dealt_in) == small
            assert _next_dealt(small, dealt_in) == big
        else:
            assert button == small and {small, big} == set(dealt_in)
        live = [
            (b.seat, b.kind) for b in placement.forced_bets if b.kind in (SB, BB) and not b.dead
        ]
        assert [s for s, kind in live if kind is BB and s == big] == [big]
        assert len({s for s, _ in live}) == len(live)
        assert (small, SB) in live
        table, previous = dict(placement.seats), placement.positions
