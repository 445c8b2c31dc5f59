"""A small, independent tally for the corpus showdown test (not the engine's settlement).

From a recorded hand it rebuilds what each player put in, who folded, the cards each live
player ended with, and the pots by contribution level (RULES.md "Common to every game": side
pots from contribution levels, folded chips stay in, only live players are eligible). It then
says what each winner should be paid from a pot given the winners CompareHands names, as exact
fractions, so the test can compare them with what the record paid up to odd chips.

Two sources:
* PHH (:func:`tally_phh`): ``cbr`` is the raise-to total for the street, ``cc`` calls the
  street's current bet, ``pb`` posts the bring-in; the uncalled excess of the top contributor
  goes back; winnings are ``finishing - (starting - contributed)``.
* PokerStars (:func:`tally_stars`): the amounts are explicit (the reader's ``added``), minus
  returned uncalled bets; winnings are the ``collected`` lines, per pot.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from floorman.domain.cards import Card
from floorman.domain.games import game_spec
from floorman.domain.history.phh import PhhHand
from floorman.domain.history.phh_actions import PhhVerb
from floorman.domain.history.pokerstars import StarsEventKind, StarsHand
from floorman.domain.model import Game

SEVEN_CARD_GAMES = frozenset({Game.SEVEN_CARD_STUD, Game.SEVEN_CARD_STUD_HI_LO, Game.RAZZ})


@dataclass(frozen=True)
class Pot:
    """A pot rebuilt from contributions: its amount and the live players eligible for it."""

    amount: int
    eligible: tuple[int, ...]


@dataclass
class Tally:
    """One recorded hand, reduced to what a showdown check needs. Players are ints
    (PHH: player number, PokerStars: seat)."""

    game: Game
    contributed: dict[int, int]
    folded: set[int]
    cards: dict[int, tuple[Card | None, ...]] = field(default_factory=dict)
    forfeited: set[int] = field(default_factory=set)
    community: tuple[Card | None, ...] = ()
    board: tuple[Card | None, ...] = ()  # the community-card games' board
    dead_money: int = 0  # a big-blind ante: dead money in the main pot, never a level
    # PHH: each player's net winnings over the whole hand; PokerStars: per pot index.
    won: dict[int, int] = field(default_factory=dict)
    collected: dict[int, dict[int, int]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def live(self) -> list[int]:
        """Players who did not fold, in player order."""
        return sorted(p for p in self.contributed if p not in self.folded)

    def final_cards(self, player: int) -> tuple[Card | None, ...]:
        """The player's own cards plus the stud community card, if any."""
        return self.cards.get(player, ()) + self.community

    def incomplete(self, player: int) -> str | None:
        """Why the player's final cards cannot be ranked, or ``None`` when they can."""
        cards = self.final_cards(player)
        spec = game_spec(self.game)
        need = 7 if self.game in SEVEN_CARD_GAMES else 5
        if spec.has_board:
            need = spec.hand_cards
            if len(self.board) != spec.board_cards or None in self.board:
                return f"the board {len(self.board)} known cards, {spec.board_cards} needed"
        if len(cards) != need:
            return f"player {player} has {len(cards)} known final cards, {need} needed"
        if any(c is None for c in cards):
            return f"player {player} has unknown (??) final cards"
        return None


def build_pots(contributed: Mapping[int, int], live: Sequence[int]) -> list[Pot]:
    """Main pot first, then side pots, from contribution levels of the live players.

    Chips of folded players are counted level by level (they stay in the pots); anything
    above the highest live level (never the case once uncalled bets are returned) joins the
    last pot.
    """
    levels = sorted({contributed[p] for p in live if contributed[p] > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributed.values())
        eligible = tuple(p for p in live if contributed[p] >= level)
        pots.append(Pot(amount, eligible))
        previous = level
    above = sum(max(0, c - previous) for c in contributed.values())
    if above and pots:
        pots[-1] = Pot(pots[-1].amount + above, pots[-1].eligible)
    return pots


def return_uncalled(contributed: dict[int, int]) -> None:
    """Give the top contributor back what nobody matched (RULES.md: an uncalled bet)."""
    ranked = sorted(contributed.values(), reverse=True)
    if len(ranked) < 2 or ranked[0] == ranked[1]:
        return
    top = max(contributed, key=lambda p: contributed[p])
    contributed[top] = ranked[1]


def expected_shares(
    amount: int, high: Sequence[int], low: Sequence[int]
) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Exact shares of a pot: halves when a low qualifies, each half split evenly.

    Returns:
        (share per winner as a Fraction, number of halves each winner takes part in — the
        odd-chip tolerance in whole minor units).
    """
    halves = (
        [(high, Fraction(amount, 2)), (low, Fraction(amount, 2))]
        if low
        else [(high, Fraction(amount))]
    )
    shares: dict[int, Fraction] = defaultdict(Fraction)
    parts: dict[int, int] = defaultdict(int)
    for winners, half in halves:
        for winner in winners:
            shares[winner] += half / len(winners)
            parts[winner] += 1
    return dict(shares), dict(parts)


def tally_phh(hand: PhhHand) -> Tally:
    """Contributions, folds, shown cards and net winnings of a PHH hand of a seed game.

    Raises:
        ValueError: for a hand whose game floorman does not play, or chips not a number.
    """
    if hand.game is None:
        raise ValueError(f"variant {hand.variant} is not a seed game")
    count = hand.player_count
    players = range(1, count + 1)
    stacks = {p: _whole(hand.starting_stacks[p - 1]) for p in players}
    contributed = dict.fromkeys(players, 0)
    street = dict.fromkeys(players, 0)
    tally = Tally(game=hand.game, contributed=contributed, folded=set())
    dealt: dict[int, tuple[Card | None, ...]] = defaultdict(tuple)

    def put(player: int, chips: int, *, bet: bool = True) -> None:
        chips = max(0, min(chips, stacks[player]))
        stacks[player] -= chips
        contributed[player] += chips
        if bet:
            street[player] += chips

    antes = list(hand.antes)
    blinds = list(hand.blinds_or_straddles or [0] * count)
    if count == 2:  # PHH: antes and blinds are reversed heads-up
        antes.reverse()
        blinds.reverse()
    big_blind = 0
    board_game = game_spec(hand.game).has_button  # the blind games (docs/rules.md: draws too)
    if board_game and count > 2 and antes[1] and not any(antes[:1] + antes[2:]):
        big_blind = 2  # a big-blind ante: dead money in the main pot, never a level
    elif board_game and count == 2 and antes[0] and not antes[1]:
        big_blind = 1  # heads-up (reversed above): p1 is the big blind
    for p in players:
        if p == big_blind:
            chips = min(_whole(antes[p - 1]), stacks[p])
            stacks[p] -= chips
            tally.dead_money = chips
            continue
        put(p, _whole(antes[p - 1]), bet=False)
    for p in players:
        put(p, _whole(blinds[p - 1]))
    betting_since_reset = False
    for action in hand.actions:
        verb = action.verb
        if verb in (PhhVerb.DEAL_HOLE, PhhVerb.DEAL_BOARD, PhhVerb.STAND_PAT_OR_DISCARD):
            if betting_since_reset:
                street = dict.fromkeys(players, 0)
                betting_since_reset = False
            if verb is PhhVerb.DEAL_HOLE:
                dealt[action.player] += action.cards
            elif verb is PhhVerb.DEAL_BOARD and game_spec(hand.game).has_board:
                tally.board += action.cards
            elif verb is PhhVerb.DEAL_BOARD:
                tally.community += action.cards
            continue
        p = action.actor
        if verb is PhhVerb.POST_BRING_IN:
            put(p, _whole(hand.bring_in or 0))
        elif verb is PhhVerb.FOLD:
            tally.folded.add(p)
        elif verb is PhhVerb.CHECK_OR_CALL:
            put(p, max(street.values()) - street[p])
        elif verb is PhhVerb.COMPLETE_BET_OR_RAISE_TO:
            put(p, _whole(action.amount or 0) - street[p])
        elif verb is PhhVerb.SHOW_OR_MUCK:
            if action.mucks:
                tally.forfeited.add(p)
            else:
                tally.cards[p] = dealt[p] if action.shows_dealt else action.cards
                tally.forfeited.discard(p)
            continue
        else:
            continue
        betting_since_reset = True
    return_uncalled(contributed)
    if hand.finishing_stacks is not None:
        for p in players:
            start = _whole(hand.starting_stacks[p - 1])
            paid_in = contributed[p] + (tally.dead_money if p == big_blind else 0)
            net = _whole(hand.finishing_stacks[p - 1]) - (start - paid_in)
            tally.won[p] = net
        if sum(tally.won.values()) != sum(contributed.values()) + tally.dead_money:
            tally.problems.append(
                f"finishing stacks pay {sum(tally.won.values())} but the players put in "
                f"{sum(contributed.values()) + tally.dead_money}"
            )
    return tally


def tally_stars(hand: StarsHand) -> Tally:
    """Contributions, folds, final cards and per-pot collections of a PokerStars hand.

    Final cards: what the player showed, else what the summary says they mucked (a muck
    with no cards written forfeits the pot).
    """
    contributed = {seat.seat: 0 for seat in hand.seats}
    tally = Tally(game=hand.game, contributed=contributed, folded=set())
    shown: dict[int, tuple[Card | None, ...]] = {}
    mucked: set[int] = set()
    for event in hand.events:
        contributed[event.seat] = contributed.get(event.seat, 0) + event.added
        kind = event.kind
        if kind is StarsEventKind.UNCALLED_RETURN:
            contributed[event.seat] -= event.amount
        elif kind is StarsEventKind.FOLD:
            tally.folded.add(event.seat)
        elif kind is StarsEventKind.SHOW:
            shown[event.seat] = event.cards
        elif kind is StarsEventKind.MUCK:
            mucked.add(event.seat)
        elif kind is StarsEventKind.COMMUNITY and game_spec(hand.game).has_board:
            tally.board += event.cards
        elif kind is StarsEventKind.COMMUNITY:
            tally.community += event.cards
        elif kind is StarsEventKind.COLLECT:
            pot = tally.collected.setdefault(event.pot, {})
            pot[event.seat] = pot.get(event.seat, 0) + event.amount
    contributed.pop(0, None)
    if hand.summary is not None:
        if not tally.community and hand.summary.board and hand.game in SEVEN_CARD_GAMES:
            tally.community = hand.summary.board
        if not tally.board and hand.summary.board and game_spec(hand.game).has_board:
            tally.board = hand.summary.board
        for result in hand.summary.seats:
            summary_cards = result.showed or result.mucked
            if len(summary_cards) > len(shown.get(result.seat, ())):
                shown[result.seat] = summary_cards
    for seat, cards in shown.items():
        tally.cards[seat] = cards
    tally.forfeited = {seat for seat in mucked if seat not in shown}
    return tally


def _whole(value: object) -> int:
    """Chips as an exact number: an ``int``, or a Fraction for a PHH decimal (the Pluribus
    exactly split pots, a hand written in dollars and cents)."""
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal) and value.is_finite():
        return Fraction(value)  # type: ignore[return-value]
    raise ValueError(f"{value!r} is not a number of chips")
