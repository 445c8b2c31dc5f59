"""Property tests of settlement (RULES.md "Common to every game": chip conservation, side pots;
"Five Card Draw, 7-A" Button: dead blinds are dead money; "Hold'em and Omaha": the board)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from floorman.domain import ranking
from floorman.domain.cards import Card, deck_from_rank, rank_of, suit_of
from floorman.domain.model import Game, RakePolicy
from floorman.domain.ranking.lowball import badugi_strength, low_27_strength
from floorman.domain.settlement import Settlement, build_pots, return_uncalled, settle

_MAX_SEATS = {
    Game.FIVE_CARD_DRAW_7A: 5,
    Game.FIVE_CARD_DRAW: 6,
    Game.SEVEN_CARD_STUD: 7,
    Game.RAZZ: 7,
    Game.SEVEN_CARD_STUD_HI_LO: 7,
    Game.FIVE_CARD_STUD: 10,
    Game.TEXAS_HOLDEM: 10,
    Game.OMAHA: 9,
    Game.OMAHA_HI_LO: 9,
    Game.FIVE_CARD_OMAHA: 8,
    Game.FIVE_CARD_OMAHA_HI_LO: 8,
    Game.SHORT_DECK_HOLDEM: 9,
    Game.DEUCE_TO_SEVEN_SINGLE_DRAW: 7,
    Game.DEUCE_TO_SEVEN_TRIPLE_DRAW: 6,
    Game.ACE_TO_FIVE_TRIPLE_DRAW: 6,
    Game.BADUGI: 6,
}
_HOLE_CARDS = {
    Game.TEXAS_HOLDEM: 2,
    Game.OMAHA: 4,
    Game.OMAHA_HI_LO: 4,
    Game.FIVE_CARD_OMAHA: 5,
    Game.FIVE_CARD_OMAHA_HI_LO: 5,
    Game.SHORT_DECK_HOLDEM: 2,
}
_SEVEN_CARD = (Game.SEVEN_CARD_STUD, Game.RAZZ, Game.SEVEN_CARD_STUD_HI_LO)


@dataclass(frozen=True)
class Scenario:
    """One random finished hand."""

    game: Game
    contributions: dict[int, int]
    dead: dict[int, int]
    folded: frozenset[int]
    hands: dict[int, tuple[Card, ...]]
    community: tuple[Card, ...]
    rake: RakePolicy
    ended_first_round: bool
    unit: int
    button: int
    seat_order: tuple[int, ...]


@st.composite
def dead_chips(draw: st.DrawFn, contributions: dict[int, int]) -> dict[int, int]:
    """Dead blinds: for some seats, a dead part of the contribution (up to all of it)."""
    posters = draw(st.sets(st.sampled_from(sorted(contributions)), max_size=2))
    return {
        seat: draw(st.integers(0, min(contributions[seat], 60)))
        for seat in sorted(posters)
        if contributions[seat]
    }


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    """A random hand: seats, contributions, folds, dealt cards, rake and odd-chip unit."""
    game = draw(st.sampled_from(list(Game)))
    n = draw(st.integers(2, _MAX_SEATS[game]))
    seats = sorted(draw(st.sets(st.integers(1, 10), min_size=n, max_size=n)))
    amounts = st.one_of(st.integers(0, 40), st.integers(0, 5000))
    contributions = {seat: draw(amounts) for seat in seats}
    dead = draw(dead_chips(contributions))
    folded = set(draw(st.sets(st.sampled_from(seats), max_size=n - 1)))
    lowest = 0
    if game is Game.FIVE_CARD_DRAW_7A:
        lowest = 4 if n == 5 else 5  # sixes (36 cards) or sevens (32 cards) and up
    if game is Game.SHORT_DECK_HOLDEM:
        lowest = 4  # 6 through A
    deck = list(draw(st.permutations(sorted(deck_from_rank(lowest)))))
    community: tuple[Card, ...] = ()
    own = 4 if game is Game.BADUGI else 5
    if game in _SEVEN_CARD:
        own = 7
        if draw(st.booleans()):
            community, own = (deck.pop(),), 6
    if game in _HOLE_CARDS:  # the board: five cards (RULES.md "Hold'em and Omaha")
        community, own = tuple(deck[-5:]), _HOLE_CARDS[game]
        del deck[-5:]
    hands: dict[int, tuple[Card, ...]] = {}
    # rotated suits tie in every ranking without a board; with one, ties come from the board
    tied = 0 if game in _HOLE_CARDS else draw(st.sampled_from([0, 2, 2, 3]))
    if tied:
        # the same ranks with the suits rotated: equal strength in every ranking, so a tie
        live = [seat for seat in seats if seat not in folded]
        tie_seats = draw(st.permutations(live))[:tied]
        base: list[Card] = []
        for card in deck:
            if len(base) < own and rank_of(card) not in {rank_of(b) for b in base}:
                base.append(card)
        shifts = draw(st.permutations([1, 2, 3]))
        for seat, shift in zip(tie_seats, (0, *shifts), strict=False):
            hands[seat] = tuple(rank_of(c) * 4 + (suit_of(c) + shift) % 4 for c in base)
        used = {card for cards in hands.values() for card in cards}
        assume(not used & set(community))
        deck = [card for card in deck if card not in used]
    rest = [seat for seat in seats if seat not in hands]
    hands.update({seat: tuple(deck[i * own : (i + 1) * own]) for i, seat in enumerate(rest)})
    rake = RakePolicy(
        percent_bps=draw(st.integers(0, 10_000)),
        increment=draw(st.integers(0, 100)),
        cap=draw(st.integers(0, 600)),
        no_rake_first_round=draw(st.booleans()),
    )
    button = draw(st.integers(0, 10))
    order = tuple([s for s in seats if s > button] + [s for s in seats if s <= button])
    return Scenario(
        game=game,
        contributions=contributions,
        dead=dead,
        folded=frozenset(folded),
        hands={seat: cards for seat, cards in hands.items() if seat not in folded},
        community=community,
        rake=rake,
        ended_first_round=draw(st.booleans()),
        unit=draw(st.sampled_from([1, 1, 2, 5, 25])),
        button=button,
        seat_order=order,
    )


def _settle(s: Scenario) -> Settlement:
    return settle(
        game=s.game,
        contributions=s.contributions,
        dead=s.dead,
        folded=s.folded,
        hands=s.hands,
        community=s.community,
        rake=s.rake,
        ended_first_round=s.ended_first_round,
        odd_chip_unit=s.unit,
        button_seat=s.button,
        seat_order=s.seat_order,
        players_dealt=len(s.contributions),
    )


def _strengths(s: Scenario, seat: int) -> tuple[int, int]:
    """(strength filling ``winners``, Hi-Lo low strength) of ``seat`` through the ranking API."""
    own, board = s.hands[seat], s.community
    if s.game is Game.SHORT_DECK_HOLDEM:
        return ranking.high_7a_strength((*own, *board), short_deck_36=True), 0
    if s.game is Game.TEXAS_HOLDEM:
        return ranking.high_strength((*own, *board)), 0
    if s.game in _HOLE_CARDS:  # Omaha: exactly two hole and three board cards, each half
        fives = [(*h, *b) for h in itertools.combinations(own, 2)
                 for b in itertools.combinations(board, 3)]  # fmt: skip
        hi_lo = s.game in (Game.OMAHA_HI_LO, Game.FIVE_CARD_OMAHA_HI_LO)
        low = max(map(ranking.low_8_strength, fives)) if hi_lo else 0
        return max(map(ranking.high_strength, fives)), low
    cards = (*s.hands[seat], *s.community)
    if s.game is Game.FIVE_CARD_DRAW_7A:
        return ranking.high_7a_strength(cards, short_deck_36=len(s.contributions) == 5), 0
    if s.game in (Game.RAZZ, Game.ACE_TO_FIVE_TRIPLE_DRAW):
        return ranking.low_a5_strength(cards), 0
    if s.game in (Game.DEUCE_TO_SEVEN_SINGLE_DRAW, Game.DEUCE_TO_SEVEN_TRIPLE_DRAW):
        return low_27_strength(cards), 0  # RULES.md "Lowball draw and Badugi"
    if s.game is Game.BADUGI:
        return badugi_strength(cards), 0
    low = ranking.low_8_strength(cards) if s.game is Game.SEVEN_CARD_STUD_HI_LO else 0
    return ranking.high_strength(cards), low


@settings(max_examples=300, deadline=None)
@given(scenarios())
def test_common_chip_conservation_and_eligibility(s: Scenario) -> None:
    """Common to every game (chip conservation, side pots) / Five Card Draw "Button" (dead
    blinds): random hands conserve every chip, and no dead chip is ever returned."""
    result = _settle(s)
    total = sum(s.contributions.values())
    assert sum(result.payouts.values()) + result.rake + sum(result.returned.values()) == total
    for seat, chips in result.returned.items():
        assert chips <= s.contributions[seat] - s.dead.get(seat, 0)
    assert sum(p.amount for p in result.pots) == sum(result.payouts.values())
    assert len(result.returned) <= 1 and all(v > 0 for v in result.returned.values())
    assert all(v > 0 for v in result.payouts.values())
    assert result.rake >= 0 and (not s.rake.cap or result.rake <= s.rake.cap)
    paid_seats: set[int] = set()
    for pot in result.pots:
        assert pot.amount >= 0 and pot.eligible and list(pot.eligible) == sorted(pot.eligible)
        assert not set(pot.eligible) & s.folded
        assert pot.winners and set(pot.winners) <= set(pot.eligible)
        assert set(pot.low_winners) <= set(pot.eligible)
        paid_seats |= set(pot.winners) | set(pot.low_winners)
    assert set(result.payouts) <= paid_seats


def _odd_chip_order(s: Scenario, winners: tuple[int, ...], *, low: bool) -> list[int]:
    """Odd-chip order written independently of the implementation (RULES.md odd chips)."""
    if s.game.is_draw:
        return sorted(winners, key=s.seat_order.index)
    if low or s.game is Game.RAZZ:
        return sorted(
            winners,
            key=lambda seat: min(((rank_of(c) + 1) % 13, suit_of(c)) for c in s.hands[seat]),
        )
    return sorted(
        winners, key=lambda seat: max((rank_of(c), suit_of(c)) for c in s.hands[seat]), reverse=True
    )


def _split(amount: int, order: list[int], unit: int, into: dict[int, int]) -> None:
    """Add to ``into`` an even split of ``amount`` with odd units handed out in ``order``."""
    share = amount // (len(order) * unit) * unit
    left = amount - share * len(order)
    for seat in order:
        into[seat] = into.get(seat, 0) + share
    for seat in order:
        if left < unit:
            break
        into[seat] += unit
        left -= unit
    into[order[0]] += left


@settings(max_examples=300, deadline=None)
@given(scenarios())
def test_common_pots_awarded_to_best_hands_with_exact_shares(s: Scenario) -> None:
    """Common to every game (ties, odd chips, Hi-Lo): best hands win each pot, shares exact."""
    result = _settle(s)
    expected: dict[int, int] = {}
    for pot in result.pots:
        if len(pot.eligible) == 1:
            assert pot.winners == pot.eligible and pot.low_winners == ()
            expected[pot.winners[0]] = expected.get(pot.winners[0], 0) + pot.amount
            continue
        values = {seat: _strengths(s, seat) for seat in pot.eligible}
        best = max(v[0] for v in values.values())
        assert pot.winners == tuple(seat for seat in pot.eligible if values[seat][0] == best)
        best_low = max(v[1] for v in values.values())
        low_winners = tuple(
            seat for seat in pot.eligible if best_low and values[seat][1] == best_low
        )
        assert pot.low_winners == low_winners
        low_half = pot.amount // (2 * s.unit) * s.unit if low_winners else 0
        _split(pot.amount - low_half, _odd_chip_order(s, pot.winners, low=False), s.unit, expected)
        if low_winners:
            _split(low_half, _odd_chip_order(s, low_winners, low=True), s.unit, expected)
    assert result.payouts == {seat: chips for seat, chips in expected.items() if chips}


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.integers(1, 10), st.integers(0, 10_000), min_size=1, max_size=10),
    st.data(),
)
def test_common_side_pots_follow_live_contribution_levels(
    contributions: dict[int, int], data: st.DataObject
) -> None:
    """Common to every game (side pots) / Five Card Draw "Button" (dead blinds): every live
    chip in a pot open to the live seats reaching it; dead chips all in the main pot, never
    returned, setting no level."""
    seats = sorted(contributions)
    folded = data.draw(st.sets(st.sampled_from(seats), max_size=len(seats) - 1))
    dead = data.draw(dead_chips(contributions))
    net, returned = return_uncalled(contributions, dead)
    assert sum(net.values()) + sum(returned.values()) == sum(contributions.values())
    assert all(net[seat] >= chips for seat, chips in dead.items())
    live_parts = {seat: net[seat] - dead.get(seat, 0) for seat in seats}
    ordered = sorted(live_parts.values(), reverse=True)
    assert len(ordered) < 2 or ordered[0] == ordered[1] or not any(ordered)
    pots = build_pots(net, folded, dead)
    assert sum(amount for amount, _ in pots) == sum(net.values())
    live = {seat: live_parts[seat] for seat in seats if seat not in folded}
    for (_, eligible), (_, nxt) in itertools.pairwise(pots):
        assert set(nxt) < set(eligible)
    for amount, eligible in pots:
        assert amount > 0 and eligible and set(eligible) <= set(live)
    if pots:
        assert pots[0][0] >= sum(dead.values())
        levels = sorted({c for c in live.values() if c > 0})
        assert len(pots) <= max(1, len(levels))
        if levels:  # the main pot is open to every live seat reaching the lowest live level
            assert set(pots[0][1]) == {seat for seat, c in live.items() if c >= levels[0]}
