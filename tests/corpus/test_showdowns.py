"""Real showdowns of the corpus judged over gRPC, pot by pot (issue 2 "Real input").

For every seed-game hand of ``../shared/corpus`` that reaches a showdown (PHH files of
``phh/``; PokerStars text exports of ``hh-fpdb/*/Stars``, de-duplicated by hand number) the
test rebuilds the pots from the recorded contributions (``showdown_tally``), sends each pot's
contenders to the running server's CompareHands (high winners, and low winners when a low
qualifies), and checks that the players the record paid are exactly the predicted winners, with
the predicted shares up to odd chips (RULES.md "Common to every game": side pots, ties split;
"Seven Card Stud family": hi-lo halves, no qualifying low means the high hand scoops).

Contenders are the live players eligible for the pot whose final cards are known: shown, or
for PokerStars written as mucked in the summary; a player who mucked unseen cards forfeits.
Seven-card stud hands use all seven cards: six plus the community card when one was dealt
(sent once as CompareHands ``community_cards``, shared by every hand). Five Card Draw uses the
five cards after the draw. Hold'em, Omaha and short-deck hands send the hole cards and the
five board cards as CompareHands ``board`` (issue 11). A hand whose contenders'
cards are incomplete is reported and skipped, counted apart.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pytest
from showdown_tally import Pot, Tally, build_pots, expected_shares, tally_phh, tally_stars

from floorman.domain.cards import Card, cards_str
from floorman.domain.history.phh import parse_phh
from floorman.domain.history.pokerstars import StarsHand, parse_file
from floorman.domain.model import Game
from floorman.v1 import poker_pb2, rules_service_pb2, rules_service_pb2_grpc

Stub = rules_service_pb2_grpc.RulesServiceStub
Cards = tuple[Card | None, ...]
SUMMARY_PROPERTY = "corpus_summary"


@dataclass
class Stats:
    """What one source's test checked, per game, and what went wrong."""

    hands: Counter[Game] = field(default_factory=Counter)
    pots_compared: Counter[Game] = field(default_factory=Counter)
    pots_community: Counter[Game] = field(default_factory=Counter)
    pots_single: Counter[Game] = field(default_factory=Counter)
    no_showdown: Counter[Game] = field(default_factory=Counter)
    skipped: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def game_lines(self, source: str, games: set[Game]) -> list[str]:
        """One line of counts per game."""
        return [
            f"{source} {game.value}: {self.hands[game]} showdown hands checked, "
            f"{self.pots_compared[game]} pots by CompareHands, "
            f"{self.pots_community[game]} of them with a community card, "
            f"{self.pots_single[game]} with one contender left; "
            f"{self.no_showdown[game]} hands won without showdown"
            for game in sorted(games, key=lambda g: g.value)
        ]

    def report(self, source: str, games: set[Game]) -> list[str]:
        """Every line of the printed summary."""
        lines = self.game_lines(source, games)
        lines.append(f"{source}: {len(self.skipped)} showdown hands skipped (incomplete cards)")
        lines += [f"  skipped: {reason}" for reason in self.skipped]
        lines += [f"  note: {note}" for note in self.notes]
        return lines


@dataclass(frozen=True)
class PotVerdict:
    """One rebuilt pot and its predicted winners; ``how`` says how they were found."""

    pot: Pot
    high: tuple[int, ...]
    low: tuple[int, ...]
    how: str  # "compare", "community" (CompareHands with community_cards) or "single"


def game_pb(game: Game) -> int:
    """The proto enum value of a game."""
    return poker_pb2.Game.Value(f"GAME_{game.name}")


def compare_hands(
    stub: Stub, game: Game, hands: list[Cards], community: Cards = (), board: Cards = ()
) -> tuple[list[int], list[int]]:
    """CompareHands over gRPC: (indices of the high winners, indices of the low winners);
    ``community`` is the stud community card every hand shares, if one was dealt; ``board``
    the community-card games' board."""
    request = rules_service_pb2.CompareHandsRequest(
        game=game_pb(game),
        hands=[poker_pb2.Hand(cards=cards_str(cards)) for cards in hands],
        community_cards=cards_str(community),
        board=cards_str(board),
    )
    response = stub.CompareHands(request, timeout=30)
    return list(response.winners), list(response.low_winners)


def judge_pots(stub: Stub, tally: Tally, label: str) -> list[PotVerdict] | str:
    """Each rebuilt pot's predicted winners, or the reason the hand cannot be judged."""
    verdicts = []
    pots = build_pots(tally.contributed, tally.live)
    if tally.dead_money and pots:  # a big-blind ante: dead money in the main pot
        pots[0] = Pot(pots[0].amount + tally.dead_money, pots[0].eligible)
    for index, pot in enumerate(pots):
        contenders = [p for p in pot.eligible if p not in tally.forfeited]
        if not contenders:
            return f"{label} pot {index}: every eligible player mucked unseen cards"
        for player in contenders:
            if (reason := tally.incomplete(player)) is not None:
                return f"{label}: {reason}"
        if len(contenders) == 1:
            verdicts.append(PotVerdict(pot, (contenders[0],), (), "single"))
            continue
        how = "community" if tally.community else "board" if tally.board else "compare"
        own = [tally.cards.get(p, ()) for p in contenders]
        high, low = compare_hands(stub, tally.game, own, tally.community, tally.board)
        winners = tuple(contenders[i] for i in high)
        verdicts.append(PotVerdict(pot, winners, tuple(contenders[i] for i in low), how))
    return verdicts


def payment_problems(
    paid: dict[int, int],
    verdicts: list[PotVerdict],
    amounts: list[int],
    who: Callable[[int], str],
) -> list[str]:
    """How what the record ``paid`` differs from the predicted shares of ``amounts``.

    A player's payment may differ from the exact share by less than one chip per pot half
    they take part in (odd chips); a player predicted to win nothing must be paid nothing.
    """
    expected: dict[int, Fraction] = defaultdict(Fraction)
    tolerance: dict[int, int] = defaultdict(int)
    for verdict, amount in zip(verdicts, amounts, strict=True):
        shares, parts = expected_shares(amount, verdict.high, verdict.low)
        for player, share in shares.items():
            expected[player] += share
            tolerance[player] += parts[player]
    problems = []
    for player in sorted(set(paid) | set(expected)):
        got, want = paid.get(player, 0), expected.get(player, Fraction(0))
        wrong_winner = want == 0 and got != 0
        if wrong_winner or abs(got - want) >= max(tolerance[player], 1):
            problems.append(f"{who(player)} was paid {got}, predicted {float(want):g}")
    return problems


def describe(verdicts: list[PotVerdict], who: Callable[[int], str]) -> str:
    """The predicted winners of every pot, for failure messages."""
    return "; ".join(
        f"pot {i} of {v.pot.amount} (eligible {', '.join(map(who, v.pot.eligible))}): "
        f"high {', '.join(map(who, v.high))}"
        + (f", low {', '.join(map(who, v.low))}" if v.low else "")
        for i, v in enumerate(verdicts)
    )


def count(stats: Stats, game: Game, verdicts: list[PotVerdict]) -> None:
    """Count a checked hand and its pots."""
    stats.hands[game] += 1
    for verdict in verdicts:
        if verdict.how == "single":
            stats.pots_single[game] += 1
            continue
        stats.pots_compared[game] += 1
        if verdict.how == "community":
            stats.pots_community[game] += 1


def finish(stats: Stats, source: str, games: set[Game], record_property) -> None:
    """Print and attach the summary; fail on disagreements or a game with nothing checked."""
    print("\n" + "\n".join(stats.report(source, games)))
    record_property(SUMMARY_PROPERTY, " | ".join(stats.game_lines(source, games)))
    assert not stats.failures, "\n".join(stats.failures)
    unchecked = sorted(g.value for g in games if stats.hands[g] == 0)
    assert not unchecked, f"{source}: no showdown checked for {unchecked}"


def test_phh_showdowns_pay_compare_hands_winners_pot_by_pot(
    corpus_dir: Path, rules_stub: Stub, record_property
) -> None:
    """Every PHH showdown of a game floorman plays pays CompareHands' winners their pot shares
    (RULES.md "Common to every game": side pots, splits; "Seven Card Stud family", "Hold'em
    and Omaha": hi-lo halves, the big-blind ante as dead money in the main pot). A game
    counts as checked only with finishing stacks (the one NS hand has none)."""
    stats, games = Stats(), set()
    for path in sorted((corpus_dir / "phh").rglob("*.phh")):
        hand = parse_phh(path.read_text(encoding="utf-8"))
        if hand.game is None:
            continue
        if hand.finishing_stacks is not None:  # NS has one hand, without finishing_stacks
            games.add(hand.game)
        label = f"{path.relative_to(corpus_dir)} (hand {hand.hand})"
        tally = tally_phh(hand)
        stats.failures += [f"{label}: {problem}" for problem in tally.problems]
        if len(tally.live) < 2:
            stats.no_showdown[hand.game] += 1
            continue
        verdicts = judge_pots(rules_stub, tally, label)
        if isinstance(verdicts, str):
            stats.skipped.append(verdicts)
            continue
        if not tally.won:
            stats.skipped.append(f"{label}: no finishing_stacks to compare with")
            continue
        names = hand.players or ()

        def who(p: int, names: tuple[str, ...] = names) -> str:
            return f"p{p} ({names[p - 1]})" if names else f"p{p}"

        paid = {p: net for p, net in tally.won.items() if net}
        amounts = [v.pot.amount for v in verdicts]
        if problems := payment_problems(paid, verdicts, amounts, who):
            stats.failures.append(
                f"{label}: " + "; ".join(problems) + f" -- predicted {describe(verdicts, who)}"
            )
        count(stats, hand.game, verdicts)
    finish(stats, "phh", games, record_property)


def test_pokerstars_showdowns_pay_compare_hands_winners_pot_by_pot(
    corpus_dir: Path, rules_stub: Stub, record_property
) -> None:
    """Every PokerStars seed-game showdown pays CompareHands' winners each pot's share, and
    the pots rebuilt from the bets minus what was collected is the rake (RULES.md "Common to
    every game": side pots, splits, rake; "Seven Card Stud family": hi-lo halves, the
    community card)."""
    stats, games, seen, unsupported = Stats(), set(), set(), 0
    for path in sorted((corpus_dir / "hh-fpdb").glob("*/Stars/*.txt")):
        result = parse_file(path.read_text(encoding="utf-8"))
        name = path.relative_to(corpus_dir)
        unsupported += len(result.unsupported)
        stats.notes += [
            f"{name} line {p.line}: hand {p.hand_id} unreadable: {p.message}"
            for p in result.problems
        ]
        for hand in result.hands:
            games.add(hand.game)
            if hand.hand_id in seen:
                stats.notes.append(f"{name}: hand {hand.hand_id} is a duplicate, checked once")
                continue
            seen.add(hand.hand_id)
            check_stars_hand(rules_stub, stats, hand, f"{name} hand {hand.hand_id}")
    stats.notes.append(f"{unsupported} hands of other games skipped as unsupported")
    finish(stats, "pokerstars", games, record_property)


def check_stars_hand(stub: Stub, stats: Stats, hand: StarsHand, label: str) -> None:
    """Judge one PokerStars hand pot by pot against its ``collected`` lines and its rake."""
    tally = tally_stars(hand)
    if len(tally.live) < 2:
        stats.no_showdown[hand.game] += 1
        return
    verdicts = judge_pots(stub, tally, label)
    if isinstance(verdicts, str):
        stats.skipped.append(verdicts)
        return

    def who(seat: int) -> str:
        return f"seat {seat} ({hand.name_of(seat)})"

    rake = hand.summary.rake if hand.summary else 0
    collected = [sum(tally.collected.get(i, {}).values()) for i in range(len(verdicts))]
    kept = [v.pot.amount - c for v, c in zip(verdicts, collected, strict=True)]
    problems = []
    if extra := sorted(set(tally.collected) - set(range(len(verdicts)))):
        problems.append(f"the record pays side pots {extra} that the bets do not make")
    if sum(kept) != rake or min(kept) < 0:
        problems.append(
            f"pots {[v.pot.amount for v in verdicts]} minus collected {collected} "
            f"is not the rake {rake}"
        )
    for index, verdict in enumerate(verdicts):
        paid = tally.collected.get(index, {})
        problems += [
            f"pot {index}: {p}" for p in payment_problems(paid, [verdict], [collected[index]], who)
        ]
    if problems:
        stats.failures.append(
            f"{label}: " + "; ".join(problems) + f" -- predicted {describe(verdicts, who)}"
        )
    count(stats, hand.game, verdicts)


@pytest.mark.parametrize(
    ("paid", "high", "low", "amount", "ok"),
    [
        ({1: 37, 3: 36}, (1,), (3,), 73, True),  # odd chip to one half
        ({1: 36, 3: 37}, (1,), (3,), 73, True),
        ({1: 73}, (1,), (3,), 73, False),  # the low half went to the high hand
        ({1: 50, 3: 25, 4: 25}, (1,), (3, 4), 100, True),  # quartered
        ({1: 100}, (1,), (), 100, True),  # no qualifying low: the high hand scoops
        ({1: 51, 2: 49}, (1, 2), (), 100, False),  # a tie split unevenly by two chips
        ({2: 100}, (1,), (), 100, False),  # the wrong winner
    ],
)
def test_payment_check_allows_odd_chips_only(paid, high, low, amount, ok) -> None:
    """The payment check accepts odd-chip differences only (RULES.md "Common to every game":
    ties split evenly; "Seven Card Stud family": hi-lo halves)."""
    verdict = PotVerdict(Pot(amount, (1, 2, 3, 4)), high, low, "compare")
    assert (payment_problems(paid, [verdict], [amount], str) == []) is ok
