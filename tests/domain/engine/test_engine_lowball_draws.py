"""Lowball draw and Badugi: the discard limits and the stub reshuffle over three draws
(RULES.md "Lowball draw and Badugi": discards 0 to 5, Badugi 0 to 4; "Five Card Draw, 7-A"
Draw: the stub reshuffle rule, ``draw.discard_count`` / ``draw.stub``)."""

from __future__ import annotations

import pytest
from engine_support import DRAW, FOLD, Hand, draw_first_round
from test_engine_lowball_rounds import LOWBALL, TRIPLE_DRAWS, check_around

from floorman.domain.cards import card_str, parse_card
from floorman.domain.engine import DealRequest, LegalAction, pending_deals, snapshot
from floorman.domain.games import game_spec
from floorman.domain.model import Game


def held(hand: Hand, seat: int) -> str:
    """The seat's cards, as DRAW text (all of them; ``??`` for an unknown card)."""
    own = hand.state.cards[hand.state.positions[seat]]
    return " ".join("??" if c is None else card_str(c) for c in own)


def in_stub(hand: Hand, count: int) -> str:
    """``count`` cards the drawing seat may be dealt now: cards a reshuffle put back first
    (when the stub cannot cover ``count``, the reshuffle the deal makes: the other players'
    discards), then fresh ones."""
    s = hand.state
    back = set(s.available)
    if count > s.stub:
        back |= {c for pos, c in s.discards if pos != s.to_act and c is not None}
    texts = [card_str(c) for c in sorted(back)]
    return " ".join([*texts, *hand.filler(count).split()][:count])


def draw_all(hand: Hand, seat: int) -> Hand:
    """``seat`` discards every card and is dealt as many from the stub."""
    n = len(hand.state.cards[hand.state.positions[seat]])
    hand.act(seat, DRAW, shown=held(hand, seat))
    return hand.deal(seat, in_stub(hand, n))


# --- discard limits ------------------------------------------------------------------------


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_discards__zero_to_five_badugi_zero_to_four(game: Game) -> None:
    """RULES.md "Lowball draw and Badugi": discards 0 to 5 (Badugi: 0 to 4) on every draw;
    ListLegalActions offers DRAW 0..limit, and a card the seat does not hold (or the same card
    twice) is ``draw.discard_count``."""
    limit = 4 if game is Game.BADUGI else 5
    assert game_spec(game).max_discards == limit
    hand = draw_first_round(game, [1000] * 3)
    check_around(hand)
    for _ in range(game_spec(game).draws):
        assert hand.legal() == (LegalAction(FOLD), LegalAction(DRAW, 0, limit))
        mine = held(hand, 1).split()
        other = held(hand, 2).split()[0]
        assert hand.refuse(1, DRAW, shown=" ".join([*mine, other])) == "draw.discard_count"
        assert hand.refuse(1, DRAW, shown=f"{mine[0]} {mine[0]}") == "draw.discard_count"
        draw_all(hand, 1)
        hand.act(2, DRAW, shown=held(hand, 2).split()[0]).deal(2, in_stub(hand, 1))
        hand.act(3, DRAW)
        check_around(hand)
    assert snapshot(hand.state).phase == "showdown"


# --- the reshuffle over three draws --------------------------------------------------------


def test_lowball_stub__six_handed_triple_draw_reshuffles_four_times_and_never_runs_out() -> None:
    """RULES.md "Five Card Draw, 7-A" Draw over three draws, six players all discarding five
    every draw (2-7 triple draw, 22 cards in the stub): when the stub cannot cover a draw, the
    rest of the stub and every card discarded earlier by the other players form a new stub of
    22 (draw 1 at seat 5, draw 2 at seat 3, draw 3 at seats 1 and 5); the drawer's own discards
    stay out (``card.duplicate``), the cards of the others come back."""
    hand = draw_first_round(Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, [1000] * 6)
    assert hand.state.stub == 22
    stubs: list[list[int]] = []
    reshuffled_at: list[tuple[int, int]] = []
    for draw in range(1, 4):
        check_around(hand)
        after: list[int] = []
        while hand.street == "draw":
            seat = hand.to_act
            before = hand.state.stub
            own = held(hand, seat).split()
            hand.act(seat, DRAW, shown=" ".join(own))
            if before < 5:
                reshuffled_at.append((draw, seat))
                assert hand.refuse_deal(seat, own[0]) == "card.duplicate"
            hand.deal(seat, in_stub(hand, 5))
            after.append(hand.state.stub)
        stubs.append(after)
    assert reshuffled_at == [(1, 5), (2, 3), (3, 1), (3, 5)]
    assert stubs == [[17, 12, 7, 2, 17, 12], [7, 2, 17, 12, 7, 2], [17, 12, 7, 2, 17, 12]]
    live = [c for cards in hand.state.cards for c in cards]
    assert len(live) == len(set(live)) == 30


def test_lowball_stub__the_reshuffle_takes_the_other_players_discards() -> None:
    """RULES.md Draw: at the reshuffle, a card another player discarded earlier in the hand
    (even on an earlier draw) may be dealt; before it (the stub still covering) it is
    ``card.duplicate``."""
    hand = draw_first_round(Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, [1000] * 6)
    check_around(hand)
    first = held(hand, 1).split()
    draw_all(hand, 1)
    hand.act(2, DRAW, shown=held(hand, 2))
    assert hand.refuse_deal(2, first[0]) == "card.duplicate"
    hand.deal(2, hand.filler(5))
    draw_all(hand, 3)
    draw_all(hand, 4)
    assert hand.state.stub == 2
    hand.act(5, DRAW, shown=held(hand, 5))
    hand.deal(5, " ".join(first))  # seat 1's draw-1 discards come back
    assert hand.state.stub == 22 - 5


def test_lowball_stub__the_last_card_is_dealt_before_any_reshuffle() -> None:
    """RULES.md Draw: only a draw the stub cannot cover reshuffles; a draw of exactly the
    stub's last cards takes them (other players' discards still out: ``card.duplicate``),
    and the next draw reshuffles from an empty stub."""
    hand = draw_first_round(Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, [1000] * 6)
    check_around(hand)
    first = held(hand, 1).split()
    for seat in (1, 2, 3, 4):
        draw_all(hand, seat)
    assert hand.state.stub == 2
    two = held(hand, 5).split()[:2]
    hand.act(5, DRAW, shown=" ".join(two))
    assert hand.refuse_deal(5, f"{first[0]} {first[1]}") == "card.duplicate"
    assert pending_deals(hand.state) == (DealRequest(5, 2, False),)
    hand.deal(5, hand.filler(2))
    assert hand.state.stub == 0
    hand.act(6, DRAW, shown=" ".join(held(hand, 6).split()[:3]))
    hand.deal(6, " ".join(first[:3]))
    assert hand.state.stub == 20 + 2 - 3  # seats 1-4 (20) and 5 (2) discarded, 3 dealt


def test_lowball_stub__folded_hands_never_come_back_their_earlier_discards_do() -> None:
    """RULES.md Draw: "never folded hands": the cards a folded player held are not
    reshuffled; what it discarded before folding is (a card discarded earlier by another
    player)."""
    hand = draw_first_round(Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, [1000] * 6)
    check_around(hand)
    discarded_by_1 = held(hand, 1).split()
    draw_all(hand, 1)
    for seat in (2, 3, 4, 5, 6):
        draw_all(hand, seat)  # the reshuffle at seat 5 brings seat 1's discards back
    check_around(hand)
    folded = held(hand, 1).split()
    hand.act(1, FOLD)  # seat 1 folds in turn on the second draw
    while hand.state.stub >= 5:
        draw_all(hand, hand.to_act)
    seat = hand.to_act
    hand.act(seat, DRAW, shown=held(hand, seat))
    assert hand.refuse_deal(seat, folded[0]) == "card.duplicate"
    assert not hand.state.available & {parse_card(c) for c in folded}
    back = [c for c in discarded_by_1 if parse_card(c) in hand.state.available]
    if back:  # one of seat 1's draw-1 discards still in the stub may be dealt
        hand.deal(seat, back[0])


@pytest.mark.parametrize("game", TRIPLE_DRAWS)
def test_lowball_stub__recorded_cards_beyond_the_stub_and_the_reshuffle_are_draw_stub(
    game: Game,
) -> None:
    """RULES.md Draw and rule ids: a recorded deal of more cards than the stub and the
    reshuffle hold is ``draw.stub`` (reported burns empty the stub here; no other player
    has discarded yet, so the reshuffle adds nothing); the cards it holds are accepted."""
    hand = draw_first_round(game, [1000] * 3)
    check_around(hand)
    per_seat = len(hand.state.cards[0])
    left = 52 - 3 * per_seat
    hand.burn(" ".join(["??"] * (left - 2)))
    hand.act(1, DRAW, shown=" ".join(held(hand, 1).split()[:3]))
    assert hand.refuse_deal(1, "?? ?? ??") == "draw.stub"
    hand.deal(1, "?? ??")
    assert hand.refuse_deal(1, "??") == "draw.stub"


def test_lowball_stub__unknown_discards_count_in_the_reshuffle() -> None:
    """RULES.md Draw with a recorded hand's unknown cards (``??``): the other players'
    unknown discards count in the new stub like known ones, so no ``draw.stub`` is flagged
    while the reshuffle covers the draw."""
    hand = draw_first_round(Game.BADUGI, [1000] * 6)
    check_around(hand)
    # Badugi, six players: 52 - 24 = 28 in the stub
    for seat in (1, 2, 3, 4, 5, 6):
        hand.act(seat, DRAW, shown=held(hand, seat)).deal(seat, "?? ?? ?? ??")
    assert hand.state.stub == 4
    check_around(hand)
    hand.act(1, DRAW, shown=held(hand, 1)).deal(1, "?? ?? ?? ??")
    assert hand.state.stub == 0
    hand.act(2, DRAW, shown=held(hand, 2))
    # seats 1, 3, 4, 5, 6 discarded 4 each on draw 1 and seat 1 again on draw 2: 24 cards
    hand.deal(2, "?? ?? ?? ??")
    assert hand.state.stub == 24 - 4
