"""PokerStars-style text export and the PokerStars -> engine mapping (DESIGN.md "Hand-history
formats": game lines such as "5 Card Draw 7-A"; issue 5: the audit reads this text).

Round trip: ``parse_file(export_pokerstars(record))`` then ``stars_to_hand`` gives the same
configuration (but for what the text cannot carry: player ids, the rake policy, the odd-chip
unit, the heads-up cap option, burns), the same events and, settled with the rake the text
states, the same final stacks.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from export_support import (
    canonical_events,
    config_signature,
    draw_example,
    final_stacks,
    random_record,
    short_completion_example,
    stud_example,
)

from floorman.domain.cards import parse_card
from floorman.domain.engine import replay, settle_hand, start_hand
from floorman.domain.history import export_pokerstars, stars_to_hand
from floorman.domain.history.export_phh import export_phh
from floorman.domain.history.ohh import export_ohh, parse_ohh
from floorman.domain.history.phh import parse_phh
from floorman.domain.history.pokerstars import parse_file
from floorman.domain.history.stars_mapping import map_stars, recorded_rake_policy
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    ForcedBet,
    ForcedBetKind,
    Game,
)
from tests.domain.engine.engine_play import iter_games

HANDS_PER_GAME = 25


def c(*texts: str | None) -> tuple[int | None, ...]:
    return tuple(None if t is None else parse_card(t) for t in texts)


def test_export_pokerstars_stud_lines_carry_exact_amounts() -> None:
    """RULES.md "Seven Card Stud family": antes, the bring-in, the completion written as a
    raise from the bring-in, "raises X to Y" with the increment and the total, the showdown,
    the collected pot and the summary with total pot and rake, in dollars."""
    lines = export_pokerstars(stud_example()).rstrip("\n").splitlines()
    assert lines[0] == (
        "PokerStars Hand #42:  7 Card Stud Limit ($0.20/$0.40 USD) - 2024/05/17 20:15:30 UTC"
    )
    assert lines[1:5] == [
        "Table 'Stud One [t-1]' 3-max",
        "Seat 1: Ann ($10.00 in chips)",
        "Seat 2: Bob ($10.00 in chips)",
        "Seat 3: Cy ($10.00 in chips)",
    ]
    start = lines.index("*** 3rd STREET ***")
    assert lines[start + 1 : start + 10] == [
        "Dealt to Ann [As Ks 2c]",
        "Dealt to Bob [Qd Qh 9s]",
        "Dealt to Cy [7h 8h 3d]",
        "Ann: brings in for $0.10",
        "Bob: raises $0.10 to $0.20",
        "Cy: calls $0.20",
        "Ann: raises $0.20 to $0.40",
        "Bob: calls $0.20",
        "Cy: folds",
    ]
    assert "Dealt to Ann [2c 5d 6h 7s] [Ac]" in lines
    assert lines[lines.index("*** SHOW DOWN ***") :] == [
        "*** SHOW DOWN ***",
        "Bob: shows [Qd Qh 9s Jd 3c 4h Qc]",
        "Ann: mucks hand",
        "Bob collected $3.95 from pot",
        "*** SUMMARY ***",
        "Total pot $3.95 | Rake $0.00",
        "Seat 1: Ann mucked",
        "Seat 2: Bob showed [Qd Qh 9s Jd 3c 4h Qc] and won ($3.95)",
        "Seat 3: Cy folded on the 3rd Street",
    ]


def test_export_pokerstars_draw_7a_reads_back_with_its_rake() -> None:
    """RULES.md "Five Card Draw, 7-A" and "Rake": the "5 Card Draw 7-A" game line, blinds,
    discards and the new cards, "Total pot 440 | Rake 44"; settled with the stated rake the
    hand pays seat 2 its 396."""
    text = export_pokerstars(draw_example())
    assert text.startswith("PokerStars Hand #7:  5 Card Draw 7-A Limit (20/40)\n")
    assert "Dee: discards 1 card [7d]\nDealt to Dee [Ac Kc Qc Jc] [8c]\n" in text
    [hand] = parse_file(text).hands
    assert (hand.game, hand.summary.total_pot, hand.summary.rake) == (
        Game.FIVE_CARD_DRAW_7A,
        440,
        44,
    )
    config, events = stars_to_hand(hand)
    raked = dataclasses.replace(config, rake=recorded_rake_policy(hand.summary.rake))
    result = settle_hand(replay(raked, events))
    assert (result.rake, result.payouts) == (44, {2: 396})
    assert result.final_stacks == {2: 1236, 4: 840, 6: 880}


@pytest.mark.parametrize(("game", "structure"), list(iter_games()))
def test_export_pokerstars_game_line_names_game_and_structure(
    game: Game, structure: BettingStructure
) -> None:
    """DESIGN.md "Hand-history formats": every game and structure gets a PokerStars game line
    the reader recognizes (no hand is skipped as another game)."""
    record = random_record(random.Random(f"line-{game.value}"), game, structure, variety=False)
    parsed = parse_file(export_pokerstars(record))
    assert (parsed.problems, parsed.unsupported) == ((), ())
    [hand] = parsed.hands
    assert (hand.game, hand.structure) == (game, structure)


@pytest.mark.parametrize(("game", "structure"), list(iter_games()))
def test_export_pokerstars_round_trip_every_game_and_structure(
    game: Game, structure: BettingStructure
) -> None:
    """Issue 5 round trip: read back and mapped, the export gives an equivalent configuration,
    the same events (deals grouped per seat and street, as the text writes them) and, with
    the stated rake, the same final stacks."""
    rng = random.Random(f"stars-{game.value}-{structure.value}")
    for number in range(1, HANDS_PER_GAME + 1):
        record = random_record(
            rng, game, structure, number=number, burns=False, odd_chip_units=False, uncapped=False
        )
        [hand] = parse_file(export_pokerstars(record)).hands
        mapping = map_stars(hand)
        assert mapping.refused_at is None, mapping.violation
        assert config_signature(mapping.config, ids=False, rake=False) == config_signature(
            record.config, ids=False, rake=False
        )
        merged = canonical_events(mapping.events, merge=True)
        assert merged == canonical_events(record.events, merge=True), number
        raked = dataclasses.replace(mapping.config, rake=recorded_rake_policy(hand.summary.rake))
        assert final_stacks(raked, mapping.events) == final_stacks(record.config, record.events)


@pytest.mark.parametrize(
    ("mixed", "game", "structure", "line"),
    [
        ("HORSE", Game.RAZZ, BettingStructure.FIXED_LIMIT, "HORSE (Razz Limit, "),
        ("8-Game", Game.TEXAS_HOLDEM, BettingStructure.FIXED_LIMIT, "8-Game (Hold'em Limit, "),
        ("8-Game", Game.TEXAS_HOLDEM, BettingStructure.NO_LIMIT, "8-Game (Hold'em No Limit, "),
        ("8-Game", Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, BettingStructure.FIXED_LIMIT,
         "8-Game (Triple Draw 2-7 Lowball Limit, "),
        ("Mixed Draw", Game.BADUGI, BettingStructure.FIXED_LIMIT, "Mixed Draw (Badugi Limit, "),
        ("Mixed Draw", Game.DEUCE_TO_SEVEN_SINGLE_DRAW, BettingStructure.NO_LIMIT,
         "Mixed Draw (Single Draw 2-7 Lowball No Limit, "),
    ],
)  # fmt: skip
def test_export_pokerstars_mixed_header_names_the_rotation_and_the_game(
    mixed: str, game: Game, structure: BettingStructure, line: str
) -> None:
    """RULES.md "Mixed games" (each hand exported as the game it was dealt): a hand of a mixed
    table writes the PokerStars mixed header ``HORSE (Razz Limit, $0.10/$0.20 USD)``; read
    back, the hand is the game it was, with the rotation's name, and maps to the same events;
    PHH (``_mixed``) and OHH (the extension's ``mixed``) name the rotation too."""
    rng = random.Random(f"mixed-{game.value}")
    record = random_record(rng, game, structure, variety=False, burns=False)
    record = dataclasses.replace(record, mixed=mixed)
    text = export_pokerstars(record)
    assert text.splitlines()[0].startswith(f"PokerStars Hand #{record.hand_number}:  {line}")
    [hand] = parse_file(text).hands
    assert (hand.mixed, hand.game, hand.structure) == (mixed, game, structure)
    mapping = map_stars(hand)
    assert mapping.refused_at is None, mapping.violation
    merged = canonical_events(mapping.events, merge=True)
    assert merged == canonical_events(record.events, merge=True)
    # PHH and OHH carry the rotation's name too: ``_mixed``, the extension's ``mixed``
    phh = parse_phh(export_phh(record))
    assert (phh.game, dict(phh.metadata)["_mixed"]) == (game, mixed)
    [ohh] = parse_ohh(export_ohh(record))
    assert (ohh.game, ohh.extension.mixed) == (game, mixed)  # type: ignore[union-attr]


ROOM_HAND = """\
PokerStars Game #1001:  5 Card Draw Limit ($0.10/$0.20 USD) - 2011/07/04 21:56:59 ET
Table 'Pulova' 6-max Seat #1 is the button
Seat 1: Ann ($2.00 in chips)
Seat 2: Bob ($2.00 in chips)
Seat 3: Cy ($2.00 in chips)
Seat 4: Dee ($2.00 in chips) is sitting out
Seat 5: Eve ($2.00 in chips)
Bob: posts small blind $0.05
Cy: posts big blind $0.10
Eve: posts small & big blinds $0.15
*** DEALING HANDS ***
Dealt to Eve [Ah Ad Kc Qs 2h]
Eve: checks
Ann: calls $0.10
Bob: calls $0.05
Cy: checks
Bob: discards 3 cards
Cy: stands pat
Eve: discards 3 cards [Kc Qs 2h]
Dealt to Eve [Ah Ad] [As 7c 7d]
Ann: discards 2 cards
Bob: checks
Cy: bets $0.20
Eve: raises $0.20 to $0.40
Ann: folds
Bob: folds
Cy: calls $0.20
*** SHOW DOWN ***
Cy: mucks hand
Eve: shows [Ah Ad As 7c 7d] (a full house, Aces full of Sevens)
Eve collected $1.20 from pot
*** SUMMARY ***
Total pot $1.25 | Rake $0.05
Seat 1: Ann (button) folded after the Draw
Seat 2: Bob (small blind) folded after the Draw
Seat 3: Cy (big blind) mucked [Ks Kh Kd 4c 5c]
Seat 5: Eve showed [Ah Ad As 7c 7d] and won ($1.20) with a full house, Aces full of Sevens
"""


def test_stars_to_hand_maps_a_room_hand_with_unknown_cards_and_a_dead_blind() -> None:
    """RULES.md "Five Card Draw, 7-A" (missed blinds: the big blind live, the small blind
    dead; the draw; showdown order: the last aggressor shows first): a seat sitting out is
    not dealt in, unseen cards are ``None``, ``posts small & big blinds`` is a live big blind
    plus a dead blind, and the showdown follows the engine's order, not the room's."""
    [hand] = parse_file(ROOM_HAND).hands
    config, events = stars_to_hand(hand)
    assert [s.seat for s in config.seats] == [1, 2, 3, 5]
    assert config.forced_bets == (
        ForcedBet(seat=2, kind=ForcedBetKind.SMALL_BLIND, amount=5),
        ForcedBet(seat=3, kind=ForcedBetKind.BIG_BLIND, amount=10),
        ForcedBet(seat=5, kind=ForcedBetKind.BIG_BLIND, amount=10),
        ForcedBet(seat=5, kind=ForcedBetKind.DEAD_BLIND, amount=5),
    )
    a = ActionType
    unknown5 = (None,) * 5
    assert canonical_events(events) == [
        Deal(seat=2, cards=unknown5), Deal(seat=3, cards=unknown5),
        Deal(seat=5, cards=c("Ah", "Ad", "Kc", "Qs", "2h")), Deal(seat=1, cards=unknown5),
        Action(seat=5, type=a.CHECK), Action(seat=1, type=a.CALL), Action(seat=2, type=a.CALL),
        Action(seat=3, type=a.CHECK),
        Action(seat=2, type=a.DRAW, cards=(None,) * 3), Deal(seat=2, cards=(None,) * 3),
        Action(seat=3, type=a.DRAW),
        Action(seat=5, type=a.DRAW, cards=c("Kc", "Qs", "2h")),
        Deal(seat=5, cards=c("As", "7c", "7d")),
        Action(seat=1, type=a.DRAW, cards=(None,) * 2), Deal(seat=1, cards=(None,) * 2),
        Action(seat=2, type=a.CHECK), Action(seat=3, type=a.BET, amount=20),
        Action(seat=5, type=a.RAISE, amount=40), Action(seat=1, type=a.FOLD),
        Action(seat=2, type=a.FOLD), Action(seat=3, type=a.CALL),
        Action(seat=5, type=a.SHOW, cards=c("Ah", "Ad", "As", "7c", "7d")),
        Action(seat=3, type=a.MUCK),
    ]  # fmt: skip
    raked = dataclasses.replace(config, rake=recorded_rake_policy(hand.summary.rake))
    result = settle_hand(replay(raked, events))
    assert result.rake == 5
    assert result.final_stacks == {1: 190, 2: 190, 3: 150, 5: 265}


def test_map_stars_keeps_line_numbers_and_names_a_refused_action() -> None:
    """Issue 5 findings point at lines: each event keeps its line; an action out of turn is
    still mapped and the refusal (``turn.out_of_turn``) names the event."""
    text = ROOM_HAND.replace("Eve: checks\nAnn: calls $0.10", "Ann: calls $0.10\nEve: checks")
    mapping = map_stars(parse_file(text).hands[0])
    assert mapping.refused_at == 4
    assert mapping.violation is not None and mapping.violation.rule == "turn.out_of_turn"
    assert mapping.sources[4] == 13
    assert mapping.sources[:4] == (-1, -1, 12, -1)


def test_recorded_rake_policy_takes_exactly_the_stated_rake() -> None:
    """RULES.md "Rake": a room's rake formula is unknown; 100 % capped at the stated amount
    reproduces it (none when the text states none)."""
    policy = recorded_rake_policy(44)
    assert (policy.percent_bps, policy.cap, policy.increment) == (10_000, 44, 0)
    assert recorded_rake_policy(0).percent_bps == 0


SHORT_COMPLETION = """\
PokerStars Hand #5:  Razz Limit (20/40) - 2026/12/03 15:02:56 UTC
Table 'razz' 3-max
Seat 1: Ann (200 in chips)
Seat 2: Bob (15 in chips)
Seat 3: Cy (200 in chips)
Ann: posts the ante 5
Bob: posts the ante 5
Cy: posts the ante 5
*** 3rd STREET ***
Dealt to Ann [8s 8h 3d]
Dealt to Bob [2c Ac Ks]
Dealt to Cy [4s 5s 6h]
Bob: bets 10 and is all-in
Cy: raises 20 to 30
Ann: calls 30
*** 4th STREET ***
Dealt to Ann [3d] [Qs]
Dealt to Bob [Ks] [Tc]
Dealt to Cy [6h] [7h]
Cy: bets 20
Ann: folds
Uncalled bet (20) returned to Cy
*** 5th STREET ***
Dealt to Bob [Ks Tc] [Qd]
Dealt to Cy [6h 7h] [8d]
*** 6th STREET ***
Dealt to Bob [Ks Tc Qd] [9h]
Dealt to Cy [6h 7h 8d] [2d]
*** RIVER ***
Dealt to Bob [Ks Tc Qd 9h] [3c]
Dealt to Cy [6h 7h 8d 2d] [Kd]
*** SHOW DOWN ***
Cy: shows [4s 5s 6h 7h 8d 2d Kd]
Bob: shows [2c Ac Ks Tc Qd 9h 3c]
Cy collected 45 from main pot
Cy collected 40 from side pot-1
*** SUMMARY ***
Total pot 85 Main pot 45. Side pot-1 40. | Rake 0
Seat 1: Ann folded on the 4th Street
Seat 2: Bob showed [2c Ac Ks Tc Qd 9h 3c] and lost
Seat 3: Cy showed [4s 5s 6h 7h 8d 2d Kd] and won (85)
"""


@pytest.mark.parametrize(
    ("bob", "completion", "raise_line", "to"),
    [
        # RULES.md "Betting structures": all in for 10, half the 20 bet, counts as a full
        # bet: Cy may raise one bet above it, to 30.
        (15, "bets 10 and is all-in", "raises 20 to 30", 30),
        # All in for 8, less than half a bet: Cy may only complete to the full 20.
        (13, "bets 8 and is all-in", "raises 12 to 20", 20),
    ],
)
def test_stars_to_hand_reads_a_short_all_in_completion_by_the_bring_in_seat(
    bob: int, completion: str, raise_line: str, to: int
) -> None:
    """RULES.md "Seven Card Stud family" (the bring-in seat posts the bring-in or completes
    to the small bet, a short stack all it has) and "Betting structures" (short all-ins in
    fixed limit): at Razz 20/40 the bring-in seat (Bob, Ks door card) completes all in,
    written ``bets X and is all-in`` with no ``brings in for`` line (the text states the
    bring-in only there). It reads as a COMPLETE, not as a bring-in all in for the default
    bring-in of 10 (which would leave Cy only the completion to 20, refusing the 30)."""
    text = SHORT_COMPLETION.replace("Bob (15 in", f"Bob ({bob} in")
    text = text.replace("bets 10 and is all-in", completion)
    text = text.replace("raises 20 to 30", raise_line).replace("calls 30", f"calls {to}")
    [hand] = parse_file(text).hands
    mapping = map_stars(hand)
    assert mapping.refused_at is None, mapping.violation
    stakes = start_hand(mapping.config).stakes
    posted = bob - 5
    assert 0 < stakes.bring_in < posted
    a = ActionType
    actions = [e for e in canonical_events(mapping.events) if isinstance(e, Action)]
    assert actions[:3] == [
        Action(seat=2, type=a.COMPLETE, amount=posted),
        Action(seat=3, type=a.RAISE if to == 30 else a.COMPLETE, amount=to),
        Action(seat=1, type=a.CALL),
    ]
    side = 2 * (to - posted)
    result = settle_hand(replay(mapping.config, list(mapping.events)))
    assert result.final_stacks == {1: 195 - to, 2: 0, 3: 195 - to + 15 + 3 * posted + side}


def test_stars_to_hand_keeps_a_written_bring_in_all_in_a_bring_in() -> None:
    """RULES.md "Seven Card Stud family": ``brings in for 10 and is all-in`` is the bring-in
    all in (the default bring-in, nothing lowered): Cy may complete to 20, not raise to 30."""
    text = SHORT_COMPLETION.replace("bets 10 and is all-in", "brings in for 10 and is all-in")
    [hand] = parse_file(text).hands
    mapping = map_stars(hand)
    assert start_hand(mapping.config).stakes.bring_in == 10
    assert mapping.refused_at == 7
    assert mapping.violation is not None and mapping.violation.rule == "bet.amount"
    text = text.replace("raises 20 to 30", "raises 10 to 20").replace("calls 30", "calls 20")
    mapping = map_stars(parse_file(text).hands[0])
    assert mapping.refused_at is None, mapping.violation
    assert Action(seat=2, type=ActionType.BRING_IN) in canonical_events(mapping.events)


def test_export_pokerstars_round_trip_of_a_short_all_in_completion() -> None:
    """RULES.md "Seven Card Stud family" and "Betting structures": at a Razz table with a
    bring-in of 5, the bring-in seat completes all in for 10 (half a bet: a full bet), the
    next seat raises to 30. The export writes ``bets 10 and is all-in`` and no bring-in
    (as PokerStars writes a bring-in seat's completion); read back, the same events and the
    same final stacks (the bring-in, which nobody posts, is below 10, not the default 10)."""
    record = short_completion_example()
    text = export_pokerstars(record)
    assert "Bob: bets 10 and is all-in\nCy: raises 20 to 30\nAnn: calls 30\n" in text
    assert " brings in for " not in text
    [hand] = parse_file(text).hands
    mapping = map_stars(hand)
    assert mapping.refused_at is None, mapping.violation
    assert 0 < start_hand(mapping.config).stakes.bring_in < 10
    merged = canonical_events(mapping.events, merge=True)
    assert merged == canonical_events(record.events, merge=True)
    assert final_stacks(mapping.config, mapping.events) == final_stacks(
        record.config, record.events
    )
    assert final_stacks(record.config, record.events) == {1: 165, 2: 0, 3: 250}
